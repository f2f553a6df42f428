"""The camps of a deal, made by the seating for each declarer, and how a camp's score reaches the board.

A deal is scored between *camps*: the takers and the defenders. With partners (and where each
plays for himself) the camps are the board's sides; with ``taker_vs_rest`` the taker is one camp
and his opponents pool their points in the other, whose score is then shared among them
(belote-a-trois.md §3 one_vs_two). :class:`Camping` is that choice, compiled once from the
seating: ``camps(declarer)`` gives the deal's camps and ``to_sides`` the last step of the
pipeline, the camps' score distributed to the sides.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_
from ..declarations.melds import BELOTE, NOTHING, CampNames, Declaration, PlayerNames, Resolution
from ..table.seating import Seating
from .result import FAILED, DealScore, ScoreParts, share_out

TAKER, DEFENCE = 0, 1  # the camps of a pooled defence: the taker's and the defence's


@dataclass(frozen=True, slots=True)
class DealCamps:
    """The camps of one deal: which camp each seat plays in, which camp took the contract, and their names."""

    of_seat: tuple[int, ...]  # per seat: its camp
    of_side: tuple[int, ...]  # per side of the board: its camp
    takers: int  # the takers' camp
    count: int  # how many camps
    names: CampNames | PlayerNames  # how the explanation names the camps
    pooled: bool  # the defence is several sides pooled in one camp (resolve the contest by these camps)
    defence: tuple[int, ...]  # the defenders' camps, in play order after the takers' (a player's camp is his seat)
    nothing: Resolution  # no declaration scores

    def pool(self, per_side: tuple[int, ...] | list[int]) -> list[int]:
        """A number per side added up per camp (a camp is one side, or several sides pooled)."""
        if not self.pooled:
            return list(per_side)
        totals = [0] * self.count
        for side, camp in enumerate(self.of_side):
            totals[camp] += per_side[side]
        return totals


class Camping:
    """The deal's camps for each declarer, and the distribution of the camps' score to the board's sides."""

    def __init__(self, seating: Seating) -> None:
        self.seating = seating
        self.pooled = seating.sides != 2 and seating.kind == "taker_vs_rest"
        if self.pooled:
            self._camps = tuple(DealCamps(seating.camps[d], seating.camps[d], TAKER, 2, CampNames.of(seating, d), True,
                                          (DEFENCE,), NOTHING)
                                for d in seating.seats)  # a side is a player: a seat's camp is its side's
        else:  # the camps are the board's sides
            names = CampNames.of(seating) if seating.sides == 2 else PlayerNames.of(seating)
            count = seating.sides
            nothing = Resolution((), (), (0,) * count, (0,) * count)
            self._camps = tuple(DealCamps(seating.side_of, tuple(range(count)), seating.side_of[d], count, names, False,
                                          tuple((seating.side_of[d] + k) % count for k in range(1, count)), nothing)
                                for d in seating.seats)

    def camps(self, declarer: int) -> DealCamps:
        return self._camps[declarer]

    def to_sides(self, score: DealScore, declarer: int, side_points: tuple[int, ...] | list[int], last_side: int,
                 first_seat: int, kept: tuple[Declaration, ...], game_winner_seat: int | None) -> DealScore:
        """The camps' score on the board: as it is where the camps are the sides; a pooled defence's share
        per defender otherwise (:meth:`_share`). ``kept`` are the declarations that scored."""
        side_of = self.seating.side_of
        winner = None if game_winner_seat is None else side_of[game_winner_seat]
        if not self.pooled:
            return score if winner is None else score._replace(match_winner=winner)
        return self._share(score, declarer, side_points, last_side, first_seat, kept, winner)

    def _share(self, camp: DealScore, declarer: int, seat_points: tuple[int, ...] | list[int], last_seat: int,
               first_seat: int, kept: tuple[Declaration, ...], winner: int | None) -> DealScore:
        """The taker alone against the others (belote-a-trois.md §3 one_vs_two), scored per player.

        The deal was scored between the taker and the pooled defence, by the same rules as a team
        game. Each defender's raw parts are his own: the card points and last trick he took, the
        declarations and belote he declared (EXO: points counted as at four, where a declaration
        scores for its declarer's side); the capot bonus is the defence's. The defence's board
        points go to its players in proportion to those own points when the contract is made or
        hangs, in equal parts when the defence takes the deal whole ("the opponents share all
        points", belote-a-trois.md §5); an odd unit goes to the defender first in play order.
        """
        seating = self.seating
        camps = seating.camps[declarer]
        order = sorted((seat for seat in seating.seats if camps[seat]),
                       key=lambda seat: (seat - first_seat) % seating.players)
        taker, defence = camp.parts[TAKER], camp.parts[DEFENCE]
        columns = {name: [0] * seating.players for name in ScoreParts._fields}
        for name, value in taker._asdict().items():
            columns[name][declarer] = value
        if camps[last_seat]:
            columns["last_trick"][last_seat] = defence.last_trick
        own_cards = [seat_points[d] for d in order]
        own_melds = [sum([d.points for d in kept if d.seat == seat and d.kind != BELOTE]) for seat in order]
        own_belote = [sum([d.points for d in kept if d.seat == seat and d.kind == BELOTE]) for seat in order]
        for name, own in (("cards", own_cards), ("declarations", own_melds), ("belote", own_belote)):
            for seat, share in zip(order, share_out(getattr(defence, name), own if sum(own) else [1] * len(order))):
                columns[name][seat] = share
        own = [sum([columns[name][seat] for name in ("cards", "last_trick", "declarations", "belote")])
               for seat in order]
        equal = camp.verdict == FAILED or not sum(own)
        weights = [1] * len(order) if equal else own
        for seat, share in zip(order, share_out(defence.bonus, weights)):
            columns["bonus"][seat] = share
        parts = tuple(ScoreParts(*(columns[name][seat] for name in ScoreParts._fields)) for seat in seating.seats)
        raw = tuple(sum(part) for part in parts)
        match_points = [0] * seating.players
        match_points[declarer] = camp.match_points[TAKER]
        for seat, share in zip(order, share_out(camp.match_points[DEFENCE], weights)):
            match_points[seat] = share
        notes = tuple(camp.notes)
        if camp.match_points[DEFENCE]:
            how = (N_("equally") if equal else N_("by the points each defender took and declared")
                   if any(own_melds) or any(own_belote) else N_("by the card points each defender took"))
            notes += ((N_("The defence's {} is shared {}: {}"), (
                camp.match_points[DEFENCE], how, ", ".join(f"player {seat} {match_points[seat]}" for seat in order))),)
        return DealScore(raw, tuple(match_points), camp.hanging_out, camp.verdict, declarer, camp.multiplier,
                         declarer if camp.capot_team == TAKER else None, (False,) * seating.players, notes, parts, winner)
