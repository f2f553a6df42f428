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

from belot_rules import i18n
from belot_rules.cli.game.session import Session
from belot_rules.net.protocol import VERSION
from belot_rules.net.seats import PERSON
from belot_rules.net.table import Table

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
    assert said(ana, "welcome", "title") == "Български белот", said(ana, "welcome", "title")


async def refusal_of(address: str, *frames: str) -> str:
    """What the server says to a new connection that sends ``frames``, before it closes it."""
    async with connect(f"ws://{address}/") as socket:
        for frame in frames:
            await socket.send(frame)
        async for frame in socket:
            message = json.loads(frame)
            if message["type"] in ("error", "refused"):
                return str(message["reason"])
    return ""


def hello(lang: str, **fields: object) -> str:
    return json.dumps({"type": "hello", "version": VERSION, "code": "words", "lang": lang, **fields})


def test_protocol_refusals_come_in_the_language_of_the_hello() -> None:
    """net/protocol.py and net/server.py: a wrong code, an old protocol version, another seat's token and a
    name over the limit are refused each in the language the hello names (issue 24, "Done when": hostile
    clients get a clear refusal), whatever the host's."""
    said: dict[str, list[str]] = {}

    async def ask() -> None:
        async with hosted((PERSON, "random", PERSON, "random"), "words") as address:
            for lang in ("bg", "fr"):
                said[lang] = [await refusal_of(address, hello(lang, code="nobody")),
                              await refusal_of(address, hello(lang, version=0)),
                              await refusal_of(address, hello(lang, token="A" * 24)),
                              await refusal_of(address, hello(lang, name="N" * 300))]

    asyncio.run(ask())
    assert said["bg"][0].startswith("тук няма маса с този код"), said["bg"]
    assert said["fr"][0].startswith("aucune table à ce code ici"), said["fr"]
    assert "протокол" in said["bg"][1] and "protocole" in said["fr"][1], said
    assert "място" in said["bg"][2] and "place" in said["fr"][2], said
    assert said["bg"][3].startswith("hello: name: по-дълго от") and "plus long que" in said["fr"][3], said


async def seated(address: str, name: str, lang: str, heard: list[Message]) -> None:
    """A player who, once asked for a call, sends a frame that is not JSON, a second hello and a card as
    a full-screen seat names a move (act); then takes the first choice of each turn to the match's end."""
    async with connect(f"ws://{address}/") as socket:
        await socket.send(hello(lang, name=name))
        async for frame in socket:
            message = json.loads(frame)
            heard.append(message)
            if message["type"] == "turn" and not any(m["type"] == "refused" for m in heard):
                for sent in ("{not json", hello(lang, name=name), json.dumps({"type": "act", "text": "7C"})):
                    await socket.send(sent)
            if message["type"] == "refused" and sum(m["type"] == "refused" for m in heard) == 3 \
                    or message["type"] == "turn" and any(m["type"] == "refused" for m in heard):
                await socket.send(json.dumps({"type": "move", "text": "1"}))
            if message["type"] == "end":
                return


async def watcher(address: str, lang: str, heard: list[Message], players: asyncio.Event) -> None:
    """A watcher who reads the table until both players have sat down."""
    async with connect(f"ws://{address}/") as socket:
        await socket.send(hello(lang, watch=True))
        async for frame in socket:
            heard.append(json.loads(frame))
            if sum(m["type"] == "seats" for m in heard) >= 3:
                players.set()
                return


def test_each_player_and_each_watcher_reads_the_refusals_and_notes_in_their_own_language() -> None:
    """A frame that is not JSON, a second hello and a move the rules refuse come back each to its sender in
    their language, with the line game's reason for the move (net/table.py ``act``: the reason
    cli/game/prompt.py gives a typed move); two watchers, one Bulgarian and one French, read who sits down
    each in their own language (their messages are made once a language)."""
    ana: list[Message] = []
    bo: list[Message] = []
    seen_bg: list[Message] = []
    seen_fr: list[Message] = []

    async def play() -> None:
        async with hosted((PERSON, "random", PERSON, "random"), "words") as address:
            sat = asyncio.Event()
            async with asyncio.timeout(20):
                watching = asyncio.gather(watcher(address, "bg", seen_bg, sat), watcher(address, "fr", seen_fr, sat))
                await asyncio.sleep(0)
                while sum(m["type"] == "welcome" for m in seen_bg + seen_fr) < 2:
                    await asyncio.sleep(0.01)
                await asyncio.gather(seated(address, "Ana", "bg", ana), seated(address, "Bo", "fr", bo), watching)

    asyncio.run(play())

    def refusals(heard: list[Message]) -> list[str]:
        return [str(m["reason"]) for m in heard if m["type"] == "refused"]

    assert refusals(ana)[0].startswith("кадър, който не е JSON"), refusals(ana)
    assert refusals(bo)[0].startswith("une trame qui n'est pas du JSON"), refusals(bo)
    assert "не е обаждане" in refusals(ana)[2], refusals(ana)
    assert "n'est pas une annonce" in refusals(bo)[2], refusals(bo)
    assert "вече сте седнали" in refusals(ana)[1] and "déjà assis" in refusals(bo)[1], (refusals(ana), refusals(bo))
    notes_bg = "\n".join(str(m["note"]) for m in seen_bg if m["type"] == "seats")
    notes_fr = "\n".join(str(m["note"]) for m in seen_fr if m["type"] == "seats")
    assert "Ana сяда на място 1" in notes_bg and "Bo сяда на място 3" in notes_bg, notes_bg
    assert "Ana s'assied à la place 1" in notes_fr and "Bo s'assied à la place 3" in notes_fr, notes_fr


def test_the_bots_seats_are_named_in_each_players_language() -> None:
    """A bot's seat is named by its compass point in the reader's language (cli/game/seating.py ``seat_word``),
    in the seats and in each move's words: a Bulgarian reads Изток, not East."""
    session = Session.start("bulgarian", 2, ("random",) * 4, target=1)
    table = Table.new(session, (PERSON, "random", "random", "random"), "names")
    _, _, outs = table.join("Ana", None, False, 0.0, "bg")
    seats = [s["name"] for s in dict(outs)[0]["seats"]]
    assert seats[0] == "Ana" and seats[1].startswith("Изток") and "(random)" in seats[1], seats
    said = []
    while not said:
        _, outs = table.step(0.0)
        said = [m["said"] for receiver, m in outs if receiver == 0 and m["type"] == "moved"]
    assert any(word in said[0] for word in ("Изток", "Запад", "Север")) and "East" not in said[0], said
    with i18n.speaking("bg"):  # the players of a side, as the match's winner is said: joined in the language
        assert table._side_names(0) == "Ana и Север (random)", table._side_names(0)
