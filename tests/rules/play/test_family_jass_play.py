"""The Jass play rules (rules/family/schieber.md §4) as options any variant sets: a Bulgarian house file plays
with them here. The positions are jass-kit's (HSLU, ``test/game/test_rule_schieber.py``, quoted in schieber.md
§4.4) moved to a 32-card pack: a 6 there is a card of the same suit without points here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import CARDS
from belot_rules.engine.playout import random_deal
from belot_rules.errors import VariantError
from belot_rules.rules.outcome.revokes import revokes
from belot_rules.rules.play.jass import JassObligations
from belot_rules.ruleset import Ruleset

JASS_PLAY = ("play: {trump_instead_of_following: allowed, void_trumping: optional, bare_trump_jack: exempt,\n"
             "       trump_lead_overtrump: never, undertrump: forbidden_unless_only_trumps}\n")


def _house(tmp_path: Path, play: str = JASS_PLAY, name: str = "jass") -> Ruleset:
    path = tmp_path / f"{name}.yaml"
    path.write_text("extends: bulgarian\n" + play, encoding="utf-8")
    return load_variant(path)


def _legal(rules: Ruleset, contract: str, hand: str, trick: str) -> set[str]:
    cards = trick.split()
    table = [(i, c) for i, c in enumerate(cards)]
    return {str(c) for c in rules.legal_cards(contract, hand.split(), table, seat=len(cards))}


@pytest.mark.parametrize("contract, trick, hand, legal", [
    # §4.3.2 jass-kit test_trump_jack: trumps led, the Jack the only trump: any card.
    ("hearts", "7H 8H", "AS KS JH 8C 7C", "AS KS JH 8C 7C"),
    # §4.2.1: holding the led suit, follow or trump; another suit is not allowed.
    ("hearts", "TS 8C", "AS KS JH 9C 7C", "AS KS JH"),
    # §4.2.1 and 3: follow, or trump over the highest trump (the 10): the 8 and 7 would undertrump.
    ("hearts", "TC AC TH", "AS KS JH 8H 7H 7C 8C", "7C 8C JH"),
    # §4.2.3: no trump beats the Jack, so only the led suit.
    ("spades", "KH JS", "AS KS 7S 8H 7H 7C 8C", "8H 7H"),
    # §4.2.3: nothing but trumps: any of them, under the Jack or not.
    ("diamonds", "TC JD TH", "AD KD 8D", "AD KD 8D"),
    # §4.1 Obenabe: follow suit.
    ("no_trumps", "QS", "AS KS 7H JH", "AS KS"),
])
def test_jass_kit_positions_schieber_4_4(tmp_path: Path, contract: str, trick: str, hand: str, legal: str) -> None:
    """schieber.md §4.4, jass-kit's legal-card cases (seat to play after the trick's cards)."""
    assert _legal(_house(tmp_path), contract, hand, trick) == set(legal.split())


@pytest.mark.parametrize("trick, hand, legal", [
    ("AC", "AS 7H 8D", "AS 7H 8D"),        # §4.2.2: void, no duty to trump, even against an opponent
    ("AC 9H", "AS 7H 8D", "AS 8D"),        # §4.2.3: but no trump under the 9 while another card is held
    ("AC 9H", "AS JH 8D", "AS JH 8D"),     # a trump over the 9 is allowed
    ("AC 9H", "7H 8H", "7H 8H"),           # only trumps: any
    ("7H", "JH 8H AS", "JH 8H"),           # §4.3.2: the Jack with other trumps: a trump, the Jack among them
    ("9H", "8H AH AS", "8H AH"),           # §4.3.1: trumps led, any trump, no duty to beat the 9
])
def test_void_and_trump_lead_schieber_4_2_and_4_3(tmp_path: Path, trick: str, hand: str, legal: str) -> None:
    assert _legal(_house(tmp_path), "hearts", hand, trick) == set(legal.split())


def test_refusals_say_the_jass_rule(tmp_path: Path) -> None:
    """A refused card is told in the player's words: follow or trump; no undertrump."""
    rules = _house(tmp_path)
    assert rules.illegal_reason("hearts", "AS KS JH 9C 7C".split(), [(0, "TS"), (1, "8C")], "9C") == (
        "you must follow suit or play a trump")
    assert rules.illegal_reason("hearts", "AS KS JH 8H 7H 7C 8C".split(), [(0, "TC"), (1, "AC"), (2, "TH")],
                                "8H") == "you may not play a trump lower than the table's while you hold another card"


@pytest.mark.parametrize("play, trick, hand, legal", [
    ("play: {bare_trump_jack: exempt}\n", "7H", "JH AS", "JH AS"),
    ("play: {trump_instead_of_following: allowed}\n", "AC", "7C JH AS", "7C JH"),
    ("play: {void_trumping: optional}\n", "AC 9H", "AS 7H", "AS 7H"),
    ("play: {void_trumping: optional, undertrump: forbidden_unless_only_trumps}\n", "AC 9H", "AS 7H", "AS"),
    ("play: {trump_lead_overtrump: never}\n", "9H", "8H AH", "8H AH"),
])
def test_each_jass_rule_alone(tmp_path: Path, play: str, trick: str, hand: str, legal: str) -> None:
    """Each rule is its own option: one set alone leaves the others as Bulgarian plays them."""
    assert _legal(_house(tmp_path, play), "hearts", hand, trick) == set(legal.split())


def test_validate_refuses_a_required_undertrump_without_the_duty_to_trump(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="undertrump required makes a void player play a lower trump"):
        _house(tmp_path, "play: {void_trumping: optional, undertrump: required}\n")


def test_jass_rules_play_outside_the_kernel_and_every_card_is_legal(tmp_path: Path) -> None:
    """The compiled kernel does not know these rules: random deals are played in Python, and the scorekeeper's
    revoke check, which reads the same rules, finds no card the rules refuse."""
    rules = _house(tmp_path)
    assert isinstance(rules.obligations["hearts"], JassObligations) and not rules.obligations["hearts"].kernel_plays
    assert load_variant("bulgarian").obligations["hearts"].kernel_plays
    for seed in range(40):
        state = random_deal(rules, random.Random(seed))
        if state.contract is None:
            continue
        outcome = {"contract": state.contract, "declarer": state.declarer, "multiplier": state.multiplier,
                   "tricks": [{"cards": [str(CARDS[c]) for c in cards]} for _, cards, _ in state.tricks],
                   "first_leader": state.tricks[0][0]}
        assert revokes(rules.variant, outcome) == []


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.permutations(range(32)), st.integers(0, 3), st.sampled_from(["hearts", "spades", "no_trumps", "all_trumps"]))
def test_legal_cards_are_held_and_never_none(deck: list[int], played: int, contract: str) -> None:
    """Invariant: whatever the trick, the legal cards are a non-empty part of the hand."""
    rules = _JASS
    obligations = rules.obligations[contract]
    hand = sum(1 << c for c in deck[:8])
    trick = deck[8:8 + played]
    if trick:
        legal = obligations.legal(hand, trick)
        assert legal and not legal & ~hand


_JASS = load_variant(Path(__file__).parents[3] / "variants" / "examples" / "bulgarian-jass-play.yaml")
