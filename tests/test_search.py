"""The search bot: legal in every shipped variant, samples that fit the seat's view, the same choices for a seed."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import assume, given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import SUIT_MASKS
from belot_rules.engine.actions import Action
from belot_rules.engine.deal import BIDDING, DECLARING, OVER, PLAYING, DealState, SeatView
from belot_rules.engine.runner import play_deal
from belot_rules.players import make_player, search as search_module
from belot_rules.players.hand_strength import TRUMP_SUIT
from belot_rules.players.heuristic import HeuristicPlayer
from belot_rules.players.sampling import AuctionDecks, AuctionModel, Knowledge, play_memory
from belot_rules.players.search import Budget, SearchPlayer, _candidates, _clear_gain
from belot_rules.rules.bidding.calls import PASS, Call
from belot_rules.ruleset import Ruleset
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


def _midway(name: str, seed: int, cards: int) -> tuple[Ruleset, DealState, SeatView, Knowledge]:
    """A deal ``cards`` cards into the play (see ``_advance``; an example where it is over is skipped),
    the view of the seat to act and its knowledge."""
    ruleset = load_variant(name)
    state = _advance(ruleset, seed, cards)
    assume(state.phase in (PLAYING, DECLARING))
    view = state.view(state.to_act)
    return ruleset, state, view, Knowledge.of(ruleset, view, play_memory(ruleset, view))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["bulgarian", "french", "coinche"]), st.integers(0, 10**6), st.integers(0, 30))
def test_samples_fit_the_view(name: str, seed: int, cards: int) -> None:
    """Each sampled deal gives the seat its own hand and the others the right number of unseen cards,
    none they are known not to hold (memory.py) and every card they are known to hold; the real deal fits too."""
    ruleset, state, view, knowledge = _midway(name, seed, cards)
    seat = view.seat
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
    decks = AuctionDecks(ruleset, view)
    rng = random.Random(seed)
    hands = next(AuctionModel(ruleset, view).deals(lambda: decks.draw(rng), rng))
    sampled = DealState.start(ruleset, decks.deck(hands, rng), view.dealer)
    assert sampled.hands[seat] == state.hands[seat]
    assert sampled.turned_card == state.turned_card


class _Recorder:
    """A fallback that notes what it was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def choose(self, view, legal):
        self.asked.append(view.phase)
        return legal[-1]


def test_a_decision_the_search_does_not_model_goes_to_the_heuristic_bot() -> None:
    """A phase or an action kind the search has no model of (a new rule's action) is decided by the
    fallback, whatever it is called; the searched decisions are not."""
    ruleset = load_variant("bulgarian")
    player = SearchPlayer(ruleset, 1, SMALL)
    player.fallback = recorder = _Recorder()
    state = next(s for s in (_advance(ruleset, seed, 2) for seed in range(20)) if s.phase == PLAYING)
    view = state.view(state.to_act)
    legal = state.legal_actions()
    odd = Action("exchange", card=legal[0].card)
    assert player.choose(view, legal + [odd]) == odd  # a card play and an unknown action: not searched
    assert player.choose(dataclasses.replace(view, phase="discarding"), [odd]) == odd
    assert recorder.asked == [view.phase, "discarding"]
    assert player.choose(view, legal) in legal and len(recorder.asked) == 2


def test_point_bid_candidates_are_the_usual_bid_its_neighbours_and_each_contract_s_lowest() -> None:
    ruleset = load_variant("coinche")
    auction = DealState.start(ruleset, _deck(ruleset, 1), 0).auction
    calls = list(ruleset.bidding.legal_calls(auction))
    usual = Call.parse("100 hearts")
    chosen = _candidates(calls, usual, 2)
    assert chosen[0] == usual
    assert PASS in chosen
    for points in (80, 90, 110, 120):
        assert Call("bid", "hearts", points) in chosen
    assert Call("bid", "hearts", 130) not in chosen
    for contract in ("clubs", "diamonds", "spades", "no_trumps", "all_trumps"):
        assert [c.points for c in chosen if c.contract == contract] == [80]
    assert len(chosen) == len(set(chosen))
    assert _candidates(calls, PASS, 2)[:2] == [PASS, Call("bid", "clubs", 80)]


def test_a_call_replaces_the_usual_one_only_by_a_clear_gain() -> None:
    assert _clear_gain([[0, 0, 0, 0], [10, 12, 9, 11]])
    assert not _clear_gain([[0, 0, 0, 0], [10, -12, 9, -11]])  # within the noise
    assert not _clear_gain([[0, 0], [-5, -4]])
    assert not _clear_gain([[0], [10]])  # one deck says nothing of the noise


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["bulgarian", "coinche", "belote-a-trois", "klaberjass"]), st.integers(0, 10**6),
       st.integers(0, 20))
