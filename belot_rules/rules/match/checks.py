"""The match section's rules checked against the other sections': each a function of the variant that returns
its problems, run by ``Variant``'s validator (``variant.model.CHECKS``) with every other check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import gettext as _
from .options import MAX_DEALS

if TYPE_CHECKING:
    from ...variant.model import Variant


def match_end_problems(variant: Variant) -> list[str]:
    problems = []
    if variant.match.deals is not None and variant.match.target is not None:
        problems.append(_(
            "match.deals {deals} and match.target {target} are both set; a match ends after a fixed number of "
            "deals or at a target: set match.target to null for a fixed number of deals").format(
                deals=variant.match.deals, target=variant.match.target))
    elif variant.match.deals is not None and variant.match.set_at is not None:
        problems.append(_(
            "match.deals {deals} and match.set_at {points} are both set; a match ends after a fixed number of "
            "deals or at plus or minus its set: set one of them to null").format(
                deals=variant.match.deals, points=variant.match.set_at))
    elif variant.match.target is not None and variant.match.target > variant.largest_target:
        problems.append(_(
            "match.target {target} is out of reach: a match stops after {most} deals and a deal here may hand out "
            "as few as {points} match points among {sides} sides, so the largest target accepted is {largest} (a "
            "side's share of a third of those deals)").format(
                target=variant.match.target, most=MAX_DEALS, points=variant.deal_points, sides=variant.table.board_sides,
                largest=variant.largest_target))
    return problems
