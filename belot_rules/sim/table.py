"""Bots at a table: deals and matches played without building a view for every move.

Bots that offer :class:`~belot_rules.players.fast.CardSetPlayer` are asked
through it, with their own hand as a card set and the public table; any other
player gets its :class:`~belot_rules.engine.deal.SeatView` and the legal
actions, exactly as :mod:`belot_rules.engine.runner` does. Every card played is
shown to one shared :class:`~belot_rules.players.memory.Memory`, which only
holds what the table has seen. The result is the same deal, move for move, as
the runner's (a test holds the two to it), several times faster.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.actions import PLAY
from ..engine.deal import BIDDING, DECLARING, OVER, PLAYING, DealState
from ..engine.match import MatchState
from ..players.base import Player
from ..players.fast import CardSetPlayer
from ..players.memory import Memory, plays
from ..ruleset import Ruleset


class Table:
    """Four players, each asked through the cheapest door it offers."""

    def __init__(self, players: Sequence[Player]) -> None:
        self.players = tuple(players)
        self.card_sets = tuple(isinstance(p, CardSetPlayer) for p in self.players)

    def play_deal(self, state: DealState) -> DealState:
        """Play ``state`` to its end."""
        memory = None
        while state.phase == BIDDING:
            self.act(state)
        if state.phase != OVER and all(self.card_sets):
            self._play_cards(state)
        while state.phase != OVER:
            memory = self.act(state, memory)
        return state

    def _play_cards(self, state: DealState) -> None:
        """The card play of a table of card-set players: :meth:`act`'s moves, without its dispatch."""
        ruleset, contract, declarer = state.ruleset, state.contract, state.declarer
        memory = Memory(ruleset.tables[contract], ruleset.obligations[contract])
        choosers = [p.card_for for p in self.players]
        observe, legal_fast, play = memory.observe, ruleset.obligations[contract].legal_fast, state.play_card
        while True:
            if state.phase == PLAYING:
                trick, win_pos = state.trick, state.win_pos
                seat = (state.leader + len(trick)) & 3
                hand = state.hands[seat]
                # The engine's legal_card_mask, inlined: this loop runs for every card of a simulation.
                legal = legal_fast(hand, trick[0] >> 3, trick[win_pos], win_pos == len(trick) - 2) if trick else hand
                card = choosers[seat](contract, memory, seat, declarer, hand, legal, trick, win_pos)
                observe(seat, card, trick, win_pos)
                play(card, True)
            elif state.phase == DECLARING:
                self.act(state, memory)
            else:
                return

    def act(self, state: DealState, memory: Memory | None = None) -> Memory | None:
        """Let the seat to act make one move; returns the memory to pass with the next move of this deal.

        Without a memory, one is built from the tricks on the table (what every seat has seen).
        """
        ruleset = state.ruleset
        seat = state.to_act
        player = self.players[seat]
        phase = state.phase
        if phase != BIDDING and memory is None:
            tables = ruleset.tables[state.contract]
            memory = Memory(tables, ruleset.obligations[state.contract])
            memory.catch_up(list(plays(tables, [*((lead, cards) for lead, cards, _ in state.tricks),
                                                 (state.leader, state.trick)])))
        if not self.card_sets[seat]:
            action = player.choose(state.view(seat), state.legal_actions())
            if action.kind == PLAY:
                memory.observe(seat, action.card, state.trick, state.win_pos)
            state.apply(action)
        elif phase == BIDDING:
            auction = state.auction
            state.make_call(player.call_for(seat, state.hands[seat], auction.calls, state.turned_card,
                                            ruleset.bidding.legal_calls(auction)))
        elif phase == DECLARING:
            options = [o for o in ruleset.declarations.choices(state.hands[seat], state.contract, seat) if o]
            options.append([])
            state.declare(tuple(options[player.declaration_for(options)]))
        else:
            card = player.card_for(state.contract, memory, seat, state.declarer, state.hands[seat],
                                   state.legal_card_mask(), state.trick, state.win_pos)
            memory.observe(seat, card, state.trick, state.win_pos)
            state.play_card(card, True)
        return memory

    def play_match(self, ruleset: Ruleset, seed: int,
                   on_deal: Callable[[DealState], None] | None = None) -> MatchState:
        """A whole match, reproducible from ``seed`` (the same decks as the runner's match).

        ``on_deal`` sees each deal when it is over, before the match books it.
        """
        match = MatchState.new(ruleset, seed)
        while not match.over:
            deal = self.play_deal(match.current)
            if on_deal is not None:
                on_deal(deal)
            match.advance()
        return match
