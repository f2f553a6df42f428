"""The client of ``belot join``: connect, say hello, then show the table's messages and send the player's lines.

The line view (:class:`PlainView`) is what scripts and screen readers use: one line per event, in the
line game's words, and the question of each move with its numbered choices. What is typed goes to the
server as typed; the server reads it as the line game does and refuses it with the same reason. A
seat's token is kept in the user's data folder, so joining the same table again takes the same seat.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..cli.game.look import Look
from ..cli.game.saves import data_dir
from ..engine.records import write_record
from ..errors import UserError
from ..i18n import SOURCE, current, gettext as _
from ..rules.bidding.calls import Call
from .protocol import VERSION, encode

REQUESTS = {"h": "hint", "r": "rules", "s": "sheet", "u": "undo", "undo": "undo"}  # what these keys ask the server for
NO_SEAT = "holds no seat"  # the refusal of a token the table does not know (a new table with an old code)


def help_rows() -> list[tuple[str, str]]:
    """The keys of a seat at a hosted table and what each does, in the player's language."""
    return [
        ("1, 2 ...", _("choose from the numbered list; a card also by its name (jh, 10s, T♠), a call by its "
                       "name (hearts, 90 h, pass, x)")),
        ("'text", _("say a line to the table (table talk)")),
        ("a", _("the auction so far")), ("l", _("the last trick")), ("s", _("the score sheet")),
        ("r", _("the rules of this table")), ("h", _("a hint, when the host allows them")),
        ("u", _("take back your last move, or agree to another player's asking, when the host allows it")),
        ("q", _("leave the table (your seat waits for you)")), ("?", _("this help")),
    ]


def seats_file() -> Path:
    return data_dir() / "seats.json"


def saved_token(key: str) -> str | None:
    try:
        tokens = json.loads(seats_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    token = tokens.get(key) if isinstance(tokens, dict) else None
    return token if isinstance(token, str) else None


def keep_token(key: str, token: str | None) -> None:
    """Remember (or, with None, forget) the seat token of a table, so the same join command takes it back."""
    try:
        tokens = json.loads(seats_file().read_text(encoding="utf-8"))
        tokens = tokens if isinstance(tokens, dict) else {}
    except (OSError, ValueError):
        tokens = {}
    if token is None:
        tokens.pop(key, None)
    else:
        tokens[key] = token
    try:
        seats_file().parent.mkdir(parents=True, exist_ok=True)
        write_record(dict(list(tokens.items())[-50:]), seats_file())
    except OSError:
        pass  # only a convenience: the token was printed


@dataclass
class Joining:
    """Where and how to join: the server's address (host:port), the table's code, and who joins."""

    address: str
    code: str
    name: str = ""
    token: str | None = None
    watch: bool = False
    create: dict[str, Any] | None = None
    table: bool = False  # a client that draws the local table: sent what it is drawn from

    @property
    def key(self) -> str:
        return f"{self.address} {self.code}"

    def hello(self) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "hello", "version": VERSION, "code": self.code, "name": self.name,
                                   "watch": self.watch, "lang": current()}
        if self.token:
            message["token"] = self.token
        if self.create is not None:
            message["create"] = self.create
        if self.table:
            message["table"] = True
        return message

    def command(self, token: str | None) -> str:
        """The command that takes the seat back, in the language the player joined in."""
        spoken = current()
        return (f"belot join {self.address} --code {self.code}" + (f" --token {token}" if token else "")
                + (f" --lang {spoken}" if spoken != SOURCE else ""))


