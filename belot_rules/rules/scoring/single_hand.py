"""The single hand scored (``play.single_hand``, rules/family/twenty-nine.md §7, twenty-eight.md §6).

One player undertook to win every trick alone, his partner out: the bid is void, and his side wins the single
hand's game points if he took every trick, or loses them if he did not (MONJ: +3 / -3), undoubled. The other side's
score does not move, as with any deal in game points.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import N_
from ...variant.model import Variant
from ..table.seating import Seating
from .result import FAILED, MADE, DealScore, Each, ScoreParts

ALONE = N_("Single hand: seat {} plays alone against two, without trumps, his partner out")
TAKEN = N_("Card points: {}")
MADE_ALONE = N_("Every trick taken alone: {} +{} game points")
FAILED_ALONE = N_("A trick lost: {} -{} game points")


def single_hand_score(variant: Variant, seating: Seating, alone: int, side_points: Sequence[int],
                      side_tricks: Sequence[int], last_side: int) -> DealScore:
    """The score of a deal ``alone`` played alone: his side's game points, won with every trick or lost; the card
    points (and the last trick's) are told, and count for nothing."""
    side, points = seating.side_of[alone], variant.scoring.game_points.single_hand
    made = side_tricks[side] == seating.hand_size
    last = [0] * seating.sides
    last[last_side] = variant.scoring.last_trick
    raw = tuple(cards + bonus for cards, bonus in zip(side_points, last))
    board = [0] * seating.sides
    board[side] = points if made else -points
    names = tuple(seating.side_name(s) for s in range(seating.sides))
    notes = ((ALONE, (alone,)), (TAKEN, (Each((names, raw)),)),
             (MADE_ALONE if made else FAILED_ALONE, (names[side], points)))
    parts = tuple(ScoreParts(cards, bonus, 0, 0, 0) for cards, bonus in zip(side_points, last))
    return DealScore(raw, tuple(board), 0, MADE if made else FAILED, side, 1, side if made else None,
                     (False,) * seating.sides, notes, parts)


def single_hand_problems(variant: Variant, declarer: int, alone: int, first_leader: int, trumps_told: bool) -> list[
        tuple[tuple[str, ...], str]]:
    """What a deal outcome's single hand (``alone``) cannot be: in a variant without it, another seat than the
    declarer's, led by another seat, or with a trump shown or a pair (there are no trumps)."""
    name = variant.name
    problems: list[tuple[tuple[str, ...], str]] = []
    if not variant.play.single_hand:
        problems.append((("alone",), f"{name} has no single hand (play.single_hand false); leave alone out"))
    if declarer != alone:
        problems.append((("declarer",), f"the lone player declares a single hand: seat {alone}, not {declarer}"))
    if first_leader != alone:
        problems.append((("first_leader",), f"the lone player leads a single hand: seat {alone}, not {first_leader}"))
    if trumps_told:
        problems.append((("alone",), "a single hand is played without trumps: leave trump_shown and pair out"))
    return problems
