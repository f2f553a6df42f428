"""Play obligations of the Belot family beyond Bulgarian and French: Amsterdam Klaverjas's
undertrump rule and Bela's duty to head the trick, pinned to rules/family/*.md; and where the shipped
files' play differed from their write-ups, through the public API."""

from __future__ import annotations

import pytest

from belot_rules import load_variant
from belot_rules.cards import cards_of, mask_of, parse_card
from belot_rules.rules.cards.tables import build_contract_tables
from belot_rules.rules.play.obligations import MUST_OVERTAKE, NO_UNDERTRUMP, Obligations
from belot_rules.variant.model import Play, Variant

AMSTERDAM = {"undertrump": "forbidden_unless_only_trumps", "partner_winning_void": "overtrump_if_trumping"}
ROTTERDAM = {"undertrump": "required", "partner_winning_void": "as_if_opponent_winning"}
BELA = {"plain_suit_overtake": "always", "undertrump": "required", "partner_winning_void": "as_if_opponent_winning"}


def obligations(contract: str, play: dict[str, str]) -> Obligations:
    variant = Variant(name="t", title="t", play=Play(**play))
    return Obligations(build_contract_tables(variant, contract), variant.play)


def legal(contract: str, hand: str, trick: str, play: dict[str, str]) -> set[str]:
    """Legal cards of ``hand`` onto ``trick`` (cards in play order, the first led by seat 0)."""
    cards = [parse_card(c).index for c in trick.split()]
    return {str(c) for c in cards_of(obligations(contract, play).legal(mask_of(hand.split()), cards))}


def test_klaverjas_opponent_ruffed_must_overtrump_in_both_systems_klaverjas_4_example_1():
    """klaverjas.md §4 worked example 1: ♣A led, seat 1 ruffs ♥Q; seat 2 holds ♥7 ♥K ♦8 -> only ♥K."""
    assert legal("hearts", "7H KH 8D", "AC QH", AMSTERDAM) == {"KH"}
    assert legal("hearts", "7H KH 8D", "AC QH", ROTTERDAM) == {"KH"}


def test_klaverjas_partner_winning_plain_card_amsterdam_free_rotterdam_must_trump_klaverjas_4_example_2():
    """klaverjas.md §4 worked example 2: partner's ♣A holds, seat 2 void with ♥8 ♠9."""
    assert legal("hearts", "8H 9S", "AC 7C", AMSTERDAM) == {"8H", "9S"}
    assert legal("hearts", "8H 9S", "AC 7C", ROTTERDAM) == {"8H"}


def test_klaverjas_no_undertrumping_the_partner_while_a_plain_card_is_held_klaverjas_4_example_3():
    """klaverjas.md §4 worked example 3: partner (seat 1) wins with ♥K; seat 3 holds ♥8 ♠9.
    Amsterdam: only ♠9 (PEN (2)); Rotterdam: must undertrump, only ♥8; with ♥9 instead, ♥9."""
    assert legal("hearts", "8H 9S", "AC KH 8C", AMSTERDAM) == {"9S"}
    assert legal("hearts", "8H 9S", "AC KH 8C", ROTTERDAM) == {"8H"}
    assert legal("hearts", "9H 9S", "AC KH 8C", ROTTERDAM) == {"9H"}


def test_amsterdam_undertrump_only_when_nothing_else_is_held_klaverjas_4_PEN_1():
    """klaverjas.md §4 Amsterdam: 'ondertroeven is alleen toegestaan als men niet anders kan'."""
    assert legal("hearts", "7H 9S", "AC KH", AMSTERDAM) == {"9S"}
    assert legal("hearts", "7H 8H", "AC KH", AMSTERDAM) == {"7H", "8H"}
    assert legal("hearts", "7H AH 9S", "AC KH", AMSTERDAM) == {"AH"}


def test_amsterdam_refusal_names_the_undertrump_rule_klaverjas_4():
    rules = obligations("hearts", AMSTERDAM)
    trick = [parse_card(c).index for c in ("AC", "KH")]
    assert rules.reason(mask_of(["7H", "9S"]), trick, parse_card("7H").index) == NO_UNDERTRUMP


def test_bela_must_head_a_plain_suit_also_over_the_partner_bela_4_1():
    """bela.md §4.1: beat the highest card of the led suit if able, also when the partner wins."""
    assert legal("hearts", "AC 8C JH", "KC 7C", BELA) == {"AC"}
    assert legal("hearts", "QC 8C", "KC 7C", BELA) == {"QC", "8C"}


