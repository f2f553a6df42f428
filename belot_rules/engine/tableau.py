"""The open tableau (belote-a-deux.md §B, Belote découverte): piles of a face-up card on a face-down one.

Each player's piles are dealt from the packets ``deal.tableau_packets`` lays on the
table. A face-down card is nobody's knowledge, not even its owner's; the face-up
cards are everyone's. Only face-up (and hand) cards may be played, so the deal
state keeps the face-down cards out of the hands until the trick that uncovers
them is over: then each is turned up and joins its owner's playable cards (JCI).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import CARD_COUNT, CARDS, DECK_SIZE
from ..errors import UserError

Pile = tuple[int, int]  # (face-up card, the card under it) as dealt


@dataclass(frozen=True, slots=True)
class Tableau:
    """One deal's piles as dealt; immutable, shared by every copy of the deal."""

    piles: tuple[tuple[Pile, ...], ...]  # per seat, in the order they were laid
    under: tuple[int, ...]  # per card index: the card it covers, or -1
    down: tuple[int, ...]  # per seat: the cards dealt to it face down
    face_down: int  # every card dealt face down

    @classmethod
    def lay(cls, piles: Sequence[Sequence[Pile]]) -> Tableau:
        # one entry per card of the pack: 32 (the compiled solver's size), or 36 where a pile holds a 6
        under = [-1] * (CARD_COUNT if any(card >= DECK_SIZE for seat in piles for pile in seat for card in pile)
                        else DECK_SIZE)
        down = []
        for seat_piles in piles:
            mask = 0
            for up, below in seat_piles:
                under[up] = below
                mask |= 1 << below
            down.append(mask)
        face_down = 0
        for mask in down:
            face_down |= mask
        return cls(tuple(tuple(p) for p in piles), tuple(under), tuple(down), face_down)

    @classmethod
    def given(cls, piles: Sequence[Sequence[Pile]], hands: Sequence[int]) -> Tableau:
        """Piles given by a caller (analysis, search), checked against each seat's cards."""
        if len(piles) != len(hands):
            raise UserError(f"piles must give one list of (face-up, face-down) cards per seat ({len(hands)} seats)")
        seen = 0
        for seat, (seat_piles, hand) in enumerate(zip(piles, hands)):
            for pile in seat_piles:
                if len(pile) != 2 or pile[0] == pile[1]:
                    raise UserError(f"seat {seat}: a pile is a face-up card and the different card under it")
                for card in pile:
                    if not 0 <= card < len(CARDS) or not hand >> card & 1 or seen >> card & 1:
                        raise UserError(f"seat {seat}: a pile's cards must be cards of its own hand, each once")
                    seen |= 1 << card
        return cls.lay(piles)

    def turn_up(self, hands: list[int], hidden: int, trick: Sequence[int], seats: Sequence[int]) -> int:
        """A trick is over: the card under each card of ``trick`` (played by ``seats``) is turned up and joins
        its owner's playable cards (JCI). Returns the cards still face down."""
        under = self.under
        for card, seat in zip(trick, seats):
            below = under[card]
            if below >= 0:
                hidden &= ~(1 << below)
                hands[seat] |= 1 << below
        return hidden

    def shown(self, hidden: int) -> tuple[tuple[tuple[str, str | None], ...], ...]:
        """Per seat, per pile: the card dealt face up and the card under it once turned up (else None)."""
        return tuple(tuple((str(CARDS[up]), None if hidden >> below & 1 else str(CARDS[below]))
                           for up, below in seat_piles) for seat_piles in self.piles)
