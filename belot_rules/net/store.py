"""A hosted match saved after every move, and read back by ``belot host --resume``.

The file holds the local game's save (:func:`~belot_rules.cli.game.saves.save_data`: variant, seed,
seats, every move) and what the table adds: its code, which seats are people's, their names and seat
tokens, so the players come back to their own seats. It is written atomically and readable by its
owner only (the tokens are the seats' keys).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from ..cli.game.saves import SavedGame, SaveUnavailable, data_dir, save_data
from ..cli.game.session import Session
from ..engine.records import write_record
from ..errors import FileError, UserError
from ..files import MAX_RECORD_BYTES, excerpt, read_json
from ..i18n import gettext as _
from .seats import PERSON, Seat
from .table import Table
from .takeback import NEVER, UNDO_RULES

WRITER = ThreadPoolExecutor(max_workers=2, thread_name_prefix="save")  # the server's saves, off its loop
FORMAT = "belot-rules/hosted-table"
VERSION = 1


def tables_dir() -> Path:
    return data_dir() / "tables"


def default_path(code: str) -> Path:
    return tables_dir() / f"{code}.json"


def lobby_dir() -> Path:
    """Where ``belot host --lobby`` keeps its tables, one file a code, unless ``--save`` names a folder."""
    return tables_dir() / "lobby"


def lobby_saves(folder: Path) -> list[Path]:
    """The tables a lobby saved in ``folder``, oldest first; a folder with none is a user error."""
    try:
        saves = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
    except OSError:
        saves = []
    if not saves:
        raise UserError(_("no lobby table is saved in {folder}; start a lobby with: belot host --lobby").format(
            folder=folder))
    return saves


class TableSave:
    """The save file of one hosted table: the controller calls :meth:`write` after every move.

    With a ``writer`` (the server's :data:`WRITER`) the file is written in the writer's thread, the newest
    state only when moves come faster than the disk, so the server's loop never waits for a disk's sync
    (200 tables of a lobby each saving every move on the loop held every broadcast up by 250 ms and more).
    A write that failed there is said at the next move."""

    def __init__(self, path: Path, writer: Executor | None = None) -> None:
        self.path, self.writer = path, writer
        self.table: Table | None = None
        self.lock = threading.Lock()
        self.next: Callable[[], None] | None = None  # the newest work not yet done: a write or the discard
        self.idle = threading.Event()
        self.idle.set()
        self.failed: str | None = None

    def write(self, session: Session) -> None:
        if self.failed is not None:
            raise SaveUnavailable(self.failed)
        table = self.table
        seats = [{"player": s.player, "name": s.name, "token": s.token} for s in table.seats] if table else []
        data = {"format": FORMAT, "version": VERSION, "code": table.code if table else "",
                "hints": table.hints if table else False, "undo": table.undo_rule if table else NEVER,
                "seats": seats, "game": save_data(session)}
        self._do(partial(self._write, data))

    def _write(self, data: dict[str, Any]) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_record(data, self.path, private=True)
        except OSError as err:
            raise SaveUnavailable(_("cannot save the table in {path}: {error}").format(
                path=self.path, error=err.strerror or err)) from None

    def resume_command(self) -> str:
        return f"belot host --resume {self.path}"

    def discard(self) -> None:
        """The match is over: nothing is left to resume."""
        self._do(partial(self.path.unlink, missing_ok=True))

    def _do(self, work: Callable[[], None]) -> None:
        if self.writer is None:
            work()
            return
        with self.lock:
            self.next = work
            if not self.idle.is_set():
                return  # the thread at work takes it next
            self.idle.clear()
        self.writer.submit(self._drain)

    def _drain(self) -> None:
        while True:
            with self.lock:
                work, self.next = self.next, None
                if work is None:
                    self.idle.set()
                    return
            try:
                work()
            except Exception as err:  # noqa: BLE001 - said at the next write, from the table's own loop
                self.failed = str(err)

    def flush(self, timeout: float = 10) -> None:
        """Wait until what was asked is written."""
        self.idle.wait(timeout)


def latest() -> Path:
    """The table saved last, for ``--resume`` without a file."""
    try:
        saves = sorted(tables_dir().glob("*.json"), key=lambda p: p.stat().st_mtime)
    except OSError:
        saves = []
    if not saves:
        raise UserError(_("no hosted table is saved in {folder}; start one with: belot host").format(
            folder=tables_dir()))
    return saves[-1]


def read_table(path: Path) -> tuple[Session, list[Seat], str, bool, str]:
    """The saved match replayed, its seats (with names and tokens), its code, whether hints are allowed and the
    undo rule."""
    try:
        data = read_json(path, "a hosted table", MAX_RECORD_BYTES).data
    except FileError as err:
        raise UserError(_("{error} (not a readable hosted table)").format(error=err)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(_("{path}: not a table saved by belot host").format(path=path))
    if data.get("version") != VERSION:
        raise UserError(_("{path}: a hosted table of version {version}; this belot reads {known}").format(
            path=path, version=excerpt(data.get("version")), known=VERSION))
    game, seats, code = data.get("game"), data.get("seats"), data.get("code")
    if not (isinstance(game, dict) and isinstance(code, str) and code and isinstance(seats, list)
            and all(isinstance(s, dict) and isinstance(s.get("player"), str) and isinstance(s.get("name"), str)
                    and (s.get("token") is None or isinstance(s.get("token"), str)) for s in seats)
            and isinstance(game.get("record"), dict) and isinstance(game.get("seats"), list)
            and len(game["seats"]) == len(seats)):
        raise UserError(_("{path}: the hosted table is damaged (its code, seats or game are missing or of the wrong "
                          "kind)").format(path=path))
    record = game["record"]
    if type(record.get("seed")) is not int or not isinstance(game.get("variant"), str):
        raise UserError(_("{path}: the hosted table is damaged (its variant or seed)").format(path=path))
    saved = SavedGame(path, game["variant"], game.get("target"), tuple(str(s) for s in game["seats"]), None,
                      record, game.get("deal"))
    session = saved.replay()
    chairs = [Seat(n, s["player"], s["name"], s["token"]) for n, s in enumerate(seats)]
    if not any(c.player == PERSON for c in chairs):
        raise UserError(_("{path}: the hosted table has no player's seat").format(path=path))
    undo = data.get("undo", NEVER)
    if undo not in UNDO_RULES:
        raise UserError(_("{path}: the hosted table is damaged (its undo rule {undo} is none of {rules})").format(
            path=path, undo=excerpt(undo), rules=", ".join(UNDO_RULES)))
    return session, chairs, code, bool(data.get("hints")), undo
