"""A long fuzzing run of every reader and the prompts (the bounded version runs in tests/test_fuzz.py).

    python benchmarks/fuzz.py [--cases N] [--seed S] [--timeout SECONDS] [--json]

Each of the targets of tests/fuzzing.py (variant files, deal outcomes as JSON and YAML,
records, saves, prompt lines) is fed N mutated copies of a valid seed file. A case passes
with a correct result or a one-screen UserError; any other exception counts as a
traceback, and a case still running after --timeout seconds as a hang. The failing
cases are printed with their seed so that each can be replayed. Exit status 1 if any.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzzing import TARGETS, mutate, run_case, save_seed  # noqa: E402


class Hang(Exception):
    """A case ran past its time."""


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000, help="cases per target (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds before a case counts as a hang")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seeds = {name: seed for name, (_, seed) in TARGETS.items()} | {"save": save_seed()}
    signal.signal(signal.SIGALRM, _alarm)
    results: dict[str, dict[str, object]] = {}
    failures: list[str] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for name, seed in seeds.items():
            counts = {"cases": 0, "tracebacks": 0, "hangs": 0, "slowest_seconds": 0.0}
            for case in range(args.cases):
                rng = random.Random(f"{args.seed}-{name}-{case}")
                text = mutate(seed, rng, rng.randint(1, 6))
                began = time.perf_counter()
                signal.setitimer(signal.ITIMER_REAL, args.timeout)
                try:
                    run_case(name, text, Path(folder))
                except Hang:
                    counts["hangs"] += 1
                    failures.append(f"{name} case {case}: still running after {args.timeout} s")
                except Exception:  # noqa: BLE001 - every other escape is what the run looks for
                    counts["tracebacks"] += 1
                    failures.append(f"{name} case {case}: {traceback.format_exc(limit=3)[-400:]}")
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                counts["cases"] += 1
                counts["slowest_seconds"] = round(max(counts["slowest_seconds"], time.perf_counter() - began), 3)
            results[name] = counts
    total = {key: sum(r[key] for r in results.values()) for key in ("cases", "tracebacks", "hangs")}
    summary = {"targets": results, **total, "seconds": round(time.perf_counter() - started, 1), "seed": args.seed}
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        for name, counts in results.items():
            print(f"{name:13} {counts['cases']:6} cases  {counts['tracebacks']} tracebacks  {counts['hangs']} hangs"
                  f"  slowest {counts['slowest_seconds']} s")
        print(f"total         {total['cases']:6} cases  {total['tracebacks']} tracebacks  {total['hangs']} hangs"
              f"  in {summary['seconds']} s")
    for failure in failures[:20]:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
