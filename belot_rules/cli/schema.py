"""``belot schema [--output PATH]``: the JSON Schema of variant files, for editors."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rich.markup import escape

from ..errors import UserError
from ..files import OVERWRITE, refuse_existing
from ..i18n import gettext as _
from ..variant.schema import schema_text
from .output import console


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "schema",
        help=_("print the JSON Schema of variant files"),
        description=_("Print the draft-07 JSON Schema of variant files, or write it to a file."),
    )
    parser.add_argument("--output", "-o", metavar="PATH", help=_("write the schema to PATH instead of printing it"))
    parser.add_argument("--overwrite", action="store_true", help=_("let --output replace an existing file"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the schema, or write it to --output, over a file that holds something only with --overwrite (as
    rules --html and compare --report)."""
    if args.overwrite and args.output is None:
        raise UserError(_("--overwrite goes with --output: it lets the schema replace an existing file"))
    text = schema_text()
    if args.output is None:
        sys.stdout.write(text)
        return 0
    target = Path(args.output).expanduser()
    try:
        if not args.overwrite:
            refuse_existing(target, "--output", OVERWRITE)
        target.write_text(text, encoding="utf-8")
    except OSError as err:
        raise UserError(f"{args.output}: cannot write the schema: {err.strerror or err}") from None
    console().print(f"wrote {escape(args.output)}")
    return 0
