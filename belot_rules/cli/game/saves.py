"""Saved games: where they are kept, one game per save, and never a save lost.

A game is kept in a *slot*, one JSON file in the ``saves`` folder of the user's data
directory. By default each variant has its own slot (``bulgarian``, ``french``, a house
file's own), so starting a French game never touches an unfinished Bulgarian one;
``--slot NAME`` names another, so two games of one variant can be kept side by side.

The interface, used by the plain game and the full-screen one alike::

    slot = SaveSlot.for_variant(session.source)      # or SaveSlot.named("evening"), SaveSlot.at(path)
    slot.open()                                      # lock it: SlotBusy if another game holds it;
                                                     # SaveUnavailable if the folder cannot be written
    found = slot.look()                              # what is in it: found.saved, found.note, found.cut_short
    slot.write(session)                              # after every move: atomic, never half a file
    slot.set_aside("kept")                           # move the save out of the way; returns where
    slot.close()                                     # release the lock (process exit does too)

A slot is locked for as long as a game plays in it (an OS file lock, released even by
kill -9), so two games never write one save. Every write goes to a unique temporary
file renamed over the save. A save that cannot be read, or does not replay, is moved
to ``saves/aside/`` with a note of where, and never stops a new game; a save cut short
(its JSON stops mid-way) is reported as such, so a game asks before replacing it.

A save is the match record of :mod:`belot_rules.engine.records` plus what it takes to
rebuild the table: the variant as it was named, the ``--target`` override and the
seats. Resuming starts the same match from the same seed and re-applies every saved
action through the engine, so the hands, the bots' choices and the score sheet come
back exactly; a variant whose rules changed since is noticed by its content hash.
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import yaml

from ...cards import CARDS
from ...engine.deal import OVER
from ...engine.records import match_record, write_record
from ...errors import FileError, UserError, VariantError
from ...files import MAX_RECORD_BYTES, CutShort, excerpt, exists, move_aside, read_json
from ...i18n import gettext as _
from ...i18n.words import level_name
from ...players.levels import level_of
from ...variant.loader import is_name, name_from_file
from .seating import HUMAN, parse_seats
from .session import Session, match_with_target

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

SAVE_FORMAT = "belot-rules/saved-game"
VERSION = 1
APP_DIR = "belot-rules"
SAVES = "saves"
LEGACY = "saved-game.json"  # the single save of earlier versions, still offered to --resume
ASIDE = "aside"
SLOT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def data_dir() -> Path:
    """The per-user data directory: ``%APPDATA%`` on Windows, else ``$XDG_DATA_HOME`` or ``~/.local/share``."""
    if os.name == "nt" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / APP_DIR
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / APP_DIR


def saves_dir() -> Path:
    return data_dir() / SAVES


def slot_name(name: str) -> str:
    """``name`` if it can name a slot (letters, digits, ``-``, ``_``, ``.``; at most 64), else a :class:`UserError`."""
    if not SLOT_NAME.fullmatch(name) or name.endswith(".json"):
        raise UserError(f"--slot {excerpt(name)}: a slot is named with letters, digits, - _ and . "
                        "(at most 64, not starting with a dot), like evening or club-2")
    return name


def variant_slot_name(source: str) -> str:
    """The slot a variant's games go to: its name when shipped, else the file's name and a hash of its path."""
    if is_name(source):
        return source
    digest = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{name_from_file(Path(source))[:48]}-{digest}"


class SlotBusy(UserError):
    """Another game holds the slot."""


class SaveUnavailable(UserError):
    """The slot's folder cannot be created or written: the game may be played unsaved."""


@dataclass
class Found:
    """What a slot held when it was opened.

    ``saved`` is the game to offer (None when there is none or it was unusable); ``note``
    says what was done with an unusable save (moved aside, and where); ``cut_short`` is
    a save whose file ends mid-way: a game asks before replacing it.
    """

    saved: SavedGame | None = None
    note: str | None = None
    cut_short: str | None = None  # the problem, for the question


