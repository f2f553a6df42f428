"""``belot compare --report FILE``: the comparison as one self-contained HTML page with charts.

The page is built from the same data ``compare --json`` prints, so it holds every number
of it: the rules that differ in words, then charts of what the simulation measured
(contract mix, made / failed / hanging rates, the contract team's points per deal, match
length, the first bidder's advantage), each rate and mean drawn with its 95% interval,
and the full tables. Charts are drawn by matplotlib as SVG and written into the page,
styles too, so it opens anywhere without a network: no script, font or image is fetched.
"""

from __future__ import annotations

import html
import io
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .. import i18n
from ..errors import UserError
from ..files import excerpt, refuse_existing, unwritable, write_text_atomically
from ..i18n import gettext as _, ngettext, pgettext
from ..sim.simulate import SimulationResult
from .show import phase_heading, value_items
from .sim_view import group_title, statistic_label

# Okabe-Ito: told apart by colour-blind readers too; a variant keeps its colour in every chart.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
MARK = "≠"
OVERWRITE = "--overwrite writes over it"  # what to do with a --report file that exists


def check_report(path: str, overwrite: bool, inputs: Sequence[tuple[Path, str]]) -> None:
    """Fail before a long simulation, not after it, when the page could not be drawn or written, or would
    replace a file: one of the run's ``inputs`` (path, what it is) never, any other only with ``overwrite``."""
    target = Path(path).expanduser()
    try:
        if target.is_dir() or not target.parent.is_dir():
            raise UserError(f"--report {path}: a file to write the page to, in a folder that exists")
        for given, what in inputs:
            if _same_file(target, given):
                raise UserError(f"--report {path} is {what}; the page never replaces it: choose another --report file")
        if not overwrite:
            refuse_existing(target, "--report", OVERWRITE)
        problem = unwritable(target.parent)
    except OSError as err:
        raise _cannot_write(path, err) from None
    if problem:
        raise UserError(f"--report {path}: cannot write in {target.parent}: {problem}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UserError("--report draws its charts with matplotlib, which is not installed; "
                        "install it with: pip install 'belot-rules[report]' (in a checkout: pip install '.[report]')") from None



def write_report(path: str, overwrite: bool, data: dict[str, Any], deal_results: Sequence[SimulationResult],
                 match_results: Sequence[SimulationResult]) -> None:
    """Write the page for ``data`` (the ``compare --json`` object); the results give labels and unreachable rows.

    Written whole or not at all; a file made while the simulation ran is refused as before it."""
    page = render(data, deal_results, match_results)
    target = Path(path).expanduser()
    try:
        if not overwrite:
            refuse_existing(target, "--report", OVERWRITE)
        write_text_atomically(target, page)
    except OSError as err:
        raise _cannot_write(path, err) from None


def _same_file(path: Path, other: Path) -> bool:
    """Whether writing ``path`` would replace ``other``: the same name once links are followed, or a hard link."""
    if path.resolve() == other.resolve():
        return True
    try:
        return os.path.samefile(path, other)
    except OSError:  # one of them does not exist (yet)
        return False


def _cannot_write(path: str, err: OSError) -> UserError:
    """The system's reason, as ``score`` and ``validate`` give it; the name cut short, as it may be very long."""
    return UserError(f"--report {excerpt(path, 60).strip(chr(34))}: cannot be written: {err.strerror or err}")


def render(data: dict[str, Any], deal_results: Sequence[SimulationResult],
           match_results: Sequence[SimulationResult]) -> str:
    """The whole page as text."""
    names = [v["name"] for v in data["variants"]]
    titles = " vs ".join(html.escape(v["title"]) for v in data["variants"])
    parts = [f"<h1>{titles}</h1>", _variants(data["variants"]), _rules(names, data)]
    simulation = data["simulation"]
    if simulation:
        parts.append(_simulation(names, simulation, deal_results, match_results))
    language = i18n.current()
    return PAGE.format(title=html.escape(" vs ".join(names)), style=STYLE, body="\n".join(parts), language=language,
                       direction="rtl" if language in i18n.RIGHT_TO_LEFT else "ltr",
                       written_by=html.escape(_("Written by {command} (belot-rules). Everything on this page is in "
                                                "this one file.")).format(command="<code>belot compare</code>"))


