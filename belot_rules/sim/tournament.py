"""A round robin between bots: every pair in duplicate on the same deals, with ratings.

Each pair of bots plays the duel's deal pairs (:mod:`.duplicate`: each deal twice, the
bots' seats swapped), every pair on the same decks, so the luck of the cards cancels
within a pair and is shared across pairs. A deal pair is won by the bot whose side took
more match points over its two tables. Ratings are Bradley-Terry strengths fitted to the
deal pairs won (a drawn pair is half a win each, and each pair of bots starts from one
drawn pair, which keeps a bot that won every pair at a finite rating), shown on the Elo
scale: 400 points apart means 10-to-1 odds of winning a deal pair. Their 95% intervals
come from the fit's information matrix.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..errors import UserError
from ..players import make_player
from ..ruleset import Ruleset
from ..variant.model import Variant
from .backends import Backend, Played, open_backend
from .duel import DEALS, DuelWork, per_deal
from .duplicate import DuplicateTally, read_tally
from .plan import Chunk, ChunkPlan, lent
from .runs import Progress, play_run, results_file
from .stats import Z95

MAX_DEALS = 10**8  # deal pairs per pair of bots in one run
METHOD = ("Bradley-Terry on deal pairs won by match points (a drawn pair counts half to each, and each pair of "
          "bots starts from one drawn pair), on the Elo scale: 400 points = 10-to-1 odds")
ELO = 400 / math.log(10)


@dataclass(frozen=True)
class TournamentWork:
    """What any worker needs to play any chunk: one duel per pairing, every duel with the same seed."""

    variant: Variant
    content_hash: str
    bots: tuple[str, ...]
    full: bool
    seed: int

    @property
    def pairings(self) -> list[tuple[int, int]]:
        return list(combinations(range(len(self.bots)), 2))

    def play(self, chunk: Chunk) -> DuplicateTally:
        """Deal pairs of the pairing that is the chunk's stream; every pairing plays the same numbers."""
        first, second = self.pairings[chunk.stream]
        duel = DuelWork(self.variant, self.content_hash, (self.bots[first], self.bots[second]), self.full, self.seed)
        return duel.play_pairs(DEALS, chunk.start, chunk.stop)

    def describe(self, deals: int) -> dict[str, Any]:
        """The settings that decide every chunk's result, as a results file's first line holds them."""
        return {"kind": "tournament", "variant": [self.variant.name, self.content_hash], "bots": list(self.bots),
                "full": self.full, "deals": deals, "seed": self.seed}


@dataclass(frozen=True, slots=True)
class Rating:
    """A bot's rating on the Elo scale (the field's mean is 0), its 95% interval, and its deal pairs."""

    bot: str
    rating: float
    low: float
    high: float
    won: int
    drawn: int
    lost: int

    def to_dict(self) -> dict[str, Any]:
        return {"bot": self.bot, "rating": round(self.rating, 1), "low": round(self.low, 1),
                "high": round(self.high, 1), "won": self.won, "drawn": self.drawn, "lost": self.lost}


