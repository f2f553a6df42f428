"""A long fuzzing run of every reader and the prompts (the bounded version runs in tests/test_fuzz.py).

    python benchmarks/fuzz.py [--cases N] [--seed S] [--timeout SECONDS] [--json] [--only NAME,...]

Each of the targets of tests/fuzzing.py (variant files, deal outcomes as JSON and YAML,
records, saves, prompt lines) is fed N mutated copies of a valid seed file. A case passes
with a correct result or a one-screen UserError; any other exception counts as a
traceback, and a case still running after --timeout seconds as a hang. The failing
cases are printed with their seed so that each can be replayed. Exit status 1 if any.

``outcome-sizes`` and ``record-sizes`` grow a list of an outcome or a record many times over, or
swap a value for one of another type, indented or on one line: refused or scored within the
time. ``results`` gives ``--resume`` a simulation's results file with one chunk line damaged.
``prompt-calls`` types the calls of every bidding style and card words at the prompts of every
shipped variant, and gives them to the engine as a record's action would. Three targets of the
files ``belot play`` keeps go with them: ``save-claims``, a real save
whose winner, draw or forfeit is set to an odd value, found in its slot by a new game (its
bytes must survive in the slot or in saves/aside unless its replay ends as it says); and
``statistics`` and ``settings``, mutated copies of those files read at a match's end and
at a start (never an exception, never a count or setting out of range, an unreadable
file kept beside).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # the checkout's code, not an installed copy

from fuzzing import TARGETS, mutate, one_screen, prompt_line, run_case, save_seed

from belot_rules.cli import main as belot
from belot_rules.cli.game.saves import read_save, save_data
from belot_rules.cli.game.session import Session
from belot_rules.cli.game.settings import CHOICES, SETTINGS_FORMAT, read_settings
from belot_rules.cli.game.stats import FIELDS, MAX_COUNT, STATS_FORMAT, record_match
from belot_rules.variant.loader import shipped_names

# Calls of every bidding style (Klaberjass's schmeiss, Baloot's ashkal, coinche's points) and card words, typed
# at any variant's prompt: each is a legal move there or a one-screen refusal.
CALLS = ("pass", "schmeiss", "schmeiss hearts", "accept", "refuse", "ashkal", "double", "redouble", "contra",
         "recontra", "surcoinche", "capot spades", "250 hearts", "80 clubs", "all_trumps", "no_trumps", "sun",
         "hokum", "take", "belote", "kh belote", "7h", "exchange", "keep")
SEATS = ("you", "random", "random", "random")
ODD = ["x", {}, [], 0, 1, 2, 3, -1, True, False, 1.5, "0", 10**20, None]  # what a damaged field may hold


def _played(variant: str, seed: int, stop: Callable[[Session], bool], target: int | None = None) -> Session:
    """A match of random moves (the player's too) up to ``stop``."""
    session = Session.start(variant, seed, SEATS, target)
    choose = random.Random(seed).choice
    while session.deal is not None and not stop(session):
        session.apply(choose(session.deal.legal_actions()))
    return session


def other_calls(seed: str, rng: random.Random, edits: int) -> str:
    """One or two words of :data:`CALLS`, now and then mutated."""
    text = " ".join(rng.choice(CALLS) for _ in range(rng.choice((1, 1, 1, 2))))
    return mutate(text, rng, edits) if rng.random() < 0.3 else text


RESULTS_RUN = ["simulate", "--variant", "french", "--deals", "500", "--workers", "1", "--json", "--seed", "4"]


def results_seed() -> str:
    """A whole results file of a simulation (its first line the run, then one line per chunk)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "run.jsonl"
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            belot([*RESULTS_RUN, "--out", str(path)])
        return path.read_text("utf-8")


def with_bad_tally(seed: str, rng: random.Random, edits: int) -> str:
    """The seed with one chunk line damaged: a count set to an odd value, a key dropped or added, a count moved
    by one, or the line repeated."""
    lines = seed.splitlines()
    at = rng.randrange(1, len(lines))
    chunk = json.loads(lines[at])
    for _ in range(min(edits, 3)):
        if not chunk:
            break
        where, key = _some_count(chunk, rng)
        change = rng.choice(("odd", "odd", "drop", "add", "nudge", "repeat"))
        if change == "odd":
            where[key] = rng.choice([-1, 10**30, 1.5, True, None, "x", [], float("nan")])
        elif change == "drop":
            where.pop(key)
        elif change == "add":
            where[key + "_x"] = 1
        elif change == "nudge" and isinstance(where[key], int):
            where[key] += rng.choice((-1, 1))
        elif change == "repeat":
            lines.insert(at, lines[at])
    lines[at] = json.dumps(chunk)
    return "\n".join(lines) + "\n"


def _some_count(node: Any, rng: random.Random) -> tuple[dict[str, Any], str]:
    """A dictionary inside ``node`` and one of its keys, chosen at random among those that hold a value."""
    where, key = node, rng.choice(list(node))
    while isinstance(where[key], dict) and where[key] and rng.random() < 0.8:
        where = where[key]
        key = rng.choice(list(where))
    return where, key


def resume_results(text: str, folder: Path) -> None:
    """``--resume`` of a damaged results file: it finishes the run, or refuses it in one screen leaving it as it
    was (a count moved by one may pass: only a replay could tell)."""
    path = Path(tempfile.mkdtemp(dir=folder)) / "run.jsonl"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = belot([*RESULTS_RUN, "--out", str(path), "--resume"])
    if status not in (0, 1) or "Traceback" in err.getvalue() or not one_screen(err.getvalue()):
        raise AssertionError(f"status {status}: {err.getvalue()[:300]}")
    if status == 1 and path.read_text("utf-8") != text:
        raise AssertionError("a refused results file was changed")


OTHER_TYPES: list[Any] = [5, None, True, 1.5, [], {}, "x", -1, 10**30]
MAX_GROWN = 8 * 1024 * 1024  # bytes: half the reader's limit, so that a case stays within its time


def grown(seed: str, rng: random.Random, edits: int) -> str:
    """The seed with a list grown many times over (tricks, declarations, deals, actions, deck), or a value
    swapped for one of another type, written indented or on one line (a line-based reader sees it whole)."""
    data = json.loads(seed)
    for _ in range(min(edits, 2)):
        lists = list(_lists(data))
        where, key = rng.choice(lists) if lists and rng.random() < 0.6 else _some_count(data, rng)
        if isinstance(where[key], list) and where[key]:
            where[key] = where[key] * rng.choice((2, 10, 100, 1000, 10000))
        else:
            where[key] = rng.choice(OTHER_TYPES)
    text = json.dumps(data, indent=None if rng.random() < 0.5 else 1)
    return text[:MAX_GROWN]


def _lists(node: Any) -> Any:
    """Every (container, key) of ``node`` that holds a list."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        if isinstance(value, list):
            yield node, key
        yield from _lists(value)


def claims_seed() -> str:
    """Two real saves, one mid-game and one of a finished match: a case sets a claim in one of them."""
    unfinished = _played("bulgarian", 2, lambda s: s.deal_number >= 2 and len(s.deal.history) >= 6)
    finished = _played("bulgarian", 3, lambda s: False, target=1)
    return json.dumps([save_data(unfinished), save_data(finished)])


def with_claim(seed: str, rng: random.Random, edits: int) -> str:
    """One of the seed's saves with its winner, draw or forfeit (one to three of them) set to odd values."""
    save: dict[str, Any] = rng.choice(json.loads(seed))
    for _ in range(min(edits, 3)):
        where, key = rng.choice([(save["record"], "winner"), (save["record"], "drawn"), (save, "forfeit")])
        where[key] = rng.choice(ODD)
    return json.dumps(save, indent=1)


def save_with_claims(text: str, folder: Path) -> None:
    """A new game in the slot of a save that claims an end: the save is lost only if its replay ends so."""
    home = Path(tempfile.mkdtemp(dir=folder))
    slot = home / "belot-rules" / "saves" / "bulgarian.json"
    slot.parent.mkdir(parents=True)
    slot.write_text(text, encoding="utf-8")
    before = slot.read_bytes()
    out, err = io.StringIO(), io.StringIO()
    stdin, data_home = sys.stdin, os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"], sys.stdin = str(home), io.StringIO("n\nq\n")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            status = belot(["play", "bulgarian", "--plain", "--seed", "9", "--seats", ",".join(SEATS)])
    finally:
        sys.stdin = stdin
        if data_home is None:
            os.environ.pop("XDG_DATA_HOME")
        else:
            os.environ["XDG_DATA_HOME"] = data_home
    if status not in (0, 1) or "Traceback" in err.getvalue() or not one_screen(err.getvalue()):
        raise AssertionError(f"status {status}: {err.getvalue()[:300]}")
    kept = [p.read_bytes() for p in (home / "belot-rules" / "saves").rglob("*.json")]
    if before not in kept:
        slot.write_bytes(before)
        saved = read_save(slot)
        replayed = saved.replay()
        if not replayed.over or saved.disagreement(replayed) is not None:
            raise AssertionError(f"a save its replay does not finish was overwritten: {out.getvalue()[-300:]}")


_FINISHED: list[Session] = []


def statistics_file(text: str, folder: Path) -> None:
    """The statistics at a match's end: counted on from sound counts only, an unreadable file kept beside."""
    if not _FINISHED:
        _FINISHED.append(_played("french-single-deal", 2, lambda s: False))
    path = Path(tempfile.mkdtemp(dir=folder)) / "statistics.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = path.read_bytes()
    totals, note = record_match(_FINISHED[0], path)
    if totals is None or any(type(v) is not int or abs(v) > 2 * MAX_COUNT for v in totals.values()) \
            or totals["games"] < 1 or totals["wins"] > totals["games"] or "\n" in note:
        raise AssertionError(f"counted on to {totals} ({note})")
    if note and [p.read_bytes() for p in path.parent.glob("statistics-unreadable-*.json")] != [before]:
        raise AssertionError("an unreadable statistics file was not kept")


def settings_file(text: str, folder: Path) -> None:
    """The settings at a start: each one of its choices, a notice of one line, an unreadable file kept beside."""
    path = Path(tempfile.mkdtemp(dir=folder)) / "settings.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = path.read_bytes()
    settings, notice = read_settings(path)
    wrong = [name for name, choices in CHOICES.items() if getattr(settings, name) not in choices]
    if wrong or (notice is not None and "\n" in notice):
        raise AssertionError(f"settings {settings} ({notice})")
    kept = [p.read_bytes() for p in path.parent.iterdir()]
    if before not in kept:
        raise AssertionError("an unreadable settings file was not kept")


Target = tuple[Callable[[str, Path], None], str, Callable[[str, random.Random, int], str]]


def targets() -> dict[str, Target]:
    """Every target: what runs a case, the seed text and how a case is made from it."""
    found: dict[str, Target] = {name: (partial(run_case, name), seed, mutate) for name, (_, seed) in TARGETS.items()}
    stats = {"format": STATS_FORMAT, "version": 1,
             "variants": {"french-single-deal": {"random": dict(zip(FIELDS, (4, 2, 310, 3, 2, 0), strict=True))}}}
    settings = {"format": SETTINGS_FORMAT, "version": 1, "theme": "two-colour", "sort": "rank", "speed": "fast",
                "autoplay": True}
    return found | {
        "save": (partial(run_case, "save"), save_seed(), mutate),
        "save-claims": (save_with_claims, claims_seed(), with_claim),
        "prompt-calls": (partial(prompt_line, variants=tuple(shipped_names())), "pass", other_calls),
        "results": (resume_results, results_seed(), with_bad_tally),
        "outcome-sizes": (partial(run_case, "outcome-json"), TARGETS["outcome-json"][1], grown),
        "record-sizes": (partial(run_case, "record"), TARGETS["record"][1], grown),
        "statistics": (statistics_file, json.dumps(stats, indent=1), mutate),
        "settings": (settings_file, json.dumps(settings, indent=1), mutate),
    }


class Hang(Exception):
    """A case ran past its time."""


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000, help="cases per target (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds before a case counts as a hang")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", metavar="NAME,...", help="run only these targets")
    args = parser.parse_args()
    chosen = targets()
    if args.only:
        chosen = {name: chosen[name] for name in args.only.split(",")}
    signal.signal(signal.SIGALRM, _alarm)
    results: dict[str, dict[str, object]] = {}
    failures: list[str] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for name, (run, seed, make) in chosen.items():
            counts = {"cases": 0, "tracebacks": 0, "hangs": 0, "slowest_seconds": 0.0}
            for case in range(args.cases):
                rng = random.Random(f"{args.seed}-{name}-{case}")
                text = make(seed, rng, rng.randint(1, 6))
                began = time.perf_counter()
                signal.setitimer(signal.ITIMER_REAL, args.timeout)
                try:
                    run(text, Path(folder))
                except Hang:
                    counts["hangs"] += 1
                    failures.append(f"{name} case {case}: still running after {args.timeout} s")
                except Exception:  # noqa: BLE001 - every other escape is what the run looks for
                    counts["tracebacks"] += 1
                    failures.append(f"{name} case {case}: {traceback.format_exc(limit=3)[-400:]}")
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                counts["cases"] += 1
                counts["slowest_seconds"] = round(max(counts["slowest_seconds"], time.perf_counter() - began), 3)
            results[name] = counts
    total = {key: sum(r[key] for r in results.values()) for key in ("cases", "tracebacks", "hangs")}
    summary = {"targets": results, **total, "seconds": round(time.perf_counter() - started, 1), "seed": args.seed}
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        for name, counts in results.items():
            print(f"{name:13} {counts['cases']:6} cases  {counts['tracebacks']} tracebacks  {counts['hangs']} hangs"
                  f"  slowest {counts['slowest_seconds']} s")
        print(f"total         {total['cases']:6} cases  {total['tracebacks']} tracebacks  {total['hangs']} hangs"
              f"  in {summary['seconds']} s")
    for failure in failures[:20]:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
