"""What a player may type in the game: calls, cards by number or name, declarations, commands."""

from __future__ import annotations

import pytest

from belot_rules import load_variant
from belot_rules.cards import parse_card
from belot_rules.cli.game.controller import HumanTurn
from belot_rules.cli.game.hands import sort_hand
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.prompt import (
    Refusal,
    call_menu,
    command,
    parse_call,
    parse_card_choice,
    parse_option,
)
from belot_rules.engine.deal import DECLARING, DealState
from belot_rules.engine.match import MatchState

LOOK = Look()


def bidding(variant: str) -> DealState:
    return MatchState.new(load_variant(variant), seed=1).current


@pytest.mark.parametrize("text, expected", [
    ("pass", "pass"), ("p", "pass"), ("hearts", "hearts"), ("♥", "hearts"), ("nt", "no_trumps"),
    ("no trumps", "no_trumps"), ("All-Trumps", "all_trumps"), ("at", "all_trumps"),
])
def test_ladder_calls_by_name(text: str, expected: str) -> None:
    deal = bidding("bulgarian")
    legal = deal.legal_actions()
    assert str(parse_call(text, legal, call_menu(legal), LOOK)) == expected


def test_calls_by_number_follow_the_menu() -> None:
    legal = bidding("bulgarian").legal_actions()
    menu = call_menu(legal)
    assert [str(parse_call(str(i), legal, menu, LOOK)) for i in range(1, len(menu) + 1)] == [str(a) for a in menu]


def test_contra_is_offered_only_against_the_opponents() -> None:
    deal = bidding("bulgarian")
    deal.apply("hearts")
    legal = deal.legal_actions()
    assert str(parse_call("contra", legal, call_menu(legal), LOOK)) == "double"
    deal.apply("pass")
    legal = deal.legal_actions()
    with pytest.raises(Refusal, match="not possible now"):
        parse_call("x", legal, call_menu(legal), LOOK)


@pytest.mark.parametrize("text", ["90 h", "90 hearts", "90 ♥", "90 Hearts"])
def test_point_bids_are_typed_as_numbers(text: str) -> None:
    legal = bidding("coinche").legal_actions()
    menu = call_menu(legal)
    assert all(a.call.points is None for a in menu)
    assert str(parse_call(text, legal, menu, LOOK)) == "90 hearts"
    assert str(parse_call("capot s", legal, menu, LOOK)) == "capot spades"


def test_an_impossible_point_bid_says_what_is_open() -> None:
    legal = bidding("coinche").legal_actions()
    with pytest.raises(Refusal) as refused:
        parse_call("85 h", legal, call_menu(legal), LOOK)
    assert "80 to 160 in tens or capot" in str(refused.value) and "1 pass" in str(refused.value)


def test_unknown_words_are_refused_with_the_choices() -> None:
    legal = bidding("bulgarian").legal_actions()
    with pytest.raises(Refusal, match="is not a call. Choose 1 pass, 2 clubs"):
        parse_call("banana", legal, call_menu(legal), LOOK)


def test_commands() -> None:
    assert [command(c) for c in ("?", "L", " s ", "r", "h", "q", "help", "quit", "jh")] == \
        ["help", "last", "sheet", "rules", "hint", "quit", "help", "quit", None]


def played_deal() -> DealState:
    """A hearts deal where the seat to act, after a card is led, holds cards it may not play."""
    for seed in range(100):
        deal = MatchState.new(load_variant("bulgarian"), seed).current
        deal.force_contract("hearts", declarer=0)
        while deal.phase == DECLARING or not deal.trick:
            deal.apply(deal.legal_actions()[-1])
        while deal.phase == DECLARING:
            deal.apply(deal.legal_actions()[-1])
        if len(deal.legal_actions()) < len(deal.view(deal.to_act).hand):
            return deal
    raise AssertionError("no seed gives a seat with an illegal card")


def card_menu(deal: DealState) -> list:
    hand = sort_hand(deal.ruleset, deal.contract, deal.view(deal.to_act).hand)
    legal = {a.card for a in deal.legal_actions()}
    return [next(a for a in deal.legal_actions() if a.card == c.index) for c in hand if c.index in legal]


def turn_of(deal: DealState) -> HumanTurn:
    """The turn the controller tells the seat to act in ``deal`` (its view and its legal moves)."""
    return HumanTurn(deal.to_act, deal.view(deal.to_act), tuple(deal.legal_actions()), (), (), False, "", None)


