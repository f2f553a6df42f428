"""``belot play [VARIANT_OR_FILE]``: a match against bots at the terminal, or four bots to watch."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, cast

from rich.console import Console

from .. import i18n
from ..errors import UserError
from ..files import excerpt, exists, unwritable
from ..i18n import gettext as _
from ..players.levels import DEFAULT_LEVEL, LEVELS, level
from ..variant.model import MAX_NUMBER
from .game.clock import InputSource, TerminalInput
from .game.controller import SPEEDS
from .game.look import THEMES, AsciiOnly, Look
from .game.loop import Game, confirm
from .game.saves import RulesMissing, SavedGame, SaveSlot, SaveUnavailable, latest_slot, slot_name
from .game.seating import DEFAULT_SEATS, HUMAN, parse_seats
from .game.session import Session, fresh_seed
from .game.settings import Kept, Settings
from .game.stats import stats_path
from .seed import seed_number

DEFAULT_VARIANT = "bulgarian"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help=_("play a match against bots (or watch four bots)"),
        description=_("Play a match of any variant or house-rules file against bots at the terminal. "
        "The game is saved after every move; --resume continues it."),
    )
    parser.add_argument("variant", nargs="?", metavar="VARIANT_OR_FILE",
                        help=_("a shipped variant's name or a variant file (default: {variant})").format(
                            variant=DEFAULT_VARIANT))
    parser.add_argument("--variant", dest="variant_option", metavar="NAME_OR_FILE",
                        help=_("the same as VARIANT_OR_FILE, spelt as simulate and duel take it"))
    parser.add_argument("--seed", type=seed_number, help=_("deal the same cards and bot moves again (default: random)"))
    parser.add_argument("--seats", metavar="P0,P1,...",
                        help=_("the players in play order, 'you' or a bot (default: {seats})").format(
                            seats=",".join(DEFAULT_SEATS)))
    parser.add_argument("--level", choices=[lv.name for lv in LEVELS], type=str.lower,
                        help=_("how well the bots play: {levels} (default: {default}, or as last chosen in the "
                               "table's level menu, key l; the ratings, measurements and their commands: "
                               "docs/playing.md)").format(default=DEFAULT_LEVEL, levels="; ".join(
                            f"{lv.name}: {_(lv.description)}" + (" " + _("(measured in duplicate deals, {measured})").format(
                                measured=lv.measured) if lv.measured else "") for lv in LEVELS)))
    parser.add_argument("--target", type=int, metavar="N", help=_("play to N match points instead of the variant's target (N deals where players predict their points)"))
    parser.add_argument("--speed", choices=list(SPEEDS),
                        help=_("how fast the bots move (default: normal, or as last set with + and - at the table)"))
    parser.add_argument("--watch", action="store_true", help=_("only bots play; you watch"))
    parser.add_argument("--open", action="store_true", help=_("with --watch: show every hand"))
    parser.add_argument("--plain", action="store_true",
                        help=_("the line-by-line game (what screen readers and scripts use; the default when the "
                             "output is not a terminal) instead of the full-screen table"))
    parser.add_argument("--autoplay", action=argparse.BooleanOptionalAction,
                        help=_("play a card by itself when it is the only legal one (f turns it on and off)"))
    parser.add_argument("--theme", choices=list(THEMES),
                        help=_("the suits' colours (default: four-colour, or as last set with c at the table); "
                             "the suit is always written too"))
    parser.add_argument("--record", metavar="FILE", help=_("write the match record (for belot replay) to FILE"))
    parser.add_argument("--resume", nargs="?", const="", metavar="FILE",
                        help=_("continue a saved game (default: the game saved last)"))
    parser.add_argument("--slot", metavar="NAME",
                        help=_("keep the game in the save slot NAME (default: one slot per variant)"))
    parser.add_argument("--ascii", action="store_true", help=_("no box drawing; suits as the letters C D H S"))
    parser.add_argument("--no-color", action="store_true", help=_("no colours (NO_COLOR in the environment does the same)"))
    parser.set_defaults(run=run)


def speak_to_terminal(table: Table, terminal: bool, environ: Mapping[str, str]) -> None:
    """On a terminal that cannot lay out the chosen right-to-left language, play in English and say why
    (a record or a piped game keeps the language: a file shows it rightly wherever it is opened)."""
    language, note = i18n.for_terminal(i18n.current(), environ) if terminal else (i18n.current(), None)
    if note:
        i18n.use(language)
        table.tell(note)


def run(args: argparse.Namespace) -> int:
    if args.variant_option is not None:
        if args.variant is not None and args.variant != args.variant_option:
            raise UserError(f"two variants given ({args.variant} and --variant {args.variant_option}): give one")
        args.variant = args.variant_option
    if args.open and not args.watch:
        raise UserError("--open shows every hand, so it goes only with --watch")
    plain = args.no_color or bool(os.environ.get("NO_COLOR"))
    console = Console(highlight=False, emoji=False, color_system=None if plain else "auto",
                      file=cast(TextIO, AsciiOnly(sys.stdout)) if args.ascii else None)  # a stream by its methods
    kept, notice = Kept.read()  # the settings the keys changed last time; the options given here go over them
    chosen = kept.settings.overridden(theme=args.theme, speed=args.speed, autoplay=args.autoplay)
    look = Look(ascii=args.ascii, suit_styles=THEMES[chosen.theme])
    source = TerminalInput(echo=lambda line: console.print(line, markup=False, highlight=False))
    record = record_path(args.record)
    if args.slot is not None:
        slot_name(args.slot)
    full = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    table = Table(console, source, look, full_screen=full)
    if notice:
        table.tell(notice)
    speak_to_terminal(table, sys.stdout.isatty(), os.environ)
    try:  # the questions before the game: Ctrl-C leaves everything as it was
        session = resume_game(args, table) if args.resume is not None else new_game(args, table, chosen.level)
    except KeyboardInterrupt:
        console.print()
        console.print("Stopped; nothing was changed.", markup=False)
        table.close()
        return 130
    except BaseException:
        table.close()
        raise
    try:
        if session is None:
            return 0
        if full:
            return full_screen(args, session, look, table, record, console, plain, chosen, kept)
        live = console.is_terminal and chosen.speed != "instant"
        return Game(session, console, source, look, chosen.speed, live, table.slot, record, open_hands=args.open,
                    autoplay=chosen.autoplay, kept=kept).run()
    finally:
        table.close()


def full_screen(args: argparse.Namespace, session: Session, look: Look, table: Table, record: Path | None,
                console: Console, plain: bool, chosen: Settings, kept: Kept) -> int:
    """The match on the full-screen table (which asks whether to resume an unfinished game); on leaving,
    how to continue it."""
    from .tui.app import TableApp  # textual is loaded only for the full-screen game

    if plain:
        os.environ["NO_COLOR"] = "1"  # textual reads it when the app starts
    else:
        os.environ.pop("NO_COLOR", None)  # an empty NO_COLOR asks for nothing (no-color.org); textual would go grey
    app = TableApp(session, look, chosen.speed, table.slot, record, open_hands=args.open, autoplay=chosen.autoplay,
                   stats_path=stats_path(), unfinished=table.unfinished, note=table.notice or "", sort=chosen.sort,
                   kept=kept)
    try:
        status = app.run()
    finally:
        if app.slot is not None:
            app.slot.close()  # the slot the game moved to, if the player chose another
    for line in app.farewell:
        console.print(line, markup=False, soft_wrap=True)
    if status is None and app.return_code:  # the table stopped on an error (Textual has shown it)
        return app.return_code
    return status or 0


def record_path(given: str | None) -> Path | None:
    """The ``--record`` file, refused before the match if its folder does not exist or cannot be written."""
    if given is None:
        return None
    record = Path(given).expanduser()
    try:
        usable = not record.is_dir() and record.parent.is_dir()
    except OSError:  # a name too long for the file system
        usable = False
    if not usable:
        raise UserError(f"--record {excerpt(given)}: a file to write the record to, in a folder that exists")
    problem = unwritable(record.parent)
    if problem:
        raise UserError(f"--record {excerpt(given)}: cannot write in {record.parent}: {problem}")
    return record


@dataclass
class Table:
    """What the questions before a game need: where to ask, and the slot once one is taken."""

    console: Console
    source: InputSource
    look: Look
    slot: SaveSlot | None = None
    full_screen: bool = False  # the full-screen table asks about an unfinished game itself
    unfinished: SavedGame | None = None  # the game it is to offer
    notice: str | None = None  # what it says first (a save moved aside)

    def say(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def tell(self, text: str) -> None:
        """A note before the game: on the line, or on the full-screen table's status line."""
        if self.full_screen:
            self.notice = f"{self.notice} {text}" if self.notice else text
        else:
            self.say(text)

    def confirm(self, question: str, default: bool) -> bool:
        return confirm(self.console, self.source, self.look, question, default)

    def take(self, slot: SaveSlot) -> bool:
        """Lock ``slot`` for this game; False if the player stops because it cannot be saved to."""
        try:
            slot.open()
        except SaveUnavailable as err:
            self.say(f"{str(err)[:1].upper()}{str(err)[1:]}.")
            if not self.confirm("Play without saving?", True):
                self.say("Stopped; nothing was changed.")
                return False
            self.say("Playing unsaved: this game cannot be continued later.")
            return True
        self.slot = slot
        return True

    def close(self) -> None:
        if self.slot is not None:
            self.slot.close()


