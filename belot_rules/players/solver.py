"""A double-dummy solver: the card points one camp takes from the rest of a deal when every hand is seen.

Alpha-beta over the compiled rules, the same ones the fast trick loop plays
(:meth:`~belot_rules.rules.play.Obligations.legal_fast` for the legal cards, the
contract's ``trick_strength`` for the winner, its ``points``), so it solves any
variant file. The value of a position is what the maximising camp takes from
it on: the card points of the current trick and of every trick still to play,
and the last trick's bonus. Where melds come from tricks (Klaverjas roem), half
the melds of the camp's tricks are added and half those of the others' tricks
taken away: a card point the camp takes is one the others do not, so it moves
the camps' difference by two, a point of roem by one, and a Klaverjas taker is
judged on his points against theirs. The value is then half the camp's lead
plus half the points left, and the game zero-sum: the camps' values add up to
the card points and bonus left. Everything else a deal scores (declarations from
the hand, belote, capot bonuses, the contract's verdict) is left out: it is
either fixed before the play or follows from these points.

It keeps the search small by:

- a transposition table at the start of each trick, keyed by the cards each
  seat still holds and the leader, holding bounds and the best lead;
- move ordering: the table's best lead first, then cards that win the trick
  cheaply, then low discards (and high ones onto a partner's trick);
- the equivalence of touching cards: of two cards of one suit in one hand with
  no card still out between them and the same points, only one is searched
  (not where a trick's cards make melds, whose runs follow the natural ranks,
  nor at an open tableau, where each card uncovers another).

With more than two camps (each for self) the seat's own camp plays against the
rest together, a cautious (paranoid) reading of the others.

``belot_rules._solver`` is the same search in C, optional like the playout
kernel: a solver uses it where it is built (``compiled=False`` keeps to Python).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from .. import kernel
from ..cards import SUIT_MASKS, SUIT_OF, iter_bits
from ..engine.deal import DealState
from ..ruleset import Ruleset

EXACT, LOWER, UPPER = 0, 1, 2  # what a table entry's value is


class _Stopped(Exception):
    """The search reached its limit of positions."""


def _compiled() -> ModuleType | None:
    """``belot_rules._solver`` where it is built from the source beside it, else None (a build of older source is
    left out, with the playout kernel's warning: it might read a new rule as another)."""
    try:
        from .. import _solver
    except ImportError:
        return None
    return kernel.usable(_solver)


COMPILED = _compiled()


class Solver:
    """Solves positions of one contract for one camp (``camp``: per seat, whether it is on the maximising side)."""

    def __init__(self, ruleset: Ruleset, contract: str, camp: Sequence[bool], compiled: bool = True) -> None:
        """``compiled``: search in C where ``belot_rules._solver`` is built (False: always in Python)."""
        tables = ruleset.tables[contract]
        self.contract = contract
        self.points = tables.points
        self.stronger, self.trump_suit, self.trump_mask = tables.stronger, tables.trump_suit, tables.trump_mask
        self.trick_strength = tables.trick_strength
        self.legal_fast = ruleset.obligations[contract].legal_fast
        seating = ruleset.seating
        self.order, self.players, self.back = seating.order, seating.players, seating.partner_back
        self.camp = tuple(bool(c) for c in camp)
        self.last_bonus = ruleset.variant.scoring.last_trick
        declarations = ruleset.declarations
        self.in_trick = declarations.in_trick if declarations.from_tricks else None
        # Below any value: 0 is the least a camp takes, unless the others' melds from tricks count against it.
        self.floor = -1 if self.in_trick is None else -(1 << 30)
        # Per suit, its cards strongest first, for the equivalence of touching cards.
        strength = tables.strength
        self.by_strength = [sorted(iter_bits(SUIT_MASKS[s] & seating.pack_mask), key=lambda c: -strength[c])
                            for s in range(4)]
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0  # the positions the last solve searched
        self.limit = 0  # the positions the current solve may search (0: no limit)
        self.rest = 0
        self.under: Sequence[int] = ()
        # the compiled search knows the 32 cards and the rules the playout kernel knows, no others
        self.kernel = COMPILED if compiled and ruleset.obligations[contract].kernel_plays else None
        self.packed = ruleset.obligations[contract].packed
        self.camp_mask = sum(1 << s for s, c in enumerate(self.camp) if c)

    # ------------------------------------------------------------------ entry points

    def solve(self, state: DealState) -> int:
        """The points the camp takes from ``state`` (in card play) to the end of the deal."""
        if self.kernel is not None:
            return int(self._compiled(state, 0, 0))
        hands, hidden = self._start(state, 0)
        return self._search(hands, hidden, state.leader, list(state.trick), state.win_pos,
                            self._tricks_left(state), self.floor, 1 << 30)

    def card_values(self, state: DealState, limit: int = 0) -> dict[int, int] | None:
        """Each legal card of the seat to play (touching equal cards each get their group's value): the camp's
        points from ``state`` on when that card is played and every seat then plays its best. With ``limit``
        above 0, None where that would take more than ``limit`` positions (so a caller's budget is a bound)."""
        if self.kernel is not None:
            found = self._compiled(state, state.legal_card_mask(), limit)
            return None if found is None else dict(found)
        hands, hidden = self._start(state, limit)
        leader, trick, win = state.leader, list(state.trick), state.win_pos
        left = self._tricks_left(state)
        seat = self.order[leader + len(trick)]
        values: dict[int, int] = {}
        try:
            for card in iter_bits(state.legal_card_mask()):
                values[card] = self._after(hands, hidden, leader, trick, win, left, seat, card, self.floor, 1 << 30)
        except _Stopped:
            return None
        return values

    def _compiled(self, state: DealState, cards: int, limit: int) -> Any:
        """The compiled solver's answer for ``cards`` (0: the position's value), None past ``limit`` positions."""
        assert self.kernel is not None and state.contract == self.contract, "the solver's own contract, compiled"
        melds = None
        if self.in_trick is not None:
            in_trick, contract = self.in_trick, self.contract

            def melds(mask: int) -> int:
                return sum(d.points for d in in_trick(contract, list(iter_bits(mask)), 0))
        under = state.tableau.under if state.tableau is not None else None
        found = self.kernel.values(self.packed, len(state.hands), self.camp_mask, self.last_bonus, melds, under,
                                   state.hands, state.hidden, state.leader, state.trick, state.win_pos,
                                   self._tricks_left(state), cards, limit)
        self.nodes = self.kernel.nodes()
        return found

    def _start(self, state: DealState, limit: int) -> tuple[list[int], int]:
        assert state.contract == self.contract, "a solver solves the contract it was built for"
        self.table.clear()  # its keys hold for one deal's holdings only
        self.nodes, self.limit = 0, limit
        self.under = state.tableau.under if state.tableau is not None else ()
        held = state.hidden | sum(1 << c for c in state.trick)
        for hand in state.hands:
            held |= hand
        self.rest = sum(self.points[c] for c in iter_bits(held))  # card points still to be taken
        return list(state.hands), state.hidden

    def _tricks_left(self, state: DealState) -> int:
        return state.ruleset.seating.hand_size - len(state.tricks)

    # ------------------------------------------------------------------ the search

    def _search(self, hands: list[int], hidden: int, leader: int, trick: list[int], win: int, left: int,
                alpha: int, beta: int) -> int:
        """The camp's points from here, exact when strictly between ``alpha`` and ``beta`` (fail-soft bounds
        otherwise)."""
        self.nodes += 1
        if self.nodes > self.limit > 0:
            raise _Stopped
        if beta <= 0 and self.in_trick is None:
            return 0  # the camp is sure of nothing more than it needs (it can lose no points: no melds from tricks)
        most = self.rest + self.last_bonus
        if self.in_trick is None and alpha >= most:
            return most  # even every point left would not reach alpha
        key = -1
        best_card = -1
        if not trick:  # who holds each card never changes in one solve: the cards left and the leader say it all
            key = hidden << 36 | leader
            for hand in hands:
                key |= hand << 4
            found = self.table.get(key)
            if found is not None:
                kind, value, best_card = found
                if kind == EXACT or (kind == LOWER and value >= beta) or (kind == UPPER and value <= alpha):
                    return value
                if kind == LOWER:
                    alpha = max(alpha, value)
                elif kind == UPPER:
                    beta = min(beta, value)
        start_alpha, start_beta = alpha, beta
        pos = len(trick)
        seat = self.order[leader + pos]
        hand = hands[seat]
        if pos:
            legal = self.legal_fast(hand, SUIT_OF[trick[0]], trick[win], win == pos - self.back)
        else:
            legal = hand
        maximising = self.camp[seat]
        best = self.floor if maximising else 1 << 30
        chosen = -1
        for card in self._ordered(hands, hidden, leader, trick, win, seat, legal, best_card):
            value = self._after(hands, hidden, leader, trick, win, left, seat, card, alpha, beta)
            if maximising:
                if value > best:
                    best, chosen = value, card
                    alpha = max(alpha, value)
            elif value < best:
                best, chosen = value, card
                beta = min(beta, value)
            if alpha >= beta:
                break
        if key >= 0:
            kind = LOWER if best >= start_beta else UPPER if best <= start_alpha else EXACT
            self.table[key] = (kind, best, chosen)
        return best

    def _after(self, hands: list[int], hidden: int, leader: int, trick: list[int], win: int, left: int, seat: int,
               card: int, alpha: int, beta: int) -> int:
        """The camp's points from here when ``seat`` plays ``card``."""
        pos = len(trick)
        strength = self.trick_strength[SUIT_OF[trick[0] if pos else card]]
        if pos and strength[card] > strength[trick[win]]:
            win = pos
        elif not pos:
            win = 0
        trick = [*trick, card]
        hands[seat] ^= 1 << card
        try:
            if pos + 1 < self.players:
                return self._search(hands, hidden, leader, trick, win, left, alpha, beta)
            winner = self.order[leader + win]
            melds = 0 if self.in_trick is None else sum(d.points for d in self.in_trick(self.contract, trick, winner)) // 2
            if self.camp[winner]:
                mine = sum(self.points[c] for c in trick) + melds + (self.last_bonus if left == 1 else 0)
            else:
                mine = -melds
            if left == 1:
                return mine
            turned, hidden = self._turn_up(hands, hidden, leader, trick)
            cards_taken = sum(self.points[c] for c in trick)
            self.rest -= cards_taken
            try:
                return mine + self._search(hands, hidden, winner, [], 0, left - 1, alpha - mine, beta - mine)
            finally:
                self.rest += cards_taken
                for who, below in turned:
                    hands[who] ^= 1 << below
        finally:
            hands[seat] ^= 1 << card

    def _turn_up(self, hands: list[int], hidden: int, leader: int, trick: list[int]) -> tuple[list[tuple[int, int]], int]:
        """At an open tableau, the cards under the trick's cards join their owners' playable cards."""
        turned: list[tuple[int, int]] = []
        if not self.under:
            return turned, hidden
        for pos, card in enumerate(trick):
            below = self.under[card]
            if below >= 0 and hidden >> below & 1:
                who = self.order[leader + pos]
                hands[who] |= 1 << below
                hidden &= ~(1 << below)
                turned.append((who, below))
        return turned, hidden

    def _ordered(self, hands: list[int], hidden: int, leader: int, trick: list[int], win: int, seat: int,
                 legal: int, first: int) -> list[int]:
        """The cards worth searching among ``legal``, the likeliest best first."""
        cards = self._distinct(hands, hidden, seat, legal)
        points, stronger = self.points, self.stronger
        out = hidden
        for hand in hands:
            out |= hand
        if not trick:  # cards no other card still out beats first, the richest first; then the poorest
            cards.sort(key=lambda c: -100 - points[c] if not out & stronger[c] else points[c])
        else:
            strength = self.trick_strength[SUIT_OF[trick[0]]]
            best = trick[win]
            top = strength[best]
            if self.camp[self.order[leader + win]] == self.camp[seat]:
                sure = len(trick) == self.players - 1 or (
                    not out & stronger[best] and (SUIT_OF[best] == self.trump_suit or not out & self.trump_mask))
                cards.sort(key=lambda c: -points[c] if sure else points[c])  # a trick the camp keeps is fed
            else:  # the cheapest card that wins, else the poorest
                cards.sort(key=lambda c: strength[c] - 1000 if strength[c] > top else points[c])
        if first in cards:
            cards.remove(first)
            cards.insert(0, first)
        return cards

    def _distinct(self, hands: list[int], hidden: int, seat: int, legal: int) -> list[int]:
        """``legal`` with one card of each run of touching cards of equal points in the seat's hand."""
        if self.in_trick is not None or self.under:
            return list(iter_bits(legal))
        out = hidden
        for hand in hands:
            out |= hand
        hand, points = hands[seat], self.points
        kept: list[int] = []
        for suit in range(4):
            if not legal & SUIT_MASKS[suit]:
                continue
            previous = -1
            for card in self.by_strength[suit]:
                if not out >> card & 1:
                    continue  # gone: it separates nothing
                if not hand >> card & 1:
                    previous = -1  # another seat's card breaks the run
                    continue
                if legal >> card & 1 and not (previous >= 0 and points[previous] == points[card]
                                               and legal >> previous & 1):
                    kept.append(card)
                previous = card
        return kept


def camp_of(ruleset: Ruleset, seat: int, declarer: int) -> tuple[bool, ...]:
    """Per seat, whether it plays on ``seat``'s side: its partners, its camp against a taker, or itself alone."""
    seating = ruleset.seating
    if seating.partners:
        return tuple(seating.side_of[s] == seating.side_of[seat] for s in seating.seats)
    if seating.kind == "taker_vs_rest" and declarer >= 0:
        camps = seating.camps[declarer]
        return tuple(camps[s] == camps[seat] for s in seating.seats)
    return tuple(s == seat for s in seating.seats)


def solver_for(ruleset: Ruleset, contract: str, camp: Sequence[bool]) -> Solver:
    """The compiled solver where it is built, else the pure-Python one: the same values."""
    return Solver(ruleset, contract, camp)
