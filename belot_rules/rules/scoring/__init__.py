"""Scoring of a deal, compiled from ``Variant.scoring`` (the end of a match is in ``rules.match_end``).

One pipeline over camps (``pipeline``): the seating makes the deal's camps (``camps``); the
verdict (``verdict``), the treatment (``treatment``), the capot and the reserve (``policies``)
are policies chosen at compile time; ``result`` holds what a deal's score is. ``ScoringRules(variant)`` compiles it.
"""

from .pipeline import ScoringRules
from .result import FAILED, HANGING, LITIGE, MADE, DealScore, Note, ScoreParts, decided_by_doubling

__all__ = ["FAILED", "HANGING", "LITIGE", "MADE", "DealScore", "Note", "ScoreParts", "ScoringRules",
           "decided_by_doubling"]