def test_cards_by_number_or_name() -> None:
    deal = played_deal()
    menu = card_menu(deal)
    first = menu[0].card
    name = str(parse_card(str(menu[0]).split()[0]))
    for text in ("1", name.lower(), name.replace("T", "10"), LOOK.card_name(first)):
        assert parse_card_choice(text, turn_of(deal), menu, LOOK, deal.ruleset)[0].card == first


def test_an_illegal_card_names_the_rule() -> None:
    deal = played_deal()
    menu = card_menu(deal)
    hand = deal.view(deal.to_act).hand
    illegal = next(c for c in hand if parse_card(c).index not in {a.card for a in menu})
    with pytest.raises(Refusal, match=r"You may not play .* led\): you must"):
        parse_card_choice(illegal, turn_of(deal), menu, LOOK, deal.ruleset)
    missing = next(str(c) for c in map(parse_card, ["AS", "KS", "QS", "JS", "7C"]) if str(c) not in hand)
    with pytest.raises(Refusal, match="You do not hold"):
        parse_card_choice(missing, turn_of(deal), menu, LOOK, deal.ruleset)
    with pytest.raises(Refusal, match="is neither .* nor a card like jh"):
        parse_card_choice("99", turn_of(deal), menu, LOOK, deal.ruleset)


def test_declarations_default_to_declaring() -> None:
    menu = ["declare tierce", "declare nothing"]
    assert parse_option("", menu) == menu[0]  # type: ignore[arg-type]
    assert parse_option("n", menu) == menu[-1]  # type: ignore[arg-type]
    assert parse_option("2", menu) == menu[1]  # type: ignore[arg-type]
    with pytest.raises(Refusal):
        parse_option("7", menu)  # type: ignore[arg-type]


def test_hand_is_sorted_by_suit_and_strength_in_the_contract() -> None:
    rules = load_variant("bulgarian")
    hand = ["7H", "JH", "AS", "9H", "TS", "KC", "AH"]
    assert [str(c) for c in sort_hand(rules, "hearts", hand)] == ["JH", "9H", "AH", "7H", "AS", "TS", "KC"]
    assert [str(c) for c in sort_hand(rules, None, hand)] == ["AS", "TS", "AH", "JH", "9H", "7H", "KC"]


def test_seats_are_named_from_the_players_chair() -> None:
    from belot_rules.cli.game.seating import Seating

    teams = load_variant("bulgarian").seating.side_of
    players = ("you", "random", "random", "random")
    assert [Seating(players, teams).name(s) for s in range(4)] == ["You", "Right", "Partner", "Left"]
    assert [Seating(players, teams, clockwise=True).name(s) for s in range(4)] == ["You", "Left", "Partner", "Right"]
    third = Seating(("random", "random", "you", "random"), teams)
    assert [third.name(s) for s in range(4)] == ["Partner", "Left", "You", "Right"]
    assert (third.team_name(0), third.team_name(1)) == ("Us", "Them")
    bots = Seating(("random",) * 4, teams)
    assert [bots.name(s) for s in range(4)] == ["South", "East", "North", "West"]
    assert bots.team_phrase(1) == "East-West"


def test_seats_at_tables_of_two_and_three_are_named_from_the_players_chair() -> None:
    """A table of two faces you with your opponent; at three, Right and Left; each player is a side."""
    from belot_rules.cli.game.seating import Seating

    two = Seating(("you", "random"), (0, 1))
    assert [two.name(s) for s in range(2)] == ["You", "Opponent"] and two.teams_in_order() == (0, 1)
    three = Seating(("random", "you", "random"), (0, 1, 2))
    assert [three.name(s) for s in range(3)] == ["Left", "You", "Right"]
    assert three.teams_in_order() == (1, 2, 0) and three.team_name(2) == "Right"


def test_an_impossible_call_is_refused_with_the_rule_that_forbids_it():
    deal = bidding("bulgarian")
    deal.apply("hearts")
    deal.apply("pass")  # now the contract's own team is to call
    legal = deal.legal_actions()
    with pytest.raises(Refusal, match="only an opponent of the contract may double it"):
        parse_call("contra", legal, call_menu(legal), LOOK, lambda call: deal.ruleset.bidding.reason(deal.auction, call))


def test_coinche_calls_its_doubles_coinche_and_surcoinche_FFB_K():
    """The variant names its doubling levels; the table shows and understands those words."""
    deal = bidding("coinche")
    look = LOOK.for_variant(deal.ruleset.variant)
    deal.apply("90 hearts")
    legal = deal.legal_actions()
    doubled = parse_call("coinche", legal, call_menu(legal), look)
    assert str(doubled) == "double" and look.call(doubled.call) == "coinche ×2"
    assert look.multiplier(2) == "×4 surcoinche"
