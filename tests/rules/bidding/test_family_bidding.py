"""Bidding styles of the Belot family beyond Bulgarian and French: single calls, forced calls,
the Sun overcall with seat priority, Ashkal and doubling ladders after the bidding, pinned to
rules/family/*.md."""

from __future__ import annotations

import pytest

from belot_rules.engine.deal import DealState
from belot_rules.rules.bidding.auction import build_bidding
from belot_rules.rules.bidding.calls import Auction, Call, IllegalCall
from belot_rules.ruleset import Ruleset
from belot_rules.variant.model import Variant

SUITS = ["clubs", "diamonds", "hearts", "spades"]
HEARTS = 2


def variant(**bidding: object) -> Variant:
    deal = {"turned_card": "after_first_packets"} if bidding.get("style") == "turned_card" else \
        {"first_packets": [3, 3], "second_packets": [2]}
    return Variant(name="t", title="t", deal=deal, bidding={"contracts": SUITS, **bidding})


SINGLE = {"style": "single_call", "rounds": 1, "doubles": {"max_level": 0}}
BALOOT = {
    "style": "turned_card", "contracts": [*SUITS, "no_trumps"], "round1_contracts": "turned_suit_and_others",
    "overcall": "higher_kind_seat_priority", "ashkal": {"enabled": True},
    "doubles": {"max_level": 4, "multipliers": [2, 3, 4, 4], "names": ["double", "three", "four", "gahwa"],
                "after_bidding": True, "match_winning_level": 4, "condition": {"kinds": ["no_trumps"]}},
}


def run(bidding: dict, calls: str, turned_suit: int = HEARTS, turned_rank: int = 0,
        board: tuple[int, int] = (0, 0)) -> tuple[object, Auction]:
    rules = build_bidding(variant(**bidding))
    auction = Auction(0, rules.players, turned_suit if bidding.get("style") == "turned_card" else -1,
                      turned_rank=turned_rank, board=board)
    for text in filter(None, (c.strip() for c in calls.split(","))):
        call = Call.parse(text)
        rules.check(auction, call)
        rules.apply(auction, call)
    return rules, auction


def legal(bidding: dict, calls: str, **kw: object) -> list[str]:
    rules, auction = run(bidding, calls, **kw)
    return [str(c) for c in rules.legal_calls(auction)]


# ---------------------------------------------------------------- single call and forced calls


def test_single_call_first_suit_named_wins_no_overcall_bela_3_2():
    """bela.md §3.1-3.2, klaverjas.md §3: one round, any suit; the first named is trump at once."""
    assert legal(SINGLE, "") == ["pass", *SUITS]
    _, auction = run(SINGLE, "pass, spades")
    assert auction.finished and auction.contract == "spades" and auction.declarer == 1


def test_single_call_all_pass_is_void_without_a_forced_call():
    _, auction = run(SINGLE, "pass, pass, pass, pass")
    assert auction.finished and auction.contract is None


def test_bela_mus_the_dealer_must_call_after_three_passes_bela_3_3():
    """bela.md §3.3 'mus': seats 0, 1, 2 pass, the dealer (seat 3) must name a suit."""
    mus = {**SINGLE, "forced_call": "last_speaker"}
    assert legal(mus, "pass, pass") == ["pass", *SUITS]
    assert legal(mus, "pass, pass, pass") == SUITS
    with pytest.raises(IllegalCall, match="may not pass"):
        run(mus, "pass, pass, pass, pass")
    _, auction = run(mus, "pass, pass, pass, clubs")
    assert auction.contract == "clubs" and auction.declarer == 3


def test_klaverjas_verplicht_the_first_player_must_name_trump_klaverjas_3():
    """klaverjas.md §3 `verplicht`: seat 0 must name trump; passing is impossible."""
    assert legal({**SINGLE, "forced_call": "first_speaker"}, "") == SUITS


