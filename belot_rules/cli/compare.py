"""``belot compare A B [C ...]``: what differs between variants, and what it changes at the table.

The rules table lists every option whose value differs, grouped by phase, with
the option's description; ``--all`` lists the equal ones too. ``--simulate N``
plays N deals of each variant with the same bots and the same decks and shows
the statistics side by side, marking those whose 95% intervals do not overlap.
"""

from __future__ import annotations

import argparse
from itertools import groupby
from typing import Any

from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from .. import load_variant
from ..errors import UserError
from ..ruleset import Ruleset
from ..sim.compare import ComparedStatistic, RuleRow, compare_results, compare_rules
from ..sim.simulate import DEALS, SimulationResult, parse_seats, simulate_many
from .output import console, print_json
from .show import plain_value as plain
from .sim_view import add_simulation_options, grouped_table, positive_int, progress_bar, show_interval, show_value, \
    speed_line

MARK = "≠"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "compare",
        help="compare the rules of variants, and simulate them side by side",
        description="Show every rule that differs between two or more variants (shipped names or files); "
                    "with --simulate, play the same deals of each with the same bots and compare the results.",
    )
    parser.add_argument("variants", nargs="+", metavar="NAME_OR_FILE", help="two or more variants")
    parser.add_argument("--all", action="store_true", help="also list the options that are equal")
    parser.add_argument("--simulate", type=positive_int, metavar="N", help="simulate N deals of each variant")
    add_simulation_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if len(args.variants) < 2:
        raise UserError("compare needs at least two variants, e.g. belot compare bulgarian french")
    rulesets = [load_variant(v) for v in args.variants]
    names = _column_names(rulesets, args.variants)
    every = compare_rules([r.variant for r in rulesets], show_all=True)
    rows = every if args.all else [row for row in every if row.differs]
    hidden = len(every) - len(rows)
    results: list[SimulationResult] = []
    if args.simulate:
        seats = parse_seats(args.seats, max(r.seating.players for r in rulesets))
        with progress_bar(not args.json, f"simulating {len(rulesets)} variants") as progress:
            results = simulate_many(rulesets, DEALS, args.simulate, seats, args.seed, args.workers, progress)
    compared = compare_results(results) if results else []
    if args.json:
        print_json(_as_json(args, rulesets, names, rows, hidden, results, compared))
        return 0
    out = console()
    _print_rules(out, names, rows, hidden)
    if results:
        _print_simulation(out, names, results, compared)
    return 0


def _column_names(rulesets: list[Ruleset], given: list[str]) -> list[str]:
    """Each variant's name, or what was typed when two variants share a name."""
    names = [r.name for r in rulesets]
    return [n if names.count(n) == 1 else g for n, g in zip(names, given)]


def _print_rules(out: Any, names: list[str], rows: list[RuleRow], hidden: int) -> None:
    differing = sum(row.differs for row in rows)
    if not differing:
        out.print("[bold]The rules are the same.[/]")
    else:
        out.print(f"[bold]Rules that differ[/] ({differing})")
    for phase, phase_rows in groupby(rows, key=lambda r: r.phase):
        out.print(f"\n[bold underline]{phase.capitalize()}[/]")
        for row in phase_rows:
            if not row.differs:
                out.print(f"  [dim]{escape(row.option)}: {escape(plain(row.values[0]))} (all)[/]")
                continue
            values = Table.grid(padding=(0, 2))
            values.add_column(style="dim")
            values.add_column(style="bold")
            values.add_column(style="dim")
            for name, value, said in zip(names, row.values, row.meanings or [None] * len(names)):
                values.add_row(escape(name), escape(plain(value)), escape(said or ""))
            out.print(f"  [cyan]{escape(row.option)}[/]")
            out.print(Padding(values, (0, 0, 0, 6), expand=False))
            out.print(Padding(Text(row.description, style="dim"), (0, 0, 0, 6), expand=False), soft_wrap=False)
    if hidden:
        out.print(f"\n[dim]{hidden} equal options hidden; --all lists them.[/]")


def _print_simulation(out: Any, names: list[str], results: list[SimulationResult],
                      compared: list[ComparedStatistic]) -> None:
    first = results[0]
    deals = sum(r.tally.deals for r in results)
    out.print()
    out.print(f"[bold]Simulation[/]: {first.count:,} deals of each variant, "
              f"seats {escape(', '.join(first.seats))}, seed {first.seed}; "
              f"{speed_line(deals, sum(r.seconds for r in results))}")
    out.print()
    out.print(grouped_table(
        ["statistic", *names, ""],
        ((s.group, [escape(s.label), *(f"[bold]{show_value(v)}[/] [dim]{show_interval(v)}[/]" for v in s.values),
                    f"[bold yellow]{MARK}[/]" if s.marked else ""]) for s in compared)))
    out.print(f"\n[dim]{MARK}: the 95% intervals do not overlap (a difference very unlikely to be chance).[/]")


def _as_json(args: argparse.Namespace, rulesets: list[Ruleset], names: list[str], rows: list[RuleRow], hidden: int,
             results: list[SimulationResult], compared: list[ComparedStatistic]) -> dict[str, Any]:
    simulation = None
    if results:
        simulation = {
            "deals": args.simulate,
            "seats": list(results[0].seats),
            "seed": args.seed,
            "workers": args.workers,
            "seconds": round(sum(r.seconds for r in results), 3),
            "results": [r.to_dict() for r in results],
            "differences": [s.to_dict() for s in compared if s.marked],
        }
    return {
        "variants": [{"name": n, "title": r.variant.title, "source": given}
                     for n, r, given in zip(names, rulesets, args.variants)],
        "rules": [row.to_dict() for row in rows],
        "equal_options_hidden": hidden,
        "simulation": simulation,
    }
