"""The deal: packets, the turned card, a stock or tableau, shuffling and who deals."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, field_validator

from ...cards import RANKS
from ...i18n import gettext as _
from ..bidding.options import without_bidding
from ..common import Option, RankName, Rule, rank_key

if TYPE_CHECKING:
    from ...variant.model import Variant


class Shuffle(str, Enum):
    shuffle_then_cut = "shuffle_then_cut"
    cut_only = "cut_only"
    full_shuffle = "full_shuffle"


class TurnedCard(str, Enum):
    none = "none"
    after_first_packets = "after_first_packets"


class FirstDealer(str, Enum):
    random = "random"
    draw_lowest = "draw_lowest"
    fixed_seat = "fixed_seat"


class DealerRotation(str, Enum):
    next_seat = "next_seat"
    alternate_team_random_seat = "alternate_team_random_seat"
    deal_winner = "deal_winner"


class AllPass(str, Enum):
    next_dealer = "next_dealer"
    same_dealer = "same_dealer"


class SecondPacketsStart(str, Enum):
    after_dealer = "after_dealer"
    taker = "taker"


class Direction(str, Enum):
    counter_clockwise = "counter_clockwise"
    clockwise = "clockwise"


class Stock(str, Enum):
    none = "none"
    aside = "aside"
    bottom_card_shown = "bottom_card_shown"
    to_taker = "to_taker"


class TurnedCardTo(str, Enum):
    taker = "taker"
    stock = "stock"


class SevenExchange(str, Enum):
    off = "off"
    anyone = "anyone"
    taker_only = "taker_only"


def _not_fixed_seat(variant: Variant) -> str | None:
    """The first dealer's seat is named only where a fixed seat deals first."""
    first = variant.deal.first_dealer
    return None if first == FirstDealer.fixed_seat else _("deal.first_dealer is {first}").format(first=first)


def _claim_off(variant: Variant) -> str | None:
    return None if variant.deal.redeal_claim.enabled else _("deal.redeal_claim.enabled is false")


class RedealClaim(Rule):
    """A hand too poor to play may have the deal annulled before anyone names a contract (Baloot's kawesh)."""

    enabled: bool = Field(
        False, description="Whether a player may call redeal (kawesh): at his first call, before any contract is "
        "named, holding none of without_ranks; the deal is void and the same dealer deals again.")
    without_ranks: Annotated[list[RankName], Option(unused_when=_claim_off)] = Field(
        ["A", "K", "Q", "J", "T"], description="The ranks a hand must lack, among the cards held at the first call, "
        "for its player to call redeal (Baloot: no ace, king, queen, jack or ten).")
    with_all_four: Annotated[RankName | None, Option(unused_when=_claim_off)] = Field(
        None, description="A rank whose four cards, all among the cards one hand holds at the first call, also let "
        "its player call redeal (Twenty-Nine: J, the four Jacks, twenty-nine.md §2.2); null: none.")

    @field_validator("with_all_four", mode="before")
    @classmethod
    def _rank(cls, value: object) -> object:
        return rank_key(value) if value is not None else value

    @field_validator("without_ranks", mode="before")
    @classmethod
    def _ranks(cls, value: object) -> object:
        return [rank_key(v) for v in value] if isinstance(value, list) else value

    def conflicts(self) -> list[str]:
        if self.enabled and not self.without_ranks:
            return [_("without_ranks is empty: every hand could call redeal and no deal need be played; name the "
                      "ranks a hand must lack, like [A, K, Q, J, T]")]
        return []


def _never_cut(variant: Variant) -> str | None:
    """A pack that is never cut has no smallest cut."""
    return _("deal.shuffle full_shuffle never cuts the pack") if variant.deal.shuffle == Shuffle.full_shuffle else None


