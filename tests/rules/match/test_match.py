"""The end of a match, pinned to rules/bulgarian.md §10 (SF, HIT/HLP, NIK) and rules/french.md §11
(FFB-B 10.4, FFB-C/K 10.3, S4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.engine.match import MAX_DEALS
from belot_rules.errors import UserError
from belot_rules.players import make_player
from belot_rules.rules.match.end import MatchRules
from belot_rules.rules.scoring.result import DealScore
from belot_rules.ruleset import Ruleset
from belot_rules.sim.table import Table
from belot_rules.variant.model import Variant


def rules(**match: object) -> MatchRules:
    return MatchRules(Variant(name="t", title="t", match=match))


def deal(points: tuple[int, int], verdict: str = "made", contract_team: int = 0, capot: int | None = None,
         belote_only: tuple[bool, bool] = (False, False)) -> DealScore:
    return DealScore((0, 0), points, 0, verdict, contract_team, 1, capot, belote_only)


def play(match: MatchRules, deals: list[tuple[tuple[int, int], DealScore | None]]) -> list[int | None]:
    """The winner after each deal, given the board after it and its score (None: everybody passed)."""
    state = match.initial_state()
    return [match.winner(state, list(board), score, score is not None and score.capot_team is not None)
            for board, score in deals]


def test_reaching_151_wins_SF_HIT_NIK_BIN_F2():
    assert play(rules(), [((150, 100), deal((10, 5))), ((151, 110), deal((1, 10)))]) == [None, 0]


def test_exceed_needs_more_than_the_target_S2_F2():
    assert play(rules(compare="exceed"), [((151, 100), deal((10, 5))), ((152, 100), deal((1, 0)))]) == [None, 0]


def test_both_over_the_higher_wins_SF_HIT_F3():
    assert play(rules(), [((160, 170), deal((20, 30)))]) == [1]


def test_both_over_and_equal_play_on_SF_HIT_FFB_B_10_4_2():
    assert play(rules(), [((160, 160), deal((20, 20))), ((170, 165), deal((10, 5)))]) == [None, 0]


def test_an_all_pass_deal_never_ends_a_match():
    assert play(rules(), [((140, 100), None)]) == [None]


def test_valat_one_more_deal_HIT_HLP_F4():
    """HIT/HLP: after a valat, one more deal is played, not counting all-pass or valat deals."""
    valat = deal((25, 0), capot=0)
    assert play(rules(), [((155, 20), valat), ((155, 20), None), ((180, 20), valat), ((190, 26), deal((10, 6)))]) == [
        None, None, None, 0]


def test_valat_raises_the_bar_to_leader_plus_one_SF_F4():
    match = rules(valat_exception="raise_bar_to_leader_plus_one")
    state = match.initial_state()
    assert match.winner(state, [155, 20], deal((25, 0), capot=0), True) is None
    assert state.bar == 156
    assert match.winner(state, [155, 36], deal((0, 16), verdict="failed"), False) is None
    assert match.winner(state, [165, 42], deal((10, 6)), False) == 0


def test_no_go_out_on_a_valat_deal_NIK_F4():
    match = rules(valat_exception="no_go_out_on_valat_deal")
    assert play(match, [((155, 20), deal((25, 0), capot=0)), ((160, 22), deal((5, 2)))]) == [None, 0]


def test_without_valat_exception_a_valat_ends_the_match_FFB():
    assert play(rules(valat_exception="none"), [((155, 20), deal((25, 0), capot=0))]) == [0]


def test_must_score_in_the_final_deal_NIK_F5():
    match = rules(must_score_in_final_deal=True)
    assert play(match, [((160, 160), deal((20, 20))), ((160, 165), deal((0, 5)))]) == [None, 1]
    assert play(match, [((160, 160), deal((20, 20))), ((165, 160), deal((5, 0)))]) == [None, 0]
    assert play(match, [((165, 160), deal((0, 0), verdict="hanging"))]) == [None]


def test_belote_alone_cannot_win_FFB_C_K_10_3():
    match = rules(target=2000, belote_alone_cannot_win=True)
    failed_with_belote = deal((20, 520), verdict="failed", belote_only=(True, False))
    assert play(match, [((2010, 1900), failed_with_belote)]) == [None]
    assert play(rules(target=2000), [((2010, 1900), failed_with_belote)]) == [0]


def test_single_deal_more_points_wins_S4():
    assert play(rules(target=None), [((81, 81), deal((81, 81)))]) == [0]
    assert play(rules(target=None), [((60, 102), deal((60, 102), contract_team=0))]) == [1]
    assert play(rules(target=None), [((81, 81), deal((81, 81), verdict="failed", contract_team=0))]) == [1]


def test_a_single_deal_two_defenders_share_is_a_draw_at_three_belote_a_trois_5():
    """A single deal at a table of three (belote-a-trois.md §5: a failed taker's points are shared equally by the
    two others): the two defenders level at the top both won the deal, so no one of them wins the match; the
    first of them was named winner."""
    match = MatchRules(Variant(name="t", title="t", table={"players": 3, "sides": "taker_vs_rest"},
                               cards={"ranks": ["9", "T", "J", "Q", "K", "A"]}, match={"target": None}))
    state = match.initial_state()
    failed = DealScore((50, 56, 56), (0, 90, 90), 0, "failed", 0, 1, None, (False,) * 3)
    assert match.winner(state, [0, 90, 90], failed, False) is None and state.drawn
    made = DealScore((90, 36, 36), (90, 40, 40), 0, "made", 0, 1, None, (False,) * 3)
    assert match.winner(match.initial_state(), [90, 40, 40], made, False) == 0


def test_a_match_that_cannot_end_stops_with_an_error_after_max_deals():
    """A target no match reaches (validate refuses it in a file; set here past the checks) stops play with a
    user error, never runs forever."""
    variant = Variant(name="far", title="Far")
    ruleset = Ruleset(variant.model_copy(update={"match": variant.match.model_copy(update={"target": 100_000})}))
    table = Table([make_player("heuristic", ruleset, seat) for seat in range(4)])
    with pytest.raises(UserError, match=f"has not ended after {MAX_DEALS} deals"):
        table.play_match(ruleset, seed=1)


# ----------------------------------------------------------------------------- a fixed number of deals


def fixed(**match: object) -> MatchRules:
    return rules(target=None, **match)


def test_sixteen_deals_the_higher_total_wins_klaverjas_7():
    """family/klaverjas.md §7 (NKU-H, PAG, WNL): a match of 16 deals; the highest total wins."""
    match = fixed(deals=16)
    state = match.initial_state()
    winners = [match.winner(state, (100 * n, 90 * n), deal((100, 90)), False) for n in range(1, 17)]
    assert winners == [None] * 15 + [0]


def test_all_pass_deals_do_not_count_towards_the_fixed_number():
    match = fixed(deals=2)
    assert play(match, [((10, 0), deal((10, 0))), ((10, 0), None), ((10, 20), deal((0, 20)))]) == [None, None, 1]


def test_a_level_fixed_match_is_a_draw_klaverjas_7():
    """klaverjas.md §7: "ties stay ties"."""
    match = fixed(deals=1)
    state = match.initial_state()
    assert match.winner(state, (81, 81), deal((81, 81)), False) is None
    assert state.drawn


def test_a_level_fixed_match_may_go_on_one_deal_at_a_time():
    match = fixed(deals=1, deals_tie="one_more_deal")
    state = match.initial_state()
    assert match.winner(state, (81, 81), deal((81, 81)), False) is None
    assert not state.drawn
    assert match.winner(state, (81, 81), deal((0, 0)), False) is None
    assert match.winner(state, (81, 100), deal((0, 19)), False) == 1


def test_a_drawn_match_ends_the_table_and_its_record_replays():
    ruleset = Ruleset(Variant(name="t", title="t", match={"target": None, "deals": 2}))
    match = Table([make_player("random", ruleset, s) for s in range(4)]).play_match(ruleset, 3)
    assert match.over and len([d for d in match.deals if d.score]) == 2
    assert match.drawn == (match.board[0] == match.board[1])


def test_a_deal_that_wins_the_match_ends_it_at_once_bela_5():
    """family/bela.md §5 (B4U "igra završava"), baloot.md §8 (GR: a won Gahwa ends the match): a deal
    result naming ``match_winner`` ends the match whatever the board."""
    belot = DealScore((0, 0), (10, 152), 0, "made", 1, 1, None, match_winner=0)
    assert play(rules(), [((20, 30), deal((20, 30))), ((30, 182), belot)]) == [None, 0]
    assert play(rules(target=None, deals=16), [((30, 182), belot)]) == [0]


def test_why_a_match_at_its_target_goes_on_bulgarian_10(tmp_path: Path) -> None:
    """bulgarian.md §10: a valat deal does not end the match (HIT: one more deal; SF: the bar rises to the leader's
    score plus one); sides level over the target play on; below it there is nothing to say."""
    def score(capot: bool) -> DealScore:
        return DealScore((252, 0), (25, 0), 0, "made", 0, 1, 0 if capot else None)

    rules = load_variant("bulgarian").match
    assert rules.goes_on((175, 0), 151, score(True)) == "valat"
    assert rules.goes_on((160, 160), 151, score(False)) == "level"
    assert rules.goes_on((150, 20), 151, score(True)) == ""
    raised = tmp_path / "raised.yaml"
    raised.write_text("extends: bulgarian\nmatch: {valat_exception: raise_bar_to_leader_plus_one}\n", encoding="utf-8")
    assert load_variant(str(raised)).match.goes_on((175, 0), 176, score(True)) == "raised"
