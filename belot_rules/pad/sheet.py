"""A match scored on the pad: the deals as entered, and everything the board follows from them.

The sheet keeps only what was entered: the names, the first dealer and each deal's short outcome
(or that everybody passed). The board, the reserve carried forward, the dealers and the end of the
match are worked out again from the start whenever a deal is added, corrected or taken back, by
the same rules the engine plays a match with, so a correction of deal 2 is felt by every deal after
it. An entry that cannot be scored is refused with the reason and leaves the sheet as it was.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..errors import UserError
from ..rules.match.options import MAX_DEALS
from ..rules.outcome.parse import OutcomeError, location, score_outcome
from ..rules.scoring.result import DealScore
from ..ruleset import Ruleset
from ..variant.model import AllPass, DealerRotation
from .entry import RedealClaim

Outcome = dict[str, Any]


@dataclass(frozen=True)
class Deal:
    """One deal as entered: its dealer and short outcome (without ``hanging_in`` and ``first_leader``, which
    follow from the deals before and the dealer); ``outcome`` None when everybody passed."""

    dealer: int
    outcome: Outcome | None
    redeal: bool = False  # void on a redeal claim (deal.redeal_claim, Baloot's kawesh): the same dealer deals again

    def to_dict(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "outcome": self.outcome, **({"redeal": True} if self.redeal else {})}


@dataclass(frozen=True)
class Row:
    """A deal on the board: its score, the board and the reserve after it."""

    number: int  # from 1
    deal: Deal
    score: DealScore | None
    board: tuple[int, ...]
    reserve: int


@dataclass
class Reckoning:
    """The sheet worked out: a row per deal, who deals next, and the winner once the match is over."""

    rows: list[Row]
    next_dealer: int
    winner: int | None
    drawn: bool
    board: tuple[int, ...]
    reserve: int
    bar: int | None = None  # the score that wins the match now (raised by a valat where the rules say so)

    @property
    def over(self) -> bool:
        return self.winner is not None or self.drawn


class EntryError(UserError):
    """An entry the sheet refuses: why, and nothing on the sheet changed."""


@dataclass
class Sheet:
    """The match on the pad: ``deals`` in order; :meth:`reckon` says the rest."""

    ruleset: Ruleset
    source: str  # the variant as named: a shipped name or a file path
    names: list[str]
    first_dealer: int = 0
    deals: list[Deal] = field(default_factory=list)

    @classmethod
    def new(cls, ruleset: Ruleset, source: str, names: list[str] | None = None, first_dealer: int = 0) -> Sheet:
        table = ruleset.seating
        given = [n.strip() for n in names or []]
        if len(given) > table.sides:
            raise UserError(f"{len(given)} names given; {ruleset.name} has {table.sides} sides")
        if not 0 <= first_dealer < table.players:
            raise UserError(f"the first dealer is a seat, 0-{table.players - 1}, not {first_dealer}")
        given += [table.side_name(side) for side in range(len(given), table.sides)]
        return cls(ruleset, source, [n or table.side_name(i) for i, n in enumerate(given)], first_dealer)

    # ------------------------------------------------------------------ working out the board

    def reckon(self, deals: list[Deal] | None = None) -> Reckoning:
        """Every deal scored in turn, each carrying in the reserve the one before left; :class:`EntryError` names
        the first deal that cannot be scored, or that comes after the match has ended."""
        deals = self.deals if deals is None else deals
        rules = self.ruleset
        board = [0] * rules.seating.sides
        reserve = 0
        end = rules.match.initial_state()
        winner: int | None = None
        rows: list[Row] = []
        dealer = self.first_dealer
        for number, deal in enumerate(deals, 1):
            if winner is not None or end.drawn:
                raise EntryError(f"the match ended at deal {number - 1}; deal {number} cannot be on the sheet")
            if not 0 <= deal.dealer < rules.seating.players:
                raise EntryError(f"deal {number}: the dealer is a seat, 0-{rules.seating.players - 1}, not {deal.dealer}")
            score = None
            if deal.redeal and (deal.outcome is not None or not rules.variant.deal.redeal_claim.enabled):
                raise EntryError(f"deal {number}: " + ("a redeal has no outcome" if deal.outcome is not None else
                                                       f"{rules.name} has no redeal claim (deal.redeal_claim)"))
            before = board
            if deal.outcome is not None:
                score = self.score(deal, reserve, f"deal {number}")
                board = [b + p for b, p in zip(board, score.match_points, strict=True)]
                reserve = score.hanging_out
            elif not deal.redeal:  # a redeal claim leaves the reserve as it was
                reserve = rules.scoring.reserve_after_all_pass(reserve)
            winner = rules.match.winner(end, board, score, score is not None and score.capot_team is not None)
            if score is not None and rules.match.mid_deal:
                # match.mid_deal: a short form has no trick order, so only a side that reached the target with its
                # belotes or declarations is known to be first; else the side ahead after the deal wins
                first = rules.match.first_to_reach(end, before, score, [])
                winner = winner if first is None else first
            rows.append(Row(number, deal, score, tuple(board), reserve))
            dealer = self.dealer_after(deal, score)
        return Reckoning(rows, dealer, winner, end.drawn, tuple(board), reserve, end.bar)

    def score(self, deal: Deal, reserve: int, name: str) -> DealScore:
        """The deal's score with ``reserve`` carried in and the seat after the dealer leading."""
        assert deal.outcome is not None, "an all-pass deal has no score"
        outcome = deal.outcome | {"hanging_in": reserve, "first_leader": self.ruleset.seating.next_seat(deal.dealer)}
        try:
            return score_outcome(self.ruleset, outcome)
        except OutcomeError as err:
            reasons = "; ".join(f"{location(where)}: {text}" if where else text for where, text in err.problems)
            raise EntryError(f"{name}: {reasons}") from None

    def dealer_after(self, deal: Deal, score: DealScore | None) -> int:
        """Who deals after ``deal``: the same dealer after an all-pass where the variant says so, the winner of
        the deal where the winner deals (belote-a-deux.md §B.3), else the next seat."""
        variant, table = self.ruleset.variant, self.ruleset.seating
        if deal.redeal or score is None and variant.deal.all_pass == AllPass.same_dealer.value:
            return deal.dealer
        if variant.deal.rotation == DealerRotation.deal_winner.value and score is not None:
            points = score.match_points
            if points.count(max(points)) == 1:
                return table.side_seats(points.index(max(points)))[0]
        if variant.deal.rotation == DealerRotation.alternate_team_random_seat.value:
            return table.side_seats((table.side_of[deal.dealer] + 1) % table.sides)[0]  # the table draws the seat
        return table.next_seat(deal.dealer)

    # ------------------------------------------------------------------ entering

    def add(self, outcome: Outcome | RedealClaim | None, dealer: int | None = None) -> Reckoning:
        """Enter the next deal (``None``: everybody passed; ``REDEAL``: a redeal was claimed); refused, with the
        sheet unchanged, if it cannot be scored or the match is over."""
        now = self.reckon()
        if now.over:
            raise EntryError("the match is over; undo or fix a deal to go on")
        if len(self.deals) >= MAX_DEALS:
            raise EntryError(f"the match has not ended after {MAX_DEALS} deals; no more can be entered")
        return self._commit([*self.deals, _deal(now.next_dealer if dealer is None else dealer, outcome)])

    def fix(self, number: int, outcome: Outcome | RedealClaim | None) -> Reckoning:
        """Replace deal ``number`` (from 1), keeping its dealer; every deal after it is scored again."""
        self._check_number(number)
        deals = list(self.deals)
        deals[number - 1] = _deal(deals[number - 1].dealer, outcome)
        return self._commit(deals)

    def undo(self) -> Reckoning:
        """Take back the last deal."""
        if not self.deals:
            raise EntryError("there is no deal to take back")
        return self._commit(self.deals[:-1])

    def _commit(self, deals: list[Deal]) -> Reckoning:
        reckoning = self.reckon(deals)  # raises before anything changes
        self.deals = deals
        return reckoning

    def _check_number(self, number: int) -> None:
        if not 1 <= number <= len(self.deals):
            raise EntryError(f"there is no deal {number}; the sheet has deals 1-{len(self.deals)}" if self.deals
                             else "there is no deal yet")

    def seat(self, text: str) -> int:
        """A seat as typed; :class:`EntryError` for anything but one of the table's seats."""
        return seat_of(text, self.ruleset.seating.players)

    # ------------------------------------------------------------------ the file

    def to_dict(self) -> dict[str, Any]:
        """The sheet as its file holds it (see :mod:`.store`)."""
        return {"variant": self.source, "names": list(self.names), "first_dealer": self.first_dealer,
                "deals": [d.to_dict() for d in self.deals]}


def _deal(dealer: int, entry: Outcome | RedealClaim | None) -> Deal:
    """A deal as entered: an outcome (copied), everybody passed (None), or a redeal claim."""
    if isinstance(entry, RedealClaim):
        return Deal(dealer, None, redeal=True)
    return Deal(dealer, copy.deepcopy(entry))


def seat_of(text: str, players: int) -> int:
    """A seat as typed at a table of ``players``; :class:`EntryError` for anything but one of its seats."""
    if not (text.strip().isascii() and text.strip().isdigit()) or not 0 <= int(text) < players:  # not '²'
        raise EntryError(f"a seat is a number, 0-{players - 1}, not {text.strip() or 'nothing'}")
    return int(text)
