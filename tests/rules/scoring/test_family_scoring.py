"""Scoring rules of the wider Belot family, each pinned to its section of family/*.md: Baloot's rounding
and kaboot as variants/baloot.yaml scores them (baloot.md §7, TAZ), per-contract multipliers as variants/belote-bridgee.yaml scores them (belote-bridgee.md §6), a belote immune to
doubling (baloot.md §5.3), a game-winning declaration (bela.md §5) and a capot for the takers only
(klaverjas.md §6.3)."""

from __future__ import annotations

from typing import Any

import pytest

from belot_rules import load_variant
from belot_rules.cards import parse_card
from belot_rules.rules.declarations.melds import Declaration
from belot_rules.rules.scoring.pipeline import ScoringRules
from belot_rules.rules.scoring.rounding import Rounder
from belot_rules.variant.model import ContractRounding, Rounding, Variant

SUN, HOKUM = "no_trumps", "hearts"


def variant(**sections: Any) -> Variant:
    return Variant.model_validate({"name": "t", "title": "t", **sections})


BALOOT_RULES = load_variant("baloot").scoring  # the shipped file (Sun = no_trumps, Hokum = a suit)


def baloot(contract: str, raw: tuple[int, int], declarer: int = 0, multiplier: int = 1,
           declarations: tuple[Declaration, ...] = (), tricks: tuple[int, int] = (4, 4)):
    """Score a Baloot deal whose teams took ``raw`` card points including the last trick (team 0's)."""
    return BALOOT_RULES.score(contract, declarer, multiplier, (raw[0] - 10, raw[1]), tricks, 0, declarations)


@pytest.mark.parametrize(("raw", "gp"), [
    ((65, 65), (13, 13)), ((66, 64), (14, 12)), ((67, 63), (14, 12)), ((58, 72), (12, 14)),
    ((61, 69), (12, 14)), ((55, 75), (11, 15)),
])
def test_sun_rounds_to_the_even_neighbour_baloot_7_1(raw: tuple[int, int], gp: tuple[int, int]) -> None:
    """baloot.md §7.1 (TAZ): Sun GP = raw / 5, a total between two whole numbers going to the even one;
    the teams always total 26. Every worked example of the source."""
    points = baloot(SUN, raw, declarer=0 if raw[0] >= raw[1] else 1).match_points
    assert points == gp and sum(points) == 26


@pytest.mark.parametrize(("raw", "gp"), [
    ((85, 77), (8, 8)), ((84, 78), (8, 8)), ((96, 66), (9, 7)), ((104, 58), (10, 6)), ((107, 55), (11, 5)),
    ((95, 67), (9, 7)),
])
def test_hokum_pair_rounds_to_sixteen_baloot_7_1(raw: tuple[int, int], gp: tuple[int, int]) -> None:
    """baloot.md §7.1 (TAZ): Hokum GP = raw / 10 with 5 rounding down, then the pair forced to 16 (96/66:
    10 + 7 = 17, equal last digits, the higher raw gives one back: 9/7). Every worked example."""
    points = baloot(HOKUM, raw).match_points
    assert points == gp


def test_rounders_alone_pair_to_total_and_even_tens() -> None:
    pair = Rounder.build(ContractRounding(mode="pair_to_total"), Rounding())
    assert pair.round_pair([96, 66], [False, False]) == [9, 7]
    assert pair.round_pair([69, 93], [False, False]) == [7, 9]  # the larger raw gives back, whichever team
    assert pair.round(162) == 16 and pair.round(165) == 16 and pair.round(166) == 17
    even = Rounder.build(ContractRounding(mode="even_tens"), Rounding())
    assert [even.round(x) for x in (130, 132, 128, 116, 150)] == [13, 14, 12, 12, 15]


def test_khasara_the_buyer_with_fewer_gp_fails_and_the_opponents_take_the_sum_baloot_7_3() -> None:
    """baloot.md §7.3: fewer GP -> 0 for the buyer, the opponents score the sum of both teams' GP."""
    score = baloot(HOKUM, (66, 96))
    assert (score.verdict, score.match_points) == ("failed", (0, 16))
    assert baloot(SUN, (58, 72)).match_points == (0, 26)


def test_equal_gp_is_decided_on_the_raw_totals_baloot_7_3() -> None:
    """baloot.md §7.3: equal GP -> compare raw; the buyer strictly lower fails; equal raw: each keeps its GP."""
    assert baloot(HOKUM, (85, 77)).match_points == (8, 8)  # buyer higher raw: made
    lower = baloot(HOKUM, (85, 77), declarer=1)  # the buyer (team 1) has the lower raw
    assert (lower.verdict, lower.match_points) == ("failed", (16, 0))
    assert baloot(SUN, (65, 65)).match_points == (13, 13)  # equal raw: split


def test_a_doubled_equal_gp_is_a_khasara_baloot_7_3_TAZ_code() -> None:
    """baloot.md §7.3 (TAZ code): if the deal is doubled, an equal-GP result is a khasara for the buyer."""
    score = baloot(HOKUM, (85, 77), multiplier=2)
    assert (score.verdict, score.match_points) == ("failed", (0, 32))


def test_doubled_worked_example_with_sira_and_baloot_baloot_7_4() -> None:
    """baloot.md §7.4: Hokum, buyer 92 raw + sira, opponents 70 -> 9 + 2 = 11 vs 7, made; doubled ×2 ->
    22 / 14; the buyer also had Baloot (immune to the double) -> 24 / 14."""
    hearts = 2
    sira = Declaration(0, "sequence", 0, 7, 3, 0b1110_0000, 20)
    assert baloot(HOKUM, (92, 70), multiplier=2, declarations=(sira,)).match_points == (22, 14)
    belote = Declaration.belote(0, hearts, 20)
    score = baloot(HOKUM, (92, 70), multiplier=2, declarations=(sira, belote))
    assert score.match_points == (24, 14)
    assert any("belote not multiplied" in line for line in score.lines)


