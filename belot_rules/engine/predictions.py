"""Predictions (``bidding.predictions``, rules/family/differenzler.md §3): once the trump is known and before the
first card, each player in play order from the first seat predicts the points he will take himself.

A deal keeps them in :attr:`DealState.predictions <belot_rules.engine.deal.DealState.predictions>`, one per seat,
-1 until made (an empty list where nobody predicts). Hidden predictions are written down: a seat sees its own, and
the others' only once the deal is over; open ones are heard by all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.bidding.options import Predictions
from ..rules.scoring.prediction import most_points
from .actions import Action, predict_action
from .phases import OVER

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from .deal import DealState

HIDDEN = -2  # in a seat's view: a prediction made but not shown to it


def unmade(ruleset: Ruleset) -> list[int]:
    """A deal's predictions before anyone has spoken: -1 for each seat, or none where nobody predicts."""
    return [] if ruleset.variant.bidding.predictions == Predictions.off else [-1] * ruleset.seating.players


def predicting_seat(state: DealState) -> int:
    """The seat to predict next: in play order from the first seat."""
    return state.ruleset.seating.order[state.first_seat + sum(p >= 0 for p in state.predictions)]


def prediction_actions(state: DealState) -> list[Action]:
    """Every prediction the seat to act may make: 0 to the most points a player can take."""
    rules = state.ruleset
    return [predict_action(points) for points in range(most_points(rules.variant, rules.tables[state.played_contract()]) + 1)]


def shown_predictions(state: DealState, seat: int) -> tuple[int, ...]:
    """The predictions as ``seat`` sees them: its own, and the others' where they are open or the deal is over;
    -1 for one not made yet, :data:`HIDDEN` for one made but not shown."""
    if state.phase == OVER or state.ruleset.variant.bidding.predictions == Predictions.open:
        return tuple(state.predictions)
    return tuple(p if who == seat or p < 0 else HIDDEN for who, p in enumerate(state.predictions))


def by_side(state: DealState) -> tuple[int, ...]:
    """The predictions per side of the board, as the scoring takes them (each player is a side); none where nobody
    predicts."""
    if not state.predictions:
        return ()
    seating = state.ruleset.seating
    sides = [0] * seating.sides
    for seat, predicted in enumerate(state.predictions):
        sides[seating.side_of[seat]] = predicted
    return tuple(sides)
