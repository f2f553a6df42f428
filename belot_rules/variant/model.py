"""The variant file as a pydantic model: every rule a Belot / Belote table may choose.

The options live by phase of the game, each in its phase's package (``rules/<phase>/options.py``: cards,
deal, bidding, play, declarations, scoring, match, table), beside the strategy compiled from them; the
variant is their composition. Each field is one
rule, named for what it means to a player, with a description (shown by ``belot show``,
``belot compare`` and in the JSON Schema) and a default. The defaults are the Bulgarian Belot
reading of ``rules/bulgarian.md``; the French files state where they differ. Checks of rules
against each other are small functions (``CHECKS``: a section's ``conflicts`` and the checks across
sections, each in its phase's ``rules/<phase>/checks.py``), all run together by the ``model_validator``, so an author learns about
every impossible combination when the file is loaded, not in the middle of a game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pydantic import Field, ValidationInfo, model_validator

from ..rules.bidding import checks as bidding_checks
from ..rules.bidding.options import (
    Bidding,
    BiddingStyle,
    FirstSpeaker,
    ForcedCall,
    LaterRoundPriority,
    OverbidAfterDouble,
    Overcall,
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
from ..rules.deal import checks as deal_checks
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
)
from ..rules.declarations import checks as declarations_checks
from ..rules.declarations.options import Belote, Declarations
from ..rules.match import checks as match_checks
from ..rules.match.options import MAX_DEALS, Match
from ..rules.play import checks as play_checks
from ..rules.play.options import Overtake, PartnerWinningVoid, Play, Undertrump
from ..rules.scoring import checks as scoring_checks
from ..rules.scoring.options import ContractAtStake, ContractRounding, Rounding, RoundingUnit, Scoring
from ..rules.table import checks as table_checks
from ..rules.table.options import Sides, Table
from . import wording
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


# Every check of rules against each other, each a small function of the variant returning its problems: a section's
# own (its ``conflicts``) and those across sections, each in the package of the phase whose rule it checks
# (``rules/<phase>/checks.py``).
# They all run, so that every contradiction is told at once; partial.py runs those that read no invalid value.
CHECKS: tuple[tuple[tuple[str, ...], Callable[[Variant], list[str]]], ...] = (
    ((), lambda v: v.deal.seven_exchange_conflicts()),
    ((), lambda v: v.deal.chien_conflicts()),
    ((), lambda v: v.deal.tableau_conflicts()),
    ((), lambda v: v.deal.second_packets_conflicts()),
    ((), lambda v: six_problems(v.cards, list(v.bidding.contracts))),
    ((), lambda v: v.play.all_trumps_problems(list(v.bidding.contracts))),
    *(((), check) for check in (
        bidding_checks.turned_card_problems, bidding_checks.overcall_problems, bidding_checks.doubling_off_problems,
        bidding_checks.ashkal_problems, bidding_checks.ashkal_partner_problems, bidding_checks.contract_name_problems,
        wording.language_problems, bidding_checks.schmeiss_seat_problems, bidding_checks.schmeiss_bidding_problems,
        bidding_checks.last_card_problems, bidding_checks.push_problems, declarations_checks.belote_problems,
        table_checks.sides_problems, deal_checks.pack_problems, deal_checks.dealer_problems,
        bidding_checks.match_winning_problems, table_checks.alone_problems, declarations_checks.meld_problems,
        scoring_checks.factor_problems, match_checks.match_end_problems, scoring_checks.capot_bid_problems,
        scoring_checks.game_points_problems, play_checks.concealed_trump_problems, bidding_checks.prediction_problems,
        play_checks.single_hand_problems)),
    *_section_checks(),
)
