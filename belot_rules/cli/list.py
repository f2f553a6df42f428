"""``belot list``: the shipped variants, one line each."""

from __future__ import annotations

import argparse
from typing import Any

from rich.markup import escape

from ..variant.loader import load_variant_model, shipped_names
from .output import console, print_json


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "list", help="list the shipped variants", description="List the variants shipped with belot-rules."
    )
    parser.add_argument("--json", action="store_true", help="print the list as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    entries = []
    for name in shipped_names():
        loaded = load_variant_model(name)
        entries.append(
            {
                "name": name,
                "title": loaded.variant.title,
                "extends": loaded.variant.extends,
                "content_hash": loaded.content_hash,
            }
        )
    if args.json:
        print_json(entries)
        return 0
    width = max(len(e["name"]) for e in entries)
    out = console()
    for entry in entries:
        extends = f"  [dim]extends {escape(entry['extends'])}[/]" if entry["extends"] else ""
        out.print(f"[bold]{escape(entry['name']).ljust(width)}[/]  {escape(entry['title'])}{extends}")
    return 0