# ----------------------------------------------------------------------------- the rules


def _variants(variants: list[dict[str, Any]]) -> str:
    items = []
    for index, v in enumerate(variants):
        note = _("Note: {message}")
        notes = "".join(f'<p class="note">{_escaped(note, message=_code(w["message"]))}</p>' for w in v["warnings"])
        said = _escaped(_("{name} ({source}): rules from {files}"), name=f'<b>{html.escape(v["name"])}</b>',
                        source=html.escape(v["source"]), files=_code(v["rules_from"]))
        items.append(f'<li><span class="swatch" style="background:{_colour(index)}"></span>{said}{notes}</li>')
    return f'<ul class="variants">{"".join(items)}</ul>'


def _rules(names: list[str], data: dict[str, Any]) -> str:
    rows = data["rules"]
    differing = sum(r["differs"] for r in rows)
    heading = _("Rules that differ ({count})").format(count=differing) if differing else _("The rules are the same")
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    body, phase = [], None
    for row in rows:
        if row["phase"] != phase:
            phase = row["phase"]
            body.append(f'<tr class="phase"><th colspan="{len(names) + 1}">{html.escape(phase_heading(phase))}</th></tr>')
        cells = []
        for value, meaning, unused in zip(row["values"], row["meanings"], row["unused"]):
            said = _("not used: {reason}").format(reason=unused) if unused else meaning or ""
            cells.append(f'<td class="{"unused" if unused else ""}"><b>{_value(value)}</b>'
                         f'{f"<br><small>{html.escape(said)}</small>" if said else ""}</td>')
        equal = "" if row["differs"] else " equal"
        body.append(f'<tr class="rule{equal}"><td><code>{html.escape(row["option"])}</code>'
                    f'<br><small>{html.escape(row["description"])}</small></td>{"".join(cells)}</tr>')
    hidden = data["equal_options_hidden"]
    hidden_said = ngettext("{count} equal option is not listed ({flag} lists it).",
                           "{count} equal options are not listed ({flag} lists them).", hidden)
    more = f'<p class="small">{_escaped(hidden_said, count=str(hidden), flag="<code>--all</code>")}</p>' if hidden else ""
    rule = _("rule")
    return (f'<section><h2>{html.escape(heading)}</h2><table class="rules"><thead><tr><th>{rule}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>{more}</section>')


def _value(value: Any) -> str:
    """A rule's value, its items (``A 11,``) never broken across lines."""
    return " ".join(f'<span class="item">{html.escape(item)}</span>' for item in value_items(value))


def _escaped(template: str, **markup: str) -> str:
    """A translated ``template`` escaped as text, its placeholders filled with ``markup`` already made safe."""
    return html.escape(template, quote=False).format(**markup)


def _code(text: str) -> str:
    """Backquoted names as code, the rest as text."""
    return re.sub(r"`([^`]*)`", r"<code>\1</code>", html.escape(text, quote=False))


# ----------------------------------------------------------------------------- the simulation


