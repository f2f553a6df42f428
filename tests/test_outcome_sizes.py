"""Work bounded by size: what `belot score` reads is checked in time linear in the file, and counts the
rules cannot produce are refused before any work (issue "Nothing lost, nothing leaked", item 10)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from belot_rules.files import parse_json

ROOT = Path(__file__).parent.parent
FRENCH: dict[str, Any] = json.loads((ROOT / "examples" / "deal-outcome-french.json").read_text("utf-8"))


class CountedText(str):
    """Text that adds up how many characters its line counting scans (``count`` and ``rfind``)."""

    scanned = 0

    def count(self, sub: str, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        CountedText.scanned += (len(self) if end is None else end) - (start or 0)
        return str.count(self, sub, start, end)

    def rfind(self, sub: str, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        CountedText.scanned += (len(self) if end is None else end) - (start or 0)
        return str.rfind(self, sub, start, end)


@pytest.mark.parametrize("indent", [None, 1], ids=["one-line", "indented"])
def test_placing_every_value_of_a_file_scans_it_a_bounded_number_of_times(indent: int | None) -> None:
    """A 992 KB one-line outcome of 16,000 declarations took 30-49 s: each value's line and column were
    counted again from the file's start. Now the count goes on from the last place, a few passes in all."""
    text = json.dumps({**FRENCH, "declarations": FRENCH["declarations"] * 2000}, indent=indent)
    CountedText.scanned = 0
    data, nodes = parse_json(CountedText(text), "deal.json")
    assert CountedText.scanned <= 3 * len(text)
    assert data["declarations"][5999]["seat"] == 3
    last = nodes[("declarations", 5999, "seat")].value
    prefix = text[: text.rindex('"seat"')]
    assert (last.line, last.column) == (prefix.count("\n") + 1, len(prefix) - prefix.rfind("\n") + 8)
