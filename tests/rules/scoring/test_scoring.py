"""Deal scoring, each rule pinned to rules/bulgarian.md §6-9 (SF, HIT, HLP, BIN, NIK), the seed 000
examples of RULES.md, or rules/french.md §8-13 (FFB-B, FFB-C/K, CO, S1, S4)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import mask_of
from belot_rules.rules.declarations.melds import Declaration
from belot_rules.rules.outcome.parse import score_outcome
from belot_rules.rules.scoring.pipeline import ScoringRules
from belot_rules.rules.scoring.result import DealScore
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import Variant

HEARTS = 2


def shipped(name: str) -> Variant:
    return load_variant_model(name).variant


def changed(variant: Variant, **sections: dict[str, Any]) -> Variant:
    """``variant`` with some options changed, e.g. ``changed(v, scoring={"rounding": {"min_one": True}})``."""

    def merge(base: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
        return {k: merge(base[k], v) if isinstance(v, dict) and isinstance(base.get(k), dict) else v
                for k, v in {**base, **update}.items()}

    return Variant.model_validate(merge(variant.model_dump(), sections))


BG = ScoringRules(shipped("bulgarian"))
BG_CONTRACTS = sorted(BG.tables)  # the contracts Bulgarian plays (not every contract a variant may name)
FR = ScoringRules(shipped("french"))
FR_EXACT = ScoringRules(changed(shipped("french"), scoring={"rounding": {"totals": {"suit": {"mode": "none"}}}}))
COINCHE = ScoringRules(shipped("coinche"))
POINT_BIDS = ScoringRules(shipped("french-point-bids"))
SINGLE = ScoringRules(shipped("french-single-deal"))


def score(rules: ScoringRules, contract: str, declarer: int, totals: tuple[int, int], *,
          last: int | None = None, capot: int | None = None, decls: tuple[Declaration, ...] = (),
          m: int = 1, bid: int | str | None = None, hanging_in: int = 0) -> DealScore:
    """Score a deal given each team's card points *including* the last trick (as the sources quote them)."""
    if last is None:
        last = capot if capot is not None else (0 if totals[0] >= totals[1] else 1)
    cards = [totals[0], totals[1]]
    cards[last] -= rules.variant.scoring.last_trick
    tricks = (4, 4) if capot is None else ((8, 0) if capot == 0 else (0, 8))
    return rules.score(contract, declarer, m, (cards[0], cards[1]), tricks, last, list(decls), bid, hanging_in)


def tierce(seat: int, cards: str = "7C 8C 9C") -> Declaration:
    return BG.declarations.sequence(seat, mask_of(cards.split()))[0]


def quarte(seat: int, cards: str = "7S 8S 9S TS") -> Declaration:
    return BG.declarations.sequence(seat, mask_of(cards.split()))[0]


def quad(seat: int, rank: int, rules: ScoringRules = BG, contract: str = "hearts") -> Declaration:
    return rules.declarations.quad(seat, rank, contract)


def belote(seat: int, suit: int = HEARTS) -> Declaration:
    return Declaration.belote(seat, suit, 20)


QUEENS, NINES = 5, 2


# ----------------------------------------------------------------------------- seed 000 rounding (RULES.md)


def test_suit_rounding_tie_digit_6_lower_team_rounds_up_SF_56_106():
    result = score(BG, "hearts", 0, (106, 56))
    assert (result.verdict, result.match_points) == ("made", (10, 6))


def test_suit_rounding_6_156_gives_1_15_SF():
    assert score(BG, "spades", 1, (6, 156)).match_points == (1, 15)


def test_all_trumps_rounding_tie_digit_4_SF_34_224():
    assert score(BG, "all_trumps", 0, (224, 34)).match_points == (22, 4)


def test_all_trumps_164_194_with_a_100_declaration_gives_17_19_SF():
    result = score(BG, "all_trumps", 0, (94, 164), decls=(quad(0, QUEENS, contract="all_trumps"),))
    assert result.raw_points == (194, 164)
    assert result.match_points == (19, 17)


def test_all_trumps_154_154_with_a_50_defenders_15_and_16_hang_SF_HIT_BIN():
    result = score(BG, "all_trumps", 0, (104, 154), decls=(quarte(0),))
    assert (result.verdict, result.match_points, result.hanging_out) == ("hanging", (0, 15), 16)


