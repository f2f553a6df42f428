"""The table's protocol: versioned JSON messages over WebSocket, one JSON object a frame.

A client opens with ``hello`` (the protocol's version, the table's code, a name, and the seat token
when it comes back); the server answers ``welcome`` or ``error`` and closes. After that the client
sends ``move`` (what the player typed, as the line game reads it), ``act`` (a legal move it was sent, from a
full-screen seat), ``say`` (a line of table talk) and ``hint``, ``rules``, ``sheet``, ``history`` and ``undo``; the server sends the table's events, each with the receiver's own view. Every message,
both ways, is described by :data:`SCHEMA` (written out as ``schemas/protocol.schema.json``): the
server checks each incoming one against it and refuses any other shape.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft7Validator

from ..i18n import LANGUAGES, gettext as _

VERSION = 1
MAX_FRAME = 4096  # bytes a client may send in one frame: the longest valid message is far shorter
MAX_TALK = 200  # characters of one line of table talk
MAX_NAME = 24
MAX_TYPED = 64  # characters of a typed move
RATE = 10.0  # messages a second a connection may send on average (moves taken are not counted) ...
BURST = 30  # ... and at once
HELLO_SECONDS = 10.0  # a connection that does not say hello by then is closed
SCHEMA_DIALECT = "http://json-schema.org/draft-07/schema#"

# Close codes (4000-4999 are the application's): the reason goes with each.
REFUSED, WRONG_VERSION, FLOODED, TOO_SLOW, REPLACED, BAD_MESSAGE = 4003, 4004, 4008, 4010, 4011, 4000


def _string(maximum: int, minimum: int = 0) -> dict[str, Any]:
    return {"type": "string", "minLength": minimum, "maxLength": maximum}


def _message(kind: str, properties: dict[str, Any], required: tuple[str, ...] = (), doc: str = "") -> dict[str, Any]:
    return {"type": "object", "description": doc, "additionalProperties": False,
            "required": ["type", *required], "properties": {"type": {"const": kind}, **properties}}


SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
CARD_LIST = {"type": "array", "items": _string(3)}
SEAT_AND_TEXT = {"type": "array", "items": {"type": "array", "items": [SEAT, _string(200)], "minItems": 2,
                                            "maxItems": 2}}
VIEW = {
    "type": "object", "additionalProperties": False,
    "description": "What the receiver may see: a seat's view (SeatView), or the whole table's for a watcher "
                   "(seat null, no hand). Other seats' declarations show their kind and value only until the "
                   "deal is over.",
    "required": ["seat", "hand", "phase", "dealer", "to_act", "calls", "contract", "declarer", "multiplier",
                 "trick", "tricks", "declared", "belotes"],
    "properties": {
        "seat": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
        "hand": CARD_LIST, "phase": _string(16), "dealer": SEAT,
        "to_act": {"type": "integer", "minimum": -1, "maximum": 3, "description": "-1 once the deal is over"},
        "turned_card": {"type": ["string", "null"]}, "calls": SEAT_AND_TEXT,
        "contract": {"type": ["string", "null"]}, "declarer": {"type": "integer", "minimum": -1, "maximum": 3},
        "multiplier": {"type": "integer"}, "bid": {"type": ["integer", "null"]},
        "trick": SEAT_AND_TEXT,
        "tricks": {"type": "array", "items": {"type": "object", "additionalProperties": False,
                                              "required": ["leader", "cards", "winner"],
                                              "properties": {"leader": SEAT, "cards": CARD_LIST, "winner": SEAT}}},
        "declared": SEAT_AND_TEXT, "belotes": SEAT_AND_TEXT,
        "exchanged": {"type": ["array", "null"]}, "shown_stock": {"type": ["string", "null"]},
        "chien": {"type": "integer"}, "discarded": CARD_LIST,
        "tableau": {"type": "array", "description": "per seat, per pile: [face-up card, the card under it or null]"},
    },
}
SEATS = {"type": "array", "items": {
    "type": "object", "additionalProperties": False, "required": ["seat", "name", "player", "present"],
    "properties": {"seat": SEAT, "name": _string(MAX_NAME + 16), "player": _string(200),
                   "present": {"type": "boolean"}, "side": {"type": "integer"}}}}
BOARD = {"type": "array", "items": {"type": "integer"}}
SEEN = {"type": "object", "description": "a full-screen seat's (the hello asked for the table): every field of its "
        "SeatView as the local table shows it, another seat's declarations cut to their kind and value while the "
        "deal is played"}
ROW = {"type": "object", "additionalProperties": False,
       "required": ["number", "dealer", "contract", "declarer", "level", "bid", "cards", "capot", "declarations",
                    "belote", "score", "board", "void", "goes_on", "bar"],
       "description": "a deal's row on the score sheet (cli/game/session.py SheetRow): every number the sheet shows",
       "properties": {"number": {"type": "integer"}, "dealer": SEAT, "contract": {"type": ["string", "null"]},
                      "declarer": {"type": "integer"}, "level": {"type": "integer"}, "bid": {"type": ["integer", "null"]},
                      "cards": BOARD, "capot": BOARD, "declarations": BOARD, "belote": BOARD, "board": BOARD,
                      "void": _string(100), "goes_on": _string(20), "bar": {"type": ["integer", "null"]},
                      "score": {"type": ["object", "null"], "description": "the deal's score: "
                                                      "raw_points, match_points, hanging_out, verdict, contract_team, "
                                                      "multiplier, capot_team (rules/scoring/result.py DealScore)"}}}
MATCH = {"type": "object", "additionalProperties": False, "required": ["number", "finished", "board", "reserve", "over"],
         "description": "a full-screen seat's: where the match stands, for its header and sheet",
         "properties": {"number": {"type": "integer"}, "finished": {"type": "integer"}, "board": BOARD,
                        "reserve": {"type": "integer"}, "over": {"type": "boolean"}}}
BOX = {"type": "object", "additionalProperties": False, "required": ["title", "body"],
       "description": "a full-screen seat's: the result box as the local table shows it from its chair",
       "properties": {"title": _string(300), "body": _string(200000, 0)}}
ACTION = {"type": "object", "additionalProperties": False,
          "required": ["text", "kind", "call", "card", "declarations", "belote"],
          "description": "a legal move (an engine Action); its text chooses it (act)",
          "properties": {"text": _string(200), "kind": _string(16), "call": {"type": ["object", "null"]},
                         "card": {"type": "integer"}, "declarations": {"type": "array"}, "belote": {"type": "boolean"},
                         "points": {"type": "integer", "description": "a prediction's points (bidding.predictions)"}}}

CLIENT_MESSAGES = {
    "hello": _message("hello", {
        "version": {"type": "integer", "description": "the protocol version the client speaks"},
        "code": _string(32, 1), "name": _string(MAX_NAME), "token": _string(64),
        "lang": {"enum": list(LANGUAGES), "description": "the player's language: the table's sentences come in it"},
        "watch": {"type": "boolean", "description": "join as a spectator"},
        "table": {"type": "boolean", "description": "a full-screen seat that draws the local table: send with each "
                                                    "view what it is drawn from (seen, match, legal, box)"},
        "create": {"type": "object", "additionalProperties": False, "required": ["variant", "seats"],
                   "description": "at a lobby: open a new table with this code",
                   "properties": {"variant": _string(64, 1), "seats": {"type": "array", "items": _string(32, 1),
                                                                       "minItems": 2, "maxItems": 4},
                                  "seed": {"type": "integer"}, "target": {"type": "integer", "minimum": 1}}},
    }, ("version", "code"), "The first message: which table, who, and the seat token when coming back."),
    "move": _message("move", {"text": _string(MAX_TYPED)}, ("text",),
                     "The player's move as the line game reads it: a menu number, a card (jh, 10s), a call "
                     "(hearts, 90 h, pass), y or n."),
    "say": _message("say", {"text": _string(MAX_TALK, 1)}, ("text",), "A line of table talk."),
    "hint": _message("hint", {}, (), "Ask what the adviser bot would play (when the host allows hints)."),
    "rules": _message("rules", {}, (), "Ask for the rules the table plays, as belot show words them."),
    "sheet": _message("sheet", {}, (), "Ask for the score sheet, as s shows it in the local game."),
    "history": _message("history", {}, (), "Ask for the history of the match (this deal so far, and every finished "
                                           "one), as y shows it at the local table."),
    "act": _message("act", {"text": _string(200)}, ("text",),
                    "A full-screen seat's move: the text of one of the legal moves its turn was sent."),
    "undo": _message("undo", {}, (), "Take back your last move, or agree to another player's asking, by the host's "
                                     "rule (belot host --undo never, own-move or agreed)."),
}
SERVER_MESSAGES = {
    "welcome": _message("welcome", {
        "version": {"const": VERSION}, "code": _string(32), "seat": {"type": ["integer", "null"]},
        "token": {"type": ["string", "null"]}, "title": _string(200), "seats": SEATS,
        "hints": {"type": "boolean"}, "wait": {"type": "number"},
        "variant": {"type": "object", "description": "a full-screen seat's: the rules the table plays (the variant)"},
        "match": MATCH,
        "undo": {"enum": ["never", "own-move", "agreed"], "description": "the host's rule for taking a move back"}, "rules": {"type": "array", "items": {"type": "string"}},
    }, ("version", "code", "seat", "token", "title", "seats"),
        "You are seated (or watching): your seat, and the token that gives it back if you drop."),
    "seats": _message("seats", {"seats": SEATS, "note": _string(300)}, ("seats", "note"),
                      "Who sits where changed: a player joined, left, came back, or a bot stands in."),
    "deal": _message("deal", {"number": {"type": "integer"}, "dealer": SEAT, "view": VIEW, "seen": SEEN,
                                "match": MATCH},
                     ("number", "dealer", "view"), "A deal begins."),
    "moved": _message("moved", {"seat": SEAT, "kind": _string(16), "said": _string(300), "view": VIEW,
                                "completed": {"type": ["integer", "null"]}, "trick": _string(300), "seen": SEEN, "match": MATCH},
                      ("seat", "kind", "said", "view"),
                      "A move was made: what the table saw of it, and the receiver's view after it."),
    "undone": _message("undone", {"seat": SEAT, "said": _string(300), "view": VIEW, "seen": SEEN,
                                  "match": MATCH}, ("seat", "said", "view"),
                       "A player's last move was taken back (with the moves after it): the receiver's view now."),
    "turn": _message("turn", {
        "seat": SEAT, "phase": _string(16), "prompt": _string(120), "view": VIEW,
        "menu": {"type": "array", "items": {"type": "object", "additionalProperties": False,
                                            "required": ["key", "label"],
                                            "properties": {"key": _string(4), "label": _string(200)}}},
        "cards": CARD_LIST, "bids": _string(300), "hint": {"type": "boolean"},
        "left": {"type": ["number", "null"], "description": "the seconds left on the move clock (null: none)"},
        "seen": SEEN, "match": MATCH, "legal": {"type": "array", "items": ACTION},
        "numbered": {"type": "array", "items": {"type": "integer"}, "description": "the legal moves the menu numbers"},
        "order": {"type": "array", "items": {"type": "integer"}, "description": "the legal cards as the hand shows them"},
        "belotes": {"type": "array", "items": {"type": "integer"}}, "aside": {"type": "integer"},
    }, ("seat", "phase", "prompt", "view", "menu"), "Your move: what you may choose."),
    "refused": _message("refused", {"reason": _string(400)}, ("reason",),
                        "A move or message refused, and why; the connection stays open."),
    "result": _message("result", {"number": {"type": "integer"}, "title": _string(300),
                                  "lines": {"type": "array", "items": _string(400)}, "board": BOARD,
                                  "over": {"type": "boolean"}, "box": BOX}, ("number", "title", "lines", "board", "over"),
                       "A deal's score, in the rules' words."),
    "end": _message("end", {"winner": {"type": ["integer", "null"]}, "board": BOARD, "said": _string(300),
                            "sheet": _string(200000), "box": BOX},
                    ("winner", "board", "said"), "The match is over."),
    "said": _message("said", {"seat": {"type": ["integer", "null"]}, "name": _string(MAX_NAME + 16),
                              "text": _string(MAX_TALK * 6)}, ("seat", "name", "text"),
                     "A line of table talk, its control characters removed."),
    "hint": _message("hint", {"text": _string(300)}, ("text",), "What the adviser bot would do."),
    "rules": _message("rules", {"text": _string(200000)}, ("text",), "The rules the table plays, as plain text."),
    "history": _message("history", {"text": _string(400000)}, ("text",),
                        "The history page from the receiver's chair, as text and terminal colour codes."),
    "sheet": _message("sheet", {"text": _string(200000), "rows": {"type": "array", "items": ROW}}, ("text",),
                      "The score sheet and the board from the receiver's chair, as plain text; for a full-screen seat "
                      "also the sheet's rows, which it draws as the local table does."),
    "error": _message("error", {"reason": _string(400)}, ("reason",),
                      "The connection is refused or ends: why, and what would be accepted; it is then closed."),
}

SCHEMA: dict[str, Any] = {
    "$schema": SCHEMA_DIALECT,
    "$id": "https://belot-rules.invalid/schemas/protocol.schema.json",
    "title": f"belot-rules table protocol, version {VERSION}",
    "description": "JSON objects over WebSocket, one a frame. A client sends client messages (hello first); "
                   f"the server sends server messages. Frames over {MAX_FRAME} bytes, more than {BURST} messages "
                   f"at once or {RATE:g} a second on average, and any other protocol version are refused.",
    "definitions": {"client": {"oneOf": list(CLIENT_MESSAGES.values())},
                    "server": {"oneOf": list(SERVER_MESSAGES.values())}},
    "oneOf": [{"$ref": "#/definitions/client"}, {"$ref": "#/definitions/server"}],
}
_CLIENT = {kind: Draft7Validator(schema) for kind, schema in CLIENT_MESSAGES.items()}
_SERVER = {kind: Draft7Validator(schema) for kind, schema in SERVER_MESSAGES.items()}


class BadMessage(Exception):
    """A message that is not one of the protocol's: the sentence says what would be valid."""


