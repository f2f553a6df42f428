"""One chunk plan for simulate, duel, compare and tournament: units seeded by their number, so a run's numbers
depend on its seed alone, never on its workers or on how it was cut into chunks; chunk sizes follow the measured
time; a results file names each chunk's units, so --resume fills the gaps whatever sizes the first run used.

Source: issue "Fast where users run it", What to build 2 (chunk size chosen from the measured chunk time, recorded
per chunk, so --resume works whatever size the first run used) and issue "One home for each rule", step 5 (one
chunk plan and one compiled-rules cache).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.sim.backends import Backend
from belot_rules.sim.duel import duel
from belot_rules.sim.plan import FIRST_UNITS, GROWTH, Chunk, ChunkPlan
from belot_rules.sim.simulate import DEALS, MATCHES, Plan, play_chunk, simulate
from belot_rules.sim.stats import Tally

TIMING = {"seconds", "deals_per_second", "workers"}


def cut_and_merged(plan: Plan, count: int, cuts: list[int]) -> Tally:
    """The units 0 .. count - 1 played in chunks cut at ``cuts``, their tallies merged."""
    bounds = [0, *sorted({c for c in cuts if 0 < c < count}), count]
    tally = Tally()
    for start, stop in zip(bounds, bounds[1:]):
        tally.merge(play_chunk(plan, Chunk(0, start, stop - start)))
    return tally


@pytest.mark.parametrize("variant, seats, mode, count", [
    ("bulgarian", ("random",) * 4, DEALS, 40),
    ("bulgarian", ("heuristic", "random", "easy", "heuristic"), DEALS, 24),
    ("belote-a-trois", ("heuristic",) * 3, DEALS, 24),
    ("coinche", ("random",) * 4, MATCHES, 3),
])
@settings(max_examples=6, deadline=None)
@given(cuts=st.lists(st.integers(0, 40), max_size=6))
def test_any_cut_of_the_units_into_chunks_gives_the_same_tally(variant: str, seats: tuple[str, ...], mode: str,
                                                               count: int, cuts: list[int]) -> None:
    """Each deal (or match) takes its deck and its players' seeds from its own number: before, a chunk's deals
    shared one generator, so a chunk's size decided what its deals were."""
    ruleset = load_variant(variant)
    plan = Plan(((ruleset.variant, ruleset.content_hash),), mode, seats, 11)
    assert cut_and_merged(plan, count, cuts) == play_chunk(plan, Chunk(0, 0, count))


def test_a_run_gives_the_same_numbers_in_chunks_of_one_and_of_many_on_any_workers(monkeypatch) -> None:
    ruleset = load_variant("french")
    whole = simulate(ruleset, DEALS, 120, seed=5)
    monkeypatch.setattr(Backend, "chunk_seconds", 1e-9)  # every chunk one deal
    single = simulate(ruleset, DEALS, 120, seed=5, workers=2)
    assert single.tally == whole.tally
    assert duel(ruleset, ["heuristic", "random"], 12, seed=2).tally.card_points == \
        duel(ruleset, ["heuristic", "random"], 12, seed=2, backend=Backend(2)).tally.card_points


def test_chunks_grow_to_the_backends_pace_and_shrink_at_the_end() -> None:
    plan = ChunkPlan([10_000, 50], workers=2, chunk_seconds=0.5)
    chunks = iter(plan)
    first = next(chunks)
    assert first == Chunk(0, 0, FIRST_UNITS)  # nothing timed yet
    plan.time(first, 0.001 * FIRST_UNITS)  # a millisecond a unit: 500 units make half a second
    assert next(chunks).size == GROWTH * FIRST_UNITS  # it grows by at most GROWTH at a time
    plan.time(Chunk(0, 0, 64), 0.064)
    assert next(chunks).size == 500
    rest = list(chunks)
    assert sum(chunk.size for chunk in rest) == 10_050 - FIRST_UNITS - 64 - 500
    sizes = [chunk.size for chunk in rest if chunk.stream == 0]
    # The last chunks are cut smaller, for the workers to end together, down to an eighth of a full chunk.
    assert max(sizes) == 500 and sizes[-2] == 500 // 8 and sizes[-1] <= 500 // 8
    assert sizes == sorted(sizes[:-1], reverse=True) + sizes[-1:]