def resume_game(args: argparse.Namespace, table: Table) -> Session | None:
    """The saved game ``--resume`` names, replayed to where it stopped."""
    given = [flag for flag, value in (("VARIANT_OR_FILE", args.variant), ("--seed", args.seed),
                                      ("--seats", args.seats), ("--target", args.target),
                                      ("--level", args.level)) if value is not None]
    if given or args.watch:
        raise UserError(f"--resume continues a saved game with its own rules, seed, seats and level; "
                        f"leave out {', '.join(given) or '--watch'}")
    if args.resume and args.slot is not None:
        raise UserError("--resume FILE names the save itself; leave out --slot")
    slot: SaveSlot | None
    if args.resume:
        slot = SaveSlot.at(Path(args.resume).expanduser())
    elif args.slot is not None:
        slot = SaveSlot.named(args.slot)
    else:
        slot = latest_slot()
        if slot is None:
            raise UserError("no saved game to continue; start one with: belot play")
    if not exists(slot.path):  # a name too long for the file system is said here, before the lock
        raise UserError(f"{slot.path}: no saved game there; start one with: belot play")
    if not table.take(slot):
        return None
    found = slot.look()
    if found.cut_short:
        raise UserError(f"{found.cut_short}\nThe saved game was cut short and cannot be resumed; "
                        "belot play offers to move it aside and start a new game")
    if found.saved is None:
        raise UserError(found.note or f"{slot.path}: no saved game there; start one with: belot play")
    try:
        session = resume(found.saved, table)
    except RulesMissing as err:  # nothing wrong with the save: it stays where --resume finds it again
        raise UserError(f"{err} and run this again (the saved game is kept in {slot.path})"
                        + (f"\n{err.problems}" if err.problems else "")) from None
    except UserError as err:
        if not slot.in_saves:
            raise
        raise UserError(slot.aside_note(err)) from None
    wrong = found.saved.disagreement(session) if session is not None else None
    if wrong:
        table.tell(f"The saved game {wrong}; it continues as its moves have it.")
    return session


