"""Every value of every choice in a variant file has a meaning in words, and belot show gives it."""

from enum import Enum
from typing import Any

import pytest

from belot_rules.cli import main
from belot_rules.variant.explain import submodel
from belot_rules.variant.meanings import declared_options
from belot_rules.variant.model import Variant


def choices(model: Any) -> set[type[Enum]]:
    """The enumerations a variant file chooses from, anywhere in the model."""
    found: set[type[Enum]] = set()
    for field in model.model_fields.values():
        sub = submodel(field.annotation)
        if sub is not None:
            found |= choices(sub)
        elif isinstance(field.annotation, type) and issubclass(field.annotation, Enum):
            found.add(field.annotation)
    return found


@pytest.mark.parametrize("choice", sorted(choices(Variant), key=lambda c: c.__name__), ids=lambda c: c.__name__)
def test_every_value_of_every_choice_has_a_meaning(choice: type[Enum]) -> None:
    """Every value of a choice is taken, with its meaning, by an option of that choice."""
    given = [option.meanings for _, annotation, option in declared_options() if annotation is choice]
    assert set().union(*given) == {member.value for member in choice}
    assert all(text and text[0].islower() and not text.endswith(".") for m in given for text in m.values())


def test_show_gives_the_chosen_value_in_words(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["show", "bulgarian-cut-only"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("  shuffle: cut_only")
    assert lines[at + 1] == ("      The pack is never shuffled: the previous deal's tricks are gathered in play order (over any "
                             "cards no trick took: a stock, a chien laid aside) and cut.")
    assert not any(line.strip().startswith("shuffle_then_cut:") for line in lines)  # not the list of every choice
