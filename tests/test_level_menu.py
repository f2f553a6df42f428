"""The levels' ratings (issue 23, "levels calibrated"): one tournament of easy, normal, hard and expert a variant,
its ratings with their intervals in the README and docs/playing.md, and the game's level menu showing them (the
table's key l, the line game's ``level``), the level chosen there kept for the next games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from game_script import play
from test_game_tui import data_home, run, screen_text, settle, table_app, until  # noqa: F401 - data_home: autouse

from belot_rules.cli import main
from belot_rules.cli.game.saves import read_save
from belot_rules.cli.game.settings import Kept, Settings, read_settings
from belot_rules.cli.tui.app import TableApp
from belot_rules.cli.tui.screens import QuestionScreen, ResultScreen
from belot_rules.cli.tui.thinking import Thinking
from belot_rules.net.joined import NOT_HERE
from belot_rules.players.levels import LEVELS, RATINGS, TOURNAMENT_PAIRS, ratings_in, tournament_command

ROOT = Path(__file__).resolve().parent.parent
RATED = ("bulgarian", "french", "coinche", "klaverjas-amsterdam", "baloot")  # issue 23's five variants
YOU = ("you", "heuristic", "heuristic", "heuristic")


async def open_menu(pilot, app: TableApp) -> None:  # noqa: ANN001 - textual's Pilot
    """Once the player is asked something, press l and wait for the level menu."""
    await settle(pilot, app)
    await pilot.press("l")
    await until(pilot, lambda: isinstance(app.screen, QuestionScreen))


def test_every_level_is_rated_in_the_five_variants_within_its_interval() -> None:
    assert list(dict.fromkeys(r.variant for r in RATINGS)) == list(RATED)
    for variant in RATED:
        ratings = ratings_in(variant)
        assert list(ratings) == [lv.name for lv in LEVELS], variant
        assert all(r.low <= r.rating <= r.high for r in ratings.values())
        assert abs(sum(r.rating for r in ratings.values())) <= 2  # Bradley-Terry on the Elo scale: the mean is 0
    assert len(RATINGS) == 4 * len(RATED)


def test_the_readme_and_the_docs_show_every_rating_and_its_command() -> None:
    """The README's table of ratings (a row a variant, a column a level) and docs/playing.md's commands are written
    from ``players/levels.py``: a rating measured again and changed there fails here until both say it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    docs = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    for variant in RATED:
        cells = " | ".join(str(ratings_in(variant)[lv.name]) for lv in LEVELS)
        assert f"| {variant} | {cells} |" in readme, variant
        assert f"`{tournament_command(variant)}`" in docs
    assert f"--deals {TOURNAMENT_PAIRS}" in tournament_command("bulgarian")


def test_the_level_menu_shows_the_ratings_and_esc_changes_nothing(tmp_path: Path) -> None:
    app = table_app("bulgarian", 5, tmp_path)

    async def look() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await open_menu(pilot, app)
            shown = " ".join(screen_text(app).replace("│", " ").split())
            assert "The bots play at Normal." in shown
            for lv in LEVELS:
                assert f"{lv.title}, rating {ratings_in('bulgarian')[lv.name]}:" in shown
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, QuestionScreen))

    seed = app.session.seed
    run(look)
    assert app.session.seed == seed and app.session.seating.players == YOU


def test_the_line_game_s_level_command_shows_the_ratings() -> None:
    shown = " ".join(play("coinche", ["level", "q"], then=None, seed=4, players=YOU).text.split())
    assert "The bots play at Normal." in shown
    for lv in LEVELS:
        assert f"{lv.title}, rating {ratings_in('coinche')[lv.name]}:" in shown


def menu_choice(app: TableApp, level_key: str, when_key: str | None) -> None:
    """At the player's first decision after a bid, open the level menu, choose a level, then when."""

    async def choose() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("1")  # a call: the match is under way
            await open_menu(pilot, app)
            await pilot.press(level_key)
            if when_key is not None:
                await until(pilot, lambda: "The bots at" in screen_text(app))
                await pilot.press(when_key)
            await settle(pilot, app)

    run(choose)


def test_a_new_match_now_plays_at_the_level_chosen_and_keeps_the_match_left(tmp_path: Path) -> None:
    kept = tmp_path / "settings.json"
    app = table_app("bulgarian", 5, tmp_path, kept=Kept(Settings(), kept))
    left = app.session
    menu_choice(app, "3", "1")  # hard, now
    assert app.session is not left and app.session.seating.players == ("you", "search", "search", "search")
    assert read_settings(kept)[0].level == "hard"
    aside = sorted((tmp_path / "aside").glob("*.json"))
    assert len(aside) == 1 and read_save(aside[0]).seats == YOU  # the match left, resumable
    assert read_save(aside[0]).record["deals"][0]["actions"][:1]
    assert any(str(aside[0]) in line for line in app.farewell)


