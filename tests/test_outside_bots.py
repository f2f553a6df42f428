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


BOTS = '''
class Text:
    """Answers with the text of the first legal action, as the README allows."""
    def __init__(self, ruleset, seed):
        pass
    def choose(self, view, legal):
        return str(legal[0]).lower()

class Raises:
    def __init__(self, ruleset, seed):
        pass
    def choose(self, view, legal):
        if view.phase == "playing" and len(view.tricks) == 2:
            raise ValueError("my bug")
        return legal[0]

class Exits:
    def __init__(self, ruleset, seed):
        pass
    def choose(self, view, legal):
        if view.phase == "playing" and len(view.tricks) == 2:
            import sys
            sys.exit(3)
        return legal[0]

class Garbage:
    def __init__(self, ruleset, seed):
        pass
    def choose(self, view, legal):
        return 42 if view.phase == "playing" else legal[0]
'''


def test_a_bot_may_answer_with_an_action_s_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """README "Writing a bot": choose returns one of legal, "an Action, or its text such as "JH" or "pass"."""
    spec = _bot_file(tmp_path, BOTS) + ":Text"
    for workers in ("1", "2"):
        assert main(["duel", spec, "heuristic", "--variant", "french", "--deals", "4", "--full", "--workers", workers,
                     "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["deal_pairs"] == 4
    assert main(["simulate", "--variant", "klaberjass", "--deals", "3", "--workers", "1", "--json",
                 "--seats", f"{spec},random"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 3


@pytest.mark.parametrize("name, message", [
    ("Raises", "bot '{spec}' failed at seat {seat}, playing to trick 3: ValueError: my bug"),
    ("Exits", "bot '{spec}' failed at seat {seat}, playing to trick 3: SystemExit: 3"),  # it ended the duel with 3
    ("Garbage", "bot '{spec}' answered 42 at seat {seat}, playing to trick 1, which is not one of the legal actions: "),
])
def test_a_failing_bot_stops_the_run_at_once_naming_itself_and_the_move(
        name: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its own bug: not played again as if a worker had been lost, and never a traceback."""
    spec = _bot_file(tmp_path, BOTS) + f":{name}"
    for argv in (["duel", spec, "heuristic", "--variant", "french", "--deals", "2", "--workers", "2"],
                 ["simulate", "--variant", "french", "--deals", "2", "--workers", "1", "--seats",
                  f"{spec},random,random,random"],
                 ["play", "french", "--watch", "--speed", "instant", "--seed", "2", "--seats",
                  f"{spec},random,random,random"]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert any(message.format(spec=spec, seat=seat) in err for seat in range(4)), err
        assert "Traceback" not in err and "chunk" not in err


def test_the_full_screen_table_closes_with_a_failing_bot_s_error(tmp_path: Path) -> None:
    """The table does not crash into a traceback: it closes with status 1 and says which bot failed where."""
    import asyncio

    from belot_rules.cli.game.look import Look
    from belot_rules.cli.game.session import Session
    from belot_rules.cli.tui.app import TableApp

    spec = _bot_file(tmp_path, BOTS) + ":Garbage"
    app = TableApp(Session.start("french", 2, ("you", spec, "random", "random")), Look(), "instant")

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            deadline = asyncio.get_running_loop().time() + 60
            while app.is_running and asyncio.get_running_loop().time() < deadline:
                deal = app.session.deal
                if deal is not None and deal.to_act == 0 and len(app.screen_stack) == 1:
                    await pilot.press("enter")
                await pilot.pause(0.01)

    asyncio.run(play())
    assert app.return_value == 1
    assert any(line.startswith(f"bot '{spec}' answered 42 at seat 1") for line in app.farewell)


def test_the_game_builds_an_outside_bot_once_a_deal_so_it_may_remember(tmp_path: Path) -> None:
    """README "Writing a bot": in ``belot play`` an outside bot is built for each deal (and again after an
    undo or a resume), not for each decision; a bot without ``choose`` is refused before the first deal."""
    from belot_rules.cli.game.session import Session
    from belot_rules.players.outside import load_factory

    spec = _bot_file(tmp_path, '''
class Counter:
    built = 0
    def __init__(self, ruleset, seed):
        Counter.built += 1
        self.calls = 0
    def choose(self, view, legal):
        self.calls += 1
        return legal[-1]
''') + ":Counter"
    session = Session.start("french", 5, (spec, "random", "random", "random"))
    counter = load_factory(spec)
    built = counter.built  # the check before the first deal
    for _ in range(2):
        number = session.deal_number
        while session.deal_number == number and not session.over:
            deal = session.deal
            session.apply(session.bot_action(session.seating.players[deal.to_act]))
    assert counter.built == built + 2
    (bot,) = session.outside.values()  # the second deal's, which kept count of its calls
    assert bot.player.calls >= 2
    with pytest.raises(UserError, match="has no choose"):
        Session.start("french", 5, ("you", "belot_rules.cards:Card", "random", "random"))


def test_a_bot_file_without_its_class_lists_the_player_classes(tmp_path: Path) -> None:
    """`duel bot.py heuristic` said "no player called 'bot.py'": the file needs its :ClassName, and these are the
    classes in it with a choose method."""
    spec = _bot_file(tmp_path, BOTS + "class Helper:\n    pass\n")
    with pytest.raises(UserError) as caught:
        make_player(spec, load_variant("french"), 0)
    assert str(caught.value) == (f"bot file '{spec}': name the player class after a colon, as {spec}:ClassName; its "
                                 f"player classes: {spec}:Exits, {spec}:Garbage, {spec}:Raises, {spec}:Text")


def test_a_misspelt_bot_gets_a_guess() -> None:
    with pytest.raises(UserError, match=r"no player called 'heuristc'; did you mean 'heuristic'\? \(players: easy"):
        make_player("heuristc", load_variant("french"), 0)


def test_a_module_name_for_a_file_in_this_folder_says_how_to_name_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``belot`` command does not import from the current folder (as ``python -m`` would): say so."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.path", [p for p in __import__("sys").path if p not in ("", str(tmp_path))])
    (tmp_path / "mybot_here.py").write_text(BOTS)
    with pytest.raises(UserError, match=r"no module 'mybot_here' .*; for the file mybot_here.py here, "
                                        r"name it mybot_here.py:Name"):
        make_player("mybot_here:Text", load_variant("french"), 0)


def test_the_table_names_outside_bots_by_their_file_not_its_folder(tmp_path: Path) -> None:
    """The header's ``bots:`` reads ``bot.py:Text, search``, not absolute paths glued with ``+``."""
    from belot_rules.cli.game.session import Session
    from belot_rules.cli.game.stats import opponents

    spec = _bot_file(tmp_path, BOTS) + ":Text"
    session = Session.start("french", 1, ("you", spec, "search", spec))
    assert opponents(session.seating) == "bots: bot.py:Text, search"


def test_a_bot_file_name_too_long_is_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    """A 300-character bot file name raised OSError from Path.is_file (found by a new user)."""
    from belot_rules.cli import main

    assert main(["duel", "x" * 300 + ".py:X", "heuristic", "--variant", "bulgarian", "--deals", "2"]) == 1
    assert "cannot be read: File name too long" in capsys.readouterr().err
