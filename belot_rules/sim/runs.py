"""A long run: its chunks played on a backend, streamed to a results file, resumable after a stop.

A results file holds JSON lines: first ``{"run": {...}}``, the settings that decide every
chunk's result (a resumed run must ask for the same); then one line per finished chunk,
``{"chunk": KEY, "result": ..., "worker": "host:pid", "seconds": S, "session": N, "elapsed":
T}``, written and flushed as the chunk finishes (``seconds`` playing it, ``elapsed`` since
its session started); a finished run adds ``{"results": ...}``, what the command reports.
A run stopped in any way (Ctrl-C, a kill, a lost worker or node) leaves every finished
chunk on file, and at most a cut last line, which a resume drops: it plays only the chunks
not on file and counts each chunk once.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..errors import UserError
from .backends import Backend, Loads, Played, Work

Progress = Callable[[int, int], None]  # (units done, units in all)
RESUMED = "earlier run"  # the worker named for chunks read back from a results file


class ResultsFile:
    """A run's results file, opened to start a run or to resume one; ``recorded`` holds what is done."""

    def __init__(self, path: str | os.PathLike[str], run: dict[str, Any], resume: bool,
                 encode: Callable[[Any], Any], decode: Callable[[Any], Any]) -> None:
        self.path, self.run, self.encode = Path(path), json.loads(json.dumps(run)), encode
        self.recorded: dict[tuple[int, ...], Played] = {}
        self.session = 0
        self.earlier_seconds = 0.0  # how long earlier sessions ran, to their last finished chunk
        if resume:
            if not self.path.is_file():
                raise UserError(f"{self.path}: no such results file to resume")
            self._read(decode)
        elif self.path.exists() and (not self.path.is_file() or self.path.stat().st_size):
            raise UserError(f"{self.path} already exists: --resume continues the run it holds, or choose "
                            f"another --out file")
        try:
            self.file: IO[str] = open(self.path, "a", encoding="utf-8")
        except OSError as error:
            raise UserError(f"{self.path}: cannot write the results file ({error.strerror})") from None
        if not resume:
            self._write({"run": self.run})
        self.started = time.perf_counter()

    def _read(self, decode: Callable[[Any], Any]) -> None:
        with open(self.path, "rb") as file:
            data = file.read()
        complete = data.rfind(b"\n") + 1  # a run killed mid-line leaves a cut last line: it is dropped
        if complete < len(data):
            with open(self.path, "r+b") as file:
                file.truncate(complete)
        lines = data[:complete].decode("utf-8", errors="replace").splitlines()
        sessions: dict[int, float] = {}
        for number, line in enumerate(lines, 1):
            entry = self._entry(line, number)
            if number == 1:
                if entry.get("run") != self.run:
                    raise UserError(self._mismatch(entry.get("run")))
                continue
            if "chunk" not in entry:
                continue
            try:
                key = tuple(entry["chunk"])
                if not all(type(k) is int for k in key):
                    raise TypeError("a chunk key is a list of whole numbers")
                session, elapsed, seconds = int(entry["session"]), float(entry["elapsed"]), float(entry["seconds"])
                played = Played(decode(entry["result"]), RESUMED, seconds, 0.0)
            except (KeyError, TypeError, ValueError) as error:
                raise UserError(f"{self.path}:{number}: not a finished chunk ({error})") from None
            self.recorded.setdefault(key, played)  # a chunk on file twice counts once
            sessions[session] = max(sessions.get(session, 0.0), elapsed)
        self.session = max(sessions, default=-1) + 1
        self.earlier_seconds = sum(sessions.values())

    def _entry(self, line: str, number: int) -> dict[str, Any]:
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            entry = None
        if not isinstance(entry, dict) or (number == 1 and "run" not in entry):
            raise UserError(f"{self.path}:{number}: not a results file line written by a run"
                            + (" (its first line names the run)" if number == 1 else ""))
        return entry

    def _mismatch(self, found: Any) -> str:
        if not isinstance(found, dict):
            return f"{self.path} holds no run's settings on its first line"
        differ = [key for key in dict.fromkeys([*self.run, *found]) if self.run.get(key) != found.get(key)]
        said = "; ".join(f"{key} {json.dumps(found.get(key))[:80]} on file, {json.dumps(self.run.get(key))[:80]} now"
                         for key in differ[:3])
        return f"{self.path} holds a different run ({said}): resume it with the same settings, or choose another --out"

    def _write(self, entry: dict[str, Any]) -> None:
        try:
            self.file.write(json.dumps(entry, separators=(",", ":")) + "\n")
            self.file.flush()
        except OSError as error:
            raise UserError(f"{self.path}: cannot write the results file ({error.strerror})") from None

    def add(self, chunk: Any, played: Played) -> None:
        """Record a finished chunk."""
        self._write({"chunk": list(chunk.key), "result": self.encode(played.result), "worker": played.worker,
                     "seconds": round(played.seconds, 6), "session": self.session,
                     "elapsed": round(time.perf_counter() - self.started, 3)})

    def finish(self, results: Any) -> None:
        """Record what the finished run reports."""
        self._write({"results": results})

    def close(self) -> None:
        self.file.close()


@contextmanager
def results_file(out: str | os.PathLike[str] | None, run: dict[str, Any], resume: bool,
                 encode: Callable[[Any], Any], decode: Callable[[Any], Any]) -> Iterator[ResultsFile | None]:
    """The results file ``out`` opened for a run (None without ``out``), closed after it."""
    if out is None:
        if resume:
            raise UserError("--resume continues the run in an --out file: give it")
        yield None
        return
    results = ResultsFile(out, run, resume, encode, decode)
    try:
        yield results
    finally:
        results.close()


@dataclass(frozen=True)
class Session:
    """What a call of :func:`play_run` did: each worker's load, and the run's time so far."""

    loads: Loads
    seconds: float  # this session's wall-clock time, plus the earlier sessions' of a resumed run
    results: ResultsFile | None

    def workers_used(self, asked: int) -> int:
        """How many workers played the run: fewer than ``asked`` when there were fewer chunks (all of them
        when a resumed run had nothing left to play)."""
        return min(asked, len(self.loads.workers)) or asked

    def finish(self, report: Any) -> None:
        """Write what the command reports at the end of the results file, if there is one."""
        if self.results is not None:
            self.results.finish(report)


def play_run(backend: Backend, work: Work, chunks: Iterable[Any], finished: Callable[[Any, Played], None],
             total: int, progress: Progress | None = None, results: ResultsFile | None = None) -> Session:
    """Play every chunk not on file in ``results`` on ``backend``; ``finished`` sees every chunk once.

    ``chunks`` is iterated twice when resuming (a list, or an object whose ``__iter__`` starts
    again). Chunks on file are handed to ``finished`` first, then the others as they finish.
    """
    started = time.perf_counter()
    loads = Loads()
    done = 0
    recorded = results.recorded if results is not None else {}

    def fresh(chunk: Any, played: Played) -> None:
        nonlocal done
        if results is not None:
            results.add(chunk, played)
        loads.add(played)
        finished(chunk, played)
        done += chunk.size
        if progress is not None:
            progress(done, total)

    pending = chunks
    if recorded:
        for chunk in chunks:
            played = recorded.get(chunk.key)
            if played is not None:
                finished(chunk, played)
                done += chunk.size
        pending = (chunk for chunk in chunks if chunk.key not in recorded)
    if progress is not None:
        progress(done, total)
    backend.run(work, pending, fresh)
    earlier = results.earlier_seconds if results is not None else 0.0
    return Session(loads, time.perf_counter() - started + earlier, results)
