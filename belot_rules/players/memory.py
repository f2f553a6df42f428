"""Card tracking: what the table has shown during one deal.

Everything here follows from cards played face up, so it is the same for every
seat: the cards gone, and for each seat the cards it cannot hold. A seat that
does not follow suit is void in it; a card the play obligations would have
forbidden had the seat held some other card proves the seat does not hold that
card (it could not overtrump, it had no trump, it could not beat the table).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from ..cards import CARDS, SUIT_OF
from ..rules.cards.tables import ContractTables
from ..rules.play.obligations import Obligations

if TYPE_CHECKING:
    from ..engine.deal import SeatView
    from ..ruleset import Ruleset

CARD_INDEX = {str(card): card.index for card in CARDS}  # a card's index by its text, as a view writes it

Play = tuple[int, int, list[int], int]  # (seat, card, the trick's cards before it, position of their winner)


def plays(tables: ContractTables, tricks: Iterable[tuple[int, Sequence[int]]], players: int,
          turns: Sequence[Sequence[int]] = ()) -> Iterator[Play]:
    """Every card of ``tricks`` ((leader, cards) in play order), as :meth:`Memory.observe` takes it; ``turns``, where
    given, are the seats of a trick by its leader (``Seating.turns[out]``: without a seat that sits the deal out)."""
    for leader, cards in tricks:
        before: list[int] = []
        seats = turns[leader] if turns else [(leader + pos) % players for pos in range(players)]
        for seat, card in zip(seats, cards):
            yield seat, card, list(before), tables.trick_winner_index(before) if before else 0
            before.append(card)


def view_plays(ruleset: Ruleset, view: SeatView) -> list[Play]:
    """Every card of the view's tricks and current trick, in play order, as :meth:`Memory.observe` takes it."""
    tricks = [(leader, [CARD_INDEX[c] for c in cards]) for leader, cards, _ in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], [CARD_INDEX[c] for _, c in view.trick]))
    tables = ruleset.tables[view.played_contract()]
    return list(plays(tables, tricks, ruleset.seating.players, ruleset.seating.turns[view.out]))


class Memory:
    """Played cards and, per seat, the cards it is known not to hold."""

    __slots__ = ("tables", "obligations", "played", "excluded", "observed")

    def __init__(self, tables: ContractTables, obligations: Obligations, players: int) -> None:
        self.tables = tables
        self.obligations = obligations
        self.played = 0
        self.excluded = [0] * players
        self.observed = 0  # cards seen so far, in play order

    def copy(self) -> Memory:
        """An independent memory that has seen the same cards (search plays many futures from one)."""
        twin = Memory(self.tables, self.obligations, len(self.excluded))
        twin.played, twin.excluded, twin.observed = self.played, list(self.excluded), self.observed
        return twin

    def see_tables(self, shown: Sequence[int], pack: int) -> None:
        """At an open tableau where every card a seat can play lies face up (belote-a-deux.md §B), each seat's
        ``shown`` cards are all it can play now: they replace what the play ruled out, which a card turned up
        since may contradict (a seat that did not follow suit may uncover that suit)."""
        self.excluded = [pack & ~cards for cards in shown]

    def catch_up(self, history: Sequence[Play]) -> None:
        """Observe the cards of ``history`` (every card played so far) that this memory has not seen."""
        for seat, card, before, win_pos in history[self.observed:]:
            self.observe(seat, card, before, win_pos)

    def observe(self, seat: int, card: int, trick: list[int] | tuple[int, ...], win_pos: int) -> None:
        """``seat`` plays ``card`` onto ``trick`` (the cards before it), whose winner is at ``win_pos``."""
        self.played |= 1 << card
        self.observed += 1
        if not trick:
            return
        led = SUIT_OF[trick[0]]
        suit = SUIT_OF[card]
        tables = self.tables
        if suit != led:
            self.excluded[seat] |= tables.suit_masks[led]
            if tables.kind != "suit":
                return
            probes = tables.trump_mask & ~self.played
        elif tables.kind == "all_trumps" or led == tables.trump_suit:
            # Following suit proves something only where the rules force a player to beat the table.
            probes = tables.suit_masks[led] & tables.stronger[trick[win_pos]] & ~self.played
        else:
            return
        probes &= ~self.excluded[seat]  # cards already ruled out need no test
        if probes:
            self._rule_out(seat, card, probes, led, trick[win_pos], win_pos == len(trick) - self.obligations.partner_back)

    def _rule_out(self, seat: int, card: int, probes: int, led: int, winning: int, partner_winning: bool) -> None:
        """Exclude each probe card whose presence in the hand would have made ``card`` illegal.

        The obligations see a card only through its suit and whether it beats the table's best
        card, and the probes share a suit, so one probe of those that beat the table and one of
        the others answer for all; a card the rules single out (the Jass rules' trump Jack) answers
        for itself.
        """
        legal = self.obligations.legal_fast
        bit = 1 << card
        beating = self.tables.stronger[winning]
        apart = self.obligations.singled_out
        excluded = 0
        for group in (probes & beating & ~apart, probes & ~beating & ~apart, probes & apart):
            if group and not legal(bit | (group & -group), led, winning, partner_winning) & bit:
                excluded |= group
        self.excluded[seat] |= excluded
