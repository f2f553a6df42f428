"""``belot sheet VARIANT_OR_FILE``: the scorekeeper's pad for a match played with real cards.

The line form: the names and the first dealer, then a line per deal as the table says it (the
words are in :mod:`belot_rules.pad.entry`), each answered with the deal's score and its
explanation, the board, the reserve carried forward and who deals next, until the match is won.
``undo`` takes the last deal back, ``fix N ...`` corrects deal N and scores every deal after it
again; the sheet is saved after every change in its slot (:mod:`.store`), and exported as a sheet
file or CSV.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ... import load_variant
from ...errors import UserError
from ...pad.entry import WORDS_HELP, parse_entry
from ...pad.sheet import Reckoning, Row, Sheet
from ...ruleset import Ruleset
from ...variant.loader import is_name
from ..output import console
from .store import SheetSlot, csv_text, write_sheet

HELP = """Enter each deal in one line, for example:
{words}
Commands: undo (take back the last deal), fix N WORDS (correct deal N), show N (its explanation),
board (every deal), dealer SEAT (who deals the next deal), csv FILE, export FILE (the sheet file),
help, quit. The sheet is saved after every change; belot sheet with the same variant goes on."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "sheet",
        help="keep the score of a match played with real cards",
        description=(
            "The scorekeeper's pad: enter each deal as the table counts it (contract and taker, doubling, one "
            "side's card points, the last trick, capot, the declarations that counted, belote) and see its score "
            "explained, the board, hanging points or a litige reserve carried forward, who deals next and the "
            "winner. undo and fix N correct any deal, and everything after it is scored again. The sheet is "
            "saved after every entry in a slot of its own and continues when the pad is started again; "
            "csv FILE and export FILE write it out."
        ),
        epilog="A deal is one line, e.g. " + " | ".join(WORDS_HELP.splitlines()[:3]).replace("  ", "")
        + ". help at the pad lists the words.",
    )
    parser.add_argument("variant", metavar="VARIANT_OR_FILE", help="a shipped variant's name or a variant file")
    parser.add_argument("--plain", action="store_true", help="the line form (the pad has only this form for now)")
    parser.add_argument("--slot", metavar="NAME", help="keep the sheet in slot NAME instead of the variant's")
    parser.add_argument("--new", action="store_true", help="start a new sheet; the one in the slot is moved aside")
    parser.add_argument("--names", metavar="A,B", help="the name of each side (team or player), comma-separated")
    parser.add_argument("--dealer", type=int, metavar="SEAT", help="the seat that deals first (asked otherwise)")
    parser.add_argument("--csv", metavar="FILE", help="write the kept sheet as CSV to FILE and stop")
    parser.add_argument("--export", metavar="FILE", help="write the kept sheet file to FILE and stop")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, read: Callable[[str], str] | None = None) -> int:
    """Open the slot, continue or start its sheet, and take entries until the input ends or ``quit``."""
    source = args.variant if is_name(args.variant) else str(Path(args.variant).resolve())
    ruleset = load_variant(source)
    pad = Pad(ruleset, source, read or _read_stdin, args.slot)
    slot = SheetSlot.named(args.slot) if args.slot else SheetSlot.for_variant(source)
    slot.open()
    try:
        try:
            sheet = pad.open_sheet(slot, args)
        except EOFError:
            raise UserError("the input ended before the sheet was started; nothing was kept") from None
        if args.csv or args.export:
            pad.export(sheet, args.csv, args.export)
            return 0
        pad.run(sheet, slot)
    finally:
        slot.close()
    return 0


def _read_stdin(prompt: str) -> str:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")


