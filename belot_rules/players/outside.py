"""Bots from outside the package: ``path/to/file.py:Name`` or ``module:Name`` wherever a bot is named.

``Name`` is a class (or any callable) that takes ``(ruleset, seed)`` and returns a player:
an object with ``choose(view, legal) -> Action`` (:class:`~belot_rules.players.base.Player`).
A spec is loaded once per process; every mistake in it (no such file or module, an error
while importing it, no such name, a name that does not build a player) is a
:class:`UserError` that says which. The player is seen through :class:`OutsideBot`, so an
answer given as text becomes the legal action it names, and a bot that raises or answers
something illegal stops the run with a :class:`BotFailed` that names the bot and the move.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType

from ..engine.actions import Action, find_action
from ..engine.deal import PLAYING, SeatView
from ..errors import UserError
from ..files import excerpt
from ..ruleset import Ruleset
from .base import Player

Factory = Callable[[Ruleset, "int | None"], Player]
FORMS = "a bot's name, path/to/file.py:Name or module:Name"


def is_outside(spec: str) -> bool:
    """Whether ``spec`` names an outside bot (it has a ``:`` before a name)."""
    where, colon, name = spec.rpartition(":")
    return bool(colon and where and name)


def short_name(spec: str) -> str:
    """How a table names a bot: an outside bot's file without its folder (``mybot.py:Mine``), else the name."""
    where, colon, name = spec.rpartition(":")
    return f"{Path(where).name}:{name}" if colon and where.endswith(".py") else spec


@cache
def load_factory(spec: str) -> Factory:
    """The callable ``spec`` names, checked to exist and be callable."""
    where, _, name = spec.rpartition(":")
    module = _load_file(where) if where.endswith(".py") else _load_module(where)
    found = getattr(module, name, None)
    if found is None:
        defined = _classes(module)
        hint = f"; it defines {', '.join(defined)}" if defined else ""
        raise UserError(f"bot {spec!r}: {where} has no {name!r}{hint}")
    if not callable(found):
        raise UserError(f"bot {spec!r}: {name} is not a class or function that builds a player from (ruleset, seed)")
    factory: Factory = found  # its signature is the bot author's word: a wrong one fails when the bot is built
    return factory


def unnamed_file(path_text: str) -> UserError:
    """A bot file named without ``:Name`` (``belot duel mybot.py heuristic``): the names it could be given, each
    class of the file with a ``choose`` method."""
    module = _load_file(path_text)  # a file that is not there, or does not load, says so
    players = [name for name in _classes(module) if callable(getattr(getattr(module, name), "choose", None))]
    found = (f"its player classes: {', '.join(f'{path_text}:{name}' for name in players)}" if players else
             "it has no class with a choose(view, legal) method")
    return UserError(f"bot file {path_text!r}: name the player class after a colon, as {path_text}:ClassName; {found}")


def _classes(module: ModuleType) -> list[str]:
    """The public classes ``module`` defines itself (not those it imports)."""
    return sorted(n for n, v in vars(module).items() if isinstance(v, type) and not n.startswith("_")
                  and getattr(v, "__module__", None) == module.__name__)


def make_outside(spec: str, ruleset: Ruleset, seed: int | None) -> Player:
    """A player built by the outside factory ``spec``, checked against the player protocol."""
    factory = load_factory(spec)
    try:
        player = factory(ruleset, seed)
    except (Exception, SystemExit) as err:  # the bot's own code (sys.exit too): its error is reported, not a traceback
        raise UserError(f"bot {spec!r}: building it with (ruleset, seed) failed: {type(err).__name__}: {err}") from None
    if not callable(getattr(player, "choose", None)):
        raise UserError(f"bot {spec!r}: what it builds has no choose(view, legal) method, so it cannot play")
    return OutsideBot(player, spec)


class BotFailed(UserError):
    """An outside bot raised, or answered with something that is not a legal action: its own bug, which
    playing the move again would repeat, so a run stops at once."""


class OutsideBot:
    """An outside player as the engine needs it: each answer one of the legal actions."""

    def __init__(self, player: Player, spec: str) -> None:
        self.player, self.spec = player, spec
        name = getattr(player, "name", None)
        self.name = name if isinstance(name, str) else spec

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        try:
            answer = self.player.choose(view, legal)
        except (Exception, SystemExit) as err:  # the bot's own code (sys.exit too): its error, where it happened
            raise BotFailed(f"bot {self.spec!r} failed {_moment(view)}: {type(err).__name__}: {err}") from None
        if isinstance(answer, Action) and answer in legal:
            return answer
        found = find_action(answer, legal) if isinstance(answer, str) else None
        if found is None:
            raise BotFailed(f"bot {self.spec!r} answered {repr(answer)[:60]} {_moment(view)}, which is not one of "
                            f"the legal actions: {', '.join(str(a) for a in legal)}")
        return found


def _moment(view: SeatView) -> str:
    """Where a decision was in the deal, in words: 'at seat 2, playing to trick 3' or 'at seat 1, bidding'."""
    if view.phase == PLAYING:
        return f"at seat {view.seat}, playing to trick {len(view.tricks) + 1}"
    return f"at seat {view.seat}, {view.phase}"


def _load_file(path_text: str) -> ModuleType:
    path = Path(path_text).expanduser()
    try:
        found = path.is_file()
    except OSError as err:  # a name too long for the file system
        raise UserError(f"bot file {excerpt(path_text)}: cannot be read: {err.strerror}") from None
    if not found:
        raise UserError(f"bot file {path_text!r} not found ({FORMS})")
    name = f"belot_outside_bot_{abs(hash(str(path.resolve())))}"
    loader_spec = importlib.util.spec_from_file_location(name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise UserError(f"bot file {path_text!r} cannot be loaded as Python")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[name] = module
    try:
        loader_spec.loader.exec_module(module)
    except (Exception, SystemExit) as err:
        del sys.modules[name]
        raise UserError(f"bot file {path_text}: loading it failed: {_describe(err)}") from None
    return module


def _load_module(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name and name.startswith(err.name):
            here = Path(*name.split(".")).with_suffix(".py")
            hint = f"; for the file {here} here, name it {here}:Name" if here.is_file() else f" ({FORMS})"
            raise UserError(f"no module {name!r} to load a bot from{hint}") from None
        raise UserError(f"bot module {name}: loading it failed: {_describe(err)}") from None
    except (Exception, SystemExit) as err:
        raise UserError(f"bot module {name}: loading it failed: {_describe(err)}") from None


def _describe(err: BaseException) -> str:
    """The error and, for a syntax error, where it is."""
    if isinstance(err, SyntaxError):
        return f"SyntaxError: {err.msg} (line {err.lineno})"
    return f"{type(err).__name__}: {err}"
