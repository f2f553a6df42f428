"""The order a hand is shown in, for every view: trumps first, by suit and strength, piles first at an open tableau."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...cards import CARDS, Card, parse_card
from ...engine.deal import SeatView
from ...ruleset import Ruleset

SUIT_ORDER = (3, 2, 0, 1)  # ♠ ♥ ♣ ♦: black and red alternate


def sort_hand(ruleset: Ruleset, contract: str | None, hand: Iterable[Card | str]) -> list[Card]:
    """The hand by suit (trumps first) and by strength in the contract (plain order before one)."""
    cards = [parse_card(c) for c in hand]
    if contract is not None:
        tables = ruleset.tables[contract]
        strength, trump = tables.strength, tables.trump_suit
    else:
        order: Sequence[str] = ruleset.variant.cards.plain_suit.of("suit").order
        strength = tuple(-order.index(card.rank_char) if card.rank_char in order else -len(order) for card in CARDS)
        trump = -1
    return sorted(cards, key=lambda c: (c.suit != trump, SUIT_ORDER.index(c.suit), -strength[c.index]))


def shown_cards(ruleset: Ruleset, view: SeatView) -> list[Card]:
    """The seat's playable cards in the order the table shows them: its piles left to right at an open tableau
    (belote-a-deux.md §B), then its hand by suit and strength."""
    ordered = sort_hand(ruleset, view.contract, view.hand)
    if not view.tableau:
        return ordered
    tops = [parse_card(pile[-1]) for pile in view.piles(view.seat) if pile and pile[-1] is not None]
    return tops + [c for c in ordered if c not in tops]
