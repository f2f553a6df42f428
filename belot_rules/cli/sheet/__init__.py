"""``belot sheet VARIANT_OR_FILE``: the scorekeeper's pad for a match played with real cards.

The names and the first dealer, then a line per deal as the table says it (the words are in
:mod:`belot_rules.pad.entry`), each answered with the deal's score and its explanation, the board,
the reserve carried forward and who deals next, until the match is won. ``undo`` takes the last
deal back, ``fix N ...`` corrects deal N and scores every deal after it again; the sheet is saved
after every change in its slot (:mod:`.store`), and exported as a sheet file or CSV. What a line
does is :mod:`.controller`'s; the line form here and the full screen (:mod:`.screen`) only show it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ... import load_variant
from ...booklet.messages import side_name
from ...engine.records import SHEET_FORMAT
from ...errors import UserError
from ...i18n import gettext as _, ngettext
from ...pad.entry import EXAMPLES
from ...pad.sheet import EntryError, Sheet, seat_of
from ...ruleset import Ruleset
from ...variant.loader import is_name
from ..output import console
from .controller import PadController
from .store import SheetSlot, read_sheet


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "sheet",
        help=_("keep the score of a match played with real cards"),
        description=(
            _("The scorekeeper's pad: enter each deal as the table counts it (contract and taker, doubling, one "
            "side's card points, the last trick, capot, the declarations that counted, belote) and see its score "
            "explained, the board, hanging points or a litige reserve carried forward, who deals next and the "
            "winner. undo and fix N correct any deal, and everything after it is scored again. The sheet is "
            "saved after every entry in a slot of its own and continues when the pad is started again; "
            "csv FILE and export FILE write it out.")
        ),
        epilog=_("A deal is one line, e.g. {examples}. help at the pad lists the words.").format(
            examples=" | ".join(EXAMPLES.splitlines()[:3]).replace("  ", "")),
    )
    parser.add_argument("variant", metavar="VARIANT_OR_FILE", help=_("a shipped variant's name or a variant file"))
    parser.add_argument("--plain", action="store_true", help=_("the line form instead of the full screen (also when not at a terminal)"))
    parser.add_argument("--slot", metavar="NAME", help=_("keep the sheet in slot NAME instead of the variant's"))
    parser.add_argument("--new", action="store_true", help=_("start a new sheet; the one in the slot is moved aside"))
    parser.add_argument("--names", metavar="A,B", help=_("the name of each side (team or player), comma-separated"))
    parser.add_argument("--dealer", type=int, metavar="SEAT", help=_("the seat that deals first (asked otherwise)"))
    parser.add_argument("--csv", metavar="FILE", help=_("write the kept sheet as CSV to FILE and stop"))
    parser.add_argument("--export", metavar="FILE", help=_("write the kept sheet file to FILE and stop"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, read: Callable[[str], str] | None = None) -> int:
    """Open the slot, continue or start its sheet, and take entries until the input ends or ``quit``: full
    screen at a terminal unless ``--plain``, else in lines."""
    imported = sheet_file(args.variant)
    if imported is not None:  # a sheet written out by --export or export FILE: it goes on in a slot
        source, ruleset = imported.source, imported.ruleset
    else:
        source = args.variant if is_name(args.variant) else str(Path(args.variant).resolve())
        ruleset = load_variant(source)
    out = console()
    start = Start(ruleset, source, read or _read_stdin, lambda text: out.print(text, markup=False, highlight=False))
    if args.slot is not None and not args.slot.strip():
        raise UserError(_("--slot: give the slot a name, or leave --slot out for the variant's"))
    slot = SheetSlot.named(args.slot) if args.slot else SheetSlot.for_variant(source)
    slot.open()
    try:
        try:
            sheet = start.take(slot, imported, args) if imported is not None else start.open_sheet(slot, args)
        except EOFError:
            raise UserError("the input ended before the sheet was started; nothing was kept") from None
        pad = PadController(sheet, slot, args.slot)
        if args.csv or args.export:
            for path, as_csv in ((args.csv, True), (args.export, False)):
                if path:
                    start.say(pad.export(path, as_csv))
            return 0
        if not args.plain and sys.stdin.isatty() and sys.stdout.isatty():
            from .screen import PadApp  # textual is loaded only for the full-screen pad

            app = PadApp(pad)
            app.run()
            start.say(pad.farewell())
            return 0
        lines(pad, start.read, start.say)
    finally:
        slot.close()
    return 0


def lines(pad: PadController, read: Callable[[str], str], say: Callable[[str], None]) -> None:
    """The line form: each line read is answered below it, until ``quit`` or the input ends."""
    for text in pad.greeting():
        say(text)
    while True:
        try:
            answer = pad.handle(read(pad.prompt()))
        except EOFError:
            say(pad.farewell())
            return
        for text in answer.lines:
            say(text)
        if answer.done:
            return


def name_problem(names: list[str]) -> str:
    """What is wrong with the sides' names, or nothing: each must be given, and each other than the rest."""
    if "" in names:
        return _("side {side} has no name").format(side=names.index(""))
    twice = next((name for at, name in enumerate(names) if name in names[:at]), None)
    return _("{name} names two sides; the board could not tell them apart").format(name=twice) if twice else ""


