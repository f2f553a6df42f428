"""Resuming a long run from its results file: time and memory of ``--resume`` on a 10^7-deal file.

    python benchmarks/resume.py [--deals 10000000] [--chunk 250] [--json]

Writes the results file of ``belot simulate --variant bulgarian --deals N --seed 1`` as a
run would have left it with every chunk finished (``--chunk`` deals a line: 250 was the old
fixed size, and is the most lines a run of this length writes with sizes from the measured
time), from a few chunks really played, their tallies repeated at every start. Then runs the
command with ``--resume`` as a user does, in a new process, and reports its wall-clock and
CPU time and its peak resident memory, beside those of the same command resuming a file of one chunk
(Python, the program and its imports). Targets: under 5 s and 100 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from belot_rules import load_variant
from belot_rules.sim.backends import Played
from belot_rules.sim.plan import Chunk, ChunkPlan
from belot_rules.sim.runs import ResultsFile
from belot_rules.sim.simulate import DEALS, DEFAULT_SEATS, Plan, play_chunk
from belot_rules.sim.stats import tally_to_json

PLAYED = 4  # chunks really played; their tallies are repeated


def write_file(path: Path, deals: int, chunk: int, seed: int) -> int:
    """The results file of a finished ``deals``-deal run, in lines of ``chunk`` deals; its number of lines."""
    ruleset = load_variant("bulgarian")
    plan = Plan(((ruleset.variant, ruleset.content_hash),), DEALS, DEFAULT_SEATS, seed)
    results = ResultsFile(path, plan.describe(deals), False, tally_to_json, lambda data, chunk: data,
                          ChunkPlan([deals]), lambda chunk, played: None)
    tallies = [play_chunk(plan, Chunk(0, i * chunk, chunk)) for i in range(PLAYED)]
    lines = 0
    for start in range(0, deals - deals % chunk, chunk):
        results.add(Chunk(0, start, chunk), Played(tallies[lines % PLAYED], "benchmark:0", 0.05, 0.05))
        lines += 1
    if deals % chunk:  # the last, shorter chunk is played for real
        last = Chunk(0, deals - deals % chunk, deals % chunk)
        results.add(last, Played(play_chunk(plan, last), "benchmark:0", 0.05, 0.05))
        lines += 1
    results.close()
    return lines


def resume(path: Path, deals: int, seed: int) -> tuple[float, float, float, dict[str, object]]:
    """Wall-clock seconds, CPU seconds and peak resident MB of ``belot simulate ... --resume`` in a new process
    (on a busy machine its CPU time is what an idle one's wall-clock time would be); its JSON."""
    command = [sys.executable, "-m", "belot_rules", "simulate", "--variant", "bulgarian", "--deals", str(deals),
               "--seed", str(seed), "--workers", "1", "--json", "--out", str(path), "--resume"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    peak, before = after.ru_maxrss, before.ru_maxrss
    if peak <= before:
        raise SystemExit("run this benchmark in a fresh process: an earlier child's peak hides this one's")
    return seconds, cpu, peak / 1024, json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10**7)
    parser.add_argument("--chunk", type=int, default=250, help="deals per line of the file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.chunk < 1 or args.deals < PLAYED * args.chunk:
        parser.error(f"--chunk must be at least 1 and --deals at least {PLAYED} chunks")
    with tempfile.TemporaryDirectory() as folder:
        small, big = Path(folder, "small.jsonl"), Path(folder, "big.jsonl")
        write_file(small, PLAYED * args.chunk, args.chunk, args.seed)
        base_seconds, base_cpu, base_mb, _ = resume(small, PLAYED * args.chunk, args.seed)
        lines = write_file(big, args.deals, args.chunk, args.seed)
        size_mb = os.path.getsize(big) / 2**20
        seconds, cpu, mb, report = resume(big, args.deals, args.seed)
    if report["deals"] != args.deals:
        raise SystemExit(f"the resumed run counted {report['deals']} deals, not {args.deals}")
    result = {"deals": args.deals, "lines": lines, "file_mb": round(size_mb, 1), "seconds": round(seconds, 2),
              "cpu_seconds": round(cpu, 2), "peak_mb": round(mb, 1), "one_chunk_seconds": round(base_seconds, 2),
              "one_chunk_cpu_seconds": round(base_cpu, 2), "one_chunk_peak_mb": round(base_mb, 1)}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"--resume of {args.deals:,} deals ({lines:,} lines, {size_mb:.0f} MB): {seconds:.2f} s ({cpu:.2f} s CPU), "
          f"peak {mb:.0f} MB; a file of one chunk: {base_seconds:.2f} s ({base_cpu:.2f} s CPU), {base_mb:.0f} MB; "
          f"targets 5 s, 100 MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