def test_suit_106_106_with_a_50_defenders_10_and_11_hang_SF_HIT_BIN():
    result = score(BG, "hearts", 1, (106, 56), decls=(quarte(1),))
    assert (result.verdict, result.match_points, result.hanging_out) == ("hanging", (10, 0), 11)


def test_same_as_board_reserve_rounds_like_the_board_PORT_E12():
    rules = ScoringRules(changed(shipped("bulgarian"), scoring={"rounding": {"reserve": "same_as_board"}}))
    result = score(rules, "all_trumps", 0, (104, 154), decls=(quarte(0),))
    assert (result.match_points, result.hanging_out) == ((0, 15), 15)


# ----------------------------------------------------------------------------- bulgarian.md §6-8


def test_failed_defenders_record_everything_incl_takers_declarations_and_belote_bulgarian_7():
    result = score(BG, "hearts", 0, (50, 112), decls=(tierce(0), belote(2)))
    assert result.raw_points == (90, 112)
    assert (result.verdict, result.match_points) == ("failed", (0, 20))


def test_failure_needs_strictly_fewer_points_bulgarian_7():
    assert score(BG, "hearts", 0, (81, 81)).verdict == "hanging"


def test_no_trumps_points_doubled_SF_HIT():
    result = score(BG, "no_trumps", 0, (90, 40))
    assert result.raw_points == (180, 80)
    assert result.match_points == (18, 8)


def test_no_trumps_valat_90_not_doubled_HLP_35():
    result = score(BG, "no_trumps", 0, (130, 0), capot=0)
    assert result.raw_points == (350, 0)
    assert result.match_points == (35, 0)
    assert result.capot_team == 0


def test_valat_adds_90_SF_HIT():
    assert score(BG, "spades", 2, (162, 0), capot=0).match_points == (25, 0)


def test_declarations_of_a_team_without_tricks_count_BIN_NIK_D11():
    result = score(BG, "spades", 0, (162, 0), capot=0, decls=(quad(1, NINES),))
    assert result.raw_points == (252, 150)


def test_count_without_tricks_off_voids_them_D11():
    rules = ScoringRules(changed(shipped("bulgarian"), declarations={"count_without_tricks": False}))
    result = score(rules, "spades", 0, (162, 0), capot=0, decls=(quad(1, NINES),))
    assert result.raw_points == (252, 0)
    assert "took no trick" in "\n".join(result.lines)


def test_made_contract_each_team_records_its_own_total_bulgarian_7():
    result = score(BG, "clubs", 1, (62, 100), decls=(belote(1, 0),))
    assert result.match_points == (6, 12)


@pytest.mark.parametrize(
    ("contract", "totals", "decls", "expected", "without_min_one"),
    [
        ("diamonds", (160, 2), "tierce", (17, 1), (18, 0)),
        ("spades", (159, 3), "quint", (25, 1), (26, 0)),
        ("no_trumps", (128, 2), "", (25, 1), (26, 0)),
    ],
)
@pytest.mark.parametrize("made", ["per_team", "leader_then_remainder"])
def test_min_one_vectors_BIN_bulgarian_8(contract, totals, decls, expected, without_min_one, made):
    """BIN: diamonds 180-2 -> 17-1, spades 259-3 -> 25-1, no-trumps 256-4 -> 25-1."""
    extra = {"tierce": (tierce(0),), "quint": tuple(BG.declarations.sequence(0, mask_of("9H TH JH QH KH".split()))),
             "": ()}[decls]
    for min_one, want in ((True, expected), (False, without_min_one)):
        rules = ScoringRules(changed(shipped("bulgarian"), scoring={"rounding": {"min_one": min_one, "made": made}}))
        assert score(rules, contract, 0, totals, decls=extra).match_points == want


# ----------------------------------------------------------------------------- bulgarian.md §9


def test_redoubled_suit_56_156_records_4_x_21_84_HIT_BIN_9_1():
    result = score(BG, "hearts", 0, (56, 106), decls=(quarte(1),), m=4)
    assert result.raw_points == (56, 156)
    assert (result.verdict, result.match_points) == ("failed", (0, 84))


def test_round_multiplied_total_gives_85_SF_reading_E5():
    rules = ScoringRules(changed(shipped("bulgarian"), scoring={"rounding": {"doubled": "round_multiplied_total"}}))
    assert score(rules, "hearts", 0, (56, 106), decls=(quarte(1),), m=4).match_points == (0, 85)


