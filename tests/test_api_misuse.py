"""Python API misuse raises the project's UserError with a clear message, never a wrong answer or TypeError."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from belot_rules import Card, Ruleset, load_variant, parse_card, parse_cards
from belot_rules.cards import CARDS, CardError
from belot_rules.engine.deal import DealState
from belot_rules.errors import UserError

RULES = load_variant("bulgarian")
THREE = load_variant("belote-a-trois")  # a 24-card pack: no sevens or eights
HAND = ["7H", "JH", "AS"]
FRENCH: dict[str, Any] = json.loads(
    (Path(__file__).parent.parent / "examples" / "deal-outcome-french.json").read_text("utf-8"))


@pytest.mark.parametrize("call, message", [
    (lambda: RULES.legal_cards("hearts", HAND, [(0, "KC")], seat=7), "seat: a seat from 0 to 3, not 7"),
    (lambda: RULES.legal_cards("hearts", HAND, [(0, "KC")], seat=-1), "seat: a seat from 0 to 3, not -1"),
    (lambda: RULES.legal_cards("hearts", HAND, [(0, "KC")], seat="x"), 'seat: a seat from 0 to 3, not "x"'),
    (lambda: RULES.legal_cards("hearts", HAND, [("x", "KC")]), "a trick's seat: a seat from 0 to 3"),
    (lambda: RULES.legal_cards("hearts", HAND, [(0, "KC"), (1, "KC")]), "a card appears twice in the trick"),
    (lambda: RULES.legal_cards("hearts", [*HAND, "7C", "8C", "9C", "TC", "JC", "QC"], []),
     "a hand holds at most 8 cards; got 9"),
    (lambda: RULES.legal_cards("hearts", ["7H", "7H"], []), "a card appears twice in the hand"),
    (lambda: RULES.trick_winner("hearts", [(0, "KC"), (1, "9H"), (2, "JH"), (3, "AC"), (0, "7S")]),
     "a seat plays twice in the trick"),
    (lambda: RULES.trick_winner("hearts", [(9, "KC"), (1, "9H")]), "a trick's seat: a seat from 0 to 3, not 9"),
    (lambda: RULES.illegal_reason("hearts", ["7S", "8C"], [(0, "KC")], "8C"), "8C may be played here"),
    (lambda: RULES.illegal_reason("hearts", ["7S", "8C"], [(0, "KC")], "AD"), "AD is not in the hand"),
    (lambda: DealState.start(RULES, list(range(32)), 9), "dealer: a seat from 0 to 3, not 9"),
    (lambda: DealState.start(RULES, list(range(32)), 3).view(-1), "seat: a seat from 0 to 3, not -1"),
    (lambda: load_variant(None), "load_variant takes a shipped variant's name or a file path, not None"),
    (lambda: load_variant(""), "load_variant takes a shipped variant's name or a file path"),
    # Issue "Nothing lost, nothing leaked", item 8: each of these was a TypeError or a bare CardError.
    (lambda: RULES.legal_cards("hearts", [5], []), "the hand: a card is written like JH or 10♥, not 5"),
    (lambda: RULES.legal_cards("hearts", None, []), 'the hand: cards are a list like ["JH", "10S"]'),
    (lambda: RULES.legal_cards(None, ["7H"], []), "bulgarian has no contract null"),
    (lambda: RULES.legal_cards(["hearts"], ["7H"], []), 'bulgarian has no contract ["hearts"]'),
    (lambda: RULES.legal_cards("hearts", ["ZZ"], []), "the hand: 'ZZ' is not a card: unknown rank 'Z'"),
    (lambda: RULES.legal_cards("hearts", HAND, "KC"), 'a trick is a list of (seat, card) pairs'),
    (lambda: RULES.legal_cards("hearts", HAND, [(0, "KC", 1)]), 'each play of a trick is a (seat, card) pair'),
    (lambda: RULES.legal_cards("hearts", HAND, [(0, None)]), "a trick's card: a card is written like JH"),
    (lambda: RULES.legal_cards("hearts", [Card(9, 9)], []), "Card(rank, suit) takes a rank 0-8 and a suit 0-3, not Card(rank=9, suit=9)"),
    (lambda: RULES.trick_winner("hearts", None), "a trick is a list of (seat, card) pairs"),
    (lambda: RULES.trick_winner({}, [(0, "KC")]), "bulgarian has no contract {}"),
    (lambda: RULES.illegal_reason("hearts", HAND, [(0, "KC")], 7), "a card is written like JH or 10♥, not 7"),
    (lambda: RULES.contract_tables(None), "bulgarian has no contract null"),
    (lambda: RULES.score_deal(None), "a deal outcome is a mapping"),
    (lambda: THREE.legal_cards("hearts", ["7H", "AH"]), "the hand: 7H not in the 24-card pack of belote-a-trois"),
    (lambda: THREE.trick_winner("hearts", [(0, "8S"), (1, "AS")]), "the trick: 8S not in the 24-card pack"),
    (lambda: parse_card(None), "a card is written like JH or 10♥, not null"),
    (lambda: parse_cards(5), 'cards are a list like ["JH", "10S"] or a text like "JH 10S", not 5'),
    (lambda: Ruleset("bulgarian"), "a Ruleset is compiled from a Variant, not \"bulgarian\"; load one"),
    (lambda: DealState.start(RULES, None, 0), "a deck must be a list of card indices"),
    (lambda: DealState.start(RULES, [*range(31), "x"], 0), "a deck must be a list of card indices"),
    (lambda: DealState.from_hands(RULES, None, 0, "hearts", 1), "hands must be a list of card sets"),
    (lambda: DealState.from_hands(RULES, [255, "x", 0, 0], 0, "hearts", 1), "hands must be a list of card sets"),
    (lambda: DealState.from_hands(RULES, [255] * 4, 0, "hearts", 7), "declarer: a seat from 0 to 3, not 7"),
])
def test_misuse_is_a_user_error(call: Any, message: str) -> None:
    with pytest.raises(UserError) as caught:
        call()
    assert message in str(caught.value)


def test_a_card_error_is_a_user_error_and_still_a_value_error() -> None:
    """Every misuse of the public API is a UserError; callers that caught ValueError keep working."""
    assert issubclass(CardError, UserError) and issubclass(CardError, ValueError)


def test_right_use_still_answers() -> None:
    assert [str(c) for c in RULES.legal_cards("hearts", HAND, [(0, "KC"), (1, "9H")], seat=2)] == ["JH"]
    assert [str(c) for c in RULES.legal_cards("hearts", "7H JH", [])] == ["7H", "JH"]  # a hand as text
    assert RULES.legal_cards("hearts", {parse_card("JH")}, ()) == [parse_card("JH")]
    assert RULES.trick_winner("hearts", [(0, "KC"), (1, "9H"), (2, "JH"), (3, "AC")]) == 2
    assert "follow" in RULES.illegal_reason("hearts", ["7S", "8C"], [(0, "KC")], "7S")


# ---------------------------------------------------------------------- any junk


CARD_TEXT = st.sampled_from([str(c) for c in CARDS] + ["10H", "T♥", "jh"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(), st.text(max_size=12),
                    CARD_TEXT, st.sampled_from(["hearts", "no_trumps", "all_trumps", "sequence", "H"]),
                    st.builds(Card, st.integers(-2, 9), st.integers(-2, 5)))
JUNK = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.lists(inner, max_size=3).map(tuple),
    st.dictionaries(st.one_of(st.text(max_size=12), st.sampled_from(sorted(FRENCH))), inner, max_size=4),
), max_leaves=12)
HANDS = st.one_of(JUNK, st.lists(CARD_TEXT, max_size=10), st.lists(st.one_of(CARD_TEXT, JUNK), max_size=9))
PLAYS = st.one_of(st.tuples(st.integers(-1, 4), CARD_TEXT), st.tuples(JUNK, JUNK), JUNK)
TRICKS = st.one_of(JUNK, st.lists(PLAYS, max_size=5), st.lists(st.tuples(st.integers(0, 3), CARD_TEXT), max_size=4))
CONTRACTS = st.one_of(JUNK, st.sampled_from(RULES.contracts))


def answers_or_refuses(call: Any) -> None:
    """A right answer, or a UserError with a sentence: nothing else may escape the public API."""
    try:
        call()
    except UserError as err:
        assert str(err).strip() and "Traceback" not in str(err)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(contract=CONTRACTS, hand=HANDS, trick=TRICKS, seat=st.one_of(st.none(), st.integers(-1, 4), JUNK),
       card=st.one_of(CARD_TEXT, JUNK))
def test_any_junk_argument_gives_a_user_error_or_a_right_answer(contract: Any, hand: Any, trick: Any, seat: Any,
                                                                 card: Any) -> None:
    """Issue "Nothing lost, nothing leaked", item 8: the README promises a UserError for every mistaken call."""
    answers_or_refuses(lambda: RULES.legal_cards(contract, hand, trick, seat=seat))
    answers_or_refuses(lambda: RULES.illegal_reason(contract, hand, trick, card))
    answers_or_refuses(lambda: RULES.trick_winner(contract, trick))
    answers_or_refuses(lambda: RULES.contract_tables(contract))
    answers_or_refuses(lambda: parse_card(card))
    answers_or_refuses(lambda: parse_cards(hand))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(FRENCH)), value=JUNK, extra=st.dictionaries(st.text(max_size=8), JUNK, max_size=2))
def test_an_outcome_with_any_junk_field_is_scored_or_refused(key: str, value: Any, extra: dict[str, Any]) -> None:
    """A deal outcome handed to ``score_deal`` with any field replaced by junk: a score or an OutcomeError."""
    answers_or_refuses(lambda: RULES.score_deal({**FRENCH, key: value}))
    answers_or_refuses(lambda: RULES.score_deal({**FRENCH, **extra}))
    answers_or_refuses(lambda: RULES.score_deal(value))


@settings(max_examples=60, deadline=None)
@given(value=st.one_of(JUNK, st.text(max_size=300)))
@example(value="/\x00")  # a path with a NUL: the system refuses to name it (a ValueError, not an OSError)
def test_load_variant_of_any_junk_loads_or_refuses(value: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    answers_or_refuses(lambda: load_variant(value))
