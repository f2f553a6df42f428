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
