"""The game's controller: whose turn it is, the bots' moves, the player's choices, forced cards, undo,
hints, the move clock's rule, saving and statistics, decided once for every view of a match.

A view (the line game, the full-screen table) asks :meth:`Controller.next` what happens next and
shows the event it gets; at a :class:`HumanTurn` it reads the player's choice and hands it to
:meth:`Controller.choose`. Nothing here draws or reads a terminal: the events say what happened,
and each view words and draws it in its own way.

What a seat may know travels as :class:`~belot_rules.engine.deal.SeatView` (``HumanTurn.view``,
``Moved.seen``, ``DealStarted.view``, the result's ``view``): the views draw from it and from the compiled
rules (``Controller.rules``), never from the engine's deal. Without a player at the table the view is a
watcher's: the cards everyone sees, and every hand only when the watcher asked for them (``open_hands``).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ...cards import CARDS, RANK_OF, SUIT_OF
from ...engine.actions import CALL, PLAY, Action
from ...engine.deal import (  # the phases re-exported (as) for the views, which import only SeatView of the deal
    BIDDING as BIDDING,
    CONCEALING as CONCEALING,
    DECLARING as DECLARING,
    DISCARDING as DISCARDING,
    EXCHANGING as EXCHANGING,
    OVER as OVER,
    PLAYING as PLAYING,
    PREDICTING as PREDICTING,
    DealState,
    SeatView,
)
from ...engine.phases import MENU_PHASES as MENU_PHASES, SINGLE_HAND as SINGLE_HAND
from ...i18n import gettext as _
from ...rules.bidding.calls import Call
from ...rules.declarations.melds import KING, QUEEN
from ...ruleset import Ruleset
from .clock import MoveClock, Now
from .hands import shown_cards
from .saves import SaveSlot, SaveUnavailable, write_record_file
from .seating import DEFAULT_BOT, HUMAN, Seating

if TYPE_CHECKING:
    from .look import Look
from .session import SCORED, NoUndo, Session, SheetRow, fresh_seed
from .stats import record_match

BOT, YOU, FORCED, CLOCK = "bot", "you", "forced", "clock"  # who made a move: see Moved.by
SPEEDS = {"slow": 1.5, "normal": 0.6, "fast": 0.25, "instant": 0.0}  # seconds between two bots' moves
TRICK_PAUSE = 2  # a finished trick stays on the table this many moves' time
DEAL_PAUSE = 4  # a deal's result, when nobody has to dismiss it, this many


@dataclass(frozen=True)
class DealStarted:
    """A deal begins (again, after the player took back its first move)."""

    number: int
    dealer: int
    view: SeatView  # the new hands as the player (or the watcher) sees them


@dataclass(frozen=True)
class Moved:
    """A move made: by a bot, by the player, for the player (a forced card), or by the move clock's rule."""

    seat: int
    action: Action
    by: str  # BOT, YOU, FORCED or CLOCK
    belote: bool  # the card announced a belote
    completed: int | None  # the trick this card completed
    seen: SeatView | None  # what the player (or, when only bots play, the watcher) sees right after the move


@dataclass(frozen=True)
class HumanTurn:
    """The player's decision: what they see, the numbered choices and what else they may ask for."""

    seat: int
    view: SeatView
    legal: tuple[Action, ...]
    menu: tuple[Action, ...]  # the numbered choices, 1 first (calls without points, options, or legal cards)
    cards: tuple[int, ...]  # when playing or laying aside: the legal cards in the order the hand shows them
    hint: bool  # a hint can be asked for
    undo: str  # "" when undo takes a move back; otherwise why it would not
    left: float | None  # the seconds left on the move clock, None without one
    to_lay_aside: int = 0  # laying cards aside: how many are still to go
    belotes: tuple[int, ...] = ()  # the cards that would open a belote the player holds (a king or queen of it)

    @property
    def phase(self) -> str:
        return self.view.phase

    @property
    def listed(self) -> tuple[Action, ...]:
        """Every call or option as a list shows them; with point bids, pass and the doublings first, so a
        long list of bids does not push a doubling out of view."""
        points = any(a.kind == CALL and call_of(a).points is not None for a in self.legal)
        return tuple(sorted(self.legal, key=lambda a: points and call_of(a).kind == "bid"))

    def keys(self) -> list[tuple[str, Action]]:
        """The menu with the key that chooses each entry (numbers up to 9, then 0 for the tenth)."""
        return [(str((i + 1) % 10) if i < 10 else "", a) for i, a in enumerate(self.menu)]


