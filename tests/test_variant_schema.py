"""The committed JSON Schema is the model's, and every shipped and example file satisfies it."""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel

from belot_rules.rules.common import option_of
from belot_rules.variant.explain import opened
from belot_rules.variant.model import Variant
from belot_rules.variant.schema import DIALECT, schema_text
from belot_rules.variant.yamlsafe import read_yaml

ROOT = Path(__file__).parent.parent
COMMITTED = ROOT / "schemas" / "variant.schema.json"
FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "variants" / "examples").glob("*.yaml"))


def as_json(value: Any) -> Any:
    """What an editor's YAML plug-in sees: mapping keys are strings."""
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value


def keyword_uses(node: Any, keyword: str) -> Any:
    """Every value of ``keyword`` used as a schema keyword anywhere in ``node``."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == keyword:
                yield value
            yield from keyword_uses(value, keyword)
    elif isinstance(node, list):
        for item in node:
            yield from keyword_uses(item, keyword)


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft7Validator:
    schema = json.loads(COMMITTED.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def test_committed_schema_is_up_to_date() -> None:
    assert COMMITTED.read_text(encoding="utf-8") == schema_text(), "run: belot schema --output schemas/variant.schema.json --overwrite"


def test_schema_is_draft_07_with_definitions_only() -> None:
    text = schema_text()
    schema = json.loads(text)
    assert schema["$schema"] == DIALECT
    assert "$defs" not in text
    assert not list(keyword_uses(schema, "required"))  # a house-rules file may state any subset
    assert schema["definitions"]["Deal"]["properties"]["shuffle"]["description"].startswith("shuffle_then_cut")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_variant_file_satisfies_the_schema(path: Path, validator: jsonschema.Draft7Validator) -> None:
    errors = [e.message for e in validator.iter_errors(as_json(read_yaml(path).data))]
    assert errors == []


def test_schema_catches_a_misspelt_key_and_value(validator: jsonschema.Draft7Validator) -> None:
    assert not validator.is_valid({"extends": "bulgarian", "deal": {"shufle": "cut_only"}})
    assert not validator.is_valid({"extends": "bulgarian", "deal": {"shuffle": "cut"}})
    assert validator.is_valid({"extends": "bulgarian", "cards": {"trump": {"order": ["J", 9, "A", 10, "K", "Q", 8, 7]}}})


@pytest.mark.parametrize(("lengths", "valid"), [({"3": 20, "5+": 100}, True), ({"2": 10}, False), ({"10": 100}, False)])
def test_schema_knows_the_sequence_lengths(validator: jsonschema.Draft7Validator, lengths: dict, valid: bool) -> None:
    assert validator.is_valid({"declarations": {"sequences": lengths}}) is valid


def _with_meanings(model: type[BaseModel]) -> Iterator[tuple[str, str]]:
    """Each section's options that name their values, as (section's type, option)."""
    for name, field in model.model_fields.items():
        for section in dict.fromkeys(section for _keys, section, _value in opened(field) if section is not None):
            yield from _with_meanings(section)
        option = option_of(field)
        if option is not None and option.meanings:
            yield model.__name__, name


def test_every_choice_in_the_schema_says_what_each_value_means() -> None:
    definitions = json.loads(schema_text())["definitions"]
    # a choice by contract is written plainly or by kind: its plain form carries the values
    choices = {(name, key): p.get("anyOf", [p])[0] for name, d in definitions.items()
               for key, p in d.get("properties", {}).items()
               if "enumDescriptions" in p.get("anyOf", [p])[0] and not p.get("deprecated")}
    assert ("Deal", "shuffle") in choices and ("Play", "trump_overtake") in choices
    assert set(choices) == set(_with_meanings(Variant))
    for where, prop in choices.items():
        assert len(prop.get("enumDescriptions", [])) == len(prop["enum"]), where
    shuffle = definitions["Deal"]["properties"]["shuffle"]
    assert dict(zip(shuffle["enum"], shuffle["enumDescriptions"]))["full_shuffle"] == (
        "the pack is shuffled every deal and never cut"
    )


def test_one_choice_serves_several_options_each_with_the_values_it_takes() -> None:
    """One overtake type (issue "One home for each rule", item 2): a plain suit and a trump lead (Jass,
    schieber.md §4.3.1) may be followed freely (never), and the schema offers each option its own values, a trump
    lead's wherever it is written (all-trumps refuses never when it is played: a check of the rules together)."""
    play = json.loads(schema_text())["definitions"]["Play"]["properties"]
    by_kind = play["trump_overtake"]["anyOf"]
    assert play["plain_suit_overtake"]["enum"] == by_kind[0]["enum"] == [
        "never", "always", "unless_partner_winning"]
    assert by_kind[1]["properties"]["all_trumps"]["anyOf"][0]["enum"] == by_kind[0]["enum"]
    assert play["all_trumps_overtake"]["deprecated"] is True


def test_descriptions_cite_no_internal_source_tags() -> None:
    text = schema_text()
    assert "seed 0" not in text


def test_extends_offers_the_shipped_names_and_is_never_empty(validator: jsonschema.Draft7Validator) -> None:
    extends = json.loads(schema_text())["properties"]["extends"]
    assert "bulgarian" in extends["examples"] and "coinche" in extends["examples"]
    assert validator.is_valid({"extends": "french"})
    assert not validator.is_valid({"extends": None}) and not validator.is_valid({"extends": ""})
