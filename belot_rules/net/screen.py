"""``belot join``'s full-screen table: the seats, the trick, your hand, the table's talk and moves, and the
choices of each move as buttons (a number, a card's or a call's name, or ``'`` and a line of talk typed
below work too).

It says what the line game says (:class:`~belot_rules.net.client.PlainView` words every message) in a
running log beside the table, which the server draws as the local line game draws it (the header, the
seats around the trick, the auction, the last trick, the declarations and the hand), from this seat's
chair, in the width the screen leaves it. Pages (``a``, ``l``, ``s``, ``r``) answer in the log.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, VerticalScroll
from textual.timer import Timer
from textual.widgets import Button, Footer, Input, RichLog, Static
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from ..cli.game.look import SUIT_STYLES
from ..cli.tui.screens import key_labels
from ..errors import UserError
from ..i18n import gettext as _
from .client import Joining, PlainView, closed_words, left_words, lost_words, sit
from .protocol import encode

FRAME_WIDTH, LOG_WIDTH = 80, 40  # columns: the table as the line game draws it at most, and the log beside it


@dataclass
class ScreenView(PlainView):
    """The line game's words, written to the screen's log; the hand, the trick and the question drawn apart."""

    screen: Any = None

    def say(self, line: str) -> None:
        self.screen.query_one("#log", RichLog).write(Text(line))

    def ask(self, prompt: str) -> None:
        self.screen.query_one("#question", Static).update(Text(prompt, style="bold"))

    def cards_text(self, cards: list[str]) -> Text:
        text = Text()
        for card in cards:
            text.append(self.look.card_name(card), style=SUIT_STYLES["CDHS".index(card[-1])])
            text.append(" ")
        return text

    def draw(self) -> None:
        view = self.view or {"hand": [], "trick": []}
        self.screen.query_one("#hand", Static).update(Text(_("Your hand:") + " ").append_text(
            self.cards_text(view["hand"])))
        trick = Text(_("On the table:") + " ")
        for seat, card in view["trick"]:
            trick.append(f"{self.names[seat]} ").append_text(self.cards_text([card]))
        self.screen.query_one("#trick", Static).update(trick if view["trick"] else Text(_("On the table: nothing yet")))
        self.screen.query_one("#seats", Static).update(" · ".join(
            _("You: {name}").format(name=name) if s == self.seat else name for s, name in enumerate(self.names)))

    def show(self, message: dict[str, Any]) -> None:
        if "frame" in message:
            self.screen.query_one("#frame", Static).update(Text.from_ansi(message["frame"]))
            for drawn_apart in self.screen.query(".apart"):
                drawn_apart.display = False  # the frame draws the seats, the trick and the hand
        if message["type"] == "turn":
            self.view, self.prompt = message["view"], message["prompt"]
            if message.get("bids"):
                self.say(_("Or type a bid: {bids}").format(bids=message["bids"]))
            self.screen.choices(message["menu"])
            self.ask(message["prompt"])
        else:
            super().show(message)
            if message["type"] in ("moved", "end", "undone"):
                self.screen.choices([])
                self.ask(message.get("said", "") if message["type"] == "end" else "")
        self.draw()


def frame_width(columns: int) -> int:
    """The width the table is drawn in on a screen ``columns`` wide, leaving the log its room."""
    return max(40, min(FRAME_WIDTH, columns - LOG_WIDTH))


class TableScreen(App[int]):
    """The seat's table, full screen; its result is the exit status."""

    ENABLE_COMMAND_PALETTE = False  # as at the local table: ctrl+p is not a key of the game
    CSS = """
    #seats, #trick, #hand, #question { height: auto; padding: 0 1; }
    #board { height: 1fr; }
    #board > VerticalScroll { width: auto; max-width: 70%; }
    #frame { width: auto; height: auto; }
    #log { height: 1fr; width: 1fr; min-width: 30; border: round $primary; }
    #menu { height: auto; layout: grid; grid-size: 6; grid-gutter: 0 1; }
    #menu Button { width: 1fr; min-width: 8; }
    """
    BINDINGS = [Binding("ctrl+q", "leave", _("Leave the table"))]  # its words translated as the screen is made

    def __init__(self, joining: Joining) -> None:
        super().__init__()
        key_labels(self)
        self.joining = joining
        self.seat_view = ScreenView(joining, screen=self)
        self.socket: ClientConnection | None = None
        self.resizing: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="seats", classes="apart")
        yield Static(id="trick", classes="apart")
        with Horizontal(id="board"):
            yield VerticalScroll(Static(id="frame"))
            yield RichLog(id="log", wrap=True)
        yield Static(id="hand", classes="apart")
        yield Static(id="question")
        yield Container(id="menu")
        yield Input(id="typed", placeholder=_("a move (1, jh, hearts), ' and a line to talk, ? for help"), max_length=200)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#typed", Input).focus()
        self.run_worker(self.play(), exclusive=True)

    async def play(self) -> None:
        self.joining.frame = frame_width(self.size.width)
        try:
            self.socket = await sit(self.joining, self.seat_view)
        except UserError as err:
            self.exit(1, return_code=1, message=str(err))
            return
        self.seat_view.draw()
        try:
            async for frame in self.socket:
                message = json.loads(frame)
                self.seat_view.show(message)
                if message["type"] == "error":
                    self.exit(1, return_code=1, message=closed_words(message["reason"]))
                    return
        except ConnectionClosed:
            pass
        if not self.seat_view.ended:
            self.exit(1, return_code=1, message=lost_words(self.joining.command(self.seat_view.token)))

    def on_resize(self) -> None:
        """The table is drawn again in the new width, once the screen has stopped changing size."""
        if self.resizing is not None:
            self.resizing.stop()
        self.resizing = self.set_timer(0.3, self.redraw)

    async def redraw(self) -> None:
        width = frame_width(self.size.width)
        if self.seat_view.seat is not None and width != self.joining.frame:
            self.joining.frame = width
            await self.send({"type": "frame", "width": width})

    def choices(self, menu: list[dict[str, str]]) -> None:
        box = self.query_one("#menu", Container)
        box.remove_children()
        box.mount_all([Button(f"{entry['key']}: {entry['label']}", name=entry["key"]) for entry in menu])
        self.query_one("#typed", Input).focus()  # typing goes on working after a click

    async def send(self, message: dict[str, Any]) -> None:
        if self.socket is not None:
            try:
                await self.socket.send(encode(message))
            except ConnectionClosed:
                pass

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        await self.send({"type": "move", "text": event.button.name or ""})

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.value = ""
        if event.value.strip().lower() in ("q", "quit"):
            await self.action_leave()
            return
        message = self.seat_view.local(event.value)
        if message is not None:
            await self.send(message)

    async def action_leave(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        left = "" if self.seat_view.seat is None or self.seat_view.ended else \
            left_words(self.joining.command(self.seat_view.token))
        self.exit(0, message=left or None)


def run(joining: Joining) -> int:
    status = TableScreen(joining).run()
    return status if isinstance(status, int) else 0
