"""Bots at a table: deals and matches played without building a view for every move.

Bots that offer :class:`~belot_rules.players.fast.CardSetPlayer` are asked
through it, with their own hand as a card set and the public table; any other
player gets its :class:`~belot_rules.engine.deal.SeatView` and the legal
actions, exactly as :mod:`belot_rules.engine.runner` does. Every card played is
shown to one shared :class:`~belot_rules.players.memory.Memory`, which only
holds what the table has seen. The result is the same deal, move for move, as
the runner's (a test holds the two to it), several times faster.

A table of the built-in random players alone is the exception: it plays each
deal as one random playout (:func:`~belot_rules.engine.playout.play_at_random`,
in the compiled kernel where it is built), every choice drawn from one generator
(the first seat's, or the deal's with :class:`DealSeats`). Its deals are as random
and as reproducible from the seeds, but not the runner's draws, which take one
generator per seat. A simulation's chunk of such deals is played whole in the kernel
where it takes the variant's rules (:mod:`belot_rules.engine.random_deals`): the same deals.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.actions import PLAY
from ..engine.deal import BIDDING, DECLARING, DISCARDING, EXCHANGING, OVER, DealState
from ..engine.match import MatchState
from ..engine.phases import PREDICTING
from ..engine.playout import play_at_random
from ..engine.runner import play_deal
from ..players import make_player
from ..players.base import Player
from ..players.bidding_kernel import call_ladder
from ..players.card_play import shared_sense
from ..players.discard import discard_choice
from ..players.easy import EasyPlayer
from ..players.fast import CardChooser, CardSetPlayer
from ..players.heuristic import HeuristicPlayer
from ..players.memory import Memory, plays
from ..players.random_player import RandomPlayer
from ..rules.declarations.melds import Declaration
from ..ruleset import Ruleset


class Table:
    """The players of a table, each asked through the cheapest door it offers."""

    def __init__(self, players: Sequence[Player]) -> None:
        self.players = tuple(players)
        # Each seat's player where it offers the card-set door, else None; all of them where every seat does.
        self.card_sets = tuple(p if isinstance(p, CardSetPlayer) else None for p in self.players)
        card_players = tuple(p for p in self.card_sets if p is not None)
        self._takes_match = tuple(p is not None and takes_match(p) for p in self.card_sets)
        self.card_players = card_players if len(card_players) == len(self.players) else None
        # Heuristic bots alone: their bidding senses, which may call the whole auction in one loop.
        self.senses = tuple(p.bidding for p in self.players if type(p) is HeuristicPlayer) or None
        if self.senses is not None and len(self.senses) != len(self.players):
            self.senses = None
        first = self.players[0] if self.players else None
        self.rand: Callable[[], float] | None = None  # random players alone: the generator of their deals
        if isinstance(first, RandomPlayer) and all(type(p) is RandomPlayer for p in self.players):
            self.rand = first.rng.random

    def play_deal(self, state: DealState, rand: Callable[[], float] | None = None) -> DealState:
        """Play ``state`` to its end (a table of random players alone drawing from ``rand`` if given)."""
        if self.rand is not None:
            return play_at_random(state, rand or self.rand)
        play = state.ruleset.variant.play
        if play.conceals_trump or play.single_hand:  # asking for the trump, playing alone: the seat's choice,
            return play_deal(state, self.players)  # from its view (the card-set door has no such choice)
        memory = None
        if state.phase == BIDDING and self.card_players is not None:
            self._call(state, self.card_players)
        while state.phase in (BIDDING, DISCARDING, PREDICTING):
            self.act(state)
        if state.phase != OVER and self.card_players is not None:
            self._play_cards(state, self.card_players)
        while state.phase != OVER:
            memory = self.act(state, memory)
        return state

    def _call(self, state: DealState, players: Sequence[CardSetPlayer]) -> None:
        """The auction of a table of card-set players in one loop: :meth:`act`'s calls (a table of heuristic bots
        alone calls a ladder in the kernel where it can: the same calls)."""
        if self.senses is not None and call_ladder(state, self.senses):
            return
        auction, legal_calls = state.running_auction(), state.ruleset.bidding.legal_calls
        while state.phase == BIDDING:
            seat = auction.to_act
            state.make_call(players[seat].call_for(seat, state.hands[seat], auction.calls, state.turned_card,
                                                   legal_calls(auction), **self._match(seat, state)))

    def _play_cards(self, state: DealState, players: Sequence[CardSetPlayer]) -> None:
        """The card play of a table of card-set players, through the engine's fast loop: :meth:`act`'s moves."""
        ruleset, contract, declarer = state.ruleset, state.played_contract(), state.declarer
        memory = Memory(ruleset.tables[contract], ruleset.obligations[contract], ruleset.seating.players)
        observe = memory.observe
        choosers = [p.card_chooser(contract) for p in players]
        if state.tableau is not None and ruleset.dealing.all_on_table:
            choosers = [_seeing_tables(choose, state.hands, ruleset.seating.pack_mask) for choose in choosers]

        def pick_card(legal: int, seat: int, hand: int, trick: list[int], win_pos: int) -> int:
            card = choosers[seat](memory, seat, declarer, hand, legal, trick, win_pos)
            observe(seat, card, trick, win_pos)
            return card

        sense = shared_sense(choosers)  # the same heuristic choice at every seat: the kernel plays it, if built
        state.play_out(pick_card, self._declaration_for, _announce,
                       compiled_choice=None if sense is None else sense.compiled(memory))

    def _match(self, seat: int, state: DealState) -> dict[str, Any]:
        """The match score before the deal and the reserve, for a card-set player whose ``call_for`` takes them (one
        written before it did is asked without them)."""
        if not self._takes_match[seat]:
            return {}
        return {"board": state.running_auction().board, "hanging_in": state.hanging_in}

    def _declaration_for(self, seat: int, options: list[list[Declaration]]) -> list[Declaration]:
        """What the seat's card-set player declares among ``options`` (declaring nothing is always offered)."""
        offered = [o for o in options if o]
        offered.append([])
        player = self.card_sets[seat]
        assert player is not None, "a declaration asked of a seat without the card-set door"
        return offered[player.declaration_for(offered)]

    def act(self, state: DealState, memory: Memory | None = None) -> Memory | None:
        """Let the seat to act make one move; returns the memory to pass with the next move of this deal.

        Without a memory, one is built from the tricks on the table (what every seat has seen).
        """
        ruleset = state.ruleset
        seat = state.to_act
        card_player = self.card_sets[seat]
        # Every choice from the seat's view, as play_deal makes it, where the card-set door has none for it: asking for
        # a concealed trump, a prediction.
        if ruleset.variant.play.conceals_trump or state.phase == PREDICTING:
            state.apply(self.players[seat].choose(state.view(seat), state.legal_actions()))
            return memory
        if state.phase == BIDDING:
            if card_player is None:
                state.apply(self.players[seat].choose(state.view(seat), state.legal_actions()))
            else:
                auction = state.running_auction()
                state.make_call(card_player.call_for(seat, state.hands[seat], auction.calls, state.turned_card,
                                                     ruleset.bidding.legal_calls(auction), **self._match(seat, state)))
            return memory
        phase, contract = state.phase, state.played_contract()
        if memory is None:
            tables = ruleset.tables[contract]
            players = ruleset.seating.players
            memory = Memory(tables, ruleset.obligations[contract], players)
            memory.catch_up(list(plays(tables, [*((lead, cards) for lead, cards, _ in state.tricks),
                                                 (state.leader, state.trick)], players, ruleset.seating.turns[state.out])))
        if card_player is None:
            action = self.players[seat].choose(state.view(seat), state.legal_actions())
            if action.kind == PLAY:
                memory.observe(seat, action.card, state.trick, state.win_pos)
            state.apply(action)
        elif phase == DECLARING:
            options = ruleset.declarations.choices(state.hands[seat], contract, seat)
            state.declare(tuple(self._declaration_for(seat, options)))
        elif phase == EXCHANGING:
            state.exchange(True)  # card-set players take the turned card for the trump seven, as play_out does
        elif phase == DISCARDING:
            state.discard(discard_choice(ruleset.tables[contract], state.hands[seat]))
        else:
            choose = card_player.card_chooser(contract)
            if state.tableau is not None and ruleset.dealing.all_on_table:
                memory.see_tables(state.hands, ruleset.seating.pack_mask)
            card = choose(memory, seat, state.declarer, state.hands[seat], state.legal_card_mask(), state.trick,
                          state.win_pos)
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
            deal = self.play_deal(match.in_play())
            if on_deal is not None:
                on_deal(deal)
            match.advance()
        return match


