"""The easy opponent: the heuristic bot with a careless streak, for the game's easy level."""

from __future__ import annotations

import random

from ..engine.actions import Action, distinct_cards
from ..engine.deal import PLAYING, SeatView
from ..ruleset import Ruleset
from .heuristic import HeuristicPlayer

CARELESS = 1 / 3  # the share of cards played at random


class EasyPlayer:
    """Bids and declares like the heuristic bot; plays a random legal card ``CARELESS`` of the time."""

    name = "easy"

    def __init__(self, ruleset: Ruleset, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.heuristic = HeuristicPlayer(ruleset)

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        if view.phase == PLAYING and self.rng.random() < CARELESS:
            cards = distinct_cards(legal)
            return cards[self.rng.randrange(len(cards))]
        return self.heuristic.choose(view, legal)
