"""Bots think off the server's loop (issue 24, "One server, many tables"): a bot's move is thought out in a
worker thread, so a slow one holds up its own table only; the other tables play on and every connection,
its own table's too, is answered meanwhile.

The server runs in this process on a free loopback port, with two tables: one whose bot does not answer
until the test lets it, and one of bots that plays a whole short match while the first waits.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from net_seat import seat_talks
from websockets.asyncio.client import ClientConnection, connect

from belot_rules.cli.game.session import Session
from belot_rules.net.flow import Thought
from belot_rules.net.protocol import VERSION
from belot_rules.net.server import Host, TableRunner, listen
from belot_rules.net.table import Table
from belot_rules.players.outside import load_factory

STUCK = '''
import threading


class Stuck:
    """Answers its first legal move once the test opens the gate."""

    gate = threading.Event()
    asked = threading.Event()

    def __init__(self, ruleset, seed):
        pass

    def choose(self, view, legal):
        Stuck.asked.set()
        Stuck.gate.wait(30)
        return legal[0]
'''


def bots_table(code: str, seats: tuple[str, ...]) -> TableRunner:
    """A table of bots alone, playing as soon as its runner starts."""
    session = Session.start("bulgarian", 3, seats, target=1)
    table = Table.new(session, seats, code)
    table.started = True
    return TableRunner(table, "instant", note=lambda line: None)


async def watch(address: str, code: str) -> ClientConnection:
    socket = await connect(f"ws://{address}/")
    await socket.send(json.dumps({"type": "hello", "version": VERSION, "code": code, "watch": True}))
    return socket


async def until(socket: ClientConnection, kind: str, seconds: float = 20) -> list[dict[str, Any]]:
    """The messages a watcher receives up to the first of ``kind``."""
    seen: list[dict[str, Any]] = []
    async with asyncio.timeout(seconds):
        while not seen or seen[-1]["type"] != kind:
            seen.append(json.loads(await socket.recv()))
    return seen


def test_a_slow_bot_holds_up_its_own_table_only(tmp_path: Path) -> None:
    (tmp_path / "stuck.py").write_text(STUCK, encoding="utf-8")
    spec = f"{tmp_path / 'stuck.py'}:Stuck"
    stuck = load_factory(spec)

    async def scenario() -> None:
        slow = bots_table("slow", (spec, "random", "random", "random"))
        quick = bots_table("quick", ("random",) * 4)
        host = Host({"slow": slow, "quick": quick})
        server = await listen(host, "127.0.0.1", 0)
        address = f"127.0.0.1:{server.sockets[0].getsockname()[1]}"
        try:
            slow_watcher = await watch(address, "slow")
            slow.start()
            await asyncio.to_thread(stuck.asked.wait, 20)
            quick_watcher = await watch(address, "quick")
            quick.start()
            quick_seen = await until(quick_watcher, "end")
            assert sum(m["type"] == "moved" for m in quick_seen) >= 32, "the other table played its match"
            await slow_watcher.send(json.dumps({"type": "rules"}))
            seen = await until(slow_watcher, "rules", 10)
            assert not any(m["type"] == "moved" and m["seat"] == 0 for m in seen), "the slow bot has not moved"
            assert slow.task is not None and not slow.task.done()
            stuck.gate.set()
            moved = await until(slow_watcher, "moved", 10)
            assert moved[-1]["seat"] == 0, "once it answers, its move is made and told"
        finally:
            stuck.gate.set()
            for runner in (slow, quick):
                if runner.task is not None:
                    runner.task.cancel()
            server.close()

    asyncio.run(scenario())


def test_a_bots_answer_for_a_position_the_table_left_is_not_played() -> None:
    """An answer that comes back after the match moved on (an undo while the bot thought) is dropped and the
    bot is asked again for the position the table is in."""
    seats = ("random",) * 4
    table = Table.new(Session.start("bulgarian", 5, seats, target=1), seats, "stale", apart=True)
    table.started = True
    assert table.step(0.0)[0] is not None, "the deal's start is told at once"
    thought = table.thought()
    assert isinstance(thought, Thought)
    assert table.step(0.0) == (None, []), "apart, the table waits for its bot's answer"
    old = Thought(thought.deal, thought.step, thought.undone + 1, thought.seat, thought.bot, thought.decide)
    assert table.step(0.0, (old, thought())) == (None, []), "an answer for another position is not played"
    event, _ = table.step(0.0, (thought, thought()))
    assert event is not None and table.session.match.current.history, "the answer for this position is played"


def test_a_hint_is_thought_out_apart_and_given_while_the_move_is_awaited() -> None:
    """``h`` at a table that allows hints: the adviser thinks in a worker thread, and its answer reaches the seat
    whose move it is for, in the local game's words."""

    session = Session.start("bulgarian", 4, ("random",) * 4, target=1)
    table = Table.new(session, ("human", "random", "random", "random"), "hints", hints=True)
    seen = asyncio.run(seat_talks(table, "hints", lambda seen: {"type": "hint"} if seen[-1]["type"] == "turn" else None,
                                  lambda seen: bool(seen) and seen[-1]["type"] == "hint"))
    assert seen[-1]["text"].startswith("Hint: the heuristic bot would ")
