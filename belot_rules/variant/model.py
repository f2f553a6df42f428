"""The variant file as a pydantic model: every rule a Belot / Belote table may choose.

The options live by phase of the game, each in its phase's package (``rules/<phase>/options.py``: cards,
deal, bidding, play, declarations, scoring, match, table), beside the strategy compiled from them; the
variant is their composition. Each field is one
rule, named for what it means to a player, with a description (shown by ``belot show``,
``belot compare`` and in the JSON Schema) and a default. The defaults are the Bulgarian Belot
reading of ``rules/bulgarian.md``; the French files state where they differ. Checks of rules
against each other are small functions (``CHECKS``: a section's ``conflicts`` and the variant's
checks across sections), all run together by the ``model_validator``, so an author learns about
every impossible combination when the file is loaded, not in the middle of a game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pydantic import Field, ValidationInfo, model_validator

from ..i18n import gettext as _
from ..rules.bidding.options import (
    Bidding,
    BiddingStyle,
    FirstSpeaker,
    ForcedCall,
    LastCard,
    LaterRoundPriority,
    OverbidAfterDouble,
    Overcall,
    Predictions,
    Round1Contracts,
    Round2TurnedSuit,
    Schmeiss,
)
from ..rules.cards.options import TABLE_PLACES, CardTables, RankTable, six_problems
from ..rules.common import (
    CONCEALED,
    CONTRACTS,
    MAX_NUMBER,
    SUIT_CONTRACTS,
    Conflict,
    Conflicts,
    Contract,
    Rule,
    contract_kind,
)
from ..rules.deal.options import (
    AllPass,
    Deal,
    DealerRotation,
    FirstDealer,
    SecondPacketsStart,
    SevenExchange,
    Shuffle,
    Stock,
    TurnedCard,
    TurnedCardTo,
    pack_words,
    undealt_fixes,
)
from ..rules.declarations.options import Belote, BeloteAnnouncement, ContestScope, Declarations, MeldSource
from ..rules.match.options import MAX_DEALS, Match
from ..rules.play.options import SEVENTH, Overtake, PartnerWinningVoid, Play, Undertrump
from ..rules.scoring.options import ContractAtStake, ContractRounding, Rounding, RoundingUnit, Scoring, VerdictOn
from ..rules.table.options import Sides, Table
from .wording import Language, Wording

# What the rest of the program reads from here: the variant and the options it names.
__all__ = ["AllPass", "Belote", "BiddingStyle", "CHECKS", "CONCEALED", "CONTRACTS", "Conflict", "Conflicts",
           "Contract", "ContractAtStake", "ContractRounding", "Deal", "DealerRotation", "Declarations", "FirstDealer",
           "FirstSpeaker", "ForcedCall", "LaterRoundPriority", "MAX_NUMBER", "Match", "OverbidAfterDouble", "Overcall", "Overtake",
           "PartnerWinningVoid", "Play", "RankTable", "Round1Contracts", "Round2TurnedSuit",
           "Rounding", "SUIT_CONTRACTS", "Schmeiss", "SecondPacketsStart", "SevenExchange", "Shuffle", "Sides", "Stock",
           "TurnedCard", "TurnedCardTo", "Undertrump", "Variant", "contract_kind"]


# ----------------------------------------------------------------------------- the variant


class Variant(Rule):
    """A complete rule set for a Belot / Belote table."""

    name: str = Field(description="Short name, as used on the command line.", pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str = Field(description="Full name shown to players.")
    description: str = Field("", description="A paragraph on what this rule set is and where its rules come from.")
    family: str = Field(
        "", max_length=40,
        description="The family of rule sets this one belongs to, by country or tradition (Bulgarian, French, "
        "Dutch, Croatian, Saudi, ...): `belot list` groups the shipped variants by it.",
    )
    extends: str | None = Field(
        None, description="A shipped variant name or a relative path whose rules this file starts from."
    )
    languages: dict[Language, Wording] = Field(
        {},
        description="The title, description and names of contracts and doubling levels in the players' languages "
        "(bg, fr, nl, hr, ru, ar), as `languages: {bg: {title: ..., contracts: {no_trumps: без коз}}}`; words, "
        "not rules, so outside the rules hash, and each file's own like its title.",
    )
    cards: CardTables = Field(
        default_factory=CardTables,
        description="Rank orders and card points for each kind of contract, and the order of sequences.",
    )
    deal: Deal = Field(
        default_factory=Deal,
        description="How the cards come out: packets, the turned card, shuffling and who deals.",
    )
    bidding: Bidding = Field(
        default_factory=Bidding,
        description="The auction: which contracts exist, how they are bid, contra and recontra.",
    )
    play: Play = Field(
        default_factory=Play,
        description="What a player must play; following suit is always compulsory.",
    )
    declarations: Declarations = Field(
        default_factory=Declarations,
        description="Sequences and quads declared in the first trick, how two teams' declarations compare, and belote.",
    )
    scoring: Scoring = Field(
        default_factory=Scoring,
        description="The totals of a deal and how they reach the match board: last trick, capot, ties, contra, rounding.",
    )
    match: Match = Field(default_factory=Match, description="When the match ends and who wins it.")
    table: Table = Field(
        default_factory=Table,
        description="The players and their sides, and table conventions that are not scoring rules: the move clock.",
    )

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> Variant:
        if info.context and info.context.get("unchecked"):  # built to run the checks one by one (partial.py)
            return self
        problems = [(section, message) for section, check in CHECKS for message in check(self)]
        if problems:
            raise Conflicts(problems)
        return self

    def _turned_card_problems(self) -> list[str]:
        """Turned-card bidding and the turned card go together."""
        turned = self.deal.turned_card == TurnedCard.after_first_packets
        if turned and not self.bidding.uses_turned_card:
            return [_("deal.turned_card is set but bidding.style {style} never uses it; use turned_card or "
                      "turned_card_point_bids").format(style=self.bidding.style)]
        problems = []
        if self.bidding.uses_turned_card and not turned:
            problems.append(_("bidding.style {style} needs a turned card: set deal.turned_card to "
                              "after_first_packets").format(style=self.bidding.style))
        if self.bidding.uses_turned_card and not any(c in SUIT_CONTRACTS for c in self.bidding.contracts):
            problems.append(_("turned-card bidding needs the suit contracts in bidding.contracts"))
        return problems

    def _overcall_problems(self) -> list[str]:
        """Bidding in rounds ends at the first take unless an overcall goes on; other styles bid higher anyway."""
        bidding, doubles = self.bidding, self.bidding.doubles
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

    def _doubling_off_problems(self) -> list[str]:
        """Doubling rules beside a ladder of no levels do nothing: say so rather than ignore them."""
        doubles, problems = self.bidding.doubles, []
        if doubles.condition.applies.kinds() and not doubles.max_level:
            problems.append(_("bidding.doubles.condition restricts doubling, but bidding.doubles.max_level is 0"))
        if doubles.after_bidding and not doubles.max_level:
            problems.append(_("bidding.doubles.after_bidding is set, but bidding.doubles.max_level is 0: nobody "
                              "doubles"))
        return problems

    def _ashkal_problems(self) -> list[str]:
        """Ashkal bids a contract of the variant for the partner, who takes the turned card."""
        bidding, problems = self.bidding, []
        if not bidding.ashkal.enabled:
            return []
        if self.deal.turned_card != TurnedCard.after_first_packets:
            problems.append(_("bidding.ashkal gives the partner the turned card: it needs deal.turned_card "
                              "after_first_packets"))
        if bidding.ashkal.contract not in bidding.contracts:
            problems.append(_("bidding.ashkal.contract {contract} is not one of bidding.contracts").format(
                contract=bidding.ashkal.contract))
        if bidding.uses_points:
            problems.append(_("bidding.ashkal names a contract without points; it cannot be used with point bids"))
        return problems

    def _ashkal_partner_problems(self) -> list[str]:
        """Ashkal makes the caller's partner the taker (baloot.md): a table without partners has nobody to take."""
        if self.bidding.ashkal.enabled and self.table.sides != Sides.partners:
            return [_("bidding.ashkal bids a contract for the caller's partner: it needs table.sides partners, not "
                      "{sides}; set bidding.ashkal.enabled to false").format(sides=self.table.sides)]
        return []

    def _contract_name_problems(self) -> list[str]:
        bidding = self.bidding
        unplayed = [k for k in bidding.contract_names
                    if k not in bidding.contracts and not (k == "suit" and any(c in SUIT_CONTRACTS for c in bidding.contracts))]
        if unplayed:
            return [_("bidding.contract_names names {contracts}, which this variant does not play").format(
                contracts=", ".join(unplayed))]
        return []

    def _language_problems(self) -> list[str]:
        """A language names only contracts this variant plays and doubling levels it can reach."""
        played = {*self.bidding.contracts, *(["suit"] if any(c in SUIT_CONTRACTS for c in self.bidding.contracts) else [])}
        problems = []
        for language, wording in self.languages.items():
            unplayed = [k for k in wording.contracts if k not in played]
            if unplayed:
                problems.append(_("languages.{language}.contracts names {contracts}, which this variant does not "
                                  "play; contracts played: {played}").format(
                    language=language, contracts=", ".join(unplayed), played=", ".join(sorted(played))))
            if len(wording.levels) > self.bidding.doubles.max_level:
                problems.append(_("languages.{language}.levels names {count} doubling levels, but "
                                  "bidding.doubles.max_level is {most}").format(
                    language=language, count=len(wording.levels), most=self.bidding.doubles.max_level))
        return problems

    def _belote_problems(self) -> list[str]:
        belote = self.declarations.belote
        if belote.enabled and belote.allowed.of("no_trumps"):
            return [_("belote needs a trump suit; declarations.belote.allowed cannot include no_trumps")]
        return []

    def _schmeiss_seat_problems(self) -> list[str]:
        """The schmeiss is an offer between two players (klaberjass.md)."""
        if self.bidding.schmeiss != Schmeiss.none and self.table.players != 2:
            return [_("bidding.schmeiss is an offer to the one other player to abandon the deal: it needs "
                      "table.players 2, not {players}; set bidding.schmeiss to none").format(players=self.table.players)]
        return []

    def _schmeiss_bidding_problems(self) -> list[str]:
        """The schmeiss is an offer on a turned card that may void the deal."""
        bidding, problems = self.bidding, []
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

    def _push_problems(self) -> list[str]:
        """A push hands the choice to the partner, and the first contract named ends the auction."""
        bidding = self.bidding
        if bidding.style != BiddingStyle.push:
            return []
        problems = []
        if self.table.sides != Sides.partners:
            problems.append(_("bidding.style push hands the choice of contract to the partner: it needs table.sides "
                              "partners, not {sides}").format(sides=self.table.sides))
        if bidding.doubles.max_level > 0 and not bidding.doubles.after_bidding:
            problems.append(_("bidding.style push ends the auction at the first contract named, so a double among "
                              "the bids could never be called: set bidding.doubles.after_bidding true, or max_level 0"))
        return problems

    def _last_card_problems(self) -> list[str]:
        """No bidding: the last card dealt lies face up on the table and names trump (belote-a-deux.md §B.2)."""
        deal, bidding = self.deal, self.bidding
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
                                                               or deal.turned_card != "none"):
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

    def _prediction_problems(self) -> list[str]:
        """Each player predicts his own points and scores the difference (differenzler.md §3, §5-6)."""
        if self.bidding.predictions == Predictions.off:
            return []
        problems = []
        if self.table.sides != Sides.each_for_self:
            problems.append(_("bidding.predictions has each player predict the points he takes himself: it needs "
                              "table.sides each_for_self, not {sides}").format(sides=self.table.sides))
        if self.scoring.contract != ContractAtStake.each_own:
            problems.append(_("bidding.predictions scores each player's prediction, not a contract: set "
                              "scoring.contract to each_own"))
        if self.match.target is not None or self.match.deals is None:
            problems.append(_("bidding.predictions writes penalties, the fewest winning, so no score is a target to "
                              "reach: set match.target to null and match.deals to the number of deals (Differenzler: "
                              "12)"))
        if self.bidding.doubles.max_level:
            problems.append(_("bidding.predictions is scored on the difference alone, which no double multiplies: "
                              "set bidding.doubles.max_level to 0"))
        if self.scoring.game_points.brackets:
            problems.append(_("bidding.predictions scores the difference of each player's points; "
                              "scoring.game_points scores a bid: leave game_points.brackets empty"))
        if self.scoring.capot.shared:
            problems.append(_("bidding.predictions counts the points each player took himself; scoring.capot.shared "
                              "gives a capot bonus to players who did not take it: set it to false"))
        return problems

    def _sides_problems(self) -> list[str]:
        players, sides = self.table.players, self.table.sides
        if sides == Sides.partners and players != 4:
            if players == 3:
                return [_("table.sides partners needs 4 players, not {players} (table.players); use each_for_self or "
                          "taker_vs_rest").format(players=players)]
            return [_("table.sides partners needs 4 players, not {players} (table.players); use each_for_self").format(
                players=players)]
        if sides == Sides.taker_vs_rest and players < 3:
            return [_("table.sides taker_vs_rest needs 3 or 4 players (table.players); two players are each_for_self")]
        return []

    def _pack_problems(self) -> list[str]:
        """The players, pack and packets must make a deal every seat can play to the end."""
        players, deal = self.table.players, self.deal
        pack = 4 * len(self.cards.ranks)
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

    def _dealer_problems(self) -> list[str]:
        """The first dealer is a seat of the table and the dealer's rotation suits its sides."""
        players, sides, deal = self.table.players, self.table.sides, self.deal
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

    def _match_winning_problems(self) -> list[str]:
        """A doubling level that decides the match (Baloot's gahwa) needs a deal whose winner is one side."""
        level, players = self.bidding.doubles.match_winning_level, self.table.players
        if not level or self.table.sides == Sides.partners or players == 2:
            return []
        return [_("bidding.doubles.match_winning_level {level} gives the match to the deal's winner, but at a table "
                  "of {players} with table.sides {sides} a failed contract is won by {defenders} defenders, who score "
                  "apart; no rule says which of them wins the match: set it to null").format(
                    level=level, players=players, sides=self.table.sides, defenders=players - 1)]

    def _alone_problems(self) -> list[str]:
        """Each for himself at three or four: a taker against each other player, undoubled, on a plain contract."""
        if self.table.sides != Sides.each_for_self or self.table.players <= 2:
            return []
        players = self.table.players
        problems = []
        if self.bidding.uses_points:
            problems.append(_("table.sides each_for_self with {players} players has no point bids: bidding.style "
                              "{style} is not played there; use turned_card, contract_ladder or single_call").format(
                players=players, style=self.bidding.style))
        if self.scoring.capot.replaces_card_points:
            problems.append(_("table.sides each_for_self with {players} players adds the capot bonus to the cards: "
                              "set scoring.capot.replaces_card_points to false").format(players=players))
        if self.scoring.verdict_on == VerdictOn.board_points:
            problems.append(_("table.sides each_for_self with {players} players judges the contract on the raw "
                              "totals: set scoring.verdict_on to raw_points").format(players=players))
        return problems

    def _meld_problems(self) -> list[str]:
        """Melds found in tricks are credited to each trick's winner: nothing to compare, announce or hold."""
        decl = self.declarations
        if decl.source != MeldSource.tricks:
            return []
        problems = []
        if decl.contest != ContestScope.none:
            problems.append(_(
                "declarations.source tricks credits each trick's melds to the team that wins it, so there is no "
                "contest between the teams' melds: set declarations.contest to none, not {contest}").format(
                    contest=decl.contest))
        if decl.belote.enabled and decl.belote.announcement == BeloteAnnouncement.required:
            problems.append(_(
                "declarations.source tricks finds the king and queen of trumps among a trick's cards, where nobody "
                "announces them: set declarations.belote.announcement to automatic"))
        if decl.wins_match_length is not None:
            problems.append(_(
                "declarations.wins_match_length {length} is a run held in one hand; a trick's cards are not a hand: "
                "set it to null or declarations.source to hand").format(length=decl.wins_match_length))
        return problems

    def _factor_problems(self) -> list[str]:
        """A contract factor multiplies a contract of the variant, and never a point bid."""
        problems = []
        played = {*self.bidding.contracts, *map(contract_kind, self.bidding.contracts)}
        unplayed = [c for c in self.scoring.contract_factors.overrides if c not in played]
        if unplayed:
            problems.append(_(
                "scoring.contract_factors names {contracts}, which bidding.contracts does not play; contracts played: "
                "{played}").format(contracts=", ".join(unplayed), played=", ".join(self.bidding.contracts)))
        if self.scoring.contract_factors.written() != 1 and self.bidding.uses_points:
            problems.append(_(
                "scoring.contract_factors multiply the points a point bid is judged on; bidding.style {style} bids "
                "points: leave contract_factors out").format(style=self.bidding.style))
        return problems

    def _capot_bid_problems(self) -> list[str]:
        """A capot bid worth its value is judged on the tricks: a doubled deal may not go to the side with more."""
        if (self.scoring.point_bids.capot_bid == "capot_value" and self.bidding.doubles.max_level > 0
                and self.scoring.doubled_winner == "more_points"):
            return [_("scoring.point_bids.capot_bid capot_value puts the capot value in place of the takers' cards, "
                      "which scoring.doubled_winner more_points would compare: use doubled_winner contract_result, "
                      "or capot_bid as_taken")]
        return []

    def _single_hand_problems(self) -> list[str]:
        """The single hand (twenty-nine.md §7, twenty-eight.md §6) sits a partner out and is scored in game points."""
        if not self.play.single_hand:
            return []
        problems = []
        if self.table.sides != Sides.partners:
            problems.append(_("play.single_hand sits the lone player's partner out; table.sides {sides} gives nobody a "
                              "partner: use partners, or set play.single_hand to false").format(
                                  sides=self.table.sides))
        if not self.scoring.game_points.brackets:
            problems.append(_("play.single_hand wins or loses game points; this rule set scores card points: set "
                              "scoring.game_points.brackets, or play.single_hand to false"))
        return problems

    def _concealed_trump_problems(self) -> list[str]:
        """A trump laid face down (twenty-eight.md §4) follows a bid of points alone and is chosen from a hand."""
        if not self.play.conceals_trump:
            return []
        problems = []
        if self.bidding.style != BiddingStyle.point_bids:
            problems.append(_("play.trump_shown on_demand follows an auction of points alone, the trump chosen after it: "
                              "set bidding.style to point_bids, not {style}").format(style=self.bidding.style))
        # twenty-nine.md §4.3: one contract without trumps may be chosen instead of a face-down trump
        no_trumps = [c for c in self.bidding.contracts if c in ("no_trumps", "undenufe")]
        if len(no_trumps) > 1:
            problems.append(_("play.trump_shown on_demand offers the bidder one contract without trumps instead of a "
                              "face-down trump; bidding.contracts lists {contracts}: keep one").format(
                contracts=", ".join(no_trumps)))
        others = [c for c in self.bidding.contracts if c not in (*SUIT_CONTRACTS, *no_trumps)]
        if others:
            problems.append(_("play.trump_shown on_demand lays a card of the trump suit face down; {contracts} has no trump "
                              "suit: leave it out of bidding.contracts").format(contracts=", ".join(others)))
        if self.declarations.enabled or self.declarations.belote.enabled:
            problems.append(_("play.trump_shown on_demand hides the trump that declarations and the belote are judged in: "
                              "set declarations.enabled and declarations.belote.enabled to false"))
        first = sum(self.deal.first_packets)
        if self.play.seventh_card and not first < SEVENTH <= first + sum(self.deal.second_packets):
            problems.append(_("play.seventh_card lays the bidder's seventh card face down once the rest is dealt: "
                              "deal.first_packets must deal fewer than 7 cards and the hand hold at least 7"))
        if self.deal.turned_card != "none" or self.deal.stock == "to_taker" or self.deal.tableau_packets:
            problems.append(_("play.trump_shown on_demand needs every card dealt into the hands: no turned card, no chien "
                              "and no tableau"))
        return problems

    def _game_points_problems(self) -> list[str]:
        """Game points judge a point bid against the points of two camps (twenty-eight.md §6, twenty-nine.md §7)."""
        if not self.scoring.game_points.brackets:
            return [_("declarations.pair moves the bid of a deal in game points: set scoring.game_points.brackets")
                    ] if self.declarations.pair.enabled else []
        problems = []
        if not self.bidding.uses_points:
            problems.append(_("scoring.game_points judges a point bid; bidding.style {style} bids no points: use "
                              "point_bids or turned_card_point_bids").format(style=self.bidding.style))
        if self.bidding.points.capot_bid:
            problems.append(_("scoring.game_points judges a bid on the card points taken, not on the tricks: set "
                              "bidding.points.capot_bid to false"))
        if self.scoring.contract == ContractAtStake.each_own:
            problems.append(_("scoring.game_points judges the bidding side's contract; scoring.contract each_own "
                              "judges none: use judged"))
        if self.table.sides == Sides.each_for_self and self.table.players > 2:
            problems.append(_("scoring.game_points moves the bidding side's score against one other side; a taker "
                              "against each other player has several: use table.sides partners"))
        return problems

    def _match_end_problems(self) -> list[str]:
        problems = []
        if self.match.deals is not None and self.match.target is not None:
            problems.append(_(
                "match.deals {deals} and match.target {target} are both set; a match ends after a fixed number of "
                "deals or at a target: set match.target to null for a fixed number of deals").format(
                    deals=self.match.deals, target=self.match.target))
        elif self.match.deals is not None and self.match.set_at is not None:
            problems.append(_(
                "match.deals {deals} and match.set_at {points} are both set; a match ends after a fixed number of "
                "deals or at plus or minus its set: set one of them to null").format(
                    deals=self.match.deals, points=self.match.set_at))
        elif self.match.target is not None and self.match.target > self.largest_target:
            problems.append(_(
                "match.target {target} is out of reach: a match stops after {most} deals and a deal here may hand out "
                "as few as {points} match points among {sides} sides, so the largest target accepted is {largest} (a "
                "side's share of a third of those deals)").format(
                    target=self.match.target, most=MAX_DEALS, points=self.deal_points, sides=self.table.board_sides,
                    largest=self.largest_target))
        return problems

    @property
    def deal_points(self) -> int:
        """The fewest match points a deal hands out: the card points and last trick of the poorest contract
        played, before any factor or bonus, on the board's scale (tens or points)."""
        if self.scoring.game_points.brackets:  # a made bid wins at least its bracket's game points
            return min(bracket.made for bracket in self.scoring.game_points.brackets) or 1
        cards = self.cards

        def pack(table: RankTable, suits: int) -> int:
            return suits * sum(table.points.get(rank, 0) for rank in cards.ranks)

        def total(contract: str) -> int:
            if contract_kind(contract) == "suit":
                return pack(cards.trump_suit.of(contract), 1) + pack(cards.plain_suit.of(contract), 3)
            return pack((cards.trump_suit if contract == "all_trumps" else cards.plain_suit).of(contract), 4)

        fewest = min(total(c) for c in self.bidding.contracts) + self.scoring.last_trick
        return fewest // 10 if self.scoring.rounding.unit == RoundingUnit.tens else fewest

    @property
    def largest_target(self) -> int:
        """The largest match.target a match can reach before the engine stops it: every side's share of the
        points of a third of its deals, the rest left for deals everybody passes and points held back."""
        return MAX_DEALS // 3 * self.deal_points // self.table.board_sides