def test_klaverjas_nku_dealer_first_and_forced_after_four_passes_klaverjas_3():
    """klaverjas.md §3 `nku`: the dealer speaks first, then seats 0, 1, 2; after four passes the
    dealer must play. Seat 0 still leads the first trick (NKU)."""
    nku = Variant(name="t", title="t", deal={"first_packets": [3, 2, 3], "second_packets": []},
                  bidding={**SINGLE, "contracts": SUITS, "first_speaker": "dealer",
                           "forced_call": "first_speaker_again"})
    state = DealState.start(Ruleset(nku), list(range(32)), dealer=3)
    assert state.to_act == 3
    for _ in range(4):
        state.apply("pass")
    assert state.to_act == 3 and "pass" not in [str(a) for a in state.legal_actions()]
    state.apply("diamonds")
    assert state.contract == "diamonds" and state.declarer == 3 and state.to_act == 0


# ---------------------------------------------------------------- Sun over Hokum, seat priority, Ashkal


def test_round_1_hokum_or_sun_then_only_sun_overcalls_baloot_3_1():
    """baloot.md §3.1: round 1 offers Hokum in the turned suit or Sun; over a Hokum, only Sun; when
    nobody overcalls, the Hokum bidder confirms it or switches to Sun [JAW]."""
    assert legal(BALOOT, "") == ["pass", "hearts", "no_trumps"]
    assert legal(BALOOT, "hearts") == ["pass", "no_trumps"]
    rules, auction = run(BALOOT, "pass, hearts, pass, pass, pass")
    assert not auction.doubling and [str(c) for c in rules.legal_calls(auction)] == ["pass", "no_trumps"]
    _, auction = run(BALOOT, "pass, hearts, pass, pass, pass, pass")
    assert auction.contract == "hearts" and auction.declarer == 1 and auction.doubling
    _, auction = run(BALOOT, "pass, hearts, pass, pass, pass, no_trumps, pass, pass, pass")
    assert auction.contract == "no_trumps" and auction.declarer == 1 and auction.doubling


def test_an_earlier_seat_may_claim_sun_from_a_later_one_baloot_3_1():
    """baloot.md §3.1 (JAW, TAZ 'Gablak'): after a Sun, players who passed earlier may claim it;
    later players may not. A Sun by the first speaker ends the bidding."""
    assert legal(BALOOT, "pass, pass, no_trumps") == ["pass"]
    assert legal(BALOOT, "pass, pass, no_trumps, pass") == ["pass", "no_trumps"]
    _, auction = run(BALOOT, "pass, pass, no_trumps, pass, no_trumps")
    assert auction.contract == "no_trumps" and auction.declarer == 0 and auction.doubling
    _, auction = run(BALOOT, "no_trumps")
    assert auction.declarer == 0 and auction.doubling


def test_round_2_hokum_in_another_suit_or_sun_baloot_3_2():
    """baloot.md §3.2: round 2 offers Hokum in any other suit, or Sun."""
    assert legal(BALOOT, "pass, pass, pass, pass") == ["pass", "clubs", "diamonds", "spades", "no_trumps"]
    assert legal(BALOOT, "pass, pass, pass, pass, spades") == ["pass", "no_trumps"]
    assert legal(BALOOT, "pass, pass, pass, pass, spades, pass, pass, pass") == ["pass", "no_trumps"]


def test_a_sun_named_in_round_2_ends_the_bidding_at_once_baloot_3_2():
    """baloot.md §3.2 (JAW, TAZ, VIP): "Sun ends the bidding at once" in round 2: unlike round 1,
    no earlier seat may claim it (``later_round_priority: none``); the default keeps the claim."""
    round_2_sun = "pass, pass, pass, pass, pass, pass, no_trumps"
    _, auction = run({**BALOOT, "later_round_priority": "none"}, round_2_sun)
    assert auction.contract == "no_trumps" and auction.declarer == 2 and auction.doubling
    assert legal(BALOOT, round_2_sun + ", pass") == ["pass", "no_trumps"]
    _, auction = run({**BALOOT, "later_round_priority": "none"}, "pass, pass, no_trumps")
    assert not auction.doubling  # round 1: earlier seats may still claim it


