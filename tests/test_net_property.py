"""A property over whole hosted matches of every shipped variant (issue 24, "Done when"): no message sent
to a seat holds a card outside what that seat has seen (its hand and the table, as its SeatView shows
them), a watcher sees the table's cards alone, every message is in the protocol's schema, and no seat
can act out of turn, for another seat, or with a token that is not its own.

The table is driven directly (:class:`~belot_rules.net.table.Table` is the server's whole game logic,
free of the network), so a whole match takes milliseconds; ``test_net_play`` drives the same table
through real processes.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from belot_rules.cards import CARDS
from belot_rules.cli.game.controller import Moved
from belot_rules.cli.game.session import Session
from belot_rules.net.protocol import check_sent
from belot_rules.net.seats import PERSON, WATCHERS, Refused
from belot_rules.net.table import Table
from belot_rules.variant.loader import shipped_names

SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CARD = re.compile(r"(?<![A-Za-z0-9])(10|[789TJQKA])([CDHS♣♦♥♠])(?![A-Za-z0-9])")
TYPED = ["1", "2", "3", "9", "0", "pass", "hearts", "90 h", "x", "jh", "10s", "as belote", "y", "n", "zz", ""]


def cards_in(text: str) -> set[str]:
    """The cards a text names, as codes (``JH``), whether written ``JH``, ``J♥`` or ``10♥``."""
    return {("T" if rank == "10" else rank) + SYMBOLS.get(suit, suit) for rank, suit in CARD.findall(text)}


def seen_in(view: dict[str, Any]) -> set[str]:
    """The cards a view shows: the hand and the table (not the declarations' words)."""
    cards = set(view["hand"]) | set(view["discarded"]) | {c for _, c in view["trick"]}
    cards |= {c for trick in view["tricks"] for c in trick["cards"]}
    cards |= {c for c in (view.get("turned_card"), view.get("shown_stock")) if c}
    if view.get("exchanged"):
        cards.add(view["exchanged"][1])
    cards |= {c for piles in view["tableau"] for pile in piles for c in pile if c}
    return cards


SCHEMA_CHECKS = 8  # messages of each kind checked against the schema per match (all would take most of the time)


def check(outs: list[tuple[int, dict[str, Any]]], seen: dict[int, set[str]], checked: Counter[str]) -> None:
    """Each message's cards were seen by its receiver; the first few of each kind are in the schema too."""
    for receiver, message in outs:
        checked[message["type"]] += 1
        if checked[message["type"]] <= SCHEMA_CHECKS:
            check_sent(message)
        if "view" in message:
            view = message["view"]
            assert view["seat"] == (None if receiver == WATCHERS else receiver)
            if receiver == WATCHERS:
                assert not view["hand"] and not view["discarded"], "a watcher sees no hand"
            seen[receiver] |= seen_in(view)
        named = cards_in(json.dumps(message, ensure_ascii=False))
        assert named <= seen[receiver], f"{message['type']} to {receiver} names {named - seen[receiver]}: {message}"


def tries_out_of_turn(table: Table, tokens: dict[int, str]) -> None:
    """Every seat but the one asked, and a watcher, is refused a move; a forged token takes no seat."""
    asked = table.turn.seat if table.turn is not None else None
    for seat in [*range(len(table.seats)), None]:
        if seat != asked:
            with pytest.raises(Refused):
                table.choose(seat, "1")
    with pytest.raises(Refused, match="holds no seat"):
        table.join("Mallory", "x" * 24, False, 0.0)
    for seat, token in tokens.items():  # a token gives back its own seat, never another
        assert table._seat_for(token).number == seat


@pytest.mark.parametrize("variant", shipped_names())
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), people=st.integers(1, 15),
       typing=st.randoms(use_true_random=False))
def test_no_seat_is_sent_a_card_it_may_not_see_nor_acts_out_of_turn(variant: str, seed: int, people: int,
                                                                    typing: random.Random) -> None:
    players = Session.start(variant, seed, None).ruleset.seating.players
    seats = tuple(PERSON if people >> s & 1 else "random" for s in range(players))
    seats = seats if PERSON in seats else (PERSON, *seats[1:])
    session = Session.start(variant, seed, tuple("random" if s == PERSON else s for s in seats), target=1)
    table = Table.new(session, seats, "prop", hints=True)
    seen: dict[int, set[str]] = {r: set() for r in (*range(players), WATCHERS)}
    tokens: dict[int, str] = {}
    checked: Counter[str] = Counter()
    for seat, player in enumerate(seats):
        if player == PERSON:
            number, token, outs = table.join(f"P{seat}", None, False, 0.0)
            assert number == seat and token is not None
            tokens[seat] = token
            check(outs, seen, checked)
    for _ in range(5000):
        event, outs = table.step(0.0)
        check(outs, seen, checked)
        if event is not None:
            continue
        if table.ended:
            break
        tries_out_of_turn(table, tokens)
        turn = table.turn
        assert turn is not None and turn.seat in tokens
        if typing.random() < 0.05 and not table.belote:  # a belote question is answered before a hint
            check(table.hint(turn.seat), seen, checked)
        try:
            check(table.choose(turn.seat, typing.choice(TYPED) if typing.random() < 0.3 else "1"), seen, checked)
        except Refused as refusal:
            assert str(refusal), "a refusal says why"
    assert table.ended, "the match ended"


