"""Bidding strategies, pinned to rules/bulgarian.md §3 and rules/french.md §4 and §13."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.engine.match import MatchState
from belot_rules.errors import UserError
from belot_rules.rules.bidding.auction import Bidding, build_bidding
from belot_rules.rules.bidding.calls import CAPOT, Auction, Call, IllegalCall
from belot_rules.variant.loader import shipped_names
from belot_rules.variant.model import Variant


def auction_after(variant: Variant, calls: str, turned_suit: int = -1) -> tuple[object, Auction]:
    bidding = build_bidding(variant)
    auction = bidding.auction(0, turned_suit)
    for text in filter(None, (c.strip() for c in calls.split(","))):
        call = Call.parse(text)
        bidding.check(auction, call)
        bidding.apply(auction, call)
    return bidding, auction


def legal(variant: Variant, calls: str, turned_suit: int = -1) -> list[str]:
    bidding, auction = auction_after(variant, calls, turned_suit)
    return [str(c) for c in bidding.legal_calls(auction)]


BULGARIAN = Variant(name="bg", title="bg")
FRENCH = Variant(
    name="fr", title="fr", deal={"turned_card": "after_first_packets"},
    bidding={"style": "turned_card", "contracts": ["clubs", "diamonds", "hearts", "spades"],
             "doubles": {"max_level": 0}},
)
COINCHE = Variant(
    name="co", title="co", deal={"first_packets": [3, 2, 3], "second_packets": []},
    bidding={"style": "point_bids", "contracts": ["clubs", "diamonds", "hearts", "spades"],
             "doubles": {"overbid_after_double": "forbidden", "redouble_ends_auction": True}},
)


def test_ladder_first_call_any_contract_SF_auction():
    """SF/HIT §3.1: clubs < diamonds < hearts < spades < no-trumps < all-trumps; first bidder may pass or bid."""
    assert legal(BULGARIAN, "") == ["pass", "clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps"]


def test_ladder_bid_must_be_higher_and_opponent_may_double_SF():
    assert legal(BULGARIAN, "hearts") == ["pass", "spades", "no_trumps", "all_trumps", "double"]


def test_partner_of_holder_may_not_double_HIT():
    """HIT: contra only when the last valid bid was made by an opponent."""
    assert "double" not in legal(BULGARIAN, "hearts, pass")


def test_redouble_only_by_contract_team_SF_HIT():
    assert "redouble" in legal(BULGARIAN, "hearts, double")
    assert "redouble" not in legal(BULGARIAN, "hearts, double, pass")
    assert "redouble" in legal(BULGARIAN, "hearts, double, pass, pass")


def test_overbid_after_double_cancels_it_HLP_B3():
    bidding, auction = auction_after(BULGARIAN, "hearts, double, spades")
    assert auction.level == 0 and auction.contract == "spades" and auction.declarer == 2


def test_overbid_after_double_contract_team_only_HLP_B3():
    """HLP: the declarer or his partner may escape a contra by bidding higher; the doublers may not."""
    team_only = Variant(name="t", title="t", bidding={"doubles": {"overbid_after_double": "contract_team_only"}})
    assert legal(team_only, "hearts, double") == ["pass", "spades", "no_trumps", "all_trumps", "redouble"]
    assert legal(team_only, "hearts, double, pass") == ["pass"]
    assert legal(team_only, "hearts, double, pass, pass") == ["pass", "spades", "no_trumps", "all_trumps",
                                                              "redouble"]


def test_max_double_level_1_and_3_B4_WIKI():
    """bulgarian-options.md B4: contra only (level 1), or a regional third level (WIKI "сюр-контра")."""
    contra_only = Variant(name="t", title="t", bidding={"doubles": {"max_level": 1}})
    assert "redouble" not in legal(contra_only, "hearts, double")
    three = Variant(name="t", title="t", bidding={"doubles": {"max_level": 3, "multipliers": [2, 4, 8]}})
    assert legal(three, "hearts, double, redouble")[-1] == "redouble"  # the doublers' third level
    assert legal(three, "hearts, double, redouble, redouble") == ["pass", "spades", "no_trumps", "all_trumps"]
    bidding, auction = auction_after(three, "hearts, double, redouble, redouble, pass, pass, pass")
    assert auction.finished and bidding.multiplier(auction) == 8


def test_overbid_after_double_forbidden_option_B3():
    assert legal(COINCHE, "90 hearts, double") == ["pass", "redouble"]


def test_three_passes_end_the_auction_SF():
    _, auction = auction_after(BULGARIAN, "clubs, pass, pass, pass")
    assert auction.finished and auction.contract == "clubs" and auction.declarer == 0


def test_four_initial_passes_is_all_pass_SF():
    _, auction = auction_after(BULGARIAN, "pass, pass, pass, pass")
    assert auction.finished and auction.contract is None


def test_multiplier_contra_2_recontra_4_SF():
    bidding, auction = auction_after(BULGARIAN, "clubs, double, redouble, pass, pass, pass")
    assert auction.finished and bidding.multiplier(auction) == 4


def test_illegal_call_lists_legal_calls():
    with pytest.raises(IllegalCall, match="legal calls: pass, spades"):
        auction_after(BULGARIAN, "hearts, clubs")


def test_turned_card_round_1_only_turned_suit_FFB_B_4_1():
    assert legal(FRENCH, "", turned_suit=2) == ["pass", "hearts"]


def test_turned_card_first_take_ends_bidding_FFB_B_4_1():
    _, auction = auction_after(FRENCH, "pass, hearts", turned_suit=2)
    assert auction.finished and auction.declarer == 1


def test_turned_card_round_2_other_suits_SB_S4():
    assert legal(FRENCH, "pass, pass, pass, pass", turned_suit=2) == ["pass", "clubs", "diamonds", "spades"]


def test_turned_card_two_rounds_of_passes_void_FFB_B_4_2():
    _, auction = auction_after(FRENCH, ", ".join(["pass"] * 8), turned_suit=2)
    assert auction.finished and auction.contract is None


def test_point_bids_from_80_step_10_to_160_and_capot_FFB_C_4_1():
    calls = legal(COINCHE, "")
    assert calls[1] == "80 clubs" and "160 spades" in calls and "capot hearts" in calls
    assert "85 clubs" not in calls and "170 clubs" not in calls


def test_capot_cannot_be_outbid_FFB_C():
    assert legal(COINCHE, "capot hearts") == ["pass", "double"]


def test_surcoinche_ends_auction_FFB_C():
    bidding, auction = auction_after(COINCHE, "100 spades, double, redouble")
    assert auction.finished and bidding.multiplier(auction) == 4


def test_call_text_forms_round_trip():
    for text in ("pass", "double", "redouble", "hearts", "90 spades", "capot clubs"):
        assert str(Call.parse(text)) == text
    assert Call.parse("contra") == Call("double")
    assert Call.parse("capot clubs").points == CAPOT


POINT_BIDS_TURNED = Variant(
    name="pb", title="pb", deal={"turned_card": "after_first_packets"},
    bidding={"style": "turned_card_point_bids", "contracts": ["clubs", "diamonds", "hearts", "spades"],
             "round2_turned_suit": "allowed", "doubles": {"max_level": 0},
             "points": {"maximum_means_capot": True, "capot_bid": False}},
)


def point_bids_turned(**bidding: object) -> Variant:
    data = POINT_BIDS_TURNED.model_dump()
    data["bidding"] |= bidding
    return Variant.model_validate(data)


def test_point_bids_round_1_on_the_turned_suit_round_2_any_suit_S1():
    """S1: round 1 only the turned suit, from 80 up to 160 (capot); in round 2 the suit may change."""
    assert legal(POINT_BIDS_TURNED, "", turned_suit=2)[1:3] == ["80 hearts", "90 hearts"]
    assert all(c.endswith("hearts") for c in legal(POINT_BIDS_TURNED, "90 hearts", turned_suit=2)[1:])
    round2 = legal(POINT_BIDS_TURNED, "90 hearts, pass, pass, 100 hearts, 110 hearts", turned_suit=2)
    assert "120 spades" in round2 and "120 hearts" in round2 and "110 clubs" not in round2
    _, auction = auction_after(POINT_BIDS_TURNED, ", ".join(["pass"] * 8), turned_suit=2)
    assert auction.finished and auction.contract is None


def test_point_bids_on_a_turned_card_follow_the_round_options_french_options_B():
    """french-options.md B: round1_contracts, round2_turned_suit and the number of rounds apply to
    the point-bid turned-card auction as to the classic one (they were accepted and ignored)."""
    with_others = point_bids_turned(contracts=["clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps"],
                                    round1_contracts="turned_suit_and_others")
    assert "80 no_trumps" in legal(with_others, "", turned_suit=2)
    assert "80 spades" not in legal(with_others, "", turned_suit=2)
    forbidden = legal(point_bids_turned(round2_turned_suit="forbidden"), "pass, pass, pass, pass", turned_suit=2)
    assert "80 spades" in forbidden and "80 hearts" not in forbidden
    _, auction = auction_after(point_bids_turned(rounds=1), "pass, pass, pass, pass", turned_suit=2)
    assert auction.finished and auction.contract is None


def test_one_round_of_turned_card_bidding_FFB_B_4():
    _, auction = auction_after(FRENCH.model_copy(update={"bidding": FRENCH.bidding.model_copy(update={"rounds": 1})}),
                               "pass, pass, pass, pass", turned_suit=2)
    assert auction.finished and auction.contract is None


@pytest.mark.parametrize(
    ("variant", "calls", "call", "reason"),
    [
        (BULGARIAN, "hearts", "clubs", "clubs may not be named now; only spades, no trumps, all trumps"),
        (BULGARIAN, "hearts, pass", "double", "only an opponent of the contract may double it"),
        (BULGARIAN, "", "redouble", "there is no contract to double yet"),
        (BULGARIAN, "hearts, double", "double", "the contract is already doubled"),
        (BULGARIAN, "all_trumps", "spades", "nothing can be bid over all_trumps"),
        (COINCHE, "90 hearts", "80 spades", "a bid must be higher than 90"),
        (COINCHE, "", "hearts", "bids here are points and a contract"),
        (COINCHE, "90 hearts, double", "100 spades", "nobody may bid over a double"),
        (FRENCH, "", "double", "this variant has no doubling"),
    ],
)
def test_an_illegal_call_says_why(variant, calls, call, reason):
    """Every refused call names the rule (SF/HIT §3 ladder and contra; FFB-C 4.1 point bids)."""
    with pytest.raises(IllegalCall, match=re.escape(reason)):
        auction_after(variant, ", ".join(filter(None, [calls, call])), turned_suit=2)


def test_point_bids_are_folded_in_the_list_of_legal_calls():
    with pytest.raises(IllegalCall, match=r"legal calls: pass, a bid of 100 to 160 in tens, or capot, in clubs / diamonds"):
        auction_after(COINCHE, "90 hearts, 80 spades")


@pytest.mark.parametrize(("calls", "said"), [
    ("125 clubs", "bids go in tens from 80 to 160, or capot; the nearest are 120 and 130"),
    ("70 clubs", "bids go in tens from 80 to 160, or capot"),
    ("90 hearts, 170 spades", "bids go in tens from 100 to 160, or capot"),
    ("90 hearts, 85 spades", "a bid must be higher than 90; bids go in tens from 100 to 160, or capot"),
])
def test_a_refused_point_bid_says_which_bids_are_valid(calls, said):
    """coinche.yaml [auction.min_bid] [auction.step] (FFB-C/K): bids go up in tens from 80, then capot; a refusal says so."""
    with pytest.raises(IllegalCall) as refused:
        auction_after(COINCHE, calls)
    assert f": {said}; legal calls: " in str(refused.value)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.lists(st.floats(0, 0.999), max_size=30)), min_size=1, max_size=6),
       st.sampled_from(["anyone", "forbidden", "contract_team_only"]))
def test_ladder_calls_remembered_per_position_equal_the_rule_worked_out_afresh(auctions, overbid):
    """bulgarian.md §3: the remembered legal calls of a ladder auction are those the rule gives at each step,
    also in later auctions through the same compiled bidding, as in a match."""
    variant = Variant(name="bg", title="bg", bidding={"doubles": {"overbid_after_double": overbid}})
    bidding = build_bidding(variant)
    for first, choices in auctions:
        auction = bidding.auction(first)
        for choice in choices:
            if auction.finished:
                break
            calls = bidding.legal_calls(auction)
            assert calls == Bidding.legal_calls(bidding, auction)
            bidding.apply(auction, calls[int(choice * len(calls))])


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("text", ["schmeiss", "schmeiss hearts", "accept", "refuse", "ashkal", "double",
                                  "redouble", "capot spades", "90 hearts", "all_trumps", "pass"])
def test_any_call_of_the_grammar_is_refused_with_a_reason_in_every_variant(name: str, text: str) -> None:
    """A Klaberjass call typed in another variant used to raise AttributeError while giving the reason
    (robustness round 2, item 4): every call the grammar knows is either legal or refused with a sentence."""
    state = MatchState.new(load_variant(name), 1).current
    try:
        state.apply(text)
    except UserError as refused:
        assert "may not" in str(refused) and "legal" in str(refused)
