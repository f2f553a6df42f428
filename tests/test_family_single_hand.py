"""The single hand (play.single_hand): twenty-nine.md §7 (BLOG, MONJ) and twenty-eight.md §6's thani (MEM,
unverified). Once every card is dealt and the trump laid, each seat in play order may undertake to win every trick
alone; his partner sits the deal out, there are no trumps, the lone player leads (a reading: the write-ups do not say
who leads), and his side wins or loses 3 game points (MONJ). Positions are dealt from a constructed deck as in
test_family_concealed_trump.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from pydantic import ValidationError
from test_family_concealed_trump import HANDS, deck

from belot_rules.cards import CARDS, mask_of
from belot_rules.engine.actions import ALONE_ACTION, NOT_ALONE_ACTION
from belot_rules.engine.deal import OVER, PLAYING, DealState
from belot_rules.engine.phases import SINGLE_HAND
from belot_rules.engine.playout import play_at_random, random_deal
from belot_rules.engine.records import deal_record, replay
from belot_rules.players import make_player
from belot_rules.players.alone import sure_alone
from belot_rules.ruleset import Ruleset
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import Variant

# Seat 1 holds the four best hearts and the four best spades: alone, he takes every trick whatever the others play.
SOLID = ("7H 8H JC KC 7D 8D 9D TD", "JH 9H AH TH JS 9S AS TS", "JD QD KD AD 7S 8S QS KS",
         "AC QC 7C 8C 9C TC KH QH")


def with_single_hand(name: str, **changes: object) -> Ruleset:
    data = load_variant_model(name).variant.model_dump()
    data["play"]["single_hand"] = True
    data["scoring"]["game_points"].update(changes)
    return Ruleset(Variant.model_validate(data))


TWENTY_NINE = with_single_hand("twenty-nine")


def laid(hands: tuple[str, ...] = HANDS, ruleset: Ruleset = TWENTY_NINE) -> DealState:
    """Seat 0 bids 16, nobody doubles, and he lays 7H face down: hearts are trump; the rest is dealt."""
    state = DealState.start(ruleset, deck(hands), 3)
    for call in ("16", "pass", "pass", "pass", "pass", "pass"):
        state.apply(call)
    state.apply("conceal 7H")
    return state


def test_each_seat_in_turn_may_play_alone_twenty_nine_7() -> None:
    """§7: once every card is dealt and the trump laid, each seat in play order from seat 0 says whether it plays
    alone; the first who does plays without trumps, the face-down trump back in its owner's hand, his partner out."""
    state = laid(SOLID)
    assert state.phase == SINGLE_HAND and state.to_act == 0
    assert [str(a) for a in state.legal_actions()] == ["no single hand", "single hand"]
    state.apply("no single hand")
    assert state.to_act == 1
    state.apply("single hand")
    assert state.phase == PLAYING and (state.alone, state.out, state.declarer, state.to_act) == (1, 3, 1, 1)
    assert state.contract == "concealed" and state.trump_card == -1 and state.bid is None and state.multiplier == 1
    assert [h.bit_count() for h in state.hands] == [8, 8, 8, 8]  # 7H back with seat 0
    view = state.view(0)
    assert (view.alone, view.out, view.trump_concealed) == (1, 3, False)


def test_the_lone_player_taking_every_trick_wins_three_game_points_twenty_nine_7() -> None:
    """§7 [MONJ]: win all eight tricks alone, +3 for his side; three cards a trick, the partner's never played."""
    state = laid(SOLID)
    state.apply("no single hand")
    state.apply("single hand")
    rng = random.Random(1)
    while state.phase != OVER:
        assert state.to_act != 3
        state.apply(rng.choice(state.legal_actions()))
    assert all(len(cards) == 3 and winner == 1 for _, cards, winner in state.tricks) and len(state.tricks) == 8
    assert state.hands[3] == mask_of(SOLID[3].split())
    assert state.score is not None and state.score.match_points == (0, 3) and state.score.verdict == "made"


def test_a_lone_player_losing_a_trick_loses_three_game_points_twenty_nine_7() -> None:
    """§7 [MONJ]: a trick lost, -3 for the lone player's side; here seat 2 goes alone, so the bidder, seat 0, sits
    out with his face-down trump back in hand. Seat 2 leads 7S and seat 1 takes it with JS."""
    state = laid()
    for answer in ("no single hand", "no single hand", "single hand"):
        state.apply(answer)
    assert (state.alone, state.out, state.to_act) == (2, 0, 2) and state.hands[0] & mask_of(["7H"])
    for card in ("7S", "AC", "JS"):
        state.apply(card)
    assert state.tricks[0][2] == 1
    while state.phase != OVER:
        state.apply(state.legal_actions()[0])
    assert state.score is not None and state.score.match_points == (-3, 0) and state.score.verdict == "failed"


