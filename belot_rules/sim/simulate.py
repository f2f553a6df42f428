"""Simulating many deals or matches between bots, across processes, reproducibly.

The work is cut into fixed chunks (a chunk's size never depends on the number
of workers) and every chunk, deal and match draws its own seed from the
simulation's seed. The same seed therefore gives the same numbers with one
worker or eight, and two variants simulated with the same seed see the same
shuffled decks and seat the same bots, which is what makes a side-by-side
comparison fair. One worker runs in this process; more use
:class:`concurrent.futures.ProcessPoolExecutor`.
"""

from __future__ import annotations

import gc
import hashlib
import os
import random
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from itertools import islice
from typing import Any

from ..engine.deal import DealState
from ..errors import UserError
from ..players import REGISTRY, make_player
from ..ruleset import Ruleset
from ..variant.model import Variant
from .stats import Mean, Rate, Tally
from .table import Table

DEALS, MATCHES = "deals", "matches"
CHUNK = {DEALS: 250, MATCHES: 10}  # deals or matches per chunk
DEFAULT_SEATS = ("heuristic",) * 4
VERDICTS = ("made", "failed", "hanging", "litige")
EVENTS = ("capot", "doubled", "redoubled", "declarations", "belote")

Progress = Callable[[int, int], None]  # (units done, units in all)


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed for one part of a simulation (a chunk, a match, a seat), stable across runs and machines."""
    digest = hashlib.blake2b(repr((seed, *parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def parse_seats(text: str | Sequence[str], players: int = len(DEFAULT_SEATS)) -> tuple[str, ...]:
    """One bot name per seat from ``B0,B1,...`` (or one name for every seat)."""
    names = [n.strip() for n in (text.split(",") if isinstance(text, str) else text)]
    if len(names) == 1:
        names *= players
    if len(names) != players or not all(names):
        words = {2: "two", 3: "three", 4: "four"}
        seats = ",".join(str(seat) for seat in range(players))
        raise UserError(f"--seats takes {words.get(players, players)} bot names separated by commas "
                        f"(seats {seats}), got {text!r}")
    unknown = [n for n in names if n not in REGISTRY]
    if unknown:
        raise UserError(f"no bot called {unknown[0]!r}; bots: {', '.join(sorted(REGISTRY))}")
    return tuple(names)


# ----------------------------------------------------------------------------- what is counted


def record_deal(tally: Tally, deal: DealState) -> None:
    """Count one finished deal."""
    tally.deals += 1
    if deal.contract is None:
        tally.count("contract.all_pass")
        return
    tally.count("played")
    tally.count(f"contract.{deal.contract}")
    score = deal.score
    tally.count(f"outcome.{score.verdict}")
    if score.capot_team is not None:
        tally.count("capot")
    level = deal.auction.level if deal.auction is not None else 0
    if level >= 1:
        tally.count("doubled")
    if level >= 2:
        tally.count("redoubled")
    if any(deal.declared.values()):
        tally.count("declarations")
    if deal.belotes:
        tally.count("belote")
    for key, raw, points in zip(deal.ruleset.seating.side_keys, score.raw_points, score.match_points):
        tally.observe(f"raw_points.{key}", raw)
        tally.observe(f"match_points.{key}", points)


def unreachable(ruleset: Ruleset) -> frozenset[tuple[str, str]]:
    """The (group, key) of the statistics the variant cannot produce: a verdict its scoring never gives,
    a doubling level it lacks, declarations or belote it does not play. They stay in the JSON (always 0)."""
    variant = ruleset.variant
    possible = {
        **{("outcomes", v): v in ruleset.scoring.verdicts for v in VERDICTS},
        ("events", "doubled"): variant.bidding.doubles.max_level >= 1,
        ("events", "redoubled"): variant.bidding.doubles.max_level >= 2,
        ("events", "declarations"): variant.declarations.enabled,
        ("events", "belote"): variant.declarations.belote.enabled,
    }
    return frozenset(name for name, can in possible.items() if not can)


@dataclass(frozen=True, slots=True)
class Statistic:
    """One reported number: where it goes in the JSON (group, key), its label, and its value."""

    group: str
    key: str
    label: str
    value: Rate | Mean


@dataclass(frozen=True)
class SimulationResult:
    """A finished simulation: its settings, the tally, and the time it took."""

    variant: str
    contracts: tuple[str, ...]
    mode: str
    count: int  # deals or matches asked for
    seats: tuple[str, ...]
    seed: int
    workers: int
    tally: Tally
    seconds: float  # wall-clock time spent on this variant (its share when several variants ran together)
    unreachable: frozenset[tuple[str, str]] = frozenset()  # statistics the variant cannot produce (see unreachable)
    sides: tuple[str, ...] = ("team0", "team1")  # the board's sides as keys: teams, or players alone

    @property
    def deals_per_second(self) -> float:
        return self.tally.deals / self.seconds if self.seconds > 0 else 0.0

    def statistics(self) -> list[Statistic]:
        """Every reported number, in report order."""
        t = self.tally
        played = t.counts.get("played", 0)
        stats = [Statistic("contracts", c, f"contract {c}", t.rate(f"contract.{c}", t.deals))
                 for c in (*self.contracts, "all_pass")]
        stats += [Statistic("outcomes", v, v, t.rate(f"outcome.{v}", played)) for v in VERDICTS]
        stats += [Statistic("events", e, e, t.rate(e, played)) for e in EVENTS]
        for quantity in ("raw_points", "match_points"):
            stats += [Statistic(quantity, side, f"{quantity.replace('_', ' ')} {_spoken(side)}",
                                t.mean(f"{quantity}.{side}")) for side in self.sides]
        if self.mode == MATCHES:
            stats.append(Statistic("match", "length", "match length (deals)", t.mean("match_length")))
            stats += [Statistic("match", f"{side}_wins", f"matches won by {_spoken(side)}",
                                t.rate(f"wins.{side}", t.matches)) for side in self.sides]
            if t.counts.get("draws"):  # only a match of a fixed number of deals can end level
                stats.append(Statistic("match", "draws", "matches drawn", t.rate("draws", t.matches)))
        return stats

    def shown(self) -> list[Statistic]:
        """The statistics a report shows: those the variant can produce (no litige row for Bulgarian)."""
        return [s for s in self.statistics() if (s.group, s.key) not in self.unreachable]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form; its keys are documented in the README and kept stable (every statistic, reachable or not)."""
        data: dict[str, Any] = {
            "variant": self.variant,
            "mode": self.mode,
            "seats": list(self.seats),
            "seed": self.seed,
            "workers": self.workers,
            "deals": self.tally.deals,
            "matches": self.tally.matches if self.mode == MATCHES else None,
            "played_deals": self.tally.counts.get("played", 0),
            "seconds": round(self.seconds, 3),
            "deals_per_second": round(self.deals_per_second, 1),
        }
        for stat in self.statistics():
            data.setdefault(stat.group, {})[stat.key] = stat.value.to_dict()
        data.setdefault("match", None)
        return data


