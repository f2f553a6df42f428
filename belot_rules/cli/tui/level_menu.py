"""The level menu (key l): the four levels with their ratings in this variant, and the choice of the bots' level.

The level chosen is kept in the settings for the next games; the player may also start a new match at it
at once, the match under way kept in ``saves/aside/`` (with the command that continues it), as the
unfinished-game question does. Once the match is over, the menu is how another match is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import UserError
from ...i18n import gettext as _
from ...players.levels import DEFAULT_LEVEL, LEVELS, Level, level as level_named, level_menu_line, level_question
from .screens import QuestionScreen
from .start import start

if TYPE_CHECKING:
    from .app import TableApp

NOW, NEXT_GAME = range(2)


def open_level_menu(app: TableApp) -> None:
    """Show the levels with their ratings; the one chosen is kept and, if the player wants, played at once."""
    variant = app.control.rules.variant.name
    current = app.control.names.level
    pointed = current if current is not None else level_named(DEFAULT_LEVEL)
    app.note = ""  # what an earlier choice said is over
    menu = QuestionScreen(level_question(variant, current), [level_menu_line(lv, variant) for lv in LEVELS],
                          app.look.ascii, title=_("Level"), highlighted=LEVELS.index(pointed))

    def chosen(index: int | None) -> None:
        if index is None or index < 0:
            back_to_table(app)
        elif LEVELS[index] == current and not app.control.over:
            app.keep(_("The bots play at {level}, in your next games too.").format(level=current.title),
                     level=current.name)
            back_to_table(app)
        else:
            ask_when(app, LEVELS[index])

    app.push_screen(menu, chosen)


def ask_when(app: TableApp, new: Level) -> None:
    """A new match at ``new`` now, or from the next game on (both kept in the settings), or back."""
    if app.control.over or not app.control.begun:
        now = _("In a new match now")
    elif app.slot is not None:
        now = _("In a new match now (this one is kept in saves/aside)")
    else:
        now = _("In a new match now (this one is not saved: it ends)")
    answers = [now, _("From your next game (belot play remembers it)"), _("Back")]

    def answered(index: int | None) -> None:
        if index in (NOW, NEXT_GAME):
            app.keep(_("The bots play at {level} from your next game.").format(level=new.title), level=new.name)
        if index == NOW:
            new_match(app, new)
        elif index == NEXT_GAME:
            back_to_table(app)
        else:  # back to the levels
            open_level_menu(app)

    app.push_screen(QuestionScreen(_("The bots at {level}:").format(level=new.title), answers, app.look.ascii,
                                   title=_("Level")), answered)


def new_match(app: TableApp, new: Level) -> None:
    """Start a new match of this variant with every bot at ``new`` (a new seed), keeping the one under way."""
    try:
        session = app.control.another_match(new.bot)
    except UserError as err:  # the house-rules file has gone or has a mistake now: this match goes on
        app.note = str(err).splitlines()[0]
        back_to_table(app)
        return
    if app.timer is not None:
        app.timer.stop()
        app.timer = None
    while len(app.screen_stack) > 1:  # the result box the menu was opened from
        app.pop_screen()
    app.hinting.asked = None  # a hint under way was for the match left
    note = _("A new match at {level}.").format(level=new.title)
    slot = app.slot
    if slot is not None and app.control.begun and not app.control.over:
        app.control.save()
        where = slot.set_aside("kept")
        app.farewell.append(_("The match you left for a new one is kept in {where}; belot play --resume {where} "
                              "continues it.").format(where=where))
        note = _("A new match at {level}; the last one is in saves/aside.").format(level=new.title)
    start(app, session, note)


def back_to_table(app: TableApp) -> None:
    """The menu closed: the status line says what it changed, and the game goes on."""
    app.update_status()
    app.advance()
