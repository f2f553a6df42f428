"""The Ray backend: a run's chunks played by long-lived Ray actors, one a CPU of the cluster.

On Ray, the workers are the CPUs of the cluster's nodes, re-read while the run lasts (nodes
that join are used; a head without CPUs runs none); a node running another version of the
program stops the run (:func:`program_identity`); a cluster whose head stops answering stops
it within seconds (:class:`ClusterLost`); Ray's own messages go to stderr, never stdout.
Each actor is handed batches of chunks (as many as make ``CALL_SECONDS`` of work), so the
driver keeps up with thousands of short chunks a second (``benchmarks/driver.py``). The actors
are named and outlive the command (until ``IDLE_SECONDS`` without a batch): the next command
on the cluster finds them warm instead of starting a Python and importing the program on
every CPU (``benchmarks/two_nodes.py``).
"""

from __future__ import annotations

import hashlib
import logging
import os
import socket
import sys
import threading
import time
from itertools import chain, count
from pathlib import Path
from typing import Any

from .. import __version__
from ..errors import UserError
from .backends import (
    IN_FLIGHT,
    Backend,
    Played,
    Returned,
    RunBroken,
    Work,
    _play,
    _Pool,
    _unpack,
    _unwrapped,
    default_workers,
)

CHECK_SECONDS = 1.0  # how often a Ray run looks at its cluster: its head answering, its CPUs
LOST_AFTER = 2  # checks in a row the cluster's head must miss before the run stops
NO_CPU_SECONDS = 600.0  # how long a run waits for a cluster without CPUs to gain some
INSTALL_RAY = "--backend ray needs Ray: pip install 'belot-rules[cluster]' ('.[cluster]' in a checkout, or pip install ray)"
CALL_SECONDS = 0.05  # the work in a batch of chunks handed to a Ray actor at once
MAX_BATCH = 256  # chunks in one batch
NAMESPACE = "belot-rules"  # Ray's namespace of the actors, shared by every command on the cluster
IDLE_SECONDS = 300.0  # an actor without a batch for this long ends, giving its CPU back to the cluster


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


class _RayWorker:
    """A Ray actor of one CPU, long-lived: it plays batches of chunks of any run of any command, keeping the work
    of the latest few runs (fetched and unpickled once), after checking that it runs the driver's ``program``
    (the work of another version may not even unpickle). It ends once ``idle`` seconds pass without a batch.

    The work comes inside a list, so Ray hands over its reference instead of unpickling it for every batch.
    """

    def __init__(self, idle: float) -> None:
        self.used, self.busy = time.monotonic(), False
        threading.Thread(target=self._retire, args=(idle,), daemon=True).start()

    def _retire(self, idle: float) -> None:
        while self.busy or time.monotonic() - self.used < idle:
            time.sleep(min(idle, 5.0))
        self._end()

    def retire_if_idle(self) -> None:
        """End now unless playing: a run of another program waits for the CPU (called in the ``control`` group,
        so it is answered while a batch plays)."""
        if not self.busy:
            self._end()

    @staticmethod
    def _end() -> None:
        import ray

        ray.kill(ray.get_runtime_context().current_actor, no_restart=True)

    def play(self, work: list[Any], chunks: list[Any], program: str) -> Returned:
        self.busy = True
        try:
            return self._play(work, chunks, program)
        finally:
            self.used, self.busy = time.monotonic(), False

    def _play(self, work: list[Any], chunks: list[Any], program: str) -> Returned:
        import ray

        key = work[0].hex()
        known = _RAY_WORKS.get(key)
        if known is None:
            born = time.perf_counter()
            # Ray leaves it unannotated (and the ignore is unused where Ray is not installed).
            node = ray.util.get_node_ip_address()  # type: ignore[no-untyped-call, unused-ignore]
            here = program_identity()
            if here != program:
                raise OtherProgram(node, here, program)
            while len(_RAY_WORKS) >= 4:  # a long-lived cluster serves many runs: keep the latest few
                del _RAY_WORKS[next(iter(_RAY_WORKS))]
            known = _RAY_WORKS[key] = (ray.get(work[0]), f"{node}:{os.getpid()}", born)
        return _play(known[0], chunks, *known[1:])


