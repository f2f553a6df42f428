"""The one chunk plan of every long run, and the one cache of the rules its workers compile.

A run (a simulation, a duel, a tournament, a comparison) is a few *streams* of numbered units:
the deals or matches of each variant, the deal pairs and match pairs of a duel, the deal pairs
of each pairing. Every unit draws its seeds from the run's seed and its own number, so a chunk
(units ``start`` .. ``start + size - 1`` of one stream) gives the same result however the
stream is cut. That frees the chunk size: the plan sizes each chunk from the time its stream's
units took so far, for about ``Backend.chunk_seconds`` of work, and cuts the last ones smaller
so that every worker ends at about the same time. A results file records each chunk's start and
size, so ``--resume`` plays the gaps between the chunks on file, whatever sizes they were.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from ..files import excerpt
from ..ruleset import Ruleset
from ..variant.model import Variant

CHUNK_SECONDS = 0.25  # the work a chunk should hold, unless the backend asks for another
FIRST_UNITS = 8  # units in a stream's chunks before one of them is timed
MAX_UNITS = 100_000  # units in one chunk: a results file's line stays small
GROWTH = 8  # a chunk holds at most this many times the units of the stream's last timed one
TAIL = 2  # the units left are cut into at least this many chunks per worker: none waits long for the last
FLOOR = 8  # ... but a chunk holds at least this share of a full chunk's work: its round trip stays a small part


@dataclass(frozen=True, slots=True)
class Chunk:
    """Units ``start`` .. ``start + size - 1`` of stream ``stream``; its key names it in a results file."""

    stream: int
    start: int
    size: int

    @property
    def key(self) -> tuple[int, int, int]:
        return self.stream, self.start, self.size

    @property
    def stop(self) -> int:
        return self.start + self.size


class ChunkPlan:
    """Every chunk of a run, made as the backend asks for them (a billion deals take no memory up front)."""

    def __init__(self, counts: Sequence[int], workers: int = 1, chunk_seconds: float = CHUNK_SECONDS) -> None:
        self.counts = tuple(counts)
        self.workers, self.chunk_seconds = workers, chunk_seconds
        self.done: list[list[tuple[int, int]]] = [[] for _ in self.counts]  # (start, stop) on file, per stream
        self.timed = [(0, 0.0) for _ in self.counts]  # units timed and their seconds, per stream
        self.last = [FIRST_UNITS for _ in self.counts]  # the last timed chunk's size, per stream
        self.handed = 0  # units handed out (or on file)

    @property
    def total(self) -> int:
        return sum(self.counts)

    def find(self, key: object) -> Chunk | str:
        """The chunk a results file names by ``key``, or what is wrong with the key."""
        if not isinstance(key, list) or len(key) != 3 or not all(type(k) is int for k in key):
            return f"chunk {excerpt(key)} is not a chunk's name (stream, start and size: three whole numbers)"
        stream, start, size = key
        if not 0 <= stream < len(self.counts) or start < 0 or size < 1 or start + size > self.counts[stream]:
            streams = ", ".join(f"stream {s}: 0 to {count}" for s, count in enumerate(self.counts))
            return f"chunk {key} is not one of this run's chunks (units from start to start + size, {streams})"
        return Chunk(stream, start, size)

    def on_file(self, chunk: Chunk) -> None:
        """``chunk`` is finished already (read from a results file): it is not played again."""
        self.done[chunk.stream].append((chunk.start, chunk.stop))
        self.handed += chunk.size

    def overlaps(self) -> Iterator[tuple[tuple[int, int, int], tuple[int, int, int]]]:
        """Pairs of chunks on file that share units (a forged or mixed-up file): keys, later start second."""
        for stream, ranges in enumerate(self.done):
            ranges.sort()
            for (a, b), (c, d) in zip(ranges, ranges[1:]):
                if c < b:
                    yield (stream, a, b - a), (stream, c, d - c)

    def time(self, chunk: Chunk, seconds: float) -> None:
        """A chunk took ``seconds`` on its worker: the next chunks of its stream are sized by it."""
        units, spent = self.timed[chunk.stream]
        self.timed[chunk.stream] = units + chunk.size, spent + seconds
        self.last[chunk.stream] = chunk.size

    def size(self, stream: int) -> int:
        """How many units the next chunk of ``stream`` holds: about ``chunk_seconds`` of work."""
        units, spent = self.timed[stream]
        if not units:  # another stream's pace, or a small first chunk
            units, spent = max(self.timed, key=lambda t: t[0])
        full = round(self.chunk_seconds * units / spent) if units and spent > 0 else FIRST_UNITS
        tail = math.ceil((self.total - self.handed) / (TAIL * max(1, self.workers)))
        return max(1, min(full, GROWTH * self.last[stream], MAX_UNITS, max(tail, full // FLOOR)))

    def __iter__(self) -> Iterator[Chunk]:
        """The chunks not on file, stream by stream, each sized when it is asked for."""
        for stream, count in enumerate(self.counts):
            ranges = sorted(self.done[stream])
            gaps = [(stop, start) for (_, stop), (start, _) in zip([(0, 0), *ranges], [*ranges, (count, count)])]
            for start, stop in gaps:
                while start < stop:
                    chunk = Chunk(stream, start, min(self.size(stream), stop - start))
                    self.handed += chunk.size
                    start = chunk.stop
                    yield chunk


# ----------------------------------------------------------------------------- the compiled rules


_COMPILED: dict[str, Ruleset] = {}  # per process: the rules a run's work names, compiled once, by content


def rules_key(variant: Variant, content_hash: str) -> str:
    """The cache's key of a variant: its content hash (a house file's model when it has none)."""
    return content_hash or variant.model_dump_json()


def compiled(variant: Variant, content_hash: str) -> Ruleset:
    """The rules of ``variant`` compiled in this process: once per process, for every chunk of every run."""
    key = rules_key(variant, content_hash)
    ruleset = _COMPILED.get(key)
    if ruleset is None:
        ruleset = _COMPILED[key] = Ruleset(variant, content_hash)
    return ruleset


@contextmanager
def lent(rulesets: Sequence[Ruleset]) -> Iterator[None]:
    """Chunks played here or in forked workers use the caller's rulesets; the process forgets them afterwards.

    What exists now (modules, models, compiled rules) outlives the run: frozen, the collector
    stops walking it at every full collection (~10% of a simulation), and forked workers
    share its pages.
    """
    lending = {rules_key(r.variant, r.content_hash): r for r in rulesets}
    lending = {key: ruleset for key, ruleset in lending.items() if key not in _COMPILED}
    _COMPILED.update(lending)
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
        for key in lending:
            del _COMPILED[key]
