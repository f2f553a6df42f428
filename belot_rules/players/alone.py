"""Whether a bot plays a deal alone (``play.single_hand``, rules/family/twenty-nine.md §7): only with a hand that
takes every trick whatever the others hold. Without trumps the lone player leads every trick he wins, so a hand
whose cards of each suit are that suit's best (J, then 9, A, ... in the order of the play without trumps) wins them
all; any other hand may lose one, and a lost single hand costs as much as a made one wins."""

from __future__ import annotations

from ..cards import SUIT_MASKS
from ..ruleset import Ruleset
from ..variant.model import CONCEALED


def sure_alone(ruleset: Ruleset, hand: int) -> bool:
    """Whether ``hand`` takes every trick played alone without trumps, whoever holds the other cards."""
    tables = ruleset.tables[CONCEALED]
    pack = ruleset.seating.pack_mask
    for mask in SUIT_MASKS:
        held = hand & mask
        if held and any(tables.stronger[card] & pack & ~held for card in range(len(tables.stronger)) if held >> card & 1):
            return False
    return bool(hand)