def test_doubled_more_points_wins_whoever_bid_HIT():
    result = score(BG, "hearts", 0, (100, 62), m=2)
    assert (result.verdict, result.match_points) == ("made", (32, 0))


def test_doubled_valat_is_multiplied_SF_HIT_BIN_E4():
    assert score(BG, "hearts", 0, (162, 0), capot=0, m=2).match_points == (50, 0)


def test_valat_outside_the_double_option_E4():
    rules = ScoringRules(changed(shipped("bulgarian"), scoring={"capot": {"multiplied_by_double": False}}))
    assert score(rules, "hearts", 0, (162, 0), capot=0, m=2).match_points == (41, 0)


def test_doubled_tie_suit_106_106_redoubled_hangs_84_BIN():
    result = score(BG, "hearts", 0, (56, 106), decls=(quarte(0),), m=4)
    assert (result.verdict, result.match_points, result.hanging_out) == ("hanging", (0, 0), 84)


def test_doubled_tie_all_trumps_154_154_redoubled_hangs_124_BIN():
    result = score(BG, "all_trumps", 1, (154, 104), decls=(quarte(1),), m=4)
    assert (result.match_points, result.hanging_out) == ((0, 0), 124)


def test_hanging_points_go_to_the_next_made_contract_SF_9_2():
    assert score(BG, "hearts", 1, (56, 106), hanging_in=16).match_points == (6, 26)


def test_hanging_points_go_to_defenders_of_a_failed_contract_SF_9_2():
    result = score(BG, "hearts", 1, (106, 56), hanging_in=16)
    assert (result.match_points, result.hanging_out) == ((32, 0), 0)


def test_hanging_points_go_to_the_doubled_winner_SF_9_2():
    assert score(BG, "hearts", 1, (106, 56), m=2, hanging_in=11).match_points == (43, 0)


def test_a_second_tie_adds_to_the_pool_BIN_NIK_E15():
    result = score(BG, "hearts", 1, (106, 56), decls=(quarte(1),), hanging_in=16)
    assert (result.match_points, result.hanging_out) == ((10, 0), 27)


def test_a_tie_without_accumulate_keeps_only_its_own_reserve():
    rules = ScoringRules(changed(shipped("bulgarian"), scoring={"reserve": {"accumulate": False}}))
    assert score(rules, "hearts", 1, (106, 56), decls=(quarte(1),), hanging_in=16).hanging_out == 11


def test_all_pass_keeps_the_pool_unless_lost_NIK_E16():
    assert BG.reserve_after_all_pass(16) == 16
    assert ScoringRules(changed(shipped("bulgarian"), scoring={"reserve": {"kept_on_all_pass": False}})
                        ).reserve_after_all_pass(16) == 0


# ----------------------------------------------------------------------------- french.md §12 worked examples


def test_french_example_1_made_100_82_FFB_B_10_2():
    """♦ trump, taker seat 2 with ♦K♦Q: team 0 80 (incl. dix de der), team 1 82 -> 100 / 82."""
    result = score(FR_EXACT, "diamonds", 2, (80, 82), last=0, decls=(belote(2, 1),))
    assert (result.verdict, result.match_points) == ("made", (100, 82))
    assert score(FR, "diamonds", 2, (80, 82), last=0, decls=(belote(2, 1),)).match_points == (100, 80)


def test_french_example_2_litige_defenders_91_and_91_in_reserve_FFB_B_10_1_3():
    """♥, taker seat 1; defender seat 0 holds belote: 91-91 -> defenders score 91, 91 waits."""
    result = score(FR_EXACT, "hearts", 1, (71, 91), decls=(belote(0),))
    assert (result.verdict, result.match_points, result.hanging_out) == ("litige", (91, 0), 91)


def test_french_litige_rounded_like_the_board_S1():
    result = score(FR, "hearts", 1, (71, 91), decls=(belote(0),))
    assert (result.match_points, result.hanging_out) == ((90, 0), 90)


def test_french_example_3_declarations_153_79_FFB_K_8_3():
    r = FR_EXACT.declarations
    decls = (*r.sequence(0, mask_of("9H TH JH".split())), *r.sequence(1, mask_of("9C TC JC QC".split())),
             *r.sequence(3, mask_of("8D 9D TD".split())))
    result = score(FR_EXACT, "hearts", 2, (153, 9), decls=decls)
    assert result.match_points == (153, 79)


