"""The game controller adapted to a table of several people, and a bot's decision thought out off the server's loop."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..cli.game.controller import BOT, Controller, Moved
from ..engine.actions import Action


@dataclass
class Flow(Controller):
    """The controller for a table of several people: the seat to act is a person's when its player is there
    (or away for less than the wait); otherwise the seat's bot (the stand-in for a person's seat) moves."""

    people: set[int] = field(default_factory=set)
    viewer: tuple[int | None] | None = None  # while a receiver's view is made: its seat (None: a watcher)

    @property
    def human(self) -> int | None:
        if self.viewer is not None:
            return self.viewer[0]
        deal = self.session.deal
        return deal.to_act if deal is not None and deal.to_act in self.people else None

    def bot_next(self) -> str | None:
        """The bot whose move :meth:`next` would make now (None: the next event is no bot's move)."""
        session = self.session
        deal = session.deal
        if self.pending or deal is None or (not deal.history and self.opened != session.deal_number) \
                or deal.to_act == self.human:
            return None
        return session.seating.players[deal.to_act]

    def bot_moves(self, action: Action) -> Moved:
        """The move :meth:`bot_next`'s bot decided, thought out elsewhere: made as :meth:`next` makes it."""
        self.scored = False
        return self.apply(action, BOT)


@dataclass(frozen=True)
class Thought:
    """A bot's decision for one position, to be thought out off the server's loop (a worker thread): the
    position (deal, step, takebacks so far) tells whether the answer still fits when it comes back."""

    deal: int
    step: int
    undone: int
    seat: int
    bot: str
    decide: Callable[[], Action] = field(compare=False, repr=False)

    def __call__(self) -> Action:
        return self.decide()
