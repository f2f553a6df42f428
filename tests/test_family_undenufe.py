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
from belot_rules.rules.bidding.calls import Call

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


def _contest(rules_: object, contract: str, ours: object, theirs: object) -> tuple[int, ...]:
    return rules_.declarations.resolve([ours, theirs], contract, 0).points  # type: ignore[attr-defined]


@pytest.mark.parametrize("contract, winner", [("undenufe", 0), ("no_trumps", 1), ("hearts", 1)])
def test_in_undenufe_the_lower_of_equal_runs_wins_schieber_5_2(tmp_path: Path, contract: str, winner: int) -> None:
    """schieber.md §5.2.3 (PEN): in Undenufe the lower run is higher (7-8-9 over Q-K-A here); in other contracts
    the higher top card wins."""
    from belot_rules.rules.declarations.melds import Declaration

    low = Declaration(0, "sequence", 0, 2, 3, 0b111, 20)                  # 7-8-9 of clubs, seat 0
    high = Declaration(1, "sequence", 1, 7, 3, 0b11100000 << 8, 20)       # Q-K-A of diamonds, seat 1
    points = _contest(RULES, contract, low, high)
    assert points[winner] == 20 and points[1 - winner] == 0


@pytest.mark.parametrize("melds, contract, winner", [("reversed", "undenufe", 0), ("as_usual", "undenufe", 1),
                                                     ("reversed", "spades", 1)])
def test_in_undenufe_quads_rank_in_reverse_schieber_5_2(tmp_path: Path, melds: str, contract: str,
                                                         winner: int) -> None:
    """schieber.md §5.2.3 (PEN): quartets rank reversed in Undenufe (four queens over four kings, both 100);
    ``declarations.undenufe_melds: as_usual`` keeps the usual order."""
    from belot_rules.rules.declarations.melds import Declaration

    house = tmp_path / "melds.yaml"
    house.write_text(f"extends: {HOUSE}\ndeclarations: {{undenufe_melds: {melds}}}\n", encoding="utf-8")
    rules = load_variant(house)
    queens = Declaration(0, "quad", -1, 5, 4, sum(1 << (8 * s + 5) for s in range(4)), 100)
    kings = Declaration(1, "quad", -1, 6, 4, sum(1 << (8 * s + 6) for s in range(4)), 100)
    points = _contest(rules, contract, queens, kings)
    assert points[winner] == 100 and points[1 - winner] == 0
