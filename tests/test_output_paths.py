"""What `--out` and the run counts say to a user who names a folder or a count too large (found by a new user)."""

from __future__ import annotations

from pathlib import Path

import pytest

from belot_rules.cli import main


def test_out_naming_a_folder_says_it_is_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It said "already exists: --resume continues the run it holds", which a folder never holds."""
    assert main(["simulate", "--variant", "bulgarian", "--deals", "10", "--out", str(tmp_path)]) == 1
    assert f"{tmp_path} is a folder: --out names the file to write" in capsys.readouterr().err


def test_a_count_too_large_for_compare_names_no_option_compare_lacks(capsys: pytest.CaptureFixture[str]) -> None:
    """compare --simulate said "--deals ... is more than one run plays"; compare has no --deals."""
    assert main(["compare", "bulgarian", "french", "--simulate", str(10**20)]) == 1
    err = capsys.readouterr().err
    assert f"{10**20} deals is more than one run plays" in err and "--deals" not in err
