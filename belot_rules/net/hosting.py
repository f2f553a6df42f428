"""``belot host``'s work: build the table (new, resumed, or a lobby's on request), serve it, tell the host.

What the host sees is a line per change: where the table listens and who can reach it, the command
that joins it, players coming and going, each deal's result and the match's end.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cli.game.look import variant_title
from ..cli.game.seating import decision_seed
from ..cli.game.session import Session
from ..cli.host import CODE
from ..errors import UserError
from ..i18n import current, gettext as _, ngettext, speaking
from ..players import REGISTRY, check_player
from ..players.levels import LEVELS
from ..variant.loader import is_name
from .seats import PERSON, Refused
from .server import Host, TableRunner, listen
from .store import WRITER, TableSave, default_path, latest, lobby_dir, lobby_saves, read_table
from .table import Table
from .takeback import NEVER
from .web import page


def say(line: str) -> None:
    print(line, flush=True)


def player_named(text: str) -> str:
    """A seat's player as written: ``human``, a bot of the package, a level (``hard`` is its bot), or as given."""
    lower = text.strip().lower()
    levels = {lv.name: lv.bot for lv in LEVELS}
    return levels.get(lower, lower) if lower in (PERSON, *REGISTRY, *levels) else text.strip()


def parse_people(text: str, outside: bool = True) -> tuple[str, ...]:
    """The seats of ``--seats``: ``human``, a bot's name or a level each (``outside``: an outside bot's file too)."""
    seats = tuple(player_named(part) for part in text.split(","))
    if not 2 <= len(seats) <= 4:
        raise UserError(_("--seats takes one comma-separated player per seat, like human,heuristic,human,heuristic"))
    for seat in seats:
        if seat != PERSON and (outside or seat in REGISTRY):
            try:
                check_player(seat)
            except UserError as err:
                raise UserError(_("--seats: {error}; or human, or a level (easy, normal, hard, expert)").format(
                    error=err)) from None
        elif seat != PERSON:
            raise UserError(_("a lobby's tables take the package's bots only: {seat} is not one (players: {players}, "
                              "or human)").format(seat=repr(seat[:40]), players=", ".join(sorted(REGISTRY))))
    if PERSON not in seats:
        raise UserError(_("--seats names no 'human' seat: nobody could join (belot play --watch watches bots)"))
    return seats


def resumed_table(args: argparse.Namespace, path: Path) -> tuple[Table, TableSave]:
    """A saved table read back and replayed, its players away until they rejoin (the wait runs from now)."""
    session, chairs, code, hints, undo = read_table(path)
    save = TableSave(path, WRITER)
    table = Table(session, chairs, code, hints=hints or args.hints, undo_rule=args.undo or undo, wait=args.wait,
                  slot=save, note=say)
    save.table = table
    start = time.monotonic()
    for chair in table.seats:
        chair.away_since = start if chair.person and chair.token is not None else None
    table.started = all(c.token is not None for c in table.seats if c.person)
    table.told = True  # its deal was told before the stop: a player coming back is shown it
    return table, save


def new_session(variant: str, seed: int, seats: tuple[str, ...], stand_in: str, target: int | None) -> Session:
    """The match, a person's seat played by ``stand_in`` whenever its player is away."""
    return Session.start(variant, seed, tuple(stand_in if s == PERSON else s for s in seats), target)


