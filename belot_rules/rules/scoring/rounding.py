"""Rounding a deal total into match points, per contract kind (``Variant.scoring.rounding``).

Bulgarian tables record tens (162 -> 16) and share a *tie digit* between the two
teams: on it the team with fewer points rounds up and the other down, so the two
rounded totals of a made contract add up to the rounded deal total
(rules/bulgarian.md §8). French tables round each team to the nearest ten
(162 -> 160, rules/french.md §10). Baloot (family/baloot.md §7.1) rounds its Hokum
pair half down and then evens the pair out to the rounded deal total, and its Sun
totals to whichever neighbouring ten is even.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_
from ...variant.model import ContractRounding, Rounding
from ..said import Said
from .options import RoundingMode, RoundingUnit

HALF = 5  # the digit half_up / half_down decide on
ROUNDS_UP = N_("{}; a last digit of {} or more rounds up")
DIGITS, PAIR, EVEN = "digits", "pair", "even"  # how a total is rounded: by its last digit, as a pair, to even tens


@dataclass(frozen=True, slots=True)
class Rounder:
    """One contract kind's rounding, reduced to a tie digit and which way it goes by default.

    ``none`` keeps exact totals; a board that counts tens cannot be exact, so there
    ``none`` rounds half up (the only reading that keeps whole numbers).
    """

    exact: bool
    tie_digit: int
    default_up: bool | None  # None: the tie digit depends on which team has fewer points
    scale: int  # 1 when the board counts tens, 10 when it counts points
    board: Said  # the rule for two teams' totals, in a player's words
    single: Said  # the rule for a total one team takes alone
    style: str = DIGITS

    @property
    def board_text(self) -> str:
        return str(self.board)

    @property
    def single_text(self) -> str:
        return str(self.single)

    @classmethod
    def build(cls, rule: ContractRounding, rounding: Rounding) -> Rounder:
        scale = 1 if rounding.unit == RoundingUnit.tens else 10
        unit = Said(N_("tens")) if scale == 1 else Said(N_("points rounded to tens"))
        if rule.mode == RoundingMode.tie_digit:
            digit = rule.tie_digit
            board = Said(N_("{}; on a last digit of {} the team with fewer points rounds up, the other down"),
                         (unit, digit))
            return cls(False, digit, None, scale, board, Said(ROUNDS_UP, (unit, digit)))
        if rule.mode == RoundingMode.none and scale == 10:
            return cls(True, HALF, True, scale, Said(N_("exact points")), Said(N_("exact points")))
        if rule.mode == RoundingMode.pair_to_total:
            single = Said(ROUNDS_UP, (unit, HALF + 1))
            board = Said(N_("{}; the team with the larger last digit gives back or takes one to make the deal total"),
                         (single,))
            return cls(False, HALF, False, scale, board, single, PAIR)
        if rule.mode == RoundingMode.even_tens:
            text = Said(N_("{}; a total between two tens rounds to the even one"), (unit,))
            return cls(False, HALF, None, scale, text, text, EVEN)
        up = rule.mode != RoundingMode.half_down
        text = Said(ROUNDS_UP, (unit, HALF if up else HALF + 1))
        return cls(False, HALF, up, scale, text, text)

    def round(self, total: int, up: bool | None = None) -> int:
        """``total`` in board units; ``up`` says which way the tie digit goes (default: the mode's way,
        up for a tie digit)."""
        if self.exact:
            return total
        tens, digit = divmod(total, 10)
        if self.style == EVEN:
            return (tens + (digit > 0 and tens & 1)) * self.scale
        if up is None:
            up = self.default_up is not False
        if digit > self.tie_digit or (digit == self.tie_digit and up):
            tens += 1
        return tens * self.scale

    def round_pair(self, totals: list[int], ups: list[bool]) -> list[int]:
        """Two teams' totals, each rounded its way (``ups``); a ``pair_to_total`` pair is then evened
        out to the deal total rounded the same way, by the team with the larger last digit (equal:
        the larger total) giving back or taking one unit (baloot.md §7.1: 96/66 -> 10 + 7 -> 9/7)."""
        points = [self.round(totals[0], ups[0]), self.round(totals[1], ups[1])]
        if self.style == PAIR:
            extra = points[0] + points[1] - self.round(totals[0] + totals[1])
            if extra:
                team = 0 if (totals[0] % 10, totals[0]) >= (totals[1] % 10, totals[1]) else 1
                points[team] -= extra
        return points

    def board_up(self, lower: bool) -> bool:
        """Which way the tie digit goes for a team on the board (``lower``: it has fewer points)."""
        return lower if self.default_up is None else self.default_up

    def __str__(self) -> str:
        return self.board_text
