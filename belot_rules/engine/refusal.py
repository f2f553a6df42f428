"""The message of an action refused in a deal: what was asked, why the rules refuse it, what is legal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARDS, CardError, parse_card
from ..errors import UserError
from ..rules.bidding.calls import Call, summarize
from ..rules.bidding.closed import CLOSED_LEAD
from .actions import Action
from .concealed import HIDDEN_LEAD
from .phases import BIDDING, DECLARING, DISCARDING, EXCHANGING, OVER, PLAYING, PREDICTING

if TYPE_CHECKING:
    from .deal import DealState


def refusal(state: DealState, text: str, legal: list[Action]) -> str:
    """Why ``text`` is not a legal action of the seat to act, with the legal ones, in a player's words."""
    seat = state.to_act
    if state.phase == OVER:
        return "the deal is over; no more actions"
    reason = ""
    if state.phase == BIDDING:
        try:
            reason = ": " + state.ruleset.bidding.reason(state.running_auction(), Call.parse(text))
        except UserError:
            reason = ": that is not a call"
    elif state.phase == PLAYING:
        try:
            card = parse_card(text.split()[0]).index
        except (CardError, IndexError):
            card = -1
        if card >= 0 and not (1 << card) & state.hands[seat]:
            reason = f": {CARDS[card]} is not in seat {seat}'s hand" if state.tableau is None else \
                f": {CARDS[card]} is not one of seat {seat}'s face-up cards"
        elif card >= 0 and state.trick:
            reason = ": " + state.ruleset.obligations[state.played_contract()].reason(state.hands[seat], state.trick, card)
        elif card >= 0 and state.closed:
            reason = ": " + CLOSED_LEAD
        elif card >= 0 and state.trump_card >= 0 and seat == state.declarer:
            reason = ": " + HIDDEN_LEAD
    elif state.phase == EXCHANGING:
        reason = (f": seat {seat} holds the trump seven and may take the turned card "
                  f"{CARDS[state.turned_card]} for it (exchange) or keep it (keep)")
    elif state.phase == DISCARDING:
        left = state.ruleset.dealing.widow_size - len(state.discarded)
        reason = f": seat {seat} took the chien and lays {left} more card{'s' * (left > 1)} of his hand aside"
    elif state.phase == PREDICTING:
        reason = f": a prediction is the points seat {seat} will take, a whole number from 0 to {len(legal) - 1}"
    verb = {BIDDING: "call", DECLARING: "declare", PLAYING: "play", EXCHANGING: "answer",
            DISCARDING: "discard", PREDICTING: "predict"}.get(state.phase, "do")
    if state.phase == BIDDING:
        listed = summarize([a.call for a in legal if a.call is not None])
    elif state.phase == PREDICTING:
        listed = f"{legal[0]} to {legal[-1]}"
    else:
        listed = ", ".join(str(a) for a in legal)
    return f"seat {seat} may not {verb} {text[:40]!r}{reason}; legal: {listed}"
