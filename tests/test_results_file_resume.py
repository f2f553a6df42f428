"""--resume reads a results file as a hostile file: each chunk's line must belong to the run, name one of its
chunks, and hold a tally that chunk can give; a bad line is refused at file:line, and the file is left as it was.

Source: the issue "Nothing lost, nothing leaked", item 9 (a count of 10**30 raised in the Wilson interval, a
chunk with played above its deals or with negative deals was counted, a chunk of a run with another seed was
counted) and item 7 (a 300-character --out name raised ENAMETOOLONG).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from belot_rules import __version__
from belot_rules.cli import main

SIMULATE = ["simulate", "--variant", "french", "--deals", "500", "--workers", "1", "--json", "--seed", "4"]
MATCHES = ["simulate", "--variant", "french", "--matches", "20", "--workers", "1", "--json", "--seed", "4"]
DUEL = ["duel", "heuristic", "random", "--variant", "french", "--deals", "20", "--full", "--matches", "2",
        "--workers", "1", "--json"]
TOURNAMENT = ["tournament", "--bots", "random,heuristic", "--variant", "french", "--deals", "40", "--workers", "1",
              "--json"]


def run_to_file(command: list[str], out: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """Play ``command`` into ``out``; its lines, parsed."""
    assert main([*command, "--out", str(out)]) == 0
    capsys.readouterr()
    return [json.loads(line) for line in out.read_text().splitlines()]


def write(out: Path, entries: list[dict[str, Any]], tail: str = "") -> None:
    out.write_text("".join(json.dumps(entry) + "\n" for entry in entries) + tail)


def refused(command: list[str], out: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Resume ``command`` from ``out``: it must fail with a message, not a traceback, and leave the file alone."""
    before = out.read_bytes()
    assert main([*command, "--out", str(out), "--resume"]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.out == ""
    assert out.read_bytes() == before
    return captured.err


BAD_TALLIES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "played above deals": (lambda r: r["counts"].update(played=1_000_000), "played 1000000 is more than the "),
    "negative deals": (lambda r: r.update(deals=-5), '"deals" is -5, not a count'),
    "a count of 10**30": (lambda r: r["counts"].update(belote=10**30),
                          "belote 1000000000000000000000000000000 is more than the"),
    "sums of 10**30": (lambda r: r["sums"].update({"raw_points.team0": [r["counts"]["played"], 10**30, 10**60]}),
                       "raw_points.team0 has sums ["),
    "a float count": (lambda r: r["counts"].update(capot=1.0), '"capot" is 1.0, not a count'),
    "a true count": (lambda r: r["counts"].update(capot=True), '"capot" is true, not a count'),
    "an unknown count": (lambda r: r["counts"].update({"contract.spades_x": 0}), 'it counts "contract.spades_x"'),
    "a match count in a run of deals": (lambda r: r["counts"].update({"match_length.5": 0}),
                                        'it counts "match_length.5", which no chunk of french deals counts'),
    "an unknown key": (lambda r: r.update(extra=1), "a tally has deals, matches, counts and sums, and nothing else"),
    "more deals": (lambda r: r.update(deals=10**6), "deals 1000000 and matches 0 are not what a chunk of "),
    "outcomes not adding up": (lambda r: r["counts"].update({"outcome.made": r["counts"]["outcome.made"] + 1}),
                               "outcome.* counts add up to"),
    "a square sum below the sum's square": (
        lambda r: r["sums"]["raw_points.team0"].__setitem__(2, 0), "raw_points.team0 has sums ["),
}


