"""The heuristic bot's calls: bid what the hand can make, double what the opponents cannot.

Every bidding style goes through one rule: estimate the points the team takes
in each legal contract (:mod:`.hand_strength`, plus the declarations and belote
the hand holds, plus what the partner's calls say about the partner's hand),
then bid the contract with the widest margin over what it must make. A point
bid's margin is over the bid; otherwise over half the deal. A trump suit the
hand holds no card of is never bid unless the style forces a call (the turned
card counts where it goes to the taker).

Contra is called when the contract is beaten with a chance at which doubling pays
(the scoring's break-even, ``Margins.double_odds`` to set another), as the contra
model of :mod:`.doubling` (fitted from play-outs: the defender's trumps, side aces
and tens, the partner's calls and a point bid's height) says: the bid says what the
takers hope for, the defender's cards in their trump suit what they will find.
Measured between heuristic players (``python benchmarks/bidding.py --deals 2000
--pairs 1000 --seed 1``), this doubles 10.6% of Coinche contracts (73% of them are
beaten), each double gaining +171 match points (+114 to +228) played on both ways,
and the bot that doubles beats the same bot that never does by +8.3 match points a
deal (+4.0 to +12.6, 1,000 deal pairs). In Bulgarian a double pays only when the
contract is beaten about two times in three (bulgarian.md §7 and §9.1: beaten
undoubled it already gives the defenders every point), and the five cards the calls
are made on rarely say so: it doubles 0.3% of contracts, even with the bot that never
doubles (doubling at even odds, 2.0%, was even too). No rule on the cards seen at the
auction would reach much further: judged on other deals than it was fitted on
(``python benchmarks/double_reach.py --deals 10000``), a model of the defender's cards
finds 0.4% of contracts beaten that often, one that also saw his partner's five cards
1.8%, and one that saw all twenty dealt before the auction 2.6%; the three cards each
player gets after it decide the rest (at even odds the first would double 5.1%, each
double gaining -1.5 match points, -4.9 to +2.0: ``--odds 0.5``). Nor does bolder bidding make such contracts: at
a bid margin of 0.05 instead of 0.15, 27.4% of contracts fail instead of 24.9% and 0.6%
are doubled (``python benchmarks/bidding.py --variants bulgarian --pairs 0 --bid 0.05``),
while a first call made below the margin already loses against a pass (0.9 to 3.1 match
points where the hand covers half the deal by 10% to 15%: ``python benchmarks/bid_margin.py
--variants bulgarian --deals 8000``).
Near the end of a match the match decides, not the deal: a contract that takes the takers out
with any made result is doubled whatever the defender holds, and its takers do not redouble it
(:mod:`.match_stakes`; ``Margins.free_double``). In whole Bulgarian matches that doubles 3.8% of
the contracts played (``belot simulate --variant bulgarian --matches 1000``).
Recontra needs the takers to expect far more than half (``Margins.redouble``), as the
double says the defence is strong.

Ashkal (Baloot: Sun bid for the partner, who takes the turned card) is called
instead of Sun by a hand that would bid Sun and holds no card of the turned
suit: a lone high card is worth more beside the partner's cards of its suit.
Measured between heuristic players (2,500 Baloot deals, each played with the
usual call and with ashkal), ashkal lost 4 to 20 match points a deal whenever
the caller held the turned suit, and gained about 6 (40 deals, not yet
significant) for a void hand that covers Sun.

The schmeiss (Klaberjass's offer to abandon the deal) is the call of a marginal
hand: one that covers a take, but only just. The other player, who knows his
own cards in the suit, decides whether it is played: he refuses (and defends)
unless his hand is weak in that suit, since a maker who fails gives the
defender both totals; with a weak hand he accepts, as the maker would then
probably make it. Measured between heuristic players of Klaberjass (thousands
of round-1 positions played out every way), refusing gains the answerer points
on average unless his hand expects under about a quarter of the deal, and a
schmeiss of a hand that just covers a take scores within a few points of
taking.

A taker alone against two or more players (a table of three without partners,
whatever the taker must make: more than each other player or more than the
others together) holds a third of the cards, so his estimate rarely clears the
margin of a table of four or two, and then most deals are thrown in. Passing
costs him too: the deal is thrown in or an opponent takes. Measured between
heuristic players at such tables (thousands of first calls, each played out
once taken and once passed: benchmarks/bid_margin.py), taking gains the first
speaker points over passing once the estimate covers half the deal by about 5%
of the deal (made half the time or a little more), and loses below; so that is
the margin there. A chien the taker adds to his hand counts as that many
average cards: without it the first speaker at the 32-card table of three
passed hands that gain by taking.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import NamedTuple

from .. import kernel
from ..cards import SUIT_MASKS, SUIT_OF
from ..rules.bidding.calls import ASHKAL, CAPOT, PASS, PUSH, REDEAL, Call
from ..ruleset import Ruleset
from ..variant.model import CONCEALED, SUIT_CONTRACTS, Overcall, Schmeiss, contract_kind
from .bidding_kernel import CompiledCalls, compiled_calls
from .doubling import doubling_tables
from .hand_strength import TRUMP_SUIT, hand_valuer
from .match_stakes import match_stakes

DECLARATION_WEIGHT = 0.5  # declarations held may lose the contest or be cancelled
PASSED_PARTNER = 0.85  # a partner who passed holds less than an average hand
BIDDING_PARTNER = 1.1  # a partner who bid something holds high cards
NO_TRUMP_SUIT = ("no_trumps", "all_trumps")
CAPOT_NEED = 1.25  # a capot is bid only when the team's estimate is this far above the whole deal
SCHMEISS_BAND = 0.3  # a hand that covers a take by less than this share of the deal schmeisses instead
ANSWER_WEAK = -0.5  # a schmeiss is accepted when twice the hand's points fall short of the deal by this share
# How far a side's card points fall from the estimate of a bid made on half a hand, as a share of the deal: 5.6 of 28
# (twenty-nine, seat 0 bidding on its first four cards and laying its best suit, heuristic play, 381 deals).
POINT_SPREAD = 0.2


@dataclass(frozen=True, slots=True)
class Margins:
    """How bold the bot is: margins as fractions of the deal's points."""

    bid: float = 0.15  # a contract is bid when the team expects this much more than half the deal
    bid_alone: float = 0.05  # the same for a taker alone against two or more players (see the module's docstring)
    point_bid: float = 0.08  # a point bid is made when the estimate covers the bid plus this
    over_partner: float = 0.25  # bidding over one's partner needs a clearly better contract
    no_trump_suit: float = 0.2  # more for no-trumps and all-trumps, where the estimate errs more
    double_odds: float | None = None  # contra when the contract fails with this chance or more; None: where it pays
                                      # (.doubling.BREAK_EVEN, the scoring's)
    redouble: float = 0.6  # recontra when the contract team expects this much more than half
    free_double: bool = True  # contra whenever any made result takes the takers out of the match (.match_stakes)


