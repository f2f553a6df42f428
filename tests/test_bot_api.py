"""What a bot writer needs beyond the player protocol: deals from given hands, the score's parts,
declaring everything, and a belote announcement kept out of the way (README "Writing a bot")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.engine.actions import PLAY, announcing, declare_everything, distinct_cards
from belot_rules.engine.deal import DECLARING, PLAYING, DealState
from belot_rules.engine.playout import random_deal
from belot_rules.errors import UserError
from belot_rules.ruleset import Ruleset
from belot_rules.variant.loader import shipped_names

VARIANTS = shipped_names()


def _hands(seed: int, seats: int = 4) -> list[int]:
    deck = list(range(32))
    random.Random(seed).shuffle(deck)
    size = 32 // seats
    return [sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(seats)]


def test_a_deal_from_hands_starts_trick_one_with_those_hands() -> None:
    ruleset = load_variant("bulgarian")
    hands = _hands(1)
    state = DealState.from_hands(ruleset, hands, dealer=3, contract="hearts", declarer=2)
    assert state.hands == hands
    assert state.contract == "hearts" and state.declarer == 2
    assert state.phase in (PLAYING, DECLARING) and state.to_act == state.first_seat == 0
    while state.score is None:
        legal = state.legal_actions()
        state.apply(declare_everything(legal) if state.phase == DECLARING else legal[0])
    assert len(state.tricks) == 8


def test_a_deal_from_hands_refuses_a_card_held_twice() -> None:
    ruleset = load_variant("bulgarian")
    hands = _hands(2)
    hands[1] |= hands[0] & -hands[0]
    with pytest.raises(UserError, match="exactly once"):
        DealState.from_hands(ruleset, hands, 0, "hearts", 0)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32))
def test_the_score_parts_add_up_to_the_raw_points(name: str, seed: int) -> None:
    state = random_deal(load_variant(name), random.Random(seed))
    if state.score is None:
        return
    for team, parts in enumerate(state.score.parts):
        assert sum(parts) == state.score.raw_points[team]
        assert parts.last_trick in (0, sum(p.last_trick for p in state.score.parts))


def test_the_score_parts_name_each_source() -> None:
    """french.md §8: 162 card points with the last trick's 10; a belote of 20 for its holder."""
    ruleset = load_variant("french")
    score = ruleset.scoring.score("hearts", 0, 1, (100, 52), (5, 3), 1, [ruleset.declarations.belote(1, 2)])
    assert score.parts[0] == (100, 0, 0, 0, 0)
    assert score.parts[1] == (52, 10, 0, 20, 0)


def test_declare_everything_takes_the_richest_option() -> None:
    ruleset = load_variant("bulgarian")
    for seed in range(200):
        state = DealState.from_hands(ruleset, _hands(seed), 0, "all_trumps", 0)
        if state.phase == DECLARING:
            legal = state.legal_actions()
            best = declare_everything(legal)
            assert sum(d.points for d in best.declarations) == max(
                sum(d.points for d in a.declarations) for a in legal)
            return
    pytest.fail("no hand with a declaration in 200 deals")


def test_distinct_cards_hide_the_belote_copies_and_announcing_restores_them() -> None:
    """A house rule where the belote must be said when its first card is played (french.md §7, optional)."""
    model = load_variant("coinche").variant
    declarations = model.declarations.model_copy(update={"belote": model.declarations.belote.model_copy(
        update={"announcement": "required"})})
    ruleset = Ruleset(model.model_copy(update={"declarations": declarations}))
    assert ruleset.declarations.belote_announced
    for seed in range(500):
        state = DealState.from_hands(ruleset, _hands(seed), 0, "hearts", 0)
        while state.phase == DECLARING:
            state.apply(declare_everything(state.legal_actions()))
        legal = state.legal_actions()
        if any(a.belote for a in legal):
            cards = distinct_cards(legal)
            assert len({a.card for a in cards}) == len(cards) == len({a.card for a in legal})
            assert all(a.kind == PLAY and not a.belote for a in cards)
            opened = [a for a in cards if announcing(a, legal).belote]
            assert opened and all(announcing(a, legal).card == a.card for a in cards)
            return
    pytest.fail("no belote opening lead in 500 deals")
