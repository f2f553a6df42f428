"""The Jass play rules in a suit contract (``rules/family/schieber.md`` §4; Swisslos rules 1-2, jass-kit).

Each is an option of ``Variant.play`` that any variant may set:

* ``trump_instead_of_following: allowed``: holding the led plain suit, a player may follow or play a trump;
* ``void_trumping: optional``: void in it, any card, with no duty to trump;
* a trump played to a plain lead, when ``undertrump: forbidden_unless_only_trumps``, must beat the highest
  trump in the trick unless the hand holds nothing else (also for a player who could follow);
* ``bare_trump_jack: exempt``: trumps led, a hand whose only trump is the Jack may play any card;
* ``trump_overtake: never`` (in suit contracts): trumps led, any trump.

They apply on top of :class:`~.play.Obligations`, which keeps every other rule; the compiled playout
kernel does not know them, so a variant that sets one plays its random playouts in Python.
"""

from __future__ import annotations

from ...cards import RANKS, SUIT_MASKS, SUIT_OF, card_index
from ..cards.tables import ContractTables
from .obligations import FOLLOW_OR_TRUMP, FOLLOW_SUIT, NO_UNDERTRUMP, Obligations
from .options import BareTrumpJack, Overtake, Play, TrumpInstead, Undertrump, VoidTrumping

JACK = RANKS.index("J")


def uses_jass_rules(play: Play) -> bool:
    """Whether ``play`` sets one of the Jass rules."""
    return (play.trump_instead_of_following == TrumpInstead.allowed or play.void_trumping == VoidTrumping.optional
            or play.bare_trump_jack == BareTrumpJack.exempt or play.trump_overtake.of("suit") == Overtake.never)


def obligations(tables: ContractTables, play: Play, partner_back: int = 2) -> Obligations:
    """The legal-card generator of one contract: with the Jass rules where ``play`` sets one."""
    return (JassObligations if uses_jass_rules(play) else Obligations)(tables, play, partner_back)


class JassObligations(Obligations):
    """:class:`Obligations` with the Jass rules of a suit contract; other contracts are unchanged."""

    kernel_plays = False  # the kernel knows none of these rules
    __slots__ = ("trump_instead", "void_free", "undertrump_banned", "jack", "trump_lead_free")

    def __init__(self, tables: ContractTables, play: Play, partner_back: int = 2) -> None:
        super().__init__(tables, play, partner_back)
        self.trump_instead = play.trump_instead_of_following == TrumpInstead.allowed
        self.void_free = play.void_trumping == VoidTrumping.optional
        self.undertrump_banned = play.undertrump == Undertrump.forbidden_unless_only_trumps
        exempt = play.bare_trump_jack == BareTrumpJack.exempt and tables.kind == "suit"
        self.jack = self.singled_out = 1 << card_index(self.trump_suit, JACK) if exempt else 0
        self.trump_lead_free = play.trump_overtake.of(tables.contract) == Overtake.never

    def legal_fast(self, hand: int, led_suit: int, winning_card: int, partner_winning: bool) -> int:
        if self.kind != "suit":
            return super().legal_fast(hand, led_suit, winning_card, partner_winning)
        follow = hand & SUIT_MASKS[led_suit]
        if led_suit == self.trump_suit:  # schieber.md §4.3
            if not follow or follow == self.jack:
                return hand  # void in trumps, or only the trump Jack, which is never forced
            return follow if self.trump_lead_free else super().legal_fast(hand, led_suit, winning_card,
                                                                            partner_winning)
        trumps = hand & self.trump_mask
        if not trumps:
            return follow or hand
        # A trump on a plain lead: under the ban, one that beats the highest trump in the trick (the winning
        # card, when a trump is in it), or any trump.
        if self.undertrump_banned and SUIT_OF[winning_card] == self.trump_suit:
            allowed = trumps & self.stronger[winning_card]
        else:
            allowed = trumps
        if follow:  # schieber.md §4.2.1: follow, or trump instead
            base = super().legal_fast(hand, led_suit, winning_card, partner_winning)
            return base | allowed if self.trump_instead else base
        if self.void_free:  # schieber.md §4.2.2-3: any card, but no undertrump while another card is held
            return (hand & ~trumps | allowed) or hand
        return super().legal_fast(hand, led_suit, winning_card, partner_winning)

    def reason(self, hand: int, trick: list[int] | tuple[int, ...], card: int) -> str:
        led = SUIT_OF[trick[0]]
        if self.kind != "suit" or led == self.trump_suit:
            return super().reason(hand, trick, card)
        follow = hand & SUIT_MASKS[led]
        if (1 << card) & self.trump_mask and (follow or self.void_free):
            return NO_UNDERTRUMP
        if follow and not (1 << card) & follow:
            return FOLLOW_OR_TRUMP if self.trump_instead and hand & self.trump_mask else FOLLOW_SUIT
        return super().reason(hand, trick, card)
