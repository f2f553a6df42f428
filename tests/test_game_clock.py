"""The move clock of online tables: the time shown, and the variant's rule when it runs out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from game_script import FakeClock, play

from belot_rules.cli.game.clock import MoveClock, MoveTimeout, TerminalInput


def house_rules(tmp_path: Path, on_timeout: str) -> str:
    path = tmp_path / f"{on_timeout}.yaml"
    path.write_text(f"extends: bulgarian-cut-only\ntable:\n  move_clock: {{seconds: 20, on_timeout: {on_timeout}}}\n",
                    encoding="utf-8")
    return str(path)


def test_the_time_left_is_shown_and_counts_down() -> None:
    played = play("bulgarian-cut-only", [("?", 4.0), ("1", 0.0)], then=None)
    assert "[30 s left] Your call" in played.text and "[26 s left] Your call" in played.text


def test_the_player_is_warned_before_the_time_runs_out() -> None:
    played = play("bulgarian-cut-only", [("1", 25.0)], then=None)
    assert "Your call › \n[10 s left] › 1\n" in played.text
    assert played.session.forfeit is None


def test_running_out_of_time_loses_the_match_where_the_variant_says_so() -> None:
    played = play("bulgarian-cut-only", [("1", 31.0)])
    assert played.status == 0
    assert played.session.forfeit == 0 and played.session.winner == 1
    assert "Time is up. At this table a player who runs out of time loses the match." in played.text
    assert "Time ran out. Their team wins the match" in played.text


def test_a_bot_moves_for_a_player_out_of_time(tmp_path: Path) -> None:
    played = play(house_rules(tmp_path, "bot_moves"), [("1", 25.0)])
    assert "Time is up: the heuristic bot moves for you: call " in played.text
    assert played.session.forfeit is None and played.session.match.over


def test_a_random_legal_move_for_a_player_out_of_time(tmp_path: Path) -> None:
    played = play(house_rules(tmp_path, "random_legal_move"), [("1", 25.0)])
    assert "Time is up: a random legal move is made for you: call " in played.text
    assert played.session.match.over


def test_an_answer_after_the_deadline_is_too_late() -> None:
    clock = FakeClock()

    class Slow:
        def read_line(self, timeout: float | None) -> str:
            clock.time += 40  # a terminal that could not stop waiting at the deadline
            return "1"

    move = MoveClock(30, clock)
    move.start()
    with pytest.raises(MoveTimeout):
        move.read(Slow(), print)


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal is POSIX")
def test_a_terminal_stops_waiting_at_the_deadline() -> None:
    import pty

    main, secondary = pty.openpty()
    with os.fdopen(secondary, "r") as stream:
        terminal = TerminalInput(stream)
        with pytest.raises(MoveTimeout):
            terminal.read_line(0.05)
        os.write(main, b"jh\n")
        assert terminal.read_line(1.0) == "jh"
    os.close(main)
