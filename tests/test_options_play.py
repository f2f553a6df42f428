"""The play options are declared once, on their fields: their meanings and when they apply reach
`belot show`, `belot compare` and the JSON Schema from there."""

from __future__ import annotations

from pathlib import Path

import pytest

from belot_rules.cli import main
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.meanings import declared_options
from belot_rules.variant.model import Play
from belot_rules.variant.options.base import option_of
from belot_rules.variant.unused import unused_reason, unused_rules


def test_every_play_option_is_declared_on_its_field() -> None:
    """Issue "One home for each rule" (item 2): a sentence per value on the field itself."""
    declared = {path: option for path, _, option in declared_options()}
    for name, field in Play.model_fields.items():
        option = option_of(field)
        assert option is not None and option.meanings, name
        assert declared[("play", name)] is option


@pytest.mark.parametrize("name, sides", [("belote-a-deux", "each_for_self"), ("belote-a-trois", "taker_vs_rest")])
def test_a_partners_exception_is_not_used_at_a_table_without_partners(name: str, sides: str) -> None:
    """rules/play.py reads a partner as the seat two places back, and a table without partners has none:
    the rules that only change what a player owes a winning partner do nothing there."""
    unused = unused_rules(load_variant_model(name).variant)
    assert unused_reason(unused, ("play", "partner_winning_void")) == f"table.sides {sides} has no partners"
    # A trump lead may also be followed by any trump (never, the Jass rule, schieber.md §4.3.1): used at any table.
    assert unused_reason(unused, ("play", "trump_lead_overtrump")) is None
    assert unused_reason(unused, ("play", "undertrump")) is None
    assert unused_reason(unused, ("play", "plain_suit_overtake")) is None


def test_all_trumps_overtaking_is_not_used_without_an_all_trumps_contract() -> None:
    assert unused_reason(unused_rules(load_variant_model("french").variant),
                         ("play", "all_trumps_overtake")) == "all_trumps is not among bidding.contracts"
    assert unused_reason(unused_rules(load_variant_model("bulgarian").variant), ("play", "all_trumps_overtake")) is None


def test_show_gives_the_declared_meaning_and_the_reason(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["show", "belote-a-deux"]) == 0
    out = capsys.readouterr().out
    assert "      Following a plain suit, any card of it may be played." in out
    assert "  Not used, as table.sides each_for_self has no partners: partner_winning_void." in out


def test_all_trumps_is_never_followed_freely_and_validate_says_which_values_it_takes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One overtake type for three options (issue "One home for each rule", item 2): `never` is a value of the
    type, which plain_suit_overtake and trump_lead_overtrump take (Jass, schieber.md §4.3.1); all_trumps_overtake
    refuses it at its line with its own values."""
    (tmp_path / "house.yaml").write_text("extends: bulgarian\nplay:\n  all_trumps_overtake: never\n", encoding="utf-8")
    assert main(["validate", str(tmp_path / "house.yaml")]) != 0
    assert ("house.yaml:3:24: play.all_trumps_overtake: `never` is not a valid value; valid values: always, "
            "unless_partner_winning") in capsys.readouterr().err
