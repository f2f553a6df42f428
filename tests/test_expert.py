"""The expert bot (``players/expert.py``): legal in every shipped variant, the same choices for a seed, ties
broken by its stated rule, and the auction judged on the cards a seat held when it called (issue 23)."""

from __future__ import annotations

import pytest
from test_search import _deck

from belot_rules import load_variant
from belot_rules.engine.deal import OVER, PLAYING, DealState
from belot_rules.engine.runner import play_deal
from belot_rules.players import expert as expert_module, make_player
from belot_rules.players.expert import Budget, ExpertPlayer
from belot_rules.players.heuristic import HeuristicPlayer
from belot_rules.players.memory import Memory
from belot_rules.players.sampling import AuctionModel
from belot_rules.players.search import Budget as SearchBudget
from belot_rules.players.solver import Solver
from belot_rules.variant.loader import shipped_names

SMALL = Budget(deals=2, nodes=20_000, calls=SearchBudget(samples=2, bid_samples=2))


@pytest.mark.parametrize("name", shipped_names())
def test_expert_plays_only_legal_actions(name: str) -> None:
    """A whole deal with the expert at the first seat: each of its actions goes through DealState.apply."""
    ruleset = load_variant(name)
    players = [ExpertPlayer(ruleset, 1, SMALL)] + [HeuristicPlayer(ruleset) for _ in ruleset.seating.seats][1:]
    state = play_deal(DealState.start(ruleset, _deck(ruleset, 4), 1), players)
    assert state.phase == OVER


def test_expert_is_registered_and_deterministic_per_seed() -> None:
    """The same seed, the same deal: the same cards (the budget counts positions searched, not seconds)."""
    ruleset = load_variant("bulgarian")
    assert make_player("expert", ruleset, 3).name == "expert"
    histories = []
    for _ in range(2):
        players = [ExpertPlayer(ruleset, seat, SMALL) for seat in ruleset.seating.seats]
        histories.append(play_deal(DealState.start(ruleset, _deck(ruleset, 9), 0), players).history)
    assert histories[0] == histories[1]


def test_equal_cards_go_to_the_fewest_points_then_the_lowest(monkeypatch: pytest.MonkeyPatch) -> None:
    """Equal totals: the card of fewest points, then the lowest in its suit's order; never list order."""
    ruleset = load_variant("bulgarian")
    state = DealState.start(ruleset, _deck(ruleset, 5), 0)
    state.force_contract("no_trumps", state.first_seat)
    while state.phase != PLAYING:
        state.apply(state.legal_actions()[-1])
    monkeypatch.setattr(Solver, "card_values", lambda self, world, limit=0: dict.fromkeys(range(32), 7))
    monkeypatch.setattr(expert_module, "PLAY_OUT_WEIGHT", 0)
    seat = state.to_act
    action = ExpertPlayer(ruleset, 0, SMALL).choose(state.view(seat), state.legal_actions())
    points, strength = ruleset.tables["no_trumps"].points, ruleset.tables["no_trumps"].strength
    legal = [a.card for a in state.legal_actions()]
    assert action.card == min(legal, key=lambda c: (points[c], strength[c], c))


def test_the_normal_bots_play_out_counts_beside_the_solvers_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23: solving alone assumes perfect defence and made the expert take less from the normal bots than the
    search bot did. Each card's total adds what its camp takes when the normal bot plays the deal out: where the
    solver finds every card equal, the card whose play-out takes most is played, not the tie rule's cheapest."""
    ruleset = load_variant("bulgarian")
    state = DealState.start(ruleset, _deck(ruleset, 5), 0)
    state.force_contract("no_trumps", state.first_seat)
    while state.phase != PLAYING:
        state.apply(state.legal_actions()[-1])
    seat = state.to_act
    points, strength = ruleset.tables["no_trumps"].points, ruleset.tables["no_trumps"].strength
    target = max((a.card for a in state.legal_actions()), key=lambda c: (points[c], strength[c], c))
    monkeypatch.setattr(Solver, "card_values", lambda self, world, limit=0: dict.fromkeys(range(32), 7))

    def roll_out(self: ExpertPlayer, future: DealState, memory: Memory) -> None:
        if memory.played >> target & 1:
            future.side_points[self.side_of[seat]] += 10

    monkeypatch.setattr(ExpertPlayer, "_roll_out", roll_out)
    assert ExpertPlayer(ruleset, 0, SMALL).choose(state.view(seat), state.legal_actions()).card == target