def test_bela_a_trump_in_the_trick_frees_the_follower_bela_4_2():
    """bela.md §4.2: once a trump is in a plain-suit trick, any card of the led suit."""
    assert legal("hearts", "AC 8C", "KC JH", BELA) == {"AC", "8C"}


def test_bela_void_must_trump_overtrump_or_undertrump_whoever_wins_bela_4_3():
    """bela.md §4.3: void, must trump; overtrump if able; else still a trump; partner irrelevant."""
    assert legal("hearts", "7H 9S", "AC 8C", BELA) == {"7H"}
    assert legal("hearts", "7H JH 9S", "AC 9H", BELA) == {"JH"}
    assert legal("hearts", "7H 9S", "AC 9H", BELA) == {"7H"}


def test_bela_trump_led_beat_the_highest_trump_bela_4_5():
    assert legal("hearts", "7H AH", "KH QH", BELA) == {"AH"}


def test_head_plain_unless_partner_winning_and_in_no_trumps_option():
    """The plain_suit_overtake option (bela.md §4, generalised): the partner exemption and no-trumps."""
    play = {"plain_suit_overtake": "unless_partner_winning"}
    assert legal("hearts", "AC 8C", "KC 7C", play) == {"AC", "8C"}
    assert legal("hearts", "AC 8C", "KC", play) == {"AC"}
    assert legal("no_trumps", "AC 8C", "KC", {"plain_suit_overtake": "always"}) == {"AC"}
    rules = obligations("hearts", BELA)
    trick = [parse_card(c).index for c in ("KC", "7C")]
    assert rules.reason(mask_of(["AC", "8C"]), trick, parse_card("8C").index) == MUST_OVERTAKE


def test_debertz_three_void_with_only_lower_trumps_must_still_trump_debertz_5() -> None:
    """debertz.md §5 (MEM): void -> must trump. At three, after seat 1 ruffs the ♥A with the ♠J,
    seat 2 (void in hearts, holding ♠7 ♠8 ♣A) cannot over-trump but must still play a trump."""
    rules = load_variant("debertz-3")
    trick = [(0, "AH"), (1, "JS")]
    assert {str(c) for c in rules.legal_cards("spades", ["7S", "8S", "AC"], trick, seat=2)} == {"7S", "8S"}
    assert rules.illegal_reason("spades", ["7S", "8S", "AC"], trick, "AC") == (
        "you cannot overtrump, but you must still play a trump")


def test_debertz_three_void_without_trumps_plays_any_card_debertz_5() -> None:
    """debertz.md §5: the duty to trump needs a trump; without one any card may be played."""
    rules = load_variant("debertz-3")
    assert {str(c) for c in rules.legal_cards("spades", ["AC", "KD"], [(0, "AH"), (1, "JS")], seat=2)} == {"AC", "KD"}


def test_klaverjas_amsterdam_only_trumps_must_overtrump_the_partner_klaverjas_4() -> None:
    """klaverjas.md §4 Amsterdam (KJO-A "als je troeft moet je overtroeven", PEN (2), samenspelers
    art. 10): ♥ trump, ♣A led, partner (seat 1) wins with ♥K; seat 3 holds only ♥8 ♥A -> only ♥A.
    The file let him play ♥8 (partner_winning_void: overtrump_if_trumping exempts a hand of only trumps)."""
    rules = load_variant("klaverjas-amsterdam")
    trick = [(0, "AC"), (1, "KH"), (2, "8C")]
    assert {str(c) for c in rules.legal_cards("hearts", ["8H", "AH"], trick, seat=3)} == {"AH"}
    assert rules.illegal_reason("hearts", ["8H", "AH"], trick, "8H") == (
        "if you trump over your partner's trick, your trump must beat the table")


@pytest.mark.parametrize("hand, legal", [(["8H", "9S"], {"9S"}), (["7H", "8H"], {"7H", "8H"})])
def test_klaverjas_amsterdam_partner_trumped_no_higher_trump_klaverjas_4(hand: list[str], legal: set[str]) -> None:
    """klaverjas.md §4 Amsterdam, worked example 3 and samenspelers art. 10: partner (seat 1) wins with ♥K and
    no trump in hand beats it: a plain card held must be played (no undertrumping); from only trumps, any."""
    trick = [(0, "AC"), (1, "KH"), (2, "8C")]
    assert {str(c) for c in load_variant("klaverjas-amsterdam").legal_cards("hearts", hand, trick, seat=3)} == legal
