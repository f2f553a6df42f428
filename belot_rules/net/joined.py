"""``belot join``'s full-screen table: the local table (:class:`~belot_rules.cli.tui.app.TableApp`) for a seat
at a hosted match.

The same panels are drawn by the same code: the header, the seats around the trick, the hand, the
auction, the declarations, the last trick, the result boxes and the pages. What the local table asks
its controller, :class:`Remote` answers from what the server sends: the rules the table plays (in the
welcome), the seat's whole view as the local table shows it and where the match stands (with each
message), and at the seat's turn its legal moves. The server decides every move: a move chosen here
is sent, and the table shows it once the server says it was made. Table talk and the server's notes
are shown in the side column (``'`` and a line says one).
"""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.widget import AwaitMount
from textual.widgets import Input, Static
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from ..cli import tui
from ..cli.game.clock import MoveClock
from ..cli.game.controller import BIDDING, Controller, HumanTurn
from ..cli.game.look import THEMES, Look, variant_title
from ..cli.game.prompt import command
from ..cli.game.render import Renderer
from ..cli.game.seating import HUMAN, PERSON, Seating
from ..cli.game.session import SheetRow
from ..cli.game.settings import SORTS, Kept
from ..cli.tui.app import TableApp
from ..cli.tui.bindings import TABLE_KEYS
from ..cli.tui.pages import keys, keys_page, sheet_page
from ..cli.tui.screens import ResultScreen
from ..engine.actions import PLAY, Action
from ..engine.deal import SeatView
from ..errors import UserError
from ..i18n import gettext as _
from ..rules.bidding.calls import Call
from ..rules.deal.options import Direction
from ..ruleset import Ruleset
from ..variant.model import Variant
from .client import Joining, PlainView, closed_words, help_rows, left_words, lost_words, sit
from .protocol import encode
from .wire import NamedSeating, action_from, row_from, seat_label, seen_from

TALK_LINES = 4  # lines of table talk and notes the side column keeps
NOT_HERE = ("skip", "speed", "forced", "stats", "level")  # the local table's keys for its own bots and files


class Remote(Controller):
    """The local table's controller for a seat at a hosted match: it answers what the table is drawn from
    (the rules, the seats, where the match stands); the match itself is the server's, and nothing here
    plays it (its session is never read)."""

    def __init__(self, rules: Ruleset, names: Seating, standing: dict[str, Any]) -> None:  # noqa: D107
        self.ruleset, self.seating = rules, names
        self.standing = standing
        self.sheet: list[SheetRow] = []  # the sheet's rows, as the server last sent them (s asks for them)
        self.slot, self.record_path, self.stats_path, self.clock = None, None, None, None
        self.autoplay, self.open_hands, self.speed = False, False, "instant"

    @property
    def human(self) -> int | None:
        return self.seating.human

    @property
    def rules(self) -> Ruleset:
        return self.ruleset

    @property
    def names(self) -> Seating:
        return self.seating

    @property
    def shown_seed(self) -> int | None:
        return None  # the seed would deal the hidden cards again

    @property
    def deal_number(self) -> int:
        return int(self.standing["number"])

    @property
    def finished(self) -> int:
        return int(self.standing["finished"])

    @property
    def over(self) -> bool:
        return bool(self.standing["over"])

    @property
    def begun(self) -> bool:
        return True

    @property
    def board(self) -> tuple[int, ...]:
        return tuple(self.standing["board"])

    @property
    def reserve(self) -> int:
        return int(self.standing["reserve"])

    def rows(self) -> list[SheetRow]:
        return self.sheet

    def history(self) -> list[tuple[SheetRow, SeatView | None]]:
        return []

    def refusal(self, call: Call) -> str:
        return ""  # the server refuses a call, with the rule's reason

    def bots_move(self) -> bool:
        return False

    def leave(self) -> tuple[dict[str, int] | None, str]:
        return None, ""

    def resume_command(self) -> str | None:
        return None


@dataclass
class Welcomed(PlainView):
    """How the seat is welcomed: its seat, token and the players' names, kept for the table (nothing printed)."""

    welcome: dict[str, Any] = field(default_factory=dict)

    def on_welcome(self, m: dict[str, Any]) -> None:
        self.welcome = m
        self.out = io.StringIO()
        super().on_welcome(m)


