"""The bots' two choices of a concealed trump (play.trump_shown on_demand, twenty-eight.md §4): which card the bidder
lays face down, and whether a player who cannot follow asks for the trump."""

from __future__ import annotations

from ..cards import SUIT_MASKS, iter_bits
from ..engine.actions import ASK, Action
from ..engine.seat_view import SeatView
from ..ruleset import Ruleset
from ..variant.model import SUIT_CONTRACTS
from .hand_strength import HandValuer


def card_to_conceal(ruleset: Ruleset, valuer: HandValuer, hand: int) -> int:
    """The weakest card of the suit in which ``hand`` is worth most as trumps: the suit is what the bidder bid on,
    and the card laid face down cannot be played until the trump is shown."""
    held = [suit for suit, mask in zip(SUIT_CONTRACTS, SUIT_MASKS) if hand & mask]
    suit = max(held, key=lambda contract: valuer.raw(hand, contract))
    strength = ruleset.tables[suit].strength
    return min(iter_bits(hand & SUIT_MASKS[SUIT_CONTRACTS.index(suit)]), key=strength.__getitem__)


def asks_for_trump(ruleset: Ruleset, view: SeatView, legal: list[Action], winner: int) -> bool:
    """Ask when it is offered and an opponent (``winner`` is the seat winning the trick) would take the trick: a
    trump may win it; with the partner winning a discard does as well and keeps the trump hidden."""
    side_of = ruleset.seating.side_of
    return any(a.kind == ASK for a in legal) and side_of[winner] != side_of[view.seat]
