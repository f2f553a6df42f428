"""The table: the players, their sides, and conventions that are not scoring rules (the move clock)."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from ...i18n import gettext as _
from ..common import Option, Rule

if TYPE_CHECKING:
    from ...variant.model import Variant


class Timeout(str, Enum):
    lose_match = "lose_match"
    random_legal_move = "random_legal_move"
    bot_moves = "bot_moves"


def _without_clock(variant: Variant) -> str | None:
    """Nobody's time runs out without a clock."""
    return _("table.move_clock.seconds null means no clock") if variant.table.move_clock.seconds is None else None


class MoveClock(Rule):
    """A per-move time limit, as at online tables."""

    seconds: int | None = Field(None, ge=1, le=86_400, description="Seconds for each call or card (at most a day); "
                                "null for no clock.")
    on_timeout: Annotated[Timeout, Option({
        "lose_match": "a player out of time loses the match for their team",
        "random_legal_move": "a random legal move is made for a player out of time",
        "bot_moves": "a bot moves for a player out of time",
    }, unused_when=_without_clock)] = Field(
        Timeout.lose_match,
        description="What happens when a player's time runs out: their team loses the match, or a move is made for them.",
    )


class Sides(str, Enum):
    partners = "partners"
    each_for_self = "each_for_self"
    taker_vs_rest = "taker_vs_rest"


class Table(Rule):
    """Who sits at the table and plays with whom, and table conventions that are not scoring rules."""

    players: int = Field(4, ge=2, le=4, description="Players at the table: 4, or 2 and 3 for the family's smaller games.")
    sides: Annotated[Sides, Option({
        "partners": "four players in two fixed teams, partners sitting opposite",
        "each_for_self": "every player plays and scores alone",
        "taker_vs_rest": "the taker plays alone against the others, who pool their points for the deal",
    })] = Field(
        Sides.partners,
        description="partners: two fixed pairs, partners opposite (four players); each_for_self: every player "
        "scores alone; taker_vs_rest: the taker plays alone against the others, who pool their points for the deal.",
    )
    move_clock: MoveClock = Field(default_factory=MoveClock, description="Per-move time limit.")

    @property
    def board_sides(self) -> int:
        """Entries on the match board: two teams of partners, else one per player."""
        return 2 if self.sides == Sides.partners else self.players
