"""The documentation site's reference pages are written from the code (docs/hooks/generate.py): every option,
every command, every public name and every file format is in them (issue 25 item 4)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

from belot_rules.cli import COMMANDS
from belot_rules.variant.meanings import declared_options

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_hook", ROOT / "docs" / "hooks" / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_option_reference_has_every_option_and_every_meaning(hook: ModuleType) -> None:
    """Each option declared with Option(...) is listed under its key path, with the meaning of each value."""
    page = hook.options()
    for path, _, option in declared_options():
        dotted = ".".join(path)
        assert f"### `{dotted}`" in page or f"### `{dotted}." in page  # an option, or a section and its rules
        for meaning in option.meanings.values():
            assert hook._escape(meaning) in page


def test_the_command_line_reference_has_every_command(hook: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """Written at 100 columns, the environment left as it was for the tests after it."""
    monkeypatch.delenv("COLUMNS", raising=False)
    page = hook.cli()
    assert "COLUMNS" not in os.environ
    for command in COMMANDS:
        assert f"## belot {command}\n" in page and f"usage: belot {command}" in page


def test_the_api_reference_and_the_formats_are_read_from_the_code(hook: ModuleType) -> None:
    api = hook.api()
    assert "`load_variant(name_or_path" in api and "`Ruleset.legal_cards(self" in api
    for schema in ("record.schema.json", "deal-outcome.schema.json", "score-sheet.schema.json", "protocol.schema.json"):
        table = hook.schema(schema)
        assert table.count("\n| `") >= 5, schema


def test_only_fields_with_meanings_get_a_table_of_values(hook: ModuleType) -> None:
    """A yes/no or a number says its type; a choice lists its values (the meanings come from its field)."""
    page = hook.options()
    section = page.split("### `play.undertrump`")[1].split("### ")[0]
    assert "| `required` |" in section
    target = page.split("### `match.target`")[1].split("### ")[0]
    assert "a whole number or `null`" in target and "| value |" not in target
