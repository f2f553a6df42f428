"""The double-dummy solver's speed, compiled and in Python, and the expert bot's time per card.

    python benchmarks/solver.py [--variant bulgarian] [--positions 20] [--left 5,6,7,8] [--deals 6] [--seed 1]

- For each number of tricks left, ``--positions`` random positions (a random deal played at random until
  that many tricks remain): the time and positions searched to value every legal card, with the
  compiled solver and (up to six tricks left, where it is quick enough) the Python one, and the ratio
  of their times measured in the same run. Both must agree on every value. Times are CPU times of this
  process, so a machine shared with other work still measures one core's speed.
- ``--deals`` deals with the expert bot in two seats against the heuristic bot: the median and the
  longest CPU time of the expert's card decisions with more than one card to choose from, and the deals
  it solved per decision (fewer in early tricks, where a deal costs more to solve).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from belot_rules import load_variant
from belot_rules.engine.deal import OVER, PLAYING, DealState
from belot_rules.players.expert import ExpertPlayer
from belot_rules.players.heuristic import HeuristicPlayer
from belot_rules.players.solver import COMPILED, Solver, camp_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_solver import small_position  # noqa: E402  (the tests' random positions)

PYTHON_UP_TO = 6  # tricks left: beyond this the Python solver takes seconds a position


def solver_speed(variant: str, positions: int, lefts: list[int], seed: int) -> None:
    ruleset = load_variant(variant)
    for left in lefts:
        times: dict[str, float] = {"C": 0.0, "Python": 0.0}
        nodes: dict[str, int] = {"C": 0, "Python": 0}
        for number in range(positions):
            state = small_position(ruleset, seed * 1000 + number, left)
            camp = camp_of(ruleset, state.to_act, state.declarer)
            kinds = [("C", True)] if COMPILED is not None else []
            if left <= PYTHON_UP_TO:
                kinds.append(("Python", False))
            found = []
            for name, compiled in kinds:
                solver = Solver(ruleset, state.contract or "", camp, compiled)
                started = time.process_time()
                found.append(solver.card_values(state))
                times[name] += time.process_time() - started
                nodes[name] += solver.nodes
            assert all(values == found[0] for values in found), "the compiled and Python solvers disagree"
        line = f"{variant}, {left} tricks left, {positions} positions:"
        for name in times:
            if nodes[name]:
                line += (f" {name} {times[name] / positions * 1000:.1f} ms a position, "
                         f"{nodes[name] / max(times[name], 1e-9) / 1e6:.2f} M positions/s;")
        if nodes["C"] and nodes["Python"]:
            line += f" Python/C time {times['Python'] / times['C']:.1f}"
        print(line, flush=True)


def expert_time(variant: str, deals: int, seed: int) -> None:
    ruleset = load_variant(variant)
    times: list[float] = []
    solved: list[int] = []
    for number in range(deals):
        deck = list(ruleset.seating.cards)
        random.Random(seed * 1000 + number).shuffle(deck)
        state = DealState.start(ruleset, deck, number % ruleset.seating.players)
        players = [ExpertPlayer(ruleset, seed + seat) if seat % 2 == 0 else HeuristicPlayer(ruleset)
                   for seat in ruleset.seating.seats]
        while state.phase != OVER:
            seat, legal = state.to_act, state.legal_actions()
            started = time.process_time()
            action = players[seat].choose(state.view(seat), legal)
            spent = time.process_time() - started
            if state.phase == PLAYING and seat % 2 == 0 and len({a.card for a in legal}) > 1:
                times.append(spent)
            state.apply(action)
        for player in players[::2]:
            assert isinstance(player, ExpertPlayer)
            solved += player.deals_solved
    print(f"{variant}, expert, {len(times)} card decisions in {deals} deals: median {statistics.median(times):.3f} s, "
          f"longest {max(times):.3f} s; deals solved a decision: median {statistics.median(solved)}, "
          f"fewest {min(solved)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="bulgarian")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--left", default="5,6,7,8")
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    solver_speed(args.variant, args.positions, [int(n) for n in args.left.split(",")], args.seed)
    if args.deals:
        expert_time(args.variant, args.deals, args.seed)


if __name__ == "__main__":
    main()
