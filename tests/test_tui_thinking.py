"""The table while a bot thinks (issue 23: the game stays responsive while a bot thinks): the bot decides in a
thread of its own, the keys keep working and the status line says it is thinking; its answer is made only
for the position it was asked at."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from test_game_tui import data_home, run, screen_text, settle, table_app, until  # noqa: F401 - data_home: saves aside, pages close at once

from belot_rules.cli.game import session as session_module
from belot_rules.cli.game.controller import Controller
from belot_rules.cli.game.session import Session
from belot_rules.cli.tui.screens import MessageScreen


@pytest.fixture
def slow_bots(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, threading.Semaphore]]:
    """Every bot decision waits until the test lets one through (the event says a bot was asked)."""
    waiting, release = threading.Event(), threading.Semaphore(0)
    choose = session_module.bot_choice

    def slow(*args: object) -> object:
        waiting.set()
        release.acquire(timeout=30)
        return choose(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(session_module, "bot_choice", slow)
    yield waiting, release
    release.release(100)


def test_pages_open_and_q_quits_while_a_bot_thinks(slow_bots: tuple[threading.Event, threading.Semaphore]) -> None:
    waiting, release = slow_bots

    async def thinking() -> None:
        app = table_app("bulgarian", 3, players=["heuristic"] * 4)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, waiting.is_set, "no bot was asked")
            await until(pilot, lambda: "thinking" in screen_text(app), "the status line does not say the bot thinks")
            for key, title in (("question_mark", "Keys"), ("s", "Score sheet")):
                await pilot.press(key)
                await until(pilot, lambda: isinstance(app.screen, MessageScreen)
                            and str(app.screen.title_text) == title, f"{key} did not open {title}")
                await pilot.press("escape")
                await until(pilot, lambda: not isinstance(app.screen, MessageScreen), f"{title} stayed open: {app.screen_stack}")
            assert app.session.action_count == 0  # all the while the bot was still deciding
            release.release(3)
            await until(pilot, lambda: app.session.action_count == 3, "the bots did not go on once decided")
            await until(pilot, lambda: app.thinking.busy, "no bot was asked again")
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "q did not close the table while a bot thinks")

    run(thinking)


def test_a_decision_for_a_position_the_game_has_left_is_dropped() -> None:
    session = Session.start("bulgarian", 4, ["heuristic"] * 4)
    control = Controller(session)
    control.next()  # the deal's start
    position, decide = control.bot_decision()
    action = decide()
    legal = session.deal.legal_actions()
    other = next(a for a in legal if a != action)
    control.decided(position, other)
    assert control.bot_ready()
    assert control.next().action == other  # the decision made elsewhere is the move made
    control.decided(position, action)  # asked before that move: too late now
    assert not control.bot_ready()


def test_a_hint_is_thought_out_while_the_clock_and_the_keys_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23 (the game stays responsive while a bot thinks): ``h`` asks the adviser in a thread of its own;
    meanwhile the move clock counts down and the pages open, and the hint is shown once it is made
    (bulgarian-cut-only: 30 s a move)."""
    held, asked, release = threading.Event(), threading.Event(), threading.Semaphore(0)
    choose = session_module.bot_choice

    def slow(*args: object) -> object:
        if held.is_set():  # only the hint's decision waits: the bots before it move at once
            asked.set()
            release.acquire(timeout=30)
        return choose(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(session_module, "bot_choice", slow)
    clock = [0.0]

    async def hint() -> None:
        app = table_app("bulgarian-cut-only", 4)
        app.now = lambda: clock[0]
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            held.set()
            await pilot.press("h")
            await until(pilot, asked.is_set, "the adviser was not asked")
            await until(pilot, lambda: "Hint: thinking" in screen_text(app), "the status line does not say so")
            clock[0] += 10
            app.tick()
            await until(pilot, lambda: "20 s left" in screen_text(app), "the clock stopped while the hint was thought")
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, MessageScreen), "? did not open the keys")
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, MessageScreen), "the keys stayed open")
            release.release()
            await until(pilot, lambda: "Hint: the " in screen_text(app), "the hint was not shown once made")
            assert app.hinting.asked is None and not app.session.over

    try:
        run(hint)
    finally:
        release.release(10)
