"""The table's own sentences in each player's language (issue 24: "the server's own sentences (refusals,
notes, waiting for ..., the end of the match) in each player's own language"): each client says its language
in its hello, and the server words each seat's messages in it, whatever the host's.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from test_net_table import hosted
from websockets.asyncio.client import connect

from belot_rules.net.protocol import VERSION
from belot_rules.net.seats import PERSON

Message = dict[str, Any]


async def player(address: str, name: str, lang: str, heard: list[Message]) -> None:
    """A player who speaks ``lang``: once seated it moves out of turn (refused), then takes the first choice of
    each turn, until the match ends."""
    async with connect(f"ws://{address}/") as socket:
        await socket.send(json.dumps({"type": "hello", "version": VERSION, "code": "langs", "name": name,
                                      "lang": lang}))
        async for frame in socket:
            message = json.loads(frame)
            heard.append(message)
            if message["type"] == "deal" and message["number"] == 1 and not any(m["type"] == "refused" for m in heard):
                await socket.send(json.dumps({"type": "undo"}))
            if message["type"] == "turn":
                await socket.send(json.dumps({"type": "move", "text": "1"}))
            if message["type"] == "end":
                return


def test_two_players_read_the_table_each_in_their_own_language() -> None:
    """Ana joined in Bulgarian and Bo in French at a host that speaks English: the notes of who sits down, the
    refusals, each move's words and the match's end come to each in their own language."""
    ana: list[Message] = []
    bo: list[Message] = []

    async def play() -> None:
        async with hosted((PERSON, "random", PERSON, "random"), "langs") as address:
            async with asyncio.timeout(30):
                await asyncio.gather(player(address, "Ana", "bg", ana), player(address, "Bo", "fr", bo))

    asyncio.run(play())

    def said(heard: list[Message], kind: str, key: str) -> str:
        return "\n".join(str(m.get(key)) for m in heard if m["type"] == kind)

    assert "Всички места са заети: мачът започва." in said(ana, "seats", "note")
    assert "Toutes les places sont prises : la partie commence." in said(bo, "seats", "note")
    assert "домакинът не позволява връщане на ход" in said(ana, "refused", "reason"), said(ana, "refused", "reason")
    assert "l'hôte n'autorise pas l'annulation" in said(bo, "refused", "reason"), said(bo, "refused", "reason")
    assert "спечелиха мача" in said(ana, "end", "said") or "Мачът" in said(ana, "end", "said"), said(ana, "end", "said")
    assert "la partie" in said(bo, "end", "said"), said(bo, "end", "said")
    assert "Every seat" not in said(ana, "seats", "note") + said(bo, "seats", "note")