@dataclass
class SaveSlot:
    """One save file and the lock that lets a single game write it."""

    path: Path
    label: str  # how the slot is named on screen
    _lock: IO[bytes] | None = field(default=None, repr=False)

    @classmethod
    def named(cls, name: str) -> SaveSlot:
        return cls(saves_dir() / f"{slot_name(name)}.json", name)

    @classmethod
    def for_variant(cls, source: str) -> SaveSlot:
        return cls.named(variant_slot_name(source))

    @classmethod
    def at(cls, path: Path) -> SaveSlot:
        """A save file the player named (``--resume FILE``)."""
        return cls(path, str(path))

    @property
    def in_saves(self) -> bool:
        """A slot of the saves folder (rather than a file the player named)."""
        return self.path.parent == saves_dir()

    # ------------------------------------------------------------------ locking

    def open(self) -> None:
        """Create the folder and take the slot's lock; :class:`SlotBusy` or :class:`SaveUnavailable` if not."""
        lock_path = self.path.with_name(self.path.name + ".lock")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            stream = open(lock_path, "a+b")  # noqa: SIM115 - held until close()
        except OSError as err:
            raise SaveUnavailable(f"cannot save games in {self.path.parent}: {err.strerror or err}") from None
        try:
            _lock_file(stream)
        except OSError:
            stream.seek(0)
            holder = stream.read(40).decode("ascii", "replace").strip()
            stream.close()
            raise SlotBusy(f"another game is being played in the save slot {self.label}"
                           + (f" (process {holder})" if holder.isdigit() else "")
                           + "; finish it there, or play a second game at once with --slot NAME") from None
        stream.seek(0)
        stream.truncate()
        stream.write(str(os.getpid()).encode())
        stream.flush()
        self._lock = stream

    def close(self) -> None:
        """Release the lock (the lock file stays: removing it could let two games lock two files)."""
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    # ------------------------------------------------------------------ reading

    def look(self) -> Found:
        """What the slot holds: a game to offer, nothing, or an unusable save (moved aside, or cut short)."""
        if not self.path.exists():
            return Found()
        try:
            return Found(read_save(self.path))
        except CutShort as err:
            return Found(cut_short=str(err))
        except UserError as err:
            return Found(note=self.aside_note(err))

    def aside_note(self, err: UserError) -> str:
        """Move an unusable save aside and say so, or just say what is wrong with a file the player named."""
        problem = str(err).splitlines()[0]
        if not self.in_saves:
            return problem
        where = self.set_aside("broken")
        return (f"The saved game in slot {self.label} could not be used ({problem}); it was moved to {where}"
                + (f" (belot play --resume {where} continues it once the rules file is back or fixed)." if isinstance(err, RulesMissing)
                   else "."))

    def set_aside(self, why: str) -> Path:
        """Move the save to ``saves/aside/SLOT-WHY-TIME.json`` and return the new path."""
        folder = self.path.parent / ASIDE
        folder.mkdir(exist_ok=True)
        return move_aside(self.path, folder, why)

    # ------------------------------------------------------------------ writing

    def write(self, session: Session) -> None:
        """Write the save atomically; :class:`SaveUnavailable` if it cannot be written."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_record(save_data(session), self.path)
        except OSError as err:
            raise SaveUnavailable(f"cannot save the game in {self.path}: {err.strerror or err}") from None

    def spare(self) -> SaveSlot:
        """A free slot named after this one (``bulgarian-2``, ``bulgarian-3`` ...), opened: a second game of the
        same variant goes there while this slot keeps its unfinished game."""
        for number in range(2, 1000):
            slot = SaveSlot.named(f"{self.path.stem[:58]}-{number}")
            if slot.path.exists():
                continue
            try:
                slot.open()
            except SlotBusy:
                continue
            if not slot.path.exists():  # still free now that it is locked
                return slot
            slot.close()
        raise SaveUnavailable(f"no free save slot named after {self.label}")

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)

    def resume_command(self, record: Path | None = None) -> str:
        """What the player types to continue the game saved here: named, since another game may be saved later;
        with ``record``, the ``--record`` file it writes, so that the record goes on with the game."""
        command = f"belot play --resume --slot {self.path.stem}" if self.in_saves else f"belot play --resume {self.path}"
        return command + (f" --record {shlex.quote(str(record))}" if record is not None else "")


def latest_slot() -> SaveSlot | None:
    """The slot saved to last, for ``--resume`` without a file."""
    try:
        saves = [p for p in [*saves_dir().glob("*.json"), data_dir() / LEGACY] if p.is_file()]
    except OSError:
        return None
    if not saves:
        return None
    path = max(saves, key=lambda p: p.stat().st_mtime)
    return SaveSlot(path, path.stem)


def _lock_file(stream: IO[bytes]) -> None:
    """Take an exclusive lock on ``stream`` without waiting; OSError if another process holds it."""
    if fcntl is not None:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    else:
        stream.seek(0)
        msvcrt.locking(stream.fileno(), msvcrt.LK_NBLCK, 1)


# ---------------------------------------------------------------------- the save's contents


def save_data(session: Session) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": VERSION,
        "variant": session.source,
        "target": session.target,
        "seats": list(session.seating.players),
        "forfeit": session.forfeit,
        "deal": session.deal_number,  # the deal being played: the record holds a deal only once it has begun
        "record": match_record(session.match),
    }


def write_record_file(session: Session, path: Path) -> None:
    """The match record for ``belot replay``.

    A game played with ``--target`` is not a game of the unchanged variant, so its
    rules go in a small house-rules file beside the record, which the record names. A house-rules
    file is named from where the record is, so that the folder that holds them can move.
    """
    record = match_record(session.match)
    if session.undone:  # moves the player took back, each with the deal and the step it was taken back to
        record["undone"] = session.undone
    try:
        if session.target is not None:
            rules = path.with_name(f"{path.stem}-rules.yaml")
            variant = session.ruleset.variant
            parent = session.source if is_name(session.source) else _relative_to(Path(session.source), path.parent)
            house = {"name": f"{variant.name}-to-{session.target}", "title": f"{variant.title}, to {session.target}",
                     "extends": parent, "match": match_with_target(variant, session.target)}
            rules.write_text(f"# The rules of a game of belot play --target {session.target}\n"
                             + yaml.safe_dump(house, sort_keys=False, allow_unicode=True), encoding="utf-8")
            record["variant"] = rules.name
        elif not is_name(session.source):  # a house-rules file: named so that replay finds it from the record
            record["variant"] = _relative_to(Path(session.source), path.parent)
        write_record(record, path)
    except OSError as err:
        raise UserError(f"{path}: cannot write the record: {err.strerror or err}") from None


def _relative_to(file: Path, folder: Path) -> str:
    """``file`` as a path from ``folder`` (a record names its variant file from where the record is)."""
    try:
        return Path(os.path.relpath(file, folder.resolve())).as_posix()
    except ValueError:  # another drive
        return str(file)


class RulesMissing(UserError):
    """A save whose house-rules file has gone, or has a mistake now: the save is sound, and resumes once the file
    is back or fixed. Its message says which, and what to do; ``problems`` lists a mistake's places."""

    def __init__(self, message: str, problems: str = "") -> None:
        super().__init__(message)
        self.problems = problems


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
        return int(self.record["seed"])  # a whole number: the save's shape was checked when it was read

    @property
    def claims_over(self) -> bool:
        """Whether the save says its match has ended (a winner, a draw, a side out of time): a claim that only
        :meth:`replay` can confirm, since a damaged or edited field says it as well as a finished game."""
        return (self.record.get("winner") is not None or self.forfeit is not None
                or self.record.get("drawn") is not None)

    def replay(self) -> Session:
        """The saved game replayed to where it stopped: :meth:`start`, then :meth:`restore`."""
        return self.restore(self.start())

    def rules_changed(self, session: Session) -> bool:
        """Whether the rules of ``session`` (from :meth:`start`) differ from those the game was saved under."""
        return bool(self.record.get("variant_hash") != session.ruleset.content_hash)

    def disagreement(self, session: Session) -> str | None:
        """What the save says of its match's end that its replay (``session``, from :meth:`replay`) does not,
        in words after "it"; None when they agree."""
        match = session.match
        winner, drawn = self.record.get("winner"), self.record.get("drawn", False)
        if self.forfeit is not None and session.forfeit is None:
            return f"says side {self.forfeit} lost on time, which its moves do not bear out"
        if not (winner is None or type(winner) is int) or winner != match.winner:
            replayed = "an unfinished match" if not match.over else \
                "a draw" if match.winner is None else f"a win for side {match.winner}"
            return f"names the winner {excerpt(winner)} where its moves replay to {replayed}"
        if drawn is not match.drawn:
            return f"says drawn {excerpt(drawn)} where its moves replay to {'a draw' if match.drawn else 'no draw'}"
        return None

    def lost_on_time(self, session: Session) -> bool:
        """Whether the save's forfeit can be true of its replay: the player's side, at a table whose move clock
        loses the match, stopped at the player's own move of an unfinished match."""
        clock = session.ruleset.variant.table.move_clock
        human, current = session.seating.human, session.match.current
        return (clock.seconds is not None and clock.on_timeout == "lose_match" and human is not None
                and self.forfeit == session.seating.side_of[human] and not session.match.over
                and current is not None and current.phase != OVER and current.to_act == human)

    def summary(self) -> str:
        """One line to recognise the game by."""
        deal = self.deal or max(len(self.record["deals"]), 1)
        board = self.record["board"]
        found = level_of([p for p in self.seats if p != HUMAN])
        variant = excerpt(self.variant).strip(chr(34))
        if found is not None:
            variant = _("{variant}, {level}").format(variant=variant, level=level_name(found.name))
        return _("{variant}, deal {deal}, board {board}, seed {seed}").format(
            variant=variant, deal=deal, board="-".join(map(str, board)), seed=self.seed)

    def start(self) -> Session:
        """A fresh session of the same match, before any saved action is applied."""
        if is_name(self.variant):
            return Session.start(self.variant, self.seed, self.seats, self.target)
        if not Path(self.variant).is_file():
            raise RulesMissing(f"the saved game plays the rules file {self.variant}, which is not there any more; "
                               "put it back")
        try:
            return Session.start(self.variant, self.seed, self.seats, self.target)
        except VariantError as err:  # edited since, and not yet right: the save waits for the fix
            raise RulesMissing(_("the saved game plays the rules file {file}, which has a mistake now; fix it").format(
                file=self.variant), str(err)) from None

    def restore(self, session: Session) -> Session:
        """Apply every saved action to ``session`` (from :meth:`start`), checking each deal's cards and end."""
        deals = self.record["deals"]
        for number, deal in enumerate(deals, 1):
            current = session.deal
            if current is None:
                raise UserError(f"{self.path}: the match is over before deal {number} of the save")
            dealt = [str(CARDS[c]) for c in current.deck]
            if dealt != deal["deck"]:
                raise UserError(f"{self.path}: deal {number} is not dealt as saved; these rules deal differently")
            for step, action in enumerate(deal["actions"], 1):
                if current.phase == OVER:
                    raise UserError(f"{self.path}: deal {number}, action {step}: {excerpt(action)} comes after "
                                    "the deal is over")
                try:
                    session.apply(action)
                except UserError as err:
                    raise UserError(f"{self.path}: deal {number}, action {step}: {err}") from None
            if current.phase != OVER and number < len(deals):
                raise UserError(f"{self.path}: deal {number} is unfinished but more deals follow")
        session.forfeit = self.forfeit if self.lost_on_time(session) else None  # see disagreement()
        return session


