"""The declarations section's rules checked against the other sections': each a function of the variant that returns
its problems, run by ``Variant``'s validator (``variant.model.CHECKS``) with every other check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import gettext as _
from .options import BeloteAnnouncement, ContestScope, MeldSource

if TYPE_CHECKING:
    from ...variant.model import Variant


def belote_problems(variant: Variant) -> list[str]:
    belote = variant.declarations.belote
    if belote.enabled and belote.allowed.of("no_trumps"):
        return [_("belote needs a trump suit; declarations.belote.allowed cannot include no_trumps")]
    return []


def meld_problems(variant: Variant) -> list[str]:
    """Melds found in tricks are credited to each trick's winner: nothing to compare, announce or hold."""
    decl = variant.declarations
    if decl.source != MeldSource.tricks:
        return []
    problems = []
    if decl.contest != ContestScope.none:
        problems.append(_(
            "declarations.source tricks credits each trick's melds to the team that wins it, so there is no "
            "contest between the teams' melds: set declarations.contest to none, not {contest}").format(
                contest=decl.contest))
    if decl.belote.enabled and decl.belote.announcement == BeloteAnnouncement.required:
        problems.append(_(
            "declarations.source tricks finds the king and queen of trumps among a trick's cards, where nobody "
            "announces them: set declarations.belote.announcement to automatic"))
    if decl.wins_match_length is not None:
        problems.append(_(
            "declarations.wins_match_length {length} is a run held in one hand; a trick's cards are not a hand: "
            "set it to null or declarations.source to hand").format(length=decl.wins_match_length))
    return problems
