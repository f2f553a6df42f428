"""A match of a fixed number of deals that ends level is drawn, at the table as in the line game.

The problem ("One home for each rule"): a drawn 16-deal Klaverjas match showed "Their team wins
the match" at the table, and a TypeError with ``--watch``, where the line game said "The match is
drawn". Klaverjas Amsterdam plays a "boompje" of 16 deals and ties stay ties (klaverjas.md §7);
with random bots in every seat, seed 214 ends 1731 to 1731.
"""

from __future__ import annotations

from pathlib import Path

from game_script import RANDOM_BOTS, play
from test_game_tui import data_home, run, screen_text, settle, until  # noqa: F401 - data_home: autouse

from belot_rules.cli.game.look import Look
from belot_rules.cli.game.session import Session
from belot_rules.cli.game.stats import read_stats
from belot_rules.cli.tui.app import TableApp
from belot_rules.cli.tui.screens import MessageScreen

VARIANT, SEED, TOTAL = "klaverjas-amsterdam", 214, 1731


def one_move_from_the_end(players: tuple[str, ...]) -> Session:
    """The drawn match with every move made but the last, which the front end under test makes."""
    played = Session.start(VARIANT, SEED, players, bot="random", watch=True)
    while not played.over:
        played.apply(played.bot_action("random"))
    assert played.match.drawn and played.match.board == [TOTAL, TOTAL]
    actions = [a for deal in played.match.deals for a in deal.actions]
    session = Session.start(VARIANT, SEED, players, bot="random")
    for action in actions[:-1]:
        session.apply(action)
    return session


def test_the_line_game_says_the_match_is_drawn_with_its_totals() -> None:
    played = play(VARIANT, session=one_move_from_the_end(RANDOM_BOTS), then="1")
    assert played.session.over and played.session.winner is None
    assert f"The match is drawn · Us {TOTAL} · Them {TOTAL}" in played.text


def table_result(players: tuple[str, ...], tmp_path: Path) -> tuple[str, list[str]]:
    """The match result the table shows once the last move of the drawn match is made, and what it prints
    when it closes."""
    session = one_move_from_the_end(players)
    app = TableApp(session, Look(), "instant", stats_path=tmp_path / "statistics.json")
    shown = ""

    async def last_move() -> None:
        nonlocal shown
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(10):  # the last move, the last deal's score, then the match result
                if isinstance(app.screen, MessageScreen) and app.screen.title_text == "The match is over":
                    break
                await settle(pilot, app)
                await pilot.press("enter")
            await until(pilot, lambda: "The match is drawn" in screen_text(app))
            shown = screen_text(app)
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running, "the table stayed open")

    run(last_move)
    return shown, app.farewell


def test_the_table_says_the_match_is_drawn_with_its_totals(tmp_path: Path) -> None:
    shown, farewell = table_result(RANDOM_BOTS, tmp_path)
    assert f"The match is drawn · Us {TOTAL} · Them {TOTAL}" in shown and "wins" not in shown
    assert farewell[-1] == f"The match is drawn · Us {TOTAL} · Them {TOTAL}"
    counted = read_stats(tmp_path / "statistics.json")[VARIANT]
    assert [(c["games"], c["wins"]) for c in counted.values()] == [(1, 0)]


def test_watching_a_drawn_match_says_it_is_drawn(tmp_path: Path) -> None:
    """With --watch no seat is the player's: the teams are the compass pairs (this raised a TypeError)."""
    shown, farewell = table_result(("random",) * 4, tmp_path)
    assert farewell[-1] == f"The match is drawn · North-South {TOTAL} · East-West {TOTAL}"
    assert "The match is drawn" in shown
