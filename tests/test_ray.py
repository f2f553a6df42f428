"""The Ray backend on a local two-CPU cluster: the same numbers as local processes, resume, lost workers.

Skipped when Ray is not installed (``pip install '.[cluster]'``; CI installs it)."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.sim.backends import Played, open_backend
from belot_rules.sim.simulate import simulate, simulate_many

ray = pytest.importorskip("ray")

TIMING = {"seconds", "deals_per_second", "workers", "backend"}
ROOT = Path(__file__).resolve().parent.parent


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
        kept = [json.loads(line)["chunk"] for line in out.read_text().splitlines() if '"chunk"' in line]
        assert 750 <= sum(size for _, _, size in kept) < 2000  # stopped part way, chunks of any size
        resumed = simulate_many(rulesets, "deals", 1000, seed=3, backend=backend, out=out, resume=True)
    assert [r.tally for r in resumed] == [r.tally for r in whole]


def test_a_lost_ray_worker_is_replaced_and_its_chunk_played_again(cluster, tmp_path, capsys):
    """Also: `belot ... --json | jq` broke when a worker was lost, Ray printing its "worker died" line on stdout
    before the JSON (issue "Fast where users run it"). Ray's messages go to stderr."""

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
    out = err = ""
    for _ in range(100):  # Ray tells the driver a moment later, from another thread
        captured = capsys.readouterr()
        out, err = out + captured.out, err + captured.err
        if "died" in err or "died" in out:
            break
        time.sleep(0.1)
    assert out == "" and "worker died" in err


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


def test_a_lost_cluster_stops_the_run_at_once_with_the_resume_command(cluster, tmp_path, monkeypatch, capsys):
    """A cluster gone whole left the run silent for 60 s, then a raw Ray line, without a word of the results
    file or --resume (issue "Fast where users run it"). Its head not answering two checks stops the run."""
    from belot_rules.sim.ray_backend import RayBackend

    monkeypatch.setattr(RayBackend, "head_answers", lambda self: False)
    out = tmp_path / "run.jsonl"
    argv = ["simulate", "--variant", "bulgarian", "--deals", "100000", "--backend", "ray", "--json", "--out", str(out)]
    monkeypatch.setattr("sys.argv", ["/usr/local/bin/belot", *argv])
    assert main(argv) == 1
    captured = capsys.readouterr()
    kept = len(out.read_text().splitlines()) - 1
    gone, file_line = captured.err.strip().splitlines()
    assert gone.startswith("the Ray cluster at ") and gone.endswith(" is gone: its head did not answer 2 checks in "
                                                                    "a row; the run stops")
    assert file_line == f"{out} keeps the {kept} chunks finished; go on with: belot {' '.join(argv)} --resume"
    assert captured.out == "" and kept < 400


def test_a_node_running_another_program_stops_the_run_naming_it(cluster, monkeypatch):
    """The rules hash covers the YAML alone: a node with other code would count other numbers unnoticed
    (issue "Fast where users run it"). Each node checks its version and source hash before it plays."""
    from belot_rules.errors import UserError
    from belot_rules.sim import ray_backend as backends

    monkeypatch.setattr(backends, "program_identity", lambda: "0.0.1 (source 0123456789abcdef)")
    with open_backend("ray", 1) as backend, pytest.raises(UserError) as refused:
        simulate(load_variant("bulgarian"), "deals", 300, seed=1, backend=backend)
    node = ray.util.get_node_ip_address()
    assert str(refused.value).startswith(f"the Ray node {node} runs belot-rules {backends.__version__} (source ")
    assert str(refused.value).endswith(", and this machine 0.0.1 (source 0123456789abcdef): its chunks may come out "
                                       "differently, so the run stops; install the same belot-rules on every node "
                                       "of the cluster")


