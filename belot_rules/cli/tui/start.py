"""Before the first move: the unfinished game found in the slot, offered on the table itself.

Nothing is overwritten without asking: the player resumes it, starts the new game in a
free slot beside it (``bulgarian-2``), starts it here with the unfinished game moved to
``saves/aside/``, or leaves with everything as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import UserError
from ...i18n import gettext as _
from ..game.saves import SavedGame, SaveUnavailable
from ..game.session import Session
from .screens import QuestionScreen

if TYPE_CHECKING:
    from .app import TableApp

RESUME, ELSEWHERE, ASIDE, LEAVE = range(4)


def offer_unfinished(app: TableApp, saved: SavedGame) -> None:
    """Ask what to do with the unfinished game in the table's slot; the table behind stays covered until then."""
    slot = app.slot
    assert slot is not None  # an unfinished game is found only in a slot the table holds
    question = _("You have an unfinished game in the save slot {slot}:\n  {summary}\n\nResume it?").format(
        slot=slot.label, summary=saved.summary())
    answers = [_("Resume it"),
               _("New game in another slot (this one stays in slot {slot})").format(slot=slot.label),
               _("New game here (this one is moved to saves/aside)"),
               _("Leave (nothing is changed)")]

    def answered(index: int | None) -> None:
        if index == RESUME:
            resume(app, saved)
        elif index == ELSEWHERE:
            elsewhere(app)
        elif index == ASIDE:
            where = slot.set_aside("kept")
            app.farewell.append(_("The unfinished game is kept in {where}; belot play --resume {where} continues it.")
                                .format(where=where))
            start(app, app.session, _("Unfinished game moved to saves/aside (named when you leave)."))
        else:
            leave(app)

    app.push_screen(QuestionScreen(question, answers, app.look.ascii, title=_("Unfinished game"), cover=True), answered)


def resume(app: TableApp, saved: SavedGame) -> None:
    """Continue the saved game; if its variant's rules changed since, ask first."""
    try:
        session = saved.start()
    except UserError as err:
        unusable(app, err)
        return
    if not saved.rules_changed(session):
        restore(app, saved, session)
        return

    def answered(index: int | None) -> None:
        if index == 0:
            restore(app, saved, session)
        elif index == 1:
            elsewhere(app)
        else:
            leave(app)

    app.push_screen(QuestionScreen(_("The rules of {variant} have changed since this game was saved.").format(
                                       variant=saved.variant),
                                   [_("Continue it under the new rules"),
                                    _("New game in another slot (the saved one stays as it is)"),
                                    _("Leave (nothing is changed)")],
                                   app.look.ascii, title=_("Changed rules"), cover=True), answered)


def restore(app: TableApp, saved: SavedGame, session: Session) -> None:
    try:
        session = saved.restore(session)
    except UserError as err:
        unusable(app, err)
        return
    start(app, session, None)


def unusable(app: TableApp, err: UserError) -> None:
    """A save that does not replay is moved aside (and said so) and the new game starts."""
    start(app, app.session, app.slot.aside_note(err) if app.slot is not None else str(err))


def elsewhere(app: TableApp) -> None:
    """The new game in a free slot named after this one; the unfinished game stays where it is."""
    held = app.slot
    assert held is not None
    try:
        spare = held.spare()
    except SaveUnavailable as err:
        held.close()
        app.slot = None
        start(app, app.session, _("{problem}; the game goes on unsaved.").format(problem=f"{str(err)[:1].upper()}{str(err)[1:]}"))
        return
    held.close()
    app.slot = spare
    start(app, app.session, _("New game in the save slot {slot}; the unfinished one stays in {held}.").format(
        slot=spare.label, held=held.label))


def start(app: TableApp, session: Session, note: str | None) -> None:
    """Play ``session`` with ``note`` above the table (None: the deal it resumes)."""
    app.unfinished = None
    app.use(session, app.slot)
    app.note = note if note is not None else _("Resuming deal {number}.").format(number=app.control.deal_number)
    app.begin()


def leave(app: TableApp) -> None:
    slot = app.slot
    app.unfinished = None
    app.slot = None  # nothing is saved on the way out
    if slot is not None:
        app.farewell.append(_("Nothing was changed; the unfinished game is still in the save slot {slot}.").format(
            slot=slot.label))
        slot.close()
    app.exit(0)
