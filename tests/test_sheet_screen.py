"""``belot sheet`` full screen (issue "The scorekeeper's pad", item 4), driven headless with Textual's pilot: the
same controller as the line form, so the same answers; the board is drawn again after every one."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from test_game_tui import screen_text

from belot_rules import load_variant
from belot_rules.cli.sheet.controller import PadController
from belot_rules.cli.sheet.screen import PadApp
from belot_rules.cli.sheet.store import SheetSlot
from belot_rules.pad.sheet import Sheet


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Sheets go to a temporary data directory, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "data"))
    return tmp_path / "data"


def said(app: PadApp) -> str:
    return "\n".join(str(line.text) for line in app.query_one("#said").lines)


def test_deals_typed_on_the_full_screen_fill_the_board_and_are_saved(data_home: Path) -> None:
    """french.md §12 examples 4 and 5 typed on the full screen: 190 / 70 and 520 / 0 on the board, a bad
    line refused with its reason, undo taking the last deal back; every change saved; Escape leaves."""
    sheet = Sheet.new(load_variant("coinche"), "coinche", ["Nous", "Eux"], 0)
    slot = SheetSlot.for_variant("coinche")
    slot.open()

    async def typed() -> None:
        app = PadApp(PadController(sheet, slot, None))
        async with app.run_test(size=(80, 24)) as pilot:
            for line in ["clubs by 1 bid 90 points 67 last 1", "hearts by 0 points 400",
                         "clubs by 0 bid 100 coinche points 125 last 0"]:
                app.query_one("#line").value = line
                await pilot.press("enter")
                await pilot.pause()
            board = app.query_one("#board")
            assert [board.get_row_at(i) for i in range(board.row_count)] == [
                ["1", "0", "clubs by 1", "made", "70", "190", ""], ["2", "1", "clubs by 0", "made", "590", "190", ""]]
            assert "Not entered: word 5 `400`: 400 is more than the 152 the cards count in hearts" in said(app)
            assert "Belote coinchée — team 0: Nous, team 1: Eux" in screen_text(app)
            app.query_one("#line").value = "undo"
            await pilot.press("enter")
            await pilot.pause()
            assert board.row_count == 1 and "Deal 2 is taken back." in said(app)
            await pilot.press("escape")
        assert app.return_code in (None, 0)

    try:
        asyncio.run(typed())
    finally:
        slot.close()
    saved = json.loads((data_home / "belot-rules" / "sheets" / "coinche.json").read_text("utf-8"))
    assert saved["board"] == [70, 190] and len(saved["deals"]) == 1


def test_a_long_line_of_the_reckoning_wraps_under_its_own_text() -> None:
    """docs/scoring.md (the scorekeeper's pad, at a terminal): bulgarian.md's 81-81 hanging deal at 80 columns;
    the rounding line is longer than the screen, and its rest stays under its text, past the bullet."""
    sheet = Sheet.new(load_variant("bulgarian"), "bulgarian", ["Anna & Boris", "Chris & Dana"], 3)
    slot = SheetSlot.for_variant("bulgarian")
    slot.open()

    async def typed() -> list[str]:
        app = PadApp(PadController(sheet, slot, None))
        async with app.run_test(size=(80, 24)) as pilot:
            app.query_one("#line").value = "hearts by 1 points 81 last 1"
            await pilot.press("enter")
            for _ in range(200):  # until the answer is written, however loaded the machine
                if "Board after 1 deal" in said(app):
                    break
                await pilot.pause(0.05)
            return said(app).splitlines()

    try:
        lines = asyncio.run(typed())
    finally:
        slot.close()
    start = next(i for i, line in enumerate(lines) if line.startswith("  • Rounding"))
    assert lines[start + 1].startswith("    ") and lines[start + 1].strip() and not lines[start + 1].startswith("  • ")