def _simulation(names: list[str], simulation: dict[str, Any], deal_results: Sequence[SimulationResult],
                match_results: Sequence[SimulationResult]) -> str:
    heading = _("What changes at the table")
    parts = [f"<section><h2>{html.escape(heading)}</h2>", _settings(simulation)]
    deals, matches = simulation["results"], simulation["match_results"]
    if deals:
        marked = {(d["group"], d["key"]) for d in simulation["differences"]}
        parts.append(_figure(_("Contract mix"), _("Share of all deals played in each contract, or passed out."),
                             _rate_chart(names, deals, "contracts", _labels(deal_results), marked)))
        parts.append(_figure(_("Made, failed, hanging"), _("Share of played deals by verdict."),
                             _rate_chart(names, deals, "outcomes", _labels(deal_results), marked,
                                         _unreachable(deal_results))))
        parts.append(_figure(_("Events"), _("Share of played deals with a capot, a double, declarations, a belote."),
                             _rate_chart(names, deals, "events", _labels(deal_results), marked,
                                         _unreachable(deal_results))))
        points = [d["distributions"]["contract_team_raw_points"] for d in deals]
        raw = _("contract side's raw points")
        parts.append(_figure(_("Points per deal"),
                             _("The contract side's raw points (cards, last trick, declarations, belote) in each "
                               "played deal, as a share of played deals per 10 points."),
                             _histogram_chart(names, points, raw), _histogram_counts(names, points, raw)))
        parts.append(_figure(_("Raw points per played deal"),
                             _("Each side's mean (a team, or a player where there are no partners), before rounding "
                               "and doubling."),
                             _mean_chart(names, deals, ("raw_points",), _labels(deal_results), marked)))
        parts.append(_figure(_("Match points per played deal"),
                             _("Each side's mean on the board, in the variant's own units (tens or points)."),
                             _mean_chart(names, deals, ("match_points",), _labels(deal_results), marked)))
        parts.append(_table(_("Every statistic of the deals"), names, deals, deal_results, marked))
    if matches:
        marked = {(d["group"], d["key"]) for d in simulation["match_differences"]}
        lengths = [m["distributions"]["match_length"] for m in matches]
        length = _("deals in the match")
        parts.append(_figure(_("Match length"), _("Deals per match: the mean with its 95% interval, and how the "
                                                  "lengths spread."),
                             _mean_chart(names, matches, ("match",), _labels(match_results), marked, keys=("length",))
                             + _histogram_chart(names, lengths, length, share_of=_("share of matches")),
                             _histogram_counts(names, lengths, length)))
        parts.append(_figure(_("First-to-target advantage"),
                             _("In the race to the target, how often the side that bids (and leads) first in the "
                               "match wins it; 50% means no advantage. Side 0 is seat 0 with its partner, if it has "
                               "one."),
                             _rate_chart(names, matches, "match", _labels(match_results), marked, even=True)))
        parts.append(_table(_("Every statistic of the matches"), names, matches, match_results, marked, opened=False))
    note = _("{mark}: the 95% intervals do not overlap (a difference very unlikely to be chance). Rates have "
             "Wilson score intervals, means Student's t intervals.").format(mark=MARK)
    parts.append(f'<p class="small">{html.escape(note)}</p></section>')
    return "\n".join(parts)


def _settings(simulation: dict[str, Any]) -> str:
    said = []
    if simulation["deals"]:
        said.append(ngettext("{count:,} deal", "{count:,} deals", simulation["deals"]).format(count=simulation["deals"]))
    if simulation["matches"]:
        said.append(ngettext("{count:,} whole match", "{count:,} whole matches",
                             simulation["matches"]).format(count=simulation["matches"]))
    runs = [r for r in (*simulation["results"], *simulation["match_results"])]
    modes = {"deals": pgettext("simulated", "deals"), "matches": pgettext("simulated", "matches")}
    speeds = "; ".join(_("{variant} {mode}: {deals:,} deals dealt, {played:,} played, {matches:,} matches, {seconds} s "
                         "({speed:,} deals/s)").format(variant=r["variant"], mode=modes[r["mode"]], deals=r["deals"],
                                                       played=r["played_deals"], matches=r["matches"] or 0,
                                                       seconds=r["seconds"], speed=r["deals_per_second"])
                       for r in runs)
    settings = _("{counts} of each variant, the same shuffled packs and the same bots in seats {seats}, seed {seed}, "
                 "workers: {workers}, {seconds} s in all.").format(
        counts=_(" and ").join(said), seats=", ".join(simulation["seats"]), seed=simulation["seed"],
        workers=simulation["workers"], seconds=simulation["seconds"])
    return f'<p>{html.escape(settings)}</p><p class="small">{html.escape(speeds)}</p>'


