"""Baloot's closed (locked) Hokum after a double (rules/family/baloot.md §4, ``[opt:double.lock]``), as the
option ``bidding.doubles.lock`` any house file can set, each case pinned to its section."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.cards import CARDS, iter_bits
from belot_rules.engine.deal import DealState, IllegalAction
from belot_rules.engine.playout import play_at_random
from belot_rules.rules.closed import CLOSED_LEAD, closed_levels
from belot_rules.rules.outcome import revokes

HEARTS = 0xFF << 16  # the card set of the hearts suit, trumps in the deals below


def _baloot_deal(doubles: list[str], contract: str = "hearts") -> DealState:
    """A Baloot deal (seed 1: the turned card is a heart) where seat 0 buys ``contract`` and the doubling
    round goes through ``doubles`` ("raise" or "pass", the calls after the bidding)."""
    deck = list(range(32))
    random.Random(1).shuffle(deck)
    state = DealState.start(load_variant("baloot"), deck, 3)
    for call in [contract, "pass", "pass", "pass", "pass"]:  # the last pass confirms the Hokum
        state.apply(call)
    for call in doubles:  # "raise": the next level of the ladder, whatever the table calls it
        state.apply(call if call == "pass" else next(a for a in state.legal_actions() if str(a) != "pass"))
    assert state.phase == "playing" and state.to_act == 0
    return state


def _leads(state: DealState) -> set[str]:
    return {str(CARDS[a.card]) for a in state.legal_actions()}


def _cards(mask: int) -> set[str]:
    return {str(CARDS[c]) for c in iter_bits(mask)}


def test_doubled_hokum_is_closed_no_trump_led_while_another_card_is_held_baloot_4() -> None:
    """baloot.md §4 (PAG "lock", TAZ "magfool"): a doubled Hokum is closed: nobody may lead a trump while
    holding a non-trump card. Seat 0 leads holding trumps and plain cards: only the plain cards."""
    state = _baloot_deal(["raise", "pass", "pass"])
    assert (state.contract, state.level, state.closed) == ("hearts", 1, True)
    hand = state.hands[0]
    assert hand & HEARTS and hand & ~HEARTS, "the leader holds both trumps and plain cards"
    assert _leads(state) == _cards(hand & ~HEARTS)
    trump = str(CARDS[next(iter_bits(hand & HEARTS))])
    with pytest.raises(IllegalAction, match=CLOSED_LEAD):
        state.apply(trump)


def test_closed_game_leader_with_only_trumps_leads_a_trump_baloot_4() -> None:
    """baloot.md §4: the lock bars a trump lead only "while holding a non-trump card"."""
    state = _baloot_deal(["raise", "pass", "pass"])
    state.hands[0] &= HEARTS  # keep the leader's trumps only (a position, not a deal)
    assert _leads(state) == _cards(state.hands[0])


def test_undoubled_hokum_and_doubled_sun_are_open_baloot_4() -> None:
    """baloot.md §4: only a doubled Hokum is closed; undoubled, the leader leads any card. Sun has no trumps."""
    state = _baloot_deal(["pass", "pass"])
    assert (state.level, state.closed) == (0, False)
    assert _leads(state) == _cards(state.hands[0])


def test_the_gahwa_is_played_open_baloot_4() -> None:
    """baloot.md §4 (TAZ doubling table: the gahwa "must be open"): double, three and four close a Hokum,
    the match-winning level does not."""
    assert closed_levels(load_variant("baloot").variant) == {1, 2, 3}
    state = _baloot_deal(["raise"] * 4)
    assert (state.level, state.closed) == (4, False)


def test_closed_deals_played_at_random_never_lead_a_trump_while_another_card_is_held_baloot_4() -> None:
    """The fast loop (and the compiled kernel, which knows no closed game and is left aside) keeps the lock."""
    rng = random.Random(5)
    for _ in range(30):
        state = _baloot_deal(["raise", "pass", "pass"])
        hands = list(state.hands)
        play_at_random(state, rng.random)
        for leader, cards, _ in state.tricks:
            lead = cards[0]
            if HEARTS >> lead & 1:
                assert not hands[leader] & ~HEARTS, f"{CARDS[lead]} led while a plain card was held"
            for seat, card in zip(range(leader, leader + 4), cards):
                hands[seat % 4] &= ~(1 << card)


# Seat 0 holds the four top hearts and four clubs and takes every trick, leading his trumps first.
TRUMPS_FIRST = [["JH", "KH", "7C", "7S"], ["9H", "QH", "8C", "8S"], ["AH", "8H", "9C", "9S"],
                ["TH", "7H", "JC", "TS"], ["AC", "AD", "7D", "JS"], ["TC", "TD", "8D", "QS"],
                ["KC", "KD", "9D", "KS"], ["QC", "QD", "JD", "AS"]]


@pytest.mark.parametrize("doubling, warned", [(None, False), ("double", True), ("gahwa", False)])
def test_a_scored_closed_deal_tells_a_trump_lead_as_a_revoke_baloot_4(doubling: str | None, warned: bool) -> None:
    """``belot score`` warns of a trump led in a closed game (a doubled Hokum, baloot.md §4) by a seat that
    still held a plain card; undoubled, or at the gahwa, the same lead is legal."""
    outcome = {"contract": "hearts", "declarer": 0, "first_leader": 0, "doubling": doubling,
               "tricks": [{"winner": 0, "cards": cards} for cards in TRUMPS_FIRST]}
    found = revokes(load_variant("baloot"), outcome)
    assert [where for where, _ in found] == ([("tricks", i, "cards", 0) for i in range(4)] if warned else [])
    if warned:
        assert "the game was closed: it could not lead a trump while it held a card of another suit" in found[0][1]


def test_a_house_file_closes_a_doubled_bulgarian_game(tmp_path: Path) -> None:
    """Any variant with doubling may close its doubled suit contracts: a Bulgarian house file."""
    house = tmp_path / "closed.yaml"
    house.write_text("extends: bulgarian\nbidding: {doubles: {lock: doubled}}\n", encoding="utf-8")
    rules = load_variant(house)
    assert closed_levels(rules.variant) == {1, 2}
    state = DealState.from_hands(rules, [0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24], 3, "hearts", 0)
    assert not state.closed  # a deal from given hands is undoubled
