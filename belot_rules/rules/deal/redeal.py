"""A redeal claim: Baloot's kawesh (``rules/family/baloot.md`` §2.4, ``deal.redeal_claim``).

A player holding none of the named ranks among the cards he holds at his first call may call
``redeal`` (typed ``kawesh`` too) before anyone names a contract: the auction ends there, the deal
is void and the same dealer deals again. Which seats may claim is known once the first packets are
dealt, so the auction carries it (:attr:`~belot_rules.rules.bidding.calls.Auction.may_redeal`) and every
path that runs an auction, the engine's steps and the random playouts alike, offers the same calls.
"""

from __future__ import annotations

from ...cards import RANK_CHARS, card_index
from ...variant.model import Variant
from ..bidding.calls import REDEAL, Auction, Call

__all__ = ["REDEAL", "barring_cards", "four_cards", "may_claim", "claimed", "seats_that_may_claim"]


def barring_cards(variant: Variant) -> int:
    """The cards any one of which bars a hand from claiming a redeal; 0 where the variant has no claim."""
    claim = variant.deal.redeal_claim
    if not claim.enabled:
        return 0
    ranks = [RANK_CHARS.index(rank) for rank in claim.without_ranks]
    return sum(1 << card_index(suit, rank) for suit in range(4) for rank in ranks)


def four_cards(variant: Variant) -> int:
    """The four cards of ``redeal_claim.with_all_four`` (twenty-nine.md §2.2: the four Jacks), which let a hand holding
    them all claim a redeal too; 0: none."""
    claim = variant.deal.redeal_claim
    if not claim.enabled or claim.with_all_four is None:
        return 0
    rank = RANK_CHARS.index(claim.with_all_four)
    return sum(1 << card_index(suit, rank) for suit in range(4))


def seats_that_may_claim(hands: list[int], barring: int, four: int = 0) -> int:
    """The seats (a bit each) whose hands hold none of ``barring``, or all of ``four``; none where the variant has
    no claim."""
    if not barring:
        return 0
    return sum(1 << seat for seat, hand in enumerate(hands)
               if not hand & barring or (four and hand & four == four))


def may_claim(auction: Auction, players: int) -> bool:
    """Whether the seat to act may claim a redeal now: it may by its hand, it has not spoken yet and nobody
    has named a contract."""
    return bool(auction.may_redeal >> auction.to_act & 1) and auction.contract is None and len(auction.calls) < players


def claimed(calls: list[tuple[int, Call]]) -> bool:
    """Whether an auction ended on a redeal claim."""
    return bool(calls) and calls[-1][1].kind == REDEAL.kind