def _table_conflicts(rule: str, where: str, variant: Variant) -> list[str]:
    table: RankTable = getattr(variant.cards, rule).of(where)
    return table.conflicts()


def _section_checks() -> list[tuple[tuple[str, ...], Callable[[Variant], list[str]]]]:
    """Each section's own contradictions, named within the section (``max_level``, not ``bidding.doubles.max_level``)."""
    tables: list[tuple[tuple[str, ...], Callable[[Variant], list[str]]]] = [
        (("cards", rule, where), partial(_table_conflicts, rule, where)) for rule, where in TABLE_PLACES]
    return [*tables, (("cards",), lambda v: v.cards.conflicts()),
            (("bidding", "doubles"), lambda v: v.bidding.doubles.ladder_conflicts()),
            (("bidding", "doubles"), lambda v: v.bidding.doubles.name_conflicts()),
            (("bidding", "points"), lambda v: v.bidding.points.conflicts()),
            (("deal", "redeal_claim"), lambda v: v.deal.redeal_claim.conflicts()),
            (("play",), lambda v: v.play.conflicts()),
            (("declarations",), lambda v: v.declarations.conflicts()),
            (("scoring", "game_points"), lambda v: v.scoring.game_points.conflicts())]


# Every check of rules against each other, each a small function of the variant returning its problems.
# They all run, so that every contradiction is told at once; partial.py runs those that read no invalid value.
CHECKS: tuple[tuple[tuple[str, ...], Callable[[Variant], list[str]]], ...] = (
    ((), lambda v: v.deal.seven_exchange_conflicts()),
    ((), lambda v: v.deal.chien_conflicts()),
    ((), lambda v: v.deal.tableau_conflicts()),
    ((), lambda v: v.deal.second_packets_conflicts()),
    ((), lambda v: six_problems(v.cards, list(v.bidding.contracts))),
    ((), lambda v: v.play.all_trumps_problems(list(v.bidding.contracts))),
    *(((), check) for check in (
        Variant._turned_card_problems, Variant._overcall_problems, Variant._doubling_off_problems,
        Variant._ashkal_problems, Variant._ashkal_partner_problems, Variant._contract_name_problems, Variant._language_problems, Variant._schmeiss_seat_problems,
        Variant._schmeiss_bidding_problems, Variant._last_card_problems, Variant._push_problems,
        Variant._belote_problems,
        Variant._sides_problems, Variant._pack_problems, Variant._dealer_problems, Variant._match_winning_problems, Variant._alone_problems,
        Variant._meld_problems, Variant._factor_problems, Variant._match_end_problems,
        Variant._capot_bid_problems, Variant._game_points_problems,
        Variant._concealed_trump_problems, Variant._prediction_problems, Variant._single_hand_problems)),
    *_section_checks(),
)
