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
files name chunks by it) and a ``size`` (units of work, for progress). A backend keeps two
chunks per worker in flight (a worker never waits for its next one, and a stop waits for
those alone), plays a chunk again when it fails (at most ``RETRIES`` more times, then stops
with :class:`ChunkFailed`), and stops as for Ctrl-C on SIGTERM and SIGHUP: it hands out no
more chunks, ends its workers and raises :class:`Stopped` (a KeyboardInterrupt).

On Ray, the workers are the CPUs of the cluster's nodes, re-read while the run lasts (nodes
that join are used; a head without CPUs runs none); a node running another version of the
program stops the run (:func:`program_identity`); a cluster whose head stops answering stops
it within seconds (:class:`ClusterLost`); Ray's own messages go to stderr, never stdout.
"""

from __future__ import annotations

import hashlib
import logging
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
from pathlib import Path
from typing import Any, Protocol

from .. import __version__
from ..errors import UserError

BACKENDS = ("local", "ray")
RETRIES = 3  # times a failed chunk is played again before the run stops
IN_FLIGHT = 2  # chunks handed to each worker ahead of its results
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (signal.SIGTERM,)
GROUP_SIGNALS = (signal.SIGINT, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (signal.SIGINT,)
CHECK_SECONDS = 1.0  # how often a Ray run looks at its cluster: its head answering, its CPUs
LOST_AFTER = 2  # checks in a row the cluster's head must miss before the run stops
NO_CPU_SECONDS = 600.0  # how long a run waits for a cluster without CPUs to gain some
INSTALL_RAY = "--backend ray needs Ray: pip install 'belot-rules[cluster]' ('.[cluster]' in a checkout, or pip install ray)"


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


class ClusterLost(RunBroken):
    """The Ray cluster's head stopped answering: Ray itself would wait 60 s, then end the process."""


class OtherProgram(UserError):
    """A node runs another program than the driver's (its version, or its source files): raised on the node."""

    def __init__(self, node: str, there: str, here: str) -> None:
        super().__init__(f"the Ray node {node} runs belot-rules {there}, and this machine {here}: its chunks may "
                         f"come out differently, so the run stops; install the same belot-rules on every node of "
                         f"the cluster")
        self.node, self.there, self.here = node, there, here

    def __reduce__(self) -> tuple[Any, ...]:  # sent from the node to the driver
        return OtherProgram, (self.node, self.there, self.here)


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP stopped a run; commands exit as for Ctrl-C, with status 128 + the signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


# ----------------------------------------------------------------------------- what a worker does

_WORKER: tuple[Any, str, float] | None = None  # in a local worker process: its work, name and start time


def _worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _play(work: Work, chunk: Any, name: str, born: float) -> tuple[bytes, str, float, float]:
    """Play one chunk; the result is pickled here so that its cost counts in the worker's busy time."""
    started = time.perf_counter()
    result = work.play(chunk)
    seconds = time.perf_counter() - started
    payload = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
    return payload, name, seconds, time.perf_counter() - born


def _unpack(returned: tuple[bytes, str, float, float]) -> Played:
    payload, name, seconds, since_start = returned
    return Played(pickle.loads(payload), name, seconds, since_start)


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


def _play_in_local_worker(chunk: Any) -> tuple[bytes, str, float, float]:
    assert _WORKER is not None, "a local worker plays chunks only after _start_local_worker"
    return _play(_WORKER[0], chunk, *_WORKER[1:])


_RAY_WORKS: dict[str, tuple[Any, str, float]] = {}  # in a Ray worker process: recent runs' work, name, start


