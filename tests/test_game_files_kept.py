"""The statistics and settings kept between games are read by the bounded JSON reader and checked value by value:
a file that fails is kept beside it with a one-line note (as the README says), never a traceback, never a wrong
statistic.

Issue "Nothing lost, nothing leaked", item 6: ``Infinity`` or ``1e999`` in a count of ``statistics.json`` stopped
every match's end on an OverflowError; a ``settings.json`` or ``statistics.json`` nested 1,000 levels deep stopped
every start on a RecursionError; ``"5"``, ``2.7``, ``true`` or ``-3`` were counted on from.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from game_script import play

from belot_rules.cli import main
from belot_rules.cli.game.session import Session
from belot_rules.cli.game.settings import Settings, read_settings
from belot_rules.cli.game.stats import read_stats, record_match

DEEP = "[" * 1000 + "]" * 1000


def counts(**given: object) -> str:
    return json.dumps({"format": "belot-rules/statistics", "version": 1,
                       "variants": {"french-single-deal": {"random": {"games": 4, "wins": 2, **given}}}})


DAMAGED_STATISTICS = {
    "Infinity": counts().replace('"games": 4', '"games": Infinity'),
    "1e999": counts().replace('"games": 4', '"games": 1e999'),
    "NaN": counts().replace('"wins": 2', '"wins": NaN'),
    "nested deep": json.dumps({"format": "belot-rules/statistics", "variants": {}, "x": "@"}).replace('"@"', DEEP),
    "negative": counts(games=-3),
    "huge": counts(points=10**20),
    "a fraction": counts(wins=2.7),
    "text": counts(games="5"),
    "true": counts(capots=True),
    "more wins than games": counts(wins=9),
    "an unknown count": counts(losses=2),
    "a level that is not counts": counts().replace('{"games": 4, "wins": 2}', "[4, 2]"),
    "another format": counts().replace("belot-rules/statistics", "belot-rules/settings"),
}


@cache
def finished_match() -> Session:
    """A match of one deal the player played to its end (record_match does not change it)."""
    played = play("french-single-deal", seed=2, target=None)
    assert played.session.over
    return played.session


@pytest.mark.parametrize("name", list(DAMAGED_STATISTICS))
def test_damaged_statistics_are_kept_aside_and_counted_afresh(name: str, tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    path.write_text(DAMAGED_STATISTICS[name], encoding="utf-8")
    assert read_stats(path) == {}
    totals, note = record_match(finished_match(), path)
    assert totals is not None and totals["games"] == 1
    assert note.startswith("The statistics file could not be read; it is kept as") and "\n" not in note
    (kept,) = tmp_path.glob("statistics-unreadable-*.json")
    assert kept.read_text(encoding="utf-8") == DAMAGED_STATISTICS[name]
    assert json.loads(path.read_text(encoding="utf-8"))["variants"]["french-single-deal"]["random"]["games"] == 1


def test_sound_statistics_are_counted_on_even_from_an_earlier_version(tmp_path: Path) -> None:
    """A file without the later counts (made, capots ...) is sound: they start from 0."""
    path = tmp_path / "statistics.json"
    path.write_text(counts(points=-120), encoding="utf-8")
    assert read_stats(path)["french-single-deal"]["random"] == {"games": 4, "wins": 2, "points": -120,
                                                                "contracts": 0, "made": 0, "capots": 0}
    totals, note = record_match(finished_match(), path)
    assert note == "" and totals is not None and totals["games"] == 5
    assert not list(tmp_path.glob("*-unreadable-*"))


def settings_text(**given: object) -> str:
    return json.dumps({"format": "belot-rules/settings", "version": 1, **given})


@pytest.mark.parametrize("text", [DEEP, settings_text(speed="fast").replace('"fast"', "1e999"),
                                  settings_text(speed="fast").replace('"fast"', "Infinity"),
                                  json.dumps({"format": "belot-rules/settings", "theme": "@"}).replace('"@"', DEEP)],
                         ids=["nested deep", "1e999", "Infinity", "a value nested deep"])
def test_unreadable_settings_are_kept_aside_and_give_the_defaults(text: str, tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    settings, notice = read_settings(path)
    assert settings == Settings() and notice is not None and "\n" not in notice
    assert "could not be read" in notice and notice.endswith("the defaults are used.")
    (kept,) = tmp_path.glob("settings-unreadable-*.json")
    assert kept.read_text(encoding="utf-8") == text and not path.exists()
    assert read_settings(path) == (Settings(), None)  # said once: the next game starts quietly


def test_a_setting_out_of_range_is_refused_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(settings_text(theme="two-colour", speed="warp", autoplay=1), encoding="utf-8")
    settings, notice = read_settings(path)
    assert settings == Settings(theme="two-colour")
    assert notice is not None and 'speed "warp", autoplay 1' in notice and notice.endswith("the defaults are used.")


def test_a_deep_settings_file_is_a_note_at_the_start_of_belot_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The repro: settings.json nested 1,000 levels deep, then belot play (here stopped at its first question)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "belot-rules").mkdir()
    (tmp_path / "belot-rules" / "settings.json").write_text(DEEP, encoding="utf-8")
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("q\n"))
    status = main(["play", "french", "--plain", "--seed", "1"])
    out = capsys.readouterr().out
    assert status == 0 and "nested more than 32 levels deep" in out and "settings-unreadable-" in out
