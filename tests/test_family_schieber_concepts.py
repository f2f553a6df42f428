"""Schieber Jass's concepts together (rules/family/schieber.md) in one house file on the 32-card pack: the push
auction, the Jass play rules, Obenabe (no trumps with the 8 worth 8) and Undenufe, no contract at stake, the
match bonus, graded Weis, the Swisslos multipliers. The 36-card pack (rank 6) is the one rule of the file
that is not there yet, so this is no Schieber variant: it checks that the concepts compose, with the
write-up's worked examples (§6.4), whose totals the 32-card pack happens to keep (152 card points + 5)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.engine.playout import random_deal
from belot_rules.ruleset import Ruleset

SCHIEBER_32 = """\
extends: bulgarian
deal: {first_packets: [3, 3, 2], second_packets: []}
bidding:
  style: push
  contracts: [clubs, diamonds, hearts, spades, no_trumps, undenufe]
  doubles: {max_level: 0}
cards:
  trump: {order: [J, 9, A, K, Q, T, 8, 7], points: {J: 20, 9: 14, A: 11, T: 10, K: 4, Q: 3}}
  plain: {order: [A, K, Q, J, T, 9, 8, 7], points: {A: 11, T: 10, K: 4, Q: 3, J: 2}}
  no_trumps: {order: [A, K, Q, J, T, 9, 8, 7], points: {A: 11, T: 10, "8": 8, K: 4, Q: 3, J: 2}}
play:
  trump_instead_of_following: allowed
  void_trumping: optional
  bare_trump_jack: exempt
  trump_lead_overtrump: never
  undertrump: forbidden_unless_only_trumps
scoring:
  contract: each_own
  last_trick: 5
  capot: {bonus: 100}
  contract_factors: {clubs: 2, spades: 2, no_trumps: 3, undenufe: 3}
  card_factor: {no_trumps: 1}
  rounding: {unit: points, suit: {mode: none}, no_trumps: {mode: none}}
declarations:
  contracts: [suit, no_trumps]
  sequences: {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250}
  quads: {J: 200, "9": 150, A: 100, K: 100, Q: 100, T: 100, "8": 100, "7": 100}
  quad_order: [J, "9", A, K, Q, T, "8", "7"]
match: {target: 2500}
"""


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    path: Path = tmp_path_factory.mktemp("schieber") / "schieber-32.yaml"
    path.write_text(SCHIEBER_32, encoding="utf-8")
    return load_variant(path)


def test_a_match_in_spades_with_the_swisslos_multipliers_is_514_schieber_6_2_to_6_4(rules: Ruleset) -> None:
    """schieber.md §6.4 (constructed from §6.2-6.3, JWK "514 (x2)"): all tricks in ♠, (157 + 100) x 2 = 514."""
    score = rules.score_deal({"contract": "spades", "declarer": 0, "points": [152, 0], "last_trick": 0,
                              "trick_counts": [8, 0]})
    assert score.match_points == (514, 0)


def test_both_teams_keep_their_points_with_stoeck_and_weis_schieber_6_1_and_6_4(rules: Ruleset) -> None:
    """schieber.md §6.4: ♥ trump, team A has Stöck and takes 100 card points, team B 57 and the best Weis, 50:
    A 120, B 107; no contract is at stake (§6.1)."""
    score = rules.score_deal({"contract": "hearts", "declarer": 0, "points": [100, 52], "last_trick": 1,
                              "trick_counts": [4, 4],
                              "declarations": [{"side": 1, "kind": "sequence", "points": 50},
                                               {"side": 0, "kind": "belote", "suit": "H"}]})
    assert score.match_points == (120, 107)


def test_weis_in_obenabe_is_multiplied_schieber_6_4(rules: Ruleset) -> None:
    """schieber.md §6.4 (JKA): Obenabe, four queens (100) and a run of three (20), the best Weis: (100 + 20) x 3 =
    360 Weis points."""
    score = rules.score_deal({"contract": "no_trumps", "declarer": 0, "points": [0, 152], "last_trick": 1,
                              "trick_counts": [0, 8],
                              "declarations": [{"side": 0, "kind": "quad", "points": 100},
                                               {"side": 0, "kind": "sequence", "points": 20}]})
    assert score.match_points[0] == 360


def test_the_concepts_play_whole_deals_together(rules: Ruleset) -> None:
    for seed in range(30):
        state = random_deal(rules, random.Random(seed))
        assert state.phase == "over" and state.contract is not None and state.score is not None
