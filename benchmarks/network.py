"""One ``belot host --lobby`` process holding many tables of scripted clients: the time from a move to its broadcast.

    python benchmarks/network.py [--tables 200] [--seconds 20] [--think 0.5] [--speed normal] [--json]

The server runs as the user runs it (``belot host --lobby`` on a free loopback port), in its own
process. This process opens ``--tables`` tables by code, each with two scripted players (who take
``--think`` seconds, at random up to twice that, to answer each question) and two random bots moving
at ``--speed``; all tables play at once for ``--seconds`` seconds. Each player times every move from
sending it to receiving the table's broadcast of it (its ``moved`` message): the time a player waits
to see the move made, through the server's parsing, the rules, the save and the send to all seats.

Target: the 99th percentile of that time under 50 ms with at least 200 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from websockets.asyncio.client import connect  # noqa: E402 - after the checkout is on the path

from belot_rules.net.protocol import VERSION  # noqa: E402

SEATS = ["human", "human", "random", "random"]


async def player(address: str, code: str, create: bool, think: float, until: float, rng: random.Random,
                 timings: list[float], counts: dict[str, int]) -> None:
    """One scripted seat: answer each question with a legal choice after thinking, timing each move's broadcast."""
    hello = {"type": "hello", "version": VERSION, "code": code, "name": f"p{int(create)}"}
    if create:
        hello["create"] = {"variant": "bulgarian", "seats": SEATS, "seed": rng.randrange(10 ** 6)}
    async with connect(f"ws://{address}/", max_size=2 ** 22, open_timeout=60) as socket:
        await socket.send(json.dumps(hello))
        seat, sent = None, None
        async for frame in socket:
            message = json.loads(frame)
            kind = message["type"]
            if kind == "welcome":
                seat = message["seat"]
            elif kind == "moved" and sent is not None and message["seat"] == seat:
                timings.append(time.perf_counter() - sent)
                sent = None
            elif kind == "turn":
                if time.monotonic() > until:
                    return
                await asyncio.sleep(think * 2 * rng.random())
                sent = time.perf_counter()
                await socket.send(json.dumps({"type": "move", "text": rng.choice(message["menu"])["key"]}))
            elif kind in ("error", "end", "refused"):
                counts[kind] = counts.get(kind, 0) + 1
                if kind != "refused":
                    return


async def fleet(address: str, tables: int, think: float, seconds: float, seed: int) -> tuple[list[float], dict[str, int]]:
    rng = random.Random(seed)
    timings: list[float] = []
    counts: dict[str, int] = {}
    until = time.monotonic() + seconds + 10  # the tables open over the first seconds
    tasks = []
    for number in range(tables):
        code = f"bench-{number}"
        tasks.append(asyncio.create_task(player(address, code, True, think, until, random.Random(rng.random()),
                                                timings, counts)))
        await asyncio.sleep(0.02)  # the table is open before its second player asks for it
        tasks.append(asyncio.create_task(player(address, code, False, think, until, random.Random(rng.random()),
                                                timings, counts)))
    await asyncio.sleep(10)
    timings.clear()  # measured once every table plays
    await asyncio.wait(tasks, timeout=seconds + 30)
    for task in tasks:
        task.cancel()
    return timings, counts


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (Linux), 0 where it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--think", type=float, default=0.5, help="a player's mean time to answer, in seconds")
    parser.add_argument("--speed", default="normal", choices=["slow", "normal", "fast", "instant"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--address", help="a lobby already running (belot host --lobby), for profiling it")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.address:
        timings, counts = asyncio.run(fleet(args.address, args.tables, args.think, args.seconds, args.seed))
        return report(args, timings, counts, 0.0)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    saves = tempfile.TemporaryDirectory()  # the lobby saves its tables after every move, as it does for users
    server = subprocess.Popen([sys.executable, "-m", "belot_rules", "host", "--lobby", "--port", "0", "--speed",
                               args.speed, "--wait", "600", "--save", saves.name],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True, bufsize=1)
    try:
        assert server.stdout is not None
        address = ""
        for line in server.stdout:
            if line.startswith("Listening on "):
                address = line.split()[2].rstrip(",")
                break
        if not address:
            raise SystemExit("belot host --lobby did not start")
        timings, counts = asyncio.run(fleet(address, args.tables, args.think, args.seconds, args.seed))
        server_cpu = cpu_seconds(server.pid)
    finally:
        server.terminate()
        server.wait(10)
        saves.cleanup()
    return report(args, timings, counts, server_cpu)


def report(args: argparse.Namespace, timings: list[float], counts: dict[str, int], server_cpu: float) -> int:
    result = {"tables": args.tables, "moves": len(timings), "errors": counts.get("error", 0),
              "refused": counts.get("refused", 0),
              "p50_ms": round(1000 * statistics.median(timings), 2) if timings else None,
              "p99_ms": round(1000 * percentile(timings, 0.99), 2) if timings else None,
              "max_ms": round(1000 * max(timings), 2) if timings else None,
              "server_cpu_s": round(server_cpu, 1), "clients_cpu_s": round(time.process_time(), 1)}
    result["target_met"] = bool(timings) and result["p99_ms"] < 50 and args.tables >= 200 and not result["errors"]
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['tables']} tables, {result['moves']} moves timed: move to broadcast median "
              f"{result['p50_ms']} ms, 99th percentile {result['p99_ms']} ms (target < 50 ms), max {result['max_ms']} ms; "
              f"errors {result['errors']}, refused {result['refused']}; CPU seconds: server {result['server_cpu_s']}, "
              f"clients {result['clients_cpu_s']}")
    return 0 if result["target_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
