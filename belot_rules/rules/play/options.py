"""The play: what a player must play once following suit is settled."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from ...i18n import gettext as _
from ..common import SUIT_CONTRACTS, ByContract, OldKey, Option, Rule, first_reason
from ..table.options import Sides

if TYPE_CHECKING:
    from ...variant.model import Variant


class Overtake(str, Enum):
    """Whether a player following suit must beat the best card of the led suit: one idea, asked of a trump
    lead, of a plain suit and of all-trumps; each option takes the values it gives a meaning to."""

    never = "never"
    always = "always"
    unless_partner_winning = "unless_partner_winning"


class PartnerWinningVoid(str, Enum):
    free = "free"
    overtrump_if_trumping = "overtrump_if_trumping"
    overtrump_if_able = "overtrump_if_able"
    # Amsterdam Klaverjas (klaverjas.md §4 of the rules notes): unlike overtrump_if_trumping, no exemption for a hand of
    # only trumps; unlike overtrump_if_able, no lower trump while a plain card is held.
    overtrump_when_trumping = "overtrump_when_trumping"
    as_if_opponent_winning = "as_if_opponent_winning"


class TrumpInstead(str, Enum):
    never = "never"
    allowed = "allowed"


class VoidTrumping(str, Enum):
    required = "required"
    optional = "optional"


class BareTrumpJack(str, Enum):
    must_follow = "must_follow"
    exempt = "exempt"


class Undertrump(str, Enum):
    never_required = "never_required"
    required = "required"
    forbidden_unless_only_trumps = "forbidden_unless_only_trumps"


def _without_trumps(variant: Variant) -> str | None:
    """A rule of trumps does nothing where no suit is ever trumps alone (no-trumps and all-trumps only)."""
    return None if set(SUIT_CONTRACTS) & set(variant.bidding.contracts) else _("bidding.contracts has no suit contract")


def _void_free(variant: Variant) -> str | None:
    """Where a void player need not trump, the partner makes no difference: every trump obeys play.undertrump."""
    return _("play.void_trumping is optional") if variant.play.void_trumping == VoidTrumping.optional else None


def _without_partners(variant: Variant) -> str | None:
    """Where nobody has a partner, no partner wins a trick: a rule's exception for one never applies."""
    sides = variant.table.sides
    return None if sides == Sides.partners else _("table.sides {sides} has no partners").format(sides=sides)


class TrumpShown(str, Enum):
    at_once = "at_once"
    on_demand = "on_demand"


class EarlierTrumps(str, Enum):
    stay_plain = "stay_plain"
    become_trumps = "become_trumps"


SEVENTH = 7  # twenty-nine.md §4.2: the card of the bidder's hand, in the order dealt, that play.seventh_card lays down


class HiddenTrumpLead(str, Enum):
    allowed = "allowed"
    not_by_bidder = "not_by_bidder"


def _trump_at_once(variant: Variant) -> str | None:
    return None if variant.play.conceals_trump else _("play.trump_shown is at_once")


