"""The heuristic bot's contra model (``players/doubling.py``, ``FITTED``), fitted from play-outs.

    python benchmarks/double_fit.py [--variants bulgarian,coinche] [--deals 8000] [--seed 11] [--odds P]

Deals are bid between heuristic players that never double. At every call where a defender may
double, the deal is played on twice from there (once doubled by him, once with his usual call,
the auction and the play going on as the bots choose), as in ``double_margin.py``. Each chance
is one row: the defender's features in the standing contract (``hand_features``,
``auction_features``), whether his side beat the contract (the auction may go on past the double,
to another contract of either side) and what doubling gained his side in match points. A logistic
model per set (the hand known in part at the auction, or complete) and kind of contract is fitted
on the even rows. Per set, the chance of beating the contract at which doubling breaks even is
what a beaten doubled contract gained (G) against what a made one lost (L) over all its rows:
L / (G + L). The odd rows show, for the chances the model would double at that chance (or at
``--odds``) and above, how often the contract was beaten and what doubling gained the side (95%
interval). It prints the ``FITTED`` and ``BREAK_EVEN`` tables to paste into players/doubling.py.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections import defaultdict

from bidding import NeverDoubles
from double_margin import side_gain

from belot_rules import load_variant
from belot_rules.cards import mask_of, parse_card
from belot_rules.engine.deal import BIDDING, DealState
from belot_rules.players.bidding_sense import Standing
from belot_rules.players.doubling import (
    AUCTION_FEATURES,
    KINDS,
    SETS,
    auction_features,
    hand_features,
    kind_of,
    rank_orders,
)
from belot_rules.rules.bidding.calls import Call

L2 = 1.0  # some shrinkage: a few kinds of contract are rarely doubled (a few hundred chances)
Row = tuple[str, str, list[float], bool, float]  # set, kind, features, beaten, gain


def chances(variant: str, deals: int, seed: int) -> list[Row]:
    """Every chance to double in ``deals`` deals of ``variant``, played on both ways."""
    ruleset = load_variant(variant)
    orders = rank_orders(ruleset)
    rng = random.Random(seed)
    players = [NeverDoubles(ruleset) for _ in ruleset.seating.seats]
    sense = players[0].bidding
    rows: list[Row] = []
    for number in range(deals):
        state = DealState.start(ruleset, ruleset.dealing.next_deck(rng, None), number % ruleset.seating.players)
        while state.phase == BIDDING:
            seat, legal = state.to_act, state.legal_actions()
            view = state.view(seat)
            double = next((a for a in legal if a.call is not None and a.call.kind == "double"), None)
            standing = Standing.read(seat, [(s, Call.parse(t)) for s, t in view.calls], sense.partner_of, sense.ashkal)
            contract = standing.contract
            if double is not None and contract is not None and kind_of(contract) is not None:
                turned = parse_card(view.turned_card).index if view.turned_card else -1
                known = mask_of(view.hand) | (1 << turned if turned >= 0 and sense.turned_to_taker else 0)
                level = sense.level(contract, standing.points)
                features = [1.0, *hand_features(known, contract, orders),
                            *auction_features(standing.partner_passed, standing.partner_contract is not None, level)]
                side = ruleset.seating.side_of[seat]
                doubled = state.clone()
                doubled.apply(double)
                gain, beaten = side_gain(ruleset, doubled, side)
                usual, _ = side_gain(ruleset, state.clone(), side)
                known_set = "partial" if known.bit_count() < ruleset.seating.hand_size else "full"
                rows.append((known_set, kind_of(contract) or "", features, beaten, gain - usual))
            state.apply(players[seat].choose(view, legal))
    return rows


def logistic(rows: list[Row], size: int) -> list[float]:
    """The coefficients of the log-odds of beating the contract, by Newton's method with ``L2`` shrinkage (the intercept too)."""
    weights = [0.0] * size
    for _ in range(12):
        gradient = [L2 * w for w in weights]
        hessian = [[L2 if i == j else 0.0 for j in range(size)] for i in range(size)]
        for _, _, x, beaten, _ in rows:
            p = 1 / (1 + math.exp(-sum(w * f for w, f in zip(weights, x))))
            for i in range(size):
                gradient[i] += (p - beaten) * x[i]
                scaled = p * (1 - p) * x[i]
                if scaled:
                    row = hessian[i]
                    for j in range(size):
                        row[j] += scaled * x[j]
        step = solve(hessian, gradient)
        weights = [w - s for w, s in zip(weights, step)]
    return weights


def break_even_odds(rows: list[Row]) -> float:
    """The chance of beating the contract at which doubling gains nothing: L / (G + L), G the mean gain of the
    rows where the contract was beaten, L the mean loss of the others (0.5 without rows of both)."""
    beaten = [r[4] for r in rows if r[3]]
    made = [-r[4] for r in rows if not r[3]]
    if not beaten or not made:
        return 0.5
    gained, lost = statistics.fmean(beaten), statistics.fmean(made)
    return min(max(lost / (gained + lost), 0.05), 0.95)


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix`` x = ``vector`` by Gaussian elimination with partial pivoting (the matrix is small)."""
    n = len(vector)
    a = [row[:] + [v] for row, v in zip(matrix, vector)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="bulgarian,coinche")
    parser.add_argument("--deals", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--odds", type=float, default=None, help="the chance to double at (default: break-even)")
    args = parser.parse_args()
    groups: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for variant in args.variants.split(","):
        for row in chances(variant, args.deals, args.seed):
            groups[row[0], row[1]].append(row)
    fitted: dict[str, dict[str, list[float]]] = {s: {} for s in SETS}
    break_even = {s: break_even_odds([r for key, rows in groups.items() if key[0] == s for r in rows]) for s in SETS}
    for (known_set, kind), rows in sorted(groups.items()):
        size = len(rows[0][2])
        weights = logistic(rows[::2], size)
        fitted[known_set][kind] = weights
        odds = args.odds or break_even[known_set]
        held_out = [r for r in rows[1::2] if sum(w * f for w, f in zip(weights, r[2])) >= math.log(odds / (1 - odds))]
        line = f"{known_set} {kind}: {len(rows)} chances, doubled at {odds:.2f} on {len(held_out)} of {len(rows[1::2])}"
        if len(held_out) > 1:
            gains = [r[4] for r in held_out]
            half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
            line += (f": beaten {sum(r[3] for r in held_out) / len(held_out):.0%}, doubling gains "
                     f"{statistics.fmean(gains):+.1f} ± {half:.1f} match points")
        print(line)
    print("FITTED = {")
    for known_set in SETS:
        print(f'    "{known_set}": {{')
        for kind in KINDS:
            weights = fitted[known_set].get(kind)
            size = 1 + (len(AUCTION_FEATURES) + (10 if kind == "suit" else 3))
            text = ", ".join(f"{w:.2f}" for w in weights) if weights else ", ".join(["-9.0", *["0.0"] * (size - 1)])
            print(f'        "{kind}": ({text}),')
        print("    },")
    print("}")
    print("BREAK_EVEN = {" + ", ".join(f'"{s}": {break_even[s]:.2f}' for s in SETS) + "}")


if __name__ == "__main__":
    main()