@dataclass(frozen=True)
class DealScored:
    """A deal's result: its row on the sheet, its explanation (in the rules' words) and the board after it."""

    row: SheetRow
    lines: tuple[str, ...]
    board: tuple[int, ...]
    over: bool  # it was the match's last deal
    view: SeatView  # the deal as it ended (its chien and the cards laid aside shown to all)


@dataclass(frozen=True)
class AllPassed:
    """A deal without a score: everybody passed, or a schmeiss was accepted (``why``)."""

    row: SheetRow
    why: str
    over: bool
    view: SeatView


@dataclass(frozen=True)
class MatchEnded:
    """The match is decided: the winning side (None: drawn), the board, and the player's statistics once
    counted (``totals`` None when not counted now: watched, or counted when it ended before a resume)."""

    winner: int | None
    board: tuple[int, ...]
    forfeit: int | None  # the side that lost on time
    totals: dict[str, int] | None
    note: str  # why the statistics file was moved aside, if it was
    mid_deal: bool = False  # the winner reached the target in the middle of the last deal (match.mid_deal)

    @property
    def drawn(self) -> bool:
        return self.winner is None


@dataclass(frozen=True)
class ClockTick:
    """The player's move clock runs: the seconds left."""

    seat: int
    left: float


Event = DealStarted | Moved | HumanTurn | DealScored | AllPassed | MatchEnded | ClockTick


def call_of(action: Action) -> Call:
    """The call a calling action makes (an action of another kind makes none)."""
    if action.call is None:
        raise ValueError(f"{action} is not a call")
    return action.call


def numbered(deal: DealState, legal: list[Action]) -> tuple[list[Action], list[int]]:
    """The numbered choices and, when playing or laying aside, the legal cards in the order the hand shows them."""
    if deal.phase == BIDDING:  # point bids are typed; the lowest is numbered where nothing else may be called
        menu = [a for a in legal if call_of(a).points is None]
        return menu or [a for a in legal if call_of(a).points is not None][:1], []
    if deal.phase in MENU_PHASES:
        return legal, []
    if deal.phase == PREDICTING:  # a number, typed
        return [], []
    allowed = {a.card for a in legal}
    cards = [c.index for c in shown_cards(deal.ruleset, deal.view(deal.to_act)) if c.index in allowed]
    asks = [a for a in legal if a.card < 0]  # asking for a concealed trump, showing the pair: after the cards
    return [next(a for a in legal if a.card == c) for c in cards] + asks, cards


