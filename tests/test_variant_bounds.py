"""Variant files: every number in a range the engine can play, orders that are permutations, no tags."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from belot_rules.cli import main
from belot_rules.errors import VariantError
from belot_rules.variant import yamlsafe
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import MAX_NUMBER


def house(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text("extends: bulgarian\n" + text, encoding="utf-8")
    return path


def problems(tmp_path: Path, text: str) -> str:
    with pytest.raises(VariantError) as caught:
        load_variant_model(house(tmp_path, text))
    return str(caught.value)


@pytest.mark.parametrize("text, message", [
    ("bidding:\n  style: point_bids\n  points:\n    maximum: 1e24\n", "house.yaml:5:14: bidding.points.maximum:"),
    ("bidding:\n  style: point_bids\n  points:\n    maximum: 100000000\n    step: 1\n",
     f"bidding.points.maximum: should be at most {MAX_NUMBER}"),
    ("bidding:\n  style: point_bids\n  points:\n    maximum: 160000\n", f"should be at most {MAX_NUMBER}"),
    ("bidding:\n  style: point_bids\n  points:\n    maximum: 90000\n",
     "minimum 80 to maximum 90000 in steps of 10 makes 8993 bids; at most 100"),
    ("table:\n  move_clock:\n    seconds: 100000000000\n", "table.move_clock.seconds: should be at most 86400"),
    ("match:\n  target: 1000000000\n", f"match.target: should be at most {MAX_NUMBER}"),
    ("scoring:\n  last_trick: 99999999\n", f"scoring.last_trick: should be at most {MAX_NUMBER}"),
    ("bidding:\n  doubles:\n    multipliers: [2, 4000000]\n", "should be at most 1000"),
])
def test_every_number_has_a_range_the_engine_can_play(tmp_path: Path, text: str, message: str) -> None:
    """1e24 overflowed later, 10**8 bids ran out of memory, a 10**11-second clock overflowed at the prompt."""
    assert message in problems(tmp_path, text)


@pytest.mark.parametrize("order, message", [
    ("[7, 8, 9]", "missing T J Q K A"),
    ("[]", "missing 7 8 9 T J Q K A"),
    ("[7, 7, 9, T, J, Q, K, A]", "missing 8; repeated 7"),
])
def test_sequence_order_is_a_permutation_of_the_ranks(tmp_path: Path, order: str, message: str) -> None:
    """`sequence_order: [7, 8, 9]` passed validate, then an IndexError in every command."""
    text = problems(tmp_path, f"cards:\n  sequence_order: {order}\n")
    assert "sequence_order must list each of the ranks 7 8 9 T J Q K A exactly once" in text and message in text
    assert "house.yaml:" in text


@pytest.mark.parametrize("text, message", [
    ("declarations:\n  sequences: {3: -20}\n", "declarations.sequences.3: should be at least 0"),
    ("declarations:\n  quads: {J: -200}\n", "declarations.quads.J: should be at least 0"),
    ("scoring:\n  point_bids:\n    fixed_card_total: -160\n", "should be at least 0"),
])
def test_negative_meld_values_and_totals_are_refused(tmp_path: Path, text: str, message: str) -> None:
    assert message in problems(tmp_path, text)


@pytest.mark.parametrize("names", ["[pass, hearts]", "[contra, nt]", "[contra, contra]"])
def test_doubling_names_may_not_be_other_calls(tmp_path: Path, names: str) -> None:
    """`doubles.names: [pass, hearts]` passed, and typing pass then doubled."""
    text = problems(tmp_path, f"bidding:\n  doubles:\n    names: {names}\n")
    assert "bidding.doubles" in text and "names:" in text


@pytest.mark.parametrize("text", [
    "match: !!python/object/new:os.system {args: [echo]}\n",
    "bidding: !!python/object:os.system {}\n",
    "bidding:\n  contracts: !!set [hearts]\n",
])
def test_tags_on_mappings_and_lists_are_refused(tmp_path: Path, text: str) -> None:
    """The README says no tags; a tag on a mapping or a list passed silently (nothing ran)."""
    assert "is not allowed in a variant file; write a plain value" in problems(tmp_path, text)


def test_validate_reports_them_as_located_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = house(tmp_path, "cards:\n  sequence_order: [7, 8, 9]\ntable:\n  move_clock:\n    seconds: 100000000000\n")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path.name}:3:" in err and f"{path.name}:6:14:" in err and "Traceback" not in err


@pytest.mark.parametrize("text, message", [
    ("match:\n  target: " + "9" * 5000 + "\n", "house.yaml:3:11: match.target: a number of 5000 characters; numbers here have at most 24"),
])
def test_huge_numbers_are_refused_where_written(tmp_path: Path, text: str, message: str) -> None:
    """A 5,000-digit integer crashed validate (int() refuses more than 4,300 digits)."""
    assert message in problems(tmp_path, text)


class _LibraryWithItsOwnLimit(yamlsafe._Guard, yaml.SafeLoader):
    """The fast loader over a YAML library that refuses deep brackets in its own words before any node is
    composed, as the libyaml 0.2.6 in PyYAML 6.0.4's wheels does at 1,000 (its scanner reads them ahead)."""

    def fetch_flow_collection_start(self, token: type) -> None:
        if self.flow_level >= 100:
            raise yaml.scanner.ScannerError("while increasing flow level", self.get_mark(),
                                            "exceeded maximum nesting depth", self.get_mark())
        super().fetch_flow_collection_start(token)


@pytest.mark.parametrize("library_limit", [False, True])
@pytest.mark.parametrize("text, line", [
    ("match: " + "[" * 5000 + "]" * 5000 + "\n", 2),
    ("match: " + "{a: " * 200 + "1" + "}" * 200 + "\n", 2),
    ("match:\n" + "".join(f"{'  ' * depth}k{depth}:\n" for depth in range(1, 40)) + " " * 80 + "x: 1\n", None),
], ids=["lists", "mappings", "indented"])
def test_deep_nesting_is_one_located_line_whichever_parser_stops_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, line: int | None, library_limit: bool) -> None:
    """PyYAML 6.0.4 (libyaml 0.2.6) said "YAML syntax: exceeded maximum nesting depth" at the 1,000th
    bracket, before the project's own limit: the user is told the project's limit, where it is passed."""
    if library_limit:
        monkeypatch.setattr(yamlsafe, "_Loader", _LibraryWithItsOwnLimit)
    said = problems(tmp_path, text)
    assert re.fullmatch(rf"\S*house\.yaml:{line or '[0-9]+'}:[0-9]+: nested more than 32 levels deep", said), said


def test_the_wider_familys_numbers_have_ranges_too(tmp_path: Path) -> None:
    """Options added for the wider family get ranges as well: a contract factor, a fixed number of deals."""
    assert "should be at most 1000" in problems(tmp_path, "scoring:\n  contract_factors: {hearts: 1000000}\n")
    assert "should be at most 100" in problems(tmp_path, "match:\n  target: null\n  deals: 100000\n")


@pytest.mark.parametrize("text", ["extends: bulgarian" + "9" * 5000 + "\n", "x" * 3000 + ": 1\n"])
def test_a_huge_name_or_key_is_quoted_in_part(tmp_path: Path, text: str) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant_model(path)
    assert all(len(line) < 600 for line in str(caught.value).splitlines())
