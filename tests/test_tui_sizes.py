"""The full-screen table of every shipped variant at 80x24, 120x40 and 200x60 (issue 25, "Done when": snapshots
at the three sizes in each shipped variant, with no text cut and no box over its border). The golden layouts
(tests/test_game_tui.py, test_the_layout_is_pinned) pin Bulgarian's; here every variant's table, once the bots
have spoken and the player is asked for a call, is measured at each size: each panel inside the screen and inside
the panel that holds it, and each panel's text fitting its room (the rows it wraps to within its height, a line
that does not wrap within its width) rather than cut by a maximum height or an ellipsis."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_game_tui import data_home, run, settle, table_app, until  # noqa: F401 - data_home: saves to a temporary folder
from textual.widget import Widget

from belot_rules.cli.tui.app import TableApp
from belot_rules.cli.tui.room import Room
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


@pytest.mark.parametrize("variant", shipped_names())
def test_the_table_fits_each_size_in_every_variant(variant: str, tmp_path: Path) -> None:
    async def measure() -> None:
        app = table_app(variant, 3, tmp_path)
        async with app.run_test(size=SIZES[0]) as pilot:
            await settle(pilot, app)
            for width, height in SIZES:
                await pilot.resize_terminal(width, height)
                side = Room.of(app.size).side
                await until(pilot, lambda: app.query_one("#side").outer_size.width == side, "the table never grew")
                await pilot.pause()
                assert problems(app) == [], f"{variant} at {width}x{height}"

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