def test_a_player_out_of_time_loses_the_match_at_a_hosted_table() -> None:
    """bulgarian-cut-only: 30 s a move, or the player's team loses the match (S2/S3 of its sources); the turn
    tells the time left, and everybody is told who ran out of time."""
    clock = [0.0]
    seats = (PERSON, "random", PERSON, "random")
    session = Session.start("bulgarian-cut-only", 4, tuple("random" if s == PERSON else s for s in seats))
    table = Table.new(session, seats, "clock", now=lambda: clock[0])
    table.join("Ana", None, False, 0.0)
    table.join("Bo", None, False, 0.0)
    while (step := table.step(0.0))[0] is not None:
        turn = [m for _, m in step[1] if m["type"] == "turn"]
    assert table.turn is not None and turn and turn[0]["left"] == 30
    assert table.deadline() == 30
    clock[0] = 31.0
    told: list[tuple[int, dict[str, Any]]] = []
    while (step := table.step(0.0))[0] is not None:
        told += step[1]
    loser = turn[0]["seat"]
    said = {r: m["text"] for r, m in told if m["type"] == "said"}
    assert "loses the match" in said[loser] and said[2 - loser].startswith(f"{table.seats[loser].name}'s time is up")
    end = [m for _, m in told if m["type"] == "end"][0]
    assert table.ended and end["winner"] == 1 - session.seating.side_of[loser]


def test_a_seat_left_longer_than_the_wait_is_played_by_the_stand_in_until_its_player_returns() -> None:
    """issue 24: a client that drops can rejoin its seat with its token within the host's --wait; after it,
    the bot the host named plays the seat until the player comes back."""
    seats = (PERSON, "random", PERSON, "random")
    session = Session.start("bulgarian", 8, tuple("heuristic" if s == PERSON else s for s in seats))
    table = Table.new(session, seats, "wait", wait=120)
    _, ana, _ = table.join("Ana", None, False, 0.0)
    table.join("Bo", None, False, 0.0)
    play_until_asked(table, 0, 0.0)
    table.leave(0, 10.0)
    assert table.step(100.0) == (None, []) and table.deadline() == 130, "the seat waits for its player"
    event, outs = table.step(131.0)
    notes = [m["note"] for _, m in outs if m["type"] == "seats"]
    assert isinstance(event, Moved) and event.seat == 0 and "heuristic plays seat 1 until they do" in notes[0]
    assert [s["player"] for s in table.seats_json()][0] == "human, heuristic standing in"
    seat, token, _ = table.join("Ana", ana, False, 140.0)
    assert (seat, token) == (0, ana) and 0 in table.flow.people, "back with its token: the seat is its player's"
    play_until_asked(table, 0, 140.0)
    assert table.turn is not None and table.turn.seat == 0, "the player is asked again"


def play_until_asked(table: Table, seat: int, now: float) -> None:
    """Every other person answers 1 until ``seat`` is asked for a move."""
    while True:
        event, _ = table.step(now)
        if event is None:
            assert table.turn is not None, "the match ended first"
            if table.turn.seat == seat:
                return
            table.choose(table.turn.seat, "1")


def drawn_from(seen: dict[str, Any]) -> set[str]:
    """Every card a full-screen seat's view names: its fields of cards, and the cards of the melds it holds."""
    cards = set(seen["hand"]) | set(seen["discarded"]) | set(seen["chien_cards"]) | {c for _, c in seen["trick"]}
    cards |= {c for _, played, _ in seen["tricks"] for c in played} | {c for hand in seen["open_hands"] for c in hand}
    cards |= {c for c in (seen["turned_card"], seen["shown_stock"], seen["trump_card"]) if c}
    cards |= {seen["exchanged"][1]} if seen["exchanged"] else set()
    cards |= {c for piles in seen["tableau"] for pile in piles for c in pile if c}
    return cards | {str(CARDS[i]) for d in seen["declarations"] for i in range(len(CARDS)) if d["mask"] >> i & 1}


@pytest.mark.parametrize("variant", ["bulgarian", "belote-a-trois", "belote-decouverte"])
def test_what_a_full_screen_seat_draws_from_holds_no_card_it_may_not_see(variant: str) -> None:
    """What a full-screen seat draws the local table from (its whole view, the legal moves at its turn) names only
    cards of its view: its hand, the table, its own melds in full and the others' by kind and value (their cards
    cut: rules/bulgarian.md §5.2) until the deal is over."""
    players = Session.start(variant, 3, None).ruleset.seating.players
    seats = (PERSON, *["random"] * (players - 1))
    table = Table.new(Session.start(variant, 3, ("random",) * players, target=1), seats, "views")
    table.join("Ana", None, False, 0.0)
    table.full.add(0)
    seen: set[str] = set()
    checked, legal = 0, []
    while not table.ended:
        event, outs = table.step(0.0)
        for receiver, message in outs:
            legal = message["legal"] if receiver == 0 and message["type"] == "turn" else legal
            if receiver == 0 and "view" in message:
                seen |= seen_in(message["view"])
                named = drawn_from(message["seen"]) | {str(CARDS[a["card"]]) for a in message.get("legal", [])
                                                       if a["card"] >= 0}
                checked += 1
                if message["view"]["phase"] != "over":
                    assert named <= seen, f"{message['type']} names {named - seen}"
        if event is None and table.turn is not None:
            if table.turn.seat == 0:
                table.act(0, legal[0]["text"])
            else:
                table.choose(table.turn.seat, "1")
    assert checked > 20