def test_french_example_4_bid_added_95_plus_90_185_rounds_190_S1():
    """♣, bid 90, taker seat 1: takers 95 >= 90 and > 67 -> 185 -> 190, defenders 67 -> 70."""
    for rules in (POINT_BIDS, COINCHE):
        result = score(rules, "clubs", 1, (67, 95), bid=90)
        assert (result.verdict, result.match_points) == ("made", (70, 190))


def test_french_example_5_coinche_contre_made_520_0_FFB_C_10_1():
    """♣, 100 contré, taker seat 0: takers 135 > 27 and >= 100 -> (160 + 100) x 2 = 520 / 0."""
    result = score(COINCHE, "clubs", 0, (135, 27), bid=100, m=2)
    assert (result.verdict, result.match_points) == ("made", (520, 0))


# ----------------------------------------------------------------------------- french.md §9-10


def test_french_failed_defenders_162_plus_declarations_takers_keep_belote_FFB_B_10_2_CO():
    result = score(FR_EXACT, "hearts", 0, (50, 112), decls=(tierce(0), belote(2)))
    assert (result.verdict, result.match_points) == ("failed", (20, 182))


def test_failed_declarations_void_option_french_options():
    rules = ScoringRules(changed(FR_EXACT.variant, declarations={"on_failure": "void"}))
    assert score(rules, "hearts", 0, (50, 112), decls=(tierce(0), belote(2))).match_points == (20, 162)


def test_the_treatment_table_keeps_or_voids_a_losing_side_s_declarations_and_belote():
    """One treatment table (issue 21): declarations and belote take the same on_failure values. A failed French
    contract with a tierce and a belote: the takers keep both (declarations kept), or the belote scores for
    nobody (belote void)."""
    kept = ScoringRules(changed(FR_EXACT.variant, declarations={"on_failure": "kept"}))
    result = score(kept, "hearts", 0, (50, 112), decls=(tierce(0), belote(2)))
    assert result.match_points == (40, 162) and result.belote_only == (False, False)
    assert "Team 0 records its declarations and belote: 40 → 40" in result.lines
    void = ScoringRules(changed(FR_EXACT.variant, declarations={"belote": {"on_failure": "void"}}))
    assert score(void, "hearts", 0, (50, 112), decls=(tierce(0), belote(2))).match_points == (0, 182)


def test_the_old_keys_of_the_treatment_table_read_as_its_options():
    """count_for_contract, when_failed and kept_when_failed, the near-copies the table replaced, still read."""
    old = changed(FR_EXACT.variant)
    data = old.model_dump()
    data["declarations"] = {k: v for k, v in data["declarations"].items() if k not in ("counts_for_contract", "on_failure")}
    data["declarations"].update(count_for_contract=False, when_failed="void")
    data["declarations"]["belote"] = {k: v for k, v in data["declarations"]["belote"].items() if k != "on_failure"}
    data["declarations"]["belote"]["kept_when_failed"] = True
    read = type(old).model_validate(data).declarations
    assert (read.counts_for_contract, read.on_failure, read.belote.on_failure) == (False, "void", "kept")


def test_french_capot_252_and_defenders_declarations_pass_FFB_K_10_1_1():
    result = score(FR_EXACT, "hearts", 0, (162, 0), capot=0, decls=(tierce(1), belote(1)))
    assert result.match_points == (272, 20)
    assert result.belote_only == (False, True)


def test_litige_reserve_goes_to_the_next_contract_maker_FFB_B():
    result = score(FR, "hearts", 1, (60, 102), hanging_in=90)
    assert (result.match_points, result.hanging_out) == ((60, 190), 0)


def test_litige_reserve_waits_when_the_next_contract_fails_FFB_B():
    result = score(FR, "hearts", 1, (102, 60), hanging_in=90)
    assert (result.verdict, result.match_points, result.hanging_out) == ("failed", (160, 0), 90)


def test_rounding_uses_exact_points_for_the_contract_LC():
    """LC: the contract test uses exact points; 84 vs 78 is made and both score 80."""
    assert score(FR, "hearts", 0, (84, 78)).match_points == (80, 80)


def test_declarations_not_counted_for_the_contract_option():
    rules = ScoringRules(changed(FR_EXACT.variant, declarations={"counts_for_contract": False}))
    result = score(rules, "hearts", 0, (76, 86), decls=(tierce(0),))
    assert (result.verdict, result.raw_points) == ("failed", (96, 86))


