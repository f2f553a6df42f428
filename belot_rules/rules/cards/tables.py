"""Per-contract card tables, computed once from a variant.

Everything the per-move path needs is an array indexed by card (0..31, or 0..35
with the 6s of a 36-card pack) or a card set, so legal moves and trick winners
are a few integer operations.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import CARD_COUNT, DECK_SIZE, RANK_CHARS, RANK_OF, SUIT_MASKS, SUIT_OF
from ...variant.model import CONCEALED, CONTRACTS, SUIT_CONTRACTS, RankTable, Variant

TRUMP_BONUS = 100  # added to a trump's strength so any trump beats any plain card


@dataclass(frozen=True, slots=True)
class ContractTables:
    """Card strengths, points and masks for one contract."""

    contract: str
    kind: str  # suit / no_trumps / all_trumps
    trump_suit: int  # 0..3 in a suit contract, -1 otherwise
    trump_mask: int  # cards that are trumps (every card in all-trumps, none in no-trumps)
    strength: tuple[int, ...]  # per card: order within its suit, +TRUMP_BONUS for a trump
    points: tuple[int, ...]  # per card: card points in this contract
    stronger: tuple[int, ...]  # per card: the cards of its suit that beat it
    total_points: int  # card points of the whole pack, before the last-trick bonus
    # per led suit, per card: its strength in a trick led in that suit, -1 when it cannot win it (neither
    # of the led suit nor a trump), so the trick loop finds the winner with one look-up per card
    trick_strength: tuple[tuple[int, ...], ...]
    suit_masks: tuple[int, ...]  # per suit: its cards among this table's (the 6s only in a 36-card pack)

    def trick_winner_index(self, cards: list[int] | tuple[int, ...]) -> int:
        """Position in ``cards`` (played in order) of the card that wins the trick."""
        strength = self.trick_strength[SUIT_OF[cards[0]]]
        best, best_key = 0, strength[cards[0]]
        for pos in range(1, len(cards)):
            key = strength[cards[pos]]
            if key > best_key:
                best, best_key = pos, key
        return best


def _order_strength(table: RankTable) -> list[int]:
    """Strength per rank index (7 8 9 T J Q K A, then the 6): 0 for the weakest rank of the order, one more for
    each place above it; a rank the order leaves out (the 6 of a 32-card table) is never played."""
    strength = [0] * len(RANK_CHARS)
    for position, rank in enumerate(table.order):
        strength[RANK_CHARS.index(rank)] = len(table.order) - 1 - position
    return strength


def rank_points(table: RankTable) -> list[int]:
    """The card points of each rank index (7 8 9 T J Q K A, then the 6) under ``table``; ranks left out are worth 0."""
    points = {str(rank): value for rank, value in table.points.items()}
    return [points.get(rank, 0) for rank in RANK_CHARS]


def build_contract_tables(variant: Variant, contract: str) -> ContractTables:
    """Tables of one contract: which rank table each suit uses and which suit is trump."""
    cards = variant.cards
    pack_ranks = {RANK_CHARS.index(r) for r in cards.ranks}
    # Per-card arrays reach the 6s only in a 36-card pack, so a 32-card table keeps the compiled kernel's layout.
    size = CARD_COUNT if "6" in cards.ranks else DECK_SIZE
    trump, plain = cards.trump_suit.of(contract), cards.plain_suit.of(contract)
    if contract in SUIT_CONTRACTS:
        trump_suit = SUIT_CONTRACTS.index(contract)
        suit_tables = [trump if s == trump_suit else plain for s in range(4)]
        kind, trump_mask = "suit", SUIT_MASKS[trump_suit] & ((1 << size) - 1)
    elif contract == "all_trumps":
        trump_suit, suit_tables, kind, trump_mask = -1, [trump] * 4, "all_trumps", (1 << size) - 1
    else:  # no trumps, undenufe, and a suit contract whose trump lies face down: the suit led wins (twenty-eight.md §4.3)
        trump_suit, suit_tables, kind, trump_mask = -1, [plain] * 4, "no_trumps", 0
    by_suit = [(_order_strength(table), rank_points(table)) for table in suit_tables]
    strength = [by_suit[SUIT_OF[card]][0][RANK_OF[card]] + (TRUMP_BONUS if SUIT_OF[card] == trump_suit else 0)
                for card in range(size)]
    points = [by_suit[SUIT_OF[card]][1][RANK_OF[card]] for card in range(size)]
    stronger = [sum(1 << other for other in range(size)
                    if SUIT_OF[other] == SUIT_OF[card] and strength[other] > strength[card]) for card in range(size)]
    return ContractTables(
        contract=contract,
        kind=kind,
        trump_suit=trump_suit,
        trump_mask=trump_mask,
        strength=tuple(strength),
        points=tuple(points),
        stronger=tuple(stronger),
        total_points=sum(points[card] for card in range(size) if RANK_OF[card] in pack_ranks),
        trick_strength=tuple(tuple(strength[card] if SUIT_OF[card] in (led, trump_suit) else -1 for card in range(size))
                             for led in range(4)),
        suit_masks=tuple(mask & ((1 << size) - 1) for mask in SUIT_MASKS),
    )


def build_all_tables(variant: Variant) -> dict[str, ContractTables]:
    """Tables for every contract the variant can play, and for the play while its trump lies face down (and of a
    single hand: the same play without trumps)."""
    played: list[str] = [c for c in CONTRACTS if c in variant.bidding.contracts]
    if variant.play.conceals_trump or variant.play.single_hand:  # a single hand plays without trumps
        played.append(CONCEALED)
    return {c: build_contract_tables(variant, c) for c in played}
