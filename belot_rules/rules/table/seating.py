"""The table compiled from a variant: seats, sides, turn order and the pack.

Everything that depends on how many people play and with whom is a small table
here, built once: the engine, scoring, records, bots, the simulator and the
terminal game read seats, the next seat, the side of a seat and the cards of the
pack from a :class:`Seating` instead of assuming four players in two pairs and
32 cards.

A *side* is what the match board counts: a team of two partners, or one player
when every player scores alone (``each_for_self``, ``taker_vs_rest``). Within a
deal the scoring compares two *camps*, the takers and the defenders; with
partners the camps are the sides, with ``taker_vs_rest`` the taker's opponents
pool their points for the deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import RANK_CHARS, card_index
from ...variant.model import Sides, Variant

PARTNERS = Sides.partners  # a module constant: reading a member from its enum's class costs a lookup


@dataclass(frozen=True, slots=True)
class Seating:
    """Seats, sides, turn order and the pack of one variant."""

    players: int
    kind: str  # partners / each_for_self / taker_vs_rest
    side_of: tuple[int, ...]  # per seat: the side the match board counts it for
    sides: int  # entries on the match board
    order: tuple[int, ...]  # seat numbers repeated twice: order[seat + k] is k seats after ``seat``
    cards: tuple[int, ...]  # the cards of the pack in index order
    pack_mask: int
    hand_size: int  # cards per hand in play: also the tricks of a deal
    side_keys: tuple[str, ...]  # per side, as JSON keys name it: team0, team1 or player0, player1, ...
    camps: tuple[tuple[int, ...], ...]  # camps[declarer][seat]: 0 in the takers' camp, 1 among the defenders
    # turns[out][leader]: the seats of a trick ``leader`` leads, in play order, while seat ``out`` sits the deal out
    # (play.single_hand: the lone player's partner); turns[-1] when every seat plays.
    turns: tuple[tuple[tuple[int, ...], ...], ...] = ()

    @classmethod
    def build(cls, variant: Variant) -> Seating:
        players = variant.table.players
        kind = variant.table.sides
        partners = kind == PARTNERS
        side_of = tuple(seat % 2 if partners else seat for seat in range(players))
        ranks = [RANK_CHARS.index(r) for r in variant.cards.ranks]
        cards = tuple(sorted(card_index(suit, rank) for suit in range(4) for rank in ranks))
        mask = 0
        for card in cards:
            mask |= 1 << card
        sides = max(side_of) + 1
        keys = tuple(f"{'team' if partners else 'player'}{side}" for side in range(sides))
        camps = tuple(tuple(0 if (side_of[seat] == side_of[declarer] if partners else seat == declarer) else 1
                            for seat in range(players)) for declarer in range(players))
        order = tuple(range(players)) * 2
        turns = tuple(tuple(tuple(seat for seat in order[leader:leader + players] if seat != out)
                            for leader in range(players)) for out in (*range(players), -1))
        return cls(players, kind, side_of, sides, order, cards, mask, variant.deal.hand_size, keys, camps, turns)

    @property
    def partner_back(self) -> int:
        """How many places before a seat in a trick its partner played: 2, or 0 (never) without partners."""
        return 2 if self.partners else 0

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def pack_size(self) -> int:
        return len(self.cards)

    @property
    def partners(self) -> bool:
        return self.kind == PARTNERS

    def next_seat(self, seat: int) -> int:
        return self.order[seat + 1]

    def seat_after(self, seat: int, steps: int) -> int:
        """The seat ``steps`` places after ``seat`` in play order (``steps`` may be negative)."""
        return (seat + steps) % self.players

    def partner(self, seat: int) -> int:
        """The partner of ``seat``, or -1 at a table without partners."""
        return (seat + 2) % 4 if self.partners else -1

    def same_side(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` play together for the whole match."""
        return self.side_of[a] == self.side_of[b]

    def camp_of(self, seat: int, declarer: int) -> int:
        """In one deal: 0 for the takers' camp, 1 for the defenders'."""
        return self.camps[declarer][seat]

    def allies(self, seat: int, declarer: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s camp in a deal ``declarer`` took."""
        camp = self.camps[declarer]
        return tuple(other for other in self.seats if other != seat and camp[other] == camp[seat])

    def opponents(self, seat: int, declarer: int) -> tuple[int, ...]:
        """The seats of the other camp, in play order after ``seat``."""
        camp = self.camps[declarer]
        return tuple(other for other in (self.order[seat + k] for k in range(1, self.players))
                     if camp[other] != camp[seat])

    def side_name(self, side: int) -> str:
        """How the board names a side: team 0, or player 2."""
        return f"team {side}" if self.partners else f"player {side}"

    def side_seats(self, side: int) -> tuple[int, ...]:
        return tuple(seat for seat in self.seats if self.side_of[seat] == side)
