"""The deal outcome: what a scorekeeper knows at the end of a deal, validated and scored.

A deal outcome (JSON or YAML; schema in ``schemas/deal-outcome.schema.json``) names the
contract, the declarer, the multiplier, the eight tricks in order with their winner, the
declarations made and the points carried in. Tricks are scored as given: what counts is
which cards each team took, who took the last trick and whether one team took them all,
so a person can score a real table game; or, in the short form (:mod:`.short_outcome`), what
a table counts instead: each side's card points, the last trick and the declarations that
counted. Every mistake is reported with its place, like ``tricks[3].cards[1]``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Protocol

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
)

from ...cards import CARDS, RANK_CHARS, SUIT_NAMES, SUITS, CardError, iter_bits, parse_card, parse_rank, parse_suit
from ...errors import UserError
from ...files import KeyPath, excerpt
from ...i18n import N_
from ...variant.explain import misspelt_here, suggest
from ...variant.model import CONCEALED, Contract, Sides, Stock, Variant
from ..common import MAX_NUMBER
from ..declarations.melds import BELOTE, QUAD, SEQUENCE, Declaration, DeclarationRules
from ..declarations.options import QuadSequenceOverlap
from ..scoring.pipeline import DECLARED, ScoringRules
from ..scoring.prediction import prediction_problems
from ..scoring.result import DealScore, decided_by_doubling
from ..scoring.single_hand import single_hand_problems, single_hand_score
from ..table.seating import Seating
from .short import by_side, contest_problems, entry_form, held_problems, side_totals
from .sizes import beyond_the_deal, counted_per_side, tricks_given
from .tricks import play_tricks
from .trump import pair_problems, shown_problems

SCHEMA_DIALECT = "http://json-schema.org/draft-07/schema#"
CARD_PATTERN = "^([6789TJQKAtjqka]|10)[CDHScdhs♣♦♥♠]$"  # the 6 of a 36-card pack too
MAX_ERRORS_SHOWN = 12


class OutcomeError(UserError):
    """A deal outcome that cannot be scored; ``problems`` holds each place that is wrong and what is wrong there.

    A place is a key path into the outcome (``("tricks", 3, "cards", 1)``), so a tool that
    read the outcome from a file can say the line and column; the message names it as
    ``tricks[3].cards[1]``.
    """

    def __init__(self, problems: list[tuple[KeyPath, str]]) -> None:
        self.problems = problems
        shown = [f"{location(path)}: {text}" if path else text for path, text in problems[:MAX_ERRORS_SHOWN]]
        hidden = len(problems) - MAX_ERRORS_SHOWN
        super().__init__("\n".join(shown + ([f"... and {hidden} more"] if hidden > 0 else [])))


def _card(value: object) -> str:
    if isinstance(value, str):
        try:
            return str(parse_card(value))
        except CardError:
            pass
    raise ValueError(f"{excerpt(value)} is not a card; write rank then suit, like JH or 10S")


def _rank(value: object) -> str:
    try:
        return RANK_CHARS[parse_rank(str(value))]
    except CardError as err:
        raise ValueError(str(err)) from None


def _suit(value: object) -> str:
    try:
        return SUITS[parse_suit(str(value))]
    except CardError as err:
        raise ValueError(str(err)) from None


CardText = Annotated[
    str,
    BeforeValidator(_card),
    Field(description="A card: rank then suit, like JH or 10S.", json_schema_extra={"pattern": CARD_PATTERN}),
]
Seat = Annotated[int, Field(ge=0, le=3, description=(
    "A seat, numbered from 0 in order of play (0-3 at four, where the teams are {0, 2} and {1, 3}; 0-1 at two, "
    "0-2 at three)."))]


class _Strict(BaseModel):
    """Types as written: ``true``, ``"1"`` and ``2.0`` are not the number 1 or 2."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Trick(_Strict):
    """One trick: its four cards in the order played and the seat that won it."""

    winner: Seat | None = Field(
        None, description="The seat that won the trick; it must follow from the cards and the leader, "
        "and may be left out."
    )
    cards: list[CardText] = Field(
        min_length=2, max_length=4, description="One card per player (four at four players), in the order played."
    )


