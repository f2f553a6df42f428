"""The scoring pipeline over camps (rules/scoring/pipeline.py): the seating makes the deal's camps (partners; the
taker against a pooled defence; each for himself), the pipeline scores the camps and a last step distributes
them to the board's sides. Properties at two, three and four players, and the pooled defence's shares
(belote-a-trois.md §3 one_vs_two, §5)."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.rules.declarations.melds import Declaration
from belot_rules.rules.scoring.result import DealScore
from belot_rules.ruleset import Ruleset

# One table of each kind: partners at four, a taker against two pooled defenders, each for himself at three and
# at two.
TABLES = ("french", "bulgarian", "belote-a-trois", "debertz-3", "belote-a-trois-32", "belote-a-deux", "klaberjass")


@cache
def rules(name: str) -> Ruleset:
    return load_variant(name)


def camp_line(score: DealScore, template: str) -> tuple[int, ...]:
    """The per-camp numbers of one line of the explanation (``Totals: {}``, ``Match points: {}{}``)."""
    (values,) = [values for text, values in score.notes if text == template]
    return tuple(values[0][1])


@st.composite
def deals(draw: Any, name: str | None = None) -> tuple[Ruleset, tuple[Any, ...], int]:
    """A variant, the arguments of ``score`` for a deal without declarations, and the pack's card points."""
    ruleset = rules(name or draw(st.sampled_from(TABLES)))
    seating = ruleset.seating
    contract = draw(st.sampled_from(sorted(ruleset.scoring.tables)))
    total = ruleset.scoring.tables[contract].total_points
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=seating.sides - 1, max_size=seating.sides - 1)))
    points = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
    tricks = [draw(st.integers(0 if p == 0 else 1, seating.hand_size)) for p in points]
    last = draw(st.sampled_from([side for side in range(seating.sides) if tricks[side]] or [0]))
    tricks[last] = max(tricks[last], 1)
    declarer = draw(st.sampled_from(list(seating.seats)))
    return ruleset, (contract, declarer, 1, tuple(points), tuple(tricks), last), total


@settings(max_examples=150, deadline=None)
@given(deals())
def test_card_points_on_the_board_add_up_to_the_pack(deal: tuple[Ruleset, tuple[Any, ...], int]) -> None:
    """Whoever scores them, the sides' card points add up to the pack's (times the contract's factors), and the
    last trick is counted once, unless a capot takes it away (belote-a-trois.md §5)."""
    ruleset, args, total = deal
    scoring = ruleset.variant.scoring
    factor = scoring.card_factor.of(args[0])
    factor *= scoring.contract_factors.of(args[0])
    score = ruleset.scoring.score(*args)
    assert sum(part.cards for part in score.parts) == total * factor
    capot = any(tricks == 0 for tricks in args[4])
    assert sum(part.last_trick for part in score.parts) in ((0, scoring.last_trick * factor) if capot
                                                            else (scoring.last_trick * factor,))


@settings(max_examples=150, deadline=None)
@given(deals())
def test_the_camps_scores_are_distributed_to_the_sides_exactly(deal: tuple[Ruleset, tuple[Any, ...], int]) -> None:
    """The last step of the pipeline neither makes nor loses a point: the sides' raw totals and board points add up
    to the camps' (a pooled defence shared among its players), and each side's raw total is the sum of its parts."""
    ruleset, args, _ = deal
    score = ruleset.scoring.score(*args)
    assert len(score.match_points) == len(score.raw_points) == ruleset.seating.sides
    assert sum(score.raw_points) == sum(camp_line(score, "Totals: {}"))
    assert sum(score.match_points) == sum(camp_line(score, "Match points: {}{}"))
    assert all(sum(part) == raw for part, raw in zip(score.parts, score.raw_points))


