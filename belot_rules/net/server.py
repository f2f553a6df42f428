"""The WebSocket server of ``belot host``: connections, their limits, and one task per table.

Each table is an actor: a :class:`TableRunner` task is the only code that touches its match, taking
joins, moves, talk and departures from its inbox in order, so no two connections ever race on a
deal. A bot's move and a hint are thought out in worker threads (:data:`THINKERS`): a slow bot (an
outside one, the search) holds up its own table only, while the server's loop goes on serving the
other tables and every connection, this table's too. A connection sends through its own bounded
queue: a client that stops reading fills its queue and is closed, and the table never waits for it. A connection that floods, sends frames over the
limit, speaks another protocol version or names no table here is refused with a reason and closed;
the server goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import queue
import threading
import time
import traceback
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..cli.game.controller import DEAL_PAUSE as RESULT_PAUSE, SPEEDS, TRICK_PAUSE, DealScored, MatchEnded, Moved
from ..cli.game.look import variant_title
from ..engine.actions import Action
from ..errors import UserError
from ..i18n import current, gettext as _, speaking
from .flow import Thought
from .pages import history, rules, sheet, sheet_rows
from .protocol import (
    BAD_MESSAGE,
    FLOODED,
    HELLO_SECONDS,
    MAX_FRAME,
    REFUSED,
    REPLACED,
    TOO_SLOW,
    VERSION,
    WRONG_VERSION,
    BadMessage,
    Bucket,
    decode,
    encode,
    language_of,
    version_refusal,
)
from .seats import WATCHERS, Out, Refused
from .table import Table
from .takeback import undo
from .web import language_asked

OUTBOX = 512  # messages queued for one connection before it counts as not reading
MAX_TABLES = 1000  # at a lobby
HELD = ("undo",)  # requests that would change the match, held back while a bot thinks about it


@dataclass(eq=False)
class Connection:
    """One client: its socket, its seat once seated (None: watching), the receiver its messages are made for
    (its seat, or the watchers of its language), its language and its queue of messages to send."""

    socket: ServerConnection
    seat: int | None = None
    receiver: int = WATCHERS
    lang: str | None = None  # the one its hello named (None: the host's)
    bucket: Bucket = field(default_factory=Bucket)
    closed: bool = False

    def __post_init__(self) -> None:
        self.queue: asyncio.Queue[str] = asyncio.Queue(OUTBOX)
        self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.socket.send(await self.queue.get())

    def speaking(self) -> AbstractContextManager[None]:
        """The sentences made meanwhile in the client's language."""
        return speaking(self.lang or current())

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(encode(message))
        except asyncio.QueueFull:
            with self.speaking():
                self.close(TOO_SLOW, _("the client does not read what the table sends; rejoin with the seat token"))

    def refuse(self, reason: Callable[[], str]) -> None:
        """Refuse a request with ``reason``, worded in the client's language."""
        with self.speaking():
            self.send({"type": "refused", "reason": reason()})

    def close(self, code: int, reason: str) -> None:
        """Close from code that cannot wait (a send to a client that does not read): see :meth:`shut`."""
        if not self.closed:
            asyncio.create_task(self.shut(code, reason))

    async def shut(self, code: int, reason: str) -> None:
        """Say why (when the client still reads) and close, giving up on a client that does not answer."""
        if self.closed:
            return
        self.closed = True
        self.writer.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.send(encode({"type": "error", "reason": reason})), 1)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(code, reason[:120]), 2)
        self.socket.transport.abort()


