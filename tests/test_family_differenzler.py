"""Differenzler (variants/differenzler.yaml), each rule pinned to its section of rules/family/differenzler.md, with
the write-up's worked example: four players each for himself, the dealer's last card names trump, every player
predicts his own points and scores the difference."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.engine.deal import DealState, IllegalAction
from belot_rules.engine.phases import PLAYING, PREDICTING
from belot_rules.engine.playout import play_at_random
from belot_rules.engine.predictions import HIDDEN
from belot_rules.engine.runner import play_match
from belot_rules.errors import UserError
from belot_rules.players import make_player
from belot_rules.ruleset import Ruleset


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_variant("differenzler")


def _deal(rules: Ruleset, seed: int = 1, dealer: int = 3) -> DealState:
    deck = list(rules.seating.cards)
    random.Random(seed).shuffle(deck)
    return DealState.start(rules, deck, dealer)


def _house(tmp_path: Path, body: str) -> Ruleset:
    path = tmp_path / "house.yaml"
    path.write_text("extends: differenzler\nname: house\ntitle: House\n" + body, encoding="utf-8")
    return load_variant(str(path))


def test_36_cards_157_a_deal_suit_contracts_only_differenzler_1_2(rules: Ruleset) -> None:
    """differenzler.md §1 (as Schieber: 36 cards, 157 with the last trick 5) and §2.3 (only suit contracts, never
    Obenabe or Undenufe); four players each for himself, nine cards each (§2.1)."""
    assert (rules.seating.pack_size, rules.seating.hand_size, rules.seating.sides) == (36, 9, 4)
    assert rules.contracts == ("clubs", "diamonds", "hearts", "spades")
    assert set(rules.deck_total.values()) == {157}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_dealers_last_card_names_trump_and_stays_in_his_hand_differenzler_2(rules: Ruleset, seed: int) -> None:
    """differenzler.md §2.2 (JCH-D): trump is the suit of the dealer's last card, shown to all; the card stays in
    its owner's hand. Nobody bids: the deal goes straight to the predictions."""
    state = _deal(rules, seed, dealer=2)
    owner, card = state.view(0).shown_card or (-1, "")
    assert owner == 2 == state.dealer
    assert card in state.view(2).hand
    assert state.contract == {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[card[-1]]
    assert all(state.view(seat).shown_card == (owner, card) for seat in range(4))
    assert state.phase == PREDICTING


def test_each_predicts_0_to_157_in_play_order_hidden_until_the_end_differenzler_3(rules: Ruleset) -> None:
    """differenzler.md §3: each player states an integer 0..157, in play order from seat 0 (forehand), the dealer
    last; hidden (SWL-D): a player sees his own prediction, the others' only once the deal is over."""
    state = _deal(rules)
    assert [str(a) for a in state.legal_actions()] == [f"predict {n}" for n in range(158)]
    with pytest.raises(IllegalAction, match="predict 158"):
        state.apply("predict 158")
    order = []
    for points in (40, 25, 60, 30):
        order.append(state.to_act)
        state.apply(f"predict {points}")
    assert order == [0, 1, 2, 3] and state.dealer == 3
    assert state.phase == PLAYING and state.to_act == 0  # §4: seat 0 leads to trick 1
    assert state.view(1).predictions == (HIDDEN, 25, HIDDEN, HIDDEN)
    play_at_random(state, random.Random(5).random)
    assert state.view(1).predictions == (40, 25, 60, 30)


def test_open_predictions_are_heard_by_all_differenzler_3(tmp_path: Path) -> None:
    """differenzler.md §3 ``[opt:predict.mode = open]`` (JWE-D, JVZ-D): said aloud in turn, seen by every seat."""
    state = _deal(_house(tmp_path, "bidding:\n  predictions: open\n"))
    state.apply("predict 12")
    assert state.view(3).predictions == (12, -1, -1, -1)


@pytest.mark.parametrize("trick, hand, legal", [
    ("TC", "7C JH AS", "7C JH"),                           # follow suit or trump instead (Schieber §4.2.1)
    ("TC AC 9H", "AS KS 8H 6H 6D", "AS KS 8H 6H 6D"),      # void: any card, a lower trump too (SWL-D)
    ("6H 8H", "AS KS JH 6C 7C", "AS KS JH 6C 7C"),         # the bare trump Jack is never forced (SWL-D)
    ("TC AC 9H", "7C 8H AS", "7C 8H"),                     # holding the led suit: a lower trump instead (the file's
])                                                         # reading of what the write-up leaves open)
def test_legal_cards_differenzler_4(rules: Ruleset, trick: str, hand: str, legal: str) -> None:
    """differenzler.md §4: Schieber's card play with the trump-Jack exemption, and undertrumping allowed when void
    in the led suit (SWL-D "Untertrumpfen ist in diesem Fall erlaubt"), where Schieber forbids it."""
    table = list(enumerate(trick.split()))
    assert {str(c) for c in rules.legal_cards("hearts", hand.split(), table, seat=len(table))} == set(legal.split())


def test_schieber_forbids_the_undertrump_differenzler_allows_differenzler_4(rules: Ruleset) -> None:
    """differenzler.md §4: the same void hand in Schieber may not play a trump under the 9."""
    table = list(enumerate("TC AC 9H".split()))
    legal = load_variant("schieber").legal_cards("hearts", "AS KS 8H 6H 6D".split(), table, seat=3)
    assert {str(c) for c in legal} == {"AS", "KS", "6D"}


def test_worked_example_differenzler_5(rules: Ruleset, tmp_path: Path) -> None:
    """differenzler.md §5, worked example: predictions 40 / 25 / 60 / 30, results 47 / 25 / 51 / 34 (157) ->
    penalties 7 / 0 / 9 / 4, written on the board as minus each; with exact_bonus 10 seat 1 gets -10 (+10)."""
    args = ("hearts", 0, 1, [47, 25, 46, 34], [3, 1, 3, 2], 2)
    score = rules.scoring.score(*args, predictions=(40, 25, 60, 30))
    assert score.raw_points == (47, 25, 51, 34)
    assert score.match_points == (-7, 0, -9, -4)
    assert any("Penalty" in line and "player 2 9" in line for line in score.lines)
    bonus = _house(tmp_path, "scoring:\n  exact_prediction_bonus: 10\n")
    assert bonus.scoring.score(*args, predictions=(40, 25, 60, 30)).match_points == (-7, 10, -9, -4)


def test_a_prediction_of_0_earns_the_bonus_only_with_a_trick_differenzler_5(tmp_path: Path) -> None:
    """differenzler.md §5 (JWE-D): a prediction of 0 earns the exact bonus only with a trick taken, worth 0."""
    bonus = _house(tmp_path, "scoring:\n  exact_prediction_bonus: 10\n")
    without = bonus.scoring.score("hearts", 0, 1, [60, 0, 50, 42], [4, 0, 3, 2], 0, predictions=(65, 0, 50, 42))
    with_trick = bonus.scoring.score("hearts", 0, 1, [60, 0, 50, 42], [3, 1, 3, 2], 0, predictions=(65, 0, 50, 42))
    assert (without.match_points[1], with_trick.match_points[1]) == (0, 10)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_penalty_is_the_difference_and_the_points_add_to_157_differenzler_5(rules: Ruleset, seed: int) -> None:
    """differenzler.md §5: the four totals sum to 157 and each board entry is minus |prediction - points taken|."""
    state = play_at_random(_deal(rules, seed, dealer=seed % 4), random.Random(seed).random)
    score = state.score
    assert score is not None and sum(score.raw_points) == 157
    assert score.match_points == tuple(-abs(p - t) for p, t in zip(state.predictions, score.raw_points))


def test_twelve_deals_the_fewest_penalty_points_win_differenzler_6(rules: Ruleset) -> None:
    """differenzler.md §6: a match of 12 deals (JWE-D, JVZ-D); the fewest penalty points (the highest board, each
    entry minus a penalty) wins."""
    match = play_match(rules, [make_player("random", rules, seat) for seat in range(4)], seed=4)
    assert len(match.deals) == 12
    assert all(points <= 0 for points in match.board)
    assert match.drawn or match.board[match.winner or 0] == max(match.board)


@pytest.mark.parametrize("body, reason", [
    ("table: {sides: partners}\n", "each_for_self"),
    ("scoring: {contract: judged}\n", "each_own"),
    ("match: {target: 1000, deals: null}\n", "match.deals"),
    ("bidding: {last_card: on_table}\n", "tableau"),
])
def test_validate_refuses_predictions_that_make_no_sense_differenzler_3(tmp_path: Path, body: str, reason: str) -> None:
    """differenzler.md §3, §5-6: a prediction is of a player's own points (each for himself), it is the score (no
    contract), penalties only grow (a fixed number of deals); the last card shown from a hand is not a tableau's."""
    with pytest.raises(UserError, match=reason):
        _house(tmp_path, body)


def test_the_heuristic_bot_predicts_within_the_deal_and_deterministically_differenzler_3(rules: Ruleset) -> None:
    """differenzler.md §3: the bot's prediction is one of the legal ones, the same for the same hand."""
    state = _deal(rules, 7)
    bot = make_player("heuristic", rules, 0)
    first = bot.choose(state.view(0), state.legal_actions())
    assert first in state.legal_actions()
    assert make_player("heuristic", rules, 9).choose(state.view(0), state.legal_actions()) == first


def test_belot_score_scores_the_worked_example_from_a_scorekeeper_s_outcome_differenzler_5(
        capsys: pytest.CaptureFixture[str]) -> None:
    """differenzler.md §5 through ``belot score`` (the scorekeeper's path): examples/deal-outcome-differenzler-short.yaml
    holds the worked example as counted at the table, the predictions with it; without them it is refused."""
    path = Path(__file__).resolve().parent.parent / "examples" / "deal-outcome-differenzler-short.yaml"
    assert main(["score", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["match_points"] == [-7, 0, -9, -4]
    outcome = yaml.safe_load(path.read_text(encoding="utf-8"))
    del outcome["predictions"]
    with pytest.raises(UserError, match="predictions: missing; differenzler scores each player's prediction"):
        load_variant("differenzler").score_deal(outcome)


def test_the_house_files_of_the_sources_differenzler_3_5_6() -> None:
    """variants/examples: jasswelt.ch's open predictions with 10 off for an exact one (differenzler.md §3, §5 JWE-D),
    and jassen.ch's four deals with a tie played on (§6 JCH-D)."""
    examples = Path(__file__).resolve().parent.parent / "variants" / "examples"
    jasswelt = load_variant(str(examples / "differenzler-jasswelt.yaml"))
    state = _deal(jasswelt)
    state.apply("predict 12")
    assert state.view(2).predictions == (12, -1, -1, -1)
    score = jasswelt.scoring.score("hearts", 0, 1, [47, 25, 46, 34], [3, 1, 3, 2], 2, predictions=(40, 25, 60, 30))
    assert score.match_points == (-7, 10, -9, -4)
    four = load_variant(str(examples / "differenzler-4-deals.yaml"))
    match = play_match(four, [make_player("random", four, seat) for seat in range(4)], seed=2)
    assert len(match.deals) >= 4 and match.winner is not None and not match.drawn
    assert list(match.board).count(max(match.board)) == 1


def test_a_trump_suit_drawn_at_random_differenzler_2(tmp_path: Path) -> None:
    """differenzler.md §2 ``[opt:trump.source = random]`` (SWL-D, DCH), as bidding.last_card random_suit: no card is
    shown, each suit is about as likely, and the same deck names the same suit (a record replays it)."""
    rules = _house(tmp_path, "bidding:\n  last_card: random_suit\n")
    suits = {"clubs": 0, "diamonds": 0, "hearts": 0, "spades": 0}
    last = 0
    for seed in range(200):
        state = _deal(rules, seed, dealer=seed % 4)
        assert state.phase == PREDICTING and state.view(0).shown_card is None
        assert _deal(rules, seed, dealer=seed % 4).contract == state.contract
        suits[state.played_contract()] += 1
        last += state.contract == _deal(load_variant("differenzler"), seed, dealer=seed % 4).contract
    assert all(25 <= count <= 75 for count in suits.values()), suits
    assert last < 100  # not the last card's suit


def test_three_players_differenzler_1_2() -> None:
    """differenzler.md §1-2 (JVZ-D: 3, 4 or 5 players): variants/examples/differenzler-3.yaml deals twelve cards each
    from the whole pack, the dealer's last card names trump, three predictions, the points still add up to 157."""
    rules = load_variant(str(Path(__file__).resolve().parent.parent / "variants" / "examples" / "differenzler-3.yaml"))
    assert (rules.seating.players, rules.seating.hand_size, rules.seating.pack_size) == (3, 12, 36)
    state = _deal(rules, 4, dealer=2)
    assert (state.view(0).shown_card or (-1, ""))[0] == 2 and state.to_act == 0
    play_at_random(state, random.Random(4).random)
    assert state.score is not None and sum(state.score.raw_points) == 157 and len(state.predictions) == 3
