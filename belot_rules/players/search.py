"""The search bot: Monte-Carlo over deals the seat cannot tell from the real one (PIMC).

For a card or a declaration it samples deals that fit everything its view shows,
the other seats' calls included (:mod:`.sampling`), plays each candidate in each
sampled deal and finishes the deal with the heuristic bot's card play at every
seat (a rollout through the engine's fast ``play_out``), and takes the candidate
with the best total score (equal totals go to the card of fewest points, then the
lowest; see ``best_card``); every candidate meets the same deals. In the auction
it does the same with decks fitted to the calls so far: each candidate call
(the heuristic bidder's, pass, doubles, each contract's lowest bid and the
point bids around the heuristic one) is followed by the heuristic bidder at
every seat, then the rollout. The best candidate is a biased pick (the largest
of noisy means), so it replaces the heuristic call only when it wins again, by
more than the noise, on as many fresh decks. Everything comes from the compiled
ruleset and the engine, so it plays any variant file; a decision it has no model
for (a phase or an action other than calls, declarations and cards) is the
heuristic bot's. The score of a rollout is the seat's side's match points minus
the others', with the raw points as a small tie-break.

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

from ..cards import SUIT_OF
from ..engine.actions import CALL, DECLARE, PLAY, Action, announcing, distinct_cards
from ..engine.deal import BIDDING, DECLARING, OVER, PLAYING, DealState, SeatView
from ..rules.bidding.calls import PASS, Call
from ..rules.bidding.options import Predictions
from ..rules.declarations.melds import Declaration
from ..rules.scoring.result import DealScore
from ..ruleset import Ruleset
from ..variant.model import SUIT_CONTRACTS
from .base import offered_calls
from .bidding_sense import BiddingSense, void_bid
from .heuristic import HeuristicPlayer, card_senses
from .memory import CARD_INDEX, Memory
from .sampling import AuctionDecks, AuctionModel, Knowledge, mask_of, play_memory

RAW_WEIGHT = 1e-3  # raw points only break ties between equal match points
SEARCHED = {BIDDING: CALL, DECLARING: DECLARE, PLAYING: PLAY}  # the phases searched, and their one kind of action
NOISE = 1.0  # a call other than the heuristic one must beat it by this many standard errors


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the bot searches per decision."""

    samples: int = 48  # sampled deals per card or declaration
    bid_samples: int = 24  # sampled decks per call, and as many again to confirm a change from the usual call
    bid_levels: int = 2  # point bids tried either side of the usual one in its contract
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
        self.fallback = HeuristicPlayer(ruleset)
        self.tie_keys = {contract: [(t.points[c], t.strength[c], c) for c in range(len(t.points))]
                         for contract, t in ruleset.tables.items()}

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        searched = SEARCHED.get(view.phase)
        # A decision the search does not model, a trump still face down (its sampled deals hold no such card), or a deal
        # played alone (play.single_hand: its rollouts would need the lone player's seating).
        if searched is None or any(a.kind != searched for a in legal) or view.trump_concealed or view.out >= 0:
            return self.fallback.choose(view, legal)
        if view.phase == BIDDING:
            return self._call(view, legal)
        options = legal if view.phase == DECLARING else distinct_cards(legal)
        if len(options) == 1:
            return announcing(options[0], legal)
        return announcing(self._play(view, options), legal)

    # ------------------------------------------------------------------ card play and declarations

    def _play(self, view: SeatView, options: list[Action]) -> Action:
        ruleset, rng, seat = self.ruleset, self.rng, view.seat
        memory = play_memory(ruleset, view)
        knowledge = Knowledge.of(ruleset, view, memory)
        played = knowledge.played
        deals = AuctionModel(ruleset, view).deals(lambda: knowledge.draw(rng), rng)
        totals = [0.0] * len(options)
        deadline = self._deadline()
        for n in range(self.budget.samples):
            if n and deadline is not None and time.perf_counter() > deadline:
                break
            hands = next(deals)
            world = self._world(view, hands, played, knowledge.lay(hands, rng))
            for k, action in enumerate(options):
                totals[k] += self._value(self._played_out(world, memory, seat, action).score, seat)
        if options[0].kind != PLAY:
            return options[totals.index(max(totals))]  # declarations: the first of equal totals
        best = self.best_card(view.contract or "", {a.card: total for a, total in zip(options, totals)})
        return next(a for a in options if a.card == best)

    def best_card(self, contract: str, values: dict[int, float]) -> int:
        """The card of the best value; of equal values the one of fewest card points, then the lowest in its
        suit's order, then of the lowest suit: the cheapest card that does as well, never list order."""
        keys = self.tie_keys[contract]
        return max(values, key=lambda card: (values[card], *(-k for k in keys[card])))

    def _world(self, view: SeatView, hands: list[int], played: Sequence[int],
               piles: list[list[tuple[int, int]]] | None = None) -> DealState:
        """The sampled deal brought to the view's position: the same declarations, belotes and cards played
        (and, at an open tableau, the sampled cards under the piles)."""
        world = DealState.from_hands(self.ruleset, [h | p for h, p in zip(hands, played)], view.dealer,
                                     view.played_contract(), view.declarer, view.multiplier, view.bid, view.hanging_in,
                                     piles, [max(p, 0) for p in view.predictions])
        world.closed = view.closed  # baloot.md §4: the rollouts lead as the closed game allows
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
                world.play_card(card, (world.to_act, SUIT_OF[card]) in belotes)
        return world

    def _replay_declaration(self, world: DealState, declared: dict[int, set[str]]) -> None:
        if world.phase != DECLARING:
            return
        seat = world.to_act
        shown = declared.get(seat, set())
        options = self.ruleset.declarations.choices(world.hands[seat], world.played_contract(), seat)
        world.declare(next((tuple(o) for o in options if {str(d) for d in o} == shown), ()))

    def _played_out(self, world: DealState, memory: Memory, seat: int, action: Action) -> DealState:
        """A copy of ``world`` after ``seat``'s declaration or card, finished by :meth:`_roll_out` (``world`` and
        ``memory``, which has seen the cards before, are left as they were)."""
        future, seen = world.clone(), memory.copy()
        if action.kind == DECLARE:
            future.declare(action.declarations)
        else:
            seen.observe(seat, action.card, future.trick, future.win_pos)
            future.play_card(action.card, True)
        self._roll_out(future, seen)
        return future

    def _roll_out(self, state: DealState, memory: Memory) -> None:
        """Finish the card play with the heuristic bot's choices at every seat."""
        sense = self.card_senses[state.played_contract()]
        choose, declarer, observe = sense.choose, state.declarer, memory.observe

        def pick(legal: int, seat: int, hand: int, trick: list[int], win_pos: int) -> int:
            card = choose(memory, seat, declarer, hand, legal, trick, win_pos)
            observe(seat, card, trick, win_pos)
            return card

        state.play_out(pick, _declare_most, _announce, compiled_choice=sense.compiled(memory))

    def _value(self, score: DealScore | None, seat: int) -> float:
        """The seat's side's match points over the others' (their mean), raw points breaking ties."""
        if score is None:
            return 0.0
        side = self.side_of[seat]
        if self.ruleset.variant.bidding.predictions != Predictions.off:  # differenzler.md §5: one's own penalty alone counts
            return float(score.match_points[side])  # (the others' predictions, hidden, are guessed as 0)
        value = 0.0
        for points, weight in ((score.match_points, 1.0), (score.raw_points, RAW_WEIGHT)):
            others = [p for s, p in enumerate(points) if s != side]
            value += weight * (points[side] - sum(others) / len(others))
        return value

    # ------------------------------------------------------------------ the auction

    def _call(self, view: SeatView, legal: list[Action]) -> Action:
        calls = offered_calls(legal)
        history = [(who, Call.parse(text)) for who, text in view.calls]
        turned = CARD_INDEX[view.turned_card] if view.turned_card else -1
        free = self.sense.free_double(view.seat, history, calls, view.board, view.hanging_in)
        if free is not None:  # the match decides it, not the deal's points the samples below would weigh
            return legal[calls.index(free)]
        usual = self.sense.choose(view.seat, mask_of(view.hand), history, turned, calls, view.board, view.hanging_in)
        known = mask_of(view.hand) | (1 << turned if turned >= 0 and self.sense.turned_to_taker else 0)
        forced = PASS not in calls
        worth = self.sense.worth_calling(view.seat, history, calls, view.board, view.hanging_in)
        candidates = _candidates([c for c in worth if forced or not void_bid(c, known)], usual, self.budget.bid_levels)
        if len(candidates) == 1:
            return legal[calls.index(usual)]
        ruleset, rng = self.ruleset, self.rng
        decks = AuctionDecks(ruleset, view)
        deals = AuctionModel(ruleset, view).deals(lambda: decks.draw(rng), rng)
        deadline = self._deadline()

        def measure(chosen: list[Call]) -> list[list[float]]:
            """Each call's value on the same fresh decks fitted to the calls so far."""
            values: list[list[float]] = [[] for _ in chosen]
            for n in range(self.budget.bid_samples):
                if n and deadline is not None and time.perf_counter() > deadline:
                    break
                start = DealState.start(ruleset, decks.deck(next(deals), rng), view.dealer, view.hanging_in,
                                        view.board or (0,) * ruleset.seating.sides)
                for _, call in history:
                    start.make_call(call)
                for k, call in enumerate(chosen):
                    future = start.clone()
                    future.make_call(call)
                    values[k].append(self._finish_auction(future, view.seat))
            return values

        # The best of the candidates is a biased guess (the maximum of noisy means): it replaces the
        # heuristic call only if it wins again on fresh decks, by more than the noise.
        values = measure(candidates)
        means = [fmean(row) for row in values]
        best = means.index(max(means))
        if best == 0 or not _clear_gain(measure([usual, candidates[best]])):
            return legal[calls.index(usual)]
        return legal[calls.index(candidates[best])]

    def _finish_auction(self, state: DealState, seat: int) -> float:
        """The rest of the auction by the heuristic bidder at every seat, then the rollout; the seat's value."""
        bidding, choose = self.ruleset.bidding, self.sense.choose
        while state.phase == BIDDING:
            who, auction = state.to_act, state.running_auction()
            state.make_call(choose(who, state.hands[who], auction.calls, state.turned_card,
                                   bidding.legal_calls(auction), auction.board, state.hanging_in))
        while state.phase not in (PLAYING, DECLARING, OVER):  # a step before trick 1 (a discard): the heuristic's
            state.apply(self.fallback.choose(state.view(state.to_act), state.legal_actions()))
        if state.phase == OVER:
            return 0.0
        contract = state.played_contract()
        self._roll_out(state, Memory(self.ruleset.tables[contract], self.ruleset.obligations[contract],
                                     self.ruleset.seating.players))
        return self._value(state.score, seat)

    def _deadline(self) -> float | None:
        return None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds


