"""The player protocol: what the engine asks of a seat, human or bot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..engine.actions import Action
from ..engine.deal import SeatView
from ..rules.bidding.calls import Call


class Player(Protocol):
    """Chooses one of ``legal`` for the seat whose ``view`` is given.

    The view shows the seat's own hand and the table, never another hand, so a
    bot and a person at the terminal play under the same information.
    """

    name: str

    def choose(self, view: SeatView, legal: list[Action]) -> Action: ...


def offered_calls(legal: Sequence[Action]) -> list[Call]:
    """The calls of an auction's legal actions, in their order (each action of an auction is a call)."""
    calls = [action.call for action in legal if action.call is not None]
    assert len(calls) == len(legal), "an action of the auction without its call"
    return calls
