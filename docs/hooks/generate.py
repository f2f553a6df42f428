"""MkDocs hook: the reference pages written from the code, so they cannot fall behind it.

A page holding a line ``<!-- generated: WHAT -->`` gets it replaced by:

- ``options``: every rule of a variant file, from the model and the ``Option(...)`` declarations in
  ``belot_rules/rules/<phase>/options.py`` (what it is, its type, the default, what each value means);
- ``cli``: the help of ``belot`` and of each of its commands, from their argparse parsers;
- ``api``: the public Python API, from its signatures and docstrings;
- ``schema FILE``: the fields of a JSON Schema in ``schemas/``.

It also adds a rules booklet page per shipped variant (``belot rules NAME``, with its worked example) under
``booklets/``, and their entries to the navigation. The checkout's own package is documented: its folder
is put first on the import path.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import sys
from enum import Enum
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from belot_rules.booklet import booklet, to_markdown  # noqa: E402
from belot_rules.rules.common import option_of, override_keys  # noqa: E402
from belot_rules.variant.explain import PHASES, opened, submodel  # noqa: E402
from belot_rules.variant.loader import shipped_names  # noqa: E402
from belot_rules.variant.model import Variant  # noqa: E402

MARK = re.compile(r"^<!-- generated: (\w+)(?: (\S+))? -->$", re.M)
BOOKLETS = "booklets"
WIDTH = 100  # columns of the command-line help, as a wide terminal shows it


def on_config(config: Any) -> Any:
    """Each shipped variant's booklet in the navigation, after the pages written by hand."""
    pages = [{_title(name): f"{BOOKLETS}/{name}.md"} for name in shipped_names()]
    config["nav"].append({"Rules booklets": pages})
    return config


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    from belot_rules import load_variant

    for name in shipped_names():
        text = to_markdown(booklet(load_variant(name)))
        files.append(File.generated(config, f"{BOOKLETS}/{name}.md", content=text))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return MARK.sub(lambda m: GENERATORS[m.group(1)](m.group(2)), markdown)


def _title(name: str) -> str:
    from belot_rules import load_variant

    return load_variant(name).variant.title


# ----------------------------------------------------------------------------- the options


def options(_: str | None = None) -> str:
    """Every rule of a variant file, phase by phase, with the built-in defaults (Bulgarian Belot)."""
    defaults = Variant(name="defaults", title="defaults").model_dump(mode="json")
    out = []
    for phase in PHASES:
        field = Variant.model_fields[phase]
        out += [f"## {phase}", "", field.description or "", ""]
        out += _rules(submodel(field.annotation), defaults[phase], (phase,))
    return "\n".join(out)


