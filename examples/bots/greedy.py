"""A tiny outside bot: bids as the heuristic bot does, declares everything, plays its highest-scoring card.

Try it:  belot duel examples/bots/greedy.py:Greedy heuristic --variant french --deals 50
"""

from belot_rules.engine.actions import announcing, declare_everything, distinct_cards
from belot_rules.engine.deal import BIDDING, DECLARING, EXCHANGING
from belot_rules.players import make_player


class Greedy:
    name = "greedy"

    def __init__(self, ruleset, seed=None):
        self.ruleset = ruleset
        self.bidder = make_player("heuristic", ruleset, seed)

    def choose(self, view, legal):
        if view.phase == BIDDING:
            return self.bidder.choose(view, legal)
        if view.phase == DECLARING:
            return declare_everything(legal)
        if view.phase == EXCHANGING:
            return legal[0]  # take the turned card for the trump seven
        points = self.ruleset.tables[view.contract].points
        best = max(distinct_cards(legal), key=lambda action: points[action.card])
        return announcing(best, legal)
