"""The verdict of a deal: made, failed or tied, and how it is scored; one policy per kind of table.

Both policies take the camps' totals for the contract and give ``(verdict, how, winners)``:
``how`` is one of the ways :mod:`.treatment` scores a deal, ``winners`` the camps that win it
(those that collect a reserve carried in). A tie follows ``scoring.tie`` (:data:`TIE_RULES`);
doubling rules apply where two camps face each other (:class:`TakersAgainstDefence`); where each
plays for himself a doubled deal is judged as an undoubled one (:class:`TakerAgainstEach`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_
from ...variant.model import Variant
from ..said import Said
from .options import ContractAtStake, DoubledMade, DoubledTie, DoubledWinner, TakerMustBeat, Tie
from .result import ALL, FAILED, HALF, HANGING, LITIGE, MADE, POT, SPLIT, TIE

if TYPE_CHECKING:
    from .pipeline import DealTotals

# scoring.tie: the verdict of equal totals and how the deal is then scored.
TIE_RULES = {"hanging": (HANGING, TIE), "litige": (LITIGE, TIE), "taker_fails": (FAILED, ALL),
             "taker_makes": (MADE, SPLIT), "half_bete": (FAILED, HALF)}

Decision = tuple[str, str, tuple[int, ...]]  # verdict, how it is scored, the camps that win the deal


def is_capot_bid(bid: int | str | None, capot_bid_from: int) -> bool:
    """Whether a point bid asks for every trick: ``capot``, or a number from the auction's capot value."""
    return bid == "capot" or (isinstance(bid, int) and bid >= capot_bid_from)


class TakersAgainstDefence:
    """Two camps: the takers against the defenders, with point bids and the doubling rules."""

    def __init__(self, variant: Variant, capot_bid_from: int) -> None:
        s = variant.scoring
        self._tie_verdict, self._tie_how = TIE_RULES[s.tie]
        self._tie = s.tie
        self._each_own = s.contract == ContractAtStake.each_own  # no contract at stake (belote-a-deux.md §B.2, JCI)
        self._point_bids = variant.bidding.uses_points
        self._capot_bid_from = capot_bid_from
        self._doubled_tie = s.doubled_tie
        self._more_points = s.doubled_winner == DoubledWinner.more_points
        self._doubled_split = s.doubled_made == DoubledMade.each_team_own
        self._wait = TIE_RULES["litige" if s.tie == Tie.litige else "hanging"][0]  # a doubled tie all to the reserve

    def decide(self, test: tuple[int, ...], ct: int, others: tuple[int, ...], capot_team: int | None,
               bid: int | str | None, multiplier: int, deal: DealTotals) -> Decision:
        """Undoubled: made iff the takers have more (and, with point bids, reach the bid or take
        every trick for a capot bid); equal totals follow ``scoring.tie``. Doubled: equal totals
        all wait in reserve (``doubled_tie: all_to_reserve``, bulgarian.md §9.1), otherwise
        ``doubled_winner: more_points`` gives the deal to the team with more points whoever bid
        (HIT), or ``contract_result`` lets the contract's result decide. ``as_undoubled`` scores
        a doubled tie by ``scoring.tie``.
        """
        (df,) = others
        a, d = test[ct], test[df]
        if self._each_own:
            return MADE, SPLIT, (ct if a >= d else df,)
        doubled = multiplier > 1
        if doubled and a == d and self._doubled_tie == DoubledTie.all_to_reserve:
            deal.note("Equal totals under a double ({} = {}): everything waits for a later deal", a, d)
            return self._wait, POT, ()
        if doubled and a == d and self._doubled_tie == DoubledTie.taker_fails:
            deal.note("Failed: the takers ({}) have {}, as many as the defenders' {}; a doubled tie fails",
                      deal.names[ct], a, d)
            return FAILED, ALL, others
        if doubled and a != d and self._more_points:
            winner = ct if a > d else df
            deal.note("Doubled: {} has more points ({} to {}) and wins the deal", deal.names[winner], max(a, d),
                      min(a, d))
            return (MADE if winner == ct else FAILED), ALL, (winner,)
        verdict, text = self._contract_result(a, d, capot_team == ct, bid)
        if verdict == MADE and self._point_bids and bid is not None:
            text = _MADE_WITH_BID[text][0 if is_capot_bid(bid, self._capot_bid_from) else 1]
        deal.note(text, deal.names[ct], a, d, bid)
        if verdict in (HANGING, LITIGE):
            return verdict, TIE, ()
        if verdict == FAILED and a == d and self._tie_how == HALF:
            return verdict, HALF, others  # klaberjass.md: "the maker scores nothing, the opponent his own total"
        split = verdict == MADE and (not doubled or self._doubled_split)
        return verdict, (SPLIT if split else ALL), ((ct,) if verdict == MADE else others)

    def _contract_result(self, a: int, d: int, takers_capot: bool, bid: int | str | None) -> tuple[str, str]:
        """The verdict and its explanation template (values: takers' team, their total, defenders', bid)."""
        if self._point_bids and bid is not None:
            if is_capot_bid(bid, self._capot_bid_from):
                if not takers_capot:
                    return FAILED, N_("Failed: the takers ({}) did not take every trick (capot bid)")
            elif a < int(bid):
                return FAILED, N_("Failed: the takers ({0}) have {1}, less than the bid {3}")
        if a > d:
            return MADE, N_("Made: the takers ({0}) have {1}, more than the defenders' {2}")
        if a < d:
            return FAILED, N_("Failed: the takers ({}) have {}, less than the defenders' {}")
        if self._tie_verdict == MADE:
            return MADE, N_("Made: the takers ({0}) have {1}, as many as the defenders' {2}; a tie is made")
        if self._tie_verdict == FAILED:
            return FAILED, N_("Failed: the takers ({}) have {}, as many as the defenders' {}; a tie fails")
        return self._tie_verdict, _TIE_WAITS[self._tie_verdict]


