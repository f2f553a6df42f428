"""How many points a seat predicts it will take (``bidding.predictions``, rules/family/differenzler.md §3).

The bot deals the cards it cannot see at random among the other seats (the card shown to name trump stays with its
owner), plays each such deal out with the heuristic card play at every seat and predicts the median of the points
it took: the median is the guess with the smallest expected difference, the penalty the prediction is scored by.
It is deterministic: the deals are drawn from a generator seeded by the hand.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

from ..cards import iter_bits
from ..engine.deal import DealState, SeatView
from ..ruleset import Ruleset
from .card_play import CardSense
from .memory import CARD_INDEX, Memory

SAMPLES = 32  # deals played out per prediction: the median within a few points, in a few milliseconds


def predicted_points(ruleset: Ruleset, sense: CardSense, view: SeatView, samples: int = SAMPLES) -> int:
    """The median of the points ``view``'s seat takes over ``samples`` deals that fit what it sees."""
    seat, contract, players = view.seat, view.played_contract(), ruleset.seating.players
    hand = _mask(view.hand)
    shown = {} if view.shown_card is None else {view.shown_card[0]: CARD_INDEX[view.shown_card[1]]}
    rng = random.Random(hand)
    unseen = [c for c in iter_bits(ruleset.seating.pack_mask & ~hand) if c not in shown.values()]
    sizes = [len(view.hand) if s == seat else len(view.hand) - (s in shown) for s in range(players)]
    side = ruleset.seating.side_of[seat]
    taken = []
    for _ in range(samples):
        rng.shuffle(unseen)
        hands, dealt = [0] * players, 0
        for other in range(players):
            if other == seat:
                hands[other] = hand
                continue
            hands[other] = sum(1 << c for c in unseen[dealt:dealt + sizes[other]]) | (1 << shown[other] if other in shown else 0)
            dealt += sizes[other]
        state = DealState.from_hands(ruleset, hands, view.dealer, contract, view.declarer, view.multiplier, view.bid,
                                     predictions=[0] * players)
        _play_out(ruleset, state, sense)
        assert state.score is not None, "a deal played out is scored"
        taken.append(state.score.raw_points[side])
    return round(statistics.median(taken))


def _play_out(ruleset: Ruleset, state: DealState, sense: CardSense) -> None:
    """Finish ``state`` with ``sense``'s card at every seat, each card seen by one memory of the table."""
    contract = state.played_contract()
    memory = Memory(ruleset.tables[contract], ruleset.obligations[contract], ruleset.seating.players)
    choose, observe, declarer = sense.choose, memory.observe, state.declarer

    def pick(legal: int, seat: int, hand: int, trick: list[int], win_pos: int) -> int:
        card = choose(memory, seat, declarer, hand, legal, trick, win_pos)
        observe(seat, card, trick, win_pos)
        return card

    state.play_out(pick, lambda seat, options: max(options, key=len), lambda seat: True)


def _mask(cards: Sequence[str]) -> int:
    mask = 0
    for text in cards:
        mask |= 1 << CARD_INDEX[text]
    return mask
