"""The play section's rules checked against the other sections': each a function of the variant that returns
its problems, run by ``Variant``'s validator (``variant.model.CHECKS``) with every other check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import gettext as _
from ..bidding.options import BiddingStyle
from ..common import SUIT_CONTRACTS
from ..deal.options import Stock, TurnedCard
from ..table.options import Sides
from .options import SEVENTH

if TYPE_CHECKING:
    from ...variant.model import Variant


def single_hand_problems(variant: Variant) -> list[str]:
    """The single hand (twenty-nine.md §7, twenty-eight.md §6) sits a partner out and is scored in game points."""
    if not variant.play.single_hand:
        return []
    problems = []
    if variant.table.sides != Sides.partners:
        problems.append(_("play.single_hand sits the lone player's partner out; table.sides {sides} gives nobody a "
                          "partner: use partners, or set play.single_hand to false").format(
                              sides=variant.table.sides))
    if not variant.scoring.game_points.brackets:
        problems.append(_("play.single_hand wins or loses game points; this rule set scores card points: set "
                          "scoring.game_points.brackets, or play.single_hand to false"))
    return problems


def concealed_trump_problems(variant: Variant) -> list[str]:
    """A trump laid face down (twenty-eight.md §4) follows a bid of points alone and is chosen from a hand."""
    if not variant.play.conceals_trump:
        return []
    problems = []
    if variant.bidding.style != BiddingStyle.point_bids:
        problems.append(_("play.trump_shown on_demand follows an auction of points alone, the trump chosen after it: "
                          "set bidding.style to point_bids, not {style}").format(style=variant.bidding.style))
    # twenty-nine.md §4.3: one contract without trumps may be chosen instead of a face-down trump
    no_trumps = [c for c in variant.bidding.contracts if c in ("no_trumps", "undenufe")]
    if len(no_trumps) > 1:
        problems.append(_("play.trump_shown on_demand offers the bidder one contract without trumps instead of a "
                          "face-down trump; bidding.contracts lists {contracts}: keep one").format(
            contracts=", ".join(no_trumps)))
    others = [c for c in variant.bidding.contracts if c not in (*SUIT_CONTRACTS, *no_trumps)]
    if others:
        problems.append(_("play.trump_shown on_demand lays a card of the trump suit face down; {contracts} has no trump "
                          "suit: leave it out of bidding.contracts").format(contracts=", ".join(others)))
    if variant.declarations.enabled or variant.declarations.belote.enabled:
        problems.append(_("play.trump_shown on_demand hides the trump that declarations and the belote are judged in: "
                          "set declarations.enabled and declarations.belote.enabled to false"))
    first = sum(variant.deal.first_packets)
    if variant.play.seventh_card and not first < SEVENTH <= first + sum(variant.deal.second_packets):
        problems.append(_("play.seventh_card lays the bidder's seventh card face down once the rest is dealt: "
                          "deal.first_packets must deal fewer than 7 cards and the hand hold at least 7"))
    if variant.deal.turned_card != TurnedCard.none or variant.deal.stock == Stock.to_taker or variant.deal.tableau_packets:
        problems.append(_("play.trump_shown on_demand needs every card dealt into the hands: no turned card, no chien "
                          "and no tableau"))
    return problems
