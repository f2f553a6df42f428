"""Belote à trois's 32-card form with a chien (belote-a-trois.md §2 "32 cards / chien", HOP).

3-2-3-2 cards, 10 each, 2 face down; the taker adds them to his hand and lays 2 aside before
trick 1, one discard action at a time; the discards count for him.
"""

from __future__ import annotations

import random

import pytest

from belot_rules import load_variant
from belot_rules.cards import CARDS, parse_card
from belot_rules.engine.deal import DISCARDING, OVER, PLAYING, DealState, IllegalAction
from belot_rules.engine.records import deal_record, replay
from belot_rules.errors import VariantError
from belot_rules.players import make_player
from belot_rules.players.discard import discard_choice
from belot_rules.rules.outcome.parse import OutcomeError, score_outcome
from belot_rules.sim.table import Table

RULES = load_variant("belote-a-trois-32")


def parse_card_name(card: int) -> str:
    return str(CARDS[card])


def _mask(*names: str) -> int:
    mask = 0
    for name in names:
        mask |= 1 << parse_card(name).index
    return mask


def _taken(seed: int, contract: str = "hearts") -> DealState:
    """A deal whose first speaker names ``contract``."""
    deck = list(RULES.seating.cards)
    random.Random(seed).shuffle(deck)
    state = DealState.start(RULES, deck, 2)
    state.apply(contract)
    return state


def test_belote_a_trois_s2_deals_3_2_3_2_and_leaves_a_chien_of_two() -> None:
    """belote-a-trois.md §2 (HOP): 3-2-3-2 -> 10 each, the last 2 cards of the pack face down."""
    deck = list(RULES.seating.cards)
    random.Random(1).shuffle(deck)
    state = DealState.start(RULES, deck, 2)
    assert [hand.bit_count() for hand in state.hands] == [10, 10, 10]
    assert not any(hand >> card & 1 for hand in state.hands for card in deck[30:])
    assert [state.view(seat).chien for seat in range(3)] == [2, 2, 2]
    assert state.to_act == 0 and [str(a) for a in state.legal_actions()] == ["pass", "clubs", "diamonds", "hearts",
                                                                            "spades"]


def test_belote_a_trois_s2_the_taker_adds_the_chien_and_discards_two() -> None:
    """belote-a-trois.md §2 (HOP): the taker adds the chien (12 cards) and must discard 2 -> 10 tricks."""
    state = _taken(3)
    chien = state.deck[30:]
    assert state.phase == DISCARDING and state.to_act == 0 and state.declarer == 0
    assert state.hands[0].bit_count() == 12 and all(state.hands[0] >> card & 1 for card in chien)
    assert sorted(a.card for a in state.legal_actions()) == sorted(c for c in range(32) if state.hands[0] >> c & 1)
    first = state.legal_actions()[0]
    state.apply(first)
    assert state.phase == DISCARDING and state.view(0).discarded == (str(first).split()[1],)
    state.apply(state.legal_actions()[-1])
    assert state.phase == PLAYING or state.phase == "declaring"
    assert [hand.bit_count() for hand in state.hands] == [10, 10, 10]
    assert state.view(1).discarded == () and state.view(1).chien == 0  # the others never see the discards


def test_belote_a_trois_s2_the_discards_count_for_the_taker() -> None:
    """The discards' card points are the taker's (the rules notes' reading: a tarot écart counts for the
    taker), so a deal's card points and last trick still add up to 162."""
    state = _taken(4, "spades")
    hand = state.hands[0]
    cards = [c for c in range(32) if hand >> c & 1]
    ace = next(c for c in cards if c & 7 == 7 and c >> 3 != 3)  # a plain ace: 11 points
    state.apply(f"discard {parse_card_name(ace)}")
    assert state.side_points == [11, 0, 0]
    rng = random.Random(4)
    while state.phase != OVER:
        state.apply(rng.choice(state.legal_actions()))
    assert sum(part.cards + part.last_trick for part in state.score.parts) == 162 or state.score.capot_team is not None


