"""What each value of each choice means at the table, in a player's words, read from the options.

An option declares on its field (``Option`` in ``options/base.py``) what each of its values does
at the table and when other rules switch it off. A field's description says what the rule is
about and lists its choices; the meanings say what the chosen one does: ``belot show`` and
``belot compare`` print the meaning of the chosen value in place of the description, and the
JSON Schema carries them as ``enumDescriptions`` for editors. A test checks that every value of
every choice in the model has one.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import Any

from pydantic import BaseModel

from .explain import submodel
from .model import Variant
from .options.base import Option, option_of
from .yamlsafe import KeyPath


def declared_options(model: type[BaseModel] = Variant, path: KeyPath = ()) -> Iterator[tuple[KeyPath, Any, Option]]:
    """Every option declared on its field, with its key path and its choice (the field's type); a section
    may declare when it does nothing as a whole, and its own options follow it."""
    for name, field in model.model_fields.items():
        option = option_of(field)
        if option is not None:
            yield (*path, name), field.annotation, option
        section = submodel(field.annotation)
        if section is not None:
            yield from declared_options(section, (*path, name))


# Every choice's meanings, from its field's declaration.
MEANINGS: dict[type[Enum], dict[str, str]] = {
    choice: dict(option.meanings) for _, choice, option in declared_options() if option.meanings}


def meaning(annotation: object, value: object) -> str | None:
    """What ``value`` of the choice ``annotation`` means, or None for a number, a list, a yes/no."""
    if isinstance(annotation, type) and annotation in MEANINGS:
        return MEANINGS[annotation].get(str(value))
    return None
