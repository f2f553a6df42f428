"""belot-rules: Belot / Belote rule sets as YAML files, compiled into a fast generic engine.

The public surface::

    from belot_rules import load_variant
    rules = load_variant("bulgarian")            # or a path to a house-rules file
    rules.legal_cards("hearts", ["7H", "JH", "AS"], [(0, "KC"), (1, "9H")], seat=2)
    rules.score_deal({...})                      # a deal outcome -> DealScore
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import Card, parse_card, parse_cards

if TYPE_CHECKING:
    from .ruleset import Ruleset

__version__ = "0.1.0"


def load_variant(name_or_path: str | Path) -> Ruleset:
    """Load, validate and compile a shipped variant (by name) or a variant file (by path)."""
    from .errors import UserError
    from .ruleset import Ruleset
    from .variant.loader import load_variant_model

    if not isinstance(name_or_path, (str, Path)) or not str(name_or_path).strip():
        raise UserError(f"load_variant takes a shipped variant's name or a file path, not {name_or_path!r:.40}")
    loaded = load_variant_model(name_or_path)
    # The content hash covers the rules only: two files with the same rules keep their own names.
    key = (loaded.content_hash, loaded.variant.name, loaded.variant.title, str(name_or_path))
    ruleset = _COMPILED.get(key)
    if ruleset is None:
        ruleset = _COMPILED[key] = Ruleset(loaded.variant, loaded.content_hash, str(name_or_path))
    return ruleset


# Compiled rulesets by rules, name and source: loading the same file twice compiles it once.
_COMPILED: dict[tuple[str, str, str, str], Ruleset] = {}


def __getattr__(name: str) -> Any:
    """``Ruleset`` is imported on first use: commands that only read variant files skip the rules engine."""
    if name == "Ruleset":
        from .ruleset import Ruleset

        return Ruleset
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Card", "Ruleset", "load_variant", "parse_card", "parse_cards", "__version__"]
