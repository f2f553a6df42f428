"""Copies of the deal and auction state are generated from their fields (the issue "one home for each rule":
clones passed 27 and 14 fields by position, where a new field was silently dropped or shifted)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields

import pytest

from belot_rules import load_variant
from belot_rules.copies import field_copier
from belot_rules.engine.match import MatchState
from belot_rules.engine.playout import random_deal


def test_a_mutable_field_without_a_copy_is_refused_when_the_class_is_defined() -> None:
    @dataclass
    class State:
        seat: int
        hands: list[int] = field(default_factory=list)

    with pytest.raises(TypeError, match="State.hands .* changes in place"):
        field_copier(State, {})
    with pytest.raises(TypeError, match="has no field cards"):
        field_copier(State, {"hands": list, "cards": list})


@pytest.mark.parametrize("name", ["bulgarian", "belote-a-trois-32", "belote-a-deux"])
def test_a_cloned_deal_equals_its_original_and_shares_nothing_that_changes(name: str) -> None:
    """Every field is carried over, and playing on in the clone leaves the original as it was."""
    rules = load_variant(name)
    rng = random.Random(5)
    match = MatchState.new(rules, 5)
    deal = match.in_play()
    while deal.phase == "bidding":
        deal.apply(rng.choice(deal.legal_actions()))
    twin = deal.clone()
    assert twin == deal
    for f in fields(deal):
        value = getattr(deal, f.name)
        if isinstance(value, (list, dict)):
            assert getattr(twin, f.name) is not value, f.name
    before = deal.clone()
    while twin.phase != "over":
        twin.apply(rng.choice(twin.legal_actions()))
    assert deal == before and twin != deal


def test_a_played_deal_clones_whole() -> None:
    deal = random_deal(load_variant("coinche"), random.Random(2))
    assert deal.clone() == deal and deal.clone().auction == deal.auction


def test_a_cloned_match_draws_the_same_next_decks() -> None:
    """The random generator is copied with its state: the clone deals what the original would deal."""
    match = MatchState.new(load_variant("bulgarian"), 9)
    twin = match.clone()
    assert all(getattr(twin, f.name) == getattr(match, f.name) for f in fields(match) if f.name != "rng")
    assert twin.rng is not match.rng and twin.board is not match.board
    assert [twin.rng.random() for _ in range(3)] == [match.rng.random() for _ in range(3)]
