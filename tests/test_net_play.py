"""A real table on the loopback address with real client processes (issue 24, "Done when").

``belot host`` and ``belot join --plain`` run as the user runs them; scripted players answer each
question with its first choice, as a script driving the line game would. The bots move at once
(``--speed instant``) and the matches are short (``--target``), so the whole file takes seconds.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROMPT = "›"
TIMEOUT = 60


class Running:
    """A ``belot`` process whose output lines are collected as they come; ``answer`` scripts a player."""

    def __init__(self, args: list[str], home: Path, answer: bool = False, first: str = "") -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(home), "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
        self.process = subprocess.Popen([sys.executable, "-m", "belot_rules", *args], cwd=ROOT, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, bufsize=1, encoding="utf-8")
        self.lines: list[str] = []
        self.changed = threading.Condition()
        self.answer, self.first = answer, first
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()
            if self.answer and line.rstrip().endswith(PROMPT):
                self.type(*[self.first] * bool(self.first), "1")
                self.first = ""
        with self.changed:
            self.changed.notify_all()

    def type(self, *lines: str) -> None:
        try:
            assert self.process.stdin is not None
            self.process.stdin.write("".join(f"{line}\n" for line in lines))
            self.process.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass

    def wait_for(self, pattern: str, timeout: float = TIMEOUT, count: int = 1) -> re.Match[str]:
        """The ``count``-th line that matches ``pattern``, waiting for it."""
        end = time.monotonic() + timeout
        compiled = re.compile(pattern)
        with self.changed:
            while True:
                found = [m for m in map(compiled.search, self.lines) if m]
                if len(found) >= count:
                    return found[count - 1]
                left = end - time.monotonic()
                if left <= 0 or (self.process.poll() is not None and not self._more()):
                    raise AssertionError(f"no line like {pattern!r}; the output:\n" + "\n".join(self.lines[-40:]))
                self.changed.wait(min(left, 0.5))

    def _more(self) -> bool:
        return self.process.stdout is not None and not self.process.stdout.closed and self.process.poll() is None

    def text(self) -> str:
        with self.changed:
            return "\n".join(self.lines)

    def ended(self, timeout: float = TIMEOUT) -> int:
        return self.process.wait(timeout)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


@pytest.fixture
def started(tmp_path: Path) -> Iterator[list[Running]]:
    """The processes a test starts, killed at its end whatever happened."""
    running: list[Running] = []
    yield running
    for process in running:
        process.stop()


def host(started: list[Running], home: Path, *args: str) -> tuple[Running, str]:
    """A host on a free loopback port, and the address it printed for joining."""
    server = Running(["host", *args, "--port", "0", "--speed", "instant"], home)
    started.append(server)
    address = server.wait_for(r"belot join (127\.0\.0\.1:\d+) --code").group(1)
    return server, address


def join(started: list[Running], home: Path, address: str, *args: str, answer: bool = True,
         first: str = "") -> Running:
    client = Running(["join", address, *args], home, answer=answer, first=first)
    started.append(client)
    return client


SEATS = ("--seats", "human,heuristic,human,random", "--seed", "5", "--code", "table-1")


CARD = re.compile(r"\b(?:10|[789TJQKA])[♣♦♥♠CDHS]\b|(?<![\w])(?:10|[789JQKA])[♣♦♥♠]")


def test_a_whole_match_of_two_scripted_players_and_two_bots_and_a_spectator(tmp_path: Path,
                                                                           started: list[Running]) -> None:
    """The host prints where it listens (127.0.0.1 unless told) and the join command; two --plain players
    join, play every move they are asked for, and the match ends for both with the same result. A
    spectator (--watch) sees only what the whole table sees: every card it is shown was on the table (a
    trick) as it was shown; no hand, and no declaration's cards while the deal is played."""
    server, address = host(started, tmp_path / "host", "bulgarian", *SEATS, "--target", "40")
    assert "this machine only" in server.text()
    watcher = join(started, tmp_path / "watch", address, "--code", "table-1", "--plain", "--watch", answer=False)
    watcher.wait_for("Watching")
    ana = join(started, tmp_path / "ana", address, "--code", "table-1", "--plain", "--name", "Ana", first="zz")
    bo = join(started, tmp_path / "bo", address, "--code", "table-1", "--plain", "--name", "Bo")
    assert ana.ended() == 0 and bo.ended() == 0, ana.text()[-2000:] + bo.text()[-2000:]
    assert server.ended() == 0
    ending = ana.lines[-1]
    assert re.search(r"won the match|drawn", ending) and bo.lines[-1] == ending
    assert '"zz" is not a call. Choose 1 pass' in ana.text(), "an illegal call is refused as the line game does"
    assert "Ana sits at seat" in server.text() and "Bo sits at seat" in server.text()
    assert re.search(r"Trick 1: .*, won by", ana.text())
    assert re.search(r"Score sheet[\s\S]*\bUs\b", ana.text()), "the whole sheet at the end, from the seat's chair"
    assert watcher.ended() == 0
    seen = watcher.text()
    assert "Your hand" not in seen and seen.splitlines()[-1] == ending
    for line in seen.splitlines():
        if CARD.search(line) and not line.startswith("  Declaration:"):  # the deal's score names them at its end
            assert re.match(r"(Trick \d+:|[\w ()]+: (?:10|[789JQKA])[♣♦♥♠](, belote.*)?$)", line), line


