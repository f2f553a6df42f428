"""Game points by bid bracket, compiled from ``scoring.game_points`` (twenty-eight.md §6, twenty-nine.md §7).

A point bid is made when the bidding side takes at least as many points as it bid (a tie with the
defenders does not matter: 14 of 28 makes a bid of 14); the bracket the bid falls in says how many
game points the bidding side wins or loses, times the doubling multiplier and, for every trick, the
all-tricks factor. The other side's score does not move, so a side's running score may go below zero.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from ...variant.options.scoring import GamePoints
from .result import FAILED, MADE

if TYPE_CHECKING:
    from .pipeline import DealTotals


class GamePointRule:
    """The game points of one variant: its brackets, looked up by bid."""

    def __init__(self, game_points: GamePoints) -> None:
        self._from = [bracket.bid for bracket in game_points.brackets]
        self._won = [(bracket.made, bracket.failed) for bracket in game_points.brackets]
        self._all_tricks = game_points.all_tricks_factor

    def bracket(self, bid: int) -> tuple[int, int]:
        """The game points (won, lost) of a contract bid at ``bid``; a bid below the first bracket is in it."""
        return self._won[max(bisect_right(self._from, bid) - 1, 0)]

    def judge(self, taken: int, bid: int, multiplier: int, every_trick: bool, takers: int, camps: int,
              deal: DealTotals) -> tuple[str, list[int]]:
        """The verdict and each camp's game points: the takers' ``taken`` points against their ``bid``."""
        won, lost = self.bracket(bid)
        made = taken >= bid
        points = won if made else -lost
        names = deal.names
        if made:
            deal.note("Made: the takers ({}) have {}, at least the bid {}: +{} game points", names[takers], taken, bid,
                      won)
        else:
            deal.note("Failed: the takers ({}) have {}, less than the bid {}: -{} game points", names[takers], taken,
                      bid, lost)
        if multiplier > 1:
            points *= multiplier
            deal.note("Doubled ×{}: {}", multiplier, points)
        if made and every_trick and self._all_tricks > 1:
            points *= self._all_tricks
            deal.note("Every trick ×{}: {}", self._all_tricks, points)
        board = [0] * camps
        board[takers] = points
        return (MADE if made else FAILED), board