def schema_text() -> str:
    """``schemas/protocol.schema.json`` as committed."""
    return json.dumps(SCHEMA, indent=2, ensure_ascii=False) + "\n"


def decode(frame: str | bytes, validators: dict[str, Draft7Validator] = _CLIENT) -> dict[str, Any]:
    """A frame from a client as a checked message; :class:`BadMessage` saying what is wrong otherwise."""
    if isinstance(frame, bytes):
        raise BadMessage(_("binary frames are not part of the protocol: send JSON text"))
    try:
        message = json.loads(frame)
    except ValueError:
        raise BadMessage(_("a frame that is not JSON: send one JSON object a frame")) from None
    kinds = ", ".join(validators)
    if not isinstance(message, dict) or message.get("type") not in validators:
        raise BadMessage(_("a message needs a type, one of: {kinds}").format(kinds=kinds))
    error = next(iter(validators[message["type"]].iter_errors(message)), None)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or _("the message")
        said = (_("longer than {count} characters").format(count=error.validator_value)
                if error.validator == "maxLength" else error.message)  # the schema's own words otherwise
        raise BadMessage(f"{message['type']}: {where}: {said[:200]}")
    return message


def language_of(frame: str | bytes) -> str | None:
    """The language a hello names, read from a frame that may be no valid message (its refusal is said in it)."""
    try:
        lang = json.loads(frame).get("lang")
    except (ValueError, AttributeError):
        return None
    return lang if isinstance(lang, str) and lang in LANGUAGES else None


def check_sent(message: dict[str, Any]) -> None:
    """Raise :class:`BadMessage` when a message the server built is not in the schema (used by the tests)."""
    decode(json.dumps(message), _SERVER)


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def version_refusal(spoken: object) -> str | None:
    """Why a client of protocol version ``spoken`` cannot join, or None when it can."""
    if spoken == VERSION:
        return None
    return _("this table speaks protocol version {version} and the client version {spoken}: join with the same "
             "belot-rules release as the host's").format(version=VERSION, spoken=str(spoken)[:12])


@dataclass
class Bucket:
    """A connection's allowance of messages: :data:`BURST` at once, refilled at :data:`RATE` a second."""

    rate: float = RATE
    burst: float = BURST
    level: float = BURST
    at: float = field(default_factory=time.monotonic)

    def take(self, now: float | None = None) -> bool:
        """Spend one message; False when the connection has sent too many."""
        now = time.monotonic() if now is None else now
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True

    def give_back(self) -> None:
        self.level = min(self.burst, self.level + 1)
