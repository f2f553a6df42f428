"""The heuristic bot's card play, on card sets only.

Leading: the contract team draws trumps with the master trump; then masters are
cashed where no opponent can ruff; then a suit the partner can ruff; else the
cheapest card. Following: a partner whose card will hold the trick gets points;
otherwise the trick is won as cheaply as can be done safely, or the least
valuable card is thrown. A card is *safe* when the opponent still to play cannot
beat it given what the table has shown (:mod:`.memory`); a card is a *master*
when no card still out beats it.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from ..cards import SUIT_MASKS, SUIT_OF
from ..kernel import SENSE_FORMAT
from ..rules.cards.tables import ContractTables
from ..rules.table.seating import Seating
from .memory import Memory

KEEP_MASTER = 20  # a master is worth keeping for a trick of its own
BY_COST = 256  # sort key: cost first, then strength (below 256), so the weakest of equal cards goes
TRUMP_COST = 20  # a trump spent where a plain card would do
LOOSE_HONOUR = 10  # leading a high card that a stronger card still out can capture
SUIT_LOWS = 0x01010101  # the lowest bit of each suit's byte
# CardSense.packed, as the playout kernel's ``Sense`` reads it (belot_rules/_heuristic.h; its layout's home is
# kernel.SENSE_FORMAT): the players, the pack, the trump suit and mask; per card beats; per suit to_win (16
# places); per card the five costs; per suit ascending; then per declarer and seat, for up to KERNEL_SEATS seats,
# the camps, the allies (KERNEL_SEATS places), the opponents as a seat set and later (KERNEL_SEATS places). -1
# fills a list's room.
KERNEL_SEATS = 8


def empty_suits(cards: int) -> int:
    """Every card of the suits that ``cards`` has none of: each suit is one byte of a card set."""
    held = cards | cards >> 4
    held |= held >> 2
    held |= held >> 1  # bit 8 * suit: any card of the suit
    return (~held & SUIT_LOWS) * 0xFF


def empty_suits_36(cards: int) -> int:
    """:func:`empty_suits` in a 36-card pack, whose 6s lie outside the suits' bytes."""
    return sum(mask for mask in SUIT_MASKS if not cards & mask)


