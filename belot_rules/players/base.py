"""The player protocol: what the engine asks of a seat, human or bot."""

from __future__ import annotations

from typing import Protocol

from ..engine.actions import Action
from ..engine.deal import SeatView


class Player(Protocol):
    """Chooses one of ``legal`` for the seat whose ``view`` is given.

    The view shows the seat's own hand and the table, never another hand, so a
    bot and a person at the terminal play under the same information.
    """

    name: str

    def choose(self, view: SeatView, legal: list[Action]) -> Action: ...
