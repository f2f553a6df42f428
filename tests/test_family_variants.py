"""The shipped Klaverjas and Baloot files, pinned to family/klaverjas.md and family/baloot.md: their
worked examples scored by the files themselves (Baloot's: test_family_scoring.py), and the engine's
invariants over random deals."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import parse_card
from belot_rules.engine.deal import DealState
from belot_rules.engine.match import MatchState
from belot_rules.engine.playout import random_deal
from belot_rules.engine.records import deal_record, match_record, replay
from belot_rules.engine.runner import play_deal, play_match
from belot_rules.players import make_player
from belot_rules.ruleset import Ruleset
from belot_rules.variant.loader import load_variant_model

FAMILY = ["klaverjas-amsterdam", "klaverjas-rotterdam", "baloot"]
AMSTERDAM, ROTTERDAM, BALOOT = (load_variant(n) for n in FAMILY)


def roem(rules, cards: str, contract: str = "spades") -> int:
    return sum(d.points for d in rules.declarations.in_trick(contract, [parse_card(c).index for c in cards.split()], 0))


@pytest.mark.parametrize(("cards", "points"), [
    ("7H 8H 9H AC", 20), ("8H 9H TH JH", 50), ("KS QS 7H 8D", 20), ("QS KS AS 7H", 40), ("TS JS QS KS", 70),
    ("7H 7S 7D 7C", 100), ("KH QH 7C 8C", 0),
])
def test_both_files_score_the_roem_table_klaverjas_5(cards: str, points: int) -> None:
    """klaverjas.md §5 table (NKU, NKU-R, KBN, HOL), as both shipped files score it."""
    assert roem(AMSTERDAM, cards) == roem(ROTTERDAM, cards) == points


def test_four_jacks_200_in_amsterdam_100_in_rotterdam_klaverjas_5_8() -> None:
    """klaverjas.md §5 [opt:roem.quads] and §8 presets: KBN's jacks 200 (Amsterdam), NKU-R's all 100."""
    assert roem(AMSTERDAM, "JH JS JD JC") == 200
    assert roem(ROTTERDAM, "JH JS JD JC") == 100


@pytest.mark.parametrize(("card_points", "tricks", "roem_tricks", "match_points"), [
    ((84, 68), (5, 3), [("7H 8H 9H AC", 0), ("7C 8C 9C TC", 1)], (0, 232)),  # 114 vs 118: nat, 162 + 70
    ((72, 80), (4, 4), [], (82, 80)),                                          # made, each its own
    ((71, 81), (4, 4), [], (0, 162)),                                          # 81 = 81: nat
    ((152, 0), (8, 0), [("QS KS AS 7H", 0)], (302, 0)),                        # pit: 162 + 100 + 40
])
def test_the_worked_examples_of_klaverjas_6(card_points, tricks, roem_tricks, match_points) -> None:
    """klaverjas.md §6 worked examples (♠ trump, the playing side is team 0), by both shipped files."""
    for rules in (AMSTERDAM, ROTTERDAM):
        melds = [d for cards, winner in roem_tricks
                 for d in rules.declarations.in_trick("spades", [parse_card(c).index for c in cards.split()], winner)]
        score = rules.scoring.score("spades", 0, 1, card_points, tricks, 0, melds)
        assert score.match_points == match_points


def test_klaverjas_is_sixteen_deals_and_seat_0_leads_klaverjas_3_7() -> None:
    """klaverjas.md §7: 16 deals, highest total wins or ties stay ties; §3: seat 0 always leads trick 1."""
    match = play_match(AMSTERDAM, [make_player("random", AMSTERDAM, s) for s in range(4)], seed=2)
    assert len(match.deals) == 16 and match.over
    assert match.drawn == (match.board[0] == match.board[1])
    assert all(d.contract is not None for d in match.deals)  # no redeal: a call is forced (klaverjas.md §2.4)
    first = DealState.start(AMSTERDAM, list(range(32)), dealer=3)
    first.apply("pass")  # the dealer speaks first (NKU)
    for call in ("pass", "pass", "pass", "hearts"):
        first.apply(call)
    assert first.contract == "hearts" and first.to_act == 0


# ----------------------------------------------------------------------------- invariants


@pytest.mark.parametrize("name", FAMILY)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_card_points_sum_and_a_record_replays_to_its_score(name: str, seed: int) -> None:
    """Card points plus the last trick are the deck total; replaying a deal's record gives its score."""
    ruleset = load_variant(name)
    state = random_deal(ruleset, random.Random(seed), seed % 4)
    if state.contract is not None:
        assert sum(state.side_points) + 10 == ruleset.deck_total[state.contract]
    state = DealState.start(ruleset, random.Random(seed).sample(range(32), 32), seed % 4)
    play_deal(state, [make_player("random", ruleset, seed + s) for s in range(4)])
    result = replay(ruleset, json.loads(json.dumps(deal_record(state, seed))))
    if state.score is not None:
        assert result.deals[0].score.to_dict() == state.score.to_dict()


@pytest.mark.parametrize("name", FAMILY)
def test_a_heuristic_match_ends_and_replays(name: str) -> None:
    ruleset = load_variant(name)
    match = play_match(ruleset, [make_player("heuristic", ruleset, s) for s in range(4)], seed=4)
    assert match.over
    result = replay(ruleset, json.loads(json.dumps(match_record(match))))
    assert (result.winner, result.drawn, list(result.board)) == (match.winner, match.drawn, match.board)


def test_a_declared_eight_card_run_ends_the_match_at_once_bela_5() -> None:
    """bela.md §5 (B4U "igra završava"): the holder of all eight cards of a suit declares it and his
    team wins the match there and then, whatever the board (here a Bulgarian house rule)."""
    variant = load_variant_model("bulgarian").variant
    ruleset = Ruleset(variant.model_copy(update={"declarations": variant.declarations.model_copy(
        update={"wins_match_length": 8})}))
    hands = [list(range(8, 16)), list(range(0, 8)), list(range(16, 24)), list(range(24, 32))]  # seat 0: diamonds
    deck = [0] * 32
    dealing = ruleset.dealing
    for offset, position in (*dealing.first, *dealing.second[0]):
        deck[position] = hands[offset].pop()
    match = MatchState.new(ruleset, seed=1, first_dealer=3)
    match.start_deal(3, tuple(deck))
    match.current.force_contract("hearts", 0)
    match.current.play_out(lambda legal, *rest: (legal & -legal).bit_length() - 1,
                           lambda seat, options: options[0], lambda seat: False)
    match.advance()
    assert match.current is None and match.winner == 0 and match.board[0] < 151
    assert any(line.endswith("team 0 wins the match at once") for line in match.deals[-1].score.lines)
