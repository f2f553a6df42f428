"""The engine end to end: invariants over random deals of every shipped variant, the step API, records."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import cards_of
from belot_rules.engine.actions import PLAY
from belot_rules.engine.deal import OVER, PLAYING, DealState, IllegalAction
from belot_rules.engine.match import MatchState
from belot_rules.engine.playout import random_deal
from belot_rules.engine.records import RecordError, deal_record, match_record, replay
from belot_rules.engine.runner import play_deal, play_match
from belot_rules.players import make_player
from belot_rules.variant.loader import shipped_names

SHIPPED = shipped_names()  # the invariants hold for every shipped variant


def random_players(ruleset, seed):
    return [make_player("random", ruleset, seed * 4 + i) for i in ruleset.seating.seats]


def play_checked(ruleset, seed: int) -> DealState:
    """A random deal through the step API, checking at every card that exactly the legal cards are accepted."""
    rng = random.Random(seed)
    deck = list(ruleset.seating.cards)
    rng.shuffle(deck)
    state = DealState.start(ruleset, deck, seed % ruleset.seating.players)
    while state.phase != OVER:
        legal = state.legal_actions()
        assert legal, "a live position always offers an action"
        if state.phase == PLAYING:
            seat = state.to_act
            offered = {a.card for a in legal if a.kind == PLAY}
            for card in cards_of(state.hands[seat]):
                if card.index in offered:
                    continue
                before = state.clone()
                with pytest.raises(IllegalAction):
                    state.apply(str(card))
                assert state.hands == before.hands and state.trick == before.trick  # untouched
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_accepted_card_is_legal_and_every_legal_card_accepted(name, seed):
    ruleset = load_variant(name)
    state = play_checked(ruleset, seed)
    if state.contract is None:
        return
    table = ruleset.seating
    played = [c for _, cards, _ in state.tricks for c in cards]
    dealt = table.players * table.hand_size  # the whole pack, or all but the stock at a table of two or three
    assert len(played) == dealt and len(set(played)) == dealt, "no card dealt or played twice"
    tables = ruleset.tables[state.contract]
    assert sum(state.side_points) == sum(tables.points[c] for c in played + list(state.discarded))
    if dealt + len(state.discarded) == table.pack_size:
        assert sum(state.side_points) == tables.total_points


@pytest.mark.parametrize("name", SHIPPED)
def test_card_points_plus_last_trick_sum_to_the_contract_total(name):
    """Invariant: 162 in a suit, 258 in all-trumps, 130 (x2 = 260) in no-trumps for the default tables."""
    ruleset = load_variant(name)
    rng = random.Random(7)
    table = ruleset.seating
    for i in range(400):
        state = random_deal(ruleset, rng, i % table.players)
        if state.contract is None:
            continue
        played = [c for _, cards, _ in state.tricks for c in cards]
        assert len(played) == table.players * table.hand_size
        played += state.discarded  # a taker's discards from the chien count for him
        if len(played) == table.pack_size:
            total = ruleset.tables[state.contract].total_points + ruleset.variant.scoring.last_trick
            assert sum(state.side_points) + ruleset.variant.scoring.last_trick == total
        else:  # the stock's cards are not played: the points are those of the cards that were
            assert sum(state.side_points) == sum(ruleset.tables[state.contract].points[c] for c in played)


def test_bulgarian_totals_162_258_260_SF_rounding():
    ruleset = load_variant("bulgarian")
    assert ruleset.deck_total["hearts"] == 162
    assert ruleset.deck_total["all_trumps"] == 258
    assert ruleset.deck_total["no_trumps"] * ruleset.variant.scoring.card_factor.of("no_trumps") == 260


@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_replaying_a_record_reproduces_its_score(name, seed):
    ruleset = load_variant(name)
    pack = ruleset.seating.cards
    state = DealState.start(ruleset, random.Random(seed).sample(pack, len(pack)), seed % ruleset.seating.players)
    play_deal(state, random_players(ruleset, seed))
    record = json.loads(json.dumps(deal_record(state, seed)))
    result = replay(ruleset, record)
    if state.score is not None:
        assert result.deals[0].score.to_dict() == state.score.to_dict()


@pytest.mark.parametrize("name", SHIPPED)
def test_a_random_match_ends_and_replays(name):
    ruleset = load_variant(name)
    match = play_match(ruleset, random_players(ruleset, 3), seed=3)
    assert match.over and match.winner in range(ruleset.seating.sides)
    record = json.loads(json.dumps(match_record(match)))
    result = replay(ruleset, record)
    assert result.winner == match.winner and list(result.board) == match.board


def test_match_is_reproducible_from_its_seed():
    ruleset = load_variant("bulgarian")
    a = play_match(ruleset, random_players(ruleset, 5), seed=11)
    b = play_match(ruleset, random_players(ruleset, 5), seed=11)
    assert match_record(a) == match_record(b)


def test_corrupt_record_names_the_step():
    ruleset = load_variant("bulgarian")
    state = DealState.start(ruleset, list(range(32)), 0)
    play_deal(state, random_players(ruleset, 1))
    record = deal_record(state)
    step = next(i for i, a in enumerate(record["actions"]) if len(a) == 2)  # the first card played
    card = record["actions"][step]
    record["actions"][step] = "ZZ"
    with pytest.raises(RecordError, match=rf"actions\[{step}\]"):
        replay(ruleset, record)
    record["actions"][step] = card
    record["score"]["match_points"] = [999, 0]
    with pytest.raises(RecordError, match="score.match_points"):
        replay(ruleset, record)


def test_record_with_duplicate_card_in_deck_is_refused():
    ruleset = load_variant("bulgarian")
    record = {"format": "belot-rules/deal-record", "dealer": 0, "deck": ["JH"] * 32, "actions": []}
    with pytest.raises(RecordError, match="deal.deck: JH appear"):
        replay(ruleset, record)


def test_view_shows_only_own_hand_and_the_table():
    ruleset = load_variant("bulgarian")
    state = DealState.start(ruleset, list(range(32)), 3)
    view = state.view(1)
    assert set(view.hand) == {str(c) for c in cards_of(state.hands[1])}
    shown = set(re.findall(r"'([789TJQKA][CDHS])'", repr(view)))
    assert shown == set(view.hand)


def test_clone_is_independent():
    ruleset = load_variant("bulgarian")
    state = DealState.start(ruleset, list(range(32)), 0)
    copy = state.clone()
    state.apply("hearts")
    assert copy.auction.calls == [] and state.auction.calls


def test_illegal_call_leaves_state_untouched_and_lists_legal():
    ruleset = load_variant("bulgarian")
    state = DealState.start(ruleset, list(range(32)), 0)
    state.apply("spades")
    with pytest.raises(IllegalAction, match="legal: pass, no_trumps, all_trumps, double"):
        state.apply("hearts")
    assert [str(c) for _, c in state.auction.calls] == ["spades"]


def test_public_legal_cards_with_strings():
    """DESIGN public API: cards as strings, trick as (seat, card) pairs."""
    rules = load_variant("bulgarian")
    legal = rules.legal_cards("hearts", ["7H", "JH", "AS"], [(0, "KC"), (1, "9H")], seat=2)
    assert [str(c) for c in legal] == ["JH"]  # an opponent trumped: must overtrump (SF §3.1)
    assert rules.trick_winner("hearts", [(0, "KC"), (1, "9H"), (2, "JH"), (3, "AC")]) == 2


def test_match_clone_plays_on_identically():
    ruleset = load_variant("bulgarian")
    match = MatchState.new(ruleset, seed=21)
    copy = match.clone()
    for m in (match, copy):
        rng = random.Random(5)
        while not m.over:
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
    assert match_record(match) == match_record(copy)
