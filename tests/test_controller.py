"""The game controller, driven alone and through its two views.

The problem ("One home for each rule", step 4): the table and the line game each had their own
turn flow, forced cards, undo, hints, saving and statistics, and drifted apart (a drawn match
was a win at the table). One controller, free of any UI, now decides all of it; the views only
show its events. These tests drive it with no view at all, and check that both views show the
same thing for the same event.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from game_script import RANDOM_BOTS, play
from test_game_tui import data_home, run, screen_text, until  # noqa: F401 - data_home: autouse
from test_match_drawn import TOTAL, one_move_from_the_end

from belot_rules.cli.game.controller import (
    BOT,
    FORCED,
    YOU,
    AllPassed,
    ClockTick,
    Controller,
    DealScored,
    DealStarted,
    HumanTurn,
    MatchEnded,
    Moved,
)
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.render import Renderer
from belot_rules.cli.game.saves import SaveSlot, read_save
from belot_rules.cli.game.session import SCORED, NoUndo, Session
from belot_rules.cli.tui.app import TableApp
from belot_rules.cli.tui.screens import ResultScreen


class CountingSlot:
    """A save slot that counts the moves each save held."""

    def __init__(self, real: SaveSlot) -> None:
        self.real, self.saved = real, []

    def write(self, session: Session) -> None:
        self.saved.append(session.action_count)
        self.real.write(session)


def test_a_whole_match_played_through_the_controller_alone(tmp_path: Path) -> None:
    """A scripted player answers every turn from its menu; the controller does the rest: bots, forced cards,
    results, saving after every move, and the statistics once at the end."""
    session = Session.start("bulgarian", 5, RANDOM_BOTS)
    slot = CountingSlot(SaveSlot.at(tmp_path / "game.json"))
    control = Controller(session, slot, stats_path=tmp_path / "statistics.json", autoplay=True)  # type: ignore[arg-type]
    pick = random.Random(0)
    events: list[object] = []
    while not isinstance(event := control.next(), MatchEnded):
        events.append(event)
        if isinstance(event, HumanTurn):
            assert event.seat == session.seating.human == event.view.seat
            assert set(event.menu) <= set(event.legal) and event.menu and event.hint
            assert [key for key, _ in event.keys()][:2] == ["1", "2"][:len(event.menu)]
            events.append(control.choose(pick.choice(event.menu)))
    moves = [e for e in events if isinstance(e, Moved)]
    results = [e for e in events if isinstance(e, (DealScored, AllPassed))]
    assert {m.by for m in moves} >= {BOT, YOU, FORCED}
    assert all(m.seen is not None and m.seen.seat == session.seating.human for m in moves), "the player's view only"
    assert len(moves) == session.action_count == slot.saved[-1] and len(slot.saved) == len(moves)
    assert sum(isinstance(e, DealStarted) for e in events) == len(session.rows) == len(results)
    assert [r.row for r in results] == session.rows and results[-1].over and len(results) > 1 and not results[0].over
    assert all(r.board == r.row.board and r.lines == tuple(r.row.score.lines)
               for r in results if isinstance(r, DealScored))
    assert event.winner == session.winner is not None and event.board == tuple(session.match.board)
    assert event.totals is not None and event.totals["games"] == 1
    assert control.next().totals is None, "the statistics take the match once"
    assert read_save(tmp_path / "game.json").replay().match.board == session.match.board


def test_undo_and_its_reason_come_from_the_controller() -> None:
    """The turn says whether undo would take a move back; after a deal's result nothing can be (SCORED)."""
    session = Session.start("bulgarian", 5, RANDOM_BOTS, target=30)
    control = Controller(session)
    turns = 0
    while True:
        event = control.next()
        if isinstance(event, HumanTurn):
            turns += 1
            if turns == 1:
                assert event.undo, "nothing of the player's to take back yet"
            else:
                assert event.undo == ""
                deal = session.deal
                count = len(deal.history)
                taken = control.undo()
                assert taken and len(deal.history) - len(taken) < count
                assert session.undone
                break
            control.choose(event.menu[0])
    while not isinstance(event := control.next(), (DealScored, AllPassed)):
        if isinstance(event, HumanTurn):
            control.choose(event.menu[0])
    with pytest.raises(NoUndo, match=re.escape(SCORED)):
        control.undo()


