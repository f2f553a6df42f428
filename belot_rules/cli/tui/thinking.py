"""A bot's decision made in a thread of its own, so the table answers keys (help, the sheet, quitting) while
a slow bot (the expert, an outside program) thinks, and the status line says it is thinking; a hint (what the
adviser bot would do in the player's place) is thought out the same way, and the move clock goes on meanwhile.

The thread reads only a copy of the deal (an outside bot: the seat's view), taken when it starts
(:meth:`~belot_rules.cli.game.controller.Controller.bot_decision`); the answer comes
back to the table's own thread, where the controller keeps it for the position it
was asked at and drops it if the game has moved since (an undo). The thread is a
daemon: quitting never waits for a bot.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from ...engine.actions import Action

if TYPE_CHECKING:
    from ..game.controller import Controller
    from .app import TableApp


class Thinking:
    """The table's bot decision under way, if any, and what to do once it is made."""

    def __init__(self, app: TableApp) -> None:
        self.app = app
        self.busy = False  # a bot is deciding in its thread
        self.then: Callable[[], None] | None = None

    def start(self) -> None:
        """Start the decision of the bot to act, unless it is made or under way already."""
        app = self.app
        if self.busy or app.control.bot_ready():
            return
        position, decide = app.control.bot_decision()
        self.busy = True
        in_thread(app, decide, partial(self.done, app.control, position), "bot")
        app.update_status()

    def waits(self, then: Callable[[], None]) -> bool:
        """Whether the bot to act has still to decide: then its decision starts (or goes on) and ``then`` is
        called once it is made."""
        if self.app.control.bot_ready():
            return False
        self.then = then
        self.start()
        return True

    def done(self, control: Controller, position: tuple[int, int, int], answer: Action | Exception) -> None:
        self.busy = False
        if control is not self.app.control:  # a decision of the match the table left for a new one: dropped
            if self.then is not None:
                self.start()  # the new match's bot, which waited for this thread
            return
        self.app.control.decided(position, answer)
        then, self.then = self.then, None
        self.app.update_status()
        if then is not None:
            then()


class Hinting:
    """The hint asked for at the player's turn, thought out in a thread of its own; it is shown only if the
    player is still at the position it was asked at (not after a move or an undo)."""

    def __init__(self, app: TableApp) -> None:
        self.app = app
        self.asked: tuple[int, int, int] | None = None  # the position of the hint under way

    def start(self) -> None:
        """Start the hint for the player's move, unless it is under way already."""
        control = self.app.control
        if self.asked == control.position():
            return
        position, adviser, decide = control.hint_decision()
        self.asked = position
        in_thread(self.app, decide, partial(self.done, control, position, adviser), "hint")

    def done(self, control: Controller, position: tuple[int, int, int], adviser: str,
             answer: Action | Exception) -> None:
        if self.asked == position:
            self.asked = None
        if isinstance(answer, Exception):
            raise answer
        app = self.app
        if (control is app.control and position == app.control.position() and app.turn is not None
                and answer in app.turn.legal):
            app.show_hint(adviser, answer)


def in_thread(app: TableApp, decide: Callable[[], Action], deliver: Callable[[Action | Exception], None],
              name: str) -> None:
    """Call ``decide`` in a daemon thread (quitting never waits for it) and hand its answer, or the exception it
    raised, to ``deliver`` on the table's thread, where it is raised again; nothing once the table has closed."""

    def work() -> None:
        try:
            answer: Action | Exception = decide()
        except Exception as err:  # raised again at the table
            answer = err
        if not app.is_running:  # the table has closed meanwhile
            return
        try:
            app.call_from_thread(deliver, answer)
        except RuntimeError:  # it closed just now
            pass

    threading.Thread(target=work, name=name, daemon=True).start()
