"""Reading the other side's cards: a sampled hand is likelier when it would have played what the seat played.

Each card an opponent played is checked against the heuristic bot's choice
(:mod:`.card_play`) from the sampled hand, with the table as it was then (the
cards gone, the voids shown). A hand the heuristic would have played
differently from is not ruled out, only made less likely (the auction model
weighs it, :class:`~belot_rules.players.sampling.AuctionModel`): people and
other bots play otherwise, but most cards of a deal (following low, cashing a
master, winning a trick cheaply) are the ones any player chooses, and a hand
that explains them is the better guess.

Only where the heuristic's card play is the whole of a seat's choice: not at
an open tableau (a seat plays from piles it shows), nor where the trump was
face down for the first tricks (the cards then were played under other rules).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SUIT_OF
from ..engine.deal import SeatView
from ..ruleset import Ruleset
from .card_play import CardSense
from .memory import Memory, view_plays


@dataclass(frozen=True, slots=True)
class Seen:
    """One card a read seat played, with the table as it was before it."""

    memory: Memory  # had seen every card before this one
    trick: tuple[int, ...]
    win_pos: int
    card: int
    before: int  # the cards the seat played before this one


class Reading:
    """The cards each read seat played, and how many of them a hand would have played otherwise."""

    @staticmethod
    def applies(ruleset: Ruleset, view: SeatView) -> bool:
        """Whether the seats' cards can be read: the play from hands alone, the trump known from trick 1."""
        return not view.tableau and not ruleset.variant.play.conceals_trump

    def __init__(self, ruleset: Ruleset, view: SeatView, sense: CardSense) -> None:
        contract = view.played_contract()
        tables = ruleset.tables[contract]
        obligations = ruleset.obligations[contract]
        seating = ruleset.seating
        self.sense, self.declarer, self.obligations = sense, view.declarer, obligations
        read = set(seating.opponents(view.seat, view.declarer))
        memory = Memory(tables, obligations, seating.players)
        self.seen: dict[int, list[Seen]] = {}
        before = [0] * seating.players
        for seat, card, trick, win_pos in view_plays(ruleset, view):
            if seat in read:
                self.seen.setdefault(seat, []).append(Seen(memory.copy(), tuple(trick), win_pos, card, before[seat]))
            memory.observe(seat, card, trick, win_pos)
            before[seat] |= 1 << card

    def unlike(self, seat: int, hand: int) -> int:
        """How many of ``seat``'s cards the heuristic bot would not have played holding ``hand`` (its cards at the
        start of the play)."""
        wrong = 0
        choose, legal_fast, back = self.sense.choose, self.obligations.legal_fast, self.obligations.partner_back
        for one in self.seen.get(seat, ()):
            held = hand & ~one.before
            trick = one.trick
            if trick:
                legal = legal_fast(held, SUIT_OF[trick[0]], trick[one.win_pos], one.win_pos == len(trick) - back)
            else:
                legal = held
            if choose(one.memory, seat, self.declarer, held, legal, trick, one.win_pos) != one.card:
                wrong += 1
        return wrong

    def choices(self, seat: int) -> int:
        """How many choices :meth:`unlike` asks the heuristic for ``seat``."""
        return len(self.seen.get(seat, ()))
