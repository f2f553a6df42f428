"""The declarations: sequences and quads, how two teams' compare, and belote."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, field_validator

from ...i18n import gettext as _
from ..bidding.options import without_doubling
from ..common import ByContract, KindsList, OldKey, Option, Points, RankPoints, Ranks, Rule, first_reason
from ..scoring.options import ON_FAILURE_TEXT, OnFailure, contract_factor_one, on_failure_option

if TYPE_CHECKING:
    from ...variant.model import Variant


class LongRun(str, Enum):
    one_quint = "one_quint"
    quint_plus_tierce_for_eight = "quint_plus_tierce_for_eight"


class QuadSequenceOverlap(str, Enum):
    prefer_quad = "prefer_quad"
    player_chooses = "player_chooses"
    both_count = "both_count"


class ContestScope(str, Enum):
    separate = "separate"
    unified = "unified"
    none = "none"


class MeldSource(str, Enum):
    hand = "hand"
    tricks = "tricks"


class SequenceCompare(str, Enum):
    class_then_top = "class_then_top"
    length_then_top = "length_then_top"


class DeclarationTie(str, Enum):
    cancel = "cancel"
    trump_then_cancel = "trump_then_cancel"
    trump_then_first_in_play_order = "trump_then_first_in_play_order"
    first_in_play_order = "first_in_play_order"


class WinnerScores(str, Enum):
    all = "all"
    best_only = "best_only"


class CapotDeclarations(str, Enum):
    to_capot_team = "to_capot_team"
    keep = "keep"


class BelotePlayCondition(str, Enum):
    lead_follow_or_trump = "lead_follow_or_trump"
    always = "always"


class BeloteForcedCard(str, Enum):
    allowed = "allowed"
    lost = "lost"


class BeloteInSequence(str, Enum):
    both_count = "both_count"
    belote_absorbed = "belote_absorbed"


class BeloteAnnouncement(str, Enum):
    automatic = "automatic"
    required = "required"


def _declarations_off(variant: Variant) -> str | None:
    return None if variant.declarations.enabled else _("declarations.enabled is false")


def _from_tricks(variant: Variant) -> str | None:
    """Melds found in a trick's cards are neither held, nor compared, nor announced."""
    if variant.declarations.source == MeldSource.tricks:
        return _("declarations.source tricks finds melds in each trick's cards")
    return None


def _not_unified(variant: Variant) -> str | None:
    contest = variant.declarations.contest
    return None if contest == ContestScope.unified else _("declarations.contest is {contest}").format(contest=contest)


def _no_contest(variant: Variant) -> str | None:
    if variant.declarations.contest == ContestScope.none:
        return _("declarations.contest none keeps every declaration")
    return None


def _belote_off(variant: Variant) -> str | None:
    return None if variant.declarations.belote.enabled else _("declarations.belote.enabled is false")


def _belote_from_tricks(variant: Variant) -> str | None:
    """A belote found in a trick's cards, where declarations are played at all."""
    return _from_tricks(variant) if variant.declarations.enabled else None


