"""Odd command lines end in a sentence: names over 255 characters, a full output device, a pipe given as a file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from belot_rules.cli import main

ROOT = Path(__file__).resolve().parent.parent
LONG = "a" * 300


@pytest.mark.parametrize("args", [
    ["validate", LONG], ["show", LONG], ["simulate", "--variant", LONG, "--deals", "10"],
    ["play", LONG, "--watch", "--speed", "instant"], ["compare", LONG, "bulgarian"],
    ["validate", f"./{LONG}.yaml"], ["score", f"{LONG}.json"], ["replay", f"{LONG}.json"],
])
def test_a_name_over_255_characters_is_a_sentence(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """"File name too long" was a traceback in validate, show, simulate and play."""
    assert main(args) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.err.strip()


def test_extends_over_255_characters_is_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for ref in (LONG, f"./{LONG}.yaml"):
        path = tmp_path / "house.yaml"
        path.write_text(f"extends: {ref}\n", encoding="utf-8")
        assert main(["validate", str(path)]) == 1
        assert "house.yaml:1:10:" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["schema"], ["list"], ["validate", "bulgarian"],
                                  ["simulate", "--variant", "bulgarian", "--deals", "20", "--json", "--workers", "1"]])
def test_a_full_output_device_is_a_sentence(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "belot_rules", *args], stdout=full, stderr=subprocess.PIPE,
                              text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 1 and done.stderr == "belot: cannot write the output: No space left on device\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("verb", ["validate", "score", "replay"])
def test_a_pipe_given_as_a_file_is_refused_at_once(verb: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """validate on a FIFO used to wait forever for a writer."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert main([verb, str(fifo)]) == 1
    assert "is not a regular file (a pipe or a device)" in capsys.readouterr().err


@pytest.mark.parametrize("args", [
    ["play", "--watch", "--speed", "instant", "--target", "10"], ["host", "--port", "0", "--seats", "random"],
    ["simulate", "--variant", "french", "--deals", "2"], ["duel", "heuristic", "easy", "--variant", "french", "--deals", "1"],
])
@pytest.mark.parametrize("seed", ["99999999999999999999999999999", "-1", "1e5"])
def test_a_seed_no_record_could_hold_is_refused_before_play(args: list[str], seed: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """docs/records.md (numbers of at most 24 characters): `play --seed` of 29 digits wrote a record, and a save,
    that `belot replay` and `--resume` then refused; every --seed is now a whole number from 0 to 18 digits."""
    assert main([*args, "--seed", seed]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"argument --seed: a seed is a whole number from 0 to 999999999999999999, not {seed}" in captured.err


def test_the_largest_seed_plays_records_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "match.json"
    assert main(["play", "--watch", "--speed", "instant", "--target", "10", "--seed", "999999999999999999",
                 "--record", str(record)]) == 0
    assert main(["replay", str(record)]) == 0
