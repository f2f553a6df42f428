"""The committed JSON Schema is the model's, and every shipped and example file satisfies it."""

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

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
    assert COMMITTED.read_text(encoding="utf-8") == schema_text(), "run: belot schema --output schemas/variant.schema.json"


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


def test_every_choice_in_the_schema_says_what_each_value_means() -> None:
    definitions = json.loads(schema_text())["definitions"]
    choices = {name: d for name, d in definitions.items() if "enum" in d and name != "RankName"}
    assert "Shuffle" in choices
    for name, definition in choices.items():
        assert len(definition.get("enumDescriptions", [])) == len(definition["enum"]), name
    shuffle = definitions["Shuffle"]
    assert dict(zip(shuffle["enum"], shuffle["enumDescriptions"]))["full_shuffle"] == (
        "the pack is shuffled every deal and never cut"
    )


def test_descriptions_cite_no_internal_source_tags() -> None:
    text = schema_text()
    assert "seed 0" not in text


def test_extends_offers_the_shipped_names_and_is_never_empty(validator: jsonschema.Draft7Validator) -> None:
    extends = json.loads(schema_text())["properties"]["extends"]
    assert "bulgarian" in extends["examples"] and "coinche" in extends["examples"]
    assert validator.is_valid({"extends": "french"})
    assert not validator.is_valid({"extends": None}) and not validator.is_valid({"extends": ""})
