"""Cards as players write them, and the 32-bit card sets the engine runs on."""

import pytest
from hypothesis import given, strategies as st

from belot_rules.cards import (
    CARDS,
    FULL_DECK,
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
    Card,
    CardError,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize("text", ["JH", "jh", "10h", "TH", "T♥", "j♥", " JH "])
def test_every_spelling_of_a_card_parses(text: str) -> None:
    expected = Card(4, 2) if text.strip()[0] in "Jj" else Card(3, 2)
    assert parse_card(text) == expected


def test_str_is_rank_then_suit() -> None:
    assert str(parse_card("j♥")) == "JH"
    assert str(parse_card("10s")) == "TS"
    assert parse_card("TD").symbol() == "10♦"


@pytest.mark.parametrize("text", ["", "J", "1H", "JX", "11H", "JHH"])
def test_nonsense_is_a_card_error(text: str) -> None:
    with pytest.raises(CardError):
        parse_card(text)


def test_parse_cards_takes_a_list_or_a_string() -> None:
    assert parse_cards("JH, 9H AS") == parse_cards(["JH", "9H", "AS"])


def test_the_deck_has_32_distinct_cards_in_four_suit_bytes() -> None:
    assert len(set(CARDS[:32])) == 32
    assert mask_of(CARDS[:32]) == FULL_DECK
    assert all(mask_of(c for c in CARDS[:32] if c.suit == s) == SUIT_MASKS[s] & FULL_DECK for s in range(4))


def test_the_sixes_of_the_36_card_pack_follow_the_32_cards() -> None:
    """schieber.md §1: the 36-card pack adds the 6s; each is card 32 + suit, so the 32 cards keep their indices."""
    assert len(set(CARDS)) == 36
    assert [str(c) for c in CARDS[32:]] == ["6C", "6D", "6H", "6S"]
    assert all(mask_of(c for c in CARDS if c.suit == s) == SUIT_MASKS[s] for s in range(4))
    assert parse_card("6♥") == CARDS[34] and parse_card("6h").index == 34 and CARDS[34].symbol() == "6♥"
    assert [SUIT_OF[c.index] for c in CARDS] == [c.suit for c in CARDS]
    assert [RANK_OF[c.index] for c in CARDS] == [c.rank for c in CARDS]


@given(st.sets(st.sampled_from(CARDS)))
def test_mask_of_and_cards_of_round_trip(cards: set[Card]) -> None:
    mask = mask_of(cards)
    assert cards_of(mask) == sorted(cards, key=lambda c: c.index)
    assert mask_of(str(c) for c in cards) == mask
