"""Per-contract card tables, computed once from a variant.

Everything the per-move path needs is an array indexed by card (0..31) or a
32-bit card set, so legal moves and trick winners are a few integer operations.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import DECK_SIZE, FULL_DECK, RANKS, SUIT_MASKS
from ..variant.model import CONTRACTS, SUIT_CONTRACTS, RankTable, Variant

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

    def trick_winner_index(self, cards: list[int] | tuple[int, ...]) -> int:
        """Position in ``cards`` (played in order) of the card that wins the trick."""
        led_suit = cards[0] >> 3
        strength = self.strength
        best, best_key = 0, strength[cards[0]]
        for pos in range(1, len(cards)):
            card = cards[pos]
            suit = card >> 3
            if suit != led_suit and suit != self.trump_suit:
                continue
            key = strength[card]
            if key > best_key:
                best, best_key = pos, key
        return best


def _order_strength(table: RankTable) -> list[int]:
    """Strength per natural rank index: 7 for the strongest rank, 0 for the weakest."""
    strength = [0] * 8
    for position, rank in enumerate(table.order):
        strength[RANKS.index(rank)] = 7 - position
    return strength


def rank_points(table: RankTable) -> list[int]:
    """The card points of each natural rank (7 8 9 T J Q K A) under ``table``; ranks left out are worth 0."""
    points = {str(rank): value for rank, value in table.points.items()}
    return [points.get(rank, 0) for rank in RANKS]


def build_contract_tables(variant: Variant, contract: str) -> ContractTables:
    """Tables of one contract: which rank table each suit uses and which suit is trump."""
    cards = variant.cards
    pack_ranks = {RANKS.index(r) for r in cards.ranks}
    if contract in SUIT_CONTRACTS:
        trump_suit = SUIT_CONTRACTS.index(contract)
        suit_tables = [cards.trump if s == trump_suit else cards.plain for s in range(4)]
        kind, trump_mask = "suit", SUIT_MASKS[trump_suit]
    elif contract == "all_trumps":
        trump_suit, suit_tables, kind, trump_mask = -1, [cards.all_trumps] * 4, "all_trumps", FULL_DECK
    elif contract == "undenufe":
        trump_suit, suit_tables, kind, trump_mask = -1, [cards.undenufe] * 4, "no_trumps", 0
    else:
        trump_suit, suit_tables, kind, trump_mask = -1, [cards.no_trumps] * 4, "no_trumps", 0
    strength: list[int] = []
    points: list[int] = []
    for suit, table in enumerate(suit_tables):
        bonus = TRUMP_BONUS if suit == trump_suit else 0
        strength += [s + bonus for s in _order_strength(table)]
        points += rank_points(table)
    stronger = []
    for card in range(DECK_SIZE):
        suit = card >> 3
        mask = 0
        for other in range(suit * 8, suit * 8 + 8):
            if strength[other] > strength[card]:
                mask |= 1 << other
        stronger.append(mask)
    return ContractTables(
        contract=contract,
        kind=kind,
        trump_suit=trump_suit,
        trump_mask=trump_mask,
        strength=tuple(strength),
        points=tuple(points),
        stronger=tuple(stronger),
        total_points=sum(points[card] for card in range(DECK_SIZE) if card & 7 in pack_ranks),
        trick_strength=tuple(tuple(strength[card] if card >> 3 in (led, trump_suit) else -1 for card in range(DECK_SIZE))
                             for led in range(4)),
    )


def build_all_tables(variant: Variant) -> dict[str, ContractTables]:
    """Tables for every contract the variant can play."""
    return {c: build_contract_tables(variant, c) for c in CONTRACTS if c in variant.bidding.contracts}
