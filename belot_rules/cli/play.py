"""``belot play [VARIANT_OR_FILE]``: a match against bots at the terminal, or four bots to watch."""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from ..errors import UserError
from ..players.levels import DEFAULT_LEVEL, LEVELS, level
from .game.clock import InputSource, TerminalInput
from .game.look import THEMES, AsciiOnly, Look
from .game.loop import SPEEDS, Game, confirm
from .game.save import SavedGame, default_save_path, read_save
from .game.seating import DEFAULT_BOT, DEFAULT_SEATS, HUMAN, parse_seats
from .game.session import Session
from .game.stats import stats_path

DEFAULT_VARIANT = "bulgarian"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a match against bots (or watch four bots)",
        description="Play a match of any variant or house-rules file against bots at the terminal. "
        "The game is saved after every move; --resume continues it.",
    )
    parser.add_argument("variant", nargs="?", metavar="VARIANT_OR_FILE",
                        help=f"a shipped variant's name or a variant file (default: {DEFAULT_VARIANT})")
    parser.add_argument("--seed", type=int, help="deal the same cards and bot moves again (default: random)")
    parser.add_argument("--seats", metavar="P0,P1,P2,P3",
                        help=f"the players in play order, 'you' or a bot (default: {','.join(DEFAULT_SEATS)})")
    parser.add_argument("--level", choices=[lv.name for lv in LEVELS], type=str.lower,
                        help="how well the bots play: " + "; ".join(f"{lv.name}: {lv.description}" for lv in LEVELS)
                        + f" (default: {DEFAULT_LEVEL})")
    parser.add_argument("--target", type=int, metavar="N", help="play to N match points instead of the variant's target")
    parser.add_argument("--speed", choices=list(SPEEDS), default="normal", help="how fast the bots move (default: normal)")
    parser.add_argument("--watch", action="store_true", help="only bots play; you watch")
    parser.add_argument("--open", action="store_true", help="with --watch: show every hand")
    parser.add_argument("--plain", action="store_true",
                        help="the line-by-line game (what screen readers and scripts use; the default when the "
                             "output is not a terminal) instead of the full-screen table")
    parser.add_argument("--autoplay", action="store_true",
                        help="play a card by itself when it is the only legal one (f turns it on and off)")
    parser.add_argument("--theme", choices=list(THEMES), default="four-colour",
                        help="the suits' colours (default: four-colour); the suit is always written too")
    parser.add_argument("--record", metavar="FILE", help="write the match record (for belot replay) to FILE")
    parser.add_argument("--resume", nargs="?", const="", metavar="FILE",
                        help="continue a saved game (default: the game saved last)")
    parser.add_argument("--ascii", action="store_true", help="no box drawing; suits as the letters C D H S")
    parser.add_argument("--no-color", action="store_true", help="no colours (NO_COLOR in the environment does the same)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.open and not args.watch:
        raise UserError("--open shows every hand, so it goes only with --watch")
    plain = args.no_color or bool(os.environ.get("NO_COLOR"))
    console = Console(highlight=False, emoji=False, color_system=None if plain else "auto",
                      file=AsciiOnly(sys.stdout) if args.ascii else None)
    look = Look(ascii=args.ascii, suit_styles=THEMES[args.theme])
    source = TerminalInput(echo=lambda line: console.print(line, markup=False, highlight=False))
    record = Path(args.record).expanduser() if args.record else None
    if record is not None and (record.is_dir() or not record.parent.is_dir()):
        raise UserError(f"--record {args.record}: a file to write the record to, in a folder that exists")
    resume_from: Path | None = None
    if args.resume is not None:
        given = [flag for flag, value in (("VARIANT_OR_FILE", args.variant), ("--seed", args.seed),
                                          ("--seats", args.seats), ("--target", args.target),
                                          ("--level", args.level)) if value is not None]
        if given or args.watch:
            raise UserError(f"--resume continues a saved game with its own rules, seed, seats and level; "
                            f"leave out {', '.join(given) or '--watch'}")
        resume_from = Path(args.resume).expanduser() if args.resume else default_save_path()
    save_path: Path | None
    try:  # the questions before the game: Ctrl-C leaves everything as it was
        if resume_from is not None:
            session, save_path = resume(read_save(resume_from), console, source, look), resume_from
        else:
            session, save_path = new_game(args, console, source, look)
    except KeyboardInterrupt:
        console.print()
        console.print("Stopped; nothing was changed.", markup=False)
        return 130
    if session is None:
        return 0
    if session.seating.human is None:
        save_path = None
    if not args.plain and sys.stdin.isatty() and sys.stdout.isatty():
        return full_screen(args, session, look, save_path, record, console, plain)
    live = console.is_terminal and args.speed != "instant"
    return Game(session, console, source, look, args.speed, live, save_path, record, open_hands=args.open,
                autoplay=args.autoplay).run()


def full_screen(args: argparse.Namespace, session: Session, look: Look, save_path: Path | None,
                record: Path | None, console: Console, plain: bool) -> int:
    """The match on the full-screen table; on leaving, how to continue it."""
    from .tui.app import TableApp  # textual is loaded only for the full-screen game

    if plain:
        os.environ["NO_COLOR"] = "1"  # textual reads it when the app starts
    app = TableApp(session, look, args.speed, save_path, record, open_hands=args.open, autoplay=args.autoplay,
                   stats_path=stats_path())
    status = app.run()
    if app.saved_on_quit:
        resume = "belot play --resume" + ("" if save_path == default_save_path() else f" {save_path}")
        console.print(f"Game saved. Continue it with: {resume}", markup=False, soft_wrap=True)
    return status or 0


def new_game(args: argparse.Namespace, console: Console, source: InputSource,
             look: Look) -> tuple[Session | None, Path]:
    """A new match, unless the player prefers to finish the game saved last (None: they stopped)."""
    if args.target is not None and args.target < 1:
        raise UserError("--target must be at least 1")
    if args.seats and args.level:
        raise UserError("--level chooses every bot and --seats each one: give one of them")
    players = parse_seats(args.seats) if args.seats else None
    bot = level(args.level).bot if args.level else DEFAULT_BOT
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    session = Session.start(args.variant or DEFAULT_VARIANT, seed, players, args.target,
                            bot=bot, watch=args.watch)  # a wrong name stops here
    players = session.seating.players
    save_path = default_save_path()
    if HUMAN in players and save_path.is_file():
        try:
            saved = read_save(save_path)
        except UserError:
            saved = None
        if saved is not None and not saved.finished and confirm(
                console, source, look, f"You have an unfinished game ({saved.summary()}). Resume it?", True):
            return resume(saved, console, source, look), save_path
    return session, save_path


def resume(saved: SavedGame, console: Console, source: InputSource, look: Look) -> Session | None:
    """The saved game replayed to where it stopped; None if its rules changed and the player stops."""
    session = saved.start()
    if saved.record.get("variant_hash") != session.ruleset.content_hash:
        console.print(f"The rules of {saved.variant} have changed since this game was saved.", markup=False,
                      soft_wrap=True)
        if not confirm(console, source, look, "Continue under the new rules?", False):
            console.print(f"Stopped; the saved game is kept in {saved.path}.", markup=False, soft_wrap=True)
            return None
    return saved.restore(session)
