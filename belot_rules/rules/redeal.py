"""A redeal claim: Baloot's kawesh (``rules/family/baloot.md`` §2.4, ``deal.redeal_claim``).

A player holding none of the named ranks among the cards he holds at his first call may call
``redeal`` (typed ``kawesh`` too) before anyone names a contract: the auction ends there, the deal
is void and the same dealer deals again. Which seats may claim is known once the first packets are
dealt, so the auction carries it (:attr:`~belot_rules.rules.calls.Auction.may_redeal`) and every
path that runs an auction, the engine's steps and the random playouts alike, offers the same calls.
"""

from __future__ import annotations

from ..cards import RANK_CHARS, card_index
from ..variant.model import Variant
from .calls import REDEAL, Auction, Call

__all__ = ["REDEAL", "barring_cards", "may_claim", "claimed", "seats_that_may_claim"]


def barring_cards(variant: Variant) -> int:
    """The cards any one of which bars a hand from claiming a redeal; 0 where the variant has no claim."""
    claim = variant.deal.redeal_claim
    if not claim.enabled:
        return 0
    ranks = [RANK_CHARS.index(rank) for rank in claim.without_ranks]
    return sum(1 << card_index(suit, rank) for suit in range(4) for rank in ranks)


def seats_that_may_claim(hands: list[int], barring: int) -> int:
    """The seats (a bit each) whose hands hold none of ``barring``; none where the variant has no claim."""
    if not barring:
        return 0
    return sum(1 << seat for seat, hand in enumerate(hands) if not hand & barring)


def may_claim(auction: Auction, players: int) -> bool:
    """Whether the seat to act may claim a redeal now: it may by its hand, it has not spoken yet and nobody
    has named a contract."""
    return bool(auction.may_redeal >> auction.to_act & 1) and auction.contract is None and len(auction.calls) < players


def claimed(calls: list[tuple[int, Call]]) -> bool:
    """Whether an auction ended on a redeal claim."""
    return bool(calls) and calls[-1][1].kind == REDEAL.kind
