"""``belot join``'s full-screen table is the local table (issue 24: "belot join ... opens the same full-screen
table ... for the seat it is given"): the seat at a real server on the loopback address is drawn by the local
table's own panels (the header, the seats around the trick, the hand, the auction, the side column, the result
boxes), plays a whole match by the local table's keys, and at 80x24 shows the table's notes whole.

Driven with Textual's pilot, each step waiting for the condition it needs (never a fixed sleep).
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from rich.console import Console, Group, RenderableType
from test_game_tui import screen_text
from textual.widgets import Static
from websockets.asyncio.client import connect

from belot_rules.cli.game.look import Look
from belot_rules.cli.game.session import Session
from belot_rules.cli.tui import screens
from belot_rules.cli.tui.app import HandView, TableApp
from belot_rules.cli.tui.screens import MessageScreen, QuestionScreen, ResultScreen
from belot_rules.net.client import Joining, sit
from belot_rules.net.joined import JoinedTable, Welcomed
from belot_rules.net.protocol import VERSION
from belot_rules.net.seats import PERSON
from belot_rules.net.server import Host, TableRunner, listen
from belot_rules.net.table import Table

WAIT = 20.0  # seconds a condition may take on a loaded machine


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat tokens go to a temporary data folder, never the user's; a box closes at the first Enter."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(screens, "TYPED_AHEAD", 0)


@asynccontextmanager
async def hosted(players: tuple[str, ...], code: str, variant: str = "bulgarian") -> AsyncIterator[str]:
    """A match to one deal's end hosted on a free loopback port: its address."""
    session = Session.start(variant, 3, tuple("random" if p == PERSON else p for p in players), target=1)
    runner = TableRunner(Table.new(session, players, code), "instant", note=lambda line: None)
    server = await listen(Host({code: runner}), "127.0.0.1", 0)
    runner.start()
    try:
        yield f"127.0.0.1:{server.sockets[0].getsockname()[1]}"
    finally:
        assert runner.task is not None
        runner.task.cancel()
        server.close()


async def joined(address: str, code: str, name: str) -> JoinedTable:
    joining = Joining(address, code, name, table=True)
    welcomed = Welcomed(joining)
    return JoinedTable(joining, await sit(joining, welcomed), welcomed, Look())


async def scripted(address: str, code: str, name: str) -> None:
    """A player at the line client's protocol who takes the first choice of each turn."""
    async with connect(f"ws://{address}/") as socket:
        await socket.send(json.dumps({"type": "hello", "version": VERSION, "code": code, "name": name}))
        async for frame in socket:
            if json.loads(frame)["type"] == "turn":
                await socket.send(json.dumps({"type": "move", "text": "1"}))


async def until(condition: Callable[[], object], what: str) -> None:
    """Wait for ``condition`` (the table answers messages meanwhile)."""
    async with asyncio.timeout(WAIT):
        while not condition():
            await asyncio.sleep(0.02)
    assert condition(), what


def message(app: TableApp) -> str:
    """The box open over the table: its title and body."""
    assert isinstance(app.screen, ResultScreen)
    return f"{app.screen.title_text}: {app.screen.body}"


def plain(page: RenderableType) -> str:
    """A page's body as text, whole (the screen shows what fits)."""
    console = Console(width=100, file=io.StringIO())
    console.print(page)
    return console.file.getvalue()


