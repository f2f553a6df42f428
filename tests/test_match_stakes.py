"""Doubles the match makes free (``players/match_stakes.py``, issue 23): when any made result of the standing
contract takes the takers out of the match, a defender doubles whatever his cards, and the takers do not
redouble; through every door a bot is asked by (its view, the card sets of a simulation, the kernel's auction)."""

from __future__ import annotations

import random

import pytest

from belot_rules import load_variant
from belot_rules.cards import parse_card
from belot_rules.engine.deal import DealState
from belot_rules.engine.match import MatchState
from belot_rules.players import make_player
from belot_rules.players.bidding_sense import BiddingSense, Margins
from belot_rules.players.match_stakes import MatchStakes
from belot_rules.rules.bidding.calls import DOUBLE, PASS, REDOUBLE, Call
from belot_rules.sim.table import Table

WEAK = "7C 8C KH QH 7S"  # over clubs: passes on the deal's own odds (tests/test_bidding_sense.py)


def _hand(text: str) -> int:
    return sum(1 << parse_card(card).index for card in text.split())


def _auction(variant: str, calls: tuple[Call, ...], board: tuple[int, ...]) -> tuple[DealState, list[Call]]:
    ruleset = load_variant(variant)
    state = DealState.start(ruleset, list(ruleset.seating.cards), 3, board=board)
    for call in calls:
        state.make_call(call)
    return state, ruleset.bidding.legal_calls(state.running_auction())


def test_a_bulgarian_suit_contract_goes_out_from_143_not_from_142() -> None:
    """bulgarian.md §7, §8 and §10: the least a suit contract is made with is 82 to 80, 8 board points to the
    takers, and the match is won at 151: from 143 every made result takes them out, from 142 the least does not."""
    stakes = MatchStakes(load_variant("bulgarian"))
    assert stakes.goes_out((143, 0), "clubs", 0)
    assert not stakes.goes_out((142, 0), "clubs", 0)
    assert not stakes.goes_out((0, 143), "clubs", 0)  # the other side near the end: the takers' make is not enough
    assert stakes.goes_out((0, 143), "clubs", 1)


def test_a_bulgarian_contract_the_defenders_overtake_does_not_go_out() -> None:
    """bulgarian.md §10: both sides over 151 after a deal, the higher wins: takers at 143 and defenders at 150
    (whose 8 of an 82-80 deal give them 158 to the takers' 151) are not out with every made result."""
    stakes = MatchStakes(load_variant("bulgarian"))
    assert not stakes.goes_out((143, 150), "clubs", 0)
    assert stakes.goes_out((150, 140), "clubs", 0)


def test_a_reserve_carried_in_counts_toward_going_out() -> None:
    """bulgarian.md §9.2: the hanging points go to the winner of the next deal, so 10 in reserve take takers at
    133 out with any made clubs."""
    stakes = MatchStakes(load_variant("bulgarian"))
    assert stakes.goes_out((133, 0), "clubs", 0, hanging_in=10)
    assert not stakes.goes_out((133, 0), "clubs", 0)


def test_a_coinche_point_bid_goes_out_by_its_own_value() -> None:
    """french.md §13 (coinche scoring: a made contract scores its bid and the points taken), match to 2000: the
    higher the bid, the more a made result brings, so a bid of 160 goes out from lower than a bid of 80."""
    ruleset = load_variant("coinche")
    stakes = MatchStakes(ruleset)
    low = min(b for b in range(0, 2001, 10) if stakes.goes_out((b, 0), "hearts", 0, 80))
    high = min(b for b in range(0, 2001, 10) if stakes.goes_out((b, 0), "hearts", 0, 160))
    assert high < low <= 2000 - 160


def test_a_coinche_contract_the_defenders_belote_lets_them_overtake_is_not_free() -> None:
    """french.md §13: a made contract leaves the defenders their points and their belote. At 1850 to 1950, a made 90
    hearts of 92 to 90 (the defenders' 70 with their belote) gives 2030 to 2040: the defenders win the match, which
    doubled the takers would (they take every point then). Not free; without the belote it would look so."""
    stakes = MatchStakes(load_variant("coinche"))
    assert not stakes.goes_out((1850, 1950), "hearts", 0, 90)
    assert stakes.goes_out((1900, 1700), "hearts", 0, 90)


def test_a_bulgarian_tie_the_defenders_go_out_with_undoubled_is_not_free() -> None:
    """bulgarian.md §9.1 and §9.2: at 150 to 149, a tie of 81 to 81 undoubled gives the defenders their 8 and the
    match (157); doubled, nobody scores and 32 wait in reserve. So the double is not free there."""
    stakes = MatchStakes(load_variant("bulgarian"))
    assert not stakes.goes_out((150, 149), "clubs", 0)
    assert stakes.goes_out((150, 140), "clubs", 0)


def test_no_target_no_free_double() -> None:
    """A match without a target (Klaverjas: a fixed number of deals) never makes a double free, nor one of three
    sides (a made contract's points may fall to either of the other two: not judged)."""
    assert not MatchStakes(load_variant("klaverjas-amsterdam")).any_free((10_000, 0), 0)
    assert not MatchStakes(load_variant("debertz-3")).goes_out((419, 0, 0), "hearts", 0)


