"""The deal outcome: what a scorekeeper knows at the end of a deal, validated and scored.

A deal outcome (JSON or YAML; schema in ``schemas/deal-outcome.schema.json``) names the
contract, the declarer, the multiplier, the eight tricks in order with their winner, the
declarations made and the points carried in. Tricks are scored as given: what counts is
which cards each team took, who took the last trick and whether one team took them all,
so a person can score a real table game. Every mistake is reported with its place, like
``tricks[3].cards[1]``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Protocol

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, WithJsonSchema, model_validator

from ..cards import RANKS, SUIT_NAMES, SUITS, CardError, parse_card, parse_rank, parse_suit
from ..errors import UserError
from ..variant.model import Contract, Variant
from .declarations import BELOTE, QUAD, SEQUENCE, Declaration, DeclarationRules
from .seating import Seating
from .scoring import DealScore, ScoringRules

SCHEMA_DIALECT = "http://json-schema.org/draft-07/schema#"
CARD_PATTERN = "^([789TJQKAtjqka]|10)[CDHScdhs♣♦♥♠]$"
MAX_ERRORS_SHOWN = 12


class OutcomeError(UserError):
    """A deal outcome that cannot be scored; the message names each place that is wrong."""


def _card(value: object) -> str:
    if isinstance(value, str):
        try:
            return str(parse_card(value))
        except CardError:
            pass
    raise ValueError(f"{json.dumps(value, ensure_ascii=False)} is not a card; write rank then suit, like JH or 10S")


def _rank(value: object) -> str:
    try:
        return RANKS[parse_rank(str(value))]
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
    model_config = ConfigDict(extra="forbid", frozen=True)


class Trick(_Strict):
    """One trick: its cards in the order played (one per player) and the seat that won it."""

    winner: Seat
    cards: list[CardText] = Field(
        min_length=2, max_length=4, description="One card per player (four at four players), in the order played."
    )


class SequenceDeclaration(_Strict):
    """A run of consecutive cards in one suit."""

    seat: Seat
    kind: Literal["sequence"]
    cards: list[CardText] = Field(min_length=3, max_length=8, description="The cards of the run.")


class QuadDeclaration(_Strict):
    """Four cards of one rank."""

    seat: Seat
    kind: Literal["quad"]
    rank: Annotated[
        str,
        BeforeValidator(_rank),
        WithJsonSchema({"anyOf": [{"type": "string", "pattern": "^(10|[789TJQKAtjqka])$"}, {"enum": [7, 8, 9, 10]}]}),
    ] = Field(description="The rank: 7 8 9 10 (or T) J Q K A.")


class BeloteDeclaration(_Strict):
    """King and queen of a trump suit, played as belote and rebelote."""

    seat: Seat
    kind: Literal["belote"]
    suit: Annotated[str, BeforeValidator(_suit)] = Field(
        description="The suit: C D H S (or ♣ ♦ ♥ ♠).", json_schema_extra={"pattern": "^[CDHScdhs♣♦♥♠]$"}
    )


DeclarationEntry = Annotated[
    SequenceDeclaration | QuadDeclaration | BeloteDeclaration, Field(discriminator="kind")
]


class DealOutcome(_Strict):
    """What a scorekeeper knows at the end of a deal."""

    variant: str | None = Field(None, description="The variant whose rules score this deal (a shipped name or a path).")
    contract: Contract = Field(description="The contract played.")
    bid: int | Literal["capot"] | None = Field(
        None, description="Point-bid variants only: the bid, a number or \"capot\"."
    )
    declarer: Seat = Field(description="The seat that took the contract; its team is the contract team.")
    multiplier: int = Field(1, ge=1, description="1, or the multiplier of a double (2) or redouble (4).")
    tricks: list[Trick] = Field(
        min_length=1, max_length=16,
        description="Every trick in order, as many as cards in a hand (eight at four players); the last is the last trick.",
    )
    declarations: list[DeclarationEntry] = Field(
        [], description="Sequences and quads declared, and the belotes that counted in play."
    )
    hanging_in: int = Field(
        0, ge=0, description="Points carried in from earlier deals (hanging points, litige reserve)."
    )
    first_leader: Seat = Field(
        0, description="The seat that led the first trick; it breaks declaration ties by play order."
    )

    @model_validator(mode="after")
    def _every_card_once(self) -> DealOutcome:
        seen: dict[str, str] = {}
        for i, trick in enumerate(self.tricks):
            for j, card in enumerate(trick.cards):
                where = f"tricks[{i}].cards[{j}]"
                if card in seen:
                    raise ValueError(f"{where}: {card} is already in {seen[card]}; each card is played once")
                seen[card] = where
        return self


# ----------------------------------------------------------------------------- parsing


def parse_outcome(data: Mapping[str, Any] | DealOutcome) -> DealOutcome:
    """A validated :class:`DealOutcome`, or :class:`OutcomeError` naming every place that is wrong."""
    if isinstance(data, DealOutcome):
        return data
    if not isinstance(data, Mapping):
        raise OutcomeError("a deal outcome is a mapping with contract, declarer, tricks, ...")
    try:
        return DealOutcome.model_validate(dict(data))
    except ValidationError as err:
        messages = [_message(e) for e in err.errors()]
        hidden = len(messages) - MAX_ERRORS_SHOWN
        shown = messages[:MAX_ERRORS_SHOWN] + ([f"... and {hidden} more"] if hidden > 0 else [])
        raise OutcomeError("\n".join(shown)) from None


def _message(error: Mapping[str, Any]) -> str:
    where = _location(error["loc"])
    cause = error.get("ctx", {}).get("error")
    text = str(cause) if cause is not None else error["msg"]
    return f"{where}: {text}" if where else text


def _location(loc: tuple[Any, ...]) -> str:
    """``('tricks', 3, 'cards', 1)`` -> ``tricks[3].cards[1]``; a union's tag is left out."""
    out = ""
    for i, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part}]"
        elif i and isinstance(loc[i - 1], int) and part in (SEQUENCE, QUAD, BELOTE):
            continue
        else:
            out += f".{part}" if out else str(part)
    return out


