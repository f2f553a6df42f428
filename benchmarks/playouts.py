"""Random-playout speed of the compiled engine, with a hand-written baseline measured in the same run.

    python benchmarks/playouts.py --variant bulgarian --deals 20000 [--contract hearts] [--json]

Plays N complete deals with uniformly random legal actions on one core and
prints deals per second. Without ``--contract`` each deal includes the auction
(all-pass deals count), declarations and scoring. The baseline is a plain
bitmask loop that plays one fixed trump contract with Bulgarian obligations and
nothing else; the ratio says what the generic engine costs over it. When the
compiled kernel (``belot_rules._playout``, ``python setup.py build_ext --inplace``)
is built, the engine is measured with it and, in the same rounds, in pure Python.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable

import belot_rules.kernel
from belot_rules import load_variant
from belot_rules.engine.playout import card_picker, random_deal

KERNEL = belot_rules.kernel.compiled  # the compiled kernel of random playouts, or None where it is not built

SUIT = [0xFF << (8 * s) for s in range(4)]
# Hearts trump; strength by natural rank 7 8 9 T J Q K A.
TRUMP_ORDER = [0, 1, 6, 4, 7, 2, 3, 5]
PLAIN_ORDER = [0, 1, 2, 6, 3, 4, 5, 7]
TRUMP_PTS = [0, 0, 14, 10, 20, 3, 4, 11]
PLAIN_PTS = [0, 0, 0, 10, 2, 3, 4, 11]
TRUMP = 2


def _baseline_tables() -> tuple[list[int], list[int], list[int]]:
    strength, points, stronger = [], [], []
    for card in range(32):
        suit, rank = divmod(card, 8)
        trump = suit == TRUMP
        strength.append((TRUMP_ORDER[rank] + 100) if trump else PLAIN_ORDER[rank])
        points.append(TRUMP_PTS[rank] if trump else PLAIN_PTS[rank])
    for card in range(32):
        suit = card // 8
        stronger.append(sum(1 << o for o in range(suit * 8, suit * 8 + 8) if strength[o] > strength[card]))
    return strength, points, stronger


def baseline_deal(rng: random.Random, tables: tuple[list[int], list[int], list[int]]) -> tuple[int, int]:
    """One hearts deal, random legal cards, Bulgarian obligations, card points per team: nothing generic."""
    strength, points, stronger = tables
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * 8:(i + 1) * 8]) for i in range(4)]
    trump_mask = SUIT[TRUMP]
    pick = card_picker(rng.random)
    leader, score = 0, [0, 0]
    for _ in range(8):
        trick, win = [], 0
        for pos in range(4):
            seat = (leader + pos) % 4
            hand = hands[seat]
            if pos == 0:
                legal = hand
            else:
                led = trick[0] >> 3
                best = trick[win]
                follow = hand & SUIT[led]
                if follow:
                    legal = ((follow & stronger[best]) or follow) if led == TRUMP else follow
                elif win == pos - 2 or not hand & trump_mask:
                    legal = hand
                elif best >> 3 == TRUMP:
                    legal = (hand & trump_mask & stronger[best]) or hand
                else:
                    legal = hand & trump_mask
            card = pick(legal)
            hands[seat] = hand & ~(1 << card)
            trick.append(card)
            if pos and (card >> 3 == trick[win] >> 3 or card >> 3 == TRUMP) and strength[card] > strength[trick[win]]:
                win = pos
        leader = (leader + win) % 4
        score[leader & 1] += sum(points[c] for c in trick)
    score[leader & 1] += 10
    return score[0], score[1]


def engine_loop(run: Callable[[], object], kernel: object) -> Callable[[], None]:
    """``run`` with the compiled ``kernel`` in use, or in pure Python for None."""

    def switched() -> None:
        belot_rules.kernel.compiled = kernel
        try:
            run()
        finally:
            belot_rules.kernel.compiled = KERNEL

    return switched


def measure(runs: list, deals: int, rounds: int = 15) -> list[float]:
    """Seconds per ``deals`` for each of ``runs``, interleaved in rounds so both see the same machine load.

    Each run's time is the CPU time of its fastest round scaled to ``deals``: the least disturbed
    measurement, also when other processes share the machine.
    """
    chunk = max(1, deals // rounds)
    best = [float("inf")] * len(runs)
    for _ in range(rounds):
        for i, run in enumerate(runs):
            start = time.process_time()
            for _ in range(chunk):
                run()
            best[i] = min(best[i], time.process_time() - start)
    return [b * deals / chunk for b in best]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="bulgarian")
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--contract", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    ruleset = load_variant(args.variant)
    rng = random.Random(args.seed)
    dealer = [0]

    def engine_deal() -> None:
        random_deal(ruleset, rng, dealer[0], args.contract)
        dealer[0] = (dealer[0] + 1) % 4

    tables = _baseline_tables()
    base_rng = random.Random(args.seed)
    runs = [engine_loop(engine_deal, KERNEL), lambda: baseline_deal(base_rng, tables)]
    if KERNEL is not None:
        runs.append(engine_loop(engine_deal, None))
    seconds, base_seconds, *python_seconds = measure(runs, args.deals)
    result = {
        "variant": args.variant,
        "contract": args.contract,
        "deals": args.deals,
        "kernel": KERNEL is not None,
        "seconds": round(seconds, 4),
        "deals_per_second": round(args.deals / seconds),
        "baseline_deals_per_second": round(args.deals / base_seconds),
        "ratio_to_baseline": round(base_seconds / seconds, 3),
    }
    for python in python_seconds:  # the same engine without the kernel, measured in the same rounds
        result.update(python_deals_per_second=round(args.deals / python),
                      python_ratio_to_baseline=round(base_seconds / python, 3))
    if args.json:
        print(json.dumps(result))
    else:
        loop = "compiled kernel" if KERNEL is not None else "pure Python (no compiled kernel)"
        print(
            f"{args.variant} ({args.contract or 'with auction'}), {loop}: {result['deals_per_second']:,} deals/s; "
            f"hand-written baseline {result['baseline_deals_per_second']:,} deals/s; "
            f"engine/baseline = {result['ratio_to_baseline']:.2f}"
            + "".join(f"; pure Python {result['python_deals_per_second']:,} deals/s, "
                      f"{result['python_ratio_to_baseline']:.2f}" for _ in python_seconds)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
