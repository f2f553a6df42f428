"""``belot score FILE [--variant NAME] [--json]``: score a deal outcome and explain the result."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.table import Table

from ..booklet.messages import side_name
from ..engine.records import DEAL_FORMAT, MATCH_FORMAT
from ..errors import FileError, UserError
from ..files import Document, excerpt, read_json
from ..i18n import gettext as _, words
from ..rules.outcome.parse import OutcomeError, location, score_outcome
from ..rules.outcome.revokes import revokes
from ..rules.scoring.options import ContractAtStake
from ..rules.scoring.pipeline import ScoringRules
from ..rules.scoring.result import DealScore
from ..rules.table.seating import Seating
from ..variant.loader import is_name, load_variant_model
from ..variant.yamlsafe import read_yaml_document
from .game.explain import explanation_in_words
from .game.look import variant_title
from .output import console, print_json

VERDICT_STYLES = {"made": "green", "failed": "red", "hanging": "yellow", "litige": "yellow"}


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score",
        help=_("score a deal outcome and explain it"),
        description=(
            _("Score a deal outcome (a JSON or YAML file: contract, declarer, multiplier, the tricks, "
            "the declarations, points carried in) with a variant's rules and explain every step. Instead of "
            "the tricks, the short form gives what a table counts: each side's card points (points, the last "
            "trick's bonus not included), the side of the last trick (last_trick), the tricks per side "
            "where a side took none (trick_counts) and the declarations that counted by side and value "
            "({side: 0, kind: sequence, points: 50}). Cards not played cannot be checked for revokes.")
        ),
    )
    parser.add_argument("file", metavar="FILE", help=_("the deal outcome, JSON or YAML"))
    parser.add_argument("--variant", metavar="NAME", help=_("the variant to score with (overrides the file's variant)"))
    parser.add_argument("--json", action="store_true", help=_("print the score as JSON"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not args.file.strip():
        raise UserError(_("the file name is empty; give the path of a deal outcome (JSON or YAML)"))
    path = Path(args.file)
    doc = read_outcome(path)
    data = doc.data
    if data.get("format") in (MATCH_FORMAT, DEAL_FORMAT):
        raise UserError(_("{name} is a game record ({format}), not a deal outcome: belot replay {file} checks and "
                          "scores it").format(name=doc.name, format=data["format"], file=args.file))
    name = args.variant or data.get("variant")
    if not name:
        raise UserError(_("{name}: say which rules score it: --variant NAME, or a variant field in the file").format(
            name=doc.name))
    if not isinstance(name, str):
        raise FileError([doc.problem(("variant",), _("variant is a shipped name or a file path, not {value}").format(
            value=excerpt(name)))])
    if not args.variant and not is_name(str(name)):
        name = path.parent / str(name)  # a variant file named in the outcome is found beside it
    try:
        variant = load_variant_model(name).variant
    except FileError:
        raise
    except UserError as err:  # an unknown name written in the file: said at its place
        if args.variant:
            raise
        raise FileError([doc.problem(("variant",), str(err))]) from None
    scoring = ScoringRules(variant)  # compiled once for the score and its revokes
    try:
        result = score_outcome(scoring, data)
    except OutcomeError as err:
        problems = [doc.problem(where, (f"{location(where)}: {text}" if where else text) + _yaml_note(doc, where))
                    for where, text in err.problems]
        raise FileError(sorted(problems, key=lambda p: (p.line or 0, p.column or 0))) from None
    warnings = [doc.problem(where, f"{location(where)}: {text}") for where, text in revokes(scoring, data)]
    if args.json:
        print_json(result.to_dict() | {"warnings": [w.as_dict() for w in warnings]})
    else:
        print_score(result, f"{args.file} — {variant_title(variant)}", scoring.seating,
                    variant.scoring.contract == ContractAtStake.judged, explanation_in_words(variant, result))
        for warning in warnings:
            console(stderr=True).print(f"[yellow]{escape(_('warning:'))}[/] {escape(str(warning))}")
        if warnings:
            console(stderr=True).print("[dim]" + escape(_("Scored as the tricks were taken, as a table that let the "
                                                          "revoke stand would; fix the file if a card was written "
                                                          "down wrong.")) + "[/]")
    return 0


def _yaml_note(doc: Document, where: tuple[str | int, ...]) -> str:
    """What YAML 1.1 did to the value at ``where`` (a plain ``no`` read as false), where it did something."""
    info = doc.nodes.get(where)
    return f" ({info.note})" if info is not None and info.note else ""


def read_outcome(path: Path) -> Document:
    """The outcome file, read with the place of every value: JSON for ``.json``, else YAML."""
    if path.suffix.lower() == ".json":
        doc = read_json(path, "a deal outcome")
    else:
        doc = read_yaml_document(path, "a deal outcome")
    if not isinstance(doc.data, dict):
        raise FileError([doc.problem((), "a deal outcome is a mapping with contract, declarer, tricks, ...")])
    return doc


def print_score(result: DealScore, title: str, table_rules: Seating, judged: bool = True,
                lines: Sequence[str] | None = None) -> None:
    """The score as a table of the sides (teams, or players alone), the verdict where a contract is ``judged``, then
    every line of the explanation (``lines``: in the language; the score's own English lines otherwise)."""
    out = console()
    table = Table(title=escape(title), title_justify="left")
    table.add_column("")
    for side in range(table_rules.sides):
        name = side_name(side, table_rules.partners)
        heading = _("{side} (takers)").format(side=name) if judged and side == result.contract_team else name
        seats = ", ".join(str(seat) for seat in table_rules.side_seats(side))
        heading += "\n" + _("seats {seats}").format(seats=seats) if table_rules.partners else ""
        table.add_column(heading, justify="right")
    table.add_row(escape(_("raw points")), *(str(p) for p in result.raw_points))
    table.add_row(escape(_("match points")), *(f"[bold]{p}[/]" for p in result.match_points))
    out.print(table)
    style = VERDICT_STYLES[result.verdict]
    reserve = _("; {points} waits in reserve").format(points=result.hanging_out) if result.hanging_out else ""
    if judged:  # where no contract is at stake (each_own, predictions) nothing is made or failed
        out.print(f"[bold {style}]{escape(words.verdict_word(result.verdict))}[/]{escape(reserve)}")
    for line in result.lines if lines is None else lines:
        out.print(f"  • {escape(line)}")