class Deal(Rule):
    """How the cards come out: packets, the turned card, shuffling and who deals."""

    first_packets: list[Annotated[int, Field(ge=1, le=8)]] = Field(
        [3, 2],
        description="Packet sizes each player receives before the bidding, in order (3 then 2 is 5 cards).",
    )
    second_packets: list[Annotated[int, Field(ge=1, le=8)]] = Field(
        [3],
        description="Packet sizes each player receives after the bidding; empty when all 8 cards come before it.",
    )
    turned_card: Annotated[TurnedCard, Option({
        "none": "no card is turned up",
        "after_first_packets": "the next card of the stock is turned face up after the first packets (la retourne)",
    })] = Field(
        TurnedCard.none,
        description="Whether the next card of the stock is turned face up after the first packets (French 'la retourne').",
    )
    talon: bool = Field(
        False,
        description="The second packets are each player's talon: dealt face down with the first ones and picked "
        "up once the bidding is over (Bela). The same cards reach the same players; only the telling differs.",
    )
    second_packets_start: Annotated[SecondPacketsStart, Option({
        "after_dealer": "after the bidding, the player after the dealer receives the first packet",
        "taker": "after the bidding, the taker receives the first packet",
    })] = Field(
        SecondPacketsStart.after_dealer,
        description="Who receives the first packet after the bidding: the player after the dealer, or the taker.",
    )
    shuffle: Annotated[Shuffle, Option({
        "shuffle_then_cut": "the pack is shuffled and cut every deal",
        "cut_only": "the pack is never shuffled: the previous deal's tricks are gathered in play order (over any cards "
        "no trick took: a stock, a chien laid aside) and cut",
        "full_shuffle": "the pack is shuffled every deal and never cut",
    })] = Field(
        Shuffle.shuffle_then_cut,
        description=(
            "shuffle_then_cut: shuffled and cut every deal; cut_only: the pack is never shuffled, "
            "the previous deal's tricks are gathered in play order (over any cards no trick took) and cut; full_shuffle: shuffled, never cut."
        ),
    )
    cut_min: Annotated[int, Option(unused_when=_never_cut)] = Field(
        3, ge=1, le=16, description="Fewest cards either part of a cut may hold."
    )
    first_dealer: Annotated[FirstDealer, Option({
        "random": "a random seat deals first",
        "draw_lowest": "the player who draws the lowest card deals first",
        "fixed_seat": "the seat first_dealer_seat deals first",
    })] = Field(
        FirstDealer.random,
        description="Who deals first: a random seat, the lowest card of a draw, or first_dealer_seat.",
    )
    first_dealer_seat: Annotated[int, Option(unused_when=_not_fixed_seat)] = Field(
        3, ge=0, le=3, description="The first dealer when first_dealer is fixed_seat (seat 3 makes seat 0 lead)."
    )
    rotation: Annotated[DealerRotation, Option({
        "next_seat": "the deal passes to the next seat in play order",
        "alternate_team_random_seat": "the deal passes to the other team, to a seat drawn at random",
        "deal_winner": "the player who scored more in the last deal deals the next one (the loser leads); after "
        "a level deal the deal passes to the next seat",
    })] = Field(
        DealerRotation.next_seat,
        description="Who deals next: the next seat in play order, the other team with a random seat, or the "
        "player who scored more in the last deal (tables without partners).",
    )
    all_pass: Annotated[AllPass, Option({
        "next_dealer": "when every player passes, the deal is void and the next dealer deals",
        "same_dealer": "when every player passes, the deal is void and the same dealer deals again",
    }, unused_when=without_bidding)] = Field(
        AllPass.next_dealer,
        description="When every player passes the deal is void; it is redealt by the next dealer or the same one.",
    )
    redeal_claim: Annotated[RedealClaim, Option(unused_when=without_bidding)] = Field(
        default_factory=lambda: RedealClaim(),
        description="Baloot's kawesh (baloot.md §2.4): a player holding none of the named ranks may call redeal at "
        "his first call, before anyone names a contract; the deal is void and the same dealer deals again.",
    )
    direction: Annotated[Direction, Option({
        "counter_clockwise": "play goes counter-clockwise (how the table is drawn; seats are numbered in play order)",
        "clockwise": "play goes clockwise (how the table is drawn; seats are numbered in play order)",
    })] = Field(
        Direction.counter_clockwise,
        description="Direction of play at the table; seats are always numbered in play order, so this is display only.",
    )
    turned_card_to: Annotated[TurnedCardTo, Option({
        "taker": "the turned card joins the taker's hand, and his next packet is one card shorter",
        "stock": "the turned card stays face up on the stock; the holder of the trump seven may exchange it",
    })] = Field(
        TurnedCardTo.taker,
        description="Where the turned card goes once trump is fixed: into the taker's hand (one card fewer in "
        "his next packet), or it stays face up on the stock (klaberjass, debertz).",
    )
    seven_exchange: Annotated[SevenExchange, Option({
        "off": "nobody exchanges the trump seven",
        "anyone": "whoever holds the seven of the turned suit, when it is trump, may take the turned card for it "
        "before the first lead",
        "taker_only": "the taker, holding the seven of the turned suit when it is trump, may take the turned card "
        "for it before the first lead",
    })] = Field(
        SevenExchange.off,
        description="When the turned card stays on the stock and its suit is trump, the holder of the trump seven "
        "may take it in exchange for the seven (the dix), once the hands are complete and before the first lead "
        "(the actions exchange and keep): off, anyone, or taker_only.",
    )
    tableau_packets: int = Field(
        0, ge=0, le=8,
        description="How many of the first packets are laid on the table in front of each player instead of "
        "into the hand: they alternate face down and face up, each face-up packet lying card by card on the "
        "face-down one before it (piles of two). Only hand cards and face-up cards may be played; when a trick "
        "is over, the card under each card played is turned up. 0: no tableau (Belote decouverte: 4).",
    )
    stock: Annotated[Stock, Option({
        "none": "every card of the pack is dealt",
        "aside": "the cards left after the packets stay face down, out of play",
        "bottom_card_shown": "the cards left after the packets stay out of play; the bottom one is turned face up "
        "for everyone to see",
        "to_taker": "the cards left after the packets (the chien) lie face down until the bidding is over; the "
        "taker adds them to his hand and discards as many, which count for him",
    })] = Field(
        Stock.none,
        description="The cards left after the packets when a table deals fewer than the whole pack: none (every "
        "card is dealt), aside (face down, out of play), bottom_card_shown (out of play, the bottom one face up) "
        "or to_taker (a chien: face down until the bidding is over, then the taker's, who discards as many cards "
        "before the first trick; the discards count for him).",
    )

    @property
    def hand_size(self) -> int:
        """Cards in each hand once the deal is complete."""
        return sum(self.first_packets) + sum(self.second_packets)

    def seven_exchange_conflicts(self) -> list[str]:
        if self.seven_exchange != SevenExchange.off and (
                self.turned_card != TurnedCard.after_first_packets or self.turned_card_to != TurnedCardTo.stock):
            return [_("deal.seven_exchange trades the trump seven for a turned card left on the stock: it needs "
                      "deal.turned_card after_first_packets and turned_card_to stock, or seven_exchange off")]
        return []

    def chien_conflicts(self) -> list[str]:
        if self.stock == Stock.to_taker and (self.turned_card != TurnedCard.none or self.talon):
            return [_("deal.stock to_taker gives the taker the cards left after the packets (a chien); it needs "
                      "deal.turned_card none and talon false")]
        return []

    def tableau_conflicts(self) -> list[str]:
        packets, laid = self.first_packets, self.tableau_packets
        problems = []
        if laid > len(packets):
            problems.append(_("deal.tableau_packets {laid} lays more packets on the table than first_packets deals "
                              "({count}); at most {count}").format(laid=laid, count=len(packets)))
        if laid % 2:
            problems.append(_("deal.tableau_packets {laid} is odd: the packets on the table go in pairs, face down "
                              "then face up on them; use an even number").format(laid=laid))
        uneven = [k for k in range(1, min(laid, len(packets)), 2) if packets[k] != packets[k - 1]]
        if uneven:
            k = uneven[0]
            problems.append(_("deal.first_packets[{up}] ({up_cards} cards) is laid face up on first_packets[{down}] "
                              "({down_cards} cards face down): a face-up packet covers one of the same size").format(
                up=k, up_cards=packets[k], down=k - 1, down_cards=packets[k - 1]))
        if laid and self.talon:
            problems.append(_("a talon (deal.talon) and a tableau both lay cards face down before the bidding; choose "
                              "one (talon false or tableau_packets 0)"))
        return problems

    def second_packets_conflicts(self) -> list[str]:
        problems = []
        if self.turned_card == TurnedCard.after_first_packets and not self.second_packets:
            problems.append(_("a turned card (deal.turned_card) needs deal.second_packets to complete the hands "
                              "after the bidding"))
        if self.talon and (not self.second_packets or self.turned_card == TurnedCard.after_first_packets):
            problems.append(_("a talon is the second packets dealt face down before the bidding: deal.talon needs "
                              "second_packets and no turned card (the taker's turned card would change who gets "
                              "which card)"))
        return problems


def pack_words(cards: int) -> str:
    """``a 32-card pack`` (``an 18-card pack``), in the current language."""
    return (_("an {count}-card pack") if cards in (8, 11, 18) else _("a {count}-card pack")).format(count=cards)


def undealt_fixes(pack: int, players: int, hand: int, kept: int) -> str:
    """The fixes that make a deal leaving cards undealt valid, and only those: a stock for the cards left,
    a hand size that shares the pack exactly, or a pack of the size the hands take."""
    fixes = [_("set deal.stock to aside, bottom_card_shown or to_taker for the cards left")]
    if (pack - kept) % players == 0:
        fixes.append(_("deal {count} cards each with deal.first_packets and deal.second_packets").format(
            count=(pack - kept) // players))
    needed = players * hand + kept
    if needed % 4 == 0 and 2 <= needed // 4 <= len(RANKS):
        ranks = ", ".join(RANKS[len(RANKS) - needed // 4:])
        fixes.append(_("play with {pack} (cards.ranks [{ranks}])").format(pack=pack_words(needed), ranks=ranks))
    return _(", or ").join(fixes)
