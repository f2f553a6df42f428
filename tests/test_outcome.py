"""The deal outcome format (issue: "Formats"), its validation messages, its schema and ``belot score``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from belot_rules import load_variant
from belot_rules.cards import CARDS, cards_of, mask_of
from belot_rules.cli import main
from belot_rules.rules.outcome import OutcomeError, outcome_schema_text, score_outcome
from belot_rules.variant.loader import load_variant_model

ROOT = Path(__file__).parent.parent
SHIPPED = ["bulgarian", "bulgarian-cut-only", "french", "coinche", "french-point-bids", "french-single-deal"]

BULGARIAN_EXAMPLE: dict[str, Any] = {
    "variant": "bulgarian", "contract": "all_trumps", "declarer": 1, "multiplier": 2,
    "tricks": [
        {"winner": 0, "cards": ["KD", "TS", "JD", "8S"]}, {"winner": 1, "cards": ["7H", "QD", "AD", "KS"]},
        {"winner": 1, "cards": ["AS", "TH", "QS", "JC"]}, {"winner": 2, "cards": ["8H", "JS", "KH", "AC"]},
        {"winner": 0, "cards": ["TC", "KC", "7C", "9S"]}, {"winner": 2, "cards": ["QC", "JH", "7S", "QH"]},
        {"winner": 2, "cards": ["AH", "9C", "8D", "TD"]}, {"winner": 2, "cards": ["9D", "8C", "9H", "7D"]},
    ],
    "declarations": [
        {"seat": 1, "kind": "sequence", "cards": ["9D", "TD", "JD"]},
        {"seat": 2, "kind": "quad", "rank": "Q"},
        {"seat": 3, "kind": "belote", "suit": "S"},
    ],
    "hanging_in": 4,
}


def outcome(contract: str = "hearts", declarer: int = 0, winners: str = "01230123", **fields: Any) -> dict[str, Any]:
    """An outcome whose trick i holds cards 4i..4i+3 (7C 8C 9C TC, JC QC KC AC, ...)."""
    tricks = [{"winner": int(w), "cards": [str(CARDS[4 * i + k]) for k in range(4)]} for i, w in enumerate(winners)]
    return {"contract": contract, "declarer": declarer, "tricks": tricks, **fields}


def error(variant: str, data: dict[str, Any]) -> str:
    with pytest.raises(OutcomeError) as caught:
        score_outcome(load_variant_model(variant).variant, data)
    return str(caught.value)


# ----------------------------------------------------------------------------- scoring an outcome


def test_bulgarian_example_doubled_all_trumps_bulgarian_9_1():
    """Team 0 has more points under contra: 2 x round(398 / 10) = 80, plus the 4 carried in."""
    result = load_variant("bulgarian").score_deal(BULGARIAN_EXAMPLE)
    assert (result.verdict, result.raw_points, result.match_points) == ("failed", (296, 102), (84, 0))


def test_tricks_are_scored_as_given():
    """Hearts; team 0 takes the four low-card tricks (7-10 of each suit: 10+10+24+10), team 1 the
    J-A tricks (20+20+38+20) and the last trick."""
    result = score_outcome(load_variant_model("bulgarian").variant, outcome())
    assert result.raw_points == (54, 108)


def test_outcome_json_round_trip_of_the_score():
    result = score_outcome(load_variant_model("french").variant, outcome(declarer=1))
    assert json.loads(json.dumps(result.to_dict()))["verdict"] == result.verdict


def test_cards_accept_10_symbols_and_lower_case_DESIGN_vocabulary():
    data = outcome()
    data["tricks"][0]["cards"] = ["7♣", "8c", "9C", "10C"]
    data["declarations"] = [{"seat": 0, "kind": "quad", "rank": 9}]
    assert score_outcome(load_variant_model("bulgarian").variant, data).raw_points[0] == 54 + 150


# ----------------------------------------------------------------------------- messages


def test_bad_card_names_the_trick_and_position():
    data = dict(BULGARIAN_EXAMPLE)
    data["tricks"] = [dict(t) for t in data["tricks"]]
    data["tricks"][3] = {"winner": 2, "cards": ["8H", "ZZ", "KH", "AC"]}
    assert 'tricks[3].cards[1]: "ZZ" is not a card; write rank then suit, like JH or 10S' in error("bulgarian", data)


def test_a_card_played_twice():
    data = outcome()
    data["tricks"][4]["cards"][0] = "7C"
    message = "tricks[4].cards[0]: 7C is already in tricks[0].cards[0]; each card is played once"
    assert message in error("bulgarian", data)


def test_eight_tricks_of_four_cards():
    """Four players: eight tricks of four cards; the table's sizes come from the variant."""
    data = outcome()
    data["tricks"] = data["tricks"][:7]
    assert error("bulgarian", data).startswith("tricks: bulgarian plays 8 tricks, not 7")
    data = outcome()
    data["tricks"][2]["cards"] = data["tricks"][2]["cards"][:3]
    assert "tricks[2].cards: a trick of bulgarian has 4 cards, one per player, not 3" in error("bulgarian", data)


