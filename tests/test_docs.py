"""Every code example in the README and the documentation site runs (issue 25 item 4).

Each page's examples run in order in a folder of their own, beside the checkout's ``examples/``,
``variants/`` and ``schemas/``: a shell line ``belot ...`` runs the command of this checkout and must
exit 0; a ``console`` block runs each ``$ belot ...`` line with the lines typed at its prompts
(``deal 1> ...``) as input; a Python block is executed; a YAML or JSON block is a variant file
(checked with ``belot validate``) or a deal outcome (scored with ``belot score``), written under the
name of its first line ``# file: NAME`` when it has one, for the examples after it. A comment line
``<!-- docs-test: exit N -->`` before a block expects that exit status instead, and
``<!-- docs-test: skip: REASON -->`` leaves out an example that cannot run here (one waiting for a
player, or running for minutes), with its reason; ``text`` blocks are output, not examples.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from belot_rules.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^( *)```(\w*)\s*$")
MARK = re.compile(r"^\s*<!-- docs-test: (skip: .+|exit \d+) -->\s*$")
PROMPT = re.compile(r"^[a-z ]*\d*> (.*)$")  # a line typed at a prompt of a console transcript
RUN = {"sh", "console", "python", "yaml", "json"}
SHARED = ("examples", "variants", "schemas")


@dataclass(frozen=True)
class Example:
    page: str
    line: int
    lang: str
    body: str
    mark: str


def examples(page: Path) -> list[Example]:
    """The fenced blocks of a page, each with the mark on the last line before it, if any."""
    found = []
    lines = page.read_text(encoding="utf-8").splitlines()
    number = 0
    while number < len(lines):
        opening = FENCE.match(lines[number])
        if not opening:
            number += 1
            continue
        indent, lang = opening.groups()
        end = next(i for i in range(number + 1, len(lines)) if lines[i].rstrip() == f"{indent}```")
        before = next((lines[i] for i in range(number - 1, -1, -1) if lines[i].strip()), "")
        mark = MARK.match(before)
        body = textwrap.dedent("\n".join(lines[number + 1:end]))
        found.append(Example(page.name, number + 1, lang, body, mark.group(1) if mark else ""))
        number = end + 1
    return found


def _page_id(page: Path) -> str:
    return str(page.relative_to(ROOT))


@pytest.mark.parametrize("page", PAGES, ids=_page_id)
def test_every_code_example_of_the_page_runs(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25 item 4: "a test checks that every code example in the docs runs"."""
    for shared in SHARED:
        (tmp_path / shared).symlink_to(ROOT / shared)
    monkeypatch.chdir(tmp_path)
    for number, example in enumerate(examples(page)):
        where = f"{example.page}:{example.line}"
        if example.mark.startswith("skip:"):
            assert len(example.mark) > len("skip: ") + 5, f"{where}: say why the example is not run"
            continue
        if example.lang not in RUN:
            assert example.lang == "text", f"{where}: a block without a language; mark it ```text if it is output"
            continue
        status = int(example.mark.split()[1]) if example.mark.startswith("exit") else 0
        if example.lang == "python":
            exec(compile(example.body, where, "exec"), {"__name__": "docs_example"})
        elif example.lang in ("yaml", "json"):
            _file(example, number, status, where)
        else:
            for argv, typed in _commands(example, where):
                monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in typed)))
                got = main(argv)
                output = capsys.readouterr()
                assert got == status, f"{where}: belot {shlex.join(argv)} exited {got}\n{output.err[-2000:]}"


def _commands(example: Example, where: str) -> list[tuple[list[str], list[str]]]:
    """The ``belot`` command lines of a shell or console block, each with the lines typed at its prompts."""
    commands: list[tuple[list[str], list[str]]] = []
    for line in example.body.splitlines():
        if example.lang == "console" and not line.startswith("$ "):
            typed = PROMPT.match(line)
            if typed and commands:
                commands[-1][1].append(typed.group(1))
            continue
        words = shlex.split(line.removeprefix("$ "), comments=True)
        if not words:
            continue
        assert words[0] == "belot", f"{where}: only belot commands run here; mark the block to skip it: {line}"
        commands.append((words[1:], []))
    assert commands, f"{where}: a shell block without a belot command"
    return commands


def _file(example: Example, number: int, status: int, where: str) -> None:
    """A variant file is validated, a deal outcome scored; a ``# file: NAME`` first line names the file."""
    first = example.body.splitlines()[0]
    name = first.removeprefix("# file:").strip() if first.startswith("# file:") else f"example-{number}.{example.lang}"
    Path(name).write_text(example.body + "\n", encoding="utf-8")
    data = json.loads(example.body) if example.lang == "json" else yaml.safe_load(example.body)
    assert isinstance(data, dict), f"{where}: a {example.lang} block that is neither a variant file nor a deal outcome"
    command = ["score", name] if "variant" in data else ["validate", name]
    assert "variant" in data or "extends" in data or "title" in data, f"{where}: what is this file? mark it"
    got = main(command)
    assert got == status, f"{where}: belot {shlex.join(command)} exited {got}"


def test_the_readme_is_short_and_starts_with_the_two_quick_start_lines() -> None:
    """Issue 25 item 4: a README of at most 200 lines, with the two quick-start commands that make a virtual
    environment (the second is what .ci/run runs, with the lint extra)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    assert "python3 -m venv .venv && . .venv/bin/activate && pip install . && belot play\n" in readme
    assert "python3 -m venv .venv && . .venv/bin/activate && pip install '.[test,cluster]' && pytest\n" in readme


def test_every_page_of_the_site_is_in_its_navigation() -> None:
    """A page left out of mkdocs.yml's nav would be built but found by nobody."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    pages = {str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs").rglob("*.md")}
    assert {p for p in pages if f": {p}" not in config} == set()


def test_every_shipped_variant_is_in_the_table_of_variants() -> None:
    """The guide's table of the shipped variants (docs/variants.md) names each of them, and nothing else."""
    from belot_rules.variant.loader import shipped_names

    table = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    assert set(re.findall(r"^\| `([a-z0-9-]+)` \|", table, re.M)) == set(shipped_names())


def test_the_readme_links_to_pages_that_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/[^)#]+)", readme)
    assert links and [link for link in links if not (ROOT / link).is_file()] == []
