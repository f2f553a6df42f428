"""Score sheets on disk: a slot per variant (or ``--slot NAME``) beside the saved games, and the exports.

A sheet is kept in ``sheets/SLOT.json`` in the user's data directory (``$XDG_DATA_HOME/belot-rules``,
as :mod:`belot_rules.cli.game.saves` keeps games), rewritten atomically after every entry, and locked
while a pad has it open, so two pads never write one sheet. A sheet that cannot be read or no longer
scores is moved to ``sheets/aside/`` and a new one starts. The file is the *score sheet* format
(``schemas/score-sheet.schema.json``): what was entered, plus the board it gives for a reader's
convenience; a match record does not fit, since it holds every card played. CSV has a row per deal.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ... import load_variant
from ...engine.records import SHEET_FORMAT
from ...errors import FileError, UserError
from ...files import CutShort, read_json, write_text_atomically
from ...pad.sheet import Deal, EntryError, Reckoning, Sheet
from ...rules.outcome.parse import SCHEMA_DIALECT, DealOutcome, location
from ..game.saves import SaveSlot, SlotBusy, data_dir, slot_name, variant_slot_name

VERSION = 1
SHEETS = "sheets"
WORD = {"sequence": "seq"}  # a declaration's kind as a deal's line names it


class SheetDeal(BaseModel):
    """One deal on the sheet: who dealt it and its short outcome (null when everybody passed)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    dealer: int = Field(ge=0, le=3, description="The seat that dealt.")
    outcome: DealOutcome | None = Field(description="The deal outcome without hanging_in and first_leader, which "
                                        "follow from the deals before and the dealer; null when all passed.")
    redeal: bool = Field(False, description="A redeal was claimed (deal.redeal_claim, Baloot's kawesh): the deal is "
                         "void, outcome null, and the same dealer deals again.")


class SheetFile(BaseModel):
    """A match scored on the pad (``belot sheet``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["belot-rules/score-sheet"]
    version: Literal[1]
    variant: str = Field(description="The variant: a shipped name or a file path.")
    names: list[str] = Field(min_length=2, max_length=4, description="The name of each side, in side order.")
    first_dealer: int = Field(0, ge=0, le=3, description="The seat that dealt the first deal.")
    deals: list[SheetDeal] = Field([], max_length=1000)
    board: list[int] | None = Field(None, description="Written for readers: the board after the last deal.")
    reserve: int | None = Field(None, description="Written for readers: what waits for the next deal.")
    winner: int | None = Field(None, description="Written for readers: the side that won the match.")


def sheet_schema_text() -> str:
    """``schemas/score-sheet.schema.json``: the draft-07 schema of a sheet file."""
    generated = SheetFile.model_json_schema(ref_template="#/definitions/{model}")
    definitions = generated.pop("$defs", {})
    return json.dumps({"$schema": SCHEMA_DIALECT, **generated, "definitions": definitions}, indent=2,
                      ensure_ascii=False) + "\n"


def sheet_data(sheet: Sheet, reckoning: Reckoning) -> dict[str, Any]:
    """The sheet file's contents."""
    return {"format": SHEET_FORMAT, "version": VERSION, **sheet.to_dict(), "board": list(reckoning.board),
            "reserve": reckoning.reserve, "winner": reckoning.winner}


def read_sheet(path: Path) -> Sheet:
    """A sheet file read and scored again; :class:`FileError` with the place of what is wrong."""
    doc = read_json(path, "a score sheet")
    try:
        model = SheetFile.model_validate(doc.data)
    except ValidationError as err:
        raise FileError([doc.problem(tuple(e["loc"]), f"{location(tuple(e['loc']))}: {e['msg']}")
                         for e in err.errors(include_url=False)]) from None
    data = doc.data
    ruleset = load_variant(model.variant)
    sheet = Sheet.new(ruleset, model.variant, model.names, model.first_dealer)
    sheet.deals = [Deal(d["dealer"], d["outcome"], d.get("redeal", False)) for d in data["deals"]]
    try:
        sheet.reckon()
    except EntryError as err:
        raise FileError([doc.problem(("deals",), str(err))]) from None
    return sheet


def write_sheet(sheet: Sheet, reckoning: Reckoning, path: Path) -> None:
    """Write the sheet file atomically."""
    try:
        write_text_atomically(path, json.dumps(sheet_data(sheet, reckoning), indent=1, ensure_ascii=False) + "\n")
    except OSError as err:
        raise UserError(f"{path}: cannot write the sheet: {err.strerror or err}") from None


def csv_text(sheet: Sheet, reckoning: Reckoning) -> str:
    """A row per deal: who dealt, the contract, the counted points, the deal's score, the board after it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    sides = range(len(sheet.names))
    writer.writerow(["deal", "dealer", "contract", "taker", "doubling", "bid", "last_trick", "declarations",
                     "verdict", *(f"points {n}" for n in sheet.names), *(f"score {n}" for n in sheet.names),
                     *(f"board {n}" for n in sheet.names), "reserve"])
    for row in reckoning.rows:
        o = row.deal.outcome or {}
        score = row.score
        declared = "; ".join(" ".join(str(part) for part in (WORD.get(d["kind"], d["kind"]), d.get("side", d.get("seat")),
                                                              d.get("points", d.get("suit", ""))) if part != "")
                             for d in o.get("declarations", []))  # as the pad's words say them: seq 0 50
        writer.writerow([row.number, row.deal.dealer, o.get("contract", "pass"), o.get("declarer", ""),
                         o.get("doubling", f"x{o['multiplier']}" if "multiplier" in o else ""), o.get("bid", ""),
                         o.get("last_trick", ""), declared,
                         score.verdict if score else "redeal" if row.deal.redeal else "all passed",
                         *(o["points"][s] if "points" in o else "" for s in sides),
                         *(score.match_points[s] if score else 0 for s in sides), *row.board, row.reserve])
    return out.getvalue()


@dataclass
class SheetSlot:
    """One sheet file in the sheets folder and the lock that lets one pad write it."""

    path: Path
    label: str
    _lock: SaveSlot | None = field(default=None, repr=False)

    @classmethod
    def named(cls, name: str) -> SheetSlot:
        return cls(data_dir() / SHEETS / f"{slot_name(name)}.json", name)

    @classmethod
    def for_variant(cls, source: str) -> SheetSlot:
        return cls.named(variant_slot_name(source))

    def open(self) -> None:
        """Take the slot's lock (the saved games' locking, on this file); a :class:`UserError` if another pad
        holds it or the folder cannot be written."""
        lock = SaveSlot(self.path, self.label)
        try:
            lock.open()
        except SlotBusy:
            raise UserError(f"another pad has the sheet in slot {self.label} open; go on there, or keep a "
                            "second sheet at once with --slot NAME") from None
        self._lock = lock

    def close(self) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def look(self) -> tuple[Sheet | None, str | None]:
        """The sheet kept here, or None and a note of what was done with one that could not be used."""
        if not self.path.exists():
            return None, None
        try:
            return read_sheet(self.path), None
        except (CutShort, UserError) as err:
            where = self.set_aside("broken")
            return None, (f"The sheet in slot {self.label} could not be used ({str(err).splitlines()[0]}); it was "
                          f"moved to {where}.")

    def set_aside(self, why: str) -> Path:
        assert self._lock is not None, "only an open slot's sheet is moved"
        return self._lock.set_aside(why)

    def write(self, sheet: Sheet, reckoning: Reckoning) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_sheet(sheet, reckoning, self.path)
