"""The search bot: Monte-Carlo over deals the seat cannot tell from the real one (PIMC).

For a card or a declaration it samples deals that fit everything its view shows
(:mod:`.sampling`), plays each candidate in each sampled deal and finishes the
deal with the heuristic bot's card play at every seat (a rollout through the
engine's fast ``play_out``), and takes the candidate with the best total score;
every candidate meets the same deals. In the auction it does the same with
decks fitted to the calls so far: each candidate call is followed by the
heuristic bidder at every seat, then the rollout; it leaves the heuristic
bidder's call only for one that does better by more than the noise of the
samples. Everything comes from the compiled ruleset and the engine, so it plays
any variant file. The score of a rollout is the seat's side's match points
minus the other side's, with the raw points as a small tie-break.

It is deterministic for a seed: its generator is seeded once and the budget is
a number of sampled deals. An optional time limit stops sampling early, which
makes choices depend on the machine's speed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import fmean, pstdev

from ..engine.actions import DECLARE, EXCHANGE_ACTION, Action, announcing, distinct_cards
from ..engine.deal import BIDDING, DECLARING, EXCHANGING, OVER, DealState, SeatView
from ..rules.bidding import Call
from ..rules.declarations import Declaration
from ..rules.scoring import DealScore
from ..ruleset import Ruleset
from ..variant.model import SUIT_CONTRACTS
from .bidding_sense import BiddingSense
from .heuristic import card_senses
from .memory import Memory
from .sampling import CARD_INDEX, AuctionModel, Knowledge, auction_deck, mask_of, play_memory

RAW_WEIGHT = 1e-3  # raw points only break ties between equal match points
NOISE = 1.0  # a call other than the heuristic one must beat it by this many standard errors


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the bot searches per decision."""

    samples: int = 48  # sampled deals per card or declaration
    bid_samples: int = 24  # sampled decks per call
    seconds: float | None = None  # stop sampling after this long (at least one deal); None: never


