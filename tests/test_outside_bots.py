"""Outside bots: path/to/file.py:Name or module:Name wherever a bot is named (README "Writing a bot")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.errors import UserError
from belot_rules.players import make_player
from belot_rules.sim.simulate import parse_seats

EXAMPLE = str(Path(__file__).resolve().parent.parent / "examples" / "bots" / "greedy.py") + ":Greedy"


def test_the_example_bot_plays_a_duel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", EXAMPLE, "heuristic", "--variant", "french", "--deals", "3", "--workers", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == [EXAMPLE, "heuristic"] and data["deal_pairs"] == 3


def test_the_example_bot_plays_a_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "coinche", "--deals", "4", "--workers", "1", "--json",
                 "--seats", f"{EXAMPLE},random,{EXAMPLE},random"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 4


def test_a_bot_named_by_module() -> None:
    player = make_player("belot_rules.players.random_player:RandomPlayer", load_variant("french"), 1)
    assert player.name == "random"


def _bot_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("spec, message", [
    ("missing/bot.py:Bot", "bot file 'missing/bot.py' not found"),
    ("no_such_module_here:Bot", "no module 'no_such_module_here'"),
    (EXAMPLE.replace(":Greedy", ":Clever"), "has no 'Clever'; it defines Greedy"),
    ("json:loads", "building it with (ruleset, seed) failed: TypeError"),
    ("belot_rules.cards:Card", "has no choose(view, legal) method"),
    ("belot_rules.cards:SUITS", "is not a class or function"),
    ("grandmaster", "no player called 'grandmaster'"),
])
def test_bad_bot_specs_are_user_errors(spec: str, message: str) -> None:
    with pytest.raises(UserError) as caught:
        make_player(spec, load_variant("french"), 0)
    assert message in str(caught.value)


def test_a_bot_file_that_does_not_load_says_where(tmp_path: Path) -> None:
    spec = _bot_file(tmp_path, "class Bot:\n    def choose(self, view, legal)\n") + ":Bot"
    with pytest.raises(UserError, match=r"loading it failed: SyntaxError: .* \(line 2\)"):
        parse_seats([spec, "random", "random", "random"])


def test_bad_specs_exit_cleanly_from_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["duel", "nope.py:Bot", "heuristic", "--variant", "french", "--deals", "1"],
                 ["simulate", "--variant", "french", "--deals", "1", "--seats", "nope.py:Bot"],
                 ["play", "--seats", "you,nope.py:Bot,random,random"]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert "not found" in err and "Traceback" not in err
