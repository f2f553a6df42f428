"""Whatever is typed at a prompt is a choice or a sentence: `²`, `①` and 5,000 digits included."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_script import play

from belot_rules.cli.game.prompt import typed_number

ODD = ["²", "①", "٣", "9" * 5000, "9" * 5000 + " hearts", "1" * 4301 + " h", "\x00", "﷽" * 300]


@pytest.mark.parametrize("text, number", [("3", 3), (" 12 ", 12), ("²", None), ("①", None), ("٣", None),
                                          ("9" * 5000, None), ("", None), ("-1", None)])
def test_only_plain_digits_are_a_number(text: str, number: int | None) -> None:
    assert typed_number(text) == number


@pytest.mark.parametrize("variant", ["bulgarian", "coinche"])
def test_odd_lines_at_every_prompt_are_refused_in_a_sentence(variant: str) -> None:
    """Each odd line is typed at calls, declarations and cards, then the game goes on to its end."""
    played = play(variant, lines=ODD * 40, then="1", seed=3, target=10)
    assert played.status == 0 and "Traceback" not in played.text
    assert "wins the match" in played.text
    refusals = [line for line in played.text.splitlines() if "is not a call" in line or "is neither" in line]
    assert refusals and max(len(line) for line in refusals) < 400  # never the whole line echoed


def test_a_yes_no_question_takes_odd_answers(tmp_path: Path) -> None:
    played = play(lines=["1", "²", "9" * 5000, "y"], then=None, interrupts=(1,), seed=3, save_path=tmp_path / "g.json")
    assert played.status == 130 and played.text.count("Answer y or n.") == 2 and "Game saved." in played.text
