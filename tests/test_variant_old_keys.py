"""Old YAML keys keep working: an option declares the keys older files gave it (``OldKey``), and the model,
the loader's notes, the content hash and the JSON Schema all derive from that one declaration.

Issue "One home for each rule" (item 2): "Old YAML keys keep working as aliases with a deprecation note
in `validate`."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import pytest
from pydantic import Field, ValidationError

from belot_rules.rules.common import OldKey, Option, Rule
from belot_rules.variant.old_keys import in_old_form, read_old_keys, with_old_keys
from belot_rules.variant.yamlsafe import read_yaml


class Failure(str, Enum):
    to_winners = "to_winners"
    kept = "kept"
    void = "void"


class Section(Rule):
    counts: Annotated[bool, Option(old_keys=(OldKey("count"),))] = Field(True, description="Counts.")
    failure: Annotated[Failure, Option({"to_winners": "to the winners", "kept": "kept", "void": "void"},
                                       old_keys=(OldKey("kept_when_failed", {True: "kept", False: "to_winners"}),))] = Field(
        Failure.to_winners, description="On failure.")


class Top(Rule):
    section: Section = Field(default_factory=Section, description="A section.")


def test_the_model_reads_an_old_key_as_its_option_and_translates_its_values() -> None:
    top = Top.model_validate({"section": {"count": False, "kept_when_failed": True}})
    assert (top.section.counts, top.section.failure) == (False, "kept")


def test_an_old_value_is_translated_only_as_written() -> None:
    """Types are strict under an old key too: 1 is not true, so it is refused as the option's value."""
    with pytest.raises(ValidationError, match="failure"):
        Top.model_validate({"section": {"kept_when_failed": 1}})


def test_an_old_key_beside_its_option_is_refused() -> None:
    with pytest.raises(ValidationError, match="count is the older name of counts: write only counts"):
        Top.model_validate({"section": {"count": False, "counts": True}})


def test_the_loader_notes_each_old_key_at_its_place_and_says_what_to_write(tmp_path: Path) -> None:
    (tmp_path / "old.yaml").write_text("section:\n  count: false\n  kept_when_failed: true\n", encoding="utf-8")
    doc, notes = read_old_keys(read_yaml(tmp_path / "old.yaml"), Top)
    assert doc.data == {"section": {"counts": False, "failure": "kept"}}
    assert doc.nodes[("section", "failure")].key.line == 3  # later messages about the value point at the old key
    assert [(n.line, n.column, n.message) for n in notes] == [
        (2, 3, "section.count: `count` is the older name of `counts`, still read; write `counts` instead"),
        (3, 3, "section.kept_when_failed: `kept_when_failed: true` is the older way to write `failure: kept`, "
               "still read; write `failure: kept` instead"),
    ]


def test_the_hash_form_keeps_the_old_keys_where_the_value_has_an_old_form() -> None:
    """A renaming leaves the content hash of every file as it was; a value new with the option keeps its new key."""
    kept = in_old_form(Top.model_validate({"section": {"failure": "kept"}}).model_dump(mode="json"), Top)
    void = in_old_form(Top.model_validate({"section": {"failure": "void"}}).model_dump(mode="json"), Top)
    assert kept == {"section": {"count": True, "kept_when_failed": True}}
    assert void == {"section": {"count": True, "failure": "void"}}


def test_the_schema_accepts_the_old_keys_marked_deprecated() -> None:
    generated = Top.model_json_schema()
    definitions = generated.pop("$defs")
    with_old_keys(definitions, generated, Top)
    properties = definitions["Section"]["properties"]
    assert properties["count"]["type"] == "boolean" and properties["count"]["deprecated"] is True
    assert properties["kept_when_failed"]["enum"] == [True, False]
    assert "write `failure` instead" in properties["kept_when_failed"]["deprecationMessage"]