@dataclass
class Hosting:
    """One ``belot host`` run: its tables and how they are served."""

    host: Host
    speed: str
    wait: float
    saves: list[TableSave] = field(default_factory=list)
    lobby_mode: bool = False
    folder: Path = field(default_factory=lobby_dir)  # where a lobby saves its tables
    spoken: str = field(default_factory=current)  # the host's language, for its notes

    @classmethod
    def new(cls, args: argparse.Namespace, code: str) -> Hosting:
        args.bot = player_named(args.bot)
        check_player(args.bot)
        seats = parse_people(args.seats or "human,heuristic,human,heuristic")
        seed = args.seed if args.seed is not None else int(time.time_ns() % 2 ** 31)
        session = new_session(args.variant or "bulgarian", seed, seats, args.bot, args.target)
        save = TableSave(Path(args.save) if args.save else default_path(code), WRITER)
        table = Table.new(session, seats, code, hints=args.hints, undo_rule=args.undo or NEVER, wait=args.wait,
                          slot=save, note=say)
        save.table = table
        table.flow.save()  # a table stopped before its first move resumes too
        hosting = cls(Host(), args.speed, args.wait, [save])
        hosting.add(table)
        return hosting

    @classmethod
    def resumed(cls, args: argparse.Namespace, path: Path | None) -> Hosting:
        path = path or latest()
        table, save = resumed_table(args, path)
        if table.over:
            raise UserError(_("{path}: this match is over; belot host starts a new one").format(path=path))
        hosting = cls(Host(), args.speed, args.wait, [save])
        hosting.add(table)
        say(_("Resuming the match of table {code} at deal {number}; the players rejoin their seats with the same "
              "command (a bot plays a seat not back within {seconds} s).").format(
            code=table.code, number=table.session.deal_number, seconds=f"{args.wait:g}"))
        return hosting

    @classmethod
    def lobby(cls, args: argparse.Namespace) -> Hosting:
        args.bot = player_named(args.bot)
        check_player(args.bot)
        folder = Path(args.save) if args.save else lobby_dir()
        hosting = cls(Host(), args.speed, args.wait, lobby_mode=True, folder=folder)
        if args.resume is not None:
            hosting.reopen(args, Path(args.resume) if args.resume else folder)

        def open_table(hello: dict[str, Any]) -> TableRunner:
            wanted = hello["create"]
            if not is_name(wanted["variant"]):
                raise Refused(_("a lobby's tables play the shipped variants (belot list names them), not files"))
            if not CODE.fullmatch(hello["code"]):
                raise Refused(_("a table's code takes 4 to 32 letters, digits and dashes, like friday-7"))
            try:
                seats = parse_people(",".join(wanted["seats"]), outside=False)
                seed = wanted.get("seed", decision_seed(time.time_ns(), 0, 0) % 2 ** 31)
                session = new_session(wanted["variant"], seed, seats, args.bot, wanted.get("target"))
            except UserError as err:
                raise Refused(str(err)) from None
            save = TableSave(hosting.folder / f"{hello['code']}.json", WRITER)
            table = Table.new(session, seats, hello["code"], hints=args.hints, undo_rule=args.undo or NEVER,
                              wait=args.wait, slot=save, note=say)
            save.table = table
            table.flow.save()
            with speaking(hosting.spoken):  # the host's note, made while a player's request is answered
                say(_("Table {code} opened: {title}, seats {seats}").format(
                    code=hello["code"], title=variant_title(session.ruleset.variant), seats=",".join(seats)))
            return TableRunner(table, args.speed, note=say, ended=save.discard)

        hosting.host.lobby = open_table
        return hosting

    def reopen(self, args: argparse.Namespace, folder: Path) -> None:
        """The tables a lobby saved in ``folder`` open again as they were; those whose match is over are dropped."""
        self.folder = folder
        for path in lobby_saves(folder):
            table, save = resumed_table(args, path)
            if table.over:
                save.discard()
                continue
            self.host.tables[table.code] = TableRunner(table, self.speed, note=say, ended=save.discard)
            say(_("Table {code} reopened at deal {number}: {title}").format(
                code=table.code, number=table.session.deal_number, title=variant_title(table.session.ruleset.variant)))
        count = len(self.host.tables)
        say(ngettext("{count} table reopened; their players rejoin with the same command (a bot plays a seat not back "
                     "within {seconds} s).",
                     "{count} tables reopened; their players rejoin with the same command (a bot plays a seat not back "
                     "within {seconds} s).", count).format(count=count, seconds=f"{args.wait:g}"))

    def add(self, table: Table) -> None:
        self.host.tables[table.code] = TableRunner(table, self.speed, note=say)

    def stopped(self) -> str:
        if self.lobby_mode:
            return _("Stopped. The lobby's tables are saved; open them again with: {command}").format(
                command=f"belot host --lobby --resume {self.folder}")
        if not self.saves:
            return _("Stopped.")
        return _("Stopped. The match is saved; continue it with: {command}").format(
            command=self.saves[0].resume_command())

    async def serve(self, address: str, port: int, web: int | None) -> int:
        from ..cli.host import join_address

        server = await listen(self.host, address, port)
        port = int(server.sockets[0].getsockname()[1])
        web_server = await listen(self.host, address, web, page) if web is not None else None
        local = address.startswith("127.") or address == "localhost"
        say(_("Listening on {address}:{port}, this machine only (--listen 0.0.0.0 opens it to other machines).")
            .format(address=address, port=port) if local else
            _("Listening on {address}:{port}: anyone who can reach this machine may join with the code.").format(
                address=address, port=port))
        for runner in self.host.tables.values():
            table = runner.table
            say(_("Table {code}: {title}, seed {seed}. Join it with: {command}").format(
                code=table.code, title=variant_title(table.session.ruleset.variant), seed=table.session.seed,
                command=f"belot join {join_address(address, port)} --code {table.code}"))
            for save in self.saves:
                say(_("Saved after every move in {path}; continue a stopped match with: {command}").format(
                    path=save.path, command=save.resume_command()))
        if self.lobby_mode:
            say(_("Lobby open: players open tables with: {command}; they are saved after every move in {folder} "
                  "({resume} opens them again)").format(
                command=f"belot join {join_address(address, port)} --code CODE --create VARIANT --seats "
                        "human,human,heuristic,heuristic", folder=self.folder,
                resume=f"belot host --lobby --resume {self.folder}"))
        if web_server is not None:
            web_port = int(web_server.sockets[0].getsockname()[1])
            say(_("Browsers join at: {address}").format(address=f"http://{join_address(address, web_port)}/"))
        for runner in self.host.tables.values():
            runner.start()
        try:
            while not self.lobby_mode:
                runners = list(self.host.tables.values())
                if runners and all(r.table.ended for r in runners):
                    await asyncio.sleep(1)  # the last messages reach the players
                    say(_("The match is over; the table is closed."))
                    return 0
                await asyncio.sleep(0.2)
            await asyncio.Future()
            return 0
        finally:
            server.close()
            if web_server is not None:
                web_server.close()

