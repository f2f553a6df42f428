"""The ways a judged deal reaches the board, per camp: each its own, the winners take all, a tie, a pot.

:class:`PairTreatment` scores two camps facing each other, rounding them as a pair (the tie
digit, ``min_one``, ``leader_then_remainder``) and giving a failed or doubled deal whole to its
winner; :class:`EachTreatment` scores players who score apart, each total rounded on its own and
a failed taker's points shared by the others. Both take the deal's per-camp totals and give the
points per camp, what goes to the reserve and which camps scored their belote alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...i18n import N_
from ...variant.model import Variant
from ..common import ByContract
from ..said import Said
from .options import DoubleRounding, MadeRounding, ReserveRounding
from .result import ALL, HALF, MADE, SPLIT, TIE, Each, Rounded, Terms, share_out
from .rounding import Rounder

if TYPE_CHECKING:
    from .pipeline import DealTotals

Treated = tuple[list[int], int, tuple[bool, ...]]  # points per camp, the new reserve, belote-only per camp
TO_WINNERS, KEPT, VOID = "to_winners", "kept", "void"  # what a losing side's component becomes


@dataclass(frozen=True, slots=True)
class Component:
    """A row of the treatment table: how one score component is scored."""

    doubled: bool  # contra and the other doubling levels multiply it
    counts_for_contract: bool  # it counts when deciding whether the contract is made
    on_failure: str  # TO_WINNERS / KEPT / VOID: the component of the side that loses the deal whole
    card_factor: ByContract[bool]  # scoring.card_factor multiplies it (cards and last trick; the capot as its
    # option says, by kind of contract)
    contract_factor: bool  # scoring.contract_factors multiply it


@dataclass(frozen=True, slots=True)
class Treatments:
    """The treatment table of the score components, compiled once from the options of each component's section.

    Cards and the last trick are always doubled, counted, lost to the winners and multiplied by the card
    factor; the capot bonus follows ``capot.multiplied_by_double`` and ``multiplied_by_card_factor``;
    declarations and belote their ``counts_for_contract`` and ``on_failure``, the belote
    also ``multiplied_by_double``. ``contract_factors`` multiply cards and last trick, and each other component
    as its ``multiplied_by_contract_factor`` says."""

    cards: Component
    capot: Component
    declarations: Component
    belote: Component

    def named(self) -> tuple[tuple[str, Component], ...]:
        """Each component's name and row, in the order a total names them."""
        return ((N_("cards"), self.cards), (N_("capot"), self.capot), (N_("declarations"), self.declarations),
                (N_("belote"), self.belote))

    def rows(self, deal: DealTotals) -> list[tuple[str, Sequence[int], Component]]:
        """Each component's name, its points per camp in ``deal`` and its row."""
        return [(name, values, row) for (name, row), values in zip(self.named(),
                                                                  (deal.cards, deal.bonus, deal.decl, deal.belote))]

    @classmethod
    def of(cls, variant: Variant) -> Treatments:
        decl, belote = variant.declarations, variant.declarations.belote
        capot = variant.scoring.capot
        always, never = ByContract(True), ByContract(False)
        return cls(Component(True, True, TO_WINNERS, always, True),
                   Component(capot.multiplied_by_double, True, TO_WINNERS, capot.multiplied_by_card_factor,
                             capot.multiplied_by_contract_factor),
                   Component(True, decl.counts_for_contract, decl.on_failure, never, decl.multiplied_by_contract_factor),
                   Component(belote.multiplied_by_double, belote.counts_for_contract, belote.on_failure, never,
                             belote.multiplied_by_contract_factor))


class _Treatment:
    """What both treatments compile from the options."""

    def __init__(self, variant: Variant) -> None:
        s = variant.scoring
        self.table = Treatments.of(variant)
        self._reserve_up = s.rounding.reserve == ReserveRounding.reserve_rounds_up
        self._round_multiplied = s.rounding.doubled != DoubleRounding.multiply_rounded_total
        self._belote_doubled = self.table.belote.doubled

    def _fates(self, verdict: str) -> dict[str, str]:
        """What each component of the side that loses the deal whole becomes: a doubled contract that is made
        takes the defenders' declarations whatever ``on_failure`` says (FFB-C/K 10.1)."""
        fates = {name: row.on_failure for name, row in self.table.named()}
        if verdict == MADE:
            fates["declarations"] = TO_WINNERS
        return fates

    def _multiplied(self, multiplier: int, total: int, rounder: Rounder, up: bool | None = None) -> int:
        """``rounding.doubled``: the multiplier times the rounded total (HIT, BIN: 4 × 21 = 84), or
        the multiplied total rounded (one reading of SF: round(848 / 10) = 85)."""
        if self._round_multiplied:
            return rounder.round(multiplier * total, up)
        return multiplier * rounder.round(total, up)


