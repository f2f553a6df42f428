"""Hostile clients against a real ``belot host`` (issue 24, "Done when": garbage bytes, frames over the
limit, a flood, a wrong code, another seat's token, an old protocol version and a client that never
reads each get a clear refusal, and the server stays up: the match of two scripted players goes on
to its end meanwhile)."""

from __future__ import annotations

import contextlib
import json
import socket
from pathlib import Path

import test_net_play
from test_net_play import SEATS, Running, host, join
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from belot_rules.net.protocol import FLOODED, MAX_FRAME, REFUSED, VERSION, WRONG_VERSION

started = test_net_play.started  # the fixture that stops the processes a test starts


def hello(**fields: object) -> str:
    return json.dumps({"type": "hello", "version": VERSION, "code": "table-1", **fields})


def refused(url: str, *frames: str) -> tuple[str, int | None]:
    """What the server says and its close code, after a new connection sends ``frames`` (it may close first)."""
    said, code = "", None
    with contextlib.suppress(ConnectionClosed), connect(url, close_timeout=2) as client:
        with contextlib.suppress(ConnectionClosed):
            for frame in frames:
                client.send(frame)
        said, code = refusal(client)
    return said, code


def refusal(client: ClientConnection) -> tuple[str, int | None]:
    """The error the server says before it closes, and its close code."""
    said = ""
    try:
        while True:
            message = json.loads(client.recv(timeout=10))
            if message["type"] == "error":
                said = message["reason"]
    except ConnectionClosed:
        pass
    return said, client.protocol.close_code  # the connection's own close_code is newer than websockets 13


def test_hostile_clients_are_refused_and_the_match_goes_on(tmp_path: Path, started: list[Running]) -> None:
    server, address = host(started, tmp_path / "host", "bulgarian", *SEATS, "--target", "30", "--wait", "30")
    url = f"ws://{address}/"
    port = int(address.rsplit(":", 1)[1])

    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:  # not even HTTP
        raw.sendall(b"\x00\xff garbage \r\n\r\n" * 4)
        answer = raw.recv(200)
    assert answer == b"" or answer.startswith(b"HTTP/1.1 400"), answer

    said, code = refused(url, hello(version=0))
    assert code == WRONG_VERSION and f"protocol version {VERSION}" in said and "version 0" in said

    said, code = refused(url, hello(code="table-2"))
    assert code == REFUSED and "no table with that code" in said

    said, code = refused(url, hello(token="A" * 24))
    assert code == REFUSED and "holds no seat" in said

    said, code = refused(url, "x" * (MAX_FRAME + 1))
    assert code == 1009, "a frame over the limit closes the connection as too big"

    said, code = refused(url, hello(watch=True), *[json.dumps({"type": "hint"})] * 200)  # a flood: cut off
    assert code == FLOODED and "too many messages" in said

    played = False  # a client closed under it would end the block early: the seat was not played to the end
    with contextlib.suppress(ConnectionClosed), connect(url, close_timeout=1) as slow, connect(url) as seated:
        slow.send(hello(watch=True))  # and never reads: the table goes on without waiting for it
        play_a_seat(seated, started, tmp_path, address)
        played = True
    assert played and server.ended() == 0, "the server stayed up and ended the match"


def play_a_seat(seated: ClientConnection, started: list[Running], tmp_path: Path, address: str) -> None:
    """Bo's seat played here, message by message, beside Ana's scripted --plain client."""
    ana = join(started, tmp_path / "ana", address, "--code", "table-1", "--plain", "--name", "Ana")
    seated.send(hello(name="Bo"))
    welcome = json.loads(seated.recv(timeout=10))
    assert welcome["type"] == "welcome" and welcome["token"]
    seated.send(json.dumps({"type": "move", "text": "1", "token": "forged"}))
    seated.send(json.dumps({"type": "say", "text": "hi \x1b[31mall\u202e"}))
    seated.send(json.dumps({"type": "rules"}))
    refused, talk, rules, ended = [], [], [], None
    while ended is None:
        message = json.loads(seated.recv(timeout=60))
        if message["type"] == "refused":
            refused.append(message["reason"])
        elif message["type"] == "said":
            talk.append(message["text"])
        elif message["type"] == "rules":
            rules.append(message["text"])
        elif message["type"] == "turn":
            seated.send(json.dumps({"type": "move", "text": "1"}))
        elif message["type"] == "end":
            ended = message
    assert any("Additional properties" in r for r in refused), "a move names no token: refused"
    assert talk == ["hi [31mall"], "table talk is escaped"
    assert rules and rules[0].startswith("Bulgarian Belot (bulgarian)"), "r: the rules, as belot show words them"
    assert ana.ended() == 0, ana.text()[-2000:]



def play_to_the_end(client: ClientConnection) -> dict[str, object]:
    """Answer every question with its first choice; the match's end."""
    while True:
        message = json.loads(client.recv(timeout=60))
        if message["type"] == "turn":
            client.send(json.dumps({"type": "move", "text": "1"}))
        elif message["type"] in ("end", "error"):
            return message


def test_a_lobby_holds_tables_opened_by_code(tmp_path: Path, started: list[Running]) -> None:
    """belot host --lobby: players open tables by code (shipped variants and the package's bots only: a lobby
    runs no file a stranger names), each table plays on its own, and an unknown code is refused."""
    server = Running(["host", "--lobby", "--port", "0", "--speed", "instant"], tmp_path / "host")
    started.append(server)
    url = "ws://" + server.wait_for(r"Listening on (127\.0\.0\.1:\d+)").group(1) + "/"
    opened = {"seats": ["human", "random", "random", "random"], "target": 1}
    refusals = [({"variant": "/etc/passwd", **opened}, "bad-1", "shipped variants"),
                ({"variant": "bulgarian", "seats": ["human", "evil.py:Bot"]}, "bad-1", "the package's bots only"),
                ({"variant": "bulgarian", **opened}, "../../x", "4 to 32 letters, digits and dashes")]
    for create, code, said in refusals:
        assert said in refused(url, hello(code=code, create=create))[0]
    assert "no table with that code" in refused(url, hello(code="nobody"))[0]
    with connect(url) as first, connect(url) as second:
        first.send(hello(code="lobby-a", create={"variant": "french", **opened}))
        second.send(hello(code="lobby-b", create={"variant": "bulgarian", **opened}))
        assert play_to_the_end(second)["type"] == "end"
        assert play_to_the_end(first)["type"] == "end"
    assert "Table lobby-a opened: " in server.text() and server.process.poll() is None, "the lobby stays open"
