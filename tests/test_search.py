"""The search bot: legal in every shipped variant, samples that fit the seat's view, the same choices for a seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belot_rules import load_variant
from belot_rules.engine.deal import BIDDING, DECLARING, OVER, PLAYING, DealState
from belot_rules.engine.runner import play_deal
from belot_rules.players import make_player
from belot_rules.players.heuristic import HeuristicPlayer
from belot_rules.players.sampling import AuctionModel, Knowledge, auction_deck, play_memory
from belot_rules.players.search import Budget, SearchPlayer
from belot_rules.variant.loader import shipped_names

SMALL = Budget(samples=3, bid_samples=2)


def _deck(ruleset, seed: int) -> list[int]:
    deck = list(ruleset.seating.cards)
    random.Random(seed).shuffle(deck)
    return deck


@pytest.mark.parametrize("name", shipped_names())
def test_search_plays_only_legal_actions(name: str) -> None:
    """Every action goes through DealState.apply, which refuses an illegal one."""
    ruleset = load_variant(name)
    players = [SearchPlayer(ruleset, seat, SMALL) for seat in range(ruleset.seating.players)]
    played = 0
    for seed in range(6):
        state = play_deal(DealState.start(ruleset, _deck(ruleset, seed), seed % len(players)), players)
        assert state.phase == OVER
        played += state.contract is not None
        if played >= 1:
            break
    assert played


def test_search_is_deterministic_for_a_seed() -> None:
    ruleset = load_variant("coinche")
    histories = []
    for _ in range(2):
        players = [SearchPlayer(ruleset, 7, SMALL), HeuristicPlayer(ruleset)] * 2
        histories.append([str(a) for a in play_deal(DealState.start(ruleset, _deck(ruleset, 3), 1), players).history])
    assert histories[0] == histories[1]


def test_the_registry_makes_a_search_player() -> None:
    assert make_player("search", load_variant("french"), 1).name == "search"


def _advance(ruleset, seed: int, cards: int) -> DealState:
    """A deal bid by the heuristic bot and played at random for ``cards`` cards (declaring everything)."""
    rng = random.Random(seed)
    bidder = HeuristicPlayer(ruleset)
    state = DealState.start(ruleset, _deck(ruleset, seed), seed % ruleset.seating.players)
    while state.phase == BIDDING:
        state.apply(bidder.choose(state.view(state.to_act), state.legal_actions()))
    while state.phase in (PLAYING, DECLARING) and len(state.history) < 64 and cards:
        legal = state.legal_actions()
        if state.phase == DECLARING:
            state.apply(legal[0])
            continue
        state.apply(legal[rng.randrange(len(legal))])
        cards -= 1
    return state


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["bulgarian", "french", "coinche"]), st.integers(0, 10**6), st.integers(0, 30))
def test_samples_fit_the_view(name: str, seed: int, cards: int) -> None:
    """Each sampled deal gives the seat its own hand and the others the right number of unseen cards,
    none they are known not to hold (memory.py) and every card they are known to hold; the real deal fits too."""
    ruleset = load_variant(name)
    state = _advance(ruleset, seed, cards)
    if state.phase not in (PLAYING, DECLARING):
        return
    seat = state.to_act
    view = state.view(seat)
    knowledge = Knowledge.of(ruleset, view, play_memory(ruleset, view))
    real = state.hands
    for who, hand in enumerate(real):  # the constraints are true of the real deal
        if who != seat:
            assert hand & knowledge.forced[who] == knowledge.forced[who]
            assert hand & ~knowledge.allowed[who] == 0
            assert hand.bit_count() == knowledge.need[who]
    rng = random.Random(seed)
    for _ in range(5):
        hands = knowledge.sample(rng)
        assert hands[seat] == real[seat]
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in real]
        assert sum(hands) == sum(real)
        assert sum(hands) == (ruleset.seating.pack_mask & ~sum(knowledge.played))
        for who, hand in enumerate(hands):
            if who != seat:
                assert hand & knowledge.forced[who] == knowledge.forced[who]
                assert hand & ~knowledge.allowed[who] == 0


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["bulgarian", "coinche"]), st.integers(0, 10**6))
def test_auction_decks_keep_the_seat_hand_and_the_turned_card(name: str, seed: int) -> None:
    ruleset = load_variant(name)
    state = DealState.start(ruleset, _deck(ruleset, seed), seed % ruleset.seating.players)
    bidder = HeuristicPlayer(ruleset)
    for _ in range(seed % 5):
        if state.phase == BIDDING:
            state.apply(bidder.choose(state.view(state.to_act), state.legal_actions()))
    if state.phase != BIDDING:
        return
    seat = state.to_act
    view = state.view(seat)
    model = AuctionModel(ruleset, view)
    deck = model.fit(lambda: auction_deck(ruleset, view, random.Random(seed)), random.Random(seed))
    sampled = DealState.start(ruleset, deck, view.dealer)
    assert sampled.hands[seat] == state.hands[seat]
    assert sampled.turned_card == state.turned_card
