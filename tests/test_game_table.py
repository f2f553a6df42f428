"""What the table shows a player, and what it keeps from them, in scripted games."""

from __future__ import annotations

import io
import os
import re
import time
from pathlib import Path

import pytest
from game_script import ScriptedInput, play, recording_console
from rich.console import Console

from belot_rules.cli import main
from belot_rules.cli.game.clock import TerminalInput, discard_pending
from belot_rules.cli.game.controller import Controller
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.loop import Game
from belot_rules.cli.game.render import Renderer
from belot_rules.cli.game.saves import SaveSlot, read_save
from belot_rules.cli.game.session import Session


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves go to a temporary data directory, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "data"))
    return tmp_path / "data"


def before_the_score(text: str) -> str:
    """What was shown while the first deal was being played."""
    return text[:text.index("Deal 1: ", text.index("Deal 1: ") + 1)]


def test_another_players_declaration_shows_its_kind_until_the_deal_is_over() -> None:
    text = play(seed=6).text  # Right and Left each declare a tierce in deal 1
    during = before_the_score(text)
    assert "Right: tierce (20)" in during and "Declared: Right tierce (20) · Left tierce (20)" in during
    assert "to the" not in during
    assert "Declaration: Right tierce to the J♣ (20) counts" in text  # shown in full once the deal is scored


def test_the_players_own_declaration_is_shown_in_full() -> None:
    text = play(seed=0).text
    assert re.search(r"Declared: You tierce to the A♥ \(20\)", before_the_score(text))


def test_a_trick_the_player_takes_reads_you_take() -> None:
    text = play(seed=6, live=True).text
    assert re.search(r"\bYou take\b", text) and "Right takes" in text
    assert "You takes" not in text


def test_the_score_explanation_names_contracts_in_words() -> None:
    text = play(seed=6).text  # deal 1 is played in all-trumps
    assert "Contract: all trumps by Partner (your team)" in text
    assert "_trumps" not in text


def test_a_second_ctrl_c_before_any_move_saves_this_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    play(lines=["q"], seed=1, save_path=save)  # an earlier game, saved
    stopped = play(seed=0, save_path=save, interrupts=(0, 1))  # the player speaks first; Ctrl-C twice
    assert "The game stays saved." in stopped.text
    assert read_save(save).seed == 0


