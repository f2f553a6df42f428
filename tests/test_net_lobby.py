"""Saved lobby tables (issue 24, "One server, many tables" with "the server saves after every move, as the
local game does"): ``belot host --lobby`` saves each table it opens after every move, in one folder; started
again with ``--resume`` it opens them as they were, each player's seat token still theirs; a table whose
match is over is dropped. The lobby is built as ``belot host`` builds it, without the network."""

from __future__ import annotations

import argparse
import stat
from pathlib import Path

import pytest

from belot_rules.errors import UserError
from belot_rules.net.hosting import Hosting
from belot_rules.net.seats import Refused

SEATS = ["human", "random", "random", "random"]


def lobby(folder: Path, resume: bool = False) -> Hosting:
    args = argparse.Namespace(bot="heuristic", save=str(folder), resume="" if resume else None, speed="instant",
                              wait=30.0, hints=False, undo=None)
    return Hosting.lobby(args)


def opened(hosting: Hosting, code: str, target: int = 200) -> str:
    """A table opened at the lobby, its person seated and having played a few moves; the seat's token."""
    assert hosting.host.lobby is not None
    runner = hosting.host.lobby({"code": code, "create": {"variant": "bulgarian", "seats": SEATS, "seed": 7,
                                                          "target": target}})
    hosting.host.tables[code] = runner
    table = runner.table
    table.apart = False  # the bots move here, not in the server's worker threads
    _, token, _ = table.join("Ana", None, False, 0.0)
    while len(table.session.deal.history if table.session.deal else []) < 6 and not table.ended:
        if table.step(0.0)[0] is None:
            table.choose(0, "1")
    assert token is not None
    return token


def test_a_lobby_started_again_with_resume_finds_its_tables_as_they_were(tmp_path: Path) -> None:
    first = lobby(tmp_path)
    token = opened(first, "fri-1")
    before = first.host.tables["fri-1"].table
    before.slot.flush()
    saved = tmp_path / "fri-1.json"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600, "the seat tokens are the owner's alone"
    assert "--lobby --resume" in first.stopped()

    again = lobby(tmp_path, resume=True)
    table = again.host.tables["fri-1"].table
    assert table.session.deal.history == before.session.deal.history and table.code == "fri-1"
    assert [s.name for s in table.seats] == [s.name for s in before.seats]
    seat, back, _ = table.join("Ana", token, False, 1.0)
    assert (seat, back) == (0, token), "the player's token gives their seat back"
    with pytest.raises(Refused, match="already"):
        again.host.find({"code": "fri-1", "create": {"variant": "bulgarian", "seats": SEATS}})


def test_a_finished_lobby_table_is_not_opened_again(tmp_path: Path) -> None:
    first = lobby(tmp_path)
    opened(first, "done-1")
    runner = first.host.tables["done-1"]
    runner.ended()  # as the runner does when the match ends
    runner.table.slot.flush()
    assert not (tmp_path / "done-1.json").exists()
    with pytest.raises(UserError, match="no lobby table is saved"):
        lobby(tmp_path, resume=True)
