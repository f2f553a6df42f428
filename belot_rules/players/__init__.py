"""Players by name: ``make_player("random", ruleset, seed)``, or an outside bot's ``path/to/file.py:Name``."""

from __future__ import annotations

import difflib
from collections.abc import Callable

from ..errors import UserError
from ..ruleset import Ruleset
from .base import Player
from .easy import EasyPlayer
from .expert import ExpertPlayer
from .heuristic import HeuristicPlayer
from .outside import is_outside, load_factory, make_outside, unnamed_file
from .random_player import RandomPlayer
from .search import SearchPlayer

# Each entry builds a player that knows the rules it plays under and has its own seed.
REGISTRY: dict[str, Callable[[Ruleset, int | None], Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "heuristic": HeuristicPlayer,
    "search": SearchPlayer,
    "expert": ExpertPlayer,
}


def make_player(name: str, ruleset: Ruleset, seed: int | None = None) -> Player:
    """A new player of the kind ``name`` (a registry name or an outside bot's spec) for ``ruleset``, with its seed."""
    if name in REGISTRY:
        return REGISTRY[name](ruleset, seed)
    if is_outside(name):
        return make_outside(name, ruleset, seed)
    raise _no_such_player(name)


def check_player(name: str) -> str:
    """``name`` if it names a player (an outside bot is loaded to check it); a :class:`UserError` otherwise."""
    if name in REGISTRY:
        return name
    if is_outside(name):
        load_factory(name)
        return name
    raise _no_such_player(name)


def _no_such_player(name: str) -> UserError:
    if name.endswith(".py"):
        return unnamed_file(name)
    close = difflib.get_close_matches(name[:40].lower(), REGISTRY, n=1, cutoff=0.6)
    guess = f"; did you mean {close[0]!r}?" if close else ""
    return UserError(f"no player called {name[:40]!r}{guess} (players: {', '.join(sorted(REGISTRY))}, "
                     "or an outside bot as path/to/file.py:Name or module:Name)")


__all__ = ["EasyPlayer", "ExpertPlayer", "HeuristicPlayer", "Player", "RandomPlayer", "REGISTRY", "SearchPlayer", "check_player", "make_player"]
