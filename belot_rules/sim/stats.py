"""Counting what happens in simulated deals and matches, with 95% confidence intervals.

Everything is accumulated as integers (counts, sums, sums of squares), so tallies
from different processes add up to exactly the same totals in any order: a
simulation's numbers depend on its seed, never on which worker finished first.
Rates get Wilson score intervals (sound near 0 and 1, where a simulation's rare
events such as capots live); means get Student's t intervals.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..files import excerpt

Z95 = 1.959963984540054  # two-sided 95% quantile of the normal distribution
# Two-sided 95% quantiles of Student's t by degrees of freedom; beyond 30 the normal quantile is close enough.
T95 = (0.0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
       2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


@dataclass(frozen=True, slots=True)
class Rate:
    """``count`` events in ``total`` trials, with its Wilson 95% interval."""

    count: int
    total: int

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.total)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {"count": self.count, "of": self.total, "rate": round(self.value, 6),
                "low": round(low, 6), "high": round(high, 6)}


@dataclass(frozen=True, slots=True)
class Mean:
    """The mean of ``n`` integer observations given by their sum and sum of squares, with a t 95% interval."""

    n: int
    total: int
    squares: int

    @property
    def value(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return mean_interval(self.n, self.total, self.squares)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {"n": self.n, "mean": round(self.value, 6), "low": round(low, 6), "high": round(high, 6)}


def wilson(count: int, total: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion; (0, 1) when nothing was observed."""
    if total == 0:
        return 0.0, 1.0
    p = count / total
    z2 = z * z
    centre = (p + z2 / (2 * total)) / (1 + z2 / total)
    half = z * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def t_quantile(df: int) -> float:
    """Two-sided 95% quantile of Student's t with ``df`` degrees of freedom."""
    return T95[df] if df < len(T95) else Z95


def mean_interval(n: int, total: int, squares: int) -> tuple[float, float]:
    """95% interval of a mean from n, the sum and the sum of squares; a single observation has none."""
    if n < 2:
        mean = total / n if n else 0.0
        return (mean, mean) if n else (0.0, 0.0)
    mean = total / n
    variance = max(0.0, (squares - total * total / n) / (n - 1))
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return mean - half, mean + half


def overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two intervals share a point."""
    return a[0] <= b[1] and b[0] <= a[1]


@dataclass(slots=True)
class Sums:
    """Running n, sum and sum of squares of integer observations."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Sums) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def mean(self) -> Mean:
        return Mean(self.n, self.total, self.squares)

    def as_list(self) -> list[int]:
        """``[n, total, squares]``, as results files hold sums."""
        return [self.n, self.total, self.squares]

    @classmethod
    def from_list(cls, value: Any) -> Sums:
        """The sums :meth:`as_list` wrote; anything else is a ValueError."""
        if not isinstance(value, list) or len(value) != 3 or not all(type(v) is int for v in value) or value[0] < 0:
            raise ValueError(f"sums are [n, total, squares] in whole numbers, got {excerpt(value)}")
        return cls(*value)

    def check(self, name: str, n: int, bound: int) -> None:
        """Refuse (ValueError) sums that ``n`` observations, each between -``bound`` and ``bound``, cannot give:
        sums read back from a file must not break the intervals (a square sum below the sum's square would)."""
        if self.n != n:
            raise ValueError(f"{name} has {excerpt(self.n)} observations where {n} were made")
        if abs(self.total) > n * bound or not 0 <= self.squares <= n * bound * bound \
                or self.total * self.total > n * self.squares:
            raise ValueError(f"{name} has sums {excerpt(self.as_list())}, which {n} observations of at most "
                             f"{bound:,} each cannot give")


@dataclass(slots=True)
class Tally:
    """What a batch of deals (and matches) produced; tallies merge by adding."""

    deals: int = 0
    counts: Counter[str] = field(default_factory=Counter)  # event name -> deals (or matches) where it happened
    sums: dict[str, Sums] = field(default_factory=dict)  # quantity name -> its sums
    matches: int = 0

    def count(self, event: str, times: int = 1) -> None:
        self.counts[event] += times

    def observe(self, quantity: str, value: int) -> None:
        sums = self.sums.get(quantity)
        if sums is None:
            sums = self.sums[quantity] = Sums()
        sums.add(value)

    def merge(self, other: Tally) -> None:
        self.deals += other.deals
        self.matches += other.matches
        self.counts.update(other.counts)
        for name, sums in other.sums.items():
            mine = self.sums.get(name)
            if mine is None:
                mine = self.sums[name] = Sums()
            mine.merge(sums)

    def rate(self, event: str, total: int) -> Rate:
        return Rate(self.counts.get(event, 0), total)

    def mean(self, quantity: str) -> Mean:
        return self.sums.get(quantity, Sums()).mean()


TALLY_KEYS = {"deals", "matches", "counts", "sums"}  # what tally_to_json writes


def tally_to_json(tally: Tally) -> dict[str, Any]:
    """A tally as JSON (for results files); :func:`tally_from_json` reads it back exactly."""
    return {"deals": tally.deals, "matches": tally.matches, "counts": dict(sorted(tally.counts.items())),
            "sums": {name: s.as_list() for name, s in sorted(tally.sums.items())}}


def tally_from_json(data: Any) -> Tally:
    """The tally :func:`tally_to_json` wrote; anything else is a ValueError."""
    def whole(value: Any, name: str) -> int:
        if type(value) is not int or value < 0:
            raise ValueError(f"{excerpt(name)} is {excerpt(value)}, not a count (a whole number, 0 or more)")
        return value

    if not isinstance(data, dict) or set(data) != TALLY_KEYS or not isinstance(data["counts"], dict) \
            or not isinstance(data["sums"], dict):
        raise ValueError(f"a tally has deals, matches, counts and sums, and nothing else; got {excerpt(data)}")
    counts = data["counts"]
    values = list(counts.values())
    if not set(map(type, values)) <= {int} or values and min(values) < 0:  # then say which one is not a count
        counts = {k: whole(v, k) for k, v in counts.items()}
    tally = Tally(whole(data["deals"], "deals"), Counter(counts), matches=whole(data["matches"], "matches"))
    for name, sums in data["sums"].items():
        tally.sums[str(name)] = Sums.from_list(sums)
    return tally
