"""Backends and long runs: any worker plays any chunk, a failing chunk is retried then reported, a
stopped run resumes from its results file without counting a chunk twice, signals end the workers."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.errors import UserError
from belot_rules.sim.backends import RETRIES, ChunkFailed, Played, open_backend
from belot_rules.sim.plan import ChunkPlan
from belot_rules.sim.simulate import DEALS, MAX_COUNT, simulate

TIMING = {"seconds", "deals_per_second", "workers", "backend"}  # what the run's machinery decides, not its seed


def numbers(data: dict) -> dict:
    """A simulate JSON object without the fields that say how and how fast it ran."""
    return {key: value for key, value in data.items() if key not in TIMING}


@dataclass(frozen=True)
class Piece:
    index: int

    @property
    def key(self) -> tuple[int]:
        return (self.index,)

    size = 1


def run_all(backend, work, count: int) -> dict[int, object]:
    got: dict[int, object] = {}

    def finished(chunk: Piece, played: Played) -> None:
        assert chunk.index not in got
        got[chunk.index] = played.result

    with backend:
        backend.run(work, (Piece(i) for i in range(count)), finished)
    return got


# ----------------------------------------------------------------------------- the interface


def test_any_worker_plays_any_chunk_to_the_same_result():
    """Work defined anywhere (here, a local class) reaches forked workers; results arrive once each."""

    class Square:
        def play(self, chunk: Piece) -> int:
            return chunk.index ** 2

    expected = {i: i * i for i in range(20)}
    assert run_all(open_backend("local", 1), Square(), 20) == expected
    assert run_all(open_backend("local", 2), Square(), 20) == expected


def test_a_failing_chunk_is_retried_then_the_run_stops_with_a_clear_error(tmp_path):
    class FailsOnce:
        def play(self, chunk: Piece) -> int:
            marker = tmp_path / f"failed-{chunk.index}"
            if chunk.index == 3 and not marker.exists():
                marker.touch()
                raise RuntimeError("flaky")
            return chunk.index

    class AlwaysFails:
        def play(self, chunk: Piece) -> int:
            (tmp_path / f"try-{chunk.index}-{time.perf_counter_ns()}").touch()
            if chunk.index == 2:
                raise RuntimeError("chunk two is broken\nsecond line")
            return chunk.index

    for workers in (1, 2):
        assert run_all(open_backend("local", workers), FailsOnce(), 6) == {i: i for i in range(6)}
        for marker in tmp_path.iterdir():
            marker.unlink()
        with pytest.raises(ChunkFailed, match=r"chunk \[2\] failed 4 times.*RuntimeError: chunk two is broken$"):
            run_all(open_backend("local", workers), AlwaysFails(), 6)
        assert len(list(tmp_path.glob("try-2-*"))) == RETRIES + 1
        for marker in tmp_path.iterdir():
            marker.unlink()


def test_a_chunk_failing_four_times_says_what_is_kept_and_how_to_go_on(tmp_path, monkeypatch):
    """A chunk that failed four times stopped the run without a word of the results file or of --resume
    (issue "Fast where users run it"): the message ends with what is kept and the command that goes on."""
    from belot_rules.sim.runs import ResultsFile, play_run

    class FailsAtFive:
        def play(self, chunk: Piece) -> int:
            if chunk.start == 5:
                raise RuntimeError("chunk five is broken")
            return chunk.start

    def pieces() -> ChunkPlan:
        plan = ChunkPlan([8])
        plan.size = lambda stream: 1  # type: ignore[method-assign]
        return plan

    with pytest.raises(ChunkFailed) as failed:
        play_run(open_backend("local", 1), FailsAtFive(), pieces(), lambda chunk, played: None)
    assert str(failed.value).splitlines()[1] == ("Nothing is kept: with --out FILE.jsonl each chunk is kept as it "
                                                 "finishes, for --resume to go on.")
    out = tmp_path / "run.jsonl"
    argv = ["simulate", "--variant", "bulgarian", "--out", str(out)]
    monkeypatch.setattr("sys.argv", ["belot", *argv])
    plan = pieces()
    results = ResultsFile(out, {"kind": "test"}, False, lambda result: result, lambda result, chunk: result, plan,
                          lambda chunk, played: None)
    with pytest.raises(ChunkFailed) as failed:
        play_run(open_backend("local", 1), FailsAtFive(), plan, lambda chunk, played: None, results=results)
    results.close()
    assert len(out.read_text().splitlines()) == 1 + 7  # the run's line, then every chunk but the broken one
    assert str(failed.value).splitlines() == [
        "chunk [0, 5, 1] failed 4 times, the run stops; last error: RuntimeError: chunk five is broken",
        f"{out} keeps the 7 chunks finished; go on with: belot simulate --variant bulgarian --out {out} --resume"]


def test_a_lost_worker_process_is_replaced_and_its_chunks_played_again(tmp_path):
    class KillsItsWorker:
        def play(self, chunk: Piece) -> int:
            marker = tmp_path / "killed"
            if chunk.index == 5 and not marker.exists():
                marker.touch()
                os._exit(9)  # as if the OOM killer took the worker
            return -chunk.index

    assert run_all(open_backend("local", 2), KillsItsWorker(), 12) == {i: -i for i in range(12)}


def test_backend_choice_errors():
    with pytest.raises(UserError, match="no backend called 'dask'"):
        open_backend("dask")
    with pytest.raises(UserError, match="--address is for --backend ray"):
        open_backend("local", 2, "10.0.0.1:6379")
    with pytest.raises(UserError, match="at least 1"):
        open_backend("local", 0)
    with pytest.raises(UserError, match=r"--workers 1000 is more than this machine's \d+ cores"):
        open_backend("local", 1000)  # a thousand processes would only wait their turn, each in memory


def test_the_workers_reported_are_those_that_played(capsys):
    """README: ``workers`` is how many workers played the run; one chunk is played by one."""
    assert main(["simulate", "--variant", "bulgarian", "--deals", "1", "--workers", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["workers"] == 1


def test_ray_missing_is_a_one_line_error(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    assert main(["simulate", "--variant", "bulgarian", "--deals", "10", "--backend", "ray"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == ("--backend ray needs Ray: pip install 'belot-rules[cluster]' ('.[cluster]' in a checkout, "
                           "or pip install ray)")


# ----------------------------------------------------------------------------- bounded, streamed


def test_chunks_are_made_as_they_are_asked_for():
    """A billion deals do not build four million chunks before the first is played."""
    chunks = iter(ChunkPlan([MAX_COUNT[DEALS]] * 2))
    first = next(chunks)
    assert first.key == (0, 0, 8)
    assert next(chunks).start == 8


def _limited_memory() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_AS, (1536 * 2**20, 1536 * 2**20))


def test_an_absurd_count_is_refused_at_once():
    """issue 11 item 4: --deals 1000000000000 used to build every chunk first (3.3 GB before playing)."""
    done = subprocess.run([sys.executable, "-m", "belot_rules", "simulate", "--variant", "bulgarian",
                           "--deals", "1000000000000", "--workers", "2"], capture_output=True, text=True,
                          timeout=120, preexec_fn=_limited_memory)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "at most 1,000,000,000 deals" in done.stderr
    with pytest.raises(UserError, match="at most 100,000,000 matches"):
        simulate(load_variant("bulgarian"), "matches", MAX_COUNT["matches"] + 1)


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads worker processes from /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_end_the_workers_like_ctrl_c(signum):
    """issue 11 item 12: SIGTERM or SIGHUP to simulate --workers 2 left its workers orphaned, idle for minutes.

    The largest run allowed, in 1.5 GB of address space: chunks are made as they are played."""
    started = subprocess.Popen([sys.executable, "-m", "belot_rules", "simulate", "--variant", "bulgarian",
                                "--deals", str(MAX_COUNT[DEALS]), "--workers", "2"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, preexec_fn=_limited_memory)
    deadline = time.monotonic() + 60
    while len(_children(started.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.0)  # the workers are playing
    workers = _children(started.pid)
    assert len(workers) >= 2
    started.send_signal(signum)
    _, err = started.communicate(timeout=60)
    assert started.returncode == 128 + signum and "Traceback" not in err
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(w) for w in workers)


# ----------------------------------------------------------------------------- results files and resume


def test_a_stopped_run_resumes_from_its_results_file_counting_each_chunk_once(tmp_path):
    ruleset = load_variant("bulgarian")
    whole = simulate(ruleset, "deals", 1500, seed=4)
    out = tmp_path / "run.jsonl"

    def stop_after_500(done: int, total: int) -> None:
        if done >= 500:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(ruleset, "deals", 1500, seed=4, progress=stop_after_500, out=out)
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["run"]["count"] == 1500 and len(lines) >= 3
    kept = sum(json.loads(line)["chunk"][2] for line in lines[1:])
    with open(out, "a") as file:  # a chunk written twice, and a line cut by a kill
        file.write(lines[1] + "\n" + lines[2][:40])
    seen = []
    resumed = simulate(ruleset, "deals", 1500, seed=4, workers=2, out=out, resume=True,
                       progress=lambda done, total: seen.append(done))
    assert resumed.tally == whole.tally
    assert seen[0] == kept >= 500 and seen[-1] == 1500
    entries = [json.loads(line) for line in out.read_text().splitlines()]
    chunks = sorted({tuple(e["chunk"]) for e in entries if "chunk" in e})  # (stream, start, size)
    assert [start for _, start, _ in chunks] == [0, *(start + size for _, start, size in chunks[:-1])]
    assert chunks[-1][1] + chunks[-1][2] == 1500  # every deal once, in chunks that follow each other
    assert numbers(entries[-1]["results"][0]) == numbers(whole.to_dict())
    again = simulate(ruleset, "deals", 1500, seed=4, out=out, resume=True)  # nothing left to play
    assert again.tally == whole.tally


def test_results_file_errors(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    base = ["simulate", "--variant", "bulgarian", "--deals", "300", "--workers", "1", "--json"]
    assert main([*base, "--resume"]) == 1
    assert "--resume continues the run in an --out file" in capsys.readouterr().err
    assert main([*base, "--out", str(out), "--resume"]) == 1
    assert "no such results file to resume" in capsys.readouterr().err
    assert main([*base, "--out", str(out)]) == 0
    capsys.readouterr()
    assert main([*base, "--out", str(out)]) == 1
    assert "already exists: --resume continues the run it holds" in capsys.readouterr().err
    assert main([*base, "--out", str(out), "--resume", "--seed", "9"]) == 1
    assert "holds a different run (seed 0 on file, 9 now)" in capsys.readouterr().err
    out.write_text('{"run": {}}\n[1, 2]\n')
    assert main([*base, "--out", str(out), "--resume"]) == 1
    assert "run.jsonl holds a different run" in capsys.readouterr().err
    out.write_text("not json\n")
    assert main([*base, "--out", str(out), "--resume"]) == 1
    assert "run.jsonl:1: not a results file line" in capsys.readouterr().err


def test_a_killed_run_resumes_to_the_same_json(tmp_path):
    """kill -9 in the middle of a run on two workers; --resume finishes it with the numbers of an unbroken run."""
    out = tmp_path / "run.jsonl"
    command = [sys.executable, "-m", "belot_rules", "simulate", "--variant", "bulgarian", "--deals", "3000",
               "--seed", "7", "--workers", "2", "--json", "--out", str(out)]
    started = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while (not out.exists() or out.read_text().count("\n") < 4) and time.monotonic() < deadline:
        time.sleep(0.05)
    started.kill()
    started.wait()
    finished = [line for line in out.read_text().splitlines() if '"chunk"' in line]
    assert 3 <= len(finished) < 12
    resumed = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    whole = simulate(load_variant("bulgarian"), "deals", 3000, seed=7)
    assert numbers(json.loads(resumed.stdout)) == numbers(whole.to_dict())


def test_an_address_nothing_answers_at_is_refused_at_once(capsys):
    """Ray itself would retry for minutes, printing warnings."""
    pytest.importorskip("ray")
    assert main(["simulate", "--variant", "bulgarian", "--deals", "10", "--backend", "ray",
                 "--address", "127.0.0.1:1"]) == 1
    assert "cannot reach the Ray cluster at 127.0.0.1:1 (Connection refused)" in capsys.readouterr().err


def test_compare_streams_one_run_to_a_results_file(tmp_path, capsys):
    out = str(tmp_path / "run.jsonl")
    assert main(["compare", "bulgarian", "french", "--simulate", "10", "--matches", "2", "--out", out]) == 1
    assert "--out holds one run" in capsys.readouterr().err
    assert main(["compare", "bulgarian", "french", "--simulate", "10", "--workers", "1", "--json", "--out", out]) == 0
    assert json.loads(capsys.readouterr().out)["simulation"]["results"][1]["deals"] == 10


def test_a_stopped_run_leaves_only_python_s_exit_race_unsaid(monkeypatch):
    """Python 3.11's process-pool exit hook can write to a pipe its thread just closed after SIGTERM or SIGHUP,
    printing a traceback ("Bad file descriptor") the user cannot act on; other unraisable errors still show."""
    import errno as errnos
    import types

    from belot_rules.cli import _quiet_pool_exit

    shown = []
    monkeypatch.setattr(sys, "__unraisablehook__", shown.append)
    _quiet_pool_exit(types.SimpleNamespace(exc_value=OSError(errnos.EBADF, "Bad file descriptor")))
    assert shown == []
    other = types.SimpleNamespace(exc_value=ValueError("a real problem"))
    _quiet_pool_exit(other)
    assert shown == [other]
