"""Duplicate play: the same deal played twice with the two bots' seats swapped.

Luck in the cards cancels out of the difference between the two tables, so a
few hundred deal pairs tell two bots apart where thousands of single deals
would not. A pair's two tables start from the same deck and dealer. In card
play duplicate (``full=False``) the auction is the heuristic bidder's at every
seat, the same at both tables, so both play the same contract and only the
card play and declarations differ; with ``full=True`` the bots bid as well.
:func:`play_match_pair` plays two whole matches from one seed the same way.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import Action
from ..engine.deal import BIDDING, OVER, DealState, SeatView
from ..files import excerpt
from ..players.base import Player
from ..players.heuristic import HeuristicPlayer
from ..rules.match.options import MAX_DEALS
from ..ruleset import Ruleset
from ..sim.table import Table
from .stats import Sums

MakePlayer = Callable[[Ruleset, int], Player]  # (ruleset, seed) -> a new player


class Timed:
    """A player whose decisions are counted and timed (every decision through its view)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        started = time.perf_counter()
        action = self.player.choose(view, legal)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        return action


@dataclass(slots=True)
class DuplicateTally:
    """What a set of pairs showed, from the first bot's side: mergeable across chunks."""

    card_points: Sums = field(default_factory=Sums)  # per pair: first bot's minus second's, both tables added
    match_points: Sums = field(default_factory=Sums)
    taken: list[int] = field(default_factory=lambda: [0, 0])  # contracts taken by each bot's side
    made: list[int] = field(default_factory=lambda: [0, 0])
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    matches: int = 0
    match_wins: list[int] = field(default_factory=lambda: [0, 0])
    outcomes: list[int] = field(default_factory=lambda: [0, 0, 0])  # pairs won, drawn, lost on match points

    def merge(self, other: DuplicateTally) -> None:
        self.card_points.merge(other.card_points)
        self.match_points.merge(other.match_points)
        self.matches += other.matches
        for i in (0, 1):
            self.taken[i] += other.taken[i]
            self.made[i] += other.made[i]
            self.decisions[i] += other.decisions[i]
            self.seconds[i] += other.seconds[i]
            self.match_wins[i] += other.match_wins[i]
        for i in (0, 1, 2):
            self.outcomes[i] += other.outcomes[i]

    def add_pair(self, tables: Sequence[DealState], first_side: Sequence[int]) -> None:
        """Count one pair: ``tables[h]`` was played with the first bot on side ``first_side[h]``."""
        cards = match = 0
        for state, side in zip(tables, first_side):
            score = state.score
            if score is None:  # everyone passed at this table
                continue
            points = [p.cards + p.last_trick for p in score.parts]
            cards += _margin(points, side)
            match += _margin(score.match_points, side)
            bot = 0 if score.contract_team == side else 1
            self.taken[bot] += 1
            self.made[bot] += score.verdict == "made"
        self.card_points.add(cards)
        self.match_points.add(match)
        self.outcomes[0 if match > 0 else 1 if match == 0 else 2] += 1

    def to_json(self) -> dict[str, Any]:
        """The tally as JSON (for results files); :meth:`from_json` reads it back exactly."""
        data: dict[str, Any] = {name: getattr(self, name) for name in LISTS}
        data.update(card_points=self.card_points.as_list(), match_points=self.match_points.as_list(),
                    matches=self.matches)
        return data

    @classmethod
    def from_json(cls, data: Any) -> DuplicateTally:
        """The tally :meth:`to_json` wrote; anything else is a ValueError."""
        if not isinstance(data, dict) or set(data) != {*LISTS, "card_points", "match_points", "matches"} \
                or type(data["matches"]) is not int or data["matches"] < 0:
            raise ValueError(f"a duplicate tally has {', '.join(LISTS)}, card_points, match_points and matches "
                             f"(a count), and nothing else; got {excerpt(data)}")
        tally = cls(Sums.from_list(data["card_points"]), Sums.from_list(data["match_points"]),
                    matches=data["matches"])
        for name, length in LISTS.items():
            value = data[name]
            seconds = name == "seconds"
            if not isinstance(value, list) or len(value) != length or not all(
                    type(v) is int and v >= 0 or seconds and type(v) is float and 0 <= v < math.inf for v in value):
                raise ValueError(f"{name} is a list of {length} {'times' if seconds else 'counts'} (0 or more), "
                                 f"got {excerpt(value)}")
            setattr(tally, name, list(value))
        return tally

    def check(self, pairs: int, match_pairs: int) -> None:
        """Refuse (ValueError) a tally read back from a file that ``pairs`` deal pairs and ``match_pairs``
        match pairs cannot give: a count beyond what was played, or parts that do not add up."""
        for sums in ("card_points", "match_points"):
            getattr(self, sums).check(sums, pairs, PAIR_BOUND)
        if sum(self.outcomes) != pairs:
            raise ValueError(f"outcomes {self.outcomes} (won, drawn, lost) do not add up to the {pairs} deal pairs")
        if sum(self.taken) > 2 * pairs:
            raise ValueError(f"taken {excerpt(self.taken)} are more contracts than {pairs} deal pairs (two tables "
                             f"each) give")
        if any(made > taken for made, taken in zip(self.made, self.taken)):
            raise ValueError(f"made {excerpt(self.made)} are more contracts than taken {self.taken}")
        if self.matches != 2 * match_pairs or sum(self.match_wins) != self.matches:
            raise ValueError(f"matches {self.matches} and match_wins {self.match_wins} are not the "
                             f"{2 * match_pairs} matches of {match_pairs} match pairs")
        most = DECISIONS_BOUND * 2 * (pairs + match_pairs * MAX_DEALS)
        if any(decisions > most for decisions in self.decisions):
            raise ValueError(f"decisions {excerpt(self.decisions)} are more than these pairs ask for "
                             f"(at most {most:,} each)")

    def add_time(self, timed: Sequence[Timed], bot_of: Sequence[int]) -> None:
        for player, bot in zip(timed, bot_of):
            self.decisions[bot] += player.decisions
            self.seconds[bot] += player.seconds