Side = Annotated[int, Field(ge=0, le=3, description=(
    "A side of the board, numbered from 0: at four the team of seats 0 and 2 is side 0; where each plays for "
    "himself a side is a player."))]
SIDE_FIELD = Field(None, description="Instead of seat: the side it counts for, as a score sheet writes it "
                   "(short form only).")
POINTS_FIELD = Field(None, ge=0, description="With side: what it is worth, as the variant counts it.")


class SequenceDeclaration(_Strict):
    """A run of consecutive cards in one suit: by seat with its cards, or by side with its value."""

    seat: Seat | None = None
    side: Side | None = SIDE_FIELD
    kind: Literal["sequence"]
    cards: list[CardText] | None = Field(None, min_length=3, max_length=8, description="The cards of the run.")
    points: int | None = POINTS_FIELD


class QuadDeclaration(_Strict):
    """Four cards of one rank: by seat with its rank, or by side with its value."""

    seat: Seat | None = None
    side: Side | None = SIDE_FIELD
    kind: Literal["quad"]
    rank: Annotated[
        str | None,
        BeforeValidator(lambda v: None if v is None else _rank(v)),
        WithJsonSchema({"anyOf": [{"type": "string", "pattern": "^(10|[6789TJQKAtjqka])$"}, {"enum": [6, 7, 8, 9, 10]}]}),
    ] = Field(None, description="The rank: 7 8 9 10 (or T) J Q K A, or 6 in a 36-card pack.")
    points: int | None = POINTS_FIELD


class BeloteDeclaration(_Strict):
    """King and queen of a trump suit, played as belote and rebelote."""

    seat: Seat | None = None
    side: Side | None = SIDE_FIELD
    kind: Literal["belote"]
    suit: Annotated[str | None, BeforeValidator(lambda v: None if v is None else _suit(v))] = Field(
        None, description="The suit: C D H S (or ♣ ♦ ♥ ♠); by side it may be left out in a suit contract.",
        json_schema_extra={"pattern": "^[CDHScdhs♣♦♥♠]$"}
    )


DeclarationEntry = Annotated[
    SequenceDeclaration | QuadDeclaration | BeloteDeclaration, Field(discriminator="kind")
]


class ShownAt(_Strict):
    """When a trump laid face down was shown (play.trump_shown on_demand, twenty-eight.md §4)."""

    trick: int = Field(ge=0, le=15, description="The trick it was shown in; 0 is the first.")
    card: int = Field(ge=0, le=3, description="The place in that trick of the first card played once it was shown "
                      "(the card of the player who asked, or the bidder's last card); 0 is the lead.")


