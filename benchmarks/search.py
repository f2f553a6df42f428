"""The search bot: its inner loop against a tuned bitmask loop, decision times per level, duplicate strength.

    python benchmarks/search.py loop [--deals 3000] [--json]
    python benchmarks/search.py levels [--variant bulgarian] [--deals 4] [--json]
    python benchmarks/search.py strength [--variants bulgarian,french,coinche] [--deals 100] [--workers 1] [--json]
    python benchmarks/search.py bidding [--variant coinche] [--deals 300] [--seed 5] [--json]

``loop``: on one core, interleaved in rounds and timed in CPU seconds (so the ratios hold on a
busy machine): a hand-tuned random playout of a Bulgarian trump deal (cards re-encoded so a
stronger card of a suit is a higher bit and the trumps are the highest codes, the pack shuffled
by random sort keys, tables from each 16-bit half of a card set to its cards, a random index
into that list, the lead out of the trick loop), the plain loop of ``playouts.py``, the engine's
random playout of the same contract and of a whole deal with a random auction, declarations and
scoring (``random_deal``), and the search's rollout (the heuristic bot's card play at every seat
from trick 1 of a sampled deal, memory included, as :class:`SearchPlayer` runs it once per
candidate and sampled deal). When the compiled kernel ``belot_rules._playout`` is built
(``python setup.py build_ext --inplace``), the engine's playouts use it, and the same playouts
in pure Python are measured in the same rounds (the ``python_*`` keys).

``levels``: the time each level's bot takes per decision (calls, declarations and cards that
leave a choice) in whole deals bid and played by that level at every seat, on one core:
median, 90th percentile and the largest, of every decision and of the calls alone. Targets: hard <= 0.5 s median, easy and normal < 50 ms.

``strength``: ``belot duel search heuristic`` in card play duplicate, per variant.

``bidding``: the search's calls alone. Duplicate deal pairs with bidding, one side's seats
calling by search and playing their cards as the heuristic bot does, the other side the
heuristic bot: the match points per deal the search's calls win (a 95% interval over the
pairs), and how many deals the two tables' auctions differed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from playouts import (  # the plain loop, timing: beside this file
    KERNEL,
    _baseline_tables,
    baseline_deal,
    engine_loop,
    measure,
)

from belot_rules import load_variant
from belot_rules.engine.actions import Action
from belot_rules.engine.deal import BIDDING, DealState, SeatView
from belot_rules.engine.playout import random_deal
from belot_rules.players.heuristic import HeuristicPlayer
from belot_rules.players.levels import LEVELS, level_player
from belot_rules.players.memory import Memory
from belot_rules.players.search import SearchPlayer
from belot_rules.ruleset import Ruleset
from belot_rules.sim.backends import open_backend
from belot_rules.sim.duel import duel, per_deal
from belot_rules.sim.duplicate import DuplicateTally, MakePlayer, play_deal_pair
from belot_rules.sim.simulate import derive_seed

# Strength of each natural rank (7 8 9 T J Q K A), weakest 0: plain A T K Q J 9 8 7, trump J 9 A T K Q 8 7.
PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)
TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
HALF_CARDS = tuple(tuple(b for b in range(16) if half >> b & 1) for half in range(1 << 16))  # a 16-bit set's cards
HALF_COUNT = tuple(len(cards) for cards in HALF_CARDS)
ABOVE = tuple(((0xFF << (c & 7) + 1) & 0xFF) << (c & ~7) for c in range(32))  # stronger cards of c's suit
BIT = tuple(1 << c for c in range(32))
CODES = tuple(range(32))
# The tuned loop's contract-relative codes: suit * 8 + strength within the suit, the trump suit last (codes
# 24-31), so a card beats another of its suit when its code is higher and any trump when it is 24 or more.
CODE_TRUMPS = 0xFF << 24


def _tuned_points() -> tuple[int, ...]:
    """Card points by contract-relative code."""
    points = [0] * 32
    for rank in range(8):
        for suit in range(4):
            strength, table = (TRUMP_STRENGTH, TRUMP_POINTS) if suit == 3 else (PLAIN_STRENGTH, PLAIN_POINTS)
            points[suit * 8 + strength[rank]] = table[rank]
    return tuple(points)


TUNED_POINTS = _tuned_points()


def tuned_deal(rng: random.Random) -> tuple[int, int]:
    """One trump deal, random legal cards, Bulgarian obligations, card points per team, in contract-relative codes.

    Hand-tuned: the pack is shuffled by sorting on random keys (a uniform permutation, faster than
    ``random.shuffle``), the lead is taken out of the trick loop, and a card set's cards come from
    tables of each 16-bit half.
    """
    rand = rng.random
    d = sorted(CODES, key=lambda _: rand())
    bit = BIT
    hands = [bit[d[i]] | bit[d[i + 1]] | bit[d[i + 2]] | bit[d[i + 3]] | bit[d[i + 4]] | bit[d[i + 5]]
             | bit[d[i + 6]] | bit[d[i + 7]] for i in (0, 8, 16, 24)]
    points, above, half_cards, half_count = TUNED_POINTS, ABOVE, HALF_CARDS, HALF_COUNT
    leader, score = 0, [0, 0]
    for _ in range(8):
        hand = hands[leader]
        low = hand & 0xFFFF
        count = half_count[low]
        pick = int(rand() * (count + half_count[hand >> 16]))
        best = half_cards[low][pick] if pick < count else 16 + half_cards[hand >> 16][pick - count]
        hands[leader] = hand ^ bit[best]
        total = points[best]
        led = 0xFF << (best & ~7)
        trump_led = best >= 24
        win = 0
        for pos in (1, 2, 3):
            seat = (leader + pos) & 3
            hand = hands[seat]
            follow = hand & led
            if follow:
                legal = ((follow & above[best]) or follow) if trump_led else follow
            elif win == pos - 2 or hand < 1 << 24:  # partner winning, or no trump in hand
                legal = hand
            elif best >= 24:
                legal = (hand & above[best]) or hand
            else:
                legal = hand & CODE_TRUMPS
            low = legal & 0xFFFF
            count = half_count[low]
            pick = int(rand() * (count + half_count[legal >> 16]))
            card = half_cards[low][pick] if pick < count else 16 + half_cards[legal >> 16][pick - count]
            hands[seat] = hand ^ bit[card]
            total += points[card]
            if card > best and (card >= 24 or card >> 3 == best >> 3):
                best, win = card, pos
        leader = (leader + win) & 3
        score[leader & 1] += total
    score[leader & 1] += 10
    return score[0], score[1]


def loop(deals: int, seed: int) -> dict[str, object]:
    ruleset = load_variant("bulgarian")
    search = SearchPlayer(ruleset, seed)
    tuned_rng, engine_rng, search_rng = (random.Random(seed + i) for i in range(3))
    tables, obligations = ruleset.tables["hearts"], ruleset.obligations["hearts"]

    def rollout() -> None:
        deck = list(range(32))
        search_rng.shuffle(deck)
        state = DealState.from_hands(ruleset, [sum(1 << c for c in deck[i::4]) for i in range(4)], 0, "hearts", 1)
        search._roll_out(state, Memory(tables, obligations, ruleset.seating.players))

    plain_rng, plain_tables, auction_rng = random.Random(seed + 3), _baseline_tables(), random.Random(seed + 4)
    python_rng, python_auction_rng = random.Random(seed + 5), random.Random(seed + 6)
    runs = [lambda: tuned_deal(tuned_rng), lambda: baseline_deal(plain_rng, plain_tables),
            engine_loop(lambda: random_deal(ruleset, engine_rng, 0, "hearts"), KERNEL),
            engine_loop(lambda: random_deal(ruleset, auction_rng), KERNEL), rollout]
    if KERNEL is not None:  # the same engine without the kernel, in the same rounds
        runs += [engine_loop(lambda: random_deal(ruleset, python_rng, 0, "hearts"), None),
                 engine_loop(lambda: random_deal(ruleset, python_auction_rng), None)]
    tuned, plain, engine, auction, rollouts, *python = (deals / s for s in measure(runs, deals))
    result: dict[str, object] = {
        "deals": deals, "kernel": KERNEL is not None, "tuned_loop_per_second": round(tuned),
        "plain_loop_per_second": round(plain), "plain_to_tuned": round(plain / tuned, 3),
        "engine_random_per_second": round(engine), "engine_with_auction_per_second": round(auction),
        "engine_to_tuned": round(engine / tuned, 3), "engine_with_auction_to_tuned": round(auction / tuned, 3),
        "search_rollouts_per_second": round(rollouts), "rollout_to_tuned": round(rollouts / tuned, 3)}
    if python:
        result.update(python_random_per_second=round(python[0]), python_with_auction_per_second=round(python[1]),
                      python_to_tuned=round(python[0] / tuned, 3),
                      python_with_auction_to_tuned=round(python[1] / tuned, 3))
    return result


def levels(variant: str, deals: int, seed: int) -> dict[str, object]:
    """Per level: seconds per decision that left a choice, over ``deals`` deals played by that level at every seat."""
    ruleset = load_variant(variant)
    result: dict[str, object] = {"variant": variant, "deals": deals}
    for lv in LEVELS:
        times: list[float] = []
        call_times: list[float] = []
        rng = random.Random(seed)
        for number in range(deals):
            deck = list(ruleset.seating.cards)
            rng.shuffle(deck)
            state = DealState.start(ruleset, deck, number % ruleset.seating.players)
            players = [level_player(lv.name, ruleset, seed + seat) for seat in ruleset.seating.seats]
            while state.score is None and state.phase != "over":
                legal = state.legal_actions()
                view = state.view(state.to_act)
                started = time.process_time()
                action = players[state.to_act].choose(view, legal)
                if len({(a.kind, a.card, a.call, a.declarations) for a in legal}) > 1:
                    times.append(time.process_time() - started)
                    if state.phase == "bidding":
                        call_times.append(times[-1])
                state.apply(action)
        result[lv.name] = {"decisions": len(times), **_spread(times), "calls": len(call_times),
                           **{f"call_{k}": v for k, v in _spread(call_times).items()}}
    return result


def _spread(times: list[float]) -> dict[str, float]:
    """Median, 90th percentile and largest of ``times``, in milliseconds."""
    times = sorted(times) or [0.0]
    return {"median_ms": round(1000 * statistics.median(times), 2),
            "p90_ms": round(1000 * times[int(0.9 * (len(times) - 1))], 2), "max_ms": round(1000 * times[-1], 2)}


def strength(variants: list[str], deals: int, workers: int, seed: int) -> list[dict[str, object]]:
    with open_backend("local", workers) as backend:
        return [duel(load_variant(v), ("search", "heuristic"), deals, seed=seed, backend=backend).to_dict()
                for v in variants]


def bidding(variant: str, deals: int, seed: int) -> dict[str, object]:
    """``deals`` duplicate pairs with bidding: a searching bidder with the heuristic card play against the heuristic bot."""
    ruleset = load_variant(variant)

    class SearchBidder:
        name = "search bidder"

        def __init__(self, ruleset: Ruleset, seed: int) -> None:
            self.search, self.heuristic = SearchPlayer(ruleset, seed), HeuristicPlayer(ruleset)

        def choose(self, view: SeatView, legal: list[Action]) -> Action:
            return (self.search if view.phase == BIDDING else self.heuristic).choose(view, legal)

    bots: list[MakePlayer] = [SearchBidder, HeuristicPlayer]
    tally = DuplicateTally()
    started = time.process_time()
    for number in range(deals):
        pair_seed = derive_seed(seed, "deals", number)
        deck = list(ruleset.seating.cards)
        random.Random(pair_seed).shuffle(deck)
        seeds = [derive_seed(pair_seed, seat) for seat in ruleset.seating.seats]
        play_deal_pair(ruleset, deck, number % ruleset.seating.players, bots, seeds, True, tally)
    mean, (low, high), pairs = per_deal(tally.match_points.mean())
    return {"variant": variant, "pairs": pairs, "seed": seed, "match_points": round(mean, 2),
            "low": round(low, 2), "high": round(high, 2), "pairs_differing": pairs - tally.outcomes[1],
            "cpu_seconds": round(time.process_time() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("part", choices=["loop", "levels", "strength", "bidding"])
    parser.add_argument("--variant", default="bulgarian")
    parser.add_argument("--variants", default="bulgarian,french,coinche")
    parser.add_argument("--deals", type=int)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.part == "loop":
        result: object = loop(args.deals or 3000, args.seed)
    elif args.part == "levels":
        result = levels(args.variant, args.deals or 4, args.seed)
    elif args.part == "bidding":
        result = bidding(args.variant, args.deals or 300, args.seed)
    else:
        result = strength(args.variants.split(","), args.deals or 100, args.workers, args.seed)
    print(json.dumps(result, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
