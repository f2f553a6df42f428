"""A long run: its chunks played on a backend, streamed to a results file, resumable after a stop.

A results file holds JSON lines: first ``{"run": {...}}``, the settings that decide every
chunk's result and the program's version (a resumed run must ask for the same); then one line
per finished chunk, ``{"chunk": KEY, "run": MARK, "result": ..., "worker": "host:pid",
"seconds": S, "session": N, "elapsed": T}``, written and flushed as the chunk finishes
(``MARK`` a hash of the first line's settings, ``seconds`` playing it, ``elapsed`` since its
session started); a finished run adds ``{"results": ...}``, what the command reports.
A run stopped in any way (Ctrl-C, a kill, a lost worker or node) leaves every finished
chunk on file, and at most a cut last line, which a resume drops: it plays only the chunks
not on file and counts each chunk once; a run that cannot go on (a chunk failing again and
again, a lost cluster) ends its message with the file and the command that resumes it.
A resume counts nothing from a file it cannot trust whole: every line is checked, and the
file is left as it was if one is refused.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .. import __version__
from ..errors import MAX_PROBLEMS_SHOWN, UserError
from ..files import excerpt, refuse_existing
from .backends import Backend, Loads, Played, RunBroken, Work

Progress = Callable[[int, int], None]  # (units done, units in all)
RESUMED = "earlier run"  # the worker named for chunks read back from a results file


Decode = Callable[[Any, Any], Any]  # (a chunk's result as written, the chunk) -> the result; ValueError if unsound
CHUNK_LINE = {"chunk", "run", "result", "worker", "seconds", "session", "elapsed"}  # the keys of a chunk's line
RESULTS_LINE = {"results"}
MAX_SECONDS = 10**9  # a chunk's time or a session's, in seconds: thirty years
Lines = dict[tuple[int, ...], list[tuple[int, dict[str, Any]]]]  # chunk key -> (line number, the line) per line


class ResultsFile:
    """A run's results file, opened to start a run or to resume one; ``recorded`` holds what is done.

    A resume trusts no line: each must belong to the run on line 1 (its ``run`` mark), name a chunk
    of the run's plan, and hold a result that playing that chunk can give (``decode`` checks it).
    """

    def __init__(self, path: str | os.PathLike[str], run: dict[str, Any], resume: bool, encode: Callable[[Any], Any],
                 decode: Decode, chunks: Iterable[Any]) -> None:
        self.path, self.encode = Path(path), encode
        self.run = {**json.loads(json.dumps(run)), "version": __version__}
        self.mark = hashlib.blake2b(json.dumps(self.run, sort_keys=True).encode(), digest_size=8).hexdigest()
        self.recorded: dict[tuple[int, ...], Played] = {}
        self.session = 0
        self.earlier_seconds = 0.0  # how long earlier sessions ran, to their last finished chunk
        try:
            if resume:
                if not self.path.is_file():
                    raise UserError(f"{self.path}: no such results file to resume")
                self._read(decode, chunks)
            else:
                refuse_existing(self.path, "--out", "--resume continues the run it holds")
        except OSError as error:  # a name too long for the file system, a folder that cannot be searched
            raise self._unusable(error, "read" if resume else "written") from None
        try:
            self.file: IO[str] = open(self.path, "a", encoding="utf-8")
        except OSError as error:
            raise self._unusable(error, "written") from None
        if not resume:
            self._write({"run": self.run})
        self.started = time.perf_counter()

    def _read(self, decode: Decode, chunks: Iterable[Any]) -> None:
        """Take in every chunk on file, or refuse the file naming its unsound lines; a cut last line is dropped."""
        found: Lines = {}
        problems: list[tuple[int, str]] = []  # (line number, what is wrong there)
        complete = 0  # bytes up to the end of the last whole line
        with open(self.path, "rb") as file:
            raw_size = os.fstat(file.fileno()).st_size
            for number, raw in enumerate(file, 1):
                if not raw.endswith(b"\n"):
                    break  # a run killed mid-line leaves a cut last line
                complete += len(raw)
                problem = self._take(number, raw, found)
                if problem is not None:
                    problems.append((number, problem))
        if not complete:
            raise UserError(f"{self.path} is empty: it holds no run to resume; start the run without --resume"
                            if not raw_size else f"{self.path}:1: not a results file line written by a run")
        problems += self._check(found, decode, chunks)
        if problems:
            shown = [f"{self.path}:{number}: {problem}" for number, problem in sorted(problems)[:MAX_PROBLEMS_SHOWN]]
            if len(problems) > len(shown):
                shown.append(f"... and {len(problems) - len(shown)} more lines")
            shown.append(f"{self.path} holds lines this run cannot count: remove them (--resume plays their chunks "
                         f"again), or start again with another --out file")
            raise UserError("\n".join(shown))
        sessions: dict[int, float] = {}
        for _, entry in itertools.chain.from_iterable(found.values()):
            sessions[entry["session"]] = max(sessions.get(entry["session"], 0.0), entry["elapsed"])
        self.session = max(sessions, default=-1) + 1
        self.earlier_seconds = sum(sessions.values())
        if complete < raw_size:
            with open(self.path, "r+b") as file:
                file.truncate(complete)

    def _take(self, number: int, raw: bytes, found: Lines) -> str | None:
        """Read line ``number`` into ``found`` if it holds a chunk; what is wrong with it, if anything.
        A first line naming another run is refused at once: nothing after it can be counted."""
        try:
            entry = json.loads(raw)
        except (ValueError, RecursionError):
            entry = None
        if number == 1:
            if not isinstance(entry, dict) or set(entry) != {"run"}:
                raise UserError(f"{self.path}:1: not a results file line written by a run (its first line names "
                                f"the run)")
            if entry["run"] != self.run:
                raise UserError(self._mismatch(entry["run"]))
            return None
        if isinstance(entry, dict) and set(entry) == RESULTS_LINE:
            return None
        if not isinstance(entry, dict) or set(entry) != CHUNK_LINE:
            keys = f" (its keys: {excerpt(sorted(entry))})" if isinstance(entry, dict) else ""
            return f"not a results file line written by a run: a chunk's line has the keys {sorted(CHUNK_LINE)}{keys}"
        if entry["run"] != self.mark:
            return (f"a chunk of another run (run {excerpt(entry['run'])}; line 1's is {excerpt(self.mark)}): "
                    f"another seed, variant, rules or program version")
        key = entry["chunk"]
        if not isinstance(key, list) or not 1 <= len(key) <= 4 or not all(type(k) is int for k in key):
            return f"chunk {excerpt(key)} is not a chunk's number (a list of whole numbers)"
        for name in ("seconds", "elapsed"):
            if type(entry[name]) not in (int, float) or not 0 <= entry[name] < MAX_SECONDS:
                return f"{name} {excerpt(entry[name])} is not a time in seconds"
        if type(entry["session"]) is not int or not 0 <= entry["session"] < 10**6:
            return f"session {excerpt(entry['session'])} is not a session's number (a whole number, 0 or more)"
        if type(entry["worker"]) is not str:
            return f"worker {excerpt(entry['worker'])} is not a worker's name"
        found.setdefault(tuple(key), []).append((number, entry))
        return None

    def _check(self, found: Lines, decode: Decode,
               chunks: Iterable[Any]) -> Iterator[tuple[int, str]]:
        """Each chunk on file decoded against the plan's chunk of its number; (line, problem) for those that fail."""
        left = dict(found)
        first = last = None
        for chunk in chunks:
            if not left:
                break  # every chunk on file is found: the rest of a long plan need not be walked
            first = first or chunk.key
            last = chunk.key
            kept: tuple[int, Any] | None = None  # the chunk's first sound line and its result
            for number, entry in left.pop(chunk.key, ()):
                try:
                    result = decode(entry["result"], chunk)
                except ValueError as error:
                    yield number, f"chunk {list(chunk.key)} cannot be what the run played: {error}"
                    continue
                if kept is None:
                    kept = number, result
                    self.recorded[chunk.key] = Played(result, RESUMED, float(entry["seconds"]), 0.0)
                elif result != kept[1]:  # the same chunk twice counts once, but only with the same numbers
                    yield number, f"chunk {list(chunk.key)} again, with other numbers than on line {kept[0]}"
        for key, ((number, _), *_) in left.items():
            yield number, (f"chunk {list(key)} is not one of this run's chunks ({list(first or ())} to "
                           f"{list(last or ())})")

    def _mismatch(self, found: Any) -> str:
        if not isinstance(found, dict):
            return f"{self.path} holds no run's settings on its first line"
        if found == {key: value for key, value in self.run.items() if key != "version"}:
            return (f"{self.path} was written before results files marked each line with its run, so its lines "
                    f"cannot be checked: start the run again with another --out file")
        if "version" in found and found["version"] != self.run["version"]:
            return (f"{self.path} was written by belot-rules {excerpt(found['version'])}, and this is {__version__}, "
                    f"whose chunks may come out differently: finish the run with the version that began it, or "
                    f"start it again with another --out file")
        differ = [key for key in dict.fromkeys([*self.run, *found]) if self.run.get(key) != found.get(key)]
        said = "; ".join(f"{key} {json.dumps(found.get(key))[:80]} on file, {json.dumps(self.run.get(key))[:80]} now"
                         for key in differ[:3])
        return f"{self.path} holds a different run ({said}): resume it with the same settings, or choose another --out"

    def _write(self, entry: dict[str, Any]) -> None:
        try:
            self.file.write(json.dumps(entry, separators=(",", ":")) + "\n")
            self.file.flush()
        except OSError as error:
            raise self._unusable(error, "written") from None

    def _unusable(self, error: OSError, doing: str) -> UserError:
        """The results file cannot be read or written, said as every file the project reads says it."""
        return UserError(f"{self.path}: cannot be {doing}: {error.strerror or error}")

    def add(self, chunk: Any, played: Played) -> None:
        """Record a finished chunk, marked with its run."""
        self._write({"chunk": list(chunk.key), "run": self.mark, "result": self.encode(played.result),
                     "worker": played.worker, "seconds": round(played.seconds, 6), "session": self.session,
                     "elapsed": round(time.perf_counter() - self.started, 3)})

    def finish(self, results: Any) -> None:
        """Record what the finished run reports."""
        self._write({"results": results})

    def close(self) -> None:
        self.file.close()


