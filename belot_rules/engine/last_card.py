"""The trump a deal names without bidding (``bidding.style: last_card_trump``): the suit of the last card dealt, on the
table or shown from its holder's hand, or a suit drawn at random (``bidding.last_card``, differenzler.md §2)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import CARDS, SUIT_OF
from ..rules.bidding.options import LastCard

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from .deal import DealState


def trump_suit(ruleset: Ruleset, deck: Sequence[int]) -> int:
    """The trump suit of a deal dealt from ``deck``: the last card's, or under ``random_suit`` one drawn from the
    shuffled pack's order (each suit as likely, no card of it shown, and a record of the deal replays it)."""
    if ruleset.variant.bidding.last_card == LastCard.random_suit:
        return hashlib.blake2b(bytes(deck), digest_size=4).digest()[0] % 4
    return SUIT_OF[deck[ruleset.dealing.last_first]]


def shown_card(state: DealState) -> tuple[int, str] | None:
    """``bidding.last_card: shown_from_hand`` (differenzler.md §2): the seat that received the last card dealt and
    showed it to all, and the card; None in any other game, or in a deal given its hands (dealt in no order)."""
    rules = state.ruleset
    if not rules.bidding.deal_fixes_trump or rules.variant.bidding.last_card != LastCard.shown_from_hand \
            or state.auction is None:
        return None
    dealing = rules.dealing
    owner = next(seat for seat, position in dealing.first_from[state.first_seat] if position == dealing.last_first)
    return owner, str(CARDS[state.deck[dealing.last_first]])
