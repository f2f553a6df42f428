"""The levels' strength in duplicate card play: expert against hard, hard against normal (the heuristic bot).

    python benchmarks/strength.py [--variants bulgarian,french,coinche] [--pairs 500] [--seed 1]
                                  [--pairings expert:search,search:heuristic] [--out-dir DIR]

Each pairing is a ``belot duel`` without ``--full``: every deal is played twice with the bots' seats
swapped, the heuristic bidder calling at every seat so both tables play the same contract, and the
first bot's card points per deal over the second's are given with the 95% interval over the deal
pairs. With ``--out-dir`` each duel streams to a results file there and a stopped run resumes where
it stopped. The issue's aims: expert over hard by 4 or more, hard over heuristic by 8 or more, and
expert's interval against the heuristic above 12 (``--pairings expert:heuristic``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from belot_rules import load_variant
from belot_rules.sim.backends import open_backend
from belot_rules.sim.duel import duel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="bulgarian,french,coinche")
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairings", default="expert:search,search:heuristic")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out-dir", type=Path, default=None)
    args = parser.parse_args()
    backend = open_backend("local", args.workers)
    if args.out_dir is not None:
        args.out_dir.mkdir(parents=True, exist_ok=True)
    for variant in args.variants.split(","):
        ruleset = load_variant(variant)
        for pairing in args.pairings.split(","):
            first, second = pairing.split(":")
            out = None if args.out_dir is None else args.out_dir / f"{variant}-{first}-{second}.jsonl"
            result = duel(ruleset, [first, second], args.pairs, seed=args.seed, backend=backend, out=out,
                          resume=out is not None and out.exists())
            value, (low, high), pairs = result.card_points()
            speed = result.decisions_per_second()
            print(f"{variant}: {first} against {second}, {pairs} deal pairs: {value:+.1f} card points a deal "
                  f"({low:+.1f} to {high:+.1f}); decisions a second {speed[0]:.1f} and {speed[1]:.1f}; "
                  f"{result.seconds:.0f} s", flush=True)


if __name__ == "__main__":
    main()
