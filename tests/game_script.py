"""Scripted play for the game's tests: an input source that types lines, a clock that moves when told."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console

from belot_rules.cli.game.clock import MoveTimeout
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.loop import Game
from belot_rules.cli.game.saves import SaveSlot
from belot_rules.cli.game.session import Session

GOLDEN = Path(__file__).parent / "golden"
UPDATE_GOLDEN = "BELOT_UPDATE_GOLDEN"  # set it to 1 to rewrite the golden files from the current output
RANDOM_BOTS = ("you", "random", "random", "random")


@dataclass
class FakeClock:
    """Time that passes only when the script says the player took a while."""

    time: float = 0.0

    def __call__(self) -> float:
        return self.time


@dataclass
class ScriptedInput:
    """Types the scripted lines, then ``then`` forever (None: the input ends).

    A line may be ``(text, seconds)``: the player takes that long, which moves
    ``clock`` on and can run out a move clock (a read that times out leaves the
    line half typed). A read whose number (from 0) is in
    ``interrupts`` raises KeyboardInterrupt instead. Lines are echoed to ``console``
    as a terminal echoes them.
    """

    lines: list[str | tuple[str, float]]
    console: Console | None = None
    then: str | None = None
    clock: FakeClock = field(default_factory=FakeClock)
    interrupts: tuple[int, ...] = ()
    reads: int = 0
    consumed: int = 0
    waited: float = 0.0  # how long the player has already been typing the next line

    def read_line(self, timeout: float | None) -> str:
        self.reads += 1
        if self.reads - 1 in self.interrupts:
            raise KeyboardInterrupt
        if self.consumed < len(self.lines):
            item = self.lines[self.consumed]
        elif self.then is not None:
            item = self.then
        else:
            raise EOFError
        text, seconds = item if isinstance(item, tuple) else (item, 0.0)
        seconds -= self.waited
        if timeout is not None and seconds > timeout:
            self.clock.time += timeout
            self.waited += timeout
            raise MoveTimeout
        self.consumed += 1
        self.waited = 0.0
        self.clock.time += seconds
        if self.console is not None:
            self.console.print(text, markup=False, highlight=False)
        return text


def recording_console() -> Console:
    """An 80-column console that records what is printed, with no terminal codes."""
    return Console(record=True, width=80, color_system=None, force_terminal=False, highlight=False, emoji=False,
                   file=io.StringIO())


@dataclass
class Played:
    """A finished (or stopped) scripted game: its exit status, what it showed, its session."""

    status: int
    text: str
    session: Session
    script: ScriptedInput


def play(variant: str = "bulgarian", lines: list[str | tuple[str, float]] | None = None, *, then: str | None = "1",
         seed: int = 5, players: tuple[str, ...] = RANDOM_BOTS, target: int | None = 30, look: Look | None = None,
         session: Session | None = None, **options: object) -> Played:
    """Play a game from scripted lines (then ``then`` forever) and record everything shown."""
    console = recording_console()
    script = ScriptedInput(list(lines or []), console, then, interrupts=tuple(options.pop("interrupts", ())))
    session = session or Session.start(variant, seed, players, target)
    if options.get("save_path") is not None:
        options["slot"] = SaveSlot.at(options.pop("save_path"))  # type: ignore[arg-type]
    options.pop("save_path", None)
    game = Game(session, console, script, look or Look(), now=script.clock, sleep=lambda seconds: None,
                **options)  # type: ignore[arg-type]
    status = game.run()
    return Played(status, console.export_text(), session, script)


def check_golden(name: str, text: str) -> None:
    """Compare ``text`` with ``tests/golden/NAME``, or rewrite it when BELOT_UPDATE_GOLDEN is set."""
    path = GOLDEN / name
    if os.environ.get(UPDATE_GOLDEN):
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden file {path.name}; run the tests with {UPDATE_GOLDEN}=1 to write it"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs; {UPDATE_GOLDEN}=1 rewrites it"