@dataclass
class PlainView:
    """The table as lines of text."""

    joining: Joining
    out: TextIO = field(default_factory=lambda: sys.stdout)
    look: Look = field(default_factory=Look)
    seat: int | None = None
    token: str | None = None
    names: list[str] = field(default_factory=list)
    view: dict[str, Any] | None = None
    prompt: str = ""  # the question of the move awaited ("" when none is)
    shown: list[str] = field(default_factory=list)  # the hand as last said
    contract: tuple[Any, ...] = ()  # the contract as last said (said again once it changes: a double)
    ended: bool = False

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def ask(self, prompt: str) -> None:
        tty = self.out.isatty()
        print(f"{prompt} ›", end=" " if tty else "\n", file=self.out, flush=True)

    def cards(self, cards: list[str]) -> str:
        return " ".join(self.look.card_name(c) for c in cards)

    def show(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        getattr(self, f"on_{kind}", lambda m: None)(message)

    def on_welcome(self, m: dict[str, Any]) -> None:
        self.seat, self.token = m["seat"], m["token"]
        self.on_seats(m)
        if self.seat is None:
            self.say(_("Watching {title} at table {code}: the table's cards only, no hand.").format(
                title=m["title"], code=m["code"]))
            return
        self.say(_("You sit at seat {seat} ({name}) at {title}, table {code}. Type ? for help; a line starting "
                   "with ' is said to the table.").format(seat=self.seat + 1, name=self.names[self.seat],
                                                         title=m["title"], code=m["code"]))
        self.say(_("If you drop, rejoin within {seconds} s with: {command}").format(
            seconds=f"{m.get('wait', 0):g}", command=self.joining.command(self.token)))

    def on_seats(self, m: dict[str, Any]) -> None:
        self.names = [s["name"] for s in m["seats"]]
        if m.get("note"):
            self.say(m["note"])

    def on_deal(self, m: dict[str, Any]) -> None:
        self.view = m["view"]
        self.say(_("Deal {number}: {name} deals.").format(number=m["number"], name=self.names[m["dealer"]]))
        self.contract = ()
        self.show_hand()

    def on_moved(self, m: dict[str, Any]) -> None:
        self.view = m["view"]
        self.prompt = ""
        self.say(m["said"])
        if m.get("trick"):
            self.say(m["trick"])

    def on_turn(self, m: dict[str, Any]) -> None:
        view = self.view = m["view"]
        self.prompt = m["prompt"] if m.get("left") is None else f"[{round(m['left'])} s left] {m['prompt']}"
        contract = (view["contract"], view["multiplier"], view["declarer"])
        if view["contract"] and m["phase"] != "bidding" and contract != self.contract:
            self.contract = contract
            times = f" ×{view['multiplier']}" if view["multiplier"] > 1 else ""
            self.say(_("Contract: {contract}{times} by {name}").format(
                contract=self.look.contract(view["contract"]), times=times, name=self.names[view["declarer"]]))
        if view["hand"] != self.shown:  # a hand just shown at the deal's start is not said again
            self.show_hand()
        if view["trick"]:
            self.say(_("On the table: {cards}").format(
                cards=", ".join(f"{self.names[s]} {self.look.card_name(c)}" for s, c in view["trick"])))
        elif view["phase"] == "bidding" and view.get("turned_card"):
            self.say(_("Turned card: {card}").format(card=self.look.card_name(view["turned_card"])))
        if m["phase"] == "bidding":
            calls = ", ".join(f"{e['key']} {e['label']}" for e in m["menu"])
            self.say(_("Calls: {calls}; or bid {bids}").format(calls=calls, bids=m["bids"]) if m.get("bids")
                     else _("Calls: {calls}").format(calls=calls))
        else:
            for entry in m["menu"]:
                self.say(f"{entry['key']}: {entry['label']}")
        self.ask(m["prompt"])

    def call_words(self, said: str) -> str:
        """A call of the auction as the table says it, in the player's language."""
        try:
            return self.look.call(Call.parse(said))
        except UserError:
            return said.replace("_", " ")

    def show_hand(self) -> None:
        if self.view is not None and self.view["hand"]:
            self.shown = self.view["hand"]
            self.say(_("Your hand: {cards}").format(cards=self.cards(self.view["hand"])))

    def on_refused(self, m: dict[str, Any]) -> None:
        self.say(m["reason"])
        if self.prompt:
            self.ask(self.prompt)  # asked again, as the line game asks

    def on_undone(self, m: dict[str, Any]) -> None:
        self.view, self.prompt = m["view"], ""
        self.say(m["said"])
        self.show_hand()

    def on_result(self, m: dict[str, Any]) -> None:
        self.say(m["title"])
        for line in m["lines"]:
            self.say(f"  {line}")
        self.say(_("Board: {board}").format(board="-".join(map(str, m["board"]))))

    def on_end(self, m: dict[str, Any]) -> None:
        self.ended = True
        self.page(m.get("sheet", ""))
        self.say(m["said"])

    def on_said(self, m: dict[str, Any]) -> None:
        self.say(_("{name} says: {text}").format(name=m["name"], text=m["text"]))

    def on_hint(self, m: dict[str, Any]) -> None:
        self.say(m["text"])

    def on_rules(self, m: dict[str, Any]) -> None:
        self.page(m["text"])

    def on_sheet(self, m: dict[str, Any]) -> None:
        self.page(m["text"])

    def page(self, text: str) -> None:
        """A page of text from the table (the rules, the score sheet), a line at a time."""
        for line in text.splitlines():
            self.say(line)

    def local(self, line: str) -> dict[str, Any] | None:
        """What a typed line asks of the server (None: answered here, or nothing to send)."""
        text = line.strip()
        if text.startswith("'"):
            return {"type": "say", "text": text[1:].strip() or "…"}
        word = text.lower()
        if word in ("?", "help"):
            for key, what in help_rows():
                self.say(f"{key:9} {what}")
        elif word == "a":
            calls = self.view["calls"] if self.view else []
            self.say("; ".join(f"{self.names[s]}: {self.call_words(c)}" for s, c in calls) or _("No call yet."))
        elif word == "l":
            tricks = self.view["tricks"] if self.view else []
            if tricks:
                last = tricks[-1]
                self.say(_("Trick {number}: {cards}, won by {name}").format(
                    number=len(tricks), cards=self.cards(last["cards"]), name=self.names[last["winner"]]))
            else:
                self.say(_("No trick played yet."))
        elif word in REQUESTS:
            return {"type": REQUESTS[word]}
        elif self.seat is None:
            self.say(_("Watching: the players move and talk; q leaves."))
        else:
            return {"type": "move", "text": text}
        return None


def read_lines(loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[str | None], stream: TextIO) -> None:
    """Hand each line of ``stream`` to the event loop (a thread: reading a terminal blocks)."""

    def run() -> None:
        for line in stream:
            loop.call_soon_threadsafe(queue.put_nowait, line)
        loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=run, daemon=True).start()


