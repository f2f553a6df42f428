"""The counts of a deal outcome's lists against the variant's table: too many tricks or declarations for any deal,
told before any work on their entries, and the short form's numbers, one a side, told in the form's words."""

from __future__ import annotations

from collections.abc import Mapping

from ...cards import SUITS
from ...files import KeyPath
from ..table.seating import Seating
from .short import PER_SIDE, per_side

Problems = list[tuple[KeyPath, str]]


def tricks_given(count: int, table: Seating) -> str:
    """Too few or too many tricks, told with the count the variant's hands make."""
    return f"{count} given; it takes {table.hand_size}"


def most_declarations(table: Seating) -> int:
    """The most declarations one deal can hold: the cards played, each in one sequence (of three or more),
    one quad and one belote (a K-Q of its suit) at most, two seats never sharing a card."""
    played = table.players * table.hand_size
    return played // 3 + played // 4 + len(SUITS)


def beyond_the_deal(table: Seating, name: str, outcome: object) -> Problems:
    """Lists longer than any deal of the variant: told before any work is done on their entries, so a file of
    thousands of tricks or declarations is refused at once, with the count the variant takes."""
    if not isinstance(outcome, Mapping):
        return []
    problems: Problems = []
    tricks = outcome.get("tricks")
    if isinstance(tricks, list) and len(tricks) > table.hand_size:
        problems.append((("tricks",), tricks_given(len(tricks), table)))
    declarations = outcome.get("declarations")
    most = most_declarations(table)
    if isinstance(declarations, list) and len(declarations) > most:
        problems.append((("declarations",), f"{len(declarations)} given; a deal of {name} holds at "
                         f"most {most}: each card played is in one sequence, one quad and one belote at most"))
    return problems


def counted_per_side(table: Seating, name: str, outcome: object, problems: Problems) -> Problems:
    """``problems`` with each wrong count of the short form's numbers told as the variant has them, one a side,
    rather than as the model's bounds ("it takes 2 to 4") or not at all (3 are within them)."""
    if not isinstance(outcome, Mapping):
        return problems
    wrong = {(key,): per_side(key, len(value), table, name) for key in PER_SIDE
             if isinstance(value := outcome.get(key), list) and len(value) != table.sides}
    told = [(path, wrong.pop(path, text)) for path, text in problems]
    return told + list(wrong.items())
