"""The trick loop of :meth:`DealState.play_out <belot_rules.engine.deal.DealState.play_out>` in the compiled kernel
(``belot_rules/_playout.c``): random cards, or the cards of a choice the kernel makes itself."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .. import kernel
from ..rules.declarations.melds import Declaration

if TYPE_CHECKING:
    from .deal import DealState


def play_compiled(state: DealState, declaring: int,
                  pick_declaration: Callable[[int, list[list[Declaration]]], Sequence[Declaration]],
                  announce: Callable[[int], bool], rand: Callable[[], float] | None,
                  choice: tuple[bytes, object] | None) -> None:
    """:meth:`DealState._play_tricks` for random cards, or cards of ``choice``, in the compiled kernel: the same cards
    and callbacks, in the same order; the kernel writes the hands back before each callback."""
    table, compiled = state.ruleset.seating, kernel.compiled
    assert compiled is not None, "play_out plays in Python where the kernel is not built"
    chosen = () if choice is None else (choice[0], state.declarer, choice[1])
    try:
        state.leader = compiled.play(
            state.ruleset.obligations[state.played_contract()].packed, table.players, table.hand_size, table.side_of,
            state.hands, state.leader, state.trick, state.win_pos, state.tricks, state.side_points, state.side_tricks,
            state.belote_suits, state.declared, declaring, rand,
            lambda seat, hand: state._choose_declarations(seat, hand, pick_declaration),
            lambda seat, card, leader, win: state._play_belote(seat, card, leader, win, announce),
            None if state.tableau is None else state._turn_up, *chosen)
    except BaseException:  # stopped by a callback: the leader the Python loop would have left
        if state.tricks:
            last = state.tricks[-1]
            state.leader = last[0] if len(state.trick) == table.players else last[2]
        raise
