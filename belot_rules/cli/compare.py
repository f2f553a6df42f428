"""``belot compare A B [C ...]``: what differs between variants, and what it changes at the table.

The rules table lists every option whose value differs, grouped by phase, with
the option's description; ``--all`` lists the equal ones too. ``--simulate N``
plays N deals of each variant with the same bots and the same decks and shows
the statistics side by side, marking those whose 95% intervals do not overlap.
"""

from __future__ import annotations

import argparse
import textwrap
from itertools import groupby
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.text import Text

from .. import load_variant
from ..errors import FileError, UserError, VariantError
from ..i18n import gettext as _, ngettext
from ..ruleset import Ruleset
from ..sim.backends import Backend
from ..sim.compare import ComparedStatistic, RuleRow, compare_results, compare_rules
from ..sim.simulate import DEALS, MATCHES, SimulationResult, parse_seats, simulate_many
from ..variant.loader import LoadedVariant, load_variant_model, rules_from
from .output import console, print_json
from .report import check_report, write_report
from .show import phase_heading, plain_value as plain, value_items
from .sim_view import (
    add_simulation_options,
    backend_for,
    bar_width,
    grouped_table,
    positive_int,
    print_loads,
    progress_bar,
    speed_line,
    statistic_label,
    value_cell,
)

MARK = "≠"
DEALS_PER_MATCH, MIN_MATCHES = 20, 10  # matches a report simulates when --matches is not given


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "compare",
        help=_("compare the rules of variants, and simulate them side by side"),
        description=_("Show every rule that differs between two or more variants (shipped names or files); "
                    "with --simulate, play the same deals of each with the same bots and compare the results."),
    )
    parser.add_argument("variants", nargs="+", metavar="NAME_OR_FILE", help=_("two or more variants"))
    parser.add_argument("--all", action="store_true", help=_("also list the options that are equal"))
    parser.add_argument("--simulate", type=positive_int, metavar="N", help=_("simulate N deals of each variant"))
    parser.add_argument("--matches", type=positive_int, metavar="M",
                        help=_("also simulate M whole matches of each variant: match length, wins, the first "
                               "bidder's advantage (with --report: one per {deals} deals, at least {least}, unless "
                               "given)").format(deals=DEALS_PER_MATCH, least=MIN_MATCHES))
    parser.add_argument("--report", metavar="FILE",
                        help=_("write the comparison, with charts, as one self-contained HTML file "
                             "(needs matplotlib: pip install 'belot-rules[report]', or '.[report]' in a checkout); "
                             "an existing FILE is kept unless --overwrite is given"))
    parser.add_argument("--overwrite", action="store_true",
                        help=_("let --report write over an existing file (never over a file the comparison reads)"))
    add_simulation_options(parser)
    parser.set_defaults(run=run)


def _load_all(variants: list[str]) -> list[LoadedVariant]:
    """Every variant compared, or the problems of every one that cannot be loaded, all told at once."""
    loaded, problems = [], []
    for variant in variants:
        try:
            loaded.append(load_variant_model(variant))
        except FileError as err:
            problems += err.problems
    if problems:
        raise VariantError(problems)
    return loaded


