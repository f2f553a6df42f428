"""The deal outcome format (issue: "Formats"), its validation messages, its schema and ``belot score``."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import CARDS, CardError, cards_of, parse_card
from belot_rules.cli import main
from belot_rules.rules.outcome.parse import OutcomeError, outcome_schema_text, score_outcome
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import CONTRACTS

ROOT = Path(__file__).parents[3]
SHIPPED = ["bulgarian", "bulgarian-cut-only", "french", "coinche", "french-point-bids", "french-single-deal"]

BULGARIAN_EXAMPLE: dict[str, Any] = json.loads((ROOT / "examples" / "deal-outcome-bulgarian.json").read_text("utf-8"))


def outcome(contract: str = "hearts", declarer: int = 0, winners: str = "01230123", **fields: Any) -> dict[str, Any]:
    """An outcome whose trick i holds cards 4i..4i+3 (7C 8C 9C TC, JC QC KC AC, ...).

    Each trick's cards are put in an order where ``winners[i]`` wins it and, where the
    trick allows, each declared card is played by the seat that declares it.
    """
    tables = load_variant("bulgarian").contract_tables(contract) if contract in CONTRACTS else None
    owner = {card: d["seat"] for d in fields.get("declarations", []) for card in _declared(d)}
    tricks, leader = [], fields.get("first_leader", 0)
    for i, w in enumerate(winners):
        cards = [4 * i + k for k in range(4)]
        orders = [list(p) for p in itertools.permutations(cards)]
        if tables is not None:
            fits = [o for o in orders if (leader + tables.trick_winner_index(o)) % 4 == int(w)]
            owned = [o for o in fits if all(owner.get(c, (leader + j) % 4) == (leader + j) % 4 for j, c in enumerate(o))]
            orders = owned or fits or orders
        tricks.append({"winner": int(w), "cards": [str(CARDS[c]) for c in orders[0]]})
        leader = int(w)
    return {"contract": contract, "declarer": declarer, "tricks": tricks, **fields}


def _declared(entry: dict[str, Any]) -> list[int]:
    """The cards an outcome's declaration entry names (nothing for one that does not parse)."""
    try:
        if entry["kind"] == "sequence":
            return [parse_card(c).index for c in entry["cards"]]
        if entry["kind"] == "quad":
            return [s * 8 + "789TJQKA".index(str(entry["rank"]).replace("10", "T")) for s in range(4)]
        return [8 * "CDHS".index(entry["suit"]) + r for r in (5, 6)]
    except (KeyError, ValueError, CardError):
        return []


def error(variant: str, data: dict[str, Any]) -> str:
    with pytest.raises(OutcomeError) as caught:
        score_outcome(load_variant_model(variant).variant, data)
    return str(caught.value)


# ----------------------------------------------------------------------------- scoring an outcome


def test_bulgarian_example_doubled_all_trumps_bulgarian_9_1():
    """Team 1's doubled all-trumps fails: team 0 has more points (185 to 133), so under contra it
    takes them all: 2 x round(318 / 10) = 64, plus the 4 carried in."""
    result = load_variant("bulgarian").score_deal(BULGARIAN_EXAMPLE)
    assert (result.verdict, result.raw_points, result.match_points) == ("failed", (185, 133), (68, 0))


def test_tricks_are_scored_as_given():
    """Hearts; team 0 takes the four low-card tricks (7-10 of each suit: 10+10+24+10), team 1 the
    J-A tricks (20+20+38+20) and the last trick."""
    result = score_outcome(load_variant_model("bulgarian").variant, outcome())
    assert result.raw_points == (54, 108)


def test_outcome_json_round_trip_of_the_score():
    result = score_outcome(load_variant_model("french").variant, outcome(declarer=1))
    assert json.loads(json.dumps(result.to_dict()))["verdict"] == result.verdict


def test_cards_accept_10_symbols_and_lower_case_DESIGN_vocabulary():
    data = outcome(winners="11230123",  # seat 0 plays the four nines: 9H wins trick 4, the others lose
                   declarations=[{"seat": 0, "kind": "quad", "rank": 9}])
    written = {"7C": "7♣", "8C": "8c", "TC": "10C"}
    data["tricks"][0]["cards"] = [written.get(c, c) for c in data["tricks"][0]["cards"]]
    assert score_outcome(load_variant_model("bulgarian").variant, data).raw_points[0] == 44 + 150


# ----------------------------------------------------------------------------- messages


def test_bad_card_names_the_trick_and_position():
    data = dict(BULGARIAN_EXAMPLE)
    data["tricks"] = [dict(t) for t in data["tricks"]]
    data["tricks"][3] = {"winner": 2, "cards": ["8H", "ZZ", "KH", "AC"]}
    assert 'tricks[3].cards[1]: "ZZ" is not a card; write rank then suit, like JH or 10S' in error("bulgarian", data)


def test_a_card_played_twice():
    data = outcome()
    data["tricks"][4]["cards"][0] = "7C"
    first = data["tricks"][0]["cards"].index("7C")
    message = f"tricks[4].cards[0]: 7C is already in tricks[0].cards[{first}]; each card is played once"
    assert message in error("bulgarian", data)


def test_eight_tricks_of_four_cards():
    data = outcome()
    data["tricks"] = data["tricks"][:7]
    assert error("bulgarian", data) == "tricks: 7 given; it takes 8"
    data = outcome()
    data["tricks"][2]["cards"] = data["tricks"][2]["cards"][:3]
    assert "tricks[2].cards: 3 given; it takes 4" in error("bulgarian", data)


def test_seat_out_of_range():
    assert "declarer: 4 is out of range; it must be at most 3" in error("bulgarian", outcome(declarer=4))