def _spoken(side: str) -> str:
    """``team0`` as a label says it: team 0."""
    name = side.rstrip("0123456789")
    return f"{name} {side[len(name):]}"


# ----------------------------------------------------------------------------- the work


@dataclass(frozen=True, slots=True)
class Chunk:
    """A fixed slice of the work: deals or matches ``start`` .. ``start + size - 1``."""

    variant_index: int
    index: int
    start: int
    size: int


@dataclass(frozen=True)
class Plan:
    """What every worker needs to play any chunk (picklable: variants travel as models, not compiled)."""

    variants: tuple[tuple[Variant, str], ...]  # (model, content hash) per variant
    mode: str
    seats: tuple[str, ...]
    seed: int


_COMPILED: dict[str, Ruleset] = {}  # per process: rulesets compiled from a plan, by content hash
_PLAN: Plan | None = None  # per worker process: the plan every chunk it plays belongs to


def _ruleset_key(plan: Plan, index: int) -> str:
    variant, content_hash = plan.variants[index]
    return content_hash or variant.model_dump_json()


def _ruleset(plan: Plan, index: int) -> Ruleset:
    key = _ruleset_key(plan, index)
    ruleset = _COMPILED.get(key)
    if ruleset is None:
        variant, content_hash = plan.variants[index]
        ruleset = _COMPILED[key] = Ruleset(variant, content_hash)
    return ruleset


def _start_worker(plan: Plan) -> None:
    """Keep the plan in the worker, so each chunk travels alone instead of with two variant models."""
    global _PLAN
    _PLAN = plan
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops handing out chunks


def _worker_chunk(chunk: Chunk) -> tuple[Tally, float]:
    assert _PLAN is not None, "a worker plays chunks only after _start_worker"
    return _timed_chunk(_PLAN, chunk)


def play_chunk(plan: Plan, chunk: Chunk, ruleset: Ruleset | None = None) -> Tally:
    """Play one chunk and count what happened; the same plan and chunk always give the same tally."""
    ruleset = ruleset or _ruleset(plan, chunk.variant_index)
    tally = Tally()
    if plan.mode == DEALS:
        chunk_seed = derive_seed(plan.seed, DEALS, chunk.index)
    seating = ruleset.seating
    seats = plan.seats[:seating.players]
    if plan.mode == DEALS:
        chunk_seed = derive_seed(plan.seed, DEALS, chunk.index)
        table = Table([make_player(name, ruleset, derive_seed(chunk_seed, seat)) for seat, name in enumerate(seats)])
        rng = random.Random(chunk_seed)
        for number in range(chunk.start, chunk.start + chunk.size):
            deck = list(seating.cards)
            rng.shuffle(deck)
            record_deal(tally, table.play_deal(DealState.start(ruleset, deck, number % seating.players)))
        return tally
    for number in range(chunk.start, chunk.start + chunk.size):
        match_seed = derive_seed(plan.seed, MATCHES, number)
        table = Table([make_player(name, ruleset, derive_seed(match_seed, seat)) for seat, name in enumerate(seats)])
        match = table.play_match(ruleset, match_seed, on_deal=lambda deal: record_deal(tally, deal))
        tally.matches += 1
        tally.count("draws" if match.drawn else f"wins.{seating.side_keys[match.winner]}")
        tally.observe("match_length", len(match.deals))
    return tally


