"""Simulating many deals or matches between bots, across processes, reproducibly.

The work is cut into chunks (:mod:`.plan`) and every deal and match draws its
own seed from the simulation's seed and its number. The same seed therefore
gives the same numbers with one worker or eight, in chunks of any size, and two variants simulated with the same seed see the same
shuffled decks and seat the same bots, which is what makes a side-by-side
comparison fair. A backend (:mod:`.backends`) plays the chunks: this process, local
worker processes or a Ray cluster; :mod:`.runs` streams them to a results file.
"""

from __future__ import annotations

import _random
import hashlib
import os
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.deal import DealState
from ..engine.random_deals import RandomTables, play_random_deals, random_tables
from ..errors import UserError
from ..files import excerpt
from ..players import REGISTRY, check_player, make_player
from ..players.outside import is_outside
from ..rules.deal.dealing import shuffle
from ..rules.match.options import MAX_DEALS as MAX_MATCH_DEALS
from ..ruleset import Ruleset
from ..variant.model import Variant
from .backends import Backend, Played, WorkerLoad, open_backend
from .plan import Chunk, ChunkPlan, compiled, lent, rules_key
from .runs import Progress, play_run, results_file
from .stats import Mean, Rate, Sums, Tally, tally_from_json, tally_to_json
from .table import DealSeats, Table

DEALS, MATCHES = "deals", "matches"
MAX_COUNT = {DEALS: 10**9, MATCHES: 10**8}  # per run: a billion deals is days of a large cluster
DEFAULT_SEATS = ("heuristic",) * 4
VERDICTS = ("made", "failed", "hanging", "litige")
EVENTS = ("capot", "doubled", "redoubled", "declarations", "belote")
POINTS_BIN = 10  # the contract team's raw points per deal are counted in bins this wide


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
                        f"(seats {seats}), got {text[:40]!r}")
    for name in names:
        if name not in REGISTRY and not is_outside(name):
            raise UserError(f"no bot called {name[:40]!r}; bots: {', '.join(sorted(REGISTRY))}, "
                            "or an outside bot as path/to/file.py:Name or module:Name")
        check_player(name)
    return tuple(names)


# ----------------------------------------------------------------------------- what is counted


SINGLE_HAND = "single_hand"  # a deal played alone (play.single_hand) is counted as a contract of its own


def played_contracts(ruleset: Ruleset) -> tuple[str, ...]:
    """The contracts a simulation counts: the variant's, and the single hand where a player may play alone."""
    return (*ruleset.contracts, *((SINGLE_HAND,) if ruleset.variant.play.single_hand else ()))


def record_deal(tally: Tally, deal: DealState) -> None:
    """Count one finished deal."""
    tally.deals += 1
    if deal.contract is None:
        tally.count("contract.all_pass")
        return
    tally.count("played")
    tally.count(f"contract.{SINGLE_HAND if deal.alone >= 0 else deal.contract}")
    score = deal.score
    assert score is not None, "a deal played to its end is scored"
    tally.count(f"outcome.{score.verdict}")
    if score.capot_team is not None:
        tally.count("capot")
    level = deal.auction.level if deal.auction is not None else 0
    if level >= 1:
        tally.count("doubled")
    if level >= 2:
        tally.count("redoubled")
    melds_in_tricks = deal.ruleset.declarations.from_tricks  # then nothing is declared: count what scored
    if any(deal.declared.values()) or melds_in_tricks and any(p.declarations for p in score.parts):
        tally.count("declarations")
    if deal.belotes or melds_in_tricks and any(p.belote for p in score.parts):
        tally.count("belote")
    taken = score.raw_points[score.contract_team]
    tally.count(f"taker_points.{taken - taken % POINTS_BIN}")
    for key, raw, points in zip(deal.ruleset.seating.side_keys, score.raw_points, score.match_points):
        tally.observe(f"raw_points.{key}", raw)
        tally.observe(f"match_points.{key}", points)


