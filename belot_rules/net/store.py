"""A hosted match saved after every move, and read back by ``belot host --resume``.

The file holds the local game's save (:func:`~belot_rules.cli.game.saves.save_data`: variant, seed,
seats, every move) and what the table adds: its code, which seats are people's, their names and seat
tokens, so the players come back to their own seats. It is written atomically and readable by its
owner only (the tokens are the seats' keys).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..cli.game.saves import SavedGame, SaveUnavailable, data_dir, save_data
from ..cli.game.session import Session
from ..engine.records import write_record
from ..errors import FileError, UserError
from ..files import MAX_RECORD_BYTES, excerpt, read_json
from .table import NEVER, PERSON, UNDO_RULES, Seat, Table

FORMAT = "belot-rules/hosted-table"
VERSION = 1


def tables_dir() -> Path:
    return data_dir() / "tables"


def default_path(code: str) -> Path:
    return tables_dir() / f"{code}.json"


class TableSave:
    """The save file of one hosted table: the controller calls :meth:`write` after every move."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.table: Table | None = None

    def write(self, session: Session) -> None:
        table = self.table
        seats = [{"player": s.player, "name": s.name, "token": s.token} for s in table.seats] if table else []
        data = {"format": FORMAT, "version": VERSION, "code": table.code if table else "",
                "hints": table.hints if table else False, "undo": table.undo_rule if table else NEVER, "seats": seats, "game": save_data(session)}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_record(data, self.path)
            os.chmod(self.path, 0o600)
        except OSError as err:
            raise SaveUnavailable(f"cannot save the table in {self.path}: {err.strerror or err}") from None

    def resume_command(self) -> str:
        return f"belot host --resume {self.path}"


def latest() -> Path:
    """The table saved last, for ``--resume`` without a file."""
    try:
        saves = sorted(tables_dir().glob("*.json"), key=lambda p: p.stat().st_mtime)
    except OSError:
        saves = []
    if not saves:
        raise UserError(f"no hosted table is saved in {tables_dir()}; start one with: belot host")
    return saves[-1]


def read_table(path: Path) -> tuple[Session, list[Seat], str, bool, str]:
    """The saved match replayed, its seats (with names and tokens), its code, whether hints are allowed and the
    undo rule."""
    try:
        data = read_json(path, "a hosted table", MAX_RECORD_BYTES).data
    except FileError as err:
        raise UserError(f"{err} (not a readable hosted table)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(f"{path}: not a table saved by belot host")
    if data.get("version") != VERSION:
        raise UserError(f"{path}: a hosted table of version {excerpt(data.get('version'))}; this belot reads {VERSION}")
    game, seats, code = data.get("game"), data.get("seats"), data.get("code")
    if not (isinstance(game, dict) and isinstance(code, str) and code and isinstance(seats, list)
            and all(isinstance(s, dict) and isinstance(s.get("player"), str) and isinstance(s.get("name"), str)
                    and (s.get("token") is None or isinstance(s.get("token"), str)) for s in seats)
            and isinstance(game.get("record"), dict) and isinstance(game.get("seats"), list)
            and len(game["seats"]) == len(seats)):
        raise UserError(f"{path}: the hosted table is damaged (its code, seats or game are missing or of the wrong kind)")
    record = game["record"]
    if type(record.get("seed")) is not int or not isinstance(game.get("variant"), str):
        raise UserError(f"{path}: the hosted table is damaged (its variant or seed)")
    saved = SavedGame(path, game["variant"], game.get("target"), tuple(str(s) for s in game["seats"]), None,
                      record, game.get("deal"))
    session = saved.replay()
    chairs = [Seat(n, s["player"], s["name"], s["token"]) for n, s in enumerate(seats)]
    if not any(c.player == PERSON for c in chairs):
        raise UserError(f"{path}: the hosted table has no player's seat")
    undo = data.get("undo", NEVER)
    if undo not in UNDO_RULES:
        raise UserError(f"{path}: the hosted table is damaged (its undo rule {excerpt(undo)} is none of "
                        f"{', '.join(UNDO_RULES)})")
    return session, chairs, code, bool(data.get("hints")), undo