@pytest.mark.parametrize("case", sorted(BAD_TALLIES))
def test_a_chunk_whose_tally_the_chunk_cannot_give_is_refused_at_its_line(tmp_path: Path, case: str,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Before: every case was counted (played_deals 1001624 of 2,500 deals), or raised in the Wilson interval."""
    out = tmp_path / "run.jsonl"
    entries = run_to_file(SIMULATE, out, capsys)
    change, said = BAD_TALLIES[case]
    change(entries[2]["result"])
    write(out, entries[:3], tail=json.dumps(entries[3])[:30])  # and a cut last line, which stays as it was
    err = refused(SIMULATE, out, capsys)
    assert f"run.jsonl:3: chunk {entries[2]['chunk']} cannot be what the run played: {said}" in err
    assert "remove them (--resume plays their chunks again), or start again with another --out file" in err


def test_the_same_file_without_the_bad_line_resumes_to_the_numbers_of_a_whole_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What the refusal advises works: the bad line removed, --resume plays that chunk again."""
    out = tmp_path / "run.jsonl"
    entries = run_to_file(SIMULATE, out, capsys)
    whole = entries[-1]["results"][0]
    write(out, [entries[0], entries[2]])
    assert main([*SIMULATE, "--out", str(out), "--resume"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert (resumed["deals"], resumed["played_deals"], resumed["outcomes"]) == \
        (whole["deals"], whole["played_deals"], whole["outcomes"])


def test_a_chunk_of_a_run_with_another_seed_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: a chunk line of the --seed 5 run was counted in the --seed 4 run."""
    out, other = tmp_path / "run.jsonl", tmp_path / "seed5.jsonl"
    entries = run_to_file(SIMULATE, out, capsys)
    foreign = run_to_file([*SIMULATE[:-1], "5"], other, capsys)[1]
    write(out, [entries[0], foreign])
    err = refused(SIMULATE, out, capsys)
    assert "run.jsonl:2: a chunk of another run" in err and "another seed, variant, rules or program version" in err


def test_chunks_outside_the_plan_or_repeated_with_other_numbers_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    entries = run_to_file(SIMULATE, out, capsys)
    outside = {**entries[1], "chunk": [0, 490, 20]}
    again = json.loads(json.dumps(entries[1]))
    again["result"]["counts"]["capot"] = again["result"]["counts"].get("capot", 0) + 1
    write(out, [entries[0], entries[1], outside, again, entries[1]])  # the same line twice still counts once
    err = refused(SIMULATE, out, capsys)
    assert "run.jsonl:3: chunk [0, 490, 20] is not one of this run's chunks (units from start to start + size, " \
           "stream 0: 0 to 500)" in err
    assert f"run.jsonl:4: chunk {entries[1]['chunk']} again, with other numbers than on line 2" in err
    assert "run.jsonl:5" not in err


@pytest.mark.parametrize("field, value, said", [
    ("session", -1, "session -1 is not a session's number"),
    ("elapsed", float("inf"), "elapsed inf is not a time in seconds"),
    ("seconds", 10**30, "seconds 1000000000000000000000000000000 is not a time in seconds"),
    ("seconds", "1", 'seconds "1" is not a time in seconds'),
    ("chunk", [0, True, 1], "chunk [0, true, 1] is not a chunk's name (stream, start and size: three whole numbers)"),
    ("chunk", [0, 0], "chunk [0, 0] is not a chunk's name"),
    ("worker", 3, "worker 3 is not a worker's name"),
])
def test_a_chunk_line_with_a_field_out_of_range_is_refused(tmp_path: Path, field: str, value: Any, said: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    entries = run_to_file(SIMULATE, out, capsys)
    entries[1][field] = value
    write(out, entries[:2])
    assert f"run.jsonl:2: {said}" in refused(SIMULATE, out, capsys)


def test_a_matches_chunk_whose_lengths_do_not_make_its_deals_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    entries = run_to_file(MATCHES, out, capsys)
    counts = entries[1]["result"]["counts"]
    length = next(name for name in counts if name.startswith("match_length."))
    counts[length] -= 1
    counts["match_length.999"] = 1
    write(out, entries[:2])
    assert f"run.jsonl:2: chunk {entries[1]['chunk']} cannot be what the run played: the match lengths add up to" \
        in refused(MATCHES, out, capsys)


@pytest.mark.parametrize("command, change, said", [
    (DUEL, lambda r: r.update(outcomes=[10**30, 0, 0]), "outcomes [1000000000000000000000000000000, 0, 0]"),
    (DUEL, lambda r: r.update(taken=[-1, 3]), "taken is a list of 2 counts (0 or more), got [-1, 3]"),
    (DUEL, lambda r: r.update(seconds=[1.0, "x"]), "seconds is a list of 2 times (0 or more)"),
    (DUEL, lambda r: r.update(made=[r["taken"][0] + 1, r["made"][1]]), "made ["),
    (TOURNAMENT, lambda r: r["card_points"].__setitem__(0, r["card_points"][0] + 1), "card_points has "),
    (TOURNAMENT, lambda r: r.update(matches=2), "matches 2 and match_wins [0, 0] are not the 0 matches"),
])
def test_duel_and_tournament_read_their_files_with_the_same_checks(
        tmp_path: Path, command: list[str], change: Callable[[dict[str, Any]], None], said: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    entries = run_to_file(command, out, capsys)
    line = next(i for i, entry in enumerate(entries) if entry.get("chunk", [1])[0] == 0)
    change(entries[line]["result"])
    write(out, entries[:line + 1])
    assert f"run.jsonl:{line + 1}: chunk {entries[line]['chunk']} cannot be what the run played: {said}" \
        in refused(command, out, capsys)


def test_a_file_written_before_lines_were_marked_with_their_run_is_refused_with_what_to_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its lines cannot say which run they come from, so a chunk of another seed could not be told apart."""
    out = tmp_path / "run.jsonl"
    entries = run_to_file(SIMULATE, out, capsys)
    del entries[0]["run"]["version"]
    for entry in entries[1:3]:
        del entry["run"]
    write(out, entries[:3])
    assert "was written before results files marked each line with its run, so its lines cannot be checked: " \
           "start the run again with another --out file" in refused(SIMULATE, out, capsys)


def test_a_file_of_another_program_version_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    entries = run_to_file(SIMULATE, out, capsys)
    entries[0]["run"]["version"] = "0.0.1"
    write(out, entries[:2])
    assert f'was written by belot-rules "0.0.1", and this is {__version__}' in refused(SIMULATE, out, capsys)


def test_compare_reads_its_results_file_with_the_same_checks(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    command = ["compare", "french", "bulgarian", "--simulate", "300", "--workers", "1", "--json"]
    out = tmp_path / "run.jsonl"
    entries = run_to_file(command, out, capsys)
    line = next(i for i, entry in enumerate(entries) if entry.get("chunk", [0])[0] == 1)
    entries[line]["result"]["counts"]["played"] = -1
    write(out, entries[:line + 1])
    assert f'run.jsonl:{line + 1}: chunk {entries[line]["chunk"]} cannot be what the run played: "played" is -1, ' \
           f'not a count' \
        in refused(command, out, capsys)


@pytest.mark.parametrize("command", [SIMULATE, DUEL, TOURNAMENT], ids=["simulate", "duel", "tournament"])
def test_a_file_name_too_long_for_the_file_system_is_said_so(tmp_path: Path, command: list[str],
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Before: ENAMETOOLONG raised from Path.exists when the run opened its results file."""
    out = tmp_path / ("o" * 300 + ".jsonl")
    assert main([*command, "--out", str(out)]) == 1
    assert capsys.readouterr().err.strip() == f"{out}: cannot be written: File name too long"
    assert main([*command, "--out", str(out), "--resume"]) == 1
    assert capsys.readouterr().err.strip() == f"{out}: cannot be read: File name too long"
