"""Players by name: ``make_player("random", seed)``."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import UserError
from .base import Player
from .random_player import RandomPlayer

REGISTRY: dict[str, Callable[[int | None], Player]] = {
    "random": RandomPlayer,
}


def make_player(name: str, seed: int | None = None) -> Player:
    """A new player of the kind ``name`` with its own seed."""
    try:
        return REGISTRY[name](seed)
    except KeyError:
        raise UserError(f"no player called {name!r}; players: {', '.join(sorted(REGISTRY))}") from None


__all__ = ["Player", "RandomPlayer", "REGISTRY", "make_player"]