def read_tally(data: Any, pairs: tuple[int, int]) -> DuplicateTally:
    """A chunk's tally read back from a results file; ValueError if the chunk's ``pairs`` (deal pairs, match
    pairs) cannot have given it."""
    tally = DuplicateTally.from_json(data)
    tally.check(*pairs)
    return tally


LISTS = {"taken": 2, "made": 2, "decisions": 2, "seconds": 2, "match_wins": 2, "outcomes": 3}  # per bot / result
PAIR_BOUND = 10**7  # a deal pair's margin in points: far beyond any variant's (two tables, every multiplier)
DECISIONS_BOUND = 10**3  # decisions of one bot in one deal: far beyond any auction and card play


def _margin(points: Sequence[int], side: int) -> int:
    """Side ``side``'s points over the other sides' (two sides: the difference)."""
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] * len(others) - sum(others)


def seating(ruleset: Ruleset, first_side: int) -> list[int]:
    """Which bot (0 or 1) sits at each seat when the first bot plays for side ``first_side``."""
    return [0 if side == first_side else 1 for side in ruleset.seating.side_of]


def play_deal_pair(ruleset: Ruleset, deck: list[int] | tuple[int, ...], dealer: int, bots: Sequence[MakePlayer],
                   seeds: Sequence[int], full: bool, tally: DuplicateTally) -> bool:
    """Play ``deck`` at two tables, the first bot on side 0 then on side 1, and count the pair.

    ``seeds`` gives each seat's player its seed (the same seat gets the same seed at both tables).
    In card play duplicate a deck everyone passes is not played: False, and nothing is counted.
    """
    start = DealState.start(ruleset, deck, dealer)
    if not full:
        auctioneer = Table([HeuristicPlayer(ruleset)] * len(seeds))
        while start.phase == BIDDING:
            auctioneer.act(start)
        if start.phase == OVER:
            return False
    tables = []
    for first_side in (0, 1):
        bot_of = seating(ruleset, first_side)
        timed = [Timed(bots[bot](ruleset, seed)) for bot, seed in zip(bot_of, seeds)]
        state = start.clone()
        Table(timed).play_deal(state)
        tables.append(state)
        tally.add_time(timed, bot_of)
    tally.add_pair(tables, (0, 1))
    return True


def play_match_pair(ruleset: Ruleset, seed: int, bots: Sequence[MakePlayer], seeds: Sequence[int],
                    tally: DuplicateTally) -> None:
    """Two whole matches from ``seed`` (the same first deck), the first bot on side 0 then on side 1."""
    for first_side in (0, 1):
        bot_of = seating(ruleset, first_side)
        timed = [Timed(bots[bot](ruleset, s)) for bot, s in zip(bot_of, seeds)]
        match = Table(timed).play_match(ruleset, seed)
        tally.matches += 1
        tally.match_wins[0 if match.winner == first_side else 1] += 1
        tally.add_time(timed, bot_of)
