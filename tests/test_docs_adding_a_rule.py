"""docs/adding-a-rule.md (linked from the README's "Adding a rule") shows a real option: its excerpt of
belot_rules/rules/play/options.py is the code as it stands, piece by piece in order (issue "One home for each
rule", done when: "the README's 'adding a rule' section shows it with a real example")."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent


def _plain(text: str) -> str:
    """Code with its spacing and line breaks gone and adjacent string literals joined."""
    return re.sub(r'"\s+"', "", " ".join(text.split()))


def test_the_excerpt_of_the_declaration_is_the_code_as_it_stands() -> None:
    page = (ROOT / "docs" / "adding-a-rule.md").read_text(encoding="utf-8")
    excerpt = page.split("<!-- docs-test: skip: an excerpt of belot_rules/rules/play/options.py -->")[1]
    excerpt = excerpt.split("```python")[1].split("```")[0]
    code = _plain((ROOT / "belot_rules" / "rules" / "play" / "options.py").read_text(encoding="utf-8"))
    pieces = [_plain(piece) for piece in re.split(r"\n\s*(?:\.\.\.)?\s*\n", excerpt) if piece.strip()]
    assert len(pieces) >= 5
    at = 0
    for piece in pieces:
        found = code.find(piece, at)
        assert found >= 0, piece
        at = found + len(piece)


def test_the_not_used_line_it_quotes_is_what_show_prints(capsys) -> None:
    from belot_rules.cli import main

    page = " ".join((ROOT / "docs" / "adding-a-rule.md").read_text(encoding="utf-8").split())
    quoted = re.search(r"`belot show (\S+)`: `(Not used, as [^`]+)`", page)
    assert quoted is not None
    assert main(["show", quoted.group(1)]) == 0
    assert quoted.group(2) in " ".join(capsys.readouterr().out.split())
