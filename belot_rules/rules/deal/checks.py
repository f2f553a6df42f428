"""The deal section's rules checked against the other sections': each a function of the variant that returns
its problems, run by ``Variant``'s validator (``variant.model.CHECKS``) with every other check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import gettext as _
from ..table.options import Sides
from .options import DealerRotation, FirstDealer, Stock, TurnedCard, TurnedCardTo, pack_words, undealt_fixes

if TYPE_CHECKING:
    from ...variant.model import Variant


def pack_problems(variant: Variant) -> list[str]:
    """The players, pack and packets must make a deal every seat can play to the end."""
    players, deal = variant.table.players, variant.deal
    pack = 4 * len(variant.cards.ranks)
    problems = []
    hand = deal.hand_size
    kept_turned = deal.turned_card == TurnedCard.after_first_packets and deal.turned_card_to == TurnedCardTo.stock
    dealt = players * hand + kept_turned
    packets = f"{sum(deal.first_packets)} + {sum(deal.second_packets)} = {hand}"
    if dealt > pack:
        most = (pack - kept_turned) // players
        at_most = "" if (pack, players, kept_turned) == (32, 4, False) else (
            _(" at most ({pack} less the turned card left on the stock, {players} players: cards.ranks, "
              "table.players)") if kept_turned else
            _(" at most ({pack}, {players} players: cards.ranks, table.players)")).format(
                pack=pack_words(pack), players=players)
        problems.append(
            _("deal: the packets deal {packets} cards to each player; they must deal {most}").format(
                packets=packets, most=most) + at_most
            + (_(" (for example deal.first_packets [3, 2] and deal.second_packets [3])") if most == 8
               else _("; change deal.first_packets or deal.second_packets"))
        )
    elif dealt < pack and deal.stock == Stock.none:
        problems.append(
            _("deal: the packets deal {packets} cards to each of the {players} players (table.players) and leave "
              "{left} of the {pack}-card pack undealt; ").format(packets=packets, players=players,
                                                                left=pack - dealt, pack=pack)
            + undealt_fixes(pack, players, hand, kept_turned)
        )
    elif dealt == pack and deal.stock != Stock.none:
        problems.append(_("deal.stock is {stock} but the packets deal the whole pack; set it to none").format(
            stock=deal.stock))
    if 2 * deal.cut_min > pack:
        problems.append(_("deal.cut_min {cut_min} leaves no room to cut {pack}; at most {most}").format(
            cut_min=deal.cut_min, pack=pack_words(pack), most=pack // 2))
    return problems


def dealer_problems(variant: Variant) -> list[str]:
    """The first dealer is a seat of the table and the dealer's rotation suits its sides."""
    players, sides, deal = variant.table.players, variant.table.sides, variant.deal
    problems = []
    if deal.first_dealer == FirstDealer.fixed_seat and deal.first_dealer_seat >= players:
        problems.append(_("deal.first_dealer_seat {seat} is not a seat of {players} players (seats 0-{last})").format(
            seat=deal.first_dealer_seat, players=players, last=players - 1))
    if deal.rotation == DealerRotation.deal_winner and sides == Sides.partners:
        problems.append(_("deal.rotation deal_winner gives the deal to the player who scored more; with "
                          "partners use next_seat or alternate_team_random_seat"))
    if deal.rotation == DealerRotation.alternate_team_random_seat and sides != Sides.partners:
        problems.append(_("deal.rotation alternate_team_random_seat needs two teams (table.sides partners)"))
    return problems
