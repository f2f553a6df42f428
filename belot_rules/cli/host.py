"""``belot host [VARIANT_OR_FILE] --seats human,heuristic,human,hard``: a table friends join over the network."""

from __future__ import annotations

import argparse
import asyncio
import re
import secrets
import socket
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..i18n import gettext as _
from .seed import seed_number

DEFAULT_SEATS = "human,heuristic,human,heuristic"
DEFAULT_PORT = 7654
CODE = re.compile(r"[A-Za-z0-9-]{4,32}")
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "host", help=_("host a table that friends join over the network (belot join)"),
        description=_("Open a table for people and bots: each 'human' seat is taken by whoever joins with the "
        "table's code (belot join ADDRESS:PORT --code CODE). The server decides every move and sends each "
        "seat only what it may see. It listens on this machine alone (127.0.0.1) unless --listen says "
        "otherwise, and saves after every move; --resume continues a stopped match."))
    parser.add_argument("variant", nargs="?", metavar="VARIANT_OR_FILE", help=_("a shipped variant or a variant file "
                        "(default: bulgarian)"))
    parser.add_argument("--seats", metavar="P0,P1,...", help=_("'human', a bot or a level (easy, normal, hard, expert) "
                        "per seat, in play order (default: {seats})").format(seats=DEFAULT_SEATS))
    parser.add_argument("--code", help=_("the table's code (default: a random one)"))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=_("the port (default: {port}; 0: any free one)").format(
        port=DEFAULT_PORT))
    parser.add_argument("--listen", default="127.0.0.1", metavar="ADDRESS",
                        help=_("the address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0: every network)"))
    parser.add_argument("--seed", type=seed_number, help=_("deal the same cards and bot moves again (default: random)"))
    parser.add_argument("--target", type=int, metavar="N", help=_("play to N match points instead of the variant's target (N deals where players predict their points)"))
    parser.add_argument("--wait", type=float, default=120, metavar="SECONDS",
                        help=_("how long a player who dropped has to come back before a bot plays their seat "
                             "(default: 120)"))
    parser.add_argument("--bot", default="heuristic", help=_("the bot that plays a seat whose player is away "
                        "(default: heuristic)"))
    parser.add_argument("--speed", choices=["slow", "normal", "fast", "instant"], default="normal",
                        help=_("how long the table pauses after each bot's move (default: normal)"))
    parser.add_argument("--hints", action="store_true", help=_("players may ask what a bot would play (h)"))
    parser.add_argument("--undo", choices=["never", "own-move", "agreed"],
                        help=_("whether a player may take back a move (u): never (the default), own-move (while no "
                             "other player has moved since) or agreed (once the other players agree); a resumed "
                             "table keeps its rule unless this is given"))
    parser.add_argument("--resume", nargs="?", const="", metavar="FILE",
                        help=_("continue a hosted match that was stopped (default: the table saved last); with "
                             "--lobby, open the tables of a stopped lobby again (FILE: its folder)"))
    parser.add_argument("--save", metavar="FILE", help=_("where the table is saved (default: one file per code "
                        "in the data folder); with --lobby, the folder of its tables"))
    parser.add_argument("--lobby", action="store_true",
                        help=_("no table of its own: players open tables by code (belot join --create)"))
    parser.add_argument("--web", type=int, metavar="PORT", help=_("also serve the table to browsers on PORT"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..net.hosting import Hosting  # websockets is loaded only by the network's commands

    if not 0 <= args.port <= 65535 or (args.web is not None and not 0 <= args.web <= 65535):
        raise UserError("--port and --web take a port number from 0 to 65535 (0: any free port)")
    if args.wait < 0 or args.wait > 86400:
        raise UserError("--wait takes a number of seconds from 0 to 86400")
    if args.code is not None and not CODE.fullmatch(args.code):
        raise UserError("--code takes 4 to 32 letters, digits and dashes, like friday-7")
    if args.lobby and (args.variant or args.seats):
        raise UserError("--lobby opens no table of its own: players open them (belot join --create VARIANT); "
                        "leave out the variant and --seats")
    code = args.code or "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
    hosting = Hosting.lobby(args) if args.lobby else \
        Hosting.resumed(args, Path(args.resume) if args.resume else None) if args.resume is not None else \
        Hosting.new(args, code)
    try:
        return asyncio.run(hosting.serve(args.listen, args.port, args.web))
    except KeyboardInterrupt:
        print(hosting.stopped(), flush=True)
        return 130
    except OSError as err:
        raise UserError(f"cannot listen on {args.listen}:{args.port}: {err.strerror or err}") from None


def join_address(listen: str, port: int) -> str:
    """The address others join with: the one listened on, or this machine's name when listening on all."""
    host = socket.gethostname() if listen in ("0.0.0.0", "::", "") else listen
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