class PairTreatment(_Treatment):
    """Two camps: the takers' and the defenders'."""

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        s = variant.scoring
        self._leader_rounds = s.rounding.made == MadeRounding.leader_then_remainder
        self._min_one = s.rounding.min_one
        self._point_bids = variant.bidding.uses_points
        self._fixed_cards = s.point_bids.fixed_card_total
        self._fixed_capot = s.point_bids.fixed_capot_total

    def treat(self, how: str, deal: DealTotals, ct: int, others: tuple[int, ...], winners: tuple[int, ...],
              verdict: str, multiplier: int, bid_value: int, rounder: Rounder) -> Treated:
        (df,) = others
        if how in (SPLIT, HALF):
            points, only = self.split(deal, ct, df, bid_value, rounder, multiplier)
            if how == HALF:
                deal.note("Half bete: the takers ({}) score nothing, the defenders their own", deal.names[ct])
                points[ct] = 0
            return points, 0, only
        if how == ALL:
            (winner,) = winners
            points, only = self.winner_takes_all(deal, winner, df if winner == ct else ct, verdict, multiplier,
                                                 bid_value, rounder)
            return points, 0, only
        if how == TIE:
            return self.tie(deal, ct, df, multiplier, rounder)
        reserve = self.everything(deal, ct, df, set(), multiplier, bid_value, rounder, to_reserve=True)
        deal.note("Nobody scores; {} goes to the reserve", reserve)
        return [0] * len(deal.cards), reserve, (False,) * len(deal.cards)

    def split(self, deal: DealTotals, ct: int, df: int, bid_value: int, rounder: Rounder,
              multiplier: int = 1) -> tuple[list[int], tuple[bool, ...]]:
        """A made contract: each team records its own total (bulgarian.md §7-8, french.md §9).

        ``min_one`` (BIN, bulgarian.md §8): a non-zero total never records 0; it takes one unit from
        the leader. A doubled contract lands here under ``doubled_made: each_team_own`` (baloot.md
        §7.4: "multiply both teams' GP"), a belote that is not ``multiplied_by_double`` added after.
        """
        totals = [sum(parts) for parts in zip(deal.cards, deal.bonus, deal.decl, deal.belote)]
        if bid_value:
            deal.note("Bid added to the takers: {} + {} = {}", totals[ct], bid_value, totals[ct] + bid_value)
            totals[ct] += bid_value
        immune = () if multiplier == 1 or self._belote_doubled else deal.belote
        if immune:
            totals = [total - belote for total, belote in zip(totals, immune)]
        points = self.round_pair(totals, ct, df, rounder)
        deal.note("Rounding ({}): {}", rounder, Rounded((deal.names, tuple(totals), tuple(points))))
        if self._min_one:
            unit = rounder.scale
            for t, other in ((min(ct, df), max(ct, df)), (max(ct, df), min(ct, df))):
                if totals[t] > 0 and points[t] < unit:
                    points[other] -= unit - points[t]
                    points[t] = unit
                    deal.note("{} has points, so it records {}, taken from {}", deal.names[t].capitalize(), unit,
                              deal.names[other])
        if multiplier > 1:
            points = [multiplier * point + rounder.round(belote)
                      for point, belote in zip(points, immune or (0,) * len(points))]
            deal.note("Multiplier ×{}{}: {}", multiplier, N_(" (belote not multiplied)") if any(immune) else "",
                      Each((deal.names, tuple(points))))
        return points, tuple([point > 0 and total == belote for point, total, belote in zip(points, totals, deal.belote)])

    def round_pair(self, totals: list[int], ct: int, df: int, rounder: Rounder) -> list[int]:
        """Both teams' totals on the board.

        ``per_team``: each total rounded on its own, the tie digit going up for the team with
        fewer points (on equal totals the defenders count as fewer); ``pair_to_total`` then evens
        the pair out (baloot.md §7.1). ``leader_then_remainder`` (BIN): the leader rounds, the
        other gets the rounded deal total minus that.
        """
        if self._leader_rounds:
            points = [0] * len(totals)
            lead, other = (ct, df) if totals[ct] >= totals[df] else (df, ct)
            points[lead] = rounder.round(totals[lead], rounder.board_up(False))
            points[other] = rounder.round(sum(totals)) - points[lead]
            return points
        top, level = max(totals), totals[ct] == totals[df]
        return rounder.round_pair(totals, [rounder.board_up(total < top or (t == df and level))
                                           for t, total in enumerate(totals)])

    def winner_takes_all(self, deal: DealTotals, winner: int, loser: int, verdict: str, multiplier: int,
                         bid_value: int, rounder: Rounder) -> tuple[list[int], tuple[bool, ...]]:
        """A failed or doubled contract: the deal's winner records (nearly) everything.

        Bulgarian (bulgarian.md §7, §9.1): everything, incl. the losers' declarations and belotes,
        times the multiplier. French (french.md §9, §13): the losers keep their belote
        (``belote.on_failure: kept``), unmultiplied. The losers' declarations and belote go to the
        winners, are kept or are void as their ``on_failure`` says (:meth:`_fates`).
        """
        fates = self._fates(verdict)
        decl_fate, belote_fate = fates["declarations"], fates["belote"]
        name = deal.names[loser].capitalize()
        # each fate a phrase of its own for the catalogues, the winner's name a value the views put in their words
        if deal.decl[loser]:
            decl_goes = Said(N_("go to {}"), (deal.names[winner],))
            deal.note("{}'s declarations ({}) {}", name, deal.decl[loser], decl_goes if decl_fate == TO_WINNERS
                      else N_("are kept") if decl_fate == KEPT else N_("are void"))
        if deal.belote[loser]:
            belote_goes = Said(N_("loses its belote to {}"), (deal.names[winner],))
            deal.note("{} {} ({})", name, belote_goes if belote_fate == TO_WINNERS else N_("keeps its belote")
                      if belote_fate == KEPT else N_("loses its belote, which scores for nobody"), deal.belote[loser])
        kept = [(what, points) for what, points, fate in (("declarations", deal.decl[loser], decl_fate),
                                                          ("belote", deal.belote[loser], belote_fate))
                if fate == KEPT and points]
        points = [0] * len(deal.cards)
        not_given = {name for name, fate in fates.items() if fate != TO_WINNERS}
        points[winner] = self.everything(deal, winner, loser, not_given, multiplier, bid_value, rounder)
        if kept:
            total = sum([value for _, value in kept])
            points[loser] = rounder.round(total)
            parts = Said(N_("{} and {}"), tuple(w for w, _ in kept)) if len(kept) > 1 else kept[0][0]
            deal.note("{} records its {}: {} → {}", name, parts, total, points[loser])
        only = [what for what, _ in kept] == ["belote"]
        return points, tuple([only and camp == loser and points[camp] > 0 for camp in range(len(points))])

    def everything(self, deal: DealTotals, winner: int, loser: int, not_given: set[str], multiplier: int,
                   bid_value: int, rounder: Rounder, to_reserve: bool = False) -> int:
        """What a team (or, on a doubled tie, the reserve) gets when it takes the deal whole: each component of
        both camps, but those of the loser ``not_given`` (kept or void), a component its row keeps out of a
        double added after multiplying.

        With point bids a team taking every card scores ``fixed_card_total`` (160) or, after a
        capot, ``fixed_capot_total`` (250) instead of the cards and capot (french.md §13).
        """
        fixed = None
        if self._point_bids:
            fixed = self._fixed_cards if deal.capot_team is None else self._fixed_capot
        parts: list[tuple[str, int]] = [] if fixed is None else [(N_("cards (fixed)"), fixed)]
        apart: list[tuple[str, int]] = []  # parts the double does not multiply
        for name, values, row in self.table.rows(deal):
            if fixed is not None and name in ("cards", "capot"):
                continue
            value = values[winner] + (0 if name in not_given else values[loser])
            (apart if multiplier > 1 and not row.doubled else parts).append((name, value))
        parts.append(("bid", bid_value))
        total = sum([v for _, v in parts])  # lists: a generator costs more than these few parts
        unmultiplied = sum([v for _, v in apart])
        if to_reserve:  # a doubled tie: nobody takes the deal
            deal.note("The whole deal goes to the reserve: {} = {}", Terms(parts), total)
        else:
            deal.note("{} takes the deal: {} = {}", deal.names[winner].capitalize(), Terms(parts), total)
        if multiplier == 1:
            points = rounder.round(total)
            deal.note("Rounding ({}): {} → {}", rounder.single, total, points)
            return points
        points = self._multiplied(multiplier, total, rounder) + rounder.round(unmultiplied)
        apart_said = Said(N_(" + {} (not multiplied)"), (Terms(apart),)) if unmultiplied else ""
        deal.note("Multiplier ×{} ({}): {}{} → {}", multiplier, rounder.single, total, apart_said, points)
        return points

    def tie(self, deal: DealTotals, ct: int, df: int, multiplier: int, rounder: Rounder) -> Treated:
        """Equal totals, hanging or litige: the defenders record theirs, the takers' wait in reserve.

        ``reserve_rounds_up`` (SF/HIT, BIN; bulgarian.md §8): on the tie digit the reserve rounds
        up and the defenders down (154-154 all-trumps -> 15 + 16). ``same_as_board``: both round as
        the board rounds an equal total. A doubled tie scored ``as_undoubled`` multiplies both.
        """
        if self._reserve_up:
            defenders_up, reserve_up = False, True
        else:
            defenders_up = reserve_up = rounder.board_up(False)
        points = [0] * len(deal.cards)
        points[df] = self._multiplied(multiplier, deal.raw(df), rounder, defenders_up)
        reserve = self._multiplied(multiplier, deal.raw(ct), rounder, reserve_up)
        deal.note("Rounding ({}){}: defenders ({}) {} → {}; takers ({}) {} → {} to the reserve",
                  rounder, _times(multiplier), deal.names[df], deal.raw(df), points[df],
                  deal.names[ct], deal.raw(ct), reserve)
        only = points[df] > 0 and deal.raw(df) == deal.belote[df]
        return points, reserve, tuple([only and camp == df for camp in range(len(points))])