class DealOutcome(_Strict):
    """What a scorekeeper knows at the end of a deal."""

    variant: str | None = Field(None, description="The variant whose rules score this deal (a shipped name or a path).")
    contract: Contract = Field(description="The contract played.")
    bid: int | Literal["capot"] | None = Field(
        None, description="Point-bid variants only: the bid, a number or \"capot\"."
    )
    declarer: Seat = Field(description="The seat that took the contract; its team is the contract team.")
    multiplier: int = Field(1, ge=1, description="1, or the multiplier of a double (2) or redouble (4).")
    doubling: str | None = Field(
        None, description="Instead of multiplier: the name of the doubling level reached (contra, gahwa, ...); "
        "where the variant has two levels of one multiplier, it says which."
    )
    tricks: list[Trick] | None = Field(
        None, max_length=16,
        description="Every trick in order, as many as cards in a hand (eight at four players); the last is the last "
        "trick. Or the short form instead: points, last_trick and trick_counts.",
    )
    points: list[Annotated[int, Field(ge=0)]] | None = Field(
        None, min_length=2, max_length=4,  # as many as the table's sides: checked against the variant
        description="Short form: the card points each side counted in its tricks, the last trick's bonus not "
        "included (a chien laid aside counts for the taker).",
    )
    last_trick: Side | None = Field(None, description="Short form: the side that took the last trick.")
    trick_counts: list[Annotated[int, Field(ge=0)]] | None = Field(
        None, min_length=2, max_length=4,
        description="Short form: the tricks each side took; may be left out when every side has points or the "
        "last trick.",
    )
    declarations: list[DeclarationEntry] = Field(
        [], description="Sequences and quads declared, and the belotes that counted in play."
    )
    hanging_in: int = Field(
        0, ge=0, le=MAX_NUMBER, description="Points carried in from earlier deals (hanging points, litige reserve)."
    )
    first_leader: Seat = Field(
        0, description="The seat that led the first trick; it breaks declaration ties by play order."
    )
    trump_shown: ShownAt | None = Field(
        None, description="Where the trump lay face down (play.trump_shown on_demand): when it was shown; the tricks "
        "before were won by the best card of the suit led. Needed with the tricks, not with the short form.",
    )
    pair: Seat | None = Field(
        None, description="Where the King and Queen of trumps move the bid (declarations.pair): the seat that showed "
        "them; the bidding side's target goes down, the opponents' showing raises it.",
    )
    predictions: list[Annotated[int, Field(ge=0, le=MAX_NUMBER)]] | None = Field(
        None, min_length=2, max_length=4,  # one per player: checked against the variant
        description="Where each player predicts his own points (bidding.predictions): the points each seat predicted, "
        "in seat order; the board then records minus each difference.",
    )
    alone: Seat | None = Field(
        None, description="A single hand (play.single_hand): the seat that played alone and declares the deal; his "
        "partner played no card (three cards a trick at four), there were no trumps, and the contract bid is void.",
    )
    discards: list[CardText] = Field(
        [], max_length=8,
        description="Where the taker picks up a chien (deal.stock to_taker): the cards he laid aside; they count "
        "for him.",
    )

    def repeated_cards(self) -> list[tuple[KeyPath, str]]:
        """Each card played a second time, where it is."""
        seen: dict[str, str] = {}
        problems: list[tuple[KeyPath, str]] = []
        for i, trick in enumerate(self.tricks or ()):
            for j, card in enumerate(trick.cards):
                if card in seen:
                    problems.append((("tricks", i, "cards", j), f"{card} is already in {seen[card]}; "
                                     "each card is played once"))
                seen[card] = f"tricks[{i}].cards[{j}]"
        for i, card in enumerate(self.discards):
            if card in seen:
                problems.append((("discards", i), f"{card} is already in {seen[card]}; a card laid aside is not "
                                 "played"))
            seen[card] = f"discards[{i}]"
        return problems


# ----------------------------------------------------------------------------- parsing


def parse_outcome(data: Mapping[str, Any] | DealOutcome) -> DealOutcome:
    """A validated :class:`DealOutcome`, or :class:`OutcomeError` naming every place that is wrong."""
    if isinstance(data, DealOutcome):
        return data
    if not isinstance(data, Mapping):
        raise OutcomeError([((), "a deal outcome is a mapping with contract, declarer, tricks, ...")])
    try:
        model = DealOutcome.model_validate(dict(data))
    except ValidationError as err:
        errors = err.errors(include_url=False)
        raise OutcomeError([_problem(e) for e in errors if not misspelt_here(e, errors)]) from None
    repeated = model.repeated_cards()
    if repeated:
        raise OutcomeError(repeated)
    return model


_SECTIONS: dict[Any, type[BaseModel]] = {
    "tricks": Trick, SEQUENCE: SequenceDeclaration, QUAD: QuadDeclaration, BELOTE: BeloteDeclaration,
}
_KINDS = {"int_type": "a whole number", "string_type": "text", "list_type": "a list", "dict_type": "a mapping",
          "model_type": "a mapping", "model_attributes_type": "a mapping"}