def _labels(results: Sequence[SimulationResult]) -> dict[tuple[str, str], str]:
    return {(s.group, s.key): statistic_label(s.group, s.key, s.label) for r in results for s in r.statistics()}


def _unreachable(results: Sequence[SimulationResult]) -> list[frozenset[tuple[str, str]]]:
    return [r.unreachable for r in results]


def _figure(title: str, caption: str, svg: str, counts: str = "") -> str:
    return (f"<figure><h3>{html.escape(title)}</h3>{svg}<figcaption>{html.escape(caption)}</figcaption>{counts}"
            "</figure>")


def _table(title: str, names: list[str], runs: list[dict[str, Any]], results: Sequence[SimulationResult],
           marked: set[tuple[str, str]], opened: bool = True) -> str:
    labels = _labels(results)
    unreachable = _unreachable(results)
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    rows, group = [], None
    for (g, key), label in labels.items():
        if g != group:
            group = g
            rows.append(f'<tr class="phase"><th colspan="{len(names) + 2}">{html.escape(group_title(g))}</th></tr>')
        cells = []
        for index, run in enumerate(runs):
            stat = (run.get(g) or {}).get(key)
            never = (g, key) in unreachable[index]
            cells.append(_stat_cell(stat, never, f"{g}.{key}", names[index]))
        mark = MARK if (g, key) in marked else ""
        rows.append(f"<tr><td>{html.escape(label)}</td>{''.join(cells)}<td class=\"mark\">{mark}</td></tr>")
    statistic = _("statistic")
    return (f"<details{' open' if opened else ''}><summary>{html.escape(title)}</summary><table class=\"stats\"><thead><tr><th>{statistic}</th>"
            f"{head}<th></th></tr></thead><tbody>{''.join(rows)}</tbody></table></details>")


def _stat_cell(stat: dict[str, Any] | None, never: bool, name: str, variant: str) -> str:
    where = f'data-stat="{html.escape(name)}" data-variant="{html.escape(variant)}"'
    if stat is None:
        return f'<td {where} class="none">-</td>'
    if "rate" in stat:
        value = f"{100 * stat['rate']:.1f}%"
        interval = f"{100 * stat['low']:.1f}–{100 * stat['high']:.1f}%"
        count = _("{count:,} of {total:,}").format(count=stat["count"], total=stat["of"])
    else:
        value = f"{stat['mean']:.1f}"
        interval = f"{stat['low']:.1f}–{stat['high']:.1f}"
        count = f"n = {stat['n']:,}"
    never_said = " · " + _("cannot happen in this variant") if never else ""
    return (f'<td {where} class="{"never" if never else ""}"><b>{value}</b> <span>{interval}</span>'
            f"<br><small>{count}{never_said}</small></td>")


# ----------------------------------------------------------------------------- the charts


def _figure_svg(draw: Any, height: float) -> str:
    """Draw on a fresh figure (no pyplot: no global state, no window) and return it as inline SVG."""
    from matplotlib import rcParams
    from matplotlib.figure import Figure

    rcParams["svg.fonttype"] = "none"  # text stays text: the page's font, selectable, small
    rcParams["svg.hashsalt"] = "belot-rules"  # the same numbers give the same page
    figure = Figure(figsize=(8.5, height), layout="constrained")
    draw(figure.add_subplot())
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Creator": None, "Date": None, "Format": None, "Type": None})
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]  # the XML declaration and DOCTYPE name an outside DTD: leave them out
    return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r'<svg\1 class="chart"', svg, count=1)


