"""Undenufe, the Jass no-trumps contract with its own rank order and card points (rules/family/schieber.md §1,
§4.1, §4.4), as the contract ``undenufe`` any variant may name: here a Bulgarian house file
(variants/examples/bulgarian-undenufe.yaml). A 6 of the Jass pack is a 7 here: the pack has no 6."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from belot_rules import kernel, load_variant
from belot_rules.engine.deal import DealState
from belot_rules.engine.playout import play_at_random
from belot_rules.rules.calls import Call

HOUSE = Path(__file__).parent.parent / "variants" / "examples" / "bulgarian-undenufe.yaml"
RULES = load_variant(HOUSE)


def test_undenufe_ranks_upward_schieber_1_and_4_4() -> None:
    """schieber.md §4.4 (jass-kit test_trick_winner): in the trick SA SK HQ C7 (♠ led) the ♠K wins in Undenufe,
    the ♠A in Obenabe (no trumps)."""
    trick = [(0, "AS"), (1, "KS"), (2, "QH"), (3, "7C")]
    assert RULES.trick_winner("undenufe", trick) == 1
    assert RULES.trick_winner("no_trumps", trick) == 0


def test_undenufe_card_points_schieber_1() -> None:
    """schieber.md §1: 10 10, 8 8, K 4, Q 3, J 2, the ace 0 (the 6's 11 is not in a 32-card pack)."""
    points = RULES.tables["undenufe"].points
    assert [points[c] for c in (3, 1, 6, 5, 4, 7, 0, 2)] == [10, 8, 4, 3, 2, 0, 0, 0]  # T 8 K Q J A 7 9 of clubs
    assert RULES.deck_total["undenufe"] == 4 * 27 + 10


@pytest.mark.parametrize("trick, hand, legal", [
    ("7C", "AS KS 7H JH", "AS KS 7H JH"),   # §4.4: void in the led suit, any card
    ("QS", "AS KS 7H JH", "AS KS"),         # §4.1: follow suit; no duty to head the trick
])
def test_undenufe_follows_suit_schieber_4_1(trick: str, hand: str, legal: str) -> None:
    cards = RULES.legal_cards("undenufe", hand.split(), [(0, c) for c in trick.split()], seat=1)
    assert {str(c) for c in cards} == set(legal.split())


def test_a_house_file_names_undenufe_and_the_default_contracts_leave_it_out() -> None:
    assert Call.parse("undenufe") == Call("bid", "undenufe")
    assert "undenufe" not in load_variant("bulgarian").contracts
    assert RULES.contracts == ("clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps", "undenufe")


def test_undenufe_deals_play_and_score_the_same_in_the_kernel_and_in_python() -> None:
    """The contract is a no-trumps contract with its own tables: the compiled kernel plays it as the Python loop."""
    for seed in range(20):
        deck = list(range(32))
        random.Random(seed).shuffle(deck)
        results = []
        for compiled in (kernel.compiled, None):
            saved, kernel.compiled = kernel.compiled, compiled
            try:
                state = DealState.start(RULES, deck, 3)
                for call in ("pass", "undenufe", "pass", "pass", "pass"):
                    state.apply(call)
                play_at_random(state, random.Random(seed).random)
            finally:
                kernel.compiled = saved
            assert state.score is not None and sum(state.side_points) == 4 * 27
            results.append((state.tricks, state.score.match_points))
        assert results[0] == results[1]
