"""What ``simulate`` and ``compare`` share: their options, the progress bar, and how numbers are shown."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from itertools import groupby

from rich import box
from rich.markup import escape
from rich.table import Table

from ..sim.simulate import DEFAULT_SEATS, Progress as ProgressCallback, default_workers
from ..sim.stats import Mean, Rate
from .output import console

GROUP_TITLES = {
    "contracts": "Contracts (of all deals)",
    "outcomes": "Outcomes (of played deals)",
    "events": "Events (of played deals)",
    "raw_points": "Raw points per played deal",
    "match_points": "Match points per played deal",
    "match": "Matches",
}


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def add_simulation_options(parser: argparse.ArgumentParser) -> None:
    """``--seats``, ``--seed``, ``--workers`` and ``--json``."""
    parser.add_argument("--seats", default=DEFAULT_SEATS[0], metavar="B0,B1,...",
                        help="the bot in each seat, in play order (at four, teams 0+2 and 1+3), or one bot for "
                             "every seat; default: heuristic in every seat")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of every deck and bot (default 0)")
    parser.add_argument("--workers", type=positive_int, default=default_workers(), metavar="W",
                        help="processes to use (default: every core); results do not depend on it")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")


@contextmanager
def progress_bar(enabled: bool, label: str) -> Iterator[ProgressCallback | None]:
    """A progress callback drawing a bar on a terminal's stderr, or None when there is no terminal."""
    err = console(stderr=True)
    if not enabled or not err.is_terminal:
        yield None
        return
    # Imported here: output to a file or a pipe, or --json, does not pay for loading the bar.
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    # Refreshed from the callback only: no drawing thread while worker processes are forked.
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=True, auto_refresh=False) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
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


def grouped_table(headers: list[str], rows: Iterable[tuple[str, list[str]]]) -> Table:
    """One table of statistics; ``rows`` are (group, cells) and each group opens a titled section."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(headers[0], style="cyan")
    for header in headers[1:]:
        table.add_column(escape(header), justify="right")
    for group, group_rows in groupby(rows, key=lambda row: row[0]):
        table.add_row(f"[bold]{GROUP_TITLES[group]}[/]", end_section=False)
        for _, cells in group_rows:
            table.add_row(*cells)
        table.add_section()
    return table


def speed_line(deals: int, seconds: float) -> str:
    return f"{deals:,} deals in {seconds:.2f} s ({deals / seconds if seconds else 0:,.0f} deals/s)"
