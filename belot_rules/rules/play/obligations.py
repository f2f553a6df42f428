"""Play obligations: which cards a player may play, compiled per contract.

The variant's play options are read once, when :class:`Obligations` is built;
:meth:`Obligations.legal` then works on card sets only. The rules follow
``rules/bulgarian.md`` §4.2 and ``rules/french.md`` §5.1 (whose decision
procedure this mirrors), with each disagreement between sources an option of
``Variant.play``.
"""

from __future__ import annotations

import struct

from ...cards import DECK_SIZE, FULL_DECK, SUIT_MASKS, SUIT_OF
from ...i18n import N_
from ...kernel import PACKED_FORMAT
from ...variant.model import Overtake, PartnerWinningVoid, Play, Undertrump
from ..cards.tables import ContractTables

# Why a card was refused, in the words a player understands.
FOLLOW_SUIT = N_("you must follow suit")
MUST_TRUMP = N_("you are void in the led suit and an opponent is winning: you must trump")
MUST_OVERTRUMP = N_("you must play a trump higher than the best trump on the table")
MUST_UNDERTRUMP = N_("you cannot overtrump, but you must still play a trump")
MUST_OVERTAKE = N_("you must beat the best card of the led suit")
PARTNER_TRUMP_MUST_BEAT = N_("if you trump over your partner's trick, your trump must beat the table")
NO_UNDERTRUMP = N_("you may not play a trump lower than the table's while you hold another card")
FOLLOW_OR_TRUMP = N_("you must follow suit or play a trump")

# The same reasons told of a seat, as a scorekeeper reads them about a card played at the table.
OF_A_SEAT = {
    FOLLOW_SUIT: "it must follow suit",
    MUST_TRUMP: "it was void in the led suit and an opponent was winning: it had to trump",
    MUST_OVERTRUMP: "it had to play a trump higher than the best trump on the table",
    MUST_UNDERTRUMP: "it could not overtrump, but it still had to play a trump",
    MUST_OVERTAKE: "it had to beat the best card of the led suit",
    PARTNER_TRUMP_MUST_BEAT: "trumping over its partner's trick, its trump had to beat the table",
    NO_UNDERTRUMP: "it may not play a trump lower than the table's while it holds another card",
    FOLLOW_OR_TRUMP: "it had to follow suit or play a trump",
}

# Undertrump rules, as the small integers the per-card path compares.
UNDERTRUMP_CODES = {Undertrump.never_required: 0, Undertrump.required: 1, Undertrump.forbidden_unless_only_trumps: 2}
# Plain-suit overtaking: 0 never, 1 always, 2 unless the partner is winning.
HEAD_CODES = {Overtake.never: 0, Overtake.always: 1, Overtake.unless_partner_winning: 2}

# Codes of Obligations.packed, the tables of the compiled playout kernel (layout: kernel.PACKED_FORMAT).
KIND_CODES = {"suit": 0, "no_trumps": 1, "all_trumps": 2}
PARTNER_VOID_CODES = {PartnerWinningVoid.free: 0, PartnerWinningVoid.overtrump_if_trumping: 1,
                      PartnerWinningVoid.overtrump_if_able: 2, PartnerWinningVoid.as_if_opponent_winning: 3,
                      PartnerWinningVoid.overtrump_when_trumping: 4}
# The codes the per-card path compares, by name.
VOID_FREE, VOID_IF_TRUMPING, VOID_IF_ABLE, VOID_WHEN_TRUMPING = (PARTNER_VOID_CODES[rule] for rule in (
    PartnerWinningVoid.free, PartnerWinningVoid.overtrump_if_trumping, PartnerWinningVoid.overtrump_if_able,
    PartnerWinningVoid.overtrump_when_trumping))

# The partner-winning rules under which the only cards refused to a void player are trumps that do not beat the table.
TRUMP_OVER_PARTNER_MUST_BEAT = frozenset({VOID_IF_TRUMPING, VOID_WHEN_TRUMPING})


