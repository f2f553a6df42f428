"""Game points by bid bracket and the running set at plus or minus six: scoring.game_points and match.set_at
(issue 27; twenty-eight.md §6-7, twenty-nine.md §7-8). The rules are tried on a point-bid house file with the
3/2/1/1 card points of the two games (twenty-eight.md §1), since the options serve any point-bid variant."""

from __future__ import annotations

from typing import Any

import pytest
from test_scoring import changed, score, shipped

from belot_rules.errors import UserError
from belot_rules.rules.match.end import MatchRules
from belot_rules.rules.scoring.pipeline import ScoringRules
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import Variant
from belot_rules.variant.unused import unused_reason, unused_rules

JACK_NINE = {"order": ["J", "9", "A", "T", "K", "Q", "8", "7"], "points": {"J": 3, "9": 2, "A": 1, "T": 1}}
TWENTY_EIGHT_TABLE = [{"bid": 14, "made": 1, "failed": 2}, {"bid": 20, "made": 2, "failed": 3},
                      {"bid": 25, "made": 3, "failed": 4}]


def game_variant(brackets: list[dict[str, int]], all_tricks_factor: int = 1, **match: Any) -> Variant:
    """Pilotta's point bids turned into a 28-point game scored in game points."""
    return changed(shipped("pilotta"), cards={"trump_suit": {"suit": JACK_NINE}, "plain_suit": {"suit": JACK_NINE}},
                   bidding={"points": {"minimum": 14, "step": 1, "maximum": 28, "capot_bid": False}},
                   declarations={"enabled": False},
                   scoring={"last_trick": 0, "capot": {"bonus": 0},
                            "game_points": {"brackets": brackets, "all_tricks_factor": all_tricks_factor}},
                   match={"target": None, "set_at": 6, **match})


TWENTY_EIGHT = ScoringRules(game_variant(TWENTY_EIGHT_TABLE, 2))
TWENTY_NINE = ScoringRules(game_variant([{"bid": 16, "made": 1, "failed": 1}]))


@pytest.mark.parametrize("bid, taken, points", [
    (14, 14, 1), (19, 18, -2), (20, 24, 2), (24, 19, -3), (25, 25, 3), (28, 27, -4)])
def test_game_points_by_bid_bracket_twenty_eight_6(bid: int, taken: int, points: int) -> None:
    """twenty-eight.md §6, preset wiki: 14-19 +1/-2, 20-24 +2/-3, 25-28 +3/-4; made with at least the bid (14 of 28
    makes 14 although the defenders have as many); only the bidding side's score moves."""
    result = score(TWENTY_EIGHT, "hearts", 1, (28 - taken, taken), bid=bid)
    assert result.match_points == (0, points)
    assert result.verdict == ("made" if points > 0 else "failed")


def test_the_pair_example_scores_made_at_17_of_16_and_failed_at_17_of_24_twenty_eight_5() -> None:
    """twenty-eight.md §5's worked example, on the target the pair leaves: 17 made against 16, failed against 24
    (a bid of 20: +2, -3)."""
    assert score(TWENTY_EIGHT, "spades", 0, (17, 11), bid=16).match_points == (1, 0)
    assert score(TWENTY_EIGHT, "spades", 0, (17, 11), bid=24).match_points == (-3, 0)


def test_every_trick_doubles_the_game_points_twenty_eight_6_cot() -> None:
    """twenty-eight.md §6 "Cot": the bidding side winning all 8 tricks scores double."""
    assert score(TWENTY_EIGHT, "clubs", 0, (28, 0), capot=0, bid=22).match_points == (4, 0)


@pytest.mark.parametrize("multiplier, points", [(1, 1), (2, 2), (4, 4)])
def test_double_and_redouble_multiply_the_game_point_twenty_nine_7(multiplier: int, points: int) -> None:
    """twenty-nine.md §7 (WOCG): +1 / -1 a deal, x2 doubled, x4 redoubled, both ways."""
    assert score(TWENTY_NINE, "hearts", 0, (20, 8), bid=18, m=multiplier).match_points == (points, 0)
    assert score(TWENTY_NINE, "hearts", 0, (15, 13), bid=16, m=multiplier).match_points == (-points, 0)


def test_the_set_is_won_at_plus_six_and_lost_at_minus_six_twenty_nine_8() -> None:
    """twenty-nine.md §8's worked example: three deals made (+3), one failed doubled (-2): +1, play goes on; a
    side at +6 wins the set, a side at -6 loses it to the other."""
    rules, board = MatchRules(TWENTY_NINE.variant), [0, 0]
    state = rules.initial_state()
    for bid, taken, multiplier in ((16, 18, 1), (17, 20, 1), (20, 21, 1), (18, 10, 2)):
        deal = score(TWENTY_NINE, "hearts", 0, (taken, 28 - taken), bid=bid, m=multiplier)
        board = [a + b for a, b in zip(board, deal.match_points)]
        assert rules.winner(state, board, deal, capot=False) is None
    assert board == [1, 0]
    made = score(TWENTY_NINE, "hearts", 0, (20, 8), bid=16)
    assert rules.winner(state, [6, -2], made, capot=False) == 0
    assert rules.winner(state, [-6, 3], made, capot=False) == 1
    assert rules.winner(state, [5, -5], made, capot=False) is None


def test_a_bid_under_the_first_bracket_scores_in_it() -> None:
    assert TWENTY_EIGHT._game_points is not None and TWENTY_EIGHT._game_points.bracket(3) == (1, 2)


@pytest.mark.parametrize("change, words", [
    ({"bidding": {"style": "contract_ladder"}}, "judges a point bid"),
    ({"bidding": {"points": {"capot_bid": True}}}, "set bidding.points.capot_bid to false"),
    ({"scoring": {"game_points": {"brackets": [{"bid": 20, "made": 2, "failed": 3},
                                               {"bid": 14, "made": 1, "failed": 2}]}}}, "rising bids"),
    ({"match": {"deals": 12}}, "match.deals 12 and match.set_at 6"),
])
def test_validate_refuses_game_points_that_make_no_sense(change: dict[str, Any], words: str) -> None:
    with pytest.raises((UserError, ValueError), match=words):
        changed(TWENTY_NINE.variant, **change)


def test_what_game_points_and_the_set_leave_unused() -> None:
    """A deal in game points is judged on its bid alone; a running set needs no target."""
    unused = unused_rules(TWENTY_NINE.variant)
    assert unused_reason(unused, ("scoring", "tie")) == "scoring.game_points judges the bid alone"
    assert unused_reason(unused, ("scoring", "point_bids")) == "scoring.game_points judges the bid alone"
    assert unused_reason(unused, ("match", "compare")) == "match.set_at 6 ends the match at plus or minus 6"
    assert unused_reason(unused_rules(load_variant_model("french").variant), ("match", "set_at")) == \
        "match.target 1000 ends the match"
