"""The match: when it ends and who wins it."""

from __future__ import annotations

from enum import Enum

from pydantic import Field

from .base import Rule

# A match still going after this many deals cannot end: the engine stops it with an error, and a file's
# match.target must be one a match reaches well within it (Variant.largest_target).
MAX_DEALS = 1000


class ValatException(str, Enum):
    none = "none"
    raise_bar_to_leader_plus_one = "raise_bar_to_leader_plus_one"
    one_more_deal = "one_more_deal"
    no_go_out_on_valat_deal = "no_go_out_on_valat_deal"


class TargetCompare(str, Enum):
    reach = "reach"
    exceed = "exceed"


class DealsTie(str, Enum):
    draw = "draw"
    one_more_deal = "one_more_deal"


class Match(Rule):
    """When a match ends and who wins it."""

    target: int | None = Field(
        151, ge=1, description="Match points that win the match; null plays a single deal, or match.deals deals."
    )
    deals: int | None = Field(
        None, ge=1, le=100,
        description="With target null: a match of this many scored deals, the higher total winning "
        "(Klaverjas: 16); null: no fixed number.",
    )
    deals_tie: DealsTie = Field(
        DealsTie.draw,
        description="A match of a fixed number of deals ending level: a draw, or one more deal until a team leads.",
    )
    compare: TargetCompare = Field(
        TargetCompare.reach, description="reach: the target or more wins; exceed: strictly more than the target."
    )
    valat_exception: ValatException = Field(
        ValatException.one_more_deal,
        description=(
            "'You cannot go out with a valat': none; raise_bar_to_leader_plus_one; one_more_deal (one more "
            "deal, not counting all-pass or valat deals); no_go_out_on_valat_deal."
        ),
    )
    must_score_in_final_deal: bool = Field(
        False, description="A team over the target wins only if it scored in the deal that took it there."
    )
    belote_alone_cannot_win: bool = Field(
        False, description="A team whose contract failed cannot reach the target with its belote alone."
    )

    @property
    def length(self) -> str:
        """How long a match is, in words: ``match to 151``, ``16 deals`` or ``a single deal``."""
        if self.target is not None:
            return f"match to {self.target}"
        return f"{self.deals} deals" if self.deals and self.deals > 1 else "a single deal"
