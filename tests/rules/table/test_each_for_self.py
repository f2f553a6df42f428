"""Each for himself at a table of three (belote-a-trois.md §3 each_for_self, §5; debertz.md §9).

The taker plays against each other player, not against a pooled defence: every player's own
cards, last trick, declarations, belote and capot share make his total, and each records his
own. The scores below are checked by hand from the rules notes.
"""

from __future__ import annotations

import random

import pytest

from belot_rules import load_variant
from belot_rules.engine.match import MatchState
from belot_rules.errors import VariantError
from belot_rules.ruleset import Ruleset

ALONE = """
extends: belote-a-trois
table: {sides: each_for_self}
scoring:
  capot: {bonus: 100, shared: true, last_trick_counts: false}
"""


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """Belote à trois of 24 cards scored each for himself with the ADP capot (belote-a-trois.md §5)."""
    path = tmp_path_factory.mktemp("alone") / "alone.yaml"
    path.write_text(ALONE)
    return load_variant(str(path))


def test_belote_a_trois_s5_one_capot_gives_50_to_each_other_player(alone: Ruleset) -> None:
    """belote-a-trois.md §5 (ADP): only one player capot (no trick): each of the other two gets 50."""
    score = alone.scoring.score("hearts", 0, 1, (100, 52, 0), (5, 3, 0), 0)
    assert [part.bonus for part in score.parts] == [50, 50, 0]
    assert score.raw_points == (150, 102, 0)
    assert score.capot_team is None  # nobody took every trick
    assert "Capot: player 2 took no trick: 50 to each of the others" in score.lines


def test_belote_a_trois_s5_two_capots_give_the_whole_100_to_the_player_who_took_every_trick(alone: Ruleset) -> None:
    """belote-a-trois.md §5 (ADP): two players capot: the one who took every trick gets the whole 100."""
    score = alone.scoring.score("hearts", 1, 1, (0, 152, 0), (0, 8, 0), 1)
    assert [part.bonus for part in score.parts] == [0, 100, 0]
    assert score.raw_points == (0, 252, 0) and score.capot_team == 1 and score.verdict == "made"
    assert score.match_points == (0, 250, 0)


def test_belote_a_trois_s5_no_dix_de_der_when_there_is_a_capot(alone: Ruleset) -> None:
    """belote-a-trois.md §5 (ADP): "Dix de der 10, except when there is a capot"; without one it counts."""
    capot = alone.scoring.score("hearts", 0, 1, (100, 52, 0), (5, 3, 0), 0)
    assert sum(part.last_trick for part in capot.parts) == 0 and "No last trick: there is a capot" in capot.lines
    plain = alone.scoring.score("hearts", 0, 1, (100, 40, 12), (5, 2, 1), 0)
    assert [part.last_trick for part in plain.parts] == [10, 0, 0] and sum(plain.raw_points) == 162


def test_belote_a_trois_s3_each_for_self_made_each_player_records_his_own(alone: Ruleset) -> None:
    """belote-a-trois.md §3 each_for_self (HOP, ADP): every player scores his own tricks; the taker makes
    his contract with more than each other player (the rules notes' reading of the thin sources)."""
    score = alone.scoring.score("spades", 1, 1, (50, 62, 40), (3, 3, 2), 1)
    assert score.verdict == "made" and score.contract_team == 1
    assert score.raw_points == (50, 72, 40) and score.match_points == (50, 70, 40)
    assert "Made: the taker (player 1) has 72, more than each other player (the best: player 0 (50))" in score.lines


def test_belote_a_trois_s3_a_failed_taker_s_points_are_shared_by_the_two_others(alone: Ruleset) -> None:
    """belote-a-trois.md §5: a failed taker scores nothing and the others share all points (here equally,
    an odd unit to the first after the taker in play order), each keeping his own too."""
    score = alone.scoring.score("spades", 1, 1, (70, 51, 31), (3, 3, 2), 2)
    assert score.verdict == "failed"
    assert score.raw_points == (70, 51, 41)
    assert "Player 1's 51 goes to the others: player 2 +26, player 0 +25" in score.lines
    assert score.match_points == (100, 0, 70)  # 95 -> 100, 67 -> 70


def test_belote_a_trois_s5_a_tie_with_the_best_other_player_is_a_litige(alone: Ruleset) -> None:
    """french.md litige (belote-a-trois.md: everything unstated is French): the taker level with the best
    other player; the others record theirs, the taker's total waits for the next deal."""
    score = alone.scoring.score("spades", 0, 1, (66, 76, 10), (3, 4, 1), 0)
    assert score.raw_points == (76, 76, 10) and score.verdict == "litige"
    assert score.match_points == (0, 80, 10) and score.hanging_out == 80
    collected = alone.scoring.score("spades", 2, 1, (30, 40, 82), (2, 2, 4), 2, hanging_in=80)
    assert collected.verdict == "made" and collected.match_points == (30, 40, 170)


