"""Where a deal of ``belot simulate --seats random,random,random,random`` spends its time, step by step.

    python benchmarks/phases.py [--variant bulgarian] [--deals 3000] [--json]

On one core, interleaved in rounds and timed in CPU seconds (the fastest round of each, as
``commands.py`` times them), beside the tuned loop of ``search.py``: deals played up to each step of
a worker's chunk, each run doing all the steps before it too, so a step costs the difference from
the run before it: the deal's seed, its generator (seeded again, as a chunk does), its shuffled
deck, dealing (``DealState.start``, the deck unchecked as a chunk deals it), the random auction with
the opening of play (the rest of the deal, belotes, who declares), the card play with declarations,
belotes and the scoring, then the whole chunk (with the tally); each run plays deals of its own, so
that what one remembers does not serve another. These steps are the deal-by-deal path (a ``DealState`` per deal,
the kernel playing its tricks and scoring it), which chunks take where the kernel's whole random deals
(engine/random_deals.py) do not: their chunks are timed too (``whole_deals``), with the kernel's whole deals
switched off for every other run. The scoring is also timed alone: the same deals'
scorer calls made again (its memory of scores cleared each round); and chunks of new deals with the
contest of declarations (``resolve``) or the whole score standing in, answering at once: what each
costs a chunk. What a chunk would reach with a step at no cost says which steps stand between random
seats and a target ratio to the tuned loop. In a checkout: ``PYTHONPATH=$PWD:$PWD/benchmarks``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from typing import Any

from commands import deal_by_deal, fastest  # beside this file
from playouts import KERNEL
from search import tuned_deal

from belot_rules import load_variant
from belot_rules.engine.deal import DealState
from belot_rules.engine.playout import play_at_random, random_auction
from belot_rules.rules.deal.dealing import shuffle
from belot_rules.ruleset import Ruleset
from belot_rules.sim.plan import Chunk, compiled
from belot_rules.sim.simulate import DEALS, Plan, derive_seed, play_chunk, reseed

STEPS = ("seed", "generator", "deck", "dealing", "auction", "play_and_scoring", "tally")
# Each step's run plays deals of its own, this many numbers apart, as a chunk meets deals it has not seen: the
# contests of declarations one run remembers (rules/declarations/melds.py, resolve) would serve the next run's same deals.
APART = 10**7


def whole_deals(variant: str, seed: int, apart: int) -> Callable[[int, int], object]:
    """Chunks of new deals (``apart`` from the other runs') as ``belot simulate`` plays them: in the kernel's whole
    random deals where it takes the variant."""
    loaded = load_variant(variant)
    ruleset = compiled(loaded.variant, loaded.content_hash)
    plan = Plan(((ruleset.variant, ruleset.content_hash),), DEALS, ("random",) * ruleset.seating.players, seed)
    return lambda number, count: play_chunk(plan, Chunk(0, apart + number * count, count))


def runs(variant: str, seed: int) -> dict[str, Callable[[int, int], object]]:
    """Per step, a run that plays ``count`` deals of round ``number`` (its own, ``APART`` from the other runs') up to
    the end of that step."""
    loaded = load_variant(variant)
    ruleset = compiled(loaded.variant, loaded.content_hash)  # the rules the chunks play, for every step
    seating = ruleset.seating
    plan = Plan(((ruleset.variant, ruleset.content_hash),), DEALS, ("random",) * seating.players, seed)

    def upto(step: int) -> Callable[[int, int], object]:
        def run(number: int, count: int) -> None:
            rng = random.Random()
            first = step * APART + number * count
            for deal in range(first, first + count):
                dealt = derive_seed(seed, DEALS, deal)
                if step < 1:
                    continue
                reseed(rng, dealt)  # as play_chunk seeds its one generator again for each deal
                if step < 2:
                    continue
                deck = list(seating.cards)
                shuffle(rng, deck)
                if step < 3:
                    continue
                state = DealState.start(ruleset, deck, deal % seating.players, shuffled=True)
                if step < 4:
                    continue
                random_auction(ruleset.bidding, state.running_auction(), rng.random)
                state.auction_over()
                if step < 5:
                    continue
                play_at_random(state, rng.random)

        return run

    steps: dict[str, Callable[[int, int], object]] = {name: upto(i) for i, name in enumerate(STEPS[:-1])}
    steps["tally"] = deal_by_deal(
        lambda number, count: play_chunk(plan, Chunk(0, (len(STEPS) - 1) * APART + number * count, count)))
    return steps


def scoring_alone(variant: str, seed: int, deals: int, rounds: int) -> Callable[[int, int], object]:
    """The scorer calls of the deals :func:`runs` plays, made again by a scorer of their own: round ``number``'s
    ``count`` deals."""
    loaded = load_variant(variant)
    scoring = Ruleset(loaded.variant, loaded.content_hash).scoring
    ruleset = compiled(loaded.variant, loaded.content_hash)
    calls: list[tuple[Any, ...]] = []
    score = scoring.score

    def spy(*args: Any) -> Any:
        calls.append(args)
        return score(*args)

    ruleset.scoring.score = spy  # type: ignore[method-assign]
    try:
        runs(variant, seed)["play_and_scoring"](0, deals)
    finally:
        del ruleset.scoring.score
    per_round = max(1, deals // rounds)

    def run(number: int, count: int) -> None:
        scoring._scored.clear()
        for args in calls[number * per_round:number * per_round + count]:
            score(*args)

    return run


STAND_INS = ("resolve", "score")  # the parts a chunk is also timed without: each answers at once what it first did


def with_stand_in(variant: str, seed: int, part: str, apart: int) -> Callable[[int, int], object]:
    """Chunks of new deals (``apart`` from the other runs') whose contest of declarations (``resolve``) or whole score
    (``score``) is a stand-in giving at once the answer of its first call: what that part costs a chunk."""
    loaded = load_variant(variant)
    ruleset = compiled(loaded.variant, loaded.content_hash)
    plan = Plan(((ruleset.variant, ruleset.content_hash),), DEALS, ("random",) * ruleset.seating.players, seed)
    owner: Any = ruleset.declarations if part == "resolve" else ruleset.scoring
    real = getattr(owner, part)
    answers: list[Any] = []

    def stand_in(*args: Any) -> Any:
        if not answers:
            answers.append(real(*args))
        return answers[0]

    def run(number: int, count: int) -> None:
        setattr(owner, part, stand_in)
        try:
            play_chunk(plan, Chunk(0, apart + number * count, count))
        finally:
            delattr(owner, part)

    return deal_by_deal(run)


def measure(variant: str, deals: int, seed: int, rounds: int = 15) -> dict[str, Any]:
    """Microseconds per deal of each step and of the tuned loop, and the ratios a chunk would reach without each."""
    rng = random.Random(seed)

    def tuned(number: int, count: int) -> None:
        for _ in range(count):
            tuned_deal(rng)

    named = {"tuned_loop": tuned, **runs(variant, seed), "scoring": scoring_alone(variant, seed, deals, rounds),
             **{f"without_{part}": with_stand_in(variant, seed, part, (len(STEPS) + i) * APART)
                for i, part in enumerate(STAND_INS)},
             "whole_deals": whole_deals(variant, seed, (len(STEPS) + len(STAND_INS)) * APART)}
    spent = dict(zip(named, (s * 1e6 for s in fastest(list(named.values()), deals, rounds))))
    steps, before = {}, 0.0
    for name in STEPS:
        steps[name] = round(spent[name] - before, 2)
        before = spent[name]
    chunk, tuned_us = spent["tally"], spent["tuned_loop"]
    return {"variant": variant, "deals": deals, "kernel": KERNEL is not None, "tuned_loop_us": round(tuned_us, 2),
            "chunk_us": round(chunk, 2), "chunk_to_tuned": round(tuned_us / chunk, 3),
            "whole_deals_us": round(spent["whole_deals"], 2),
            "whole_deals_to_tuned": round(tuned_us / spent["whole_deals"], 3), "steps_us": steps,
            "scoring_alone_us": round(spent["scoring"], 2),
            "stand_in_saves_us": {part: round(chunk - spent[f"without_{part}"], 2) for part in STAND_INS},
            "to_tuned_with_stand_in": {part: round(tuned_us / spent[f"without_{part}"], 3) for part in STAND_INS},
            "to_tuned_without": {name: round(tuned_us / max(chunk - cost, 1e-9), 3)
                                 for name, cost in [*steps.items(), ("scoring", spent["scoring"])]}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="bulgarian")
    parser.add_argument("--deals", type=int, default=3000, help="deals of each run (15 rounds)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 15:
        parser.error("--deals needs at least 15 (one per round)")
    result = measure(args.variant, args.deals, args.seed)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['variant']}, one core, CPU time ({'compiled kernel' if result['kernel'] else 'pure Python'}): "
          f"tuned loop {result['tuned_loop_us']} us a deal; a random-seat chunk {result['chunk_us']} us a deal, "
          f"{result['chunk_to_tuned']} of the tuned loop, deal by deal; in the kernel's whole deals "
          f"{result['whole_deals_us']} us a deal, {result['whole_deals_to_tuned']} of the tuned loop")
    for name, cost in [*result["steps_us"].items(), ("scoring (alone)", result["scoring_alone_us"])]:
        key = name.split(" ")[0]
        print(f"  {name.replace('_', ' ')}: {cost} us ({cost / result['chunk_us']:.0%}); "
              f"at no cost the chunk would be {result['to_tuned_without'][key]} of the tuned loop")
    for part in STAND_INS:
        print(f"  {part} (a stand-in in chunks of new deals): {result['stand_in_saves_us'][part]} us; with the "
              f"stand-in the chunk is {result['to_tuned_with_stand_in'][part]} of the tuned loop")
    return 0


if __name__ == "__main__":
    sys.exit(main())
