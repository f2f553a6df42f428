"""The history page: this deal call by call and trick by trick, then every earlier deal in full.

Each earlier deal (newest first) says who dealt, the contract and its taker, the result,
the calls, the raw points and what reached the board, the declarations, and its tricks.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from ...engine.deal import OVER, DealState
from ..game.render import Renderer, does
from ..game.session import SheetRow


def history(draw: Renderer, deal: DealState | None, number: int) -> Group:
    """The page's body; ``deal`` is the deal on the table (number ``number``), None once the match is over."""
    parts: list[RenderableType] = []
    if deal is not None and deal.phase != OVER:
        parts.append(Text(f"Deal {number}, being played", style="bold underline"))
        parts += deal_body(draw, deal)
    rows = draw.session.rows
    for row in reversed(rows):
        if parts:
            parts.append(Text())
        parts.append(heading(draw, row))
        if row.deal is not None:
            parts += outcome(draw, row) + deal_body(draw, row.deal)
    if not parts:
        parts.append(Text("Nothing played yet."))
    return Group(*parts)


def heading(draw: Renderer, row: SheetRow) -> Text:
    """``Deal 2 · Right deals · hearts ♥ ×2 contra by Left: made``."""
    look, seating = draw.look, draw.session.seating
    text = Text(f"Deal {row.number}", style="bold underline")
    text.append(f" {look.dot} {does(seating.name(row.dealer), 'deal')} {look.dot} ")
    if row.score is None:
        return text.append(f"{row.void}; no score")
    contract = draw.contract(row.contract, row.level, row.bid, row.declarer)
    return text.append(f"{contract}: ").append(row.score.verdict + (", capot" if row.score.capot_team is not None
                                                                      else ""), style="bold")


def outcome(draw: Renderer, row: SheetRow) -> list[RenderableType]:
    """The raw points, what reached the board (rounded, multiplied) and the board after the deal."""
    score = row.score
    if score is None:
        return []
    added = draw.pairs([f"+{p}" for p in score.match_points])
    arrow = draw.look.words(" → ")
    return [indented(Text.assemble("Raw ", (draw.pairs(score.raw_points), "bold"), arrow, (added, "bold"),
                                   f"{arrow}board {draw.pairs(row.board)}"))]


def deal_body(draw: Renderer, deal: DealState) -> list[RenderableType]:
    """The calls, the declarations and the tricks of a deal, indented under its heading."""
    look = draw.look
    calls = draw.calls(deal)
    lines = [indented(Text(look.words("Calls: " + (f" {look.dot} ".join(calls) if calls else "none yet"))))]
    declared = draw.announced(deal)
    if declared:
        lines.append(indented(Text(look.words("Declared: " + f" {look.dot} ".join(declared)))))
    return lines + [indented(draw.trick(deal, index, f"Trick {index + 1}")) for index in range(len(deal.tricks))]


def indented(text: Text) -> Padding:
    """A line under a deal's heading; when it wraps, the rest stays indented too."""
    return Padding(text, (0, 0, 0, 2))
