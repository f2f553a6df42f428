"""``belot duel``: two bots in duplicate, deal pairs (and match pairs) cut into seeded chunks.

Every pair draws its deck and its players' seeds from the duel's seed and its
own number, so the result depends neither on the number of workers nor on the
size of the chunks (:mod:`.plan`). The
reported differences are the first bot's points minus the second's per deal,
with 95% intervals over the deal pairs (the pairs are independent; the two
tables of a pair are not).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import UserError
from ..players import make_player
from ..ruleset import Ruleset
from ..variant.model import Variant
from .backends import Backend, Played, WorkerLoad, open_backend
from .duplicate import DuplicateTally, MakePlayer, play_deal_pair, play_match_pair, read_tally
from .plan import Chunk, ChunkPlan, compiled, lent
from .runs import Progress, play_run, results_file
from .simulate import derive_seed
from .stats import Mean, Rate

DEALS, MATCHES = "deals", "matches"
MODES = (DEALS, MATCHES)  # the streams of a duel's plan: its deal pairs, then its match pairs
MAX_PAIRS = 10**8  # deal pairs (and match pairs) in one run


@dataclass(frozen=True)
class DuelWork:
    """What any worker needs to play any chunk of a duel (picklable: the variant travels as its model)."""

    variant: Variant
    content_hash: str
    bots: tuple[str, str]
    full: bool
    seed: int

    def describe(self, deals: int, matches: int) -> dict[str, Any]:
        """The settings that decide every chunk's result, as a results file's first line holds them."""
        return {"kind": "duel", "variant": [self.variant.name, self.content_hash], "bots": list(self.bots),
                "full": self.full, "deals": deals, "matches": matches, "seed": self.seed}

    def play(self, chunk: Chunk) -> DuplicateTally:
        return self.play_pairs(MODES[chunk.stream], chunk.start, chunk.stop)

    def play_pairs(self, mode: str, start: int, stop: int) -> DuplicateTally:
        """Deal pairs (or match pairs) ``start`` .. ``stop - 1``: each draws its decks and seeds from its number."""
        ruleset = compiled(self.variant, self.content_hash)
        bots: list[MakePlayer] = [_maker(name) for name in self.bots]
        players = ruleset.seating.players
        tally = DuplicateTally()
        for number in range(start, stop):
            pair_seed = derive_seed(self.seed, mode, number)
            seeds = [derive_seed(pair_seed, seat) for seat in range(players)]
            if mode == MATCHES:
                play_match_pair(ruleset, pair_seed, bots, seeds, tally)
                continue
            rng = random.Random(pair_seed)
            deck = list(ruleset.seating.cards)
            rng.shuffle(deck)
            while not play_deal_pair(ruleset, deck, number % players, bots, seeds, self.full, tally):
                rng.shuffle(deck)  # everyone passed: card play duplicate needs a contract
        return tally


def _maker(name: str) -> MakePlayer:
    return lambda ruleset, seed: make_player(name, ruleset, seed)


@dataclass(frozen=True)
class DuelResult:
    """A finished duel, from the first bot's side."""

    variant: str
    bots: tuple[str, str]
    full: bool
    seed: int
    workers: int
    tally: DuplicateTally
    seconds: float
    backend: str = "local"
    loads: tuple[WorkerLoad, ...] = ()  # each worker's overhead (--verbose)

    def card_points(self) -> tuple[float, tuple[float, float], int]:
        """Mean difference per deal, its 95% interval and the number of pairs."""
        return per_deal(self.tally.card_points.mean())

    def match_points(self) -> tuple[float, tuple[float, float], int]:
        return per_deal(self.tally.match_points.mean())

    def decisions_per_second(self) -> tuple[float, float]:
        t = self.tally
        return tuple(d / s if s > 0 else 0.0 for d, s in zip(t.decisions, t.seconds))  # type: ignore[return-value]

    def match_rate(self) -> Rate | None:
        return Rate(self.tally.match_wins[0], self.tally.matches) if self.tally.matches else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form; its keys are documented in the README."""
        t = self.tally

        def difference(value: tuple[float, tuple[float, float], int]) -> dict[str, Any]:
            mean, (low, high), pairs = value
            return {"mean": round(mean, 4), "low": round(low, 4), "high": round(high, 4), "pairs": pairs}

        rate = self.match_rate()
        return {
            "variant": self.variant,
            "bots": list(self.bots),
            "full": self.full,
            "seed": self.seed,
            "workers": self.workers,
            "backend": self.backend,
            "deal_pairs": t.card_points.n,
            "seconds": round(self.seconds, 3),
            "card_points": difference(self.card_points()),
            "match_points": difference(self.match_points()),
            "contracts": [{"bot": b, "taken": t.taken[i], "made": t.made[i]} for i, b in enumerate(self.bots)],
            "decisions_per_second": [round(v, 2) for v in self.decisions_per_second()],
            "matches": None if rate is None else {"pairs": t.matches // 2, "played": t.matches,
                                                   "won": list(t.match_wins), **rate.to_dict()},
        }


def per_deal(mean: Mean) -> tuple[float, tuple[float, float], int]:
    """A pair's sum covers two deals: halve the mean and its interval."""
    low, high = mean.interval
    return mean.value / 2, (low / 2, high / 2), mean.n


def duel(ruleset: Ruleset, bots: Sequence[str], deals: int, full: bool = False, matches: int = 0, seed: int = 0,
         backend: Backend | None = None, progress: Progress | None = None,
         out: str | os.PathLike[str] | None = None, resume: bool = False) -> DuelResult:
    """``deals`` deal pairs (and with ``full``, ``matches`` match pairs) between ``bots[0]`` and ``bots[1]``.

    The chunks run on ``backend`` (default: here, in this process); with ``out`` each finished
    chunk is streamed to that results file, and ``resume`` plays only what it lacks.
    """
    if len(bots) != 2:
        raise UserError(f"a duel is between two bots, got {len(bots)}")
    if deals < 1:
        raise UserError(f"--deals must be at least 1, got {deals}")
    if matches < 0 or (matches and not full):
        raise UserError("--matches plays whole matches, which include the auction: add --full")
    if max(deals, matches) > MAX_PAIRS:
        raise UserError(f"a duel plays at most {MAX_PAIRS:,} deal pairs (and match pairs) in one run; split it "
                        f"into several runs with different seeds")
    for name in bots:
        make_player(name, ruleset, 0)  # a bad name or outside bot fails here, once, with its message
    backend = backend or open_backend("local", 1)
    work = DuelWork(ruleset.variant, ruleset.content_hash, (bots[0], bots[1]), full, seed)
    tally = DuplicateTally()

    def finished(chunk: Chunk, played: Played) -> None:
        tally.merge(played.result)

    def decode(data: Any, chunk: Chunk) -> DuplicateTally:
        return read_tally(data, (chunk.size, 0) if MODES[chunk.stream] == DEALS else (0, chunk.size))

    chunks = ChunkPlan([deals, matches])
    with results_file(out, work.describe(deals, matches), resume, DuplicateTally.to_json, decode, chunks,
                      finished) as results, lent([ruleset]):
        session = play_run(backend, work, chunks, finished, progress, results)
        result = DuelResult(ruleset.name, (bots[0], bots[1]), full, seed, session.workers_used(backend.workers), tally, session.seconds,
                            backend.name, tuple(session.loads.workers.values()))
        session.finish(result.to_dict())
    return result