def test_baloot_is_kept_by_a_losing_team_and_not_multiplied_baloot_5_3() -> None:
    """baloot.md §5.3: always scored, kept even by a losing team, never multiplied."""
    belote = Declaration.belote(0, 2, 20)
    score = baloot(HOKUM, (60, 102), multiplier=2, declarations=(belote,))
    assert score.match_points == (2, 32)


def test_kaboot_replaces_the_card_gp_baloot_7_2() -> None:
    """baloot.md §7.2 (TAZ): all 8 tricks: 25 GP in Hokum, 44 in Sun instead of the card GP; projects on top."""
    assert baloot(HOKUM, (162, 0), tricks=(8, 0)).match_points == (25, 0)
    assert baloot(SUN, (130, 0), tricks=(8, 0)).match_points == (44, 0)
    fifty = Declaration(0, "sequence", 0, 7, 4, 0b1111_0000, 50)
    assert baloot(HOKUM, (162, 0), tricks=(8, 0), declarations=(fifty,)).match_points == (30, 0)


def test_projects_count_double_in_sun_and_four_aces_are_400_baloot_5_1() -> None:
    """baloot.md §5.1 (TAZ projects.py): sira 2 GP in Hokum, 4 in Sun; four aces 100 abnat (10 GP) in
    Hokum, 40 GP ("four hundred") in Sun."""
    sira = Declaration(0, "sequence", 0, 7, 3, 0b1110_0000, 20)
    assert baloot(SUN, (80, 50), declarations=(sira,)).match_points == (16 + 4, 10)
    ace = parse_card("AH").index & 7
    aces_sun = BALOOT_RULES.declarations.quad(0, ace, SUN)
    aces_hokum = BALOOT_RULES.declarations.quad(0, ace, HOKUM)
    assert baloot(SUN, (80, 50), declarations=(aces_sun,)).match_points == (16 + 40, 10)
    assert baloot(HOKUM, (92, 70), declarations=(aces_hokum,)).match_points == (9 + 10, 7)


# ----------------------------------------------------------------------------- per-contract multipliers


BRIDGEE = load_variant("belote-bridgee").scoring  # the shipped file


def test_contract_multiplier_hearts_made_belote_bridgee_6_2() -> None:
    """belote-bridgee.md §6.2 (BEL, BTV): ♥ (×3) made 102 to 60 -> 306 / 180."""
    assert BRIDGEE.score("hearts", 0, 1, (92, 60), (5, 3), 0).match_points == (306, 180)


def test_contract_multiplier_no_trumps_doubled_and_failed_belote_bridgee_6_2() -> None:
    """belote-bridgee.md §6.2: SA (×5) contré (×2) failed: opponents 162 × 10 = 1620 (SA counts 162)."""
    score = BRIDGEE.score("no_trumps", 0, 2, (60, 92), (3, 5), 1)
    assert score.match_points == (0, 1620) and score.raw_points == (300, 510)


# ----------------------------------------------------------------------------- Bela and Klaverjas


def test_the_eight_card_belot_wins_the_match_bela_5() -> None:
    """bela.md §5 (B4U): the 8-card run ("belot") makes its holder's team win the match at once."""
    rules = ScoringRules(variant(declarations={"wins_match_length": 8}))
    run = rules.declarations.sequence(1, 0xFF << 8)
    score = rules.score("hearts", 0, 1, (80, 72), (4, 4), 0, run)
    assert score.match_winner == 1
    assert "Seat 1 declared huitième to the A♦ (100): team 1 wins the match at once" in score.lines
    assert ScoringRules(variant()).score("hearts", 0, 1, (80, 72), (4, 4), 0, run).match_winner is None


def test_capot_for_the_takers_only_klaverjas_6_3() -> None:
    """klaverjas.md §6.3 (HOL): only the playing side scores pit; BGA's "a team" is ``either``."""
    takers_only = ScoringRules(variant(scoring={"capot": {"team": "takers_only"}}))
    assert takers_only.score("hearts", 0, 1, (0, 152), (0, 8), 1).raw_points == (0, 162)
    assert takers_only.score("hearts", 0, 1, (152, 0), (8, 0), 0).raw_points == (252, 0)
    assert ScoringRules(variant()).score("hearts", 0, 1, (0, 152), (0, 8), 1).raw_points == (0, 252)


def test_validate_refuses_factors_on_point_bids_and_unplayed_contracts() -> None:
    with pytest.raises(ValueError, match="contract_factors names no_trumps"):
        variant(bidding={"contracts": ["hearts"]}, scoring={"contract_factors": {"no_trumps": 2}})
    with pytest.raises(ValueError, match="leave contract_factors out"):
        variant(bidding={"style": "point_bids"}, scoring={"contract_factors": {"hearts": 2}})
    with pytest.raises(ValueError, match="set match.target to null"):
        variant(match={"deals": 16})


def test_half_bete_the_takers_score_nothing_the_defenders_their_own_klaberjass_6() -> None:
    """family/klaberjass.md: equal ("half bete"): the maker scores nothing, the opponent his own total;
    less ("bete"): the opponent scores both totals."""
    rules = ScoringRules(variant(scoring={"tie": "half_bete", "rounding": {"unit": "points", "suit": {"mode": "none"}}}))
    half = rules.score("hearts", 0, 1, (71, 81), (4, 4), 0)
    assert (half.verdict, half.match_points) == ("failed", (0, 81))
    assert rules.score("hearts", 0, 1, (70, 82), (4, 4), 0).match_points == (0, 162)