def takes_match(player: CardSetPlayer) -> bool:
    """Whether ``player.call_for`` takes the match score (``board``, ``hanging_in``)."""
    try:
        return "board" in inspect.signature(player.call_for).parameters
    except (TypeError, ValueError):  # a callable without a signature to read
        return False


def _announce(seat: int) -> bool:
    """Card-set players always announce a belote they play (the announcing action is the one they pick)."""
    return True


def _seeing_tables(choose: CardChooser, hands: list[int], pack: int) -> CardChooser:
    """``choose`` at an open tableau where every playable card is face up: it first sees each seat's cards
    (``hands``, the deal's own list, kept current by the engine)."""

    def chooser(memory: Memory, seat: int, declarer: int, hand: int, legal: int, trick: list[int] | tuple[int, ...],
                win_pos: int) -> int:
        memory.see_tables(hands, pack)
        return choose(memory, seat, declarer, hand, legal, trick, win_pos)

    return chooser


class DealSeats:
    """A table whose players are made afresh for every deal from the deal's own generator, so that a deal's play
    depends on its seed alone, never on the deals played before it at the table.

    Each deal is played as ``make_player(name, ruleset, seed)`` would make its players, with one seed per seat
    drawn from the deal's generator after its deck; cheaply where that is the same thing: a random or easy
    player's generator is seeded again, a heuristic player (no generator, nothing kept from one deal to the
    next) is kept. A table of random players alone draws its playout from the deal's generator itself.
    """

    def __init__(self, names: Sequence[str], ruleset: Ruleset) -> None:
        self.names, self.ruleset = tuple(names), ruleset
        self.table = Table([make_player(name, ruleset, 0) for name in self.names])

    def play_deal(self, state: DealState, rng: random.Random) -> DealState:
        """Play ``state`` to its end with the players of the deal whose generator (after its deck) is ``rng``."""
        table = self.table
        if table.rand is not None:
            return table.play_deal(state, rng.random)
        players = [_renewed(player, name, self.ruleset, rng.getrandbits(63))
                   for player, name in zip(table.players, self.names)]
        if any(new is not old for new, old in zip(players, table.players)):
            table = self.table = Table(players)
        return table.play_deal(state)


def _renewed(player: Player, name: str, ruleset: Ruleset, seed: int) -> Player:
    """``make_player(name, ruleset, seed)``, reusing ``player`` (made by that call with another seed) where that
    gives the same player."""
    if type(player) is HeuristicPlayer:
        return player
    if type(player) in (RandomPlayer, EasyPlayer):
        player.rng.seed(seed)  # type: ignore[attr-defined]
        return player
    return make_player(name, ruleset, seed)
