"""Actions a seat can take in a deal: a call, a declaration choice, a card, taking the turned card, a discard.

Every action has a text form that is unique among the legal actions of a
position; records store that text and replay matches it against the legal
actions, so a record stays readable and cannot smuggle in an illegal move.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CARDS
from ..rules.bidding.calls import Call
from ..rules.declarations.melds import Declaration

CALL, DECLARE, PLAY = "call", "declare", "play"
EXCHANGE, KEEP = "exchange", "keep"  # the holder of the trump seven takes the turned card for it, or keeps it
DISCARD = "discard"  # the taker, holding the chien, lays a card aside
CONCEAL = "conceal"  # the bidder lays a card face down: its suit is trump (play.trump_shown on_demand)
ASK = "ask"  # a player who cannot follow asks for the concealed trump to be shown
PAIR = "pair"  # a player shows the King and Queen of trumps, which moves the bid (declarations.pair)
PREDICT = "predict"  # a player predicts the points he will take himself (bidding.predictions)
ALONE = "alone"  # a player undertakes to win every trick alone, or lets the deal go on (play.single_hand)


@dataclass(frozen=True, slots=True)
class Action:
    """One move: ``call`` (an auction call), ``declare`` (declarations in trick 1), ``play`` (a card), or
    ``exchange`` / ``keep`` (the trump seven's holder takes the turned card for it, or keeps the seven), or
    ``discard`` (the taker, who picked up the chien, lays a card aside), or ``predict`` (the points a player
    predicts he will take)."""

    kind: str
    call: Call | None = None
    card: int = -1
    declarations: tuple[Declaration, ...] = ()
    belote: bool = False  # the card is played announcing belote
    points: int = -1  # the points a prediction names

    def __str__(self) -> str:
        if self.kind == CALL:
            return str(self.call)
        if self.kind == PLAY:
            return str(CARDS[self.card]) + (" belote" if self.belote else "")
        if self.kind in (EXCHANGE, KEEP):
            return self.kind
        if self.kind == DISCARD:
            return f"discard {CARDS[self.card]}"
        if self.kind == CONCEAL:
            return f"conceal {CARDS[self.card]}" if self.card >= 0 else \
                "conceal seventh" if self.card != NO_TRUMPS_LAID else "no trumps"
        if self.kind == ASK:
            return "ask trump"
        if self.kind == PAIR:
            return "show pair"
        if self.kind == PREDICT:
            return f"predict {self.points}"
        if self.kind == ALONE:
            return "single hand" if self.points else "no single hand"
        if not self.declarations:
            return "declare nothing"
        return "declare " + ", ".join(d.code() for d in self.declarations)


def call_action(call: Call) -> Action:
    return Action(CALL, call=call)


def play_action(card: int, belote: bool = False) -> Action:
    return Action(PLAY, card=card, belote=belote)


def declare_action(declarations: tuple[Declaration, ...]) -> Action:
    return Action(DECLARE, declarations=declarations)


def discard_action(card: int) -> Action:
    return Action(DISCARD, card=card)


def conceal_action(card: int) -> Action:
    return Action(CONCEAL, card=card)


def predict_action(points: int) -> Action:
    return Action(PREDICT, points=points)


EXCHANGE_ACTION, KEEP_ACTION = Action(EXCHANGE), Action(KEEP)
ASK_ACTION, PAIR_ACTION = Action(ASK), Action(PAIR)
SEVENTH_ACTION = Action(CONCEAL)  # the bidder calls for his seventh card as the face-down trump (play.seventh_card)
NO_TRUMPS_LAID = -2  # the card of the bidder's choice of no trumps instead of a face-down trump (twenty-nine.md §4.3)
NO_TRUMPS_ACTION = Action(CONCEAL, card=NO_TRUMPS_LAID)
ALONE_ACTION, NOT_ALONE_ACTION = Action(ALONE, points=1), Action(ALONE, points=0)  # play.single_hand, twenty-nine.md §7


def find_action(text: str, legal: list[Action]) -> Action | None:
    """The legal action whose text is ``text`` (case and spacing aside), or None: how records and bots
    name a move."""
    wanted = " ".join(text.lower().split())
    return next((a for a in legal if str(a).lower() == wanted), None)


def declare_everything(legal: list[Action]) -> Action:
    """Of the legal declaration actions, the one declaring the most points (every combination the seat holds).

    Where a card may serve in only one of two combinations the rules offer each choice
    separately; this takes the richest, the first of equals.
    """
    return max(legal, key=lambda a: sum(d.points for d in a.declarations))


def distinct_cards(legal: list[Action]) -> list[Action]:
    """The legal card plays without the belote-announcing copies: one action per card.

    Where a variant requires the belote to be announced, :meth:`DealState.legal_actions`
    offers a card that opens a belote twice, plain and announcing; a bot that wants to
    choose among cards only picks here, then passes its card through :func:`announcing`.
    """
    return [a for a in legal if not a.belote]


def announcing(action: Action, legal: list[Action]) -> Action:
    """``action``'s card played announcing belote when the rules offer that, else ``action`` itself."""
    for other in legal:
        if other.belote and other.card == action.card:
            return other
    return action