# ----------------------------------------------------------------------------- scoring


class HasScoring(Protocol):
    """Anything carrying compiled scoring rules (a ``Ruleset``)."""

    scoring: ScoringRules


def score_outcome(rules: Variant | ScoringRules | HasScoring, outcome: Mapping[str, Any] | DealOutcome) -> DealScore:
    """Validate ``outcome`` against the rules and score it.

    Declarations are taken as declared; the rules decide which of them count. The
    outcome's ``variant`` field only tells a tool which rules to load.
    """
    scoring = rules if isinstance(rules, ScoringRules) else (
        ScoringRules(rules) if isinstance(rules, Variant) else rules.scoring
    )
    model = parse_outcome(outcome)
    problems = _check_against(scoring, model)
    if scoring.declarations.from_tricks:
        declarations = _trick_melds(scoring, model, problems)
    else:
        declarations = _declarations(scoring, model, problems)
    if problems:
        raise OutcomeError("\n".join(problems))
    tables = scoring.tables[model.contract]
    table = scoring.seating
    points = [0] * table.sides
    tricks = [0] * table.sides
    for trick in model.tricks:
        side = table.side_of[trick.winner]
        tricks[side] += 1
        points[side] += sum(tables.points[parse_card(c).index] for c in trick.cards)
    return scoring.score(
        contract=model.contract,
        declarer=model.declarer,
        multiplier=model.multiplier,
        team_card_points=tuple(points),
        team_tricks=tuple(tricks),
        last_trick_team=table.side_of[model.tricks[-1].winner],
        declarations=declarations,
        bid=model.bid,
        hanging_in=model.hanging_in,
        first_seat=model.first_leader,
    )


def _check_against(scoring: ScoringRules, outcome: DealOutcome) -> list[str]:
    """What the variant does not allow: the contract, the multiplier, the bid."""
    variant = scoring.variant
    name = variant.name
    problems = []
    if outcome.contract not in scoring.tables:
        played = ", ".join(scoring.tables)
        problems.append(f"contract: {name} does not play {outcome.contract}; its contracts: {played}")
    doubles = variant.bidding.doubles
    allowed = [1, *doubles.multipliers[:doubles.max_level]]
    if outcome.multiplier not in allowed:
        problems.append(f"multiplier: {name} allows {', '.join(map(str, allowed))}, not {outcome.multiplier}")
    problems += _check_bid(variant, outcome.bid)
    return problems + _check_table(scoring.seating, name, outcome)


def _check_table(table: Seating, name: str, outcome: DealOutcome) -> list[str]:
    """Seats, trick sizes, the number of tricks and the cards must be those of the variant's table."""
    problems = []
    last = table.players - 1
    seats = [("declarer", outcome.declarer), ("first_leader", outcome.first_leader)]
    seats += [(f"tricks[{i}].winner", t.winner) for i, t in enumerate(outcome.tricks)]
    seats += [(f"declarations[{i}].seat", d.seat) for i, d in enumerate(outcome.declarations)]
    problems += [f"{where}: {name} has {table.players} players, seats 0-{last}, not {seat}"
                 for where, seat in seats if seat > last]
    if len(outcome.tricks) != table.hand_size:
        problems.append(f"tricks: {name} plays {table.hand_size} tricks, not {len(outcome.tricks)}")
    for i, trick in enumerate(outcome.tricks):
        if len(trick.cards) != table.players:
            problems.append(f"tricks[{i}].cards: a trick of {name} has {table.players} cards, one per player, "
                            f"not {len(trick.cards)}")
        for j, card in enumerate(trick.cards):
            if not table.pack_mask >> parse_card(card).index & 1:
                problems.append(f"tricks[{i}].cards[{j}]: {card} is not in the {table.pack_size}-card pack of {name}")
    return problems


