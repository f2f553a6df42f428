"""The table's footer at the smallest screen the game supports, in every language."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import test_game_tui as tui
from test_game_tui import data_home  # noqa: F401 - saves to a temporary folder (autouse)

from belot_rules import i18n


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_the_footer_fits_80_columns_with_its_quit_key_whole(language: str, tmp_path: Path) -> None:
    """docs/playing.md (80x24 at least; `q` saves and quits): at 80 columns the footer ran past the edge in French,
    Dutch, Croatian, Russian and Bulgarian, and its last key, q Quit, was cut to "q И" or lost."""
    i18n.use(language)

    async def footer() -> str:
        app = tui.table_app("bulgarian", 11, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await tui.settle(pilot, app)
            # the footer is drawn a refresh after the table: read it once it is there
            await tui.until(pilot, lambda: tui.screen_text(app).splitlines()[-1].strip(), "no footer was drawn")
            return tui.screen_text(app).splitlines()[-1]

    try:
        quit_label = i18n.gettext("Quit")
        last = asyncio.run(footer())
    finally:
        i18n.use(i18n.SOURCE)
    assert last.rstrip().endswith(f"q {quit_label}"), last
