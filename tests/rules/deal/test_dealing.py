"""Dealing, the dealer's rotation and belote in play, pinned to rules/bulgarian.md §2, §5.3 and rules/french.md §3, §6."""

from __future__ import annotations

import random

import pytest

from belot_rules import load_variant
from belot_rules.cards import CARDS, mask_of
from belot_rules.engine.deal import BIDDING, OVER, PLAYING, DealState
from belot_rules.engine.match import MatchState
from belot_rules.ruleset import Ruleset
from belot_rules.variant.model import Variant

DECK = list(range(32))  # top card first: 7C 8C 9C TC JC QC KC AC 7D ...


def hand(state: DealState, seat: int) -> int:
    return state.hands[seat].bit_count()


def test_bulgarian_3_then_2_before_bidding_from_dealers_right_SF_1():
    """SF §1: 3 cards each then 2, starting with the player on the dealer's right (seat dealer+1)."""
    state = DealState.start(load_variant("bulgarian"), DECK, dealer=3)
    assert [hand(state, s) for s in range(4)] == [5, 5, 5, 5]
    assert state.hands[0] & mask_of([0, 1, 2]) == mask_of([0, 1, 2])  # seat 0 got the top 3
    assert state.to_act == 0, "SF §2: the player to the dealer's right bids first"


def test_bulgarian_three_more_after_the_auction_and_first_lead_SF_2_3():
    state = DealState.start(load_variant("bulgarian"), DECK, dealer=3)
    for call in ("hearts", "pass", "pass", "pass"):
        state.apply(call)
    assert state.phase in (PLAYING, "declaring")
    assert [hand(state, s) for s in range(4)] == [8, 8, 8, 8]
    assert state.to_act == 0, "SF §3: the player to the dealer's right leads"


def test_french_turned_card_goes_to_the_taker_with_2_more_FFB_B_3_5():
    """FFB-B 3.5, S1, S4: the taker receives the turned card and 2 cards, the others 3."""
    state = DealState.start(load_variant("french"), DECK, dealer=3)
    turned = state.turned_card
    assert turned == 20 and state.view(0).turned_card == str(CARDS[20])
    state.apply("pass")
    state.apply(["clubs", "diamonds", "hearts", "spades"][turned >> 3])  # seat 1 takes
    assert state.hands[1] >> turned & 1
    assert [hand(state, s) for s in range(4)] == [8, 8, 8, 8]


def test_point_bids_on_a_turned_card_end_after_three_passes_taker_gets_the_turned_card_S1():
    """S1: a bid on the turned suit followed by three passes ends the auction; the taker receives
    the turned card and 2 more, the others 3. Two rounds of passes void the deal."""
    ruleset = load_variant("french-point-bids")
    state = DealState.start(ruleset, DECK, dealer=3)
    turned = state.turned_card
    suit = ["clubs", "diamonds", "hearts", "spades"][turned >> 3]
    for call in (f"80 {suit}", "pass", f"90 {suit}", "pass", "pass", "pass"):
        state.apply(call)
    assert (state.contract, state.bid, state.declarer) == (suit, 90, 2)
    assert state.hands[2] >> turned & 1
    assert [hand(state, s) for s in range(4)] == [8, 8, 8, 8]
    void = DealState.start(ruleset, DECK, dealer=3)
    for _ in range(8):
        void.apply("pass")
    assert void.all_passed


def test_coinche_deals_all_eight_before_bidding_3_2_3_FFB_C_3_4():
    state = DealState.start(load_variant("coinche"), DECK, dealer=3)
    assert [hand(state, s) for s in range(4)] == [8, 8, 8, 8]
    assert state.phase == BIDDING and state.turned_card == -1


def test_second_packets_from_the_taker_option_qcsalon():
    variant = load_variant("french").variant
    taker_first = Variant.model_validate(
        variant.model_dump() | {"deal": variant.deal.model_dump() | {"second_packets_start": "taker"}}
    )
    state = DealState.start(Ruleset(taker_first), DECK, dealer=3)
    state.apply("pass")
    state.apply(["clubs", "diamonds", "hearts", "spades"][state.turned_card >> 3])
    assert state.hands[1] & mask_of([21, 22]) == mask_of([21, 22])  # the stock's next 2 went to the taker