def test_belote_not_counted_for_the_contract_CCH():
    rules = ScoringRules(changed(FR_EXACT.variant, declarations={"belote": {"counts_for_contract": False}}))
    assert score(rules, "hearts", 0, (76, 86), decls=(belote(0),)).verdict == "failed"
    assert score(FR_EXACT, "hearts", 0, (76, 86), decls=(belote(0),)).verdict == "made"


def test_half_down_with_the_complement_106_56_gives_110_50_YPZ_french_md_10():
    """french.md §10 (YPZ): 5 rounds down (105 -> 100, 106 -> 110) and the defenders get the
    complement (106 -> 110 / 50): rounding half_down, made leader_then_remainder."""
    rules = ScoringRules(changed(FR.variant, scoring={"rounding": {"totals": {"suit": {"mode": "half_down"}},
                                                                    "made": "leader_then_remainder"}}))
    assert score(rules, "hearts", 0, (106, 56)).match_points == (110, 50)
    assert score(rules, "hearts", 0, (105, 57)).match_points == (100, 60)
    per_team = ScoringRules(changed(FR.variant, scoring={"rounding": {"totals": {"suit": {"mode": "half_down"}}}}))
    assert score(per_team, "hearts", 0, (105, 57)).match_points == (100, 60)
    assert score(per_team, "hearts", 0, (106, 56)).match_points == (110, 60)


def test_point_bids_failed_defenders_162_plus_the_bid_takers_keep_belote_S1_french_md_9():
    """S1: a failed contract gives the defenders all the points (its "160" is 162 rounded), and
    the bid; the takers keep only their belote. 70 + belote 20 = 90 < 92 with bid 80:
    defenders 162 + 80 = 242 -> 240, takers 20."""
    result = score(POINT_BIDS, "hearts", 0, (70, 92), decls=(belote(0),), bid=80)
    assert (result.verdict, result.match_points) == ("failed", (20, 240))


# ----------------------------------------------------------------------------- coinche, french.md §13


def test_coinche_tie_fails_the_takers_FFB_C_10_1_2():
    result = score(COINCHE, "hearts", 0, (81, 81), bid=80)
    assert (result.verdict, result.match_points) == ("failed", (0, 240))


def test_coinche_below_the_bid_fails_LC():
    result = score(COINCHE, "hearts", 0, (95, 67), bid=100)
    assert (result.verdict, result.match_points) == ("failed", (0, 260))


def test_coinche_failed_takers_keep_their_belote_FFB_C_10_1():
    assert score(COINCHE, "hearts", 0, (60, 102), decls=(belote(0),), bid=100).match_points == (20, 260)


def test_coinche_failed_contre_defenders_m_times_160_plus_bid_FFB_C_10_1():
    assert score(COINCHE, "hearts", 0, (70, 92), bid=100, m=2).match_points == (0, 520)


def test_coinche_made_contre_defenders_keep_only_their_belote_unmultiplied_FFB_C_10_1():
    result = score(COINCHE, "clubs", 0, (135, 27), decls=(belote(1, 0),), bid=100, m=2)
    assert result.match_points == (520, 20)


def test_coinche_unbid_capot_252_plus_bid_370_french_md_13():
    assert score(COINCHE, "hearts", 0, (162, 0), capot=0, bid=120).match_points == (370, 0)


def test_coinche_capot_bid_made_252_plus_250_FFB_C():
    result = score(COINCHE, "hearts", 0, (162, 0), capot=0, bid="capot")
    assert (result.verdict, result.match_points) == ("made", (500, 0))


def test_coinche_capot_bid_without_every_trick_fails_FFB_C_4_2():
    result = score(COINCHE, "hearts", 0, (150, 12), bid="capot")
    assert (result.verdict, result.match_points) == ("failed", (0, 410))


def test_coinche_contre_capot_250_fixed_FFB_C_10_1():
    assert score(COINCHE, "hearts", 0, (162, 0), capot=0, bid=120, m=2).match_points == (740, 0)


def test_point_bids_160_means_capot_S1():
    assert score(POINT_BIDS, "hearts", 0, (150, 12), bid=160).verdict == "failed"
    assert score(POINT_BIDS, "hearts", 0, (162, 0), capot=0, bid=160).verdict == "made"