def remote(welcome: dict[str, Any]) -> Remote:
    """The controller of a table joined with ``welcome`` (a hello that asked for the table)."""
    rules = Ruleset(Variant.model_validate(welcome["variant"]))
    return Remote(rules, seating(rules, welcome["seats"], welcome["seat"]), welcome["match"])


def seating(rules: Ruleset, seats: list[dict[str, Any]], seat: int | None) -> NamedSeating:
    """The seats as ``seat`` reads them: You, a person by their name, a bot by its compass point (the header
    names the bots)."""
    table = rules.seating
    players = tuple(HUMAN if s["seat"] == seat else PERSON if s["player"].startswith(PERSON) else s["player"]
                    for s in seats)
    labels = tuple(seat_label(s["seat"], s["name"], player not in (HUMAN, PERSON), table.players)
                   for s, player in zip(seats, players, strict=True))
    return NamedSeating(players, table.side_of, rules.variant.deal.direction == Direction.clockwise, labels)


class JoinedTable(TableApp):
    """The local table, playing a seat at a hosted match; see the module's docstring."""

    CSS_PATH = str(Path(tui.__file__).with_name(TableApp.CSS_PATH))  # the local table's, from its folder
    BINDINGS = [*TABLE_KEYS, Binding("apostrophe", "talk", _("Talk"))]

    def __init__(self, joining: Joining, socket: ClientConnection, welcomed: Welcomed, look: Look,
                 kept: Kept | None = None) -> None:
        super().__init__(None, look, speed="instant", sort=kept.settings.sort if kept else SORTS[0], kept=kept)
        self.joining, self.socket, self.welcomed = joining, socket, welcomed
        self.control = remote(welcomed.welcome)
        self.look = self.look.for_variant(self.control.rules.variant)
        self.draw = Renderer(self.control, self.look)
        self.seen, self.turn = None, None
        self.skipping = True  # nothing to skip: the status line offers no space
        self.asked: HumanTurn | None = None  # the turn a move was sent for, until the server makes it
        self.talk: list[str] = []
        self.seats: list[dict[str, Any]] = welcomed.welcome["seats"]  # who sits where, as the server last said
        self.ended = False

    # ------------------------------------------------------------------ the table, from the server's messages

    def begin(self) -> None:
        typed = self.query_one("#typed", Input)
        typed.placeholder = _("a card, a call, a command; ' and a line to talk; Esc closes")
        typed.select_on_focus = False  # the ' that opens talk stays as the line is focused
        if self.seen is None:  # the match waits for its players: the panels of a deal are empty
            for panel in ("#auction", "#declared", "#last"):
                self.query_one(panel).display = False
            self.query_one("#header", Static).update(Text(self.look.words(variant_title(self.control.rules.variant)), "bold"))
        self.refresh_table()
        self.run_worker(self.listen(self.query_one("#side").mount(Static(id="talk"))), exclusive=True)

    async def listen(self, talk: AwaitMount) -> None:
        """Show each message of the table (once the side column has its panel for talk) until the table ends
        or the connection is lost."""
        await talk
        self.query_one("#talk").border_title = _("Table")
        self.query_one("#talk").display = False
        welcome = self.welcomed.welcome
        if welcome["seat"] is not None:  # the token is kept: the same command takes the seat back
            self.said(_("If you drop, the same belot join takes your seat back within {seconds} s.").format(
                seconds=f"{welcome.get('wait', 0):g}"), note=False)
        try:
            async for frame in self.socket:
                message = json.loads(frame)
                getattr(self, f"on_{message['type']}_message", lambda m: None)(message)
                if message["type"] == "error":
                    self.exit(1, return_code=1, message=closed_words(message["reason"]))
                    return
        except ConnectionClosed:
            pass
        if not self.ended:
            self.exit(1, return_code=1, message=lost_words(self.joining.command(self.welcomed.token)))

    def update_status(self) -> None:
        """The local table's status line; before the first deal, who the table waits for."""
        if self.seen is not None or self.control.over:
            super().update_status()
            return
        missing = [s["name"] for s in self.seats if s["player"].startswith(PERSON) and not s["present"]]
        self.query_one("#status", Static).update(Text(_("Waiting for {names}: the match begins once every player "
                                                        "has sat down.").format(names=", ".join(missing))
                                                      if missing else _("The match begins.")))

    def shown(self, message: dict[str, Any]) -> None:
        """A message with the seat's view: the view and the match's standing taken."""
        if "seen" in message:
            self.seen = seen_from(message["seen"])
            self.query_one("#auction").display = True  # hidden while the match waited for its players
            assert isinstance(self.control, Remote)
            self.control.standing = message["match"]

    def on_seats_message(self, message: dict[str, Any]) -> None:
        assert isinstance(self.control, Remote)
        self.control.seating = seating(self.control.rules, message["seats"], self.human)
        self.seats = message["seats"]
        self.said(message["note"])
        self.refresh_table()

    def on_deal_message(self, message: dict[str, Any]) -> None:
        self.shown(message)
        self.held, self.result_shown = None, False
        self.refresh_table()

    def on_moved_message(self, message: dict[str, Any]) -> None:
        self.shown(message)
        if message["seat"] == self.human:
            self.turn = self.asked = None
            self.menu, self.note = [], ""  # a refusal, hint or note spoke of the move before
            self.query_one("#choices").display = False
            self.stop_clock()
        if message["kind"] == PLAY:
            self.held = message.get("completed")
        self.refresh_table()

    def on_turn_message(self, message: dict[str, Any]) -> None:
        self.shown(message)
        if "legal" not in message or self.seen is None:
            return
        legal = tuple(action_from(a) for a in message["legal"])
        seconds = message.get("left")
        assert isinstance(self.control, Remote)
        self.control.clock = None
        if seconds is not None:
            self.control.clock = MoveClock(seconds)
            self.control.clock.start()
        undo = "" if self.welcomed.welcome.get("undo", "never") != "never" else _("the host does not allow undo")
        self.ask(HumanTurn(message["seat"], self.seen, legal, tuple(legal[i] for i in message["numbered"]),
                           tuple(message["order"]), bool(message.get("hint")), undo, seconds, message["aside"],
                           tuple(message["belotes"])))

    def on_refused_message(self, message: dict[str, Any]) -> None:
        self.refuse(message["reason"])
        if self.asked is not None and self.turn is None:  # the move sent was not made: the turn is the player's
            self.ask(self.asked)

    def on_undone_message(self, message: dict[str, Any]) -> None:
        self.shown(message)
        self.turn = self.asked = None
        self.held, self.menu, self.result_shown = None, [], False
        self.query_one("#choices").display = False
        self.stop_clock()
        self.note = message["said"]
        self.refresh_table()

    def on_result_message(self, message: dict[str, Any]) -> None:
        assert isinstance(self.control, Remote)
        self.control.standing = {**self.control.standing, "board": message["board"], "finished": message["number"]}
        self.result_shown = True
        self.refresh_table()
        box = message.get("box") or {"title": message["title"], "body": "\n".join(message["lines"])}
        self.push_screen(ResultScreen(box["title"], Text.from_ansi(box["body"]), ascii=self.look.ascii),
                         lambda _: self.next_deal())

    def next_deal(self) -> None:
        self.result_shown = False
        self.refresh_table()

    def on_end_message(self, message: dict[str, Any]) -> None:
        self.ended = True
        assert isinstance(self.control, Remote)
        self.control.standing = {**self.control.standing, "board": message["board"], "over": True}
        self.turn, self.menu = None, []
        self.query_one("#choices").display = False  # a move asked when the match ended (on time) is not made
        self.stop_clock()
        self.update_status()
        self.farewell.append(message["said"])
        box = message.get("box") or {"title": _("The match is over"), "body": message.get("sheet", "")}
        self.push_screen(ResultScreen(box["title"], Text.from_ansi(box["body"]), _("Enter to leave"), self.look.ascii),
                         lambda _: self.exit(0))

    def on_said_message(self, message: dict[str, Any]) -> None:
        self.said(_("{name}: {text}").format(name=message["name"], text=message["text"]))

    def on_hint_message(self, message: dict[str, Any]) -> None:
        self.note = message["text"]
        self.update_status()

    def on_sheet_message(self, message: dict[str, Any]) -> None:
        """The local table's sheet, drawn from the rows the server sent."""
        assert isinstance(self.control, Remote)
        self.control.sheet = [row_from(row) for row in message.get("rows", [])]
        self.page(_("Score sheet"), sheet_page(self.draw) if "rows" in message else Text(message["text"]))

    def said(self, line: str, note: bool = True) -> None:
        """A line of table talk or a note of the table: in the side column, and (``note``) on the status line."""
        self.talk = [*self.talk, line][-TALK_LINES:]
        talk = self.query_one("#talk", Static)
        talk.update(Text("\n".join(self.talk)))
        talk.display = True
        if note:
            self.note = line
            self.update_status()

    # ------------------------------------------------------------------ the player's moves and requests

    def ask(self, turn: HumanTurn) -> None:
        """The local table's question; a line being typed (talk, most likely) keeps the keys: the turn comes
        when the others have moved, not when the player is ready for it."""
        typing = self.query_one("#typed").has_focus
        super().ask(turn)
        self.skipping = True  # nothing to skip: the status line offers no space
        if typing:
            self.query_one("#typed").focus()

    def advance(self) -> None:
        """Nothing moves here: the server sends what comes next."""

    def act(self, action: Action) -> None:
        """The player's move, sent to the server: the table shows it once the server has made it."""
        self.stop_clock()
        self.asked, self.turn = self.turn, None
        self.query_one("#choices").display = False
        self.send({"type": "act", "text": str(action)})
        self.update_status()

    def send(self, message: dict[str, Any]) -> None:
        async def sent() -> None:
            try:
                await self.socket.send(encode(message))
            except ConnectionClosed:
                pass  # the reading worker says the connection is lost
        asyncio.get_running_loop().create_task(sent())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Talk (a line after ``'``), and a call typed at the auction, go to the server as typed; the rest is
        read as the local table reads it."""
        line = event.value.strip()
        if line.startswith("'"):
            self.close_typing()
            self.send({"type": "say", "text": line[1:].strip() or "…"})
            return
        if self.turn is not None and self.turn.phase == BIDDING and command(line) is None:
            self.close_typing()
            self.asked, self.turn = self.turn, None
            self.send({"type": "move", "text": line[:64]})
            return
        super().on_input_submitted(event)

    def action_talk(self) -> None:
        """The line for typing, opened with the ' that says its text to the table."""
        self.action_type()
        typed = self.query_one("#typed", Input)
        typed.value = "'"
        typed.cursor_position = 1

    def action_help(self) -> None:
        """The local table's keys, less those of its own bots and files, with the hosted table's own."""
        hosted = dict(help_rows())  # the line client's words for the keys a hosted table answers its own way
        off = ("f", _("space"), "+ -", "t", "l", "q")
        rows = [(key, hosted.get(key, what)) for key, what in keys() if key not in off]
        self.page(_("Keys"), keys_page(self.look, [*rows, ("'", hosted["'text"]), ("q", hosted["q"])]))

    def action_undo(self) -> None:
        self.send({"type": "undo"})

    def action_hint(self) -> None:
        self.send({"type": "hint"})

    def action_sheet(self) -> None:
        self.send({"type": "sheet"})

    def action_history(self) -> None:
        self.send({"type": "history"})

    def on_history_message(self, message: dict[str, Any]) -> None:
        self.page(_("History"), Text.from_ansi(message["text"]))

    def action_quit_game(self) -> None:
        """Leave the table: the seat waits for its player, who comes back with the same command."""
        self.ended = True
        if self.human is not None and not self.control.over:
            self.farewell.append(left_words(self.joining.command(self.welcomed.token)))
        asyncio.get_running_loop().create_task(self.socket.close())
        self.exit(0)

    def tick(self) -> None:
        """The move clock, shown; when it runs out the server applies the table's rule."""
        if self.control.tick() is None:
            self.stop_clock()
        self.update_status()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in NOT_HERE:
            return False
        if action == "undo":
            return self.human is not None and self.welcomed.welcome.get("undo", "never") != "never"
        if action == "talk":
            return self.human is not None  # watchers read the talk
        if action == "hint":
            return self.human is not None and bool(self.welcomed.welcome.get("hints"))
        return super().check_action(action, parameters)


async def play(joining: Joining, look: Look | None = None) -> int:
    """Join, then play the seat at the full-screen table until the match ends or the player leaves; the suits'
    colours and the hand's order are the player's kept settings, as at the local table."""
    joining.table = True
    kept, notice = Kept.read()
    look = look or Look(suit_styles=THEMES[kept.settings.theme])
    welcomed = Welcomed(joining, look=look)
    socket = await sit(joining, welcomed)
    app = JoinedTable(joining, socket, welcomed, look, kept)
    app.note = notice or ""
    status = await app.run_async()
    for line in app.farewell:
        print(line)
    return status if isinstance(status, int) else 0


def run(joining: Joining) -> int:
    try:
        return asyncio.run(play(joining))
    except ConnectionClosed:
        raise UserError(lost_words(joining.command(joining.token))) from None