# A made point bid's explanation says how the bid was reached: by every trick (a capot bid) or by its points; each
# sentence whole, so that a translation reads as one.
_MADE_WITH_BID = {
    N_("Made: the takers ({0}) have {1}, more than the defenders' {2}"): (
        N_("Made: the takers ({0}) have {1}, more than the defenders' {2}, and took every trick (capot bid)"),
        N_("Made: the takers ({0}) have {1}, more than the defenders' {2}, and reached the bid {3}")),
    N_("Made: the takers ({0}) have {1}, as many as the defenders' {2}; a tie is made"): (
        N_("Made: the takers ({0}) have {1}, as many as the defenders' {2}; a tie is made, and took every trick "
           "(capot bid)"),
        N_("Made: the takers ({0}) have {1}, as many as the defenders' {2}; a tie is made, and reached the bid {3}")),
}
# A tie whose takers' points wait for a later deal.
_TIE_WAITS = {HANGING: N_("Hanging: the takers ({0}) and the defenders have {1} each"),
              LITIGE: N_("Litige: the takers ({0}) and the defenders have {1} each")}


class TakerAgainstEach:
    """Each for himself at three or more: the taker against each other player, or the others together
    (``scoring.taker_must_beat``; belote-a-trois.md §3 each_for_self, debertz.md §9)."""

    def __init__(self, variant: Variant) -> None:
        s = variant.scoring
        self._tie_verdict, self._tie_how = TIE_RULES[s.tie]
        self._each_own = s.contract == ContractAtStake.each_own
        self._together = s.taker_must_beat == TakerMustBeat.others_together

    def decide(self, test: tuple[int, ...], ct: int, others: tuple[int, ...], capot_team: int | None,
               bid: int | str | None, multiplier: int, deal: DealTotals) -> Decision:
        names = deal.names
        if self._each_own:
            deal.note("No contract is at stake: each player records his own points")
            return MADE, SPLIT, (ct,)
        a = test[ct]
        if self._together:
            d = sum(test[camp] for camp in others)
            against = Said(N_("the others together ({})"), (d,))
        else:
            best = max(others, key=test.__getitem__)
            d = test[best]
            against = Said(N_("{} ({})"), (names[best], d))
        if a > d:
            each = against if self._together else Said(N_("each other player (the best: {})"), (against,))
            deal.note("Made: the taker ({}) has {}, more than {}", names[ct], a, each)
            return MADE, SPLIT, (ct,)
        if a < d:
            deal.note("Failed: the taker ({}) has {}, less than {}", names[ct], a, against)
            return FAILED, ALL, others
        verdict = self._tie_verdict
        deal.note("{}: the taker ({}) has {}, as many as {}", verdict.capitalize(), names[ct], a, against)
        return verdict, self._tie_how, (ct,) if verdict == MADE else () if self._tie_how == TIE else others
