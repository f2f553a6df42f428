"""Never lose a game: saves after every action, resume to the same state, Ctrl-C and end of input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from game_script import RANDOM_BOTS, play

from belot_rules.cli import main
from belot_rules.cli.game.saves import SaveSlot, data_dir, read_save, saves_dir
from belot_rules.engine.records import match_record

SEATS = ("--seats", ",".join(RANDOM_BOTS))


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def belot_play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str,
               *args: str) -> tuple[int, str]:
    """``belot play ARGS`` with the lines ``typed``: its exit status and what it printed."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    status = main(["play", *args])
    return status, capsys.readouterr().out


def test_the_default_save_is_in_the_user_data_directory(data_home: Path) -> None:
    assert data_dir() == data_home / "belot-rules"
    assert saves_dir().parent == data_dir()


def test_end_of_input_mid_deal_saves_and_resume_reaches_the_same_match(tmp_path: Path) -> None:
    whole = play(seed=11)
    save = tmp_path / "game.json"
    stopped = play(lines=["1"] * 7, then=None, seed=11, save_path=save)
    assert stopped.status == 0 and "Input ended. Game saved" in stopped.text
    cut = stopped.session.match.current
    assert cut.history and cut.phase != "over"  # stopped mid-deal

    saved = read_save(save)
    resumed = saved.restore(saved.start())
    assert match_record(resumed.match) == match_record(stopped.session.match)
    assert resumed.match.current.hands == cut.hands and resumed.rows == stopped.session.rows

    finished = play(session=resumed, save_path=save)
    assert "Resuming deal 1." in finished.text
    assert match_record(finished.session.match) == match_record(whole.session.match)  # same bots' choices
    assert read_save(save).replay().over


def test_every_action_is_saved_atomically(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    stopped = play(lines=["1"] * 3, then=None, save_path=save)
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["record"]["deals"][-1]["actions"] == list(map(str, stopped.session.match.current.history))
    assert not list(tmp_path.glob("*.tmp"))


def test_ctrl_c_offers_to_keep_the_game(tmp_path: Path) -> None:
    """A user interrupt exits 130 (as a shell reports one) after the game is saved, kept or not."""
    save = tmp_path / "game.json"
    kept = play(lines=["1", "1", "y"], save_path=save, interrupts=(2,))
    assert kept.status == 130 and "Keep this game to finish later?" in kept.text and save.is_file()
    assert "Traceback" not in kept.text
    saved = read_save(save)
    assert match_record(saved.restore(saved.start()).match) == match_record(kept.session.match)

    dropped = play(lines=["1", "1", "n"], save_path=save, interrupts=(2,))
    assert dropped.status == 130 and not save.is_file()


def test_a_second_ctrl_c_leaves_the_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    stopped = play(lines=["1"], save_path=save, interrupts=(1, 2))
    assert stopped.status == 130 and save.is_file() and "The game stays saved." in stopped.text


def test_quit_and_resume_from_the_command_line(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    status, out = belot_play(monkeypatch, capsys, "1\n1\nq\n", "--seed", "7", *SEATS, "--target", "30")
    assert status == 0 and "Game saved. Continue it with: belot play --resume --slot bulgarian\n" in out
    status, out = belot_play(monkeypatch, capsys, "q\n", "--resume")
    assert status == 0 and "Resuming deal 1." in out


def test_a_new_game_offers_the_unfinished_one(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    belot_play(monkeypatch, capsys, "1\nq\n", "--seed", "7", *SEATS)
    status, out = belot_play(monkeypatch, capsys, "y\nq\n", "--seed", "8")
    assert status == 0
    assert "You have an unfinished game (bulgarian, deal 1" in out and "Resuming deal 1." in out


def test_the_unfinished_game_is_offered_in_the_players_language(monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The question and the line that recognises the saved game were English whatever --lang said."""
    belot_play(monkeypatch, capsys, "1\nq\n", "--seed", "7", *SEATS)
    status, out = belot_play(monkeypatch, capsys, "y\nq\n", "--seed", "8", "--lang", "bg")
    question = next(line for line in out.splitlines() if "незавършена" in line)
    assert status == 0 and "раздаване 1" in question and "номер на играта 7" in question
    assert not {"deal", "board", "seed", "unfinished"} & set(question.replace("(", " ").split())


def test_end_of_input_at_the_resume_question_resumes(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    belot_play(monkeypatch, capsys, "1\nq\n", "--seed", "7", *SEATS)
    status, out = belot_play(monkeypatch, capsys, "")
    assert status == 0 and "Resuming deal 1." in out and "Input ended. Game saved." in out


def test_piped_lines_are_echoed(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = belot_play(monkeypatch, capsys, "h\nq\n", "--seed", "7", *SEATS)
    assert status == 0 and "› h\nHint: the heuristic bot would" in out and "› q\nGame saved." in out


def test_changed_rules_are_detected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "house.yaml"
    rules.write_text("extends: bulgarian\n", encoding="utf-8")
    belot_play(monkeypatch, capsys, "1\nq\n", str(rules), "--seed", "3", *SEATS)
    rules.write_text("extends: bulgarian\nscoring:\n  last_trick: 20\n", encoding="utf-8")

    status, out = belot_play(monkeypatch, capsys, "n\n", "--resume")
    assert status == 0 and "have changed since this game was saved" in out and "Stopped" in out
    assert SaveSlot.for_variant(str(rules.resolve())).path.is_file()

    status, out = belot_play(monkeypatch, capsys, "y\nq\n", "--resume")
    assert status == 0 and "Resuming deal 1." in out


def test_a_finished_game_resumes_to_its_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "done.json"
    play(save_path=save)
    status, out = belot_play(monkeypatch, capsys, "", "--resume", str(save))
    assert status == 0 and "Score sheet" in out and "wins the match" in out


@pytest.mark.parametrize("args, message", [
    (["--resume", "missing.json"], "no saved game there"),
    (["--resume", "--seed", "3"], "leave out --seed"),
])
def test_resume_problems_are_sentences(args: list[str], message: str, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["play", *args]) == 1
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("record", [
    {},
    {"seed": 1, "board": [0, 0], "deals": [3]},
    {"seed": 1, "board": [0, 0], "deals": [{"deck": [], "actions": 7}]},
    {"seed": 1, "board": "0-0", "deals": []},
])
def test_a_damaged_save_is_a_sentence(record: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "bad.json"
    data = {"format": "belot-rules/saved-game", "variant": "bulgarian", "seats": list(RANDOM_BOTS), "record": record}
    save.write_text(json.dumps(data), encoding="utf-8")
    assert main(["play", "--resume", str(save)]) == 1
    assert "damaged" in capsys.readouterr().err


def test_a_save_that_does_not_replay_is_a_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    play(lines=["1"] * 3, then=None, save_path=save)
    data = json.loads(save.read_text(encoding="utf-8"))
    data["record"]["deals"][0]["actions"][0] = "nonsense"
    save.write_text(json.dumps(data), encoding="utf-8")
    assert main(["play", "--resume", str(save)]) == 1
    assert "deal 1, action 1: seat" in capsys.readouterr().err