class Play(Rule):
    """What a player must play. Following suit is always compulsory."""

    trump_overtake: Annotated[ByContract[Overtake], Option({
        "never": "when trumps are led, any trump may be played (no duty to beat the table)",
        "always": "when trumps are led, every player must beat the highest trump if able",
        "unless_partner_winning": "when trumps are led, a player must beat the highest trump if able, "
        "unless their partner is winning",
    }, shown_in=("suit", "all_trumps"), old_keys=(OldKey("trump_lead_overtrump", part="suit"),
                                                   OldKey("all_trumps_overtake", part="all_trumps")))] = Field(
        ByContract(Overtake.always),
        description="When trumps are led (every lead in all-trumps), a player must beat the highest trump so far "
        "if able: always, or unless their partner is winning; never: any trump (Jass, schieber.md §4.3.1; not in "
        "all-trumps). The same in every contract, or with an override per kind of contract.",
    )
    partner_winning_void: Annotated[PartnerWinningVoid, Option({
        "free": "void in the led suit while the partner is winning: any card",
        "overtrump_if_trumping": "void in the led suit while the partner is winning: discard freely, "
        "but a trump must beat the table unless only trumps are held",
        "overtrump_if_able": "void in the led suit while the partner is winning: a trump must beat the table "
        "when one can",
        "overtrump_when_trumping": "void in the led suit while the partner is winning: discard freely, but a "
        "trump must beat the table when one can, also from a hand of only trumps",
        "as_if_opponent_winning": "void in the led suit while the partner is winning: trump and overtrump "
        "as against an opponent",
    }, unused_when=first_reason(_void_free, _without_partners))] = Field(
        PartnerWinningVoid.free,
        description=(
            "Void in the led plain suit while the partner wins the trick: free (any card); "
            "overtrump_if_trumping (discard freely, but a trump must beat the table unless only trumps are held); "
            "overtrump_if_able (a trump must beat the table when one can); "
            "overtrump_when_trumping (discard freely, but a trump must beat the table when one can, also from a "
            "hand of only trumps; Amsterdam Klaverjas: KJO-A 'als je troeft moet je overtroeven', Parlett, samenspelers "
            "art. 10); "
            "as_if_opponent_winning (must trump and overtrump as against an opponent)."
        ),
    )
    undertrump: Annotated[Undertrump, Option({
        "never_required": "void in the led suit and unable to beat an opponent's trump: any card",
        "required": "void in the led suit and unable to beat an opponent's trump: a lower trump must be played",
        "forbidden_unless_only_trumps": "void in the led suit and unable to beat an opponent's trump: a plain "
        "card must be discarded; a lower trump only when nothing else is held",
    })] = Field(
        Undertrump.never_required,
        description=(
            "Void in the led suit, an opponent winning with a trump you cannot beat: never_required (any card), "
            "required (play a lower trump) or forbidden_unless_only_trumps (discard; a lower trump only when "
            "nothing else is held, Amsterdam Klaverjas)."
        ),
    )
    plain_suit_overtake: Annotated[Overtake, Option({
        "never": "following a plain suit, any card of it may be played",
        "always": "following a plain suit with no trump in the trick, a player must beat its best card if able, "
        "also over the partner",
        "unless_partner_winning": "following a plain suit with no trump in the trick, a player must beat its "
        "best card if able, unless their partner is winning",
    })] = Field(
        Overtake.never,
        description=(
            "Following a plain suit (in a suit contract or no-trumps) while no trump is in the trick, a player "
            "must beat the best card of the led suit if able: never, always (Bela's 'uber'), or unless their "
            "partner is winning."
        ),
    )
    # Twenty-Eight and Twenty-Nine (twenty-eight.md §4, twenty-nine.md §4): a trump laid face down, shown on demand.
    trump_shown: Annotated[TrumpShown, Option({
        "at_once": "the trump is known to all once the contract is made",
        "on_demand": "the bidder lays one card of his hand face down once the auction is over: its suit is trump, "
        "known to him alone, and the card is out of his hand until it is shown; until then a trick goes to the best "
        "card of the suit led; a player who cannot follow may ask for the trump, the bidder shows it and takes the "
        "card back, and the player who asked must play a trump if he holds one; never asked for, it is shown with "
        "the bidder's last card",
    }, unused_when=_without_trumps)] = Field(
        TrumpShown.at_once,
        description="at_once: the trump is known once the contract is made; on_demand: the bidder lays a card of his "
        "hand face down, its suit trump, shown when a player who cannot follow asks for it (Twenty-Eight, "
        "Twenty-Nine; twenty-eight.md §4).",
    )
    earlier_trumps: Annotated[EarlierTrumps, Option({
        "stay_plain": "cards of the trump suit played to a trick before the trump was shown stay plain cards in it",
        "become_trumps": "cards of the trump suit played to a trick before the trump was shown count as trumps in it",
    }, unused_when=_trump_at_once)] = Field(
        EarlierTrumps.stay_plain,
        description="A trump shown in the middle of a trick: the cards of its suit played before stay plain "
        "(Twenty-Eight, twenty-eight.md §4.3, 52P) or count as trumps (Twenty-Nine, twenty-nine.md §4.4, PAGc: asking "
        "'turns the card you played into a trump').",
    )
    hidden_trump_lead: Annotated[HiddenTrumpLead, Option({
        "allowed": "while the trump lies face down, the bidder may lead any card",
        "not_by_bidder": "while the trump lies face down, the bidder may not lead a card of its suit unless he holds "
        "nothing else",
    }, unused_when=_trump_at_once)] = Field(
        HiddenTrumpLead.allowed,
        description="While the trump lies face down, may the bidder lead a card of its suit: allowed, or not_by_bidder "
        "(only when he holds nothing else: Twenty-Eight, twenty-eight.md §4.3, MEM, unverified).",
    )
    seventh_card: Annotated[bool, Option(unused_when=_trump_at_once)] = Field(
        False,
        description="Instead of laying a card of his hand face down, the bidder may call for his seventh card: once "
        "the rest is dealt, the third card of his second packet is laid face down and its suit is trump (Twenty-Nine, "
        "twenty-nine.md §4.2, PAGc, MONJ); he sees it, as he sees every card dealt to him.",
    )
    # The Jass play rules (rules/family/schieber.md §4, the Swisslos rules 1-2 and jass-kit): each may be set alone.
    trump_instead_of_following: Annotated[TrumpInstead, Option({
        "never": "holding the led plain suit, a player must follow it",
        "allowed": "holding the led plain suit, a player may follow it or play a trump instead, which obeys the "
        "rule on lower trumps",
    }, unused_when=_without_trumps)] = Field(
        TrumpInstead.never,
        description="Whether a player holding the led plain suit may play a trump instead of following suit "
        "(Jass, schieber.md §4.2.1: 'a trump may always be played instead of following'); the trump obeys "
        "play.undertrump.",
    )
    void_trumping: Annotated[VoidTrumping, Option({
        "required": "void in the led plain suit, a player must trump as the rules on the partner and on lower "
        "trumps say",
        "optional": "void in the led plain suit, a player may play any card; a trump obeys the rule on lower "
        "trumps",
    }, unused_when=_without_trumps)] = Field(
        VoidTrumping.required,
        description="A player void in the led plain suit must trump (required, as partner_winning_void and "
        "undertrump say) or may play any card (optional, Jass, schieber.md §4.2.2: no obligation to trump, even "
        "against an opponent; a trump still obeys play.undertrump).",
    )
    bare_trump_jack: Annotated[BareTrumpJack, Option({
        "must_follow": "when trumps are led, a player holding only the trump Jack must play it",
        "exempt": "when trumps are led, a player whose only trump is the Jack may play any card",
    }, unused_when=_without_trumps)] = Field(
        BareTrumpJack.must_follow,
        description="When trumps are led, a player whose only trump is the trump Jack must play it (must_follow) "
        "or may play any card (exempt: the Jack is never forced, Jass 'Puur', schieber.md §4.3.2).",
    )

    single_hand: Annotated[bool, Option(unused_when=_without_partners)] = Field(
        False,
        description="Once every card is dealt and before the first lead, each player in play order from the first may "
        "undertake to win every trick alone: his partner lays his cards aside and sits the deal out, the bid and its "
        "trump (shown or face down) are void, there are no trumps and the lone player leads (twenty-nine.md §7, BLOG, "
        "MONJ; twenty-eight.md §6's thani, MEM, unverified; who leads is not said by the write-ups); his side wins or "
        "loses scoring.game_points.single_hand.",
    )

    @property
    def conceals_trump(self) -> bool:
        """Whether the bidder lays the trump face down, shown on demand (``trump_shown: on_demand``)."""
        return self.trump_shown == TrumpShown.on_demand

    @property
    def bidder_hides_trump_lead(self) -> bool:
        """Whether the bidder may not lead the suit of his face-down trump while he holds another card."""
        return self.hidden_trump_lead == HiddenTrumpLead.not_by_bidder

    @property
    def earlier_trumps_count(self) -> bool:
        """Whether a trump shown in a trick makes the cards of its suit played before count as trumps."""
        return self.earlier_trumps == EarlierTrumps.become_trumps

    def all_trumps_problems(self, contracts: list[str]) -> list[str]:
        """All-trumps has no trump lead to follow freely: every suit is trumps, and following it a player beats the
        table always, or unless their partner is winning."""
        if "all_trumps" in contracts and self.trump_overtake.of("all_trumps") == Overtake.never:
            return [_("play.trump_overtake.all_trumps is never, which all-trumps does not play (every suit is trumps: "
                      "a player following suit beats the table always, or unless_partner_winning); write, for example, "
                      "{example}").format(example="trump_overtake: {default: never, all_trumps: always}")]
        return []

    def conflicts(self) -> list[str]:
        """A void player free of the duty to trump cannot be made to play a lower trump."""
        if self.void_trumping == VoidTrumping.optional and self.undertrump == Undertrump.required:
            return [_("undertrump required makes a void player play a lower trump, a duty to trump that "
                      "void_trumping optional removes: use never_required or forbidden_unless_only_trumps")]
        return []
