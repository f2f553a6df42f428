"""Where a run's chunks are played: here, on local worker processes, or on a Ray cluster.

A long run (a simulation, a duel, a tournament) is cut into chunks whose result depends
on the chunk alone (its seeds come from its index), never on which worker plays it, when,
or how many times. So every backend, with any number of workers, gives the same results,
and a chunk can be played again when its worker is lost. The whole interface:

    work = MyWork(...)                      # picklable, sent once to each worker;
                                            #   work.play(chunk) -> a picklable result
    with open_backend("local", workers=4) as backend:   # or "ray", address=...
        backend.run(work, chunks, finished)  # chunks: any iterable, read lazily;
                                             #   finished(chunk, played) as each one ends,
                                             #   in any order

A chunk is any picklable object with a ``key`` (a tuple of ints, unique in the run: results
files name chunks by it) and a ``size`` (units of work, for progress). A backend hands each
worker batches of chunks (one chunk, but for Ray) and keeps two batches per worker in flight
(a worker never waits for its next one, and a stop waits for those alone), plays a chunk
again when it fails (at most ``RETRIES`` more times, then stops
with :class:`ChunkFailed`), and stops as for Ctrl-C on SIGTERM and SIGHUP: it hands out no
more chunks, ends its workers and raises :class:`Stopped` (a KeyboardInterrupt).

The Ray backend is :mod:`.ray_backend`.
"""

from __future__ import annotations

import os
import pickle
import re
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, process as futures_process, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import chain, islice
from typing import Any, Protocol

from ..errors import UserError
from .plan import Chunk as PlanChunk

