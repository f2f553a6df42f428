"""`belot score` refuses impossible deals and reads its file like `validate`: bounded, strict, located."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import CARDS
from belot_rules.cli import main
from belot_rules.engine.playout import random_deal
from belot_rules.rules.outcome.parse import OutcomeError
from belot_rules.rules.outcome.revokes import revokes
from belot_rules.variant.loader import shipped_names

ROOT = Path(__file__).parents[3]
FRENCH: dict[str, Any] = json.loads((ROOT / "examples" / "deal-outcome-french.json").read_text("utf-8"))


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(OutcomeError) as caught:
        load_variant(data["variant"]).score_deal(data)
    return str(caught.value)


def score_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, name: str = "deal.json") -> tuple[int, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    status = main(["score", str(path)])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


# ---------------------------------------------------------------------- impossible deals


def test_eight_tricks_all_won_by_seat_0_whatever_the_cards_are_refused() -> None:
    """A capot 290-0 by writing winner 0 eight times: the cards say otherwise."""
    data = {**FRENCH, "tricks": [{**t, "winner": 0} for t in FRENCH["tricks"]]}
    message = refused(data)
    assert "tricks[0].winner: seat 0 cannot have won this trick: seat 3 led it" in message
    assert "7H of seat 1 wins it" in message


def test_winners_may_be_left_out_and_follow_from_the_cards() -> None:
    rules = load_variant("french")
    without = {**FRENCH, "tricks": [{"cards": t["cards"]} for t in FRENCH["tricks"]]}
    assert rules.score_deal(without) == rules.score_deal(FRENCH)


@pytest.mark.parametrize("declarations, message", [
    ([{"seat": 0, "kind": "quad", "rank": "J"}, {"seat": 1, "kind": "quad", "rank": "J"}],
     "declarations[0]: seat 0 cannot declare J"),
    ([{"seat": 1, "kind": "belote", "suit": "H"}, {"seat": 3, "kind": "belote", "suit": "H"}],
     "declarations[0]: seat 1 cannot declare QH: seat 3 played it in tricks[1]"),
    ([{"seat": 0, "kind": "sequence", "cards": ["JC", "QC", "KC"]},
      {"seat": 2, "kind": "sequence", "cards": ["JC", "QC", "KC"]}],
     "declarations[1]: seat 2 cannot declare JC: seat 0 played it in tricks[5]"),
])
def test_declarations_must_be_possible_together(declarations: list[dict[str, Any]], message: str) -> None:
    """Four jacks by two seats, one belote by two seats, one sequence twice: each card has one owner."""
    assert message in refused({**FRENCH, "declarations": declarations})


# ---------------------------------------------------------------------- strict reading


def test_a_duplicate_json_key_is_refused_like_yaml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A second "declarer" used to flip the verdict silently."""
    text = json.dumps(FRENCH).replace('"declarer": 1', '"declarer": 1, "declarer": 0')
    status, out = score_file(tmp_path, capsys, text)
    assert status == 1 and 'duplicate key "declarer"' in out and "deal.json:1:" in out


