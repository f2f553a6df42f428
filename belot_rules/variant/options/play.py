"""The play: what a player must play once following suit is settled."""

from __future__ import annotations

from enum import Enum

from pydantic import Field

from .base import Rule


class TrumpLeadOvertrump(str, Enum):
    always = "always"
    unless_partner_winning = "unless_partner_winning"


class PartnerWinningVoid(str, Enum):
    free = "free"
    overtrump_if_trumping = "overtrump_if_trumping"
    overtrump_if_able = "overtrump_if_able"
    as_if_opponent_winning = "as_if_opponent_winning"


class Undertrump(str, Enum):
    never_required = "never_required"
    required = "required"
    forbidden_unless_only_trumps = "forbidden_unless_only_trumps"


class PlainSuitOvertake(str, Enum):
    never = "never"
    always = "always"
    unless_partner_winning = "unless_partner_winning"


class AllTrumpsOvertake(str, Enum):
    always = "always"
    unless_partner_winning = "unless_partner_winning"


class Play(Rule):
    """What a player must play. Following suit is always compulsory."""

    trump_lead_overtrump: TrumpLeadOvertrump = Field(
        TrumpLeadOvertrump.always,
        description="When trumps are led, a player must beat the highest trump so far if able: always, or unless their partner is winning.",
    )
    partner_winning_void: PartnerWinningVoid = Field(
        PartnerWinningVoid.free,
        description=(
            "Void in the led plain suit while the partner wins the trick: free (any card); "
            "overtrump_if_trumping (discard freely, but a trump must beat the table unless only trumps are held); "
            "overtrump_if_able (a trump must beat the table when one can); "
            "as_if_opponent_winning (must trump and overtrump as against an opponent)."
        ),
    )
    undertrump: Undertrump = Field(
        Undertrump.never_required,
        description=(
            "Void in the led suit, an opponent winning with a trump you cannot beat: never_required (any card), "
            "required (play a lower trump) or forbidden_unless_only_trumps (discard; a lower trump only when "
            "nothing else is held, Amsterdam Klaverjas)."
        ),
    )
    plain_suit_overtake: PlainSuitOvertake = Field(
        PlainSuitOvertake.never,
        description=(
            "Following a plain suit (in a suit contract or no-trumps) while no trump is in the trick, a player "
            "must beat the best card of the led suit if able: never, always (Bela's 'uber'), or unless their "
            "partner is winning."
        ),
    )
    all_trumps_overtake: AllTrumpsOvertake = Field(
        AllTrumpsOvertake.always,
        description="All-trumps: a player following suit must beat the best card of the led suit if able: always, or unless their partner is winning.",
    )
