"""The footer's keys hold on a deal's result, an all-pass and the match result ("Nothing lost, nothing
leaked", item 11): ``q`` saves and quits there too, with or without a page over the box, where it did
nothing though the footer says "q Quit"; undo and hint say why there is nothing to do; other keys
(``c`` changed the saved colours) do not reach the game behind the box.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from test_game_tui import data_home, run, screen_text, settle, table_app, until  # noqa: F401 - data_home: autouse

from belot_rules.cli.game.look import Look
from belot_rules.cli.game.saves import read_save
from belot_rules.cli.game.session import Session
from belot_rules.cli.game.settings import Kept, Settings
from belot_rules.cli.game.stats import read_stats
from belot_rules.cli.tui.app import TableApp
from belot_rules.cli.tui.screens import MessageScreen, QuestionScreen, ResultScreen

VARIANT = "french-single-deal"  # seed 2: everybody passes the first deal; the match ends with the first scored deal


async def to_result(pilot, app: TableApp, last: bool = False) -> None:  # noqa: ANN001 - textual's Pilot
    """Play on (Enter each time) until a result box is open: the first one, or with ``last`` the last deal's."""
    for _ in range(100):
        await settle(pilot, app)  # then look: an Enter pressed after a box opened would close it unseen
        if isinstance(app.screen, ResultScreen) and (not last or app.session.over):
            return
        await pilot.press("enter")
    raise AssertionError("no result box came")


def quit_at(tmp_path: Path, ready: Callable[[object, TableApp], Awaitable[None]]) -> TableApp:
    """Open a table of the single-deal match, let ``ready`` bring a box up, press q; the table must close."""
    app = table_app(VARIANT, 2, tmp_path)

    async def quit_there() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await ready(pilot, app)
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "q left the table open")

    run(quit_there)
    return app


def test_q_on_an_all_pass_saves_and_quits(tmp_path: Path) -> None:
    app = quit_at(tmp_path, to_result)
    assert app.return_value == 0
    assert any(line.startswith("Game saved. Continue it with: belot play --resume") for line in app.farewell)
    assert read_save(tmp_path / "game.json").record["deals"][0]["actions"] == ["pass"] * 8


def test_q_with_a_page_over_the_result_saves_and_quits(tmp_path: Path) -> None:
    async def sheet_over_the_result(pilot, app: TableApp) -> None:  # noqa: ANN001
        await to_result(pilot, app)
        result = app.screen
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen) and app.screen is not result)

    app = quit_at(tmp_path, sheet_over_the_result)
    assert any(line.startswith("Game saved.") for line in app.farewell)


def test_q_on_the_last_deal_s_score_quits_and_the_match_still_counts(tmp_path: Path) -> None:
    """The match is over once the last deal is scored: leaving before its result counts it all the same."""

    async def last_deal(pilot, app: TableApp) -> None:  # noqa: ANN001
        await to_result(pilot, app, last=True)
        assert app.screen.title_text.startswith("Deal ")

    app = quit_at(tmp_path, last_deal)
    assert app.session.over
    assert read_stats(tmp_path / "statistics.json")[VARIANT]["normal"]["games"] == 1


def test_q_on_the_match_result_quits_and_counts_the_match_once(tmp_path: Path) -> None:
    async def match_result(pilot, app: TableApp) -> None:  # noqa: ANN001
        await to_result(pilot, app, last=True)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ResultScreen) and app.screen.title_text == "The match is over")

    app = quit_at(tmp_path, match_result)
    assert "the match" in app.farewell[0]
    assert read_stats(tmp_path / "statistics.json")[VARIANT]["normal"]["games"] == 1


def test_on_a_result_undo_and_hint_say_why_and_other_keys_do_not_reach_the_game(tmp_path: Path) -> None:
    """u and h (in the footer) say on the status line why they do nothing; c (not in it) changes no setting."""
    path = tmp_path / "settings.json"

    async def keys() -> None:
        app = table_app(VARIANT, 2, tmp_path, kept=Kept(Settings(), path))
        async with app.run_test(size=(80, 24)) as pilot:
            await to_result(pilot, app)
            looks = app.look
            await pilot.press("u")
            await until(pilot, lambda: "The deal is scored; it cannot be taken back." in screen_text(app))
            await pilot.press("h")
            await until(pilot, lambda: "Nothing to decide yet" in screen_text(app))
            await pilot.press("c", "o", "f", "minus")
            await pilot.pause()
            assert app.look == looks and isinstance(app.screen, ResultScreen)

    run(keys)
    assert not path.exists()


def test_q_at_a_question_saves_and_quits(tmp_path: Path) -> None:
    """At the question whether to announce a belote, q quits as the footer says (it used to answer 'back')."""

    async def question() -> None:
        app = table_app("bulgarian", 3, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")  # a call: the game has begun
            await settle(pilot, app)
            app.push_screen(QuestionScreen("Announce the belote with K♥?", ["play K♥, announcing belote",
                                                                           "play K♥ without announcing"]))
            await until(pilot, lambda: isinstance(app.screen, QuestionScreen))
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "q only closed the question")
        assert any(line.startswith("Game saved.") for line in app.farewell)
        assert read_save(tmp_path / "game.json").record["deals"][0]["actions"]

    run(question)


def test_the_side_column_never_takes_the_keys() -> None:
    """Enter at a call did nothing now and then: the side column (a scrolling container) had taken the focus
    from the choices as the table opened. It may not take it, by Tab or otherwise."""
    app = table_app(VARIANT, 2)

    async def first_call() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            app.query_one("#side").focus()
            await pilot.pause()
            assert app.focused is app.query_one("#choices")
            for _ in range(4):
                await pilot.press("tab")
                assert app.focused is not app.query_one("#side")

    run(first_call)


def test_the_keys_page_of_a_watched_table_lists_no_player_s_keys() -> None:
    """Watching, undo, hint and forced cards are off (the footer hides them): ? listed them all the same."""
    app = TableApp(Session.start(VARIANT, 2, ("heuristic",) * 4), Look(), "slow")

    async def keys_page() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, MessageScreen))
            shown = screen_text(app)
            assert "the score sheet" in shown
            assert "a hint" not in shown and "undo:" not in shown and "forced cards" not in shown

    run(keys_page)
