"""``belot duel``: two bots in duplicate, every deal played twice with the bots' seats swapped."""

from __future__ import annotations

import argparse
from typing import Any

from rich.markup import escape

from .. import load_variant
from ..i18n import gettext as _
from ..players import REGISTRY
from ..ruleset import Ruleset
from ..sim.duel import DuelResult, duel
from ..variant.model import ContractAtStake
from .output import console
from .sim_view import add_simulation_options, play_and_show, positive_int


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "duel",
        help=_("duplicate deals (and matches) between two bots"),
        description=_("Play every deal twice with the two bots' seats swapped, so the luck of the cards cancels, "
                    "and report the first bot's advantage per deal with 95% intervals over the deal pairs. "
                    "A bot is a name ({names}) or an outside bot: path/to/file.py:Name or "
                    "module:Name. The same seed gives the same numbers with any number of workers.").format(
            names=", ".join(REGISTRY)),
    )
    parser.add_argument("first", metavar="X", help=_("the first bot"))
    parser.add_argument("second", metavar="Y", help=_("the second bot"))
    parser.add_argument("--variant", required=True, metavar="NAME_OR_FILE", help=_("a shipped variant or a file"))
    parser.add_argument("--deals", type=positive_int, required=True, metavar="N", help=_("deal pairs to play"))
    parser.add_argument("--full", action="store_true",
                        help=_("the bots bid too (without it the heuristic bidder bids for every seat, so both "
                             "tables of a pair play the same contract and only the card play differs)"))
    parser.add_argument("--matches", type=int, default=0, metavar="M",
                        help=_("with --full, also play M pairs of whole matches and count the matches won"))
    add_simulation_options(parser, seats=False)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    ruleset = load_variant(args.variant)
    return play_and_show(args, f"{ruleset.name}: {args.first} vs {args.second}", lambda backend, progress: duel(
        ruleset, (args.first, args.second), args.deals, args.full, args.matches, args.seed, backend, progress,
        args.out, args.resume), lambda result: render(result, ruleset))


def render(result: DuelResult, ruleset: Ruleset) -> None:
    out = console()
    first, second = (escape(b) for b in result.bots)
    data = result.to_dict()
    if ruleset.bidding.deal_fixes_trump:  # belote-a-deux.md §B.2: no auction, so no bidder to name
        mode = "card play (the deal names trump)"
    else:
        mode = "bidding and card play" if result.full else "card play (the heuristic bidder bids)"
    stake = ruleset.variant.scoring.contract != ContractAtStake.each_own  # else no contract is made or failed
    out.print(f"[bold]{escape(result.variant)}[/]: {first} against {second}, {data['deal_pairs']:,} deal pairs, "
              f"{mode}")
    out.print(f"[dim]seed {result.seed} · {result.workers} worker(s) ({result.backend}) · {result.seconds:.1f} s[/]")
    for label, key in (("card points", "card_points"), ("match points", "match_points")):
        d = data[key]
        out.print(f"{first} − {second}, {label} per deal: [bold]{d['mean']:+.2f}[/] "
                  f"(95% interval {d['low']:+.2f} to {d['high']:+.2f})")
    for row in data["contracts"] if stake else ():
        rate = f" ({100 * row['made'] / row['taken']:.0f}%)" if row["taken"] else ""
        out.print(f"contracts taken by {escape(row['bot'])}'s side: {row['taken']}, made {row['made']}{rate}")
    speeds = data["decisions_per_second"]
    out.print(f"decisions per second: {first} {speeds[0]:,.1f}, {second} {speeds[1]:,.1f}")
    matches = data["matches"]
    if matches:
        out.print(f"matches won by {first}: {matches['won'][0]} of {matches['played']} "
                  f"({100 * matches['rate']:.1f}%, 95% interval {100 * matches['low']:.1f}–{100 * matches['high']:.1f}%)")
