"""Differenzler at the terminal (rules/family/differenzler.md §3, §5): the prediction asked of the player in the
line game and at the full-screen table, hidden from the others until the deal is over, and the penalty told."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from game_script import play
from test_game_tui import screen_text, settle, table_app, until
from textual.widgets import Input

from belot_rules.engine.deal import PLAYING, PREDICTING

BOTS = ("you", "heuristic", "heuristic", "heuristic")


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_the_line_game_asks_a_prediction_hides_the_others_and_tells_the_penalty_differenzler_3_5() -> None:
    """differenzler.md §3: a number from 0 to 157, anything else refused with what is valid; the others' predictions
    are only said to be written down; §5: the deal's box and the sheet tell the penalty, minus on the board."""
    played = play("differenzler", ["abc", "158", "35"], seed=5, players=BOTS, target=1)
    text = played.text
    assert played.status == 0 and played.session.over
    assert "Predict how many points you will take yourself in this deal, 0 to 157. It stays" in text
    assert text.count("a number from 0 to 157.") == 2
    assert "You predict 35" in text and "writes down a prediction" in text
    assert "Predictions: You 35 · Right hidden · Across hidden · Left hidden" in text
    assert "shown by Across" in text  # §2: the dealer's last card, shown, names trump
    assert "Penalty, the difference between prediction and points taken" in text
    assert "minus the penalty" in text and "wins the match (the fewest penalty points)" in text
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80


def test_the_table_asks_a_prediction_in_its_typing_line_differenzler_3(tmp_path: Path) -> None:
    """differenzler.md §3 at the full-screen table (80x24): the typing line opens with the question, a wrong number is
    refused, a digit opens the line again, a right number is made and shown as the player's own, the others hidden."""

    async def predict() -> None:
        app = table_app("differenzler", 7, tmp_path, players=BOTS, target=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            deal = app.session.deal
            assert deal is not None and deal.phase == PREDICTING
            await until(pilot, lambda: "Your prediction: type the points you will take" in screen_text(app),
                        "the status line does not ask for the prediction")
            await until(pilot, lambda: "your prediction: the points you will take yourself" in screen_text(app),
                        "the typing line does not ask for the prediction")
            await pilot.press("9", "9", "9", "enter")
            await until(pilot, lambda: "a number from 0 to 157" in screen_text(app), "a wrong number is not refused")
            await pilot.press("2")  # after a refusal a digit opens the typing line again
            typed = app.query_one("#typed", Input)
            await until(pilot, lambda: typed.display and typed.value == "2", "a digit does not open the typing line")
            await pilot.press("5", "enter")
            await until(pilot, lambda: deal.phase == PLAYING or deal.predictions[app.human] == 25,
                        "the prediction was not made")
            await until(pilot, lambda: "You 25" in screen_text(app), "the player's prediction is not shown")
            assert "hidden" in screen_text(app)

    asyncio.run(predict())


def test_a_record_of_a_shortened_match_replays_differenzler_6(tmp_path: Path) -> None:
    """differenzler.md §6 with ``--target 2``: two deals instead of twelve (penalties have no target to reach); the
    record's house rules say so, and belot replay plays the record back to the same board."""
    record = tmp_path / "game.json"
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    played = subprocess.run([sys.executable, "-m", "belot_rules", "play", "differenzler", "--watch", "--plain",
                             "--speed", "instant", "--seed", "3", "--target", "2", "--record", str(record)],
                            capture_output=True, text=True, env=env, timeout=120, check=False)
    assert played.returncode == 0, played.stderr
    assert "deals: 2" in (tmp_path / "game-rules.yaml").read_text(encoding="utf-8")
    replayed = subprocess.run([sys.executable, "-m", "belot_rules", "replay", str(record)], capture_output=True,
                              text=True, env=env, timeout=120, check=False)
    assert replayed.returncode == 0, replayed.stderr
    board = json.loads(record.read_text(encoding="utf-8"))["board"]
    assert f"Board: player 0 {board[0]}, player 1 {board[1]}" in replayed.stdout