def test_a_misspelt_variant_is_reported_before_the_unfinished_game_is_offered(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nq\n"))
    assert main(["play", "--seed", "7", "--seats", "you,random,random,random"]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\nq\n"))
    assert main(["play", "bulgarain"]) == 1
    out, err = capsys.readouterr()
    assert "unfinished game" not in out and "no shipped variant named `bulgarain`" in err


def test_the_unfinished_game_is_named_by_the_deal_about_to_be_played(tmp_path: Path) -> None:
    session = Session.start("bulgarian", 3, ("you", "random", "random", "random"))
    while not session.rows:
        session.apply(session.bot_action("random"))
    save = tmp_path / "game.json"
    SaveSlot.at(save).write(session)  # deal 1 is over and deal 2 has not begun
    assert ", deal 2, board " in read_save(save).summary()


def test_resuming_a_finished_match_says_it_is_over(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    play(seed=4, save_path=save)
    saved = read_save(save)
    assert saved.replay().over
    shown = play(session=saved.restore(saved.start())).text
    assert "This match is over; belot play starts a new one." in shown and "Resuming" not in shown
    assert "wins the match" in shown


class Writes(io.StringIO):
    """A terminal that remembers each write."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []

    def write(self, text: str) -> int:
        self.writes.append(text)
        return super().write(text)

    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_screen_is_cleared_and_drawn_in_one_write() -> None:
    screen = Writes()
    console = Console(file=screen, width=80, force_terminal=True, color_system="standard")
    session = Session.start("bulgarian", 6, ("you", "random", "random", "random"), 30)
    script = ScriptedInput([], console, then="1")
    Game(session, console, script, live=True, sleep=lambda seconds: None).run()
    clears = [w for w in screen.writes if "\x1b[2J" in w]
    assert len(clears) > 50
    assert all("Match to 30" in w for w in clears)  # never a blank screen waiting for the table


def test_on_a_terminal_a_new_deal_is_drawn_before_the_first_bot_speaks() -> None:
    text = play(seed=6, live=True).text  # Right speaks first in deal 1
    assert "Calls: none yet; Right speaks first" in text


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
def test_keys_typed_ahead_on_a_terminal_are_dropped_when_a_question_is_shown() -> None:
    import pty

    master, slave = pty.openpty()
    with os.fdopen(slave, "r") as stream:
        source = TerminalInput(stream)
        os.write(master, b"\n")  # an extra Enter, typed while the bots were playing
        time.sleep(0.1)
        discard_pending(source)
        os.write(master, b"2\n")
        assert source.read_line(5.0) == "2"
    os.close(master)


class TypedAhead(ScriptedInput):
    """A terminal where the player presses Enter once more after every answer."""

    ahead: int = 0
    discarded: int = 0

    def read_line(self, timeout: float | None) -> str:
        if self.ahead:
            self.ahead = 0
            return ""
        line = super().read_line(timeout)
        self.ahead = 1
        return line

    def discard_pending(self) -> None:
        self.discarded += 1
        self.ahead = 0


def test_the_game_drops_type_ahead_before_each_decision_and_the_next_deal() -> None:
    console = recording_console()
    session = Session.start("bulgarian", 6, ("you", "random", "random", "random"), 30)
    script = TypedAhead([], console, then="1")
    Game(session, console, script, live=True, sleep=lambda seconds: None).run()
    assert script.discarded >= 10 and "is not a call" not in console.export_text()


def test_an_empty_line_is_answered_with_what_to_type() -> None:
    text = play(lines=["", "1", "1", "1", ""], seed=0).text  # two calls, a declaration, then a card
    assert "Nothing typed. Choose 1 pass, 2 clubs ♣" in text
    assert "Nothing typed: type a number from 1 to 8 or a card like jh, 10s or T♠." in text
    assert "''" not in text


def sheet_text(session: Session) -> str:
    console = recording_console()
    console.print(Renderer(Controller(session), Look()).sheet())
    return console.export_text()


def test_the_sheet_mentions_a_reserve_only_where_the_variant_has_one() -> None:
    session = Session.start("bulgarian", 18, ("random",) * 4, 1000)
    while not (session.rows and session.rows[-1].score is not None and session.rows[-1].score.hanging_out):
        session.apply(session.bot_action("random"))  # seed 18: deal 11 hangs
    text = sheet_text(session)
    assert re.search(r"hanging, \d+ waits", text) and "with any hanging points collected" in text
    coinche = Session.start("coinche", 3, ("random",) * 4, 200)
    while not coinche.rows:
        coinche.apply(coinche.bot_action("random"))
    assert "hanging" not in sheet_text(coinche)


def test_the_turned_card_stays_in_the_header_and_the_second_round_is_named() -> None:
    text = play("french", seed=11, target=300).text  # deal 1: everybody passes the 8♦, then a second round
    assert "Deal 1 · Left deals · Bidding · turned card 8♦ · second round" in text
    assert re.search(r"│ Contract \w+ . by \w+ · turned card 8♦ +│", text)


class CtrlC(io.StringIO):
    """A keyboard where the player presses Ctrl-C."""

    def readline(self, size: int = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_at_the_resume_question_stops_on_a_line_of_its_own(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nq\n"))
    main(["play", "--seed", "7", "--seats", "you,random,random,random"])
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", CtrlC())
    assert main(["play"]) == 130
    out = capsys.readouterr().out
    assert "Resume it?" in out and out.endswith("\nStopped; nothing was changed.\n")


def test_the_header_names_the_doubling_level_reached_not_its_multiplier() -> None:
    """baloot.md §4: Four and Gahwa are both ×4; a deal doubled to Four is headed "×4 four"."""
    session = Session.start("baloot", 1, None)
    deal = session.deal
    for call in ("spades", "pass", "pass", "pass", "pass", "double", "redouble", "redouble"):
        deal.apply(call)
    while deal.contract is None:
        deal.apply("pass")
    assert deal.level == 3 and deal.multiplier == 4
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(Renderer(Controller(session), Look().for_variant(session.ruleset.variant)).frame(Controller(session).table(), 1))
    header = console.file.getvalue()
    assert "×4 four by" in header and "gahwa" not in header


@pytest.mark.parametrize("variant,players", [("klaberjass", ("you", "heuristic")),
                                             ("belote-a-trois", ("you", "heuristic", "heuristic")),
                                             ("bulgarian", None)])
def test_a_side_of_one_player_is_named_once_in_the_explanation(variant: str, players: tuple[str, ...] | None) -> None:
    """"Contract: hearts by Opponent", not "by Opponent (Opponent)"; a team is still named beside its player."""
    session = Session.start(variant, 3, players)
    while not session.rows or session.rows[-1].score is None:
        session.apply(session.bot_action("heuristic"))
    first = Renderer(Controller(session), Look()).deal_lines(session.rows[-1])[0].plain
    assert re.fullmatch(r"Contract: \w+ by \w+" + (r" \((your|their) team\)" if players is None else ""), first), first


@pytest.mark.parametrize("variant,players", [("klaberjass", ("you", "heuristic")),
                                             ("belote-a-trois", ("you", "heuristic", "heuristic"))])
def test_a_player_alone_on_a_side_is_spoken_of_as_one(variant: str, players: tuple[str, ...]) -> None:
    """"Your tierce", not "You's tierce"; "the taker (Opponent) has", not "the takers (Opponent) have"."""
    said = []
    for seed in range(1, 7):
        session = Session.start(variant, seed, players)
        while not session.rows or session.rows[-1].score is None:
            session.apply(session.bot_action("heuristic"))
        said += [line.plain for line in Renderer(Controller(session), Look()).deal_lines(session.rows[-1])]
    assert not [line for line in said if re.search(r"[Yy]ou's|takers \(\w+\)", line)]
    assert any(re.search(r"the taker \(\w+\) has", line) for line in said)


@pytest.mark.parametrize(("players", "places"), [
    (4, [(2, 1), (1, 2), (0, 1), (1, 0)]),  # you, right, partner opposite, left
    (3, [(2, 1), (0, 2), (0, 0)]),          # you, right and left across the trick
    (2, [(2, 1), (0, 1)]),                  # you and the opponent opposite
])
def test_the_seats_sit_round_the_trick_by_the_table_size(players: int, places: list[tuple[int, int]]) -> None:
    """The line game places each seat by its offset from yours in play order and the table's size (the
    compiled seating), the next seat to your right, as at a real table."""
    from belot_rules.cli.game.render import grid_place

    assert [grid_place(offset, players) for offset in range(players)] == places
