"""The short form of a deal outcome: what a table counts instead of the tricks' cards.

A score sheet at a real table holds each side's counted card points, the side of the last
trick, sometimes the tricks per side (a capot, a side that took none) and the declarations as
"team 0: fifty": the contest between the sides was settled at the table, so only the
declarations that counted are given, by side and value. These are the checks and the pieces
:func:`belot_rules.rules.outcome.score_outcome` needs for that form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ...cards import RANK_CHARS, SUIT_NAMES, SUITS, iter_bits
from ...files import KeyPath
from ...variant.model import Stock, Variant
from ..cards.tables import ContractTables
from ..declarations.melds import BELOTE, QUAD, SEQUENCE, SEQUENCE_NAMES, Declaration, DeclarationRules
from ..declarations.options import ContestScope, QuadSequenceOverlap
from ..table.seating import Seating

Problems = list[tuple[KeyPath, str]]


class Entry(Protocol):
    """A declaration entry of an outcome: by ``seat`` with its cards, rank or suit, or by ``side`` with its value."""

    @property
    def seat(self) -> int | None: ...
    @property
    def side(self) -> int | None: ...
    @property
    def kind(self) -> str: ...


@dataclass(frozen=True, slots=True)
class SideDeclaration(Declaration):
    """A sequence or quad known by its value only (which cards made it is not on a score sheet)."""

    def __str__(self) -> str:
        name = SEQUENCE_NAMES.get(self.length, "sequence") if self.kind == SEQUENCE else "four of a kind"
        return f"{name} ({self.points})"


def card_total(tables: ContractTables, table: Seating, variant: Variant) -> tuple[int, bool]:
    """The card points of the whole pack in this contract, and whether every card is played (else the total is
    only a bound: a stock that stays undealt)."""
    total = sum(tables.points[c] for c in iter_bits(table.pack_mask))
    return total, table.players * table.hand_size == table.pack_size or variant.deal.stock == Stock.to_taker


def side_totals(table: Seating, variant: Variant, tables: ContractTables, contract: str, declarer: int,
                points: list[int] | None, last: int | None, trick_counts: list[int] | None,
                found: Problems, partner_out: bool = False) -> tuple[list[int], list[int], int]:
    """The short form's card points, tricks and last trick per side, checked against the deal: the points add up
    to the cards played (at most, where a single hand's partner played none: ``partner_out``), a side without a
    trick has no points (but a taker's chien laid aside) and not the last trick, the tricks make a hand."""
    problems: Problems = []
    totals = _totals(table, variant, tables, contract, declarer, points, last, trick_counts, problems, partner_out)
    found += problems
    return totals


def _totals(table: Seating, variant: Variant, tables: ContractTables, contract: str, declarer: int,
            points: list[int] | None, last: int | None, trick_counts: list[int] | None,
            problems: Problems, partner_out: bool = False) -> tuple[list[int], list[int], int]:
    name = variant.name
    sides = [table.side_name(side) for side in range(table.sides)]
    for key, value in (("points", points), ("last_trick", last)):
        if value is None:
            problems.append(((key,), "missing; the short form gives points, last_trick and, where a side has "
                             "nothing, trick_counts (or give the tricks instead)"))
    for key, counts in (("points", points), ("trick_counts", trick_counts)):
        if counts is not None and len(counts) != table.sides:
            problems.append(((key,), per_side(key, len(counts), table, name)))
    if last is not None and last >= table.sides:
        problems.append((("last_trick",), f"{name} has {table.sides} sides, 0-{table.sides - 1}, not {last}"))
    if problems or points is None or last is None:
        return [], [], 0
    total, every_card = card_total(tables, table, variant)
    every_card = every_card and not partner_out
    given = f"{' + '.join(map(str, points))} = {sum(points)}"
    if every_card and sum(points) != total:
        problems.append((("points",), f"{given}; the cards count {total} in {contract} (the last trick's bonus "
                         "not included)"))
    elif sum(points) > total:
        problems.append((("points",), f"{given}; the cards count at most {total} in {contract}"))
    chien = table.side_of[declarer] if variant.deal.stock == Stock.to_taker else None  # points without a trick
    if trick_counts is None:
        unknown = [s for s in range(table.sides) if s != last and (not points[s] or s == chien)]
        if unknown:
            problems.append((("trick_counts",), f"whether {sides[unknown[0]]} took a trick is not told by its "
                             "points or the last trick: give each side's tricks (0 where a side took none)"))
        return list(points), [1] * table.sides, last  # the score only asks whether a side took a trick
    if sum(trick_counts) != table.hand_size:
        problems.append((("trick_counts",), f"{' + '.join(map(str, trick_counts))} = {sum(trick_counts)}; a deal "
                         f"of {name} has {table.hand_size} tricks"))
    for side, count in enumerate(trick_counts):
        if not count and points[side] and side != chien:
            problems.append((("points", side), f"{sides[side]} took no trick (trick_counts), so it counted no "
                             f"points, not {points[side]}"))
        if not count and side == last:
            problems.append((("last_trick",), f"{sides[side]} took no trick (trick_counts), so not the last one"))
    return list(points), list(trick_counts), last


PER_SIDE = {"points": "the card points {} counted in its tricks", "trick_counts": "the tricks {} took"}


def per_side(key: str, given: int, table: Seating, name: str) -> str:
    """The count of ``points`` or ``trick_counts`` told in the short form's words: one number a side, in order."""
    sides = [table.side_name(side) for side in range(table.sides)]
    others = ", ".join(f"{side}'s" for side in sides[1:])
    return f"{given} given; {name} has {table.sides} sides, one number each: {PER_SIDE[key].format(sides[0])}, then {others}"


def by_side(rules: DeclarationRules, variant: Variant, table: Seating, contract: str, entry: Entry) -> Declaration:
    """The declaration a side scored, known by its kind and value (a belote by its suit, which a suit contract
    gives), credited to the side's first seat; ``ValueError`` says what the variant has instead."""
    side, kind = entry.side, entry.kind
    if side is None or side >= table.sides:
        raise ValueError(f"{variant.name} has {table.sides} sides, 0-{table.sides - 1}, not {side}")
    seat = table.side_seats(side)[0]
    points: int | None = getattr(entry, "points", None)
    written: str | None = getattr(entry, "suit", None)
    suit = SUITS.index(written) if kind == BELOTE and written else None
    if kind == BELOTE:
        suits = [s for s in range(4) if rules.allows(BELOTE, contract, s)]
        if not suits:
            raise ValueError(f"belote does not score in {contract}")
        if suit is None and len(suits) > 1:
            raise ValueError(f"give the suit: in {contract} a belote may be in {', '.join(SUIT_NAMES[s] for s in suits)}")
        chosen = suits[0] if suit is None else suit
        if chosen not in suits:
            raise ValueError(f"belote in {SUIT_NAMES[chosen]} does not score in {contract}")
        return rules.belote(seat, chosen)
    if not rules.allows(kind, contract):
        raise ValueError(f"there are no {kind}s to declare in {contract}")
    decl = variant.declarations
    if kind == SEQUENCE:
        lengths = {length: value for length, value in sorted(decl.sequences.items())}
        length = next((n for n, value in lengths.items() if value == points), None)
        if length is None:
            worth = ", ".join(f"{SEQUENCE_NAMES.get(n, n)} {value}" for n, value in lengths.items())
            raise ValueError(f"no sequence is worth {points} in {variant.name}; they are worth: {worth}")
        top = RANK_CHARS.index(variant.cards.sequence_order[-1])
        return SideDeclaration(seat, SEQUENCE, 0, top, length, 0, lengths[length])
    quads = decl.quads.of(contract)
    rank = next((r for r in decl.quad_order if quads.get(r) == points), None)
    if rank is None:
        worth = ", ".join(sorted({str(v) for v in quads.values() if v > 0}, key=int))
        raise ValueError(f"no quad is worth {points} in {contract}; they are worth {worth}")
    return SideDeclaration(seat, QUAD, -1, RANK_CHARS.index(rank), 4, 0, points or 0)


def held_problems(variant: Variant, table: Seating, contract: str,
                  by_side: list[tuple[int, int, Declaration]]) -> Problems:
    """Declarations by side (index, side, declaration) that no deal holds: more quads of a value than the pack
    has ranks worth it in ``contract``, or more sequences and quads for a side than its players' hands hold
    (each lies in one hand; where a card may count in both a quad and a sequence, each kind is checked alone)."""
    problems: Problems = []
    quads = variant.declarations.quads.of(contract)
    seen: dict[int, list[int]] = {}
    for index, _, decl in by_side:
        if decl.kind != QUAD:
            continue
        ranks = [r for r in variant.declarations.quad_order if quads.get(r) == decl.points]
        seen.setdefault(decl.points, []).append(index)
        if len(seen[decl.points]) > len(ranks):
            earlier = ", ".join(f"declarations[{i}]" for i in seen[decl.points][:-1])
            problems.append((("declarations", index), f"the pack holds {len(ranks)} quad{'s' * (len(ranks) > 1)} "
                             f"worth {decl.points} in {contract} ({', '.join(ranks)}), and {earlier} "
                             f"{'is' if len(seen[decl.points]) == 2 else 'are'} already one"))
    both = variant.declarations.quad_sequence_overlap == QuadSequenceOverlap.both_count
    families = [(SEQUENCE,), (QUAD,)] if both else [(SEQUENCE, QUAD)]
    for side in range(table.sides):
        hands = len(table.side_seats(side))
        for kinds in families:
            sizes = sorted((d.length for _, s, d in by_side if s == side and d.kind in kinds), reverse=True)
            if sizes and not _fits(sizes, [table.hand_size] * hands):
                problems.append((("declarations",), f"{table.side_name(side)}'s sequences and quads need "
                                 f"{' + '.join(map(str, sizes))} cards, more than its {hands} hand"
                                 f"{'s' * (hands > 1)} of {table.hand_size} cards hold (each lies in one hand)"))
    return problems


def _fits(sizes: list[int], room: list[int]) -> bool:
    """Whether declarations of these sizes (largest first) fit in hands with this much room each."""
    if not sizes:
        return True
    if sum(sizes) > sum(room):
        return False
    first, rest = sizes[0], sizes[1:]
    for hand, free in enumerate(room):
        if free >= first and free not in room[:hand]:  # hands with the same room are alike: try one
            room[hand] -= first
            placed = _fits(rest, room)
            room[hand] += first
            if placed:
                return True
    return False


def contest_problems(variant: Variant, sides: list[tuple[int, str]], camp_of: tuple[int, ...]) -> list[str]:
    """Declarations by side (side, kind) that the table's contest cannot have let count: two camps (``camp_of``
    each side's: the sides, or a taker and the rest) scoring in one contest, where the best declaration takes it."""
    decl = variant.declarations
    if decl.contest == ContestScope.none:
        return []
    groups: dict[str, set[int]] = {}
    for side, kind in sides:
        if kind != BELOTE:
            groups.setdefault("all" if decl.contest == ContestScope.unified or kind == SEQUENCE else QUAD, set()).add(camp_of[side])
    return [f"only one side's {'declarations' if group == 'all' else group + 's'} count in {variant.name} (the "
            "best one wins the contest at the table): give those of the side that won it"
            for group, won in groups.items() if len(won) > 1]


def entry_form(entry: Entry, short: bool, first_by_side: bool) -> str:
    """What is wrong with how an entry says who declared it and what (empty when nothing)."""
    told = {"sequence": "cards", "quad": "rank", "belote": "suit"}[entry.kind]
    if (entry.seat is None) == (entry.side is None):
        return ("give the seat that declared it (with its " + told + ")" + (", or the side it counts for (with "
                "its value in points)" if short else "")) if entry.seat is None else "give the seat or the side, not both"
    if entry.side is not None and not short:
        return "the tricks show who played each card: give the seat that declared it, with its " + told
    if short and (entry.side is not None) != first_by_side:
        return "give every declaration by seat or every one by side, as declarations[0] is"
    value = getattr(entry, "points", None)
    if entry.seat is not None and getattr(entry, told) is None:
        return f"missing its {told}; by seat a {entry.kind} is told by its {told}"
    if entry.seat is not None and value is not None:
        return f"by seat its {told} says what it is worth; leave points out"
    if entry.side is not None and entry.kind != BELOTE and (value is None or getattr(entry, told) is not None):
        return f"by side a {entry.kind} is told by its value: give points, not its {told}"
    return ""
