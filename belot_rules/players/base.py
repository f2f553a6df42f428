"""The player protocol: what the engine asks of a seat, human or bot."""

from __future__ import annotations

from typing import Protocol

from ..engine.actions import Action
from ..engine.deal import DealState, SeatView


class Player(Protocol):
    """Chooses one of ``legal`` for the seat whose ``view`` is given.

    ``state`` is passed for bots that simulate; a fair player reads only ``view``
    (which never shows another hand) and ``legal``.
    """

    name: str

    def choose(self, view: SeatView, legal: list[Action], state: DealState) -> Action: ...
