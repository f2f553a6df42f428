"""The terminal game in the words of the wider family's games: Sun and Hokum, sans atout, the
doubling ladder named level by level (baloot.md §3-4, belote-bridgee.md §3)."""

from __future__ import annotations

from belot_rules import load_variant
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.prompt import parse_call
from belot_rules.engine.actions import call_action
from belot_rules.rules.bidding.calls import ASHKAL, DOUBLE, PASS, REDOUBLE, Call


def test_contracts_in_the_games_words_baloot_3_belote_bridgee_3():
    baloot = Look(ascii=True).for_variant(load_variant("baloot").variant)
    assert (baloot.contract("hearts"), baloot.contract("no_trumps")) == ("Hokum hearts", "Sun")
    bridgee = Look().for_variant(load_variant("belote-bridgee").variant)
    assert (bridgee.contract("no_trumps"), bridgee.contract("all_trumps"), bridgee.contract("spades")) == (
        "sans atout", "tout atout", "spades ♠")


def test_each_raise_is_named_by_the_level_it_reaches_baloot_4():
    look = Look(ascii=True).for_variant(load_variant("baloot").variant)
    calls = [(1, Call("bid", "hearts")), (2, DOUBLE), (3, PASS), (1, REDOUBLE), (2, REDOUBLE), (3, REDOUBLE)]
    assert [said for _, said in look.calls(calls)] == [
        "Hokum hearts", "double x2", "pass", "three x3", "four x4", "gahwa x4"]
    assert look.call(REDOUBLE, 3) == "gahwa x4" and look.call(ASHKAL) == "ashkal"


def test_calls_are_typed_in_the_games_words_baloot_3_4():
    look = Look().for_variant(load_variant("baloot").variant)
    legal = [call_action(c) for c in (PASS, Call("bid", "hearts"), Call("bid", "no_trumps"), ASHKAL)]
    assert parse_call("sun", legal, legal, look).call == Call("bid", "no_trumps")
    assert parse_call("Hokum hearts", legal, legal, look).call == Call("bid", "hearts")
    assert parse_call("ashkal", legal, legal, look).call == ASHKAL
    raises = [call_action(c) for c in (PASS, REDOUBLE)]
    assert parse_call("gahwa", raises, raises, look).call == REDOUBLE


def test_the_game_names_the_dealer_as_first_speaker_where_the_dealer_speaks_first() -> None:
    """klaverjas.md (Amsterdam, first_speaker: dealer): before any call, the table and the line game say the
    dealer speaks first, the seat that is then asked, not the seat after the dealer."""
    from belot_rules.cli.game.controller import Controller
    from belot_rules.cli.game.render import Renderer
    from belot_rules.cli.game.session import Session

    session = Session.start("klaverjas-amsterdam", 6, ("you", "random", "random", "random"))
    deal = session.deal
    assert deal.to_act == deal.dealer
    text = Renderer(Controller(session), Look()).auction(Controller(session).table()).plain
    assert text == f"Calls: none yet; {session.seating.name(deal.dealer)} " + (
        "speak first" if deal.dealer == 0 else "speaks first")
