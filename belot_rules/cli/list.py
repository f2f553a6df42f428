"""``belot list``: the shipped variants grouped by family, each with what it is."""

from __future__ import annotations

import argparse
import re
import textwrap
from itertools import groupby
from typing import Any

from rich.markup import escape

from ..i18n import N_, gettext as _
from ..variant.languages import words_in
from ..variant.loader import load_variant_model, shipped_names
from .output import console, print_json

OTHER = "Other"  # the group of a shipped file that names no family
# The families the shipped files name (their ``family:``), marked for the catalogues and said in the command's
# language; the JSON keeps them as the files write them.
FAMILIES = (N_("Armenian"), N_("Bulgarian"), N_("Croatian"), N_("Cypriot"), N_("Dutch"), N_("French"), N_("Indian"),
            N_("Saudi"), N_("Swiss"), N_("Two and three players"), N_("Other"))
SHORT = 90  # a description's words before a colon, up to this long, say what the variant is


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "list", help=_("list the shipped variants"),
        description=_("List the variants shipped with belot-rules, grouped by family (Bulgarian, French, Dutch, ...)."),
    )
    parser.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    parser.set_defaults(run=run)


def summary(description: str) -> str:
    """What ``belot list`` says of a variant: its description's first sentence, or the part of it before
    a colon (the descriptions read "Pilotta of Cyprus: all 8 cards dealt ...")."""
    text = " ".join(description.split())
    match = re.search(r"\.(\s|$)", text)
    sentence = text[: match.start() + 1] if match else text
    head, colon, _ = sentence.partition(": ")
    return head if colon and len(head) <= SHORT else sentence


def _family_order(entry: dict[str, Any]) -> tuple[bool, str, str]:
    """The families in the order of their words, the others last (the family's name is the catalogue's key)."""
    family = entry["family"]
    return family == OTHER, _(family), entry["name"]


def run(args: argparse.Namespace) -> int:
    entries: list[dict[str, Any]] = []  # as the JSON lists them
    for name in shipped_names():
        variant = load_variant_model(name)
        said = words_in(variant.variant)  # the title and description in the language this command speaks
        entries.append(
            {
                "name": name,
                "title": said.title,
                "family": variant.variant.family or OTHER,
                "summary": summary(said.description),
                "english": said.english_description,
                "extends": variant.variant.extends,
                "content_hash": variant.content_hash,
            }
        )
    entries.sort(key=_family_order)
    english = [e["name"] for e in entries if e.pop("english")]
    if args.json:
        print_json(entries)
        return 0
    width = max(len(e["name"]) for e in entries)
    out = console()
    room = max(20, out.width - width - 4)
    for family, group in groupby(entries, key=lambda e: e["family"]):
        out.print(f"[bold underline]{escape(_(family))}[/]")
        for entry in group:  # a summary too long for its line goes on under itself, never cut
            first, *more = textwrap.wrap(entry["summary"] or entry["title"], room) or [""]
            out.print(f"  [bold]{escape(entry['name']).ljust(width)}[/]  {escape(first)}", soft_wrap=True)
            for part in more:
                out.print(" " * (width + 4) + escape(part), soft_wrap=True)
    if english:  # their files give no description in this language: said, not passed off as a translation
        out.print()
        note = _("In English, as their files describe them: {names}.").format(names=", ".join(english))
        for part in textwrap.wrap(note, max(20, out.width)):
            out.print(f"[dim]{escape(part)}[/]", soft_wrap=True)
    return 0
