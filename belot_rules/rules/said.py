"""A sentence of the rules' explanations kept as its English template and values, written only when read.

A deal's explanation (rules/scoring) and a rounding rule are read by people in several languages: kept as a
template and its values, a view can say them in the player's words (``cli/game/explain.py``), while ``str``
gives the English the records and ``belot score`` print.
"""

from __future__ import annotations

from typing import Any


class Said(tuple[str, tuple[Any, ...]]):
    """``Said("{} waits", (12,))``: a ``str.format`` template (marked for the catalogues where it is written) and
    its values, which may be ``Said`` themselves."""

    __slots__ = ()

    def __new__(cls, template: str, values: tuple[Any, ...] = ()) -> Said:
        return super().__new__(cls, (template, values))

    def __str__(self) -> str:
        return self[0].format(*self[1])


class Reason(str):
    """A rule's reason for refusing a move, as its English text (what the records and the line game's English print),
    with the template and values it is made of, so that a view can say it in the player's words."""

    template: str
    values: tuple[Any, ...]

    def __new__(cls, template: str, *values: Any) -> Reason:
        said = super().__new__(cls, template.format(*values))
        said.template, said.values = template, values
        return said


class Listed(tuple[str, ...]):
    """Words a sentence lists (``no trumps, all trumps``), each said in the reader's words where it is read."""

    __slots__ = ()

    def __str__(self) -> str:
        return ", ".join(self)