def test_a_reserve_carried_in_has_the_range_of_any_points():
    """docs/scoring.md (hanging_in): `belot score` took a reserve of 99999999999999 and wrote 100000000000015 match
    points on the board; it is refused as a rule's points are beyond 100000."""
    assert "hanging_in: 100001 is out of range; it must be at most 100000" in error("bulgarian", outcome(hanging_in=100001))


def test_sequence_must_be_consecutive_in_one_suit_SF():
    data = outcome(declarations=[{"seat": 0, "kind": "sequence", "cards": ["9D", "JD", "QD"]}])
    assert error("bulgarian", data).startswith("declarations[0]: a sequence is 3 or more consecutive cards")


def test_quad_rank_must_have_a_value_D4():
    data = outcome(declarations=[{"seat": 1, "kind": "sequence", "cards": ["7S", "8S", "9S"]},
                                 {"seat": 0, "kind": "quad", "rank": "8"}])
    assert "declarations[1]: four eights are not a declaration in hearts" in error("bulgarian", data)


def test_no_declarations_in_no_trumps_D1():
    data = outcome(contract="no_trumps", declarations=[{"seat": 0, "kind": "quad", "rank": "J"}])
    assert error("bulgarian", data) == "declarations[0]: there are no quads to declare in no_trumps"


def test_belote_only_in_the_trump_suit_SF():
    data = outcome(declarations=[{"seat": 0, "kind": "belote", "suit": "S"}])
    assert error("bulgarian", data) == "declarations[0]: belote in spades does not score in hearts"


def test_unknown_declaration_kind():
    data = outcome(declarations=[{"seat": 0, "kind": "carre", "rank": "J"}])
    assert error("bulgarian", data) == ("declarations[0].kind: `carre` is not a valid value; "
                                        "valid values: sequence, quad, belote")


def test_a_seat_cannot_count_a_card_in_a_quad_and_a_sequence_BIN_NIK_D5():
    data = outcome(declarations=[{"seat": 0, "kind": "quad", "rank": "J"},
                                 {"seat": 0, "kind": "sequence", "cards": ["JH", "QH", "KH"]}])
    assert "declarations[1]: shares cards with declarations[0] (four jacks (200)) of the same seat" in error(
        "bulgarian", data)


def test_contract_must_be_played_by_the_variant():
    assert error("french", outcome(contract="all_trumps")).startswith("contract: french does not play all_trumps")


def test_multiplier_must_be_a_doubling_of_the_variant():
    assert error("french", outcome(multiplier=2)) == ("multiplier: french allows 1 (it has no doubling: "
                                                      "bidding.doubles.max_level 0), not 2")


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
    """The declarations four hands (card sets) hold, written as outcome entries."""
    found: list[dict[str, Any]] = []
    for seat in range(4):
        hand = hands[seat]
        for d in rules.declarations.held(hand, contract, seat):
            if d.kind == "quad":
                found.append({"seat": seat, "kind": "quad", "rank": "789TJQKA"[d.rank]})
            else:
                found.append({"seat": seat, "kind": "sequence", "cards": [str(c) for c in cards_of(d.mask)]})
        found += [{"seat": seat, "kind": "belote", "suit": "CDHS"[s]}
                  for s in rules.declarations.belote_suits(hand, contract)]
    return found


def played(rules: Any, contract: str, deck: list[int], first_leader: int) -> tuple[list[dict[str, Any]], list[int]]:
    """Tricks of ``deck``'s cards, four by four in play order from ``first_leader``, with the winner each
    gives; and each seat's hand, as the tricks show it."""
    tables = rules.contract_tables(contract)
    tricks, hands, leader = [], [0, 0, 0, 0], first_leader
    for i in range(8):
        cards = deck[4 * i:4 * i + 4]
        for j, card in enumerate(cards):
            hands[(leader + j) % 4] |= 1 << card
        leader = (leader + tables.trick_winner_index(cards)) % 4
        tricks.append({"winner": leader, "cards": [str(CARDS[c]) for c in cards]})
    return tricks, hands


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(SHIPPED), st.permutations(range(32)), st.integers(0, 3), st.integers(0, 3), st.integers(0, 50),
       st.data())
def test_scoring_never_raises_for_a_valid_outcome(name, deck, first_leader, declarer, hanging_in, data):
    rules = load_variant(name)
    variant = rules.variant
    contract = data.draw(st.sampled_from(list(rules.tables)))
    doubles = variant.bidding.doubles
    fields: dict[str, Any] = {"multiplier": data.draw(st.sampled_from([1, *doubles.multipliers[:doubles.max_level]]))}
    if variant.bidding.uses_points:
        p = variant.bidding.points
        fields["bid"] = data.draw(st.sampled_from([*range(p.minimum, p.maximum + 1, p.step), "capot"]))
    tricks, hands = played(rules, contract, list(deck), first_leader)
    if data.draw(st.booleans()):
        tricks = [{"cards": t["cards"]} for t in tricks]  # the winners follow from the cards
    result = rules.score_deal({"contract": contract, "declarer": declarer, "tricks": tricks, "hanging_in": hanging_in,
                               "first_leader": first_leader, "declarations": entries(rules, contract, hands),
                               **fields})
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
    assert printed["match_points"] == [68, 0]
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
    err = capsys.readouterr().err.strip()
    assert re.fullmatch(rf"{re.escape(path)}:1:\d+: multiplier: french allows 1 \(it has no doubling: "
                        r"bidding.doubles.max_level 0\), not 2", err)


def test_cli_score_unreadable_file(tmp_path, capsys):
    assert main(["score", str(tmp_path / "missing.json")]) == 1
    assert "missing.json: no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text("contract: [hearts\n", encoding="utf-8")
    assert main(["score", str(bad)]) == 1
    assert "bad.yaml:2:1: YAML syntax" in capsys.readouterr().err