class Obligations:
    """Legal-card generator for one contract under one variant's play options."""

    __slots__ = (
        "kind",
        "trump_suit",
        "trump_mask",
        "stronger",
        "tables",
        "partner_back",
        "raise_on_trump_lead_over_partner",
        "overtake_over_partner",
        "partner_void",
        "undertrump",
        "head_plain",
        "packed",
        "singled_out",
    )

    def __init__(self, tables: ContractTables, play: Play, partner_back: int = 2) -> None:
        """``partner_back``: how many places before the seat to play its partner sits (2), or 0 without partners."""
        self.tables = tables
        self.partner_back = partner_back
        self.kind = tables.kind
        self.trump_suit = tables.trump_suit
        self.trump_mask = tables.trump_mask
        self.stronger = tables.stronger
        overtake = play.trump_overtake.of(tables.contract)  # a trump lead's, every lead's in all-trumps
        self.raise_on_trump_lead_over_partner = overtake == Overtake.always
        self.overtake_over_partner = overtake == Overtake.always
        self.partner_void = PARTNER_VOID_CODES[play.partner_winning_void]
        self.undertrump = UNDERTRUMP_CODES[play.undertrump]
        self.head_plain = HEAD_CODES[play.plain_suit_overtake]
        # Cards the rules treat apart from the others of their suit that beat the table or not alike (the bare
        # trump Jack of the Jass rules): the bots' memory tests them on their own.
        self.singled_out = 0
        # The compiled kernel knows the 32 cards only: a 36-card pack's tables are not packed for it.
        self.packed = struct.pack(
            PACKED_FORMAT, KIND_CODES[self.kind], self.trump_suit, partner_back,
            self.raise_on_trump_lead_over_partner, self.overtake_over_partner, self.partner_void,
            self.undertrump, self.head_plain, self.trump_mask, *(mask & FULL_DECK for mask in SUIT_MASKS),
            *tables.points, *self.stronger, *(s for led in tables.trick_strength for s in led),
        ) if len(tables.points) == DECK_SIZE else b""

    @property
    def kernel_plays(self) -> bool:
        """Whether the compiled playout kernel reads these rules from ``packed`` (a subclass may say not)."""
        return bool(self.packed)

    def legal(self, hand: int, trick: list[int] | tuple[int, ...]) -> int:
        """The card set ``hand`` may play onto ``trick`` (cards in play order)."""
        if not trick:
            return hand
        win = self.tables.trick_winner_index(trick)
        return self.legal_fast(hand, SUIT_OF[trick[0]], trick[win], win == len(trick) - self.partner_back)

    def legal_fast(self, hand: int, led_suit: int, winning_card: int, partner_winning: bool) -> int:
        """:meth:`legal` for a trick already summarised as its led suit and winning card."""
        follow = hand & SUIT_MASKS[led_suit]
        kind = self.kind
        if kind == "no_trumps":
            if follow and self.head_plain and self._heads(led_suit, winning_card, partner_winning):
                return (follow & self.stronger[winning_card]) or follow
            return follow or hand
        if kind == "all_trumps":
            if not follow:
                return hand
            if partner_winning and not self.overtake_over_partner:
                return follow
            return (follow & self.stronger[winning_card]) or follow
        trump_suit = self.trump_suit
        if follow:
            if led_suit != trump_suit:
                if self.head_plain and self._heads(led_suit, winning_card, partner_winning):
                    return (follow & self.stronger[winning_card]) or follow
                return follow
            if partner_winning and not self.raise_on_trump_lead_over_partner:
                return follow
            return (follow & self.stronger[winning_card]) or follow
        trumps = hand & self.trump_mask
        if not trumps:
            return hand
        trumped = SUIT_OF[winning_card] == trump_suit
        over = trumps & self.stronger[winning_card] if trumped else trumps
        if partner_winning:
            rule = self.partner_void
            if rule == VOID_FREE:
                return hand
            if rule == VOID_IF_TRUMPING:
                return hand if hand == trumps else (hand & ~trumps) | over
            if rule == VOID_IF_ABLE:
                return (hand & ~trumps) | (over or trumps)
            if rule == VOID_WHEN_TRUMPING:
                return ((hand & ~trumps) | over) or hand
        if not trumped:
            return trumps
        if over:
            return over
        undertrump = self.undertrump
        if not undertrump:
            return hand
        return trumps if undertrump == 1 else (hand & ~trumps) or hand

    def _heads(self, led_suit: int, winning_card: int, partner_winning: bool) -> bool:
        """Whether a player following the plain ``led_suit`` must beat the card winning the trick:
        only while that card is of the led suit (a trump in the trick frees him)."""
        head = self.head_plain
        return bool(head) and SUIT_OF[winning_card] == led_suit and not (partner_winning and head == 2)

    def reason(self, hand: int, trick: list[int] | tuple[int, ...], card: int) -> str:
        """Why ``card`` may not be played (assumes it is illegal)."""
        led_suit = SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led_suit]
        if follow and not (1 << card) & follow:
            return FOLLOW_SUIT
        if follow:
            return MUST_OVERTRUMP if self.kind == "suit" and led_suit == self.trump_suit else MUST_OVERTAKE
        win = self.tables.trick_winner_index(trick)
        if win == len(trick) - self.partner_back and self.partner_void in TRUMP_OVER_PARTNER_MUST_BEAT:
            return PARTNER_TRUMP_MUST_BEAT
        trumped = SUIT_OF[trick[win]] == self.trump_suit
        if not trumped:
            return MUST_TRUMP
        trumps = hand & self.trump_mask
        if (1 << card) & self.trump_mask:
            if self.undertrump == 2 and not trumps & self.stronger[trick[win]]:
                return NO_UNDERTRUMP
            return MUST_OVERTRUMP
        if trumps & self.stronger[trick[win]]:
            return MUST_OVERTRUMP
        return MUST_UNDERTRUMP
