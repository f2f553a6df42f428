"""Game points by bid bracket, compiled from ``scoring.game_points`` (twenty-eight.md §6, twenty-nine.md §7).

A point bid is made when the bidding side takes at least as many points as it bid (a tie with the
defenders does not matter: 14 of 28 makes a bid of 14); the bracket the bid falls in says how many
game points the bidding side wins or loses, times the doubling multiplier and, for every trick, the
all-tricks factor. The other side's score does not move, so a side's running score may go below zero.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from ...variant.model import Variant
from .result import FAILED, MADE

if TYPE_CHECKING:
    from .pipeline import DealTotals


class GamePointRule:
    """The game points of one variant: its brackets, looked up by bid."""

    def __init__(self, variant: Variant) -> None:
        game_points, pair = variant.scoring.game_points, variant.declarations.pair
        self._from = [bracket.bid for bracket in game_points.brackets]
        self._won = [(bracket.made, bracket.failed) for bracket in game_points.brackets]
        self._all_tricks = game_points.all_tricks_factor
        self._lowest, self._highest = variant.bidding.points.minimum, variant.bidding.points.maximum
        self._moves, self._reduces_from = pair.moves_bid, pair.min_bid_to_reduce

    def bracket(self, bid: int) -> tuple[int, int]:
        """The game points (won, lost) of a contract bid at ``bid``; a bid below the first bracket is in it."""
        return self._won[max(bisect_right(self._from, bid) - 1, 0)]

    def target(self, bid: int, takers_pair: bool | None, deal: DealTotals, takers: int) -> int:
        """What the takers must take: their bid, moved by a pair (twenty-eight.md §5, twenty-nine.md §6): down when
        they showed it (not for a bid under ``min_bid_to_reduce``, never under the lowest bid), up when the
        opponents did (never over the highest)."""
        if takers_pair is None:
            return bid
        if not takers_pair:
            target = min(bid + self._moves, self._highest)
        else:
            target = bid if bid < self._reduces_from else max(bid - self._moves, self._lowest)
        deal.note("The pair, shown by {}: the takers ({}) must take {} instead of {}",
                  "the takers" if takers_pair else "the defenders", deal.names[takers], target, bid)
        return target

    def judge(self, taken: int, bid: int, multiplier: int, every_trick: bool, takers: int, camps: int,
              deal: DealTotals, takers_pair: bool | None = None) -> tuple[str, list[int]]:
        """The verdict and each camp's game points: the takers' ``taken`` points against their ``bid`` (its bracket
        says the game points), moved by a pair (``takers_pair``: shown by the takers, by the defenders, or None)."""
        won, lost = self.bracket(bid)
        bid = self.target(bid, takers_pair, deal, takers)
        made = taken >= bid
        points = won if made else -lost
        names = deal.names
        if made:
            deal.note("Made: the takers ({}) have {}, at least the bid {}: game points +{}", names[takers], taken, bid,
                      won)  # said so that one game point reads as well as two
        else:
            deal.note("Failed: the takers ({}) have {}, less than the bid {}: game points -{}", names[takers], taken,
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
