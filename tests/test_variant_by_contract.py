"""A rule that differs by kind of contract is written one way (``ByContract``): a default, and an override per kind
where it differs, e.g. ``declarations.quads: {default: {...}, no_trumps: {...}}`` (issue "One home for each rule",
item 2: "one per-contract mechanism (a default plus overrides per contract kind)"). Coinche's quads in no-trumps
follow FFB-K 11.2 (variants/coinche.yaml)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings, strategies as st

from belot_rules.cli import main
from belot_rules.errors import VariantError
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import Declarations, contract_kind
from belot_rules.variant.yamlsafe import read_yaml

ROOT = Path(__file__).parent.parent
NO_TRUMPS = {"A": 200, "T": 150, "K": 100, "Q": 100, "J": 100, "9": 100}


def test_an_override_for_one_kind_keeps_the_parents_plain_default() -> None:
    """coinche.yaml writes only `quads: {no_trumps: ...}`; french.yaml's plain table stays the default."""
    quads = load_variant_model("coinche").variant.declarations.quads
    assert quads.default == load_variant_model("french").variant.declarations.quads.default
    assert (quads.of("no_trumps"), quads.of("hearts"), quads.of("all_trumps")) == (NO_TRUMPS, quads.default,
                                                                                   quads.default)


def test_a_plain_table_over_overrides_changes_the_default_only(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("extends: coinche\ndeclarations:\n  quads: {A: 150}\n", encoding="utf-8")
    quads = load_variant_model(tmp_path / "house.yaml").variant.declarations.quads
    assert quads.default["A"] == 150 and quads.default["J"] == 200 and quads.of("no_trumps") == NO_TRUMPS


def test_the_old_no_trumps_key_is_read_noted_and_hashed_as_the_override(tmp_path: Path) -> None:
    (tmp_path / "old.yaml").write_text(
        "extends: french\ndeclarations:\n"
        "  no_trumps_quads: {A: 200, T: 150, K: 100, Q: 100, J: 100, 9: 100}\n", encoding="utf-8")
    (tmp_path / "new.yaml").write_text(
        "extends: french\ndeclarations:\n"
        "  quads:\n    no_trumps: {A: 200, T: 150, K: 100, Q: 100, J: 100, 9: 100}\n", encoding="utf-8")
    old, new = load_variant_model(tmp_path / "old.yaml"), load_variant_model(tmp_path / "new.yaml")
    assert old.variant.declarations.quads == new.variant.declarations.quads
    assert old.content_hash == new.content_hash
    assert [(w.line, w.column, w.message) for w in old.warnings] == [
        (3, 3, "declarations.no_trumps_quads: `no_trumps_quads` is the older way to write `quads` in no_trumps "
               "contracts, still read; write it under `quads` as `no_trumps:` instead (with the others under "
               "`default:`)")]
    assert new.warnings == ()


def test_the_schema_takes_a_plain_table_overrides_and_the_old_key() -> None:
    schema = json.loads((ROOT / "schemas" / "variant.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    for quads in ({"J": 200}, {"default": {"J": 200}, "no_trumps": {"A": 200}}, {"no_trumps": {"A": 200}}):
        assert not list(validator.iter_errors({"declarations": {"quads": quads}})), quads
    assert not list(validator.iter_errors({"declarations": {"no_trumps_quads": {"A": 200}}}))
    assert list(validator.iter_errors({"declarations": {"quads": {"default": {"J": 200}, "hearts": {}}}}))
    assert read_yaml(ROOT / "variants" / "baloot.yaml").data["declarations"]["quads"]["no_trumps"]["A"] == 200


def test_show_tells_the_default_and_each_override_apart(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["show", "baloot"]) == 0
    assert ("  quads: default: A 100, K 100, Q 100, J 100, T 100; no_trumps: A 200, K 100, Q 100, J 100, T 100"
            in capsys.readouterr().out.splitlines())


TABLES = st.dictionaries(st.sampled_from(["7", "8", "9", "T", "J", "Q", "K", "A"]), st.integers(0, 300), max_size=8)


@settings(max_examples=60, deadline=None)
@given(default=TABLES, overrides=st.dictionaries(st.sampled_from(["suit", "no_trumps", "all_trumps"]), TABLES))
def test_a_rule_by_contract_reads_back_as_written_and_falls_back_to_its_default(
        default: dict[str, int], overrides: dict[str, dict[str, int]]) -> None:
    """Invariants of ByContract: what it writes reads back the same, and a contract without an override
    of its kind has the default."""
    quads = Declarations(quads={"default": default, **overrides}).quads
    assert Declarations(quads=quads.written()).quads == quads
    for contract in ("clubs", "no_trumps", "all_trumps"):
        assert quads.of(contract) == overrides.get(contract_kind(contract), default)
    written = Declarations(quads=quads.written()).model_dump(mode="json")["quads"]
    assert written == (default if not overrides else {"default": default, **overrides})


def test_the_capot_bonus_differs_by_contract_and_reads_the_old_no_trumps_key(tmp_path: Path) -> None:
    """Baloot's kaboot is 250 in Hokum and 220 in Sun (baloot.md §7, variants/baloot.yaml): `capot.bonus` with a
    no_trumps override; the old `no_trumps_bonus` is read as that override, noted, and hashed as before."""
    bonus = load_variant_model("baloot").variant.scoring.capot.bonus
    assert (bonus.of("hearts"), bonus.of("no_trumps")) == (250, 220)
    (tmp_path / "old.yaml").write_text("extends: bulgarian\nscoring:\n  capot:\n    no_trumps_bonus: 120\n",
                                       encoding="utf-8")
    (tmp_path / "new.yaml").write_text("extends: bulgarian\nscoring:\n  capot:\n    bonus: {no_trumps: 120}\n",
                                       encoding="utf-8")
    old, new = load_variant_model(tmp_path / "old.yaml"), load_variant_model(tmp_path / "new.yaml")
    assert old.variant.scoring.capot.bonus == new.variant.scoring.capot.bonus
    assert (new.variant.scoring.capot.bonus.of("all_trumps"), new.variant.scoring.capot.bonus.of("no_trumps")) == (
        90, 120)
    assert old.content_hash == new.content_hash
    assert [w.message.split(":")[0] for w in old.warnings] == ["scoring.capot.no_trumps_bonus"]


def test_the_card_factor_differs_by_contract_and_reads_the_old_no_trumps_factor(tmp_path: Path) -> None:
    """Card points and last trick count double in no-trumps unless a file says otherwise (bulgarian.md §6, [E1];
    coinche's no-trumps table already totals 162): `scoring.card_factor`, by kind of contract. The old
    `no_trumps_factor` is read as its no_trumps override, noted, and hashed as before (its default, 1, unwritten)."""
    assert load_variant_model("bulgarian").variant.scoring.card_factor.of("no_trumps") == 2
    assert load_variant_model("coinche").variant.scoring.card_factor.of("no_trumps") == 1
    (tmp_path / "old.yaml").write_text("title: Old\nscoring:\n  no_trumps_factor: 3\n", encoding="utf-8")
    (tmp_path / "new.yaml").write_text("title: New\nscoring:\n  card_factor: {no_trumps: 3}\n", encoding="utf-8")
    (tmp_path / "other.yaml").write_text("title: Other\nscoring:\n  card_factor: {all_trumps: 3}\n",
                                         encoding="utf-8")
    old, new = load_variant_model(tmp_path / "old.yaml"), load_variant_model(tmp_path / "new.yaml")
    factor = new.variant.scoring.card_factor
    assert old.variant.scoring.card_factor == factor and old.content_hash == new.content_hash
    assert (factor.of("clubs"), factor.of("no_trumps"), factor.of("all_trumps")) == (1, 3, 1)
    assert [w.message.split(":")[0] for w in old.warnings if "no_trumps_factor" in w.message] == [
        "scoring.no_trumps_factor"]
    other = load_variant_model(tmp_path / "other.yaml").variant.scoring.card_factor
    assert (other.of("no_trumps"), other.of("all_trumps")) == (2, 3)  # an override keeps the model's others


def test_the_capot_follows_the_card_factor_by_contract_and_reads_the_old_no_trumps_key(tmp_path: Path) -> None:
    """The valat's 90 is not doubled in no-trumps (bulgarian.md §6, [E1] SF "except the bonus for getting all the
    hands"): `capot.multiplied_by_card_factor` is false there; the old `multiplied_by_no_trumps_factor` is read
    as its no_trumps override, noted, and hashed as before."""
    (tmp_path / "old.yaml").write_text("extends: bulgarian\nscoring:\n  capot:\n    multiplied_by_no_trumps_factor: "
                                       "true\n", encoding="utf-8")
    (tmp_path / "new.yaml").write_text("extends: bulgarian\nscoring:\n  capot:\n    multiplied_by_card_factor: "
                                       "{no_trumps: true}\n", encoding="utf-8")
    old, new = load_variant_model(tmp_path / "old.yaml"), load_variant_model(tmp_path / "new.yaml")
    factored = new.variant.scoring.capot.multiplied_by_card_factor
    assert old.variant.scoring.capot.multiplied_by_card_factor == factored and old.content_hash == new.content_hash
    assert (factored.of("no_trumps"), factored.of("hearts")) == (True, False)
    assert not load_variant_model("bulgarian").variant.scoring.capot.multiplied_by_card_factor.of("no_trumps")
    assert [w.message.split(":")[0] for w in old.warnings] == ["scoring.capot.multiplied_by_no_trumps_factor"]


@pytest.mark.parametrize(("key", "section", "written", "new"), [
    ("contracts", "declarations:\n", "[suit]", "{default: false, suit: true}"),
    ("contracts", "declarations:\n  belote:\n  ", "[suit, all_trumps]", "{default: true, no_trumps: false}"),
    ("kinds", "bidding:\n  doubles:\n    condition:\n    ", "[no_trumps]", "{default: false, no_trumps: true}"),
])
def test_an_old_list_of_contract_kinds_is_read_noted_and_hashed_as_a_yes_no_by_kind(
        tmp_path: Path, key: str, section: str, written: str, new: str) -> None:
    """declarations.contracts, declarations.belote.contracts and bidding.doubles.condition.kinds were lists of
    kinds; each is now a yes/no by kind (ByContract), the list still read with a note and hashed as it was."""
    name = "applies" if key == "kinds" else "allowed"
    (tmp_path / "old.yaml").write_text(f"extends: bulgarian\n{section}  {key}: {written}\n", encoding="utf-8")
    (tmp_path / "new.yaml").write_text(f"extends: bulgarian\n{section}  {name}: {new}\n", encoding="utf-8")
    old, new_model = load_variant_model(tmp_path / "old.yaml"), load_variant_model(tmp_path / "new.yaml")
    def rule(model: Any) -> Any:
        held = model.variant.bidding.doubles.condition if key == "kinds" else model.variant.declarations
        return getattr(held.belote if "belote" in section else held, name)
    assert rule(old).kinds() == rule(new_model).kinds() and old.content_hash == new_model.content_hash
    assert [w.message.split(": ", 1)[1] for w in old.warnings] == [
        f"`{key}: {written}` is the older way to write `{name}: {new}`, still read; write `{name}: {new}` instead"]
    assert new_model.warnings == ()


def test_a_childs_old_list_replaces_its_parents_whole_rule(tmp_path: Path) -> None:
    """A list named every kind where the rule holds: a child's [suit] turns all-trumps off even where the parent
    (bulgarian.yaml) allows it, as the list did."""
    (tmp_path / "old.yaml").write_text("extends: bulgarian\ndeclarations:\n  contracts: [suit]\n", encoding="utf-8")
    allowed = load_variant_model(tmp_path / "old.yaml").variant.declarations.allowed
    assert allowed.kinds() == ["suit"]


def test_a_wrong_kind_in_an_old_list_is_told_at_its_place_with_the_kinds(tmp_path: Path) -> None:
    """A word that is no kind of contract is refused where it stands, with the keys a yes/no by kind takes."""
    (tmp_path / "bad.yaml").write_text("extends: french\ndeclarations:\n  contracts: [suit, nope]\n", encoding="utf-8")
    with pytest.raises(Exception) as refused:
        load_variant_model(tmp_path / "bad.yaml")
    assert "bad.yaml:3:21: declarations.allowed.nope: unknown key `nope`; valid keys here: default, suit, " \
           "no_trumps, all_trumps" in str(refused.value)


def test_contract_factors_differ_by_contract_or_kind_and_a_table_keeps_its_hash(tmp_path: Path) -> None:
    """Belote bridgée multiplies a deal by its contract's rank (belote-bridgee.md §3.1, §6.2: clubs 1 ... all_trumps
    6), per suit: `scoring.contract_factors` is a rule by contract whose overrides name a contract or a kind, a
    contract's own before its kind's, then the default. A table by contract, as files wrote it, reads and hashes
    as it did (the hash pinned was the file's before the change)."""
    bridgee = load_variant_model("belote-bridgee").variant.scoring.contract_factors
    assert [bridgee.of(c) for c in ("clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps")] == [
        1, 2, 3, 4, 5, 6]
    (tmp_path / "table.yaml").write_text(
        "title: House\nscoring:\n  contract_factors: {hearts: 2, all_trumps: 3}\n", encoding="utf-8")
    table = load_variant_model(tmp_path / "table.yaml")
    assert table.content_hash == "ef8de5e8be1b85fd"
    assert not [w for w in table.warnings if "contract_factors" in w.message]  # no older form to note
    factors = table.variant.scoring.contract_factors
    assert [factors.of(c) for c in ("clubs", "hearts", "no_trumps", "all_trumps")] == [1, 2, 1, 3]
    (tmp_path / "kinds.yaml").write_text(
        "title: Kinds\nscoring:\n  contract_factors: {default: 2, suit: 3, hearts: 4}\n", encoding="utf-8")
    factors = load_variant_model(tmp_path / "kinds.yaml").variant.scoring.contract_factors
    assert [factors.of(c) for c in ("clubs", "hearts", "no_trumps", "all_trumps")] == [3, 4, 2, 2]


@pytest.mark.parametrize("parent", ["extends: bulgarian\n", "title: Plain\n"])
@pytest.mark.parametrize(("rule", "expected"), [
    ("cards:\n  trump_suit:\n    suitt: {order: [J, 9, A, T, K, Q, 8, 7]}\n",
     "house.yaml:4:5: cards.trump_suit.suitt: unknown key `suitt`; did you mean `suit`?"),
    ("scoring:\n  rounding:\n    totals:\n      suitt: {mode: half_up}\n",
     "house.yaml:5:7: scoring.rounding.totals.suitt: unknown key `suitt`; did you mean `suit`?"),
    ("scoring:\n  rounding:\n    totals: {mde: half_up}\n",
     "house.yaml:4:14: scoring.rounding.totals.mde: unknown key `mde`; did you mean `mode`?"),
    ("play:\n  trump_overtake: {defualt: never}\n",
     "house.yaml:3:20: play.trump_overtake.defualt: unknown key `defualt`; did you mean `default`?"),
    ("declarations:\n  allowed: {suitt: true}\n",
     "house.yaml:3:13: declarations.allowed.suitt: unknown key `suitt`; did you mean `suit`?"),
    ("scoring:\n  capot:\n    bonus: {suitt: 90}\n",
     "house.yaml:4:13: scoring.capot.bonus.suitt: unknown key `suitt`; did you mean `suit`?"),
    ("cards:\n  plain_suit: {ordr: [A, T, K, Q, J, 9, 8, 7], points: {A: 11, T: 10, K: 4, Q: 3, J: 2}}\n",
     "house.yaml:3:16: cards.plain_suit.ordr: unknown key `ordr`; did you mean `order`?"),
    ("cards:\n  trump_suit: {order: [J, 9, A, T, K, Q, 8, 7]}\n",
     "house.yaml:3:3: cards.trump_suit.points: missing; add it"),
])
def test_a_misspelt_kind_is_told_among_the_kinds_house_rules_md_by_contract(tmp_path: Path, parent: str, rule: str,
                                                                              expected: str) -> None:
    """docs/house-rules.md (a rule that differs by kind of contract; `validate`'s "did you mean"): a mapping that
    names no kind and none of the rule's own keys is its overrides with a misspelt kind, in a house file that
    extends another as in one that does not; not a plain value with a misspelt rule and missing ones. A plain
    table is told as written (no `default` the file does not write), and a rule it misspells is not missing too."""
    (tmp_path / "house.yaml").write_text(parent + rule, encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant_model(tmp_path / "house.yaml")
    lines = [f"{Path(p.file).name}:{p.line}:{p.column}: {p.message}" for p in caught.value.problems]
    assert len(lines) == 1 and lines[0].startswith(expected), lines