def test_a_drawn_match_ends_drawn_for_the_controller() -> None:
    """klaverjas.md §7: a 16-deal boompje that ends level is drawn (seed 214: 1731 to 1731)."""
    control = Controller(one_move_from_the_end(RANDOM_BOTS), autoplay=True)
    while not isinstance(event := control.next(), MatchEnded):
        if isinstance(event, HumanTurn):
            control.choose(event.menu[0])
    assert event.drawn and event.board == (TOTAL, TOTAL)


BOX = re.compile(r"[│┃╭╮╰╯─━┌┐└┘|+\-]+")


def flat(text: str) -> str:
    """Text without its boxes and line breaks, so a sentence wrapped differently by each view reads the same."""
    return " ".join(BOX.sub(" ", text).split())


def last_move_of_the_first_deal() -> Session:
    """A Bulgarian match (seed 5) with every move of its first deal made but the last, a forced card."""
    played = Session.start("bulgarian", 5, ("random",) * 4)
    while not played.rows:
        played.apply(played.bot_action("random"))
    session = Session.start("bulgarian", 5, RANDOM_BOTS)
    for action in played.match.deals[0].actions[:-1]:
        session.apply(action)
    return session


def test_the_two_views_show_the_same_deal_result(tmp_path: Path) -> None:
    """The deal's result event, worded by the line game and by the table: the same title and sentences."""
    control = Controller(last_move_of_the_first_deal(), autoplay=True)
    while not isinstance(event := control.next(), (DealScored, AllPassed)):
        pass
    assert isinstance(event, DealScored)
    draw = Renderer(control, Look())
    expected = [draw.deal_title(event.row).plain] + [line.plain for line in draw.deal_lines(event.row)]

    line_game = play(session=last_move_of_the_first_deal(), then=None, autoplay=True)
    app = TableApp(last_move_of_the_first_deal(), Look(), "instant", autoplay=True)
    shown = ""

    async def table() -> None:
        nonlocal shown
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ResultScreen), "no deal result at the table")
            shown = screen_text(app)

    run(table)
    for text in expected:
        assert flat(text) in flat(line_game.text), text
        assert flat(text) in flat(shown), text


def test_the_controller_needs_no_terminal_library() -> None:
    """A network seat is a third view: the controller must load without rich, Textual or a terminal."""
    code = ("import sys, belot_rules.cli.game.controller; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'textual', 'termios', 'curses')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_move_clock_ticks_waits_for_a_page_and_runs_out_in_the_controller() -> None:
    """bulgarian-cut-only: 30 s a move, or the player's team loses the match (S2/S3 of its sources)."""
    now = [0.0]
    control = Controller(Session.start("bulgarian-cut-only", 4, ("you", "heuristic", "heuristic", "heuristic")),
                         now=lambda: now[0])
    while not isinstance(turn := control.next(), HumanTurn):
        pass
    assert turn.left == 30
    now[0] += 10
    assert control.tick() == ClockTick(turn.seat, 20)
    now[0] += 50
    assert control.tick(paused=50) == ClockTick(turn.seat, 20), "a page was open: the clock waited"
    assert control.next() == replace(turn, left=20), "asked again, the same clock runs"
    now[0] += 20
    assert control.tick() is None
    moved, message = control.time_up(str)
    assert moved is None and "loses the match" in message
    ended = control.next()
    assert isinstance(ended, MatchEnded) and ended.forfeit == turn.seat % 2 and ended.winner == 1 - turn.seat % 2
