"""The heuristic bot: bids from hand strength, declares all it holds, plays with card-play sense.

It sees only what a person at the table sees: its :class:`SeatView` (or the
same facts as card sets, see :mod:`.fast`) and the legal actions. Its choices
depend on nothing else, so it is deterministic: the seed the registry passes is
accepted and unused. The sense itself lives in :mod:`.bidding_sense`,
:mod:`.card_play`, :mod:`.hand_strength` and :mod:`.memory`; this module turns
views into card sets and choices back into actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..engine.actions import (
    ALONE_ACTION,
    ASK_ACTION,
    EXCHANGE_ACTION,
    NOT_ALONE_ACTION,
    PAIR_ACTION,
    Action,
    conceal_action,
    discard_action,
    predict_action,
)
from ..engine.deal import BIDDING, DECLARING, DISCARDING, EXCHANGING, SeatView
from ..engine.phases import CONCEALING, PREDICTING, SINGLE_HAND
from ..rules.bidding.calls import Call
from ..rules.declarations.melds import Declaration
from ..ruleset import Ruleset
from .alone import alone_card, sure_alone
from .base import offered_calls
from .bidding_sense import BiddingSense
from .card_play import CardSense
from .concealed import asks_for_trump, card_to_conceal
from .discard import discard_choice
from .fast import CardChooser
from .memory import CARD_INDEX, Memory, view_plays
from .prediction import predicted_points


@lru_cache(maxsize=32)
def card_senses(ruleset: Ruleset) -> dict[str, CardSense]:
    """The card sense of each contract of ``ruleset``, built once per ruleset (it holds no state of a deal)."""
    return {c: CardSense(t, ruleset.seating) for c, t in ruleset.tables.items()}


class HeuristicPlayer:
    """A rule-of-thumb bot for every bidding style and contract kind."""

    name = "heuristic"

    def __init__(self, ruleset: Ruleset, seed: int | None = None) -> None:
        self.ruleset = ruleset
        self.bidding = BiddingSense(ruleset)
        self.card_sense = card_senses(ruleset)
        self._memory: Memory | None = None
        self._seen: list[int] = []  # the cards ``_memory`` has observed, in play order

    # ------------------------------------------------------------------ card-set decisions

    def call_for(self, seat: int, hand: int, calls: Sequence[tuple[int, Call]], turned_card: int,
                 legal: Sequence[Call], board: Sequence[int] = (), hanging_in: int = 0) -> Call:
        return self.bidding.choose(seat, hand, calls, turned_card, legal, board, hanging_in)

    def declaration_for(self, options: Sequence[Sequence[Declaration]]) -> int:
        """Declare everything: the option worth the most points."""
        values = [sum(d.points for d in option) for option in options]
        return values.index(max(values))

    def card_chooser(self, contract: str) -> CardChooser:
        return self.card_sense[contract].choose

    # ------------------------------------------------------------------ the Player protocol

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        if view.phase == BIDDING:
            calls = offered_calls(legal)
            history = [(seat, Call.parse(text)) for seat, text in view.calls]
            turned = CARD_INDEX[view.turned_card] if view.turned_card else -1
            return legal[calls.index(self.call_for(view.seat, _mask(view.hand), history, turned, calls, view.board,
                                                   view.hanging_in))]
        if view.phase == DECLARING:
            return legal[self.declaration_for([a.declarations for a in legal])]
        if view.phase == EXCHANGING:
            return EXCHANGE_ACTION  # the turned card is never worse than the trump seven
        if view.phase == DISCARDING:
            return discard_action(discard_choice(self.ruleset.tables[view.played_contract()], _mask(view.hand)))
        if view.phase == CONCEALING:
            return conceal_action(card_to_conceal(self.ruleset, self.bidding.valuer, _mask(view.hand)))
        if view.phase == PREDICTING:
            return predict_action(predicted_points(self.ruleset, self.card_sense[view.played_contract()], view))
        if view.phase == SINGLE_HAND:  # play.single_hand: only a hand that cannot lose a trick
            return ALONE_ACTION if sure_alone(self.ruleset, _mask(view.hand)) else NOT_ALONE_ACTION
        if PAIR_ACTION in legal:  # the pair lowers the side's own target or raises the opponents': always shown
            return PAIR_ACTION
        trick = [CARD_INDEX[c] for _, c in view.trick]
        contract = view.played_contract()
        win_pos = self.ruleset.tables[contract].trick_winner_index(trick) if trick else 0
        if trick and asks_for_trump(self.ruleset, view, legal, view.trick[win_pos][0]):
            return ASK_ACTION
        legal = [a for a in legal if a.card >= 0]
        legal_mask = 0
        for action in legal:
            legal_mask |= 1 << action.card
        if view.out >= 0:  # a deal played alone: one trick decides it (players/alone.py)
            card = alone_card(self.ruleset, view, legal_mask)
            return [a for a in legal if a.card == card][-1]
        choose = self.card_chooser(contract)
        memory = self._memory_of(view)
        if view.tableau and self.ruleset.dealing.all_on_table:  # belote-a-deux.md §B: every playable card in view
            memory.see_tables([_mask([p[-1] for p in view.piles(s) if p and p[-1]]) for s in range(len(view.tableau))],
                              self.ruleset.seating.pack_mask)
        card = choose(memory, view.seat, view.declarer, _mask(view.hand), legal_mask, trick, win_pos)
        # Announce belote whenever the card opens one: the announcing action comes after the plain one.
        return [a for a in legal if a.card == card][-1]

    def _memory_of(self, view: SeatView) -> Memory:
        """The memory of this deal, brought up to date with the cards the view shows."""
        contract = view.played_contract()
        tables = self.ruleset.tables[contract]
        history = view_plays(self.ruleset, view)
        cards = [card for _, card, _, _ in history]
        memory = self._memory
        if memory is None or memory.tables is not tables or cards[:len(self._seen)] != self._seen:
            memory = self._memory = Memory(tables, self.ruleset.obligations[contract],
                                           self.ruleset.seating.players)
        memory.catch_up(history)
        self._seen = cards
        return memory


def _mask(cards: Sequence[str]) -> int:
    mask = 0
    for text in cards:
        mask |= 1 << CARD_INDEX[text]
    return mask