@pytest.mark.parametrize("board, doubled", [((143, 0), True), ((142, 0), False), ((0, 0), False)])
def test_a_weak_defender_doubles_the_contract_that_takes_the_takers_out(board: tuple[int, int], doubled: bool) -> None:
    """Club practice (contra when they go out), from bulgarian.md §9.1: made, the contract wins the takers the
    match doubled or not; beaten doubled, it gives the defenders twice as much. So a defender who would pass on
    his cards doubles there, and only there."""
    ruleset = load_variant("bulgarian")
    state, legal = _auction("bulgarian", (Call("bid", "clubs"),), board)
    sense = BiddingSense(ruleset)
    assert sense.choose(1, _hand(WEAK), state.running_auction().calls, -1, legal, board) == (DOUBLE if doubled else PASS)
    never = BiddingSense(ruleset, Margins(free_double=False))
    assert never.choose(1, _hand(WEAK), state.running_auction().calls, -1, legal, board) == PASS


def test_the_takers_do_not_redouble_a_contract_that_takes_them_out() -> None:
    """bulgarian.md §9.1: redoubled, a beaten contract gives the defenders four times the deal; made, it wins the
    match for the takers already. A hand strong enough to redouble at the start of a match does not at its end."""
    ruleset = load_variant("bulgarian")
    strong = _hand("JC 9C AC TC KC")
    calls = {}
    for board in ((0, 0), (143, 0)):
        state, legal = _auction("bulgarian", (Call("bid", "clubs"), DOUBLE), board)
        calls[board] = BiddingSense(ruleset).choose(2, strong, state.running_auction().calls, -1, legal, board)
    assert calls[0, 0] == REDOUBLE
    assert calls[143, 0] != REDOUBLE


@pytest.mark.parametrize("name", ["search", "expert"])
def test_the_searching_bots_take_the_free_double(name: str) -> None:
    """The search weighs calls by the deal's points, which cannot see the match: the free double is the match's
    call, made before any sampling. East's 7♣ 8♣ 9♦ K♥ J♠ (seed 1) passes over clubs at the start of a match."""
    ruleset = load_variant("bulgarian")
    deck = list(ruleset.seating.cards)
    random.Random(1).shuffle(deck)
    calls = []
    for board in ((0, 0), (143, 0)):
        state = DealState.start(ruleset, deck, 3, board=board)
        state.make_call(Call("bid", "clubs"))
        calls.append(make_player(name, ruleset, 1).choose(state.view(1), state.legal_actions()).call)
    assert calls == [PASS, DOUBLE]


def test_the_view_shows_the_board() -> None:
    """Every seat sees the score sheet: the view carries the match score before the deal."""
    state, _ = _auction("bulgarian", (), (120, 87))
    assert state.view(2).board == (120, 87)


@pytest.mark.parametrize("variant", ["bulgarian", "coinche"])
def test_a_simulated_match_calls_as_the_views_do(variant: str) -> None:
    """The simulation's table (card sets, and the whole auction in the kernel where no double can be free) plays
    the same match as heuristic players asked through their views, free doubles included."""
    ruleset = load_variant(variant)
    for seed in range(3):
        fast = Table([make_player("heuristic", ruleset, s) for s in range(4)]).play_match(ruleset, seed)
        match = MatchState.new(ruleset, seed)
        players = [make_player("heuristic", ruleset, s) for s in range(4)]
        while not match.over:
            deal = match.in_play()
            match.apply(players[deal.to_act].choose(deal.view(deal.to_act), match.legal_actions()))
        assert [(d.contract, d.declarer, d.multiplier, d.score) for d in fast.deals] == \
            [(d.contract, d.declarer, d.multiplier, d.score) for d in match.deals]


def test_free_doubles_happen_near_the_end_of_bulgarian_matches() -> None:
    """Issue 23: the heuristic bots double in whole Bulgarian matches, where contracts that take the takers out
    are doubled; over independent deals (the board at 0 to 0) they almost never do."""
    ruleset = load_variant("bulgarian")
    table = Table([make_player("heuristic", ruleset, s) for s in range(4)])
    free = [d for seed in range(20) for d in table.play_match(ruleset, seed).deals
            if d.multiplier > 1 and d.contract is not None
            and MatchStakes(ruleset).goes_out(d.board_in, d.contract, d.declarer, d.bid, d.hanging_in)]
    assert len(free) >= 5


def test_the_search_bot_does_not_redouble_a_contract_that_takes_its_side_out() -> None:
    """As the heuristic bidder: its sampled calls, which weigh the deal's points, are not offered the redouble."""
    ruleset = load_variant("bulgarian")
    for seed in range(8):
        deck = list(ruleset.seating.cards)
        random.Random(seed).shuffle(deck)
        state = DealState.start(ruleset, deck, 3, board=(143, 0))
        state.make_call(Call("bid", "clubs"))
        state.make_call(DOUBLE)
        assert make_player("search", ruleset, seed).choose(state.view(2), state.legal_actions()).call != REDOUBLE


def test_a_card_set_bot_written_before_the_board_still_plays() -> None:
    """docs/python.md: a bot's ``call_for`` that does not take the match score is asked without it."""
    from collections.abc import Sequence

    from belot_rules.players.heuristic import HeuristicPlayer

    class Older(HeuristicPlayer):
        def call_for(self, seat: int, hand: int, calls: Sequence[tuple[int, Call]], turned_card: int,  # type: ignore[override]
                     legal: Sequence[Call]) -> Call:
            return super().call_for(seat, hand, calls, turned_card, legal)

    ruleset = load_variant("bulgarian")
    match = Table([Older(ruleset) for _ in range(4)]).play_match(ruleset, 1)
    assert match.over