def _model_at(loc: tuple[Any, ...]) -> type[BaseModel]:
    """The model whose key ``loc`` names: the outcome's, a trick's or a declaration's."""
    return next((_SECTIONS[p] for p in reversed(loc[:-1]) if isinstance(p, str) and p in _SECTIONS), DealOutcome)


def _problem(error: Mapping[str, Any]) -> tuple[KeyPath, str]:
    """A pydantic error as a place and a sentence saying what would be valid."""
    loc = tuple(error["loc"])
    path = tuple(p for i, p in enumerate(loc) if not (i and isinstance(loc[i - 1], int) and p in _SECTIONS))
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    model = _model_at(loc)
    name = str(loc[-1]) if loc else ""
    if kind == "extra_forbidden":
        return path, f"unknown key `{_text(name)}`; {suggest(name, list(model.model_fields), 'valid keys here')}"
    if kind == "missing":
        field = model.model_fields.get(name)
        return path, "missing; add it" + (f" ({field.description})" if field and field.description else "")
    if kind in ("literal_error", "union_tag_invalid"):
        expected = str(ctx.get("expected", ctx.get("expected_tags", "")))
        given = str(ctx.get("tag", value))
        if kind == "union_tag_invalid":
            path += ("kind",)
        choices = re.findall(r"'([^']*)'", expected)
        return path, f"`{_text(given)}` is not a valid value; {suggest(given, choices, 'valid values')}"
    if kind == "union_tag_not_found":
        return path, "a declaration says its kind: sequence, quad or belote"
    if kind in ("too_short", "too_long"):
        low, high = _bounds(model.model_fields.get(name))
        count = f"{low}" if low == high else f"at most {high}" if low is None else f"{low} to {high}"
        return path, f"{ctx.get('actual_length')} given; it takes {count}"
    if kind in ("greater_than_equal", "less_than_equal"):
        bound = f"at least {ctx['ge']}" if "ge" in ctx else f"at most {ctx['le']}"
        return path, f"{excerpt(value)} is out of range; it must be {bound}"
    if kind == "value_error":
        return path, str(ctx.get("error", error["msg"]))
    if kind in _KINDS or kind.endswith("_type"):
        return path, f"should be {_KINDS.get(kind, kind.removesuffix('_type'))}, not {excerpt(value)}"
    return path, f"{error['msg']}, not {excerpt(value)}"


def _text(value: object) -> str:
    """A short excerpt of text shown between backticks."""
    return excerpt(str(value), 30).strip('"')


def _bounds(field: Any) -> tuple[Any, Any]:
    """The ``min_length`` and ``max_length`` a list field declares."""
    low = high = None
    for item in getattr(field, "metadata", ()):
        low = getattr(item, "min_length", None) or low
        high = getattr(item, "max_length", None) or high
    return low, high


def location(path: KeyPath) -> str:
    """``('tricks', 3, 'cards', 1)`` -> ``tricks[3].cards[1]``."""
    out = ""
    for part in path:
        name = part if len(str(part)) <= 40 else f"{str(part)[:37]}..."  # a key may be anything a file holds
        out += f"[{part}]" if isinstance(part, int) else (f".{name}" if out else str(name))
    return out


# ----------------------------------------------------------------------------- scoring


class HasScoring(Protocol):
    """Anything carrying compiled scoring rules (a ``Ruleset``)."""

    scoring: ScoringRules


