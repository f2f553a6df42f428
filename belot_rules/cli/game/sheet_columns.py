"""The score sheet's columns: which the rules can fill, and their headings in the game's language."""

from __future__ import annotations

from ...i18n import gettext as _
from ...variant.model import Variant

SHEET_COLUMNS = ("#", "contract", "team", "cards", "decl.", "belote", "capot", "total", "points", "board")


def sheet_columns(variant: Variant) -> tuple[str, ...]:
    """The columns of :data:`SHEET_COLUMNS` the rules can fill: none for melds, a belote or a capot bonus they never
    score (Twenty-Nine's sheet has no decl., belote or capot: twenty-nine.md §6-7)."""
    capot = not variant.scoring.game_points.brackets and any(variant.scoring.capot.bonus.of(c) for c in
                                                             variant.bidding.contracts)
    empty = {"decl.": not variant.declarations.enabled, "belote": not variant.declarations.belote.enabled,
             "capot": not capot}
    return tuple(name for name in SHEET_COLUMNS if not empty.get(name))


def sheet_column(name: str) -> str:
    """A heading of the score sheet (:data:`SHEET_COLUMNS`, or ``player`` where a side is one player)."""
    said = {"#": "#", "contract": _("contract"), "team": _("team"), "player": _("player"), "cards": _("cards"),
            "decl.": _("decl."), "belote": _("belote"), "capot": _("capot"), "total": _("total"),
            "points": _("points"), "board": _("board")}
    return said[name]