class _RayPool:
    """A run's Ray actors, one a CPU (see :class:`_RayWorker`), each handed batches of chunks: as many as
    make ``CALL_SECONDS`` of work, so that a cluster's round trip is a small share of it however short the
    chunks. An actor lost with its worker process or node fails its batch here, which is played again.
    With ``follow``, the workers are the cluster's CPUs, re-read every ``CHECK_SECONDS``: nodes that join are
    used, and actors beyond the CPUs left after a node is lost are ended. The actors outlive the run: the next
    run, of this command or another, takes them warm."""

    def __init__(self, backend: RayBackend, work: Work, workers: int, follow: bool) -> None:
        self.ray: Any = backend.ray
        self.backend, self.follow, self.slots = backend, follow, workers
        self.ahead, self.batch = IN_FLIGHT, 1
        self.work = [self.ray.put(work)]
        self.program = program_identity()  # each actor checks it runs the same before it plays
        self.actors: dict[Any, int] = {}  # the run's actors -> the batches each holds
        self.numbers: dict[Any, int] = {}  # the run's actors -> the number in their name
        self.ended: set[int] = set()  # the numbers of the actors this run ended (their names may linger a moment)
        self.owner: dict[Any, Any] = {}  # a batch's handle -> the actor playing it
        self.proven: set[Any] = set()  # the actors that returned a batch (placed on a node, running)
        self.checked = self.had_cpus = time.monotonic()
        self.missed = 0  # checks in a row the cluster's head did not answer
        self._staff()

    def _staff(self) -> None:
        """As many actors as workers: new ones for CPUs that joined, those beyond the CPUs left ended."""
        if len(self.actors) < self.slots:
            # This program's actors on the cluster, whatever their numbers, then new ones.
            ours = _names(self.program)
            there = {int(name[len(ours):]) for name in _named_actors(self.ray) if name.startswith(ours)}
            taken = {self.numbers[actor] for actor in self.actors} | self.ended
            numbers = chain(sorted(there - taken), (n for n in count() if n not in there and n not in taken))
            while len(self.actors) < self.slots:
                number = next(numbers)
                actor = self.backend.new_actor(self.program, number)
                self.actors[actor], self.numbers[actor] = 0, number
        # Those never heard from first (a replacement Ray cannot place on the CPUs left), then the least busy.
        extra = sorted(self.actors, key=lambda actor: (actor in self.proven, self.actors[actor]))
        for actor in extra[:max(0, len(self.actors) - self.slots)]:
            self._end(actor)

    def _end(self, actor: Any) -> None:
        """End ``actor``: its batches fail here, and are played again by the others."""
        self.actors.pop(actor, None)
        self.ended.add(self.numbers[actor])
        self.ray.kill(actor, no_restart=True)

    def submit(self, chunks: list[Any]) -> Any:
        while True:
            if not self.actors:  # every actor lost since the last check
                self._staff()
            actor = min(self.actors, key=self.actors.__getitem__)  # the least busy
            try:
                handle = actor.play.remote(self.work, chunks, self.program)
            except Exception:  # noqa: BLE001 - an actor known to be gone (an earlier run's): another is taken
                del self.actors[actor]
                continue
            self.actors[actor] += 1
            self.owner[handle] = actor
            return handle

    def wait(self, handles: list[Any]) -> list[Any]:
        ready, _ = self.ray.wait(handles, num_returns=1, timeout=CHECK_SECONDS)
        if ready and len(handles) > 1:  # every result in: one call, not one per result
            ready, _ = self.ray.wait(handles, num_returns=len(handles), timeout=0)
        return list(ready)

    def result(self, handle: Any, chunks: list[Any]) -> list[tuple[Any, Played]]:
        actor = self.owner.pop(handle)
        if actor in self.actors:
            self.actors[actor] -= 1
        try:
            played = _unpack(self.ray.get(handle), chunks)
        except Exception as error:  # noqa: BLE001 - the run loop retries or reports it
            if isinstance(error, self.ray.exceptions.RayActorError):
                # Lost with its process or node, replaced at the next check. Ended too: a node just lost keeps
                # its actors' names until Ray declares it dead, and the replacement would be the same actor.
                self._end(actor)
                self.checked = 0.0
            other = _unwrapped(error)
            if isinstance(other, OtherProgram) and other.there == program_identity():
                # This machine's source files changed since the run began, to what the node runs: play again.
                self.program = other.there
                raise RuntimeError("this machine's belot-rules changed during the run") from None
            raise
        self.proven.add(actor)
        spent = sum(p.seconds for _, p in played) / len(chunks)
        self.batch = max(1, min(MAX_BATCH, round(CALL_SECONDS / spent) if spent > 0 else MAX_BATCH))
        return played

    def recover(self, handle: Any, error: BaseException) -> None:
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
        if self.missed:
            return
        cpus = int(self.ray.cluster_resources().get("CPU", 0))
        if self.follow:
            if cpus:
                self.had_cpus = now
                self.slots = self.backend.workers = cpus
            elif now - self.had_cpus > NO_CPU_SECONDS:
                raise RunBroken(f"the Ray cluster at {self.backend.address} has had no CPU for {NO_CPU_SECONDS:g} "
                                f"s: chunks run only on nodes with CPUs; add one (ray start --address "
                                f"{self.backend.address})")
        self.slots = max(1, min(self.slots, cpus)) if cpus else self.slots
        self._staff()
        if not self.proven.issuperset(self.actors):  # some not placed yet: are other programs' idle ones in the way?
            self._retire_others()

    def _retire_others(self) -> None:
        """Ask the actors of other programs (another version, earlier source files) to end if idle: they would
        keep the CPUs this run's actors wait for until ``IDLE_SECONDS`` pass."""
        ours = _names(self.program)
        for name in _named_actors(self.ray):
            if name.startswith(ours):
                continue
            try:
                other = self.ray.get_actor(name, namespace=NAMESPACE)
            except ValueError:  # ended meanwhile
                continue
            other.retire_if_idle.options(concurrency_group="control").remote()

    def close(self, stop: bool, handles: list[Any]) -> None:
        if self.missed >= LOST_AFTER:  # a lost cluster has no actor left
            return
        if stop:
            for actor in {self.owner[handle] for handle in handles if handle in self.owner}:
                self._end(actor)  # the batches they hold are dropped: a resumed run plays them again