BACKENDS = ("local", "ray")
RETRIES = 3  # times a failed chunk is played again before the run stops
IN_FLIGHT = 2  # batches of chunks handed to each worker ahead of its results
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (signal.SIGTERM,)
GROUP_SIGNALS = (signal.SIGINT, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (signal.SIGINT,)


class Chunk(Protocol):
    """A slice of a run's work; what it plays must follow from the chunk and the work alone."""

    @property
    def key(self) -> tuple[int, ...]: ...

    @property
    def size(self) -> int: ...


class Work(Protocol):
    """What every worker needs to play any chunk of a run (picklable)."""

    def play(self, chunk: Any) -> Any: ...


@dataclass(frozen=True, slots=True)
class Played:
    """A chunk's result, who played it, and what it cost (seconds on that worker's clock)."""

    result: Any
    worker: str  # host:pid
    seconds: float  # inside Work.play
    since_start: float  # from the worker receiving the work to this result being ready to send


Finished = Callable[[Any, Played], None]


class RunBroken(UserError):
    """The run cannot go on, though what it finished stands: a resumed run may finish it."""

    def adding(self, note: str) -> RunBroken:
        """The same error with ``note`` (what is kept, how to go on) as its last line."""
        self.args = (f"{self}\n{note}",)
        return self


class ChunkFailed(RunBroken):
    """A chunk failed ``RETRIES + 1`` times: the run stops (results already streamed are kept)."""

    def __init__(self, chunk: Any, attempts: int, error: BaseException) -> None:
        error = _unwrapped(error)
        detail = re.sub(r"\x1b\[[0-9;]*m", "", (str(error).strip().splitlines() or [""])[0])[:300]
        super().__init__(f"chunk {list(chunk.key)} failed {attempts} times, the run stops; last error: "
                         f"{type(error).__name__}: {detail}")


def _unwrapped(error: BaseException) -> BaseException:
    """What a chunk raised: on a cluster, the error inside Ray's wrapper."""
    cause = getattr(error, "cause", None)
    return cause if isinstance(cause, BaseException) else error


def _users_mistake(error: BaseException) -> UserError | None:
    """The :class:`UserError` a chunk raised, or None (a lost worker, an error worth another try)."""
    found = _unwrapped(error)
    return found if isinstance(found, UserError) else None


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP stopped a run; commands exit as for Ctrl-C, with status 128 + the signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


# ----------------------------------------------------------------------------- what a worker does

_WORKER: tuple[Any, str, float] | None = None  # in a local worker process: its work, name and start time


def _worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


# A batch played: (first, count, result, seconds) per run of chunks merged, pickled; the worker; its time since start
Returned = tuple[bytes, str, float]


def _play(work: Work, chunks: list[Any], name: str, born: float) -> Returned:
    """Play a batch of chunks, merging the results of those that follow each other in a stream (see
    :func:`_merged`); they are pickled here so that their cost counts in the worker's busy time."""
    done: list[tuple[int, int, Any, float]] = []
    for index, chunk in enumerate(chunks):
        started = time.perf_counter()
        result = work.play(chunk)
        _merged(done, chunks, index, result, time.perf_counter() - started)
    return pickle.dumps(done, protocol=pickle.HIGHEST_PROTOCOL), name, time.perf_counter() - born


def _merged(done: list[tuple[int, int, Any, float]], chunks: list[Any], index: int, result: Any,
            seconds: float) -> None:
    """Add chunk ``index``'s result to ``done``, merged into the last one's where the two are units of one stream
    that follow each other and their results merge (tallies): the driver then counts, and a results file
    writes, one chunk where a batch of short ones was played."""
    if done:
        first, count, kept, spent = done[-1]
        last, chunk = chunks[first + count - 1], chunks[index]
        if type(chunk) is type(last) is PlanChunk and last.stream == chunk.stream and last.stop == chunk.start \
                and type(kept) is type(result) and hasattr(kept, "merge"):
            kept.merge(result)
            done[-1] = first, count + 1, kept, spent + seconds
            return
    done.append((index, 1, result, seconds))


def _unpack(returned: Returned, chunks: list[Any]) -> list[tuple[Any, Played]]:
    """Each chunk played, or run of chunks merged as one, with its result."""
    payload, name, since_start = returned
    played = []
    for first, count, result, spent in pickle.loads(payload):
        chunk = chunks[first]
        if count > 1:
            chunk = PlanChunk(chunk.stream, chunk.start, sum(c.size for c in chunks[first:first + count]))
        played.append((chunk, Played(result, name, spent, since_start)))
    return played


def _start_local_worker(work: Work) -> None:
    global _WORKER
    _WORKER = (work, _worker_name(), time.perf_counter())
    # Ctrl-C and a closed terminal reach the whole process group: they are the parent's to handle.
    for signum in GROUP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited through fork
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    """A worker whose parent died (even by SIGKILL) exits instead of idling as an orphan."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _play_in_local_worker(chunks: list[Any]) -> Returned:
    assert _WORKER is not None, "a local worker plays chunks only after _start_local_worker"
    return _play(_WORKER[0], chunks, *_WORKER[1:])


# ----------------------------------------------------------------------------- pools of workers


class _Pool(Protocol):
    """One run's workers: ``slots`` of them (a Ray pool's may grow), each handed ``ahead`` batches of ``batch``
    chunks ahead of its results. A batch submitted is known by its handle until its results are taken."""

    slots: int
    ahead: int
    batch: int

    def submit(self, chunks: list[Any]) -> Any: ...

    def wait(self, handles: list[Any]) -> list[Any]: ...  # those done (none, after a while without any)

    def result(self, handle: Any, chunks: list[Any]) -> list[tuple[Any, Played]]: ...  # or what a chunk raised

    def recover(self, handle: Any, error: BaseException) -> None: ...  # replace what broke, if anything did

    def check(self) -> None: ...  # look at the workers between results; raise if the run cannot go on

    def close(self, stop: bool, handles: list[Any]) -> None: ...  # stop: end the workers now, dropping ``handles``


class _FuturesPool:
    """A pool whose handles are futures of this process."""

    def wait(self, handles: list[Any]) -> list[Any]:
        return list(wait(handles, return_when=FIRST_COMPLETED)[0])

    batch = 1  # a process's round trip is short: a chunk at a time keeps the workers' loads even

    def result(self, handle: Any, chunks: list[Any]) -> list[tuple[Any, Played]]:
        return _unpack(handle.result(), chunks)

    def recover(self, handle: Any, error: BaseException) -> None:
        pass

    def check(self) -> None:
        pass


class _HerePool(_FuturesPool):
    """One worker: this process, playing each chunk as it is submitted."""

    slots, ahead = 1, IN_FLIGHT

    def __init__(self, work: Work) -> None:
        self.work, self.name, self.born = work, _worker_name(), time.perf_counter()

    def submit(self, chunks: list[Any]) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(_play(self.work, chunks, self.name, self.born))
        except Exception as error:  # noqa: BLE001 - the run loop retries it, then reports it
            future.set_exception(error)
        return future

    def close(self, stop: bool, handles: list[Any]) -> None:
        pass


class _ProcessPool(_FuturesPool):
    """Worker processes on this machine; a pool broken by a lost worker is replaced."""

    ahead = IN_FLIGHT

    def __init__(self, work: Work, workers: int) -> None:
        self.work, self.slots = work, workers
        self.executor = self._new()
        self.issued: dict[Future[Any], ProcessPoolExecutor] = {}  # a running chunk's future -> its executor

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.slots, initializer=_start_local_worker, initargs=(self.work,))

    def submit(self, chunks: list[Any]) -> Future[Any]:
        try:
            future = self.executor.submit(_play_in_local_worker, chunks)
        except BrokenProcessPool:  # broken since the last result came in
            self._replace()
            future = self.executor.submit(_play_in_local_worker, chunks)
        self.issued[future] = self.executor
        return future

    def result(self, handle: Any, chunks: list[Any]) -> list[tuple[Any, Played]]:
        self.issued.pop(handle, None)
        return super().result(handle, chunks)

    def recover(self, handle: Any, error: BaseException) -> None:
        if isinstance(error, BrokenProcessPool) and self.issued.pop(handle, None) is self.executor:
            self._replace()

    def _replace(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.executor = self._new()

    def close(self, stop: bool, handles: list[Any]) -> None:
        if not stop:
            self.executor.shutdown(wait=True)
            return
        # The chunks the workers hold are dropped (a resumed run plays them again): end the workers now.
        processes = list((getattr(self.executor, "_processes", None) or {}).values())
        self.executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        # Let the pool's manager thread see its workers gone and close its pipe before the interpreter exits:
        # Python 3.11's exit hook otherwise writes to that pipe as the thread closes it, and prints a traceback
        # ("Exception ignored ... Bad file descriptor") after a stopped run.
        manager = getattr(self.executor, "_executor_manager_thread", None)
        if manager is not None:
            manager.join(timeout=5)
            getattr(futures_process, "_threads_wakeups", {}).pop(manager, None)  # nothing left for the hook to wake


# ----------------------------------------------------------------------------- backends


class Backend:
    """Plays chunks of work on ``workers`` workers; see the module's docstring."""

    name = "local"
    chunk_seconds = 0.25  # the work in a chunk: a result (and progress) four times a second from each worker

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise UserError(f"--workers must be at least 1, got {workers}")
        self.workers = workers

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def _pool(self, work: Work, workers: int) -> _Pool:
        return _HerePool(work) if workers == 1 else _ProcessPool(work, workers)

    def run(self, work: Work, chunks: Iterable[Any], finished: Finished) -> None:
        """Play every chunk, handing each result to ``finished`` as it arrives."""
        waiting = iter(chunks)
        first = list(islice(waiting, IN_FLIGHT * self.workers))
        if not first:
            return
        pool = self._pool(work, min(self.workers, len(first)))
        waiting = chain(first, waiting)
        running: dict[Any, tuple[list[Any], int]] = {}  # handle -> its batch of chunks, attempt

        def send(chunks: list[Any], attempt: int) -> None:
            running[pool.submit(chunks)] = (chunks, attempt)

        with _stop_signals():
            try:
                while True:
                    for _ in range(max(0, pool.ahead * pool.slots - len(running))):
                        batch = list(islice(waiting, pool.batch))
                        if not batch:
                            break
                        send(batch, 0)
                    if not running:
                        break
                    for handle in pool.wait(list(running)):
                        chunks, attempt = running.pop(handle)
                        try:
                            played = pool.result(handle, chunks)
                        except Exception as error:  # noqa: BLE001 - a lost worker or a failing chunk
                            mistake = _users_mistake(error)
                            if mistake is not None:  # a bot's bug, say: playing the chunk again repeats it
                                raise mistake from None
                            if attempt >= RETRIES:
                                raise ChunkFailed(chunks[0], attempt + 1, error) from None
                            pool.recover(handle, error)
                            for chunk in chunks:  # one by one: the chunk that fails again is the one named
                                send([chunk], attempt + 1)
                            continue
                        for chunk, one in played:  # the batch's chunks, those that follow each other merged
                            finished(chunk, one)
                    pool.check()
            except BaseException:
                pool.close(True, list(running))
                raise
            pool.close(False, [])


