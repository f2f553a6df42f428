"""The table, full screen: seats, the trick, your hand, the auction and the scores, played with keys or the mouse.

:class:`TableApp` plays a :class:`~belot_rules.cli.game.session.Session` as the line game does:
the bots move on timers at the chosen speed (a key skips ahead), the player chooses with the
arrows and Enter, a number, a typed name after ``/``, or a click, and every move is saved.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from dataclasses import replace
from pathlib import Path

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Footer, Input, OptionList, Static

from ...engine.actions import PLAY, Action
from ...engine.deal import SeatView
from ...errors import UserError
from ...i18n import gettext as _
from ...i18n.words import speed_name
from ..game.controller import (
    BIDDING,
    MENU_PHASES,
    OVER,
    PREDICTING,
    SPEEDS,
    TRICK_PAUSE,
    YOU,
    AllPassed,
    Controller,
    DealScored,
    DealStarted,
    Event,
    HumanTurn,
    MatchEnded,
    Moved,
    call_of,
    forced_words,
)
from ..game.look import THEMES, Look, variant_title
from ..game.prompt import Refusal, command, parse_call, parse_card_choice, parse_option, parse_prediction, typed_number
from ..game.render import Renderer
from ..game.saves import SavedGame, SaveSlot
from ..game.session import NoUndo, Session
from ..game.settings import SORTS, Kept
from ..game.wording import no_hint_yet, sorted_how, typed_placeholder
from . import screens
from .bindings import TABLE_KEYS
from .drawing import auction_said, deal_tally, header, seats_table
from .hand import HandView, sorted_hand
from .leaving import leave_game, quit_game
from .level_menu import open_level_menu
from .pages import (
    auction_page,
    deal_result,
    history,
    keys,
    keys_page,
    match_result,
    rules_page,
    sheet_page,
    stats_page,
)
from .room import Room, fit
from .screens import MessageScreen, PointedList, ResultScreen, belote_question
from .start import offer_unfinished
from .status import fits, menu_title, status_line
from .thinking import Hinting, Thinking

MIN_DELAY = 0.001  # seconds: even instant bots let the screen draw between moves
SPEED_ORDER = tuple(SPEEDS)  # slowest first
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class TableApp(App[int]):
    """One match at the table, full screen."""

    CSS_PATH = "table.tcss"
    ENABLE_COMMAND_PALETTE = False
    TITLE = "belot"
    BINDINGS = TABLE_KEYS
    turn: HumanTurn | None  # the player's turn being asked, as the controller told it
    def __init__(self, session: Session | None, look: Look, speed: str = "normal", slot: SaveSlot | None = None,
                 record_path: Path | None = None, open_hands: bool = False, autoplay: bool = False,
                 stats_path: Path | None = None, unfinished: SavedGame | None = None, note: str = "",
                 sort: str = SORTS[0], kept: Kept | None = None) -> None:
        # With NO_COLOR, Textual's NoColor filter (for ANSI colours) leaves the terminal's own colours and
        # the attributes (bold, dim, reverse); its default, Monochrome, draws in greys instead.
        super().__init__(ansi_color=True if os.environ.get("NO_COLOR") is not None else None)
        self.look, self.speed, self.record_path = look, speed, record_path
        screens.key_labels(self)
        self.open_hands, self.autoplay, self.stats_path = open_hands, autoplay, stats_path
        self.sort_mode, self.kept = sort, kept  # kept: the settings file, which the keys change
        self.seen: SeatView | None = None  # the deal on the table as the player sees it (just finished, while scored)
        self.result_shown = False  # the table shows a finished deal, whose result is open
        self.held: int | None = None  # a completed trick kept on the table until the next card
        self.room = Room(False, 30)  # the table's sizes for the terminal, set as it is sized
        if session is not None:  # None: a seat at a hosted table, whose controller is made as it joins
            self.use(session, slot)
        self.skipping = False
        self.timer: Timer | None = None
        self.thinking = Thinking(self)  # a bot deciding in its own thread
        self.hinting = Hinting(self)  # a hint thought out in its own thread
        self.clock: Timer | None = None  # ticks the controller's move clock each second
        self.ticked = 0.0  # the move clock's last tick
        self.now = time.monotonic  # the move clock's time (a test moves it on)
        self.numbered_at = -1.0  # when a number key last made a move (an Enter right after it belongs to it)
        self.menu: list[Action] = []  # the calls or declarations offered
        self.note = note or ""  # a message for the status line, kept until the next move
        self.refused = ""  # the last refusal: said of the turn it came in, so the next move, anyone's, ends it
        self.unfinished = unfinished  # a game in the slot, offered before the new one starts
        self.farewell: list[str] = []  # printed once the table has closed: how to continue the game

    @property
    def human(self) -> int | None:
        return self.control.names.human

    @property
    def slot(self) -> SaveSlot | None:
        """Where the controller saves the game after every move; None: unsaved."""
        return self.control.slot

    @slot.setter
    def slot(self, slot: SaveSlot | None) -> None:
        self.control.slot = slot

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="tableau")
                yield Static(id="seats")
                yield HandView(self.look, id="hand")
            with VerticalScroll(id="side"):
                yield Static(id="tally")
                yield Static(id="auction")
                yield PointedList(self.look.pointer, id="choices")
                yield Static(id="declared")
                yield Static(id="last")
        yield Input(id="typed", placeholder=typed_placeholder(None), select_on_focus=False)
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        loop = asyncio.get_running_loop()
        for stop in STOP_SIGNALS:  # kill, a closed terminal: save and give the terminal back, as q does
            try:
                loop.add_signal_handler(stop, leave_game, self, 128 + stop)
            except (NotImplementedError, RuntimeError):  # no signal handlers here (Windows, not the main thread)
                break
        for name, title in (("auction", _("Auction")), ("choices", _("Your choice")), ("declared", _("Declared")),
                            ("last", _("Last trick")), ("hand", _("Your hand"))):
            self.query_one(f"#{name}").border_title = title
        if self.look.ascii:
            self.screen.add_class("ascii")
        if self.no_color:  # the status line stands out by reverse video instead of its background colour
            self.query_one("#status").styles.text_style = "bold reverse"
        self.query_one("#choices").display = False
        self.query_one("#typed").display = False
        self.set_focus(self.query_one(HandView))  # not the hidden line for typing, which took the bots' time keys
        tableau = self.control.rules.dealing.tableau_from is not None  # belote-a-deux.md §B: open piles
        self.query_one("#tableau").display = tableau
        if tableau:
            self.query_one("#hand").border_title = _("Your table")
            self.query_one("#hand").styles.height = 6
        if self.human is None:
            self.query_one("#hand").display = False
        if fits(self.note, self.size.width):
            self.open_table()
        else:  # a notice before the game too long for the status line (a settings file set aside): read whole first
            notice, self.note = self.note, ""
            self.push_screen(MessageScreen(_("Before the game"), notice, ascii=self.look.ascii),
                             lambda _: self.open_table())

    def open_table(self) -> None:
        """Offer the slot's unfinished game, or begin."""
        if self.unfinished is not None:
            offer_unfinished(self, self.unfinished)
        else:
            self.begin()

    def begin(self) -> None:
        """Start playing the session: a new match, or a resumed one where it stopped."""
        self.refresh_table()
        if self.control.over:
            self.match_over()  # a finished game resumed: the controller counted it when it ended
        elif self.control.begun:
            self.note = _("Resuming deal {number}.").format(number=self.control.deal_number)
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        """Cards, seats and side column sized for the terminal (tui/room.py)."""
        self.room = fit(self, event.size)
        self.update_status()  # a terminal made too small (or large enough again) is told at once
        self.call_after_refresh(self.refresh_table)  # once the new layout gives the seats their width

    def refresh_table(self) -> None:
        """Draw everything from the controller (after each move, undo, theme or sort change)."""
        view = self.seen
        if view is None:
            return
        number = self.control.finished if view.phase == OVER else self.control.deal_number
        self.query_one("#header", Static).update(header(self.draw, view, number, self.size.width or 80))
        width = self.query_one("#left").size.width or 48
        self.query_one("#seats", Static).update(seats_table(self.draw, view, self.held, self.open_hands, width,
                                                             self.room.large))
        if view.tableau:  # every other player's face-up cards, as they lie
            seating = self.control.names
            others = [seat for seat in ((seating.reference + k) % seating.count for k in range(seating.count))
                      if seat != self.human]
            piles = self.query_one("#tableau", Static)
            piles.border_title = self.draw.table_name(others[0]) if len(others) == 1 else _("The table")
            piles.update(Text("\n").join(self.draw.piles(view, seat, label=len(others) > 1) for seat in others))
        tally = deal_tally(self.control, view)
        self.query_one("#tally", Static).update(tally)
        self.query_one("#tally").display = bool(tally.plain)
        auction = self.query_one("#auction", Static)
        said = auction_said(self.draw, view)
        exchange = self.draw.exchange(view, short=True)
        if self.control.rules.dealing.widow_size and view.contract is not None and not view.tricks:
            exchange = self.draw.discards(view)
        auction.update(said if exchange is None else Text("\n").join([said, exchange]))
        declared = self.draw.announced(view)
        widget = self.query_one("#declared", Static)
        widget.display = bool(declared)
        widget.update(Text("\n".join(declared)))
        last = self.query_one("#last", Static)
        last.display = bool(view.tricks)
        if view.tricks:
            last.update(self.draw.trick(view, len(view.tricks) - 1, f"{len(view.tricks)}"))
        if self.human is not None:
            hand = self.query_one(HandView)
            cards, turn = sorted_hand(self.control.rules, view, self.sort_mode), self.turn
            playing = turn is not None and turn.phase not in (BIDDING, *MENU_PHASES, OVER)
            legal = [c.index for c in cards if turn is not None and any(a.card == c.index for a in turn.legal)]
            hand.show(self.look, cards, legal if playing else None, view.piles(self.human) if view.tableau else None)
        self.update_status()

    def update_status(self) -> None:
        """Whose turn it is and what is expected, with the last note (tui/status.py)."""
        self.query_one("#status", Static).update(status_line(self))

    # ------------------------------------------------------------------ the flow of the game

    def advance(self) -> None:
        """What comes next: a bot's move after the pause, the player's decision, or nothing while a page is open."""
        if self.timer is not None or len(self.screen_stack) > 1 or self.control.over or self.result_shown:
            return
        if not self.control.bots_move():
            event = self.next_event()  # the player's turn, or a forced card the controller played for them
            if isinstance(event, HumanTurn):
                self.ask(event)
            elif isinstance(event, Moved):
                self.note = forced_words(self.look, event.action)
                self.call_later(self.moved, event)  # the table is drawn before the card goes
            elif isinstance(event, (DealScored, AllPassed)):
                self.deal_over(event)
            return
        if self.skipping or not self.control.seconds(1):
            self.timer = self.set_timer(MIN_DELAY, self.bots_at_once)
            return
        trick_done = self.held is not None and self.seen is not None and not self.seen.trick
        moves = TRICK_PAUSE if trick_done else 1  # the trick stays to be seen
        self.timer = self.set_timer(self.control.seconds(moves), self.bot_move)
        self.thinking.start()  # the bot decides while the pause runs

    def bots_at_once(self) -> None:
        """The bots' moves up to the player's next decision or the deal's end, drawn once (instant, or skipped)."""
        self.timer = None
        if self.control.over or len(self.screen_stack) > 1:
            return
        while self.control.bots_move():
            if self.thinking.waits(self.bots_at_once):
                self.refresh_table()  # the moves so far, drawn while the next bot thinks
                return
            event = self.next_event()
            if not isinstance(event, Moved):
                return
            self.seen = event.seen
            if event.action.kind == PLAY:
                self.held = event.completed
        if self.control.pending:
            self.deal_over(self.next_event())
            return
        self.refresh_table()
        self.advance()

    def bot_move(self) -> None:
        self.timer = None
        if not self.control.bots_move() or len(self.screen_stack) > 1 or self.thinking.waits(self.bot_move):
            return
        event = self.next_event()
        if isinstance(event, Moved):
            self.moved(event)

    def next_event(self) -> Event | None:
        """The controller's next event past a deal's start (which the table draws as it refreshes); None when an
        outside bot failed, and the table closes with its error (printed once the terminal is back, the game
        saved up to the move before)."""
        try:
            event = self.control.next()
            if isinstance(event, Moved) and self.note == self.refused:  # "Left moves now" is over once Left moved
                self.note = ""
            if isinstance(event, DealStarted):
                self.seen = event.view
                return self.control.next()
            return event
        except UserError as err:
            self.farewell.append(str(err))
            self.exit(1)
            return None

    def ask(self, turn: HumanTurn) -> None:
        """The player's turn: offer the calls or declarations, or number the legal cards."""
        self.start_clock()
        self.turn, self.seen = turn, turn.view
        choices = self.query_one("#choices", PointedList)
        if turn.phase in (BIDDING, *MENU_PHASES):
            menu = list(turn.listed)
            # the same choices again (after a page or a hint): the one the player had highlighted stays
            keep = choices.highlighted if menu == self.menu and choices.highlighted is not None else 0
            self.menu = menu
            texts = [(f"{i + 1}. " if i < 9 else "   ") + self.draw.describe(a, short=True, view=turn.view)
                     for i, a in enumerate(menu)]
            choices.offer(texts, keep)
            choices.border_title = menu_title(turn.phase)
            choices.display = True
            choices.focus()
            self.query_one("#side", VerticalScroll).scroll_to_widget(choices, animate=False)
        else:
            self.menu = []
            choices.display = False
            self.query_one(HandView).focus()
        if turn.phase == PREDICTING:  # a number, typed (differenzler.md §3)
            self.action_type()
        self.skipping = False
        self.refresh_table()

    def act(self, action: Action) -> None:
        """The player's move: the controller makes it (and saves); the table shows it and goes on."""
        self.stop_clock()
        if not self.control.over:
            self.moved(self.control.choose(action))

    def moved(self, event: Moved) -> None:
        """Show a move made (the player's, a bot's, a forced card or the clock's) and go on."""
        self.turn, self.seen = None, event.seen
        if event.seat == self.human:
            self.query_one("#choices").display = False
            if event.by == YOU and not self.note.startswith("Only"):  # a hint, refusal or undo spoke of this move
                self.note = ""
        if event.action.kind == PLAY:
            self.held = event.completed
        if self.control.pending:
            self.deal_over(self.next_event())
            return
        self.refresh_table()
        self.advance()

    def deal_over(self, result: Event | None) -> None:
        """The deal's score stays until the player dismisses it; the match result after the last deal."""
        if not isinstance(result, (DealScored, AllPassed)):
            return  # an outside bot failed: the table closes
        self.skipping = False
        self.seen, self.result_shown = result.view, True
        self.refresh_table()
        title, body = deal_result(self.draw, result.view, result.row)
        self.push_screen(ResultScreen(title, body, ascii=self.look.ascii), lambda _: self.next_deal())

    def next_deal(self) -> None:
        self.control.result_read()
        self.held = None
        self.note = ""
        if self.control.over:
            self.match_over()
            return
        self.seen, self.result_shown = self.control.table(), False
        self.refresh_table()
        self.advance()

    def match_over(self) -> None:
        """The sheet and the winner, with the statistics the controller counted; dismissing it leaves the game."""
        event = self.control.next()
        ended = event if isinstance(event, MatchEnded) else self.control.match_end()
        self.update_status()
        self.farewell.append(self.look.words(self.draw.match_result(ended).plain))  # kept once the table closes
        self.push_screen(ResultScreen(_("The match is over"), match_result(self.draw, ended),
                                      _("Enter to leave, l for another match"), self.look.ascii), lambda _: self.exit(0))

    # ------------------------------------------------------------------ the player's choices

    def typed_after_number(self) -> bool:
        """An Enter pressed just after a number key that made a move: the player typed "2, Enter" as the line
        game asks, and the Enter must not also make the next move (lay the highlighted card aside, say)."""
        after = time.monotonic() - self.numbered_at < screens.TYPED_AHEAD
        self.numbered_at = -1.0
        return after

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        if message.how == "number":
            self.numbered_at = time.monotonic()
        elif message.how == "enter" and self.typed_after_number():
            return
        turn = self.turn
        if turn is None or turn.phase in (BIDDING, *MENU_PHASES):
            return
        try:
            actions = parse_card_choice(self.look.card_name(message.card), turn, [], self.look, self.control.rules)
        except Refusal as refusal:
            self.refuse(str(refusal))
            return
        self.play_card(actions)

    def play_card(self, actions: list[Action]) -> None:
        """Play a card; when it may announce a belote, ask first."""
        if len(actions) == 1:
            self.act(actions[0])
            return
        question, announce = belote_question(self.look, actions)
        self.push_screen(question, lambda index: None if index is None or index < 0 else self.act(announce[index]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.typed_after_number():
            return
        if event.option_list.id == "choices" and self.menu and event.option_index < len(self.menu):
            self.act(self.menu[event.option_index])

    def on_key(self, event: events.Key) -> None:
        """Number keys choose the numbered card, call or declaration."""
        number = typed_number(event.character or "")
        if (number is None or self.turn is None or len(self.screen_stack) > 1
                or self.query_one("#typed").has_focus):
            return
        number = number or 10
        event.stop()
        if self.turn.phase == PREDICTING:  # a digit starts the typed prediction (differenzler.md §3), or goes on with it
            typed = self.query_one("#typed", Input)  # while the typing line takes the focus
            if not typed.display:
                self.action_type()
            typed.insert_text_at_cursor(event.character or "")
            return
        if self.menu:
            if number <= len(self.menu):
                self.numbered_at = time.monotonic()
                self.act(self.menu[number - 1])
            return
        hand = self.query_one(HandView)
        if hand.legal and number <= len(hand.legal):
            hand.select(hand.legal[number - 1])
            hand.action_play("number")

    def action_type(self) -> None:
        typed = self.query_one("#typed", Input)
        typed.placeholder = typed_placeholder(self.turn)
        typed.display = True
        typed.value = ""
        typed.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed card, call, declaration or command, read as the line game reads it."""
        line = event.value
        self.close_typing()
        asked = command(line)
        if asked is not None:
            actions = {"help": self.action_help, "last": self.action_history, "sheet": self.action_sheet,
                       "rules": self.action_rules, "hint": self.action_hint, "quit": self.action_quit_game}
            actions[asked]()
            return
        turn = self.turn
        if turn is None:
            self.refuse(_("It is not your turn."))
            return
        try:
            if turn.phase == BIDDING:
                menu = [a for a in self.menu if call_of(a).points is None]
                self.act(parse_call(line, self.menu, menu, self.look, self.control.refusal))
            elif turn.phase in MENU_PHASES:
                self.act(parse_option(line, self.menu))
            elif turn.phase == PREDICTING:
                self.act(parse_prediction(line, turn.legal))
            else:
                hand = self.query_one(HandView)
                menu = [next(a for a in turn.legal if a.card == c) for c in hand.legal or []]
                self.play_card(parse_card_choice(line, turn, menu, self.look, self.control.rules))
        except Refusal as refusal:
            self.refuse(str(refusal))

    def action_close_typing(self) -> None:
        if self.query_one("#typed").display:
            self.close_typing()

    def close_typing(self) -> None:
        self.query_one("#typed", Input).display = False
        home = self.keys_home()
        if home is not None:
            home.focus()

    def keys_home(self) -> Widget | None:
        """What the player chooses from, which should have the keys: the choices offered, else the hand."""
        try:
            choices = self.query_one("#choices")
            return choices if self.menu and choices.display else self.query_one(HandView) if self.turn else None
        except NoMatches:  # a focus moved while the table is not the screen drawn (as it opens or closes)
            return None

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A focus given elsewhere at the table while the player chooses (the side column's, or one textual
        restores as the table opens) goes back where the choice is: Enter at a call did nothing now and then."""
        home = self.keys_home()
        if home is not None and len(self.screen_stack) == 1 and event.widget not in (home, self.query_one("#typed")):
            home.focus()

    def refuse(self, text: str) -> None:
        self.note = self.refused = ("x " if self.look.ascii else "✗ ") + text
        self.update_status()
        self.bell()

    # ------------------------------------------------------------------ the move clock

    def start_clock(self) -> None:
        """Tick the player's move clock, which the controller started with their turn."""
        if self.control.clock is None or self.clock is not None:
            return
        self.ticked = self.now()
        self.clock = self.set_interval(1, self.tick)

    def stop_clock(self) -> None:
        if self.clock is not None:
            self.clock.stop()
            self.clock = None

    def tick(self) -> None:
        now = self.now()
        paused = now - self.ticked if len(self.screen_stack) > 1 else 0.0  # the player is reading: the clock waits
        self.ticked = now
        if self.control.tick(paused) is not None:
            self.update_status()
            return
        self.stop_clock()
        moved, message = self.control.time_up(self.describe)
        self.note = message
        if moved is None:
            self.turn = None
            self.query_one("#choices").display = False
            self.match_over()
        else:
            self.moved(moved)

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo, hints and forced cards are for a player: hidden (and off) while bots play alone. While an
        unfinished game is offered, only leaving is."""
        if self.unfinished is not None:
            return action == "quit_game"
        return not (self.human is None and action in ("undo", "hint", "forced"))

    def action_undo(self) -> None:
        """Take back the player's last move, as far as the controller's one rule for undo allows, or say why not."""
        try:
            taken = self.control.undo()
        except NoUndo as why:
            self.refuse(str(why))
            return
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.stop_clock()
        self.seen, self.result_shown, self.held, self.turn = self.control.table(), False, None, None
        self.note = self.draw.took_back(taken, self.seen)
        self.query_one("#choices").display = False
        self.menu = []
        self.refresh_table()
        self.advance()

    def action_hint(self) -> None:
        if self.turn is None or not self.turn.hint:
            view = self.seen
            moving = view.to_act if view is not None and not self.result_shown and self.control.bots_move() else None
            self.refuse(no_hint_yet(self.control.names.name(moving) if moving is not None else None))
            return
        self.hinting.start()
        self.note = _("Hint: thinking…")
        self.update_status()

    def show_hint(self, adviser: str, action: Action) -> None:
        """The hint (:class:`Hinting`) for the player's move: the card or call chosen, and said."""
        if action.kind == PLAY:
            self.query_one(HandView).select(action.card)
        elif action in self.menu:
            self.query_one("#choices", OptionList).highlighted = self.menu.index(action)
        self.note = _("Hint: the {adviser} bot would {move}.").format(adviser=adviser, move=self.describe(action))
        self.update_status()

    def describe(self, action: Action) -> str:
        """A move of the deal on the table, in the table's words."""
        return self.draw.describe(action, view=self.seen)

    def action_skip(self) -> None:
        """The bots move at once until the player's next decision (or the end of the deal)."""
        self.skipping = True
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            self.advance()
        self.update_status()

    def action_speed(self, step: int) -> None:
        index = max(0, min(len(SPEED_ORDER) - 1, SPEED_ORDER.index(self.speed) + step))
        self.speed = self.control.speed = SPEED_ORDER[index]
        self.keep(_("Bots: {speed}.").format(speed=speed_name(self.speed)), speed=self.speed)
        self.update_status()

    def action_forced(self) -> None:
        self.autoplay = self.control.switch_autoplay()
        self.keep(_("From now on a forced card is played for you.") if self.autoplay
                  else _("You play forced cards yourself."), autoplay=self.autoplay)
        self.update_status()
        if self.autoplay and self.turn is not None:
            self.advance()  # a forced card waiting now is played at once

    def action_sort(self) -> None:
        self.sort_mode = SORTS[(SORTS.index(self.sort_mode) + 1) % len(SORTS)]
        self.keep(_("Hand sorted {how}.").format(how=sorted_how(self.sort_mode)), sort=self.sort_mode)
        self.refresh_table()

    def action_colours(self) -> None:
        names = list(THEMES)
        current = next((n for n in names if THEMES[n] == self.look.suit_styles), names[0])
        name = names[(names.index(current) + 1) % len(names)]
        self.look = replace(self.look, suit_styles=THEMES[name])
        self.draw = Renderer(self.control, self.look)
        self.keep(_("Suit colours: {name}.").format(name=name), theme=name)
        self.refresh_table()

    def keep(self, note: str, **setting: object) -> None:
        """Say what a key changed, and keep it for the next games (or say why it could not be kept)."""
        problem = self.kept.change(**setting) if self.kept is not None else None
        self.note = problem or note

    def page(self, title: str, body: RenderableType) -> None:
        self.push_screen(MessageScreen(title, body, _("Enter or Esc to close"), self.look.ascii), lambda _: self.advance())

    def action_help(self) -> None:
        """Every key of the table; watching, not those of a player's moves (undo, hint, forced cards)."""
        players_keys = ("u", "h", "f") if self.human is None else ()
        self.page(_("Keys"), keys_page(self.look, [(key, what) for key, what in keys() if key not in players_keys]))

    def action_sheet(self) -> None:
        self.page(_("Score sheet"), sheet_page(self.draw))

    def action_auction(self) -> None:
        self.page(_("Auction"), auction_page(self.draw, self.seen))

    def action_history(self) -> None:
        """This deal call by call and trick by trick, and every earlier deal with its points and tricks."""
        view = None if self.result_shown else self.seen
        self.page(_("History"), history(self.draw, view, self.control.deal_number, self.control.history()))

    def action_rules(self) -> None:
        self.page(self.look.words(_("Rules: {title}").format(title=variant_title(self.control.rules.variant))), rules_page(self.control.rules, self.look))

    def action_stats(self) -> None:
        self.page(_("Statistics"), stats_page(self.stats_path, self.look))

    def action_level(self) -> None:
        open_level_menu(self)

    def action_quit_game(self) -> None:
        quit_game(self)

    def use(self, session: Session, slot: SaveSlot | None) -> None:
        """Play ``session`` saved in ``slot``: the one the table opens with, or instead of it a resumed game or a new
        one in another slot."""
        self.session = session
        self.control = Controller(session, slot, self.record_path, self.stats_path, self.autoplay, said=self.unsaved,
                                  now=lambda: self.now(), speed=self.speed, open_hands=self.open_hands)
        self.look = self.look.for_variant(self.control.rules.variant)
        self.draw = Renderer(self.control, self.look)
        self.seen, self.result_shown, self.held = self.control.table(), False, None
        self.turn = None

    # ------------------------------------------------------------------ saving

    def unsaved(self, problem: str) -> None:
        """A save that failed: said on the status line; the game goes on unsaved."""
        self.note = problem