def test_the_taker_may_have_to_beat_the_others_together(tmp_path) -> None:
    """scoring.taker_must_beat others_together: the French "more than half of all points" read for three."""
    path = tmp_path / "together.yaml"
    path.write_text(ALONE + "  taker_must_beat: others_together\n")
    scoring = load_variant(str(path)).scoring
    assert scoring.score("spades", 1, 1, (50, 62, 40), (3, 3, 2), 1).verdict == "failed"  # 72 < 90
    assert scoring.score("spades", 1, 1, (30, 92, 30), (3, 3, 2), 1).verdict == "made"  # 102 > 60


def test_the_best_player_s_declarations_count_among_three(alone: Ruleset) -> None:
    """french.md §7 read for three players each for himself: the player with the best declaration scores
    all of his; equal best ones cancel (trump_then_cancel) whoever else declared less."""
    rules = alone.declarations
    hearts, spades = 2 * 8, 3 * 8
    tierce = rules.sequence(0, 0b111 << (hearts + 2))       # 9 T J of hearts
    quarte = rules.sequence(1, 0b1111 << (spades + 2))      # 9 T J Q of spades
    other = rules.sequence(2, 0b111 << 2)                   # 9 T J of clubs
    res = rules.resolve(tierce + quarte + other, "diamonds")
    assert res.points == (0, 50, 0)
    equal = rules.resolve(rules.sequence(1, 0b111 << (spades + 2)) + tierce + other, "diamonds")
    assert equal.points == (0, 0, 0)
    assert any("are equal: no player scores" in why for _, why in equal.reasons())


def test_the_only_declaration_counts_whoever_declares_it(alone: Ruleset) -> None:
    """french.md §7 at three: a declaration nobody else contests counts, the third player's too."""
    rules = alone.declarations
    for seat in range(3):
        tierce = rules.sequence(seat, 0b111 << (2 * 8 + 3))  # T J Q of hearts
        points = [0, 0, 0]
        points[seat] = 20
        assert rules.resolve(tierce, "diamonds", first_seat=1).points == tuple(points)


def test_debertz_3_the_bidder_must_have_more_than_each_other_player_debertz_9() -> None:
    """debertz.md §9, IGF: three players each for himself; the bidder must score the most points."""
    scoring = load_variant("debertz-3").scoring
    made = scoring.score("spades", 1, 1, (40, 60, 52), (3, 3, 3), 1)
    assert made.verdict == "made" and made.match_points == (40, 70, 52)
    failed = scoring.score("spades", 1, 1, (61, 50, 41), (3, 3, 3), 2)
    assert failed.verdict == "failed" and failed.match_points == (86, 0, 76)
    hanging = scoring.score("spades", 1, 1, (60, 50, 42), (3, 3, 3), 1)
    assert hanging.verdict == "hanging" and hanging.match_points == (60, 0, 42) and hanging.hanging_out == 60


def test_a_three_handed_match_each_for_self_ends_with_one_winner() -> None:
    """debertz.md §8 at three: the first player over 501 wins; the board has one entry per player."""
    ruleset = load_variant("debertz-3")
    match = MatchState.new(ruleset, 5)
    rng = random.Random(5)
    while not match.over:
        match.apply(rng.choice(match.legal_actions()))
    assert len(match.board) == 3 and match.board[match.winner] >= 501
    assert match.board[match.winner] == max(match.board)


@pytest.mark.parametrize(("rule", "message"), [
    ("bidding: {style: point_bids}\n", "has no point bids"),
    ("  verdict_on: board_points\n", "judges the contract on the raw totals"),
])
def test_each_for_self_at_three_refuses_what_it_does_not_score(tmp_path, rule: str, message: str) -> None:
    """Point bids and a verdict on rounded points are not defined for three players each for himself."""
    path = tmp_path / "bad.yaml"
    path.write_text((ALONE + rule) if rule.startswith(" ") else rule + ALONE)
    with pytest.raises(VariantError, match=message):
        load_variant(str(path))


def test_a_doubled_deal_multiplies_every_player_s_points(alone: Ruleset, tmp_path) -> None:
    """A contra at three, each for himself: judged as undoubled, every player's points times two."""
    score = alone.scoring.score("spades", 1, 2, (50, 62, 40), (3, 3, 2), 1)
    assert score.verdict == "made" and score.match_points == (100, 140, 80)
