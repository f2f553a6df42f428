"""When the match makes a double free: the takers win the match with the contract, whatever they make of it.

A defender who doubles weighs a contract made doubled against one beaten doubled, deal by deal
(:mod:`.doubling`). Near the end of a match the deal is not what counts: when the takers' side
goes out with any made result of the standing contract, the defenders lose the match if it is
made, doubled or not, and a double only makes a beaten contract worth more to them. So a double
there costs nothing, and club players call it ("contra when they go out"); a bot that does not
lets an overbid at the end of a match go unpunished.

Whether every made result takes the takers out is worked out from the variant's own scoring and
match end (:class:`~belot_rules.rules.match.end.MatchRules`): each split of the card points, the
last trick to either side, scored undoubled without declarations; a split the scoring calls made
must end the match for the takers, by the rules of the match (a leader that must score in the
last deal, say), or be a capot that may not end it but leaves them over the target and ahead.
Only a match played to a target is judged, from the target it started with (a bar raised by a
valat is not seen).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from ..rules.scoring.result import DealScore
from ..ruleset import Ruleset

MADE = "made"


class MatchStakes:
    """Whether a double of the standing contract is free on a given board, for one ruleset."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.bar = ruleset.match.initial_state().bar
        # by contract, takers' side, bid and reserve: every made result (_made), once all are known
        self._made_results: dict[tuple[str, int, int | None, int], tuple[DealScore, ...]] = {}
        self._ceiling: int | None = None
        self._least: dict[tuple[str, int, int | None], int] = {}  # _some_made's, by contract, takers' side and bid

    def goes_out(self, board: Sequence[int], contract: str, declarer: int, bid: int | None = None,
                 hanging_in: int = 0) -> bool:
        """True when every made result of ``contract`` bid by ``declarer`` (at ``bid`` points) ends the match
        in the takers' favour from ``board`` (the match score before the deal): a double costs the defenders
        nothing then."""
        bar = self.bar
        if bar is None or len(board) != self.ruleset.seating.sides:
            return False
        taker = self.ruleset.seating.side_of[declarer]
        if board[taker] + self._some_made(contract, declarer, bid) + hanging_in < bar:
            return False  # a made result leaves them short: the common case, decided without a look at each result
        made = False
        for score in self._made(contract, declarer, bid, hanging_in):
            made = True
            if not self._takes_out(board, taker, score, bar):
                return False
        return made

    def any_free(self, board: Sequence[int], hanging_in: int) -> bool:
        """Whether some contract, bid by some side, would be free to double from ``board`` with ``hanging_in``
        in reserve: where none is, the match changes no call of this deal (what a table of bots checks before
        calling the whole auction in the kernel, which does not look at the match)."""
        if self.bar is None or len(board) != self.ruleset.seating.sides:
            return False
        bids = getattr(self.ruleset.bidding, "values", (None,))  # point bids: each value of the ladder
        if self._ceiling is None:
            self._ceiling = max(self._some_made(c, declarer, bid) for c in self.ruleset.tables for bid in bids
                                for declarer in self._declarers())
        if max(board) + self._ceiling + hanging_in < self.bar:
            return False  # no made result of any contract takes a side out: most of a match
        return any(self.goes_out(board, c, declarer, bid, hanging_in) for c in self.ruleset.tables
                   for bid in bids for declarer in self._declarers())

    def _takes_out(self, board: Sequence[int], taker: int, score: DealScore, bar: int) -> bool:
        """Whether the made result ``score`` on ``board`` ends the match won by the side ``taker``, or is a capot
        that may not end it (bulgarian.md §10) but leaves the takers over the bar and ahead: one more deal,
        which they begin far in front."""
        after = [points + added for points, added in zip(board, score.match_points)]
        capot = score.capot_team is not None
        rules = self.ruleset.match
        if rules.winner(rules.initial_state(), after, score, capot) == taker:
            return True
        return capot and after[taker] >= bar and after.count(after[taker]) == 1 and after[taker] == max(after)

    def _some_made(self, contract: str, declarer: int, bid: int | None) -> int:
        """What one made result of ``contract`` gives the takers without a reserve, near the least: every made
        result must take them out for a double to be free, so this one must too. A bisection over the takers'
        card points, the last trick theirs (the capot where nothing less is made)."""
        key = (contract, self.ruleset.seating.side_of[declarer], bid)
        known = self._least.get(key)
        if known is not None:
            return known
        seating, scoring = self.ruleset.seating, self.ruleset.scoring
        taker, tricks = seating.side_of[declarer], seating.hand_size
        other = next(side for side in range(seating.sides) if side != taker)
        cards = self.ruleset.tables[contract].total_points
        found = self._capot(contract, declarer, bid, 0)
        low, high = 0, cards
        while low < high:
            middle = (low + high) // 2
            split, counts = [0] * seating.sides, [0] * seating.sides
            split[taker], split[other], counts[taker], counts[other] = middle, cards - middle, tricks - 1, 1
            score = scoring.score(contract, declarer, 1, split, counts, taker, bid=bid)
            if score.verdict == MADE:
                found, high = score, middle
            else:
                low = middle + 1
        self._least[key] = found.match_points[taker]
        return self._least[key]

    def _made(self, contract: str, declarer: int, bid: int | None, hanging_in: int) -> Iterator[DealScore]:
        """The undoubled results the scoring calls made, the takers' least card points first: each split of
        the card points, the last trick to the takers or to the other side, each side with a trick, and the
        takers' capot. Worked out as far as they are asked for; kept once all are known."""
        key = (contract, self.ruleset.seating.side_of[declarer], bid, hanging_in)
        known = self._made_results.get(key)
        if known is not None:
            yield from known
            return
        found = []
        for score in self._results(contract, declarer, bid, hanging_in):
            if score.verdict == MADE:
                found.append(score)
                yield score
        self._made_results[key] = tuple(found)

    def _results(self, contract: str, declarer: int, bid: int | None, hanging_in: int) -> Iterator[DealScore]:
        """Every undoubled result :meth:`_made` looks through, in its order."""
        seating, scoring = self.ruleset.seating, self.ruleset.scoring
        taker, tricks = seating.side_of[declarer], seating.hand_size
        cards = self.ruleset.tables[contract].total_points
        for points in range(cards + 1):
            for other in (side for side in range(seating.sides) if side != taker):
                for last in (taker, other):
                    split, counts = [0] * seating.sides, [0] * seating.sides
                    split[taker], split[other], counts[taker], counts[other] = points, cards - points, tricks - 1, 1
                    yield scoring.score(contract, declarer, 1, split, counts, last, bid=bid, hanging_in=hanging_in)
        yield self._capot(contract, declarer, bid, hanging_in)

    def _capot(self, contract: str, declarer: int, bid: int | None, hanging_in: int) -> DealScore:
        """The undoubled result of the takers' capot."""
        seating = self.ruleset.seating
        taker = seating.side_of[declarer]
        points = [self.ruleset.tables[contract].total_points if s == taker else 0 for s in range(seating.sides)]
        tricks = [seating.hand_size if s == taker else 0 for s in range(seating.sides)]
        return self.ruleset.scoring.score(contract, declarer, 1, points, tricks, taker, bid=bid, hanging_in=hanging_in)

    def _declarers(self) -> list[int]:
        """A seat of each side (the takers' side is what the results depend on)."""
        side_of = self.ruleset.seating.side_of
        return [side_of.index(side) for side in range(self.ruleset.seating.sides)]


@lru_cache(maxsize=32)
def match_stakes(ruleset: Ruleset) -> MatchStakes:
    """The stakes of ``ruleset``, built once (they keep the made results they have worked out)."""
    return MatchStakes(ruleset)
