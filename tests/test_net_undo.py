"""Undo at a hosted table by the host's rule (issue 24, "What to build" 2: "undo only by the host's rule"):
``belot host --undo never`` (the default), ``own-move`` (a player takes back their own last move while no
other player has moved since) or ``agreed`` (once every other player present agrees). It goes back as far
as the local game's undo (``Session.undo_step``, cli/game/session.py) and everybody is told and shown the
deal as it is again. The table is driven directly, as in ``test_net_property``.
"""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import pytest
from net_seat import seat_talks

from belot_rules.cli.game.session import Session
from belot_rules.net.client import Joining, PlainView
from belot_rules.net.protocol import check_sent, decode
from belot_rules.net.seats import PERSON, WATCHERS, Refused
from belot_rules.net.store import TableSave, read_table
from belot_rules.net.table import Table
from belot_rules.net.takeback import undo

SEATS = (PERSON, "random", PERSON, "random")


def seated(rule: str, slot: Any = None) -> Table:
    """Ana (seat 1) and Bo (seat 3) against two bots; Ana has made a call and Bo is asked for his."""
    session = Session.start("bulgarian", 11, tuple("random" if s == PERSON else s for s in SEATS), target=1)
    table = Table.new(session, SEATS, "undo", undo_rule=rule, slot=slot)
    table.join("Ana", None, False, 0.0)
    table.join("Bo", None, False, 0.0)
    asked(table, 0)
    table.choose(0, "1")
    asked(table, 2)
    return table


def asked(table: Table, seat: int) -> None:
    """Step the table until ``seat`` is asked for a move (the other person answers 1 meanwhile)."""
    while True:
        event, _ = table.step(0.0)
        if event is None:
            assert table.turn is not None
            if table.turn.seat == seat:
                return
            table.choose(table.turn.seat, "1")


def test_undo_is_refused_unless_the_host_allows_it() -> None:
    table = seated("never")
    with pytest.raises(Refused, match="does not allow undo.*--undo own-move or agreed"):
        undo(table, 0)


def test_own_move_takes_back_the_players_move_and_tells_everybody() -> None:
    table = seated("own-move")
    moves = len(table.session.deal.history)
    outs = undo(table, 0)
    told = {receiver: message for receiver, message in outs}
    assert set(told) == {0, 1, 2, 3, WATCHERS} and all(m["type"] == "undone" for m in told.values())
    assert "Ana took back their last move (2 moves taken back)" in told[2]["said"]
    for message in told.values():
        check_sent(message)
    assert len(table.session.deal.history) == moves - 2 and table.turn is None, "Bo's question is withdrawn"
    asked(table, 0)
    assert table.session.undone, "the record keeps what was taken back"


def test_own_move_is_refused_once_another_player_has_moved_since() -> None:
    table = seated("own-move")
    table.choose(2, "1")
    with pytest.raises(Refused, match="Bo moved since.*--undo agreed"):
        undo(table, 0)


def test_agreed_waits_for_every_other_player_present() -> None:
    table = seated("agreed")
    moves = len(table.session.deal.history)
    asking = [m["text"] for _, m in undo(table, 0)]
    assert "Ana asks to take back their last move: Bo, type u to agree" in asking[0]
    assert len(table.session.deal.history) == moves, "nothing is taken back before Bo agrees"
    outs = undo(table, 2)
    assert [m["type"] for _, m in outs][0] == "undone" and len(table.session.deal.history) == moves - 2


def test_an_agreement_lapses_when_the_match_moves_on() -> None:
    table = seated("agreed")
    undo(table, 0)
    table.choose(2, "1")
    said = [m["text"] for _, m in undo(table, 2)]
    assert "Bo asks to take back their last move: Ana, type u" in said[0], "Bo's u no longer agrees to Ana's"


def test_a_player_alone_at_the_table_needs_no_agreement() -> None:
    table = seated("agreed")
    table.leave(2, 1.0)
    assert undo(table, 0)[0][1]["type"] == "undone"


def test_the_undo_rule_is_saved_with_the_table(tmp_path: Path) -> None:
    save = TableSave(tmp_path / "t.json")
    table = seated("agreed", slot=save)
    save.table = table
    table.flow.save()
    assert read_table(save.path)[4] == "agreed"


def test_the_line_client_asks_with_u_and_shows_the_deal_taken_back() -> None:
    out = io.StringIO()
    view = PlainView(Joining("127.0.0.1:1", "undo"), out=out)
    assert view.local("u") == decode('{"type": "undo"}')
    table = seated("own-move")
    view.names = [s.name for s in table.seats]
    view.show(dict(undo(table, 0))[0])
    assert "Ana took back their last move" in out.getvalue() and "Your hand:" in out.getvalue()


def test_a_seat_takes_its_move_back_over_the_network() -> None:
    """Through a real server on the loopback address: the seat's undo message takes its move back, it is sent
    the deal as it is again and asked anew."""

    def answer(seen: list[dict[str, Any]]) -> dict[str, Any] | None:
        if seen[-1]["type"] != "turn":
            return None
        return {"type": "move", "text": "1"} if turns(seen) == 1 else {"type": "undo"}

    def turns(seen: list[dict[str, Any]]) -> int:
        return sum(m["type"] == "turn" for m in seen)

    session = Session.start("bulgarian", 11, ("random",) * 4, target=1)
    table = Table.new(session, (PERSON, "random", "random", "random"), "undo-net", undo_rule="own-move")
    seen = asyncio.run(seat_talks(table, "undo-net", answer, lambda seen: turns(seen) >= 3))
    kinds = [m["type"] for m in seen]
    assert "undone" in kinds and kinds[-1] == "turn", kinds
    undone = seen[kinds.index("undone")]
    assert undone["said"].startswith("South took back their last move")
