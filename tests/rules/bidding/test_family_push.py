"""The push auction of Schieber Jass (rules/family/schieber.md §3, ``bidding.style: push``) in house files of
any variant: forehand names a contract or pushes, the partner then names one."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.engine.deal import DealState, IllegalAction
from belot_rules.engine.playout import play_at_random
from belot_rules.errors import VariantError
from belot_rules.players.heuristic import HeuristicPlayer
from belot_rules.rules.bidding.calls import PUSH, Call
from belot_rules.ruleset import Ruleset

CONTRACTS = ["clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps"]


def _house(tmp_path: Path, bidding: str = "{style: push, doubles: {max_level: 0}}", extends: str = "bulgarian") -> Ruleset:
    path = tmp_path / "push.yaml"
    path.write_text(f"extends: {extends}\nbidding: {bidding}\n", encoding="utf-8")
    return load_variant(path)


def _deal(rules: Ruleset, seed: int = 1) -> DealState:
    deck = list(range(32))
    random.Random(seed).shuffle(deck)
    return DealState.start(rules, deck, 3)


def _calls(state: DealState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_forehand_names_a_contract_or_pushes_and_the_partner_must_name_one_schieber_3_1_and_3_2(
        tmp_path: Path) -> None:
    """schieber.md §3.1 (SWL, JCH, JK): seat 0 names any contract or pushes; §3.2 (SWL, JK's action set): after a
    push seat 2 must name a contract, no pass and no push back; §3.3: the opponents never speak."""
    state = _deal(_house(tmp_path))
    assert state.to_act == 0 and _calls(state) == [*CONTRACTS, "push"] and Call.parse("schiebe") == PUSH
    with pytest.raises(IllegalAction, match="nobody passes here: name a contract or push"):
        state.apply("pass")
    state.apply("push")
    assert state.to_act == 2 and _calls(state) == CONTRACTS
    with pytest.raises(IllegalAction, match="the choice was pushed already"):
        state.apply("push")
    state.apply("no_trumps")
    assert (state.phase, state.contract, state.declarer) == ("playing", "no_trumps", 2)
    assert state.to_act == 0  # §3.4: forehand leads the first trick, also after a push
    assert [seat for seat, _ in state.auction.calls] == [0, 2]


def test_forehand_naming_a_contract_ends_the_auction_schieber_3_1(tmp_path: Path) -> None:
    state = _deal(_house(tmp_path))
    state.apply("spades")
    assert (state.phase, state.contract, state.declarer, state.to_act) == ("playing", "spades", 0, 0)


def test_push_back_returns_the_choice_to_forehand_who_must_name_schieber_3_2(tmp_path: Path) -> None:
    """schieber.md §3.2 [opt:contract.push_back] (SPOT): the partner may push back once; forehand must choose."""
    state = _deal(_house(tmp_path, "{style: push, push_back: true, doubles: {max_level: 0}}"))
    state.apply("push")
    assert state.to_act == 2 and "push" in _calls(state)
    state.apply("push")
    assert state.to_act == 0 and _calls(state) == CONTRACTS
    state.apply("hearts")
    assert (state.contract, state.declarer, state.to_act) == ("hearts", 0, 0)


def test_a_doubling_round_may_follow_the_contract(tmp_path: Path) -> None:
    """A house file may let the opponents double the named contract once the auction is over."""
    state = _deal(_house(tmp_path, "{style: push, doubles: {max_level: 2, after_bidding: true}}"))
    state.apply("push")
    state.apply("hearts")
    assert state.phase == "bidding" and state.to_act in (1, 3) and "double" in _calls(state)


@pytest.mark.parametrize("extends, bidding, message", [
    ("belote-a-deux", "{style: push}", "bidding.style push hands the choice of contract to the partner: it needs "
                                       "table.sides partners"),
    ("bulgarian", "{style: push}", "a double among the bids could never be called"),
])
def test_validate_refuses_a_push_without_a_partner_or_with_doubles_among_the_bids(
        tmp_path: Path, extends: str, bidding: str, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        _house(tmp_path, bidding, extends)


def test_bots_and_random_tables_play_push_auctions(tmp_path: Path) -> None:
    """The heuristic pushes a hand that covers no contract; random auctions and whole deals play through."""
    rules = _house(tmp_path)
    bot = HeuristicPlayer(rules)
    pushed = 0
    for seed in range(60):
        state = _deal(rules, seed)
        while state.phase == "bidding":
            state.apply(bot.choose(state.view(state.to_act), state.legal_actions()))
        pushed += state.auction.calls[0][1] == PUSH
        assert state.contract is not None
        random_state = _deal(rules, seed)
        play_at_random(random_state, random.Random(seed).random)
        assert random_state.phase == "over" and random_state.contract is not None
    assert 0 < pushed < 60


def test_the_table_names_a_push_and_a_redeal_claim_as_such() -> None:
    """The line game and the table say "push" and "redeal", not a doubling (which a call other than a bid or a
    pass was taken for)."""
    from belot_rules.cli.game.look import Look
    from belot_rules.rules.bidding.calls import REDEAL

    look = Look().for_variant(load_variant("baloot").variant)
    assert look.call(PUSH) == "push" and look.call(REDEAL) == "redeal"
    assert [said for _, said in look.calls([(0, PUSH), (2, Call("bid", "hearts")), (1, Call("double"))])][::2] == [
        "push", look.call(Call("double"), 0)]
