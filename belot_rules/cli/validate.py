"""``belot validate FILE...``: a line for each valid file, every problem of the others."""

from __future__ import annotations

import argparse
from typing import Any

from rich.markup import escape

from ..errors import MAX_PROBLEMS_SHOWN, Problem, UserError, VariantError
from ..i18n import gettext as _, ngettext
from ..variant.languages import words_in
from ..variant.loader import load_variant_model, rules_from
from .output import console, print_json


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "validate",
        help=_("check variant files and report every problem"),
        description=_("Check variant files, merged with the files they extend. A valid file gets a line with its "
        "name, title and rules hash; each problem of the others is shown as file:line:column: what is wrong; "
        "what would be valid. Exit status 0 only if every file is valid."),
        epilog=_("for example: belot validate my-rules.yaml"),
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help=_("a variant file, or a shipped variant's name"))
    parser.add_argument("--json", action="store_true", help=_("print the results as JSON, every problem included"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    results = [check(file) for file in args.files]
    if args.json:
        print_json(results)
    else:
        out, err = console(), console(stderr=True)
        for result in results:
            file = escape(result["file"])
            if result["valid"]:
                said = _("(name {name}, rules hash {hash})").format(name=escape(result["name"]),
                                                                    hash=result["content_hash"])
                out.print(f"[green]✓[/] {file}: [bold]{escape(result['title'])}[/] [dim]{said}[/]")
                rules_from_line = _("rules from {files}").format(files=escape(result["rules_from"]))
                out.print(f"  [dim]{rules_from_line}[/]")
                note = escape(_("note:"))
                for warning in result["warnings"]:
                    out.print(f"  [yellow]{note}[/] {escape(str(Problem(**warning)))}")
            else:
                err.print(f"[red]✗[/] {file}")
                problems = result["problems"]
                for problem in problems[:MAX_PROBLEMS_SHOWN]:
                    err.print(escape(str(Problem(**problem))))
                if len(problems) > MAX_PROBLEMS_SHOWN:
                    hidden = len(problems) - MAX_PROBLEMS_SHOWN
                    err.print(ngettext("... and {count} more; --json lists them all",
                                       "... and {count} more; --json lists them all", hidden).format(count=hidden))
    return 0 if all(r["valid"] for r in results) else 1


def check(file: str) -> dict[str, Any]:
    """The outcome of loading one file, as ``--json`` prints it."""
    try:
        loaded = load_variant_model(file)
    except VariantError as err:
        return {"file": file, "valid": False, "problems": [p.as_dict() for p in err.problems]}
    except UserError as err:
        return {"file": file, "valid": False, "problems": [Problem(file, str(err)).as_dict()]}
    variant = loaded.variant
    return {
        "file": file,
        "valid": True,
        "name": variant.name,
        "title": words_in(variant).title,  # in the language this command speaks
        "content_hash": loaded.content_hash,
        "rules_from": rules_from(loaded),
        "warnings": [w.as_dict() for w in loaded.warnings],
        "problems": [],
    }
