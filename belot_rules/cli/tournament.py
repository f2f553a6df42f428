"""``belot tournament``: a round robin of bots in duplicate, with ratings and intervals."""

from __future__ import annotations

import argparse
from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table

from .. import load_variant
from ..i18n import gettext as _
from ..sim.tournament import TournamentResult, parse_bots, tournament
from .output import console
from .sim_view import add_simulation_options, play_and_show, positive_int


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tournament",
        help=_("a round robin of bots in duplicate, with ratings"),
        description=_("Every pair of bots plays the same deals in duplicate (each deal twice, the seats swapped), "
                    "and the table gives each pair's advantage with its 95% interval and each bot's "
                    "Bradley-Terry rating on the Elo scale. The same seed gives the same numbers on any "
                    "backend with any number of workers."),
    )
    parser.add_argument("--variant", required=True, metavar="NAME_OR_FILE", help=_("a shipped variant or a file"))
    parser.add_argument("--bots", required=True, metavar="A,B,C",
                        help=_("two or more bots: names (random, heuristic, ...) or outside bots"))
    parser.add_argument("--deals", type=positive_int, required=True, metavar="N",
                        help=_("deal pairs each pair of bots plays"))
    parser.add_argument("--full", action="store_true",
                        help=_("the bots bid too (without it the heuristic bidder bids for every seat, as in duel)"))
    add_simulation_options(parser, seats=False)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    ruleset = load_variant(args.variant)
    bots = parse_bots(args.bots)
    return play_and_show(args, f"{ruleset.name}: {len(bots)} bots", lambda backend, progress: tournament(
        ruleset, bots, args.deals, args.full, args.seed, backend, progress, args.out, args.resume), render)


def render(result: TournamentResult) -> None:
    out = console()
    data = result.to_dict()
    mode = "bidding and card play" if result.full else "card play (the heuristic bidder bids)"
    out.print(f"[bold]{escape(result.variant)}[/]: {len(result.bots)} bots, {result.deals:,} deal pairs per pair, "
              f"{mode}")
    out.print(f"[dim]seed {result.seed} · {result.workers} worker(s) ({result.backend}) · {result.seconds:.1f} s[/]")
    out.print()
    ratings = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for header, justify in (("bot", "left"), ("rating", "right"), ("95% interval", "right"),
                            ("deal pairs won", "right"), ("drawn", "right"), ("lost", "right")):
        ratings.add_column(header, justify=justify)  # type: ignore[arg-type]
    for row in data["ratings"]:
        ratings.add_row(f"[cyan]{escape(row['bot'])}[/]", f"[bold]{row['rating']:+.0f}[/]",
                        f"{row['low']:+.0f} to {row['high']:+.0f}", str(row["won"]), str(row["drawn"]),
                        str(row["lost"]))
    out.print(ratings)
    pairs = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for header, justify in (("pair", "left"), ("match points per deal", "right"), ("95% interval", "right"),
                            ("won–drawn–lost", "right")):
        pairs.add_column(header, justify=justify)  # type: ignore[arg-type]
    for row in data["pairs"]:
        points = row["match_points"]
        pairs.add_row(f"{escape(row['first'])} − {escape(row['second'])}", f"[bold]{points['mean']:+.2f}[/]",
                      f"{points['low']:+.2f} to {points['high']:+.2f}",
                      f"{row['won']}–{row['drawn']}–{row['lost']}")
    out.print(pairs)
    out.print(f"[dim]Ratings: {escape(data['method'])}.[/]", soft_wrap=False)