def _timed_chunk(plan: Plan, chunk: Chunk, ruleset: Ruleset | None = None) -> tuple[Tally, float]:
    started = time.perf_counter()
    tally = play_chunk(plan, chunk, ruleset)
    return tally, time.perf_counter() - started


def _chunks(variants: int, mode: str, count: int) -> list[Chunk]:
    size = CHUNK[mode]
    return [Chunk(v, i, start, min(size, count - start))
            for v in range(variants) for i, start in enumerate(range(0, count, size))]


def _run(plan: Plan, chunks: list[Chunk], rulesets: Sequence[Ruleset], workers: int,
         finished: Callable[[Chunk, Tally, float], None]) -> None:
    """Play every chunk, here or on ``workers`` processes, handing each result to ``finished``."""
    if workers == 1:
        for chunk in chunks:
            finished(chunk, *_timed_chunk(plan, chunk, rulesets[chunk.variant_index]))
        return
    # Forked workers inherit these instead of compiling again; the parent forgets them afterwards.
    lent = {_ruleset_key(plan, index): ruleset for index, ruleset in enumerate(rulesets)}
    lent = {key: ruleset for key, ruleset in lent.items() if key not in _COMPILED}
    _COMPILED.update(lent)
    try:
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks)), initializer=_start_worker,
                                 initargs=(plan,)) as pool:
            # Two chunks per worker in flight: the workers never wait, and Ctrl-C waits for those alone.
            waiting = iter(chunks)
            running = {pool.submit(_worker_chunk, chunk): chunk for chunk in islice(waiting, 2 * workers)}
            try:
                while running:
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        finished(running.pop(future), *future.result())
                        for chunk in islice(waiting, 1):
                            running[pool.submit(_worker_chunk, chunk)] = chunk
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    finally:
        for key in lent:
            del _COMPILED[key]


def simulate_many(rulesets: Sequence[Ruleset], mode: str, count: int, seats: Sequence[str] = DEFAULT_SEATS,
                  seed: int = 0, workers: int = 1, progress: Progress | None = None) -> list[SimulationResult]:
    """Simulate ``count`` deals or matches of each ruleset with the same bots and seeds; one pool serves all."""
    if mode not in CHUNK:
        raise UserError(f"simulate deals or matches, not {mode!r}")
    if count < 1:
        raise UserError(f"the number of {mode} to simulate must be at least 1, got {count}")
    if workers < 1:
        raise UserError(f"--workers must be at least 1, got {workers}")
    seats = parse_seats(seats, max(r.seating.players for r in rulesets))
    plan = Plan(tuple((r.variant, r.content_hash) for r in rulesets), mode, seats, seed)
    chunks = _chunks(len(rulesets), mode, count)
    tallies = [Tally() for _ in rulesets]
    busy = [0.0 for _ in rulesets]  # seconds the workers spent on each variant
    done = 0
    total = count * len(rulesets)
    started = time.perf_counter()
    if progress:
        progress(0, total)

    def finished(chunk: Chunk, tally: Tally, seconds: float) -> None:
        nonlocal done
        tallies[chunk.variant_index].merge(tally)
        busy[chunk.variant_index] += seconds
        done += chunk.size
        if progress:
            progress(done, total)

    # What exists now (modules, models, compiled rules) outlives the run: frozen, the collector stops
    # walking it at every full collection (~10% of a simulation), and forked workers share its pages.
    gc.freeze()
    try:
        _run(plan, chunks, rulesets, workers, finished)
    finally:
        gc.unfreeze()
    wall = time.perf_counter() - started
    # Several variants share the run's wall-clock time in proportion to the work each took.
    return [SimulationResult(r.name, r.contracts, mode, count, seats[:r.seating.players], seed, workers, tally,
                             wall * spent / sum(busy) if sum(busy) else wall, unreachable(r), r.seating.side_keys)
            for r, tally, spent in zip(rulesets, tallies, busy)]


def simulate(ruleset: Ruleset, mode: str, count: int, seats: Sequence[str] = DEFAULT_SEATS, seed: int = 0,
             workers: int = 1, progress: Progress | None = None) -> SimulationResult:
    """Simulate ``count`` deals or matches of one ruleset."""
    return simulate_many([ruleset], mode, count, seats, seed, workers, progress)[0]


def default_workers() -> int:
    """Every core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
