"""A capot bid scored at its value (``scoring.point_bids.capot_bid: capot_value``, rules/family/pilotta.md §6.3).

The bid's value (``bidding.points.capot_value``, Pilotta 250) takes the place of the takers' card
points, last trick and capot bonus: made, they score it plus their declarations and belote; failed,
the contract's failure hands it to the opponents with their own points. Whether the bid is made is
decided by the tricks alone (all eight to the takers), so the value never decides it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_
from ..said import Said

if TYPE_CHECKING:
    from .pipeline import DealTotals


def at_capot_value(deal: DealTotals, ct: int, value: int, last: list[int]) -> None:
    """Put ``value`` in place of camp ``ct``'s cards (last trick included) and capot bonus; ``last`` is the
    last trick's part of each camp's cards, which the value replaces."""
    made = deal.capot_team == ct
    bonus = Said(N_(" and capot bonus ({})"), (deal.bonus[ct],)) if deal.bonus[ct] else ""
    deal.note("Capot bid {}: the capot value {} stands for {}'s cards ({}){}", N_("made") if made else N_("failed"),
              value, deal.names[ct], deal.cards[ct], bonus)
    deal.cards[ct] = value
    deal.bonus[ct] = 0
    last[ct] = 0
