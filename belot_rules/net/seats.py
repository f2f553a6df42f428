"""Who a hosted table speaks to: its seats (a person's or a bot's), the watchers, and its refusals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cli.game.seating import PERSON as PERSON  # the seats of --seats
from ..errors import UserError

WATCHERS = -1  # the receiver of what the whole table sees
MAX_WATCHERS = 32

Out = tuple[int, dict[str, Any]]  # a receiver (a seat or WATCHERS) and its message


class Refused(UserError):
    """A join, move or request the table does not take; the sentence says why and what would be taken."""


@dataclass
class Seat:
    """One chair: a person's (``token`` once taken) or a bot's."""

    number: int
    player: str  # PERSON or the bot's name
    name: str
    token: str | None = None
    present: bool = False
    away_since: float | None = None  # when its player left (the wait runs from then)

    @property
    def person(self) -> bool:
        return self.player == PERSON
