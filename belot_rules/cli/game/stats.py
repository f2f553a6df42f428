"""The player's statistics, kept between games: per variant and bot level, what their matches came to.

A small JSON file in the data directory, rewritten whole and atomically after each
finished match, so a crash never leaves half a file; an unreadable file is started
afresh rather than stopping the game.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from ...engine.records import write_record
from ...players.outside import short_name
from .saves import data_dir
from .session import Session

STATS_NAME = "statistics.json"
FIELDS = ("games", "wins", "points", "contracts", "made", "capots")


def stats_path() -> Path:
    return data_dir() / STATS_NAME


def read_stats(path: Path | None = None) -> dict[str, dict[str, dict[str, int]]]:
    """Every variant's counts by level; empty when there are none yet or the file is unreadable."""
    return _read(path or stats_path())[0]


def _read(path: Path) -> tuple[dict[str, dict[str, dict[str, int]]], bool]:
    """The counts, and whether a file is there that cannot be read as statistics (damaged, or not ours)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {variant: {level: {f: int(counts.get(f, 0)) for f in FIELDS} for level, counts in levels.items()
                          if isinstance(counts, dict)}
                for variant, levels in data["variants"].items() if isinstance(levels, dict)}, False
    except FileNotFoundError:
        return {}, False
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError):
        return {}, True


def level_of(session: Session) -> str:
    """The level the player played against (easy, normal, hard), or the bots' kinds joined for another table."""
    if session.seating.level is not None:
        return session.seating.level.name
    bots = [p for seat, p in enumerate(session.seating.players) if seat != session.seating.human]
    return "+".join(dict.fromkeys(bots))


def opponents(session: Session) -> str:
    """The bots in words: ``level Normal``, or ``bots: random`` when they play at no one level."""
    level = session.seating.level
    if level is not None:
        return f"level {level.title}"
    bots = [p for seat, p in enumerate(session.seating.players) if seat != session.seating.human]
    return "bots: " + ", ".join(short_name(bot) for bot in dict.fromkeys(bots))


def match_counts(session: Session) -> dict[str, int]:
    """What one finished match adds for the player's team."""
    side_of = session.seating.side_of
    team = side_of[session.seating.human]
    ours = [row for row in session.rows if row.score is not None and side_of[row.declarer] == team]
    return {
        "games": 1,
        "wins": int(session.winner == team),
        "points": session.match.board[team],
        "contracts": len(ours),
        "made": sum(row.score.verdict == "made" for row in ours),
        "capots": sum(row.score is not None and row.score.capot_team == team for row in session.rows),
    }


def record_match(session: Session, path: Path | None = None) -> tuple[dict[str, int] | None, str]:
    """Add a finished match the player played to the statistics: the new totals of its variant and level,
    and a note when an unreadable statistics file had to be moved aside (never overwritten in silence)."""
    if session.seating.human is None or not session.over:
        return None, ""
    path = path or stats_path()
    stats, damaged = _read(path)
    totals = stats.setdefault(session.ruleset.name, {}).setdefault(level_of(session), dict.fromkeys(FIELDS, 0))
    for name, value in match_counts(session).items():
        totals[name] += value
    note = ""
    try:
        if damaged:
            kept = path.with_name(f"{path.stem}-unreadable-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
            path.replace(kept)
            note = f"The statistics file could not be read; it is kept as {kept} and the counting starts again."
        path.parent.mkdir(parents=True, exist_ok=True)
        write_record({"format": "belot-rules/statistics", "version": 1, "variants": stats}, path)
    except OSError:
        return totals, note  # statistics are a convenience: a read-only disk does not stop the game
    return totals, note


def describe(stats: dict[str, dict[str, dict[str, int]]]) -> list[tuple[str, ...]]:
    """Rows for a table: variant, level, games, wins, win rate, average points, contracts made, capots."""
    rows = []
    for variant in sorted(stats):
        for level, c in sorted(stats[variant].items()):
            games = max(c["games"], 1)
            rows.append((variant, level, str(c["games"]), str(c["wins"]), f"{100 * c['wins'] // games}%",
                         str(round(c["points"] / games)), f"{c['made']}/{c['contracts']}", str(c["capots"])))
    return rows
