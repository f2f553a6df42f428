"""Rounding a deal total into match points, per contract kind (``Variant.scoring.rounding``).

Bulgarian tables record tens (162 -> 16) and share a *tie digit* between the two
teams: on it the team with fewer points rounds up and the other down, so the two
rounded totals of a made contract add up to the rounded deal total
(rules/bulgarian.md §8). French tables round each team to the nearest ten
(162 -> 160, rules/french.md §10).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..variant.model import ContractRounding, Rounding

HALF = 5  # the digit half_up / half_down decide on


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
    board_text: str  # the rule for two teams' totals, in a player's words
    single_text: str  # the rule for a total one team takes alone

    @classmethod
    def build(cls, rule: ContractRounding, rounding: Rounding) -> Rounder:
        scale = 1 if rounding.unit == "tens" else 10
        unit = "tens" if scale == 1 else "points rounded to tens"
        if rule.mode == "tie_digit":
            digit = rule.tie_digit
            board = f"{unit}; on a last digit of {digit} the team with fewer points rounds up, the other down"
            return cls(False, digit, None, scale, board, f"{unit}; a last digit of {digit} or more rounds up")
        if rule.mode == "none" and scale == 10:
            return cls(True, HALF, True, scale, "exact points", "exact points")
        up = rule.mode != "half_down"
        text = f"{unit}; a last digit of {HALF if up else HALF + 1} or more rounds up"
        return cls(False, HALF, up, scale, text, text)

    def round(self, total: int, up: bool | None = None) -> int:
        """``total`` in board units; ``up`` says which way the tie digit goes (default: the mode's way,
        up for a tie digit)."""
        if self.exact:
            return total
        if up is None:
            up = self.default_up is not False
        tens, digit = divmod(total, 10)
        if digit > self.tie_digit or (digit == self.tie_digit and up):
            tens += 1
        return tens * self.scale

    def board_up(self, lower: bool) -> bool:
        """Which way the tie digit goes for a team on the board (``lower``: it has fewer points)."""
        return lower if self.default_up is None else self.default_up

    def __str__(self) -> str:
        return self.board_text
