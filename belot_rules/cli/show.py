"""``belot show NAME_OR_FILE``: a variant's rules as a player reads them, phase by phase.

A chosen value is followed by what it means, other rules by their description; rules
that other rules switch off are named together at the end of their phase, with the
reason. Both come from the option's own declaration (``rules/<phase>/options.py``).
``--resolved`` prints the complete merged rules as YAML (defaults filled in), and
``--origin`` marks the file each rule came from, or ``default`` for the model's default.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Iterator
from itertools import groupby
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..booklet.messages import english_description
from ..files import KeyPath, display_name
from ..i18n import N_, gettext as _
from ..rules.common import option_of, override_keys
from ..variant.explain import PHASES, opened
from ..variant.languages import words_in
from ..variant.loader import OWN_KEYS, LoadedVariant, load_variant_model, rules_from
from ..variant.meanings import meaning
from ..variant.model import Variant
from ..variant.unused import unused_reason, unused_rules
from .output import console, print_json


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "show",
        help=_("show the rules of a variant"),
        description=_("Show the rules of a shipped variant or of a house-rules file, phase by phase (cards, "
        "deal, bidding, play, declarations, scoring, match, table), each with what it means at the table."),
        epilog=_("for example: belot show french, or belot show my-rules.yaml --origin"),
    )
    parser.add_argument("variant", metavar="NAME_OR_FILE", help=_("a shipped variant's name (see belot list) or a file"))
    parser.add_argument("--resolved", action="store_true",
                        help=_("print the complete merged rules as YAML, defaults filled in"))
    parser.add_argument("--origin", action="store_true",
                        help=_("mark the file each rule comes from, or 'default'"))
    parser.add_argument("--json", action="store_true", help=_("print the rules, their origins and the hash as JSON"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    loaded = load_variant_model(args.variant)
    if args.json:
        print_json(_as_json(loaded))
    elif args.resolved:
        sys.stdout.write(resolved_yaml(loaded, args.origin))
    else:
        print_rules(loaded, args.origin)
    return 0


# Each phase's heading, as ``belot show`` prints it.
PHASE_HEADINGS = {"cards": N_("Cards"), "deal": N_("Deal"), "bidding": N_("Bidding"), "play": N_("Play"),
                  "declarations": N_("Declarations"), "scoring": N_("Scoring"), "match": N_("Match"),
                  "table": N_("Table")}


def phase_heading(phase: str) -> str:
    """A phase's heading in the command's language (``belot show``, ``belot compare`` and its report)."""
    return _(PHASE_HEADINGS[phase]) if phase in PHASE_HEADINGS else phase.capitalize()


class Entry(NamedTuple):
    """One line of a variant's rules: a section heading or a rule with its value."""

    path: KeyPath
    value: Any
    description: str
    section: bool
    meaning: str | None = None  # the chosen value in words, for a choice among named values
    by_contract: bool = False  # a rule by contract whose value is a section, opened for each place below it


def entries(model: type[BaseModel], values: dict[str, Any], path: KeyPath = ()) -> Iterator[Entry]:
    """Every section and rule below ``path``, in the model's order; a section comes before its rules."""
    for name, field in model.model_fields.items():
        value = values[name]
        sections = opened(field, value) if isinstance(value, dict) or override_keys(field.annotation) else []
        option = option_of(field)
        older = ", ".join(old.key for old in option.old_keys) if option is not None else ""
        description = _(field.description) if field.description else ""  # the option's words in the command's language
        if older:
            description += " " + _("(older files write it as {older})").format(older=older)
        said = meaning(field, value)
        yield Entry((*path, name), value, description, bool(sections), _(said) if said else None,
                    any(keys for keys, _section, _part in sections))
        for keys, section, part in sections:  # a rule by contract: one section, or value, for each kind of contract
            if section is None:
                said = meaning(field, part)
                yield Entry((*path, name, *keys), part, description, False, _(said) if said else None)
                continue
            if keys:
                yield Entry((*path, name, *keys), part, description, True)
            yield from entries(section, part, (*path, name, *keys))


def resolved_yaml(loaded: LoadedVariant, origin: bool) -> str:
    """The complete rules as YAML, leaf values in flow style, optionally with ``# FILE`` comments."""
    lines = []
    written: KeyPath = ("",)  # a rule by contract of sections, written as it is: its default and its overrides
    for entry in entries(Variant, loaded.variant.model_dump(mode="json")):
        if entry.path[:len(written)] == written:
            continue
        line = "  " * (len(entry.path) - 1) + f"{entry.path[-1]}:"
        if not entry.section or entry.by_contract:
            line += f" {_flow(entry.value)}" + (f"  # {_origin(loaded, entry.path)}" if origin else "")
            written = entry.path if entry.by_contract else written
        lines.append(line)
    return "\n".join(lines) + "\n"


