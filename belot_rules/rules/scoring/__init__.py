"""The scoring of a deal (``scoring`` in a variant file): its options (``options``) and one pipeline over camps.

The pipeline (``pipeline``, ``ScoringRules(variant)`` compiles it): the seating makes the deal's camps (``camps``);
the verdict (``verdict``), the treatment (``treatment``), the capot and the reserve (``policies``) are policies
chosen at compile time; ``rounding`` turns totals into match points; ``result`` holds what a deal's score is.
The same score between two camps in C is ``kernel.h`` here (``kernel_scoring`` packs its options).
"""

from __future__ import annotations

from typing import Any

_PUBLIC = {"ScoringRules": "pipeline"} | dict.fromkeys(
    ("FAILED", "HANGING", "LITIGE", "MADE", "DealScore", "Note", "ScoreParts", "decided_by_doubling"), "result")
__all__ = sorted(_PUBLIC)


def __getattr__(name: str) -> Any:
    """The public names of the scoring (``from belot_rules.rules.scoring import DealScore``), imported when first
    asked for: the variant model imports this package's ``options``, and the pipeline imports the model."""
    if name not in _PUBLIC:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"{__name__}.{_PUBLIC[name]}"), name)