def open_backend(name: str = "local", workers: int | None = None, address: str | None = None,
                 ends_process: bool = False) -> Backend:
    """The backend called ``name``: ``local`` (``workers`` processes, default every core) or ``ray``.
    ``ends_process`` says the process ends with the command (the command line's own): a Ray cluster joined is
    then left as the process ends, without Ray's goodbye (see :class:`.ray_backend.RayBackend`)."""
    if name == "ray":
        from .ray_backend import RayBackend  # Ray is optional, and slow to import

        return RayBackend(workers, address, ends_process)
    if name != "local":
        raise UserError(f"no backend called {name!r}; backends: {', '.join(BACKENDS)}")
    if address is not None:
        raise UserError("--address is for --backend ray")
    cores = default_workers()
    if workers is not None and workers > cores:  # each worker is a process: more only wait their turn, in memory
        raise UserError(f"--workers {workers} is more than this machine's {cores} cores; leave it out to use them all")
    return Backend(cores if workers is None else workers)


def default_workers() -> int:
    """Every core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@contextmanager
def _stop_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`Stopped` in this (main) thread while the run lasts."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise Stopped(signum)

    previous = {signum: signal.signal(signum, stop) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


# ----------------------------------------------------------------------------- what the workers cost


@dataclass(slots=True)
class WorkerLoad:
    """One worker's chunks, the seconds it spent playing them, and its busy time (overhead included)."""

    worker: str
    chunks: int = 0
    playing: float = 0.0
    busy: float = 0.0

    @property
    def overhead(self) -> float:
        """The share of busy time not spent playing: scheduling, receiving the work, serialising results."""
        return max(0.0, 1.0 - self.playing / self.busy) if self.busy > 0 else 0.0


class Loads:
    """Per-worker load of a run, from the chunks it finished."""

    def __init__(self) -> None:
        self.workers: dict[str, WorkerLoad] = {}

    def add(self, played: Played) -> None:
        load = self.workers.get(played.worker)
        if load is None:
            load = self.workers[played.worker] = WorkerLoad(played.worker)
        load.chunks += 1
        load.playing += played.seconds
        load.busy = max(load.busy, played.since_start)


def combined(loads: Iterable[WorkerLoad]) -> WorkerLoad:
    """Several workers' loads as one: their overhead is the share of all their busy time."""
    loads = list(loads)
    return WorkerLoad("all", sum(w.chunks for w in loads), sum(w.playing for w in loads), sum(w.busy for w in loads))
