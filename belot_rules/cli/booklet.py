"""``belot rules VARIANT_OR_FILE [--html FILE]``: the rule set as a player's booklet, to read or to print.

The booklet (``belot_rules.booklet``) is written from the compiled rules, so a house-rules file gets one
as a shipped variant does; its worked example is a deal the engine played, checked against its score.
``rules_page`` gives the same text to the table's rules page.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from typing import Any

from rich.text import Text

from ..booklet import booklet, to_html, to_text
from ..errors import UserError
from ..files import OVERWRITE, refuse_existing, unwritable, write_text_atomically
from ..i18n import gettext as _
from ..ruleset import Ruleset
from ..variant.languages import words_in
from ..variant.loader import load_variant_model

MAX_WIDTH = 100  # lines of a booklet are easier to read short, however wide the terminal


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "rules",
        help=_("write the rules of a variant as a player's booklet"),
        description=_("Write the rules of a shipped variant or of a house-rules file as a booklet for players: the "
        "deal, the bidding, the play, the melds, the scoring with a worked example the program checks, the match."),
        epilog=_("for example: belot rules french, or belot rules my-rules.yaml --html my-rules.html"),
    )
    parser.add_argument("variant", metavar="VARIANT_OR_FILE", help=_("a shipped variant's name (see belot list) or a file"))
    parser.add_argument("--html", metavar="FILE", help=_("write the booklet as a printable HTML page to FILE"))
    parser.add_argument("--overwrite", action="store_true", help=_("let --html replace an existing file"))
    parser.add_argument("--width", type=int, metavar="N", help=_(
        "wrap the text at N columns (default: the terminal's, at most {most})").format(most=MAX_WIDTH))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from .. import load_variant

    if args.overwrite and not args.html:
        raise UserError(_("--overwrite goes with --html: it lets the page replace an existing file"))
    if args.width is not None and not 30 <= args.width <= 1000:
        raise UserError(_("--width {width}: give a number of columns from 30 to 1000").format(width=args.width))
    rules = load_variant(args.variant)
    if args.html:
        target = _html_target(args.html, args.overwrite, load_variant_model(args.variant).chain)
        book = booklet(rules)
        try:
            write_text_atomically(target, to_html(book))
        except OSError as err:
            raise UserError(_("--html {file}: cannot write it: {reason}").format(file=args.html,
                                                                                  reason=err.strerror or err)) from None
        print(_("Wrote the booklet of {title} to {file}").format(title=words_in(rules.variant).title, file=args.html))
        return 0
    width = args.width or min(MAX_WIDTH, shutil.get_terminal_size((80, 24)).columns)
    print(to_text(booklet(rules), width), end="")
    return 0


def _html_target(path: str, overwrite: bool, rules_files: tuple[Path, ...]) -> Path:
    """The file to write, refused before any work when it is a folder, a file the rules are read from (the
    variant file and those it extends), in a folder that does not exist or cannot be written, or (without
    ``overwrite``) a file that holds something."""
    target = Path(path).expanduser()
    try:
        if target.is_dir() or not target.parent.is_dir():
            raise UserError(_("--html {file}: a file to write the page to, in a folder that exists").format(file=path))
        if target.exists() and any(f.is_file() and target.samefile(f) for f in rules_files):
            raise UserError(_("--html {file} is a file the rules are read from; the page never replaces it: "
                              "choose another file").format(file=path))
        if not overwrite:
            refuse_existing(target, "--html", OVERWRITE)
        problem = unwritable(target.parent)
    except OSError as err:
        raise UserError(f"--html {path}: {err.strerror or err}") from None
    if problem:
        raise UserError(_("--html {file}: cannot write in {folder}: {reason}").format(file=path, folder=target.parent,
                                                                                      reason=problem))
    return target


def rules_page(rules: Ruleset, width: int = 72) -> Text:
    """The booklet as the table's rules page (``r``) shows it: the same text, headings in bold."""
    page = Text()
    lines = to_text(booklet(rules), width).splitlines()
    headings: set[int] = set()
    for number, line in enumerate(lines):
        if line and set(line) <= {"=", "-"}:  # the rule under a heading: the heading's lines are bold instead
            back = number - 1
            while back >= 0 and lines[back]:
                headings.add(back)
                back -= 1
    for number, line in enumerate(lines):
        if not (line and set(line) <= {"=", "-"}):
            page.append(line + "\n", style="bold" if number in headings else "")
    return page
