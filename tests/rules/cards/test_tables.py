"""Tables of two, three and four players: the compiled seating and invariants of every table size.

The family's smaller tables (rules/family/README.md, "Player count 2 or 3", "No partnerships",
"Reduced deck (24 cards)") are checked here on small rule sets; the shipped variants of those
games have their own tests.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

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
ALONE = Variant(name="alone", title="Alone", table={"players": 3, "sides": "each_for_self"},
                cards={"ranks": ["9", "T", "J", "Q", "K", "A"]},
                scoring={"capot": {"bonus": 100, "shared": True, "last_trick_counts": False}})
TABLES = {"two": Ruleset(TWO), "three": Ruleset(THREE), "alone": Ruleset(ALONE), "bulgarian": load_variant("bulgarian"),
          "french": load_variant("french"), "debertz-3": load_variant("debertz-3"),
          "belote-decouverte": load_variant("belote-decouverte"),
          "belote-a-trois-32": load_variant("belote-a-trois-32")}


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
    ({"table": {"players": 3}}, "table.sides partners needs 4 players, not 3 (table.players); use each_for_self or taker_vs_rest"),
    ({"table": {"players": 2}}, "table.sides partners needs 4 players, not 2 (table.players); use each_for_self; "),
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
    assert len(state.discarded) == ruleset.dealing.widow_size and not set(state.discarded) & set(played)
    assert sum(state.side_points) == sum(points[c] for c in played + list(state.discarded))
    if table.players * table.hand_size + len(state.discarded) == table.pack_size:
        assert sum(state.side_points) + ruleset.variant.scoring.last_trick == ruleset.deck_total[state.contract]
    assert sum(state.side_tricks) == table.hand_size
    record = deal_record(state)
    again = replay(ruleset, record)
    assert again.deals[0].score == state.score
    assert len(state.score.match_points) == table.sides
    assert [sum(part) for part in state.score.parts] == list(state.score.raw_points)


def test_a_deal_record_of_another_table_size_is_refused() -> None:
    state = DealState.start(TABLES["bulgarian"], list(range(32)), 0)
    while state.phase != OVER:
        state.apply(state.legal_actions()[0])
    record = deal_record(state)
    with pytest.raises(Exception, match="a deck is a list of the 24 cards"):
        replay(TABLES["three"], record)
    assert DealState.start(TABLES["two"], list(range(32)), 1).first_seat == 0


# ----------------------------------------------------------------------------- the shipped small tables


def _played_deal(name: str, seed: int, contract_of_turned: bool = True) -> DealState:
    """A deal of ``name`` whose contract is forced: the turned suit, or the next suit."""
    ruleset = load_variant(name)
    deck = list(ruleset.seating.cards)
    random.Random(seed).shuffle(deck)
    state = DealState.start(ruleset, deck, 1)
    suit = state.turned_card >> 3 if contract_of_turned else (state.turned_card >> 3) ^ 1
    state.force_contract(("clubs", "diamonds", "hearts", "spades")[suit], state.first_seat)
    return state


def test_klaberjass_deals_nine_cards_each_and_leaves_fourteen_unused_klaberjass_2() -> None:
    """klaberjass.md §2: 3 + 3 each, the 13th card turned, 3 more each: 9 in hand, 14 never used."""
    state = _played_deal("klaberjass", 3, contract_of_turned=False)
    assert [h.bit_count() for h in state.hands] == [9, 9]
    held = state.hands[0] | state.hands[1]
    assert not held >> state.turned_card & 1  # the turned card stays on the stock
    assert 32 - held.bit_count() - 1 == 13  # with the turned card, 14 cards are out of play
    assert state.deck.index(state.turned_card) == 12


@pytest.mark.parametrize(("maker", "opponent", "melds", "match_points"), [
    ((75, 77), (1, 0), {0: 3}, (105, 77)),     # "maker 85 + 20 = 105, opponent 77 -> 105 / 77"
    ((80, 72), (0, 1), {1: 4}, (0, 212)),      # "maker 80, opponent 82 + 50 = 132 -> 0 / 212"
])
def test_klaberjass_bete_worked_examples_klaberjass_7(maker, opponent, melds, match_points) -> None:
    """klaberjass.md §7: a made contract scores each his own total; bete gives the opponent both totals."""
    ruleset = load_variant("klaberjass")
    last = 0 if opponent[0] else 1
    declared = []
    for seat, length in melds.items():
        run = sum(1 << (8 + r) for r in range(length))  # diamonds 7 8 9 (10)
        declared += ruleset.declarations.sequence(seat, run)
    score = ruleset.scoring.score("hearts", 0, 1, maker, (5, 4), last, declared)
    assert score.match_points == match_points


def test_klaberjass_equal_totals_are_a_half_bete_klaberjass_7() -> None:
    """klaberjass.md §7: equal totals -> the maker scores nothing, the opponent his own total."""
    score = load_variant("klaberjass").scoring.score("hearts", 0, 1, (71, 81), (5, 4), 0)  # 81 each
    assert score.raw_points == (81, 81) and score.match_points == (0, 81)


def test_belote_a_trois_deals_the_24_card_pack_whole_belote_a_trois_2() -> None:
    """belote-a-trois.md §2 (EXO): 3 + 2 each, the 16th card turned, the taker gets it and 2, the others 3."""
    state = _played_deal("belote-a-trois", 5)
    assert [h.bit_count() for h in state.hands] == [8, 8, 8]
    assert sum(state.hands) == load_variant("belote-a-trois").seating.pack_mask
    assert state.hands[state.declarer] >> state.turned_card & 1


def test_the_defence_shares_its_points_belote_a_trois_3() -> None:
    """belote-a-trois.md §3 one_vs_two: the taker against the pooled defence; made, each defender keeps what
    his own cards earned; failed, the defenders share everything equally."""
    scoring = load_variant("belote-a-trois").scoring
    made = scoring.score("hearts", 1, 1, (40, 90, 22), (3, 4, 1), 1)
    assert made.verdict == "made" and made.contract_team == 1
    assert made.match_points[1] == 100 and made.match_points[0] + made.match_points[2] == 60
    assert made.match_points[0] > made.match_points[2]
    failed = scoring.score("hearts", 1, 1, (70, 50, 32), (4, 3, 1), 0)
    assert failed.verdict == "failed" and failed.match_points == (80, 0, 80)
    assert sum(sum(parts) for parts in failed.parts) == sum(failed.raw_points)


def test_a_defender_s_raw_points_are_the_cards_he_took_when_the_taker_makes_belote_a_trois_3() -> None:
    """belote-a-trois.md §3: made, each defender keeps his own; his raw card points are the ones he took (and the
    last trick its taker's), not a share of the pool that counts the last trick twice."""
    scoring = load_variant("belote-a-trois").scoring
    made = scoring.score("diamonds", 2, 1, (42, 20, 90), (2, 2, 4), 0)  # seat 0 took the last trick
    assert made.verdict == "made"
    assert [p.cards for p in made.parts] == [42, 20, 90] and [p.last_trick for p in made.parts] == [10, 0, 0]
    assert made.raw_points == (52, 20, 90)
    assert made.match_points == (51, 19, 90)  # the defence's 72 rounds to 70, shared 52 : 20


def test_debertz_eight_of_a_suit_wins_the_game_debertz_6() -> None:
    """debertz.md §6 (MEM): all eight cards of one suit in hand, declared, win the whole game."""
    ruleset = load_variant("debertz")
    run = ruleset.declarations.sequence(0, 0xFF << 16)  # every heart
    score = ruleset.scoring.score("spades", 1, 1, (40, 112), (2, 7), 1, run)
    assert score.match_winner == 0
