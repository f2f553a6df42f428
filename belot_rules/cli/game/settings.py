"""The player's settings, kept between games: the suits' colours, the hand's order, the bots' speed, forced cards.

A small JSON file beside the saves and the statistics, rewritten whole and atomically
whenever a key changes a setting. A file that cannot be read gives the defaults and a
one-line notice, never a stop. Options on the command line override it for one game
without changing it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from ...engine.records import write_record
from .look import THEMES
from .saves import data_dir

SETTINGS_NAME = "settings.json"
SETTINGS_FORMAT = "belot-rules/settings"
SPEEDS = {"slow": 1.5, "normal": 0.6, "fast": 0.25, "instant": 0.0}  # seconds between two bots' moves
SORTS = ("strength", "rank")  # trumps first and strongest first; or suits in a fixed order, low to high


@dataclass(frozen=True)
class Settings:
    """What the player chose with a key (or the defaults)."""

    theme: str = "four-colour"  # one of look.THEMES
    sort: str = SORTS[0]
    speed: str = "normal"  # one of SPEEDS
    autoplay: bool = False  # a card that is the only legal one is played by itself

    def overridden(self, **given: object) -> Settings:
        """These settings with the options given on the command line (None: not given) put over them."""
        return replace(self, **{name: value for name, value in given.items() if value is not None})


CHOICES: dict[str, tuple[object, ...]] = {"theme": tuple(THEMES), "sort": SORTS, "speed": tuple(SPEEDS),
                                          "autoplay": (False, True)}


def settings_path() -> Path:
    return data_dir() / SETTINGS_NAME


def read_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and None; or the defaults and a one-line notice saying what was wrong with the file.

    A setting missing from the file keeps its default (a file of an earlier version); an
    unknown value is a damaged file.
    """
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        why = err.strerror.lower() if isinstance(err, OSError) and err.strerror else "not readable JSON"
        return Settings(), f"The settings in {path} could not be read ({why}); the defaults are used."
    if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
        return Settings(), f"{path} is not a settings file of belot play; the defaults are used."
    wrong = [f.name for f in fields(Settings) if f.name in data and data[f.name] not in CHOICES[f.name]
             or type(data.get(f.name, f.default)) is not type(f.default)]
    if wrong:
        return Settings(), f"The settings in {path} are damaged ({', '.join(wrong)}); the defaults are used."
    return Settings(**{f.name: data[f.name] for f in fields(Settings) if f.name in data}), None


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

    def change(self, **values: object) -> str | None:
        """Keep the changed settings (only these: an option given on the command line stays for its game);
        a notice if the file cannot be written."""
        self.settings = replace(self.settings, **values)
        return write_settings(self.settings, self.path)
