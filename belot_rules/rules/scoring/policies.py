"""The capot and the reserve: rules of the pipeline over camps, each compiled once into a policy object.

:class:`CapotRule` scores a camp that took no trick (``scoring.capot``); :class:`ReserveRule` carries
the points of a tied deal to a later one (``scoring.reserve``). Both work on any number of camps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...variant.model import Variant
from .options import CapotTeam, ReserveGoesTo
from .result import HANGING, LITIGE, MADE, share_out

if TYPE_CHECKING:
    from .pipeline import DealTotals


class CapotRule:
    """``scoring.capot``: who scores the bonus when a camp takes no trick, and how."""

    def __init__(self, variant: Variant, tricks: int, players_apart: bool) -> None:
        capot = variant.scoring.capot
        self._tricks = tricks
        self._takers_only = capot.team == CapotTeam.takers_only
        self._replaces = capot.replaces_card_points
        self._shared = capot.shared
        self._players_apart = players_apart  # each camp a player: a takers-only capot is told per player

    def score(self, deal: DealTotals, without: list[int], ct: int, bonus: int) -> bool:
        """A camp that took no trick: the camp that took every trick scores the bonus, on top of its cards or
        instead of them (``replaces_card_points``, baloot.md §7.2 kaboot; then True). Under ``team: takers_only``
        (klaverjas.md §6.3) a defending camp's capot scores nothing more. Where players score apart
        (belote-a-trois.md §5, ADP) ``capot.shared`` lets the players who took tricks share the bonus equally
        when one player took none (50 each of 100)."""
        names = deal.names
        capot = deal.capot_team
        if capot is not None and self._takers_only and capot != ct and not self._players_apart:
            deal.note("{} took all {} tricks as defenders: no capot bonus, which only the takers score",
                      names[capot].capitalize(), self._tricks)
            return False
        if capot is not None and self._replaces:
            deal.note("Capot: {} took all {} tricks and scores {} instead of its cards ({})", names[capot],
                      self._tricks, bonus, deal.cards[capot])
            deal.cards[capot] = bonus
            return True
        if capot is None and not self._shared:
            return False
        scorers = [camp for camp in range(len(deal.cards)) if camp not in without]
        lost = [camp for camp in scorers if self._takers_only and camp != ct]
        shares = share_out(bonus, [1] * len(scorers))
        for camp, share in zip(scorers, shares):
            if camp not in lost:
                deal.bonus[camp] = share
        if capot is not None:
            deal.note("Capot: {} took all {} tricks +{}", names[capot], self._tricks, bonus)
        elif len(set(shares)) == 1:
            deal.note("Capot: {} took no trick: {} to each of the others", " and ".join(names[c] for c in without),
                      shares[0])
        else:
            deal.note("Capot: {} took no trick: the bonus {} is shared, {}", " and ".join(names[c] for c in without),
                      bonus, ", ".join(f"{names[camp]} +{share}" for camp, share in zip(scorers, shares)))
        if lost:
            deal.note("Only the taker scores a capot: {} scores no share", " and ".join(names[camp] for camp in lost))
        return False


class ReserveRule:
    """``scoring.reserve``: where the points of a tied deal wait, and who collects them."""

    def __init__(self, variant: Variant) -> None:
        reserve = variant.scoring.reserve
        self._accumulate = reserve.accumulate
        self._maker_only = reserve.goes_to == ReserveGoesTo.next_contract_maker
        self._kept_on_all_pass = reserve.kept_on_all_pass

    def award(self, verdict: str, winners: tuple[int, ...], hanging_in: int, new_reserve: int, points: list[int],
              deal: DealTotals) -> int:
        """Award the reserve carried in; return what waits after this deal.

        ``next_deal_winner`` (bulgarian.md §9.2): the deal's winners collect it (made -> takers,
        failed -> defenders, doubled -> more points), shared equally where several players win it.
        ``next_contract_maker`` (FFB-B 10.1.3): only a made contract collects it. A tied deal
        collects nothing; with ``accumulate`` its own reserve is added to what waits, without it
        only this deal's reserve waits.
        """
        if verdict in (HANGING, LITIGE):
            if not self._accumulate:
                if hanging_in:
                    deal.note("The reserve carried in ({}) is dropped: reserves do not accumulate", hanging_in)
                return new_reserve
            if hanging_in:
                deal.note("Reserve: {} carried in + {} = {} waits", hanging_in, new_reserve, hanging_in + new_reserve)
            return hanging_in + new_reserve
        if not hanging_in:
            return 0
        if verdict != MADE and self._maker_only:
            deal.note("The reserve carried in ({}) waits: only a made contract collects it", hanging_in)
            return hanging_in
        if len(winners) == 1:
            points[winners[0]] += hanging_in
            deal.note("Reserve carried in: {} to {}", hanging_in, deal.names[winners[0]])
            return 0
        shares = share_out(hanging_in, [1] * len(winners))
        for camp, share in zip(winners, shares):
            points[camp] += share
        deal.note("Reserve carried in: {} shared by {}", hanging_in,
                  ", ".join(f"{deal.names[camp]} +{share}" for camp, share in zip(winners, shares)))
        return 0

    def after_all_pass(self, hanging: int) -> int:
        """What waits after a deal everyone passed (bulgarian-options.md E16: kept, or lost as in NIK)."""
        return hanging if self._kept_on_all_pass else 0
