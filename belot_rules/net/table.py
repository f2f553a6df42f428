"""One hosted table: its match, who sits where, the seat tokens and whose move is awaited.

Nothing here touches the network: :class:`Table` takes joins, typed moves and talk, and gives back the
messages for each receiver (a seat, or :data:`WATCHERS`), so the server, the tests and the property
over whole matches drive the same object. The match is played by the game controller; :class:`~.flow.Flow`
adapts it to several people (the controller knows one), and a seat whose player is away longer than
the host's wait is played by the stand-in bot until its player comes back. Its undo requests are in
:mod:`.takeback`, its pages (rules, sheet, history, result boxes) in :mod:`.pages`.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from ..booklet.messages import listing
from ..cli.game.controller import (
    CLOCK,
    PREDICTING,
    AllPassed,
    DealScored,
    DealStarted,
    Event,
    HumanTurn,
    MatchEnded,
    Moved,
    loses_on_time,
    out_of_time,
    time_up_words,
)
from ..cli.game.look import Look
from ..cli.game.prompt import Refusal, parse_call, parse_card_choice, parse_option, parse_prediction, point_bids
from ..cli.game.render import Renderer
from ..cli.game.seating import COMPASS, HUMAN, bot_choice, seat_word
from ..cli.game.session import Session
from ..cli.game.wording import announce_question, question, reached
from ..engine.actions import Action, find_action
from ..engine.deal import BIDDING, DealState
from ..engine.phases import MENU_PHASES
from ..i18n import current, gettext as _, speaking
from .flow import Flow, Thought
from .pages import boxed, sheet
from .protocol import MAX_NAME, MAX_TALK
from .seats import MAX_WATCHERS, PERSON, WATCHERS, Out, Refused, Seat
from .takeback import NEVER
from .wire import (
    NamedSeating,
    action_json,
    clean_line,
    move_words,
    public_view,
    seat_label,
    seen_json,
    trick_words,
    view_json,
)


@dataclass
class Table:
    """A hosted match and its seats; see the module's docstring."""

    session: Session
    seats: list[Seat]
    code: str
    hints: bool = False
    undo_rule: str = NEVER  # the host's rule for taking a move back: one of UNDO_RULES
    wait: float = 120.0
    slot: Any = None  # where the match is saved after every move (an object with write(session))
    started: bool = False
    told: bool = False  # the deal being played was told (its start, or a move of it after a resume)
    ended: bool = False
    watchers: int = 0
    turn: HumanTurn | None = None  # the person's move being awaited
    belote: list[Action] = field(default_factory=list)  # a card chosen that may announce a belote: both ways
    note: Callable[[str], None] = lambda line: None  # how the host is told who comes and goes
    audience: set[int] | None = None  # the receivers connected now (None: all), the only ones messages are made for
    now: Callable[[], float] = time.monotonic  # the move clock's time
    apart: bool = False  # the server thinks out the bots' moves off its loop: step never makes one itself
    full: set[int] = field(default_factory=set)  # receivers that draw the local table: sent what it is drawn from
    langs: dict[int, str] = field(default_factory=dict)  # receivers' languages, as they joined (else the host's)
    spoken: str = field(default_factory=current)  # the host's language: its notes, and a receiver's that said none
    asked: tuple[int, int, int, int, frozenset[int]] | None = None  # an undo asked for: position, seat, who agreed
    rules_text: str = field(default="", init=False, repr=False)  # the rules as :func:`~.pages.rules` words them

    def __post_init__(self) -> None:
        self.look = Look().for_variant(self.session.ruleset.variant)
        self.flow = Flow(self.session, self.slot, autoplay=False, speed="instant", said=self.note, now=self.now,
                         people={s.number for s in self.seats if s.person})
        self.draw = Renderer(self.flow, self.look)
        self.shown: DealState | None = self.session.deal  # the deal the last event was about

    @classmethod
    def new(cls, session: Session, players: tuple[str, ...], code: str, **options: Any) -> Table:
        """A table whose seats are ``players`` (PERSON, or the bot a seat is played by)."""
        count = len(players)
        seats = [Seat(s, p, f"{COMPASS[count][s]}" + ("" if p == PERSON else f" ({p})")) for s, p in enumerate(players)]
        return cls(session, seats, code, **options)

    # ------------------------------------------------------------------ who sits where

    @property
    def over(self) -> bool:
        return self.session.over

    def name_of(self, seat: int) -> str:
        """A seat's name in the current language: its player's, or its compass point (and its bot's name)."""
        chair = self.seats[seat]
        if chair.person and chair.token is not None:
            return chair.name
        compass = seat_word(COMPASS[len(self.seats)][seat])
        return compass if chair.person else f"{compass} ({chair.player})"

    def seats_json(self) -> list[dict[str, Any]]:
        side_of = self.session.ruleset.seating.side_of
        return [{"seat": s.number, "name": self.name_of(s.number), "side": side_of[s.number],
                 "player": (f"{PERSON}, {self.session.seating.players[s.number]} standing in"
                            if s.person and s.number not in self.flow.people else s.player),
                 "present": s.present or not s.person} for s in self.seats]

    def join(self, name: str, token: str | None, watch: bool, now: float,
             language: str | None = None) -> tuple[int | None, str | None, list[Out]]:
        """Seat a newcomer: its seat (None: watching), its token, and what the table is told (each receiver in
        its ``language``, the one it joined with; else the host's)."""
        if watch:
            if self.watchers >= MAX_WATCHERS:
                raise Refused(_("this table has {count} watchers already").format(count=MAX_WATCHERS))
            self.watchers += 1
            return None, None, []
        seat = self._seat_for(token)
        came_back = seat.token is not None
        if not came_back:
            seat.token = secrets.token_urlsafe(18)
            seat.name = self._unique(clean_line(name, MAX_NAME) or COMPASS[len(self.seats)][seat.number], seat.number)
        seat.present, seat.away_since = True, None
        if language is not None:
            self.langs[seat.number] = language
        if self.audience is not None:  # the newcomer reads what the table is told of its coming
            self.audience.add(seat.number)
        self.flow.people.add(seat.number)
        if not came_back:
            self.flow.save()  # the seat's token, so that a resumed table knows its player
        compass = COMPASS[len(self.seats)][seat.number]
        outs = self._seats(lambda: _("{name} is back at seat {number}").format(name=seat.name, number=seat.number + 1)
                           if came_back else _("{name} sits at seat {number} ({compass})").format(
                               name=seat.name, number=seat.number + 1, compass=seat_word(compass)))
        if not self.started and all(s.token is not None for s in self.seats if s.person):
            self.started = True
            outs += self._seats(lambda: _("Every seat is taken: the match begins."))
        return seat.number, seat.token, outs

    def watchers_in(self, language: str | None) -> int:
        """The receiver of the watchers who read ``language`` (None: the host's): the watchers of a language
        share their messages, made once for them all; :data:`WATCHERS` are the host's."""
        language = language or self.spoken
        groups = self.watcher_groups()
        for receiver in groups:
            if self.langs.setdefault(receiver, self.spoken) == language:
                return receiver
        self.langs[groups[-1] - 1] = language
        return groups[-1] - 1

    def watcher_groups(self) -> list[int]:
        """The receivers of the watchers, one a language: :data:`WATCHERS`, then -2, -3 ..."""
        return sorted({WATCHERS, *(r for r in self.langs if r < 0)}, reverse=True)

    def _seat_for(self, token: str | None) -> Seat:
        if token:
            for seat in self.seats:
                if seat.token is not None and hmac.compare_digest(seat.token, token):
                    return seat
            raise Refused(_("that seat token holds no seat at this table: join without a token to take a free "
                            "seat, or watch with --watch"))
        free = [s for s in self.seats if s.person and s.token is None]
        if not free:
            raise Refused(_("every player's seat at this table is taken: watch with --watch, or come back to your "
                            "own seat with its --token"))
        return free[0]

    def _unique(self, name: str, seat: int) -> str:
        taken = {s.name for s in self.seats if s.number != seat}
        return name if name not in taken else f"{name} {seat + 1}"

    def leave(self, seat: int | None, now: float) -> list[Out]:
        """A connection closed: a watcher gone, or a player away (its seat waits for it)."""
        if seat is None:
            self.watchers = max(0, self.watchers - 1)
            return []
        chair = self.seats[seat]
        chair.present, chair.away_since = False, now
        return self._seats(lambda: _("{name} left seat {number}; the seat waits {seconds} s for them").format(
            name=chair.name, number=seat + 1, seconds=f"{self.wait:g}"))

    def deadline(self) -> float | None:
        """When the awaited move's clock or its away player's wait runs out (None: nothing to time)."""
        if self.turn is None:
            return None
        chair, clock = self.seats[self.turn.seat], self.flow.clock
        times = [chair.away_since + self.wait] if chair.away_since is not None else []
        return min(times + ([clock.deadline] if clock is not None else []), default=None)

    def _seats(self, note: Callable[[], str]) -> list[Out]:
        """Who sits where, with ``note`` (worded for the host, and for each receiver in its language)."""
        with speaking(self.spoken):
            self.note(note())
        return self.to_all(lambda r: {"type": "seats", "seats": self.seats_json(), "note": note()})

    # ------------------------------------------------------------------ the match

    def thought(self) -> Thought | None:
        """The bot's decision the next event waits for (None: the next event is none of a bot's)."""
        if not self.started or self.ended or self.turn is not None:
            return None
        bot = self.flow.bot_next()
        if bot is None:
            return None
        # the match is not changed while the bot thinks: no person is asked, and the server holds back an undo
        return self._thought(bot, partial(self.session.bot_action, bot))

    def _thought(self, bot: str, decide: Callable[[], Action]) -> Thought:
        session = self.session
        deal = session.deal
        assert deal is not None, "a bot is asked only while a deal is played"
        return Thought(session.deal_number, len(deal.history), len(session.undone), deal.to_act, bot, decide)

    def step(self, now: float, decided: tuple[Thought, Action] | None = None) -> tuple[Event | None, list[Out]]:
        """The next event and what each receiver is told of it; (None, []) while the table waits for players,
        for a person's move, or (when :attr:`apart`) for a bot's move ``decided`` for the position it is in."""
        if not self.started or self.ended:
            return None, []
        if self.turn is not None:
            if self.flow.clock is not None and self.flow.clock.remaining() <= 0:
                return self._time_up(now)
            chair = self.seats[self.turn.seat]
            if chair.away_since is None or now < chair.away_since + self.wait:
                return None, []
            self.flow.people.discard(chair.number)  # the wait ran out: the stand-in moves
            self.turn, self.belote = None, []
            bot = self.session.seating.players[chair.number]
            outs = self._seats(lambda: _("{name} did not come back in time: {bot} plays seat {number} until they "
                                         "do").format(name=chair.name, bot=bot, number=chair.number + 1))
            event, more = self.step(now)
            return event, outs + more
        before = self.session.match.current
        thought = self.thought()
        if thought is not None and decided is not None and decided[0] == thought:
            event = self.flow.bot_moves(decided[1])
        elif thought is not None and self.apart:
            return None, []
        else:
            event = self.flow.next()
        if isinstance(event, DealStarted):
            self.shown, self.told = self.session.deal, True
            return event, self.seen(self.to_all(lambda r: {"type": "deal", "number": event.number,
                                                               "dealer": event.dealer, "view": self.view(r)}))
        if isinstance(event, Moved):
            self.shown = before
            return event, self.seen(self._moved(event))
        if isinstance(event, HumanTurn):
            self.turn = event
            return event, self.seen([self._turn_message(event)])
        if isinstance(event, (DealScored, AllPassed)):
            self.flow.result_read()
            return event, self.to_all(lambda r: self._result(r, event) | boxed(self, r, event))
        assert isinstance(event, MatchEnded)
        self.ended = True
        board = " · ".join(str(points) for points in event.board)
        winner = event.winner
        return event, self.to_all(lambda r: {"type": "end", "winner": winner, "board": list(event.board),
                                              "said": f"{self._ended(winner)} · {board}{reached(event, self.draw)}",
                                              "sheet": sheet(self, None if r < 0 else r)}
                              | boxed(self, r, event))

    def _time_up(self, now: float) -> tuple[Event | None, list[Out]]:
        """The awaited player ran out of time: the variant's rule (table.move_clock.on_timeout) moves for them,
        or their side loses the match; everybody is told."""
        turn, session = self.turn, self.session
        assert turn is not None
        name = self.seats[turn.seat].name
        rule = session.ruleset.variant.table.move_clock.on_timeout

        def describe(action: Action) -> str:
            return self.draw.describe(action, view=turn.view)

        with self.player(turn.seat):
            action, _said = out_of_time(session, list(turn.legal), describe)
        self.turn, self.belote, self.flow.clock = None, [], None

        def told(receiver: int) -> str:
            if receiver == turn.seat:
                return time_up_words(rule, action, describe)
            return _("{name}'s time is up.").format(name=name) + ("" if action is not None else " " + loses_on_time())

        outs = self.to_all(lambda r: {"type": "said", "seat": None, "name": _("Table"), "text": told(r)})
        if action is None:
            self.flow.save()
            event, more = self.step(now)
            return event, outs + more
        before = session.match.current
        moved = self.flow.apply(action, CLOCK)
        self.shown = before
        return moved, outs + self.seen(self._moved(moved))

    @contextmanager
    def player(self, seat: int) -> Iterator[None]:
        """The rules' one home speaks of "the player" (the move clock's rule, undo): for now, ``seat``."""
        seating = self.session.seating
        self.session.seating = replace(seating, players=tuple(HUMAN if s == seat else p
                                                              for s, p in enumerate(seating.players)))
        try:
            yield
        finally:
            self.session.seating = seating

    def _ended(self, winner: int | None) -> str:
        """Who won the match, the side's players by name (in the receiver's language)."""
        if winner is None:
            return _("The match is drawn")
        return _("{names} won the match").format(names=self._side_names(winner))

    def choose(self, seat: int | None, text: str) -> list[Out]:
        """A person's typed move; :class:`Refused` with the line game's reason when it is not one."""
        turn = self.turn
        if seat is None:
            raise Refused(_("watchers do not move"))
        if turn is None or turn.seat != seat:
            who = self.seats[turn.seat].name if turn is not None else None
            raise Refused(_("It is not your turn: {name} plays now.").format(name=who) if who
                          else _("It is not your turn."))
        try:
            if self.belote:
                actions = [parse_option(text, self.belote)]
            else:
                actions = self._parse(text, turn)
        except Refusal as refusal:
            raise Refused(str(refusal)) from None
        if len(actions) > 1:  # a card that may announce a belote: asked as the line game asks
            self.belote = sorted(actions, key=lambda a: not a.belote)
            menu = [{"key": str(i), "label": self.draw.describe(a, view=turn.view)} for i, a in enumerate(self.belote, 1)]
            return [(seat, {"type": "turn", "seat": seat, "phase": turn.phase, "prompt": announce_question(),
                            "view": self.view(seat), "menu": menu, "cards": [], "bids": "", "hint": False})]
        return self._made(actions[0])

    def act(self, seat: int | None, text: str) -> list[Out]:
        """A full-screen seat's move, named as :func:`~.wire.action_json` sent it (the seat asked itself
        whether a card announces its belote)."""
        turn = self.turn
        if seat is None or turn is None or turn.seat != seat:
            return self.choose(seat, text)  # refused, with the reason a typed move gets
        action = find_action(text, list(turn.legal))
        if action is None:  # not one of the legal moves sent: read as typed, refused with the line game's reason
            return self.choose(seat, text)
        return self._made(action)

    def _made(self, action: Action) -> list[Out]:
        """The awaited person's move made, and what each receiver is told of it."""
        self.turn, self.belote = None, []
        before = self.session.match.current
        moved = self.flow.choose(action)
        self.shown = before
        return self.seen(self._moved(moved))

    def _parse(self, text: str, turn: HumanTurn) -> list[Action]:
        """What a line names, read as the line game reads it at this turn."""
        if turn.phase == BIDDING:
            return [parse_call(text, turn.legal, turn.menu, self.look, self.flow.refusal)]
        if turn.phase in MENU_PHASES:
            return [parse_option(text, turn.menu)]
        if turn.phase == PREDICTING:  # bidding.predictions: a number typed
            return [parse_prediction(text, turn.legal)]
        return parse_card_choice(text, turn, turn.menu, self.look, self.flow.rules)

    def say(self, seat: int | None, text: str) -> list[Out]:
        """A line of table talk, cleaned and bounded, for everybody."""
        if seat is None:
            raise Refused(_("watchers read the table talk; only the players write"))
        line = clean_line(text, MAX_TALK)
        if not line:
            raise Refused(_("nothing to say: table talk takes a line of text"))
        return self.to_all(lambda r: {"type": "said", "seat": seat, "name": self.seats[seat].name, "text": line})

    def hint(self, seat: int | None) -> list[Out]:
        """What the adviser bot would do, thought out here (the server thinks it out off its loop)."""
        thought = self.hint_thought(seat)
        return self.advised(seat, thought, thought())

    def hint_thought(self, seat: int | None) -> Thought:
        """The adviser's decision for the asker, when the host allows hints and the move is the asker's."""
        if not self.hints:
            raise Refused(_("the host does not allow hints at this table (belot host --hints allows them)"))
        if self.turn is None or self.turn.seat != seat or self.belote:
            raise Refused(_("Nothing to decide yet: a hint comes with your next move."))
        session = self.session
        assert session.deal is not None, "a person is asked only while a deal is played"
        deal, seed, adviser = session.deal.clone(), session.decision_seed(), session.adviser
        # thought out on a copy of the deal: the player may move meanwhile
        return self._thought(adviser, partial(bot_choice, adviser, session.ruleset, deal, seed))

    def advised(self, seat: int | None, thought: Thought, action: Action) -> list[Out]:
        """The hint for the asker; nothing when the move it was for is made already."""
        if self.turn is None or self.turn.seat != seat or self._thought(thought.bot, thought.decide) != thought:
            return []
        describe = self.draw.describe(action, view=self.turn.view)
        return [(thought.seat, {"type": "hint", "text": _("Hint: the {adviser} bot would {move}.").format(
            adviser=thought.bot, move=describe)})]

    def again(self, receiver: int) -> list[Out]:
        """What a player or watcher who (re)joins needs: the deal so far, and its move if it is awaited."""
        if self.shown is None or not self.told:
            return []
        outs: list[Out] = [(receiver, {"type": "deal", "number": self._number(), "dealer": self.shown.dealer,
                                       "view": self.view(receiver)})]
        if self.turn is not None and self.turn.seat == receiver:
            self.belote = []  # a belote question is asked again with the card
            outs.append(self._turn_message(self.turn))
        return self.seen(outs)

    def seen(self, outs: list[Out]) -> list[Out]:
        """``outs`` with what a full-screen seat draws the local table from, for each receiver that asked for it
        (:attr:`full`): its whole view as the local table shows it (:func:`~.wire.seen_json`), the match's
        score, and at its turn every legal move (:func:`~.wire.action_json`)."""
        for receiver, message in outs:
            if receiver not in self.full or "view" not in message or self.shown is None:
                continue
            turn = self.turn if message["type"] == "turn" else None
            with self.chair(receiver):
                view = turn.view if turn is not None else self.flow.seen(self.shown)
                message["seen"] = seen_json(view, None if receiver < 0 else receiver)
            message["match"] = self.standing()
            if turn is not None:
                message["legal"] = [action_json(a) for a in turn.legal]
                message["numbered"] = [turn.legal.index(a) for a in turn.menu]
                message["order"] = list(turn.cards)
                message["belotes"] = list(turn.belotes)
                message["aside"] = turn.to_lay_aside
        return outs

    def standing(self) -> dict[str, Any]:
        """Where the match stands, as the header and the sheet of a full-screen seat show it."""
        session = self.session
        return {"number": self._number(), "finished": len(session.rows), "board": list(session.board),
                "reserve": session.reserve, "over": session.over}

    @contextmanager
    def chair(self, receiver: int) -> Iterator[None]:
        """Views and words from ``receiver``'s chair as its full-screen table names the seats: You, and the
        others by their names (:class:`~.wire.NamedSeating`); a watcher's, every seat by its name."""
        seating = self.session.seating
        seat = None if receiver < 0 else receiver
        self.session.seating = NamedSeating(tuple(HUMAN if s == seat else p for s, p in enumerate(seating.players)),
                                            seating.side_of, seating.clockwise,
                                            tuple(seat_label(s.number, s.name, not s.person, len(self.seats))
                                                  for s in self.seats))
        self.flow.viewer = (seat,)
        try:
            yield
        finally:
            self.session.seating, self.flow.viewer = seating, None

    # ------------------------------------------------------------------ the messages

    def view(self, receiver: int) -> dict[str, Any]:
        """The receiver's view of the deal the table last spoke of (a watcher's: the table's alone)."""
        assert self.shown is not None
        if receiver < 0:
            return view_json(public_view(self.shown.view(0)), None)
        return view_json(self.shown.view(receiver), receiver)

    def to_all(self, message: Callable[[int], dict[str, Any]]) -> list[Out]:
        """``message`` made for each receiver connected, in its language."""
        outs = []
        for receiver in (*range(len(self.seats)), *self.watcher_groups()):
            if self.audience is None or receiver in self.audience:
                with self.speaking(receiver):
                    outs.append((receiver, message(receiver)))
        return outs

    def speaking(self, receiver: int) -> AbstractContextManager[None]:
        """The sentences made meanwhile in ``receiver``'s language (the one it joined with), else the host's."""
        return speaking(self.langs.get(receiver, self.spoken))

    def _number(self) -> int:
        return self.session.deal_number if self.shown is self.session.deal else len(self.session.rows)

    def _moved(self, moved: Moved) -> list[Out]:
        assert self.shown is not None
        table = public_view(self.shown.view(0))

        def message(receiver: int) -> dict[str, Any]:
            names = [self.name_of(seat) for seat in range(len(self.seats))]
            trick = None if moved.completed is None else trick_words(table, moved.completed, names, self.look)
            seat_or_none = None if receiver < 0 else receiver
            view = self.view(receiver)
            said = move_words(self.look, names[moved.seat], moved.action, seat_or_none, moved.seat, moved.belote)
            sent = {"type": "moved", "seat": moved.seat, "kind": moved.action.kind, "said": said, "view": view,
                    "completed": moved.completed}
            if trick is not None:
                sent["trick"] = trick
            return sent

        return self.to_all(message)

    def _turn_message(self, turn: HumanTurn) -> Out:
        with self.speaking(turn.seat):
            return self._turn_words(turn)

    def _turn_words(self, turn: HumanTurn) -> Out:
        bids = point_bids(turn.legal) if turn.phase == BIDDING else ""
        menu = [{"key": key or "-", "label": self.draw.describe(a, short=True, view=turn.view)} for key, a in turn.keys()]
        cards = [self.look.card_name(c) for c in turn.cards]
        return turn.seat, {"type": "turn", "seat": turn.seat, "phase": turn.phase, "prompt": question(turn),
                           "left": turn.left,
                           "view": view_json(turn.view, turn.seat), "menu": menu, "cards": cards, "bids": bids,
                           "hint": self.hints}

    def _result(self, receiver: int, event: DealScored | AllPassed) -> dict[str, Any]:
        """A deal's score as ``receiver``'s full-screen box words it (your team and theirs; for a watcher, the
        compass pairs), in lines of text."""
        row = event.row
        with self.chair(receiver):
            title = self.draw.deal_title(row).plain
            lines = [line.plain for line in self.draw.deal_lines(row)]
        return {"type": "result", "number": row.number, "title": title, "lines": lines,
                "board": list(row.board), "over": event.over}

    def _side_names(self, side: int) -> str:
        """The players of a side (a team, or one player without partners), by name."""
        return listing([self.name_of(s) for s in range(len(self.seats)) if self.session.ruleset.seating.side_of[s] == side])
