"""A match record holds no more deals than a live match can play (issue "Nothing lost, nothing leaked", item 10)."""

from __future__ import annotations

import copy
import time

import pytest

from belot_rules import load_variant
from belot_rules.engine.match import MatchState
from belot_rules.engine.records import RecordError, match_record, replay
from belot_rules.errors import UserError
from belot_rules.rules.match.options import MAX_DEALS

RULES = load_variant("bulgarian")


def all_pass_match() -> MatchState:
    """A match where everybody always passes, played until the engine stops it at its limit of deals."""
    match = MatchState.new(RULES, 1)
    with pytest.raises(UserError, match=f"the match has not ended after {MAX_DEALS} deals"):
        while True:
            match.apply("pass")
    return match


def test_a_record_of_more_deals_than_a_match_may_have_is_refused_before_replaying_any() -> None:
    """A record of 2,000 all-pass deals was replayed in 17.8 s and accepted, though a live match stops at
    1,000; a record as long as a live match still replays, one deal more is refused at once."""
    record = match_record(all_pass_match())
    assert len(record["deals"]) == MAX_DEALS
    assert len(replay(RULES, record).deals) == MAX_DEALS
    longer = copy.deepcopy(record)
    longer["deals"] *= 2
    started = time.process_time()
    with pytest.raises(RecordError) as caught:
        replay(RULES, longer)
    assert str(caught.value) == f"deals: {2 * MAX_DEALS} given; a match stops after at most {MAX_DEALS} deals"
    assert time.process_time() - started < 0.5
