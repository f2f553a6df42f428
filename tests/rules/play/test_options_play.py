"""The play options are declared once, on their fields: their meanings and when they apply reach
`belot show`, `belot compare` and the JSON Schema from there."""

from __future__ import annotations

from pathlib import Path

import pytest

from belot_rules.cli import main
from belot_rules.rules.common import option_of, override_keys
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.meanings import declared_options
from belot_rules.variant.model import Play
from belot_rules.variant.unused import unused_reason, unused_rules


def test_every_play_option_is_declared_on_its_field() -> None:
    """Issue "One home for each rule" (item 2): a sentence per value on the field itself."""
    declared = {path: option for path, _, option in declared_options()}
    for name, field in Play.model_fields.items():
        option = option_of(field)
        assert option is not None and (option.meanings or field.annotation is bool), name  # a yes/no names no values
        if override_keys(field.annotation):  # a choice by contract: each place it is shown in, in the same words
            assert all(declared[("play", name, place)].meanings is option.meanings for place in option.shown_in)
        else:
            assert declared[("play", name)] is option


@pytest.mark.parametrize("name, sides", [("belote-a-deux", "each_for_self"), ("belote-a-trois", "taker_vs_rest")])
def test_a_partners_exception_is_not_used_at_a_table_without_partners(name: str, sides: str) -> None:
    """rules/play/obligations.py reads a partner as the seat two places back, and a table without partners has none:
    the rules that only change what a player owes a winning partner do nothing there."""
    unused = unused_rules(load_variant_model(name).variant)
    assert unused_reason(unused, ("play", "partner_winning_void")) == f"table.sides {sides} has no partners"
    # A trump lead may also be followed by any trump (never, the Jass rule, schieber.md §4.3.1): used at any table.
    assert unused_reason(unused, ("play", "trump_overtake", "suit")) is None
    assert unused_reason(unused, ("play", "undertrump")) is None
    assert unused_reason(unused, ("play", "plain_suit_overtake")) is None


def test_all_trumps_overtaking_is_not_used_without_an_all_trumps_contract() -> None:
    assert unused_reason(unused_rules(load_variant_model("french").variant),
                         ("play", "trump_overtake", "all_trumps")) == "all_trumps is not among bidding.contracts"
    bulgarian = unused_rules(load_variant_model("bulgarian").variant)
    assert unused_reason(bulgarian, ("play", "trump_overtake", "all_trumps")) is None


def test_show_gives_the_declared_meaning_and_the_reason(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["show", "belote-a-deux"]) == 0
    out = capsys.readouterr().out
    assert "      Following a plain suit, any card of it may be played." in out
    assert "  Not used, as table.sides each_for_self has no partners: partner_winning_void, single_hand." in out


def test_all_trumps_is_never_followed_freely_and_validate_says_which_values_it_takes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One overtake type (issue "One home for each rule", item 2): `never` is a value of the type, which
    plain_suit_overtake and a trump lead in suit contracts take (Jass, schieber.md §4.3.1); in all-trumps, where
    every lead is a trump lead (the older all_trumps_overtake), it is refused at its line with the values it takes,
    also written for every contract, though not where all-trumps is not played."""
    refused = ("play.trump_overtake.all_trumps is never, which all-trumps does not play (every suit is trumps: a player "
               "following suit beats the table always, or unless_partner_winning)")
    for written, line in (("  all_trumps_overtake: never\n", "3:24"), ("  trump_overtake: {all_trumps: never}\n", "3:32")):
        (tmp_path / "house.yaml").write_text(f"extends: bulgarian\nplay:\n{written}", encoding="utf-8")
        assert main(["validate", str(tmp_path / "house.yaml")]) != 0
        assert f"house.yaml:{line}: {refused}" in capsys.readouterr().err
    (tmp_path / "house.yaml").write_text("extends: bulgarian\nplay:\n  trump_overtake: never\n", encoding="utf-8")
    assert main(["validate", str(tmp_path / "house.yaml")]) != 0
    assert f"house.yaml:3:19: {refused}" in capsys.readouterr().err
    (tmp_path / "house.yaml").write_text("extends: french\nplay:\n  trump_overtake: never\n", encoding="utf-8")
    assert main(["validate", str(tmp_path / "house.yaml")]) == 0


def test_a_trump_leads_overtaking_differs_by_kind_and_reads_the_older_keys(tmp_path: Path) -> None:
    """In all-trumps every lead is a trump lead (bulgarian.md: C1 for suit contracts, C2 for all-trumps), so the older
    trump_lead_overtrump and all_trumps_overtake are one rule's two places (play.trump_overtake): read with a note,
    hashed as before, and told by kind in the booklet where they differ."""
    from belot_rules import load_variant
    from belot_rules.booklet import booklet, to_text

    old = tmp_path / "old.yaml"
    old.write_text("extends: bulgarian\nplay:\n  trump_lead_overtrump: always\n"
                   "  all_trumps_overtake: unless_partner_winning\n", encoding="utf-8")
    new = tmp_path / "new.yaml"
    new.write_text("extends: bulgarian\nplay:\n  trump_overtake: {all_trumps: unless_partner_winning}\n", encoding="utf-8")
    old_rules, new_rules = load_variant_model(old), load_variant_model(new)
    assert [old_rules.variant.play.trump_overtake.of(c) for c in ("hearts", "all_trumps")] == [
        new_rules.variant.play.trump_overtake.of(c) for c in ("hearts", "all_trumps")] == ["always", "unless_partner_winning"]
    assert old_rules.content_hash == new_rules.content_hash
    assert [w.message.split(":")[0] for w in old_rules.warnings] == [
        "play.trump_lead_overtrump", "play.all_trumps_overtake"]
    text = " ".join(to_text(booklet(load_variant(str(new))), 1000).split())
    assert ("In all-trumps contracts: when trumps are led, a player must beat the highest trump if able, unless "
            "their partner is winning.") in text
    assert "In trump contracts: when trumps are led, every player must beat the highest trump if able." in text
