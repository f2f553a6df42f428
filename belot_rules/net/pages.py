"""The local game's pages as a hosted table sends them: the rules, the score sheet, the history and the
result boxes, worded from the receiver's chair and drawn as text (and colour codes for a full-screen seat)."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType

from ..cli.game.controller import AllPassed, DealScored, MatchEnded
from ..cli.show import print_rules
from ..cli.tui.pages import deal_result, history as history_page, match_result
from ..i18n import gettext as _
from .seats import WATCHERS
from .wire import row_json

if TYPE_CHECKING:
    from .table import Table

BOX_WIDTH = 76  # columns: a result box at the full-screen table, inside its frame on an 80-column terminal


def rules(table: Table) -> str:
    """The rules this table plays, as ``belot show`` (and ``r`` in the local game) words them."""
    if not table.rules_text:
        text = io.StringIO()
        print_rules(table.session.loaded, out=plain_console(text))
        table.rules_text = text.getvalue()
    return table.rules_text


def sheet(table: Table, seat: int | None) -> str:
    """The score sheet and the board as ``s`` shows them in the local game, from ``seat``'s chair (Us and
    Them; for a watcher, the compass pairs). Not the match's seed: it would deal the hidden cards again."""
    with table.chair(WATCHERS if seat is None else seat):  # the seats named as the table names them
        draw = table.draw
        page = Group(draw.sheet(), draw.board()) if table.session.rows else draw.board()
        text = io.StringIO()
        plain_console(text).print(page)
    return "\n".join(line.rstrip() for line in text.getvalue().splitlines())


def sheet_rows(table: Table, receiver: int) -> dict[str, Any]:
    """For a full-screen seat, the sheet's rows as data (:func:`~.wire.row_json`): it draws the sheet itself."""
    return {"rows": [row_json(row) for row in table.session.rows]} if receiver in table.full else {}


def history(table: Table, seat: int | None) -> str:
    """The history page as ``y`` shows it at the local table, from ``seat``'s chair: the deal being played
    as the seat sees it, then every finished deal (all of whose cards were shown)."""
    with table.chair(WATCHERS if seat is None else seat):
        deal = table.session.deal
        view = table.flow.seen(deal) if deal is not None and table.told else None
        return drawn(history_page(table.draw, view, table.session.deal_number, table.flow.history()), BOX_WIDTH)


def boxed(table: Table, receiver: int, event: DealScored | AllPassed | MatchEnded) -> dict[str, Any]:
    return {"box": box(table, receiver, event)} if receiver in table.full else {}


def box(table: Table, receiver: int, event: DealScored | AllPassed | MatchEnded) -> dict[str, str]:
    """A deal's result box, or the match's, as the local table shows it from ``receiver``'s chair."""
    assert table.shown is not None
    with table.chair(receiver):
        if isinstance(event, MatchEnded):
            ended = replace(event, totals=None, note="")  # the statistics are the local game's
            return {"title": _("The match is over"), "body": drawn(match_result(table.draw, ended), BOX_WIDTH)}
        title, body = deal_result(table.draw, table.flow.seen(table.shown), event.row)
        return {"title": title, "body": drawn(body, BOX_WIDTH)}


def drawn(group: RenderableType, width: int) -> str:
    """What the local game draws, as the text and colour codes of a terminal ``width`` columns wide."""
    text = io.StringIO()
    Console(file=text, width=width, color_system="truecolor", force_terminal=True, highlight=False,
            emoji=False).print(group)
    return text.getvalue()


def plain_console(file: io.StringIO) -> Console:
    """A console that writes what a client is sent: plain text, 100 columns."""
    return Console(file=file, width=100, color_system=None, highlight=False, emoji=False)
