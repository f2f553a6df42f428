"""Random playouts straight on the compiled engine: the path simulations and benchmarks take.

It skips building :class:`~belot_rules.engine.actions.Action` lists and views but
goes through the same compiled strategies (legal calls, legal-card masks,
declaration choices, belote, scoring) as step-by-step play.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..rules.dealing import shuffle
from ..rules.declarations import Declaration
from ..ruleset import Ruleset
from .deal import BIDDING, DISCARDING, DealState


def card_picker(rand: Callable[[], float]) -> Callable[..., int]:
    """A uniform choice among the cards of a set, as one closure per deal, for a ``pick_card`` callback
    (random playouts let :meth:`DealState.play_out` make this draw itself, given ``rand``).

    It takes the card set first and ignores the seat, hand and trick that
    :meth:`DealState.play_out` passes after it (named parameters cost less than ``*args``).
    """

    def pick(mask: int, seat: int = 0, hand: int = 0, trick: object = None, win_pos: int = 0) -> int:
        skip = int(rand() * mask.bit_count())
        while skip > 0:
            mask &= mask - 1
            skip -= 1
        return (mask & -mask).bit_length() - 1

    return pick


def random_deal(ruleset: Ruleset, rng: random.Random, dealer: int = 0, contract: str | None = None,
                deck: list[int] | None = None) -> DealState:
    """Play one deal with uniformly random legal choices; with ``contract`` the auction is skipped."""
    if deck is None:
        deck = list(ruleset.seating.cards)
        shuffle(rng, deck)
    state = DealState.start(ruleset, deck, dealer)
    if contract is not None:
        state.force_contract(contract, state.first_seat)
    return play_at_random(state, rng.random)


def play_at_random(state: DealState, rand: Callable[[], float]) -> DealState:
    """Finish ``state`` with uniformly random legal choices drawn from ``rand`` (floats in [0, 1)): the
    auction's calls, the discards, declarations, belote announcements, and the cards in one
    :meth:`DealState.play_out` (the compiled kernel where it is built). A table of random players
    plays its deals here."""
    ruleset = state.ruleset
    if state.phase == BIDDING:  # the calls straight on the auction, as make_call applies them
        auction = state.running_auction()
        legal_calls, apply = ruleset.bidding.legal_calls, ruleset.bidding.apply
        while not auction.finished:
            calls = legal_calls(auction)
            apply(auction, calls[int(rand() * len(calls))])
        state.auction_over()
    while state.phase == DISCARDING:
        state.discard(card_picker(rand)(state.hands[state.declarer]))
    announce_required = ruleset.declarations.belote_announced
    state.play_out(
        None,
        lambda seat, options: _pick([o for o in options if o] + [[]], rand()),
        lambda seat: announce_required and rand() < 0.5,
        rand,
    )
    return state


def _pick(options: list[list[Declaration]], rand: float) -> list[Declaration]:
    return options[int(rand * len(options))]