def _candidates(calls: Sequence[Call], usual: Call, levels: int) -> list[Call]:
    """The calls worth a search: the heuristic one first, every call that is not a bid (pass, doubles),
    each contract's lowest bid, and where bids carry points the ``levels`` bids either side of the
    heuristic one in its contract."""
    chosen = [usual]
    named: set[str | None] = {usual.contract}
    for call in calls:
        if call.kind == "bid":
            if call.contract in named:
                continue
            named.add(call.contract)
        if call not in chosen:
            chosen.append(call)
    if usual.kind == "bid" and usual.points is not None:
        ladder = [c for c in calls if c.kind == "bid" and c.contract == usual.contract]
        at = ladder.index(usual)
        chosen += [c for c in ladder[max(0, at - levels):at + levels + 1] if c not in chosen]
    return chosen


def _clear_gain(values: list[list[float]]) -> bool:
    """Whether the second call beats the first by more than ``NOISE`` standard errors of the paired gains."""
    gains = [b - a for a, b in zip(*values)]
    if len(gains) < 2:
        return False
    gain = fmean(gains)
    return gain > 0 and gain > NOISE * pstdev(gains) / len(gains) ** 0.5


def _declare_most(seat: int, options: list[list[Declaration]]) -> list[Declaration]:
    return max(options, key=lambda option: sum(d.points for d in option))


def _announce(seat: int) -> bool:
    return True