class Pad:
    """The line form of the pad: asks, reads, answers; the sheet does the reckoning."""

    def __init__(self, ruleset: Ruleset, source: str, read: Callable[[str], str], slot_option: str | None) -> None:
        self.ruleset = ruleset
        self.slot_option = slot_option
        self.source = source
        self.read = read
        self.out = console()

    def say(self, text: str = "") -> None:
        self.out.print(text, markup=False, highlight=False)

    # ------------------------------------------------------------------ starting

    def open_sheet(self, slot: SheetSlot, args: argparse.Namespace) -> Sheet:
        """The slot's sheet, or a new one (names and first dealer from the options or asked)."""
        kept, note = slot.look()
        if note:
            self.say(note)
        if kept is not None and kept.source != self.source:
            raise UserError(f"slot {slot.label} holds a sheet of {kept.source}, not {self.source}; name another "
                            "with --slot NAME, or start anew there with --new")
        if kept is not None and args.new:
            self.say(f"The sheet that was in slot {slot.label} is kept in {slot.set_aside('replaced')}.")
            kept = None
        if kept is not None:
            self.say(f"Going on with the sheet in slot {slot.label} ({len(kept.deals)} deals).")
            return kept
        if args.csv or args.export:
            raise UserError(f"slot {slot.label} holds no sheet to write out")
        table = self.ruleset.seating
        names = args.names.split(",") if args.names else [
            self.ask(f"Name of {table.side_name(s)}" + (f" (seats {', '.join(map(str, table.side_seats(s)))})"
                                                        if table.partners else ""), table.side_name(s))
            for s in range(table.sides)]
        if len(names) > table.sides:
            raise UserError(f"--names: {len(names)} names given; {self.ruleset.name} has {table.sides} sides")
        dealer = args.dealer
        while dealer is None:
            answer = self.ask(f"Who deals first? a seat 0-{table.players - 1}", "0")
            dealer = int(answer) if answer.isdigit() else None
            if dealer is None:
                self.say(f"A seat is a number, 0-{table.players - 1}.")
        sheet = Sheet.new(self.ruleset, self.source, names, dealer)
        self.save(sheet, slot, sheet.reckon())
        return sheet

    def ask(self, question: str, default: str) -> str:
        return self.read(f"{question} [{default}]: ").strip() or default

    # ------------------------------------------------------------------ the loop

    def run(self, sheet: Sheet, slot: SheetSlot) -> None:
        self.say(f"{self.ruleset.variant.title}: " + ", ".join(
            f"{self.ruleset.seating.side_name(s)} is {n}" for s, n in enumerate(sheet.names))
            + ". Enter each deal in one line; help lists the words.")
        reckoning = sheet.reckon()
        self.tell_state(sheet, reckoning)
        dealer: int | None = None
        while True:
            try:
                line = self.read(f"deal {len(reckoning.rows) + 1}> " if not reckoning.over else "sheet> ").strip()
            except EOFError:
                break
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("quit", "q", "exit"):
                break
            try:
                if not line:
                    continue
                if word in ("help", "?"):
                    self.say(HELP.format(words=WORDS_HELP))
                    continue
                if word == "board":
                    self.board(sheet, reckoning)
                    continue
                if word == "show":
                    self.show(sheet, reckoning.rows[self.number(rest, reckoning) - 1])
                    continue
                if word in ("csv", "export"):
                    self.export(sheet, rest.strip() if word == "csv" else None, rest.strip() if word == "export"
                                else None)
                    continue
                if word == "dealer":
                    dealer = sheet.seat(rest)
                    self.say(f"Deal {len(reckoning.rows) + 1} is dealt by seat {dealer}.")
                    continue
                if word == "undo":
                    reckoning = sheet.undo()
                    self.say(f"Deal {len(reckoning.rows) + 1} is taken back.")
                elif word == "fix":
                    number_text, _, words = rest.strip().partition(" ")
                    number = self.number(number_text, reckoning)
                    reckoning = sheet.fix(number, parse_entry(self.ruleset, words))
                    self.say(f"Deal {number} is corrected; the deals after it are scored again.")
                    self.tell_deal(sheet, reckoning.rows[number - 1])
                else:
                    reckoning = sheet.add(parse_entry(self.ruleset, line), dealer)
                    dealer = None
                    self.tell_deal(sheet, reckoning.rows[-1])
            except UserError as err:
                self.say(f"Not entered: {err}")
                continue
            self.save(sheet, slot, reckoning)
            self.tell_state(sheet, reckoning)
        self.say(f"The sheet is kept in slot {slot.label}; belot sheet {self.source}"
                 + (f" --slot {slot.label}" if self.slot_option else "") + " goes on with it.")

    def number(self, text: str, reckoning: Reckoning) -> int:
        count = len(reckoning.rows)
        if not text.strip().isdigit() or not 1 <= int(text) <= count:
            raise UserError(f"say a deal number, 1-{count}" if count else "there is no deal yet")
        return int(text)

    def save(self, sheet: Sheet, slot: SheetSlot, reckoning: Reckoning) -> None:
        try:
            slot.write(sheet, reckoning)
        except (OSError, UserError) as err:
            self.say(f"warning: the sheet could not be saved: {err}")

    def export(self, sheet: Sheet, csv_path: str | None, sheet_path: str | None) -> None:
        reckoning = sheet.reckon()
        for given in (csv_path, sheet_path):
            if given is not None and not given:
                raise UserError("say the file to write: csv FILE or export FILE")
        if csv_path:
            try:
                Path(csv_path).write_text(csv_text(sheet, reckoning), encoding="utf-8")
            except OSError as err:
                raise UserError(f"{csv_path}: cannot write the CSV: {err.strerror or err}") from None
            self.say(f"Wrote {csv_path}.")
        if sheet_path:
            write_sheet(sheet, reckoning, Path(sheet_path))
            self.say(f"Wrote {sheet_path}.")

    # ------------------------------------------------------------------ telling

    def side(self, sheet: Sheet, side: int) -> str:
        return sheet.names[side]

    def tell_deal(self, sheet: Sheet, row: Row) -> None:
        self.say(f"Deal {row.number}, dealt by seat {row.deal.dealer}:")
        if row.score is None:
            self.say(f"  everybody passed; {row.reserve} waits in reserve" if row.reserve else "  everybody passed")
            return
        for line in row.score.lines:
            self.say(f"  • {line}")
        names = ", ".join(f"{n} {p}" for n, p in zip(sheet.names, row.score.match_points))
        self.say(f"  {row.score.verdict}: {names}" + (f"; {row.reserve} waits in reserve" if row.reserve else ""))

    def tell_state(self, sheet: Sheet, reckoning: Reckoning) -> None:
        board = ", ".join(f"{n} {p}" for n, p in zip(sheet.names, reckoning.board))
        self.say(f"Board after {len(reckoning.rows)} deal{'s' if len(reckoning.rows) != 1 else ''}: {board}"
                 + (f" (reserve {reckoning.reserve})" if reckoning.reserve else ""))
        if reckoning.winner is not None:
            self.say(f"{sheet.names[reckoning.winner]} wins the match.")
        elif reckoning.drawn:
            self.say("The match is drawn.")
        else:
            self.say(f"Deal {len(reckoning.rows) + 1} is dealt by seat {reckoning.next_dealer}.")

    def board(self, sheet: Sheet, reckoning: Reckoning) -> None:
        self.say("deal  dealer  contract              " + "  ".join(f"{n[:12]:>12}" for n in sheet.names))
        for row in reckoning.rows:
            o = row.deal.outcome
            what = "all passed" if o is None else f"{o['contract']} by {o['declarer']} {row.score.verdict if row.score else ''}"
            self.say(f"{row.number:>4}  {row.deal.dealer:>6}  {what[:20]:<20}  "
                     + "  ".join(f"{p:>12}" for p in row.board))

    def show(self, sheet: Sheet, row: Row) -> None:
        self.tell_deal(sheet, row)
