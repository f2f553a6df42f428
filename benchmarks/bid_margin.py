"""What the first call of a deal is worth, taken or passed, against the heuristic bidder's estimate.

    python benchmarks/bid_margin.py [--variants debertz-3,belote-a-trois] [--deals 6000] [--seed 11]

For each deal the first speaker's best contract is played out twice between heuristic players:
once taken by him at once, once passed (the auction and the play then go on as the bots choose).
His gain is his match points minus the mean of the other sides'. Grouped by his estimate's margin
(``BiddingSense.opening_margin``: how far the hand covers half the deal, as a share of the deal),
the table shows how often the contract is made and what taking gains over passing, with a 95%
interval: the bid margin belongs where that gain crosses zero.
"""

from __future__ import annotations

import argparse
import random
import statistics

from belot_rules import load_variant
from belot_rules.cards import mask_of, parse_card
from belot_rules.engine.deal import BIDDING, DealState
from belot_rules.engine.runner import play_deal
from belot_rules.players.heuristic import HeuristicPlayer
from belot_rules.ruleset import Ruleset

EDGES = (-9.0, -0.2, -0.1, -0.05, 0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 9.0)


class FirstCall(HeuristicPlayer):
    """The heuristic bot whose first call is given (a bid, or pass when ``call`` is None)."""

    def __init__(self, ruleset: Ruleset, call: object) -> None:
        super().__init__(ruleset)
        self.first, self.called = call, False

    def choose(self, view, legal):
        if view.phase == BIDDING and not self.called:
            self.called = True
            return next(a for a in legal if (a.call == self.first if self.first else a.call.kind == "pass"))
        return super().choose(view, legal)


def gain(ruleset: Ruleset, start: DealState, seat: int, call: object) -> tuple[float, bool]:
    """The first speaker's match points over the others' mean after ``call``, and whether he made a contract."""
    state = start.clone()
    players = [HeuristicPlayer(ruleset) for _ in ruleset.seating.seats]
    players[seat] = FirstCall(ruleset, call)
    play_deal(state, players)
    score = state.score
    if score is None:
        return 0.0, False
    side = ruleset.seating.side_of[seat]
    others = [p for s, p in enumerate(score.match_points) if s != side]
    return score.match_points[side] - sum(others) / len(others), score.contract_team == side and score.verdict == "made"


def measure(variant: str, deals: int, seed: int) -> list[tuple[float, float, float, bool]]:
    """Per deal: the margin, the gains taken and passed, and whether the contract taken was made."""
    ruleset = load_variant(variant)
    rng = random.Random(seed)
    rows = []
    for _ in range(deals):
        start = DealState.start(ruleset, ruleset.dealing.next_deck(rng, None), 0)
        seat = start.to_act
        calls = [a.call for a in start.legal_actions()]
        bids = [c for c in calls if c.kind == "bid"]
        if not bids or not any(c.kind == "pass" for c in calls):
            continue
        view = start.view(seat)
        turned = parse_card(view.turned_card).index if view.turned_card else -1
        sense = HeuristicPlayer(ruleset).bidding
        margin, best = max((sense.opening_margin(seat, mask_of(view.hand), turned, b), i) for i, b in enumerate(bids))
        taken, made = gain(ruleset, start, seat, bids[best])
        passed, _ = gain(ruleset, start, seat, None)
        rows.append((margin, taken, passed, made))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="debertz-3,belote-a-trois")
    parser.add_argument("--deals", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    for variant in args.variants.split(","):
        rows = measure(variant, args.deals, args.seed)
        print(f"{variant}: {len(rows)} first calls")
        for low, high in zip(EDGES, EDGES[1:]):
            group = [r for r in rows if low <= r[0] < high]
            if len(group) < 10:
                continue
            diffs = [taken - passed for _, taken, passed, _ in group]
            half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
            made = sum(r[3] for r in group) / len(group)
            print(f"  margin {low:+.2f} to {high:+.2f}: {len(group):5} deals, made {made:4.0%}, "
                  f"taking gains {statistics.mean(diffs):+6.1f} ± {half:4.1f} over passing")


if __name__ == "__main__":
    main()