def program_identity() -> str:
    """This program's version and a hash of its source files as installed here: every node of a cluster must
    run the same program, and the rules hash covers the YAML alone. Read at each run's start (about 6 ms)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".c") and "__pycache__" not in path.parts:
            digest.update(f"{path.relative_to(root).as_posix()}\0{path.stat().st_size}\0".encode())
            digest.update(path.read_bytes())
    return f"{__version__} (source {digest.hexdigest()})"


def _play_on_ray(work: list[Any], chunk: Any, program: str) -> tuple[bytes, str, float, float]:
    """A Ray task: play one chunk of the work, which a worker process fetches (and unpickles) once per run,
    after checking that it runs the driver's ``program`` (the work of another version may not even unpickle).

    The work comes inside a list, so Ray hands over its reference instead of unpickling it for every chunk.
    """
    import ray

    key = work[0].hex()
    known = _RAY_WORKS.get(key)
    if known is None:
        born = time.perf_counter()
        node = ray.util.get_node_ip_address()
        here = program_identity()
        if here != program:
            raise OtherProgram(node, here, program)
        while len(_RAY_WORKS) >= 4:  # a long-lived cluster serves many runs: keep the latest few
            del _RAY_WORKS[next(iter(_RAY_WORKS))]
        known = _RAY_WORKS[key] = (ray.get(work[0]), f"{node}:{os.getpid()}", born)
    return _play(known[0], chunk, *known[1:])


# ----------------------------------------------------------------------------- pools of workers


class _Pool(Protocol):
    """One run's workers: ``slots`` of them (a Ray pool's may grow), each handed ``ahead`` chunks ahead of its
    results. A chunk submitted is known by its handle until its result is taken."""

    slots: int
    ahead: int

    def submit(self, chunk: Any) -> Any: ...

    def wait(self, handles: list[Any]) -> list[Any]: ...  # those done (none, after a while without any)

    def result(self, handle: Any) -> Played: ...  # what the chunk raised, if it failed

    def recover(self, handle: Any, error: BaseException) -> None: ...  # replace what broke, if anything did

    def check(self) -> None: ...  # look at the workers between results; raise if the run cannot go on

    def close(self, stop: bool, handles: list[Any]) -> None: ...  # stop: end the workers now, dropping ``handles``


class _FuturesPool:
    """A pool whose handles are futures of this process."""

    def wait(self, handles: list[Any]) -> list[Any]:
        return list(wait(handles, return_when=FIRST_COMPLETED)[0])

    def result(self, handle: Any) -> Played:
        return _unpack(handle.result())

    def recover(self, handle: Any, error: BaseException) -> None:
        pass

    def check(self) -> None:
        pass


class _HerePool(_FuturesPool):
    """One worker: this process, playing each chunk as it is submitted."""

    slots, ahead = 1, IN_FLIGHT

    def __init__(self, work: Work) -> None:
        self.work, self.name, self.born = work, _worker_name(), time.perf_counter()

    def submit(self, chunk: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(_play(self.work, chunk, self.name, self.born))
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

    def submit(self, chunk: Any) -> Future[Any]:
        try:
            future = self.executor.submit(_play_in_local_worker, chunk)
        except BrokenProcessPool:  # broken since the last result came in
            self._replace()
            future = self.executor.submit(_play_in_local_worker, chunk)
        self.issued[future] = self.executor
        return future

    def result(self, handle: Any) -> Played:
        self.issued.pop(handle, None)
        return super().result(handle)

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


class _RayPool:
    """Ray tasks of one CPU, which Ray places on the nodes that have CPUs; a task lost with its worker process
    or node fails here and is played again. With ``follow``, the workers are the cluster's CPUs, re-read
    every ``CHECK_SECONDS``: nodes that join are used."""

    def __init__(self, backend: RayBackend, work: Work, workers: int, follow: bool) -> None:
        self.ray: Any = backend.ray
        self.backend, self.follow, self.slots = backend, follow, workers
        # Ray runs a task wherever a CPU is free: tasks ahead of results would run at once, beyond the
        # run's workers, on a cluster with more CPUs than that.
        self.ahead = IN_FLIGHT if follow or workers >= backend.cpus else 1
        self.work = [self.ray.put(work)]
        self.task = self.ray.remote(num_cpus=1, max_retries=0)(_play_on_ray)
        self.program = program_identity()  # each node checks it runs the same before it plays
        self.checked = self.had_cpus = time.monotonic()
        self.missed = 0  # checks in a row the cluster's head did not answer

    def submit(self, chunk: Any) -> Any:
        return self.task.remote(self.work, chunk, self.program)

    def wait(self, handles: list[Any]) -> list[Any]:
        ready, _ = self.ray.wait(handles, num_returns=1, timeout=CHECK_SECONDS)
        if ready and len(handles) > 1:  # every result in: one call, not one per result
            ready, _ = self.ray.wait(handles, num_returns=len(handles), timeout=0)
        return list(ready)

    def result(self, handle: Any) -> Played:
        try:
            return _unpack(self.ray.get(handle))
        except Exception as error:  # noqa: BLE001 - the run loop retries or reports it
            other = _unwrapped(error)
            if isinstance(other, OtherProgram) and other.there == program_identity():
                # This machine's source files changed since the run began, to what the node runs: play again.
                self.program = other.there
                raise RuntimeError("this machine's belot-rules changed during the run") from None
            raise

    def recover(self, handle: Any, error: BaseException) -> None:
        self.checked = 0.0  # a lost worker: see at once whether the whole cluster went with it
        self.check()

    def check(self) -> None:
        now = time.monotonic()
        if now - self.checked < CHECK_SECONDS:
            return
        self.checked = now
        self.missed = 0 if self.backend.head_answers() else self.missed + 1
        if self.missed >= LOST_AFTER:
            raise ClusterLost(f"the Ray cluster at {self.backend.address} is gone: its head did not answer "
                              f"{LOST_AFTER} checks in a row; the run stops")
        if self.missed or not self.follow:
            return
        cpus = int(self.ray.cluster_resources().get("CPU", 0))
        if cpus:
            self.had_cpus = now
            self.slots = self.backend.workers = max(self.backend.workers, cpus)
        elif now - self.had_cpus > NO_CPU_SECONDS:
            raise RunBroken(f"the Ray cluster at {self.backend.address} has had no CPU for {NO_CPU_SECONDS:g} s: "
                            f"chunks run only on nodes with CPUs; add one (ray start --address {self.backend.address})")

    def close(self, stop: bool, handles: list[Any]) -> None:
        if stop and handles and self.missed < LOST_AFTER:  # a lost cluster has no task left to cancel
            # Only those still running: Ray may abort the process when told to cancel a task that has ended.
            _, running = self.ray.wait(handles, num_returns=len(handles), timeout=0)
            for handle in running:
                self.ray.cancel(handle, force=True)


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
        running: dict[Any, tuple[Any, int]] = {}  # handle -> chunk, attempt

        def send(chunk: Any, attempt: int) -> None:
            running[pool.submit(chunk)] = (chunk, attempt)

        with _stop_signals():
            try:
                while True:
                    for chunk in islice(waiting, max(0, pool.ahead * pool.slots - len(running))):
                        send(chunk, 0)
                    if not running:
                        break
                    for handle in pool.wait(list(running)):
                        chunk, attempt = running.pop(handle)
                        try:
                            played = pool.result(handle)
                        except Exception as error:  # noqa: BLE001 - a lost worker or a failing chunk
                            mistake = _users_mistake(error)
                            if mistake is not None:  # a bot's bug, say: playing the chunk again repeats it
                                raise mistake from None
                            if attempt >= RETRIES:
                                raise ChunkFailed(chunk, attempt + 1, error) from None
                            pool.recover(handle, error)
                            send(chunk, attempt + 1)
                            continue
                        finished(chunk, played)
                    pool.check()
            except BaseException:
                pool.close(True, list(running))
                raise
            pool.close(False, [])


class RayBackend(Backend):
    """Workers as Ray tasks: on the cluster at ``address``, or on a Ray started here for the run."""

    name = "ray"
    chunk_seconds = 1.0  # a chunk's round trip through the cluster costs milliseconds: keep it a small share

    def __init__(self, workers: int | None, address: str | None) -> None:
        try:
            import ray
        except ImportError:
            raise UserError(INSTALL_RAY) from None
        self.ray = ray
        self.owned = False
        _ray_messages_to_stderr()
        address = address or os.environ.get("RAY_ADDRESS") or None
        if not ray.is_initialized():
            if address is not None:
                _check_reachable(address)
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                       "logging_level": logging.ERROR}
            if address is None:
                options["num_cpus"] = max(1, default_workers() if workers is None else workers)
            try:
                ray.init(address=address or "local", **options)
            except (ConnectionError, RuntimeError, ValueError) as error:
                raise UserError(f"cannot join the Ray cluster at {address}: {error} (a cluster that asks for a "
                                f"token needs RAY_AUTH_MODE=token, and RAY_AUTH_TOKEN on another machine)") from None
            self.owned = True
        self.address = address or ray.get_runtime_context().gcs_address
        cpus = int(ray.cluster_resources().get("CPU", 0))
        if workers is not None and workers > cpus:
            self.close()
            raise UserError(f"--workers {workers} is more than the Ray cluster's {cpus} CPUs; leave it out to use "
                            f"every CPU, also of the nodes that join during the run")
        self.cpus, self.asked = cpus, workers
        # A cluster without CPUs yet (a head of none, its nodes still starting) plays once nodes join.
        super().__init__(max(1, cpus) if workers is None else workers)

    def _pool(self, work: Work, workers: int) -> _Pool:
        return _RayPool(self, work, workers, follow=self.asked is None and workers == self.workers)

    def head_answers(self) -> bool:
        """Whether the cluster's head (its GCS) answers a question within ``CHECK_SECONDS``: Ray's own calls
        would wait a minute, and a head being stopped may still take connections."""
        from ray._private.worker import global_worker

        client: Any = getattr(global_worker, "gcs_client", None)
        if client is None:  # a Ray without this client: its own wait is all there is
            return True
        try:
            client.internal_kv_exists(b"belot-rules", None, timeout=CHECK_SECONDS)
        except Exception:  # noqa: BLE001 - Ray's timeouts and RPC errors alike: no answer
            return False
        return True

    def close(self) -> None:
        if self.owned:
            self.ray.shutdown()
            self.owned = False

    def __exit__(self, *exc: object) -> None:
        self.close()


def _ray_messages_to_stderr() -> None:
    """Ray prints what it tells the driver (a worker or a node lost) on stdout, where it would break the JSON of
    ``--json``: send it to stderr. Its logs stay in its session folder (``/tmp/ray/session_latest/logs``)."""
    from ray._private import worker as ray_worker

    show = getattr(ray_worker, "print_to_stdstream", None)
    if show is None or getattr(show, "to_stderr", False):
        return

    def to_stderr(data: dict[str, Any], ignore_prefix: bool) -> None:
        show({**data, "is_err": True}, ignore_prefix)

    to_stderr.to_stderr = True  # type: ignore[attr-defined]
    ray_worker.print_to_stdstream = to_stderr


def _check_reachable(address: str) -> None:
    """Refuse at once a ``host:port`` nothing answers at: Ray itself retries for minutes, printing warnings."""
    host, _, port = address.rpartition(":")
    if "://" in address or not host or not port.isdecimal():
        return  # ray://..., auto: Ray's own forms, left to Ray
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        raise UserError(f"cannot reach the Ray cluster at {address} ({reason}); start one with "
                        f"`ray start --head` and give the address it prints") from None


def open_backend(name: str = "local", workers: int | None = None, address: str | None = None) -> Backend:
    """The backend called ``name``: ``local`` (``workers`` processes, default every core) or ``ray``."""
    if name == "ray":
        return RayBackend(workers, address)
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
