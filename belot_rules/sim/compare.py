"""Comparing variants: every rule that differs, and the simulated numbers side by side.

The rules come from the variant model itself: each option's description (the
same text ``belot show`` and the JSON Schema use) says in a player's words what
the values mean, so a two-line house-rules file compared with its parent shows
one row that a person can read. Simulated statistics are lined up by name; a
difference is *marked* when the 95% confidence intervals of two variants do not
overlap, which is a conservative test: unmarked differences may still be real,
marked ones are very unlikely to be chance.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from ..i18n import gettext as _
from ..variant.explain import PHASES, opened, value_at
from ..variant.meanings import meaning
from ..variant.model import CONTRACTS, Variant
from ..variant.unused import unused_reason, unused_rules
from .simulate import SINGLE_HAND, SimulationResult
from .stats import Mean, Rate, overlap


@dataclass(frozen=True, slots=True)
class RuleRow:
    """One option of the rules and its value in each variant."""

    phase: str
    option: str  # dotted path below the phase, e.g. ``undertrump`` or ``doubles.max_level``
    description: str
    values: tuple[Any, ...]  # JSON values, one per variant
    meanings: tuple[str | None, ...] = ()  # what each value does at the table, where it is a named choice
    unused: tuple[str | None, ...] = ()  # per variant, why other rules switch this one off (None: it is used)

    @property
    def differs(self) -> bool:
        """Values differ and some variant uses the rule: a tie digit nobody rounds with is no difference."""
        used = not self.unused or not all(self.unused)
        return used and len({json.dumps(v, sort_keys=True) for v in self.values}) > 1

    def to_dict(self) -> dict[str, Any]:
        return {"phase": self.phase, "option": self.option, "description": self.description,
                "values": list(self.values), "meanings": list(self.meanings),
                "unused": list(self.unused) or [None] * len(self.values), "differs": self.differs}


def _options(model: type[BaseModel], dumps: list[dict[str, Any]],
             path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str, Any]]:
    """Every option of ``model`` (sections opened up, where any of the variants' ``dumps`` writes one) as its key
    path, description and field."""
    for name, info in model.model_fields.items():
        sections = opened(info, *(value_at(dump, (*path, name)) for dump in dumps))
        if not sections:
            yield (*path, name), info.description or "", info
        for keys, section, _value in sections:
            if section is None:  # one place of a choice by contract
                yield (*path, name, *keys), info.description or "", info
            else:
                yield from _options(section, dumps, (*path, name, *keys))


def compare_rules(variants: Sequence[Variant], show_all: bool = False) -> list[RuleRow]:
    """The options that differ between ``variants`` (every option with ``show_all``), phase by phase."""
    dumps = [v.model_dump(mode="json") for v in variants]
    switched_off = [unused_rules(v) for v in variants]
    rows = []
    for path, description, info in _options(Variant, dumps):
        if path[0] in PHASES:
            values = tuple(value_at(d, path) for d in dumps)
            said = tuple(meaning(info, v) for v in values)  # each value's words in the command's language
            rows.append(RuleRow(path[0], ".".join(path[1:]), _(description) if description else "", values,
                                tuple(_(m) if m else m for m in said),
                                tuple(unused_reason(off, path) for off in switched_off)))
    rows.sort(key=lambda row: PHASES.index(row.phase))
    return rows if show_all else [row for row in rows if row.differs]


@dataclass(frozen=True, slots=True)
class ComparedStatistic:
    """One statistic across variants; ``None`` where a variant has no such number (a contract it lacks)."""

    group: str
    key: str
    label: str
    values: tuple[Rate | Mean | None, ...]

    @property
    def marked(self) -> bool:
        """Whether two variants' 95% intervals do not overlap."""
        intervals = [v.interval for v in self.values if v is not None]
        return any(not overlap(a, b) for i, a in enumerate(intervals) for b in intervals[i + 1:])

    def to_dict(self) -> dict[str, Any]:
        return {"group": self.group, "key": self.key, "label": self.label}


def compare_results(results: Sequence[SimulationResult]) -> list[ComparedStatistic]:
    """The statistics of several simulations lined up by name, in report order (contracts in ladder order);
    a statistic a variant cannot produce is ``None`` for it, and left out when no variant can produce it."""
    by_variant = [{(s.group, s.key): s for s in r.shown()} for r in results]
    labels: dict[tuple[str, str], str] = {}
    for stats in by_variant:
        for name, stat in stats.items():
            labels.setdefault(name, stat.label)
    groups = list(dict.fromkeys(group for group, _ in labels))
    contract_order = (*CONTRACTS, SINGLE_HAND, "all_pass")

    def place(name: tuple[str, str]) -> tuple[int, int]:
        group, key = name
        return groups.index(group), contract_order.index(key) if group == "contracts" else 0

    return [
        ComparedStatistic(group, key, labels[(group, key)],
                          tuple(stats[(group, key)].value if (group, key) in stats else None for stats in by_variant))
        for group, key in sorted(labels, key=place)
    ]
