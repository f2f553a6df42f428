"""Actions a seat can take in a deal: a call, a declaration choice or a card.

Every action has a text form that is unique among the legal actions of a
position; records store that text and replay matches it against the legal
actions, so a record stays readable and cannot smuggle in an illegal move.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CARDS
from ..rules.bidding import Call
from ..rules.declarations import Declaration

CALL, DECLARE, PLAY = "call", "declare", "play"


@dataclass(frozen=True, slots=True)
class Action:
    """One move: ``call`` (an auction call), ``declare`` (declarations in trick 1) or ``play`` (a card)."""

    kind: str
    call: Call | None = None
    card: int = -1
    declarations: tuple[Declaration, ...] = ()
    belote: bool = False  # the card is played announcing belote

    def __str__(self) -> str:
        if self.kind == CALL:
            return str(self.call)
        if self.kind == PLAY:
            return str(CARDS[self.card]) + (" belote" if self.belote else "")
        if not self.declarations:
            return "declare nothing"
        return "declare " + ", ".join(d.code() for d in self.declarations)


def call_action(call: Call) -> Action:
    return Action(CALL, call=call)


def play_action(card: int, belote: bool = False) -> Action:
    return Action(PLAY, card=card, belote=belote)


def declare_action(declarations: tuple[Declaration, ...]) -> Action:
    return Action(DECLARE, declarations=declarations)
