"""Rules that other rules switch off: point-bid limits in a contract-ladder game, a tie digit without
tie-digit rounding, a partner's exception at a table without partners. Each option says so on its
field (``Option.unused_when``); ``belot show`` names them together as not used; ``belot compare``
does not count a difference in them as one when no variant uses them, and marks them where one
variant does not.
"""

from __future__ import annotations

from pydantic import BaseModel

from ..files import KeyPath
from ..rules.common import rule_in
from .meanings import declared_options
from .model import Variant


def unused_rules(variant: Variant) -> dict[KeyPath, str]:
    """Rules (or whole sections) that other rules switch off, each with the reason in words."""
    unused: dict[KeyPath, str] = {}
    # each option says on its field when it does nothing
    for path, _, option in declared_options(values=variant.model_dump(mode="json")):
        section: BaseModel = variant
        for key in path[:-1]:
            section = rule_in(section, key)
        reason = option.unused_reason(variant, section)
        if reason is not None:
            unused[path] = reason
    return unused


def unused_reason(unused: dict[KeyPath, str], path: KeyPath) -> str | None:
    """Why the rule at ``path`` (or the section holding it) is not used, or None when it is."""
    return next((unused[path[:n]] for n in range(2, len(path) + 1) if path[:n] in unused), None)
