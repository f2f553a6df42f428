"""How often the default bots double, whether their doubles pay, and whether they bid a suit they hold none of.

    python benchmarks/bidding.py [--variants bulgarian,coinche] [--deals 2000] [--pairs 1000] [--seed 1] [--bid M]

For each variant:

- ``--deals`` deals between heuristic players (the default level): the share of played contracts
  doubled (and redoubled), how often a doubled contract fails against all contracts, and the suit
  bids made holding no card of the suit when the call was not forced; and every double or redouble
  the bots call there played on twice from the call, as called and with the call the bot makes when
  it may not double: what each one gained its side, with the 95% interval over the calls (a duplicate
  pair of one decision, so nothing else of the deal differs between the two); ``--bid`` sets the bots'
  bid margin there (``Margins.bid``) to see how bolder bidding changes those numbers;
- ``--pairs`` duplicate deal pairs with the auction (``belot duel --full``): the heuristic bot
  against the same bot that never doubles (:class:`NeverDoubles`), match points per deal with the
  95% interval over the pairs: above zero when doubling pays.

The never-doubling bot is also an outside bot, so the same duel runs from the command line:
``belot duel heuristic benchmarks/bidding.py:NeverDoubles --variant coinche --deals 1000 --full``.
"""

from __future__ import annotations

import argparse
import random
import statistics

from belot_rules import load_variant
from belot_rules.cards import SUIT_MASKS, mask_of, parse_card
from belot_rules.engine.actions import Action, call_action
from belot_rules.engine.deal import BIDDING, DealState
from belot_rules.engine.runner import play_deal
from belot_rules.players.base import offered_calls
from belot_rules.players.bidding_sense import BiddingSense, Margins
from belot_rules.players.hand_strength import TRUMP_SUIT
from belot_rules.players.heuristic import HeuristicPlayer
from belot_rules.rules.bidding.calls import Call
from belot_rules.ruleset import Ruleset
from belot_rules.sim.duel import duel

NEVER = Margins(double_odds=1.0, free_double=False)
NOT_FREE = Margins(free_double=False)
DEFAULT = Margins()
DOUBLES = ("double", "redouble")


class NeverDoubles(HeuristicPlayer):
    """The heuristic bot that never doubles (its other calls and its card play unchanged)."""

    name = "never-doubles"

    def __init__(self, ruleset: Ruleset, seed: int | None = None) -> None:
        super().__init__(ruleset, seed)
        self.bidding = BiddingSense(ruleset, NEVER)


class NoFreeDoubles(HeuristicPlayer):
    """The heuristic bot that does not double where the match makes it free (players/match_stakes.py): its doubles
    judged by the deal alone."""

    name = "no-free-doubles"

    def __init__(self, ruleset: Ruleset, seed: int | None = None) -> None:
        super().__init__(ruleset, seed)
        self.bidding = BiddingSense(ruleset, NOT_FREE)


def bidder(ruleset: Ruleset, margins: Margins) -> HeuristicPlayer:
    """The heuristic bot bidding with ``margins``."""
    player = HeuristicPlayer(ruleset)
    if margins != DEFAULT:
        player.bidding = BiddingSense(ruleset, margins)
    return player


