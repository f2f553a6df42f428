"""The game: bots and the player take turns until the match is decided.

:class:`Game` reads the player's lines from an :class:`~.clock.InputSource` and draws
on a rich console, so a test scripts a whole match and reads back what was shown. On a
terminal (``live``) the table is redrawn after every move, at the chosen speed; other
outputs get a transcript, one line per call and trick, with the table drawn whenever
the player has a decision to make.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.text import Text

from ...cards import SUIT_OF
from ...engine.actions import (
    ALONE,
    ASK_ACTION,
    CALL,
    DECLARE,
    DISCARD,
    EXCHANGE,
    KEEP,
    NO_TRUMPS_ACTION,
    PAIR_ACTION,
    PREDICT,
    SEVENTH_ACTION,
    Action,
)
from ...engine.deal import SeatView
from ...i18n import gettext as _
from ...players.levels import LEVELS, level_menu_line, level_question
from ...rules.bidding.options import Predictions
from ...variant.model import SUIT_CONTRACTS
from ..booklet import rules_page
from .clock import InputSource, MoveClock, MoveTimeout, Now, discard_pending
from .controller import (
    BIDDING,
    DEAL_PAUSE,
    DISCARDING,
    FORCED,
    MENU_PHASES,
    OVER,
    PREDICTING,
    TRICK_PAUSE,
    AllPassed,
    Controller,
    DealScored,
    DealStarted,
    HumanTurn,
    MatchEnded,
    Moved,
    forced_words,
)
from .explain import going_on
from .help import help_panel
from .look import Look, variant_title
from .prompt import (
    Refusal,
    command,
    parse_call,
    parse_card_choice,
    parse_option,
    parse_prediction,
    point_bids,
)
from .render import Renderer, call_menu_text, calls_of
from .saves import SaveSlot
from .session import NoUndo, Session
from .settings import Kept
from .stats import stats_path
from .wording import announce_question, does, exchange_choice, no_hint_yet, prediction_prompt, question

LONG_OUTPUT = ("help", "sheet")  # on a terminal, the table is drawn again once the player has read them


class Stop(Exception):
    """Leave the game at once with an exit status (the player typed q)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


