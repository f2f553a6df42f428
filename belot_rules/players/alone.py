"""The bots in a single hand (``play.single_hand``, rules/family/twenty-nine.md §7).

Whether to play alone: only with a hand that takes every trick whatever the others hold. Without trumps the lone
player leads every trick he wins, so a hand whose cards of each suit are that suit's best (J, then 9, A, ... in the
order of the play without trumps) wins them all; any other hand may lose one, and a lost single hand costs as much
as a made one wins.

Which card: one trick lost decides the deal, so the lone player plays his strongest card and each defender the
cheapest card that beats him, where he holds the trick (the usual card play reads a trick of three as four seats
would play it, and would take the lone player for a partner)."""

from __future__ import annotations

from ..cards import SUIT_OF, iter_bits
from ..engine.seat_view import SeatView
from ..ruleset import Ruleset
from ..variant.model import CONCEALED
from .memory import CARD_INDEX


def sure_alone(ruleset: Ruleset, hand: int) -> bool:
    """Whether ``hand`` takes every trick played alone without trumps, whoever holds the other cards."""
    tables = ruleset.tables[CONCEALED]
    pack = ruleset.seating.pack_mask
    # a card's stronger ones are of its own suit: none of them may be out of the hand
    return bool(hand) and not any(tables.stronger[card] & pack & ~hand for card in iter_bits(hand))


def alone_card(ruleset: Ruleset, view: SeatView, legal: int) -> int:
    """The card ``view``'s seat plays from ``legal`` in a deal played alone: the lone player his strongest, a defender
    the weakest that takes the trick from him, or else his weakest."""
    tables = ruleset.tables[CONCEALED]
    strength = tables.strength
    cards = list(iter_bits(legal))
    if view.seat == view.alone:
        return max(cards, key=strength.__getitem__)
    trick = [CARD_INDEX[card] for _, card in view.trick]
    win = tables.trick_winner_index(trick) if trick else 0
    if trick and view.trick[win][0] == view.alone:
        beats = [c for c in cards if tables.trick_strength[SUIT_OF[trick[0]]][c] > strength[trick[win]]]
        if beats:
            return min(beats, key=strength.__getitem__)
    return min(cards, key=lambda c: (tables.points[c], strength[c]))
