"""A game in progress: the rules, the match, the seats and the score sheet.

Everything the game shows about past deals (the score sheet, the last trick) is
collected here as actions are applied, so a resumed game, which re-applies the saved
actions, rebuilds the very same sheet.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from ...engine.actions import CALL, DECLARE, DISCARD, PLAY, Action
from ...engine.deal import BIDDING, OVER, DealState, SeatView
from ...engine.match import MatchState
from ...errors import UserError
from ...i18n import N_, gettext as _
from ...players import make_player
from ...players.base import Player
from ...players.levels import DEFAULT_LEVEL, LEVELS, level as level_named
from ...players.outside import is_outside
from ...rules.bidding.options import Predictions
from ...rules.deal.options import Direction
from ...rules.scoring.result import DealScore
from ...ruleset import Ruleset
from ...variant.loader import LoadedVariant, content_hash, is_name, load_variant_model
from ...variant.model import Variant
from .seating import DEFAULT_BOT, HUMAN, Seating, bot_choice, decision_seed, default_seats

SCORED = "The deal is scored; it cannot be taken back."
MOVE_WORDS = {CALL: "call", DECLARE: "declaration", PLAY: "card", DISCARD: "discard"}  # else: a choice


class NoUndo(Exception):
    """Why undo takes nothing back: one line, said where the player looks (the status line, the prompt)."""


@dataclass(frozen=True)
class SheetRow:
    """One deal on the score sheet: where each team's total came from and what reached the board."""

    number: int
    dealer: int
    contract: str | None  # None: everybody passed
    declarer: int
    level: int  # the doubling level reached (0 undoubled), which names the doubling
    bid: int | None
    cards: tuple[int, ...]  # per side: card points and last trick (times the no-trumps factor)
    capot: tuple[int, ...]  # capot bonus
    declarations: tuple[int, ...]  # sequences and quads that counted
    belote: tuple[int, ...]
    score: DealScore | None
    board: tuple[int, ...]  # the board after this deal
    void: str = ""  # why a deal without a score has none: everybody passed, or a schmeiss was accepted
    goes_on: str = ""  # why the match goes on with a side at its target (MatchRules.goes_on), else ""
    bar: int | None = None  # the score that wins the match after this deal (raised by a valat where the rules say so)
    deal: DealState | None = field(default=None, compare=False, repr=False)  # its calls and tricks, for the history

    @classmethod
    def of(cls, number: int, deal: DealState, board: list[int]) -> SheetRow:
        """The row of a finished deal, its parts split out of the score's raw totals."""
        score = deal.score
        table = deal.ruleset.seating
        sides = range(table.sides)
        none = (0,) * table.sides
        if score is None:
            return cls(number, deal.dealer, None, -1, 0, None, none, none, none, none, None, tuple(board),
                       void_words(deal.auction.calls[-1][1].kind if deal.auction and deal.auction.calls else ""),
                       deal=deal)
        parts = score.parts
        return cls(number, deal.dealer, deal.contract, deal.declarer, deal.level, deal.bid,
                   tuple(parts[t].cards + parts[t].last_trick for t in sides), tuple(parts[t].bonus for t in sides),
                   tuple(parts[t].declarations for t in sides), tuple(parts[t].belote for t in sides), score,
                   tuple(board), deal=deal)


def fresh_seed() -> int:
    """A new match's seed when none is given: a short number the table shows and ``--seed`` takes back."""
    return random.SystemRandom().randrange(1_000_000)


