"""The match: when it ends and who wins it."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from ...i18n import gettext as _, ngettext
from ..common import Option, Rule

if TYPE_CHECKING:
    from ...variant.model import Variant

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


class MidDeal(str, Enum):
    off = "off"
    belote_declarations_tricks = "belote_declarations_tricks"
    belote_tricks_declarations = "belote_tricks_declarations"


class DealsTie(str, Enum):
    draw = "draw"
    one_more_deal = "one_more_deal"


def _without_target(variant: Variant) -> str | None:
    """How a target is reached matters only in a match to a target."""
    match = variant.match
    if match.target is not None:
        return None
    if match.set_at is not None:
        return _running_set(match.set_at)
    if match.deals is None:
        return _single_deal()
    return ngettext("match.deals plays {deals} deals", "match.deals plays {deals} deals", match.deals).format(
        deals=match.deals)


def _without_fixed_deals(variant: Variant) -> str | None:
    """Only a match of a fixed number of deals can end level after its last deal."""
    match = variant.match
    if match.target is not None:
        return _("match.target ends the match, not a fixed number of deals")
    if match.set_at is not None:
        return _running_set(match.set_at)
    return None if match.deals is not None else _single_deal()


def _with_target(variant: Variant) -> str | None:
    """A running set is kept only where no target ends the match."""
    target = variant.match.target
    return None if target is None else _("match.target {target} ends the match").format(target=target)


def _running_set(points: int) -> str:
    return _("match.set_at {points} ends the match at plus or minus {points}").format(points=points)


def _single_deal() -> str:
    return _("match.target null plays a single deal")


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
    set_at: Annotated[int | None, Option(unused_when=_with_target)] = Field(
        None, ge=1, le=100,
        description="With target null: a running score that may go below zero, kept until a side reaches this many "
        "points (it wins the match) or minus this many (it loses it; the side with the best score wins): "
        "Twenty-Eight's and Twenty-Nine's set at +6 or -6, kept with a red and a black six; null: none.",
    )
    deals_tie: Annotated[DealsTie, Option({
        "draw": "a match of a fixed number of deals that ends level is a draw",
        "one_more_deal": "a match of a fixed number of deals that ends level goes on, one deal at a time, "
        "until a team leads",
    }, unused_when=_without_fixed_deals)] = Field(
        DealsTie.draw,
        description="A match of a fixed number of deals ending level: a draw, or one more deal until a team leads.",
    )
    compare: Annotated[TargetCompare, Option({
        "reach": "reaching the target wins the match",
        "exceed": "only more than the target wins the match",
    }, unused_when=_without_target)] = Field(
        TargetCompare.reach, description="reach: the target or more wins; exceed: strictly more than the target."
    )
    valat_exception: Annotated[ValatException, Option({
        "none": "a valat deal may end the match like any other",
        "raise_bar_to_leader_plus_one": "a valat deal that reaches the target raises it to the leader's score "
        "plus one",
        "one_more_deal": "a valat deal cannot end the match; one more deal is played, not counting "
        "all-pass or valat deals",
        "no_go_out_on_valat_deal": "a valat deal cannot end the match; the next deal that is neither "
        "all-pass nor valat decides",
    }, unused_when=_without_target)] = Field(
        ValatException.one_more_deal,
        description=(
            "'You cannot go out with a valat': none; raise_bar_to_leader_plus_one; one_more_deal (one more "
            "deal, not counting all-pass or valat deals); no_go_out_on_valat_deal."
        ),
    )
    mid_deal: Annotated[MidDeal, Option({
        "off": "the match is decided when the deal is over, on the board with the whole deal",
        "belote_declarations_tricks": "the match ends the moment a side reaches the target, counting the deal's "
        "belotes first, then its declarations, then its tricks one by one (Schieber: Stöck, Weis, Stich)",
        "belote_tricks_declarations": "the match ends the moment a side reaches the target, counting the deal's "
        "belotes first, then its tricks one by one, then its declarations",
    }, unused_when=_without_target)] = Field(
        MidDeal.off,
        description="Whether the match ends in the middle of a deal, the first side to reach the target winning, "
        "and in which order the deal's points are counted towards it (schieber.md §7: Stöck, Weis, tricks); "
        "board points must be the raw points times a factor (no rounding).",
    )
    must_score_in_final_deal: Annotated[bool, Option(unused_when=_without_target)] = Field(
        False, description="A team over the target wins only if it scored in the deal that took it there."
    )
    belote_alone_cannot_win: Annotated[bool, Option(unused_when=_without_target)] = Field(
        False, description="A team whose contract failed cannot reach the target with its belote alone."
    )

    @property
    def length(self) -> str:
        """How long a match is, in words: ``match to 151``, ``16 deals`` or ``a single deal``."""
        if self.target is not None:
            return f"match to {self.target}"
        if self.set_at is not None:
            return f"set at ±{self.set_at}"
        return f"{self.deals} deals" if self.deals and self.deals > 1 else "a single deal"