def run(args: argparse.Namespace) -> int:
    if len(args.variants) < 2:
        raise UserError("compare needs at least two variants, e.g. belot compare bulgarian french")
    bases = _load_all(args.variants)
    rulesets = [load_variant(v) for v in args.variants]
    names = _column_names(rulesets, args.variants)
    every = compare_rules([r.variant for r in rulesets], show_all=True)
    rows = every if args.all else [row for row in every if row.differs]
    hidden = len(every) - len(rows)
    if args.overwrite and not args.report:
        raise UserError("--overwrite goes with --report: it lets the page replace an existing file")
    if args.report:
        check_report(args.report, args.overwrite, _inputs(args, bases))
    matches = args.matches
    if matches is None and args.report and args.simulate:
        matches = max(MIN_MATCHES, args.simulate // DEALS_PER_MATCH)
    seats = parse_seats(args.seats, max(r.seating.players for r in rulesets))
    if args.out and args.simulate and matches:
        raise UserError("--out holds one run: use it with --simulate or with --matches, not both")
    results: list[SimulationResult] = []
    match_results: list[SimulationResult] = []
    if args.simulate or matches:
        with backend_for(args) as backend:
            results = _simulate(args, backend, rulesets, DEALS, args.simulate, seats)
            match_results = _simulate(args, backend, rulesets, MATCHES, matches, seats)
    data = _as_json(args, rulesets, bases, names, rows, hidden, results, match_results)
    if args.json:
        print_json(data)
    else:
        _print_all(console(), names, bases, rows, hidden, results, match_results)
    if args.report:  # after the results are shown, so that a page that cannot be written loses none of them
        write_report(args.report, args.overwrite, data, results, match_results)
        if not args.json:
            console().print("\n" + _("Report written to {path} (open it in a browser).").format(path=args.report),
                            markup=False, highlight=False)
    return 0


def _inputs(args: argparse.Namespace, bases: list[LoadedVariant]) -> list[tuple[Path, str]]:
    """The files this comparison reads or streams to, which a report must never replace."""
    inputs = [(path, "a variant file this comparison reads") for base in bases for path in base.chain]
    if args.out:
        inputs.append((Path(args.out).expanduser(), "the --out results file of this run"))
    return inputs


def _print_all(out: Any, names: list[str], bases: list[LoadedVariant], rows: list[RuleRow], hidden: int,
               results: list[SimulationResult], match_results: list[SimulationResult]) -> None:
    _print_bases(out, names, bases)
    _print_rules(out, names, rows, hidden)
    for run in (results, match_results):
        if run:
            _print_simulation(out, names, run, compare_results(run))
    if results or match_results:
        said = _("{mark}: the 95% intervals do not overlap (a difference very unlikely to be chance).").format(mark=MARK)
        out.print("\n" + f"[dim]{escape(said)}[/]")


def _simulate(args: argparse.Namespace, backend: Backend, rulesets: list[Ruleset], mode: str, count: int | None,
              seats: tuple[str, ...]) -> list[SimulationResult]:
    if not count:
        return []
    with progress_bar(not args.json, f"simulating {len(rulesets)} variants: {mode}") as progress:
        results = simulate_many(rulesets, mode, count, seats, args.seed, progress=progress, backend=backend,
                                out=args.out, resume=args.resume)
    if args.verbose:
        print_loads(results[0].loads)
    return results


def _column_names(rulesets: list[Ruleset], given: list[str]) -> list[str]:
    """Each variant's name, or what was typed when two variants share a name."""
    names = [r.name for r in rulesets]
    return [n if names.count(n) == 1 else g for n, g in zip(names, given)]


def _print_bases(out: Any, names: list[str], bases: list[LoadedVariant]) -> None:
    """Where each variant's rules come from, so a house file that forgot its ``extends`` shows it."""
    width = max(len(n) for n in names)
    for name, base in zip(names, bases):
        said = textwrap.wrap(_("rules from {files}").format(files=rules_from(base)), max(20, out.width - width - 2))
        out.print(Text(f"{name:<{width}}  ", style="bold").append(said[0], style="dim"), soft_wrap=True)
        notes = [_("note: {message}").format(message=w.message) for w in base.warnings]
        for line in said[1:] + notes:
            for part in textwrap.wrap(line, max(20, out.width - width - 2)):
                out.print(Text(" " * (width + 2) + part, style="yellow" if line in notes else "dim"), soft_wrap=True)
    out.print()


def _print_rules(out: Any, names: list[str], rows: list[RuleRow], hidden: int) -> None:
    differing = sum(row.differs for row in rows)
    if not differing:
        out.print(Text(_("The rules are the same"), style="bold"))
    else:
        out.print(Text(_("Rules that differ ({count})").format(count=differing), style="bold"))
    for phase, phase_rows in groupby(rows, key=lambda r: r.phase):
        out.print(f"\n[bold underline]{escape(phase_heading(phase))}[/]")
        for row in phase_rows:
            if not row.differs:
                same = _("{option}: {value} (all)").format(option=row.option, value=plain(row.values[0]))
                out.print(f"  [dim]{escape(same)}[/]")
                continue
            out.print(f"  [cyan]{escape(row.option)}[/]")
            for line in value_lines(names, row, out.width):
                out.print(line, soft_wrap=True)
            for wrapped in textwrap.wrap(row.description, max(20, out.width - INDENT)):
                out.print(Text(" " * INDENT + wrapped, style="dim"), soft_wrap=True)
    if hidden:
        said = ngettext("{count} equal option hidden; --all lists it.", "{count} equal options hidden; --all lists them.",
                        hidden).format(count=hidden)
        out.print(f"\n[dim]{escape(said)}[/]")


INDENT = 6  # of a rule's values and description below its name
MIN_SAID = 24  # narrower than this, what a value means goes below it instead of beside it


def value_lines(names: list[str], row: RuleRow, width: int) -> list[Text]:
    """Each variant's value of a rule in columns that never cut a name short or break an item of a value:
    name, value (wrapped between items), then what it means (wrapped in words; below the value when the
    line is too narrow). A variant that does not use the rule says so instead."""
    name_width = max(len(n) for n in names)
    room = max(20, width - INDENT - name_width - 2)
    values = [_wrap_items(value_items(v), room) for v in row.values]
    value_width = max(len(line) for lines in values for line in lines)
    said_width = room - value_width - 2
    below = said_width < MIN_SAID
    said_at = INDENT + name_width + 2 + (0 if below else value_width + 2)
    lines = []
    for name, value, said, unused in zip(names, values, row.meanings or [None] * len(names),
                                         row.unused or [None] * len(names)):
        said = _("not used: {reason}").format(reason=unused) if unused else said or ""
        said_lines = textwrap.wrap(said, max(20, width - said_at)) if said else []
        for number, part in enumerate(value):
            line = Text(" " * INDENT)
            line.append(f"{name if number == 0 else '':<{name_width}}  ", style="dim")
            line.append(part, style="dim" if unused else "bold")
            if not below and number < len(said_lines):
                line.append(" " * (value_width - len(part) + 2) + said_lines[number], style="dim")
            lines.append(line)
        extra = said_lines if below else said_lines[len(value):]
        lines += [Text(" " * said_at + part, style="dim") for part in extra]
    for line in lines:
        line.rstrip()
    return lines


def _wrap_items(items: list[str], width: int) -> list[str]:
    lines = [items[0]]
    for item in items[1:]:
        if len(lines[-1]) + 1 + len(item) <= width:
            lines[-1] += " " + item
        else:
            lines.append(item)
    return lines


def _print_simulation(out: Any, names: list[str], results: list[SimulationResult],
                      compared: list[ComparedStatistic]) -> None:
    first = results[0]
    deals = sum(r.tally.deals for r in results)
    if first.mode == MATCHES:  # the deals of the matches were counted above already: their ends only
        compared = [s for s in compared if s.group == "match"]
    out.print()
    said = (ngettext("Simulation: {count} match of each variant, seats {seats}, seed {seed}; {speed}",
                     "Simulation: {count} matches of each variant, seats {seats}, seed {seed}; {speed}", first.count)
            if first.mode == MATCHES else
            ngettext("Simulation: {count} deal of each variant, seats {seats}, seed {seed}; {speed}",
                     "Simulation: {count} deals of each variant, seats {seats}, seed {seed}; {speed}", first.count))
    said = said.format(count=f"{first.count:,}", seats=", ".join(first.seats), seed=first.seed,
                       speed=speed_line(deals, sum(r.seconds for r in results)))
    for line in textwrap.wrap(said, max(20, out.width)):
        out.print(Text(line), soft_wrap=True)
    out.print()
    labels = [statistic_label(s.group, s.key, s.label) for s in compared]
    label_width = max(len(label) for label in labels)
    bar = bar_width(out.width, label_width, len(names))
    out.print(grouped_table(
        [_("statistic"), *names, ""],
        ((s.group, [escape(label), *(value_cell(v, bar) for v in s.values),
                    f"[bold yellow]{MARK}[/]" if s.marked else ""]) for s, label in zip(compared, labels))))


def _as_json(args: argparse.Namespace, rulesets: list[Ruleset], bases: list[LoadedVariant], names: list[str],
             rows: list[RuleRow], hidden: int, results: list[SimulationResult],
             match_results: list[SimulationResult]) -> dict[str, Any]:
    simulation = None
    if results or match_results:
        simulation = {
            "deals": args.simulate,
            "seats": list((results or match_results)[0].seats),
            "seed": args.seed,
            "workers": (results or match_results)[0].workers,
            "backend": (results or match_results)[0].backend,
            "seconds": round(sum(r.seconds for r in (*results, *match_results)), 3),
            "results": [r.to_dict() for r in results],
            "differences": _differences(results),
            "matches": match_results[0].count if match_results else None,
            "match_results": [r.to_dict() for r in match_results],
            "match_differences": _differences(match_results),
        }
    return {
        "variants": [{"name": n, "title": r.variant.title, "source": given, "rules_from": rules_from(base),
                      "warnings": [w.as_dict() for w in base.warnings]}
                     for n, r, base, given in zip(names, rulesets, bases, args.variants)],
        "rules": [row.to_dict() for row in rows],
        "equal_options_hidden": hidden,
        "simulation": simulation,
    }


def _differences(results: list[SimulationResult]) -> list[dict[str, Any]]:
    return [s.to_dict() for s in compare_results(results) if s.marked] if results else []
