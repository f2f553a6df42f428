"""What each value of each choice means at the table, in a player's words, read from the options.

An option declares on its field (``Option`` in ``rules/common.py``) what each of its values does
at the table and when other rules switch it off. A field's description says what the rule is
about and lists its choices; the meanings say what the chosen one does: ``belot show`` and
``belot compare`` print the meaning of the chosen value in place of the description, and the
JSON Schema carries them as ``enumDescriptions`` for editors. The values an option takes are those it
gives a meaning to (``option_values``), so a choice shared by several options may take fewer values in one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from ..files import KeyPath
from ..rules.bidding.options import not_played_in
from ..rules.common import Option, choice_by_contract, first_reason, option_of
from .explain import opened
from .model import Variant


def declared_options(model: type[BaseModel] = Variant, path: KeyPath = (),
                     values: dict[str, Any] | None = None) -> Iterator[tuple[KeyPath, Any, Option]]:
    """Every option declared on its field, with its key path and its choice (the field's type); a section
    may declare when it does nothing as a whole, and its own options follow it. A rule by contract whose value
    is a section is opened for each place it is shown in (and, given a variant's ``values``, a model dump, each
    contract they override), which does nothing where no contract played takes it from there."""
    for name, field in model.model_fields.items():
        option = option_of(field)
        sections = opened(field, *([values[name]] if values is not None else []))
        shown = tuple(key for keys, _section, _part in sections for key in keys)
        choice = choice_by_contract(field.annotation)
        if option is not None and choice is None:
            yield (*path, name), field.annotation, option
        for keys, section, part in sections:
            if section is None and option is not None and choice is not None:  # a choice by contract: each place
                unused = not_played_in(keys[0], shown)
                yield (*path, name, *keys), choice, dataclasses.replace(option, unused_when=first_reason(
                    unused, option.unused_when) if option.unused_when is not None else unused)
                continue
            if section is None:
                continue
            if keys:
                yield (*path, name, *keys), section, Option(unused_when=not_played_in(keys[0], shown))
            yield from declared_options(section, (*path, name, *keys), part if values is not None else None)


def meaning(info: FieldInfo, value: object) -> str | None:
    """What ``value`` of the option declared on the field ``info`` means, or None for a number, a list, a yes/no.

    By field, not by type: one choice (``Overtake``) serves several options, each in its own words."""
    option = option_of(info)
    return option.meanings.get(str(value)) if option is not None else None