@dataclass
class Controller:
    """One match's flow for any view: a new one for each session played."""

    session: Session
    slot: SaveSlot | None = None  # where the game is saved after every move; None: unsaved
    record_path: Path | None = None
    stats_path: Path | None = None  # the statistics file; None: the match is not counted
    autoplay: bool = False  # a card that is the only legal one is played for the player
    said: Callable[[str], None] = print  # how a view tells the player a problem (a save that failed)
    now: Now = time.monotonic  # the move clock's time (a test moves it on)
    speed: str = "normal"  # how fast the bots move: one of SPEEDS
    clock: MoveClock | None = None  # the player's move clock, from their turn's first telling to their move
    counted: bool = False  # the match is in the statistics already
    opened: int | None = None  # the deal whose start was told, while none of its moves is made
    scored: bool = False  # a deal's result was told and the next deal has not begun: nothing can be taken back
    pending: list[Event] = field(default_factory=list)  # the deal's result, told after the move that ended it
    open_hands: bool = False  # watching bots: the watcher sees every hand (ignored while a player is seated)
    undos: int = 0  # moves taken back so far: with the deal and the moves made, where the game stands
    thought: tuple[tuple[int, int, int], Action | Exception] | None = None  # a bot's decision made ahead, and where

    def __post_init__(self) -> None:
        self.counted = self.counted or self.session.over  # a finished game resumed was counted when it ended

    @property
    def human(self) -> int | None:
        return self.session.seating.human

    @property
    def rules(self) -> Ruleset:
        """The compiled rules: names and sizes the views draw with."""
        return self.session.ruleset

    # ------------------------------------------------------------------ the match as the views show it

    @property
    def names(self) -> Seating:
        """Who sits where: the seats' and sides' names, the player's seat and the bots."""
        return self.session.seating

    @property
    def seed(self) -> int:
        return self.session.seed

    def another_match(self, bot: str) -> Session:
        """A new match of this variant and target, newly seeded, with the same seats and every bot playing ``bot``
        (a level chosen in the level menu); a :class:`UserError` if the house-rules file has gone or changed."""
        session = self.session
        players = tuple(p if p == HUMAN else bot for p in session.seating.players)
        return Session.start(session.source, fresh_seed(), players, session.target)

    @property
    def shown_seed(self) -> int | None:
        """The seed a table shows (None where it would deal the hidden cards again: a seat at a hosted table)."""
        return self.seed

    @property
    def deal_number(self) -> int:
        """The number of the deal in play, from 1 (one past the last, once the match is over)."""
        return self.session.deal_number

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def begun(self) -> bool:
        """Whether a move has been made in the match (a resumed game, or one under way)."""
        return self.session.action_count > 0

    @property
    def board(self) -> tuple[int, ...]:
        """The match points of each side."""
        return self.session.board

    @property
    def reserve(self) -> int:
        """The points waiting in reserve (hanging, litige) for a later deal."""
        return self.session.reserve

    @property
    def finished(self) -> int:
        """How many deals are finished, scored or not."""
        return len(self.session.rows)

    def rows(self) -> list[SheetRow]:
        """The finished deals' rows on the score sheet (without the engine's deal)."""
        return [dataclasses.replace(row, deal=None) for row in self.session.rows]

    def seen(self, deal: DealState) -> SeatView:
        """``deal`` as this table shows it: the player's view, or a watcher's (the cards everyone sees, and every
        hand with ``open_hands``), with what a table shows besides (the auction, the tally, the declarations)."""
        human, seating = self.human, deal.ruleset.seating
        view = deal.view(human if human is not None else self.session.seating.reference)
        over = deal.phase == OVER
        auction = deal.auction
        bidding = auction if deal.contract is None else None  # the auction still open
        taker = (human is not None and human == deal.declarer) or over  # who sees the chien and the cards laid aside
        chien = deal.deck[deal.ruleset.dealing.stock_start:] if deal.ruleset.dealing.widow_size else ()
        opened = human is None and self.open_hands
        return dataclasses.replace(
            view,
            hand=view.hand if human is not None else (),
            discarded=tuple(str(CARDS[c]) for c in deal.discarded) if taker else (),
            level=deal.level if auction is None or deal.contract is not None else auction.level,
            doubling=bidding is not None and bidding.doubling,
            first_speaker=auction.first_seat if auction is not None else -1,
            second_round=bool(bidding is not None and view.turned_card and bidding.contract is None
                              and len(bidding.calls) >= seating.players and not over),
            must_call=bidding is not None and deal.ruleset.bidding.must_call(bidding),
            side_points=tuple(deal.side_points), side_tricks=tuple(deal.side_tricks),
            hand_sizes=tuple(bin(hand).count("1") for hand in deal.hands),
            declarations=tuple(d for s in sorted(deal.declared) for d in deal.declared[s]),
            chien_cards=tuple(str(CARDS[c]) for c in chien) if taker and deal.contract is not None else (),
            open_hands=tuple(deal.view(s).hand for s in seating.seats) if opened else ())

    def table(self) -> SeatView | None:
        """The deal in play as this table shows it (after an undo, or when a game is resumed); None once the match
        is over."""
        deal = self.session.deal
        return self.seen(deal) if deal is not None else None

    def history(self) -> list[tuple[SheetRow, SeatView | None]]:
        """The finished deals, each with how it ended as this table shows it (None: a deal not kept in full)."""
        return [(row, self.seen(row.deal) if row.deal is not None else None) for row in self.session.rows]

    def refusal(self, call: Call) -> str:
        """The rule that forbids ``call`` to the player now."""
        deal = self.session.deal
        return deal.ruleset.bidding.reason(deal.auction, call) if deal is not None and deal.auction else ""

    # ------------------------------------------------------------------ the flow

    def next(self) -> Event:
        """What happens next: a deal's start or result, a bot's (or a forced) move made, the player's turn,
        or the match's end. A bot's move is made here; the player's waits for :meth:`choose`."""
        if self.pending:
            event = self.pending.pop(0)
            self.scored = isinstance(event, (DealScored, AllPassed))
            return event
        self.scored = False
        session = self.session
        if session.over:
            return self.match_end()
        deal = session.playing
        if not deal.history and self.opened != session.deal_number:
            self.opened = session.deal_number
            return DealStarted(session.deal_number, deal.dealer, self.seen(deal))
        legal = deal.legal_actions()
        if deal.to_act != self.human:
            thought, self.thought = self.thought, None
            if thought is None or thought[0] != self.position():
                return self.apply(session.bot_action(session.seating.players[deal.to_act]), BOT)
            if isinstance(thought[1], Exception):
                raise thought[1]
            return self.apply(thought[1], BOT)
        if self.autoplay and deal.phase == PLAYING and len(legal) == 1:
            return self.apply(legal[0], FORCED)
        if deal.phase == BIDDING and len(legal) == 1 and deal.ruleset.variant.bidding.points.pass_is_final:
            return self.apply(legal[0], FORCED)  # out of the bidding once passed (twenty-eight.md §3.2): no choice
        return self.turn(deal, legal)

    def position(self) -> tuple[int, int, int]:
        """Where the game stands: the deal, the moves made in the match, the moves taken back."""
        return self.session.deal_number, self.session.action_count, self.undos

    def bot_decision(self) -> tuple[tuple[int, int, int], Callable[[], Action]]:
        """The decision of the bot to act, to be made elsewhere (a worker thread, while the view answers keys),
        and where the game stands: :meth:`decided` hands it back, and :meth:`next` makes it."""
        session = self.session
        return self.position(), session.bot_decision(session.seating.players[session.playing.to_act])

    def decided(self, position: tuple[int, int, int], action: Action | Exception) -> None:
        """A bot's decision (or its failure) made elsewhere: kept for :meth:`next` unless the game has moved on."""
        if position == self.position():
            self.thought = (position, action)

    def bot_ready(self) -> bool:
        """Whether the bot to act has decided already (:meth:`decided`)."""
        return self.thought is not None and self.thought[0] == self.position()

    def seconds(self, moves: float) -> float:
        """``moves`` moves' time at the chosen speed: how long a view lets the table be seen (0: instant)."""
        return SPEEDS[self.speed] * moves

    def bots_move(self) -> bool:
        """Whether the next move is a bot's (the deal goes on without the player)."""
        deal = self.session.deal
        return not self.pending and deal is not None and deal.phase != OVER and deal.to_act != self.human

    def turn(self, deal: DealState, legal: list[Action]) -> HumanTurn:
        menu, cards = numbered(deal, legal)
        try:
            self.session.undo_step()
            undo = ""
        except NoUndo as why:
            undo = str(why)
        seconds = self.session.ruleset.variant.table.move_clock.seconds
        if seconds is not None and self.clock is None:  # a turn told again (after a page) keeps its clock
            self.clock = MoveClock(seconds, self.now)
            self.clock.start()
        aside = deal.ruleset.dealing.widow_size - len(deal.discarded) if deal.phase == DISCARDING else 0
        belotes = tuple(sorted({a.card for a in legal if a.kind == PLAY and opens_belote(deal, a.card)}))
        return HumanTurn(deal.to_act, self.seen(deal), tuple(legal), tuple(menu), tuple(cards), True, undo,
                         self.clock.remaining() if self.clock is not None else None, aside, belotes)

    def choose(self, action: Action, by: str = YOU) -> Moved:
        """The player's move (or the one the move clock's rule made for them)."""
        return self.apply(action, by)

    def apply(self, action: Action, by: str) -> Moved:
        """Make a move, save, and queue the deal's result when it ended the deal."""
        session = self.session
        deal = session.playing
        seat, belotes = deal.to_act, len(deal.belotes)
        session.apply(action)
        self.clock = None
        self.save()
        completed = len(deal.tricks) - 1 if action.kind == PLAY and not deal.trick else None
        seen = self.seen(deal)
        if deal.phase == OVER:
            self.write_record()
            row, over = dataclasses.replace(session.rows[-1], deal=None), session.over  # not the engine's deal
            self.pending.append(DealScored(row, tuple(row.score.lines), row.board, over, seen) if row.score is not None
                                else AllPassed(row, row.void, over, seen))
        return Moved(seat, action, by, len(deal.belotes) > belotes, completed, seen)

    def result_read(self) -> None:
        """The player has read the deal's result: the next deal begins, and undo speaks of it."""
        self.scored = False

    def match_end(self) -> MatchEnded:
        """The match's result; the statistics take it once."""
        session = self.session
        self.write_record()
        totals, note = None, ""
        if not self.counted and self.stats_path is not None:
            self.counted = True
            totals, note = record_match(session, self.stats_path)
        return MatchEnded(session.winner, tuple(session.match.board), session.forfeit, totals, note,
                          session.match.mid_deal)

    # ------------------------------------------------------------------ the player's requests

    def hint(self) -> tuple[str, Action]:
        """The adviser bot and the move it would make for the player."""
        _, adviser, decide = self.hint_decision()
        return adviser, decide()

    def hint_decision(self) -> tuple[tuple[int, int, int], str, Callable[[], Action]]:
        """Where the game stands, the adviser bot, and its move for the player to be made elsewhere (a worker
        thread, while the view answers keys), as :meth:`bot_decision`."""
        session = self.session
        return self.position(), session.adviser, session.bot_decision(session.adviser)

    def undo(self) -> list[Action]:
        """Take back the player's last move and the bots' after it, saved; :class:`NoUndo` says why not."""
        if self.scored or self.pending:  # the move to take back would be in the deal just scored
            raise NoUndo(SCORED)
        taken = self.session.take_back()
        self.opened, self.clock, self.thought = None, None, None
        self.undos += 1
        self.save()
        return taken

    def time_up(self, describe: Callable[[Action], str]) -> tuple[Moved | None, str]:
        """The variant's rule for the player out of time: the move made for them (None: their side loses
        the match) and the sentence that says so, ``describe`` wording the move."""
        session = self.session
        action, message = out_of_time(session, session.playing.legal_actions(), describe)
        if action is None:
            self.clock = None
            self.save()
            return None, message
        return self.apply(action, CLOCK), message

    def tick(self, paused: float = 0.0) -> ClockTick | None:
        """The player's move clock now, ``paused`` seconds given back (they were reading a page, which the
        clock waits for); None when no clock runs or its time is up (then :meth:`time_up`)."""
        clock, human = self.clock, self.human
        if clock is None or human is None:
            return None
        clock.deadline += paused
        left = clock.remaining()
        return ClockTick(human, left) if left > 0 else None

    def switch_autoplay(self) -> bool:
        """Forced cards played for the player from now on, or no longer; whether they are."""
        self.autoplay = not self.autoplay
        return self.autoplay

    # ------------------------------------------------------------------ saving

    def save(self) -> None:
        """Save after a move; a save that fails is said and the game goes on unsaved."""
        if self.slot is None:
            return
        try:
            self.slot.write(self.session)
        except SaveUnavailable as err:
            self.slot = None
            self.said(f"{str(err)[:1].upper()}{str(err)[1:]}; the game goes on unsaved.")

    def write_record(self) -> None:
        if self.record_path is not None:
            write_record_file(self.session, self.record_path)

    def resume_command(self) -> str | None:
        """What the player types to continue this game; None when it is not saved (or its save failed)."""
        return self.slot.resume_command(self.record_path) if self.slot is not None else None

    def drop(self) -> None:
        """The player chose not to keep the game: its save goes, and nothing more is saved."""
        if self.slot is not None:
            self.slot.discard()
            self.slot = None

    def leave(self) -> tuple[dict[str, int] | None, str]:
        """The player leaves: saved, the record written, and a match that is over counted (if it was not)."""
        self.save()
        self.write_record()
        if self.session.over and not self.counted and self.stats_path is not None:
            self.counted = True
            return record_match(self.session, self.stats_path)
        return None, ""