def test_nobody_alone_the_deal_goes_on_as_bid_twenty_nine_7() -> None:
    """§7: every seat declining, the bid stands and its trump still lies face down; seat 0 leads."""
    state = laid()
    for _ in range(4):
        state.apply("no single hand")
    assert state.phase == PLAYING and state.alone == -1 and state.trump_card >= 0 and state.to_act == 0
    assert (state.bid, state.declarer) == (16, 0)


def test_the_game_points_of_a_single_hand_are_an_option_twenty_eight_6() -> None:
    """twenty-eight.md §6: thani's values were not found; a house file sets them (here 4)."""
    ruleset = with_single_hand("twenty-eight", single_hand=4)
    state = DealState.start(ruleset, deck(SOLID), 3)
    for call in ("14", "pass", "pass", "pass"):
        state.apply(call)
    state.apply("conceal 7H")
    state.apply("no single hand")
    state.apply("single hand")
    while state.phase != OVER:
        state.apply(state.legal_actions()[0])
    assert state.score is not None and state.score.match_points == (0, 4)


def test_the_shipped_files_keep_their_game_without_a_single_hand() -> None:
    """The option is off unless a file sets it: no seat is asked."""
    state = laid(ruleset=Ruleset(load_variant_model("twenty-nine").variant))
    assert state.phase == PLAYING


@pytest.mark.parametrize(("name", "reason"), [
    ("differenzler", "table.sides each_for_self gives nobody a partner"),
    ("bulgarian", "this rule set scores card points: set scoring.game_points.brackets"),
])
def test_validate_refuses_a_single_hand_where_it_makes_no_sense(name: str, reason: str) -> None:
    """A single hand sits a partner out and is scored in game points: without partners, or in card points, it is
    refused with the reason and the way out."""
    data = load_variant_model(name).variant.model_dump()
    data["play"]["single_hand"] = True
    with pytest.raises(ValidationError, match=reason):
        Variant.model_validate(data)


def test_the_bots_play_alone_only_with_a_hand_that_cannot_lose_a_trick() -> None:
    """A lost single hand costs as much as a made one wins: the heuristic bot goes alone only where its cards of
    each suit are that suit's best."""
    assert sure_alone(TWENTY_NINE, mask_of(SOLID[1].split()))
    assert not sure_alone(TWENTY_NINE, mask_of(HANDS[1].split()))  # AH is elsewhere
    bot = make_player("heuristic", TWENTY_NINE, 0)
    state = laid(SOLID)
    state.apply("no single hand")
    assert bot.choose(state.view(1), state.legal_actions()) == ALONE_ACTION
    state = laid()
    assert bot.choose(state.view(0), state.legal_actions()) == NOT_ALONE_ACTION


def test_a_deal_played_alone_from_given_hands_and_its_record_replays() -> None:
    """Analysis starts a deal from its hands with the lone seat; a record of a deal played alone replays to its
    score."""
    hands = [mask_of(h.split()) for h in SOLID]
    given_hands = DealState.from_hands(TWENTY_NINE, hands, 3, "hearts", 0, alone=1)
    assert (given_hands.phase, given_hands.to_act, given_hands.out) == (PLAYING, 1, 3)
    state = laid(SOLID)
    state.apply("no single hand")
    state.apply("single hand")
    while state.phase != OVER:
        state.apply(state.legal_actions()[-1])
    result = replay(TWENTY_NINE, deal_record(state))
    assert result.deals[0].score == state.score


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_a_random_deal_played_alone_keeps_the_partner_out(seed: int) -> None:
    """Invariant: in a random playout (each seat's answer drawn at random), a deal played alone has eight tricks of
    three cards, none of the partner's, who keeps his eight; the lone side's score moves by 3, the other's not."""
    rng = random.Random(seed)
    state = play_at_random(random_deal(TWENTY_NINE, rng), rng.random)
    if state.alone < 0 or state.score is None:
        return
    out = state.out
    assert len(state.tricks) == 8 and all(len(cards) == 3 for _, cards, _ in state.tricks)
    assert state.hands[out].bit_count() == 8 and not any(hand for seat, hand in enumerate(state.hands) if seat != out)
    side = TWENTY_NINE.seating.side_of[state.alone]
    assert abs(state.score.match_points[side]) == 3 and sum(map(abs, state.score.match_points)) == 3


def test_a_defender_bot_takes_the_trick_from_the_lone_player_when_it_can_twenty_nine_7() -> None:
    """One lost trick defeats a single hand: the lone player plays his strongest card (seat 2 would lead JD), and a
    defender holding a card that beats the lone player's plays the weakest such card: seat 2 leads 7S, seat 3 holds no
    spade, and seat 1 takes it with the weakest of JS 9S AS TS in the order J 9 A 10 K Q 8 7, TS."""
    state = laid()
    for answer in ("no single hand", "no single hand", "single hand"):
        state.apply(answer)
    bot = make_player("heuristic", TWENTY_NINE, 0)
    lead = bot.choose(state.view(2), state.legal_actions())
    assert str(lead) == "JD"  # the strongest of seat 2's cards: a Jack
    state.apply("7S")
    state.apply("AC")  # seat 3, void in spades
    assert str(bot.choose(state.view(1), state.legal_actions())) == "TS"


