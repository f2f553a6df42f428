"""A two-node Ray cluster on this machine, and the commands measured and broken on it against local runs.

    python benchmarks/two_nodes.py all [--rounds 3] [--minute-deals N] [--json]   # start, measure, faults, stop
    python benchmarks/two_nodes.py start | measure | faults | stop

``start`` runs two ``ray start --block`` (each in its own process group and temporary folder, with
``RAY_AUTH_MODE=token``): a head of ``--cpus`` CPUs at 127.0.0.1 (Ray may bind it to the machine's
address: the address it prints is the one joined) and a second node of as many at 127.0.0.2.
``stop`` ends both process groups (by their ids: ``ray stop`` would end every Ray of the machine).

``measure`` runs each command on local processes and on the cluster with as many workers, in
turn, ``--rounds`` times (a busy machine slows both alike) and reports the medians: a simulation
of ``--minute-deals`` deals (about a minute locally; target Ray <= 1.1x local), a 2,000-deal one
(target <= 1.5x), each command a new process joining the cluster, with the workers' overhead
``--verbose`` prints (target under 5%); then
``benchmarks/driver.py`` against the cluster (target >= 5,000 chunks a second) and
``benchmarks/resume.py`` (a 10^7-deal file: targets 5 s and 100 MB).

``faults`` runs a simulation with ``--json --out`` on the cluster and kills a worker, the second
node, or the head while it plays: stdout must hold valid JSON or nothing, and the numbers, once a
run killed with its head is resumed on a new cluster, those of a local run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent  # Ray's workers import the code of the folder the run starts in
STATE = Path(tempfile.gettempdir(), "belot-two-nodes")
ENV = {**os.environ, "RAY_AUTH_MODE": "token", "PYTHONPATH": str(ROOT)}
TIMING = {"seconds", "deals_per_second", "workers", "backend"}
FAULT_DEALS = 100_000  # a run of some 15 s on two CPUs: time to kill something while it plays


def _state() -> dict[str, Any]:
    try:
        return dict(json.loads((STATE / "cluster.json").read_text()))
    except FileNotFoundError:
        raise SystemExit(f"no cluster started: python {sys.argv[0]} start") from None


def _ray_start(name: str, *args: str) -> int:
    """``ray start --block`` in a new process group, once it says the node runs: the group's id. The group stays in
    this session: Linux shares the CPU between sessions (autogroup), and a node in a session of its own would take
    a share as large as the local run's whole on a busy machine."""
    folder = STATE / name
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "ray-start.log"
    with log.open("w") as out:
        process = subprocess.Popen(["ray", "start", "--block", "--disable-usage-stats", "--temp-dir", str(folder),
                                    *args], stdout=out, stderr=subprocess.STDOUT,
                                   env=ENV, process_group=0)
    deadline = time.monotonic() + 60
    while "Ray runtime started" not in log.read_text():
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"ray start of the {name} failed:\n{log.read_text()}")
        time.sleep(0.2)
    return process.pid


def start(cpus: int, port: int) -> dict[str, Any]:
    STATE.mkdir(parents=True, exist_ok=True)
    state: dict[str, Any] = {}
    state["head"] = _ray_start("head", "--head", "--node-ip-address", "127.0.0.1", "--port", str(port),
                               "--num-cpus", str(cpus), "--include-dashboard", "false")
    (STATE / "cluster.json").write_text(json.dumps(state))  # what stop ends, should the node not start
    found = re.search(r"--address='([^']+)'", (STATE / "head" / "ray-start.log").read_text())
    if found is None:
        raise SystemExit("the head printed no address")
    state["address"] = found.group(1)
    state["node"] = _ray_start("node", "--address", state["address"], "--node-ip-address", "127.0.0.2",
                               "--num-cpus", str(cpus))
    state["cpus"] = 2 * cpus
    (STATE / "cluster.json").write_text(json.dumps(state))
    check = ("import logging, time, ray\n"
             f"ray.init(address={state['address']!r}, log_to_driver=False, logging_level=logging.ERROR)\n"
             f"while ray.cluster_resources().get('CPU', 0) < {state['cpus']}: time.sleep(0.2)\n")
    subprocess.run([sys.executable, "-c", check], env=ENV, check=True, timeout=60)
    print(f"two nodes of {cpus} CPU(s) each: export RAY_AUTH_MODE=token RAY_ADDRESS={state['address']}",
          file=sys.stderr)
    return state


def _end_group(group: int, signum: int = signal.SIGTERM) -> None:
    """End a node's process group (its raylet, its workers, and at the head the cluster's services)."""
    for sent in (signum, signal.SIGKILL):
        try:
            os.killpg(group, sent)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                return
            time.sleep(0.2)


def stop() -> None:
    state = _state()
    for name in ("node", "head"):
        if name in state:
            _end_group(state[name])
    (STATE / "cluster.json").unlink()


def _simulate(deals: int, ray: bool, *more: str, seed: int = 1) -> subprocess.CompletedProcess[str]:
    where = ["--backend", "ray", "--address", _state()["address"]] if ray else ["--workers", "2"]
    command = [sys.executable, "-m", "belot_rules", "simulate", "--variant", "bulgarian", "--deals", str(deals),
               "--seed", str(seed), "--json", *where, *more]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=ENV)


