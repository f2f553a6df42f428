"""The taker's discard from the chien (belote-a-trois.md §2, the 32-card form), by rule of thumb.

The discards count for the taker, so nothing is lost by laying points aside; what matters is
the hand he keeps. He keeps his trumps, aces and tens, and lays aside the lowest card of his
shortest plain suit, which may leave him void there, free to trump it. The heuristic bot and
the card-set simulations use it; the search bot takes its choice too.
"""

from __future__ import annotations

from ..cards import SUIT_MASKS, SUIT_OF, iter_bits
from ..rules.cards.tables import ContractTables

TRUMP, MASTER = 1000, 500  # above any plain card's worth: a trump, then an ace or a ten


def discard_choice(tables: ContractTables, hand: int) -> int:
    """The card of ``hand`` to lay aside in the contract of ``tables``."""
    trump = tables.trump_suit

    def worth(card: int) -> int:
        suit = SUIT_OF[card]
        if suit == trump:
            return TRUMP + tables.strength[card]
        if tables.points[card] >= 10:
            return MASTER + tables.points[card]
        return 100 * (hand & SUIT_MASKS[suit]).bit_count() + tables.strength[card]

    return min(iter_bits(hand), key=worth)
