"""The Ray backend on a local two-CPU cluster: the same numbers as local processes, resume, lost workers.

Skipped when Ray is not installed (``pip install '.[cluster]'``; CI installs it)."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass

import pytest

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.sim.backends import Played, open_backend
from belot_rules.sim.simulate import simulate, simulate_many

ray = pytest.importorskip("ray")

TIMING = {"seconds", "deals_per_second", "workers", "backend"}


def numbers(data: dict) -> dict:
    return {key: value for key, value in data.items() if key not in TIMING}


@pytest.fixture(scope="module")
def cluster():
    """A Ray cluster of two CPUs in this process; the backends join it instead of starting their own."""
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR)
    yield
    ray.shutdown()


def test_ray_gives_the_numbers_of_local_workers(cluster):
    ruleset = load_variant("bulgarian")
    local = simulate(ruleset, "deals", 600, seed=11).to_dict()
    with open_backend("local", 2) as backend:
        assert numbers(simulate(ruleset, "deals", 600, seed=11, backend=backend).to_dict()) == numbers(local)
    for workers in (1, 2):
        with open_backend("ray", workers) as backend:
            on_ray = simulate(ruleset, "deals", 600, seed=11, backend=backend).to_dict()
        assert numbers(on_ray) == numbers(local)
        assert (on_ray["backend"], on_ray["workers"]) == ("ray", workers)


def test_compare_and_matches_on_ray_match_local(cluster, capsys):
    base = ["compare", "bulgarian", "french", "--simulate", "300", "--seed", "2", "--json"]
    assert main([*base, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)["simulation"]
    assert main([*base, "--backend", "ray"]) == 0
    on_ray = json.loads(capsys.readouterr().out)["simulation"]
    assert [numbers(r) for r in on_ray["results"]] == [numbers(r) for r in local["results"]]
    assert on_ray["backend"] == "ray" and on_ray["differences"] == local["differences"]
    coinche = load_variant("coinche")
    with open_backend("ray", 2) as backend:
        assert simulate(coinche, "matches", 15, seed=1, backend=backend).tally == \
            simulate(coinche, "matches", 15, seed=1).tally


def test_a_run_stopped_on_ray_resumes_on_ray(cluster, tmp_path):
    rulesets = [load_variant("bulgarian"), load_variant("french")]
    whole = simulate_many(rulesets, "deals", 1000, seed=3)
    out = tmp_path / "run.jsonl"

    def stop(done: int, total: int) -> None:
        if done >= 750:
            raise KeyboardInterrupt

    with open_backend("ray", 2) as backend:
        with pytest.raises(KeyboardInterrupt):
            simulate_many(rulesets, "deals", 1000, seed=3, progress=stop, backend=backend, out=out)
        kept = [line for line in out.read_text().splitlines() if '"chunk"' in line]
        assert 3 <= len(kept) < 8
        resumed = simulate_many(rulesets, "deals", 1000, seed=3, backend=backend, out=out, resume=True)
    assert [r.tally for r in resumed] == [r.tally for r in whole]


def test_a_lost_ray_worker_is_replaced_and_its_chunk_played_again(cluster, tmp_path):
    @dataclass(frozen=True)
    class Piece:
        index: int
        size = 1

        @property
        def key(self) -> tuple[int]:
            return (self.index,)

    class KillsItsWorker:  # defined here: Ray ships it by value
        def play(self, chunk: Piece) -> int:
            marker = tmp_path / "killed"
            if chunk.index == 2 and not marker.exists():
                marker.touch()
                os._exit(9)
            return chunk.index * 10

    got = {}

    def finished(chunk: Piece, played: Played) -> None:
        got[chunk.index] = played.result

    with open_backend("ray", 2) as backend:
        backend.run(KillsItsWorker(), [Piece(i) for i in range(8)], finished)
    assert got == {i: i * 10 for i in range(8)} and (tmp_path / "killed").exists()


def test_a_tournament_on_ray_matches_local(cluster):
    from belot_rules.sim.tournament import tournament

    ruleset = load_variant("bulgarian")
    local = tournament(ruleset, ["heuristic", "random", "easy"], 30, seed=2).to_dict()
    with open_backend("ray", 2) as backend:
        on_ray = tournament(ruleset, ["heuristic", "random", "easy"], 30, seed=2, backend=backend).to_dict()
    assert numbers(on_ray) == numbers(local) and on_ray["backend"] == "ray"


def test_a_duel_on_ray_matches_local_and_resumes(cluster, tmp_path):
    from belot_rules.sim.duel import duel

    timing = TIMING | {"decisions_per_second"}
    ruleset = load_variant("coinche")
    local = duel(ruleset, ("heuristic", "random"), 30, full=True, matches=2, seed=4)
    out = tmp_path / "duel.jsonl"

    def stop(done: int, total: int) -> None:
        if done >= 20:
            raise KeyboardInterrupt

    with open_backend("ray", 2) as backend:
        with pytest.raises(KeyboardInterrupt):
            duel(ruleset, ("heuristic", "random"), 30, full=True, matches=2, seed=4, backend=backend, out=out,
                 progress=stop)
        on_ray = duel(ruleset, ("heuristic", "random"), 30, full=True, matches=2, seed=4, backend=backend, out=out,
                      resume=True)
    assert {k: v for k, v in on_ray.to_dict().items() if k not in timing} == \
        {k: v for k, v in local.to_dict().items() if k not in timing}


def test_a_chunk_failing_on_ray_is_reported_with_its_own_error(cluster):
    from belot_rules.sim.backends import ChunkFailed

    class Broken:
        def play(self, chunk: object) -> int:
            raise ValueError("no such card")

    @dataclass(frozen=True)
    class Piece:
        size = 1
        key = (0,)

    with open_backend("ray", 1) as backend, pytest.raises(ChunkFailed) as failed:
        backend.run(Broken(), [Piece()], lambda chunk, played: None)
    assert str(failed.value) == "chunk [0] failed 4 times, the run stops; last error: ValueError: no such card"
