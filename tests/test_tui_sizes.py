"""The full-screen table of every shipped variant at 80x24, 120x40 and 200x60 (issue 25, "Done when": snapshots
at the three sizes in each shipped variant, with no text cut and no box over its border). The golden layouts
(tests/test_game_tui.py, test_the_layout_is_pinned) pin Bulgarian's; here every variant's table is measured at each
size while the player is asked for a call, then mid-trick when the player is to play, then with a deal's result box
over it, in the variant's own language (the first its file gives, else English): each panel inside the screen and
inside the panel that holds it, each panel's text fitting its room (the rows it wraps to within its height, a line
that does not wrap within its width) rather than cut by a maximum height or an ellipsis, and each box's title
within its border. The result box fits 80x24 without scrolling."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.cells import cell_len
from test_game_tui import data_home, run, screen_text, settle, table_app, until  # noqa: F401 - data_home: saves to a temporary folder
from textual.containers import VerticalScroll
from textual.widget import Widget

from belot_rules import i18n, load_variant
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.session import Session
from belot_rules.cli.tui.app import TableApp
from belot_rules.cli.tui.pages import deal_result
from belot_rules.cli.tui.room import Room
from belot_rules.cli.tui.screens import ResultScreen
from belot_rules.engine.deal import PLAYING
from belot_rules.variant.loader import shipped_names

SIZES = ((80, 24), (120, 40), (200, 60))


def problems(app: TableApp) -> list[str]:
    """Every panel over the border of the screen or of the panel that holds it, and every text cut to fit."""
    found = []
    screen = app.screen
    for widget in screen.walk_children(Widget):
        if not widget.display or not widget.region.area:
            continue
        parent = widget.parent
        title = widget.border_title
        if title and cell_len(str(title)) > widget.outer_size.width - 4:  # a corner and a space on each side
            found.append(f"{widget!r}'s title {str(title)!r} is cut at {widget.outer_size.width} columns")
        if not screen.region.contains_region(widget.region):
            found.append(f"{widget!r} at {widget.region} is beyond the screen")
        if (isinstance(parent, Widget) and parent.region.area and not parent.is_scrollable
                and not parent.region.contains_region(widget.region)):
            found.append(f"{widget!r} at {widget.region} is over the border of {parent!r} at {parent.region}")
        if widget.is_scrollable or widget.children:
            continue
        room = widget.content_size
        rows = widget.get_content_height(room, app.size, room.width)
        if rows > room.height:
            found.append(f"{widget!r} needs {rows} rows and has {room.height}")
        if widget.styles.text_wrap == "nowrap" and widget.get_content_width(room, app.size) > room.width:
            found.append(f"{widget!r} needs {widget.get_content_width(room, app.size)} columns and has {room.width}")
    return found


def played(variant: str, seed: int, until_mid_trick: bool) -> Session:
    """A match of ``variant`` moved on by random moves: to a trick with a card led and the player (seat 0) to play
    it, or to the end of its first deal."""
    for attempt in range(seed, seed + 50):
        session, moves = Session.start(variant, attempt, None), random.Random(attempt)
        while not session.rows:
            deal = session.playing
            if until_mid_trick and deal.phase == PLAYING and deal.trick and deal.to_act == 0:
                return session
            session.apply(moves.choice(deal.legal_actions()))
        if not until_mid_trick:
            return session
    raise AssertionError(f"{variant}: no deal of seeds {seed}+ reaches a trick the player joins")


async def at_each_size(pilot, app: TableApp, what: str) -> None:  # noqa: ANN001 - textual's Pilot
    for width, height in SIZES:
        await pilot.resize_terminal(width, height)
        side = Room.of(app.size).side
        await until(pilot, lambda: app.query_one("#side").outer_size.width == side, "the table never grew")
        await pilot.pause()
        assert problems(app) == [], f"{what} at {width}x{height}"


def speaking(variant: str) -> str:
    """The variant's own language: the first its file gives, else English."""
    own = list(load_variant(variant).variant.languages)
    return own[0] if own else i18n.SOURCE


@pytest.mark.parametrize("variant", shipped_names())
def test_the_table_fits_each_size_in_every_variant(variant: str, tmp_path: Path) -> None:
    """The result box of a deal fits 80x24 (where it is narrowest and shortest: it is as wide at any size) without
    scrolling; the table while the player is asked for a call fits each size."""
    async def measure() -> None:
        app = table_app(variant, 3, tmp_path)
        async with app.run_test(size=SIZES[0]) as pilot:
            await settle(pilot, app)
            done = played(variant, 3, until_mid_trick=False)
            assert done.last_deal is not None
            app.push_screen(ResultScreen(*deal_result(app.draw, done.last_deal.view(0), done.rows[0])))
            await until(pilot, lambda: isinstance(app.screen, ResultScreen), "no result box")
            await pilot.pause()
            assert problems(app) == [], f"{variant}: the result box at 80x24"
            assert app.screen.query_one("#message-body", VerticalScroll).max_scroll_y == 0, "the box scrolls at 80x24"
            app.pop_screen()
            await at_each_size(pilot, app, f"{variant} bidding")

    with i18n.speaking(speaking(variant)):
        run(measure)


# A variant of each kind of table: four seats in teams (with a talon, with Baloot's projects), each for himself,
# three seats, two facing with a stock or with open piles; each in its own language.
KINDS = ["bulgarian", "bela", "baloot", "klaverjas-amsterdam", "differenzler", "belote-a-trois", "debertz",
         "belote-a-deux"]


@pytest.mark.parametrize("variant", KINDS)
def test_the_table_mid_trick_fits_each_size(variant: str, tmp_path: Path) -> None:
    """The table when a card has been led and the player is to play (the trick, who leads and who wins it, the turned
    card) fits each size, under a status line of two rows (a note and the prompt)."""
    async def measure() -> None:
        app = TableApp(played(variant, 3, until_mid_trick=True), Look(), "instant", None, stats_path=tmp_path / "s.json")
        async with app.run_test(size=SIZES[0]) as pilot:
            await settle(pilot, app)  # "resuming deal 1" and the prompt: the status line at its fullest
            await at_each_size(pilot, app, f"{variant} mid-trick")

    with i18n.speaking(speaking(variant)):
        run(measure)


def test_a_cut_text_is_found(tmp_path: Path) -> None:
    """The measure above sees a cut: a status line far wider than the screen, which the table ends with '…'."""
    async def measure() -> None:
        app = table_app("bulgarian", 3, tmp_path)
        async with app.run_test(size=SIZES[0]) as pilot:
            await settle(pilot, app)
            app.query_one("#status").update("word " * 40)
            await pilot.pause()
            assert any("status" in problem and "columns" in problem for problem in problems(app))

    run(measure)


def test_a_long_note_takes_both_status_lines_uncut(tmp_path: Path) -> None:
    """A note longer than the status line (a refusal with its reason, the note that a terminal cannot show Arabic)
    wraps onto the status line's two rows at 80x24 instead of ending in '…' (tui/status.py)."""
    async def measure() -> None:
        app = table_app("bulgarian", 3, tmp_path)
        async with app.run_test(size=SIZES[0]) as pilot:
            await settle(pilot, app)
            app.note = " ".join(f"word{n}" for n in range(21))  # 140 columns: two rows of 78
            app.update_status()
            await pilot.pause()
            assert problems(app) == []
            assert "word20" in screen_text(app)

    run(measure)
