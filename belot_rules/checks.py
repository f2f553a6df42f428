"""Checks of what a caller hands the public API, raising the project's own error with a clear message.

A seat given as ``7``, ``-1``, ``"x"`` or ``True`` would otherwise wrap around a table
(``% 4``) or fail deep inside with a TypeError; here it is refused by name.
"""

from __future__ import annotations

from .errors import UserError
from .files import excerpt


def seat(value: object, seats: int, what: str = "seat") -> int:
    """``value`` as a seat of a table of ``seats``, or a :class:`UserError` naming ``what`` it was for."""
    if type(value) is not int or not 0 <= value < seats:
        raise UserError(f"{what}: a seat from 0 to {seats - 1}, not {excerpt(value)}")
    return value
