"""The commands users run, against the tuned bitmask loop in the same run.

    python benchmarks/commands.py [--deals 3000] [--compare 10000] [--workers 2] [--runs 3] [--json]

On one core, interleaved in rounds and timed in CPU seconds (the fastest round of each, so the
ratios hold on a busy machine): the tuned loop of ``search.py`` (a hand-tuned random playout of
a Bulgarian hearts deal), the chunks ``belot simulate --variant bulgarian`` plays with random
seats (``--seats random,random,random,random``) and with its default heuristic seats (auction,
declarations, eight tricks and scoring, the tally included: exactly what a worker runs), and
the search bot's rollout (the heuristic card play at every seat from trick 1 of a sampled
deal, as :class:`SearchPlayer` runs it per candidate and sampled deal). Targets: random seats
at least 0.5 of the tuned loop, heuristic seats at least 0.2.

Then the wall-clock time of ``belot compare bulgarian french --simulate N --workers W`` as a
user runs it (start-up included), the median of ``--runs`` runs, and an estimate of it on an idle
machine from CPU times (:func:`compare_wall`), which a busy machine changes far less than wall-clock
time. Target: at most 3 s for N = 10,000 on two workers of an idle machine.

The kernel ``belot_rules._playout`` is used where it is built (``python setup.py build_ext
--inplace``; ``"kernel"`` in the JSON says so), and random seats are then measured in pure
Python too, in the same rounds (``simulate_random_seats_python``), deal by deal as the code before the kernel's
whole random deals played them (each deal a ``DealState``, its tricks and score in the kernel:
``simulate_random_seats_deal_by_deal``), and so with the scoring in Python too
(``simulate_random_seats_python_scoring``). In a checkout:
``PYTHONPATH=$PWD:$PWD/benchmarks``.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from playouts import KERNEL, engine_loop  # beside this file, as the tuned loop
from search import tuned_deal

from belot_rules import load_variant
from belot_rules.engine.deal import DealState
from belot_rules.players.memory import Memory
from belot_rules.players.search import SearchPlayer
from belot_rules.sim import simulate as simulate_module
from belot_rules.sim.plan import Chunk, compiled
from belot_rules.sim.simulate import DEALS, Plan, play_chunk

ROUNDS = 15


def fastest(runs: list[Callable[[int, int], object]], deals: int, rounds: int = ROUNDS) -> list[float]:
    """CPU seconds per deal of each of ``runs`` (called as ``run(round, count)`` to play ``count`` deals),
    interleaved in ``rounds`` rounds; each run's fastest round counts."""
    count = max(1, deals // rounds)
    best = [float("inf")] * len(runs)
    for number in range(rounds):
        for i, run in enumerate(runs):
            started = time.process_time()
            run(number, count)
            best[i] = min(best[i], time.process_time() - started)
    return [b / count for b in best]


def chunks_of(seats: tuple[str, ...], seed: int) -> Callable[[int, int], object]:
    """``belot simulate --variant bulgarian --seats ...``'s work: the chunk of ``count`` deals numbered ``round``."""
    loaded = load_variant("bulgarian")  # with its content hash, the rules' key as a command's plan holds it
    plan = Plan(((loaded.variant, loaded.content_hash),), DEALS, seats, seed)
    return lambda number, count: play_chunk(plan, Chunk(0, number * count, count))


def rollouts(seed: int) -> Callable[[int, int], object]:
    """The search bot's rollouts of hearts deals from trick 1, as it plays them per candidate card."""
    ruleset = load_variant("bulgarian")
    search, rng = SearchPlayer(ruleset, seed), random.Random(seed)
    tables, obligations = ruleset.tables["hearts"], ruleset.obligations["hearts"]

    def run(number: int, count: int) -> None:
        for _ in range(count):
            deck = list(range(32))
            rng.shuffle(deck)
            state = DealState.from_hands(ruleset, [sum(1 << c for c in deck[i::4]) for i in range(4)], 0, "hearts", 1)
            search._roll_out(state, Memory(tables, obligations, ruleset.seating.players))

    return run


def deal_by_deal(run: Callable[[int, int], object]) -> Callable[[int, int], object]:
    """``run`` (chunks of ``chunks_of``) with the kernel's whole random deals (engine/random_deals.py) switched off: each
    deal played on a ``DealState``, the kernel playing its tricks and scoring it, as before them."""

    def played(number: int, count: int) -> None:
        real = simulate_module.random_tables
        simulate_module.random_tables = lambda ruleset: None
        try:
            run(number, count)
        finally:
            simulate_module.random_tables = real

    return played


def scored_in_python(run: Callable[[int, int], object]) -> Callable[[int, int], object]:
    """``run`` (chunks of ``chunks_of``) with its deals scored by the Python pipeline, not the kernel: what the kernel's
    scoring (rules/scoring/kernel_scoring.py) gives, in the same rounds."""
    loaded = load_variant("bulgarian")
    scoring = compiled(loaded.variant, loaded.content_hash).scoring  # the rules the chunks play

    def played(number: int, count: int) -> None:
        packed, scoring._packed = scoring._packed, None
        try:
            run(number, count)
        finally:
            scoring._packed = packed

    return played


def one_core(deals: int, seed: int) -> dict[str, object]:
    """Deals per CPU second of each command's work and of the tuned loop, and their ratios."""
    rng = random.Random(seed)

    def tuned(number: int, count: int) -> None:
        for _ in range(count):
            tuned_deal(rng)

    random_seats = chunks_of(("random",) * 4, seed)
    runs = {"tuned_loop": tuned, "simulate_random_seats": random_seats,
            "simulate_heuristic_seats": chunks_of(("heuristic",) * 4, seed), "search_rollouts": rollouts(seed)}
    if KERNEL is not None:  # the same chunks without the kernel, in the same rounds
        runs["simulate_random_seats_python"] = lambda number, count: engine_loop(
            lambda: random_seats(number, count), None)()
        runs["simulate_random_seats_deal_by_deal"] = deal_by_deal(random_seats)
        runs["simulate_random_seats_python_scoring"] = scored_in_python(deal_by_deal(random_seats))
    seconds = dict(zip(runs, fastest(list(runs.values()), deals)))
    result: dict[str, object] = {"deals": deals, "kernel": KERNEL is not None}
    for name, spent in seconds.items():
        result[f"{name}_per_second"] = round(1 / spent)
        if name != "tuned_loop":
            result[f"{name}_to_tuned"] = round(seconds["tuned_loop"] / spent, 3)
    return result


def _timed(command: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (the command's processes and every worker they waited for) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def compare_wall(deals: int, workers: int, runs: int) -> dict[str, object]:
    """``belot compare bulgarian french --simulate deals`` as a user runs it: wall-clock seconds of ``runs`` runs, and
    what an idle machine would take, from CPU seconds (medians of ``runs`` runs each): the command without
    ``--simulate`` (start-up, rules, the report: the driver's part, A), with one worker (A and every deal, in one
    process, B) and with ``workers`` (C, A and the deals and the pool). The deals' CPU time, B - A, is shared by
    the workers; the pool's cost, C - B, is counted as if nothing ran beside it: idle = A + (B - A) / workers +
    max(C - B, 0)."""
    base = [sys.executable, "-m", "belot_rules", "compare", "bulgarian", "french", "--json"]
    simulate = [*base, "--simulate", str(deals), "--workers"]
    commands = {"driver": base, "one_worker": [*simulate, "1"], "workers": [*simulate, str(workers)]}
    timed = {name: [_timed(command) for _ in range(runs)] for name, command in commands.items()}
    cpu = {name: statistics.median(c for _, c in runs_) for name, runs_ in timed.items()}
    times = [wall for wall, _ in timed["workers"]]
    idle = cpu["driver"] + (cpu["one_worker"] - cpu["driver"]) / workers + max(cpu["workers"] - cpu["one_worker"], 0)
    return {"command": " ".join(["belot", *commands["workers"][3:]]), "seconds": round(statistics.median(times), 2),
            "fastest": round(min(times), 2), "slowest": round(max(times), 2), "runs": runs,
            "cpu_driver": round(cpu["driver"], 2), "cpu_one_worker": round(cpu["one_worker"], 2),
            "cpu_workers": round(cpu["workers"], 2), "idle_estimate": round(idle, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3000, help="deals of each run on one core")
    parser.add_argument("--compare", type=int, default=10_000, help="deals per variant of the compare command (0: skip)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3, help="times the compare command is timed (median reported)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < ROUNDS or args.compare < 0 or args.runs < 1 or args.workers < 1:
        parser.error(f"--deals needs at least {ROUNDS} (one per round), --runs and --workers at least 1")
    result: dict[str, object] = {"one_core": one_core(args.deals, args.seed)}
    if args.compare:
        result["compare"] = compare_wall(args.compare, args.workers, args.runs)
    if args.json:
        print(json.dumps(result))
        return 0
    core = result["one_core"]
    assert isinstance(core, dict)
    print(f"one core, CPU time ({'compiled kernel' if core['kernel'] else 'pure Python'}): "
          f"tuned loop {core['tuned_loop_per_second']:,} deals/s")
    for name in ("simulate_random_seats", "simulate_random_seats_deal_by_deal", "simulate_random_seats_python_scoring",
                 "simulate_random_seats_python",
                 "simulate_heuristic_seats", "search_rollouts"):
        if f"{name}_per_second" not in core:
            continue
        print(f"  {name.replace('_', ' ')}: {core[f'{name}_per_second']:,} deals/s, "
              f"{core[f'{name}_to_tuned']} of the tuned loop")
    if args.compare:
        c = result["compare"]
        assert isinstance(c, dict)
        print(f"{c['command']}: median {c['seconds']} s of {c['runs']} runs ({c['fastest']}-{c['slowest']} s); "
              f"CPU s: without --simulate {c['cpu_driver']}, one worker {c['cpu_one_worker']}, "
              f"{args.workers} workers {c['cpu_workers']}: on an idle machine about {c['idle_estimate']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