def test_short_chunks_go_to_the_actors_in_batches_and_a_failing_one_is_still_named(cluster):
    """The driver kept up with about 400 chunks a second, a Ray task each (issue "Fast where users run it": at
    least 5,000). Long-lived actors take batches of short chunks; a batch that fails is played again chunk by
    chunk, so the chunk that fails four times is the one named."""
    from belot_rules.sim.backends import ChunkFailed

    @dataclass(frozen=True)
    class Piece:
        index: int
        size = 1

        @property
        def key(self) -> tuple[int]:
            return (self.index,)

    class Squares:
        def play(self, chunk: Piece) -> int:
            if chunk.index == 437:
                raise ValueError("no such card")
            return chunk.index ** 2

    got: dict[int, int] = {}
    workers: list[set[str]] = [set(), set()]

    def finished(chunk: Piece, played: Played) -> None:
        got[chunk.index] = played.result
        workers[chunk.index // 200].add(played.worker)

    with open_backend("ray", 2) as backend:
        backend.run(Squares(), [Piece(i) for i in range(200)], finished)
    with open_backend("ray", 2) as backend:
        backend.run(Squares(), [Piece(i) for i in range(200, 400)], finished)
        assert got == {i: i * i for i in range(400)}
        assert workers[1] <= workers[0]  # the second run's actors are the first's, warm
        with pytest.raises(ChunkFailed) as failed:
            backend.run(Squares(), [Piece(i) for i in range(400, 800)], lambda chunk, played: None)
    assert str(failed.value) == "chunk [437] failed 4 times, the run stops; last error: ValueError: no such card"


def test_a_command_plays_on_the_actors_an_earlier_one_left_warm(cluster):
    """Each command was a new Ray job starting a Python and importing the program on every CPU: 2,000 deals took
    2.3-2.6x the local time on a two-node cluster (issue "Fast where users run it"). The actors are named and
    outlive the command: a command in another process plays on those this one left."""
    with open_backend("ray", 2) as backend:
        here = {load.worker for load in simulate(load_variant("bulgarian"), "deals", 600, seed=1,
                                                 backend=backend).loads}
    address = ray.get_runtime_context().gcs_address
    command = [sys.executable, "-m", "belot_rules", "simulate", "--variant", "bulgarian", "--deals", "600",
               "--backend", "ray", "--address", address, "--json", "--verbose"]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT, env={**os.environ,
                          "PYTHONPATH": str(ROOT)})
    there = set(re.findall(r"^worker (\S+): \d+ chunks", done.stderr, re.MULTILINE))
    assert there and there <= here and json.loads(done.stdout)["backend"] == "ray"


