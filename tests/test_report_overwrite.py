"""``compare --report FILE`` keeps what is already there: an input never, any other file only with --overwrite."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from belot_rules.cli import main
from belot_rules.cli.report import write_report
from belot_rules.errors import UserError

HOUSE = "extends: french\nname: myrules\nmatch: {target: 500}\n"
PAGE_START = "<!DOCTYPE html>"


def house(tmp_path: Path) -> Path:
    path = tmp_path / "myrules.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


@pytest.mark.parametrize("overwrite", [[], ["--overwrite"]])
def test_the_report_never_replaces_a_variant_file_it_compares(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               overwrite: list[str]) -> None:
    """`belot compare french myrules.yaml --report myrules.yaml` replaced the house rules with HTML."""
    rules = house(tmp_path)
    assert main(["compare", "french", str(rules), "--simulate", "100000", "--report", str(rules), *overwrite]) == 1
    err = capsys.readouterr().err
    assert "is a variant file this comparison reads" in err and "choose another --report file" in err
    assert rules.read_text(encoding="utf-8") == HOUSE


@pytest.mark.parametrize("kind", ["extended", "symlink", "hard link"])
def test_nor_a_file_it_extends_or_one_linked_to_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   kind: str) -> None:
    """The same file under another name is the same input."""
    rules = house(tmp_path)
    derived = tmp_path / "derived.yaml"
    derived.write_text("extends: myrules.yaml\nname: derived\n", encoding="utf-8")
    target = rules
    if kind == "symlink":
        target = tmp_path / "link.html"
        target.symlink_to(rules)
    elif kind == "hard link":
        target = tmp_path / "hard.html"
        os.link(rules, target)
    assert main(["compare", "french", str(derived), "--report", str(target), "--overwrite"]) == 1
    assert "is a variant file this comparison reads" in capsys.readouterr().err
    assert rules.read_text(encoding="utf-8") == HOUSE


def test_nor_the_results_file_of_the_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    assert main(["compare", "french", "bulgarian", "--simulate", "10", "--workers", "1", "--out", str(out),
                 "--report", str(out), "--overwrite"]) == 1
    assert "is the --out results file of this run" in capsys.readouterr().err
    assert not out.exists()


def test_an_existing_report_is_kept_unless_overwrite_is_given(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """--report wrote over any file without a word; --out of simulate already refused, in these words."""
    report = tmp_path / "report.html"
    report.write_text("last week's report", encoding="utf-8")
    assert main(["compare", "french", "bulgarian", "--simulate", "100000", "--report", str(report)]) == 1
    assert capsys.readouterr().err.strip() == (f"{report} already exists: --overwrite writes over it, "
                                               "or choose another --report file")
    assert report.read_text(encoding="utf-8") == "last week's report"
    assert main(["compare", "french", "bulgarian", "--report", str(report), "--overwrite"]) == 0
    assert report.read_text(encoding="utf-8").startswith(PAGE_START)


def test_a_report_made_while_the_comparison_ran_is_kept_too(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The check before a long simulation is made again when the page is written."""
    assert main(["compare", "french", "bulgarian", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    report = tmp_path / "report.html"
    report.write_text("another run's report", encoding="utf-8")
    with pytest.raises(UserError, match="already exists: --overwrite writes over it"):
        write_report(str(report), False, data, [], [])
    assert report.read_text(encoding="utf-8") == "another run's report"
    write_report(str(report), True, data, [], [])
    assert report.read_text(encoding="utf-8").startswith(PAGE_START)


def test_overwrite_alone_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "french", "bulgarian", "--overwrite"]) == 1
    assert "--overwrite goes with --report" in capsys.readouterr().err


def test_a_report_name_over_255_characters_is_a_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`compare --report <300 characters>.html` was an ENAMETOOLONG traceback; score and validate said why."""
    assert main(["compare", "french", "bulgarian", "--report", str(tmp_path / ("o" * 300 + ".html"))]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.splitlines()) == 1
    assert err.startswith("--report ") and err.rstrip().endswith(f": cannot be written: {os.strerror(errno.ENAMETOOLONG)}")


def test_the_page_gets_the_mode_of_any_new_file(tmp_path: Path) -> None:
    """Written through a temporary file, the page was readable by its owner only (mkstemp's 0600)."""
    report = tmp_path / "report.html"
    mask = os.umask(0o022)
    try:
        assert main(["compare", "french", "bulgarian", "--report", str(report)]) == 0
    finally:
        os.umask(mask)
    assert report.stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("command", [["rules", "bulgarian", "--html", "{path}"], ["sheet", "bulgarian", "--export",
                                                                                  "{path}"]])
def test_a_written_file_gets_the_mode_of_any_new_file(tmp_path: Path, command: list[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A rules page made for printing and sharing, and a sheet's export, were readable by their owner only (mkstemp's
    0600), where a CSV export was not."""
    import io

    target = tmp_path / "out"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("sys.stdin", io.StringIO("A\nB\n0\nhearts by 1 points 100 last 0\n"))
    mask = os.umask(0o022)
    try:
        if command[0] == "sheet":  # a sheet with one deal to write out
            assert main(["sheet", "bulgarian", "--plain"]) == 0
        assert main([part.format(path=target) for part in command]) == 0
    finally:
        os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o644
