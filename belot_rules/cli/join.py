"""``belot join ADDRESS:PORT --code CODE``: sit at a table that ``belot host`` keeps, or watch it."""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

from ..errors import UserError
from ..i18n import gettext as _

ADDRESS = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "join", help=_("join a table hosted with belot host"),
        description=_("Sit at a table that belot host keeps, with the address and code the host printed. "
        "The seat's token is kept, so the same command takes your seat back if you drop."))
    parser.add_argument("address", metavar="ADDRESS:PORT", help=_("where the table is, as belot host printed it"))
    parser.add_argument("--code", required=True, help=_("the table's code"))
    parser.add_argument("--name", default="", help=_("your name at the table"))
    parser.add_argument("--token", help=_("your seat's token, to come back to it (kept for you by default)"))
    parser.add_argument("--plain", action="store_true",
                        help=_("the line-by-line game (what scripts and screen readers use; the default when the input "
                        "or output is not a terminal) instead of the full-screen table"))
    parser.add_argument("--watch", action="store_true", help=_("watch: the table's cards only, no seat"))
    parser.add_argument("--create", metavar="VARIANT", help=_("at a lobby (belot host --lobby): open a table of "
                        "VARIANT with this code"))
    parser.add_argument("--seats", metavar="P0,P1,...", default="human,human,heuristic,heuristic",
                        help=_("with --create: 'human' or a bot per seat (default: human,human,heuristic,heuristic)"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..net.client import Joining, run as plain  # websockets is loaded only by the network's commands

    if not ADDRESS.fullmatch(args.address) or not 0 < int(args.address.rsplit(":", 1)[1]) <= 65535:
        raise UserError(f"{args.address[:60]!r} is not an address and port: give them as belot host printed "
                        "them, like 127.0.0.1:7654")
    if args.watch and args.token:
        raise UserError("--watch takes no seat, so no --token")
    create = {"variant": args.create, "seats": [s.strip() for s in args.seats.split(",")]} if args.create else None
    joining = Joining(args.address, args.code, args.name, args.token, args.watch, create)
    if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return plain(joining)
    from ..net.joined import run as full_screen  # textual is loaded only for the full-screen table

    return full_screen(joining)