def new_game(args: argparse.Namespace, table: Table, kept_level: str = DEFAULT_LEVEL) -> Session | None:
    """A new match, unless the player prefers to finish the game saved in its slot (None: they stopped). Without
    ``--level`` or ``--seats`` the bots play at ``kept_level``, the one chosen last in the level menu."""
    if args.target is not None and not 1 <= args.target <= MAX_NUMBER:
        raise UserError(f"--target must be from 1 to {MAX_NUMBER:,} match points, as a variant file's match.target")
    if args.seats and args.level:
        raise UserError("--level chooses every bot and --seats each one: give one of them")
    players = parse_seats(args.seats) if args.seats else None
    bot = level(args.level or kept_level).bot
    seed = args.seed if args.seed is not None else fresh_seed()
    session = Session.start(args.variant or DEFAULT_VARIANT, seed, players, args.target,
                            bot=bot, watch=args.watch)  # a wrong name stops here
    if HUMAN not in session.seating.players:
        return session
    slot = SaveSlot.named(args.slot) if args.slot is not None else SaveSlot.for_variant(session.source)
    if not table.take(slot):
        return None
    if table.slot is None:  # playing unsaved
        return session
    found = slot.look()
    if found.note:
        table.tell(found.note)
    if found.cut_short:
        table.say(f"The saved game in slot {slot.label} is cut short ({found.cut_short}); it cannot be resumed.")
        if not table.confirm("Move it aside and start a new game?", True):
            table.say(f"Stopped; the save is left as it was in {slot.path}.")
            return None
        table.say(f"It was moved to {slot.set_aside('cut-short')}.")
    saved = found.saved
    if saved is None or (saved.claims_over and finished(saved, slot, table)):
        return session
    if table.full_screen:
        table.unfinished = saved
        return session
    if table.confirm(_("You have an unfinished game ({summary}). Resume it?").format(summary=saved.summary()), True):
        try:
            return resume(saved, table)
        except UserError as err:
            table.say(slot.aside_note(err))
            return session
    where = slot.set_aside("kept")
    table.say(f"The unfinished game is kept in {where}; belot play --resume {where} continues it.")
    return session


def finished(saved: SavedGame, slot: SaveSlot, table: Table) -> bool:
    """Whether a save that says its match has ended may give its slot to a new game: only when its replay
    ends too, and as it says. A save that does not replay, or whose replay ends otherwise, is moved aside
    with a note; one whose replay is unfinished is offered as the unfinished game it is (False)."""
    try:
        replayed = saved.replay()
    except UserError as err:
        table.tell(slot.aside_note(err))
        return True
    wrong = saved.disagreement(replayed)
    if wrong is None:
        return replayed.over
    if replayed.over:
        table.tell(f"The saved game in slot {slot.label} is over but {wrong}; it was moved to "
                   f"{slot.set_aside('disputed')}.")
        return True
    table.tell(f"The saved game in slot {slot.label} {wrong}; it is offered as the unfinished game it is.")
    return False


def resume(saved: SavedGame, table: Table) -> Session | None:
    """The saved game replayed to where it stopped; None if its rules changed and the player stops."""
    session = saved.start()
    if saved.rules_changed(session):
        table.say(f"The rules of {saved.variant} have changed since this game was saved.")
        if not table.confirm("Continue under the new rules?", False):
            table.say(f"Stopped; the saved game is kept in {saved.path}.")
            return None
    return saved.restore(session)
