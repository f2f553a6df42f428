"""The bidding section's rules checked against the other sections': each a function of the variant that returns
its problems, run by ``Variant``'s validator (``variant.model.CHECKS``) with every other check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import gettext as _
from ..common import SUIT_CONTRACTS
from ..deal.options import TurnedCard
from ..scoring.options import ContractAtStake
from ..table.options import Sides
from .options import BiddingStyle, ForcedCall, LastCard, Overcall, Predictions, Schmeiss

if TYPE_CHECKING:
    from ...variant.model import Variant


def turned_card_problems(variant: Variant) -> list[str]:
    """Turned-card bidding and the turned card go together."""
    turned = variant.deal.turned_card == TurnedCard.after_first_packets
    if turned and not variant.bidding.uses_turned_card:
        return [_("deal.turned_card is set but bidding.style {style} never uses it; use turned_card or "
                  "turned_card_point_bids").format(style=variant.bidding.style)]
    problems = []
    if variant.bidding.uses_turned_card and not turned:
        problems.append(_("bidding.style {style} needs a turned card: set deal.turned_card to "
                          "after_first_packets").format(style=variant.bidding.style))
    if variant.bidding.uses_turned_card and not any(c in SUIT_CONTRACTS for c in variant.bidding.contracts):
        problems.append(_("turned-card bidding needs the suit contracts in bidding.contracts"))
    return problems


def overcall_problems(variant: Variant) -> list[str]:
    """Bidding in rounds ends at the first take unless an overcall goes on; other styles bid higher anyway."""
    bidding, doubles = variant.bidding, variant.bidding.doubles
    if bidding.overcall != Overcall.none and not bidding.in_rounds:
        return [_("bidding.overcall {overcall} is for turned_card and single_call bidding; {style} bidding has "
                  "its own way of bidding higher: set overcall to none").format(overcall=bidding.overcall,
                                                                                style=bidding.style)]
    if (bidding.in_rounds and bidding.overcall == Overcall.none and doubles.max_level
            and not doubles.after_bidding):
        return [_("bidding.style {style} with bidding.overcall none ends at the first take, so nobody can double "
                  "among the bids: set bidding.doubles.after_bidding to true, or bidding.doubles.max_level to "
                  "0").format(style=bidding.style)]
    return []


def doubling_off_problems(variant: Variant) -> list[str]:
    """Doubling rules beside a ladder of no levels do nothing: say so rather than ignore them."""
    doubles, problems = variant.bidding.doubles, []
    if doubles.condition.applies.kinds() and not doubles.max_level:
        problems.append(_("bidding.doubles.condition restricts doubling, but bidding.doubles.max_level is 0"))
    if doubles.after_bidding and not doubles.max_level:
        problems.append(_("bidding.doubles.after_bidding is set, but bidding.doubles.max_level is 0: nobody "
                          "doubles"))
    return problems


def ashkal_problems(variant: Variant) -> list[str]:
    """Ashkal bids a contract of the variant for the partner, who takes the turned card."""
    bidding, problems = variant.bidding, []
    if not bidding.ashkal.enabled:
        return []
    if variant.deal.turned_card != TurnedCard.after_first_packets:
        problems.append(_("bidding.ashkal gives the partner the turned card: it needs deal.turned_card "
                          "after_first_packets"))
    if bidding.ashkal.contract not in bidding.contracts:
        problems.append(_("bidding.ashkal.contract {contract} is not one of bidding.contracts").format(
            contract=bidding.ashkal.contract))
    if bidding.uses_points:
        problems.append(_("bidding.ashkal names a contract without points; it cannot be used with point bids"))
    return problems


def ashkal_partner_problems(variant: Variant) -> list[str]:
    """Ashkal makes the caller's partner the taker (baloot.md): a table without partners has nobody to take."""
    if variant.bidding.ashkal.enabled and variant.table.sides != Sides.partners:
        return [_("bidding.ashkal bids a contract for the caller's partner: it needs table.sides partners, not "
                  "{sides}; set bidding.ashkal.enabled to false").format(sides=variant.table.sides)]
    return []


def contract_name_problems(variant: Variant) -> list[str]:
    bidding = variant.bidding
    unplayed = [k for k in bidding.contract_names
                if k not in bidding.contracts and not (k == "suit" and any(c in SUIT_CONTRACTS for c in bidding.contracts))]
    if unplayed:
        return [_("bidding.contract_names names {contracts}, which this variant does not play").format(
            contracts=", ".join(unplayed))]
    return []


def schmeiss_seat_problems(variant: Variant) -> list[str]:
    """The schmeiss is an offer between two players (klaberjass.md)."""
    if variant.bidding.schmeiss != Schmeiss.none and variant.table.players != 2:
        return [_("bidding.schmeiss is an offer to the one other player to abandon the deal: it needs "
                  "table.players 2, not {players}; set bidding.schmeiss to none").format(players=variant.table.players)]
    return []


