"""A match: deals one after another, the board, the reserve, the dealer and the end.

The deck of each deal comes from the variant's shuffle rule with a seeded
generator, so a match is reproducible from its seed; a replay feeds the
recorded decks instead.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

from ..copies import field_copier
from ..errors import UserError
from ..rules.match.end import MatchEnd
from ..rules.match.options import MAX_DEALS  # a match still going after this many deals is stopped
from ..rules.scoring.result import DealScore
from ..ruleset import Ruleset
from ..variant.model import AllPass, DealerRotation, FirstDealer
from .actions import Action
from .deal import OVER, DealState, IllegalAction

# Read after every deal: plain strings, since an enum member's value costs a call each time it is read.
SAME_DEALER, ALTERNATE_TEAM_RANDOM_SEAT = AllPass.same_dealer.value, DealerRotation.alternate_team_random_seat.value


@dataclass(frozen=True, slots=True)
class FinishedDeal:
    """A played deal (or the part played so far) as the score sheet and the record need it."""

    dealer: int
    deck: tuple[int, ...]
    hanging_in: int
    actions: tuple[str, ...]
    score: DealScore | None  # None when everybody passed or the deal is unfinished
    contract: str | None
    declarer: int
    multiplier: int
    bid: int | None
    level: int = 0  # the doubling level reached; see Bidding.wins_match
    board_in: tuple[int, ...] = (0, 0)  # the match score before the deal, per side (conditional doubles look at it)

    @classmethod
    def of(cls, deal: DealState) -> FinishedDeal:
        return cls(deal.dealer, deal.deck, deal.hanging_in, tuple(str(a) for a in deal.history), deal.score,
                   deal.contract, deal.declarer, deal.multiplier, deal.bid, deal.level, deal.running_auction().board)

    @property
    def capot(self) -> bool:
        return self.score is not None and self.score.capot_team is not None


@dataclass(slots=True)
class MatchState:
    """A match in progress. ``current`` is the deal being played."""

    ruleset: Ruleset
    seed: int
    rng: random.Random
    dealer: int
    board: list[int] = field(default_factory=list)  # match points per side
    reserve: int = 0
    deals: list[FinishedDeal] = field(default_factory=list)
    winner: int | None = None
    end_state: MatchEnd | None = None
    current: DealState | None = None
    mid_deal: bool = False  # match.mid_deal: the winner reached the target in the middle of the last deal

    @classmethod
    def new(cls, ruleset: Ruleset, seed: int, first_dealer: int | None = None) -> MatchState:
        """A new match whose decks and random choices all follow from ``seed``."""
        rng = random.Random(seed)
        deal = ruleset.variant.deal
        table = ruleset.seating
        if first_dealer is None:
            fixed = deal.first_dealer == FirstDealer.fixed_seat.value
            first_dealer = deal.first_dealer_seat if fixed else rng.randrange(table.players)
        match = cls(ruleset, seed, rng, first_dealer % table.players, [0] * table.sides,
                    end_state=ruleset.match.initial_state())
        match.start_deal(match.dealer, match._next_deck())
        return match

    def clone(self) -> MatchState:
        """An independent copy, random generator included (for analysis and bots that look ahead)."""
        return _copy_match(self)

    @property
    def over(self) -> bool:
        return self.winner is not None or self.drawn

    @property
    def drawn(self) -> bool:
        """A match of a fixed number of deals that ended level (``match.deals_tie: draw``)."""
        return self.end_state is not None and self.end_state.drawn

    def in_play(self) -> DealState:
        """The deal being played (or just finished and booked), or :class:`IllegalAction` once the match is over."""
        if self.current is None:
            raise IllegalAction("the match is over; no more actions")
        return self.current

    def to_act(self) -> int:
        return -1 if self.over else self.in_play().to_act

    def legal_actions(self) -> list[Action]:
        return [] if self.over else self.in_play().legal_actions()

    def apply(self, action: Action | str) -> None:
        """Apply an action to the current deal; when the deal ends, book it and deal the next."""
        if self.over:
            raise IllegalAction("the match is over; no more actions")
        deal = self.in_play()
        deal.apply(action)
        if deal.phase == OVER:
            self.advance()

    def unbooked(self) -> DealState | None:
        """The current deal if it has begun and is not on the sheet yet (a finished deal stays current,
        booked, until the next is dealt)."""
        current = self.current
        if current is None or not current.history or (self.deals and self.deals[-1].deck is current.deck):
            return None
        return current

    def advance(self) -> None:
        """Book the finished current deal and, unless the match is over, deal the next one."""
        previous = self.in_play()
        self.book_deal()
        if not self.over:
            if len(self.deals) >= MAX_DEALS:
                raise UserError(
                    f"{self.ruleset.name}: the match has not ended after {MAX_DEALS} deals (board "
                    f"{' to '.join(str(p) for p in self.board)}); its target may be out of reach, or no one ever bids"
                )
            same = previous.redeal_claimed  # baloot.md §2.4: a kawesh is dealt again by the same dealer
            self.start_deal(self.dealer if same else self._next_dealer(previous.all_passed, previous.score),
                            self._next_deck(previous))

    def book_deal(self) -> None:
        """Add the finished current deal to the sheet, the board and the reserve; decide the match."""
        deal = self.in_play()
        finished = FinishedDeal.of(deal)
        score = finished.score
        self.deals.append(finished)
        if score is None:  # void; a redeal claim leaves the reserve as it was
            if not deal.redeal_claimed:
                self.reserve = self.ruleset.scoring.reserve_after_all_pass(self.reserve)
        else:
            for side, points in enumerate(score.match_points):
                self.board[side] += points
            self.reserve = score.hanging_out
        assert self.end_state is not None, "MatchState.new gives every match its end state"
        rules = self.ruleset.match
        first = self._first_to_reach(deal, score) if rules.mid_deal and score is not None else None
        self.winner = rules.winner(self.end_state, self.board, score, finished.capot)
        if first is not None:  # match.mid_deal: the side that reached the target first in the deal's counting order
            self.winner, self.mid_deal = first, True
        if self.over:
            self.current = None

    def _first_to_reach(self, deal: DealState, score: DealScore) -> int | None:
        """``match.mid_deal``: the side that reached the target first as ``deal``'s points are counted."""
        assert self.end_state is not None, "MatchState.new gives every match its end state"
        points, side_of = self.ruleset.tables[deal.played_contract()].points, self.ruleset.seating.side_of
        tricks = [(side_of[winner], sum(points[card] for card in cards)) for _, cards, winner in deal.tricks]
        before = [board - added for board, added in zip(self.board, score.match_points)]
        return self.ruleset.match.first_to_reach(self.end_state, before, score, tricks)

    def start_deal(self, dealer: int, deck: tuple[int, ...]) -> None:
        """Deal ``deck`` with ``dealer`` dealing, carrying the reserve in."""
        self.dealer = dealer
        self.current = DealState.start(self.ruleset, deck, dealer, self.reserve, tuple(self.board))

    def _next_dealer(self, all_passed: bool, score: DealScore | None = None) -> int:
        deal = self.ruleset.variant.deal
        if all_passed and deal.all_pass == SAME_DEALER:
            return self.dealer
        table = self.ruleset.seating
        if deal.rotation == ALTERNATE_TEAM_RANDOM_SEAT:
            other = table.side_seats((table.side_of[self.dealer] + 1) % table.sides)  # the next side deals
            return other[self.rng.randrange(len(other))]
        if deal.rotation == DealerRotation.deal_winner.value and score is not None:
            # belote-a-deux.md §B.3 (EXO2): the winner of the previous deal deals, so the loser leads.
            points = score.match_points
            best = max(points)
            if points.count(best) == 1:
                return table.side_seats(points.index(best))[0]
        return table.next_seat(self.dealer)

    def _next_deck(self, previous: DealState | None = None) -> tuple[int, ...]:
        gathered = None
        if previous is not None:  # cut-only: the tricks in the order played, or the pack as dealt
            gathered = [c for _, cards, _ in previous.tricks for c in cards] if previous.tricks else list(previous.deck)
            played = set(gathered)  # under them the cards no trick took (a stock, a chien laid aside), as dealt
            gathered += [c for c in previous.deck if c not in played]
        return self.ruleset.dealing.next_deck(self.rng, gathered)


def _copy_rng(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


_copy_match = field_copier(MatchState, {
    "rng": _copy_rng, "board": list, "deals": list, "end_state": copy.copy,
    "current": lambda deal: deal.clone() if deal else None})