async def sit(joining: Joining, view: PlainView) -> ClientConnection:
    """Connect and say hello: the connection, once the table's welcome was shown (a refusal is a UserError).
    A seat token kept from another table of the same code is dropped, and the seat asked for anew."""
    if not joining.watch and joining.token is None:
        joining.token = saved_token(joining.key)
    try:
        socket = await connect(f"ws://{joining.address}/", max_size=2 ** 22, open_timeout=10, close_timeout=2)
    except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as err:
        raise UserError(_("cannot reach a table at {address}: {error}; is belot host running there, and is the "
                          "address and port the one it printed?").format(address=joining.address, error=err)) from None
    await socket.send(encode(joining.hello()))
    first = json.loads(await socket.recv())
    if first["type"] == "error" and NO_SEAT in first["reason"] and joining.token and not joining.watch:
        await socket.close()
        keep_token(joining.key, None)
        joining.token = None
        return await sit(joining, view)
    if first["type"] == "error":
        await socket.close()
        raise UserError(_("The table refused: {reason}").format(reason=first["reason"]))
    view.show(first)
    if view.token:
        keep_token(joining.key, view.token)
    return socket


async def play(joining: Joining, view: PlainView, stream: TextIO | None = None) -> int:
    """Join, then show the table until the match ends or the player leaves; the exit status."""
    async with await sit(joining, view) as socket:
        lines: asyncio.Queue[str | None] = asyncio.Queue()
        read_lines(asyncio.get_running_loop(), lines, stream or sys.stdin)
        sender = asyncio.create_task(send_lines(socket, lines, view))
        try:
            return await receive(socket, view, sender)
        finally:
            sender.cancel()


async def send_lines(socket: ClientConnection, lines: asyncio.Queue[str | None], view: PlainView) -> None:
    while (line := await lines.get()) is not None:
        if line.strip().lower() in ("q", "quit"):
            break
        message = view.local(line)
        if message is not None:
            await socket.send(encode(message))
    if view.seat is not None:
        view.say(left_words(view.joining.command(view.token)))
        await socket.close()


async def receive(socket: ClientConnection, view: PlainView, sender: asyncio.Task[None]) -> int:
    try:
        async for frame in socket:
            message = json.loads(frame)
            view.show(message)
            if message["type"] == "error":
                raise UserError(closed_words(message["reason"]))
            if message["type"] == "end":
                return 0
    except ConnectionClosed:
        pass
    if sender.done():
        return 0
    raise UserError(lost_words(view.joining.command(view.token)))


def left_words(command: str) -> str:
    return _("You left the table. Your seat waits for you: {command}").format(command=command)


def closed_words(reason: str) -> str:
    return _("The table closed the connection: {reason}").format(reason=reason)


def lost_words(command: str) -> str:
    return _("The connection to the table was lost. Rejoin with: {command}").format(command=command)


def run(joining: Joining, make_view: Callable[[Joining], PlainView] = PlainView) -> int:
    return asyncio.run(play(joining, make_view(joining)))
