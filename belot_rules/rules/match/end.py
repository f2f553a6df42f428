"""The end of a match, compiled from ``Variant.match``: when a match is over and who won it.

The engine asks :meth:`MatchRules.winner` after every deal, with the board that already
includes it; the rules and their sources are in rules/bulgarian.md §10 and rules/french.md §11.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...variant.model import Variant
from ..scoring.result import MADE, DealScore
from .options import DealsTie, MidDeal, TargetCompare, ValatException


@dataclass(slots=True)
class MatchEnd:
    """What the end-of-match rule remembers between deals: the score a team must reach, the deals scored."""

    bar: int | None  # None: a single deal (or match.deals deals) decides
    deals: int = 0  # deals scored so far (all-pass deals do not count)
    drawn: bool = False  # ended level: fixed deals under deals_tie: draw, or a single deal won by several sides


class MatchRules:
    """When a match is over and who won it (``Variant.match``; bulgarian.md §10, french.md §11)."""

    def __init__(self, variant: Variant) -> None:
        m = variant.match
        self._m = m
        self._bar = None if m.target is None else m.target + (1 if m.compare == TargetCompare.exceed else 0)
        self._deals = m.deals if m.target is None else None
        self._set = m.set_at if m.target is None else None
        self._draw = m.deals_tie == DealsTie.draw
        self.mid_deal = m.mid_deal != MidDeal.off and self._bar is not None
        self._declarations_first = m.mid_deal == MidDeal.belote_declarations_tricks

    def initial_state(self) -> MatchEnd:
        return MatchEnd(self._bar)

    def winner(self, state: MatchEnd, board: list[int] | tuple[int, ...], score: DealScore | None,
               capot: bool) -> int | None:
        """The winning team after a deal (``board`` already includes it), or None to play on.

        Both teams over the bar: the higher wins, equal plays on (SF/HIT). A deal everybody passed
        never ends a match; a deal with a ``match_winner`` (a game-winning declaration, bela.md §5)
        ends it at once. Valat exception (bulgarian.md §10): ``raise_bar_to_leader_plus_one``
        (SF) lifts the bar to the leader's score + 1 when a valat deal reaches it;
        ``one_more_deal`` (HIT/HLP) and ``no_go_out_on_valat_deal`` (NIK) both mean a valat deal
        cannot end the match and the next deal that is neither all-pass nor valat decides: the
        board only grows, so "one more deal" ends exactly where the NIK rule does.
        ``must_score_in_final_deal`` (NIK) and ``belote_alone_cannot_win`` (FFB-C/K 10.3) stop a
        leader that scored nothing, or only its belote, in this deal.
        """
        if score is None:
            return None
        state.deals += 1
        if score.match_winner is not None:
            return score.match_winner
        if self._set is not None:
            return _set_winner(state, board, self._set)
        if self._deals is not None:
            return self._fixed_deals_winner(state, board, self._deals)
        if state.bar is None:
            return self._single_deal_winner(state, board, score)
        over = [t for t in range(len(board)) if board[t] >= state.bar]
        if not over:
            return None
        exception = self._m.valat_exception
        if capot and exception != ValatException.none:
            if exception == ValatException.raise_bar_to_leader_plus_one:
                state.bar = max(board) + 1
            return None
        leader = max(over, key=lambda t: board[t])
        if sum(board[t] == board[leader] for t in over) > 1:
            return None
        if self._m.must_score_in_final_deal and score.match_points[leader] <= 0:
            return None
        if self._m.belote_alone_cannot_win and score.belote_only[leader]:
            return None
        return leader

    def goes_on(self, board: Sequence[int], bar: int | None, score: DealScore | None) -> str:
        """Why a match with a side at its target goes on after the deal scored ``score``, with ``board`` after it
        and ``bar`` in force: ``valat`` (bulgarian.md §10: a valat deal cannot end it), ``raised`` (it raised the
        bar), ``level`` (the sides at the target are equal), ``must_score`` (the leader scored nothing, or its
        belote alone, in the deal); "" where no side is at the target or the match is not played to one."""
        target = self._bar
        if target is None or score is None or max(board) < target:
            return ""
        if score.capot_team is not None and self._m.valat_exception != ValatException.none:
            return "raised" if bar is not None and bar > target else "valat"
        return "level" if list(board).count(max(board)) > 1 else "must_score"

    def first_to_reach(self, state: MatchEnd, before: Sequence[int], score: DealScore,
                       tricks: Sequence[tuple[int, int]]) -> int | None:
        """``match.mid_deal`` (schieber.md §7): the side that reaches the target first while the deal's points are
        counted in the order the option gives, from the board ``before`` the deal; None if no side reaches it.

        ``tricks`` holds each trick's side and card points in play order. A side's belotes, its declarations and
        its tricks are counted on the board's scale, each as the share of the side's raw total that it is (board
        points are the raw points times a factor: the option's condition); the last trick's bonus and a capot's
        come with the last trick.
        """
        bar = state.bar
        if bar is None or not score.parts:
            return None
        sides = range(len(before))
        scale = [score.match_points[s] / score.raw_points[s] if score.raw_points[s] else 0.0 for s in sides]
        parts = score.parts
        taken = [sum(points for side, points in tricks if side == s) for s in sides]
        by_trick = [(side, points * parts[side].cards / taken[side] if taken[side] else 0.0) for side, points in tricks]
        if tricks:  # the last trick brings its bonus, and a capot's
            last = tricks[-1][0]
            by_trick.append((last, float(parts[last].last_trick + parts[last].bonus)))
        belotes = [(s, float(parts[s].belote)) for s in sides]
        declarations = [(s, float(parts[s].declarations)) for s in sides]
        order = belotes + (declarations + by_trick if self._declarations_first else by_trick + declarations)
        board = [float(points) for points in before]
        for side, points in order:
            board[side] += points * scale[side]
            if board[side] >= bar - 1e-9:  # the shares are fractions of whole points: allow for their rounding
                return side
        return None

    def _fixed_deals_winner(self, state: MatchEnd, board: list[int] | tuple[int, ...], deals: int) -> int | None:
        """``match.deals`` (klaverjas.md §7: 16 deals, the highest total wins, ties stay ties): after the
        last deal the higher board wins; a level board is a draw, or (``one_more_deal``) play goes on."""
        leaders = _leaders(board)
        if state.deals < deals or len(leaders) > 1:
            state.drawn = state.deals >= deals and self._draw
            return None
        return leaders[0]

    @staticmethod
    def _single_deal_winner(state: MatchEnd, board: list[int] | tuple[int, ...], score: DealScore) -> int | None:
        """``target: null`` (seed 004): more points wins; equal, the side that won the deal. Where several
        sides level at the top all won it (two defenders sharing a failed contract at a table of three,
        belote-a-trois.md §5) no one of them won the match: it is drawn."""
        leaders = _leaders(board)
        if len(leaders) == 1:
            return leaders[0]
        if score.contract_team in leaders and score.verdict == MADE:
            return score.contract_team
        won = [t for t in leaders if t != score.contract_team]
        if len(won) == 1:
            return won[0]
        state.drawn = True
        return None


def _set_winner(state: MatchEnd, board: list[int] | tuple[int, ...], points: int) -> int | None:
    """``match.set_at`` (twenty-eight.md §7, twenty-nine.md §8): a side at ``points`` or more wins; a side at minus
    ``points`` or less loses, and the best of the others wins (level at the top: a draw). Only the bidding side's
    score moves in a deal, so one side at a time crosses a line."""
    up = [side for side, score in enumerate(board) if score >= points]
    if up:
        return max(up, key=lambda side: board[side])
    if all(score > -points for score in board):
        return None
    standing = [side for side, score in enumerate(board) if score > -points]
    leaders = [side for side in standing if board[side] == max(board[s] for s in standing)]
    state.drawn = len(leaders) != 1
    return leaders[0] if len(leaders) == 1 else None


def _leaders(board: list[int] | tuple[int, ...]) -> list[int]:
    """The sides with the highest score."""
    best = max(board)
    return [t for t, points in enumerate(board) if points == best]
