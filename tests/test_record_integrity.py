"""`belot replay` refuses records cut short, tampered or of the wrong types, and counts each deal once."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.engine.match import MatchState
from belot_rules.engine.records import RecordError, match_record, replay
from belot_rules.engine.runner import play_deal, play_match
from belot_rules.players import make_player

ROOT = Path(__file__).parent.parent
DEAL: dict[str, Any] = json.loads((ROOT / "examples" / "deal-record-bulgarian.json").read_text("utf-8"))
RULES = load_variant("bulgarian")


def refused(record: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as caught:
        replay(RULES, record)
    return str(caught.value)


def test_a_deal_cut_short_that_still_claims_its_score_is_refused() -> None:
    record = copy.deepcopy(DEAL)
    record["actions"] = record["actions"][:-5]
    assert "deal.score: the record gives a score, but the deal stops before the deal is over" in refused(record)


@pytest.mark.parametrize("key, value", [
    ("raw_points", [0, 0]),
    ("lines", ["Team 0 wins everything"]),
    ("capot_team", 1),
])
def test_a_tampered_score_is_refused(key: str, value: Any) -> None:
    record = copy.deepcopy(DEAL)
    record["score"][key] = value
    assert f"deal.score.{key}: the record says" in refused(record)


@pytest.mark.parametrize("field, value, message", [
    ("version", 99, "version: this program replays records of version 1, not 99"),
    ("version", "1", 'version: this program replays records of version 1, not "1"'),
    ("dealer", True, "deal.dealer: a seat from 0 to 3, not true"),
    ("dealer", 3.0, "deal.dealer: a seat from 0 to 3, not 3.0"),
    ("dealer", 9, "deal.dealer: a seat from 0 to 3, not 9"),
    ("hanging_in", "x" * 10_000, 'deal.hanging_in: the reserve carried in, a whole number 0 or more, not "xxx'),
])
def test_wrong_types_are_refused_by_name(field: str, value: Any, message: str) -> None:
    """`dealer: 3.0` used to end in a TypeError traceback; an error never echoes a whole value."""
    text = refused({**DEAL, field: value})
    assert text.startswith(message) and len(text) < 200


def test_an_action_that_is_not_text_is_refused() -> None:
    record = copy.deepcopy(DEAL)
    record["actions"][3] = {"card": "AS"}
    assert refused(record).startswith("deal.actions[3]: an action is written as text")


def test_a_match_whose_last_deal_finished_lists_each_deal_once() -> None:
    """A match record saved between two deals: "3 deal(s) replayed" for 2 deals was the bug."""
    players = [make_player("random", RULES, seat) for seat in range(4)]
    match = MatchState.new(RULES, 3)
    for _ in range(2):
        play_deal(match.current, players)
        match.book_deal()  # finished, the next not yet dealt
        if match.over:
            break
    record = match_record(match)
    assert len(replay(RULES, record).deals) == len(record["deals"]) == len(match.deals)


def test_a_finished_match_replays_with_each_deal_once() -> None:
    match = play_match(RULES, [make_player("random", RULES, seat) for seat in range(4)], seed=4)
    assert len(replay(RULES, match_record(match)).deals) == len(match.deals)


@pytest.mark.parametrize("text, message", [
    ('{"format": "belot-rules/deal-record", "dealer": 1, "dealer": 2}', "duplicate key"),
    ('{"deals": ' + "[" * 5000 + "]" * 5000 + "}", "nested more than 32 levels deep"),
    ('{"seed": ' + "7" * 5000 + "}", "a number of 5000 characters"),
    ('{"seed": NaN}', "JSON syntax"),
])
def test_replay_reads_its_file_within_bounds(text: str, message: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Deep nesting was a RecursionError, a 5,000-digit number a ValueError."""
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path), "--variant", "bulgarian"]) == 1
    err = capsys.readouterr().err
    assert f"{path}:1:" in err and message in err and "Traceback" not in err and len(err) < 400


@pytest.mark.parametrize("card", [5, None, True, 1.5, [], {"rank": "J"}])
def test_a_deck_card_that_is_not_text_is_refused_at_its_place(card: Any, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Issue "Nothing lost, nothing leaked", item 5: `deck[0] = 5` ended `belot replay` in a TypeError
    from parse_card; now the deck's place is named, in a deal record and inside a match record."""
    deal = {**copy.deepcopy(DEAL), "deck": [card, *DEAL["deck"][1:]]}
    assert refused(deal).startswith("deal.deck[0]: a card is written like JH or 10♥, not ")
    match = {"format": "belot-rules/match-record", "version": 1, "variant": "bulgarian",
             "deals": [{key: value for key, value in deal.items() if key not in ("format", "version", "variant")}]}
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "deals[0].deck[0]: a card is written like JH or 10♥, not" in err and "Traceback" not in err
    assert len(err.splitlines()) <= 3


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path in a record, the record itself left out."""
    inner = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    return [path] * bool(path) + [p for key, item in inner for p in _places(item, (*path, key))]


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(), st.text(max_size=8),
                 st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
                 st.sampled_from(["7H", "pass", "hearts", "belote-rules/deal-record"]))


@settings(max_examples=200, deadline=None)
@given(place=st.sampled_from(_places(DEAL)), junk=JUNK, in_a_match=st.booleans())
@example(place=("hanging_in",), junk=2**63, in_a_match=False)  # past the scoring kernel's integers: OverflowError
def test_junk_anywhere_in_a_record_is_refused_by_place_or_replayed(place: tuple[Any, ...], junk: Any,
                                                                   in_a_match: bool) -> None:
    """Item 5 of "Nothing lost, nothing leaked" in general: any value anywhere gives a RecordError, never a
    TypeError."""
    record = copy.deepcopy(DEAL)
    parent = record
    for key in place[:-1]:
        parent = parent[key]
    parent[place[-1]] = junk
    if in_a_match:
        deal = {key: value for key, value in record.items() if key not in ("format", "version", "variant")}
        record = {"format": "belot-rules/match-record", "version": 1, "variant": "bulgarian", "deals": [deal]}
    try:
        replay(RULES, record)
    except RecordError as err:
        assert len(str(err)) < 400
