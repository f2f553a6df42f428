"""Dealing compiled from ``Variant.deal``: which deck position goes to which seat, and the next pack.

The packets, the turned card and who receives the second packets are turned
into position tables once, so dealing a hand is a short loop of bit
operations; the shuffle rule becomes :meth:`Dealing.next_deck`.
"""

from __future__ import annotations

import random

from ... import kernel
from ...cards import CARD_COUNT
from ...variant.model import Deal, SecondPacketsStart, SevenExchange, Shuffle, Stock, TurnedCard, TurnedCardTo
from ..table.seating import Seating

# Read once per deal, as module constants: reading a member from its enum's class costs a lookup.
CUT_ONLY, FULL_SHUFFLE = Shuffle.cut_only, Shuffle.full_shuffle
BIT_LENGTH = tuple(n.bit_length() for n in range(CARD_COUNT + 1))  # of every pack size and less


def shuffle(rng: random.Random, deck: list[int]) -> None:
    """``rng.shuffle(deck)``, with the same random draws and the same result, at nearly twice its speed.

    Once per deal of every simulation: ``random.Random.shuffle`` makes a Python call per card to
    draw an index below ``i + 1`` (``getrandbits`` of its bit length, drawn again while too large);
    this draws them in one loop (in the compiled kernel where it is built, for a list). A generator
    of another type shuffles the deck itself.
    """
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return
    if kernel.compiled is not None and type(deck) is list:
        kernel.compiled.shuffle(rng.getrandbits, deck)
        return
    getrandbits, bit_length = rng.getrandbits, BIT_LENGTH
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        j = getrandbits(bit_length[bound])
        while j >= bound:
            j = getrandbits(bit_length[bound])
        deck[i], deck[j] = deck[j], deck[i]


class Dealing:
    """Deck positions per seat for both phases of the deal, and how the next pack is made."""

    def __init__(self, deal: Deal, seating: Seating) -> None:
        self.players = players = seating.players
        self.pack = seating.cards
        position = 0
        first: list[tuple[int, int]] = []  # (seat offset from the first seat, deck position)
        for size in deal.first_packets:
            for offset in range(players):
                first += [(offset, position + i) for i in range(size)]
                position += size
        self.first = tuple(first)
        self.last_first = position - 1  # the last card of the first packets (the last card dealt, with no more)
        self.turned_position = position if deal.turned_card == TurnedCard.after_first_packets else -1
        # Whether the turned card joins the taker's hand (else it stays face up on the stock).
        self.turned_to_taker = self.turned_position >= 0 and deal.turned_card_to == TurnedCardTo.taker
        stock = position + (self.turned_position >= 0)
        from_taker = deal.second_packets_start == SecondPacketsStart.taker
        # second[taker offset] = (seat offset, deck position) pairs dealt after the auction.
        self.second = tuple(self._second(deal.second_packets, stock, taker, from_taker) for taker in range(players))
        self.stock_start = stock + sum(deal.second_packets) * players - self.turned_to_taker
        self.shuffle = deal.shuffle
        self.cut_min = deal.cut_min
        # The same tables by absolute seat: first_from[first seat] and second_from[first seat][taker] hold
        # (seat, deck position) pairs, so dealing a hand is one loop with no seat arithmetic.
        order = seating.order
        self.first_from = tuple(tuple((order[first + offset], position) for offset, position in self.first)
                                for first in seating.seats)
        self.second_from = tuple(
            tuple(tuple((order[first + offset], position) for offset, position in self.second[(taker - first) % players])
                  for taker in seating.seats)
            for first in seating.seats)
        # tableau_from[first seat][seat]: (face-up position, face-down position) of each pile laid on the table,
        # or None without a tableau.
        self.tableau_from = None
        # Every card dealt lies on the table (no hand cards): what each player can play is there for all to see.
        self.all_on_table = bool(deal.tableau_packets) and deal.tableau_packets == len(deal.first_packets) \
            and not deal.second_packets
        if deal.tableau_packets:
            piles = self._piles(deal.first_packets, deal.tableau_packets)
            self.tableau_from = tuple(tuple(piles[(seat - first) % players] for seat in seating.seats)
                                      for first in seating.seats)
        self.sorted_pack = list(seating.cards)  # what a deck is once sorted
        self.seven_exchange = deal.seven_exchange != SevenExchange.off
        self.seven_taker_only = deal.seven_exchange == SevenExchange.taker_only
        # The pack's last card (the stock's bottom one) is turned face up once the hands are complete.
        self.bottom_card_shown = deal.stock == Stock.bottom_card_shown
        # The cards left after the packets (the chien) go to the taker, who discards as many: 0 without one.
        self.widow_size = len(self.pack) - self.stock_start if deal.stock == Stock.to_taker else 0

    def _piles(self, packets: list[int], laid: int) -> list[tuple[tuple[int, int], ...]]:
        """Per seat offset: the piles of the first ``laid`` packets, each face-up packet on the face-down one before it."""
        players = self.players
        piles: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        down: list[range] = [range(0)] * players
        position = 0
        for k, size in enumerate(packets[:laid]):
            for offset in range(players):
                cards = range(position, position + size)
                if k % 2:
                    piles[offset] += zip(cards, down[offset])
                else:
                    down[offset] = cards
                position += size
        return [tuple(p) for p in piles]

    def _second(self, packets: list[int], stock: int, taker: int, from_taker: bool) -> tuple[tuple[int, int], ...]:
        start = taker if from_taker else 0
        players = self.players
        pairs = []
        for n, size in enumerate(packets):
            for i in range(players):
                offset = (start + i) % players
                count = size - 1 if n == 0 and offset == taker and self.turned_to_taker else size
                pairs += [(offset, stock + k) for k in range(count)]
                stock += count
        return tuple(pairs)

    def next_deck(self, rng: random.Random, gathered: list[int] | None) -> tuple[int, ...]:
        """The pack for the next deal: shuffled, or (cut-only) the previous deal's cards as gathered; then cut."""
        if self.shuffle == CUT_ONLY and gathered is not None:
            deck = list(gathered)
        else:
            deck = list(self.pack)
            shuffle(rng, deck)
        if self.shuffle != FULL_SHUFFLE:
            cut = rng.randint(self.cut_min, len(deck) - self.cut_min)
            deck = deck[cut:] + deck[:cut]
        return tuple(deck)
