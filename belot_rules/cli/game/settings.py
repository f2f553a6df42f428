"""The player's settings, kept between games: the suits' colours, the hand's order, the bots' speed, forced cards,
the bots' level.

A small JSON file beside the saves and the statistics, rewritten whole and atomically
whenever a key changes a setting. It is read by the bounded JSON reader: a file that
cannot be read is kept beside it (``settings-unreadable-DATE.json``) and gives the
defaults, a value this version does not take gives that setting's default; each with a
one-line notice, never a stop. Options on the command line override it for one game
without changing it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from ...engine.records import write_record
from ...errors import FileError
from ...files import excerpt, exists, first_problem, move_aside, read_json
from ...players.levels import DEFAULT_LEVEL, LEVELS
from .controller import SPEEDS
from .look import THEMES
from .saves import data_dir

SETTINGS_NAME = "settings.json"
SETTINGS_FORMAT = "belot-rules/settings"
SORTS = ("strength", "rank")  # trumps first and strongest first; or suits in a fixed order, low to high


@dataclass(frozen=True)
class Settings:
    """What the player chose with a key (or the defaults)."""

    theme: str = "four-colour"  # one of look.THEMES
    sort: str = SORTS[0]
    speed: str = "normal"  # one of SPEEDS
    autoplay: bool = False  # a card that is the only legal one is played by itself
    level: str = DEFAULT_LEVEL  # the bots' level in a new game, chosen in the table's level menu

    def overridden(self, **given: Any) -> Settings:
        """These settings with the options given on the command line (None: not given) put over them."""
        return replace(self, **{name: value for name, value in given.items() if value is not None})


CHOICES: dict[str, tuple[object, ...]] = {"theme": tuple(THEMES), "sort": SORTS, "speed": tuple(SPEEDS),
                                          "autoplay": (False, True), "level": tuple(lv.name for lv in LEVELS)}


def settings_path() -> Path:
    return data_dir() / SETTINGS_NAME


def read_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and None; or, with a one-line notice, the defaults for what the file could not give.

    A setting missing from the file keeps its default (a file of an earlier version); so does
    one whose value this version does not take. A file that cannot be read at all is kept
    aside, so that the next setting changed does not write over it.
    """
    path = path or settings_path()
    try:
        if not exists(path):
            return Settings(), None
        data = read_json(path, "the settings of belot play").data
    except FileError as err:
        return Settings(), _unreadable(path, first_problem(err))
    if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
        return Settings(), _unreadable(path, "not a settings file of belot play")
    given = {f.name: data[f.name] for f in fields(Settings) if f.name in data}
    wrong = {name: value for name, value in given.items() if value not in CHOICES[name]
             or type(value) is not type(getattr(Settings, name))}
    settings = Settings(**{name: value for name, value in given.items() if name not in wrong})
    if not wrong:
        return settings, None
    shown = ", ".join(f"{name} {excerpt(value)}" for name, value in wrong.items())
    return settings, (f"The settings in {path} hold values this belot play does not take ({shown}); "
                      "for those, the defaults are used.")


def _unreadable(path: Path, why: str) -> str:
    """Keep a settings file that cannot be read beside it, and say so in one line."""
    try:
        kept = move_aside(path, path.parent, "unreadable")
    except OSError:
        return f"The settings in {path} could not be read ({why}); the defaults are used."
    return (f"The settings in {path} could not be read ({why}); the file is kept as {kept.name} "
            "and the defaults are used.")


def write_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Keep ``settings`` for the next games; a notice if they cannot be written (the game goes on)."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_record({"format": SETTINGS_FORMAT, "version": 1, **asdict(settings)}, path)
    except OSError as err:
        return f"The settings cannot be kept in {path}: {err.strerror or err}."
    return None


@dataclass
class Kept:
    """The settings file and what it holds: a key that changes a setting changes it here, for the next games."""

    settings: Settings
    path: Path

    @classmethod
    def read(cls) -> tuple[Kept, str | None]:
        """The player's kept settings, and a notice when the file could not be read."""
        settings, notice = read_settings()
        return cls(settings, settings_path()), notice

    def change(self, **values: Any) -> str | None:
        """Keep the changed settings (only these: an option given on the command line stays for its game);
        a notice if the file cannot be written."""
        self.settings = replace(self.settings, **values)
        return write_settings(self.settings, self.path)
