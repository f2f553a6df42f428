"""A save's own word that its match is over (``record.winner``, ``record.drawn``, ``forfeit``) is checked by
replaying the save: a claim its moves do not bear out never lets a new game overwrite it.

Issue "Nothing lost, nothing leaked", item 1: a mid-game save whose ``record.winner`` was ``"x"``, ``{}`` or
``0`` was taken for a finished game, and ``belot play`` overwrote it with no question and no copy in
``saves/aside/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from game_script import RANDOM_BOTS, play
from test_saves import belot_play, saved_game

from belot_rules.cli.game.saves import SaveSlot, read_save, saves_dir

SEATS = ("--seats", ",".join(RANDOM_BOTS))
CLAIMS: dict[str, tuple[tuple[str, ...], Any]] = {
    "winner x": (("record", "winner"), "x"),
    "winner {}": (("record", "winner"), {}),
    "winner 0": (("record", "winner"), 0),
    "drawn": (("record", "drawn"), True),
    "forfeit 0": (("forfeit",), 0),  # bulgarian has no move clock: no one can have lost on time
}


def claim(path: Path, keys: tuple[str, ...], value: Any) -> bytes:
    """Write ``value`` at ``keys`` in the save at ``path``; the save's new bytes."""
    data = json.loads(path.read_text(encoding="utf-8"))
    *parents, last = keys
    inner = data
    for key in parents:
        inner = inner[key]
    inner[last] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    return path.read_bytes()


def aside(why: str) -> list[bytes]:
    return [p.read_bytes() for p in (saves_dir() / "aside").glob(f"*-{why}-*.json")]


@pytest.mark.parametrize("name", list(CLAIMS))
def test_an_unfinished_save_that_claims_an_end_is_offered_not_overwritten(
        name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Declining to resume keeps it in saves/aside, as for any unfinished game."""
    path = saved_game()
    claimed = claim(path, *CLAIMS[name])
    status, out = belot_play(monkeypatch, capsys, "n\nq\n", "--seed", "3", *SEATS)
    assert status == 0 and "Traceback" not in out
    assert "it is offered as the unfinished game it is" in out and "Resume it?" in out
    assert aside("kept") == [claimed]


@pytest.mark.parametrize("name", list(CLAIMS))
def test_an_unfinished_save_that_claims_an_end_resumes_unfinished(
        name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Both ways in: the question of a new game, and --resume; the claim is gone from the next save."""
    path = saved_game()
    seed = read_save(path).seed
    claim(path, *CLAIMS[name])
    status, out = belot_play(monkeypatch, capsys, "y\nq\n", "--seed", "3", *SEATS)
    assert status == 0 and "Resuming deal 1." in out and "This match is over" not in out
    saved = read_save(path)
    assert saved.seed == seed and not saved.claims_over

    claim(path, *CLAIMS[name])
    status, out = belot_play(monkeypatch, capsys, "q\n", "--resume", "--plain")
    assert status == 0 and "it continues as its moves have it" in out and "Resuming deal 1." in out
    assert not read_save(path).claims_over


def finished_game() -> tuple[Path, int]:
    """A match played to its end in its slot, and its winner."""
    path = SaveSlot.for_variant("french-single-deal").path
    played = play("french-single-deal", seed=2, target=None, save_path=path)
    assert played.session.match.over and played.session.winner is not None
    return path, played.session.winner


def test_a_finished_save_with_another_winner_is_moved_aside(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path, winner = finished_game()
    claimed = claim(path, ("record", "winner"), 1 - winner)
    status, out = belot_play(monkeypatch, capsys, "q\n", "french-single-deal", "--seed", "3", *SEATS)
    assert status == 0 and f"is over but names the winner {1 - winner} where its moves replay to a win" in out
    assert aside("disputed") == [claimed] and read_save(path).seed == 3


def test_a_save_that_claims_an_end_but_does_not_replay_is_moved_aside(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["record"]["winner"] = 0
    data["record"]["deals"][0]["deck"].reverse()
    path.write_text(json.dumps(data), encoding="utf-8")
    broken = path.read_bytes()
    status, out = belot_play(monkeypatch, capsys, "q\n", "--seed", "3", *SEATS)
    assert status == 0 and "could not be used" in out and "is not dealt as saved" in out
    assert aside("broken") == [broken]


def test_a_truly_finished_game_gives_its_slot_without_a_word(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = finished_game()
    status, out = belot_play(monkeypatch, capsys, "q\n", "french-single-deal", "--seed", "3", *SEATS)
    assert status == 0 and "unfinished" not in out and "saved game in slot" not in out
    assert not (saves_dir() / "aside").exists() and read_save(path).seed == 3


def test_a_match_lost_on_time_is_finished_and_a_forfeit_elsewhere_is_not(tmp_path: Path) -> None:
    """bulgarian-cut-only: the player out of time loses the match (its move clock); the save says so in
    ``forfeit``, which its replay bears out only for the player's side, at the player's move."""
    path = tmp_path / "game.json"
    played = play("bulgarian-cut-only", [("1", 31.0)], save_path=path)
    assert played.session.forfeit == 0
    saved = read_save(path)
    replayed = saved.replay()
    assert replayed.over and replayed.forfeit == 0 and saved.disagreement(replayed) is None

    claim(path, ("forfeit",), 1)  # the other side: not the player's
    saved = read_save(path)
    replayed = saved.replay()
    assert not replayed.over and "lost on time" in (saved.disagreement(replayed) or "")
