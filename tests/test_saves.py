"""Save slots: one game per slot, a lock, unique temp files, broken saves set aside, unwritable folders."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path

import pytest
from game_script import RANDOM_BOTS, play

from belot_rules.cli import main
from belot_rules.cli.game.saves import SaveSlot, read_save, saves_dir
from belot_rules.files import write_text_atomically

SEATS = ("--seats", ",".join(RANDOM_BOTS))


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "data"


def belot_play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str,
               *args: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    status = main(["play", *args])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def saved_game(variant: str = "bulgarian") -> Path:
    """A game of ``variant`` left unfinished in its slot."""
    path = SaveSlot.for_variant(variant).path
    play(variant, lines=["1"] * 3, then=None, save_path=path)
    return path


# ---------------------------------------------------------------------- slots and the lock (issue item 9)


def test_each_variant_has_its_own_slot(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Saying n to nothing: a French game never overwrites an unfinished Bulgarian one."""
    bulgarian = saved_game()
    before = bulgarian.read_bytes()
    status, out = belot_play(monkeypatch, capsys, "q\n", "french", "--seed", "3", *SEATS)
    assert status == 0 and "unfinished game" not in out
    assert bulgarian.read_bytes() == before
    assert read_save(SaveSlot.for_variant("french").path).variant == "french"


