"""What the pad does with a typed line, whichever form shows it: the line form prints the answer, the
full-screen form puts it in its log and redraws the board. One controller, two views."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...booklet.messages import side_name
from ...errors import UserError
from ...i18n import N_, gettext as _, ngettext, pgettext, words
from ...pad.entry import parse_entry, words_help
from ...pad.sheet import Row, Sheet
from ...variant.languages import words_in
from ..game.explain import explanation_in_words, going_on
from .store import SheetSlot, csv_text, write_sheet

HELP = N_("Enter each deal in one line, for example:\n{words}\nCommands: undo (take back the last deal), fix N WORDS "
          "(correct deal N), show N (its explanation),\nboard (every deal), dealer SEAT (who deals the next deal), csv "
          "FILE, export FILE (the sheet file),\nhelp, quit. The sheet is saved after every change; belot sheet with the "
          "same variant goes on.")
QUIT = ("quit", "q", "exit")


@dataclass
class Answer:
    """What the pad says back to a line, and whether the scorekeeper is done."""

    lines: list[str] = field(default_factory=list)
    done: bool = False


# What a refusal names by the outcome file's keys, in the words typed at the pad (pad/entry.py)
PAD_WORDS = ((re.compile(r"\bdeclarations\[(\d+)\]"), lambda m: f"declaration {int(m[1]) + 1}"),
             (re.compile(r"\bpoints\[\d+\]"), lambda m: "points"),
             (re.compile(r"\btrick_counts\b"), lambda m: "tricks"),
             (re.compile(r"\blast_trick\b"), lambda m: "last"))


def in_pad_words(reason: str) -> str:
    """``reason`` with the outcome file's keys (``trick_counts``, ``declarations[1]``) as the pad's words."""
    for pattern, word in PAD_WORDS:
        reason = pattern.sub(word, reason)
    return reason


class PadController:
    """The sheet, its slot and the commands; every change is saved before it is answered."""

    def __init__(self, sheet: Sheet, slot: SheetSlot, slot_option: str | None) -> None:
        self.sheet = sheet
        self.slot = slot
        self.slot_option = slot_option
        self.reckoning = sheet.reckon()
        self.dealer: int | None = None  # the next deal's dealer where the table said it (dealer SEAT)

    # ------------------------------------------------------------------ what is shown

    def prompt(self) -> str:
        return _("sheet> ") if self.reckoning.over else _("deal {number}> ").format(number=len(self.reckoning.rows) + 1)

    def greeting(self) -> list[str]:
        rules = self.sheet.ruleset
        partners = rules.seating.partners
        names = ", ".join(_("{side} is {name}").format(side=side_name(s, partners), name=n)
                          for s, n in enumerate(self.sheet.names))
        roem = ([_("Melds are counted from the tricks here (roem): give each side's as seq SIDE POINTS, "
                   "quad SIDE POINTS, belote SIDE.")] if rules.declarations.from_tricks else [])
        return [_("{title}: {names}. Enter each deal in one line; help lists the words.").format(
            title=words_in(rules.variant).title, names=names), *roem, *self.state()]

    def farewell(self) -> str:
        command = f"belot sheet {self.sheet.source}" + (f" --slot {self.slot.label}" if self.slot_option else "")
        return _("The sheet is kept in slot {slot}; {command} goes on with it.").format(slot=self.slot.label,
                                                                                        command=command)

    def state(self) -> list[str]:
        """The board after the last deal, and who deals next or who won."""
        reckoning, names = self.reckoning, self.sheet.names
        count = len(reckoning.rows)
        board = ", ".join(f"{n} {p}" for n, p in zip(names, reckoning.board, strict=True))
        lines = [ngettext("Board after {count} deal: {board}", "Board after {count} deals: {board}", count).format(
            count=count, board=board) + (" " + _("(reserve {points})").format(points=reckoning.reserve)
                                         if reckoning.reserve else "")]
        if reckoning.winner is not None:
            lines.append(_("{name} wins the match.").format(name=names[reckoning.winner]))
        elif reckoning.drawn:
            lines.append(_("The match is drawn."))
        else:
            last = reckoning.rows[-1].score if reckoning.rows else None
            why = going_on(self.sheet.ruleset.match.goes_on(reckoning.board, reckoning.bar, last), reckoning.bar)
            lines += [why] if why else []
            lines.append(_("Deal {number} is dealt by seat {seat}.").format(number=count + 1, seat=self.next_dealer()))
        return lines

    def next_dealer(self) -> int:
        return self.reckoning.next_dealer if self.dealer is None else self.dealer

    def deal_lines(self, row: Row) -> list[str]:
        """A deal's score with its explanation."""
        lines = [_("Deal {number}, dealt by seat {seat}:").format(number=row.number, seat=row.deal.dealer)]
        waits = _("; {points} waits in reserve").format(points=row.reserve) if row.reserve else ""
        if row.score is None:
            void = _("a redeal was claimed") if row.deal.redeal else _("everybody passed")
            return [*lines, f"  {void}{waits}"]
        lines += [f"  • {line}" for line in explanation_in_words(self.sheet.ruleset.variant, row.score)]
        names = ", ".join(f"{n} {p}" for n, p in zip(self.sheet.names, row.score.match_points, strict=True))
        return [*lines, f"  {words.verdict_word(row.score.verdict)}: {names}{waits}"]

    def board_rows(self) -> list[tuple[str, ...]]:
        """A row per deal: number, dealer, what was played, its verdict, each side's board and the reserve after it."""
        rows = []
        for row in self.reckoning.rows:
            o = row.deal.outcome
            played = (_("redeal") if row.deal.redeal else _("all passed")) if o is None else \
                _("{contract} by {seat}").format(contract=words.contract_word(o["contract"]), seat=o["declarer"])
            verdict = words.verdict_word(row.score.verdict) if row.score else ""
            rows.append((str(row.number), str(row.deal.dealer), played, verdict, *map(str, row.board),
                         str(row.reserve or "")))
        return rows

    def headings(self) -> tuple[str, ...]:
        """The headings of :meth:`board_rows`' columns."""
        return (pgettext("column", "deal"), pgettext("column", "dealer"), pgettext("column", "contract"),
                pgettext("column", "verdict"), *self.sheet.names, pgettext("column", "reserve"))

    def board_lines(self) -> list[str]:
        """:meth:`board_rows` under their headings, in columns."""
        rows = self.board_rows()
        if not rows:
            return [_("No deal yet.")]
        heading = self.headings()
        widths = [max(len(row[i]) for row in [heading, *rows]) for i in range(len(heading))]
        return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
                for row in [heading, *rows]]

    # ------------------------------------------------------------------ what a line does

    def handle(self, line: str) -> Answer:
        """Do what ``line`` says; a refused entry is answered with its reason and changes nothing."""
        line = line.strip()
        word, _space, rest = line.partition(" ")
        word = word.lower()
        if not line:
            return Answer()
        if word in QUIT:
            return Answer([self.farewell()], done=True)
        try:
            return self._command(word, rest.strip(), line)
        except UserError as err:
            return Answer([_("Not entered: {reason}").format(reason=in_pad_words(str(err)))])

    def _command(self, word: str, rest: str, line: str) -> Answer:
        sheet = self.sheet
        if word in ("help", "?"):
            return Answer(_(HELP).format(words=words_help()).splitlines())
        if word == "board":
            return Answer(self.board_lines())
        if word == "show":
            return Answer(self.deal_lines(self.reckoning.rows[self.number(rest) - 1]))
        if word in ("csv", "export"):
            return Answer([self.export(rest, word == "csv")])
        if word == "dealer":
            self.dealer = sheet.seat(rest)
            return Answer([_("Deal {number} is dealt by seat {seat}.").format(number=len(self.reckoning.rows) + 1,
                                                                             seat=self.dealer)])
        if word == "undo":
            if rest:
                raise UserError(_("undo takes back the last deal and no more: type undo again for the one before"))
            self.reckoning = sheet.undo()
            said = [_("Deal {number} is taken back.").format(number=len(self.reckoning.rows) + 1)]
        elif word == "fix":
            number_text, _space, words = rest.partition(" ")
            number = self.number(number_text)
            self.reckoning = sheet.fix(number, parse_entry(sheet.ruleset, words))
            said = [_("Deal {number} is corrected; the deals after it are scored again.").format(number=number),
                    *self.deal_lines(self.reckoning.rows[number - 1])]
        else:
            self.reckoning = sheet.add(parse_entry(sheet.ruleset, line), self.dealer)
            self.dealer = None
            said = self.deal_lines(self.reckoning.rows[-1])
        return Answer([*said, *self.save(), *self.state()])

    def number(self, text: str) -> int:
        count = len(self.reckoning.rows)
        if not (text.strip().isascii() and text.strip().isdigit()) or not 1 <= int(text) <= count:  # not '²'
            raise UserError(f"say a deal number, 1-{count}" if count else "there is no deal yet")
        return int(text)

    def save(self) -> list[str]:
        """Save the sheet in its slot; a warning to show if it cannot be written (the pad goes on)."""
        try:
            self.slot.write(self.sheet, self.reckoning)
        except (OSError, UserError) as err:
            return [_("warning: the sheet could not be saved: {reason}").format(reason=err)]
        return []

    def export(self, given: str, as_csv: bool) -> str:
        """Write the sheet as CSV or as a sheet file to ``given``."""
        if not given:
            raise UserError("say the file to write: csv FILE or export FILE")
        path = Path(given)
        if as_csv:
            try:
                path.write_text(csv_text(self.sheet, self.reckoning), encoding="utf-8")
            except OSError as err:
                raise UserError(f"{given}: cannot write the CSV: {err.strerror or err}") from None
        else:
            write_sheet(self.sheet, self.reckoning, path)
        return _("Wrote {file}.").format(file=given)