@dataclass(frozen=True)
class TournamentResult:
    """A finished round robin: each pairing's tally, from its first bot's side."""

    variant: str
    bots: tuple[str, ...]
    full: bool
    seed: int
    deals: int  # deal pairs per pairing
    workers: int
    backend: str
    tallies: tuple[DuplicateTally, ...]  # one per pairing, in the order of ``pairings``
    seconds: float
    loads: tuple[Any, ...] = ()

    @property
    def pairings(self) -> list[tuple[int, int]]:
        return list(combinations(range(len(self.bots)), 2))

    def ratings(self) -> list[Rating]:
        """Every bot's rating, best first."""
        games = {pair: tally.outcomes for pair, tally in zip(self.pairings, self.tallies)}
        strengths, spread = bradley_terry(len(self.bots), games)
        rows = []
        for i, bot in enumerate(self.bots):
            won = sum(g[0] if a == i else g[2] for (a, b), g in games.items() if i in (a, b))
            lost = sum(g[2] if a == i else g[0] for (a, b), g in games.items() if i in (a, b))
            drawn = sum(g[1] for (a, b), g in games.items() if i in (a, b))
            rating, half = ELO * strengths[i], ELO * Z95 * spread[i]
            rows.append(Rating(bot, rating, rating - half, rating + half, won, drawn, lost))
        return sorted(rows, key=lambda r: -r.rating)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form; its keys are documented in the README."""
        pairs = []
        for (a, b), tally in zip(self.pairings, self.tallies):
            row: dict[str, Any] = {"first": self.bots[a], "second": self.bots[b], "deal_pairs": tally.match_points.n,
                                   "won": tally.outcomes[0], "drawn": tally.outcomes[1], "lost": tally.outcomes[2]}
            for key in ("match_points", "card_points"):
                mean, (low, high), _ = per_deal(getattr(tally, key).mean())
                row[key] = {"mean": round(mean, 4), "low": round(low, 4), "high": round(high, 4)}
            pairs.append(row)
        return {"variant": self.variant, "bots": list(self.bots), "full": self.full, "seed": self.seed,
                "deals": self.deals, "workers": self.workers, "backend": self.backend,
                "seconds": round(self.seconds, 3), "method": METHOD,
                "ratings": [r.to_dict() for r in self.ratings()], "pairs": pairs}


def bradley_terry(players: int, games: Mapping[tuple[int, int], Sequence[int]]) -> tuple[list[float], list[float]]:
    """Log-strengths (natural log, mean 0) and their standard errors from (won, drawn, lost) per pair (a, b).

    Minorisation-maximisation (Hunter 2004) with each pair starting from one drawn game; the
    standard errors come from the pseudo-inverse of the information matrix.
    """
    played = [[0.0] * players for _ in range(players)]
    wins = [0.0] * players
    for (a, b), (won, drawn, lost) in games.items():
        n = won + drawn + lost + 1  # one virtual drawn game
        played[a][b] += n
        played[b][a] += n
        wins[a] += won + (drawn + 1) / 2
        wins[b] += lost + (drawn + 1) / 2
    p = [1.0] * players
    for _ in range(10_000):
        new = [wins[i] / sum(played[i][j] / (p[i] + p[j]) for j in range(players) if played[i][j]) if wins[i] else p[i]
               for i in range(players)]
        centre = math.exp(sum(math.log(x) for x in new) / players)
        new = [x / centre for x in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, p)) < 1e-12
        p = new
        if done:
            break
    info = [[0.0] * players for _ in range(players)]
    for i in range(players):
        for j in range(players):
            if i != j and played[i][j]:
                w = played[i][j] * p[i] * p[j] / (p[i] + p[j]) ** 2
                info[i][j] -= w
                info[i][i] += w
    # The information matrix is a graph Laplacian: its pseudo-inverse is (L + J/k)^-1 - J/k.
    shifted = _inverse([[info[i][j] + 1 / players for j in range(players)] for i in range(players)])
    spread = [math.sqrt(max(0.0, shifted[i][i] - 1 / players)) for i in range(players)]
    return [math.log(x) for x in p], spread


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small well-conditioned matrix."""
    n = len(matrix)
    rows = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
    return [row[n:] for row in rows]


def parse_bots(text: str | Sequence[str]) -> tuple[str, ...]:
    """Two or more distinct bot names from ``a,b,c``."""
    names = [n.strip() for n in (text.split(",") if isinstance(text, str) else text)]
    if len(names) < 2 or not all(names):
        raise UserError(f"--bots takes two or more bot names separated by commas, got {text!r}")
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise UserError(f"--bots names {repeated[0]!r} twice: each bot plays every other once")
    return tuple(names)


def tournament(ruleset: Ruleset, bots: Sequence[str], deals: int, full: bool = False, seed: int = 0,
               backend: Backend | None = None, progress: Progress | None = None,
               out: str | os.PathLike[str] | None = None, resume: bool = False) -> TournamentResult:
    """Every pair of ``bots`` plays ``deals`` deal pairs in duplicate, all on the same decks."""
    bots = parse_bots(bots)
    if deals < 1:
        raise UserError(f"--deals must be at least 1, got {deals}")
    if deals > MAX_DEALS:
        raise UserError(f"--deals {deals} is more than one run plays (at most {MAX_DEALS:,} deal pairs per pair "
                        f"of bots); split it into several runs with different seeds")
    for name in bots:
        make_player(name, ruleset, 0)  # a bad name or outside bot fails here, once, with its message
    backend = backend or open_backend("local", 1)
    work = TournamentWork(ruleset.variant, ruleset.content_hash, bots, full, seed)
    pairings = len(work.pairings)
    tallies = [DuplicateTally() for _ in range(pairings)]

    def finished(chunk: Chunk, played: Played) -> None:
        tallies[chunk.stream].merge(played.result)

    def decode(data: Any, chunk: Chunk) -> DuplicateTally:
        return read_tally(data, (chunk.size, 0))

    chunks = ChunkPlan([deals] * pairings)
    with results_file(out, work.describe(deals), resume, DuplicateTally.to_json, decode, chunks, finished) \
            as results, lent([ruleset]):
        session = play_run(backend, work, chunks, finished, progress, results)
        result = TournamentResult(ruleset.name, bots, full, seed, deals, session.workers_used(backend.workers), backend.name,
                                  tuple(tallies), session.seconds, tuple(session.loads.workers.values()))
        session.finish(result.to_dict())
    return result
