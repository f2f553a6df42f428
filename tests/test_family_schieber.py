"""Schieber Jass (variants/schieber.yaml), each rule pinned to its section of rules/family/schieber.md, with the
write-up's worked examples on the 36-card pack."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.cards import parse_card
from belot_rules.engine.actions import CALL
from belot_rules.engine.deal import DealState
from belot_rules.engine.playout import random_deal
from belot_rules.engine.runner import play_match
from belot_rules.players import make_player
from belot_rules.rules.match.end import MatchEnd
from belot_rules.ruleset import Ruleset

EXAMPLES = Path(__file__).resolve().parent.parent / "variants" / "examples"


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_variant("schieber")


def _mask(cards: str) -> int:
    return sum(parse_card(card).bit for card in cards.split())


def _short(rules: Ruleset, contract: str, points: list[int], last: int, declarations: list[dict[str, object]],
           trick_counts: list[int] | None = None, name: str = "schieber") -> tuple[int, ...]:
    outcome: dict[str, object] = {"variant": name, "contract": contract, "declarer": 0, "points": points,
                                  "last_trick": last, "declarations": declarations}
    if trick_counts is not None:
        outcome["trick_counts"] = trick_counts
    return rules.score_deal(outcome).match_points


def test_36_cards_nine_each_157_a_deal_schieber_1(rules: Ruleset) -> None:
    """schieber.md §1-2: 36 cards, nine each; every contract counts 152 card points and 5 for the last trick."""
    assert (rules.seating.pack_size, rules.seating.hand_size) == (36, 9)
    assert rules.contracts == ("clubs", "diamonds", "hearts", "spades", "no_trumps", "undenufe")
    assert {c: rules.tables[c].total_points + 5 for c in rules.contracts} == dict.fromkeys(rules.contracts, 157)


@pytest.mark.parametrize("contract, trick, hand, legal", [
    ("hearts", "6H 8H", "AS KS JH 6C 7C", "AS KS JH 6C 7C"),   # §4.3.2: a bare trump Jack is never forced
    ("hearts", "TS 6C", "AS KS JH 9C 7C", "AS KS JH"),          # §4.2.1: follow suit or trump instead
    ("hearts", "TC AC TH", "AS KS JH 8H 6H 7C 6C", "7C 6C JH"),  # §4.2.3: no undertrumping
    ("spades", "KH JS", "AS KS 7S 8H 6H 7C 6C", "8H 6H"),       # §4.2.3: no trump beats the Jack
    ("diamonds", "TC JD TH", "AD KD 8D", "AD KD 8D"),           # §4.2.3: nothing but trumps
    ("no_trumps", "QS", "AS KS 7H JH", "AS KS"),                # §4.1 Obenabe
    ("undenufe", "6C", "AS KS 7H JH", "AS KS 7H JH"),           # §4.1 Undenufe
])
def test_legal_cards_schieber_4_4(rules: Ruleset, contract: str, trick: str, hand: str, legal: str) -> None:
    """schieber.md §4.4: jass-kit's legal-card cases (``test/game/test_rule_schieber.py``, HSLU), through the public
    API (jass-kit's second case holds the 6C played in the hand: a 9C here)."""
    table = list(enumerate(trick.split()))
    assert {str(c) for c in rules.legal_cards(contract, hand.split(), table, seat=len(table))} == set(legal.split())


def test_forehand_names_or_pushes_and_the_partner_must_choose_schieber_3(rules: Ruleset) -> None:
    """schieber.md §3.1-3.4: forehand names one of the six contracts or pushes; after a push his partner must name
    one (no push back) and forehand still leads to trick 1."""
    state = DealState.start(rules, list(range(36)), 3)
    forehand = state.to_act
    assert forehand == 0
    calls = {str(a) for a in state.legal_actions()}
    assert calls == {"push", "clubs", "diamonds", "hearts", "spades", "no_trumps", "undenufe"}
    state.apply("push")
    assert state.to_act == 2
    assert {str(a) for a in state.legal_actions()} == calls - {"push"}
    state.apply("undenufe")
    while state.legal_actions() and state.legal_actions()[0].kind not in (CALL,) and state.tricks == [] \
            and not state.trick and state.to_act != forehand:
        state.apply(state.legal_actions()[0])
    assert state.contract == "undenufe" and state.leader == forehand


@pytest.mark.parametrize("cards, points", [
    ("6H 7H 8H", 20), ("6H 7H 8H 9H", 50), ("6H 7H 8H 9H TH", 100), ("6H 7H 8H 9H TH JH", 150),
    ("6H 7H 8H 9H TH JH QH", 200), ("6H 7H 8H 9H TH JH QH KH", 250), ("6H 7H 8H 9H TH JH QH KH AH", 300),
    ("JC JD JH JS", 200), ("9C 9D 9H 9S", 150), ("AC AD AH AS", 100), ("6C 6D 6H 6S", 100),
])
def test_weis_values_schieber_5_1(rules: Ruleset, cards: str, points: int) -> None:
    """schieber.md §5.1: runs 20/50/100 and the long runs 150-300 (JVZ), four Jacks 200, four 9s 150, other
    quartets 100, the 6s included (JVZ); in every contract, Obenabe and Undenufe too."""
    for contract in ("clubs", "no_trumps", "undenufe"):
        assert [d.points for d in rules.declarations.held(_mask(cards), contract)] == [points]


def test_the_best_single_weis_takes_all_more_cards_first_schieber_5_2(rules: Ruleset) -> None:
    """schieber.md §5.2: the team with the best single Weis scores all of its players' Weis; at equal points the
    longer wins (a five-card run beats four aces, JKO); equal runs: the trump one, then the player nearest
    forehand."""
    decl = rules.declarations
    run = decl.held(_mask("6S 7S 8S 9S TS"), "hearts", seat=1)
    aces = decl.held(_mask("AC AD AH AS"), "hearts", seat=0)
    tierce = decl.held(_mask("6D 7D 8D"), "hearts", seat=3)
    kept = decl.resolve([*aces, *run, *tierce], "hearts").kept
    assert {(d.seat, d.points) for d in kept} == {(1, 100), (3, 20)}
    plain = decl.held(_mask("6C 7C 8C"), "hearts", seat=0)
    trump = decl.held(_mask("6H 7H 8H"), "hearts", seat=1)
    assert [d.seat for d in decl.resolve([*plain, *trump], "hearts").kept] == [1]
    other = decl.held(_mask("6D 7D 8D"), "hearts", seat=1)
    assert [d.seat for d in decl.resolve([*plain, *other], "hearts", first_seat=0).kept] == [0]


def test_stoeck_only_in_a_trump_contract_schieber_5_3(rules: Ruleset) -> None:
    """schieber.md §5.3: the king and queen of trumps (Stöck) score 20; there are none in Obenabe or Undenufe."""
    hand = _mask("KH QH 6C")
    assert rules.declarations.belote_suits(hand, "hearts") == [2]
    assert rules.declarations.belote_suits(hand, "no_trumps") == [] == rules.declarations.belote_suits(hand, "undenufe")


def test_worked_example_stoeck_and_weis_schieber_6_4(rules: Ruleset) -> None:
    """schieber.md §6.4 (constructed): hearts trump, team A has Stöck and 100 card points, team B 57 with the last
    trick and the best Weis, a 50: A 120, B 107; no contract is at stake (§6.1)."""
    declarations = [{"side": 0, "kind": "belote", "suit": "H"}, {"side": 1, "kind": "sequence", "points": 50}]
    assert _short(rules, "hearts", [100, 52], 1, declarations) == (120, 107)


def test_match_all_nine_tricks_257_schieber_6_2(rules: Ruleset) -> None:
    """schieber.md §6.2: a team that takes all nine tricks scores 157 + 100 = 257, in every contract."""
    for contract in ("spades", "no_trumps", "undenufe"):
        assert _short(rules, contract, [152, 0], 0, [], trick_counts=[9, 0]) == (257, 0)


def test_the_match_ends_the_moment_a_team_reaches_1000_stoeck_weis_tricks_schieber_7(rules: Ruleset) -> None:
    """schieber.md §7: the game ends as soon as a team reaches 1000, counting Stöck, then Weis, then the tricks:
    at 990 / 960 team B's 50 Weis wins before team A's first trick of 30, though A ends the deal higher."""
    score = rules.score_deal({"variant": "schieber", "contract": "hearts", "declarer": 0, "points": [120, 32],
                              "last_trick": 0, "declarations": [{"side": 1, "kind": "sequence", "points": 50}]})
    tricks = [(0, 30), (1, 32), (0, 40), (0, 50)]  # sides and card points of the tricks, in play order
    end = MatchEnd(1000)
    assert rules.match.first_to_reach(end, [990, 960], score, tricks) == 1
    assert rules.match.first_to_reach(end, [990, 900], score, tricks) == 0  # B's 50 stops at 950
    assert rules.match.first_to_reach(end, [800, 800], score, tricks) is None


def test_bots_finish_a_match_and_the_winner_reached_1000_first_schieber_7(rules: Ruleset) -> None:
    """The heuristic bots play a whole match to 1000; the last deal's winner is the side that first reached it."""
    match = play_match(rules, [make_player("heuristic", rules, seat) for seat in range(4)], seed=1)
    assert match.winner is not None and max(match.board) >= 1000
    assert match.board[match.winner] >= 1000


def test_random_deals_keep_157_and_the_push_leaves_forehand_leading_schieber_3_6(rules: Ruleset) -> None:
    """schieber.md §3.4 and §6.1: in random deals forehand leads to trick 1 and both teams' card points and last
    trick add up to 157 (one side's 257 with a match)."""
    for seed in range(20):
        state = random_deal(rules, random.Random(seed), dealer=seed % 4)
        assert state.tricks[0][0] == state.first_seat
        parts = state.score.parts
        assert sum(p.cards + p.last_trick for p in parts) == 157
        assert sum(p.bonus for p in parts) == (100 if state.score.capot_team is not None else 0)


def test_multipliers_of_the_2500_preset_schieber_6_3_6_4() -> None:
    """schieber.md §6.3-6.4 (variants/examples/schieber-2500.yaml, SWL): spades ×2, so a match is (157 + 100) × 2 = 514
    (JWK); Obenabe ×3, so four queens and a three-card run of one team are (100 + 20) × 3 = 360 Weis points (JKA);
    hearts count once; the game goes to 2500."""
    rules = load_variant(EXAMPLES / "schieber-2500.yaml")
    assert rules.variant.match.target == 2500
    assert _short(rules, "spades", [152, 0], 0, [], trick_counts=[9, 0], name="schieber-2500") == (514, 0)
    weis = [{"side": 0, "kind": "quad", "points": 100}, {"side": 0, "kind": "sequence", "points": 20}]
    score = rules.score_deal({"variant": "schieber-2500", "contract": "no_trumps", "declarer": 0, "points": [0, 152],
                              "last_trick": 1, "declarations": weis, "trick_counts": [0, 9]})
    assert score.match_points[0] == 360
    assert _short(rules, "hearts", [100, 52], 1, [], name="schieber-2500") == (100, 57)


def test_the_tournament_form_schieber_8() -> None:
    """schieber.md §8 and §6.2 (variants/examples/schieber-turnier.yaml, TOUR): no Weis, no Stöck, no bonus for all nine
    tricks, a Passe of 12 deals; a random deal still counts 157."""
    rules = load_variant(EXAMPLES / "schieber-turnier.yaml")
    assert rules.declarations.held(_mask("6H 7H 8H JC JD JH JS"), "hearts") == []
    assert rules.declarations.belote_suits(_mask("KH QH"), "hearts") == []
    assert _short(rules, "spades", [152, 0], 0, [], trick_counts=[9, 0], name="schieber-turnier") == (157, 0)
    assert (rules.variant.match.target, rules.variant.match.deals) == (None, 12)
    match = play_match(rules, [make_player("random", rules, seat) for seat in range(4)], seed=2)
    assert len(match.deals) >= 12 and sum(match.board) == 157 * len(match.deals)
