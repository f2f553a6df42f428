"""The score sheet at a hosted table (issue 24, "What to build" 2: the sheet, as the local game offers it):
``s`` asks the table for it and the match's end sends it, drawn by the local game's renderer from each
receiver's chair (cli/game/render.py, Renderer.sheet: Us and Them), without the seed that would deal the
hidden cards again."""

from __future__ import annotations

import io

from belot_rules import i18n
from belot_rules.cli.game.controller import DealScored
from belot_rules.cli.game.session import Session
from belot_rules.cli.game.wording import question
from belot_rules.net.client import Joining, PlainView
from belot_rules.net.pages import sheet
from belot_rules.net.protocol import check_sent, decode
from belot_rules.net.seats import PERSON, WATCHERS
from belot_rules.net.table import Table

SEATS = (PERSON, "random", "random", "random")


def test_the_sheet_is_drawn_from_each_receivers_chair_once_a_deal_is_scored() -> None:
    session = Session.start("bulgarian", 2, ("random",) * 4, target=1)
    table = Table.new(session, SEATS, "sheet")
    table.join("Ana", None, False, 0.0)
    assert "Score sheet" not in sheet(table, 0) and "Match to 1" in sheet(table, 0), "the board before any deal"
    while not isinstance(table.step(0.0)[0], DealScored):
        if table.turn is not None:
            table.choose(0, "1")
    mine, watched = sheet(table, 0), sheet(table, None)
    assert "Score sheet" in mine and "Us" in mine and "Them" in mine
    assert "North-South" in watched and "Us" not in watched
    assert "seed" not in mine.lower()
    check_sent({"type": "sheet", "text": mine})


def test_the_line_client_asks_for_the_sheet_with_s_and_prints_it() -> None:
    out = io.StringIO()
    view = PlainView(Joining("127.0.0.1:1", "sheet"), out=out)
    assert view.local("s") == decode('{"type": "sheet"}')
    view.show({"type": "sheet", "text": "Score sheet\n 1  made  Us  81\n"})
    assert out.getvalue().splitlines() == ["Score sheet", " 1  made  Us  81"]


def test_a_network_seat_is_asked_in_the_line_games_words_and_language() -> None:
    """The question of a move has one home (cli/game/wording.py, ``question``): the line game and a network seat
    ask it in the same words, translated once, in the seat's language."""
    session = Session.start("bulgarian", 2, ("random",) * 4, target=1)
    table = Table.new(session, SEATS, "words")
    table.join("Ana", None, False, 0.0, "bg")  # the language Ana's client said it speaks
    while table.step(0.0)[0] is not None:
        pass
    assert table.turn is not None, "Ana is asked for a move"
    turn = table.again(0)[-1][1]
    with i18n.speaking("bg"):
        assert turn["type"] == "turn" and turn["prompt"] == question(table.turn) != "Your call"


def test_the_joining_client_speaks_the_players_language() -> None:
    """The client's own words (the help, the deal, the hand) come from the catalogues, in the language of the
    player who joins, whatever the host speaks."""
    out = io.StringIO()
    view = PlainView(Joining("127.0.0.1:1", "words"), out=out)
    view.names = ["Ana", "Bo", "Cy", "Di"]
    i18n.use("bg")
    try:
        view.show({"type": "deal", "number": 1, "dealer": 1, "view": {"hand": ["JH"]}})
        view.local("?")
    finally:
        i18n.use(i18n.SOURCE)
    said = out.getvalue()
    assert "Раздаване 1: Bo раздава." in said and "Вашата ръка: J" in said and "наддаването досега" in said


def test_a_deals_score_is_worded_from_each_receivers_chair_in_its_language() -> None:
    """A deal's result as a line seat reads it is the local table's box (cli/game/render.py deal_lines): your team
    and theirs for a player, in its language; the compass pairs for a watcher (never the players' names put into
    an English sentence)."""
    session = Session.start("bulgarian", 2, ("random",) * 4, target=1)
    table = Table.new(session, SEATS, "score")
    table.join("Ana", None, False, 0.0, "bg")
    while True:
        event, outs = table.step(0.0)
        if isinstance(event, DealScored):
            break
        if table.turn is not None:
            table.choose(0, "1")
    said = {receiver: "\n".join([m["title"], *m["lines"]]) for receiver, m in outs if m["type"] == "result"}
    assert "отбор" in said[0] and "Ana" not in said[0], said[0]
    assert "North-South" in said[WATCHERS] and "East-West" in said[WATCHERS], said[WATCHERS]


def test_the_line_client_says_the_hand_and_contract_once_and_the_auction_in_the_players_words() -> None:
    """The line client (``belot join --plain``) says a hand once, not again at the turn that follows the deal, and
    the contract once a deal; its ``a`` says the calls as the table says them (cli/game/look.py ``call``), in the
    player's language."""
    out = io.StringIO()
    view = PlainView(Joining("127.0.0.1:1", "words"), out=out)
    view.names = ["Ana", "Bo", "Cy", "Di"]
    seen = {"hand": ["JH", "7S"], "contract": None, "multiplier": 1, "declarer": -1, "trick": [], "phase": "bidding",
            "calls": [[1, "all_trumps"]]}
    i18n.use("bg")
    try:
        view.show({"type": "deal", "number": 1, "dealer": 1, "view": seen})
        view.show({"type": "turn", "seat": 0, "phase": "bidding", "prompt": "?", "view": seen, "menu": [], "bids": ""})
        view.local("a")
    finally:
        i18n.use(i18n.SOURCE)
    said = out.getvalue()
    assert said.count("Вашата ръка") == 1 and "Bo: всичко коз" in said, said
    playing = {**seen, "contract": "hearts", "multiplier": 1, "declarer": 1, "phase": "playing"}
    turn = {"type": "turn", "seat": 0, "phase": "playing", "prompt": "?", "view": playing, "menu": [], "bids": ""}
    view.show(turn)
    view.show(turn)
    assert out.getvalue().count("Contract: hearts") == 1, "the contract is said once a deal, not at every card"
