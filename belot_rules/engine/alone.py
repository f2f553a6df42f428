"""The single hand in a deal (``play.single_hand``, rules/family/twenty-nine.md §7, twenty-eight.md §6).

Once every card is dealt, the trump laid and before the first lead, each seat in play order from the first may
undertake to win every trick alone. The first who does plays the deal without trumps against the two opponents,
his partner sits it out with his cards laid aside (the compiled seating's turns without that seat: three cards a
trick), and he leads. The bid, a double and a trump laid face down are void: the face-down card goes back to its
owner's hand. Nobody taking it up, the deal goes on as bid.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import SUIT_OF
from ..variant.model import CONCEALED, SUIT_CONTRACTS
from .actions import ALONE_ACTION, NOT_ALONE_ACTION, Action
from .phases import SINGLE_HAND

if TYPE_CHECKING:
    from .deal import DealState


def asks_alone(state: DealState) -> bool:
    """Whether a seat is still to say if it plays alone: the rule is on, nobody has taken it up, a seat has not yet
    been asked, and the deal was dealt (a deal given its hands and contract, for analysis, is not asked)."""
    return (state.ruleset.variant.play.single_hand and state.alone < 0 and state.auction is not None
            and state.offered < state.ruleset.seating.players)


def asked_seat(state: DealState) -> int:
    """The seat to say whether it plays alone: in play order from the first seat."""
    return state.ruleset.seating.order[state.first_seat + state.offered]


def alone_actions() -> list[Action]:
    """Going on as bid (first: the usual answer), or playing alone."""
    return [NOT_ALONE_ACTION, ALONE_ACTION]


def answer(state: DealState, alone: bool) -> None:
    """The asked seat plays alone (``alone``) or lets the next seat be asked."""
    if alone:
        go_alone(state, asked_seat(state))
    else:
        state.offered += 1


def go_alone(state: DealState, seat: int) -> None:
    """``seat`` plays the deal alone: his partner is out, no trumps (the face-down trump back in its owner's hand), no
    bid nor double at stake, and he leads."""
    state.voided = SUIT_CONTRACTS[SUIT_OF[state.trump_card]] if state.trump_card >= 0 else state.contract
    if state.trump_card >= 0:
        state.hands[state.declarer] |= 1 << state.trump_card
        state.trump_card = -1
    seating = state.ruleset.seating
    state.alone, state.out = seat, seating.partner(seat)
    state.contract, state.declarer, state.multiplier, state.bid, state.level = CONCEALED, seat, 1, None, 0
    state.closed, state.leader = False, seat


def settle_alone(state: DealState, rand: Callable[[], float] | None) -> None:
    """In a playout, every seat asked: with ``rand``, each answer drawn uniformly between the two; for a card picker,
    which has no say in it, nobody plays alone."""
    while state.phase == SINGLE_HAND:
        state.answer_alone(rand is not None and rand() >= 0.5)