def _times(multiplier: int) -> str:
    """``, ×2`` after a rounding rule in a doubled deal; nothing undoubled."""
    return f", ×{multiplier}" if multiplier > 1 else ""


# What a failed taker keeps of his own, as the sentence his share ends with.
_KEEPS = {("declarations",): N_("; {} keeps his declarations ({})"), ("belote",): N_("; {} keeps his belote ({})"),
          ("declarations", "belote"): N_("; {} keeps his declarations and belote ({})")}


class EachTreatment(_Treatment):
    """Players who score apart (each for himself at three or more): each total rounded on its own."""

    def treat(self, how: str, deal: DealTotals, ct: int, others: tuple[int, ...], winners: tuple[int, ...],
              verdict: str, multiplier: int, bid_value: int, rounder: Rounder) -> Treated:
        """Made: every player records his own total. Failed: the taker records nothing (but a belote he
        keeps) and the points he took are shared equally by the others, an odd unit going to the first
        after him in play order ("the opponents share all points"). A tie: his total waits in reserve
        (hanging, litige) or he scores nothing (half bete), the others recording theirs. A doubled deal
        multiplies every player's points (``rounding.doubled``)."""
        names = deal.names
        totals = [deal.raw(camp) for camp in range(len(deal.cards))]
        new_reserve = 0
        if how == ALL:
            totals = self._taker_shared(deal, totals, ct, others)
        elif how in (HALF, TIE):
            raw = totals[ct]
            totals[ct] = 0
            if how == TIE:
                new_reserve = self._multiplied(multiplier, raw, rounder, True if self._reserve_up else None)
                deal.note("{}'s {} waits in reserve: {}", names[ct].capitalize(), raw, new_reserve)
            else:
                deal.note("Half bete: the taker ({}) scores nothing, the others their own", names[ct])
        points = [self._multiplied(multiplier, total, rounder) for total in totals]
        deal.note("Rounding ({}){}: {}", rounder.single, _times(multiplier),
                  Rounded((names, tuple(totals), tuple(points))))
        return points, new_reserve, tuple([points[c] > 0 and totals[c] == deal.belote[c] for c in range(len(points))])

    def _taker_shared(self, deal: DealTotals, totals: list[int], ct: int, others: tuple[int, ...]) -> list[int]:
        """A failed contract: the taker's declarations and belote go to the others, are kept or are void as
        their ``on_failure`` says, and the rest is shared by the others."""
        names = deal.names
        fates = (("declarations", deal.decl[ct], self.table.declarations.on_failure),
                 ("belote", deal.belote[ct], self.table.belote.on_failure))
        kept = sum([points for _, points, fate in fates if fate == KEPT])
        for what, void, fate in fates:
            if fate == VOID and void:
                deal.note(N_("{}'s declarations ({}) are void") if what == "declarations" else N_("{}'s belote ({}) is void"),
                          names[ct].capitalize(), void)
        given = totals[ct] - kept - sum([points for _, points, fate in fates if fate == VOID])
        shares = share_out(given, [1] * len(others))
        totals = list(totals)
        for camp, share in zip(others, shares):
            totals[camp] += share
        totals[ct] = kept
        keeps = tuple(w for w, p, f in fates if f == KEPT and p)
        given_to = ", ".join(f"{names[camp]} +{share}" for camp, share in zip(others, shares))
        deal.note("{}'s {} goes to the others: {}{}", names[ct].capitalize(), given, given_to,
                  Said(_KEEPS[keeps], (names[ct], kept)) if kept else "")
        return totals