def test_a_client_killed_mid_deal_rejoins_its_seat(tmp_path: Path, started: list[Running]) -> None:
    """A player whose process dies comes back with the same command (its seat token was kept) and the
    match goes on; a seat left longer than --wait would be played by a bot meanwhile."""
    server, address = host(started, tmp_path / "host", "bulgarian", *SEATS, "--target", "30", "--wait", "60")
    ana = join(started, tmp_path / "ana", address, "--code", "table-1", "--plain", "--name", "Ana")
    bo = join(started, tmp_path / "bo", address, "--code", "table-1", "--plain", "--name", "Bo")
    bo.wait_for(r"Your card \(1")
    bo.process.kill()
    server.wait_for("Bo left seat")
    again = join(started, tmp_path / "bo", address, "--code", "table-1", "--plain", "--name", "Bo")
    server.wait_for("Bo is back at seat")
    again.wait_for(PROMPT)  # its question is asked again
    assert again.ended() == 0 and ana.ended() == 0, again.text()[-2000:]
    assert again.lines[-1] == ana.lines[-1]


def test_the_server_killed_and_resumed_continues_the_same_match(tmp_path: Path, started: list[Running]) -> None:
    """The host saves after every move: killed with SIGKILL and started with --resume, it deals the same
    match from where it stopped, and the players' seats are theirs again."""
    home = tmp_path / "host"
    server, address = host(started, home, "bulgarian", *SEATS, "--target", "40")
    save = Path(server.wait_for(r"continue a stopped match with: belot host --resume (\S+)").group(1))
    ana = join(started, tmp_path / "ana", address, "--code", "table-1", "--plain", "--name", "Ana")
    bo = join(started, tmp_path / "bo", address, "--code", "table-1", "--plain", "--name", "Bo")
    ana.wait_for(r"Trick 2:")
    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait(10)
    ana.ended(), bo.ended()
    moves = len(__import__("json").loads(save.read_text())["game"]["record"]["deals"][-1]["actions"])
    assert moves > 0
    port = address.rsplit(":", 1)[1]
    resumed = Running(["host", "--resume", str(save), "--port", port, "--speed", "instant"], home)
    started.append(resumed)
    resumed.wait_for("Resuming the match of table table-1")
    ana = join(started, tmp_path / "ana", address, "--code", "table-1", "--plain", "--name", "Ana")
    bo = join(started, tmp_path / "bo", address, "--code", "table-1", "--plain", "--name", "Bo")
    resumed.wait_for("Ana is back"), resumed.wait_for("Bo is back")
    assert ana.ended() == 0 and bo.ended() == 0, ana.text()[-2000:]
    assert resumed.ended() == 0
    assert "Deal 1:" in ana.text(), "the deal that was stopped is shown again, not a new one"