def record_random_deals(tally: Tally, ruleset: Ruleset, tables: RandomTables, first: int, seeds: list[int]) -> None:
    """Play and count deals ``first``, ``first + 1``, ... of a table of random players alone, one per seed, in the
    kernel (engine/random_deals.py): what :func:`record_deal` counts of each, deal by deal on the Python path."""
    counts = play_random_deals(tables, first, seeds)
    tally.deals += counts.deals
    counted = [("contract.all_pass", counts.all_pass), ("played", counts.played),
               *((f"contract.{contract}", n) for contract, n in zip(tables.contracts, counts.contracts)),
               *((f"outcome.{verdict}", n) for verdict, n in zip(VERDICTS, counts.verdicts)),
               *((event, getattr(counts, event)) for event in EVENTS),
               *((f"taker_points.{taken}", n) for taken, n in counts.taker_points.items())]
    for event, n in counted:
        if n:
            tally.count(event, n)
    if counts.played:
        for key, raw_sums, match_sums in zip(ruleset.seating.side_keys, counts.raw_points, counts.match_points):
            for quantity, sums in ((f"raw_points.{key}", raw_sums), (f"match_points.{key}", match_sums)):
                mine = tally.sums.get(quantity)
                if mine is None:
                    mine = tally.sums[quantity] = Sums()
                mine.merge(Sums(*sums))


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
    backend: str = "local"
    loads: tuple[WorkerLoad, ...] = ()  # what each worker of the run played, and its overhead
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
            stats.append(Statistic("match", "first_bidder_wins", "won by the first bidder's team",
                                   t.rate("wins.first_bidder", t.matches)))
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
            "backend": self.backend,
            "deals": self.tally.deals,
            "matches": self.tally.matches if self.mode == MATCHES else None,
            "played_deals": self.tally.counts.get("played", 0),
            "seconds": round(self.seconds, 3),
            "deals_per_second": round(self.deals_per_second, 1),
        }
        for stat in self.statistics():
            data.setdefault(stat.group, {})[stat.key] = stat.value.to_dict()
        data.setdefault("match", None)
        data["distributions"] = {
            "contract_team_raw_points": {"bin": POINTS_BIN, "counts": self.histogram("taker_points")},
            "match_length": {"bin": 1, "counts": self.histogram("match_length")} if self.mode == MATCHES else None,
        }
        return data

    def histogram(self, quantity: str) -> dict[str, int]:
        """How many deals (or matches) fell in each bin of ``quantity``, bins in order, as JSON keys."""
        prefix = f"{quantity}."
        bins = sorted(int(name[len(prefix):]) for name in self.tally.counts if name.startswith(prefix))
        return {str(b): self.tally.counts[f"{prefix}{b}"] for b in bins}


def _spoken(side: str) -> str:
    """``team0`` as a label says it: team 0."""
    name = side.rstrip("0123456789")
    return f"{name} {side[len(name):]}"


# ----------------------------------------------------------------------------- a tally read back


POINTS_BOUND = 10**6  # a side's points in one deal: far beyond any variant's, so only a forged file reaches it
TAKER_BIN = re.compile(r"taker_points\.(0|[1-9][0-9]{0,4}0)")  # a multiple of POINTS_BIN
MATCH_LENGTH = re.compile(r"match_length\.([1-9][0-9]{0,5})")  # up to MAX_MATCH_DEALS


_COUNTED: dict[tuple[int, str], tuple[Ruleset, set[str]]] = {}  # (ruleset's id, mode) -> it, the names it counts


def _counted(ruleset: Ruleset, mode: str) -> set[str]:
    """The names a chunk of ``ruleset`` in ``mode`` counts, those of bins as they are met: a resume checks every
    chunk of a long file against them."""
    known = _COUNTED.get((id(ruleset), mode))
    if known is not None and known[0] is ruleset:
        return known[1]
    if len(_COUNTED) >= 16:  # a few runs' rulesets at a time
        _COUNTED.clear()
    names = {"played", *EVENTS, *(f"contract.{c}" for c in (*played_contracts(ruleset), "all_pass")),
             *(f"outcome.{verdict}" for verdict in VERDICTS)}
    if mode == MATCHES:
        names |= {"draws", "wins.first_bidder", *(f"wins.{side}" for side in ruleset.seating.side_keys)}
    _COUNTED[(id(ruleset), mode)] = ruleset, names
    return names