@dataclass
class Game:
    """One match at the table: the loop, the player's decisions, saving and what is shown."""

    session: Session
    console: Console
    source: InputSource
    look: Look = field(default_factory=Look)
    speed: str = "normal"
    live: bool = False
    slot: SaveSlot | None = None  # where the game is saved after every move; None: unsaved
    record_path: Path | None = None
    now: Now = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    open_hands: bool = False  # watching: every hand shown
    autoplay: bool = False  # a card that is the only legal one is played for the player
    kept: Kept | None = None  # the settings file, which f changes
    stats_path: Path | None = None  # the statistics file; None: the usual one

    def __post_init__(self) -> None:
        self.control = Controller(self.session, self.slot, self.record_path, self.stats_path or stats_path(),
                                  self.autoplay, said=lambda problem: self.show(problem, style="bold red"),
                                  now=self.now, speed=self.speed, open_hands=self.open_hands)
        self.look = self.look.for_variant(self.control.rules.variant)
        self.draw = Renderer(self.control, self.look)
        self.seen: SeatView | None = self.control.table()  # the deal as last shown: the one in play, or just ended
        self.ended: SeatView | None = None  # the last deal finished, as it ended

    @property
    def human(self) -> int | None:
        return self.control.names.human

    # ------------------------------------------------------------------ the match

    def run(self) -> int:
        """Play to the end of the match; the exit status (0, or 130 for an interrupt)."""
        hold = getattr(self.source, "hold", None)
        if hold is not None and self.live:
            hold()  # typing while the bots move is not echoed into the table
        try:
            self.intro()
            while not self.step():
                pass
            return 0
        except Stop as stop:
            return stop.status
        except KeyboardInterrupt:
            return self.interrupted()
        except EOFError:
            return self.input_ended()
        finally:
            close = getattr(self.source, "close", None)
            if close is not None:
                close()  # the terminal echoes typing again

    def intro(self) -> None:
        control = self.control
        variant = control.rules.variant
        self.show(Text.assemble((variant_title(variant), "bold"), f" {self.look.dot} ", self.draw.match_length(),
                                f" {self.look.dot} " + _("seed {seed}").format(seed=control.seed)))
        seating = control.names

        table = control.rules.seating

        def pair(side: int) -> str:
            return _(" and ").join(f"{seating.name(s)} ({seating.players[s]})" for s in table.side_seats(side)
                                   if s != self.human)

        first = seating.reference
        sides = list(dict.fromkeys(table.side_of[table.order[first + k]] for k in table.seats))  # yours first
        if self.human is None:
            self.show(_("Watching {sides}.").format(sides=_(" against ").join(pair(side) for side in sides)))
        elif table.partners:
            self.show(_("You play with {partner} against {opponents}. Type ? at any prompt for help.").format(
                partner=pair(sides[0]), opponents=pair(sides[1])))
        else:
            self.show(_("You play against {opponents}. Type ? at any prompt for help.").format(
                opponents=_(" and ").join(pair(side) for side in sides[1:])))
        if control.over:
            self.show(_("This match is over; belot play starts a new one."), style="bold")
        elif control.begun:
            self.show(_("Resuming deal {number}.").format(number=control.deal_number), style="bold")
        if self.live and self.human is not None:
            self.read(_("Enter to start"))  # the table is about to be drawn over this
        elif self.live:
            self.pause(DEAL_PAUSE)

    def step(self) -> bool:
        """Show what happens next, and at the player's turn ask for their choice; whether the match ended."""
        event = self.control.next()
        if isinstance(event, DealStarted):
            self.new_deal(event)
        elif isinstance(event, HumanTurn):
            action = self.decide(event)
            if action is not None:
                self.after(self.control.choose(action))
        elif isinstance(event, Moved):
            if event.by == FORCED:
                self.show(forced_words(self.look, event.action))
            else:
                self.pause(1)
            self.after(event)
        elif isinstance(event, (DealScored, AllPassed)):
            self.deal_over(event)
        elif isinstance(event, MatchEnded):
            self.finish(event)
            return True
        return False

    def new_deal(self, started: DealStarted) -> None:
        """The deal begins: on a terminal the new hand is drawn before the bots speak."""
        view = self.seen = started.view
        if self.live and view.to_act != self.human:
            self.redraw(self.draw.frame(view, started.number, open_hands=self.open_hands))
        elif not self.live:
            self.show(Text(_("Deal {number}:").format(number=started.number) + " "
                           + does(self.control.names.name(started.dealer), "deal"),
                           style="bold"))
            if self.open_hands:
                for line in self.draw.open_hands(view):
                    self.show(line)

    def after(self, moved: Moved) -> None:
        """Show what a move did: a transcript line, or the table redrawn."""
        seat, action, completed = moved.seat, moved.action, moved.completed
        view = moved.seen
        assert view is not None  # the controller tells every move with what the table sees
        self.seen = view
        name = self.control.names.name(seat)
        if self.live:
            number = self.control.finished if view.phase == OVER else self.control.deal_number
            self.redraw(self.draw.frame(view, number, completed, open_hands=self.open_hands))
        elif action.kind == CALL:
            forced = self.control.rules.bidding.forced_at == len(view.calls) - 1
            self.show(f"{name}: {self.look.calls(calls_of(view))[-1][1]}" + (" " + _("(a forced call)") if forced else ""))
        elif action.kind == DECLARE and action.declarations:
            self.show(f"{name}: " + ", ".join(self.draw.declaration(view, d) for d in action.declarations))
        elif action.kind == EXCHANGE and (exchanged := self.draw.exchange(view)) is not None:
            self.show(exchanged)
        elif action.kind == KEEP and seat == self.human:  # only the holder knows the seven was kept
            self.show(_("You {choice}.").format(choice=exchange_choice(self.look, view, action)))
        elif action.kind == DISCARD and view.phase != DISCARDING:  # the others see how many, the taker which
            self.show(self.draw.discards(view))
        elif action.kind == PREDICT:  # a hidden prediction is only said to have been written down
            shown = view.predictions[seat] if view.predictions else -1
            you = seat == self.human
            self.show((_("You predict {points}") if you else _("{name} predicts {points}")).format(
                name=name, points=shown) if shown >= 0 else _("{name} writes down a prediction").format(name=name))
        elif action.kind == ALONE and action.points:  # play.single_hand
            self.show(_("{name} plays this deal alone, without trumps; the partner sits it out").format(name=name))
        elif completed is not None:
            self.show(self.draw.trick(view, completed, _("Trick {number}").format(number=completed + 1)))
        if moved.belote and not self.live:
            self.show(_("{name}: belote in {contract}").format(name=name,
                                                               contract=self.look.contract(SUIT_CONTRACTS[SUIT_OF[action.card]])))
        if completed is not None:
            self.pause(TRICK_PAUSE)

    def deal_over(self, result: DealScored | AllPassed) -> None:
        """The deal's score and its auction; on a terminal drawn under the header alone, so both fit 80x24."""
        row, view = result.row, result.view
        self.seen = self.ended = view
        summary = [self.draw.deal_score(row)]
        if view.calls and (row.score is not None or row.void != "everybody passed"):
            summary.append(self.draw.auction(view))
            if view.discarded:  # counted with the taker's cards, so shown to all once the deal is over
                summary.append(self.draw.discards(view))
        if row.goes_on:  # the match goes on with a side at its target: why
            summary.append(Text(going_on(row.goes_on, row.bar), style="bold"))
        if self.live:
            self.redraw(Group(self.draw.header(view, row.number), *summary))
        else:
            for part in summary:
                self.show(part)
        if result.over:
            return
        if self.human is not None and (row.score is not None or self.live):
            self.ask_enter()
        else:
            self.pause(DEAL_PAUSE)

    def finish(self, ended: MatchEnded) -> None:
        """The winner and the whole sheet, and the player's statistics when the match was counted now."""
        if self.control.finished:
            self.show(self.draw.sheet())
        self.show(self.draw.match_result(ended))
        if ended.note:
            self.show(ended.note)
        if ended.totals:
            self.show(self.draw.games_played(ended.totals))
        if self.live:
            try:
                self.read(_("Enter to leave"))
            except EOFError:
                pass
    # ------------------------------------------------------------------ the player's decisions

    def decide(self, turn: HumanTurn) -> Action | None:
        """Ask the player until a valid choice comes; None when the move clock's rule moved or lost the match,
        or the player took a move back."""
        clock = self.control.clock
        cards = list(turn.cards)
        self.seen = turn.view
        self.present(turn)
        discard_pending(self.source)  # keys typed while the bots played were not meant for this question
        belote: list[Action] = []  # once a card that opens a belote is chosen: with and without announcing it
        while True:
            try:
                line = self.read(announce_question() if belote else question(turn), clock)
                asked = command(line)
                if asked == "undo":
                    if self.ask_undo():
                        return None
                    continue
                if asked is not None:
                    self.run_command(asked, deciding=True)
                    if asked in LONG_OUTPUT and self.live:
                        self.read(_("Enter to return to the table"), clock)
                        self.present(turn)
                    continue
                if belote:
                    return parse_option(line, belote)
                actions = self.choose(line, turn)
            except MoveTimeout:
                self.timeout()
                return None
            except Refusal as refusal:
                self.show(str(refusal), style="bold red")
                if cards and not belote:
                    may = _("You may lay aside:") if turn.phase == DISCARDING else _("You may play:")
                    self.show(Text(may + " ").append_text(Text(", ").join(self.look.card(c) for c in cards)))
                continue
            if len(actions) == 1:
                return actions[0]
            belote = sorted(actions, key=lambda a: not a.belote)
            self.options(belote)

    def present(self, turn: HumanTurn) -> None:
        """The table and what the player may choose."""
        with self.console:  # on a terminal the screen is cleared and drawn again in one write: no flicker
            if self.live:
                self.console.clear()
            self.console.print(self.draw.frame(turn.view, self.control.deal_number, legal=turn.cards))
            if turn.phase == BIDDING:
                self.console.print(call_menu_text(turn.menu, point_bids(turn.legal, self.look), self.look, turn.view.level))
            elif turn.phase in MENU_PHASES:
                self.options(list(turn.menu))
            elif turn.phase == PREDICTING:
                hidden = self.control.rules.variant.bidding.predictions == Predictions.hidden
                self.console.print(Text(prediction_prompt(hidden, len(turn.legal) - 1), style="bold"))
            else:  # asking for a concealed trump, showing the pair, the seventh card, no trumps: after the cards
                for number, action in enumerate(turn.menu, 1):
                    if action in (ASK_ACTION, PAIR_ACTION, SEVENTH_ACTION, NO_TRUMPS_ACTION):
                        self.console.print(Text.assemble((f"{number}:", "bold"), " " + (
                            _("ask for the trump") if action == ASK_ACTION else _("show the pair")
                            if action == PAIR_ACTION else _("your seventh card as trump")
                            if action == SEVENTH_ACTION else _("no trumps"))))

    def options(self, menu: list[Action]) -> None:
        for i, action in enumerate(menu, 1):
            self.console.print(Text.assemble((f"{i}:", "bold"), self.describe(action)))

    def describe(self, action: Action) -> str:
        """A move of the deal as the player sees it now, in the table's words."""
        return self.draw.describe(action, view=self.seen)

    def choose(self, line: str, turn: HumanTurn) -> list[Action]:
        """The actions a line names: one, or a card played with and without announcing its belote."""
        if turn.phase == BIDDING:
            return [parse_call(line, turn.legal, turn.menu, self.look, self.control.refusal)]
        if turn.phase in MENU_PHASES:
            return [parse_option(line, turn.menu)]
        if turn.phase == PREDICTING:
            return [parse_prediction(line, turn.legal)]
        return parse_card_choice(line, turn, turn.menu, self.look, self.control.rules)

    def timeout(self) -> None:
        """The variant's rule for a player out of time: lose the match, or a move is made for them."""
        self.console.print()
        moved, message = self.control.time_up(self.describe)
        self.show(message, style="bold red")
        if moved is not None:
            self.after(moved)

    # ------------------------------------------------------------------ commands

    def run_command(self, name: str, deciding: bool = False) -> None:
        """A command typed at a prompt; ``deciding``: the player has a move to make (for ``h``)."""
        if name == "help":
            self.show(help_panel(self.look))
        elif name == "auction":
            view = self.control.table() or self.ended
            self.show(self.draw.auction(view) if view is not None else _("No call yet."))
        elif name == "forced":
            self.autoplay = self.control.switch_autoplay()
            self.show(_("A card that is the only legal one is now played for you.") if self.autoplay
                      else _("You now play every card yourself, forced or not."))
            problem = self.kept.change(autoplay=self.autoplay) if self.kept is not None else None
            if problem:
                self.show(problem)
        elif name == "last":
            view = next((v for v in (self.control.table(), self.ended) if v is not None and v.tricks), None)
            self.show(self.draw.trick(view, len(view.tricks) - 1, _("Trick {number}").format(number=len(view.tricks)))
                      if view is not None else _("No trick played yet."))
        elif name == "sheet":
            self.show(self.draw.sheet() if self.control.finished else _("No deal finished yet."))
            self.show(self.draw.board())
        elif name == "rules" and self.live:
            with self.console.pager():
                self.show_rules()
        elif name == "rules":
            self.show_rules()
        elif name == "level":
            variant = self.control.rules.variant.name
            self.show("\n".join([level_question(variant, self.control.names.level),
                                 *(f"  {level_menu_line(lv, variant)}" for lv in LEVELS),
                                 _("belot play --level NAME plays a new game at another level.")]))
        elif name == "undo":  # between deals: the controller says why nothing is taken back
            self.ask_undo()
        elif name == "hint" and not deciding:
            self.show(no_hint_yet(None))
        elif name == "hint":
            adviser, action = self.control.hint()
            self.show(f"Hint: the {adviser} bot would {self.describe(action)}.", style="bold")
        elif name == "quit":
            self.control.leave()  # saved, and the record so far written, as the table does on q
            self.saved(_("Game saved."))
            raise Stop(0)

    def ask_undo(self) -> bool:
        """Undo the player's last move of this deal (and the bots' after it); whether it was taken back
        (if not, the controller's reason is shown)."""
        try:
            taken = self.control.undo()
        except NoUndo as why:
            self.show(str(why), style="bold")
            return False
        self.seen = self.control.table()
        self.show(self.draw.took_back(taken, self.seen), style="bold")
        return True

    def saved(self, note: str) -> None:
        """``note`` and the command that continues the game (a long path is left for the terminal to wrap)."""
        resume = self.control.resume_command()
        if resume is None:  # not saved, or the save failed on the way: said when it did
            return
        self.console.print(Text(f"{note} " + _("Continue it with: {command}").format(command=resume), style="bold"),
                           soft_wrap=True)

    # ------------------------------------------------------------------ input and output

    def read(self, prompt: str, clock: MoveClock | None = None) -> str:
        return read_line(self.console, self.source, self.look, prompt, clock)

    def confirm(self, question: str, default: bool) -> bool:
        return confirm(self.console, self.source, self.look, question, default)

    def ask_enter(self) -> None:
        """Wait for the player before the next deal; commands work here too."""
        discard_pending(self.source)  # an Enter typed during the last trick does not skip the score
        while True:
            asked = command(self.read(_("Enter for the next deal")))
            if asked is None:
                return
            self.run_command(asked)

    def redraw(self, renderable: RenderableType) -> None:
        """Clear the terminal and draw ``renderable`` in a single write, so the screen never shows blank."""
        with self.console:
            self.console.clear()
            self.console.print(renderable)

    def show_rules(self) -> None:
        """The rules played, as the player's booklet (``belot rules``) words them."""
        page = rules_page(self.control.rules, min(self.console.width, 100))
        for line in page.split("\n"):
            self.show(line.plain, style="bold" if line.spans else "")

    def show(self, renderable: RenderableType | str, style: str = "") -> None:
        if isinstance(renderable, str):
            renderable = Text(self.look.words(renderable), style=style)
        self.console.print(renderable)

    def pause(self, moves: float) -> None:
        """Let a watcher follow: only on a terminal or when watching bots."""
        seconds = self.control.seconds(moves)
        if seconds and (self.live or self.human is None):
            self.sleep(seconds)

    # ------------------------------------------------------------------ saving and leaving

    def interrupted(self) -> int:
        """Ctrl-C: keep the game to finish later, or drop it; either way the exit status says the player
        interrupted the game (130, as a shell reports an interrupt)."""
        self.console.print()
        self.control.write_record()
        if self.control.slot is None or self.control.over:
            self.show(_("Stopped."))
            return 130
        try:
            keep = self.confirm(_("Keep this game to finish later?"), True)
        except KeyboardInterrupt:  # a second Ctrl-C: keeping is the default
            self.console.print()
            self.control.leave()
            self.saved(_("The game stays saved."))
            return 130
        if keep:
            self.control.leave()
            self.saved(_("Game saved."))
            return 130
        self.control.drop()
        self.show(_("The game is not kept."))
        return 130

    def input_ended(self) -> int:
        """End of input: the game is saved and can be continued."""
        self.console.print()
        self.control.leave()
        self.saved(_("Input ended. Game saved."))
        return 0


def read_line(console: Console, source: InputSource, look: Look, prompt: str, clock: MoveClock | None = None) -> str:
    """One line from the player, the prompt showing the time left when a clock runs."""
    mark = ">" if look.ascii else "›"
    if clock is None:
        console.print(Text(f"{prompt} {mark} ", style="bold"), end="")
        return source.read_line(None)

    def warn(left: float) -> None:
        console.print()
        console.print(Text(f"[{round(left)} s left] {mark} ", style="bold red"), end="")

    console.print(Text(f"[{round(clock.remaining())} s left] {prompt} {mark} ", style="bold"), end="")
    return clock.read(source, warn)


def confirm(console: Console, source: InputSource, look: Look, question: str, default: bool) -> bool:
    """A yes/no answer; Enter, or the end of the input, takes ``default``."""
    while True:
        try:
            answer = read_line(console, source, look, f"{question} [{'Y/n' if default else 'y/N'}]")
        except EOFError:
            console.print()
            return default
        answer = answer.strip().lower()
        if not answer:
            return default
        if answer in ("y", "yes", "n", "no"):
            return answer.startswith("y")
        console.print("Answer y or n.")
