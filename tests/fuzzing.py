"""Fuzz targets shared by the bounded tests (tests/test_fuzz.py) and the long run (benchmarks/fuzz.py).

Each target takes a mutated text and must end in a correct result or a :class:`UserError`
whose message fits on a screen; anything else (another exception, a hang) is a defect.
A mutation edits a valid seed file with the slips and traps that broke readers before:
aliases, tags, deep nesting, huge numbers, duplicate keys, odd digits, cut-off ends.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.prompt import Refusal, call_menu, parse_call, parse_card_choice, parse_option
from belot_rules.cli.game.saves import read_save, save_data
from belot_rules.cli.game.session import Session
from belot_rules.engine.deal import BIDDING, DECLARING, OVER
from belot_rules.errors import UserError

ROOT = Path(__file__).resolve().parent.parent
SCREEN_LINES, LINE = 16, 500  # a one-screen error: at most 16 lines (12 problems and a summary), none huge

TRAPS = [
    "&a ", "*a", "<<: *a", "!!python/object/new:os.system [x]", "!!set ", "[" * 40, "{" * 40, "9" * 5000,
    "1e400", "-1", "0o17", "010", "1:30", "null", "true", "no", "\"", "'", "\\u0000", "\x00", "\t", "²", "①",
    "٣", "𝟗", "\ufeff", "\r\n", "---\n", "...", "#", ": ", "- ", "?", "%", "@", "`", "NaN", "Infinity",
    '"dealer": 3.0', '"winner": true', '"1"', "2.0", "[]", "{}", "x" * 3000,
]


def mutate(text: str, rng: random.Random, edits: int = 3) -> str:
    """``text`` with a few random edits: a trap inserted, a span cut, a line doubled, a character swapped."""
    for _ in range(edits):
        at = rng.randrange(len(text) + 1)
        kind = rng.randrange(5)
        if kind == 0:
            text = text[:at] + rng.choice(TRAPS) + text[at:]
        elif kind == 1:
            text = text[:at] + text[at + rng.randrange(1, 40):]
        elif kind == 2:
            lines = text.splitlines(keepends=True)
            if lines:
                i = rng.randrange(len(lines))
                lines.insert(i, lines[i])
                text = "".join(lines)
        elif kind == 3 and text:
            text = text[:at] + chr(rng.randrange(32, 0x2FF)) + text[at + 1:]
        else:
            text = text[:at]  # cut short
    return text


def _run_cli(args: list[str]) -> None:
    """A command must exit 0 or 1 with at most a screen of error, never a traceback."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(args)
    if status not in (0, 1) or not one_screen(err.getvalue()) or "Traceback" in err.getvalue():
        raise AssertionError(f"status {status}: {err.getvalue()[:300]}")


def one_screen(text: str) -> bool:
    lines = text.splitlines()
    return len(lines) <= SCREEN_LINES and all(len(line) <= LINE for line in lines)


def _checked(call: Callable[[], object]) -> None:
    try:
        call()
    except UserError as err:
        if not one_screen(str(err)):
            raise AssertionError(f"a message of {len(str(err))} characters") from None


def variant_file(text: str, folder: Path) -> None:
    path = folder / "house.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    _checked(lambda: load_variant(path))


def _command_on_file(file: str, verb: str, *options: str) -> Callable[[str, Path], None]:
    """A target that writes the text to ``file`` and runs ``belot VERB FILE OPTIONS`` on it."""

    def target(text: str, folder: Path) -> None:
        path = folder / file
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        _run_cli([verb, str(path), *options])

    return target


outcome_file = _command_on_file("deal.json", "score", "--variant", "french")
outcome_yaml = _command_on_file("deal.yaml", "score", "--variant", "french")
record_file = _command_on_file("record.json", "replay", "--variant", "bulgarian")


def save_file(text: str, folder: Path) -> None:
    path = folder / "save.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")

    def resume() -> None:
        saved = read_save(path)
        saved.summary()
        saved.restore(saved.start())

    _checked(resume)


_SESSIONS: dict[str, Session] = {}


def prompt_line(text: str, folder: Path, variants: tuple[str, ...] = ("bulgarian", "coinche")) -> None:
    """A line typed at a call, a declaration and a card prompt: a legal action or a Refusal; the same line
    given to the engine as a record's action: applied, or refused with a UserError."""
    for variant in variants:
        seats = ("you",) + ("random",) * (load_variant(variant).seating.players - 1)
        session = _SESSIONS.get(variant) or _SESSIONS.setdefault(variant, Session.start(variant, 1, seats))
        deal = session.match.in_play().clone()
        while deal.phase != OVER:  # the line goes to every prompt up to the first card, unless all pass
            legal = deal.legal_actions()
            try:
                deal.clone().apply(text)
            except UserError:
                pass
            try:
                if deal.phase == BIDDING:
                    chosen = [parse_call(text, legal, call_menu(legal), Look())]
                elif deal.phase == DECLARING:
                    chosen = [parse_option(text, legal)]
                else:
                    chosen = parse_card_choice(text, deal, legal, Look())
            except Refusal as refusal:
                if not one_screen(str(refusal)):
                    raise AssertionError("a refusal of a whole screen") from None
            else:
                if not all(a in legal for a in chosen):
                    raise AssertionError(f"{text[:40]!r} chose an illegal action")
            if deal.phase not in (BIDDING, DECLARING) or len(deal.history) > 40:
                break
            deal.apply(legal[0])


TARGETS: dict[str, tuple[Callable[[str, Path], None], str]] = {
    "variant": (variant_file, (ROOT / "variants" / "examples").glob("*.yaml").__next__().read_text("utf-8")),
    "outcome-json": (outcome_file, (ROOT / "examples" / "deal-outcome-french.json").read_text("utf-8")),
    "outcome-yaml": (outcome_yaml, "variant: french\ncontract: hearts\ndeclarer: 1\ntricks:\n  - cards: [7D, 9D]\n"),
    "record": (record_file, (ROOT / "examples" / "deal-record-bulgarian.json").read_text("utf-8")),
    "prompt": (prompt_line, "90 hearts"),
}


def save_seed() -> str:
    """A save of a game stopped in its second deal: the seed of the save target."""
    session = Session.start("bulgarian", 2, ("you", "random", "random", "random"))
    choose = random.Random(2).choice
    while session.deal is not None and (session.deal_number < 2 or len(session.deal.history) < 6):
        session.apply(choose(session.deal.legal_actions()))
    return json.dumps(save_data(session), indent=1)


def run_case(name: str, text: str, folder: Path) -> None:
    target = save_file if name == "save" else TARGETS[name][0]
    target(text, folder)
