"""What the simulating commands share: their options, the backend, the progress bar, and how numbers are shown."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import groupby
from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table

from .. import i18n
from ..errors import UserError
from ..i18n import N_, gettext as _, pgettext, words
from ..sim.backends import BACKENDS, Backend, WorkerLoad, combined, open_backend
from ..sim.runs import Progress as ProgressCallback
from ..sim.simulate import DEFAULT_SEATS
from ..sim.stats import Mean, Rate
from .output import console, print_json
from .seed import seed_number

GROUP_TITLES = {  # marked for the catalogues; :func:`group_title` says them in the command's language
    "contracts": N_("Contracts (of all deals)"),
    "outcomes": N_("Outcomes (of played deals)"),
    "events": N_("Events (of played deals)"),
    "raw_points": N_("Raw points per played deal"),
    "match_points": N_("Match points per played deal"),
    "match": N_("Matches"),
}


def group_title(group: str) -> str:
    """A group of statistics' title in the command's language."""
    return _(GROUP_TITLES[group])


def statistic_label(group: str, key: str, label: str) -> str:
    """A statistic's label in the command's language; ``label`` is the English one the results carry (sim/simulate.py),
    kept for a statistic this does not know."""
    if i18n.current() == i18n.SOURCE:
        return label
    events = {"capot": pgettext("result", "capot"), "doubled": _("doubled"), "redoubled": _("redoubled"),
              "declarations": _("declarations"), "belote": pgettext("declaration", "belote")}
    if group == "contracts":
        return _("everybody passed") if key == "all_pass" else _("contract {name}").format(name=words.contract_word(key))
    if group == "outcomes":
        return words.verdict_word(key)
    if group == "events":
        return events.get(key, label)
    if group in ("raw_points", "match_points"):
        said = _("raw points of {side}") if group == "raw_points" else _("match points of {side}")
        return said.format(side=_side(key))
    if key.endswith("_wins") and key != "first_bidder_wins":
        return _("matches won by {side}").format(side=_side(key.removesuffix("_wins")))
    return {"length": _("match length (deals)"), "first_bidder_wins": _("won by the first bidder's team"),
            "draws": _("matches drawn")}.get(key, label)


def _side(key: str) -> str:
    """``team0`` -> ``team 0`` in the command's words (``player1`` for a player alone)."""
    name = key.rstrip("0123456789")
    number = key[len(name):]
    said = {"team": _("team {number}"), "player": _("player {number}")}.get(name)
    return said.format(number=number) if said else f"{name} {number}"


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def add_simulation_options(parser: argparse.ArgumentParser, seats: bool = True) -> None:
    """``--seats``, ``--seed``, ``--json`` and the run options of :func:`add_run_options`."""
    if seats:
        parser.add_argument("--seats", default=DEFAULT_SEATS[0], metavar="B0,B1,...",
                            help=_("the bot in each seat, in play order (at four, teams 0+2 and 1+3), or one bot for "
                                 "every seat; default: heuristic in every seat"))
    parser.add_argument("--seed", type=seed_number, default=0, metavar="S", help=_("seed of every deck and bot (default 0)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object instead of tables"))
    add_run_options(parser)


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """Where and how a long run plays: ``--backend``, ``--address``, ``--workers``, ``--out``, ``--resume``, ``--verbose``."""
    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help=_("local: worker processes here (default); ray: a Ray cluster (pip install '.[cluster]')"))
    parser.add_argument("--address", metavar="ADDRESS",
                        help=_("the Ray cluster to join (host:port); default: $RAY_ADDRESS, else a Ray started for the run"))
    parser.add_argument("--workers", type=positive_int, metavar="W",
                        help=_("workers to use (default: every core, or every CPU of the cluster); "
                             "results do not depend on it"))
    parser.add_argument("--out", metavar="FILE.jsonl", help=_("stream each finished chunk to this results file"))
    parser.add_argument("--resume", action="store_true",
                        help=_("continue the stopped run in the --out file, playing only what it lacks"))
    parser.add_argument("--verbose", action="store_true",
                        help=_("print each worker's overhead (scheduling, serialising rules and results) on stderr"))


def backend_for(args: argparse.Namespace) -> Backend:
    """The backend the run options name (a context manager: a Ray started for the run stops with it)."""
    if args.resume and not args.out:
        raise UserError("--resume continues the run in an --out file: give it, e.g. --out results.jsonl --resume")
    return open_backend(args.backend, args.workers, args.address, getattr(args, "ends_process", False))