def test_seat_out_of_range():
    assert "declarer: Input should be less than or equal to 3" in error("bulgarian", outcome(declarer=4))


def test_sequence_must_be_consecutive_in_one_suit_SF():
    data = outcome(declarations=[{"seat": 0, "kind": "sequence", "cards": ["9D", "JD", "QD"]}])
    assert error("bulgarian", data).startswith("declarations[0]: a sequence is 3 or more consecutive cards")


def test_quad_rank_must_have_a_value_D4():
    data = outcome(declarations=[{"seat": 1, "kind": "sequence", "cards": ["7S", "8S", "9S"]},
                                 {"seat": 0, "kind": "quad", "rank": "8"}])
    assert error("bulgarian", data) == "declarations[1]: four eights are not a declaration in hearts"


def test_no_declarations_in_no_trumps_D1():
    data = outcome(contract="no_trumps", declarations=[{"seat": 0, "kind": "quad", "rank": "J"}])
    assert error("bulgarian", data) == "declarations[0]: there are no quads to declare in no_trumps"


def test_belote_only_in_the_trump_suit_SF():
    data = outcome(declarations=[{"seat": 0, "kind": "belote", "suit": "S"}])
    assert error("bulgarian", data) == "declarations[0]: belote in spades does not score in hearts"


def test_unknown_declaration_kind():
    data = outcome(declarations=[{"seat": 0, "kind": "carre", "rank": "J"}])
    assert error("bulgarian", data).startswith("declarations[0]: Input tag 'carre'")


def test_a_seat_cannot_count_a_card_in_a_quad_and_a_sequence_BIN_NIK_D5():
    data = outcome(declarations=[{"seat": 0, "kind": "quad", "rank": "J"},
                                 {"seat": 0, "kind": "sequence", "cards": ["JH", "QH", "KH"]}])
    assert "declarations[1]: shares cards with declarations[0] (four jacks (200)) of the same seat" in error(
        "bulgarian", data)


def test_contract_must_be_played_by_the_variant():
    assert error("french", outcome(contract="all_trumps")).startswith("contract: french does not play all_trumps")


def test_multiplier_must_be_a_doubling_of_the_variant():
    assert error("french", outcome(multiplier=2)) == "multiplier: french allows 1, not 2"


def test_point_bid_variants_need_a_bid_french_md_13():
    assert error("coinche", outcome()).startswith("bid: coinche bids points; give the bid")
    assert error("coinche", outcome(bid=85)).startswith("bid: 85 is not a bid of coinche")
    assert error("bulgarian", outcome(bid=90)) == "bid: bulgarian has no point bids; leave the bid out"


def test_every_problem_is_reported_together():
    assert len(error("french", outcome(contract="no_trumps", multiplier=4)).splitlines()) == 2


# ----------------------------------------------------------------------------- schema


def test_committed_schema_is_up_to_date():
    assert (ROOT / "schemas" / "deal-outcome.schema.json").read_text(encoding="utf-8") == outcome_schema_text()


def test_schema_is_draft_07_and_accepts_the_example():
    schema = json.loads(outcome_schema_text())
    jsonschema.Draft7Validator.check_schema(schema)
    jsonschema.Draft7Validator(schema).validate(BULGARIAN_EXAMPLE)
    assert list(jsonschema.Draft7Validator(schema).iter_errors({**BULGARIAN_EXAMPLE, "multiplier": 0}))