def test_a_plan_plays_only_the_units_no_chunk_on_file_holds() -> None:
    plan = ChunkPlan([100, 30])
    for chunk in (Chunk(0, 10, 20), Chunk(0, 90, 10), Chunk(1, 0, 30)):
        plan.on_file(chunk)
    assert not list(plan.overlaps())
    units = [(chunk.stream, unit) for chunk in plan for unit in range(chunk.start, chunk.stop)]
    assert units == [(0, u) for u in (*range(10), *range(30, 90))]
    plan.on_file(Chunk(0, 25, 10))
    assert list(plan.overlaps()) == [((0, 10, 20), (0, 25, 10))]


@pytest.mark.parametrize("key, said", [
    ([0, 95, 10], "chunk [0, 95, 10] is not one of this run's chunks (units from start to start + size, "
                  "stream 0: 0 to 100)"),
    ([1, 0, 1], "is not one of this run's chunks"),
    ([0, 0, 0], "is not one of this run's chunks"),
    ([0, -1, 1], "is not one of this run's chunks"),
    ([0, 1], "chunk [0, 1] is not a chunk's name (stream, start and size: three whole numbers)"),
    ("0", "chunk \"0\" is not a chunk's name"),
])
def test_a_chunk_named_outside_the_plan_is_said_so(key: object, said: str) -> None:
    found = ChunkPlan([100]).find(key)
    assert isinstance(found, str) and said in found


def test_a_results_file_whose_chunks_share_deals_is_refused_at_the_later_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    command = ["simulate", "--variant", "french", "--deals", "200", "--workers", "1", "--json", "--seed", "4",
               "--out", str(tmp_path / "run.jsonl")]
    assert main(command) == 0
    capsys.readouterr()
    lines = (tmp_path / "run.jsonl").read_text().splitlines()
    first = json.loads(lines[1])
    stream, start, size = first["chunk"]
    other = json.loads(lines[2])
    other["chunk"] = [stream, start + 1, other["chunk"][2]]
    (tmp_path / "run.jsonl").write_text("\n".join([lines[0], lines[1], json.dumps(other)]) + "\n")
    assert main([*command, "--resume"]) == 1
    assert f"run.jsonl:3: chunk {other['chunk']} shares units with chunk {first['chunk']} on line 2" in \
        capsys.readouterr().err


def test_a_file_of_fixed_chunks_seeded_per_chunk_is_refused_with_what_to_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Files written before deals were seeded by their number cannot be mixed with this version's chunks."""
    out = tmp_path / "run.jsonl"
    command = ["simulate", "--variant", "french", "--deals", "100", "--workers", "1", "--json", "--out", str(out)]
    assert main(command) == 0
    capsys.readouterr()
    lines = out.read_text().splitlines()
    first = json.loads(lines[0])
    first["run"]["chunk"] = 250
    out.write_text(json.dumps(first) + "\n")
    assert main([*command, "--resume"]) == 1
    assert "whose chunks were of one size and drew their seeds per chunk" in capsys.readouterr().err


def test_a_batch_of_chunks_that_follow_each_other_comes_back_as_one_chunk() -> None:
    """Issue "Fast where users run it", What to build 2: results merged in batches on the workers. A Ray actor
    handed several short chunks returns the tally of each run of them that follows in a stream, as one chunk."""
    from belot_rules.sim.backends import _play, _unpack

    first, second = load_variant("bulgarian"), load_variant("french")
    plan = Plan(((first.variant, first.content_hash), (second.variant, second.content_hash)), DEALS,
                ("random",) * 4, 3)
    batch = [Chunk(0, 0, 3), Chunk(0, 3, 2), Chunk(1, 0, 2), Chunk(0, 9, 1)]
    back = _unpack(_play(plan, batch, "here:1", 0.0), batch)
    assert [chunk for chunk, _ in back] == [Chunk(0, 0, 5), Chunk(1, 0, 2), Chunk(0, 9, 1)]
    assert [played.result for _, played in back] == [play_chunk(plan, chunk) for chunk, _ in back]
