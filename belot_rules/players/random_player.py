"""A uniformly random legal player: the baseline every bot is measured against."""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.deal import SeatView
from ..ruleset import Ruleset


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded generator.

    A simulation's table of random players alone plays each deal as one random playout
    drawn from the first seat's generator (:class:`~belot_rules.sim.table.Table`).
    """

    name = "random"

    def __init__(self, ruleset: Ruleset | None = None, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