def auction_counts(ruleset: Ruleset, deals: int, seed: int,
                   margins: Margins = DEFAULT) -> tuple[dict[str, int], list[float]]:
    """Played contracts, doubled and redoubled ones, failures, and suit bids without a card of the suit; and what
    each double or redouble gained (:func:`double_gain`); every bot bids with ``margins``."""
    counts = dict.fromkeys(("played", "doubled", "redoubled", "failed", "doubled_failed", "void_bids", "bids"), 0)
    gains = []
    rng = random.Random(seed)
    players = [bidder(ruleset, margins) for _ in ruleset.seating.seats]
    for number in range(deals):
        deck = list(ruleset.seating.cards)
        rng.shuffle(deck)
        state = DealState.start(ruleset, deck, number % ruleset.seating.players)
        first_hands = list(state.hands)  # the cards held during the auction
        while state.phase == BIDDING:
            action = players[state.to_act].choose(state.view(state.to_act), state.legal_actions())
            if action.call is not None and action.call.kind in DOUBLES:
                gains.append(double_gain(ruleset, state, action, margins))
            state.apply(action)
        play_deal(state, players)
        auction = state.auction
        for seat, call in auction.calls if auction is not None else ():
            if call.kind == "bid" and call.contract in TRUMP_SUIT:
                counts["bids"] += 1
                held = first_hands[seat] | (1 << state.turned_card if state.turned_card >= 0 else 0)
                counts["void_bids"] += not held & SUIT_MASKS[TRUMP_SUIT[call.contract]]
        if state.score is None or state.contract is None:
            continue
        failed = state.score.verdict != "made"
        counts["played"] += 1
        counts["failed"] += failed
        counts["doubled"] += state.multiplier > 1
        counts["redoubled"] += state.multiplier > 2
        counts["doubled_failed"] += state.multiplier > 1 and failed
    return counts, gains


def double_gain(ruleset: Ruleset, state: DealState, double: Action, margins: Margins = DEFAULT) -> float:
    """The match points a double (or redouble) gains its side over the call the bot makes when it may not double:
    the same deal played on from the call both ways between heuristic players, a duplicate pair of one decision."""
    seat = state.to_act
    side = ruleset.seating.side_of[seat]
    view = state.view(seat)
    calls = offered_calls(state.legal_actions())
    history = [(who, Call.parse(text)) for who, text in view.calls]
    turned = parse_card(view.turned_card).index if view.turned_card else -1
    usual = BiddingSense(ruleset, margins).choose(seat, mask_of(view.hand), history, turned,
                                                  [c for c in calls if c.kind not in DOUBLES])
    values = []
    for call in (double.call, usual):
        future = state.clone()
        future.apply(call_action(call))
        play_deal(future, [bidder(ruleset, margins) for _ in ruleset.seating.seats])
        score = future.score
        others = [p for s, p in enumerate(score.match_points) if s != side] if score is not None else [0]
        values.append(score.match_points[side] - sum(others) / len(others) if score is not None else 0.0)
    return values[0] - values[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="bulgarian,coinche")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bid", type=float, default=DEFAULT.bid,
                        help="the bid margin of every bot in the counts (Margins.bid; the duel keeps the default)")
    args = parser.parse_args()
    for variant in args.variants.split(","):
        ruleset = load_variant(variant)
        c, gains = auction_counts(ruleset, args.deals, args.seed, Margins(bid=args.bid))
        played = max(c["played"], 1)
        print(f"{variant}: {c['played']} contracts played of {args.deals} deals; doubled {c['doubled'] / played:.1%} "
              f"(redoubled {c['redoubled'] / played:.1%}); failed {c['failed'] / played:.1%} of all, "
              f"{c['doubled_failed'] / max(c['doubled'], 1):.1%} of the doubled; suit bids without a card of the "
              f"suit: {c['void_bids']} of {c['bids']}")
        if len(gains) > 1:
            mean, half = statistics.fmean(gains), 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
            print(f"  each double or redouble played on both ways, {len(gains)} calls: {mean:+.2f} match points a call "
                  f"({mean - half:+.2f} to {mean + half:+.2f}), {mean * len(gains) / args.deals:+.3f} a deal "
                  f"({(mean - half) * len(gains) / args.deals:+.3f} to {(mean + half) * len(gains) / args.deals:+.3f})")
        if args.pairs:
            result = duel(ruleset, ["heuristic", f"{__file__}:NeverDoubles"], args.pairs, full=True, seed=args.seed)
            value, (low, high), pairs = result.match_points()
            print(f"  doubling against never doubling, {pairs} deal pairs with the auction: {value:+.2f} match points "
                  f"a deal ({low:+.2f} to {high:+.2f})")


if __name__ == "__main__":
    main()
