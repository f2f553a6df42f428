"""What a contra is worth, doubled or not, against the heuristic bidder's estimate of the defence.

    python benchmarks/double_margin.py [--variants bulgarian,coinche] [--deals 3000] [--seed 7]

Deals are bid between heuristic players that never double. At every call where a defender may
double, the deal is played out twice from there: once doubled by him, once with his usual call
(the auction and the play then go on as the bots choose). His side's gain is its match points
minus the other side's. Grouped by the estimate (``BiddingSense.double_margin``: how far the
defence is expected to beat the contract, as a share of the deal), the table shows how often the
contract fails and what doubling gains over not doubling, with a 95% interval: the estimate hardly
tells a contract that fails from one that is made, which is why the bot's contra follows a model of
the defender's trumps instead (players/doubling.py, fitted by ``double_fit.py``).
"""

from __future__ import annotations

import argparse
import random
import statistics

from bidding import NeverDoubles

from belot_rules import load_variant
from belot_rules.cards import mask_of, parse_card
from belot_rules.engine.deal import BIDDING, DealState
from belot_rules.engine.runner import play_deal
from belot_rules.rules.bidding.calls import Call
from belot_rules.ruleset import Ruleset

EDGES = (-9.0, -0.1, 0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 9.0)


def side_gain(ruleset: Ruleset, state: DealState, side: int) -> tuple[float, bool]:
    """``side``'s match points over the other sides' mean once ``state`` is played out, and whether ``side`` beat
    the contract: the others' contract failed (or, where the auction went on to ``side``'s own, it was made)."""
    play_deal(state, [NeverDoubles(ruleset) for _ in ruleset.seating.seats])
    score = state.score
    if score is None:
        return 0.0, False
    others = [p for s, p in enumerate(score.match_points) if s != side]
    ours = ruleset.seating.side_of[state.declarer] == side
    return score.match_points[side] - sum(others) / len(others), (score.verdict == "made") == ours


def measure(variant: str, deals: int, seed: int) -> list[tuple[float, float, bool]]:
    """Per chance to double: the estimate, the gain of doubling over not, and whether the contract failed."""
    ruleset = load_variant(variant)
    rng = random.Random(seed)
    rows = []
    players = [NeverDoubles(ruleset) for _ in ruleset.seating.seats]
    for number in range(deals):
        state = DealState.start(ruleset, ruleset.dealing.next_deck(rng, None), number % ruleset.seating.players)
        while state.phase == BIDDING:
            seat = state.to_act
            legal = state.legal_actions()
            double = next((a for a in legal if a.call is not None and a.call.kind == "double"), None)
            view = state.view(seat)
            if double is not None:
                turned = parse_card(view.turned_card).index if view.turned_card else -1
                history = [(s, Call.parse(text)) for s, text in view.calls]
                margin = players[seat].bidding.double_margin(seat, mask_of(view.hand), history, turned)
                side = ruleset.seating.side_of[seat]
                doubled = state.clone()
                doubled.apply(double)
                gain, failed = side_gain(ruleset, doubled, side)
                usual, _ = side_gain(ruleset, state.clone(), side)
                rows.append((margin, gain - usual, failed))
            state.apply(players[seat].choose(view, legal))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="bulgarian,coinche")
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for variant in args.variants.split(","):
        rows = measure(variant, args.deals, args.seed)
        print(f"{variant}: {len(rows)} chances to double in {args.deals} deals")
        for low, high in zip(EDGES, EDGES[1:]):
            group = [r for r in rows if low <= r[0] < high]
            if len(group) < 10:
                continue
            gains = [g for _, g, _ in group]
            half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
            failed = sum(r[2] for r in group) / len(group)
            print(f"  margin {low:+.2f} to {high:+.2f}: {len(group):5} chances, doubled contract failed {failed:4.0%}, "
                  f"doubling gains {statistics.mean(gains):+6.1f} ± {half:4.1f} match points")


if __name__ == "__main__":
    main()
