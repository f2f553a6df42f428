"""``belot simulate``: many deals or matches between bots, with 95% confidence intervals."""

from __future__ import annotations

import argparse
from typing import Any

from rich.markup import escape

from .. import load_variant
from ..i18n import gettext as _
from ..sim.simulate import DEALS, MATCHES, SimulationResult, parse_seats, simulate
from .output import console
from .sim_view import (
    add_simulation_options,
    bar_width,
    grouped_table,
    play_and_show,
    positive_int,
    rate_bar,
    show_interval,
    show_value,
    speed_line,
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help=_("simulate deals or matches between bots"),
        description=_("Let bots play many deals or matches of a variant and report what happens, "
                    "with 95% confidence intervals. The same seed gives the same numbers."),
    )
    parser.add_argument("--variant", required=True, metavar="NAME_OR_FILE", help=_("a shipped variant or a file"))
    count = parser.add_mutually_exclusive_group(required=True)
    count.add_argument("--deals", type=positive_int, metavar="N", help=_("play N independent deals"))
    count.add_argument("--matches", type=positive_int, metavar="N", help=_("play N whole matches"))
    add_simulation_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    ruleset = load_variant(args.variant)
    seats = parse_seats(args.seats, ruleset.seating.players)
    mode, count = (DEALS, args.deals) if args.deals is not None else (MATCHES, args.matches)
    return play_and_show(args, f"{ruleset.name}: {mode}", lambda backend, progress: simulate(
        ruleset, mode, count, seats, args.seed, progress=progress, backend=backend, out=args.out,
        resume=args.resume), render)


def render(result: SimulationResult) -> None:
    out = console()
    matches = f"{result.tally.matches:,} matches, " if result.mode == MATCHES else ""
    out.print(f"[bold]{escape(result.variant)}[/]: {matches}{speed_line(result.tally.deals, result.seconds)}")
    out.print(f"[dim]seats {escape(', '.join(result.seats))} · seed {result.seed} · {result.workers} worker(s) "
              f"({result.backend})[/]")
    out.print()
    shown = result.shown()
    bar = bar_width(out.width, max(len(s.label) for s in shown), 1)
    out.print(grouped_table(["statistic", "value", "95% interval"],
                            ((s.group, [escape(s.label), f"{rate_bar(s.value, bar)}[bold]{show_value(s.value):>6}[/]",
                                        show_interval(s.value)]) for s in shown)))
