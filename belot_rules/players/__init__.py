"""Players by name: ``make_player("random", ruleset, seed)``."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import UserError
from ..ruleset import Ruleset
from .base import Player
from .easy import EasyPlayer
from .heuristic import HeuristicPlayer
from .random_player import RandomPlayer
from .search import SearchPlayer

# Each entry builds a player that knows the rules it plays under and has its own seed.
REGISTRY: dict[str, Callable[[Ruleset, int | None], Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "heuristic": HeuristicPlayer,
    "search": SearchPlayer,
}


def make_player(name: str, ruleset: Ruleset, seed: int | None = None) -> Player:
    """A new player of the kind ``name`` for ``ruleset``, with its own seed."""
    try:
        return REGISTRY[name](ruleset, seed)
    except KeyError:
        raise UserError(f"no player called {name!r}; players: {', '.join(sorted(REGISTRY))}") from None


__all__ = ["EasyPlayer", "HeuristicPlayer", "Player", "RandomPlayer", "REGISTRY", "SearchPlayer", "make_player"]
