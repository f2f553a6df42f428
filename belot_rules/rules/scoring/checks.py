"""The scoring section's rules checked against the other sections': each a function of the variant that returns
its problems, run by ``Variant``'s validator (``variant.model.CHECKS``) with every other check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import gettext as _
from ..common import contract_kind
from ..table.options import Sides
from .options import CapotBid, ContractAtStake, DoubledWinner

if TYPE_CHECKING:
    from ...variant.model import Variant


def factor_problems(variant: Variant) -> list[str]:
    """A contract factor multiplies a contract of the variant, and never a point bid."""
    problems = []
    played = {*variant.bidding.contracts, *map(contract_kind, variant.bidding.contracts)}
    unplayed = [c for c in variant.scoring.contract_factors.overrides if c not in played]
    if unplayed:
        problems.append(_(
            "scoring.contract_factors names {contracts}, which bidding.contracts does not play; contracts played: "
            "{played}").format(contracts=", ".join(unplayed), played=", ".join(variant.bidding.contracts)))
    if variant.scoring.contract_factors.written() != 1 and variant.bidding.uses_points:
        problems.append(_(
            "scoring.contract_factors multiply the points a point bid is judged on; bidding.style {style} bids "
            "points: leave contract_factors out").format(style=variant.bidding.style))
    return problems


def capot_bid_problems(variant: Variant) -> list[str]:
    """A capot bid worth its value is judged on the tricks: a doubled deal may not go to the side with more."""
    if (variant.scoring.point_bids.capot_bid == CapotBid.capot_value and variant.bidding.doubles.max_level > 0
            and variant.scoring.doubled_winner == DoubledWinner.more_points):
        return [_("scoring.point_bids.capot_bid capot_value puts the capot value in place of the takers' cards, "
                  "which scoring.doubled_winner more_points would compare: use doubled_winner contract_result, "
                  "or capot_bid as_taken")]
    return []


def game_points_problems(variant: Variant) -> list[str]:
    """Game points judge a point bid against the points of two camps (twenty-eight.md §6, twenty-nine.md §7)."""
    if not variant.scoring.game_points.brackets:
        return [_("declarations.pair moves the bid of a deal in game points: set scoring.game_points.brackets")
                ] if variant.declarations.pair.enabled else []
    problems = []
    if not variant.bidding.uses_points:
        problems.append(_("scoring.game_points judges a point bid; bidding.style {style} bids no points: use "
                          "point_bids or turned_card_point_bids").format(style=variant.bidding.style))
    if variant.bidding.points.capot_bid:
        problems.append(_("scoring.game_points judges a bid on the card points taken, not on the tricks: set "
                          "bidding.points.capot_bid to false"))
    if variant.scoring.contract == ContractAtStake.each_own:
        problems.append(_("scoring.game_points judges the bidding side's contract; scoring.contract each_own "
                          "judges none: use judged"))
    if variant.table.sides == Sides.each_for_self and variant.table.players > 2:
        problems.append(_("scoring.game_points moves the bidding side's score against one other side; a taker "
                          "against each other player has several: use table.sides partners"))
    return problems
