"""How well the heuristic bot predicts its own points (bidding.predictions, rules/family/differenzler.md §3, §5).

    python benchmarks/predictions.py [--variant differenzler] [--deals 300] [--seed 1] [--json]

Four heuristic bots play ``--deals`` seeded deals; each seat's penalty (the difference between the points it
predicted and the points it took) is compared with the penalty of a constant prediction, the deal's points shared
out equally (157 / 4, rounded), on the same deals and the same play: the bots' card play does not depend on their
predictions, so both guesses meet the same results. The unit is a deal (the mean over its four seats); the gain is
the mean paired difference with a 95% interval over deals (normal approximation). Target: a gain above zero, its
interval clear of zero.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from belot_rules import load_variant
from belot_rules.engine.deal import DealState
from belot_rules.players import make_player
from belot_rules.rules.scoring.prediction import most_points
from belot_rules.sim.table import Table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="differenzler")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = load_variant(args.variant)
    players = rules.seating.players
    table = Table([make_player("heuristic", rules, seat) for seat in range(players)])
    bot, constant, gains = [], [], []
    started = time.process_time()
    for number in range(args.deals):
        rng = random.Random(args.seed * 1_000_003 + number)
        deck = list(rules.seating.cards)
        rng.shuffle(deck)
        state = table.play_deal(DealState.start(rules, deck, number % players))
        assert state.score is not None, "every deal of a predictions variant is played"
        share = round(most_points(rules.variant, rules.tables[state.played_contract()]) / players)
        taken = state.score.raw_points
        own = statistics.mean(abs(p - t) for p, t in zip(state.predictions, taken))
        flat = statistics.mean(abs(share - t) for t in taken)
        bot.append(own)
        constant.append(flat)
        gains.append(flat - own)
    seconds = time.process_time() - started
    gain = statistics.mean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    result = {"variant": args.variant, "deals": args.deals, "seed": args.seed,
              "bot_penalty": round(statistics.mean(bot), 2), "constant_penalty": round(statistics.mean(constant), 2),
              "gain": round(gain, 2), "gain_95": [round(gain - half, 2), round(gain + half, 2)],
              "cpu_seconds_per_deal": round(seconds / args.deals, 3)}
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.variant}, {args.deals} deals (seed {args.seed}), mean penalty per player and deal:")
    print(f"  heuristic prediction  {result['bot_penalty']:6.2f}")
    print(f"  constant {round(most_points(rules.variant, rules.tables[rules.contracts[0]]) / players):3d}          "
          f"{result['constant_penalty']:6.2f}")
    print(f"  gain {gain:.2f} points a player and deal, 95% interval {gain - half:.2f} to {gain + half:.2f}")
    print(f"  {seconds / args.deals:.3f} CPU seconds a deal")


if __name__ == "__main__":
    main()
