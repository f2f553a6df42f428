"""One seat at a hosted table through a real server on the loopback address: the scaffolding the network tests
share (a table's runner and server started, the seat's hello, its answers to what it is sent, all stopped after)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import connect

from belot_rules.net.protocol import VERSION
from belot_rules.net.server import Host, TableRunner, listen
from belot_rules.net.table import Table

Message = dict[str, Any]


async def seat_talks(table: Table, code: str, answer: Callable[[list[Message]], Message | None],
                     done: Callable[[list[Message]], bool]) -> list[Message]:
    """The messages seat 0 is sent until ``done`` holds (20 s at most); after each, ``answer`` may send one."""
    runner = TableRunner(table, "instant", note=lambda line: None)
    server = await listen(Host({code: runner}), "127.0.0.1", 0)
    runner.start()
    seen: list[Message] = []
    try:
        async with connect(f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}/") as socket:
            await socket.send(json.dumps({"type": "hello", "version": VERSION, "code": code}))
            async with asyncio.timeout(20):
                while not done(seen):
                    seen.append(json.loads(await socket.recv()))
                    reply = answer(seen)
                    if reply is not None:
                        await socket.send(json.dumps(reply))
    finally:
        assert runner.task is not None
        runner.task.cancel()
        server.close()
    return seen
