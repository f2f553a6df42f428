"""A long run: its chunks played on a backend, streamed to a results file, resumable after a stop.

A results file holds JSON lines: first ``{"run": {...}}``, the settings that decide every
chunk's result and the program's version (a resumed run must ask for the same); then one line
per finished chunk, ``{"chunk": [STREAM, START, SIZE], "run": MARK, "result": ..., "worker": "host:pid",
"seconds": S, "session": N, "elapsed": T}``, written and flushed as the chunk finishes
(``MARK`` a hash of the first line's settings, ``seconds`` playing it, ``elapsed`` since its
session started); a finished run adds ``{"results": ...}``, what the command reports.
A run stopped in any way (Ctrl-C, a kill, a lost worker or node) leaves every finished
chunk on file, and at most a cut last line, which a resume drops: it plays only the units
no chunk on file holds (in chunks of any size) and counts each chunk once; a run that cannot go on (a chunk failing again and
again, a lost cluster) ends its message with the file and the command that resumes it.
A resume counts nothing from a file it cannot trust whole: every line is checked, and the
file is left as it was if one is refused.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .. import __version__
from ..errors import MAX_PROBLEMS_SHOWN, UserError
from ..files import excerpt, refuse_existing
from .backends import Backend, Loads, Played, RunBroken, Work
from .plan import Chunk, ChunkPlan

Progress = Callable[[int, int], None]  # (units done, units in all)
RESUMED = "earlier run"  # the worker named for chunks read back from a results file


Decode = Callable[[Any, Chunk], Any]  # (a chunk's result as written, the chunk) -> the result; ValueError if unsound
Take = Callable[[Chunk, Played], None]  # what the run does with each finished chunk, also one read back
CHUNK_LINE = {"chunk", "run", "result", "worker", "seconds", "session", "elapsed"}  # the keys of a chunk's line
RESULTS_LINE = {"results"}
MAX_SECONDS = 10**9  # a chunk's time or a session's, in seconds: thirty years


class ResultsFile:
    """A run's results file, opened to start a run or to resume one.

    A resume reads the file as a stream: each chunk's result is handed to ``take`` as it is read
    (the run's running tally) and only its key is kept, with the line it is on and a hash of its
    numbers, so a file of a billion deals is resumed in little memory. It trusts no line: each
    must belong to the run on line 1 (its ``run`` mark), name units of the run's plan that no other
    line names, and hold a result that playing those units can give (``decode`` checks it).
    """

    def __init__(self, path: str | os.PathLike[str], run: dict[str, Any], resume: bool, encode: Callable[[Any], Any],
                 decode: Decode, plan: ChunkPlan, take: Take) -> None:
        self.path, self.encode = Path(path), encode
        self.run = {**json.loads(json.dumps(run)), "version": __version__}
        self.mark = hashlib.blake2b(json.dumps(self.run, sort_keys=True).encode(), digest_size=8).hexdigest()
        self.resumed = 0  # chunks read back
        self.session = 0
        self.earlier_seconds = 0.0  # how long earlier sessions ran, to their last finished chunk
        try:
            if resume:
                if not self.path.is_file():
                    raise UserError(f"{self.path}: no such results file to resume")
                self._read(decode, plan, take)
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

    def _read(self, decode: Decode, plan: ChunkPlan, take: Take) -> None:
        """Take in every chunk on file, or refuse the file naming its unsound lines; a cut last line is dropped."""
        seen: dict[tuple[int, ...], tuple[int, int]] = {}  # chunk key -> its line's number and where it starts
        sessions: dict[int, float] = {}  # session -> its time to its last finished chunk
        problems: list[tuple[int, str]] = []  # (line number, what is wrong there)
        complete = 0  # bytes up to the end of the last whole line
        with open(self.path, "rb") as file:
            raw_size = os.fstat(file.fileno()).st_size
            for number, raw in enumerate(file, 1):
                if not raw.endswith(b"\n"):
                    break  # a run killed mid-line leaves a cut last line
                entry = self._entry(number, raw)
                problem = entry if isinstance(entry, str) or entry is None else \
                    self._take(number, complete, entry, decode, plan, take, seen)
                complete += len(raw)
                if isinstance(problem, str):
                    problems.append((number, problem))
                elif isinstance(entry, dict):
                    sessions[entry["session"]] = max(sessions.get(entry["session"], 0.0), entry["elapsed"])
        if not complete:
            raise UserError(f"{self.path} is empty: it holds no run to resume; start the run without --resume"
                            if not raw_size else f"{self.path}:1: not a results file line written by a run")
        problems += ((seen[later][0], f"chunk {list(later)} shares units with chunk {list(earlier)} on line "
                      f"{seen[earlier][0]}") for earlier, later in plan.overlaps())
        if problems:
            shown = [f"{self.path}:{number}: {problem}" for number, problem in sorted(problems)[:MAX_PROBLEMS_SHOWN]]
            if len(problems) > len(shown):
                shown.append(f"... and {len(problems) - len(shown)} more lines")
            shown.append(f"{self.path} holds lines this run cannot count: remove them (--resume plays their chunks "
                         f"again), or start again with another --out file")
            raise UserError("\n".join(shown))
        self.session = max(sessions, default=-1) + 1
        self.earlier_seconds = sum(sessions.values())
        if complete < raw_size:
            with open(self.path, "r+b") as file:
                file.truncate(complete)

    def _entry(self, number: int, raw: bytes) -> dict[str, Any] | str | None:
        """Line ``number`` as a chunk's line, what is wrong with it, or None for the run's and the results' lines.
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
        for name in ("seconds", "elapsed"):
            if type(entry[name]) not in (int, float) or not 0 <= entry[name] < MAX_SECONDS:
                return f"{name} {excerpt(entry[name])} is not a time in seconds"
        if type(entry["session"]) is not int or not 0 <= entry["session"] < 10**6:
            return f"session {excerpt(entry['session'])} is not a session's number (a whole number, 0 or more)"
        if type(entry["worker"]) is not str:
            return f"worker {excerpt(entry['worker'])} is not a worker's name"
        return entry

    def _take(self, number: int, offset: int, entry: dict[str, Any], decode: Decode, plan: ChunkPlan, take: Take,
              seen: dict[tuple[int, ...], tuple[int, int]]) -> str | None:
        """Count the chunk on line ``number`` (at byte ``offset``) once, whatever lines repeat it; what is wrong
        with it, if anything."""
        chunk = plan.find(entry["chunk"])
        if isinstance(chunk, str):
            return chunk
        if chunk.key in seen:  # the same chunk twice counts once, but only with the same numbers
            line, at = seen[chunk.key]
            with open(self.path, "rb") as file:  # rare: the first line is read again rather than kept
                file.seek(at)
                same = json.loads(file.readline())["result"] == entry["result"]
            return None if same else f"chunk {list(chunk.key)} again, with other numbers than on line {line}"
        try:
            result = decode(entry["result"], chunk)
        except ValueError as error:
            return f"chunk {list(chunk.key)} cannot be what the run played: {error}"
        seen[chunk.key] = number, offset
        plan.on_file(chunk)
        take(chunk, Played(result, RESUMED, float(entry["seconds"]), 0.0))
        self.resumed += 1
        return None

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
        if "chunk" in found and "chunk" not in self.run:
            return (f"{self.path} was written by an earlier belot-rules, whose chunks were of one size and drew "
                    f"their seeds per chunk: its numbers cannot be mixed with this version's; start the run again "
                    f"with another --out file")
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
def results_file(out: str | os.PathLike[str] | None, run: dict[str, Any], resume: bool, encode: Callable[[Any], Any],
                 decode: Decode, plan: ChunkPlan, take: Take) -> Iterator[ResultsFile | None]:
    """The results file ``out`` opened for a run of ``plan`` (None without ``out``), closed after it; a resume
    hands each chunk on file to ``take`` and marks it done in ``plan``."""
    if out is None:
        if resume:
            raise UserError("--resume continues the run in an --out file: give it")
        yield None
        return
    results = ResultsFile(out, run, resume, encode, decode, plan, take)
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


def play_run(backend: Backend, work: Work, plan: ChunkPlan, finished: Take, progress: Progress | None = None,
             results: ResultsFile | None = None) -> Session:
    """Play every chunk of ``plan`` not on file in ``results`` on ``backend``; ``finished`` sees each once, as it
    ends (those on file were handed to it as the file was read). Chunks are sized for the backend's pace."""
    started = time.perf_counter()
    loads = Loads()
    plan.workers, plan.chunk_seconds = backend.workers, backend.chunk_seconds
    done = plan.handed

    def fresh(chunk: Chunk, played: Played) -> None:
        nonlocal done
        if results is not None:
            results.add(chunk, played)
        loads.add(played)
        plan.time(chunk, played.seconds)
        plan.workers = backend.workers  # a Ray cluster's grows as nodes join
        finished(chunk, played)
        done += chunk.size
        if progress is not None:
            progress(done, plan.total)

    if progress is not None:
        progress(done, plan.total)
    kept = results.resumed if results is not None else 0
    try:
        backend.run(work, plan, fresh)
    except RunBroken as broken:
        raise broken.adding(_how_to_go_on(results, kept + sum(load.chunks for load in loads.workers.values()))) from None
    earlier = results.earlier_seconds if results is not None else 0.0
    return Session(loads, time.perf_counter() - started + earlier, results)
