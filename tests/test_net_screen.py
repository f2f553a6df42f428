"""belot join's full-screen table (issue 24, "belot join ... opens the same full-screen table"): a seat at a
real host plays a whole deal by its buttons, and shows the table as the local game draws it, its hand and
the question."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import test_net_play
from test_net_play import Running
from textual.widgets import Button, RichLog, Static

from belot_rules.net.client import Joining
from belot_rules.net.screen import TableScreen

started = test_net_play.started  # the fixture that stops the processes a test starts


def shown(app: TableScreen, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def test_the_full_screen_seat_plays_a_whole_deal(tmp_path: Path, started: list[Running],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "ana"))
    server = Running(["host", "bulgarian", "--seats", "human,random,random,random", "--seed", "3", "--code", "tui-1",
                      "--target", "1", "--port", "0", "--speed", "instant"], tmp_path / "host")
    started.append(server)
    address = server.wait_for(r"belot join (127\.0\.0\.1:\d+) --code").group(1)
    app = TableScreen(Joining(address, "tui-1", "Ana"))
    seen: list[str] = []

    async def play() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(400):
                log = "\n".join(str(line.text) for line in app.query_one("#log", RichLog).lines)
                if "won the match" in log:
                    break
                buttons = list(app.query("#menu Button").results(Button))
                if buttons:
                    seen.append(shown(app, "#hand") + " | " + shown(app, "#question") + " | " + shown(app, "#frame"))
                    await pilot.click(buttons[0])
                await asyncio.sleep(0.05)
            seen.append(log)
            await pilot.press("ctrl+q")

    asyncio.run(play())
    assert "won the match" in seen[-1] and "Trick 8:" in seen[-1], seen[-1]
    assert any("Your hand: " in s and "Your card (" in s for s in seen[:-1]), seen[:3]
    assert any("Deal 1 · " in s and "You" in s and "Contract" in s for s in seen[:-1]), "the table drawn as the " \
        "line game draws it, from the seat's chair"


def test_the_seat_s_footer_offers_only_the_game_s_keys() -> None:
    """The joined table's footer showed textual's "^p palette", a menu of the toolkit's own commands (theme,
    quit...) that the local table does not have."""
    from belot_rules.net.screen import TableScreen

    assert TableScreen.ENABLE_COMMAND_PALETTE is False