def score_outcome(rules: Variant | ScoringRules | HasScoring, outcome: Mapping[str, Any] | DealOutcome) -> DealScore:
    """Validate ``outcome`` against the rules and score it.

    Each trick's winner follows from its cards and its leader (the first leader, then the
    winner of the trick before), so a given winner must agree. The tricks say who played
    each card, so a declaration must be of cards its seat played. The rules decide which
    declarations count. The short form's totals are checked against the deal instead. A doubling
    level that decides the match (Baloot's gahwa) names the deal's winner as the engine does.
    The outcome's ``variant`` field only tells a tool which rules to load.
    """
    scoring = _scoring_of(rules)
    too_many = beyond_the_deal(scoring.seating, scoring.variant.name, outcome)
    if too_many:
        raise OutcomeError(too_many)
    try:
        model = parse_outcome(outcome)
    except OutcomeError as err:
        raise OutcomeError(counted_per_side(scoring.seating, scoring.variant.name, outcome, err.problems)) from None
    problems = _check_against(scoring, model)
    chien = scoring.variant.deal.stock == Stock.to_taker
    table_problems = _check_table(scoring.seating, scoring.variant.name, model, chien)
    alone = model.alone
    if alone is not None:  # play.single_hand: played without trumps, the bid void
        table_problems += single_hand_problems(scoring.variant, model.declarer, alone, model.first_leader,
                                               model.pair is not None or model.trump_shown is not None)
    if model.contract not in scoring.tables or table_problems:  # tricks of another table cannot be played out
        raise OutcomeError(problems + table_problems)
    tables = scoring.tables[model.contract if alone is None else CONCEALED]
    table = scoring.seating
    shown = None if model.trump_shown is None else (model.trump_shown.trick, model.trump_shown.card)
    if alone is None:  # a single hand has no trump to show
        problems += shown_problems(scoring, model.contract, shown, None if model.tricks is None else len(model.tricks))
    played_by: dict[int, tuple[int, int]] = {}
    if model.tricks is None:
        points, tricks, last = side_totals(table, scoring.variant, tables, model.contract, model.declarer, model.points,
                                           model.last_trick, model.trick_counts, problems, alone is not None)
        declarations = _declarations(scoring, model, None, problems)
    else:
        winners, played_by = play_tricks(tables, model, problems, scoring, shown)
        if scoring.declarations.from_tricks:
            declarations = _trick_melds(scoring, model, winners, problems)
        else:
            declarations = _declarations(scoring, model, played_by, problems)
        points = [0] * table.sides
        tricks = [0] * table.sides
        for trick, winner in zip(model.tricks, winners):
            side = table.side_of[winner]
            tricks[side] += 1
            points[side] += sum(tables.points[parse_card(c).index] for c in trick.cards)
        points[table.side_of[model.declarer]] += sum(tables.points[parse_card(c).index] for c in model.discards)
        last = table.side_of[winners[-1]]
    problems += pair_problems(scoring, model.contract, model.pair, shown,
                              None if model.tricks is None else [t.cards for t in model.tricks], played_by)
    if problems:
        raise OutcomeError(problems)
    if alone is not None:
        return single_hand_score(scoring.variant, table, alone, points, tricks, last)
    multiplier, level = _doubling(scoring.variant, model)
    score = scoring.score(
        contract=model.contract,
        declarer=model.declarer,
        multiplier=multiplier,
        team_card_points=tuple(points),
        team_tricks=tuple(tricks),
        last_trick_team=last,
        declarations=declarations,
        bid=model.bid,
        hanging_in=model.hanging_in,
        first_seat=model.first_leader,
        pair=-1 if model.pair is None else model.pair,
        predictions=tuple(model.predictions or ()),
    )
    if model.declarations and model.declarations[0].side is not None:
        score = _told_by_side(score)
    winning = scoring.variant.bidding.doubles.match_winning_level or 0
    if not 0 < winning <= level:
        return score
    defenders = tuple(sorted({table.side_of[seat] for seat in table.opponents(model.declarer, model.declarer)}))
    return decided_by_doubling(score, scoring.variant, model.contract, level, defenders, table.side_name)


def _told_by_side(score: DealScore) -> DealScore:
    """Declarations given by side name no seat: the explanation says what counted for the side, not a seat."""
    notes = tuple((N_("{}: {} counts for {}"), (values[0], values[2], values[3])) if text == DECLARED else (text, values)
                  for text, values in score.notes)
    return score._replace(notes=notes)