@dataclass
class Session:
    """One match with its seats, sheet and the options it was started with."""

    loaded: LoadedVariant
    ruleset: Ruleset
    source: str  # the variant as a name, or an absolute path to its file
    target: int | None  # the --target override, None for the variant's own target
    seed: int
    seating: Seating
    match: MatchState
    rows: list[SheetRow] = field(default_factory=list)
    last_deal: DealState | None = None  # the most recently finished deal
    forfeit: int | None = None  # a team that lost the match on time
    undone: list[dict[str, object]] = field(default_factory=list)  # moves taken back, for the record
    outside: dict[tuple[int, int], Player] = field(default_factory=dict)  # (deal, seat): that deal's outside bot

    @classmethod
    def start(cls, variant: str, seed: int, players: tuple[str, ...] | None, target: int | None = None,
              bot: str = DEFAULT_BOT, watch: bool = False) -> Session:
        """A new match of ``variant`` (a shipped name or a file) dealt from ``seed``.

        ``players`` None seats you against ``bot`` in every other seat; ``watch`` puts ``bot`` in your seat."""
        loaded = load_variant_model(variant)
        source = variant if is_name(variant) else str(Path(variant).expanduser().resolve())
        ruleset, shown = compile_with_target(loaded, target, source)
        table = ruleset.seating
        players = players if players is not None else default_seats(table.players, bot)
        if watch:
            players = tuple(bot if p == HUMAN else p for p in players)
        if len(players) != table.players:
            words = {2: "two", 3: "three", 4: "four"}
            raise UserError(f"{ruleset.variant.title} is played by {words[table.players]}: --seats takes "
                            f"{words[table.players]} comma-separated players, like "
                            f"{','.join(default_seats(table.players))}; got {len(players)}")
        seating = Seating(players, table.side_of, clockwise=ruleset.variant.deal.direction == Direction.clockwise)
        for player in set(players):
            if is_outside(player):
                make_player(player, ruleset, seed)  # one without choose(view, legal) is told now, not at its turn
        return cls(shown, ruleset, source, target, seed, seating, MatchState.new(ruleset, seed))

    @property
    def over(self) -> bool:
        return self.match.over or self.forfeit is not None

    @property
    def winner(self) -> int | None:
        if self.forfeit is None:
            return self.match.winner
        board = self.match.board
        return max((side for side in range(len(board)) if side != self.forfeit), key=board.__getitem__)

    @property
    def board(self) -> tuple[int, ...]:
        """The match score, by side of the board."""
        return tuple(self.match.board)

    @property
    def reserve(self) -> int:
        """The points held in reserve (hanging, litige) for a later deal."""
        return self.match.reserve

    @property
    def deal(self) -> DealState | None:
        """The deal being played (None once the match is over)."""
        return None if self.over else self.match.current

    @property
    def playing(self) -> DealState:
        """The deal being played, where a move is asked for or made (the match cannot be over)."""
        deal = self.match.current
        if deal is None:
            raise RuntimeError("no deal is being played: the match is over")
        return deal

    @property
    def deal_number(self) -> int:
        return len(self.match.deals) + 1

    @property
    def action_count(self) -> int:
        """Actions taken so far in the whole match."""
        return sum(len(d.actions) for d in self.match.deals) + (len(self.deal.history) if self.deal else 0)

    @property
    def adviser(self) -> str:
        """The bot whose move a hint shows: the bots' own level's (at hard, the search), never a weaker one
        than normal's."""
        level, normal = self.seating.level, LEVELS.index(level_named(DEFAULT_LEVEL))
        return level.bot if level is not None and LEVELS.index(level) > normal else DEFAULT_BOT

    def decision_seed(self) -> int:
        """The seed of the decision about to be made."""
        return decision_seed(self.seed, self.deal_number, len(self.playing.history))

    def bot_action(self, kind: str) -> Action:
        """What a bot of ``kind`` does for the seat to act."""
        return self.bot_decision(kind)()

    def bot_decision(self, kind: str) -> Callable[[], Action]:
        """The decision of a bot of ``kind`` for the seat to act, to be made later or in another thread: it reads
        a copy of the deal (or the seat's view) taken now, never the deal, which may change meanwhile.

        The package's bots are built afresh for each decision, from its own seed, so a resumed or
        undone game makes the same moves again. An outside bot may keep what it saw between its
        calls, so it is built once a deal (and again after an undo or a resume)."""
        deal = self.playing
        if not is_outside(kind):
            return partial(bot_choice, kind, self.ruleset, deal.clone(), self.decision_seed())
        key = (self.deal_number, deal.to_act)
        if key not in self.outside:
            self.outside = {k: v for k, v in self.outside.items() if k[0] == self.deal_number}
            self.outside[key] = make_player(kind, self.ruleset, decision_seed(self.seed, self.deal_number, -1 - key[1]))
        return partial(self.outside[key].choose, deal.view(deal.to_act), deal.legal_actions())

    def apply(self, action: Action | str) -> DealState:
        """Apply an action for the seat to act; returns the deal it was applied to (maybe just finished)."""
        deal = self.playing
        self.match.apply(action)
        if deal.phase == OVER:
            row = SheetRow.of(len(self.rows) + 1, deal, self.match.board)
            if not self.match.over:
                bar = self.match.end_state.bar if self.match.end_state is not None else None
                row = dataclasses.replace(row, goes_on=self.ruleset.match.goes_on(row.board, bar, row.score), bar=bar)
            self.rows.append(row)
            self.last_deal = deal
        return deal

    def take_back(self) -> list[Action]:
        """Undo the player's last call, declaration or card of this deal and the bots' moves after it.

        The match is replayed from its seed up to that move, as a resume does, so the sheet
        and the bots' later choices are exactly what they would have been. Returns the moves
        taken back; they are kept in :attr:`undone` for the record. Raises :class:`NoUndo`,
        saying why, when there is nothing to take back or :meth:`undo_step` stops it.
        """
        last = self.undo_step()
        deal = self.playing
        taken = deal.history[last:]
        kept = [a for d in self.match.deals for a in d.actions] + [str(a) for a in deal.history[:last]]
        self.match, self.rows, self.last_deal = MatchState.new(self.ruleset, self.seed), [], None
        self.outside = {}  # they saw moves that are now taken back
        for action in kept:
            self.apply(action)
        self.undone.append({"deal": self.deal_number, "at": last, "actions": [str(a) for a in taken]})
        return taken

    def undo_step(self) -> int:
        """The step of this deal that undo goes back to: the player's last move.

        Both the table and the line game ask here, so undo has one rule: it never goes back
        past a move after which the player saw what the rules hid when he made it (the rest of
        the deal, a card turned up, another seat's declarations), since he would then call or
        play again knowing it. Raises :class:`NoUndo` with the reason otherwise.
        """
        deal, human = self.deal, self.seating.human
        if human is None:
            raise NoUndo("Nothing to undo: no seat is yours.")
        if deal is None:
            raise NoUndo("The match is over; nothing can be taken back.")
        assert deal.auction is not None  # DealState.start opens it
        probe = DealState.start(self.ruleset, deal.deck, deal.dealer, deal.hanging_in, tuple(deal.auction.board))
        last, seen = None, ""  # the player's last move; what he saw at or after it that it had not shown
        before = probe.view(human)
        for step, action in enumerate(deal.history):
            if probe.to_act == human:
                last, seen = step, ""
            probe.apply(action)
            after = probe.view(human)
            seen = seen or (revealed(before, after, self.seating.name) if last is not None else "")
            before = after
        if last is None:
            raise NoUndo("Nothing of yours to take back in this deal.")
        if seen:
            move = MOVE_WORDS.get(deal.history[last].kind, "choice")
            raise NoUndo(f"Undo goes no further: {seen} after your {move}.")
        return last

    def last_trick(self) -> tuple[DealState, int] | None:
        """The deal and index of the most recent trick played, in this deal or the one before."""
        for deal in (self.deal, self.last_deal):
            if deal is not None and deal.tricks:
                return deal, len(deal.tricks) - 1
        return None


