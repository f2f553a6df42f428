"""Baloot's closed (locked) Hokum after a double (rules/family/baloot.md §4, ``[opt:double.lock]``) and Kawesh,
the redeal claim (§2.4, ``[opt:deal.kawesh]``), as the options ``bidding.doubles.lock`` and ``deal.redeal_claim``
any house file can set, each case pinned to its section."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.cards import CARDS, iter_bits
from belot_rules.engine.deal import DealState, IllegalAction
from belot_rules.engine.match import MatchState
from belot_rules.engine.playout import play_at_random
from belot_rules.errors import VariantError
from belot_rules.players.heuristic import HeuristicPlayer
from belot_rules.rules.bidding.calls import REDEAL, Call
from belot_rules.rules.bidding.closed import CLOSED_LEAD, closed_levels
from belot_rules.rules.outcome.revokes import revokes

HEARTS = 0xFF << 16  # the card set of the hearts suit, trumps in the deals below


def _baloot_deal(doubles: list[str], contract: str = "hearts") -> DealState:
    """A Baloot deal (seed 1: the turned card is a heart) where seat 0 buys ``contract`` and the doubling
    round goes through ``doubles`` ("raise" or "pass", the calls after the bidding)."""
    deck = list(range(32))
    random.Random(1).shuffle(deck)
    state = DealState.start(load_variant("baloot"), deck, 3)
    for call in [contract, "pass", "pass", "pass", "pass"]:  # the last pass confirms the Hokum
        state.apply(call)
    for call in doubles:  # "raise": the next level of the ladder, whatever the table calls it
        state.apply(call if call == "pass" else next(a for a in state.legal_actions() if str(a) != "pass"))
    assert state.phase == "playing" and state.to_act == 0
    return state


def _leads(state: DealState) -> set[str]:
    return {str(CARDS[a.card]) for a in state.legal_actions()}


def _cards(mask: int) -> set[str]:
    return {str(CARDS[c]) for c in iter_bits(mask)}


def test_doubled_hokum_is_closed_no_trump_led_while_another_card_is_held_baloot_4() -> None:
    """baloot.md §4 (PAG "lock", TAZ "magfool"): a doubled Hokum is closed: nobody may lead a trump while
    holding a non-trump card. Seat 0 leads holding trumps and plain cards: only the plain cards."""
    state = _baloot_deal(["raise", "pass", "pass"])
    assert (state.contract, state.level, state.closed) == ("hearts", 1, True)
    hand = state.hands[0]
    assert hand & HEARTS and hand & ~HEARTS, "the leader holds both trumps and plain cards"
    assert _leads(state) == _cards(hand & ~HEARTS)
    trump = str(CARDS[next(iter_bits(hand & HEARTS))])
    with pytest.raises(IllegalAction, match=CLOSED_LEAD):
        state.apply(trump)


def test_closed_game_leader_with_only_trumps_leads_a_trump_baloot_4() -> None:
    """baloot.md §4: the lock bars a trump lead only "while holding a non-trump card"."""
    state = _baloot_deal(["raise", "pass", "pass"])
    state.hands[0] &= HEARTS  # keep the leader's trumps only (a position, not a deal)
    assert _leads(state) == _cards(state.hands[0])


def test_undoubled_hokum_and_doubled_sun_are_open_baloot_4() -> None:
    """baloot.md §4: only a doubled Hokum is closed; undoubled, the leader leads any card. Sun has no trumps."""
    state = _baloot_deal(["pass", "pass"])
    assert (state.level, state.closed) == (0, False)
    assert _leads(state) == _cards(state.hands[0])


def test_the_gahwa_is_played_open_baloot_4() -> None:
    """baloot.md §4 (TAZ doubling table: the gahwa "must be open"): double, three and four close a Hokum,
    the match-winning level does not."""
    assert closed_levels(load_variant("baloot").variant) == {1, 2, 3}
    state = _baloot_deal(["raise"] * 4)
    assert (state.level, state.closed) == (4, False)


def test_closed_deals_played_at_random_never_lead_a_trump_while_another_card_is_held_baloot_4() -> None:
    """The fast loop (and the compiled kernel, which knows no closed game and is left aside) keeps the lock."""
    rng = random.Random(5)
    for _ in range(30):
        state = _baloot_deal(["raise", "pass", "pass"])
        hands = list(state.hands)
        play_at_random(state, rng.random)
        for leader, cards, _ in state.tricks:
            lead = cards[0]
            if HEARTS >> lead & 1:
                assert not hands[leader] & ~HEARTS, f"{CARDS[lead]} led while a plain card was held"
            for seat, card in zip(range(leader, leader + 4), cards):
                hands[seat % 4] &= ~(1 << card)


# Seat 0 holds the four top hearts and four clubs and takes every trick, leading his trumps first.
TRUMPS_FIRST = [["JH", "KH", "7C", "7S"], ["9H", "QH", "8C", "8S"], ["AH", "8H", "9C", "9S"],
                ["TH", "7H", "JC", "TS"], ["AC", "AD", "7D", "JS"], ["TC", "TD", "8D", "QS"],
                ["KC", "KD", "9D", "KS"], ["QC", "QD", "JD", "AS"]]


@pytest.mark.parametrize("doubling, warned", [(None, False), ("double", True), ("four", True), ("gahwa", False)])
def test_a_scored_closed_deal_tells_a_trump_lead_as_a_revoke_baloot_4(doubling: str | None, warned: bool) -> None:
    """``belot score`` warns of a trump led in a closed game (a doubled Hokum, baloot.md §4) by a seat that
    still held a plain card; undoubled, or at the gahwa, the same lead is legal."""
    outcome = {"contract": "hearts", "declarer": 0, "first_leader": 0, "doubling": doubling,
               "tricks": [{"winner": 0, "cards": cards} for cards in TRUMPS_FIRST]}
    found = revokes(load_variant("baloot"), outcome)
    assert [where for where, _ in found] == ([("tricks", i, "cards", 0) for i in range(4)] if warned else [])
    if warned:
        assert "the game was closed: it could not lead a trump while it held a card of another suit" in found[0][1]


def test_a_house_file_closes_a_doubled_bulgarian_game(tmp_path: Path) -> None:
    """Any variant with doubling may close its doubled suit contracts: a Bulgarian house file."""
    house = tmp_path / "closed.yaml"
    house.write_text("extends: bulgarian\nbidding: {doubles: {lock: doubled}}\n", encoding="utf-8")
    rules = load_variant(house)
    assert closed_levels(rules.variant) == {1, 2}
    state = DealState.from_hands(rules, [0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24], 3, "hearts", 0)
    assert not state.closed  # a deal from given hands is undoubled


def _deck_with_kawesh(seat: int) -> list[int]:
    """A Baloot deck (dealer 3) whose first packets leave ``seat`` alone without an A, K, Q, J or 10."""
    rules = load_variant("baloot")
    for seed in range(5000):
        deck = list(range(32))
        random.Random(seed).shuffle(deck)
        if DealState.start(rules, deck, 3).auction.may_redeal == 1 << seat:
            return deck
    raise AssertionError("no such deck among the seeds tried")


def _calls(state: DealState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_kawesh_voids_the_deal_of_a_hand_without_court_cards_or_tens_baloot_2_4() -> None:
    """baloot.md §2.4 (TAZ): a player whose five cards hold no A, K, Q, J or 10 may demand a redeal; the
    deal is void (no score) and the same dealer deals again. Typed ``kawesh`` or ``redeal``."""
    state = DealState.start(load_variant("baloot"), _deck_with_kawesh(1), 3)
    state.apply("pass")
    assert "redeal" in _calls(state) and Call.parse("kawesh") == REDEAL  # the prompt takes either word
    state.apply("redeal")
    assert (state.phase, state.contract, state.score, state.all_passed, state.redeal_claimed) == (
        "over", None, None, True, True)


def test_kawesh_only_at_the_players_first_call_before_a_contract_baloot_2_4() -> None:
    """baloot.md §2.4: the claim comes before the bidding: never from a hand holding one of the ranks, nor
    once a contract is named, nor in the second round."""
    deck = _deck_with_kawesh(1)
    named = DealState.start(load_variant("baloot"), deck, 3)
    assert "redeal" not in _calls(named)  # seat 0 holds a court card or a ten
    with pytest.raises(IllegalAction, match="only by a hand holding none of A K Q J T"):
        named.apply("redeal")
    named.apply(named.legal_actions()[1])  # seat 0 names a contract
    assert "redeal" not in _calls(named)
    second = DealState.start(load_variant("baloot"), deck, 3)
    for _ in range(5):
        second.apply("pass")
    assert second.to_act == 1 and "redeal" not in _calls(second)
    with pytest.raises(IllegalAction, match="only at a player's first call"):
        second.apply("redeal")


def test_after_a_kawesh_the_same_dealer_deals_again_baloot_2_4() -> None:
    """baloot.md §2.4 (TAZ "before bidding: same dealer"); an all-pass passes the deal on (§2.3)."""
    match = MatchState.new(load_variant("baloot"), seed=1, first_dealer=3)
    match.start_deal(3, tuple(_deck_with_kawesh(1)))
    for call in ("pass", "redeal"):
        match.apply(call)
    assert len(match.deals) == 1 and match.dealer == 3 and match.board == [0, 0]
    for _ in range(8):
        match.apply("pass")
    assert len(match.deals) == 2 and match.dealer == 0


def test_the_heuristic_bot_claims_a_kawesh_when_offered_baloot_2_4() -> None:
    """A hand without an A, K, Q, J or 10 has nothing to play for: the bot (seat 0, the first to speak) claims."""
    rules = load_variant("baloot")
    state = DealState.start(rules, _deck_with_kawesh(0), 3)
    bot = HeuristicPlayer(rules)
    while state.phase == "bidding":
        state.apply(bot.choose(state.view(state.to_act), state.legal_actions()))
    assert state.redeal_claimed and state.auction.calls == [(0, REDEAL)]


def test_redeal_claim_without_ranks_is_refused_with_the_reason(tmp_path: Path) -> None:
    """``validate`` refuses a claim every hand could make."""
    house = tmp_path / "all.yaml"
    house.write_text("extends: baloot\ndeal: {redeal_claim: {enabled: true, without_ranks: []}}\n", encoding="utf-8")
    with pytest.raises(VariantError, match="without_ranks is empty: every hand could call redeal"):
        load_variant(house)


def test_a_bulgarian_house_file_with_kawesh_plays(tmp_path: Path) -> None:
    """Any variant may take the claim: a Bulgarian game (five cards before the bidding) plays whole deals."""
    house = tmp_path / "kawesh.yaml"
    house.write_text("extends: bulgarian\ndeal: {redeal_claim: {enabled: true, without_ranks: [A, T]}}\n",
                     encoding="utf-8")
    rules = load_variant(house)
    rng = random.Random(4)
    claims = 0
    for _ in range(200):
        deck = list(range(32))
        rng.shuffle(deck)
        state = DealState.start(rules, deck, 3)
        may = state.auction.may_redeal
        play_at_random(state, rng.random)
        if state.redeal_claimed:
            claims += 1
            assert may >> state.auction.calls[-1][0] & 1
        else:
            assert state.phase == "over"
    assert claims


@pytest.mark.parametrize("multiplier, warned", [(2, True), (3, True), (4, False)])
def test_a_multiplier_shared_by_an_open_level_is_not_told_as_closed_baloot_4(multiplier: int, warned: bool) -> None:
    """x4 is both Baloot's four (closed) and its gahwa (open): given by its multiplier alone, the lead is not
    told as a revoke; x2 and x3 are closed levels only."""
    outcome = {"contract": "hearts", "declarer": 0, "first_leader": 0, "multiplier": multiplier,
               "tricks": [{"winner": 0, "cards": cards} for cards in TRUMPS_FIRST]}
    assert bool(revokes(load_variant("baloot"), outcome)) == warned


def test_the_seats_see_a_closed_game_and_the_search_bot_leads_within_it_baloot_4() -> None:
    """Every seat's view says the game is closed; the search bot's sampled deals are closed too, and its lead is
    one the lock allows."""
    from belot_rules.players.search import SearchPlayer

    state = _baloot_deal(["raise", "pass", "pass"])
    view = state.view(0)
    assert view.closed and state.view(1).closed
    action = SearchPlayer(state.ruleset, seed=1).choose(view, state.legal_actions())
    assert not HEARTS >> action.card & 1


def test_the_scorekeepers_pad_records_a_kawesh_baloot_2_4(tmp_path: Path) -> None:
    """baloot.md §2.4 at the pad: the line ``redeal`` (or ``kawesh``) voids the deal and the same dealer deals
    again, where ``pass`` passes the deal on; a variant without the claim refuses it; the sheet file keeps it."""
    from belot_rules.cli.sheet.store import read_sheet, write_sheet
    from belot_rules.pad.entry import REDEAL as REDEAL_ENTRY, parse_entry
    from belot_rules.pad.sheet import EntryError, Sheet

    rules = load_variant("baloot")
    sheet = Sheet.new(rules, "baloot", first_dealer=3)
    assert parse_entry(rules, "kawesh") is REDEAL_ENTRY
    reckoning = sheet.add(parse_entry(rules, "redeal"))
    assert reckoning.next_dealer == 3 and reckoning.board == (0, 0)
    assert sheet.add(None).next_dealer == 0
    path = tmp_path / "sheet.json"
    write_sheet(sheet, sheet.reckon(), path)
    again = read_sheet(path)
    assert [d.redeal for d in again.deals] == [True, False] and again.reckon().next_dealer == 0
    bulgarian = Sheet.new(load_variant("bulgarian"), "bulgarian")
    with pytest.raises(EntryError, match="bulgarian has no redeal claim"):
        bulgarian.add(REDEAL_ENTRY)