def test_all_pass_deal_is_void_and_next_dealer_deals_SF_HIT():
    ruleset = load_variant("bulgarian")
    match = MatchState.new(ruleset, seed=1, first_dealer=2)
    for _ in range(4):
        match.apply("pass")
    assert match.deals[0].contract is None and match.dealer == 3
    assert match.board == [0, 0]


def test_all_pass_same_dealer_option_ASCEE_8():
    variant = load_variant("french").variant
    same = Variant.model_validate(variant.model_dump() | {"deal": variant.deal.model_dump() | {"all_pass": "same_dealer"}})
    match = MatchState.new(Ruleset(same), seed=1, first_dealer=2)
    for _ in range(8):
        match.apply("pass")
    assert match.dealer == 2


def test_dealer_rotates_to_the_next_seat_every_deal_SF():
    ruleset = load_variant("bulgarian")
    match = MatchState.new(ruleset, seed=4, first_dealer=0)
    rng = random.Random(0)
    dealers = [match.dealer]
    while len(match.deals) < 3 and not match.over:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
        if match.current and match.current.dealer != dealers[-1] and not match.current.history:
            dealers.append(match.current.dealer)
    assert len(dealers) >= 2 and dealers == [0, 1, 2, 3][:len(dealers)]


def test_cut_only_gathers_the_tricks_in_play_order_then_cuts_S2_S3():
    """Seeds 002/003: the pack is never shuffled; the tricks are gathered and only cut."""
    ruleset = load_variant("bulgarian-cut-only")
    match = MatchState.new(ruleset, seed=9)
    rng = random.Random(1)
    while not match.deals or match.deals[-1].contract is None:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    _, cut = _gathered_and_cut(match)
    assert ruleset.variant.deal.cut_min <= 32 - cut <= 32 - ruleset.variant.deal.cut_min


def _gathered_and_cut(match: MatchState) -> tuple[list[int], int]:
    """The last deal's tricks in play order (then the cards no trick took), checked to be the next pack once
    cut; and where it was cut."""
    previous = match.deals[-1]
    state = DealState.start(match.ruleset, previous.deck, previous.dealer)
    for action in previous.actions:
        state.apply(action)
    gathered = [c for _, cards, _ in state.tricks for c in cards] or list(previous.deck)
    gathered += [c for c in previous.deck if c not in gathered]
    new_deck = list(match.current.deck)
    cut = new_deck.index(gathered[0])
    assert new_deck[cut:] + new_deck[:cut] == gathered and len(gathered) == match.ruleset.seating.pack_size
    return gathered, cut


@pytest.mark.parametrize("base", ["klaberjass", "belote-a-trois-32", "debertz-3"])
def test_cut_only_gathers_the_cards_no_trick_took_under_the_tricks(base: str, tmp_path) -> None:
    """A house file with ``deal.shuffle: cut_only`` where a stock stays undealt or a chien is laid aside: the
    next pack is the tricks in play order over the cards left out, so every card is dealt again."""
    house = tmp_path / "cut.yaml"
    house.write_text(f"title: cut only\nextends: {base}\ndeal: {{shuffle: cut_only}}\n")
    ruleset = load_variant(str(house))
    match = MatchState.new(ruleset, seed=4)
    rng = random.Random(2)
    while len(match.deals) < 3 and not match.over:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    _gathered_and_cut(match)


