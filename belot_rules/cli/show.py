"""``belot show NAME_OR_FILE``: a variant's rules as a player reads them, phase by phase.

``--resolved`` prints the complete merged rules as YAML (defaults filled in), and
``--origin`` marks the file each rule came from, or ``default`` for the model's default.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text

from ..variant.explain import submodel
from ..variant.loader import OWN_KEYS, LoadedVariant, load_variant_model
from ..variant.model import Variant
from ..variant.yamlsafe import KeyPath, display_name
from .output import console, print_json

PHASES = ("cards", "deal", "bidding", "play", "declarations", "scoring", "match", "table")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "show",
        help="show the rules of a variant",
        description="Show the rules of a shipped variant (by name) or of a variant file, grouped by phase.",
    )
    parser.add_argument("variant", metavar="NAME_OR_FILE")
    parser.add_argument("--resolved", action="store_true", help="print the complete merged rules as YAML")
    parser.add_argument("--origin", action="store_true", help="mark the file each rule comes from")
    parser.add_argument("--json", action="store_true", help="print the rules as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    loaded = load_variant_model(args.variant)
    if args.json:
        print_json(_as_json(loaded))
    elif args.resolved:
        sys.stdout.write(resolved_yaml(loaded, args.origin))
    else:
        _print_rules(loaded, args.origin)
    return 0


def rules(model: type[BaseModel], values: dict[str, Any], path: KeyPath = ()) -> Iterator[tuple[KeyPath, Any, str]]:
    """Every rule below ``path``: a section yields its own path with value None, then its rules."""
    for name, field in model.model_fields.items():
        section = submodel(field.annotation)
        value = values[name]
        if section is not None and isinstance(value, dict):
            yield (*path, name), None, field.description or ""
            yield from rules(section, value, (*path, name))
        else:
            yield (*path, name), value, field.description or ""


def resolved_yaml(loaded: LoadedVariant, origin: bool) -> str:
    """The complete rules as YAML, leaf values in flow style, optionally with ``# from FILE`` comments."""
    lines = []
    for path, value, _ in rules(Variant, loaded.variant.model_dump(mode="json")):
        pad = "  " * (len(path) - 1)
        if value is None and submodel_at(path):
            lines.append(f"{pad}{path[-1]}:")
            continue
        line = f"{pad}{path[-1]}: {_flow(value)}"
        lines.append(f"{line}  # {_origin(loaded, path)}" if origin else line)
    return "\n".join(lines) + "\n"


def submodel_at(path: KeyPath) -> bool:
    model: type[BaseModel] | None = Variant
    for key in path:
        model = submodel(model.model_fields[key].annotation) if model else None
    return model is not None


def _print_rules(loaded: LoadedVariant, origin: bool) -> None:
    variant = loaded.variant
    out = console()
    out.print(f"[bold]{escape(variant.title)}[/] [dim]({escape(variant.name)})[/]")
    if variant.description:
        out.print(escape(variant.description), soft_wrap=False)
    chain = " extends ".join(display_name(p) for p in loaded.chain)
    out.print(f"[dim]{escape(chain)} · rules hash {loaded.content_hash}[/]")
    for path, value, description in rules(Variant, variant.model_dump(mode="json")):
        if path[0] not in PHASES:
            continue
        if len(path) == 1:
            out.print(f"\n[bold underline]{path[0].capitalize()}[/]  [dim]{escape(description)}[/]")
        elif not (value is None and submodel_at(path)):
            source = f"  [magenta]({escape(_origin(loaded, path))})[/]" if origin else ""
            out.print(f"  [cyan]{'.'.join(path[1:])}[/]: [bold]{escape(_plain(value))}[/]{source}")
            out.print(Padding(Text(description, style="dim"), (0, 0, 0, 6), expand=False), soft_wrap=False)


def _origin(loaded: LoadedVariant, path: KeyPath) -> str:
    source = loaded.origin(path)
    if source is None and path[0] == "name":
        return "file name"
    return source.name if isinstance(source, Path) else "default"


def _plain(value: Any) -> str:
    """A value as a player reads it: yes/no, lists and tables without brackets."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return " ".join(_plain(v) for v in value) if value else "(none)"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    return str(value)


def _flow(value: Any) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=1 << 16)
    return text.removesuffix("...\n").strip()


def _as_json(loaded: LoadedVariant) -> dict[str, Any]:
    variant = loaded.variant
    rules_only = variant.model_dump(mode="json", exclude=set(OWN_KEYS))
    return {
        "name": variant.name,
        "title": variant.title,
        "description": variant.description,
        "extends": variant.extends,
        "chain": [display_name(p) for p in loaded.chain],
        "content_hash": loaded.content_hash,
        "rules": rules_only,
        "origins": {
            ".".join(path): _origin(loaded, path)
            for path, value, _ in rules(Variant, variant.model_dump(mode="json"))
            if not (value is None and submodel_at(path))
        },
    }
