"""belot-rules: Belot / Belote rule sets as YAML files, compiled into a fast generic engine.

The public surface::

    from belot_rules import load_variant
    rules = load_variant("bulgarian")            # or a path to a house-rules file
    rules.legal_cards("hearts", ["7H", "JH", "AS"], [(0, "KC"), (1, "9H")], seat=2)
    rules.score_deal({...})                      # a deal outcome -> DealScore
"""

from __future__ import annotations

from pathlib import Path

from .cards import Card, parse_card, parse_cards
from .ruleset import Ruleset

__version__ = "0.1.0"


def load_variant(name_or_path: str | Path) -> Ruleset:
    """Load, validate and compile a shipped variant (by name) or a variant file (by path)."""
    from .variant.loader import load_variant_model

    loaded = load_variant_model(name_or_path)
    ruleset = _COMPILED.get(loaded.content_hash)
    if ruleset is None:
        ruleset = _COMPILED[loaded.content_hash] = Ruleset(loaded.variant, loaded.content_hash, str(name_or_path))
    return ruleset


# Compiled rulesets by content hash: loading the same rules twice compiles them once.
_COMPILED: dict[str, Ruleset] = {}


__all__ = ["Card", "Ruleset", "load_variant", "parse_card", "parse_cards", "__version__"]
