"""Scoring of a deal, compiled from ``Variant.scoring`` (the end of a match is in ``rules.match_end``).

``result`` holds what a deal's score is; ``camps`` the scoring between two camps and the pieces
every table shares; ``players`` the tables where players score apart. ``ScoringRules(variant)``
gives the strategy of the variant's table.
"""

from . import players as _players  # noqa: F401 - registers the tables where players score apart
from .camps import ScoringRules
from .result import FAILED, HANGING, LITIGE, MADE, DealScore, Note, ScoreParts, decided_by_doubling

__all__ = ["FAILED", "HANGING", "LITIGE", "MADE", "DealScore", "Note", "ScoreParts", "ScoringRules",
           "decided_by_doubling"]
