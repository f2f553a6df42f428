"""Whole matches at the terminal game, from scripted input: frames, commands, messages, modes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from game_script import check_golden, play

from belot_rules.cards import CARDS
from belot_rules.cli import main
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.session import Session
from belot_rules.engine.deal import PLAYING

ROOT = Path(__file__).resolve().parent.parent
BOX_DRAWING = re.compile("[\u2500-\u257f♣♦♥♠]")


def belot(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "belot_rules", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **(env or {})}, timeout=60, check=False)


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves go to a temporary data directory, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_a_scripted_match_shows_the_golden_frames() -> None:
    played = play(lines=["?", "l", "s"], seed=6)
    assert played.status == 0
    assert played.session.over and "wins the match" in played.text
    check_golden("bulgarian-seed6-to30.txt", played.text)


def test_a_single_deal_in_ascii_shows_the_golden_frames() -> None:
    played = play("french-single-deal", seed=2, target=None, look=Look(ascii=True))
    assert played.status == 0
    assert not BOX_DRAWING.search(played.text)
    check_golden("french-single-deal-seed2-ascii.txt", played.text)


def test_every_frame_fits_80_columns() -> None:
    played = play("coinche", seed=3, target=200)
    assert max(len(line.rstrip()) for line in played.text.splitlines()) <= 80


def test_commands_at_a_prompt(data_home: Path) -> None:
    save = data_home / "game.json"
    played = play(lines=["?", "l", "s", "r", "h", "q"], then=None, save_path=save)
    text = played.text
    assert "Help" in text and "save and quit" in text
    assert "No trick played yet." in text
    assert "No deal finished yet." in text and "Match to 30: Us 0" in text
    assert "trumps rank jack, nine, ace, ten" in text  # the rules, as the player's booklet (belot rules) words them
    assert re.search(r"Hint: the heuristic bot would call \S+", text)
    assert "Game saved. Continue it with: belot play --resume" in text
    assert played.status == 0 and save.is_file()


@pytest.mark.parametrize("bots, adviser", [("easy", "heuristic"), ("heuristic", "heuristic"), ("search", "search")])
def test_a_hint_comes_from_the_level_s_own_bot_never_a_weaker_one_than_normal(bots: str, adviser: str) -> None:
    """Against the hard level, the hint is what the search would do; against easy, what normal would."""
    played = play(lines=["h", "q"], then=None, players=("you", bots, bots, bots))
    assert f"Hint: the {adviser} bot would call" in played.text


def test_last_trick_and_sheet_after_play() -> None:
    played = play(lines=["1"] * 12 + ["l", "s"])
    assert re.search(r"Trick \d: .* → \w+ \+\d+", played.text)
    assert "Score sheet" in played.text


class IllegalOnce:
    """Answers 1 to everything, but first tries a card the rules forbid."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.tried = ""

    def read_line(self, timeout: float | None) -> str:
        deal = self.session.deal
        if not self.tried and deal is not None and deal.phase == PLAYING and deal.trick:
            legal = {a.card for a in deal.legal_actions()}
            held = [c for c in range(32) if deal.hands[deal.to_act] >> c & 1 and c not in legal]
            if held:
                self.tried = str(CARDS[held[0]]).lower()
                return self.tried
        return "1"


def test_an_illegal_card_names_the_rule_and_the_legal_cards() -> None:
    from game_script import recording_console

    from belot_rules.cli.game.loop import Game

    session = Session.start("bulgarian", 5, ("you", "random", "random", "random"), 30)
    console = recording_console()
    source = IllegalOnce(session)
    Game(session, console, source, sleep=lambda s: None).run()
    text = console.export_text()
    shown = Look().card_name(source.tried.upper())
    assert re.search(rf"You may not play {re.escape(shown)} \(\w+ .? ?led\): you must [^\n]+\.\nYou may play: ", text)


def test_belote_is_asked_where_the_variant_requires_an_announcement() -> None:
    for seed in range(20):
        played = play(str(ROOT / "variants" / "examples" / "french-announced-belote.yaml"), seed=seed, target=300)
        if "announcing belote" in played.text:
            assert "Announce it (Enter = 1)" in played.text
            assert re.search(r"You: belote in \w+", played.text)
            return
    pytest.fail("no seed gave the player a belote")