def void_bid(call: Call, known: int) -> bool:
    """Whether ``call`` bids a trump suit ``known`` (the hand, with a turned card that goes to the taker) holds no
    card of: no bot makes it unless the bidding style forces a call."""
    return call.kind == "bid" and call.contract in TRUMP_SUIT and not known & SUIT_MASKS[TRUMP_SUIT[call.contract]]


class Standing(NamedTuple):
    """The auction so far, from one seat's side of the table (a tuple: one is read for every call)."""

    contract: str | None
    points: int | None
    declarer: int
    partner_contract: str | None
    partner_points: int | None
    partner_passed: bool

    @classmethod
    def read(cls, seat: int, calls: Sequence[tuple[int, Call]], partner_of: Sequence[int],
             ashkal: str | None = None) -> Standing:
        """The standing of ``calls``; ``partner_of`` gives each seat's partner (-1 at a table without partners),
        ``ashkal`` the contract an ashkal bids for the caller's partner."""
        contract = points = partner_contract = partner_points = None
        declarer = -1
        partner = partner_of[seat]
        partner_called = False
        for who, call in calls:
            if call.kind == "ashkal":
                call, who = Call("bid", ashkal), partner_of[who]
            if call.kind == "bid":
                contract, points, declarer = call.contract, call.points, who
                if who == partner:
                    partner_contract, partner_points = call.contract, call.points
            if who == partner:
                partner_called = True
        return cls(contract, points, declarer, partner_contract, partner_points,
                   partner_called and partner_contract is None)