@contextmanager
def results_file(out: str | os.PathLike[str] | None, run: dict[str, Any], resume: bool,
                 encode: Callable[[Any], Any], decode: Decode, chunks: Iterable[Any]) -> Iterator[ResultsFile | None]:
    """The results file ``out`` opened for a run of ``chunks`` (None without ``out``), closed after it."""
    if out is None:
        if resume:
            raise UserError("--resume continues the run in an --out file: give it")
        yield None
        return
    results = ResultsFile(out, run, resume, encode, decode, chunks)
    try:
        yield results
    finally:
        results.close()


def _how_to_go_on(results: ResultsFile | None, chunks: int) -> str:
    """What a broken run keeps, and the command that goes on with it."""
    if results is None:
        return "Nothing is kept: with --out FILE.jsonl each chunk is kept as it finishes, for --resume to go on."
    command = resume_command()
    how = f"go on with: {command}" if command else "run the same command with --resume to go on"
    return f"{results.path} keeps the {chunks} chunk{'' if chunks == 1 else 's'} finished; {how}"


def resume_command() -> str | None:
    """The ``belot`` command line this process runs, with ``--resume``; None when it is not the command."""
    program = Path(sys.argv[0])
    if program.name == "belot":
        head = ["belot"]
    elif program.name == "__main__.py" and program.parent.name == "belot_rules":
        head = [Path(sys.executable).name, "-m", "belot_rules"]
    else:
        return None
    args = sys.argv[1:]
    return shlex.join([*head, *args, *([] if "--resume" in args else ["--resume"])])


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
    kept = len(recorded)
    if recorded:
        for chunk in chunks:
            played = recorded.get(chunk.key)
            if played is not None:
                finished(chunk, played)
                done += chunk.size
        pending = (chunk for chunk in chunks if chunk.key not in recorded)
    if progress is not None:
        progress(done, total)
    try:
        backend.run(work, pending, fresh)
    except RunBroken as broken:
        raise broken.adding(_how_to_go_on(results, kept + sum(load.chunks for load in loads.workers.values()))) from None
    earlier = results.earlier_seconds if results is not None else 0.0
    return Session(loads, time.perf_counter() - started + earlier, results)