def test_watch_instant_prints_a_transcript_and_exits_0() -> None:
    done = belot("play", "--watch", "--speed", "instant", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert re.search(r"^(North-South|East-West) wins the match", done.stdout, re.MULTILINE)
    assert "Trick 8:" in done.stdout and "Score sheet" in done.stdout


def test_ascii_and_no_color_outputs() -> None:
    forced = {"FORCE_COLOR": "1", "NO_COLOR": ""}
    args = ("play", "--watch", "--speed", "instant", "--seed", "2", "--target", "20")
    assert "\x1b[" in belot(*args, env=forced).stdout  # colour reaches a terminal ...
    assert "\x1b[" not in belot(*args, "--no-color", env=forced).stdout  # ... unless turned off
    assert "\x1b[" not in belot(*args, env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).stdout
    ascii_run = belot(*args, "--ascii")
    assert ascii_run.returncode == 0 and not BOX_DRAWING.search(ascii_run.stdout)
    assert re.search(r"Trick 1: \w+ (10|[2-9JQKA])[CDHS] ", ascii_run.stdout)


def test_ascii_prints_nothing_but_ascii_titles_transliterated() -> None:
    """--ascii means ASCII: "Belote coinchée" (coinche.yaml's title) is written "Belote coinchee"."""
    run = belot("play", "coinche", "--watch", "--speed", "instant", "--seed", "3", "--target", "1", "--ascii")
    assert run.returncode == 0 and run.stdout.isascii()
    assert "Belote coinchee" in run.stdout and "90 clubs" in run.stdout


def test_record_is_accepted_by_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "match.json"
    assert main(["play", "--watch", "--speed", "instant", "--seed", "4", "--target", "40",
                 "--record", str(record)]) == 0
    assert (tmp_path / "match-rules.yaml").is_file()  # the changed target travels with the record
    capsys.readouterr()
    assert main(["replay", str(record), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["winner"] in (0, 1) and replayed["warnings"] == []  # the same rules, by their content hash


def test_a_record_of_a_house_rules_game_names_the_file_so_replay_finds_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The README's path: play my-rules.yaml --record FILE, then replay FILE, from anywhere."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.yaml").write_text("extends: french\nmatch: {target: 100}\n")
    (tmp_path / "games").mkdir()
    assert main(["play", "club.yaml", "--watch", "--speed", "instant", "--seed", "4",
                 "--record", "games/match.json"]) == 0
    assert json.loads((tmp_path / "games" / "match.json").read_text(encoding="utf-8"))["variant"] == "../club.yaml"
    capsys.readouterr()
    monkeypatch.chdir(tmp_path / "games")
    assert main(["replay", "match.json", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["warnings"] == []


def test_a_house_rules_game_to_another_target_replays_once_its_folder_has_moved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/records.md: with --target the rules go in a file beside the record; it names the house file
    from where it is, as the record itself does, so the folder of the three files replays anywhere."""
    folder = tmp_path / "club"
    (folder / "games").mkdir(parents=True)
    (folder / "club.yaml").write_text("extends: french\nmatch: {target: 100}\n")
    monkeypatch.chdir(folder)
    assert main(["play", "club.yaml", "--watch", "--speed", "instant", "--seed", "4", "--target", "30",
                 "--record", "games/match.json"]) == 0
    assert "extends: ../club.yaml" in (folder / "games" / "match-rules.yaml").read_text(encoding="utf-8")
    moved = folder.rename(tmp_path / "moved")
    monkeypatch.chdir(moved / "games")
    capsys.readouterr()
    assert main(["replay", "match.json", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["warnings"] == []


@pytest.mark.parametrize("where", ["missing-folder/match.json", "."])
def test_a_record_path_that_cannot_be_written_is_refused_before_play(
        where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Not after a whole match: the mistyped path is named before the first deal."""
    assert main(["play", "--watch", "--speed", "instant", "--record", str(tmp_path / where)]) == 1
    captured = capsys.readouterr()
    assert "a file to write the record to, in a folder that exists" in captured.err and captured.out == ""


def test_play_takes_the_variant_as_simulate_and_duel_do(capsys: pytest.CaptureFixture[str]) -> None:
    """``belot play --variant V`` is ``belot play V``: the other commands spell it that way."""
    assert main(["play", "--variant", "french", "--watch", "--speed", "instant", "--seed", "4", "--target", "40"]) == 0
    assert "Belote" in capsys.readouterr().out


def test_variant_text_is_escaped(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("title: '[bold red]Our [table][/]'\nextends: bulgarian\n", encoding="utf-8")
    played = play(str(house), then=None)
    assert "[bold red]Our [table][/]" in played.text


@pytest.mark.parametrize("args, message", [
    (["--seats", "you,you,random,random"], "only one seat can be you"),
    (["--seats", "you,random"], "four comma-separated"),
    (["--seats", "you,wizard,random,random"], "no player called 'wizard'"),
    (["--target", "0"], "--target must be from 1 to 100,000"),
    (["--target", "99999999"], "--target must be from 1 to 100,000"),
    (["no-such-variant"], "no-such-variant"),
    (["--variant", "no-such-variant"], "no-such-variant"),
    (["french", "--variant", "bulgarian"], "two variants given"),
])
def test_bad_options_are_sentences(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *args]) == 1
    assert message in capsys.readouterr().err


def test_the_auction_on_request_and_in_the_deal_summary() -> None:
    """a shows every call of the deal, also once play has begun; the deal's score ends with the calls."""
    played = play(lines=["1", "1", "1", "1", "a"], seed=6)
    assert played.text.count("Calls: ") >= 2
    summary = played.text.split("Match points:")[1]
    assert "Calls: " in summary.split("Enter for the next deal")[0]


def test_a_forced_card_is_played_for_the_player_who_turns_it_on() -> None:
    played = play(seed=6, autoplay=True)
    assert "may be played: played for you" in played.text
    played = play(lines=["f"], seed=6)
    assert "now played for you" in played.text and "played for you." in played.text


def test_watching_with_open_hands_lists_every_hand() -> None:
    played = play("french", seed=4, players=("heuristic",) * 4, target=None, open_hands=True, then=None)
    deal_start = played.text.split("Deal 1:")[1].splitlines()
    assert [line.split(":")[0] for line in deal_start[1:5]] == ["South", "East", "North", "West"]


def test_a_finished_match_counts_in_the_statistics(data_home: Path) -> None:
    played = play("french-single-deal", seed=2, target=None)
    assert played.session.over
    stats = json.loads((data_home / "belot-rules" / "statistics.json").read_text())
    counts = stats["variants"]["french-single-deal"]["random"]
    assert counts["games"] == 1 and counts["wins"] in (0, 1)
    assert "Your french-single-deal games (bots: random): 1" in played.text
    again = play(session=played.session)  # the finished game opened again is not a second game
    assert again.status == 0
    stats = json.loads((data_home / "belot-rules" / "statistics.json").read_text())
    assert stats["variants"]["french-single-deal"]["random"]["games"] == 1


@pytest.mark.parametrize("damage", ["[1,2", '{"variants": {"french": {"random": {"games": "many"}}}}', "[]"])
def test_an_unreadable_statistics_file_is_kept_aside_and_said(data_home: Path, damage: str) -> None:
    """As a damaged settings file or save is: the player is told, and the old file is kept, not overwritten."""
    folder = data_home / "belot-rules"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "statistics.json").write_text(damage)
    played = play("french-single-deal", seed=2, target=None)
    (kept,) = folder.glob("statistics-unreadable-*.json")
    assert kept.read_text() == damage
    assert "The statistics file could not be read; it is kept as" in played.text
    stats = json.loads((folder / "statistics.json").read_text())
    assert stats["variants"]["french-single-deal"]["random"]["games"] == 1


def test_the_documented_belote_syntax_works_where_belote_is_automatic() -> None:
    """'kh belote' plays the card where the variant scores belote by itself (bulgarian.md: automatic)."""
    from belot_rules.cli.game.controller import HumanTurn, opens_belote
    from belot_rules.cli.game.prompt import parse_card_choice

    for seed in range(200):
        session = Session.start("bulgarian", seed, ("heuristic",) * 4)
        while session.deal is not None and session.deal_number == 1:
            deal = session.deal
            pairs = deal.belote_suits[deal.to_act] if deal.phase == PLAYING else []
            cards = [a.card for a in deal.legal_actions() if deal.phase == PLAYING and a.card >> 3 in pairs
                     and a.card & 7 in (5, 6)]
            if cards:
                name = f"{CARDS[cards[0]]} belote".lower()
                legal = tuple(deal.legal_actions())
                turn = HumanTurn(deal.to_act, deal.view(deal.to_act), legal, (), (), False, "", None, 0,
                                 tuple(a.card for a in legal if opens_belote(deal, a.card)))
                actions = parse_card_choice(name, turn, [], Look(), deal.ruleset)
                assert [a.card for a in actions] == [cards[0]]
                return
            session.apply(session.bot_action("heuristic"))
    raise AssertionError("no belote in 200 deals")


def test_undo_takes_back_the_last_card_and_the_record_says_so(tmp_path: Path) -> None:
    """u takes back the player's last card and the bots' moves after it; the record lists them under undone."""
    record = tmp_path / "match.json"
    played = play(lines=["1", "1", "1", "1", "1", "u"], seed=6, record_path=record)
    assert "Took back: play K♥, and 3 moves after it." in played.text
    undone = played.session.undone
    assert undone and undone[0]["deal"] == 1 and undone[0]["actions"]
    assert json.loads(record.read_text())["undone"] == undone


# ---------------------------------------------------------------------- settings kept between games


def kept_settings(data_home: Path, text: str | bytes) -> None:
    folder = data_home / "belot-rules"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))


def started_game(monkeypatch: pytest.MonkeyPatch, *args: str) -> dict[str, object]:
    """What the line game was started with, for ``belot play ARGS`` (the game itself not played)."""
    from belot_rules.cli import play as play_command

    seen: dict[str, object] = {}

    class Started:
        def __init__(self, session: Session, console: object, source: object, look: Look, speed: str, *rest: object,
                     **options: object) -> None:
            seen.update(look=look, speed=speed, **options)

        def run(self) -> int:
            return 0

    monkeypatch.setattr(play_command, "Game", Started)
    assert main(["play", "--seed", "1", "--watch", *args]) == 0
    return seen


def test_kept_settings_start_the_game_and_options_override_them(data_home: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from belot_rules.cli.game.look import THEMES

    kept_settings(data_home, json.dumps({"format": "belot-rules/settings", "version": 1, "theme": "colour-blind",
                                         "sort": "rank", "speed": "slow", "autoplay": True}))
    seen = started_game(monkeypatch)
    assert seen["speed"] == "slow" and seen["autoplay"] is True and seen["look"].suit_styles == THEMES["colour-blind"]
    seen = started_game(monkeypatch, "--speed", "instant", "--no-autoplay", "--theme", "two-colour")
    assert seen["speed"] == "instant" and seen["autoplay"] is False and seen["look"].suit_styles == THEMES["two-colour"]
    assert json.loads((data_home / "belot-rules" / "settings.json").read_text())["speed"] == "slow"  # unchanged


@pytest.mark.parametrize("text", ["{not json", '{"format": "belot-rules/settings", "speed": "warp"}', "[]",
                                  '{"format": "belot-rules/settings", "autoplay": 1}', b"\xff\xfe"])
def test_a_damaged_settings_file_gives_the_defaults_and_a_one_line_notice(
        text: str | bytes, data_home: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    kept_settings(data_home, text)
    seen = started_game(monkeypatch)
    assert seen["speed"] == "normal" and seen["autoplay"] is False
    out = capsys.readouterr().out
    notice = [line for line in out.splitlines() if "settings" in line]
    assert len(notice) == 1 and notice[0].endswith("the defaults are used."), out


def test_f_in_the_line_game_is_kept_for_the_next_game(data_home: Path) -> None:
    from belot_rules.cli.game.settings import Kept, Settings, read_settings

    path = data_home / "settings.json"
    played = play(lines=["f", "q"], seed=6, kept=Kept(Settings(), path))
    assert "now played for you" in played.text
    assert read_settings(path)[0].autoplay is True


def test_the_line_game_shows_the_chien_and_takes_discards_by_name_or_number() -> None:
    """belote-a-trois.md §2 (HOP): the header shows the chien face down; the taker lays 2 cards aside, typed by
    name or number, a card not held refused with the cards he may lay aside; the others only see how many."""
    played = play("belote-a-trois-32", ["4", "kh", "jd", "1"], then="1", seed=5,
                  players=("you", "heuristic", "heuristic"), target=100)
    text = played.text
    assert "Bidding · chien 2 face down" in text
    assert "You took the chien 9♥ 10♠, 2 to lay aside" in text
    assert "You do not hold K♥.\nYou may lay aside: " in text
    assert "laid aside J♦, 1 to go" in text
    assert re.search(r"(Right|Left) took the chien \(2 cards\), laid 2 aside face down", text)


def test_quitting_writes_the_record_so_far_and_the_resume_command_carries_it_on(tmp_path: Path) -> None:
    """q in the line game saved the game but wrote no record, and the resume command dropped --record, so a
    resumed match was never recorded (found by a new user)."""
    record = tmp_path / "match.json"
    quit_run = subprocess.run([sys.executable, "-m", "belot_rules", "play", "--plain", "--seed", "12", "--slot", "rec",
                               "--record", str(record)], input="1\n1\n1\nq\n", capture_output=True, text=True,
                              cwd=ROOT, env=dict(os.environ), timeout=60, check=False)
    assert quit_run.returncode == 0 and record.is_file()
    assert f"belot play --resume --slot rec --record {record}" in quit_run.stdout
    finish = subprocess.run([sys.executable, "-m", "belot_rules", "play", "--plain", "--resume", "--slot", "rec",
                             "--record", str(record)], input="1\n" * 400, capture_output=True, text=True, cwd=ROOT,
                            env=dict(os.environ), timeout=120, check=False)
    assert finish.returncode == 0
    assert json.loads(record.read_text(encoding="utf-8")).get("winner") in (0, 1)
