"""Python API misuse raises the project's UserError with a clear message, never a wrong answer or TypeError."""

from __future__ import annotations

from typing import Any

import pytest

from belot_rules import load_variant
from belot_rules.engine.deal import DealState
from belot_rules.errors import UserError

RULES = load_variant("bulgarian")
HAND = ["7H", "JH", "AS"]


@pytest.mark.parametrize("call, message", [
    (lambda: RULES.legal_cards("hearts", HAND, [(0, "KC")], seat=7), "seat: a seat from 0 to 3, not 7"),
    (lambda: RULES.legal_cards("hearts", HAND, [(0, "KC")], seat=-1), "seat: a seat from 0 to 3, not -1"),
    (lambda: RULES.legal_cards("hearts", HAND, [(0, "KC")], seat="x"), 'seat: a seat from 0 to 3, not "x"'),
    (lambda: RULES.legal_cards("hearts", HAND, [("x", "KC")]), "a trick's seat: a seat from 0 to 3"),
    (lambda: RULES.legal_cards("hearts", HAND, [(0, "KC"), (1, "KC")]), "a card appears twice in the trick"),
    (lambda: RULES.legal_cards("hearts", [*HAND, "7C", "8C", "9C", "TC", "JC", "QC"], []),
     "a hand holds at most 8 cards; got 9"),
    (lambda: RULES.legal_cards("hearts", ["7H", "7H"], []), "a card appears twice in the hand"),
    (lambda: RULES.trick_winner("hearts", [(0, "KC"), (1, "9H"), (2, "JH"), (3, "AC"), (0, "7S")]),
     "a seat plays twice in the trick"),
    (lambda: RULES.trick_winner("hearts", [(9, "KC"), (1, "9H")]), "a trick's seat: a seat from 0 to 3, not 9"),
    (lambda: RULES.illegal_reason("hearts", ["7S", "8C"], [(0, "KC")], "8C"), "8C may be played here"),
    (lambda: RULES.illegal_reason("hearts", ["7S", "8C"], [(0, "KC")], "AD"), "AD is not in the hand"),
    (lambda: DealState.start(RULES, list(range(32)), 9), "dealer: a seat from 0 to 3, not 9"),
    (lambda: DealState.start(RULES, list(range(32)), 3).view(-1), "seat: a seat from 0 to 3, not -1"),
    (lambda: load_variant(None), "load_variant takes a shipped variant's name or a file path, not None"),
    (lambda: load_variant(""), "load_variant takes a shipped variant's name or a file path"),
])
def test_misuse_is_a_user_error(call: Any, message: str) -> None:
    with pytest.raises(UserError) as caught:
        call()
    assert message in str(caught.value)


def test_right_use_still_answers() -> None:
    assert [str(c) for c in RULES.legal_cards("hearts", HAND, [(0, "KC"), (1, "9H")], seat=2)] == ["JH"]
    assert RULES.trick_winner("hearts", [(0, "KC"), (1, "9H"), (2, "JH"), (3, "AC")]) == 2
    assert "follow" in RULES.illegal_reason("hearts", ["7S", "8C"], [(0, "KC")], "7S")