def print_rules(loaded: LoadedVariant, origin: bool = False, out: Console | None = None) -> None:
    """The rules phase by phase, each with its description (``belot show``, and ``r`` in a game)."""
    variant = loaded.variant
    out = out or console()
    said = words_in(variant)  # the title and description in the language this command speaks
    out.print(f"[bold]{escape(said.title)}[/] [dim]({escape(variant.name)})[/]")
    if said.description:
        _print_wrapped(out, said.description, 0)
    if said.english_description:
        _print_wrapped(out, english_description(), 0, "dim")
    _print_wrapped(out, _("Rules from {files} · rules hash {hash}").format(files=rules_from(loaded),
                                                                          hash=loaded.content_hash), 0, "dim")
    for warning in loaded.warnings:
        _print_wrapped(out, _("Note: {message}.").format(message=warning.message), 0, "yellow")
    unused = unused_rules(variant)
    for phase, group in groupby(entries(Variant, variant.model_dump(mode="json")), key=lambda e: e.path[0]):
        if phase not in PHASES:
            continue
        set_aside: dict[str, list[str]] = {}
        for entry in group:
            rest = entry.path[1:]
            reason = unused_reason(unused, entry.path)
            if not rest:
                heading = _(PHASE_HEADINGS[phase])
                first, *more = textwrap.wrap(f"{heading}  {entry.description}", max(20, out.width))
                out.print()
                out.print(Text.assemble((heading, "bold underline"), (first[len(heading):], "dim")), soft_wrap=True)
                for line in more:
                    out.print(Text(line, style="dim"), soft_wrap=True)
            elif entry.section:
                continue
            elif reason and not origin:
                set_aside.setdefault(reason, []).append(".".join(rest))
            else:
                source = f"  [magenta]({escape(_origin(loaded, entry.path))})[/]" if origin else ""
                unused_note = f"  [dim]({escape(_('not used: {reason}').format(reason=reason))})[/]" if reason else ""
                out.print(f"  [cyan]{'.'.join(rest)}[/]: [bold]{escape(plain_value(entry.value))}[/]{source}{unused_note}")
                if entry.meaning:  # the chosen value in words, not the list of every choice
                    _print_wrapped(out, entry.meaning[:1].upper() + entry.meaning[1:] + ".", 6)
                else:
                    _print_wrapped(out, entry.description, 6, "dim")
        for reason, names in set_aside.items():
            _print_wrapped(out, _("Not used, as {reason}: {names}.").format(reason=reason, names=", ".join(names)), 2, "dim")


def _print_wrapped(out: Console, text: str, indent: int, style: str = "") -> None:
    """Text wrapped to the console, indented, without the trailing spaces rich pads wrapped lines with."""
    for number, paragraph in enumerate(text.strip().split("\n\n")):
        if number:
            out.print()
        for line in textwrap.wrap(paragraph, max(20, out.width - indent)):
            out.print(Text(" " * indent + line, style=style), soft_wrap=True)


_DERIVED = {"name": "file name", "title": "parent's title"}


def _origin(loaded: LoadedVariant, path: KeyPath) -> str:
    """The file that set a rule; a name or title nobody wrote was derived, anything else is the default."""
    source = loaded.origin(path)
    return source.name if isinstance(source, Path) else _DERIVED.get(path[0], "default")


def plain_value(value: Any) -> str:
    """A value as a player reads it: yes/no, lists and tables without brackets."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return " ".join(plain_value(v) for v in value) if value else "(none)"
    if isinstance(value, dict) and any(isinstance(v, dict) for v in value.values()):  # tables by contract
        return "; ".join(f"{k}: {plain_value(v)}" for k, v in value.items())
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain_value(v)}" for k, v in value.items()) or "(none)"
    return str(value)


def value_items(value: Any) -> list[str]:
    """A value as the pieces a line may break between: list items, table entries (``A 11,``), or one piece."""
    if isinstance(value, list) and value:
        return [plain_value(v) for v in value]
    if isinstance(value, dict) and value:
        entries = [f"{k} {plain_value(v)}" for k, v in value.items()]
        return [f"{e}," for e in entries[:-1]] + entries[-1:]
    return [plain_value(value)]


def _flow(value: Any) -> str:
    text: str = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=1 << 16)
    return text.removesuffix("...\n").strip()


def _as_json(loaded: LoadedVariant) -> dict[str, Any]:
    variant = loaded.variant
    rules_only = variant.model_dump(mode="json", exclude=set(OWN_KEYS))
    said = words_in(variant)
    return {
        "name": variant.name,
        "title": said.title,
        "description": said.description,
        "extends": variant.extends,
        "chain": [display_name(p) for p in loaded.chain],
        "rules_from": rules_from(loaded),
        "warnings": [w.as_dict() for w in loaded.warnings],
        "content_hash": loaded.content_hash,
        "rules": rules_only,
        "origins": {
            ".".join(e.path): _origin(loaded, e.path)
            for e in entries(Variant, variant.model_dump(mode="json"))
            if not e.section
        },
    }