# ----------------------------------------------------------------------------- any valid outcome scores


def entries(rules: Any, contract: str, hands: list[int]) -> list[dict[str, Any]]:
    """The declarations four hands hold, written as outcome entries."""
    found: list[dict[str, Any]] = []
    for seat in range(4):
        hand = mask_of(hands[8 * seat:8 * seat + 8])
        for d in rules.declarations.held(hand, contract, seat):
            if d.kind == "quad":
                found.append({"seat": seat, "kind": "quad", "rank": "789TJQKA"[d.rank]})
            else:
                found.append({"seat": seat, "kind": "sequence", "cards": [str(c) for c in cards_of(d.mask)]})
        found += [{"seat": seat, "kind": "belote", "suit": "CDHS"[s]}
                  for s in rules.declarations.belote_suits(hand, contract)]
    return found


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SHIPPED), st.permutations(range(32)), st.permutations(range(32)),
       st.lists(st.integers(0, 3), min_size=8, max_size=8), st.integers(0, 3), st.integers(0, 50), st.data())
def test_scoring_never_raises_for_a_valid_outcome(name, deck, hands, winners, declarer, hanging_in, data):
    rules = load_variant(name)
    variant = rules.variant
    contract = data.draw(st.sampled_from(list(rules.tables)))
    doubles = variant.bidding.doubles
    fields: dict[str, Any] = {"multiplier": data.draw(st.sampled_from([1, *doubles.multipliers[:doubles.max_level]]))}
    if variant.bidding.uses_points:
        p = variant.bidding.points
        fields["bid"] = data.draw(st.sampled_from([*range(p.minimum, p.maximum + 1, p.step), "capot"]))
    tricks = [{"winner": w, "cards": [str(CARDS[c]) for c in deck[4 * i:4 * i + 4]]} for i, w in enumerate(winners)]
    result = rules.score_deal({"contract": contract, "declarer": declarer, "tricks": tricks, "hanging_in": hanging_in,
                               "declarations": entries(rules, contract, list(hands)), **fields})
    assert result.verdict in ("made", "failed", "hanging", "litige")


# ----------------------------------------------------------------------------- belot score


def write(tmp_path: Path, data: dict[str, Any], name: str = "deal.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data) if name.endswith(".json") else yaml.safe_dump(data), encoding="utf-8")
    return str(path)


def test_cli_score_explains_in_a_table(tmp_path, capsys):
    assert main(["score", write(tmp_path, BULGARIAN_EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "match points" in out and "failed" in out
    assert "Reserve carried in: 4 to team 0" in out


def test_cli_score_json(tmp_path, capsys):
    assert main(["score", write(tmp_path, BULGARIAN_EXAMPLE), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["match_points"] == [84, 0]
    assert set(printed) >= {"raw_points", "match_points", "hanging_out", "verdict", "lines"}


def test_cli_score_yaml_and_variant_option_overrides(tmp_path, capsys):
    data = {**outcome(declarer=1), "variant": "no-such-variant"}
    assert main(["score", write(tmp_path, data, "deal.yaml"), "--variant", "french", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["contract_team"] == 1


def test_cli_score_without_a_variant_says_so(tmp_path, capsys):
    assert main(["score", write(tmp_path, outcome())]) == 1
    assert "--variant NAME, or a variant field in the file" in capsys.readouterr().err


def test_cli_score_refuses_a_variant_field_that_is_not_text(tmp_path, capsys):
    assert main(["score", write(tmp_path, {**outcome(), "variant": 5})]) == 1
    assert "variant is a shipped name or a file path, not 5" in capsys.readouterr().err


def test_cli_score_reports_problems_with_the_file_name(tmp_path, capsys):
    path = write(tmp_path, {**outcome(multiplier=2), "variant": "french"})
    assert main(["score", path]) == 1
    assert capsys.readouterr().err.strip() == f"{path}: multiplier: french allows 1, not 2"


def test_cli_score_unreadable_file(tmp_path, capsys):
    assert main(["score", str(tmp_path / "missing.json")]) == 1
    assert "cannot read the file" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text("contract: [hearts\n", encoding="utf-8")
    assert main(["score", str(bad)]) == 1
    assert "not valid JSON or YAML" in capsys.readouterr().err
