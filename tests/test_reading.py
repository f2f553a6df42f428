"""Reading the other side's cards (``players/reading.py``): a sampled hand that would not have played what an opponent
played is less likely (issue 23: the expert's deals fitted to the play so far, not only to the auction)."""

from __future__ import annotations

import random

import pytest
from test_search import _deck

from belot_rules import load_variant
from belot_rules.engine.actions import PLAY
from belot_rules.engine.deal import OVER, PLAYING, DealState
from belot_rules.players.heuristic import HeuristicPlayer, card_senses
from belot_rules.players.reading import Reading
from belot_rules.players.sampling import AuctionModel, Knowledge, play_memory
from belot_rules.ruleset import Ruleset
from belot_rules.variant.loader import shipped_names

READ = [name for name in shipped_names() if name not in ("belote-decouverte", "twenty-eight", "twenty-nine")]


def _positions(ruleset: Ruleset, seed: int):
    """Each card decision of a deal the heuristic bot plays at every seat: (state, every seat's hand at trick 1)."""
    state = DealState.start(ruleset, _deck(ruleset, seed), seed % ruleset.seating.players)
    players = [HeuristicPlayer(ruleset) for _ in ruleset.seating.seats]
    start = None
    while state.phase != OVER:
        seat, legal = state.to_act, state.legal_actions()
        if state.phase == PLAYING:
            start = start or list(state.hands)
            view = state.view(seat)
            if all(a.kind == PLAY for a in legal) and view.out < 0 and Reading.applies(ruleset, view):
                yield state, start
        state.apply(players[seat].choose(state.view(seat), legal))


@pytest.mark.parametrize("name", READ)
def test_the_heuristic_bots_own_hands_explain_its_cards(name: str) -> None:
    """Played by the heuristic bot, every opponent's real hand is one that would have played each of its cards: the
    reading rebuilds the table as it was at each card (the cards gone, the voids, the legal cards)."""
    ruleset = load_variant(name)
    senses = card_senses(ruleset)
    read = 0
    for seed in range(4):
        for state, start in _positions(ruleset, seed):
            view = state.view(state.to_act)
            reading = Reading(ruleset, view, senses[view.played_contract()])
            assert set(reading.seen) <= set(ruleset.seating.opponents(view.seat, view.declarer))
            for seat in reading.seen:
                assert reading.unlike(seat, start[seat]) == 0
                read += reading.choices(seat)
    assert read


@pytest.mark.parametrize("name", ["belote-decouverte", "twenty-eight"])
def test_no_reading_at_an_open_tableau_or_after_a_concealed_trump(name: str) -> None:
    """belote-decouverte.md: a seat plays from the piles it shows; twenty-eight.md §3: the first tricks were played
    with the trump face down. The heuristic's choice from a hand is not the model of those cards."""
    ruleset = load_variant(name)
    state = DealState.start(ruleset, _deck(ruleset, 1), 0)
    players = [HeuristicPlayer(ruleset) for _ in ruleset.seating.seats]
    while state.phase != PLAYING:
        state.apply(players[state.to_act].choose(state.view(state.to_act), state.legal_actions()))
    assert not Reading.applies(ruleset, state.view(state.to_act))


def _late_position(ruleset: Ruleset) -> DealState:
    """A French deal at trick 5, its cards played by the heuristic bot."""
    for seed in range(20):
        for state, _ in _positions(ruleset, seed):
            if len(state.view(state.to_act).tricks) == 4:
                return state
    raise AssertionError("no deal of twenty reached trick 5")


def test_other_hands_would_often_have_played_otherwise() -> None:
    """At trick 5 most hands that fit the voids alone would not have played every card the opponent played."""
    ruleset = load_variant("french")
    state = _late_position(ruleset)
    view = state.view(state.to_act)
    reading = Reading(ruleset, view, card_senses(ruleset)[view.played_contract()])
    knowledge = Knowledge.of(ruleset, view, play_memory(ruleset, view))
    rng = random.Random(3)
    unlike = []
    for _ in range(40):
        held = knowledge.draw(rng)
        unlike += [reading.unlike(seat, held.hands[seat] | held.earlier[seat]) for seat in reading.seen]
    assert sum(1 for u in unlike if u) > len(unlike) // 2


def test_deals_fitted_to_the_play_explain_it_better() -> None:
    """The auction model with a reading moves the deals towards hands that explain the opponents' cards: over the
    same number of deals they hold far fewer cards the heuristic would not have played."""
    ruleset = load_variant("french")
    state = _late_position(ruleset)
    view = state.view(state.to_act)
    reading = Reading(ruleset, view, card_senses(ruleset)[view.played_contract()])
    knowledge = Knowledge.of(ruleset, view, play_memory(ruleset, view))
    totals = []
    for model in (AuctionModel(ruleset, view), AuctionModel(ruleset, view, reading)):
        rng = random.Random(5)
        deals = model.deals(lambda: knowledge.draw(rng), rng)
        total = 0
        for _ in range(60):
            hands = next(deals)
            total += sum(reading.unlike(seat, hands[seat] | knowledge.played[seat]) for seat in reading.seen)
        totals.append(total)
    assert totals[1] * 3 < totals[0]
