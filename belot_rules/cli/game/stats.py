"""The player's statistics, kept between games: per variant and bot level, what their matches came to.

A small JSON file in the data directory, rewritten whole and atomically after each
finished match, so a crash never leaves half a file. It is read by the bounded JSON reader
and every count is checked (a whole number in range, no more wins than games): a file that
fails is kept beside it and the counting starts afresh, rather than stopping the game or
counting on from a wrong number.
"""

from __future__ import annotations

from pathlib import Path

from ...engine.records import write_record
from ...errors import FileError
from ...files import excerpt, exists, first_problem, move_aside, read_json
from ...i18n import gettext as _
from ...players.outside import short_name
from .saves import data_dir
from .seating import PERSON, Seating
from .session import Session

STATS_NAME = "statistics.json"
STATS_FORMAT = "belot-rules/statistics"
FIELDS = ("games", "wins", "points", "contracts", "made", "capots")
MAX_COUNT = 10**12  # far beyond any player's matches or points: a larger count is a damaged file

Stats = dict[str, dict[str, dict[str, int]]]


def stats_path() -> Path:
    return data_dir() / STATS_NAME


def read_stats(path: Path | None = None) -> Stats:
    """Every variant's counts by level; empty when there are none yet or the file is unreadable."""
    return _read(path or stats_path())[0]


def _read(path: Path) -> tuple[Stats, str | None]:
    """The counts, and why a file that is there cannot be read as statistics (None: it can, or there is none)."""
    try:
        if not exists(path):
            return {}, None
        data = read_json(path, "the statistics of belot play").data
    except FileError as err:
        return {}, first_problem(err)
    if not isinstance(data, dict) or data.get("format") != STATS_FORMAT or not isinstance(data.get("variants"), dict):
        return {}, "not a statistics file of belot play"
    stats: Stats = {}
    for variant, levels in data["variants"].items():
        if not isinstance(levels, dict):
            return {}, f"{excerpt(variant)} holds {excerpt(levels)} where counts by level were expected"
        for level, counts in levels.items():
            why = _wrong_counts(counts)
            if why:
                return {}, f"{excerpt(variant)}, {excerpt(level)}: {why}"
            stats.setdefault(variant, {})[level] = {name: counts.get(name, 0) for name in FIELDS}
    return stats, None


def _wrong_counts(counts: object) -> str | None:
    """What is wrong with one level's counts (a file of an earlier version may lack some: they are 0), or None."""
    if not isinstance(counts, dict):
        return f"{excerpt(counts)} where the counts {', '.join(FIELDS)} were expected"
    unknown = [name for name in counts if name not in FIELDS]
    if unknown:
        return f"{excerpt(unknown[0])} is not one of the counts {', '.join(FIELDS)}"
    for name in FIELDS:
        value = counts.get(name, 0)
        low = -MAX_COUNT if name == "points" else 0
        if type(value) is not int or not low <= value <= MAX_COUNT:
            return f"{name} is {excerpt(value)}; a count is a whole number from {low:,} to {MAX_COUNT:,}"
    if counts.get("wins", 0) > counts.get("games", 0) or counts.get("made", 0) > counts.get("contracts", 0):
        return "more wins than games, or more contracts made than played"
    return None


def level_of(session: Session) -> str:
    """The level the player played against (easy, normal, hard), or the bots' kinds joined for another table."""
    if session.seating.level is not None:
        return session.seating.level.name
    bots = [p for seat, p in enumerate(session.seating.players) if seat != session.seating.human]
    return "+".join(dict.fromkeys(bots))


def opponents(seating: Seating) -> str:
    """The bots in words: ``level Normal``, or ``bots: random`` when they play at no one level."""
    level = seating.level
    if level is not None:
        return _("level {level}").format(level=level.title)
    bots = [p for seat, p in enumerate(seating.players) if seat != seating.human and p != PERSON]
    return _("bots:") + " " + ", ".join(short_name(bot) for bot in dict.fromkeys(bots))


def match_counts(session: Session) -> dict[str, int]:
    """What one finished match adds for the player's team."""
    side_of, human = session.seating.side_of, session.seating.human
    if human is None:
        raise ValueError("a match watched counts for nobody")
    team = side_of[human]
    ours = [row.score for row in session.rows if row.score is not None and side_of[row.declarer] == team]
    return {
        "games": 1,
        "wins": int(session.winner == team),
        "points": session.match.board[team],
        "contracts": len(ours),
        "made": sum(score.verdict == "made" for score in ours),
        "capots": sum(row.score is not None and row.score.capot_team == team for row in session.rows),
    }


def record_match(session: Session, path: Path | None = None) -> tuple[dict[str, int] | None, str]:
    """Add a finished match the player played to the statistics: the new totals of its variant and level,
    and a note when an unreadable statistics file had to be moved aside (never overwritten in silence)."""
    if session.seating.human is None or not session.over:
        return None, ""
    path = path or stats_path()
    stats, unreadable = _read(path)
    totals = stats.setdefault(session.ruleset.name, {}).setdefault(level_of(session), dict.fromkeys(FIELDS, 0))
    for name, value in match_counts(session).items():
        totals[name] += value
    note = ""
    try:
        if unreadable:
            kept = move_aside(path, path.parent, "unreadable")
            note = _("The statistics file could not be read; it is kept as {kept} and the counting starts again "
                     "({problem}).").format(kept=kept, problem=unreadable)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_record({"format": STATS_FORMAT, "version": 1, "variants": stats}, path)
    except OSError:
        return totals, note  # statistics are a convenience: a read-only disk does not stop the game
    return totals, note


def describe(stats: dict[str, dict[str, dict[str, int]]]) -> list[tuple[str, ...]]:
    """Rows for a table: variant, level, games, wins, win rate, average points, contracts made, capots."""
    rows: list[tuple[str, ...]] = []
    for variant in sorted(stats):
        for level, c in sorted(stats[variant].items()):
            games = max(c["games"], 1)
            rows.append((variant, level, str(c["games"]), str(c["wins"]), f"{100 * c['wins'] // games}%",
                         str(round(c["points"] / games)), f"{c['made']}/{c['contracts']}", str(c["capots"])))
    return rows
