"""The table protocol's messages, limits and refusals (issue 24, "The protocol": versioned JSON over
WebSocket, documented with a JSON Schema, a frame size limit, a rate limit and a refusal of another version)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from belot_rules import i18n
from belot_rules.errors import UserError
from belot_rules.net.client import Joining
from belot_rules.net.hosting import parse_people
from belot_rules.net.protocol import (
    BURST,
    MAX_TALK,
    SCHEMA,
    VERSION,
    BadMessage,
    Bucket,
    decode,
    schema_text,
    version_refusal,
)
from belot_rules.net.web import language_asked, page
from belot_rules.net.wire import clean_line, declaration_words

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_schema_is_the_protocols_own() -> None:
    """schemas/protocol.schema.json is written from belot_rules/net/protocol.py, the protocol's one home."""
    assert (ROOT / "schemas" / "protocol.schema.json").read_text(encoding="utf-8") == schema_text()
    Draft7Validator.check_schema(SCHEMA)


@pytest.mark.parametrize(("frame", "said"), [
    (b"\x00\xff", "binary frames"),
    ("{not json", "not JSON"),
    ("[1, 2]", "needs a type"),
    ('{"type": "shout"}', "needs a type, one of: hello, move, say, hint"),
    ('{"type": "move"}', "'text' is a required property"),
    ('{"type": "move", "text": "1", "seat": 0}', "Additional properties"),
    ('{"type": "move", "text": "1", "token": "x"}', "Additional properties"),
    ('{"type": "say", "text": "' + "a" * (MAX_TALK + 1) + '"}', "longer than 200 characters"),
    ('{"type": "hello", "code": "abcd"}', "'version' is a required property"),
])
def test_a_message_of_another_shape_is_refused_with_what_is_wrong(frame: str | bytes, said: str) -> None:
    """A move names no seat nor token: the connection's seat acts, and only for itself."""
    with pytest.raises(BadMessage, match=said):
        decode(frame)


def test_a_valid_hello_and_move_pass() -> None:
    hello = {"type": "hello", "version": VERSION, "code": "abcd", "name": "Ana", "token": "t" * 24}
    assert decode(json.dumps(hello)) == hello
    assert decode('{"type": "move", "text": "jh"}')["text"] == "jh"


def test_another_protocol_version_is_refused_and_says_which() -> None:
    assert version_refusal(VERSION) is None
    why = version_refusal(0)
    assert why is not None and f"version {VERSION}" in why and "version 0" in why


def test_the_rate_limit_allows_a_burst_then_a_steady_rate() -> None:
    bucket = Bucket(level=BURST, at=0.0)
    assert all(bucket.take(0.0) for _ in range(BURST))
    assert not bucket.take(0.0), "a flood is cut"
    assert bucket.take(0.2), "a tenth of a second later one more may go"
    bucket.give_back()
    assert bucket.take(0.2), "a move the game took is not counted"


@pytest.mark.parametrize(("typed", "shown"), [
    ("hello\x1b[2J world", "hello[2J world"),
    ("a\nb\r\nc\tz", "a b c z"),
    ("\u202eevil\u202c", "evil"),
    ("x" * 500, "x" * 200),
])
def test_table_talk_is_one_line_escaped_and_bounded(typed: str, shown: str) -> None:
    assert clean_line(typed, MAX_TALK) == shown


def test_another_seats_declaration_is_told_by_kind_and_value() -> None:
    """rules/bulgarian.md §5.2: a declaration's cards are shown after the last trick."""
    assert declaration_words("tierce to the K♥ (20)") == "tierce (20)"
    assert declaration_words("quinte to the A♠ (100)") == "quinte (100)"
    assert declaration_words("four jacks (200)") == "four of a kind (200)"


def test_seats_take_people_bots_and_levels() -> None:
    """belot host --seats human,heuristic,human,hard: a level names its bot (players/levels.py: hard is search)."""
    assert parse_people("human,heuristic,Human,hard") == ("human", "heuristic", "human", "search")
    with pytest.raises(UserError, match="no 'human' seat"):
        parse_people("heuristic,heuristic,easy,hard")
    with pytest.raises(UserError, match="the package's bots only"):
        parse_people("human,evil.py:Bot", outside=False)


def test_the_command_that_takes_a_seat_back_keeps_the_players_language() -> None:
    """net/client.py ``Joining.command``: a player who joined with --lang bg is told a command that rejoins in
    Bulgarian; in English the command needs no --lang."""
    joining = Joining("127.0.0.1:7654", "friday")
    with i18n.speaking("bg"):
        assert joining.command("T0K") == "belot join 127.0.0.1:7654 --code friday --token T0K --lang bg"
    assert joining.command(None) == "belot join 127.0.0.1:7654 --code friday"


def test_the_browsers_page_comes_in_the_language_it_asks_for() -> None:
    """net/web.py: ``?lang=`` in the page's address first, then the first of the browser's languages
    (Accept-Language) the table speaks, else the host's."""
    assert language_asked("/?code=x&lang=fr", "bg", "en") == "fr"
    assert language_asked("/", "de-DE,de;q=0.9,bg;q=0.8", "en") == "bg"
    assert language_asked("/", "de-DE", "ru") == "ru"
    assert "Код на масата" in page("bg").decode() and 'lang="bg"' in page("bg").decode()
