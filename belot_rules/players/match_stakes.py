"""When the match makes a double free: the takers win the match with the contract, whatever they make of it.

A defender who doubles weighs a contract made doubled against one beaten doubled, deal by deal
(:mod:`.doubling`). Near the end of a match the deal is not what counts: when the takers' side
goes out with any made result of the standing contract, the defenders lose the match if it is
made, doubled or not, and a double makes a beaten contract worth more to them. So a double there
costs nothing, and club players call it ("contra when they go out"); a bot that does not lets an
overbid at the end of a match go unpunished.

Whether a double is free is worked out from the variant's own scoring and match end
(:class:`~belot_rules.rules.match.end.MatchRules`), undoubled and doubled, over each split of the
card points with the last trick to either side, and the takers' capot:

- every result the scoring calls made must end the match won by the takers, by the rules of the
  match (a leader that must score in the last deal, say), or be a capot that may not end it but
  leaves them over the target and ahead (bulgarian.md §10: one more deal, which they begin far in
  front); with no declarations, and with the defenders' belote and best quad, or the takers'
  (where a made contract leaves the defenders their points, as in Coinche, theirs may overtake);
- a result neither made nor beaten (bulgarian.md §9.1: a doubled tie scores nobody, undoubled
  the defenders score their half) must not win the defenders the match undoubled only.

Only a match of two sides played to a target is judged, from the target it started with (a bar
raised by a valat is not seen).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..cards import RANK_CHARS
from ..rules.declarations.melds import BELOTE, QUAD, Declaration
from ..rules.scoring.result import FAILED, MADE, DealScore
from ..ruleset import Ruleset

Key = tuple[str, int, int | None, int]  # contract, the takers' side, bid, reserve carried in
NEAR = 12  # card points either side of the least a contract is made with: the results a double may turn on
ANSWERS_KEPT = 4096  # boards answered, before the memory of them starts again


class MatchStakes:
    """Whether a double of the standing contract is free on a given board, for one ruleset."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.bar = ruleset.match.initial_state().bar if ruleset.seating.sides == 2 else None
        self._results: dict[Key, tuple[tuple[DealScore, ...], tuple[tuple[DealScore, DealScore], ...]]] = {}
        self._least: dict[tuple[str, int, int | None], int] = {}  # _some_made's, by contract, takers' side and bid
        self._ceiling: int | None = None
        self._answers: dict[tuple[tuple[int, ...], Key], bool] = {}

    def goes_out(self, board: Sequence[int], contract: str, declarer: int, bid: int | None = None,
                 hanging_in: int = 0) -> bool:
        """True when ``contract`` bid by ``declarer`` (at ``bid`` points) ends the match in the takers' favour
        from ``board`` (the match score before the deal) with any made result, and no other result makes a
        double cost the defenders: a double is free then."""
        bar = self.bar
        if bar is None or len(board) != self.ruleset.seating.sides:
            return False
        taker = self.ruleset.seating.side_of[declarer]
        if board[taker] + self._some_made(contract, taker, bid) + hanging_in < bar:
            return False  # a made result leaves them short: the common case, decided without a look at each result
        key = (contract, taker, bid, hanging_in)
        answer = self._answers.get((tuple(board), key))
        if answer is None:
            if len(self._answers) >= ANSWERS_KEPT:
                self._answers.clear()
            answer = self._answers[tuple(board), key] = self._free(board, key, bar)
        return answer

    def any_free(self, board: Sequence[int], hanging_in: int) -> bool:
        """Whether some contract, bid by some side, would be free to double from ``board`` with ``hanging_in``
        in reserve: where none is, the match changes no call of this deal (what a table of bots checks before
        calling the whole auction in the kernel, which does not look at the match)."""
        if self.bar is None or len(board) != self.ruleset.seating.sides:
            return False
        bids = getattr(self.ruleset.bidding, "values", (None,))  # point bids: each value of the ladder
        sides = range(self.ruleset.seating.sides)
        if self._ceiling is None:
            self._ceiling = max(self._some_made(c, side, bid) for c in self.ruleset.tables for bid in bids
                                for side in sides)
        if max(board) + self._ceiling + hanging_in < self.bar:
            return False  # no made result of any contract takes a side out: most of a match
        return any(self.goes_out(board, c, self._declarer(side), bid, hanging_in) for c in self.ruleset.tables
                   for bid in bids for side in sides)

    def _free(self, board: Sequence[int], key: Key, bar: int) -> bool:
        made, ties = self._outcomes(key)
        taker = key[1]
        if not made or not all(self._takes_out(board, taker, score, bar) for score in made):
            return False
        rules = self.ruleset.match
        for plain, doubled in ties:  # a tie the defenders would go out with undoubled, and not doubled
            out = rules.winner(rules.initial_state(), _after(board, plain), plain, plain.capot_team is not None)
            if out is not None and out != taker and out != rules.winner(
                    rules.initial_state(), _after(board, doubled), doubled, doubled.capot_team is not None):
                return False
        return True

    def _takes_out(self, board: Sequence[int], taker: int, score: DealScore, bar: int) -> bool:
        """Whether the made result ``score`` on ``board`` ends the match won by the side ``taker``, or is a capot
        that may not end it but leaves the takers over the bar and ahead."""
        after = _after(board, score)
        capot = score.capot_team is not None
        rules = self.ruleset.match
        if rules.winner(rules.initial_state(), after, score, capot) == taker:
            return True
        return capot and after[taker] >= bar and after.count(after[taker]) == 1 and after[taker] == max(after)

    def _some_made(self, contract: str, taker: int, bid: int | None) -> int:
        """What the least made result of ``contract`` (no declarations, the last trick the takers') gives them
        without a reserve: every made result must take them out for a double to be free, so this one must too."""
        key = (contract, taker, bid)
        known = self._least.get(key)
        if known is None:
            declarer, other = self._declarer(taker), self._other(taker)
            cards = self.ruleset.tables[contract].total_points

            def result(points: int) -> DealScore:
                return self._score(contract, declarer, bid, 0, points, taker, 1, (), other)

            least = self._least_made(result, cards)
            score = result(least) if least < cards or result(cards).verdict == MADE else \
                self._score(contract, declarer, bid, 0, cards, taker, 1, ())
            known = self._least[key] = score.match_points[taker]
        return known

    def _outcomes(self, key: Key) -> tuple[tuple[DealScore, ...], tuple[tuple[DealScore, DealScore], ...]]:
        """The made results, one of each that scores alike, and the ties (neither made nor beaten) undoubled and
        doubled, of one contract, side, bid and reserve: the splits of the card points near the least the takers
        make it with (a made result gives them less, and the defenders more, the fewer card points they take),
        the last trick to either side, and the takers' capot; the made ones also with the declarations of
        :meth:`_extras`."""
        found = self._results.get(key)
        if found is not None:
            return found
        contract, taker, bid, hanging_in = key
        declarer, other = self._declarer(taker), self._other(taker)
        cards = self.ruleset.tables[contract].total_points
        made: dict[tuple[object, ...], DealScore] = {}
        ties = []
        for extras in self._extras(contract, declarer, other):
            for last in (taker, other):
                def result(points: int) -> DealScore:
                    return self._score(contract, declarer, bid, hanging_in, points, last, 1, extras, other)

                least = self._least_made(result, cards)
                for points in range(max(0, least - NEAR), min(cards, least + NEAR) + 1):
                    score = result(points)
                    if score.verdict == MADE:
                        made.setdefault((score.match_points, score.capot_team, score.belote_only,
                                         score.match_winner), score)
                    elif score.verdict != FAILED and not extras:
                        ties.append((score, self._score(contract, declarer, bid, hanging_in, points, last, 2, (),
                                                        other)))
            capot = self._score(contract, declarer, bid, hanging_in, cards, taker, 1, extras)
            if capot.verdict == MADE:
                made.setdefault((capot.match_points, capot.capot_team, capot.belote_only, capot.match_winner), capot)
        found = self._results[key] = tuple(made.values()), tuple(ties)
        return found

    @staticmethod
    def _least_made(result: Callable[[int], DealScore], cards: int) -> int:
        """The fewest card points ``result`` calls made (``cards`` where none is), by bisection."""
        low, high = 0, cards
        while low < high:
            middle = (low + high) // 2
            if result(middle).verdict == MADE:
                high = middle
            else:
                low = middle + 1
        return low

    def _extras(self, contract: str, declarer: int, other: int) -> list[tuple[Declaration, ...]]:
        """The declarations a made result is also scored with: none, the defenders' belote, their best quad
        with it, and the takers' best quad with their belote (each where the contract has it)."""
        rules = self.ruleset.declarations
        defender = self._declarer(other)
        belote = next((s for s in range(4) if rules.allows(BELOTE, contract, s)), None)
        quads = self.ruleset.variant.declarations.quads.of(contract) if rules.allows(QUAD, contract) else {}
        best = max(quads, key=lambda rank: quads[rank], default=None)

        def held(seat: int) -> tuple[Declaration, ...]:
            return ((rules.quad(seat, RANK_CHARS.index(best), contract),) if best and quads[best] > 0 else ()) + \
                ((rules.belote(seat, belote),) if belote is not None else ())

        found = [(), (rules.belote(defender, belote),) if belote is not None else (), held(defender), held(declarer)]
        return list(dict.fromkeys(found))

    def _score(self, contract: str, declarer: int, bid: int | None, hanging_in: int, points: int, last: int,
               multiplier: int, declarations: tuple[Declaration, ...], other: int = -1) -> DealScore:
        """The result of the takers taking ``points`` card points (all tricks but one of ``other``'s; every trick
        without ``other``) and ``last`` the last trick."""
        seating = self.ruleset.seating
        taker, sides = seating.side_of[declarer], seating.sides
        split, tricks = [0] * sides, [0] * sides
        split[taker], tricks[taker] = points, seating.hand_size
        if other >= 0:
            split[other], tricks[other], tricks[taker] = self.ruleset.tables[contract].total_points - points, 1, \
                seating.hand_size - 1
        return self.ruleset.scoring.score(contract, declarer, multiplier, split, tricks, last, list(declarations),
                                          bid=bid, hanging_in=hanging_in)

    def _declarer(self, side: int) -> int:
        """A seat of ``side`` (the results depend on the takers' side, not on which of its seats bid)."""
        return self.ruleset.seating.side_of.index(side)

    def _other(self, side: int) -> int:
        """The side that is not ``side``, at a table of two."""
        return next(other for other in range(self.ruleset.seating.sides) if other != side)


def _after(board: Sequence[int], score: DealScore) -> list[int]:
    return [points + added for points, added in zip(board, score.match_points)]


@lru_cache(maxsize=32)
def match_stakes(ruleset: Ruleset) -> MatchStakes:
    """The stakes of ``ruleset``, built once (they keep the results they have worked out)."""
    return MatchStakes(ruleset)
