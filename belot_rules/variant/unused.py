"""Rules that other rules switch off: point-bid limits in a contract-ladder game, a tie digit without
tie-digit rounding, a partner's exception at a table without partners (declared on the option's field).
``belot show`` names them together as not used; ``belot compare`` does not count a difference in them
as one when no variant uses them, and marks them where one variant does not.
"""

from __future__ import annotations

from .meanings import declared_options
from .model import Variant
from .yamlsafe import KeyPath


def unused_rules(variant: Variant) -> dict[KeyPath, str]:
    """Rules (or whole sections) that other rules switch off, each with the reason in words."""
    bidding = variant.bidding
    unused: dict[KeyPath, str] = {}
    if not bidding.uses_points:
        unused[("scoring", "point_bids")] = f"bidding.style {bidding.style} has no point bids"
    if bidding.doubles.max_level == 0:
        reason = "doubles.max_level 0 allows no contra"
        for path in (("doubled_winner",), ("doubled_tie",), ("doubled_made",), ("rounding", "doubled"),
                     ("capot", "multiplied_by_double")):
            unused[("scoring", *path)] = reason
    for kind in ("no_trumps", "all_trumps"):
        if kind not in bidding.contracts:
            reason = f"{kind} is not among bidding.contracts"
            unused[("cards", kind)] = unused[("scoring", "rounding", kind)] = reason
            if kind == "no_trumps":
                for path in (("scoring", "no_trumps_factor"), ("scoring", "capot", "multiplied_by_no_trumps_factor"),
                             ("scoring", "capot", "no_trumps_bonus")):
                    unused[path] = reason
    if variant.scoring.contract == "each_own":
        reason = "scoring.contract each_own judges no contract"
        for name in ("tie", "reserve", "verdict_on"):
            unused[("scoring", name)] = reason
    for kind in ("suit", "no_trumps", "all_trumps"):
        if getattr(variant.scoring.rounding, kind).mode != "tie_digit":
            unused[("scoring", "rounding", kind, "tie_digit")] = "only tie_digit rounding has a tie digit"
    table = variant.table
    if table.sides == "each_for_self" and table.players > 2:
        reason = "each player's total is rounded on its own where each plays for himself"
        unused[("scoring", "rounding", "made")] = unused[("scoring", "rounding", "min_one")] = reason
        reason = "a doubled deal is judged as an undoubled one where each plays for himself"
        for name in ("doubled_winner", "doubled_tie", "doubled_made"):
            unused[("scoring", name)] = reason
    else:
        reason = "only a table of three or four where each plays for himself has a taker against each other player"
        unused[("scoring", "taker_must_beat")] = unused[("scoring", "capot", "shared")] = reason
    for path, _, option in declared_options():  # the options that say on their field when they do nothing
        reason = option.unused_when(variant) if option.unused_when is not None else None
        if reason is not None:
            unused[path] = reason
    return unused


def unused_reason(unused: dict[KeyPath, str], path: KeyPath) -> str | None:
    """Why the rule at ``path`` (or the section holding it) is not used, or None when it is."""
    return next((unused[path[:n]] for n in range(2, len(path) + 1) if path[:n] in unused), None)
