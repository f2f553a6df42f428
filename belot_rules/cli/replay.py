"""``belot replay FILE``: check a deal or match record step by step and show its scores."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.table import Table

from .. import load_variant
from ..engine.records import RecordError, replay, rerecorded, write_record
from ..errors import UserError
from ..files import MAX_RECORD_BYTES, excerpt, read_json
from ..i18n import gettext as _
from ..variant.loader import is_name
from .output import console, print_json


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay",
        help=_("replay a deal or match record, checking every step"),
        description=_("Replay a deal or match record: every call, declaration and card is checked "
        "against the rules and every score recomputed."),
    )
    parser.add_argument("file", help=_("a record written by 'belot play --record' or another program"))
    parser.add_argument("--variant", help=_("the variant name or file (default: the one the record names)"))
    parser.add_argument("--json", action="store_true", help=_("print the replayed scores as JSON"))
    parser.add_argument("--save", metavar="OUT",
                        help=_("write the record again, with the hash of the rules it was replayed with (OUT may be FILE)"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    record = read_json(Path(args.file), "a record (JSON)", MAX_RECORD_BYTES).data
    name = args.variant or (record.get("variant") if isinstance(record, dict) else None)
    if not name:
        raise UserError(f"{args.file}: the record names no variant; give one with --variant")
    if not isinstance(name, str):
        raise UserError(f"{args.file}: variant is a shipped name or a file path, not {excerpt(name)}")
    if not args.variant and not is_name(str(name)):
        name = Path(args.file).parent / str(name)  # a variant file named in the record is found beside it
    ruleset = load_variant(name)
    try:
        result = replay(ruleset, record)
    except RecordError as err:
        raise UserError(f"{args.file}: {err}") from None
    if args.save:
        try:
            write_record(rerecorded(ruleset, record, result), args.save)
        except OSError as err:
            raise UserError(f"{args.save}: cannot be written ({err.strerror or err.__class__.__name__})") from None
    if args.json:
        print_json({
            "variant": result.variant,
            "deals": [{"dealer": d.dealer, "contract": d.contract, "declarer": d.declarer,
                       "multiplier": d.multiplier, "bid": d.bid,
                       "score": d.score.to_dict() if d.score else None} for d in result.deals],
            "board": list(result.board),
            "winner": result.winner,
            "warnings": list(result.warnings),
        } | ({"drawn": True} if result.drawn else {}))
        return 0
    out = console()
    for warning in result.warnings:
        out.print(f"[yellow]warning:[/yellow] {warning}", markup=True)
    table = Table(title=f"{args.file}: {len(result.deals)} deal(s) replayed, every step legal")
    sides = [ruleset.seating.side_name(side) for side in range(ruleset.seating.sides)]
    for column in ("deal", "contract", "verdict", *sides, "reserve"):
        table.add_column(column, justify="right" if column in (*sides, "reserve") else "left")
    for number, deal in enumerate(result.deals, 1):
        score = deal.score
        if deal.contract is None:
            last = deal.actions[-1] if deal.actions else ""
            void = {"accept": "schmeiss accepted", "redeal": "redeal called"}.get(last, "all passed")
            table.add_row(str(number), void, "-", *["0"] * len(sides), "")
        elif score is None:
            table.add_row(str(number), deal.contract, "unfinished", *[""] * len(sides), "")
        else:
            contract = f"{deal.contract} by seat {deal.declarer}" + (f" ×{deal.multiplier}" if deal.multiplier > 1 else "")
            table.add_row(str(number), contract, score.verdict, *(str(p) for p in score.match_points),
                          str(score.hanging_out or ""))
    out.print(table)
    total = "Board: " + ", ".join(f"{side} {points}" for side, points in zip(sides, result.board))
    if result.winner is not None:
        total += f"; {sides[result.winner]} wins the match"
    elif result.drawn:
        total += "; the match is drawn"
    out.print(total)
    return 0
