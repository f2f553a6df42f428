"""Levels of play: easy, normal, hard and expert opponents, chosen with belot play --level, shown and saved."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from game_script import play

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.cli.game.saves import SaveSlot, read_save
from belot_rules.cli.game.session import Session
from belot_rules.engine.deal import DealState
from belot_rules.engine.runner import play_deal
from belot_rules.errors import UserError
from belot_rules.players import REGISTRY
from belot_rules.players.levels import DEFAULT_LEVEL, LEVELS, level, level_of, level_player


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_levels_are_easy_normal_hard_and_each_is_a_registered_bot() -> None:
    assert [lv.name for lv in LEVELS] == ["easy", "normal", "hard", "expert"]
    assert [lv.bot for lv in LEVELS] == ["easy", "heuristic", "search", "expert"]
    assert all(lv.bot in REGISTRY for lv in LEVELS) and level(DEFAULT_LEVEL).bot == "heuristic"
    assert level_of(["search", "search", "search"]).name == "hard"
    assert level_of(["search", "heuristic", "search"]) is None and level_of(["random"]) is None
    assert level_of(["expert"] * 3).name == "expert"
    with pytest.raises(UserError, match="levels: easy, normal, hard, expert"):
        level("master")


def test_measured_strengths_are_against_a_level_and_within_their_interval() -> None:
    """Issue 23: a level's measured strength names the level it was measured against and its interval."""
    names = [lv.name for lv in LEVELS]
    for at, lv in enumerate(LEVELS):
        for strength in lv.strength:
            assert strength.against in names[:at] and strength.low <= strength.points <= strength.high
            assert strength.pairs > 0 and "card points a deal against" in str(strength)
    assert level("hard").strength and level("expert").strength


def test_the_easy_bot_plays_legal_moves() -> None:
    ruleset = load_variant("coinche")
    players = [level_player("easy", ruleset, seat) for seat in ruleset.seating.seats]
    deck = list(ruleset.seating.cards)
    random.Random(2).shuffle(deck)
    assert play_deal(DealState.start(ruleset, deck, 0), players).phase == "over"


def test_the_level_is_shown_on_the_table_and_kept_in_the_save(tmp_path: Path) -> None:
    text = play("french-single-deal", seed=3, players=("you", "easy", "easy", "easy")).text
    assert "French Belote, single deal · Easy" in text
    session = Session.start("bulgarian", 3, ("you", "easy", "easy", "easy"))
    SaveSlot.at(tmp_path / "game.json").write(session)
    saved = read_save(tmp_path / "game.json")
    assert saved.seats == ("you", "easy", "easy", "easy") and saved.summary().startswith("bulgarian, easy, deal 1")


@pytest.mark.parametrize("argv, message", [
    (["--level", "hard", "--seats", "you,random,random,random"], "give one of them"),
    (["--resume", "--level", "hard"], "leave out --level"),
])
def test_level_user_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *argv]) == 1
    assert message in capsys.readouterr().err


def test_watching_at_a_level_seats_four_bots_of_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "french-single-deal", "--watch", "--level", "easy", "--speed", "instant", "--seed", "2"]) == 0
    assert "South (easy) and North (easy) against East (easy) and West (easy)" in capsys.readouterr().out


def test_the_measured_strengths_are_shown_with_their_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: each level's measured strength is shown where the player chooses a level: ``play --help`` and the
    docs' table of levels, each row with the command that plays the same deal pairs again."""
    docs = (Path(__file__).parent.parent / "docs" / "playing.md").read_text(encoding="utf-8")
    assert main(["play", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    for lv in LEVELS:
        for s in lv.strength:
            assert (f"| {lv.name} | {s.against} | {s.variant} | {s.points:+.1f} ({s.low:+.1f} to {s.high:+.1f}) "
                    f"| {s.pairs} | `{s.command}` |") in docs
            assert f"{s.points:+.1f} in {s.variant} ({s.low:+.1f} to {s.high:+.1f}, {s.pairs} pairs)" in shown
