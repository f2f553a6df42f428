"""A rule by contract whose value is a section (issue "One home for each rule", item 2: "one per-contract
mechanism (a default plus overrides per contract kind)"): ``scoring.rounding.totals`` holds a rounding section
(mode, tie digit) for every contract, with an override per kind where it differs (rules/bulgarian.md §8: a tie
digit of 6 in suits, 4 in all-trumps, half up in no-trumps). ``show``, ``compare``, the "not used" list and the
booklet open it once for each kind of contract; the older keys ``rounding.suit``, ``rounding.no_trumps`` and
``rounding.all_trumps`` still read, with a note, and the content hash writes it in that older form."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings, strategies as st

from belot_rules.cli import main
from belot_rules.sim.compare import compare_rules
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.unused import unused_rules

ROOT = Path(__file__).parent.parent
KINDS = ("suit", "no_trumps", "all_trumps")
MODES = ("none", "half_up", "half_down", "tie_digit", "pair_to_total", "even_tens")


def _file(tmp_path: Path, name: str, rounding: str, parent: str = "bulgarian") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: {parent}\nname: {name}\nscoring:\n  rounding:\n{rounding}", encoding="utf-8")
    return path


def test_bulgarian_rounds_by_kind_of_contract_bulgarian_md_8() -> None:
    """rules/bulgarian.md §8: tie digit 6 in suits, 4 in all-trumps, half up in no-trumps (variants/bulgarian.yaml)."""
    totals = load_variant_model("bulgarian").variant.scoring.rounding.totals
    assert [(totals.of(c).mode, totals.of(c).tie_digit) for c in ("hearts", "no_trumps", "all_trumps")] == [
        ("tie_digit", 6), ("half_up", 5), ("tie_digit", 4)]


def test_a_default_section_with_an_override_holds_in_every_contract_of_its_kind(tmp_path: Path) -> None:
    house = _file(tmp_path, "house", "    totals:\n      default: {mode: none}\n"
                                     "      all_trumps: {mode: tie_digit, tie_digit: 3}\n", parent="schieber")
    totals = load_variant_model(house).variant.scoring.rounding.totals
    assert [totals.of(c).mode for c in ("clubs", "no_trumps", "undenufe")] == ["none"] * 3
    assert (totals.of("all_trumps").mode, totals.of("all_trumps").tie_digit) == ("tie_digit", 3)


@settings(max_examples=12, deadline=None)
@given(st.fixed_dictionaries({}, optional={kind: st.sampled_from(MODES) for kind in KINDS}))
def test_the_old_keys_read_as_the_overrides_with_a_note_and_keep_the_hash(tmp_path_factory: pytest.TempPathFactory,
                                                                         modes: dict[str, str]) -> None:
    """Whatever kinds an older file rounds its own way, it reads as the same rules and hashes as before."""
    tmp_path = tmp_path_factory.mktemp("files")
    written = "".join(f"      {kind}: {{mode: {mode}}}\n" for kind, mode in modes.items())
    old = load_variant_model(_file(tmp_path, "old", "    unit: tens\n" + written.replace("      ", "    ")))
    new = load_variant_model(_file(tmp_path, "new", "    unit: tens\n" + ("    totals:\n" + written if modes else "")))
    assert old.variant.scoring == new.variant.scoring and old.content_hash == new.content_hash
    assert [w.message.split(":")[0] for w in old.warnings] == [f"scoring.rounding.{kind}" for kind in modes]
    assert all("write it under `totals`" in w.message for w in old.warnings) and new.warnings == ()


def test_show_and_the_unused_list_open_the_section_for_each_kind(capsys: pytest.CaptureFixture[str]) -> None:
    """French plays no no-trumps (variants/french.yaml): its no-trumps rounding is set aside as not used."""
    french = load_variant_model("french").variant
    unused = unused_rules(french)
    assert unused[("scoring", "rounding", "totals", "no_trumps")] == "no_trumps is not among bidding.contracts"
    assert ("scoring", "rounding", "totals", "suit") not in unused
    assert unused[("scoring", "rounding", "totals", "suit", "tie_digit")] == "only tie_digit rounding has a tie digit"
    assert main(["show", "french"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "rounding.totals.suit.mode: half_up" in shown and "rounding.totals.no_trumps.mode" in shown


def test_compare_lines_up_each_kind_however_each_file_writes_it() -> None:
    """bulgarian.yaml writes an override for each kind, coinche.yaml one section for every contract."""
    bulgarian, coinche = load_variant_model("bulgarian").variant, load_variant_model("coinche").variant
    rows = {row.option: row.values for row in compare_rules([bulgarian, coinche])}
    assert rows["rounding.totals.suit.mode"] == ("tie_digit", "half_up")
    assert rows["rounding.totals.all_trumps.tie_digit"] == (4, 5)
    assert "rounding.totals.no_trumps.mode" not in rows and "rounding.totals" not in rows


def test_the_origin_of_a_kinds_rounding_is_its_override_or_the_default(tmp_path: Path) -> None:
    """french.yaml writes an override for suit contracts; the house file's default holds in the other kinds."""
    house = load_variant_model(_file(tmp_path, "house", "    totals:\n      default: {mode: none}\n", "french"))
    assert house.origin(("scoring", "rounding", "totals", "all_trumps", "mode")) == tmp_path / "house.yaml"
    assert house.origin(("scoring", "rounding", "totals", "suit", "mode")).name == "french.yaml"
    assert house.origin(("scoring", "rounding", "totals", "all_trumps", "tie_digit")) is None