def test_a_refused_discard_says_what_is_valid() -> None:
    """An action out of place is refused with the rule and the legal discards."""
    state = _taken(5)
    with pytest.raises(IllegalAction, match=r"took the chien and lays 2 more cards of his hand aside; legal: discard "):
        state.apply("pass")
    outsider = next(c for c in range(32) if not state.hands[0] >> c & 1)
    with pytest.raises(IllegalAction, match="may not discard"):
        state.apply(f"discard {parse_card_name(outsider)}")


def test_a_record_with_discards_replays_to_the_same_score() -> None:
    """records: the discards are actions ('discard 7C'); replaying checks them and reproduces the score."""
    state = _taken(6)
    rng = random.Random(6)
    while state.phase != OVER:
        state.apply(rng.choice(state.legal_actions()))
    record = deal_record(state)
    assert sum(action.startswith("discard ") for action in record["actions"]) == 2
    assert replay(RULES, record).deals[0].score == state.score
    record["actions"][1] = "discard " + record["actions"][3]  # a card played later cannot be laid aside twice
    with pytest.raises(Exception, match="actions"):
        replay(RULES, record)


def test_the_heuristic_discard_keeps_trumps_aces_and_tens() -> None:
    """The bots' rule of thumb: keep trumps, aces and tens; lay aside the low cards of the shortest plain suit."""
    tables = RULES.tables["hearts"]
    hand = _mask("JH", "9H", "7H", "AS", "TS", "8S", "AC", "7C", "KC", "QC", "8D", "9D")
    first = discard_choice(tables, hand)
    assert parse_card_name(first) in ("8S", "8D")  # spades and diamonds are the short suits
    second = discard_choice(tables, hand & ~(1 << first))
    assert {parse_card_name(first), parse_card_name(second)} <= {"8S", "8D", "9D"}


@pytest.mark.parametrize("bot", ["heuristic", "search", "random"])
def test_every_bot_discards_and_finishes_the_deal(bot: str) -> None:
    """The heuristic, search (the heuristic's discard) and random bots take the chien and lay 2 aside."""
    players = [make_player(bot, RULES, seat) for seat in range(3)]
    for seed in range(2 if bot == "search" else 6):
        deck = list(RULES.seating.cards)
        random.Random(seed).shuffle(deck)
        state = Table(players).play_deal(DealState.start(RULES, deck, seed % 3))
        assert state.phase == OVER and len(state.discarded) == (2 if state.contract else 0)


def test_a_chien_with_a_turned_card_is_refused(tmp_path) -> None:
    """deal.stock to_taker is the chien of a deal without a turned card or talon."""
    path = tmp_path / "bad.yaml"
    path.write_text("extends: belote-a-trois-32\ndeal: {turned_card: after_first_packets, second_packets: [1]}\n"
                    "bidding: {style: turned_card}\n")
    with pytest.raises(VariantError, match="stock to_taker"):
        load_variant(str(path))


def test_belot_score_counts_the_discards_for_the_taker() -> None:
    """A deal outcome names the taker's discards (belote-a-trois.md §2), counted for him; leaving them out, or
    giving a card also played, is refused."""
    for seed in range(7, 60):  # a deal without declarations: they are scored as in any outcome
        state = _taken(seed)
        rng = random.Random(seed)
        while state.phase != OVER:
            state.apply(rng.choice(state.legal_actions()))
        if not any(state.declared.values()) and not state.belotes:
            break
    outcome = {"contract": state.contract, "declarer": state.declarer, "first_leader": state.first_seat,
               "tricks": [{"cards": [parse_card_name(c) for c in cards]} for _, cards, _ in state.tricks],
               "discards": [parse_card_name(c) for c in state.discarded]}
    assert score_outcome(RULES, outcome).raw_points == state.score.raw_points
    with pytest.raises(OutcomeError, match="discards: 0 given; the taker of belote-a-trois-32 lays 2 cards aside"):
        score_outcome(RULES, outcome | {"discards": []})
    played = outcome["tricks"][0]["cards"][0]
    with pytest.raises(OutcomeError, match="already in tricks"):
        score_outcome(RULES, outcome | {"discards": [played, outcome["discards"][1]]})
