"""How many chunks a second the run's driver sustains: no-op chunks through a backend.

    python benchmarks/driver.py [--chunks 20000] [--workers 2] [--address HOST:PORT] [--json]

Each chunk's work returns at once, so the time is the driver's and the backend's alone:
handing chunks out, waiting for their results, unpickling them, and the run's bookkeeping
(the results file's line and the progress of each chunk, as ``play_run`` does them). Measured
on this process (``local``, one worker), on local worker processes, and on a Ray cluster of
``--workers`` CPUs started here before the timing (a command joining a running cluster), or on
the cluster at ``--address`` (``benchmarks/two_nodes.py`` starts one of two nodes).
Target: at least 5,000 chunks a second on Ray.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
import time
from pathlib import Path

# The checkout's code, not an installed copy: Ray's workers import the code of the folder the run starts in.
sys.path[:0] = [str(Path(__file__).resolve().parent.parent)]

from belot_rules.sim.backends import open_backend
from belot_rules.sim.plan import ChunkPlan
from belot_rules.sim.runs import ResultsFile, play_run


class NoOp:
    """Work whose every chunk is played at once: its result is its size."""

    def play(self, chunk: object) -> int:
        return 1


def per_second(backend_name: str, workers: int, chunks: int) -> float:
    """No-op chunks a second through ``play_run`` on the backend, each chunk one unit, with a results file."""
    plan = ChunkPlan([chunks])
    plan.size = lambda stream: 1  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as folder, open_backend(backend_name, workers) as backend:
        play_run(backend, NoOp(), ChunkPlan([workers * 20]), lambda chunk, played: None)  # the workers warm
        results = ResultsFile(Path(folder, "run.jsonl"), {"kind": "benchmark"}, False, lambda r: r,
                              lambda r, chunk: r, plan, lambda chunk, played: None)
        started = time.perf_counter()
        play_run(backend, NoOp(), plan, lambda chunk, played: None, lambda done, total: None, results)
        seconds = time.perf_counter() - started
        results.close()
    return chunks / seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chunks", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--address", help="a running Ray cluster to join instead of starting one")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result: dict[str, object] = {"chunks": args.chunks, "workers": args.workers,
                                 "here": round(per_second("local", 1, args.chunks)),
                                 "local": round(per_second("local", args.workers, args.chunks))}
    try:
        import ray
    except ImportError:
        ray = None
    if ray is not None:
        here: dict[str, object] = {"num_cpus": args.workers, "include_dashboard": False}
        ray.init(address=args.address or "local", **({} if args.address else here), log_to_driver=False,
                 logging_level=logging.ERROR)
        try:
            result["ray"] = round(per_second("ray", args.workers, args.chunks))
        finally:
            ray.shutdown()
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"no-op chunks a second through the driver ({args.chunks:,} chunks, {args.workers} workers): "
          f"this process {result['here']:,}, local processes {result['local']:,}"
          + (f", Ray {result['ray']:,} (target 5,000)" if "ray" in result else ", Ray not installed"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