def test_declining_to_resume_keeps_the_unfinished_game(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    bulgarian = saved_game()
    before = bulgarian.read_bytes()
    status, out = belot_play(monkeypatch, capsys, "n\nq\n", "--seed", "3", *SEATS)
    assert status == 0 and "The unfinished game is kept in" in out
    kept = list((saves_dir() / "aside").glob("bulgarian-kept-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before
    assert f"belot play --resume {kept[0]}" in " ".join(out.split())


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_full_screen_table_asks_about_the_unfinished_game_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal nothing is asked on the line: the table gets the unfinished game to offer, and its slot."""
    from belot_rules.cli import play

    bulgarian = saved_game()
    seen = {}
    monkeypatch.setattr(play, "full_screen", lambda *args: seen.update(table=args[3]) or 0)
    monkeypatch.setattr("sys.stdin", Terminal())
    out = Terminal()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", "--seed", "3", *SEATS]) == 0
    table = seen["table"]
    assert out.getvalue() == "" and table.unfinished.path == bulgarian and table.slot.path == bulgarian


def test_a_table_that_stops_on_an_error_exits_non_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual shows the error and returns no value; the command must not then report success."""
    from belot_rules.cli.tui.app import TableApp

    def failed(app: TableApp) -> None:
        app._return_code = 1  # what Textual records when the app stops on an unhandled error
        return None

    monkeypatch.setattr(TableApp, "run", failed)
    monkeypatch.setattr("sys.stdin", Terminal())
    monkeypatch.setattr("sys.stdout", Terminal())
    assert main(["play", "--seed", "3", "--slot", "failing", *SEATS]) == 1


def test_a_second_game_in_a_held_slot_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    held = SaveSlot.for_variant("bulgarian")
    held.open()
    try:
        status, out = belot_play(monkeypatch, capsys, "q\n", "--seed", "3", *SEATS)
        assert status == 1 and "another game is being played in the save slot bulgarian" in out
        assert "--slot NAME" in out
        status, out = belot_play(monkeypatch, capsys, "q\n", "--seed", "3", "--slot", "second", *SEATS)
        assert status == 0 and (saves_dir() / "second.json").is_file()
    finally:
        held.close()
    status, _ = belot_play(monkeypatch, capsys, "q\n", "--seed", "3", *SEATS)
    assert status == 0


def test_resume_picks_the_named_slot(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    belot_play(monkeypatch, capsys, "1\nq\n", "--seed", "3", "--slot", "evening", *SEATS)
    belot_play(monkeypatch, capsys, "q\n", "french", "--seed", "4", *SEATS)
    status, out = belot_play(monkeypatch, capsys, "q\n", "--resume")  # the game saved last
    assert status == 0 and "Belote" in out
    status, out = belot_play(monkeypatch, capsys, "q\n", "--resume", "--slot", "evening")
    assert status == 0 and "Bulgarian Belot" in out and "Resuming deal 1." in out


@pytest.mark.parametrize("name", ["../x", "", "a" * 300, ".hidden"])
def test_a_bad_slot_name_is_a_sentence(name: str, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    status, out = belot_play(monkeypatch, capsys, "", "--slot", name)
    assert status == 1 and "a slot is named with letters" in out and len(out) < 300


def test_writers_never_share_a_temporary_file(tmp_path: Path) -> None:
    """Two writers at once: each renames its own whole file into place, neither fails."""
    target = tmp_path / "save.json"
    errors: list[BaseException] = []

    def write(tag: str) -> None:
        try:
            for i in range(40):
                write_text_atomically(target, json.dumps({"writer": tag, "i": i, "pad": "x" * 5000}))
        except BaseException as err:  # noqa: BLE001 - the test reports it
            errors.append(err)

    threads = [threading.Thread(target=write, args=(t,)) for t in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert json.loads(target.read_text(encoding="utf-8"))["i"] == 39
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))


# ---------------------------------------------------------------------- broken saves (issue item 10)


BROKEN = {
    "seats a number": lambda data: data | {"seats": 5},
    "null": lambda data: None,
    "deep": lambda data: data | {"record": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]},
    "huge number": lambda data: data | {"deal": "HUGE"},
    "wrong version": lambda data: data | {"version": 99},
    "seats null": lambda data: data | {"seats": None},
}


def _break(path: Path, how: str) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    text = json.dumps(BROKEN[how](data))
    path.write_text(text.replace('"HUGE"', "9" * 5000), encoding="utf-8")


@pytest.mark.parametrize("how", list(BROKEN))
def test_a_broken_save_is_set_aside_and_never_blocks_a_new_game(
        how: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game()
    _break(path, how)
    broken = path.read_bytes()
    status, out = belot_play(monkeypatch, capsys, "q\n", "--seed", "3", *SEATS)
    assert status == 0 and "Traceback" not in out
    assert "could not be used" in out and "it was moved to" in out
    aside = list((saves_dir() / "aside").glob("bulgarian-broken-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == broken
    assert read_save(path).seed == 3  # the new game is saved in the slot


@pytest.mark.parametrize("how", list(BROKEN))
def test_resuming_a_broken_save_is_a_sentence(how: str, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game()
    _break(path, how)
    status, out = belot_play(monkeypatch, capsys, "", "--resume")
    assert status == 1 and "Traceback" not in out and len(out) < 600
    assert "moved to" in out
    status, out = belot_play(monkeypatch, capsys, "q\n", "--seed", "3", *SEATS)  # and then a new game starts
    assert status == 0 and "unfinished game" not in out


def test_a_cut_short_save_is_not_replaced_without_asking(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game()
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    cut = path.read_bytes()
    status, out = belot_play(monkeypatch, capsys, "n\n", "--seed", "3", *SEATS)
    assert "is cut short" in out and "Move it aside and start a new game?" in out
    assert status == 0 and path.read_bytes() == cut and "left as it was" in out

    status, out = belot_play(monkeypatch, capsys, "", "--resume")
    assert status == 1 and "cut short and cannot be resumed" in out and path.read_bytes() == cut

    status, out = belot_play(monkeypatch, capsys, "y\nq\n", "--seed", "3", *SEATS)
    assert status == 0 and "It was moved to" in out
    assert [p.read_bytes() for p in (saves_dir() / "aside").glob("bulgarian-cut-short-*.json")] == [cut]


def test_an_extra_action_after_a_finished_deal_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Not shifted into the next deal: each saved deal holds its own actions."""
    path = SaveSlot.for_variant("bulgarian").path
    play(lines=["1"] * 30, then=None, seed=5, target=300, save_path=path)
    data = json.loads(path.read_text(encoding="utf-8"))
    deals = data["record"]["deals"]
    assert len(deals) >= 2 and deals[0]["score"] is not None
    deals[0]["actions"].append(deals[1]["actions"].pop(0))
    path.write_text(json.dumps(data), encoding="utf-8")
    saved = read_save(path)
    with pytest.raises(Exception, match="comes after the deal is over"):
        saved.restore(saved.start())


# ---------------------------------------------------------------------- unwritable folders (issue item 11)


def test_a_data_folder_that_cannot_be_written_offers_to_play_unsaved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    status, out = belot_play(monkeypatch, capsys, "y\n" + "1\n" * 300, "--seed", "3", *SEATS, "--target", "10")
    assert status == 0 and "Cannot save games in" in out and "Play without saving?" in out
    assert "Playing unsaved" in out and "wins the match" in out and "Traceback" not in out
    status, out = belot_play(monkeypatch, capsys, "n\n", "--seed", "3", *SEATS)
    assert status == 0 and "Stopped; nothing was changed." in out


def test_a_save_that_fails_mid_game_goes_on_unsaved(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("belot_rules.cli.game.saves.write_record", full)
    status, out = belot_play(monkeypatch, capsys, "1\n" * 300, "--seed", "3", *SEATS, "--target", "10")
    assert status == 0 and "No space left on device; the game goes on unsaved." in " ".join(out.split())
    assert "wins the match" in out


def test_a_record_folder_that_cannot_be_written_is_refused_before_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    real = __import__("tempfile").mkstemp

    def mkstemp(*args: object, dir: object = None, **kwargs: object) -> object:  # noqa: A002
        if dir is not None and Path(str(dir)) == locked:
            raise PermissionError(13, "Permission denied")
        return real(*args, dir=dir, **kwargs)

    monkeypatch.setattr("belot_rules.files.tempfile.mkstemp", mkstemp)
    status, out = belot_play(monkeypatch, capsys, "", "--watch", "--speed", "instant",
                             "--record", str(locked / "match.json"))
    assert status == 1 and "cannot write in" in out and "Permission denied" in out
    assert "Deal 1" not in out


def test_a_save_whose_rules_file_has_a_mistake_now_is_kept_and_told_where(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/playing.md (saves): a house-rules file being edited may not validate for a while; the save is sound,
    so --resume says the file's mistake at its line and keeps the save in its slot, instead of moving it aside
    as broken. Fixed, the file resumes the game."""
    club = tmp_path / "club.yaml"
    good = "title: club\nextends: french\nmatch: {target: 300}\n"
    club.write_text(good)
    status, out = belot_play(monkeypatch, capsys, "pass\nq\n", "club.yaml", "--plain", "--seed", "3", *SEATS)
    assert status == 0 and "Game saved." in out
    club.write_text(good + "play: {undertrump: requird}\n")
    status, out = belot_play(monkeypatch, capsys, "", "--resume")
    assert status == 1 and f"the saved game plays the rules file {club}, which has a mistake now; fix it" in out
    assert "club.yaml:4:20: play.undertrump: `requird` is not a valid value; did you mean `required`?" in out
    assert not (saves_dir() / "aside").exists()
    club.write_text(good)
    status, out = belot_play(monkeypatch, capsys, "q\n", "--resume", "--plain")
    assert status == 0 and "Game saved." in out


def test_a_save_whose_rules_file_is_gone_is_kept_where_resume_finds_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing is wrong with the save itself: it is not moved aside, and resumes once the file is back."""
    club = tmp_path / "club.yaml"
    club.write_text("title: club\nextends: french\nmatch: {target: 300}\n")
    status, out = belot_play(monkeypatch, capsys, "pass\nq\n", "club.yaml", "--plain", "--seed", "3", *SEATS)
    assert status == 0 and "Game saved." in out
    club.rename(tmp_path / "club.bak")
    status, out = belot_play(monkeypatch, capsys, "", "--resume")
    assert status == 1 and f"the saved game plays the rules file {club}, which is not there any more; put it back" in out
    assert not (saves_dir() / "aside").exists()
    (tmp_path / "club.bak").rename(club)
    status, out = belot_play(monkeypatch, capsys, "q\n", "--resume", "--plain")
    assert status == 0 and "Game saved." in out
