"""The match options say on their fields when they apply: the target's rules in a match to a target,
the level end in a match of a fixed number of deals."""

from __future__ import annotations

import pytest

from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.unused import unused_reason, unused_rules

TARGET_RULES = ("compare", "valat_exception", "must_score_in_final_deal", "belote_alone_cannot_win")


@pytest.mark.parametrize("name, target_rules, deals_tie", [
    ("french", None, "match.target ends the match, not a fixed number of deals"),
    ("klaverjas-amsterdam", "match.deals plays 16 deals", None),
    ("french-single-deal", "match.target null plays a single deal", "match.target null plays a single deal"),
])
def test_when_the_match_rules_apply(name: str, target_rules: str | None, deals_tie: str | None) -> None:
    """rules/scoring.py MatchRules: a fixed number of deals (klaverjas.md §7) or a single deal never reads
    the target's rules; only a fixed number of deals can end level. match.deals always counts: it is
    what turns a single deal into a longer match."""
    unused = unused_rules(load_variant_model(name).variant)
    assert [unused_reason(unused, ("match", rule)) for rule in TARGET_RULES] == [target_rules] * len(TARGET_RULES)
    assert unused_reason(unused, ("match", "deals_tie")) == deals_tie
    assert unused_reason(unused, ("match", "deals")) is None
    assert unused_reason(unused, ("match", "target")) is None