def check_tally(tally: Tally, ruleset: Ruleset, mode: str, size: int) -> None:
    """Refuse (ValueError) a chunk's tally read back from a results file that playing ``size`` deals or matches
    of ``ruleset`` cannot give: a name the chunk never counts, a count beyond its total, parts that do not add up."""
    counts, deals, matches = tally.counts, tally.deals, tally.matches
    if mode == DEALS and (deals, matches) != (size, 0) or \
            mode == MATCHES and (matches != size or not size <= deals <= size * MAX_MATCH_DEALS):
        raise ValueError(f"deals {excerpt(deals)} and matches {excerpt(matches)} are not what a chunk of "
                         f"{size} {mode} plays")
    played = counts.get("played", 0)
    sides = ruleset.seating.side_keys
    names = _counted(ruleset, mode)
    for name in sorted(counts.keys() - names):
        length = MATCH_LENGTH.fullmatch(name) if mode == MATCHES else None
        if not TAKER_BIN.fullmatch(name) and not (length and int(length[1]) <= MAX_MATCH_DEALS):
            raise ValueError(f"it counts {excerpt(name)}, which no chunk of {ruleset.name} {mode} counts")
        names.add(name)  # a bin's name, known good from now on

    totals: dict[str, int] = {}  # counts by the group their names start with ("contract" for "contract.hearts")
    for name, count in counts.items():
        group, dot, _ = name.partition(".")
        if dot:
            totals[group] = totals.get(group, 0) + count

    def total(prefix: str) -> int:
        return totals.get(prefix.rstrip("."), 0)

    for name, most, among in [("played", deals, "deals"), *((event, played, "played") for event in EVENTS),
                              ("redoubled", counts["doubled"], "doubled"), ("wins.first_bidder", matches, "matches")]:
        if counts[name] > most:
            raise ValueError(f"{name} {excerpt(counts[name])} is more than the {most} {among}")
    sums = [("contract.* counts", total("contract.") - counts["contract.all_pass"], "played", played),
            ("contract.all_pass", counts["contract.all_pass"], "deals - played", deals - played),
            ("outcome.* counts", total("outcome."), "played", played),
            ("taker_points.* counts", total("taker_points."), "played", played)]
    if mode == MATCHES:
        lengths = sum(int(name[len("match_length."):]) * count for name, count in counts.items()
                      if name.startswith("match_length."))
        sums += [("wins.* and draws", total("wins.") - counts["wins.first_bidder"] + counts["draws"], "matches",
                  matches), ("match_length.* counts", total("match_length."), "matches", matches),
                 ("the match lengths", lengths, "deals", deals)]
    for what, found, should, made in sums:
        if found != made:
            raise ValueError(f"{what} add up to {excerpt(found)}; they should make {made} ({should})")
    expected = {f"{quantity}.{side}": (played, POINTS_BOUND) for quantity in ("raw_points", "match_points")
                for side in sides}
    if mode == MATCHES:
        expected["match_length"] = (matches, MAX_MATCH_DEALS)
    unknown = sorted(tally.sums.keys() - expected.keys())
    if unknown:
        raise ValueError(f"it sums {excerpt(unknown[0])}, which no chunk of {ruleset.name} {mode} sums")
    for name, (n, bound) in expected.items():
        tally.sums.get(name, Sums()).check(name, n, bound)
    if mode == MATCHES and tally.sums.get("match_length", Sums()).total != deals:
        raise ValueError(f"the match lengths sum to {excerpt(tally.sums['match_length'].total)}, not the "
                         f"chunk's {deals} deals")


# ----------------------------------------------------------------------------- the work


@dataclass(frozen=True)
class Plan:
    """What every worker needs to play any chunk (picklable: variants travel as models, not compiled).
    A chunk's stream is a variant: its deals or matches ``start`` .. ``stop - 1``."""

    variants: tuple[tuple[Variant, str], ...]  # (model, content hash) per variant
    mode: str
    seats: tuple[str, ...]
    seed: int

    def play(self, chunk: Chunk) -> Tally:
        """The work of a backend: one chunk's tally."""
        return play_chunk(self, chunk)

    def describe(self, count: int) -> dict[str, Any]:
        """The settings that decide every chunk's result, as a results file's first line holds them."""
        return {"kind": "simulation", "variants": [[v.name, rules_key(v, h)] for v, h in self.variants],
                "mode": self.mode, "count": count, "seats": list(self.seats), "seed": self.seed}


# Seeding a generator again in C, without random.Random's Python __init__ and seed: the same state as a new
# random.Random(seed) for an int seed (a test holds it to that), a third less of a deal's seeding.
reseed = _random.Random.seed


