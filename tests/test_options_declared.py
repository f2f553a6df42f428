"""What an option declares on its field is what `belot show`, `belot compare` and the JSON Schema say."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path

import pytest
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from belot_rules.rules.common import Option, choice_by_contract, option_values
from belot_rules.variant.explain import annotation_at, field_at, submodel
from belot_rules.variant.meanings import declared_options, meaning

SCHEMA = Path(__file__).parent.parent / "schemas" / "variant.schema.json"
DECLARED = list(declared_options())


def _field(path: tuple[str, ...]) -> tuple[type[BaseModel], str, FieldInfo]:
    """The section that declares the rule at ``path``, the rule's name there and its field; one place of a choice by
    contract (``play.trump_overtake.suit``) is the choice's."""
    if choice_by_contract(annotation_at(path[:-1])) is not None:
        path = path[:-1]
    model, field = submodel(annotation_at(path[:-1])), field_at(path)
    assert model is not None and field is not None
    return model, path[-1], field


@pytest.mark.parametrize("path, choice, option", DECLARED, ids=[".".join(path) for path, _, _ in DECLARED])
def test_a_declared_choice_is_told_in_its_own_words_everywhere(path: tuple[str, ...], choice: type,
                                                                option: Option) -> None:
    """Issue "One home for each rule" (item 2): one declaration per option, `show`'s and `compare`'s meaning
    and the schema's values and enumDescriptions all read from it; the option takes the values it gives a
    meaning to, all of its choice's or some (a trump lead's overtaking is never ``never``)."""
    meanings = option.meanings
    if not (isinstance(choice, type) and issubclass(choice, Enum)):
        assert not meanings, f"{'.'.join(path)} has no named values to give meanings to"
        return
    assert set(meanings) <= {member.value for member in choice}
    model, name, field = _field(path)
    assert option_values(field) == tuple(meanings)
    assert all(meaning(field, value) == text for value, text in meanings.items())
    definitions = json.loads(SCHEMA.read_text(encoding="utf-8"))["definitions"]
    written = definitions[model.__name__]["properties"][name]
    written = written["anyOf"][0] if "anyOf" in written else written  # a choice by contract: written plainly
    assert (written["enum"], written["enumDescriptions"]) == (list(meanings), list(meanings.values()))


def test_every_phase_declares_its_options_on_their_fields() -> None:
    """The separate catalogue of meanings is gone: every phase's choices speak for themselves."""
    assert {path[0] for path, _, _ in DECLARED} == {"cards", "deal", "bidding", "play", "declarations", "scoring",
                                                    "match", "table"}