def play_and_show(args: argparse.Namespace, label: str, play: Callable[[Backend, ProgressCallback | None], Any],
                  render: Callable[[Any], None]) -> int:
    """A long run from the command line: played on the backend the options name under a progress bar, then
    printed as JSON or rendered; with ``--verbose`` the workers' overhead goes to stderr."""
    with backend_for(args) as backend, progress_bar(not args.json, label) as progress:
        result = play(backend, progress)
    if args.verbose:
        print_loads(result.loads)
    if args.json:
        print_json(result.to_dict())
    else:
        render(result)
    return 0


def print_loads(loads: Iterable[WorkerLoad]) -> None:
    """Each worker's overhead as a share of its busy time, on stderr (``--verbose``)."""
    err = console(stderr=True)
    loads = sorted(loads, key=lambda load: load.worker)
    for load in loads:
        err.print(f"worker {escape(load.worker)}: {load.chunks} chunks, busy {load.busy:.2f} s, "
                  f"overhead {100 * load.overhead:.1f}%")
    if loads:
        total = combined(loads)
        err.print(f"all {len(loads)} workers: overhead {100 * total.overhead:.1f}% of their busy time "
                  f"(scheduling, serialising rules and results)")


@contextmanager
def progress_bar(enabled: bool, label: str) -> Iterator[ProgressCallback | None]:
    """A progress callback drawing a bar with the time left on a terminal's stderr, or None without a terminal."""
    err = console(stderr=True)
    if not enabled or not err.is_terminal:
        yield None
        return
    # Imported here: output to a file or a pipe, or --json, does not pay for loading the bar.
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    # Refreshed from the callback only: no drawing thread while worker processes are forked.
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("left"), TimeRemainingColumn(), console=err, transient=True, auto_refresh=False) as bar:
        task = bar.add_task(label, total=None)
        started = False

        def update(done: int, total: int) -> None:
            nonlocal started
            if not started:  # what a resumed run finished earlier does not count in its speed
                bar.reset(task, total=total, completed=done)
                started = True
            bar.update(task, completed=done, total=total)
            bar.refresh()

        yield update


def show_value(value: Rate | Mean | None) -> str:
    if value is None:
        return "-"
    if isinstance(value, Rate):
        return f"{100 * value.value:.1f}%"
    return f"{value.value:.1f}"


def show_interval(value: Rate | Mean | None) -> str:
    if value is None:
        return ""
    low, high = value.interval
    if isinstance(value, Rate):
        return f"{100 * low:.1f}–{100 * high:.1f}%"
    return f"{low:.1f}–{high:.1f}"


BLOCKS = " ▏▎▍▌▋▊▉█"  # eighths of a character cell
MAX_BAR = 10


def bar_width(width: int, label_width: int, columns: int) -> int:
    """How wide a rate's bar may be so that a table of ``columns`` values still fits ``width``; 0 for none."""
    label_width = max(label_width, *(len(group_title(group)) for group in GROUP_TITLES))
    spare = (width - label_width - 6 - columns * (VALUE_WIDTH + 3)) // columns - 1
    return min(MAX_BAR, spare) if spare >= 3 else 0


def rate_bar(value: Rate | Mean | None, width: int) -> str:
    """A small bar for a rate (a full bar is 100%) followed by a space; blank for a mean, none when ``width`` is 0."""
    if width == 0:
        return ""
    if not isinstance(value, Rate):
        return " " * (width + 1)
    eighths = round(value.value * width * 8)
    bar = "█" * (eighths // 8) + (BLOCKS[eighths % 8] if eighths % 8 else "")
    return f"[bright_black on grey15]{bar:<{width}}[/] "


def value_cell(value: Rate | Mean | None, bar: int) -> str:
    """A statistic's cell: its bar (for a rate), the value and its interval, each in a column of its own width."""
    if value is None:
        return "-"
    return f"{rate_bar(value, bar)}[bold]{show_value(value):>6}[/] [dim]{show_interval(value):>12}[/]"


VALUE_WIDTH = 6 + 1 + 12  # the value, a space, the interval


def grouped_table(headers: list[str], rows: Iterable[tuple[str, list[str]]]) -> Table:
    """One table of statistics; ``rows`` are (group, cells) and each group opens a titled section."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(headers[0], style="cyan")
    for header in headers[1:]:
        table.add_column(escape(header), justify="right")
    for group, group_rows in groupby(rows, key=lambda row: row[0]):
        table.add_row(f"[bold]{escape(group_title(group))}[/]", end_section=False)
        for _row_group, cells in group_rows:
            table.add_row(*cells)
        table.add_section()
    return table


def speed_line(deals: int, seconds: float) -> str:
    return _("{deals} deals in {seconds} s ({rate} deals/s)").format(
        deals=f"{deals:,}", seconds=f"{seconds:.2f}", rate=f"{deals / seconds if seconds else 0:,.0f}")