def test_deals_fitted_to_the_auction_keep_what_the_seat_knows(name: str, seed: int, cards: int) -> None:
    """The chain that fits the other seats' calls only swaps cards where both holders may hold them:
    every deal it gives keeps the counts, the exclusions and the forced cards of the view."""
    ruleset, state, view, knowledge = _midway(name, seed, cards)
    seat = view.seat
    rng = random.Random(seed)
    deals = AuctionModel(ruleset, view).deals(lambda: knowledge.draw(rng), rng)
    for _ in range(5):
        hands = next(deals)
        assert hands[seat] == state.hands[seat]
        assert [h.bit_count() for h in hands[:len(state.hands)]] == [h.bit_count() for h in state.hands]
        assert sum(hands) == knowledge.unknown | knowledge.hand
        for who in range(len(state.hands)):
            if who != seat:
                assert hands[who] & knowledge.forced[who] == knowledge.forced[who]
                assert hands[who] & ~knowledge.allowed[who] == 0


def test_fitted_decks_agree_with_a_bid_more_often_than_random_ones() -> None:
    """After an opponent's bid, the decks the search samples give that seat a hand the model would
    bid on far more often than a deal at random does (the chain of sampling.py)."""
    ruleset = load_variant("coinche")
    bidder = HeuristicPlayer(ruleset)
    for seed in range(40):
        state = DealState.start(ruleset, _deck(ruleset, seed), 0)
        state.apply(bidder.choose(state.view(state.to_act), state.legal_actions()))
        if state.auction.calls[-1][1].kind == "bid":
            break
    view = state.view(state.to_act)
    model = AuctionModel(ruleset, view)
    decks = AuctionDecks(ruleset, view)
    rng = random.Random(2)
    deals = model.deals(lambda: decks.draw(rng), rng)
    bidder_seat = state.auction.calls[-1][0]
    fitted = sum(model.misfit(bidder_seat, next(deals)[bidder_seat]) == 0 for _ in range(40))
    random_ones = sum(model.misfit(bidder_seat, decks.draw(rng).hands[bidder_seat]) == 0 for _ in range(40))
    assert fitted > 2 * random_ones and fitted >= 20


def test_the_call_search_plays_out_a_discard_after_the_auction() -> None:
    """At the 32-card table of three the taker lays the chien's cards aside before trick 1: the
    auction's rollouts take that step as the heuristic bot does and score the deal, not nothing."""
    ruleset = load_variant("belote-a-trois-32")
    player = SearchPlayer(ruleset, 1, SMALL)
    for seed in range(20):
        state = DealState.start(ruleset, _deck(ruleset, seed), 0)
        state.make_call(Call("bid", "hearts"))
        while state.phase == BIDDING:
            state.make_call(PASS)
        if state.phase != OVER:
            break
    assert state.phase not in (PLAYING, DECLARING, OVER)
    assert player._finish_auction(state, 0) != 0.0
    assert state.score is not None


def test_equal_totals_go_to_the_cheapest_card_not_the_first_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23: equal scores went to the first card listed; now to the card of fewest points, then the lowest."""
    ruleset = load_variant("bulgarian")
    state = DealState.start(ruleset, _deck(ruleset, 5), 0)
    state.force_contract("no_trumps", state.first_seat)
    while state.phase != PLAYING:
        state.apply(state.legal_actions()[-1])
    monkeypatch.setattr(SearchPlayer, "_value", lambda self, score, seat: 0.0)
    action = SearchPlayer(ruleset, 0, SMALL).choose(state.view(state.to_act), state.legal_actions())
    points, strength = ruleset.tables["no_trumps"].points, ruleset.tables["no_trumps"].strength
    legal = [a.card for a in state.legal_actions()]
    assert action.card == min(legal, key=lambda c: (points[c], strength[c], c))


@pytest.mark.parametrize("name", ["bulgarian", "french", "bela"])
def test_the_search_bot_weighs_no_suit_bid_without_a_card_of_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23 (bulgarian.md §3): the calls the search bot plays out leave out a trump suit the hand (with a
    turned card that goes to the taker) holds none of, unless the style forces a call (bela.md §3.3, mus)."""
    ruleset = load_variant(name)
    weighed: list[tuple[list[Call], bool]] = []
    real = search_module._candidates
    monkeypatch.setattr(search_module, "_candidates",
                        lambda calls, usual, levels: weighed.append((list(calls), PASS not in calls))
                        or real(calls, usual, levels))
    for seed in range(3):
        state = DealState.start(ruleset, _deck(ruleset, seed), seed % ruleset.seating.players)
        players = [SearchPlayer(ruleset, seed, SMALL) for _ in ruleset.seating.seats]
        turned = 1 << state.turned_card if state.turned_card >= 0 and ruleset.dealing.turned_to_taker else 0
        while state.phase == BIDDING:
            seat = state.to_act
            count = len(weighed)
            action = players[seat].choose(state.view(seat), state.legal_actions())
            held = state.hands[seat] | turned
            for calls, forced in weighed[count:]:
                assert forced or all(held & SUIT_MASKS[TRUMP_SUIT[c.contract]] for c in calls
                                     if c.kind == "bid" and c.contract in TRUMP_SUIT), (seed, seat, calls)
            state.apply(action)
    assert weighed