# ----------------------------------------------------------------------------- single deal, seed 004


def test_single_deal_tie_is_made_S4():
    result = score(SINGLE, "hearts", 0, (81, 81))
    assert (result.verdict, result.match_points) == ("made", (81, 81))


def test_single_deal_failure_gives_defenders_both_belotes_S4():
    assert score(SINGLE, "hearts", 0, (60, 102), decls=(belote(0),)).match_points == (0, 182)


# ----------------------------------------------------------------------------- the explanation


def test_lines_explain_rounding_reserve_and_declarations():
    result = score(BG, "hearts", 1, (106, 56), decls=(quarte(1), tierce(0, "JD QD KD")), hanging_in=4)
    text = "\n".join(result.lines)
    assert "Cancelled: seat 0 tierce to the K♦ (20): team 1's quarte to the 10♠ (50) is higher" in text
    assert "Hanging: the takers (team 1) and the defenders have 106 each" in text
    assert "Reserve: 4 carried in + 11 = 15 waits" in text
    assert result.to_dict()["lines"] == list(result.lines)


# ----------------------------------------------------------------------------- invariants

SHIPPED = ["bulgarian", "french", "coinche", "french-point-bids", "french-single-deal"]
DEAL = st.tuples(st.permutations(range(32)), st.lists(st.integers(0, 3), min_size=8, max_size=8))


def played(rules: ScoringRules, contract: str, deck: list[int], winners: list[int]) -> tuple[list[int], list[int]]:
    """Card points and tricks of each team when trick i holds ``deck[4i:4i+4]`` and goes to ``winners[i]``."""
    points, tricks = [0, 0], [0, 0]
    table = rules.tables[contract].points
    for i, w in enumerate(winners):
        points[w & 1] += sum(table[c] for c in deck[4 * i:4 * i + 4])
        tricks[w & 1] += 1
    return points, tricks


@settings(max_examples=300, deadline=None)
@given(DEAL, st.sampled_from(BG_CONTRACTS))
def test_card_points_and_last_trick_sum_to_the_contract_total_bulgarian_1(deal, contract):
    """SF/HIT: suit 162, all-trumps 258, no-trumps 130 -> 260 after doubling (+90 for a valat)."""
    deck, winners = deal
    points, tricks = played(BG, contract, deck, winners)
    result = BG.score(contract, 0, 1, tuple(points), tuple(tricks), winners[-1] & 1)
    total = {"no_trumps": 260, "all_trumps": 258}.get(contract, 162)
    assert sum(result.raw_points) == total + (90 if 0 in tricks else 0)


def hands_declarations(rules: ScoringRules, contract: str, deck: list[int]) -> list[Declaration]:
    """What four hands dealt from ``deck`` declare (sequences, quads and every belote they hold)."""
    found = []
    for seat in range(4):
        hand = mask_of(deck[8 * seat:8 * seat + 8])
        found += rules.declarations.held(hand, contract, seat)
        found += [rules.declarations.belote(seat, s) for s in rules.declarations.belote_suits(hand, contract)]
    return found


@settings(max_examples=300, deadline=None)
@given(DEAL, st.permutations(range(32)), st.sampled_from(BG_CONTRACTS), st.integers(0, 3))
def test_made_rounded_totals_sum_to_rounded_deal_total_bulgarian_8(deal, hands, contract, declarer):
    """§8: the thresholds make the two rounded totals add up to T/10 rounded in every made contract."""
    deck, winners = deal
    points, tricks = played(BG, contract, deck, winners)
    result = BG.score(contract, declarer, 1, tuple(points), tuple(tricks), winners[-1] & 1,
                      hands_declarations(BG, contract, list(hands)))
    if result.verdict == "made":
        assert sum(result.match_points) == (sum(result.raw_points) + 5) // 10


@settings(max_examples=300, deadline=None)
@given(DEAL, st.permutations(range(32)), st.sampled_from(SHIPPED), st.integers(0, 3), st.integers(0, 2),
       st.integers(0, 40), st.data())