class RayBackend(Backend):
    """Workers as Ray tasks: on the cluster at ``address``, or on a Ray started here for the run."""

    name = "ray"
    chunk_seconds = 1.0  # a chunk's round trip through the cluster costs milliseconds: keep it a small share

    def __init__(self, workers: int | None, address: str | None, ends_process: bool = False) -> None:
        try:
            import ray
        except ImportError:
            raise UserError(INSTALL_RAY) from None
        self.ray = ray
        self.owned = False
        _ray_messages_to_stderr()
        address = address or os.environ.get("RAY_ADDRESS") or None
        # A cluster joined by a process that ends with the command stays joined until then: ray.shutdown() spends a
        # quarter of a second in Ray's core worker saying goodbye, and its exit hook half a second more, about what
        # a 2,000-deal command takes. The cluster notices the driver gone (its actors are detached); the command line
        # ends the process at once once its output is written (cli.main, leave_cluster).
        self.stays = ends_process and address is not None
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
        # Ray leaves it unannotated (and the ignore is unused where Ray is not installed).
        cpus = int(ray.cluster_resources().get("CPU", 0))  # type: ignore[no-untyped-call, unused-ignore]
        if workers is not None and workers > cpus:
            self.close()
            raise UserError(f"--workers {workers} is more than the Ray cluster's {cpus} CPUs; leave it out to use "
                            f"every CPU, also of the nodes that join during the run")
        self.cpus, self.asked = cpus, workers
        self.actor_class: Any = None
        # A cluster without CPUs yet (a head of none, its nodes still starting) plays once nodes join.
        super().__init__(max(1, cpus) if workers is None else workers)

    def new_actor(self, program: str, number: int) -> Any:
        """The :class:`_RayWorker` called ``number`` of ``program``: the one an earlier run left running (of this
        command or another, or shared with one running), or a new one, placed by Ray on a node with a CPU free."""
        if self.actor_class is None:
            # A group of its own for retire_if_idle, answered while a batch plays (Ray's stubs lack the option).
            options: dict[str, Any] = {"num_cpus": 1, "max_restarts": 0, "max_task_retries": 0,
                                       "concurrency_groups": {"control": 1}}
            self.actor_class = self.ray.remote(**options)(_RayWorker)
        name = f"{_names(program)}{number}"
        return self.actor_class.options(name=name, namespace=NAMESPACE, lifetime="detached",
                                        get_if_exists=True).remote(IDLE_SECONDS)

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
        """End a Ray started here, and with it its actors; on a cluster joined, the actors stay for the next
        commands (until ``IDLE_SECONDS`` without a batch)."""
        if self.owned:
            if not self.stays:
                self.ray.shutdown()
            self.owned = False

    def __exit__(self, *exc: object) -> None:
        self.close()


def leave_cluster(status: int) -> None:
    """End the process now, with ``status``, where a command left the Ray cluster it joined connected (``stays``):
    its output written, nothing is left to do but Ray's goodbye, which the process need not wait for."""
    ray = sys.modules.get("ray")
    if ray is not None and ray.is_initialized():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _named_actors(ray: Any) -> list[str]:
    """The names of the actors in ``NAMESPACE`` on the cluster: every command's, of every program."""
    return [named["name"] for named in ray.util.list_named_actors(all_namespaces=True)
            if named["namespace"] == NAMESPACE]


def _names(program: str) -> str:
    """What the names of ``program``'s actors start with (a number follows)."""
    return f"worker-{hashlib.blake2b(program.encode(), digest_size=8).hexdigest()}-"


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
