"""Work bounded by size: what `belot score` reads is checked in time linear in the file, and counts the
rules cannot produce are refused before any work (issue "Nothing lost, nothing leaked", item 10)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from belot_rules.cli import main
from belot_rules.files import parse_json
from belot_rules.rules.outcome.parse import OutcomeError, parse_outcome

ROOT = Path(__file__).parents[3]
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


@pytest.mark.parametrize("field, copies, message", [
    ("declarations", 16_000, ("declarations: 16000 given; a deal of french holds at most 22: each card played is "
                              "in one sequence, one quad and one belote at most")),
    ("tricks", 8000, "tricks: 8000 given; it takes 8"),
], ids=["16000-declarations", "8000-tricks"])
def test_more_than_a_deal_holds_is_refused_before_any_work(field: str, copies: int, message: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """16,000 copies of one declaration were each built, checked and reported; 8,000 tricks were validated
    card by card and told "it takes None to 16". Both counts are now refused at once, with the count the
    variant takes."""
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({**FRENCH, field: FRENCH[field][:1] * copies}), encoding="utf-8")
    assert main(["score", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:1:" in err and message in err and len(err.splitlines()) == 1


def test_the_format_alone_names_its_own_bound() -> None:
    """Without a variant, the format's bound is told as "at most 16", never "None to 16"."""
    with pytest.raises(OutcomeError) as caught:
        parse_outcome({**FRENCH, "tricks": FRENCH["tricks"] * 3})
    assert "tricks: 24 given; it takes at most 16" in str(caught.value)
