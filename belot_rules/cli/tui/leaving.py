"""Leaving the table: q, Ctrl-C or a signal saves the game and says how to continue it; an unsaved game is
asked about first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import gettext as _
from .screens import QuestionScreen
from .start import leave

if TYPE_CHECKING:
    from .app import TableApp


def quit_game(app: TableApp) -> None:
    """The quit key: leave, asking first when the game would be lost (it is not saved)."""
    if app.unfinished is not None:  # not started yet: leave the unfinished game as it was
        leave(app)
        return
    unsaved = app.slot is None and app.human is not None and not app.control.over and app.control.begun
    if unsaved and not isinstance(app.screen, QuestionScreen):  # Ctrl-C at the question quits
        app.push_screen(QuestionScreen(_("This game is not saved: quitting ends it for good."),
                                       [_("quit"), _("go on playing")], app.look.ascii, title=_("Quit?")),
                        lambda answer: leave_game(app) if answer == 0 else None)
        return
    leave_game(app)


def leave_game(app: TableApp, status: int = 0) -> None:
    """Save, write the record, and close the table, saying how to continue a saved game (``status``:
    128 + the signal that stopped it, as other commands exit on SIGTERM or SIGHUP)."""
    app.control.leave()  # saved, recorded, and counted if the match ended though its result was not shown
    resume = app.control.resume_command()
    if resume is not None and not app.control.over:
        app.farewell.append(_("Game saved. Continue it with: {command}").format(command=resume))
    app.exit(status)
