"""Driving a match or a deal with players: the loop every front end shares."""

from __future__ import annotations

from collections.abc import Sequence

from ..players.base import Player
from ..ruleset import Ruleset
from .deal import OVER, DealState
from .match import MatchState


def play_deal(state: DealState, players: Sequence[Player]) -> DealState:
    """Let ``players`` (one per seat) play ``state`` to its end."""
    while state.phase != OVER:
        seat = state.to_act
        state.apply(players[seat].choose(state.view(seat), state.legal_actions()))
    return state


def play_match(ruleset: Ruleset, players: Sequence[Player], seed: int) -> MatchState:
    """A whole match between ``players`` (one per seat), reproducible from ``seed``."""
    match = MatchState.new(ruleset, seed)
    while not match.over:
        play_deal(match.in_play(), players)
        match.advance()
    return match