def _rules(model: Any, defaults: dict[str, Any], path: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for name, field in model.model_fields.items():
        here = (*path, name)
        sections = opened(field, defaults[name])
        if sections and not sections[0][0]:  # a section: its rules
            out += _rules(sections[0][1], defaults[name], here)
            continue
        out += [f"### `{'.'.join(here)}`", "", _escape(field.description or ""), "",
                f"Type: {_type(field.annotation, field.metadata)}. Default: `{_shown(defaults[name])}`.", ""]
        option = option_of(field)
        if option is not None and option.meanings:
            out += ["| value | what it means at the table |", "|---|---|"]
            out += [f"| `{value}` | {_escape(meaning)} |" for value, meaning in option.meanings.items()]
            out.append("")
        for keys, section, value in sections:  # a rule by contract of sections or choices: each kind's
            if section is None:  # a choice by contract: its value in each kind, told in the table above
                out += [f"### `{'.'.join((*here, *keys))}`", "", f"Default: `{_shown(value)}`.", ""]
            else:
                out += _rules(section, value, (*here, *keys))
    return out


def _type(annotation: Any, metadata: list[Any]) -> str:
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return "one of the values below"
    if keys := override_keys(annotation):
        return ("one value for every contract, or a table of `default:` and overrides keyed by "
                + ", ".join(f"`{key}`" for key in keys))
    text = str(annotation).replace("typing.", "")
    if annotation is bool:
        return "`true` or `false`"
    if annotation in (int, int | None):
        bounds = [f"{kind} {getattr(m, attr)}" for m in metadata for attr, kind in (("ge", "at least"), ("le", "at most"))
                  if hasattr(m, attr)]
        return "a whole number" + (" or `null`" if annotation is not int else "") + (f" ({', '.join(bounds)})" if bounds else "")
    if text.startswith("list"):
        return "a list"
    if text.startswith("dict"):
        return "a table of `key: value`"
    if annotation is str:
        return "text"
    return f"`{_escape(text)}`"


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _escape(text: str) -> str:
    return text.replace("|", "\\|").replace("<", "&lt;")


# ----------------------------------------------------------------------------- the command line


def cli(_: str | None = None) -> str:
    """``belot --help`` and each command's ``--help``, as argparse prints them."""
    from belot_rules.cli import COMMANDS, build_parser

    kept = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(WIDTH)  # argparse wraps to it; put back after, for whatever runs next
    try:
        parser = build_parser()
        commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        out = ["## belot", "", "```text", parser.format_help().rstrip(), "```", ""]
        for name in COMMANDS:
            out += [f"## belot {name}", "", "```text", commands.choices[name].format_help().rstrip(), "```", ""]
    finally:
        if kept is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = kept
    return "\n".join(out)


# ----------------------------------------------------------------------------- the Python API

API = [
    ("belot_rules", ["load_variant", "parse_card", "parse_cards", "Card"]),
    ("belot_rules.ruleset", ["Ruleset"]),
    ("belot_rules.rules.scoring", ["DealScore", "ScoreParts"]),
    ("belot_rules.engine.deal", ["DealState", "SeatView"]),
    ("belot_rules.engine.playout", ["random_deal", "play_at_random"]),
    ("belot_rules.engine.actions", ["Action", "declare_everything", "distinct_cards", "announcing"]),
    ("belot_rules.players.base", ["Player"]),
    ("belot_rules.players.fast", ["CardSetPlayer"]),
    ("belot_rules.booklet", ["booklet", "to_text", "to_html", "to_markdown"]),
    ("belot_rules.errors", ["UserError"]),
]


def api(_: str | None = None) -> str:
    """Each public name with its signature and docstring; a class with its public methods."""
    import importlib

    out = []
    for module_name, names in API:
        module = importlib.import_module(module_name)
        out += [f"## `{module_name}`", ""]
        for name in names:
            item = getattr(module, name)
            out += _entry(name, item, 3)
            if inspect.isclass(item):
                for member, value in vars(item).items():
                    if member.startswith("_") or not (inspect.isfunction(value) or isinstance(value, (classmethod, property))):
                        continue
                    out += _entry(f"{name}.{member}", value, 4)
    return "\n".join(out)


def _entry(name: str, item: Any, level: int) -> list[str]:
    function = item.__func__ if isinstance(item, classmethod) else item.fget if isinstance(item, property) else item
    try:
        signature = str(inspect.signature(function)) if callable(function) and not isinstance(item, property) else ""
    except (TypeError, ValueError):
        signature = ""
    doc = inspect.getdoc(function) or ""
    if inspect.isclass(item) and doc == inspect.getdoc(object):
        doc = ""
    doc = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", doc).replace("``", "`")
    return [f"{'#' * level} `{name}{signature}`", "", _escape(doc), ""]


# ----------------------------------------------------------------------------- the file formats


def schema(file: str | None) -> str:
    """A JSON Schema of ``schemas/`` as tables of its fields, nested ones as ``a.b``; a file of one of
    several kinds (a deal or a match record, each message of the protocol) gets a table per kind."""
    assert file, "a schema mark names its file: <!-- generated: schema record.schema.json -->"
    document = json.loads((ROOT / "schemas" / file).read_text(encoding="utf-8"))
    return "\n".join([_escape(document.get("description", "")), "", *_tables(document, document, 3)])


def _tables(node: dict[str, Any], document: dict[str, Any], level: int) -> list[str]:
    if "properties" not in node and "oneOf" in node:
        out: list[str] = []
        for part in node["oneOf"]:
            kind = _resolve(part, document)
            const = kind.get("properties", {}).get("type", {}).get("const")
            name = kind.get("title") or (f"`{const}`" if const else part.get("$ref", "").rsplit("/", 1)[-1])
            out += [f"{'#' * min(level, 6)} {name}", "", _escape(kind.get("description", "")), ""]
            out += _tables(kind, document, level + 1)
        return out
    rows = ["| field | type | what it holds |", "|---|---|---|"]
    rows += [f"| `{path}` | {what} | {_escape(' '.join(text.split()))} |" for path, what, text in _fields(node, document, "")]
    return [*rows, ""]


def _fields(node: dict[str, Any], document: dict[str, Any], prefix: str, depth: int = 0) -> list[tuple[str, str, str]]:
    found = []
    for key, value in node.get("properties", {}).items():
        value = _resolve(value, document)
        path = f"{prefix}{key}"
        found.append((path, _json_type(value), value.get("description", "")))
        items = _resolve(value.get("items", {}), document)
        if depth < 2 and "properties" in value:
            found += _fields(value, document, f"{path}.", depth + 1)
        elif depth < 2 and "properties" in items:
            found += _fields(items, document, f"{path}[].", depth + 1)
    return found


def _resolve(node: dict[str, Any], document: dict[str, Any]) -> dict[str, Any]:
    """A node with its ``$ref`` (or a lone ``allOf`` reference) read from the document, its own keys kept."""
    ref = node.get("$ref") or next((part["$ref"] for part in node.get("allOf", []) if "$ref" in part), None)
    if not ref:
        return node
    target: Any = document
    for part in ref.removeprefix("#/").split("/"):
        target = target[part]
    base = _resolve(target, document)
    own = {k: v for k, v in node.items() if k not in ("$ref", "allOf")}
    merged = {**base, **own}
    if "properties" in base or "properties" in own:
        merged["properties"] = {**base.get("properties", {}), **own.get("properties", {})}
    return merged


def _json_type(node: dict[str, Any]) -> str:
    if "const" in node:
        return f"`{json.dumps(node['const'])}`"
    kind = node.get("type")
    if isinstance(kind, list):
        return " or ".join(kind)
    if kind:
        return str(kind)
    if "enum" in node:
        return "one of " + ", ".join(f"`{v}`" for v in node["enum"])
    if "anyOf" in node or "oneOf" in node:
        return " or ".join(_json_type(part) for part in node.get("anyOf", node.get("oneOf", [])))
    return "any"


GENERATORS = {"options": options, "cli": cli, "api": api, "schema": schema}