def _style(axes: Any, percent: bool) -> None:
    axes.grid(axis="x", color="#dddddd", linewidth=0.8)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    if percent:
        axes.xaxis.set_major_formatter(lambda x, _: f"{100 * x:.0f}%")


def _rate_chart(names: list[str], runs: list[dict[str, Any]], group: str, labels: dict[tuple[str, str], str],
                marked: set[tuple[str, str]], unreachable: list[frozenset[tuple[str, str]]] | None = None,
                even: bool = False) -> str:
    """Grouped horizontal bars, one colour per variant, each with its 95% interval; rows no variant can
    produce are left out, and a variant that cannot produce a row draws no bar in it."""
    keys = [key for g, key in labels if g == group and any("rate" in ((r.get(g) or {}).get(key) or {}) for r in runs)]
    unreachable = unreachable or [frozenset()] * len(runs)
    keys = [k for k in keys if not all((group, k) in u for u in unreachable)]
    values = [[(run.get(group) or {}).get(k) if (group, k) not in unreachable[i] else None for k in keys]
              for i, run in enumerate(runs)]
    return _bars(names, [_row_label(labels[(group, k)], (group, k) in marked) for k in keys], values, "rate",
                 percent=True, even=even)


def _mean_chart(names: list[str], runs: list[dict[str, Any]], groups: Iterable[str],
                labels: dict[tuple[str, str], str], marked: set[tuple[str, str]],
                keys: Sequence[str] | None = None) -> str:
    rows = [(g, k) for g, k in labels if g in groups and (keys is None or k in keys)]
    values = [[(run.get(g) or {}).get(k) for g, k in rows] for run in runs]
    return _bars(names, [_row_label(labels[name], name in marked) for name in rows], values, "mean", percent=False)


def _row_label(label: str, marked: bool) -> str:
    return f"{label} {MARK}" if marked else label


def _bars(names: list[str], rows: list[str], values: list[list[dict[str, Any] | None]], field: str,
          percent: bool, even: bool = False) -> str:
    count = len(names)
    height = 0.9 + len(rows) * (0.22 * count + 0.18)

    def draw(axes: Any) -> None:
        size = 0.8 / count
        for index, (name, series) in enumerate(zip(names, values)):
            at = [row + (index - (count - 1) / 2) * size for row in range(len(rows))]
            shown = [(y, s) for y, s in zip(at, series) if s is not None]
            for y, s in zip(at, series):
                if s is None:
                    axes.annotate(_("not in this variant"), (0, y), xytext=(4, 0), textcoords="offset points",
                                  va="center", fontsize=7, color="#888888")
            ys = [y for y, _ in shown]
            mids = [s[field] for _, s in shown]
            errors = [[s[field] - s["low"] for _, s in shown], [s["high"] - s[field] for _, s in shown]]
            axes.barh(ys, mids, height=size * 0.9, color=_colour(index), label=name,
                      xerr=errors if shown else None, error_kw={"ecolor": "#333333", "elinewidth": 1, "capsize": 2})
            for y, s in shown:
                text = f"{100 * s[field]:.1f}%" if percent else f"{s[field]:.1f}"
                axes.annotate(text, (s["high"], y), xytext=(4, 0), textcoords="offset points", va="center",
                              fontsize=8, color="#333333")
        axes.set_yticks(range(len(rows)), rows)
        axes.set_ylim(len(rows) - 0.5, -0.5)  # top row first; room for a row no variant draws a bar in
        axes.margins(x=0.12)
        if even:
            axes.axvline(0.5, color="#999999", linestyle="--", linewidth=1)
        _style(axes, percent)
        _legend(axes, count)

    return _figure_svg(draw, height)