class Belote(Rule):
    """King and queen of a trump suit in one hand."""

    enabled: bool = Field(True, description="Whether belote / rebelote scores at all.")
    points: Annotated[int, Option(unused_when=_belote_off)] = Field(
        20, ge=0, description="What a belote is worth.")
    allowed: Annotated[ByContract[bool], Option(unused_when=_belote_off, old_keys=(
            OldKey("contracts", converter=KindsList()),))] = Field(
        ByContract(True, {"no_trumps": False}),
        description="Whether belote scores, by kind of contract (all-trumps allows one per suit); written "
        "{default: ..., suit: ..., no_trumps: ..., all_trumps: ...}.",
    )
    play_condition: Annotated[BelotePlayCondition, Option({
        "lead_follow_or_trump": "the first of the king and queen played must be led, follow suit or trump, "
        "else the belote is lost",
        "always": "the belote counts however its cards are played",
    }, unused_when=first_reason(_belote_off, _belote_from_tricks))] = Field(
        BelotePlayCondition.lead_follow_or_trump,
        description="The first of the K/Q played must be led, follow suit or be a trump (else the belote is lost); or any play counts.",
    )
    forced_card: Annotated[BeloteForcedCard, Option({
        "allowed": "a belote counts even when its first card was the player's only legal card",
        "lost": "a belote is lost when its first card was the player's only legal card",
    }, unused_when=first_reason(_belote_off, _belote_from_tricks))] = Field(
        BeloteForcedCard.allowed,
        description="Whether a belote still counts when its first card was the player's only legal card.",
    )
    in_sequence: Annotated[BeloteInSequence, Option({
        "both_count": "a king and queen inside a scoring sequence also score the belote",
        "belote_absorbed": "a king and queen inside a scoring sequence score only in the sequence",
    }, unused_when=_belote_off)] = Field(
        BeloteInSequence.both_count,
        description="A K-Q that is also part of a scoring sequence: both count, or the belote is absorbed by the sequence.",
    )
    announcement: Annotated[BeloteAnnouncement, Option({
        "automatic": "belote scores without being announced",
        "required": "belote scores only if announced when its first card is played",
    }, unused_when=first_reason(_belote_off, _belote_from_tricks))] = Field(
        BeloteAnnouncement.automatic,
        description="Belote is scored automatically, or only if the player announces it when playing the first card.",
    )
    counts_for_contract: Annotated[bool, Option(unused_when=_belote_off)] = Field(
        True, description="Whether the belote counts when deciding if the contract is made."
    )
    on_failure: Annotated[OnFailure, on_failure_option(
        "belote", _belote_off, OldKey("kept_when_failed", {True: "kept", False: "to_winners"}))] = Field(
        OnFailure.to_winners, description=ON_FAILURE_TEXT.format("belote") + " French kept ('imprenable').")
    multiplied_by_double: Annotated[bool, Option(
        unused_when=first_reason(_belote_off, without_doubling))] = Field(
        True, description="Whether contra and the other doubling levels multiply the belote (Baloot's is immune)."
    )
    multiplied_by_contract_factor: Annotated[bool, Option(
        unused_when=first_reason(_belote_off, contract_factor_one))] = Field(
        True, description="Whether scoring.contract_factors multiply the belote.")


def _length_key(value: object) -> int:
    """Accept ``3``, ``"3"`` and ``5+`` (five or more) for a sequence length."""
    text = str(value).strip()
    if not text.rstrip("+").isdecimal():  # int() reads these, not '²'
        raise ValueError(_("unknown sequence length '{length}'; a length is a number of cards from 3 to 8, like "
                           "3: 20").format(length=value))
    return int(text.rstrip("+"))


class UndenufeMelds(str, Enum):
    reversed = "reversed"
    as_usual = "as_usual"


class PairNeeds(str, Enum):
    trick_after_reveal = "trick_after_reveal"
    trick = "trick"


def _pair_off(variant: Variant) -> str | None:
    return None if variant.declarations.pair.enabled else _("declarations.pair.enabled is false")


class Pair(Rule):
    """The pair (Twenty-Eight, Twenty-Nine): the King and Queen of trumps, shown, move the bid instead of scoring."""

    enabled: bool = Field(
        False,
        description="A player holding the King and Queen of trumps may show them once the trump is known, at his "
        "turn before his card: the bidding side's target goes down by moves_bid, the opponents' showing raises it "
        "(twenty-eight.md §5, twenty-nine.md §6); never below the lowest bid nor above the highest.",
    )
    moves_bid: Annotated[int, Option(unused_when=_pair_off)] = Field(
        4, ge=1, le=100, description="How far the pair moves the bidding side's target (4).")
    needs: Annotated[PairNeeds, Option({
        "trick_after_reveal": "the pair is shown only once the player's side has won a trick after the trump was "
        "shown",
        "trick": "the pair is shown only once the player's side has won a trick",
    }, unused_when=_pair_off)] = Field(
        PairNeeds.trick_after_reveal,
        description="When the pair may be shown: once the side has won a trick after the trump was shown "
        "(Twenty-Eight, WIKI mirror), or any trick (Twenty-Nine, ZLL).",
    )
    min_bid_to_reduce: Annotated[int, Option(unused_when=_pair_off)] = Field(
        0, ge=0, le=1000,
        description="The bidding side's pair lowers no bid below this (Twenty-Nine, one PAGc copy: 19, 'a team that "
        "bids 16, 17 or 18 cannot reduce'); 0: every bid.",
    )


