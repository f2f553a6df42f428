"""What an option declares on its field is what `belot show`, `belot compare` and the JSON Schema say."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path

import pytest

from belot_rules.variant.meanings import MEANINGS, declared_options, meaning
from belot_rules.variant.options.base import Option

SCHEMA = Path(__file__).parent.parent / "schemas" / "variant.schema.json"
DECLARED = list(declared_options())


@pytest.mark.parametrize("path, choice, option", DECLARED, ids=[".".join(path) for path, _, _ in DECLARED])
def test_a_declared_choice_is_told_in_its_own_words_everywhere(path: tuple[str, ...], choice: type,
                                                                option: Option) -> None:
    """Issue "One home for each rule" (item 2): one declaration per option, the catalogue, `show`'s and
    `compare`'s meaning and the schema's enumDescriptions all read from it."""
    meanings = option.meanings
    if not (isinstance(choice, type) and issubclass(choice, Enum)):
        assert not meanings, f"{'.'.join(path)} has no named values to give meanings to"
        return
    assert sorted(meanings) == sorted(member.value for member in choice)
    assert MEANINGS[choice] == dict(meanings)
    assert all(meaning(choice, value) == text for value, text in meanings.items())
    definitions = json.loads(SCHEMA.read_text(encoding="utf-8"))["definitions"]
    assert definitions[choice.__name__]["enumDescriptions"] == [meanings[member.value] for member in choice]


def test_every_phase_declares_its_options_on_their_fields() -> None:
    """The separate catalogue of meanings is gone: every phase's choices speak for themselves."""
    assert {path[0] for path, _, _ in DECLARED} == {"cards", "deal", "bidding", "play", "declarations", "scoring",
                                                    "match", "table"}