class Thinkers:
    """The threads that think out the bots' moves and the hints, started as they are needed (at most
    :attr:`most`) and kept for the next ones. They are daemons, unlike an executor's: a bot that never
    answers does not keep the host from stopping."""

    def __init__(self, most: int = 32) -> None:
        self.most, self.threads, self.idle = most, 0, 0
        self.lock = threading.Lock()
        self.work: queue.SimpleQueue[tuple[asyncio.AbstractEventLoop, asyncio.Future[Action], Callable[[], Action]]] \
            = queue.SimpleQueue()

    def apart(self, work: Callable[[], Action]) -> asyncio.Future[Action]:
        """``work`` done in one of the threads, its answer (or error) handed back to the running loop."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Action] = loop.create_future()
        self.work.put((loop, answer, work))
        with self.lock:
            if self.idle == 0 and self.threads < self.most:
                self.threads += 1
                threading.Thread(target=self.serve, name="bot", daemon=True).start()
        return answer

    def serve(self) -> None:
        while True:
            with self.lock:
                self.idle += 1
            loop, answer, work = self.work.get()
            with self.lock:
                self.idle -= 1
            setter: Callable[[Any], None]
            value: object
            try:
                setter, value = answer.set_result, work()
            except Exception as err:  # noqa: BLE001 - the table's task raises it, as it would have on the loop
                setter, value = answer.set_exception, err
            with contextlib.suppress(RuntimeError):  # the loop is closed: the host stopped meanwhile
                loop.call_soon_threadsafe(settle, answer, setter, value)


def settle(answer: asyncio.Future[Action], setter: Callable[[Any], None], value: object) -> None:
    if not answer.done():
        setter(value)


THINKERS = Thinkers()


@dataclass
class TableRunner:
    """A table's task: everything that reaches the table goes through :attr:`inbox`, in order."""

    table: Table
    speed: str = "normal"
    note: Callable[[str], None] = print
    seated: dict[int, Connection] = field(default_factory=dict)
    watching: set[Connection] = field(default_factory=set)
    latencies: list[float] = field(default_factory=list)  # seconds from a move received to its broadcast
    ended: Callable[[], None] = lambda: None  # called once when the match ends (a lobby drops its save)

    def __post_init__(self) -> None:
        self.inbox: asyncio.Queue[tuple[str, Connection, Any, asyncio.Future[Any] | None]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.advising: set[asyncio.Task[None]] = set()  # hints being thought out
        self.table.apart = True
        self.listening()

    def start(self) -> None:
        self.task = asyncio.create_task(self.guarded())

    async def guarded(self) -> None:
        """Run the table; a fault in it is told to the host and the players, and stops this table alone."""
        try:
            await self.run()
        except Exception as err:  # noqa: BLE001 - one table's fault must not stop the server's other tables
            traceback.print_exc()
            with speaking(self.table.spoken):
                self.note(_("Table {code} stopped on an error: {error}").format(code=self.table.code, error=err))
            for connection in [*self.seated.values(), *self.watching]:
                with connection.speaking():
                    connection.close(REFUSED, _("the table stopped on an error: {error}").format(error=str(err)[:200]))
            self.table.ended = True

    async def ask(self, what: str, connection: Connection, data: Any) -> Any:
        """Hand the table a request and wait for its answer (a join: the seat and token)."""
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await self.inbox.put((what, connection, data, answer))
        return await answer

    def tell(self, what: str, connection: Connection, data: Any = None) -> None:
        self.inbox.put_nowait((what, connection, data, None))

    async def run(self) -> None:
        table = self.table
        while True:
            while not self.inbox.empty():
                self.handle(*self.inbox.get_nowait())
            thought = table.thought()
            decided = None if thought is None else (thought, await self.think(thought))
            event, outs = table.step(time.monotonic(), decided)
            self.deliver(outs)
            if isinstance(event, MatchEnded):
                self.ended()
            if event is not None:
                await self.idle(self.pause(event))
            elif decided is None and table.thought() is None:
                deadline = table.deadline()
                timeout = None if deadline is None else max(0.0, deadline - time.monotonic()) + 0.01
                with contextlib.suppress(TimeoutError):
                    self.handle(*await asyncio.wait_for(self.inbox.get(), timeout))

    async def think(self, thought: Thought) -> Action:
        """A bot's move, thought out in a worker thread while this table goes on taking its messages; what
        would change the match meanwhile is held back until the bot has answered (the table then finds the
        answer out of date when it did)."""
        answer = THINKERS.apart(thought)
        held = []
        while not answer.done():
            taken = asyncio.ensure_future(self.inbox.get())
            await asyncio.wait((answer, taken), return_when=asyncio.FIRST_COMPLETED)
            if not taken.done():
                taken.cancel()
            elif taken.result()[0] in HELD:
                held.append(taken.result())
            else:
                self.handle(*taken.result())
        for item in held:
            self.handle(*item)
        return answer.result()

    async def advise(self, connection: Connection, thought: Thought) -> None:
        """A hint thought out in a worker thread; the table gives it if the move it is for is still awaited."""
        try:
            action = await THINKERS.apart(thought)
        except Exception as err:  # noqa: BLE001 - a hint that fails is said; the table goes on
            failure = str(err)[:200]
            connection.refuse(lambda: _("no hint: the adviser failed ({error})").format(error=failure))
            return
        self.tell("advised", connection, (thought, action))

    def pause(self, event: object) -> float:
        """How long the table is left as it is after an event, for people to follow it."""
        seconds = SPEEDS[self.speed]
        if isinstance(event, Moved):
            return seconds * (TRICK_PAUSE if event.completed is not None else 1)
        if isinstance(event, DealScored):
            return seconds * RESULT_PAUSE
        return 0.0

    async def idle(self, seconds: float) -> None:
        """Let ``seconds`` pass, taking what comes in meanwhile (talk, joins, departures)."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            with contextlib.suppress(TimeoutError):
                self.handle(*await asyncio.wait_for(self.inbox.get(), left))
        await asyncio.sleep(0)  # other tables and connections get their turn between two moves

    def handle(self, what: str, connection: Connection, data: Any, answer: asyncio.Future[Any] | None) -> None:
        result: tuple[int | None, str | None] | None
        try:
            with connection.speaking():
                result = self.answer(what, connection, data, time.monotonic())
        except Refused as refusal:
            if answer is not None:
                answer.set_exception(refusal)
            else:
                connection.send({"type": "refused", "reason": str(refusal)})  # worded in the asker's language
            return
        if answer is not None and not answer.done():
            answer.set_result(result)

    def answer(self, what: str, connection: Connection, data: Any, now: float) -> tuple[int | None, str | None] | None:
        """What a request does at the table (a join: the seat and the token), in the asker's language."""
        table = self.table
        result: tuple[int | None, str | None] | None
        if what == "join":
            result = self.join(connection, data, now)
        elif what == "left":
            self.left(connection, now)
            result = None
        elif what in ("move", "act"):
            received = data.pop("_at", now)
            made = table.choose if what == "move" else table.act
            self.deliver(made(connection.seat, data["text"]))
            self.latencies.append(time.monotonic() - received)
            connection.bucket.give_back()  # the game paces moves: only refused ones count against the rate
            result = None
        elif what == "say":
            self.deliver(table.say(connection.seat, data["text"]))
            result = None
        elif what == "rules":
            connection.send({"type": "rules", "text": rules(table)})
            result = None
        elif what == "sheet":
            connection.send({"type": "sheet", "text": sheet(table, connection.seat)} | sheet_rows(table, connection.receiver))
            result = None
        elif what == "history":
            connection.send({"type": "history", "text": history(table, connection.seat)})
            result = None
        elif what == "undo":
            self.deliver(undo(table, connection.seat))
            result = None
        elif what == "advised":
            self.deliver(table.advised(connection.seat, *data))
            result = None
        else:
            task = asyncio.create_task(self.advise(connection, table.hint_thought(connection.seat)))
            self.advising.add(task)
            task.add_done_callback(self.advising.discard)
            result = None
        return result

    def join(self, connection: Connection, hello: dict[str, Any], now: float) -> tuple[int | None, str | None]:
        table = self.table
        seat, token, outs = table.join(hello.get("name", ""), hello.get("token"), bool(hello.get("watch")), now,
                                       hello.get("lang"))
        connection.seat = seat
        receiver = connection.receiver = table.watchers_in(hello.get("lang")) if seat is None else seat
        full = bool(hello.get("table"))
        if full:
            table.full.add(receiver)
        elif seat is not None:  # the watchers of a language share their messages: their table is drawn once asked
            table.full.discard(receiver)
        if seat is None:
            self.watching.add(connection)
        else:
            old = self.seated.get(seat)
            if old is not None and old is not connection:
                with old.speaking():
                    old.close(REPLACED, _("your seat was taken up by a new connection with its token"))
            self.seated[seat] = connection
        self.listening()
        connection.send({"type": "welcome", "version": VERSION, "code": table.code, "seat": seat, "token": token,
                         "title": variant_title(table.session.ruleset.variant), "seats": table.seats_json(),
                         "hints": table.hints, "undo": table.undo_rule, "wait": table.wait}
                        | ({"variant": table.session.ruleset.variant.model_dump(mode="json"),
                            "match": table.standing()} if full else {}))
        self.deliver(outs)
        self.deliver(table.again(receiver), only=connection)
        return seat, token

    def left(self, connection: Connection, now: float) -> None:
        if connection in self.watching:
            self.watching.discard(connection)
            self.table.leave(None, now)
        elif connection.seat is not None and self.seated.get(connection.seat) is connection:
            del self.seated[connection.seat]
            self.deliver(self.table.leave(connection.seat, now))
        self.listening()

    def listening(self) -> None:
        """Tell the table who is connected: it makes messages for them alone."""
        self.table.audience = set(self.seated) | {watcher.receiver for watcher in self.watching}

    def deliver(self, outs: list[Out], only: Connection | None = None) -> None:
        """Send each message to its receiver: a seat's connection, or every watcher of its language."""
        for receiver, message in outs:
            if receiver < 0:
                for watcher in list(self.watching):
                    if watcher.receiver == receiver and (only is None or watcher is only):
                        watcher.send(message)
            else:
                connection = self.seated.get(receiver)
                if connection is not None and (only is None or connection is only):
                    connection.send(message)


@dataclass
class Host:
    """The tables this server keeps, by code: one, or any number at a lobby."""

    tables: dict[str, TableRunner] = field(default_factory=dict)
    lobby: Callable[[dict[str, Any]], TableRunner] | None = None  # opens a table for a hello that asks to

    def find(self, hello: dict[str, Any]) -> TableRunner:
        code = hello["code"]
        for known, runner in self.tables.items():
            if hmac.compare_digest(known.encode(), code.encode()):
                if hello.get("create") is not None:
                    raise Refused(_("a table with the code {code} is open already: join it without --create").format(
                        code=code))
                return runner
        if self.lobby is not None and hello.get("create") is not None:
            if len(self.tables) >= MAX_TABLES:
                raise Refused(_("this lobby holds {count} tables already").format(count=MAX_TABLES))
            runner = self.lobby(hello)
            self.tables[code] = runner
            runner.start()
            return runner
        if self.lobby is not None:
            raise Refused(_("no table with that code at this lobby: check the code, or open a table with --create"))
        raise Refused(_("no table with that code here: check the code the host gave"))

    async def handle(self, socket: ServerConnection) -> None:
        """One connection, from its hello to its end."""
        connection = Connection(socket)
        runner: TableRunner | None = None
        try:
            try:
                first = await asyncio.wait_for(socket.recv(), HELLO_SECONDS)
            except TimeoutError:
                raise Refused(_("no hello within {seconds} s").format(seconds=f"{HELLO_SECONDS:g}")) from None
            connection.lang = language_of(first) or current()  # the refusals of this client in its language
            with connection.speaking():  # the language is the process's: no await within
                hello = decode(first)
                if hello["type"] != "hello":
                    raise Refused(_("say hello first: {hello}").format(
                        hello=f'{{"type": "hello", "version": {VERSION}, "code": ...}}'))
                why = version_refusal(hello["version"])
                runner = None if why is not None else self.find(hello)
            if runner is None:
                await connection.shut(WRONG_VERSION, str(why))
                return
            await runner.ask("join", connection, hello)
            async for frame in socket:
                if not connection.bucket.take():
                    with connection.speaking():
                        why = _("too many messages: a client may send a few a second, besides its moves")
                    await connection.shut(FLOODED, why)
                    return
                try:
                    with connection.speaking():
                        message = decode(frame)
                except BadMessage as err:
                    connection.send({"type": "refused", "reason": str(err)})
                    continue
                if message["type"] == "hello":
                    connection.refuse(lambda: _("already seated: hello comes once"))
                    continue
                message["_at"] = time.monotonic()
                runner.tell(message["type"], connection, message)
        except (BadMessage, Refused, UserError) as err:
            await connection.shut(REFUSED if isinstance(err, Refused) else BAD_MESSAGE, str(err))
        except ConnectionClosed:
            pass
        finally:
            if runner is not None:
                runner.tell("left", connection)
            if not connection.closed:
                connection.writer.cancel()


Page = Callable[[str], bytes]  # the browser's page in a language


async def page_or_socket(connection: ServerConnection, request: Request, pages: Page | None) -> Response | None:
    """The browser's page for a plain GET of ``/`` (in the language the browser asks for), the WebSocket for an
    upgrade; nothing else."""
    if request.headers.get("Upgrade", "").lower() == "websocket":
        return None
    if pages is not None and urlsplit(request.path).path in ("/", "/index.html"):
        page = pages(language_asked(request.path, request.headers.get("Accept-Language", ""), current()))
        return Response(HTTPStatus.OK.value, "OK", Headers({"Content-Type": "text/html; charset=utf-8",
                                                            "Content-Length": str(len(page)),
                                                            "Cache-Control": "no-store"}), page)
    return connection.respond(HTTPStatus.NOT_FOUND, "Nothing here: join with belot join, or open / in a browser.\n")


async def listen(host: Host, address: str, port: int, page: Page | None = None) -> Server:
    """Start serving ``host``'s tables on ``address``:``port`` (``page``: also the browser's page)."""

    async def process(connection: ServerConnection, request: Request) -> Response | None:
        return await page_or_socket(connection, request, page)

    # Uncompressed: a message is a few kilobytes, and compressing each for every seat costs the server more
    # than the bytes cost a table's players.
    return await serve(host.handle, address, port, max_size=MAX_FRAME, max_queue=4, write_limit=2 ** 15, compression=None,
                       process_request=process, ping_interval=20, ping_timeout=30, close_timeout=2,
                       open_timeout=HELLO_SECONDS)