def _timed(deals: int, ray: bool) -> tuple[float, float]:
    """Wall-clock seconds of a simulation command, start-up included, and its workers' overhead."""
    started = time.perf_counter()
    done = _simulate(deals, ray, "--verbose")
    seconds = time.perf_counter() - started
    if done.returncode:
        raise SystemExit(f"simulate failed:\n{done.stderr}")
    json.loads(done.stdout)
    overhead = re.search(r"overhead ([0-9.]+)% of their busy time", done.stderr)
    return seconds, float(overhead.group(1)) if overhead else float("nan")


def _script(name: str, *args: str) -> dict[str, Any]:
    command = [sys.executable, str(ROOT / "benchmarks" / name), *args, "--json"]
    return dict(json.loads(subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT,
                                          env=ENV).stdout))


def measure(rounds: int, minute_deals: int) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for label, deals in (("2000_deals", 2000), ("minute", minute_deals)):
        if not deals:  # --minute-deals 0: the 2,000-deal command alone
            continue
        times: dict[str, list[float]] = {"local": [], "ray": []}
        overheads: dict[str, list[float]] = {"local": [], "ray": []}
        _timed(deals if deals < 10_000 else 10_000, True)  # untimed: the cluster's workers start
        for _ in range(rounds):
            for name in times:
                seconds, overhead = _timed(deals, name == "ray")
                times[name].append(round(seconds, 2))
                overheads[name].append(overhead)
        medians = {name: statistics.median(values) for name, values in times.items()}
        report[label] = {"deals": deals, "seconds": times, "overhead_percent": overheads,
                         "ray_over_local": round(medians["ray"] / medians["local"], 3)}
        print(f"{label}: {report[label]}", file=sys.stderr)
    report["driver"] = _script("driver.py", "--chunks", "20000", "--address", _state()["address"])
    print(f"driver: {report['driver']}", file=sys.stderr)
    report["resume"] = _script("resume.py")
    return report


def _numbers(stdout: str) -> dict[str, Any]:
    return {key: value for key, value in json.loads(stdout).items() if key not in TIMING}


def _kill_worker() -> None:
    """SIGKILL one actor process of the run (Ray titles them ``ray::_RayWorker...``): a child of one of the nodes'
    raylets, in a process group of its own (so not found by the node's group, nor by ``ps -g``, a session)."""
    state = _state()
    listed = subprocess.run(["ps", "-eo", "pid=,ppid=,pgid=,args="], capture_output=True, text=True).stdout
    processes = [line.split(None, 3) for line in listed.splitlines() if len(line.split(None, 3)) == 4]
    group_of = {int(pid): int(pgid) for pid, _, pgid, _ in processes}
    for pid, ppid, _, args in processes:
        if args.startswith("ray::_RayWorker") and group_of.get(int(ppid)) in (state["node"], state["head"]):
            os.kill(int(pid), signal.SIGKILL)
            return
    raise SystemExit("no worker of the run to kill")


def _under_fault(kind: str, out: Path) -> subprocess.CompletedProcess[str]:
    """The simulation on the cluster, with ``kind`` killed 5 s after it starts."""
    where = ["--backend", "ray", "--address", _state()["address"]]
    command = [sys.executable, "-m", "belot_rules", "simulate", "--variant", "bulgarian", "--deals",
               str(FAULT_DEALS), "--seed", "3", "--json", "--out", str(out), *where]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV)
    time.sleep(5)
    if kind == "worker":
        _kill_worker()
    else:
        _end_group(_state()[kind], signal.SIGKILL)
    stdout, stderr = process.communicate(timeout=300)
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def faults(cpus: int, port: int) -> dict[str, Any]:
    local = _simulate(FAULT_DEALS, False, seed=3)
    expected = _numbers(local.stdout)
    report: dict[str, Any] = {}
    for kind in ("worker", "node", "head"):
        out = STATE / f"{kind}.jsonl"
        out.unlink(missing_ok=True)
        started = time.perf_counter()
        done = _under_fault(kind, out)
        seen: dict[str, Any] = {"status": done.returncode, "seconds": round(time.perf_counter() - started, 1),
                                "stdout_lines": len(done.stdout.splitlines()),
                                "stderr_tail": done.stderr.strip().splitlines()[-3:]}
        if done.stdout.strip():
            seen["same_numbers"] = _numbers(done.stdout) == expected  # fails here if stdout is not JSON
        stop()
        start(cpus, port)
        if done.returncode:  # the run stopped: it goes on with --resume on the new cluster
            resumed = _simulate(FAULT_DEALS, True, "--out", str(out), "--resume", seed=3)
            seen["resumed_status"] = resumed.returncode
            seen["resumed_same_numbers"] = _numbers(resumed.stdout) == expected
        report[kind] = seen
        print(f"{kind} killed: {seen}", file=sys.stderr)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("all", "start", "measure", "faults", "stop"))
    parser.add_argument("--cpus", type=int, default=1, help="CPUs of each node")
    parser.add_argument("--port", type=int, default=6391, help="the head's port")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--minute-deals", type=int, default=400_000, help="0: leave that run out")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    if args.action in ("all", "start"):
        report["cluster"] = start(args.cpus, args.port)
    try:
        if args.action in ("all", "measure"):
            report["measure"] = measure(args.rounds, args.minute_deals)
        if args.action in ("all", "faults"):
            report["faults"] = faults(args.cpus, args.port)
    finally:
        if args.action in ("all", "stop"):
            stop()
    if args.action != "stop":
        print(json.dumps(report, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