def revealed(before: SeatView, after: SeatView, name: Callable[[int], str]) -> str:
    """What a move showed the seat of these views that the rules had hidden from it ("" for nothing):
    cards dealt to it, a card turned up, or what another seat declared (``name``: a seat's name)."""
    if after.tableau != before.tableau:
        return "cards were turned up on the table"
    if after.shown_stock != before.shown_stock:
        return "the stock's bottom card was turned up"
    if set(after.hand) - set(before.hand) - {before.turned_card}:  # the turned card was in view already
        return "the rest of the deal was dealt" if before.phase == BIDDING else "more cards came to your hand"
    seat = before.seat
    others = {s for s, _ in set(after.declared) - set(before.declared)} - {seat}
    if others:
        return f"{name(min(others))} declared"
    others = {s for s, _ in set(after.belotes) - set(before.belotes)} - {seat}
    if others:
        return f"{name(min(others))} announced a belote"
    if after.exchanged != before.exchanged and after.exchanged is not None and after.exchanged[0] != seat:
        return f"{name(after.exchanged[0])} took the turned card for the trump seven"
    return ""


def void_words(last_call: str) -> str:
    """Why a deal whose last call was ``last_call`` (its kind) ended without a contract: ``everybody passed``,
    ``the schmeiss was accepted`` or ``a redeal was called`` (Baloot's kawesh)."""
    return {"accept": N_("the schmeiss was accepted"), "redeal": N_("a redeal was called")}.get(last_call,
                                                                                               N_("everybody passed"))


def void_said(void: str) -> str:
    """Why a deal has no score (:func:`void_words`, kept in English on the sheet's row) in the player's words."""
    return _(void)


def match_with_target(variant: Variant, target: int) -> dict[str, int | None]:
    """What ``--target`` changes in the match: a running set's limit (match.set_at), the number of deals where players
    predict their points (penalties have no target to reach), else the target, the match no longer of fixed deals."""
    if variant.bidding.predictions != Predictions.off:
        return {"deals": target}
    if variant.match.set_at is not None and variant.match.target is None:
        return {"set_at": target}
    return {"target": target, "deals": None}


def compile_with_target(loaded: LoadedVariant, target: int | None, source: str) -> tuple[Ruleset, LoadedVariant]:
    """The ruleset to play, with the match target replaced when ``target`` is given.

    The changed rules get their own content hash, so a record of the game never claims
    the unchanged variant's hash; the loaded variant comes back with the change applied
    too, for ``r`` to show the rules actually played.
    """
    if target is not None:
        match = loaded.variant.match.model_copy(update=match_with_target(loaded.variant, target))
        variant = loaded.variant.model_copy(update={"match": match})
        loaded = dataclasses.replace(loaded, variant=variant, content_hash=content_hash(variant))
    return Ruleset(loaded.variant, loaded.content_hash, source), loaded