@settings(max_examples=150, deadline=None)
@given(deals(), st.data())
def test_a_taker_with_most_of_the_points_makes_his_contract_at_two_three_and_four(
        deal: tuple[Ruleset, tuple[Any, ...], int], data: st.DataObject) -> None:
    """The takers with more card points than all the others together (and the last trick) make their contract at
    every table (rules/french.md §9; belote-a-trois.md §3, §5; debertz.md §9), and their side scores."""
    ruleset, (contract, declarer, multiplier, points, tricks, _), total = deal
    seating = ruleset.seating
    side = seating.side_of[declarer]
    theirs = data.draw(st.integers(total // 2 + 11, total))
    rest = [0] * seating.sides
    others = [other for other in range(seating.sides) if other != side]
    for k in range(total - theirs):
        rest[others[k % len(others)]] += 1
    rest[side] = theirs
    tricks = tuple(seating.hand_size - len(others) if s == side else 1 for s in range(seating.sides))
    score = ruleset.scoring.score(contract, declarer, 1, tuple(rest), tricks, side)
    assert score.verdict == "made"
    assert score.match_points[side] > 0 and score.match_points[side] == max(score.match_points)


def test_a_defender_s_declaration_counts_for_him_belote_a_trois_s3() -> None:
    """belote-a-trois.md §3 one_vs_two: the defenders pool their points against the taker, and points are counted
    "as at four" (EXO), where a declaration scores for its declarer's side. A made contract shared the defence's
    board points by card points alone, so seat 2's tierce went mostly to seat 1: now each defender's share
    follows the points he took and declared, and his raw parts show his own declaration."""
    ruleset = rules("belote-a-trois")
    tierce = Declaration(2, "sequence", 0, 4, 3, 0b11100, 20)  # 9-10-J of clubs
    score = ruleset.scoring.score("hearts", 0, 1, (100, 40, 12), (5, 2, 1), 0, [tierce])
    assert score.verdict == "made"
    assert camp_line(score, "Match points: {}{}") == (110, 70)  # the defence: 52 + 20 -> 70
    assert score.match_points == (110, 39, 31)  # 70 by 40 : 32 (before: 40 : 12, 54 + 16)
    assert [part.declarations for part in score.parts] == [0, 0, 20]
    assert "The defence's 70 is shared by the points each defender took and declared: player 1 39, player 2 31" \
        in score.lines


def test_a_failed_taker_s_points_are_shared_equally_and_a_belote_stays_with_its_holder_belote_a_trois_s5() -> None:
    """belote-a-trois.md §5: the taker fails, "the opponents share all points" in equal parts; the raw parts keep
    each player's own belote (the Raw line showed half of it to each defender)."""
    ruleset = rules("belote-a-trois")
    belote = Declaration.belote(1, 0, 20)
    score = ruleset.scoring.score("clubs", 0, 1, (50, 60, 42), (3, 3, 2), 1, [belote])
    assert score.verdict == "failed"
    assert score.match_points == (0, 90, 90)  # 162 + 20 -> 180, halved
    assert [part.belote for part in score.parts] == [0, 20, 0]


def test_the_treatment_table_at_three_a_failed_taker_keeps_his_declarations_and_loses_his_belote(tmp_path) -> None:
    """The treatment table where each plays for himself (belote-a-trois.md §3 each_for_self, §5): a failed taker's
    declarations kept (on_failure: kept) stay his, his belote void (on_failure: void) scores for nobody, and the
    rest of his points is shared by the two others."""
    path = tmp_path / "trois-kept.yaml"
    path.write_text("extends: belote-a-trois-32\nname: trois-kept\ntitle: Trois kept\n"
                    "declarations:\n  on_failure: kept\n  belote:\n    on_failure: void\n")
    ruleset = load_variant(path)
    tierce = Declaration(1, "sequence", 0, 4, 3, 0b11100, 20)  # 9-10-J of clubs
    score = ruleset.scoring.score("spades", 1, 1, (70, 30, 52), (4, 3, 3), 0,
                                  [tierce, Declaration.belote(1, 3, 20)])
    assert score.verdict == "failed"
    assert "Player 1's belote (20) is void" in score.lines
    assert "Player 1's 30 goes to the others: player 2 +15, player 0 +15; player 1 keeps his declarations (20)" \
        in score.lines
    assert score.match_points == (100, 20, 70)  # 80 + 15 -> 95 -> 100; 20; 52 + 15 -> 67 -> 70
