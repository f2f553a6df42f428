"""Where the player's lines come from, and the move clock of online tables.

The game reads through an :class:`InputSource`, so a test can script a whole match
and a terminal can wait with a deadline. A line typed after the deadline counts as
no line at all: the clock is checked again when the answer arrives, which keeps the
rule exact on terminals that cannot wait with a timeout.
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

Now = Callable[[], float]
WARNING = 10  # seconds before the deadline when the player is warned


class MoveTimeout(Exception):
    """The player's time for this move ran out before a line came."""


class InputSource(Protocol):
    """A source of the player's lines; ``EOFError`` at the end, :class:`MoveTimeout` past ``timeout``."""

    def read_line(self, timeout: float | None) -> str: ...


def discard_pending(source: InputSource) -> None:
    """Drop what was typed ahead, for a source that can (a terminal); other sources have nothing ahead."""
    discard = getattr(source, "discard_pending", None)
    if discard is not None:
        discard()


class TerminalInput:
    """Lines from standard input, waiting at most ``timeout`` seconds where the platform allows.

    Lines that do not come from a terminal are passed to ``echo``, since nothing else shows them.
    """

    def __init__(self, stream: TextIO | None = None, echo: Callable[[str], None] | None = None) -> None:
        self.stream = stream or sys.stdin
        self.echo = None if self.stream.isatty() else echo
        self.settings: list[Any] | None = None  # the terminal's own settings while typing is not echoed

    def hold(self) -> None:
        """Stop the terminal echoing keys between questions, so typing ahead never lands in the table."""
        if os.name == "posix" and self.stream.isatty() and self.settings is None:
            import termios

            self.settings = termios.tcgetattr(self.stream.fileno())
            quiet = termios.tcgetattr(self.stream.fileno())
            quiet[3] &= ~termios.ECHO
            termios.tcsetattr(self.stream.fileno(), termios.TCSANOW, quiet)

    def close(self) -> None:
        """The terminal echoes again, as it did before :meth:`hold`."""
        if self.settings is not None:
            import termios

            termios.tcsetattr(self.stream.fileno(), termios.TCSANOW, self.settings)
            self.settings = None

    def discard_pending(self) -> None:
        """Forget keys typed before the question was on the screen (they answered an older one)."""
        if os.name == "posix" and self.stream.isatty():
            import termios

            termios.tcflush(self.stream.fileno(), termios.TCIFLUSH)

    def read_line(self, timeout: float | None) -> str:
        held = self.settings is not None
        if held:
            self.close()  # the answer itself is echoed
        try:
            return self._read_line(timeout)
        finally:
            if held:
                self.hold()

    def _read_line(self, timeout: float | None) -> str:
        if timeout is not None and os.name == "posix" and self.stream.isatty():
            ready, _, _ = select.select([self.stream], [], [], max(timeout, 0.0))
            if not ready:
                raise MoveTimeout
        line = self.stream.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        if self.echo is not None:
            self.echo(line)
        return line


@dataclass
class MoveClock:
    """Seconds for one move, counted from :meth:`start`; commands typed meanwhile use the same time."""

    seconds: float
    now: Now = time.monotonic
    deadline: float = 0.0

    def start(self) -> None:
        self.deadline = self.now() + self.seconds

    def remaining(self) -> float:
        return max(self.deadline - self.now(), 0.0)

    def read(self, source: InputSource, warn: Callable[[float], None]) -> str:
        """A line from ``source`` before the deadline, or :class:`MoveTimeout`.

        ``warn`` is called once when only :data:`WARNING` seconds are left and no line has come.
        """
        left = self.remaining()
        if left <= 0:
            raise MoveTimeout
        try:
            line = source.read_line(left - WARNING if left > WARNING else left)
        except MoveTimeout:
            if left <= WARNING:
                raise
            warn(self.remaining())
            line = source.read_line(self.remaining())
        if self.now() > self.deadline:
            raise MoveTimeout
        return line