def test_calls_are_judged_on_the_first_packet() -> None:
    """bulgarian.md §3, french.md §3: the calls are made on five cards, so a hand of eight fits them when some
    five of its cards (never the turned card) do: the heuristic bidders' real hands always fit their calls,
    where judging the whole hand found a third of them impossible (issue 23)."""
    for name in ("bulgarian", "french"):
        ruleset = load_variant(name)
        for seed in range(8):
            state = DealState.start(ruleset, _deck(ruleset, seed), seed % 4)
            bidders = [HeuristicPlayer(ruleset) for _ in ruleset.seating.seats]
            while state.phase not in (PLAYING, OVER):
                state.apply(bidders[state.to_act].choose(state.view(state.to_act), state.legal_actions()))
            if state.phase == OVER:
                continue
            model = AuctionModel(ruleset, state.view(state.to_act))
            for seat in ruleset.seating.seats:
                hand = state.hands[seat]
                firsts = model.at_auction(seat, hand)
                assert all(first & ~hand == 0 and first.bit_count() == 5 for first in firsts)
                assert not any(first >> state.turned_card & 1 for first in firsts if state.turned_card >= 0)
                assert seat == state.to_act or model.misfit(seat, hand) == 0


def test_a_deal_that_overruns_the_budget_is_left_out_and_none_left_is_the_search_bots_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget of positions bounds a decision's time (issue 23: at most a second a card): a sampled deal whose
    solve would overrun it is not solved to the end, and where not even the first fits, the search bot's rollouts
    choose the card."""
    ruleset = load_variant("bulgarian")
    state = DealState.start(ruleset, _deck(ruleset, 5), 0)
    state.force_contract("hearts", state.first_seat)
    while state.phase != PLAYING:
        state.apply(state.legal_actions()[-1])
    rolled_out = []
    monkeypatch.setattr(ExpertPlayer, "_play", lambda self, view, options: rolled_out.append(view) or options[0])
    tiny = ExpertPlayer(ruleset, 0, Budget(deals=3, nodes=1, calls=SMALL.calls))
    tiny.choose(state.view(state.to_act), state.legal_actions())
    assert tiny.deals_solved == [0] and len(rolled_out) == 1
    roomy = ExpertPlayer(ruleset, 0, Budget(deals=3, nodes=10**9, calls=SMALL.calls))
    roomy.choose(state.view(state.to_act), state.legal_actions())
    assert roomy.deals_solved == [3] and len(rolled_out) == 1


def test_fitting_deals_to_the_auction_counts_against_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long auction judged over many sampled hands takes time too (Baloot's took a second a card): each choice the
    bidder makes to judge a hand costs JUDGEMENT_COST positions of the budget, so the solving stops sooner."""
    ruleset = load_variant("french")
    for seed in range(20):
        state = DealState.start(ruleset, _deck(ruleset, seed), seed % 4)
        bidders = [HeuristicPlayer(ruleset) for _ in ruleset.seating.seats]
        while state.phase not in (PLAYING, OVER):
            state.apply(bidders[state.to_act].choose(state.view(state.to_act), state.legal_actions()))
        if state.phase == PLAYING and any(who != state.to_act for who, _ in state.view(state.to_act).calls):
            break
    else:
        pytest.fail("no deal of the twenty was played after another seat's call")
    view, legal = state.view(state.to_act), state.legal_actions()
    monkeypatch.setattr(ExpertPlayer, "_play", lambda self, view, options: options[0])
    solved = []
    for cost in (0, 10**12):
        monkeypatch.setattr(expert_module, "JUDGEMENT_COST", cost)
        player = ExpertPlayer(ruleset, 0, Budget(deals=3, nodes=10**9, calls=SMALL.calls))
        player.choose(view, legal)
        solved += player.deals_solved
    assert solved == [3, 0]
