"""The Ray backend against local worker processes, and what chunking costs each worker.

    python benchmarks/backends.py [--deals 2000] [--workers 2] [--rounds 5] [--variant bulgarian] [--json]

Speed: ``--deals`` simulated deals of heuristic bots on ``--workers`` local processes and on
as many Ray workers, interleaved in ``--rounds`` rounds (local, Ray, local, Ray, ...) so that a
busy machine slows both alike; the ratio of the two medians is Ray's cost. Ray runs on a
cluster started once before the rounds (a command joining a running cluster, as on a real
one), and one untimed run of each backend first lets the workers import the program. Target:
Ray at most 1.3x local.

Overhead: each worker's busy time not spent playing (scheduling, receiving the rules,
serialising results), as a share of its busy time, at the default chunk size, summed over
the timed runs of each backend: what ``--verbose`` prints. Target: under 5%.
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import sys
import time
from pathlib import Path

# The checkout's code, not an installed copy: Ray's workers import the code of the folder the run starts in.
sys.path[:0] = [str(Path(__file__).resolve().parent.parent)]

from belot_rules import load_variant
from belot_rules.sim.backends import WorkerLoad, combined, open_backend
from belot_rules.sim.simulate import DEALS, simulate


def timed(backend_name: str, workers: int, variant: str, deals: int, seed: int) -> tuple[float, list[WorkerLoad]]:
    ruleset = load_variant(variant)
    with open_backend(backend_name, workers) as backend:
        started = time.perf_counter()
        result = simulate(ruleset, DEALS, deals, seed=seed, backend=backend)
        return time.perf_counter() - started, list(result.loads)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--variant", default="bulgarian")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    import ray

    ray.init(address="local", num_cpus=args.workers, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR)
    try:
        times: dict[str, list[float]] = {"local": [], "ray": []}
        loads: dict[str, list[WorkerLoad]] = {"local": [], "ray": []}
        for name in times:  # untimed: the workers import the program and compile the rules
            timed(name, args.workers, args.variant, args.deals, seed=999)
        for round_ in range(args.rounds):
            for name in times:
                seconds, worker_loads = timed(name, args.workers, args.variant, args.deals, seed=round_)
                times[name].append(seconds)
                loads[name] += worker_loads
    finally:
        ray.shutdown()
    medians = {name: statistics.median(values) for name, values in times.items()}
    report = {
        "deals": args.deals, "workers": args.workers, "rounds": args.rounds, "variant": args.variant,
        "seconds": {name: [round(t, 3) for t in values] for name, values in times.items()},
        "median_seconds": {name: round(m, 3) for name, m in medians.items()},
        "ray_over_local": round(medians["ray"] / medians["local"], 3),
        "round_ratios": [round(r / lo, 3) for r, lo in zip(times["ray"], times["local"])],
        "overhead": {name: round(combined(values).overhead, 4) for name, values in loads.items()},
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{args.deals} deals of {args.variant}, heuristic bots, {args.workers} workers, {args.rounds} rounds")
    for name in times:
        print(f"  {name:5}: median {medians[name]:.2f} s ({', '.join(f'{t:.2f}' for t in times[name])}); "
              f"worker overhead {100 * report['overhead'][name]:.1f}% of busy time")
    print(f"  ray / local: {report['ray_over_local']:.2f} (per round: "
          f"{', '.join(f'{r:.2f}' for r in report['round_ratios'])}); target <= 1.3")


if __name__ == "__main__":
    main()