def _histogram_chart(names: list[str], histograms: list[dict[str, Any] | None], what: str,
                     share_of: str | None = None) -> str:
    """Each variant's distribution as a step line over the same bins: shapes compare, not sample sizes."""

    from matplotlib.ticker import MaxNLocator

    def draw(axes: Any) -> None:
        for index, (name, histogram) in enumerate(zip(names, histograms)):
            if not histogram or not histogram["counts"]:
                continue
            width = histogram["bin"]
            counts = {int(b): c for b, c in histogram["counts"].items()}
            total = sum(counts.values())
            bins = list(range(min(counts), max(counts) + width, width))
            shares = [counts.get(b, 0) / total for b in bins]
            shift = 0.5 if width == 1 else 0  # a count of deals is centred on its number
            axes.stairs(shares, [b - shift for b in [*bins, bins[-1] + width]], color=_colour(index), linewidth=2,
                        label=name, baseline=0)
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_xlabel(what)
        axes.set_ylabel(share_of or _("share of played deals"))
        axes.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
        axes.grid(axis="y", color="#dddddd", linewidth=0.8)
        axes.set_axisbelow(True)
        for side in ("top", "right"):
            axes.spines[side].set_visible(False)
        _legend(axes, len(names))

    return _figure_svg(draw, 3.0)


def _histogram_counts(names: list[str], histograms: list[dict[str, Any] | None], what: str) -> str:
    """The counts behind a distribution chart, folded away under it."""
    rows = []
    for name, histogram in zip(names, histograms):
        if histogram:
            width = histogram["bin"]
            counts = ", ".join(f'<span data-bin="{b}">{_bin(int(b), width)}: {c:,}</span>'
                               for b, c in histogram["counts"].items())
            rows.append(f'<tr data-histogram="{html.escape(name)}"><td>{html.escape(name)}</td><td>{counts}</td></tr>')
    summary = _("The counts ({what})").format(what=what)
    return (f'<details><summary class="small">{html.escape(summary)}</summary>'
            f'<table class="counts">{"".join(rows)}</table></details>')


def _bin(start: int, width: int) -> str:
    return str(start) if width == 1 else f"{start}–{start + width - 1}"


def _legend(axes: Any, count: int) -> None:
    """The variants' colours in a row above the plot, where no bar runs under them."""
    axes.legend(loc="lower left", bbox_to_anchor=(0, 1.0), ncols=count, frameon=False, fontsize=9,
                borderaxespad=0.2)


def _colour(index: int) -> str:
    return COLOURS[index % len(COLOURS)]


STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; max-width: 62rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; line-height: 1.4; }
h1 { font-size: 1.6rem; margin-bottom: .5rem; } h2 { margin-top: 2.2rem; border-bottom: 2px solid #ddd; }
h3 { margin: 0 0 .3rem; font-size: 1.05rem; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .92em; background: #f3f3f3; padding: 0 .2em; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; font-size: .92rem; }
th, td { text-align: start; vertical-align: top; padding: .35rem .5rem; border-bottom: 1px solid #e5e5e5; }
tr.phase th { background: #f5f5f5; font-size: .95rem; }
small { color: #555; } .small { color: #555; font-size: .88rem; }
td.unused b, td.never b { color: #888; } tr.equal { color: #777; }
table.stats td span { color: #555; } td.mark { color: #b35900; font-weight: bold; }
figure { margin: 1.5rem 0; } figcaption { color: #555; font-size: .9rem; }
svg.chart { width: 100%; height: auto; display: block; }
ul.variants { padding-inline-start: 0; list-style: none; } ul.variants li { margin: .3rem 0; }
.item { white-space: nowrap; }
.swatch { display: inline-block; width: .9em; height: .9em; margin-inline-end: .4em; vertical-align: -0.1em; }
.note { color: #8a5a00; margin-block: .2rem 0; margin-inline-start: 1.3em; font-size: .9rem; }
details summary { cursor: pointer; font-weight: bold; margin-top: 1rem; }
"""

PAGE = """<!DOCTYPE html>
<html lang="{language}" dir="{direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>belot compare {title}</title>
<style>{style}</style>
</head>
<body>
{body}
<p class="small">{written_by}</p>
</body>
</html>
"""
