"""Errors caused by what a user wrote or typed.

The command line catches :class:`UserError`, prints ``str(err)`` and exits with
status 1: a person who mistyped a rule deserves a sentence, not a traceback.
Anything else that escapes is a bug in the program.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_PROBLEMS_SHOWN = 12


class UserError(Exception):
    """A problem with the user's input (a file, a name, an argument), explained in one message."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file, at ``file:line:column`` when the place is known."""

    file: str
    message: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}:{self.column or 1}"
        return f"{where}: {self.message}"

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "column": self.column, "message": self.message}


class FileError(UserError):
    """A file that cannot be read or used; carries every problem found, each placed in the file."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__(self._render())

    def _render(self) -> str:
        shown = [str(p) for p in self.problems[:MAX_PROBLEMS_SHOWN]]
        hidden = len(self.problems) - len(shown)
        if hidden > 0:
            shown.append(f"... and {hidden} more problem{'s' if hidden > 1 else ''}")
        return "\n".join(shown)


class VariantError(FileError):
    """A variant file (or its chain of ``extends``) that cannot be loaded; carries every problem found."""