def test_from_the_next_game_keeps_this_match_and_the_setting(tmp_path: Path) -> None:
    kept = tmp_path / "settings.json"
    app = table_app("bulgarian", 5, tmp_path, kept=Kept(Settings(), kept))
    left = app.session
    menu_choice(app, "4", "2")  # expert, from the next game
    assert app.session is left and app.session.seating.players == YOU
    assert read_settings(kept)[0].level == "expert"
    assert not (tmp_path / "aside").exists()


def test_choosing_the_level_played_keeps_it_and_the_match_goes_on(tmp_path: Path) -> None:
    kept = tmp_path / "settings.json"
    app = table_app("bulgarian", 5, tmp_path, kept=Kept(Settings(level="hard"), kept))
    left = app.session
    menu_choice(app, "2", None)  # normal, the level played
    assert app.session is left and app.session.seating.players == YOU
    assert read_settings(kept)[0].level == "normal" and "in your next games too" in app.note


def test_back_returns_to_the_levels(tmp_path: Path) -> None:
    app = table_app("bulgarian", 5, tmp_path)

    async def back() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await open_menu(pilot, app)
            await pilot.press("4")
            await until(pilot, lambda: "The bots at Expert:" in screen_text(app))
            await pilot.press("3")
            await until(pilot, lambda: "The bots play at Normal." in screen_text(app))

    run(back)


def test_once_the_match_is_over_l_plays_another_at_the_level_chosen(tmp_path: Path) -> None:
    """The match result box says l plays another match: the same level is offered too, and nothing is set aside
    (a finished match was counted when it ended)."""
    app = table_app("french-single-deal", 3, tmp_path, players=("you", "easy", "easy", "easy"))
    left = app.session

    async def again() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                await settle(pilot, app)
                if isinstance(app.screen, ResultScreen) and app.screen.title_text == "The match is over":
                    break
                await pilot.press("enter")
            assert "l for another match" in " ".join(screen_text(app).replace("│", " ").split())
            await pilot.press("l")
            await until(pilot, lambda: isinstance(app.screen, QuestionScreen))
            await pilot.press("1")  # easy, the level played
            await until(pilot, lambda: "In a new match now" in screen_text(app))
            await pilot.press("1")
            await until(pilot, lambda: app.session is not left)
            await settle(pilot, app)
            assert not isinstance(app.screen, ResultScreen) and app.is_running

    run(again)
    assert app.session.seating.players == ("you", "easy", "easy", "easy") and not app.session.over
    assert not (tmp_path / "aside").exists()


def test_a_new_game_plays_at_the_level_kept_unless_the_command_line_says_another(
        data_home: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811 - the fixture
    folder = data_home / "belot-rules"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"format": "belot-rules/settings", "version": 1,
                                                      "level": "easy"}), encoding="utf-8")
    watch = ["play", "french-single-deal", "--watch", "--speed", "instant", "--seed", "2"]
    assert main(watch) == 0
    assert "South (easy) and North (easy)" in capsys.readouterr().out
    assert main([*watch, "--level", "normal"]) == 0
    assert "South (heuristic) and North (heuristic)" in capsys.readouterr().out


def test_a_level_the_program_does_not_know_in_the_settings_gives_normal_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "belot-rules/settings", "version": 1, "level": "master"}), encoding="utf-8")
    settings, notice = read_settings(path)
    assert settings.level == "normal" and notice is not None and 'level "master"' in notice


def test_a_hosted_table_has_no_level_menu() -> None:
    """The host's rules choose a network table's bots: a seat there cannot change them."""
    assert "level" in NOT_HERE


def test_a_decision_for_the_match_left_is_dropped() -> None:
    """A bot thinking in its thread when the player starts a new match: its answer must not be taken as the new
    match's bot's move at the same position."""
    taken: list[object] = []

    class Control:
        def decided(self, position: object, answer: object) -> None:
            taken.append(answer)

    class App:
        control = Control()

        def update_status(self) -> None:
            pass

    thinking = Thinking(App())  # type: ignore[arg-type]
    thinking.busy = True
    thinking.done(Control(), (1, 0, 0), "an old answer")  # type: ignore[arg-type]
    assert taken == [] and not thinking.busy
    thinking.done(App.control, (1, 0, 0), "the answer")  # type: ignore[arg-type]
    assert taken == ["the answer"]


def test_a_variant_without_ratings_says_where_they_are() -> None:
    shown = " ".join(play("bela", ["level", "q"], then=None, seed=4, players=YOU).text.split())
    assert "The levels were rated in other variants: docs/playing.md." in shown
    assert "Expert: solves the deals" in shown and "rating" not in shown.split("other variants")[1].split("Your")[0]