class CardSense:
    """Chooses cards for one contract; built once per contract from its tables."""

    __slots__ = ("strength", "points", "stronger", "ascending", "trump_mask", "trump_suit",
                 "gift_cost", "throw_cost", "master_cost", "lead_cost", "lead_master_cost", "beats", "to_win",
                 "descending", "players", "camps", "allies", "opponents", "pack", "lowest", "highest", "later",
                 "packed", "wide")

    def __init__(self, tables: ContractTables, seating: Seating) -> None:
        self.players = seating.players
        self.pack = seating.pack_mask
        self.camps = seating.camps
        # Per declarer and seat: the seat's allies in that deal (its partner) and its opponents.
        self.allies = tuple(tuple(seating.allies(s, d) for s in seating.seats) for d in seating.seats)
        self.opponents = tuple(tuple(seating.opponents(s, d) for s in seating.seats) for d in seating.seats)
        self.strength = tables.strength
        self.points = tables.points
        self.stronger = tables.stronger
        size = len(tables.points)  # 32 cards, or 36 with the 6s
        self.wide = size > 32  # a 36-card pack: a suit's cards are not one byte, so the byte tables do not serve
        self.ascending = tuple(tuple(sorted((c for c in range(size) if SUIT_OF[c] == s), key=tables.strength.__getitem__))
                               for s in range(4))
        self.descending = tuple(tuple(reversed(cards)) for cards in self.ascending)
        # Per suit and holding of that suit (its byte of a card set): the weakest and the strongest card, or -1.
        self.lowest = tuple(tuple(next((c for c in self.ascending[s] if byte << 8 * s >> c & 1), -1)
                                  for byte in range(256)) for s in range(4))
        self.highest = tuple(tuple(next((c for c in self.descending[s] if byte << 8 * s >> c & 1), -1)
                                   for byte in range(256)) for s in range(4))
        # Per declarer, seat and cards already in the trick: the first opponent still to play after the seat, or -1.
        self.later = tuple(tuple(tuple(_first_opponent_after(seating.camps[d], seat, played)
                                       for played in range(self.players)) for seat in seating.seats)
                           for d in seating.seats)
        self.trump_suit = tables.trump_suit
        self.trump_mask = tables.trump_mask if tables.kind == "suit" else 0  # trumps that can ruff other suits
        # The cards that beat each card, and the order in which a card winning in a suit is looked for:
        # plain cards of the suit, weakest first, then trumps.
        self.beats = tuple(self.stronger[c] | (self.trump_mask if SUIT_OF[c] != self.trump_suit else 0)
                           for c in range(size))
        self.to_win = tuple(self.ascending[s] + (self.ascending[self.trump_suit] if s != self.trump_suit and
                                                 self.trump_mask else ()) for s in range(4))
        # Sort keys of :meth:`_cheapest` and of the cheapest lead, per card; a master adds ``master_cost``.
        trump = [bool(self.trump_mask >> card & 1) for card in range(size)]
        points, strength = self.points, self.strength
        self.gift_cost = tuple(((TRUMP_COST + points[c]) if trump[c] else -points[c]) * BY_COST + strength[c]
                               for c in range(size))
        self.throw_cost = tuple(((TRUMP_COST if trump[c] else 0) + 2 * points[c]) * BY_COST + strength[c]
                                for c in range(size))
        self.master_cost = tuple(0 if trump[c] else KEEP_MASTER * BY_COST for c in range(size))
        self.lead_cost = tuple((points[c] + (TRUMP_COST if trump[c] else LOOSE_HONOUR if points[c] >= LOOSE_HONOUR
                                             else 0)) * BY_COST + strength[c] for c in range(size))
        self.lead_master_cost = tuple(self.lead_cost[c] if trump[c] else (points[c] + KEEP_MASTER) * BY_COST
                                      + strength[c] for c in range(size))
        # what the kernel's choice reads; it knows the 32 cards only
        self.packed = self._pack() if self.players <= KERNEL_SEATS and not self.wide else None

    def _pack(self) -> bytes:
        """These tables as the playout kernel's card choice reads them (SENSE_FORMAT)."""
        seats = KERNEL_SEATS

        def room(values: Sequence[int], size: int) -> list[int]:
            return [*values, *[-1] * (size - len(values))]

        table = [(d, s) for d in range(seats) for s in range(seats)]
        real = self.players
        return struct.pack(
            SENSE_FORMAT, self.players, self.pack, self.trump_suit, self.trump_mask, *self.beats,
            *(c for cards in self.to_win for c in room(cards, 16)), *self.gift_cost, *self.throw_cost,
            *self.master_cost, *self.lead_cost, *self.lead_master_cost, *(c for cards in self.ascending for c in cards),
            *(c for d in range(seats) for c in room(self.camps[d] if d < real else (), seats)),
            *(a for d, s in table for a in room(self.allies[d][s] if max(d, s) < real else (), seats)),
            *(sum(1 << o for o in self.opponents[d][s]) if max(d, s) < real else 0 for d, s in table),
            *(c for d, s in table for c in room(self.later[d][s] if max(d, s) < real else (), seats)))

    def compiled(self, memory: Memory) -> tuple[bytes, Memory] | None:
        """This choice at every seat as the playout kernel makes it, observing with ``memory``: what
        :meth:`DealState.play_out` takes as ``compiled_choice`` (None where the kernel seats no such table)."""
        return None if self.packed is None else (self.packed, memory)

    def choose(self, memory: Memory, seat: int, declarer: int, hand: int, legal: int,
               trick: list[int] | tuple[int, ...], win_pos: int) -> int:
        """The card ``seat`` plays from ``legal`` onto ``trick``."""
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        live = self.pack & ~memory.played & ~hand  # cards the others may hold (or the stock)
        if not trick:
            return self._lead(memory, seat, declarer, legal, live)  # all of the hand, but in a closed game
        return self._follow(memory, seat, declarer, legal, live, trick, win_pos)

    # ------------------------------------------------------------------ helpers

    def _may_beat(self, memory: Memory, live: int, seat: int, best: int, led: int) -> bool:
        """Whether ``seat``, still to play, might beat ``best`` on a trick led in ``led``."""
        possible = live & ~memory.excluded[seat]
        higher = possible & self.stronger[best]
        if not self.trump_mask:
            return bool(higher)
        if self.trump_mask >> best & 1:  # a trump: the trump mask is the trump suit's cards
            return bool(higher) and (led == self.trump_suit or not possible & SUIT_MASKS[led])
        return bool(higher) or bool(possible & self.trump_mask) and not possible & SUIT_MASKS[led]

    def _lowest(self, suit: int, cards: int) -> int:
        """The weakest of ``cards`` of ``suit``, or -1."""
        if self.wide:
            return next((c for c in self.ascending[suit] if cards >> c & 1), -1)
        return self.lowest[suit][cards >> 8 * suit & 0xFF]

    def _highest(self, suit: int, cards: int) -> int:
        if self.wide:
            return next((c for c in self.descending[suit] if cards >> c & 1), -1)
        return self.highest[suit][cards >> 8 * suit & 0xFF]

    # ------------------------------------------------------------------ leading

    def _lead(self, memory: Memory, seat: int, declarer: int, hand: int, live: int) -> int:
        excluded = memory.excluded
        opponents = self.opponents[declarer][seat]
        trumps = hand & self.trump_mask
        ours = self.camps[declarer][seat] == 0
        known_void = -1
        for opponent in opponents:
            known_void &= excluded[opponent]
        opponent_trumps = live & self.trump_mask & ~known_void
        if ours and trumps and opponent_trumps:
            top = self._highest(self.trump_suit, trumps)
            if not self.stronger[top] & live:  # the master trump
                return top
            if seat == declarer and trumps.bit_count() >= opponent_trumps.bit_count():
                return self._lowest(self.trump_suit, trumps)
        ruffed = self._ruffed(memory, live, opponents)
        points, stronger = self.points, self.stronger
        cash = -1
        cards = hand & ~self.trump_mask & ~ruffed
        while cards:
            low = cards & -cards
            cards ^= low
            card = low.bit_length() - 1
            if not stronger[card] & live:
                if cash < 0 or points[card] > points[cash]:
                    cash = card
        if cash >= 0:
            return cash
        for partner in self.allies[declarer][seat]:
            partner_may_hold = live & ~excluded[partner]
            if partner_may_hold & self.trump_mask:
                partner_ruffs = hand & (empty_suits_36 if self.wide else empty_suits)(partner_may_hold)  # never a trump
                if partner_ruffs:
                    return self._lowest(SUIT_OF[(partner_ruffs & -partner_ruffs).bit_length() - 1], partner_ruffs)
        # The cheapest lead: no points, no master, no trump, nothing an opponent can ruff; then the weakest.
        lead_cost, lead_master_cost = self.lead_cost, self.lead_master_cost
        best, best_cost = -1, 0
        cards = hand
        while cards:
            low = cards & -cards
            cards ^= low
            card = low.bit_length() - 1
            cost = lead_cost[card] if stronger[card] & live else lead_master_cost[card]
            if ruffed & low:
                cost += LOOSE_HONOUR // 2 * BY_COST
            if best < 0 or cost < best_cost:
                best, best_cost = card, cost
        return best

    def _ruffed(self, memory: Memory, live: int, opponents: tuple[int, ...]) -> int:
        """The cards of every suit an opponent may trump when it is led (never a trump)."""
        ruffed = 0
        for opponent in opponents:
            possible = live & ~memory.excluded[opponent]
            if possible & self.trump_mask:
                ruffed |= (empty_suits_36 if self.wide else empty_suits)(possible)
        return ruffed

    # ------------------------------------------------------------------ following

    def _follow(self, memory: Memory, seat: int, declarer: int, legal: int, live: int,
                trick: list[int] | tuple[int, ...], win_pos: int) -> int:
        led = SUIT_OF[trick[0]]
        winning = trick[win_pos]
        camp = self.camps[declarer]
        later = self.later[declarer][seat][len(trick)]  # the first opponent still to play after this seat, if any
        partner_winning = camp[(seat - len(trick) + win_pos) % self.players] == camp[seat]
        if partner_winning and (later < 0 or not self._may_beat(memory, live, later, winning, led)):
            return self._cheapest(legal, live, gift=True)
        winners = legal & self.beats[winning]
        if winners:
            cheapest = -1
            for card in self.to_win[SUIT_OF[winning]]:
                if winners >> card & 1:
                    if later < 0 or not self._may_beat(memory, live, later, card, led):
                        return card
                    if cheapest < 0:
                        cheapest = card
            if not partner_winning and self.points[cheapest] < LOOSE_HONOUR and not self.trump_mask >> cheapest & 1:
                return cheapest  # make the opponent spend a stronger card
        return self._cheapest(legal, live, gift=False)

    def _cheapest(self, cards: int, live: int, gift: bool) -> int:
        """The card of ``cards`` it costs least to give away: trumps and masters are kept.

        A ``gift`` goes to a partner who holds the trick, so its points count for the card
        (the weakest card first among equals); otherwise they count against it.
        """
        base = self.gift_cost if gift else self.throw_cost
        master_cost, stronger = self.master_cost, self.stronger
        best, best_cost = -1, 0
        while cards:
            low = cards & -cards
            cards ^= low
            card = low.bit_length() - 1
            cost = base[card] if stronger[card] & live else base[card] + master_cost[card]
            if best < 0 or cost < best_cost:
                best, best_cost = card, cost
        return best


def _first_opponent_after(camp: tuple[int, ...], seat: int, played: int) -> int:
    """The first seat after ``seat`` still to play to a trick of ``played`` cards whose camp is not ``seat``'s, or -1."""
    players = len(camp)
    for step in range(1, players - played):
        other = (seat + step) % players
        if camp[other] != camp[seat]:
            return other
    return -1


def shared_sense(choosers: Sequence[object]) -> CardSense | None:
    """The card sense whose :meth:`CardSense.choose` every one of ``choosers`` is, or None."""
    first = choosers[0] if choosers else None
    sense = getattr(first, "__self__", None)
    if type(sense) is not CardSense or getattr(first, "__func__", None) is not CardSense.choose:
        return None
    return sense if all(chooser == first for chooser in choosers) else None
