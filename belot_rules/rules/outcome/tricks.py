"""The tricks of a deal outcome played again: who won each, and who played each card (rules/outcome/parse.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import parse_card
from ...files import KeyPath
from ..cards.tables import ContractTables
from ..scoring.pipeline import ScoringRules
from .trump import best_in_trick

if TYPE_CHECKING:
    from .parse import DealOutcome


def play_tricks(tables: ContractTables, outcome: DealOutcome, problems: list[tuple[KeyPath, str]],
                scoring: ScoringRules | None = None,
                shown: tuple[int, int] | None = None) -> tuple[list[int], dict[int, tuple[int, int]]]:
    """Each trick's winner from its cards and leader (and, with ``scoring``, from when a trump laid face down was
    ``shown``: :func:`.trump_outcome.best_in_trick`), and who played each card (seat, trick). In a single hand
    (``outcome.alone``, play.single_hand) the lone player's partner plays no card: the seats of a trick are the
    compiled seating's turns without him.

    A winner the outcome gives that the cards do not bear out is a problem; the cards'
    winner leads the next trick either way, so one slip is reported once.
    """
    winners: list[int] = []
    played_by: dict[int, tuple[int, int]] = {}
    leader = outcome.first_leader
    for i, trick in enumerate(outcome.tricks or ()):
        cards = [parse_card(c).index for c in trick.cards]
        seats = _seats(scoring, outcome, leader, len(cards))
        for j, card in enumerate(cards):
            played_by[card] = (seats[j], i)
        best = tables.trick_winner_index(cards) if scoring is None or outcome.alone is not None else best_in_trick(
            scoring, outcome.contract, shown, i, cards)
        winner = seats[best]
        if trick.winner is not None and trick.winner != winner:
            problems.append((("tricks", i, "winner"), (
                f"seat {trick.winner} cannot have won this trick: seat {leader} led it, so the cards fell to seats "
                f"{', '.join(map(str, seats))} and {trick.cards[best]} of seat {winner} wins it")))
        winners.append(winner)
        leader = winner
    return winners, played_by


def _seats(scoring: ScoringRules | None, outcome: DealOutcome, leader: int, count: int) -> tuple[int, ...]:
    """The seats that played a trick of ``count`` cards ``leader`` led, in play order."""
    if scoring is None or outcome.alone is None:
        return tuple((leader + j) % count for j in range(count))
    table = scoring.seating
    return table.turns[table.partner(outcome.alone)][leader]
