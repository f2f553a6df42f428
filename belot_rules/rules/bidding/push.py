"""The push auction of Schieber Jass (``rules/family/schieber.md`` §3, ``bidding.style: push``).

The first speaker (forehand) names any contract of the variant or pushes ("schiebt") the choice to his
partner, who must then name one; with ``bidding.push_back`` the partner may push it back once, and the
first speaker must then name one. The opponents never speak, nobody passes, and the first contract named
ends the auction (a doubling round may follow it, ``doubles.after_bidding``). The first speaker still
leads the first trick, as in every variant.
"""

from __future__ import annotations

from ...i18n import N_
from ...variant.model import Variant
from ..table.seating import Seating
from .auction import Bidding
from .calls import PUSH, Auction, Call


class PushBidding(Bidding):
    """Forehand names a contract or pushes; the partner then must name one (or, with push_back, push back)."""

    def __init__(self, variant: Variant, seating: Seating) -> None:
        super().__init__(variant, seating)
        self.bids = tuple(Call("bid", c) for c in self.contracts)
        self.pushes = 2 if variant.bidding.push_back else 1  # how many pushes an auction may hold

    def legal_calls(self, auction: Auction) -> tuple[Call, ...]:
        if auction.doubling:
            return super().legal_calls(auction)
        return (*self.bids, PUSH) if self._pushed(auction) < self.pushes else self.bids

    def must_call(self, auction: Auction) -> bool:
        return not auction.doubling

    @staticmethod
    def _pushed(auction: Auction) -> int:
        return sum(1 for _, call in auction.calls if call.kind == PUSH.kind)

    def apply(self, auction: Auction, call: Call) -> None:
        if call.kind != PUSH.kind:
            super().apply(auction, call)
            return
        seat = auction.to_act
        auction.calls.append((seat, call))
        # The partner speaks next; after a push back, the first speaker again.
        target = self.partner[seat]
        auction.skip += (target - auction.to_act) % self.players

    def _is_over(self, auction: Auction) -> bool:
        return auction.contract is not None

    def _bids(self, auction: Auction) -> list[Call]:
        return list(self.bids)

    def reason(self, auction: Auction, call: Call) -> str:
        if call.kind == PUSH.kind and not auction.doubling:
            return N_("the choice was pushed already: a contract must be named now")
        if call.kind == "pass" and not auction.doubling:
            return "nobody passes here: name a contract" + (" or push" if self._pushed(auction) < self.pushes else "")
        return super().reason(auction, call)