def test_ashkal_makes_the_partner_the_taker_third_and_fourth_speakers_only_baloot_3_4():
    """baloot.md §3.4: Ashkal = Sun for the partner, by seat 2 or the dealer, not on a turned ace."""
    assert "ashkal" not in legal(BALOOT, "pass")
    assert "ashkal" in legal(BALOOT, "pass, pass")
    assert "ashkal" not in legal(BALOOT, "pass, pass", turned_rank=7)
    _, auction = run(BALOOT, "pass, pass, ashkal")
    assert auction.contract == "no_trumps" and auction.declarer == 0
    with pytest.raises(IllegalCall, match="places 3 and 4"):
        run(BALOOT, "ashkal")


def test_ashkal_gives_the_turned_card_to_the_partner_baloot_2_2():
    """baloot.md §2.2: with Ashkal the face-up card goes to the caller's partner."""
    rules = Ruleset(Variant(name="t", title="t", deal={"turned_card": "after_first_packets"},
                            bidding={**BALOOT, "doubles": {"max_level": 0}}))
    deck = list(range(32))
    state = DealState.start(rules, deck, dealer=3)
    turned = state.turned_card
    for call in ("pass", "pass", "ashkal", "pass", "pass", "pass"):
        state.apply(call)
    assert state.contract == "no_trumps" and state.declarer == 0
    assert state.hands[0] >> turned & 1 and all(bin(h).count("1") == 8 for h in state.hands)


# ---------------------------------------------------------------- the doubling ladder after the bidding


def test_double_three_four_gahwa_alternate_and_gahwa_wins_the_match_baloot_4():
    """baloot.md §4: Double (opponents) x2, Three (buyer's team) x3, Four (opponents) x4, Gahwa (buyer's
    team) wins the match; the ladder follows the bidding, beginning with the opponent after the buyer."""
    rules, auction = run(BALOOT, "pass, hearts, pass, pass, pass, pass")
    assert auction.to_act == 2 and [str(c) for c in rules.legal_calls(auction)] == ["pass", "double"]
    for seat, call in ((2, "double"), (3, "pass"), (1, "redouble"), (2, "redouble")):
        assert auction.to_act == seat
        rules.apply(auction, Call.parse(call))
        assert not auction.finished
    assert rules.multiplier(auction) == 4 and not rules.wins_match(auction.level)
    assert auction.to_act == 3
    rules.apply(auction, Call.parse("redouble"))
    assert auction.finished and auction.level == 4 and rules.wins_match(4)


def test_both_opponents_pass_ends_the_ladder_undoubled_baloot_4():
    rules, auction = run(BALOOT, "pass, hearts, pass, pass, pass, pass, pass, pass")
    assert auction.finished and auction.level == 0 and auction.contract == "hearts"


def test_doubling_a_hokum_after_a_pass_by_the_partner_baloot_4():
    """The second opponent may double after the first passed; then the buyer's team answers."""
    rules, auction = run(BALOOT, "pass, hearts, pass, pass, pass, pass, pass, double")
    assert auction.to_act == 1 and not auction.finished and auction.level == 1


def test_sun_doubled_only_by_a_team_behind_baloot_4_TAZ_sun_firewall():
    """baloot.md §4: Sun may be doubled only when the doubling team has < 100 and the buyer > 100."""
    _, auction = run(BALOOT, "no_trumps", board=(0, 0))
    assert auction.finished and auction.level == 0
    rules, auction = run(BALOOT, "no_trumps", board=(120, 40))
    assert not auction.finished and auction.to_act == 1 and "double" in map(str, rules.legal_calls(auction))
    rules, auction = run(BALOOT, "no_trumps", board=(40, 120))
    assert auction.finished  # the buyer's team (seat 0) is the one behind: no double
    rules, auction = run(BALOOT, "pass, no_trumps, pass, pass, pass", board=(40, 120))
    assert not auction.finished and auction.to_act == 2 and "double" in map(str, rules.legal_calls(auction))


def test_doubles_among_the_bids_are_refused_with_the_reason_baloot_4():
    with pytest.raises(IllegalCall, match="once the bidding is over"):
        run(BALOOT, "hearts, double")


# ---------------------------------------------------------------- whole deals, the bot, and validation


def baloot_like() -> Ruleset:
    return Ruleset(Variant(name="t", title="t", deal={"turned_card": "after_first_packets"}, bidding=BALOOT))


