"""A save file named beyond what the file system takes is a sentence, as it is for score, replay and validate.

Issue "Nothing lost, nothing leaked", item 7: ``belot play --resume`` with a 300-character file name stopped
on an OSError (ENAMETOOLONG) from looking the file up.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from belot_rules.cli import main


def test_resume_with_a_file_name_too_long_is_a_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status = main(["play", "--resume", "o" * 300 + ".json", "--plain"])
    out = capsys.readouterr()
    text = out.out + out.err
    assert status == 1 and "Traceback" not in text
    assert "cannot be read: File name too long" in text and len(text.splitlines()) == 1
    assert not list(tmp_path.iterdir())  # no lock file, nothing else written