def _belote_deal(contract: str, lead: str, card: str) -> DealState:
    """Seat 0 holds KS and QS; the trick so far is ``lead`` by seat 3, then seat 0 plays ``card``."""
    ruleset = load_variant("bulgarian")
    state = DealState.start(ruleset, DECK, dealer=2)
    state.hands = [mask_of(["KS", "QS", "7D", "8D", "9D", "TD", "JD", "QD"]),
                   mask_of(["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]),
                   mask_of(["KD", "AD", "7H", "8H", "9H", "TH", "JH", "QH"]),
                   mask_of(["7S", "8S", "9S", "TS", "JS", "AS", "KH", "AH"])]
    state.phase, state.contract, state.declarer, state.leader = PLAYING, contract, 0, 3
    state.belote_suits = [list(ruleset.declarations.belote_suits(h, contract)) for h in state.hands]
    state.declared = {s: () for s in range(4)}
    state.apply(lead)
    state.apply(card)
    return state


def test_belote_counts_when_led_or_following_SF_HIT():
    state = _belote_deal("all_trumps", "7S", "KS")
    assert state.belotes == [(0, 3)]


def test_belote_lost_when_discarded_in_all_trumps_NIK_IsBeloteAllowed():
    """bulgarian.md §5.3: in all-trumps the belote is lost if its first card is discarded on another led suit."""
    state = _belote_deal("all_trumps", "KH", "KS")
    assert state.belotes == []


def test_belote_counts_on_a_trump_lead_in_a_suit_contract_SF():
    state = _belote_deal("spades", "7S", "QS")
    assert state.belotes == [(0, 3)]


def test_required_announcement_offers_the_card_with_and_without_belote_FFB_B_7():
    variant = load_variant("french").variant
    announced = Variant.model_validate(variant.model_dump() | {
        "declarations": variant.declarations.model_dump()
        | {"belote": variant.declarations.belote.model_dump() | {"announcement": "required"}}})
    ruleset = Ruleset(announced)
    for seed in range(200):
        rng = random.Random(seed)
        state = DealState.start(ruleset, rng.sample(range(32), 32), 0)
        while state.phase != OVER:
            texts = [str(a) for a in state.legal_actions()]
            if any(t.endswith(" belote") for t in texts):
                card = next(t for t in texts if t.endswith(" belote")).split()[0]
                assert card in texts  # the same card without announcing is also legal
                return
            state.apply(texts[rng.randrange(len(texts))])
    raise AssertionError("no deal offered a belote announcement")


def test_turned_card_stays_in_every_view_after_it_is_taken_FFB_B_3_5():
    """Everyone saw the turned card go to the taker: it stays public for the whole deal."""
    state = DealState.start(load_variant("french"), DECK, dealer=3)
    turned = str(CARDS[state.turned_card])
    state.apply("pass")
    state.apply(["clubs", "diamonds", "hearts", "spades"][state.turned_card >> 3])
    assert all(state.view(seat).turned_card == turned for seat in range(4))


def test_an_all_pass_deal_keeps_or_loses_the_reserve_as_the_variant_says_E16():
    """bulgarian-options.md E16: texts keep the hanging points over an all-pass deal; NIK loses them."""
    variant = load_variant("bulgarian").variant
    for kept, expected in ((True, 12), (False, 0)):
        rules = Variant.model_validate(variant.model_dump() | {"scoring": variant.scoring.model_dump() | {
            "reserve": variant.scoring.reserve.model_dump() | {"kept_on_all_pass": kept}}})
        match = MatchState.new(Ruleset(rules), seed=1)
        match.reserve = 12
        for _ in range(4):
            match.apply("pass")
        assert match.reserve == expected and match.current.hanging_in == expected


def test_the_fast_shuffle_draws_and_deals_exactly_as_random_shuffle():
    """Simulations shuffle with ``dealing.shuffle`` for speed: the packs, and the generator's state after
    them, must stay those of ``random.Random.shuffle``, or every seeded result would change."""
    from belot_rules.rules.deal.dealing import shuffle

    class Other(random.Random):  # another generator type shuffles itself
        pass

    for seed in range(300):
        for size in (24, 32):
            for kind in (random.Random, Other):
                ours, theirs = kind(seed), kind(seed)
                mine, expected = list(range(size)), list(range(size))
                for _ in range(3):
                    shuffle(ours, mine)
                    theirs.shuffle(expected)
                    assert mine == expected
                assert ours.random() == theirs.random()