class BiddingSense:
    """Chooses calls for one ruleset; the hand values come from :func:`hand_valuer`."""

    def __init__(self, ruleset: Ruleset, margins: Margins = Margins(), *, in_kernel: bool = True) -> None:
        """``in_kernel``: call in the compiled kernel where it is built and plays this bidding (.bidding_kernel)."""
        self.margins = margins
        self.valuer = hand_valuer(ruleset)
        self.seating = seating = ruleset.seating
        self.partner_of = tuple(seating.partner(seat) for seat in seating.seats)
        # The points of the cards dealt, on average, and a seat's expected share of them.
        dealt = seating.players * seating.hand_size / seating.pack_size
        self.total = {c: total * dealt for c, total in self.valuer.total.items()}
        self.share = {c: total / seating.players for c, total in self.total.items()}
        # The chien the taker adds to his hand (and whose discards count for him), as average cards.
        chien = ruleset.dealing.widow_size / seating.pack_size
        self._chien = {c: chien * total for c, total in self.valuer.total.items()}
        self.turned_to_taker = ruleset.dealing.turned_to_taker
        # A taker without a partner at a table of three or more plays alone against the others.
        self.alone_against_many = not seating.partners and seating.players > 2
        # Whether the defenders are two (a partner's or a fellow defender's cards help them).
        self.defence_pair = seating.players > 2
        self.declarations = ruleset.declarations
        self.belote_points = ruleset.variant.declarations.belote.points
        self.point_bids = ruleset.variant.bidding.uses_points
        self.ashkal = ruleset.bidding.ashkal  # the contract an ashkal bids for the partner, or None
        self.confirms_own = ruleset.variant.bidding.overcall == Overcall.higher_kind_seat_priority.value
        self.schmeiss = ruleset.variant.bidding.schmeiss != Schmeiss.none.value
        # A contract worth more is preferred when it can be made.
        factors = ruleset.variant.scoring.contract_factors
        self._weight = {c: factors.of(c) / self.total[c] for c in self.total}
        # Sequences and quads depend on whether the contract has them and on its quad table, not on its trump.
        self._declaration_key = {c: (self.declarations.allows("sequence", c), contract_kind(c) == "no_trumps") for c in self.total}
        # The points a bid must leave over its target, per contract: alone, and over the partner's contract
        # (no-trumps and all-trumps need more, their estimate errs more).
        bid = margins.point_bid if self.point_bids else margins.bid_alone if self.alone_against_many else margins.bid
        odd = {c: margins.no_trump_suit if c in NO_TRUMP_SUIT else 0.0 for c in self.total}
        self._bid_need = {c: (self._need(c, bid + odd[c]), self._need(c, bid + margins.over_partner + odd[c]))
                          for c in self.total}
        self._brackets = brackets_by_bid(ruleset, self.total)
        self._over_partner_need = margins.over_partner * max(self.total.values())
        self._bracket_need = {bid: spread * NormalDist().inv_cdf(min(max(failed / (made + failed or 1), 0.01), 0.99))
                              for bid, (made, failed, spread) in self._brackets.items()}
        self._redeal = ruleset.variant.deal.redeal_claim.enabled  # whether a redeal may ever be offered
        self._partners = seating.partners
        # A partner's expected share when it bid another contract, when it passed, and otherwise (_partner_share).
        self._bidding_share = {c: share * BIDDING_PARTNER for c, share in self.share.items()}
        self._passed_share = {c: share * PASSED_PARTNER for c, share in self.share.items()}
        self._doubling = doubling_tables(ruleset, margins.double_odds)
        self._stakes = match_stakes(ruleset)
        self._kernel_calls = compiled_calls(ruleset, margins) if in_kernel else None
        self._kernel_hand, self._kernel_declared = -1, (0.0, 0.0)  # a hand and its declarations, as the kernel reads them
        self._hand = -1  # the hand whose worth is in ``_worth`` (a seat keeps its hand through the auction)
        self._worth: dict[str, tuple[float, float]] = {}
        self._declared: dict[tuple[bool, bool], float] = {}

    def worth(self, known: int, contract: str) -> tuple[float, float]:
        """The points ``known`` is expected to take in ``contract``, and the declaration and belote points it holds."""
        if known != self._hand:
            self._hand, self._worth, self._declared = known, {}, {}
        found = self._worth.get(contract)
        if found is None:
            key = self._declaration_key[contract]
            held = self._declared.get(key)
            if held is None:
                held = self._declared[key] = DECLARATION_WEIGHT * sum(
                    d.points for d in self.declarations.held(known, contract)) if key[0] else 0.0
            held += self.belote_points * len(self.declarations.belote_suits(known, contract))
            found = self._worth[contract] = (self.valuer.points(known, contract), held)
        return found

    def choose(self, seat: int, hand: int, calls: Sequence[tuple[int, Call]], turned_card: int,
               legal: Sequence[Call], board: Sequence[int] = (), hanging_in: int = 0) -> Call:
        """The call ``seat`` makes holding ``hand`` (a turned card goes to whoever takes), with the match at
        ``board`` before the deal and ``hanging_in`` in reserve."""
        if self._redeal and REDEAL in legal:  # offered only to a hand without the ranks that count (Baloot's
            return REDEAL                     # kawesh): void the deal
        free = self.free_double(seat, calls, legal, board, hanging_in)
        if free is not None:
            return free
        legal = self.worth_calling(seat, calls, legal, board, hanging_in)
        standing = Standing.read(seat, calls, self.partner_of, self.ashkal)
        known = hand | (1 << turned_card if turned_card >= 0 and self.turned_to_taker else 0)
        if self.schmeiss and legal[0].kind == "accept":
            return self._answer(known, calls[-1][1], turned_card, legal)
        ours = standing.declarer >= 0 and self.seating.same_side(standing.declarer, seat)
        in_kernel, compiled = self._kernel_calls, kernel.compiled
        if in_kernel is not None and compiled is not None and standing.points is None \
                and standing.partner_points is None:
            codes = in_kernel.codes(legal)
            if codes is not None:  # the calls below, in C
                index = in_kernel.index
                at = compiled.call(in_kernel.packed, known, *self._declared_in_kernel(known, in_kernel),
                                   -1 if standing.contract is None else index[standing.contract],
                                   -1 if standing.partner_contract is None else index[standing.partner_contract],
                                   standing.partner_passed, ours, codes)
                return PASS if at < 0 else legal[at]
        for call in legal:
            if call.kind in ("double", "redouble"):
                doubled = standing.contract
                assert doubled is not None, "a double offered with no contract standing"
                if ours and self._margin(doubled, known, standing, standing.points) >= self._need(
                        doubled, self.margins.redouble):
                    return call
                if not ours and self._doubling.score(known, doubled, standing.partner_passed,
                                                     standing.partner_contract is not None,
                                                     self.level(doubled, standing.points)) >= 0:
                    return call
        if self.confirms_own and standing.declarer == seat:
            return PASS  # asked to confirm its own contract or switch (Baloot): it chose it already
        # The contract with the widest margin for its size (the first of equals), bid as high as the estimate allows.
        over = standing.partner_contract if ours else None  # bidding another contract is bidding over the partner
        forced = PASS not in legal  # someone must name a contract: the best one, however poor
        viable = []
        best, best_ratio = "", 0.0
        teams: dict[str, tuple[float, float]] = {}  # a point bid's ladder lists its contract many times
        margin_of, bid_need, total, bracket_need = self._margin_of, self._bid_need, self.total, self._bracket_need
        plain = not self.point_bids  # then a margin is _margin_of's over half the deal, inline
        for call in legal:
            if call.kind != "bid" or (not forced and void_bid(call, known)):
                continue  # a trump suit the hand holds none of: only where a call is forced
            contract = call.contract
            assert contract is not None, "a bid names its contract"
            team = teams.get(contract)
            if team is None:
                team = teams[contract] = self._team(contract, known, standing)
                if bracket_need:  # an opponent who passed holds less than an average hand, as a partner who passed
                    team = teams[contract] = (team[0] + self._passed_against(seat, calls, contract), team[1])
            if plain and call.points is None:
                margin = 2 * team[0] + team[1] - total[contract]
            else:
                margin = margin_of(contract, team, call.points)
            if bracket_need and call.points in bracket_need:  # over the partner's bid: only a clearly better hand,
                margin -= bracket_need[call.points] + (over is not None) * self._over_partner_need  # the side's target rises
            else:
                margin -= bid_need[contract][over is not None and contract != over]
            if margin >= 0 or forced:
                viable.append(call)
                ratio = margin * self._weight[contract]
                if not best or ratio > best_ratio:
                    best, best_ratio = contract, ratio
        if not viable:
            return PASS
        if best_ratio < 0 and PUSH in legal:  # a push auction: no contract this hand covers, the partner chooses
            return PUSH
        options = [c for c in viable if c.contract == best]
        if best_ratio < 0:  # a forced call the hand does not cover: as low as possible
            return min(options, key=lambda c: c.points or 0)
        if self.schmeiss and best_ratio < SCHMEISS_BAND:  # only just a take: offer to abandon the deal
            offer = next((c for c in legal if c.kind == "schmeiss"
                          and (c.contract or SUIT_CONTRACTS[SUIT_OF[turned_card]]) == best), None)
            if offer is not None:
                return offer
        if best == self.ashkal and ASHKAL in legal and turned_card >= 0 and not hand & SUIT_MASKS[SUIT_OF[turned_card]]:
            return ASHKAL  # the turned card is worth more beside the partner's cards of its suit than alone here
        if bracket_need:  # game points by bracket: the bid worth most on average, the lowest of equals
            return max(options, key=lambda c: (self._expected(teams[best], c.points or 0), -(c.points or 0)))
        return max(options, key=lambda c: c.points or 0)

    def free_double(self, seat: int, calls: Sequence[tuple[int, Call]], legal: Sequence[Call], board: Sequence[int],
                    hanging_in: int) -> Call | None:
        """The double of a defender whom the match makes it free for (:mod:`.match_stakes`), or None."""
        double = next((call for call in legal if call.kind == "double"), None)
        if double is None or not self._goes_out(seat, calls, board, hanging_in, False):
            return None
        return double

    def worth_calling(self, seat: int, calls: Sequence[tuple[int, Call]], legal: Sequence[Call],
                      board: Sequence[int], hanging_in: int) -> Sequence[Call]:
        """``legal`` without a redouble of a contract that takes its side out of the match whatever it makes: made,
        it wins the match doubled or not, so a redouble only adds to a failure."""
        if any(call.kind == "redouble" for call in legal) and self._goes_out(seat, calls, board, hanging_in, True):
            return [call for call in legal if call.kind != "redouble"]
        return legal

    def _goes_out(self, seat: int, calls: Sequence[tuple[int, Call]], board: Sequence[int], hanging_in: int,
                  ours: bool) -> bool:
        """Whether the standing contract, bid by ``seat``'s side (``ours``) or by the others, takes its side out
        of the match whatever it makes, if made (:meth:`.match_stakes.MatchStakes.goes_out`)."""
        if not board or not self.margins.free_double:
            return False
        standing = Standing.read(seat, calls, self.partner_of, self.ashkal)
        return standing.contract is not None and self.seating.same_side(standing.declarer, seat) == ours \
            and self._stakes.goes_out(board, standing.contract, standing.declarer, standing.points, hanging_in)

    def _passed_against(self, seat: int, calls: Sequence[tuple[int, Call]], contract: str) -> float:
        """What the passes of ``seat``'s opponents leave to its side: each holds less than an average hand
        (``PASSED_PARTNER``), and the points it does not hold fall to either side alike."""
        same_side = self.seating.same_side
        passed = len({who for who, call in calls if call.kind == "pass" and not same_side(who, seat)})
        return passed * (1.0 - PASSED_PARTNER) * self.share[contract] / 2

    def _expected(self, team: tuple[float, float], points: int) -> float:
        """The game points a bid of ``points`` is worth on average to a side whose estimate is ``team``
        (:func:`bracket_needs`)."""
        made, failed, spread = self._brackets[points]
        chance = 1.0 - NormalDist(team[0] + team[1], spread).cdf(points - 0.5)
        return chance * made - (1.0 - chance) * failed

    def _declared_in_kernel(self, known: int, in_kernel: CompiledCalls) -> tuple[float, float]:
        """What :meth:`worth` counts of the sequences and quads ``known`` holds, per declaration key."""
        if known != self._kernel_hand:
            self._kernel_hand = known
            first, second = (DECLARATION_WEIGHT * sum(d.points for d in self.declarations.held(known, c))
                             if c is not None else 0.0 for c in in_kernel.representatives)
            self._kernel_declared = first, second
        return self._kernel_declared

    def opening_margin(self, seat: int, hand: int, turned_card: int, bid: Call) -> float:
        """How far ``hand`` covers ``bid`` as the auction's first call, as a share of the deal: what the bid
        margins (``Margins.bid``, ``Margins.bid_alone``) are compared with."""
        known = hand | (1 << turned_card if turned_card >= 0 and self.turned_to_taker else 0)
        standing = Standing.read(seat, (), self.partner_of, self.ashkal)
        assert bid.contract is not None, "a bid names its contract"
        return self._margin(bid.contract, known, standing, bid.points) / self.total[bid.contract]

    def double_margin(self, seat: int, hand: int, calls: Sequence[tuple[int, Call]], turned_card: int) -> float:
        """How far the defence ``seat`` sits in is expected to beat the standing contract, as a share of the deal:
        what the contra margin (``Margins.double``) is compared with."""
        known = hand | (1 << turned_card if turned_card >= 0 and self.turned_to_taker else 0)
        standing = Standing.read(seat, calls, self.partner_of, self.ashkal)
        assert standing.contract is not None, "a double needs a contract standing"
        return self._defence_margin(known, standing, standing.contract) / self.total[standing.contract]

    def level(self, contract: str, points: int | None) -> float:
        """How high a point bid is, as a share of the deal (a capot as ``CAPOT_NEED``); 0 without points."""
        if points is None:
            return 0.0
        return min(points / self.total[contract], CAPOT_NEED)

    def _answer(self, known: int, offered: Call, turned_card: int, legal: Sequence[Call]) -> Call:
        """Accept a schmeiss when this hand is weak in the suit offered (``ANSWER_WEAK``), else refuse it."""
        contract = offered.contract or SUIT_CONTRACTS[SUIT_OF[turned_card]]
        points_taken, extras = self.worth(known, contract)
        accept, refuse = legal
        total = self.total[contract]
        return accept if 2 * (points_taken + extras) - total < ANSWER_WEAK * total else refuse

    def _need(self, contract: str, fraction: float) -> float:
        return fraction * self.total[contract]

    def _partner_share(self, contract: str, standing: Standing) -> float:
        """What the partner's cards are expected to take in ``contract``, from the calls."""
        if not self._partners:
            return 0.0
        if standing.partner_contract == contract and contract != CONCEALED:  # a concealed trump: a bid names no suit
            total, base = self.total[contract], self.share[contract]
            implied = standing.partner_points if standing.partner_points is not None else total / 2
            return max(base, min(implied, total) - base)
        if standing.partner_contract is not None:
            return self._bidding_share[contract]
        return self._passed_share[contract] if standing.partner_passed else self.share[contract]

    def _margin(self, contract: str, known: int, standing: Standing, points: int | None) -> float:
        """Expected points over what the contract must make (half the deal, or the bid)."""
        return self._margin_of(contract, self._team(contract, known, standing), points)

    def _team(self, contract: str, known: int, standing: Standing) -> tuple[float, float]:
        """What :meth:`_margin` reads of the hand and the calls: the points the team is expected to take in
        ``contract``, and the declaration and belote points ``known`` holds."""
        points_taken, extras = self.worth(known, contract)
        return points_taken + self._chien[contract] + self._partner_share(contract, standing), extras

    def _margin_of(self, contract: str, team_extras: tuple[float, float], points: int | None) -> float:
        """:meth:`_margin` from :meth:`_team`'s estimate."""
        team, extras = team_extras
        if points == CAPOT:  # every trick: declarations do not help, and the estimate must be far above the deal
            return team - CAPOT_NEED * self.total[contract]
        if self.point_bids:
            assert points is not None, "a point bid names its points"
            return team + extras - points
        return 2 * team + extras - self.total[contract]

    def _defence_margin(self, known: int, standing: Standing, contract: str) -> float:
        """How far the defenders expect to beat the opponents' standing ``contract``."""
        total = self.total[contract]
        share = self.share[contract] * (PASSED_PARTNER if standing.partner_passed else
                                                 BIDDING_PARTNER if standing.partner_contract else 1.0)
        if not self.defence_pair:
            share = 0.0
        points_taken, extras = self.worth(known, contract)
        defence = points_taken + share + extras
        return 2 * defence - total



def brackets_by_bid(ruleset: Ruleset, total: dict[str, float]) -> dict[int, tuple[int, int, float]]:
    """Under game points by bid bracket (twenty-eight.md §6, twenty-nine.md §7), per bid its bracket's game points
    made and failed and how far the side's points spread about the estimate (``POINT_SPREAD`` of the deal). A bid is
    worth making when its chance to be made beats failed / (made + failed): Twenty-Nine's +1 / -1, an even chance;
    Twenty-Eight's 14-19, +1 / -2, two in three. Empty where deals are scored in card points."""
    brackets = ruleset.variant.scoring.game_points.brackets
    points = ruleset.variant.bidding.points
    if not brackets or not ruleset.variant.bidding.uses_points:
        return {}
    spread = POINT_SPREAD * max(total.values())
    found = {}
    for bid in range(points.minimum, points.maximum + 1, points.step):
        bracket = ([b for b in brackets if b.bid <= bid] or brackets)[-1 if bid >= brackets[0].bid else 0]
        found[bid] = (bracket.made, bracket.failed, spread)
    return found