def out_of_time(session: Session, legal: list[Action], describe: Callable[[Action], str]) -> tuple[Action | None, str]:
    """The variant's rule for the player out of time: the move made for them (None: their team
    loses the match, already marked on ``session``) and the sentence that says so."""
    rule = session.ruleset.variant.table.move_clock.on_timeout
    human = session.seating.human
    if human is None:
        raise ValueError("no seat is the player's: nobody runs out of time")
    if rule == "lose_match":
        session.forfeit = session.seating.side_of[human]
        return None, time_up_words(rule, None, describe)
    action = random.Random(session.decision_seed()).choice(legal) if rule == "random_legal_move" else \
        session.bot_action(DEFAULT_BOT)
    return action, time_up_words(rule, action, describe)


def time_up_words(rule: str, action: Action | None, describe: Callable[[Action], str]) -> str:
    """What the player out of time is told, by the variant's rule (table.move_clock.on_timeout): the move made for
    them, or that their side lost the match."""
    if action is None:
        return _("Time is up.") + " " + loses_on_time()
    if rule == "random_legal_move":
        return _("Time is up: a random legal move is made for you: {move}.").format(move=describe(action))
    return _("Time is up: the {bot} bot moves for you: {move}.").format(bot=DEFAULT_BOT, move=describe(action))


def loses_on_time() -> str:
    return _("At this table a player who runs out of time loses the match.")


def opens_belote(deal: DealState, card: int) -> bool:
    """Whether ``card`` is a king or queen of a belote its player still holds both cards of."""
    return RANK_OF[card] in (KING, QUEEN) and SUIT_OF[card] in deal.belote_suits[deal.to_act]


def forced_words(look: Look, action: Action) -> str:
    """What a view says when a forced move is made for the player: a lone legal card, or a pass once out of the
    bidding (pass_is_final)."""
    if action.card < 0:
        return "You passed before, so you are out of the bidding: you pass."
    return f"Only {look.card_name(action.card)} may be played: played for you."