def text(app: TableApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def test_a_joined_seat_plays_a_whole_match_at_the_local_table() -> None:
    """The seat's table is the local table's (the same class and panels), drawn from what the server sends: the
    header with the deal and the contract, its hand, the auction, the last trick, the history page, a deal's result
    box, and the match's; its moves are the local table's keys (Enter on the highlighted call or card)."""
    panels: dict[str, str] = {}

    async def play() -> None:
        async with hosted((PERSON, "random", "random", "random"), "one-1") as address:
            app = await joined(address, "one-1", "Ana")
            assert isinstance(app, TableApp)
            async with app.run_test(size=(80, 24)) as pilot:
                await until(lambda: app.seen is not None, "the deal is drawn")
                panels["header"] = text(app, "#header")
                while not app.control.over:
                    await until(lambda: app.turn is not None or len(app.screen_stack) > 1, "the seat's turn or a box")
                    if isinstance(app.screen, QuestionScreen):  # whether a card announces its belote
                        await pilot.press("enter")
                        continue
                    if isinstance(app.screen, ResultScreen):
                        panels["result"] = message(app)
                        if not app.control.over:
                            await pilot.press("enter")
                        continue
                    if app.seen is not None and app.seen.contract is not None:
                        panels["played"] = text(app, "#header")
                        panels["last"] = text(app, "#last") if app.seen.tricks else panels.get("last", "")
                    panels["auction"] = text(app, "#auction")
                    if "history" not in panels:  # the local table's history page, drawn by the server from the chair
                        await pilot.press("y")
                        await until(lambda: isinstance(app.screen, MessageScreen), "the history page")
                        assert isinstance(app.screen, MessageScreen)
                        panels["history"] = f"{app.screen.title_text}: {app.screen.body}"
                        await pilot.press("escape")
                        await until(lambda: len(app.screen_stack) == 1, "the page closed")
                    turn = app.turn
                    await pilot.press("enter")
                    await until(lambda: app.turn is not turn or len(app.screen_stack) > 1, "the move is made")
                await until(lambda: app.control.over, "the match is over")
                panels["end"] = message(app)
                await pilot.press("enter")

    asyncio.run(play())
    assert "Bulgarian Belot · Deal 1" in panels["header"] and "seed" not in panels["header"], panels["header"]
    assert "Contract" in panels["played"], panels["played"]
    assert panels["history"].startswith("History: Deal 1, being played"), panels["history"]
    assert "→" in panels["last"] and "North" in panels["auction"], panels
    assert "won the match" in panels["end"] or "wins the match" in panels["end"] or "drawn" in panels["end"], panels


def test_at_80x24_the_table_s_notes_are_shown_whole() -> None:
    """At 80x24 the side column shows the table's notes and talk (who sits down, how to take the seat back, a
    line said with ') wrapped, not cut at the right; before the match the status line says who is awaited; the
    players are named, the bots by their seats; at 120x40 the cards are drawn large, as at the local table."""
    async def play() -> tuple[str, str]:
        async with hosted((PERSON, "random", PERSON, "random"), "two-2") as address:
            ana = await joined(address, "two-2", "Ana")
            async with ana.run_test(size=(80, 24)) as pilot:
                await until(lambda: ana.query_one("#talk").display, "the table's notes")
                await until(lambda: "Waiting for North: the match begins" in text(ana, "#status"), "who is awaited")
                await pilot.press("question_mark")  # the keys of a hosted table: no bots' speed, no save
                await until(lambda: isinstance(ana.screen, MessageScreen), "the keys page")
                assert isinstance(ana.screen, MessageScreen)
                keys = plain(ana.screen.body)
                assert "leave the table (your seat waits for you)" in keys and "bots faster" not in keys, keys
                await pilot.press("escape")
                await until(lambda: len(ana.screen_stack) == 1, "the keys page closed")
                bo = asyncio.create_task(scripted(address, "two-2", "Bo"))
                await until(lambda: ana.seen is not None and "Bo" in text(ana, "#talk"), "Bo's coming is told")
                await pilot.press("apostrophe", "h", "i", "enter")
                await until(lambda: "Ana: hi" in text(ana, "#talk"), "the line said to the table comes back to all")
                shown = text(ana, "#talk"), screen_text(ana)
                await pilot.resize_terminal(120, 40)  # the local table's own sizes: the cards drawn large
                await until(lambda: ana.room.large and ana.query_one(HandView).large, "the table fits the terminal")
                await pilot.press("q")
                bo.cancel()
                return shown

    talk, screen = asyncio.run(play())
    said = " ".join(talk.split())
    assert "Every seat is taken: the match begins." in said and "Bo sits at seat 3 (North)" in said, talk
    assert "Bo" in screen and "East" in screen and "(random)" not in screen and "bots: random" in screen, screen


def test_s_shows_the_local_tables_sheet_drawn_from_the_rows_the_server_sends() -> None:
    """``s`` at a joined seat opens the local table's sheet page (cli/tui/pages.py ``sheet_page``: the score
    sheet's table, Us and Them, and the board), drawn from the rows the server sends as data, not its plain
    text; without the seed, which would deal the hidden cards again."""
    async def play() -> tuple[str, object]:
        async with hosted((PERSON, "random", "random", "random"), "sheet-1") as address:
            app = await joined(address, "sheet-1", "Ana")
            async with app.run_test(size=(80, 24)) as pilot:
                while not isinstance(app.screen, ResultScreen):
                    await until(lambda: app.turn is not None or len(app.screen_stack) > 1, "the seat's turn or a box")
                    if isinstance(app.screen, QuestionScreen):
                        await pilot.press("enter")
                    elif app.turn is not None and len(app.screen_stack) == 1:
                        turn = app.turn
                        await pilot.press("enter")
                        await until(lambda: app.turn is not turn or len(app.screen_stack) > 1, "the move is made")
                await pilot.press("s")
                await until(lambda: isinstance(app.screen, MessageScreen) and not isinstance(app.screen, ResultScreen),
                            "the sheet page")
                assert isinstance(app.screen, MessageScreen)
                return app.screen.title_text, app.screen.body

    title, body = asyncio.run(play())
    assert title == "Score sheet" and isinstance(body, Group), "the local table's page, not the server's text"
    page = plain(body)
    assert "Score sheet" in page and "Us" in page and "Them" in page and "Match to 1" in page, page
    assert "seed" not in page.lower(), page
