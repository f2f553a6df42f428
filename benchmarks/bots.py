"""Bot strength and simulation speed, each with what it is measured against.

    python benchmarks/bots.py [--matches 500] [--variants bulgarian,french] [--deals 10000] [--workers 2]
                              [--runs 5] [--no-timing] [--json]

Strength: the heuristic pair against the random pair over ``--matches`` seeded
matches of each of ``--variants`` (each pair sits on each side for half of
them), as a win rate with its Wilson 95% interval; a drawn match (a fixed
number of deals ending level) counts as not won. Target: at least 90%. At a
table of two or three without partners, one heuristic player against random
ones, from each seat in turn; target: at least 80%.

Speed: the median wall-clock time of ``--runs`` runs of ``belot compare bulgarian
french --simulate N`` (the command as a user runs it, start-up included, on
``--workers`` processes; one run on a shared machine says little); then,
measured in the same run on one core, the CPU time per deal of the same
simulation and of a random playout through the engine, whose ratio does not
depend on how fast or how busy the machine is. Target: at most 5 s for
N = 10,000 on two cores.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

from belot_rules import load_variant
from belot_rules.engine.playout import random_deal
from belot_rules.sim.simulate import DEALS, MATCHES, simulate, simulate_many
from belot_rules.sim.stats import Rate

HEURISTIC_FIRST = ("heuristic", "random", "heuristic", "random")
RANDOM_FIRST = ("random", "heuristic", "random", "heuristic")


def strength(variant: str, matches: int, workers: int, seed: int) -> dict[str, object]:
    """Matches won by the heuristic side against random players: the heuristic pair against the random
    pair, half of them from each side; at a table without partners one heuristic player against random
    ones, an equal share of the matches from each seat."""
    ruleset = load_variant(variant)
    table = ruleset.seating
    if table.partners:
        lineups = [(HEURISTIC_FIRST, 0), (RANDOM_FIRST, 1)]
    else:
        lineups = [(tuple("heuristic" if seat == own else "random" for seat in table.seats), own)
                   for own in table.seats]
    started = time.perf_counter()
    wins = deals = 0
    for number, (seats, side) in enumerate(lineups):
        count = matches // len(lineups) + (number < matches % len(lineups))
        result = simulate(ruleset, MATCHES, count, seats, seed + number, workers)
        wins += result.tally.counts.get(f"wins.{table.side_keys[side]}", 0)
        deals += result.tally.deals
    rate = Rate(wins, matches)
    low, high = rate.interval
    return {"variant": variant, "matches": matches, "heuristic_wins": wins, "rate": round(rate.value, 4),
            "low": round(low, 4), "high": round(high, 4), "deals": deals,
            "seconds": round(time.perf_counter() - started, 2)}


def compare_timing(deals: int, workers: int, runs: int) -> dict[str, object]:
    """The compare command's wall-clock time over ``runs`` runs; CPU time per deal of the same work and of
    random playouts on one core."""
    command = [sys.executable, "-m", "belot_rules", "compare", "bulgarian", "french", "--simulate", str(deals),
               "--workers", str(workers), "--json"]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    rulesets = [load_variant("bulgarian"), load_variant("french")]
    sample = max(1, deals // 5)
    started = time.process_time()
    simulate_many(rulesets, DEALS, sample, seed=1, workers=1)
    heuristic = (time.process_time() - started) / (2 * sample)
    rng = random.Random(1)
    started = time.process_time()
    for ruleset in rulesets:
        for number in range(sample):
            random_deal(ruleset, rng, number % ruleset.seating.players)
    playout = (time.process_time() - started) / (2 * sample)
    return {"command": " ".join(["belot", *command[3:]]), "deals_per_variant": deals, "workers": workers,
            "seconds": round(statistics.median(times), 2), "fastest": round(min(times), 2),
            "slowest": round(max(times), 2), "runs": runs, "heuristic_cpu_us_per_deal": round(1e6 * heuristic),
            "random_playout_cpu_us_per_deal": round(1e6 * playout), "ratio": round(heuristic / playout, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--variants", default="bulgarian,french", help="comma-separated variants to measure strength on")
    parser.add_argument("--no-timing", action="store_true", help="measure strength only, not the compare command")
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5, help="times the compare command is timed (median reported)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.matches < 2 or args.deals < 1 or args.runs < 1:
        parser.error("--matches needs at least 2 (each pair sits on each side), --deals and --runs at least 1")
    result: dict[str, object] = {
        "strength": [strength(v, args.matches, args.workers, args.seed) for v in args.variants.split(",")],
    }
    if not args.no_timing:
        result["compare"] = compare_timing(args.deals, args.workers, args.runs)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for s in result["strength"]:
        print(f"{s['variant']}: heuristic side won {s['heuristic_wins']} of {s['matches']} matches against random "
              f"= {100 * s['rate']:.1f}% (95% CI {100 * s['low']:.1f}-{100 * s['high']:.1f}%), "
              f"{s['deals']} deals in {s['seconds']} s")
    if args.no_timing:
        return 0
    c = result["compare"]
    print(f"{c['command']}: median {c['seconds']} s of {c['runs']} runs ({c['fastest']}-{c['slowest']} s) "
          f"on {c['workers']} workers; one core's CPU time per deal: "
          f"{c['heuristic_cpu_us_per_deal']} us with heuristic bots, {c['random_playout_cpu_us_per_deal']} us "
          f"for a random playout (ratio {c['ratio']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