@pytest.mark.parametrize("change, message", [
    (lambda d: d["tricks"][0].update(winner=True), 'tricks[0].winner: should be a whole number, not true'),
    (lambda d: d["tricks"][0].update(winner="1"), 'tricks[0].winner: should be a whole number, not "1"'),
    (lambda d: d.update(multiplier=2.0), "multiplier: should be a whole number, not 2.0"),
    (lambda d: d.update(declarer="1"), 'declarer: should be a whole number, not "1"'),
])
def test_types_are_strict(change: Any, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(json.dumps(FRENCH))
    change(data)
    status, out = score_file(tmp_path, capsys, json.dumps(data, indent=1))
    assert status == 1 and message in out


def test_errors_are_located_with_did_you_mean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As `validate` reports variant files: file:line:column, what is wrong, what would be valid."""
    data = json.loads(json.dumps(FRENCH))
    data["contract"] = "heart"
    data["tricks"][2]["winer"] = data["tricks"][2].pop("winner")
    data["declarations"][0]["kind"] = "sequense"
    status, out = score_file(tmp_path, capsys, json.dumps(data, indent=1))
    lines = out.strip().splitlines()
    assert status == 1 and len(lines) == 3 and all(line.startswith(f"{tmp_path / 'deal.json'}:") for line in lines)
    assert "contract: `heart` is not a valid value; did you mean `hearts`?" in lines[0]
    assert "tricks[2].winer: unknown key `winer`; did you mean `winner`?" in lines[1]
    assert "declarations[0].kind: `sequense` is not a valid value; did you mean `sequence`?" in lines[2]


def test_yaml_errors_are_located_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = score_file(tmp_path, capsys, "variant: french\ncontract: heart\n", "deal.yaml")
    assert status == 1 and "deal.yaml:2:11: contract: `heart` is not a valid value; did you mean `hearts`?" in out


# ---------------------------------------------------------------------- bounded reading (issue items 1 and 3)


@pytest.mark.parametrize("name, text, message", [
    ("bomb.yaml", "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                  "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
     "bomb.yaml:2:8: aliases (*a) are not allowed in a deal outcome"),
    ("deep.json", '{"contract": ' + "[" * 5000 + "]" * 5000 + "}", "deep.json:1:45: nested more than 32 levels deep"),
    ("deep.yaml", "contract: " + "[" * 500 + "]" * 500 + "\n", "nested more than 32 levels deep"),
    ("big.json", '{"declarer": ' + "9" * 5000 + "}", "big.json:1:14: a number of 5000 characters"),
    ("big.yaml", "declarer: " + "9" * 5000 + "\n", "big.yaml:1:11: declarer: a number of 5000 characters"),
    ("long.json", '{"variant": "french", "contract": "' + "x" * 100_000 + '"}', "is not a valid value"),
    ("key.json", '{"variant": "french", "' + "x" * 3000 + '": 1}', "unknown key `xxxx"),
    ("card.json", '{"variant": "french", "tricks": [{"cards": ["' + "x" * 3000 + '"]}]}', "is not a card"),
], ids=["alias-bomb", "deep-json", "deep-yaml", "long-number-json", "long-number-yaml", "long-text", "long-key",
        "long-card"])
def test_outcome_files_are_read_within_bounds(name: str, text: str, message: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Seven levels of aliases took 32 s and 1.4 GB; now a located one-line error, no echo of the value."""
    status, out = score_file(tmp_path, capsys, text, name)
    assert status == 1 and message in out and "Traceback" not in out
    assert len(out) < 1000 and all(len(line) < 400 for line in out.splitlines())


# ---------------------------------------------------------------------- revokes, told but scored as taken


def _revoked() -> dict[str, Any]:
    """The French example with seat 0's 9D (trick 1) and 7C (trick 2) swapped: 7C on a diamond lead."""
    data = json.loads(json.dumps(FRENCH))
    first, second = data["tricks"][0]["cards"], data["tricks"][1]["cards"]
    first[1], second[3] = second[3], first[1]
    return data


def test_a_revoke_is_told_with_its_place_and_the_card_that_should_have_been_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """french.md §5.1: a player must follow suit. The tricks show the 9D seat 0 still held (it played it in
    the next trick), so the 7C it dropped on a diamond lead is a revoke: scored as taken, with a warning."""
    status, out = score_file(tmp_path, capsys, json.dumps(_revoked(), indent=1))
    assert status == 0 and "Match points" in out
    assert "warning: " in out and "tricks[0].cards[1]: seat 0 may not play 7C here: it must follow suit, " \
                                  "and it still held 9D (tricks[1])" in out
    assert "Scored as the tricks were taken" in out


def test_revokes_are_in_the_json_and_the_shipped_examples_have_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(_revoked()), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 0
    (warning,) = json.loads(capsys.readouterr().out)["warnings"]
    assert warning["line"] == 1 and "may not play 7C" in warning["message"]
    for example in sorted((ROOT / "examples").glob("deal-outcome-*.json")):
        assert main(["score", str(example), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["warnings"] == [], example.name


@pytest.mark.parametrize("variant", [n for n in shipped_names() if n != "belote-decouverte"])  # no tableau: see revokes
def test_no_deal_the_engine_plays_is_told_as_a_revoke(variant: str) -> None:
    """The scorekeeper's check and the engine's obligations are one rule: random legal play never warns."""
    ruleset = load_variant(variant)

    @settings(max_examples=15, deadline=None, derandomize=True)
    @given(st.integers(0, 10**9))
    def check(seed: int) -> None:
        state = random_deal(ruleset, random.Random(seed))
        if state.contract is None:
            return
        outcome = {"contract": state.contract, "declarer": state.declarer, "multiplier": state.multiplier,
                   "tricks": [{"cards": [str(CARDS[c]) for c in cards]} for _, cards, _ in state.tricks],
                   "first_leader": state.tricks[0][0], "bid": state.bid,
                   "discards": [str(CARDS[c]) for c in state.discarded]}
        assert revokes(ruleset.variant, outcome) == []

    check()


@pytest.mark.parametrize("tricks, message", [(0, "tricks: 0 given; it takes 8"), (7, "tricks: 7 given; it takes 8")])
def test_a_wrong_number_of_tricks_is_told_the_variant_s_count(
        tricks: int, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """None and seven are one mistake: the variant's hand size says how many (not the format's 1 to 16)."""
    status, out = score_file(tmp_path, capsys, json.dumps({**FRENCH, "tricks": FRENCH["tricks"][:tricks]}))
    assert status == 1 and message in out


def test_an_empty_file_name_is_not_taken_for_the_current_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", ""]) == 1
    assert "the file name is empty" in capsys.readouterr().err


def test_a_record_given_to_score_and_an_outcome_given_to_replay_say_which_command_reads_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(ROOT / "examples" / "deal-record-bulgarian.json")]) == 1
    assert "is a game record (belot-rules/deal-record), not a deal outcome: belot replay" in capsys.readouterr().err
    assert main(["replay", str(ROOT / "examples" / "deal-outcome-french.json")]) == 1
    assert "this is a deal outcome (tricks taken), which belot score scores" in capsys.readouterr().err


def test_an_unknown_variant_named_in_an_outcome_is_told_at_its_place(tmp_path, capsys) -> None:
    """`variant: bulgarain` in an outcome file gave the guess without saying where (found by a new user)."""
    from belot_rules.cli import main

    path = tmp_path / "deal.yaml"
    path.write_text("contract: hearts\nvariant: bulgarain\ndeclarer: 1\npoints: [81, 71]\nlast_trick: 0\n")
    assert main(["score", str(path)]) == 1
    assert "deal.yaml:2:10: no shipped variant named `bulgarain`; did you mean `bulgarian`?" in capsys.readouterr().err
