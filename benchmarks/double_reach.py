"""How many contracts a contra could pay on, by what the doubler knows at the auction.

    python benchmarks/double_reach.py [--variant bulgarian] [--deals 10000] [--seed 5] [--odds P]

Deals are bid between heuristic players that never double. At every chance to double a suit
contract (nine in ten of the chances in Bulgarian; no-trumps and all-trumps are left out) the deal is played on twice from there, doubled and with the defender's usual call, as in
``double_fit.py``: whether the contract was beaten and what doubling gained the defender's side. A
logistic model of beating the contract is fitted on the chances of the even deals and judged on the
odd ones, from three things known: the defender's own cards (the contra model's log-odds,
``players/doubling.py``); with his partner's cards too (the points they are expected to take in the
contract, ``BiddingSense.worth``); and with the declarer's and his partner's as well (every card
dealt before the auction). For each, at the break-even chance and above (``BREAK_EVEN``, or
``--odds``): the share of the odd deals' played contracts that would be doubled, how often those were
beaten, and what doubling gained per double with its 95% interval. The bot knows only the first;
the last is near what any call made at the auction could do.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics

from bidding import NeverDoubles
from double_fit import Row, logistic
from double_margin import side_gain

from belot_rules import load_variant
from belot_rules.cards import mask_of, parse_card
from belot_rules.engine.deal import BIDDING, DealState
from belot_rules.engine.runner import play_deal
from belot_rules.players.bidding_sense import Standing
from belot_rules.players.doubling import BREAK_EVEN, doubling_tables, log_odds
from belot_rules.players.hand_strength import TRUMP_SUIT
from belot_rules.rules.bidding.calls import Call

KNOWN = ("own cards", "with the partner's", "every hand")


def chances(variant: str, deals: int, seed: int) -> tuple[list[tuple[int, list[float], bool, float]], list[int], str]:
    """Per chance to double a suit contract: its deal's number, the features (intercept, the contra model's
    log-odds, the partner's, the declarer's and the declarer's partner's points expected), whether the contract
    was beaten and what doubling gained; the numbers of the deals whose contract was played; and the set of
    contra models the hands at the auction take (``players/doubling.py``, SETS)."""
    ruleset = load_variant(variant)
    rng = random.Random(seed)
    players = [NeverDoubles(ruleset) for _ in ruleset.seating.seats]
    sense = players[0].bidding
    tables, partner_of = doubling_tables(ruleset, None), sense.partner_of  # the default bot's contra model
    rows, played = [], []
    known_set = "partial"
    for number in range(deals):
        state = DealState.start(ruleset, ruleset.dealing.next_deck(rng, None), number % ruleset.seating.players)
        while state.phase == BIDDING:
            seat, legal = state.to_act, state.legal_actions()
            view = state.view(seat)
            double = next((a for a in legal if a.call is not None and a.call.kind == "double"), None)
            standing = Standing.read(seat, [(s, Call.parse(t)) for s, t in view.calls], partner_of, sense.ashkal)
            contract = standing.contract
            if double is not None and contract in TRUMP_SUIT and partner_of[seat] >= 0:
                turned = parse_card(view.turned_card).index if view.turned_card else -1
                known = mask_of(view.hand) | (1 << turned if turned >= 0 and sense.turned_to_taker else 0)
                known_set = "partial" if known.bit_count() < ruleset.seating.hand_size else "full"
                score = tables.score(known, contract, standing.partner_passed, standing.partner_contract is not None,
                                     0.0) + log_odds(BREAK_EVEN[known_set])  # the log-odds itself
                declarer = standing.declarer
                others = [sum(sense.worth(state.hands[who], contract)) / sense.total[contract]
                          for who in (partner_of[seat], declarer, partner_of[declarer])]
                side = ruleset.seating.side_of[seat]
                doubled = state.clone()
                doubled.apply(double)
                gain, beaten = side_gain(ruleset, doubled, side)
                usual, _ = side_gain(ruleset, state.clone(), side)
                rows.append((number, [1.0, score, *others], beaten, gain - usual))
            state.apply(players[seat].choose(view, legal))
        play_deal(state, players)
        if state.score is not None and state.contract is not None:
            played.append(number)
    return rows, played, known_set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="bulgarian")
    parser.add_argument("--deals", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--odds", type=float, default=None, help="the chance to double at (default: break-even)")
    args = parser.parse_args()
    rows, played, known_set = chances(args.variant, args.deals, args.seed)
    odds = args.odds or BREAK_EVEN[known_set]
    threshold = math.log(odds / (1 - odds))
    contracts = sum(number % 2 for number in played)
    print(f"{args.variant}: {len(rows)} chances to double a suit contract in {args.deals} deals, "
          f"{len(played)} contracts played; doubling from a chance of {odds:.2f} to beat the contract")
    for size, known in zip((2, 3, 5), KNOWN):
        fit: list[Row] = [("", "", x[:size], beaten, gain) for number, x, beaten, gain in rows if number % 2 == 0]
        weights = logistic(fit, size)
        doubled = [(number, beaten, gain) for number, x, beaten, gain in rows if number % 2
                   and sum(w * f for w, f in zip(weights, x)) >= threshold]
        line = f"  {known:>18}: doubles {len({d[0] for d in doubled}) / max(contracts, 1):5.1%} of contracts"
        if len(doubled) > 1:
            gains = [gain for _, _, gain in doubled]
            half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
            line += (f" ({len(doubled)} calls), beaten {sum(d[1] for d in doubled) / len(doubled):.0%}, doubling gains "
                     f"{statistics.fmean(gains):+.1f} ({statistics.fmean(gains) - half:+.1f} to "
                     f"{statistics.fmean(gains) + half:+.1f}) match points a call")
        print(line)


if __name__ == "__main__":
    main()
