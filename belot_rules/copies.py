"""Copies of the engine's state classes, generated from their fields.

A deal's state is copied thousands of times a second by the bots that look ahead, so its copy
is a plain constructor call with every field in order. Written by hand, that call named 27
fields by position, where a field added later was silently dropped or shifted. Here the call is
generated from the dataclass's own fields: each field is shared unless it is mutable, and a
mutable field must say how it is copied, or the class is refused when it is defined.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, TypeVar, cast

T = TypeVar("T")

# Annotations of values that change in place: a field of one of these types needs a copy of its own.
MUTABLE = ("list[", "dict[", "set[")


def field_copier(cls: type[T], copied: Mapping[str, Callable[[Any], Any]]) -> Callable[[T], T]:
    """A function that copies an instance of dataclass ``cls`` as ``cls(field 1, field 2, ...)`` in field order.

    ``copied`` gives, per field that needs one, the function that copies its value (``list``, ``dict``, ...);
    every other field is shared, which suits numbers, strings, tuples and immutable objects."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name not in copied and str(f.type).startswith(MUTABLE):
            raise TypeError(f"{cls.__name__}.{f.name} ({f.type}) changes in place: say how it is copied")
    unknown = set(copied) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    args = ", ".join(f"copy_{name}(self.{name})" if name in copied else f"self.{name}" for name in names)
    scope: dict[str, Any] = {"cls": cls, **{f"copy_{name}": function for name, function in copied.items()}}
    exec(f"def copy(self):\n    return cls({args})\n", scope)  # noqa: S102 - the source is built from field names
    return cast(Callable[[T], T], scope["copy"])