def _doubling(variant: Variant, outcome: DealOutcome) -> tuple[int, int]:
    """The multiplier and the doubling level (0 undoubled) the outcome gives; a multiplier alone is the first
    level of that multiplier. :func:`_check_against` has checked them."""
    doubles = variant.bidding.doubles
    if outcome.doubling is not None:
        level = doubles.names.index(outcome.doubling) + 1
        return doubles.multipliers[level - 1], level
    levels = doubles.multipliers[:doubles.max_level]
    return outcome.multiplier, levels.index(outcome.multiplier) + 1 if outcome.multiplier in levels else 0


def _scoring_of(rules: Variant | ScoringRules | HasScoring) -> ScoringRules:
    """The compiled scoring of ``rules``: given, compiled from a variant, or a ruleset's."""
    if isinstance(rules, ScoringRules):
        return rules
    return ScoringRules(rules) if isinstance(rules, Variant) else rules.scoring


def _check_against(scoring: ScoringRules, outcome: DealOutcome) -> list[tuple[KeyPath, str]]:
    """What the variant does not allow: the contract, the multiplier, the bid."""
    variant = scoring.variant
    name = variant.name
    problems: list[tuple[KeyPath, str]] = []
    if outcome.contract not in scoring.tables:
        played = ", ".join(scoring.tables)
        problems.append((("contract",), f"{name} does not play {outcome.contract}; its contracts: {played}"))
    doubles = variant.bidding.doubles
    allowed = [1, *doubles.multipliers[:doubles.max_level]]
    why = " (it has no doubling: bidding.doubles.max_level 0)" if len(allowed) == 1 else ""
    names = doubles.names[:doubles.max_level]
    if outcome.doubling is not None and outcome.doubling not in names:
        problems.append((("doubling",), f"{name} has no doubling `{_text(outcome.doubling)}`{why}; "
                         + suggest(outcome.doubling, names, "its levels")))
    elif outcome.doubling is not None and "multiplier" in outcome.model_fields_set:
        problems.append((("multiplier",), "the doubling says the multiplier; leave it out"))
    elif outcome.multiplier not in allowed:
        problems.append((("multiplier",), f"{name} allows {', '.join(map(str, allowed))}{why}, not {outcome.multiplier}"))
    if outcome.alone is None:  # a single hand voids the bid (play.single_hand)
        problems += [(("bid",), text) for text in _check_bid(variant, outcome.bid)]
    problems += [(("predictions",), text) for text in prediction_problems(variant, scoring.tables, outcome.contract,
                                                                               outcome.predictions)]
    return problems


