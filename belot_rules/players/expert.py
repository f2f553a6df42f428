"""The expert bot: the search bot's sampled deals, each solved double-dummy instead of rolled out.

For a card it samples deals that fit what the seat has seen, the calls the
other seats made on the cards they held at the time (:mod:`.sampling`) and the
cards its opponents played (a hand that would not have played them is less
likely: :mod:`.reading`), brings each to the current position, and asks the
double-dummy solver (:mod:`.solver`) what its camp takes from there with each
legal card, every seat then playing its best with every hand seen; to that it
adds what its camp takes when the normal bot plays the deal out from there
(:data:`PLAY_OUT_WEIGHT`), so a card that only pays against perfect defence
does not beat one that pays against ordinary play. It plays the card with the
best total over the deals. Equal totals go to the card of fewest card points, then the one lowest
in its suit's order, then the one of the lowest suit (clubs, diamonds, hearts,
spades): the cheapest card that does as well, never the first one listed.

The budget is a number of deals and a number of positions the solver may
search in all (``Budget.nodes``), fitting the deals to the auction counted
against it too (:data:`JUDGEMENT_COST`); counted, not timed: the same seed makes the
same choice on any machine with the same build (the compiled solver and the
Python one search different numbers of positions, so their choices can differ).
An early trick costs far more to solve than a late one, so it sees fewer deals.
A deal whose solve would overrun the budget is left out, so the budget bounds a
decision's time; where not even the first deal fits, the search bot's rollouts
choose the card.
The auction, declarations and any other decision are the search bot's, and so are the early cards where
only the Python solver knows the rules (:data:`PYTHON_SOLVE_CARDS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import PLAY, Action, announcing, distinct_cards
from ..engine.deal import PLAYING, SeatView
from ..ruleset import Ruleset
from .reading import Reading
from .sampling import AuctionModel, Knowledge, play_memory
from .search import Budget as SearchBudget, SearchPlayer
from .solver import Solver, camp_of

# What fitting a sampled deal to the auction costs, in solver positions per choice of the bidder it asks (about as
# long, compiled solver against the Python bidder): a long auction judged over many hands (Baloot, Bulgarian) counts
# against the same budget as the solving.
JUDGEMENT_COST = 100
# Where the compiled solver does not know the rules (a 36-card pack, the Jass play rules), the Python solver solves
# the last cards only: one deal of five cards a hand already takes it about half a second.
PYTHON_SOLVE_CARDS = 4
# The solver's value of a card assumes every seat plays its best with every hand seen; the normal bot's play-out from the
# same deal, added with this weight, values the card against ordinary play as well (issue 23: solving alone made the
# expert exploit the normal bots' mistakes less than the search bot did).
PLAY_OUT_WEIGHT = 1


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the expert searches for one card."""

    deals: int = 120  # sampled deals at most
    nodes: int = 8_000_000  # positions the solver may search over all the deals
    calls: SearchBudget = SearchBudget()  # the search bot's budget for calls and declarations


class ExpertPlayer(SearchPlayer):
    """Plays each card by solving sampled deals double-dummy; calls and declares as the search bot."""

    name = "expert"

    def __init__(self, ruleset: Ruleset, seed: int | None = None, budget: Budget = Budget()) -> None:
        super().__init__(ruleset, seed, budget.calls)
        self.expert_budget = budget
        self.deals_solved: list[int] = []  # per card chosen, the deals it was solved in (for benchmarks)

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        if view.phase != PLAYING or any(a.kind != PLAY for a in legal) or view.trump_concealed or view.out >= 0 \
                or not self._solvable(view):
            return super().choose(view, legal)
        options = distinct_cards(legal)
        if len(options) == 1:
            return announcing(options[0], legal)
        return announcing(self._solve(view, options), legal)

    def _solvable(self, view: SeatView) -> bool:
        """Whether the solver answers in time: always where it is compiled for these rules; else (the Python
        solver) for the last :data:`PYTHON_SOLVE_CARDS` cards, the search bot choosing the earlier ones."""
        contract = view.contract
        return (contract is None or self.ruleset.obligations[contract].kernel_plays
                or len(view.hand) <= PYTHON_SOLVE_CARDS)

    def _solve(self, view: SeatView, options: list[Action]) -> Action:
        ruleset, rng, seat = self.ruleset, self.rng, view.seat
        contract = view.contract
        assert contract is not None, "cards are played in a contract"
        memory = play_memory(ruleset, view)
        knowledge = Knowledge.of(ruleset, view, memory)
        reading = Reading(ruleset, view, self.card_senses[contract]) if Reading.applies(ruleset, view) else None
        model = AuctionModel(ruleset, view, reading)
        deals = model.deals(lambda: knowledge.draw(rng), rng)
        camp = camp_of(ruleset, seat, view.declarer)
        solver = Solver(ruleset, contract, camp)
        sides = {self.side_of[s] for s, ours in enumerate(camp) if ours}
        totals = dict.fromkeys((a.card for a in options), 0)
        budget = self.expert_budget
        searched = solved = 0
        while solved < budget.deals:
            hands = next(deals)
            left = budget.nodes - searched - model.asked * JUDGEMENT_COST
            if left <= 0:
                break
            world = self._world(view, hands, knowledge.played, knowledge.lay(hands, rng))
            values = solver.card_values(world, left)
            searched += solver.nodes
            if values is None:  # this deal would overrun the budget
                break
            solved += 1
            before = sum(world.side_points[s] for s in sides)
            for action in options:
                future = self._played_out(world, memory, seat, action)
                taken = sum(future.side_points[s] for s in sides) - before
                totals[action.card] += values[action.card] + PLAY_OUT_WEIGHT * taken
        self.deals_solved.append(solved)
        if not solved:  # not even one deal fits the budget: the search bot's rollouts choose
            return self._play(view, options)
        best = self.best_card(contract, dict(totals))
        return next(a for a in options if a.card == best)