def test_the_schema_takes_a_plain_section_overrides_and_the_old_keys() -> None:
    schema = json.loads((ROOT / "schemas" / "variant.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    for rounding in ({"totals": {"mode": "none"}}, {"totals": {"default": {"mode": "none"}, "suit": {"tie_digit": 6}}},
                     {"suit": {"mode": "half_up"}, "all_trumps": {"mode": "tie_digit", "tie_digit": 4}}):
        assert not list(validator.iter_errors({"scoring": {"rounding": rounding}})), rounding
    assert list(validator.iter_errors({"scoring": {"rounding": {"totals": {"hearts": {"mode": "none"}}}}}))
    assert schema["definitions"]["Rounding"]["properties"]["suit"]["deprecated"] is True


# The card tables (cards.trump_suit, cards.plain_suit): a rank table for each place a suit plays, trump or not.
TRUMP = "{order: [J, 9, A, T, K, Q, 8, 7], points: {J: 20, 9: 14, A: 11, T: 10, K: 4, Q: 3}}"
ACE_19 = "{order: [A, T, K, Q, J, 9, 8, 7], points: {A: 19, T: 10, K: 4, Q: 3, J: 2}}"
SCALED = "{order: [J, 9, A, T, K, Q, 8, 7], points: {J: 13, 9: 9, A: 6, T: 5, K: 3, Q: 2}}"


def _cards(tmp_path: Path, name: str, cards: str, parent: str = "bulgarian") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: {parent}\nname: {name}\ncards:\n{cards}", encoding="utf-8")
    return path


def test_the_old_table_keys_read_as_the_overrides_of_the_two_tables_and_keep_the_hash(tmp_path: Path) -> None:
    """coinche.yaml's tables (FFB-K 11.2, 11.3) written the older way (no_trumps, all_trumps, and the trump, plain
    and undenufe tables) and the new: the same rules and the same hash; the old way gets a note for each key."""
    old = load_variant_model(_cards(tmp_path, "old", f"  trump: {TRUMP}\n  plain: {ACE_19}\n  no_trumps: {ACE_19}\n"
                                                     f"  all_trumps: {SCALED}\n  undenufe: {SCALED}\n"))
    new = load_variant_model(_cards(tmp_path, "new", f"  trump_suit:\n    suit: {TRUMP}\n    all_trumps: {SCALED}\n"
                                                     f"  plain_suit:\n    suit: {ACE_19}\n    no_trumps: {ACE_19}\n"
                                                     f"    undenufe: {SCALED}\n"))
    assert old.variant.cards == new.variant.cards and old.content_hash == new.content_hash
    assert [w.message.split(":")[0] for w in old.warnings if "older way" in w.message] == [
        f"cards.{key}" for key in ("trump", "plain", "no_trumps", "all_trumps", "undenufe")]


def test_an_old_plain_table_leaves_no_trumps_and_undenufe_their_own(tmp_path: Path) -> None:
    """As before the tables were one rule: `plain` was the suit contracts' plain suits only (no-trumps and undenufe,
    schieber.md §1, keep their tables); a plain suit written for every contract is every contract's."""
    french = load_variant_model("french").variant.cards.plain_suit
    old = load_variant_model(_cards(tmp_path, "old", f"  plain: {ACE_19}\n", "french")).variant.cards.plain_suit
    assert old.of("hearts").points["A"] == 19
    assert (old.of("no_trumps"), old.of("undenufe")) == (french.of("no_trumps"), french.of("undenufe"))
    every = load_variant_model(_cards(tmp_path, "every", f"  plain_suit: {ACE_19}\n", "french")).variant.cards
    assert every.plain_suit.of("no_trumps").points["A"] == every.plain_suit.of("undenufe").points["A"] == 19


def test_a_table_may_differ_by_contract_itself(tmp_path: Path) -> None:
    """PerContract: hearts' trump table of its own, the other suit contracts keep theirs."""
    from belot_rules.rules.cards.tables import build_contract_tables

    variant = load_variant_model(_cards(tmp_path, "hearts", f"  trump_suit:\n    hearts: {SCALED}\n", "french")).variant
    assert build_contract_tables(variant, "hearts").total_points == 38 + 3 * 30
    assert build_contract_tables(variant, "spades").total_points == 62 + 3 * 30


def test_show_opens_each_table_where_it_plays(capsys: pytest.CaptureFixture[str]) -> None:
    """A trump suit's table in suit and all-trumps contracts, a plain suit's in suit, no-trumps and undenufe ones;
    French plays suit contracts only (variants/french.yaml)."""
    unused = unused_rules(load_variant_model("french").variant)
    assert ("cards", "trump_suit", "suit") not in unused and ("cards", "plain_suit", "suit") not in unused
    assert {key for key in unused if key[:1] == ("cards",) and len(key) == 3} == {
        ("cards", "trump_suit", "all_trumps"), ("cards", "plain_suit", "no_trumps"), ("cards", "plain_suit", "undenufe")}
    assert main(["show", "french"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "trump_suit.suit.order: J 9 A T K Q 8 7" in shown and "trump_suit.no_trumps" not in shown


def test_a_contracts_own_table_is_shown_compared_and_resolved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An override for one contract is opened beside the kinds: show and compare tell it, and the resolved rules
    keep it, so they read back as the same rules."""
    path = _cards(tmp_path, "hearts", f"  trump_suit:\n    hearts: {SCALED}\n", "french")
    hearts = load_variant_model(path)
    rows = {row.option: row.values for row in compare_rules([load_variant_model("french").variant, hearts.variant])}
    assert rows["trump_suit.hearts.points"][1] == {"J": 13, "9": 9, "A": 6, "T": 5, "K": 3, "Q": 2}
    assert main(["show", str(path)]) == 0
    assert "trump_suit.hearts.points: J 13, 9 9, A 6" in " ".join(capsys.readouterr().out.split())
    assert main(["show", str(path), "--resolved"]) == 0
    (tmp_path / "resolved.yaml").write_text(capsys.readouterr().out, encoding="utf-8")
    assert load_variant_model(tmp_path / "resolved.yaml").content_hash == hearts.content_hash


def test_a_contracts_own_table_is_not_used_where_that_contract_is_not_played(tmp_path: Path) -> None:
    """belote-a-trois plays the four suits only (variants/belote-a-trois.yaml): no all-trumps table of its own."""
    path = _cards(tmp_path, "at", f"  trump_suit:\n    all_trumps: {SCALED}\n    hearts: {SCALED}\n", "belote-a-trois")
    loaded = load_variant_model(path)
    unused = unused_rules(loaded.variant)
    assert unused[("cards", "trump_suit", "all_trumps")] == "all_trumps is not among bidding.contracts"
    assert ("cards", "trump_suit", "hearts") not in unused
    assert [w.message for w in loaded.warnings] == [
        "cards.trump_suit.all_trumps is set here but has no effect in this variant: all_trumps is not among "
        "bidding.contracts"]


OLD_TABLE_KEYS = {"trump": ("trump_suit", "suit"), "all_trumps": ("trump_suit", "all_trumps"),
                  "plain": ("plain_suit", "suit"), "no_trumps": ("plain_suit", "no_trumps"),
                  "undenufe": ("plain_suit", "undenufe")}


@settings(max_examples=10, deadline=None)
@given(st.fixed_dictionaries({}, optional={key: st.sampled_from((TRUMP, ACE_19, SCALED)) for key in OLD_TABLE_KEYS}))
def test_any_old_tables_read_as_the_new_ones_in_every_contract_and_keep_the_hash(
        tmp_path_factory: pytest.TempPathFactory, tables: dict[str, str]) -> None:
    """Whatever tables an older file writes, the newer form of them plays the same table in every contract and
    hashes the same (cards.trump, plain, no_trumps, all_trumps, undenufe are the two rules' places)."""
    tmp_path = tmp_path_factory.mktemp("files")
    old = _cards(tmp_path, "old", "".join(f"  {key}: {table}\n" for key, table in tables.items()) or "  ranks: [7, 8, 9, T, J, Q, K, A]\n")
    rules: dict[str, list[str]] = {}
    for key, table in tables.items():
        rule, place = OLD_TABLE_KEYS[key]
        rules.setdefault(rule, []).append(f"    {place}: {table}\n")
    new = _cards(tmp_path, "new", "".join(f"  {rule}:\n" + "".join(lines) for rule, lines in rules.items())
                 or "  ranks: [7, 8, 9, T, J, Q, K, A]\n")
    old_cards, new_cards = load_variant_model(old).variant.cards, load_variant_model(new).variant.cards
    for contract in ("hearts", "no_trumps", "all_trumps", "undenufe"):
        assert old_cards.trump_suit.of(contract) == new_cards.trump_suit.of(contract), contract
        assert old_cards.plain_suit.of(contract) == new_cards.plain_suit.of(contract), contract
    assert load_variant_model(old).content_hash == load_variant_model(new).content_hash


def test_old_table_keys_read_in_any_order(tmp_path: Path) -> None:
    """`undenufe` before `plain` (the override of a contract before a kind's, found by the test above): both read."""
    cards = load_variant_model(_cards(tmp_path, "order", f"  undenufe: {SCALED}\n  plain: {ACE_19}\n")).variant.cards
    assert cards.plain_suit.of("undenufe").points["J"] == 13 and cards.plain_suit.of("hearts").points["A"] == 19