def _check_table(table: Seating, name: str, outcome: DealOutcome, chien: bool) -> list[tuple[KeyPath, str]]:
    """Seats, trick sizes, the number of tricks, the discards from a ``chien`` and the cards must be those of
    the variant's table."""
    problems: list[tuple[KeyPath, str]] = []
    last = table.players - 1
    seats: list[tuple[KeyPath, int | None]] = [(("declarer",), outcome.declarer),
                                               (("first_leader",), outcome.first_leader)]
    seats += [(("tricks", i, "winner"), t.winner) for i, t in enumerate(outcome.tricks or ())]
    seats += [(("declarations", i, "seat"), d.seat) for i, d in enumerate(outcome.declarations)]
    seats.append((("alone",), outcome.alone))
    problems += [(where, f"{name} has {table.players} players, seats 0-{last}, not {seat}")
                 for where, seat in seats if seat is not None and seat > last]
    short = outcome.tricks is None
    widow = table.pack_size - table.players * table.hand_size if chien and not short else 0
    if short and outcome.discards:
        problems.append((("discards",), "the short form counts the cards laid aside in the taker's points; leave "
                         "the discards out"))
    elif len(outcome.discards) != widow:
        problems.append((("discards",), f"{len(outcome.discards)} given; " + (
            f"the taker of {name} lays {widow} cards aside" if widow else f"{name} has no chien to lay cards aside")))
    for i, card in enumerate(outcome.discards):
        if not table.pack_mask >> parse_card(card).index & 1:
            problems.append((("discards", i), f"{card} is not in the {table.pack_size}-card pack of {name}"))
    short_keys = [key for key in ("points", "last_trick", "trick_counts") if getattr(outcome, key) is not None]
    if not short and short_keys:
        problems.append(((short_keys[0],), "give the tricks or the short form (points, last_trick, trick_counts), "
                         "not both"))
    if not short and len(outcome.tricks or ()) != table.hand_size:
        problems.append((("tricks",), tricks_given(len(outcome.tricks or ()), table)))
    size = table.players - (outcome.alone is not None)  # a single hand's partner plays no card
    for i, trick in enumerate(outcome.tricks or ()):
        if len(trick.cards) != size:
            problems.append((("tricks", i, "cards"), f"{len(trick.cards)} given; it takes {size}"))
        for j, card in enumerate(trick.cards):
            if not table.pack_mask >> parse_card(card).index & 1:
                problems.append((("tricks", i, "cards", j), f"{card} is not in the {table.pack_size}-card pack of {name}"))
    return problems


def _check_bid(variant: Variant, bid: int | str | None) -> list[str]:
    bidding = variant.bidding
    if not bidding.uses_points:
        return [] if bid is None else [f"{variant.name} has no point bids; leave the bid out"]
    if bid is None:
        return [f"{variant.name} bids points; give the bid, a number like {bidding.points.minimum} or \"capot\""]
    points = bidding.points
    if not isinstance(bid, int):  # "capot"
        ok = points.capot_bid or points.maximum_means_capot
        return [] if ok else [f"{variant.name} has no capot bid"]
    if not points.minimum <= bid <= points.maximum or (bid - points.minimum) % points.step:
        return [(f"{excerpt(bid)} is not a bid of {variant.name}; bids run from {points.minimum} to "
                 f"{points.maximum} in steps of {points.step}")]
    return []


def _trick_melds(scoring: ScoringRules, outcome: DealOutcome, winners: list[int],
                 problems: list[tuple[KeyPath, str]]) -> list[Declaration]:
    """``source: tricks``: the melds are in the tricks' cards (klaverjas.md §5), nothing is declared."""
    if outcome.declarations:
        problems.append((("declarations",), f"{scoring.variant.name} scores melds from the cards of each trick; "
                         "leave the declarations out (the short form, without tricks, gives each side's by side)"))
    rules = scoring.declarations
    return [d for t, winner in zip(outcome.tricks or (), winners)
            for d in rules.in_trick(outcome.contract, [parse_card(c).index for c in t.cards], winner)]