def schmeiss_bidding_problems(variant: Variant) -> list[str]:
    """The schmeiss is an offer on a turned card that may void the deal."""
    bidding, problems = variant.bidding, []
    if bidding.schmeiss == Schmeiss.none:
        return []
    if bidding.style != BiddingStyle.turned_card:
        problems.append(_("bidding.schmeiss offers to play the turned card's suit: it needs bidding.style "
                          "turned_card, not {style}").format(style=bidding.style))
    if bidding.overcall != Overcall.none:
        problems.append(_("bidding.schmeiss, once refused, ends the bidding like a take: it needs "
                          "bidding.overcall none, not {overcall}").format(overcall=bidding.overcall))
    if bidding.forced_call != ForcedCall.none:
        problems.append(_("bidding.forced_call {forced_call} keeps a deal from being void, but an accepted "
                          "schmeiss voids it: set one of them to none").format(forced_call=bidding.forced_call))
    return problems


def push_problems(variant: Variant) -> list[str]:
    """A push hands the choice to the partner, and the first contract named ends the auction."""
    bidding = variant.bidding
    if bidding.style != BiddingStyle.push:
        return []
    problems = []
    if variant.table.sides != Sides.partners:
        problems.append(_("bidding.style push hands the choice of contract to the partner: it needs table.sides "
                          "partners, not {sides}").format(sides=variant.table.sides))
    if bidding.doubles.max_level > 0 and not bidding.doubles.after_bidding:
        problems.append(_("bidding.style push ends the auction at the first contract named, so a double among "
                          "the bids could never be called: set bidding.doubles.after_bidding true, or max_level 0"))
    return problems


def last_card_problems(variant: Variant) -> list[str]:
    """No bidding: the last card dealt lies face up on the table and names trump (belote-a-deux.md §B.2)."""
    deal, bidding = variant.deal, variant.bidding
    problems: list[str] = []
    if bidding.style != BiddingStyle.last_card_trump:
        return problems
    on_table = bidding.last_card == LastCard.on_table
    if on_table and (deal.second_packets or not deal.tableau_packets
                     or deal.tableau_packets != len(deal.first_packets)):
        problems.append(_(
            "bidding.style last_card_trump makes the suit of the last card dealt trump, so that card must lie "
            "face up on the table: deal every packet onto the tableau (deal.tableau_packets equal to the "
            "number of deal.first_packets, deal.second_packets [])"))
    if bidding.last_card == LastCard.shown_from_hand and (deal.second_packets or deal.tableau_packets
                                                           or deal.turned_card != TurnedCard.none):
        problems.append(_(
            "bidding.last_card shown_from_hand names trump by the last card dealt into a hand, shown and kept: "
            "deal every card into the hands (deal.second_packets [], deal.tableau_packets 0, deal.turned_card "
            "none), or use last_card on_table"))
    missing = [c for c in SUIT_CONTRACTS if c not in bidding.contracts]
    if missing:
        problems.append(_("bidding.style last_card_trump may make any suit trump; bidding.contracts lacks "
                          "{contracts}").format(contracts=", ".join(missing)))
    if bidding.doubles.max_level:
        problems.append(_("bidding.style last_card_trump has no bidding, so nobody doubles: set "
                          "bidding.doubles.max_level to 0"))
    return problems


def prediction_problems(variant: Variant) -> list[str]:
    """Each player predicts his own points and scores the difference (differenzler.md §3, §5-6)."""
    if variant.bidding.predictions == Predictions.off:
        return []
    problems = []
    if variant.table.sides != Sides.each_for_self:
        problems.append(_("bidding.predictions has each player predict the points he takes himself: it needs "
                          "table.sides each_for_self, not {sides}").format(sides=variant.table.sides))
    if variant.scoring.contract != ContractAtStake.each_own:
        problems.append(_("bidding.predictions scores each player's prediction, not a contract: set "
                          "scoring.contract to each_own"))
    if variant.match.target is not None or variant.match.deals is None:
        problems.append(_("bidding.predictions writes penalties, the fewest winning, so no score is a target to "
                          "reach: set match.target to null and match.deals to the number of deals (Differenzler: "
                          "12)"))
    if variant.bidding.doubles.max_level:
        problems.append(_("bidding.predictions is scored on the difference alone, which no double multiplies: "
                          "set bidding.doubles.max_level to 0"))
    if variant.scoring.game_points.brackets:
        problems.append(_("bidding.predictions scores the difference of each player's points; "
                          "scoring.game_points scores a bid: leave game_points.brackets empty"))
    if variant.scoring.capot.shared:
        problems.append(_("bidding.predictions counts the points each player took himself; scoring.capot.shared "
                          "gives a capot bonus to players who did not take it: set it to false"))
    return problems


def match_winning_problems(variant: Variant) -> list[str]:
    """A doubling level that decides the match (Baloot's gahwa) needs a deal whose winner is one side."""
    level, players = variant.bidding.doubles.match_winning_level, variant.table.players
    if not level or variant.table.sides == Sides.partners or players == 2:
        return []
    return [_("bidding.doubles.match_winning_level {level} gives the match to the deal's winner, but at a table "
              "of {players} with table.sides {sides} a failed contract is won by {defenders} defenders, who score "
              "apart; no rule says which of them wins the match: set it to null").format(
                level=level, players=players, sides=variant.table.sides, defenders=players - 1)]