def read_save(path: Path) -> SavedGame:
    """The save at ``path``; a missing, unreadable, foreign or damaged file is a :class:`UserError`.

    A file that stops mid-way is :class:`~belot_rules.files.CutShort`, so a game can ask
    before replacing it.
    """
    if not exists(path):
        raise UserError(f"{path}: no saved game there; start one with: belot play")
    try:
        data = read_json(path, "a saved game", MAX_RECORD_BYTES).data
    except CutShort:
        raise
    except FileError as err:
        raise UserError(f"{err} (not a readable saved game)") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise UserError(f"{path}: not a saved game of belot play")
    if data.get("version") != VERSION:
        raise UserError(f"{path}: a saved game of version {excerpt(data.get('version'))}; "
                        f"this belot play reads version {VERSION}")
    record, target, forfeit, seats, deal = (data.get(k) for k in ("record", "target", "forfeit", "seats", "deal"))
    if (not isinstance(record, dict) or not isinstance(data.get("variant"), str)
            or type(record.get("seed")) is not int or not _deals_shaped(record.get("deals"))
            or not (target is None or (type(target) is int and target >= 1)) or forfeit not in (None, 0, 1, 2)
            or type(forfeit) is bool or not _board_shaped(record.get("board"))
            or not (isinstance(seats, list) and all(isinstance(s, str) for s in seats))
            or not (deal is None or type(deal) is int)):
        raise UserError(f"{path}: the saved game is damaged (its variant, seed, seats, deals or board "
                        "are missing or of the wrong kind)")
    return SavedGame(path, data["variant"], target, parse_seats(",".join(seats)), forfeit, record, deal)


def _deals_shaped(deals: object) -> bool:
    """Each deal of a saved record is an object with a deck of card names and a list of actions in words."""
    return isinstance(deals, list) and all(
        isinstance(d, dict) and isinstance(d.get("deck"), list) and isinstance(d.get("actions"), list)
        and all(isinstance(a, str) for a in d["actions"]) for d in deals)


def _board_shaped(board: object) -> bool:
    """A score per side: two teams, or two to four players (the save's variant says which when replayed)."""
    return isinstance(board, list) and len(board) in (2, 3, 4) and all(type(b) is int for b in board)