def _declarations(scoring: ScoringRules, outcome: DealOutcome, played_by: dict[int, tuple[int, int]] | None,
                  problems: list[tuple[KeyPath, str]]) -> list[Declaration]:
    """The outcome's declarations as the rules build them; what is wrong goes to ``problems``. ``played_by`` is
    who played each card (None in the short form, where declarations may be given by side)."""
    rules = scoring.declarations
    contract = outcome.contract
    overlap = scoring.variant.declarations.quad_sequence_overlap
    built: list[Declaration] = []
    indices: list[int] = []
    sides: list[tuple[int, str]] = []
    held: list[tuple[int, int, Declaration]] = []  # the declarations by side, with their index and side
    for i, entry in enumerate(outcome.declarations):
        where = ("declarations", i)
        wrong = entry_form(entry, played_by is None, outcome.declarations[0].side is not None)
        if wrong:
            problems.append((where, wrong))
            continue
        try:
            decls = (_build(rules, entry, contract) if entry.side is None
                     else [by_side(scoring.declarations, scoring.variant, scoring.seating, contract, entry)])
        except ValueError as err:
            problems.append((where, str(err)))
            continue
        if entry.side is not None:
            sides.append((entry.side, entry.kind))
            held.extend((i, entry.side, d) for d in decls)
        clash = next(((j, other) for d in decls for j, other in zip(indices, built) if _conflict(d, other, overlap)),
                     None)
        if clash is not None:
            j, other = clash
            problems.append((where, f"shares cards with declarations[{j}] ({other}) of the same seat; "
                             + ("a card counts in one of them only" if entry.kind == other.kind else
                                "here a card in both a quad and a sequence counts in only one of them")))
            continue
        foreign = next(((card, played_by[card]) for d in decls for card in iter_bits(d.mask)
                        if played_by[card][0] != entry.seat), None) if played_by is not None else None
        if foreign is not None:
            card, (seat, trick) = foreign
            problems.append((where, f"seat {entry.seat} cannot declare {CARDS[card]}: seat {seat} played it "
                                    f"in tricks[{trick}]"))
        built.extend(decls)
        indices.extend([i] * len(decls))
    table = scoring.seating
    camps = table.camps[outcome.declarer] if table.kind == Sides.taker_vs_rest else tuple(range(table.sides))
    problems += [(("declarations",), text) for text in contest_problems(scoring.variant, sides, camps)]
    problems += held_problems(scoring.variant, table, contract, held)
    return built


def _build(rules: DeclarationRules, entry: SequenceDeclaration | QuadDeclaration | BeloteDeclaration,
           contract: str) -> list[Declaration]:
    """The declaration(s) of an entry by seat, which :func:`_form` has checked gives what its kind needs."""
    seat = entry.seat
    assert seat is not None, "an entry by seat"
    if isinstance(entry, BeloteDeclaration):
        suit = SUITS.index(entry.suit or "")
        if not rules.allows(BELOTE, contract, suit):
            raise ValueError(f"belote in {SUIT_NAMES[suit]} does not score in {contract}")
        return [rules.belote(seat, suit)]
    if not rules.allows(entry.kind, contract):
        raise ValueError(f"there are no {entry.kind}s to declare in {contract}")
    if isinstance(entry, QuadDeclaration):
        return [rules.quad(seat, RANK_CHARS.index(entry.rank or ""), contract)]
    cards = [parse_card(c) for c in entry.cards or ()]
    if len(set(cards)) != len(cards):
        raise ValueError("a card appears twice in the sequence")
    return rules.sequence(seat, sum(c.bit for c in cards))


def _conflict(a: Declaration, b: Declaration, overlap: QuadSequenceOverlap) -> bool:
    """Whether one seat declared a card twice: in two sequences, two quads or two belotes, or in a
    quad and a sequence unless ``quad_sequence_overlap`` is ``both_count``. A belote's K-Q may also
    sit in a sequence or a quad. (Two seats never share a card: each declares only cards it played.)"""
    if a.seat != b.seat or not a.mask & b.mask:
        return False
    if BELOTE in (a.kind, b.kind):
        return a.kind == b.kind
    return a.kind == b.kind or overlap != QuadSequenceOverlap.both_count


# ----------------------------------------------------------------------------- schema


def outcome_json_schema() -> dict[str, Any]:
    """The draft-07 JSON Schema of a deal outcome, generated from :class:`DealOutcome`."""
    generated = DealOutcome.model_json_schema(ref_template="#/definitions/{model}")
    definitions = generated.pop("$defs", {})
    return {"$schema": SCHEMA_DIALECT, **generated, "definitions": definitions}


def outcome_schema_text() -> str:
    """The schema as ``schemas/deal-outcome.schema.json`` holds it."""
    return json.dumps(outcome_json_schema(), indent=2, ensure_ascii=False) + "\n"


__all__ = [
    "DealOutcome",
    "OutcomeError",
    "outcome_json_schema",
    "outcome_schema_text",
    "parse_outcome",
    "score_outcome",
]