class Declarations(Rule):
    """Sequences and quads (carrés) declared during the first trick, and how teams' declarations compare."""

    enabled: bool = Field(True, description="Whether sequences and quads are declared at all (belote is separate).")
    source: Annotated[MeldSource, Option({
        "hand": "sequences, quads and belote are held in a hand and declared",
        "tricks": "sequences, quads and the king and queen of trumps are found among the cards of each "
        "trick and score for the side that wins it (roem)",
    }, unused_when=_declarations_off)] = Field(
        MeldSource.hand,
        description=(
            "hand: sequences, quads and belote are held in a hand and declared; tricks: they are found among "
            "the cards of each trick and scored by the side that wins it (Klaverjas roem)."
        ),
    )
    allowed: Annotated[ByContract[bool], Option(unused_when=_declarations_off, old_keys=(
            OldKey("contracts", converter=KindsList()),))] = Field(
        ByContract(True, {"no_trumps": False}), description="Whether sequences and quads may be declared, by kind "
        "of contract; written {default: ..., suit: ..., no_trumps: ..., all_trumps: ...}."
    )
    sequences: Annotated[dict[Annotated[int, Field(ge=3, le=9)], Points],  # 9: a whole suit of the 36-card pack
                         Option(unused_when=_declarations_off)] = Field(
        {3: 20, 4: 50, 5: 100},
        description="Points of a sequence by its length; the longest length listed also covers longer runs (5 means 5 or more).",
    )
    long_run: Annotated[LongRun, Option({
        "one_quint": "a run of eight cards is one sequence of the longest class",
        "quint_plus_tierce_for_eight": "a run of eight cards is a sequence of the longest class plus a tierce",
    }, unused_when=first_reason(_declarations_off, _from_tricks))] = Field(
        LongRun.one_quint,
        description="An 8-card run is one sequence of the longest class, or that plus a tierce (one engine's reading).",
    )
    quads: Annotated[ByContract[RankPoints], Option(
        unused_when=_declarations_off, old_keys=(OldKey("no_trumps_quads", part="no_trumps"),))] = Field(
        ByContract({"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100}),
        description="Points of four of a kind by rank; ranks left out (7, 8) are not declarations. Where they "
        "differ by kind of contract: {default: {...}, no_trumps: {...}} (coinche: in no-trumps A 200, T 150, "
        "others 100).",
    )
    quad_order: Annotated[Ranks, Option(unused_when=_declarations_off)] = Field(
        ["J", "9", "A", "T", "K", "Q"],
        description="Which of two equal-valued quads is higher, strongest first.",
    )
    quad_sequence_overlap: Annotated[QuadSequenceOverlap, Option({
        "prefer_quad": "a card in both a quad and a sequence counts in the quad and leaves the sequence",
        "player_chooses": "a card in both a quad and a sequence counts where its player chooses",
        "both_count": "a card in both a quad and a sequence counts in both",
    }, unused_when=first_reason(_declarations_off, _from_tricks))] = Field(
        QuadSequenceOverlap.prefer_quad,
        description="A card in both a quad and a sequence: the quad is taken and its cards leave the sequence; the player chooses; or both count.",
    )
    contest: Annotated[ContestScope, Option({
        "separate": "sequences compete with sequences, quads with quads",
        "unified": "sequences and quads compete in one contest, by value: the team with the best single "
        "declaration scores all of its own",
        "none": "no contest: each team keeps all of its own declarations",
    }, unused_when=_declarations_off)] = Field(
        ContestScope.separate,
        description=(
            "separate: sequences compete with sequences and quads with quads; unified: one contest over both, "
            "by value (the best single declaration takes all its team's); none: both teams keep their own."
        ),
    )
    sequence_compare: Annotated[SequenceCompare, Option({
        "class_then_top": "the higher class (3, 4, 5 or more cards) wins, then the higher top card",
        "length_then_top": "the longer sequence wins, then the higher top card",
    }, unused_when=first_reason(_declarations_off, _no_contest))] = Field(
        SequenceCompare.class_then_top,
        description="Two sequences: by value class (3 < 4 < 5+) then top card, or by exact length then top card.",
    )
    quad_beats_equal_sequence: Annotated[bool, Option(
        unused_when=first_reason(_declarations_off, _not_unified))] = Field(
        True, description="Unified contest: a quad beats a sequence of the same value."
    )
    more_cards_beat_equal_value: Annotated[bool, Option(
        unused_when=first_reason(_declarations_off, _not_unified))] = Field(
        False, description="Unified contest: of two declarations of equal value the one of more cards wins, a "
        "five-card run over four aces, a six-card run over four nines (Schieber, schieber.md §5.2.2, JKO); "
        "before quad_beats_equal_sequence.")
    tie: Annotated[DeclarationTie, Option({
        "cancel": "equal best declarations cancel: neither team scores them",
        "trump_then_cancel": "equal best declarations: a sequence in trumps wins, else neither team scores",
        "trump_then_first_in_play_order": "equal best declarations: a sequence in trumps wins, "
        "else the one declared first in play order",
        "first_in_play_order": "equal best declarations: the one declared first in play order wins",
    }, unused_when=first_reason(_declarations_off, _no_contest))] = Field(
        DeclarationTie.cancel,
        description=(
            "Equal best declarations: cancel (neither team scores them); trump_then_cancel (a sequence in "
            "trumps wins, else cancel); trump_then_first_in_play_order; first_in_play_order."
        ),
    )
    winner_scores: Annotated[WinnerScores, Option({
        "all": "the team with the best declaration scores all its declarations",
        "best_only": "the team with the best declaration scores only that one",
    }, unused_when=first_reason(_declarations_off, _no_contest))] = Field(
        WinnerScores.all, description="The winning team scores all its declarations of the contest, or only its best."
    )
    undenufe_melds: Annotated[UndenufeMelds, Option({
        "reversed": "in undenufe, of equal runs the lower one wins and quads rank in reverse",
        "as_usual": "in undenufe, declarations compare as in every other contract",
    }, unused_when=first_reason(_declarations_off, _no_contest,
                                lambda v: None if "undenufe" in v.bidding.contracts
                                else _("{contract} is not among bidding.contracts").format(
                                    contract="undenufe")))] = Field(
        UndenufeMelds.reversed,
        description="How declarations of equal value compare in undenufe: reversed (schieber.md §5.2.3, PEN: the "
        "lower run wins, 6-7-8 best and Q-K-A worst, and quads rank in reverse) or as_usual.",
    )
    count_without_tricks: Annotated[bool, Option(
        unused_when=first_reason(_declarations_off, _from_tricks))] = Field(
        True, description="Whether a team that wins no trick still scores its declarations."
    )
    wins_match_length: Annotated[int | None, Option(
        unused_when=first_reason(_declarations_off, _from_tricks))] = Field(
        None, ge=3, le=8,
        description="A sequence of this many cards or more, declared, wins the match at once (Bela's 8-card "
        "'belot'); null: no declaration ends the match.",
    )
    counts_for_contract: Annotated[bool, Option(unused_when=_declarations_off,
                                                old_keys=(OldKey("count_for_contract"),))] = Field(
        True, description="Whether declarations count when deciding if the contract is made."
    )
    on_failure: Annotated[OnFailure, on_failure_option(
        "declarations", _declarations_off, OldKey("when_failed", {"to_defenders": "to_winners", "void": "void"}))] = Field(
        OnFailure.to_winners, description=ON_FAILURE_TEXT.format("declarations") + " A doubled contract that is "
        "made takes the defenders' declarations whatever this says (FFB-C/K 10.1).")
    multiplied_by_contract_factor: Annotated[bool, Option(
        unused_when=first_reason(_declarations_off, contract_factor_one))] = Field(
        True, description="Whether scoring.contract_factors multiply the declarations (Baloot: Sun doubles projects "
        "too).")
    when_capot: Annotated[CapotDeclarations, Option({
        "to_capot_team": "when one team takes every trick, the other team's declarations pass to it",
        "keep": "when one team takes every trick, the other team keeps its declarations",
    }, unused_when=_declarations_off)] = Field(
        CapotDeclarations.keep,
        description="When one team takes every trick, the other team's declarations pass to it or are kept.",
    )
    belote: Belote = Field(default_factory=Belote, description="Belote / rebelote.")
    pair: Pair = Field(default_factory=Pair, description="The pair moving the bid (Twenty-Eight, Twenty-Nine).")

    @field_validator("sequences", mode="before")
    @classmethod
    def _seq_keys(cls, value: object) -> object:
        return {_length_key(k): v for k, v in value.items()} if isinstance(value, dict) else value

    def conflicts(self) -> list[str]:
        """Every quad with a value needs a place in quad_order, which ranks each rank once."""
        problems = []
        tables = {"quads": self.quads.default, **{f"quads.{kind}": t for kind, t in self.quads.overrides.items()}}
        for field, table in tables.items():
            unordered = [r for r in table if r not in self.quad_order]
            if unordered:
                said = (_("{field} gives {ranks} a value but quad_order does not rank it; add {ranks} to quad_order")
                        if len(unordered) == 1 else
                        _("{field} gives {ranks} a value but quad_order does not rank them; add {ranks} to quad_order"))
                problems.append(said.format(field=field, ranks=" ".join(unordered)))
        repeated = sorted({r for r in self.quad_order if self.quad_order.count(r) > 1})
        if repeated:
            problems.append(_("quad_order ranks each rank once; repeated: {ranks}").format(ranks=" ".join(repeated)))
        return problems