def _check_bid(variant: Variant, bid: int | str | None) -> list[str]:
    bidding = variant.bidding
    if not bidding.uses_points:
        return [] if bid is None else [f"bid: {variant.name} has no point bids; leave the bid out"]
    if bid is None:
        return [f"bid: {variant.name} bids points; give the bid, a number like {bidding.points.minimum} or \"capot\""]
    points = bidding.points
    if not isinstance(bid, int):  # "capot"
        ok = points.capot_bid or points.maximum_means_capot
        return [] if ok else [f"bid: {variant.name} has no capot bid"]
    if not points.minimum <= bid <= points.maximum or (bid - points.minimum) % points.step:
        return [(f"bid: {bid} is not a bid of {variant.name}; bids run from {points.minimum} to "
                 f"{points.maximum} in steps of {points.step}")]
    return []


def _trick_melds(scoring: ScoringRules, outcome: DealOutcome, problems: list[str]) -> list[Declaration]:
    """``source: tricks``: the melds are in the tricks' cards (klaverjas.md §5), nothing is declared."""
    if outcome.declarations:
        problems.append(f"declarations: {scoring.variant.name} scores melds from the cards of each trick; "
                        "leave the declarations out")
    if outcome.contract not in scoring.tables:
        return []
    rules = scoring.declarations
    return [d for t in outcome.tricks
            for d in rules.in_trick(outcome.contract, [parse_card(c).index for c in t.cards], t.winner)]


def _declarations(scoring: ScoringRules, outcome: DealOutcome, problems: list[str]) -> list[Declaration]:
    """The outcome's declarations as the rules build them; what is wrong goes to ``problems``."""
    rules = scoring.declarations
    contract = outcome.contract
    if contract not in scoring.tables:
        return []
    overlap = scoring.variant.declarations.quad_sequence_overlap
    built: list[Declaration] = []
    indices: list[int] = []
    for i, entry in enumerate(outcome.declarations):
        where = f"declarations[{i}]"
        try:
            decls = _build(rules, entry, contract)
        except ValueError as err:
            problems.append(f"{where}: {err}")
            continue
        clash = next(((j, other) for d in decls for j, other in zip(indices, built) if _conflict(d, other, overlap)),
                     None)
        if clash is not None:
            j, other = clash
            problems.append(f"{where}: shares cards with declarations[{j}] ({other}) of the same seat; "
                            + ("a card counts in one of them only" if entry.kind == other.kind else
                               "here a card in both a quad and a sequence counts in only one of them"))
            continue
        built.extend(decls)
        indices.extend([i] * len(decls))
    return built


def _build(rules: DeclarationRules, entry: SequenceDeclaration | QuadDeclaration | BeloteDeclaration,
           contract: str) -> list[Declaration]:
    if isinstance(entry, BeloteDeclaration):
        suit = SUITS.index(entry.suit)
        if not rules.allows(BELOTE, contract, suit):
            raise ValueError(f"belote in {SUIT_NAMES[suit]} does not score in {contract}")
        return [rules.belote(entry.seat, suit)]
    if not rules.allows(entry.kind, contract):
        raise ValueError(f"there are no {entry.kind}s to declare in {contract}")
    if isinstance(entry, QuadDeclaration):
        return [rules.quad(entry.seat, RANKS.index(entry.rank), contract)]
    cards = [parse_card(c) for c in entry.cards]
    if len(set(cards)) != len(cards):
        raise ValueError("a card appears twice in the sequence")
    return rules.sequence(entry.seat, sum(c.bit for c in cards))


def _conflict(a: Declaration, b: Declaration, overlap: str) -> bool:
    """Whether one seat declared a card twice: in two sequences, two quads or two belotes, or in a
    quad and a sequence unless ``quad_sequence_overlap`` is ``both_count``. A belote's K-Q may also
    sit in a sequence or a quad. Seats are not checked against each other: an outcome does not
    say who held which card, and its declarations are taken as declared."""
    if a.seat != b.seat or not a.mask & b.mask:
        return False
    if BELOTE in (a.kind, b.kind):
        return a.kind == b.kind
    return a.kind == b.kind or overlap != "both_count"


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
