"""A closed game: Baloot's locked Hokum (``rules/family/baloot.md`` §4, ``[opt:double.lock]``).

Once a suit contract is doubled (``bidding.doubles.lock: doubled``), nobody may lead a trump while
holding a card of another suit; a level that wins the whole match (the gahwa) is played open. The
rule only narrows the lead, so the compiled trick loop, which knows no such rule, is not used for a
closed deal (:meth:`~belot_rules.engine.deal.DealState.play_out` plays it in Python).
"""

from __future__ import annotations

from ...variant.model import SUIT_CONTRACTS, Variant
from .options import Lock

CLOSED_LEAD = "the game is closed: you may not lead a trump while you hold a card of another suit"
CLOSED_LEAD_OF_A_SEAT = "the game was closed: it could not lead a trump while it held a card of another suit"


def closed_levels(variant: Variant) -> frozenset[int]:
    """The doubling levels (1 the first double) at which a suit contract is played closed."""
    doubles = variant.bidding.doubles
    if doubles.lock != Lock.doubled.value:
        return frozenset()
    return frozenset(level for level in range(1, doubles.max_level + 1)
                     if not 0 < (doubles.match_winning_level or 0) <= level)


def is_closed(levels: frozenset[int], contract: str | None, level: int) -> bool:
    """Whether a deal of ``contract`` doubled to ``level`` is played closed."""
    return level in levels and contract in SUIT_CONTRACTS


def lead(hand: int, trump_mask: int) -> int:
    """The cards a closed game lets ``hand`` lead: its cards of the plain suits, or its trumps when it holds
    nothing else."""
    return hand & ~trump_mask or hand
