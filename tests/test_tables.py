"""Tables of two, three and four players: the compiled seating and invariants of every table size.

The family's smaller tables (rules/family/README.md, "Player count 2 or 3", "No partnerships",
"Reduced deck (24 cards)") are checked here on small rule sets; the shipped variants of those
games have their own tests.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belot_rules import load_variant
from belot_rules.engine.deal import OVER, DealState
from belot_rules.engine.records import deal_record, replay
from belot_rules.errors import VariantError
from belot_rules.ruleset import Ruleset
from belot_rules.variant.model import Variant

TWO = Variant(name="two", title="Two", table={"players": 2, "sides": "each_for_self"},
              deal={"first_packets": [3, 3], "second_packets": [3], "stock": "aside"})
THREE = Variant(name="three", title="Three", table={"players": 3, "sides": "taker_vs_rest"},
                cards={"ranks": ["9", "T", "J", "Q", "K", "A"]})
TABLES = {"two": Ruleset(TWO), "three": Ruleset(THREE), "bulgarian": load_variant("bulgarian"),
          "french": load_variant("french")}


def test_four_players_sit_in_two_teams_of_partners_opposite() -> None:
    """bulgarian.md §1: four players, partners opposite; seats are numbered in play order."""
    table = load_variant("bulgarian").seating
    assert table.side_of == (0, 1, 0, 1) and table.sides == 2 and table.side_keys == ("team0", "team1")
    assert [table.next_seat(s) for s in table.seats] == [1, 2, 3, 0]
    assert table.partner(1) == 3 and table.pack_size == 32 and table.hand_size == 8
    assert table.opponents(0, declarer=1) == (1, 3) and table.allies(0, declarer=1) == (2,)


def test_two_players_are_each_a_side() -> None:
    """klaberjass.md: two players, each for himself; 9 cards each from 32, the rest aside."""
    table = TABLES["two"].seating
    assert table.side_of == (0, 1) and table.side_keys == ("player0", "player1") and table.partner(0) == -1
    assert table.hand_size == 9 and [table.next_seat(s) for s in table.seats] == [1, 0]


def test_three_players_pool_the_defence_for_one_deal() -> None:
    """belote-a-trois.md §1 and §3: the 24-card pack (9 to ace), the taker alone against the other two."""
    table = TABLES["three"].seating
    assert table.pack_size == 24 and table.hand_size == 8 and table.sides == 3
    assert table.camps[1] == (1, 0, 1) and table.allies(0, declarer=1) == (2,) and table.opponents(2, 1) == (1,)
    assert TABLES["three"].deck_total["hearts"] == 162  # the 7s and 8s are worth nothing


@pytest.mark.parametrize(("changes", "message"), [
    ({"table": {"players": 3}}, "table.sides partners needs 4 players"),
    ({"table": {"players": 2, "sides": "taker_vs_rest"}}, "taker_vs_rest needs 3 or 4 players"),
    ({"table": {"players": 2, "sides": "each_for_self"}}, "leave 16 of the 32-card pack undealt"),
    ({"table": {"players": 3, "sides": "taker_vs_rest"}, "deal": {"first_packets": [4, 4]}},
     "they must deal 10 at most (a 32-card pack, 3 players: cards.ranks, table.players)"),
    ({"cards": {"ranks": ["9", "T", "J", "Q", "K", "A"]}}, "they must deal 6 at most (a 24-card pack, 4 players: "),
    ({"deal": {"stock": "aside"}}, "deal.stock is aside but the packets deal the whole pack"),
])
def test_a_table_that_cannot_be_dealt_is_refused(changes: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Variant(name="t", title="t", **changes)


def test_a_refused_table_names_the_packets_in_the_file(tmp_path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: french\ntable: {players: 3, sides: taker_vs_rest}\n", encoding="utf-8")
    with pytest.raises(VariantError, match=r"house.yaml:2:\d+: .*leave 8 of the 32-card pack undealt"):
        load_variant(str(path))


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(sorted(TABLES)), seed=st.integers(0, 2**32 - 1))
def test_every_table_size_keeps_its_invariants(name: str, seed: int) -> None:
    """Card points sum to the points of the cards played, each card is played once and is in the pack,
    every trick has one card per player, and every card played was legal (the step-by-step replay
    of the record refuses any other), and replaying the record reproduces the score."""
    ruleset = TABLES[name]
    table = ruleset.seating
    rng = random.Random(seed)
    deck = list(table.cards)
    rng.shuffle(deck)
    state = DealState.start(ruleset, deck, seed % table.players)
    while state.phase != OVER:
        state.apply(rng.choice(state.legal_actions()))  # apply checks every action against the rules
    if state.contract is None:
        return
    played = [c for _, cards, _ in state.tricks for c in cards]
    assert len(played) == len(set(played)) == table.players * table.hand_size
    assert all(table.pack_mask >> c & 1 for c in played)
    assert all(len(cards) == table.players for _, cards, _ in state.tricks)
    points = ruleset.tables[state.contract].points
    assert sum(state.side_points) == sum(points[c] for c in played)
    if table.players * table.hand_size == table.pack_size:
        assert sum(state.side_points) + ruleset.variant.scoring.last_trick == ruleset.deck_total[state.contract]
    assert sum(state.side_tricks) == table.hand_size
    record = deal_record(state)
    again = replay(ruleset, record)
    assert again.deals[0].score == state.score
    assert len(state.score.match_points) == table.sides


def test_a_deal_record_of_another_table_size_is_refused() -> None:
    state = DealState.start(TABLES["bulgarian"], list(range(32)), 0)
    while state.phase != OVER:
        state.apply(state.legal_actions()[0])
    record = deal_record(state)
    with pytest.raises(Exception, match="a deck is a list of the 24 cards"):
        replay(TABLES["three"], record)
    assert DealState.start(TABLES["two"], list(range(32)), 1).first_seat == 0
