"""The JSON Schema of variant files, generated from the pydantic model.

Editors' YAML plug-ins (the ``# yaml-language-server: $schema=`` line) mostly speak
draft-07, so pydantic's output is rewritten: ``$defs`` become ``definitions``, a
``$ref`` with a description beside it is wrapped in ``allOf`` (draft-07 ignores
siblings of ``$ref``), and nothing is required, because a house-rules file that
``extends`` another states only what differs; the loader checks the merged result.
Rank names also accept ``10`` and the bare numbers YAML reads ``9`` or ``10`` as.
``extends`` offers the shipped names as examples, which editors complete.
An option's older keys are accepted beside it, marked deprecated.
Each choice is written out where it is an option, with the values that option takes and
``enumDescriptions``, the meaning of each, which VS Code and the YAML language server show
when offering or hovering over a value (one choice may serve several options in other words).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from ..cards import RANK_CHARS
from ..rules.common import option_of, option_values, override_keys
from .explain import opened
from .loader import shipped_names
from .model import Variant
from .old_keys import with_old_keys

DIALECT = "http://json-schema.org/draft-07/schema#"
_RANK_INPUTS = [*RANK_CHARS, "10"]


def variant_schema() -> dict[str, Any]:
    """The draft-07 schema of a variant file."""
    generated = Variant.model_json_schema()
    definitions = generated.pop("$defs", {})
    extends = generated["properties"]["extends"]
    extends.pop("anyOf", None)
    extends.pop("default", None)  # written at all, it names a parent: the loader refuses an empty one
    extends.update(type="string", minLength=1, examples=shipped_names())  # examples: offered by completion
    sequences = definitions["Declarations"]["properties"]["sequences"]
    sequences["propertyNames"] = {"pattern": "^[3-9]\\+?$"}  # lengths 3 to 9; JSON keys are text
    _choices_in_place(definitions, generated)
    with_old_keys(definitions, generated)
    generated["description"] += (
        " A file that extends another states only the rules it changes;"
        " `belot validate` checks the merged result."
    )
    return {"$schema": DIALECT, **_draft07(generated), "definitions": _draft07(definitions)}


def _choices_in_place(definitions: dict[str, Any], root: dict[str, Any], model: type[BaseModel] = Variant) -> None:
    """Each option with named values gets them, and their meanings, on its own property; the choices'
    shared definitions go."""
    schema = root if model is Variant else definitions[model.__name__]
    for name, field in model.model_fields.items():
        for section in dict.fromkeys(section for _keys, section, _value in opened(field) if section is not None):
            _choices_in_place(definitions, root, section)
        option = option_of(field)
        if option is None or not option.meanings:
            continue
        prop = schema["properties"][name]
        values = option_values(field)
        choice = {"type": "string", "enum": list(values), "enumDescriptions": [option.meanings[v] for v in values]}
        if override_keys(field.annotation):  # a choice by contract: the choice in place wherever it is written
            _in_place(prop, choice)
            continue
        definitions.pop(prop.pop("$ref", "").rpartition("/")[2], None)  # a section used twice is seen twice
        prop.update(choice)


def _in_place(node: Any, choice: dict[str, Any]) -> None:
    """Each reference to the choice's definition below ``node`` replaced by the choice itself."""
    if isinstance(node, list):
        for item in node:
            _in_place(item, choice)
    elif isinstance(node, dict):
        if "$ref" in node:
            del node["$ref"]
            node.update(choice)
        for value in node.values():
            _in_place(value, choice)


def schema_text() -> str:
    """The schema as the committed ``schemas/variant.schema.json`` holds it."""
    return json.dumps(variant_schema(), indent=2, ensure_ascii=False) + "\n"


def _draft07(node: Any, parent_key: str = "") -> Any:
    if isinstance(node, list):
        return [_draft07(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _draft07(value, key) for key, value in node.items()}
    if "properties" in node:
        node.pop("required", None)
    if "$ref" in node:
        ref = {"$ref": node.pop("$ref").replace("#/$defs/", "#/definitions/")}
        node = {**node, "allOf": [ref]} if node else ref
    if set(node.get("enum", ())) == set(RANK_CHARS):
        node.pop("type", None)
        node["enum"] = _RANK_INPUTS if parent_key == "propertyNames" else [*_RANK_INPUTS, 6, 7, 8, 9, 10]
    return node
