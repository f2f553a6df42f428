"""The table section's rules checked against the other sections': each a function of the variant that returns
its problems, run by ``Variant``'s validator (``variant.model.CHECKS``) with every other check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import gettext as _
from ..scoring.options import VerdictOn
from .options import Sides

if TYPE_CHECKING:
    from ...variant.model import Variant


def sides_problems(variant: Variant) -> list[str]:
    players, sides = variant.table.players, variant.table.sides
    if sides == Sides.partners and players != 4:
        if players == 3:
            return [_("table.sides partners needs 4 players, not {players} (table.players); use each_for_self or "
                      "taker_vs_rest").format(players=players)]
        return [_("table.sides partners needs 4 players, not {players} (table.players); use each_for_self").format(
            players=players)]
    if sides == Sides.taker_vs_rest and players < 3:
        return [_("table.sides taker_vs_rest needs 3 or 4 players (table.players); two players are each_for_self")]
    return []


def alone_problems(variant: Variant) -> list[str]:
    """Each for himself at three or four: a taker against each other player, undoubled, on a plain contract."""
    if variant.table.sides != Sides.each_for_self or variant.table.players <= 2:
        return []
    players = variant.table.players
    problems = []
    if variant.bidding.uses_points:
        problems.append(_("table.sides each_for_self with {players} players has no point bids: bidding.style "
                          "{style} is not played there; use turned_card, contract_ladder or single_call").format(
            players=players, style=variant.bidding.style))
    if variant.scoring.capot.replaces_card_points:
        problems.append(_("table.sides each_for_self with {players} players adds the capot bonus to the cards: "
                          "set scoring.capot.replaces_card_points to false").format(players=players))
    if variant.scoring.verdict_on == VerdictOn.board_points:
        problems.append(_("table.sides each_for_self with {players} players judges the contract on the raw "
                          "totals: set scoring.verdict_on to raw_points").format(players=players))
    return problems