class SearchPlayer:
    """Plays by sampling deals and rolling them out with the heuristic bot."""

    name = "search"

    def __init__(self, ruleset: Ruleset, seed: int | None = None, budget: Budget = Budget()) -> None:
        self.ruleset = ruleset
        self.budget = budget
        self.rng = random.Random(seed)
        self.sense = BiddingSense(ruleset)
        self.card_senses = card_senses(ruleset)
        self.side_of = ruleset.seating.side_of

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        if view.phase == BIDDING:
            return self._call(view, legal)
        if view.phase == EXCHANGING:
            return EXCHANGE_ACTION  # the turned card is never worse than the trump seven (as play_out takes it)
        options = legal if view.phase == DECLARING else distinct_cards(legal)
        if len(options) == 1:
            return announcing(options[0], legal)
        return announcing(self._play(view, options), legal)

    # ------------------------------------------------------------------ card play and declarations

    def _play(self, view: SeatView, options: list[Action]) -> Action:
        ruleset, rng, seat = self.ruleset, self.rng, view.seat
        memory = play_memory(ruleset, view)
        knowledge = Knowledge.of(ruleset, view, memory)
        model = AuctionModel(ruleset, view)
        played = knowledge.played

        def draw() -> tuple[list[int], list[int]]:
            hands = knowledge.sample(rng)
            return hands, [h | p for h, p in zip(hands, played)]

        totals = [0.0] * len(options)
        deadline = self._deadline()
        for n in range(self.budget.samples):
            if n and deadline is not None and time.perf_counter() > deadline:
                break
            hands = model.fit(draw, rng)
            world = self._world(view, hands, played, knowledge.lay(hands, rng))
            for k, action in enumerate(options):
                future, seen = world.clone(), memory.copy()
                if action.kind == DECLARE:
                    future.declare(action.declarations)
                else:
                    seen.observe(seat, action.card, future.trick, future.win_pos)
                    future.play_card(action.card, True)
                self._roll_out(future, seen)
                totals[k] += self._value(future.score, seat)
        return options[totals.index(max(totals))]

    def _world(self, view: SeatView, hands: list[int], played: Sequence[int],
               piles: list[list[tuple[int, int]]] | None = None) -> DealState:
        """The sampled deal brought to the view's position: the same declarations, belotes and cards played
        (and, at an open tableau, the sampled cards under the piles)."""
        world = DealState.from_hands(self.ruleset, [h | p for h, p in zip(hands, played)], view.dealer,
                                     view.contract, view.declarer, view.multiplier, view.bid, view.hanging_in,
                                     piles)
        declared: dict[int, set[str]] = {}
        for who, text in view.declared:
            declared.setdefault(who, set()).add(text)
        belotes = {(who, SUIT_CONTRACTS.index(name)) for who, name in view.belotes}
        tricks = [(leader, cards) for leader, cards, _ in view.tricks]
        if view.trick:
            tricks.append((view.trick[0][0], tuple(c for _, c in view.trick)))
        for _, cards in tricks:
            for text in cards:
                self._replay_declaration(world, declared)
                card = CARD_INDEX[text]
                world.play_card(card, (world.to_act, card >> 3) in belotes)
        return world

    def _replay_declaration(self, world: DealState, declared: dict[int, set[str]]) -> None:
        if world.phase != DECLARING:
            return
        seat = world.to_act
        shown = declared.get(seat, set())
        options = self.ruleset.declarations.choices(world.hands[seat], world.contract, seat)
        world.declare(next((tuple(o) for o in options if {str(d) for d in o} == shown), ()))

    def _roll_out(self, state: DealState, memory: Memory) -> None:
        """Finish the card play with the heuristic bot's choices at every seat."""
        choose = self.card_senses[state.contract].choose
        declarer, observe = state.declarer, memory.observe

        def pick(legal: int, seat: int, hand: int, trick: list[int], win_pos: int) -> int:
            card = choose(memory, seat, declarer, hand, legal, trick, win_pos)
            observe(seat, card, trick, win_pos)
            return card

        state.play_out(pick, _declare_most, _announce)

    def _value(self, score: DealScore | None, seat: int) -> float:
        """The seat's side's match points over the others' (their mean), raw points breaking ties."""
        if score is None:
            return 0.0
        side = self.side_of[seat]
        value = 0.0
        for points, weight in ((score.match_points, 1.0), (score.raw_points, RAW_WEIGHT)):
            others = [p for s, p in enumerate(points) if s != side]
            value += weight * (points[side] - sum(others) / len(others))
        return value

    # ------------------------------------------------------------------ the auction

    def _call(self, view: SeatView, legal: list[Action]) -> Action:
        calls = [a.call for a in legal]
        history = [(who, Call.parse(text)) for who, text in view.calls]
        turned = CARD_INDEX[view.turned_card] if view.turned_card else -1
        usual = self.sense.choose(view.seat, mask_of(view.hand), history, turned, calls)
        candidates = _candidates(calls, usual)
        if len(candidates) == 1:
            return legal[calls.index(usual)]
        ruleset, rng = self.ruleset, self.rng
        model = AuctionModel(ruleset, view)
        values: list[list[float]] = [[] for _ in candidates]
        deadline = self._deadline()
        for n in range(self.budget.bid_samples):
            if n and deadline is not None and time.perf_counter() > deadline:
                break
            deck = model.fit(lambda: auction_deck(ruleset, view, rng), rng)
            start = DealState.start(ruleset, deck, view.dealer, view.hanging_in)
            for _, call in history:
                start.make_call(call)
            for k, call in enumerate(candidates):
                future = start.clone()
                future.make_call(call)
                values[k].append(self._finish_auction(future, view.seat))
        best = _clear_winner(values)
        return legal[calls.index(candidates[best])]

    def _finish_auction(self, state: DealState, seat: int) -> float:
        """The rest of the auction by the heuristic bidder at every seat, then the rollout; the seat's value."""
        bidding, choose = self.ruleset.bidding, self.sense.choose
        while state.phase == BIDDING:
            who = state.to_act
            state.make_call(choose(who, state.hands[who], state.auction.calls, state.turned_card,
                                   bidding.legal_calls(state.auction)))
        if state.phase == OVER:
            return 0.0
        contract = state.contract
        self._roll_out(state, Memory(self.ruleset.tables[contract], self.ruleset.obligations[contract],
                                     self.ruleset.seating.players))
        return self._value(state.score, seat)

    def _deadline(self) -> float | None:
        return None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds


def _candidates(calls: Sequence[Call], usual: Call) -> list[Call]:
    """The calls worth a search: the heuristic one first, pass, doubles, and each contract's lowest bid."""
    chosen = [usual]
    named: set[str | None] = {usual.contract}
    for call in calls:
        if call.kind == "bid":
            if call.contract in named:
                continue
            named.add(call.contract)
        if call not in chosen:
            chosen.append(call)
    return chosen


def _clear_winner(values: list[list[float]]) -> int:
    """The candidate with the best mean, if it beats the first (the heuristic call) by more than the noise."""
    base = values[0]
    best, best_gain = 0, 0.0
    for k, row in enumerate(values[1:], 1):
        gains = [a - b for a, b in zip(row, base)]
        gain = fmean(gains)
        noise = NOISE * pstdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else float("inf")
        if gain > noise and gain > best_gain:
            best, best_gain = k, gain
    return best


def _declare_most(seat: int, options: list[list[Declaration]]) -> list[Declaration]:
    return max(options, key=lambda option: sum(d.points for d in option))


def _announce(seat: int) -> bool:
    return True
