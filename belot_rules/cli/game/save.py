"""Saving a game after every action and picking it up again.

A save is the match record of :mod:`belot_rules.engine.records` plus what it takes to
rebuild the table: the variant as it was named, the ``--target`` override and the
seats. Resuming starts the same match from the same seed and re-applies every saved
action through the engine, so the hands, the bots' choices and the score sheet come
back exactly; a variant whose rules changed since is noticed by its content hash.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ...cards import CARDS
from ...engine.records import match_record, write_record
from ...errors import UserError
from ...players.levels import level_of
from .seating import HUMAN, parse_seats
from .session import Session

SAVE_FORMAT = "belot-rules/saved-game"
VERSION = 1
APP_DIR = "belot-rules"
SAVE_NAME = "saved-game.json"


def data_dir() -> Path:
    """The per-user data directory: ``%APPDATA%`` on Windows, else ``$XDG_DATA_HOME`` or ``~/.local/share``."""
    if os.name == "nt" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / APP_DIR
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / APP_DIR


def default_save_path() -> Path:
    return data_dir() / SAVE_NAME


def write_record_file(session: Session, path: Path) -> None:
    """The match record for ``belot replay``.

    A game played with ``--target`` is not a game of the unchanged variant, so its
    rules go in a small house-rules file beside the record, which the record names.
    """
    record = match_record(session.match)
    if session.undone:  # moves the player took back, each with the deal and the step it was taken back to
        record["undone"] = session.undone
    try:
        if session.target is not None:
            rules = path.with_name(f"{path.stem}-rules.yaml")
            variant = session.ruleset.variant
            house = {"name": f"{variant.name}-to-{session.target}", "title": f"{variant.title}, to {session.target}",
                     "extends": session.source, "match": {"target": session.target}}
            rules.write_text(f"# The rules of a game of belot play --target {session.target}\n"
                             + yaml.safe_dump(house, sort_keys=False, allow_unicode=True), encoding="utf-8")
            record["variant"] = rules.name
        write_record(record, path)
    except OSError as err:
        raise UserError(f"{path}: cannot write the record: {err.strerror or err}") from None


def write_save(session: Session, path: Path) -> None:
    """Write the save atomically: a crash mid-write leaves the previous save whole."""
    data = {
        "format": SAVE_FORMAT,
        "version": VERSION,
        "variant": session.source,
        "target": session.target,
        "seats": list(session.seating.players),
        "forfeit": session.forfeit,
        "deal": session.deal_number,  # the deal being played: the record holds a deal only once it has begun
        "record": match_record(session.match),
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_record(data, path)
    except OSError as err:
        raise UserError(f"{path}: cannot save the game: {err.strerror or err}") from None


@dataclass(frozen=True)
class SavedGame:
    """A save as read from disk, checked for shape but not yet replayed."""

    path: Path
    variant: str
    target: int | None
    seats: tuple[str, ...]
    forfeit: int | None
    record: dict[str, Any]
    deal: int | None = None  # the deal being played, when the save says

    @property
    def seed(self) -> int:
        return self.record["seed"]

    @property
    def finished(self) -> bool:
        return self.record.get("winner") is not None or self.forfeit is not None

    def summary(self) -> str:
        """One line to recognise the game by."""
        deal = self.deal or max(len(self.record["deals"]), 1)
        board = self.record["board"]
        found = level_of([p for p in self.seats if p != HUMAN])
        shown = f", {found.name}" if found is not None else ""
        return f"{self.variant}{shown}, deal {deal}, board {board[0]}-{board[1]}, seed {self.seed}"

    def start(self) -> Session:
        """A fresh session of the same match, before any saved action is applied."""
        return Session.start(self.variant, self.seed, self.seats, self.target)

    def restore(self, session: Session) -> Session:
        """Apply every saved action to ``session`` (from :meth:`start`), checking each deal's cards."""
        for number, deal in enumerate(self.record["deals"], 1):
            current = session.deal
            if current is None:
                raise UserError(f"{self.path}: the match is over before deal {number} of the save")
            dealt = [str(CARDS[c]) for c in current.deck]
            if dealt != deal.get("deck"):
                raise UserError(f"{self.path}: deal {number} is not dealt as saved; these rules deal differently")
            for step, action in enumerate(deal["actions"], 1):
                try:
                    session.apply(str(action))
                except UserError as err:
                    raise UserError(f"{self.path}: deal {number}, action {step}: {err}") from None
        session.forfeit = self.forfeit
        return session


def read_save(path: Path) -> SavedGame:
    """The save at ``path``; a missing, unreadable or foreign file is a :class:`UserError`."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"{path}: no saved game there; start one with: belot play") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise UserError(f"{path}: not a readable saved game ({err.__class__.__name__})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise UserError(f"{path}: not a saved game of belot play")
    record = data.get("record")
    target = data.get("target")
    forfeit = data.get("forfeit")
    if (not isinstance(record, dict) or not isinstance(data.get("variant"), str)
            or not isinstance(record.get("seed"), int) or not _deals_shaped(record.get("deals"))
            or not (target is None or isinstance(target, int)) or forfeit not in (None, 0, 1)
            or not (isinstance(record.get("board"), list) and len(record["board"]) == 2)):
        raise UserError(f"{path}: the saved game is damaged (its variant, seed, deals or board are missing)")
    seats = parse_seats(",".join(str(s) for s in data.get("seats", [])))
    deal = data.get("deal")
    return SavedGame(path, data["variant"], target, seats, forfeit, record, deal if isinstance(deal, int) else None)


def _deals_shaped(deals: object) -> bool:
    """Each deal of a saved record is an object with a deck and a list of actions."""
    return isinstance(deals, list) and all(
        isinstance(d, dict) and isinstance(d.get("deck"), list) and isinstance(d.get("actions"), list) for d in deals)