def test_a_command_line_leaves_a_joined_cluster_at_once_with_its_status_and_output(cluster):
    """ray.shutdown() spent 0.27 s and Ray's exit hook 0.5 s more in every command on a cluster, about what 2,000
    deals take (issue "Fast where users run it"): the command line's process ends once its output is written,
    with the command's status; a backend opened in a process that goes on still leaves the cluster as before."""
    address = ray.get_runtime_context().gcs_address
    script = ("import sys, ray\n"
              "from belot_rules.sim.backends import open_backend\n"
              "from belot_rules.sim.ray_backend import leave_cluster\n"
              f"with open_backend('ray', 1, {address!r}) as backend:\n"
              "    pass\n"
              "print('still joined' if ray.is_initialized() else 'left')\n"
              f"with open_backend('ray', 1, {address!r}, ends_process=True) as backend:\n"
              "    pass\n"
              "print('still joined' if ray.is_initialized() else 'left')\n"
              "leave_cluster(3)\n"
              "print('not reached')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert (done.returncode, done.stdout.split()) == (3, ["left", "still", "joined"])


def test_an_actor_left_idle_ends_and_gives_its_cpu_back(monkeypatch):
    """Actors outliving their command hold a CPU each: one without a batch for IDLE_SECONDS ends, and one asked
    to end by a run of another program waiting for its CPU ends only if it is not playing."""
    from belot_rules.sim import ray_backend

    ended: list[object] = []
    monkeypatch.setattr(ray_backend._RayWorker, "_end", lambda self=None: ended.append(self))
    worker = ray_backend._RayWorker(0.2)  # the class itself, outside Ray: the timer and the flags
    worker.busy = True
    worker.retire_if_idle()
    time.sleep(0.5)
    assert ended == []  # playing, however long
    worker.busy = False
    deadline = time.monotonic() + 10
    while not ended and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(ended) == 1
    worker.retire_if_idle()
    assert len(ended) == 2


def test_an_actor_of_a_lost_node_is_ended_and_replaced_under_another_name():
    """Killing the second node of a two-node cluster stopped the run (benchmarks/two_nodes.py faults, issue "Fast
    where users run it"): its actor, unreachable but not yet declared dead, kept its name, the replacement found by
    that name was the same actor, and a chunk failed there 4 times. A lost actor is ended, its number not reused."""
    from belot_rules.sim import ray_backend

    program = ray_backend.program_identity()
    names = [f"{ray_backend._names(program)}{n}" for n in (0, 1)]
    killed: list[str] = []

    class Actor:
        def __init__(self, number: int) -> None:
            self.number = number
            self.play = self  # actor.play.remote(...)

        def remote(self, *args: object) -> tuple[str, int]:
            return "batch", self.number

    class Ray:  # a cluster whose actor 0 is on a node just lost
        exceptions = ray.exceptions

        class util:
            @staticmethod
            def list_named_actors(all_namespaces: bool) -> list[dict[str, str]]:
                return [{"namespace": ray_backend.NAMESPACE, "name": name} for name in names]

        def put(self, work: object) -> object:
            return work

        def get(self, handle: tuple[str, int]) -> object:
            raise ray.exceptions.ActorUnavailableError("the node is unreachable", None)

        def kill(self, actor: Actor, no_restart: bool) -> None:
            killed.append(actor.number)

    class Backend:
        def __init__(self) -> None:
            self.ray = Ray()

        def new_actor(self, program: str, number: int) -> Actor:
            return Actor(number)

    pool = ray_backend._RayPool(Backend(), object(), 2, follow=False)
    assert sorted(pool.numbers.values()) == [0, 1]  # the actors an earlier command left
    lost = pool.submit([object()])
    with pytest.raises(ray.exceptions.ActorUnavailableError):
        pool.result(lost, [object()])
    assert killed == [lost[1]]
    pool._staff()
    assert sorted(pool.numbers[actor] for actor in pool.actors) == sorted({0, 1, 2} - {lost[1]})


# Runs last: it replaces the module's cluster with one of several raylets.
def test_a_head_without_cpus_plays_on_its_nodes_and_uses_nodes_that_join():
    """The usual autoscaling layout, a head of no CPUs, was refused, and nodes joining during a run were never
    used (issue "Fast where users run it"). Chunks run on nodes with CPUs, re-read while the run lasts."""
    from ray.cluster_utils import Cluster

    ray.shutdown()
    nodes = Cluster(initialize_head=True, head_node_args={"num_cpus": 0, "include_dashboard": False})
    try:
        ray.init(address=nodes.address, log_to_driver=False, logging_level=logging.ERROR)
        head = ray.get_runtime_context().get_node_id()
        first = nodes.add_node(num_cpus=1)

        class Sleeps:
            def play(self, chunk: object) -> tuple[str, float, float]:
                started = time.monotonic()
                time.sleep(0.3)
                return ray.get_runtime_context().get_node_id(), started, time.monotonic()

        @dataclass(frozen=True)
        class Piece:
            index: int
            size = 1

            @property
            def key(self) -> tuple[int]:
                return (self.index,)

        got: list[tuple[str, float, float]] = []

        def finished(chunk: Piece, played: Played) -> None:
            got.append(played.result)
            if len(got) == 1:
                nodes.add_node(num_cpus=2)  # joins during the run

        with open_backend("ray") as backend:
            backend.run(Sleeps(), [Piece(i) for i in range(30)], finished)
        assert len(got) == 30 and head not in {node for node, _, _ in got}
        busiest = max(sum(start <= moment < end for _, start, end in got) for _, moment, _ in got)
        assert busiest == 3 and backend.workers == 3 and first.node_id in {node for node, _, _ in got}
    finally:
        ray.shutdown()
        nodes.shutdown()