def play_chunk(plan: Plan, chunk: Chunk) -> Tally:
    """Play one chunk and count what happened; the same plan and units always give the same tally, however
    the run was cut into chunks: each deal (or match) takes its deck and its players' seeds from its number."""
    ruleset = compiled(*plan.variants[chunk.stream])
    seating = ruleset.seating
    seats = plan.seats[:seating.players]
    tally = Tally()
    if plan.mode == DEALS:
        table = DealSeats(seats, ruleset)
        tables = random_tables(ruleset) if table.table.rand is not None else None
        if tables is not None:  # random players alone, at rules the kernel plays: whole deals there
            record_random_deals(tally, ruleset, tables, chunk.start,
                                [derive_seed(plan.seed, DEALS, number) for number in range(chunk.start, chunk.stop)])
            return tally
        rng = random.Random()
        for number in range(chunk.start, chunk.stop):
            reseed(rng, derive_seed(plan.seed, DEALS, number))  # as random.Random(seed) would be
            deck = list(seating.cards)
            shuffle(rng, deck)
            record_deal(tally, table.play_deal(DealState.start(ruleset, deck, number % seating.players, shuffled=True),
                                               rng))
        return tally
    for number in range(chunk.start, chunk.stop):
        match_seed = derive_seed(plan.seed, MATCHES, number)
        players = Table([make_player(name, ruleset, derive_seed(match_seed, seat)) for seat, name in enumerate(seats)])
        first_bidders: list[int] = []  # the side that bids and leads first in the match

        def on_deal(deal: DealState) -> None:
            if not first_bidders:
                first_bidders.append(seating.side_of[deal.first_seat])
            record_deal(tally, deal)

        match = players.play_match(ruleset, match_seed, on_deal=on_deal)
        tally.matches += 1
        if match.drawn or match.winner is None:  # a match over and not drawn has its winner
            tally.count("draws")
        else:
            tally.count(f"wins.{seating.side_keys[match.winner]}")
        if first_bidders and match.winner == first_bidders[0]:
            tally.count("wins.first_bidder")
        tally.observe("match_length", len(match.deals))
        tally.count(f"match_length.{len(match.deals)}")
    return tally


def check_count(mode: str, count: int) -> None:
    """Refuse a count below 1 or beyond what one run may play."""
    if count < 1:
        raise UserError(f"the number of {mode} to simulate must be at least 1, got {count}")
    if count > MAX_COUNT[mode]:
        raise UserError(f"{count} {mode} is more than one run plays (at most {MAX_COUNT[mode]:,} {mode}); "
                        f"split it into several runs with different seeds")


def simulate_many(rulesets: Sequence[Ruleset], mode: str, count: int, seats: Sequence[str] = DEFAULT_SEATS,
                  seed: int = 0, workers: int = 1, progress: Progress | None = None,
                  backend: Backend | None = None, out: str | os.PathLike[str] | None = None,
                  resume: bool = False) -> list[SimulationResult]:
    """Simulate ``count`` deals or matches of each ruleset with the same bots and seeds; one pool serves all.

    ``backend`` plays the chunks (default: ``workers`` local processes); ``out`` streams each
    finished chunk to a results file, and ``resume`` continues the run such a file holds.
    """
    if mode not in MAX_COUNT:
        raise UserError(f"simulate deals or matches, not {mode!r}")
    check_count(mode, count)
    seats = parse_seats(seats, max(r.seating.players for r in rulesets))
    backend = backend or open_backend("local", workers)
    plan = Plan(tuple((r.variant, r.content_hash) for r in rulesets), mode, seats, seed)
    tallies = [Tally() for _ in rulesets]
    busy = [0.0 for _ in rulesets]  # seconds the workers spent on each variant

    def finished(chunk: Chunk, played: Played) -> None:
        tallies[chunk.stream].merge(played.result)
        busy[chunk.stream] += played.seconds

    def decode(data: Any, chunk: Chunk) -> Tally:
        tally = tally_from_json(data)
        check_tally(tally, rulesets[chunk.stream], mode, chunk.size)
        return tally

    chunks = ChunkPlan([count] * len(rulesets))
    with results_file(out, plan.describe(count), resume, tally_to_json, decode, chunks, finished) as results, \
            lent(rulesets):
        session = play_run(backend, plan, chunks, finished, progress, results)
        # Several variants share the run's wall-clock time in proportion to the work each took.
        wall = session.seconds
        done = [SimulationResult(r.name, played_contracts(r), mode, count, seats[:r.seating.players], seed, session.workers_used(backend.workers),
                                 tally, wall * spent / sum(busy) if sum(busy) else wall, unreachable(r), backend.name,
                                 tuple(session.loads.workers.values()), r.seating.side_keys)
                for r, tally, spent in zip(rulesets, tallies, busy)]
        session.finish([r.to_dict() for r in done])
    return done


def simulate(ruleset: Ruleset, mode: str, count: int, seats: Sequence[str] = DEFAULT_SEATS, seed: int = 0,
             workers: int = 1, progress: Progress | None = None, backend: Backend | None = None,
             out: str | os.PathLike[str] | None = None, resume: bool = False) -> SimulationResult:
    """Simulate ``count`` deals or matches of one ruleset."""
    return simulate_many([ruleset], mode, count, seats, seed, workers, progress, backend, out, resume)[0]