def sheet_file(given: str) -> Sheet | None:
    """The sheet in ``given`` when it is a score sheet file (what --export writes), else None: a variant."""
    path = Path(given)
    if is_name(given) or path.suffix.lower() != ".json" or not path.is_file():
        return None
    try:
        with path.open("rb") as stream:
            head = stream.read(200)
    except OSError:
        return None
    if SHEET_FORMAT.encode() not in head:
        return None
    return read_sheet(path)


def _read_stdin(prompt: str) -> str:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")


class Start:
    """Before the first deal: the kept sheet, or a new one with the names and the first dealer asked."""

    def __init__(self, ruleset: Ruleset, source: str, read: Callable[[str], str], say: Callable[[str], None]) -> None:
        self.ruleset = ruleset
        self.source = source
        self.read = read
        self.say = say

    def open_sheet(self, slot: SheetSlot, args: argparse.Namespace) -> Sheet:
        """The slot's sheet, or a new one (names and first dealer from the options or asked), saved at once."""
        kept, note = slot.look()
        if note:
            self.say(note)
        if kept is not None and kept.source != self.source:
            raise UserError(f"slot {slot.label} holds a sheet of {kept.source}, not {self.source}; name another "
                            "with --slot NAME, or start anew there with --new")
        replacing = kept is not None and args.new  # set aside only once the new sheet is ready to take the slot
        if kept is not None and not replacing:
            if args.names or args.dealer is not None:
                self.say(_("The sheet in slot {slot} keeps its names and dealers; --new starts another.").format(
                    slot=slot.label))
            count = len(kept.deals)
            self.say(ngettext("Going on with the sheet in slot {slot} ({count} deal).",
                              "Going on with the sheet in slot {slot} ({count} deals).", count).format(
                                  slot=slot.label, count=count))
            return kept
        if args.csv or args.export:
            raise UserError(f"slot {slot.label} holds no sheet to write out")
        table = self.ruleset.seating
        if args.dealer is not None and not 0 <= args.dealer < table.players:  # told before any question is asked
            raise UserError(f"--dealer {args.dealer}: the first dealer is a seat, 0-{table.players - 1}")
        names = [name.strip() for name in args.names.split(",")] if args.names is not None else self.ask_names()
        if len(names) != table.sides:
            raise UserError(f"--names: {len(names)} name{'s' * (len(names) != 1)} given; {self.ruleset.name} has "
                            f"{table.sides} sides: one name each, separated by commas")
        wrong = name_problem(names)
        if wrong:
            raise UserError(f"--names: {wrong}")
        dealer = args.dealer
        while dealer is None:
            try:
                dealer = seat_of(self.ask(_("Who deals first? a seat 0-{last}").format(last=table.players - 1), "0"),
                                 table.players)
            except EntryError as err:
                self.say(_("Not taken: {reason}.").format(reason=err))
        sheet = Sheet.new(self.ruleset, self.source, names, dealer)
        if replacing:
            self.say(_("The sheet that was in slot {slot} is kept in {file}.").format(
                slot=slot.label, file=slot.set_aside("replaced")))
        slot.write(sheet, sheet.reckon())
        return sheet

    def take(self, slot: SheetSlot, imported: Sheet, args: argparse.Namespace) -> Sheet:
        """A sheet read from a file, kept in ``slot`` from now on: a slot holding another only with ``--new``."""
        wrong = name_problem(imported.names)
        if wrong:
            raise UserError(f"{args.variant}: names: {wrong}")
        kept, note = slot.look()
        if note:
            self.say(note)
        if kept is not None and not args.new:
            raise UserError(ngettext(
                "slot {slot} holds a sheet already ({count} deal): --new moves it aside for this one, or --slot NAME "
                "keeps this one in another slot",
                "slot {slot} holds a sheet already ({count} deals): --new moves it aside for this one, or --slot NAME "
                "keeps this one in another slot", len(kept.deals)).format(slot=slot.label, count=len(kept.deals)))
        if kept is not None:
            self.say(_("The sheet that was in slot {slot} is kept in {file}.").format(
                slot=slot.label, file=slot.set_aside("replaced")))
        slot.write(imported, imported.reckon())
        self.say(ngettext("The sheet of {file} goes on in slot {slot} ({count} deal).",
                          "The sheet of {file} goes on in slot {slot} ({count} deals).", len(imported.deals)).format(
                              file=args.variant, slot=slot.label, count=len(imported.deals)))
        return imported

    def ask_names(self) -> list[str]:
        """Each side's name, asked; a name already given is asked again (the board could not tell them apart)."""
        table = self.ruleset.seating
        names: list[str] = []
        for side in range(table.sides):
            question = _("Name of {side} (seats {seats})").format(side=side_name(side, True), seats=", ".join(
                map(str, table.side_seats(side)))) if table.partners else _("Name of {side}").format(
                    side=side_name(side, False))
            while True:
                name = self.ask(question, side_name(side, table.partners))
                wrong = name_problem([*names, name])
                if not wrong:
                    break
                self.say(_("Not taken: {reason}.").format(reason=wrong))
            names.append(name)
        return names

    def ask(self, question: str, default: str) -> str:
        return self.read(f"{question} [{default}]: ").strip() or default
