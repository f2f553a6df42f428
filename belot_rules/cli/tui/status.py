"""The table's status line: whose turn it is and what is expected, after the last note (a refusal, a hint, an undo),
and first of all when the terminal is smaller than the table is drawn for."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from rich.text import Text

from ...engine.actions import ASK_ACTION, NO_TRUMPS_ACTION, PAIR_ACTION, SEVENTH_ACTION
from ...i18n import gettext as _
from ..game.controller import BIDDING, CONCEALING, DECLARING, DISCARDING, EXCHANGING, PREDICTING, SINGLE_HAND
from ..game.wording import does
from .room import MIN_SIZE

if TYPE_CHECKING:
    from .app import TableApp

STATUS_LINES = 2  # the status line's room (table.tcss #status max-height)


def status_line(app: TableApp) -> Text:
    """The status line of ``app`` as it is now."""
    control, view, look = app.control, app.seen, app.look
    if control.over:
        text = _("The match is over.")
    elif view is None or app.result_shown:
        text = _("Enter for the next deal.")
    elif view.to_act == app.human:
        text = {BIDDING: _("Your call: ↑↓ and Enter (or a number, or / to type one)"),
                DECLARING: _("Declare: ↑↓ and Enter"),
                EXCHANGING: _("Your trump seven: take the turned card for it? ↑↓ and Enter"),
                SINGLE_HAND: _("Play this deal alone, your partner out, without trumps? ↑↓ and Enter"),
                DISCARDING: _("Lay a card aside: ← → and Enter (or its number, or / to type it)"),
                CONCEALING: _("Lay your trump face down: ← → and Enter (or its number, or / to type it)"),
                PREDICTING: _("Your prediction: type the points you will take yourself, then Enter")}.get(
            view.phase, _("Your card: ← → and Enter (or its number, or / to type it)"))
        text = app.draw.schmeiss_offer(view) or text
        if app.turn is not None and SEVENTH_ACTION in app.turn.legal:  # play.seventh_card: typed, as in the line game
            text = _("Trump face down: ← → and Enter {dot} /seventh: your seventh card").format(dot=look.dot)
        if app.turn is not None and NO_TRUMPS_ACTION in app.turn.legal:  # no trumps instead (twenty-nine.md §4.3)
            text += f" {look.dot} " + _("/nt: no trumps")
        if app.turn is not None and ASK_ACTION in app.turn.legal:  # a concealed trump: typed, as in the line game
            text += f" {look.dot} " + _("/ask: ask for the trump")
        if app.turn is not None and PAIR_ACTION in app.turn.legal:  # the pair (declarations.pair), typed too
            text += f" {look.dot} " + _("/pair: show the pair")
        if control.clock is not None:
            text += f" {look.dot} " + _("{seconds} s left").format(seconds=round(control.clock.remaining()))
    else:
        verb = {BIDDING: "speak", DECLARING: "declare", DISCARDING: "discard", PREDICTING: "predict"}.get(view.phase, "play")
        text = does(control.names.name(view.to_act), verb) + (" " + _("(thinking…)") if app.thinking.busy else "") \
            + ("" if app.skipping else " " + _("(space skips)"))
    shown = f"{app.note}  {look.pointer} {text}" if app.note else text
    room = _room(app.size.width)
    if len(shown) > room:  # a long note (a refusal, a hint) above what is expected, not over it
        shown = f"{app.note}\n{text}"
    if len(app.note) > room:  # a note longer than a line takes both, rather than be cut: the menu and hand still ask
        lines = textwrap.wrap(app.note, room)
        if len(lines) > STATUS_LINES:  # longer still: cut where it shows, as a line too long is
            lines = [*lines[:STATUS_LINES - 1], lines[STATUS_LINES - 1][:room - 1] + "…"]
        shown = "\n".join(lines)
    width, height = app.size
    if width and (width < MIN_SIZE[0] or height < MIN_SIZE[1]):  # said first: the rest may be cut off
        shown = _("The table needs {needed}; this terminal is {size}.").format(
            needed="{}x{}".format(*MIN_SIZE), size=f"{width}x{height}") + f" {shown}"
    return Text(look.words(shown), no_wrap=True, overflow="ellipsis")


def _room(width: int) -> int:
    return max(width - 2, 20)  # the line's padding on each side


def fits(note: str, width: int) -> bool:
    """Whether ``note`` shows whole on the status line of a table ``width`` columns wide."""
    return len(textwrap.wrap(note, _room(width))) <= STATUS_LINES


def menu_title(phase: str) -> str:
    """The title of the menu a phase offers its choices in."""
    return {BIDDING: _("Your call"), DECLARING: _("Declare"), SINGLE_HAND: _("Single hand")}.get(phase, _("Exchange"))
