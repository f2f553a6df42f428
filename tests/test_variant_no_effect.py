"""A house file that sets a rule its other rules switch off is told so where it wrote it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from belot_rules.cli import main
from belot_rules.variant.loader import load_variant_model

HOUSE = """extends: french
name: house
title: House
play:
  trump_overtake: {all_trumps: unless_partner_winning}
match:
  target: null
  compare: exceed
bidding:
  points:
    minimum: 90
    step: 5
"""


def test_a_rule_set_here_without_effect_gets_a_note_at_its_line(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Issue "One home for each rule" (item 2): a new warning "set here but has no effect in this variant",
    derived from the options' own declarations; a section switched off is told once, not rule by rule."""
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    assert main(["validate", "--json", str(tmp_path / "house.yaml")]) == 0
    warnings = json.loads(capsys.readouterr().out)[0]["warnings"]
    assert [(w["line"], w["column"], w["message"]) for w in warnings] == [
        (5, 20, "play.trump_overtake.all_trumps is set here but has no effect in this variant: all_trumps is not among "
               "bidding.contracts"),
        (8, 3, "match.compare is set here but has no effect in this variant: match.target null plays a single deal"),
        (10, 3, "bidding.points is set here but has no effect in this variant: bidding.style turned_card has no "
                "point bids"),
    ]


def test_the_rules_a_house_file_uses_get_no_note(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("extends: french\nmatch: {target: 501, compare: exceed}\n", encoding="utf-8")
    assert load_variant_model(tmp_path / "house.yaml").warnings == ()


def test_a_shipped_file_states_its_rules_with_their_sources_without_a_note() -> None:
    """klaberjass.yaml writes partner rules for a table of two, each with its source: no note for them."""
    assert load_variant_model("klaberjass").warnings == ()


TRUMP_TABLE = "order: [J, 9, A, T, K, Q, 8, 7], points: {J: 30, 9: 14, A: 11, T: 10, K: 4, Q: 3}"


@pytest.mark.parametrize(("text", "noted"), [
    (f"extends: bulgarian\ncards:\n  trump_suit: {{{TRUMP_TABLE}}}\n",
     (3, 3, "cards.trump_suit is set here but has no effect in this variant: it is only the default, and the file it "
            "extends overrides it in every contract it applies to (all_trumps, suit); write it under those keys instead")),
    (f"extends: bulgarian\ncards:\n  trump_suit: {{default: {{{TRUMP_TABLE}}}}}\n",
     (3, 3, "cards.trump_suit is set here but has no effect in this variant: it is only the default, and the file it "
            "extends overrides it in every contract it applies to (all_trumps, suit); write it under those keys instead")),
    ("extends: french\ndeclarations:\n  allowed: true\n",
     (3, 3, "declarations.allowed is set here but has no effect in this variant: it is only the default, and the file "
            "it extends overrides it in every contract it applies to (suit); write it under those keys instead")),
    (f"extends: bulgarian\ncards:\n  trump_suit: {{default: {{{TRUMP_TABLE}}}, suit: {{{TRUMP_TABLE}}}}}\n", None),
    ("extends: coinche\ndeclarations:\n  quads: {A: 150}\n", None),
    ("extends: french\ndeclarations:\n  allowed: {default: false, suit: true}\n", None),
])
def test_a_plain_rule_under_a_parents_overrides_in_every_contract_gets_a_note(
        tmp_path: Path, text: str, noted: tuple[int, int, str] | None) -> None:
    """docs/house-rules.md (a rule that differs by kind of contract): a plain value over a parent's overrides is
    only the default; bulgarian.yaml's trump_suit has a table for suit and for all_trumps (its cards section), so a
    plain table there plays nowhere and is told, with the keys to write; a default some contract reads, or one
    written beside the file's own overrides, is not."""
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    warnings = load_variant_model(tmp_path / "house.yaml").warnings
    assert [(w.line, w.column, w.message) for w in warnings] == ([noted] if noted else [])