def test_scoring_never_raises_and_conserves_the_reserve(deal, hands, name, declarer, level, hanging_in, data):
    """Any deal of a shipped variant scores; a reserve is either awarded or still waits."""
    rules = {"bulgarian": BG, "french": FR, "coinche": COINCHE, "french-point-bids": POINT_BIDS,
             "french-single-deal": SINGLE}[name]
    variant = rules.variant
    contract = data.draw(st.sampled_from(list(rules.tables)))
    doubles = variant.bidding.doubles
    m = [1, *doubles.multipliers[:doubles.max_level]][min(level, doubles.max_level)]
    bid = None
    if variant.bidding.uses_points:
        p = variant.bidding.points
        bid = data.draw(st.sampled_from([*range(p.minimum, p.maximum + 1, p.step), "capot"]))
    deck, winners = deal
    points, tricks = played(rules, contract, deck, winners)
    result = rules.score(contract, declarer, m, tuple(points), tuple(tricks), winners[-1] & 1,
                         hands_declarations(rules, contract, list(hands)), bid, hanging_in)
    assert result.verdict in ("made", "failed", "hanging", "litige")
    assert min(result.match_points) >= 0 and result.hanging_out >= 0
    assert result.hanging_out >= (hanging_in if result.verdict in ("hanging", "litige") else 0)
    assert all(isinstance(line, str) for line in result.lines)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(DEAL, st.permutations(range(32)), st.sampled_from(BG_CONTRACTS), st.integers(0, 3),
                          st.sampled_from([1, 2, 4]), st.integers(0, 40)), min_size=2, max_size=6))
def test_a_remembered_score_equals_one_worked_out_afresh(situations):
    """Scores are remembered per situation: a scoring that has seen other deals answers as a new one does."""
    warm = ScoringRules(BG.variant)
    for (deck, winners), hands, contract, declarer, multiplier, hanging_in in situations * 2:
        points, tricks = played(BG, contract, deck, winners)
        for declarations in (hands_declarations(BG, contract, list(hands)), []):
            args = (contract, declarer, multiplier, tuple(points), tuple(tricks), winners[-1] & 1, declarations,
                    None, hanging_in)
            assert warm.score(*args) == ScoringRules(BG.variant).score(*args)


def test_remembered_point_bid_scores_depend_on_the_bid_french_md_13():
    """A point-bid variant's memo tells bids apart: the same cards make 80 and fail 160."""
    warm = ScoringRules(COINCHE.variant)
    for bid in (80, 100, 160, "capot", 80):
        args = ("hearts", 0, 1, (110, 42), (6, 2), 0, (), bid, 0)
        assert warm.score(*args) == ScoringRules(COINCHE.variant).score(*args)


def test_a_fractional_bid_is_scored_afresh_not_as_the_whole_number_it_equals():
    """110.0 == 110 in Python: a remembered score for 110 must not answer for 110.0 (its text differs)."""
    whole = COINCHE.score("hearts", 0, 1, (120, 32), (5, 3), 0, (), 110)
    fractional = COINCHE.score("hearts", 0, 1, (120, 32), (5, 3), 0, (), 110.0)
    assert whole.lines[0].startswith("Contract: 110 hearts")
    assert fractional.lines == ScoringRules(COINCHE.variant).score("hearts", 0, 1, (120, 32), (5, 3), 0, (), 110.0).lines
    assert "DealScore(raw_points=" in repr(whole) and "notes" not in repr(whole)


def test_the_explanation_names_a_doubling_as_the_variant_does_FFB_K():
    """bidding.doubles.names: coinche says coinche / surcoinche, the Bulgarian tables contra / recontra."""
    assert ", coinche ×2" in score(COINCHE, "hearts", 0, (120, 42), m=2, bid=80).lines[0]
    assert ", surcoinche ×4" in score(COINCHE, "hearts", 0, (120, 42), m=4, bid=80).lines[0]
    assert ", recontra ×4" in score(BG, "hearts", 0, (120, 42), m=4).lines[0]


def test_a_doubled_tie_says_nobody_takes_the_deal() -> None:
    """bulgarian.md §9.1: equal points under contra score nobody; the whole deal, doubled, waits in reserve. The
    explanation said "Team 1 takes the deal", then "Nobody scores"."""
    variant = load_variant("bulgarian").variant
    score = score_outcome(variant, {"contract": "hearts", "declarer": 1, "doubling": "contra", "points": [81, 71],
                                    "last_trick": 1})
    assert score.match_points == (0, 0) and score.hanging_out == 32
    assert "The whole deal goes to the reserve: cards 162 = 162" in score.lines
    assert not any("takes the deal" in line for line in score.lines)