def test_a_single_hand_is_scored_from_its_outcome_as_the_engine_scores_it_twenty_nine_7() -> None:
    """A scorekeeper's outcome says who played alone (``alone``): the short form (points, tricks) and the tricks
    (three cards each, the partner's none) score the deal as the engine did, +3 here; the contract bid is void."""
    from belot_rules.pad.reduce import short_outcome
    from belot_rules.rules.outcome.parse import score_outcome

    state = laid(SOLID)
    state.apply("no single hand")
    state.apply("single hand")
    while state.phase != OVER:
        state.apply(state.legal_actions()[0])
    short = short_outcome(state)
    assert (short["alone"], short["contract"], short["declarer"]) == (1, "hearts", 1)
    assert score_outcome(TWENTY_NINE, short).match_points == state.score.match_points == (0, 3)
    full = {"contract": "hearts", "declarer": 1, "alone": 1, "first_leader": 1,
            "tricks": [{"cards": [str(CARDS[c]) for c in cards], "winner": winner} for _, cards, winner in state.tricks]}
    assert score_outcome(TWENTY_NINE, full).match_points == (0, 3)


def test_an_outcome_refuses_a_single_hand_where_there_is_none() -> None:
    """Bad input gets the place and what would be valid: no single hand in Bulgarian, the lone player declares and
    leads, and a trick of a single hand has three cards."""
    from belot_rules.rules.outcome.parse import OutcomeError, score_outcome

    bulgarian = Ruleset(load_variant_model("bulgarian").variant)
    with pytest.raises(OutcomeError, match="bulgarian has no single hand"):
        score_outcome(bulgarian, {"contract": "hearts", "declarer": 1, "alone": 1, "first_leader": 1,
                                  "points": [0, 152], "last_trick": 1, "trick_counts": [0, 8]})
    with pytest.raises(OutcomeError, match="the lone player declares a single hand: seat 1, not 0"):
        score_outcome(TWENTY_NINE, {"contract": "hearts", "declarer": 0, "alone": 1, "first_leader": 1,
                                    "points": [0, 20], "last_trick": 1, "trick_counts": [0, 8]})
    state = laid(SOLID)
    state.apply("no single hand")
    state.apply("single hand")
    while state.phase != OVER:
        state.apply(state.legal_actions()[0])
    tricks = [{"cards": [str(CARDS[c]) for c in cards]} for _, cards, _ in state.tricks]
    tricks[0]["cards"].append("KH")  # the partner's card: he sat out
    with pytest.raises(OutcomeError, match=r"tricks\[0\]\.cards: 4 given; it takes 3"):
        score_outcome(TWENTY_NINE, {"contract": "hearts", "declarer": 1, "alone": 1, "first_leader": 1,
                                    "tricks": tricks})


def test_a_simulation_counts_single_hands_and_resumes_their_file(tmp_path: Path) -> None:
    """simulate reports the single hand beside the contracts (random players take it up often), and a results file
    holding single hands is read back on --resume (a name the chunks count, not a stranger)."""
    from belot_rules.sim.simulate import DEALS, simulate

    out = tmp_path / "run.jsonl"
    first = simulate(TWENTY_NINE, DEALS, 40, ("random",) * 4, out=out)
    share = next(s.value for s in first.statistics() if s.key == "single_hand")
    again = simulate(TWENTY_NINE, DEALS, 40, ("random",) * 4, out=out, resume=True)
    assert share is not None and next(s.value for s in again.statistics() if s.key == "single_hand") == share
    assert first.tally.counts.get("contract.single_hand", 0) > 10


def test_a_single_hand_outcome_is_not_checked_for_revokes_by_the_bid_s_trumps_twenty_nine_7() -> None:
    """§7: a single hand is played without trumps by three seats; checked for revokes as if hearts were trump and
    four seats played, a sound deal of a house file with the trump shown at once got false warnings."""
    from belot_rules.rules.outcome.revokes import revokes

    data = TWENTY_NINE.variant.model_dump()
    data["play"]["trump_shown"] = "at_once"
    shown = Ruleset(Variant.model_validate(data))
    state = DealState.from_hands(shown, [mask_of(h.split()) for h in SOLID], 3, "hearts", 0, alone=1)
    while state.phase != OVER:
        state.apply(state.legal_actions()[-1])  # spades led: the hearts played under them are no trumps
    outcome = {"contract": "hearts", "declarer": 1, "alone": 1, "first_leader": 1,
               "tricks": [{"cards": [str(CARDS[c]) for c in cards], "winner": winner} for _, cards, winner in state.tricks]}
    assert revokes(shown, outcome) == []