def test_a_deal_doubled_to_gahwa_decides_the_match_baloot_4_GR():
    """baloot.md §4 and §8 [GR]: the winner of a deal doubled to gahwa wins the whole match."""
    from belot_rules.engine.match import MatchState
    from belot_rules.engine.runner import play_deal
    from belot_rules.players import make_player

    rules = baloot_like()
    match = MatchState.new(rules, seed=1, first_dealer=3)
    deal = match.current
    turned = ["clubs", "diamonds", "hearts", "spades"][deal.turned_card >> 3]
    for call in ("pass", turned, "pass", "pass", "pass", "pass", "double", "pass", "redouble", "redouble", "redouble"):
        deal.apply(call)
    assert deal.level == 4 and deal.multiplier == 4
    play_deal(deal, [make_player("random", rules, seat) for seat in range(4)])
    assert deal.score.match_winner in (0, 1)
    assert any("Gahwa was called" in line for line in deal.score.lines)
    match.advance()
    assert match.over and match.winner == deal.score.match_winner


def test_heuristic_bots_bid_double_and_play_a_whole_match_under_the_new_bidding_options():
    """The heuristic bot takes part in Sun overcalls, ashkal, the doubling ladder and forced calls."""
    from belot_rules.engine.runner import play_match
    from belot_rules.players import make_player

    for rules, forced in ((baloot_like(), False), (Ruleset(variant(**{**SINGLE, "forced_call": "last_speaker"})), True)):
        match = play_match(rules, [make_player("heuristic", rules, seat) for seat in range(4)], seed=2)
        assert match.over
        assert all(d.score is not None for d in match.deals) or not forced  # a forced call: no void deal


@pytest.mark.parametrize(("rules", "expected"), [
    ("bidding:\n  overcall: higher_kind_seat_priority\n",
     "house.yaml:3:13: bidding.overcall higher_kind_seat_priority is for turned_card and single_call bidding"),
    ("bidding:\n  ashkal: {enabled: true}\n", "house.yaml:3:11: bidding.ashkal gives the partner the turned card"),
    ("bidding:\n  doubles: {match_winning_level: 3}\n", "house.yaml:3:34: bidding.doubles: match_winning_level 3 "
     "is above max_level 2"),
    ("bidding:\n  contract_names: {no_trumps: Sun}\n  contracts: [clubs, hearts]\n",
     "bidding.contract_names names no_trumps, which this variant does not play"),
    ("deal:\n  talon: true\n", "a talon is the second packets dealt face down before the bidding"),
])
def test_validate_refuses_nonsense_with_a_located_reason(tmp_path, capsys, rules, expected):
    """Combinations that make no sense are refused at load time, placed in the file, with the reason."""
    from belot_rules.cli import main

    path = tmp_path / "house.yaml"
    path.write_text("extends: bulgarian\n" + rules.replace("deal:\n  talon", "deal:\n  second_packets: []\n"
                                                           "  first_packets: [3, 2, 3]\n  talon"))
    assert main(["validate", str(path)]) == 1
    assert expected in capsys.readouterr().err


def test_a_conditional_double_replays_from_a_deal_record_that_carries_the_board_baloot_4():
    """A Sun doubled because the doublers were behind replays from its deal record: the record keeps
    the match score before the deal (board_in), and a match record checks it against its deals."""
    import json

    from belot_rules.engine.records import RecordError, deal_record, replay
    from belot_rules.engine.runner import play_deal
    from belot_rules.players import make_player

    rules = baloot_like()
    state = DealState.start(rules, list(range(32)), dealer=3, board=(40, 120))
    for call in ("pass", "no_trumps", "pass", "pass", "pass", "double"):
        state.apply(call)
    play_deal(state, [make_player("random", rules, seat) for seat in range(4)])
    record = json.loads(json.dumps(deal_record(state)))
    assert record["board_in"] == [40, 120]
    assert replay(rules, record).deals[0].score.to_dict() == state.score.to_dict()
    del record["board_in"]
    with pytest.raises(RecordError, match=r"actions\[5\]: seat 0 may not play .double."):  # no double at 0 to 0
        replay(rules, record)
