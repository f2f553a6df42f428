"""Bidding strategies: the legal calls of an auction and the contract it ends in.

One class per bidding style of ``Variant.bidding.style``, chosen once by
:func:`build_bidding`; the strategy holds no per-deal state. The calls and the
auction's state are in :mod:`.calls`.
"""

from __future__ import annotations

from ...cards import RANKS
from ...i18n import N_
from ...variant.model import (
    CONCEALED,
    SUIT_CONTRACTS,
    BiddingStyle,
    FirstSpeaker,
    ForcedCall,
    LaterRoundPriority,
    OverbidAfterDouble,
    Overcall,
    Round1Contracts,
    Round2TurnedSuit,
    Schmeiss,
    Variant,
    contract_kind,
)
from ..deal.redeal import REDEAL, may_claim
from ..said import Listed, Reason, Said
from ..table.seating import Seating
from .calls import (
    ANSWERS,
    ASHKAL,
    CAPOT,
    DOUBLE,
    PASS,
    REDOUBLE,
    SCHMEISS,
    Auction,
    Call,
    IllegalCall,
    point_bids_said,
    point_range,
    summarize,
)

NEVER = 1 << 30  # a number of calls no auction reaches
KIND_RANK = {"suit": 0, "no_trumps": 1, "all_trumps": 2}  # which kind of contract overcalls which
# Options compared at every call, as module constants: reading a member from its enum's class costs a lookup.
NO_OVERCALL = Overcall.none
OVERBID_FORBIDDEN, OVERBID_CONTRACT_TEAM_ONLY = (OverbidAfterDouble.forbidden,
                                                 OverbidAfterDouble.contract_team_only)




def speaks_before(auction: Auction, seat: int, other: int) -> bool:
    """Whether ``seat`` comes before ``other`` in the order of speaking (it has priority)."""
    first, players = auction.first_seat, auction.players
    return (seat - first) % players < (other - first) % players


class Bidding:
    """Shared parts of every style: doubling, the end of the auction, applying calls."""

    deal_fixes_trump = False  # no auction: the last card dealt names trump (NoBidding)

    def __init__(self, variant: Variant, seating: Seating) -> None:
        bidding = variant.bidding
        doubles = bidding.doubles
        self.players = seating.players
        self.side_of = seating.side_of
        self.partner = tuple(seating.partner(seat) for seat in seating.seats)
        self.camps = seating.camps  # camps[declarer][seat]: 0 takers, 1 defenders; a camp answers a double together
        self.contracts: tuple[str, ...] = tuple(bidding.contracts)
        self.rank = {c: i for i, c in enumerate(self.contracts)}
        self.max_level = doubles.max_level
        self.multipliers = (1, *doubles.multipliers)
        self.overbid_after_double = doubles.overbid_after_double
        self.redouble_ends = doubles.redouble_ends_auction
        self.after_bidding = doubles.after_bidding and doubles.max_level > 0
        self.match_winning_level = doubles.match_winning_level or 0
        self.condition_kinds: frozenset[str] = frozenset(doubles.condition.applies.kinds())
        self.doubler_below, self.taker_above = doubles.condition.doubler_below, doubles.condition.taker_above
        self.dealer_speaks_first = bidding.first_speaker == FirstSpeaker.dealer
        ashkal = bidding.ashkal
        self.ashkal = ashkal.contract if ashkal.enabled else None
        self.ashkal_positions = frozenset(p - 1 for p in ashkal.speakers)
        self.ashkal_barred_ranks = frozenset(RANKS.index(r) for r in ashkal.not_on_ranks)
        self.redeal = variant.deal.redeal_claim.enabled
        self.redeal_ranks = " ".join(variant.deal.redeal_claim.without_ranks)  # the ranks that bar the claim
        # Calls after which an auction without a contract is void, and the call that may not be a pass.
        rounds = bidding.rounds if bidding.in_rounds or bidding.uses_turned_card else 1
        self.void_at = seating.players * rounds
        forced = bidding.forced_call
        self.forced_at = {ForcedCall.none: -1, ForcedCall.first_speaker: 0,
                          ForcedCall.last_speaker: self.void_at - 1,
                          ForcedCall.first_speaker_again: self.void_at}[forced]
        if forced != ForcedCall.none:
            self.void_at = NEVER

    def auction(self, first_seat: int, turned_suit: int = -1) -> Auction:
        """A new auction opened by ``first_seat``."""
        return Auction(first_seat, self.players, turned_suit)

    def legal_calls(self, auction: Auction) -> tuple[Call, ...]:
        """Every call the seat to act may make."""
        if auction.doubling:
            return (PASS, self._raise(auction)) if self._may_raise(auction) else (PASS,)
        calls = self._calls(auction)
        if len(auction.calls) == self.forced_at and auction.contract is None:  # must_call, inline
            return calls[1:]  # the pass, always first, is not allowed
        return calls

    def _calls(self, auction: Auction) -> tuple[Call, ...]:
        """The calls of the bidding itself, the pass first."""
        bids = self._bids(auction)
        calls = [PASS, *bids]
        if self.ashkal is not None and self._may_ashkal(auction, bids):
            calls.append(ASHKAL)
        if auction.contract is not None and not self.after_bidding and self._may_raise(auction):
            calls += self._doubles(auction)
        if self.redeal and may_claim(auction, self.players):
            calls.append(REDEAL)
        return tuple(calls)

    def _may_ashkal(self, auction: Auction, bids: list[Call]) -> bool:
        """Ashkal: where the seat could bid the ashkal contract itself, from its place in the order of
        speaking and unless the turned card's rank bars it."""
        return ((auction.to_act - auction.first_seat) % self.players in self.ashkal_positions
                and auction.turned_rank not in self.ashkal_barred_ranks
                and any(b.contract == self.ashkal and b.points is None for b in bids))

    def must_call(self, auction: Auction) -> bool:
        """Whether the seat to act may not pass (a forced call: Bela's mus, Klaverjas's verplicht)."""
        return len(auction.calls) == self.forced_at and auction.contract is None

    def multiplier(self, auction: Auction) -> int:
        return self.multipliers[auction.level]

    def wins_match(self, level: int) -> bool:
        """Whether a deal doubled to ``level`` decides the whole match (Baloot's gahwa)."""
        return 0 < self.match_winning_level <= level

    def _raise(self, auction: Auction) -> Call:
        return DOUBLE if auction.level == 0 else REDOUBLE

    def _may_raise(self, auction: Auction) -> bool:
        """Whether the contract may be doubled once more at all: below the top level and, for a
        first double under a condition, only by a team behind on the board."""
        if auction.level >= self.max_level:
            return False
        if auction.level or auction.contract is None or contract_kind(auction.contract) not in self.condition_kinds:
            return True
        taker = self.side_of[auction.declarer]
        doubler = max(points for side, points in enumerate(auction.board) if side != taker)
        return doubler < self.doubler_below and auction.board[taker] > self.taker_above

    def _doubles(self, auction: Auction) -> list[Call]:
        seat_team, holder_team = self.side_of[auction.to_act], self.side_of[auction.declarer]
        # Even levels are raised by the opponents of the contract (contra), odd ones by its team.
        if (auction.level % 2 == 0) == (seat_team != holder_team):
            return [self._raise(auction)]
        return []

    def _may_overbid(self, auction: Auction) -> bool:
        if auction.level == 0:
            return True
        rule = self.overbid_after_double
        if rule == OVERBID_FORBIDDEN:
            return False
        if rule == OVERBID_CONTRACT_TEAM_ONLY:
            return self.side_of[auction.to_act] == self.side_of[auction.declarer]
        return True

    def _bids(self, auction: Auction) -> list[Call]:
        raise NotImplementedError

    def apply(self, auction: Auction, call: Call) -> None:
        """Apply a call (already checked legal) to ``auction``."""
        seat = auction.to_act
        auction.calls.append((seat, call))
        kind = call.kind
        if kind == "redeal":  # the deal is void (rules/deal/redeal.py)
            auction.finished = True
            return
        if kind == "pass":
            auction.passes += 1
        else:
            auction.passes = 0
            if kind == "bid":
                auction.contract, auction.points, auction.declarer, auction.level = (
                    call.contract, call.points, seat, 0)
            elif kind == "ashkal":
                auction.contract, auction.points, auction.declarer, auction.level = (
                    self.ashkal, None, self.partner[seat], 0)
            else:
                auction.level += 1
        if auction.doubling:
            auction.finished = self._doubling_over(auction)
            if not auction.finished:
                self._ask_camp(auction, seat)
            return
        auction.finished = self._is_over(auction)
        if auction.finished and self.after_bidding and auction.contract is not None:
            self._open_doubling(auction)

    def _open_doubling(self, auction: Auction) -> None:
        """The bidding is over: the doubling round begins with the opponent after the taker."""
        auction.doubling, auction.passes, auction.finished = True, 0, not self._may_raise(auction)
        auction.doubling_from = len(auction.calls)
        self._ask_camp(auction, auction.declarer)

    def _asked_camp(self, auction: Auction) -> tuple[int, ...]:
        """The seats that may raise the doubling now: the defenders at even levels, the takers at odd ones."""
        camp = self.camps[auction.declarer]
        asked = 1 - auction.level % 2
        return tuple(seat for seat in range(self.players) if camp[seat] == asked)

    def _ask_camp(self, auction: Auction, after: int) -> None:
        """Give the turn to the next seat after ``after``, in play order, of the camp asked now
        (at a table of three both defenders are asked, one after the other)."""
        asked = self._asked_camp(auction)
        steps = next(k for k in range(1, self.players + 1) if (after + k) % self.players in asked)
        auction.skip += ((after + steps) - auction.to_act) % self.players

    def _doubling_over(self, auction: Auction) -> bool:
        """Every player of the camp asked has passed, or the ladder is at its top."""
        if self.redouble_ends and auction.level >= 2:
            return True
        return auction.passes >= len(self._asked_camp(auction)) or not self._may_raise(auction)

    def _is_over(self, auction: Auction) -> bool:
        if auction.contract is None:
            return auction.passes >= self.void_at
        if self.redouble_ends and auction.level >= 2:
            return True
        return auction.passes >= self.players - 1

    def check(self, auction: Auction, call: Call) -> None:
        """Raise :class:`IllegalCall` with the reason and the legal calls if ``call`` is not one of them."""
        legal = self.legal_calls(auction)
        if call not in legal:
            raise IllegalCall(
                f"seat {auction.to_act} may not call {call}: {self.reason(auction, call)}; "
                f"legal calls: {summarize(legal)}"
            )

    def reason(self, auction: Auction, call: Call) -> str:
        """Why ``call`` is not legal now, in a player's words (``call`` is assumed illegal)."""
        if call.kind == "pass":
            return N_("nobody has named a contract, and this player may not pass: someone must name one")
        if call.kind in ("double", "redouble"):
            return self._doubling_reason(auction, call)
        if auction.doubling:
            return N_("the bidding is over; now the contract may only be doubled or passed")
        if call.kind == "ashkal":
            return self._ashkal_reason(auction)
        if call.kind == "redeal":
            return self._redeal_reason(auction)
        if call.kind != "bid":  # schmeiss, accept and refuse belong to the schmeiss auction (SchmeissBidding)
            return Reason(N_("this variant has no {}"), call.kind)
        if call.contract is None or call.contract not in self.rank:
            return Reason(N_("this variant has no {} contract"), str(call.contract).replace("_", " "))
        if not self._may_overbid(auction):
            if self.overbid_after_double == OverbidAfterDouble.contract_team_only:
                return N_("only the contract's team may bid over a double")
            return N_("nobody may bid over a double")
        bids = self._bids(auction)
        if not bids:
            return Reason(N_("nothing can be bid over {}"), str(Call("bid", auction.contract, auction.points)))
        named = [c for c in self.contracts if any(b.contract == c for b in bids)]
        if call.contract not in named:
            now = Listed(c.replace("_", " ") for c in named)
            contract = call.contract.replace("_", " ")
            return Reason(N_("{} may not be named now; only {}"), contract, now) if now else \
                Reason(N_("{} may not be named now"), contract)
        if (call.points is None) != (bids[0].points is None):
            return "bids here are points and a contract, like '90 hearts'" if call.points is None \
                else "bids here name a contract only, like 'hearts'"
        if auction.points is not None and call.points is not None and call.points <= auction.points:
            if bids[0].points == auction.points:  # twenty-nine.md §3.2: an earlier speaker may hold it
                return Reason(N_("a bid must be at least {}; {}"), auction.points, self._point_bids_now(bids, call))
            return Reason(N_("a bid must be higher than {}; {}"), auction.points, self._point_bids_now(bids, call))
        return Reason("{}", self._point_bids_now(bids, call))

    @staticmethod
    def _point_bids_now(bids: list[Call], call: Call) -> Said:
        """What may be bid in the call's contract now, with the nearest bids to a number that falls between."""
        allowed = [b for b in bids if b.contract == call.contract]
        said = point_bids_said(allowed, rule=True)
        numeric, _, _ = point_range(allowed)
        if call.points is not None and numeric and numeric[0] < call.points < numeric[-1]:
            below = max(v for v in numeric if v < call.points)
            above = min(v for v in numeric if v > call.points)
            said = Said(N_("{}; the nearest are {} and {}"), (said, below, above))
        return said

    def _ashkal_reason(self, auction: Auction) -> str:
        if self.ashkal is None:
            return N_("this variant has no ashkal")
        if (auction.to_act - auction.first_seat) % self.players not in self.ashkal_positions:
            places = " and ".join(str(p + 1) for p in sorted(self.ashkal_positions))
            return Reason(N_("only the players speaking in places {} may call ashkal"), places)
        if auction.turned_rank in self.ashkal_barred_ranks:
            return Reason(N_("ashkal may not be called on a turned {}"), RANKS[auction.turned_rank])
        return Reason(N_("{} may not be bid now, so neither may ashkal"), self.ashkal.replace("_", " "))

    def _redeal_reason(self, auction: Auction) -> str:
        if not self.redeal:
            return N_("this variant has no redeal")
        if auction.contract is not None or len(auction.calls) >= self.players:
            return N_("a redeal may be called only at a player's first call, before anyone names a contract")
        return Reason(N_("a redeal may be called only by a hand holding none of {}"), self.redeal_ranks)

    def _doubling_reason(self, auction: Auction, call: Call) -> str:
        if self.max_level == 0:
            return N_("this variant has no doubling")
        if auction.contract is None:
            return N_("there is no contract to double yet")
        if auction.level >= self.max_level:
            return N_("the contract cannot be doubled any further")
        if not self._may_raise(auction):
            return Reason(N_("{} may be doubled only by a team with fewer than {} points against more than {}"),
                          auction.contract.replace("_", " "), self.doubler_below, self.taker_above)
        if self.after_bidding and not auction.doubling:
            return N_("doubles are called once the bidding is over")
        if call.kind == "redouble" and auction.level == 0:
            return N_("only a doubled contract can be redoubled")
        if call.kind == "double" and auction.level > 0:
            return N_("the contract is already doubled")
        if auction.level % 2 == 0:
            return N_("only an opponent of the contract may double it")
        return N_("only the contract's team may redouble")


class LadderBidding(Bidding):
    """Bulgarian: each bid names a contract higher on the ladder (rules/bulgarian.md §3)."""

    def __init__(self, variant: Variant, seating: Seating) -> None:
        super().__init__(variant, seating)
        bids = [Call("bid", c) for c in self.contracts]
        # The bids above each standing contract (index 0: no contract yet).
        self.above = [bids] + [bids[i + 1:] for i in range(len(bids))]
        self._legal: dict[tuple[str | None, int, bool], tuple[Call, ...]] = {}
        # Without a doubling round or a forced call the legal calls are those of the bidding itself: asked
        # straight, one call less for each of an auction's calls.
        if not (self.after_bidding or self.forced_at >= 0):
            self.legal_calls = self._calls  # type: ignore[method-assign]

    def _calls(self, auction: Auction) -> tuple[Call, ...]:
        """Remembered per standing contract, doubling level and whether the seat to act is on the
        contract's team: on a ladder the legal calls depend on nothing else (conditional doubles,
        ashkal and a redeal claim, which do, are not remembered)."""
        if self.condition_kinds or self.ashkal is not None or self.redeal:
            return super()._calls(auction)
        key = (auction.contract, auction.level, self.side_of[auction.to_act] == self.side_of[auction.declarer])
        calls = self._legal.get(key)
        if calls is None:
            calls = self._legal[key] = super()._calls(auction)
        return calls

    def _bids(self, auction: Auction) -> list[Call]:
        if not self._may_overbid(auction):
            return []
        return self.above[0 if auction.contract is None else self.rank[auction.contract] + 1]


class _TurnedCardRounds:
    """The rounds of a turned-card auction: ``bidding.rounds``, ``round1_contracts`` and
    ``round2_turned_suit``, shared by the classic and the point-bid turned-card styles."""

    contracts: tuple[str, ...]
    void_at: int

    def _init_rounds(self, variant: Variant) -> None:
        bidding = variant.bidding
        self.rounds = bidding.rounds
        extra = tuple(c for c in self.contracts if c not in SUIT_CONTRACTS)
        self.round1_extra = extra if bidding.round1_contracts == Round1Contracts.turned_suit_and_others else ()
        self.round2_turned = bidding.round2_turned_suit == Round2TurnedSuit.allowed
        # What may be named, per turned suit and round (first or later): looked up at every call.
        self.in_round = {(suit, first): self._contracts_in_round(suit, first)
                         for suit in range(4) for first in (True, False)}

    def _contracts_in_round(self, turned_suit: int, first_round: bool) -> tuple[str, ...]:
        """Round 1: the turned suit (and, with ``turned_suit_and_others``, no-trumps / all-trumps);
        later rounds: the other contracts, and the turned suit too when ``round2_turned_suit`` allows."""
        turned = SUIT_CONTRACTS[turned_suit]
        if first_round:
            options: tuple[str, ...] = (turned, *self.round1_extra)
        else:
            options = tuple(c for c in self.contracts if c != turned or self.round2_turned)
        return tuple(c for c in self.contracts if c in options)

    def _round_contracts(self, auction: Auction) -> tuple[str, ...]:
        return self.in_round[auction.turned_suit, len(auction.calls) < auction.players]

    def _all_rounds_passed(self, auction: Auction) -> bool:
        return auction.contract is None and len(auction.calls) >= self.void_at


class TurnedCardBidding(_TurnedCardRounds, Bidding):
    """French: take the turned suit in round 1, name another suit in round 2 (rules/french.md §4).

    With ``bidding.overcall`` the bidding goes on after the first take: up the ladder of
    ``bidding.contracts`` (belote bridgée), or by a higher kind of contract, an earlier speaker
    taking a no-trumps or all-trumps contract over by naming it too, and the bidder of a suit
    that nobody overcalled confirming it or switching to a higher kind (Baloot's Hokum and Sun,
    baloot.md §3.1).
    """

    def __init__(self, variant: Variant, seating: Seating) -> None:
        super().__init__(variant, seating)
        self._init_rounds(variant)
        self.round_bids = {key: [Call("bid", c) for c in contracts] for key, contracts in self.in_round.items()}
        self.overcall = variant.bidding.overcall
        bids = [Call("bid", c) for c in self.contracts]
        if self.overcall == Overcall.higher_contract:
            self.over = {c: bids[i + 1:] for i, c in enumerate(self.contracts)}
        else:
            self.over = {c: [b for b in bids if KIND_RANK[contract_kind(str(b.contract))] > KIND_RANK[contract_kind(c)]]
                         for c in self.contracts}
        self.priority = self.overcall == Overcall.higher_kind_seat_priority
        self.later_final = variant.bidding.later_round_priority == LaterRoundPriority.none
        self.top_kind = max(KIND_RANK[contract_kind(c)] for c in self.contracts)

    def _bids(self, auction: Auction) -> list[Call]:
        if auction.contract is None:
            return self.round_bids[auction.turned_suit, len(auction.calls) < auction.players]
        if self.overcall == NO_OVERCALL or not self._may_overbid(auction):
            return []
        over = self.over[auction.contract]
        if self.priority and contract_kind(auction.contract) != "suit" and speaks_before(
                auction, auction.to_act, auction.caller()):
            return [Call("bid", auction.contract), *over]
        return over

    @staticmethod
    def _taken_in_later_round(auction: Auction) -> bool:
        """Whether the standing contract was taken after a first round of passes."""
        return all(call.kind == "pass" for _, call in auction.calls[:auction.players])

    def _is_over(self, auction: Auction) -> bool:
        if auction.contract is None:
            return self._all_rounds_passed(auction)
        if self.overcall == NO_OVERCALL:
            return True
        if self.priority:
            kind = KIND_RANK[contract_kind(auction.contract)]
            if kind == self.top_kind and auction.caller() == auction.first_seat:
                return True  # the top contract, called by the first speaker: nobody can take it over
            if kind == self.top_kind and self.later_final and self._taken_in_later_round(auction):
                return True  # baloot.md §3.2: a Sun named in round 2 ends the bidding at once
            if kind == 0:  # a suit: when the others have passed its bidder confirms it or switches (baloot.md §3.1)
                return auction.passes >= self.players
        return super()._is_over(auction)


class SingleCallBidding(TurnedCardBidding):
    """Klaverjas and Bela: each player in turn names any contract or passes; the first named is played
    (klaverjas.md §3, bela.md §3). Forced calls (``bidding.forced_call``) keep a deal from being void."""

    def __init__(self, variant: Variant, seating: Seating) -> None:
        super().__init__(variant, seating)
        bids = [Call("bid", c) for c in self.contracts]
        self.round_bids = {(-1, True): bids, (-1, False): bids}


class SchmeissBidding(TurnedCardBidding):
    """Klaberjass's schmeiss (klaberjass.md §3.1, CAT, KSB): in round 1 a player may take, pass or schmeiss, an
    offer to abandon the deal. The other player accepts (the deal is void, as after all passed: a new deal) or
    refuses (the schmeisser is maker in the turned suit). Under ``every_round`` a player may also schmeiss in
    round 2, naming another suit, which he plays if refused (klaberjass.md ``[opt:bid.schmeiss_round2]``)."""

    def __init__(self, variant: Variant, seating: Seating) -> None:
        super().__init__(variant, seating)
        later = variant.bidding.schmeiss == Schmeiss.every_round
        # The schmeiss calls of a later round, per turned suit: one per suit that may be named then.
        self.later_schmeiss = {suit: tuple(Call("schmeiss", c) for c in self.in_round[suit, False]
                                           if c in SUIT_CONTRACTS) if later else ()
                               for suit in range(4)}

    @staticmethod
    def offer(auction: Auction) -> tuple[int, Call] | None:
        """The schmeiss waiting for an answer (its seat and call), if any."""
        last = auction.calls[-1] if auction.calls else None
        return last if last is not None and last[1].kind == "schmeiss" else None

    def legal_calls(self, auction: Auction) -> tuple[Call, ...]:
        if self.offer(auction) is not None:
            return ANSWERS
        calls = super().legal_calls(auction)
        if auction.contract is not None or auction.doubling:
            return calls
        if len(auction.calls) < auction.players:
            return (*calls, SCHMEISS)
        return (*calls, *self.later_schmeiss[auction.turned_suit])

    def apply(self, auction: Auction, call: Call) -> None:
        if call.kind == "schmeiss":
            auction.calls.append((auction.to_act, call))
            auction.passes = 0
        elif call.kind in ("accept", "refuse"):
            schmeisser, offered = auction.calls[-1]
            auction.calls.append((auction.to_act, call))
            if call.kind == "refuse":  # the schmeisser plays what he offered
                auction.contract = offered.contract or SUIT_CONTRACTS[auction.turned_suit]
                auction.declarer, auction.points, auction.level = schmeisser, None, 0
            auction.finished = True
            if auction.contract is not None and self.after_bidding:
                self._open_doubling(auction)
        else:
            super().apply(auction, call)

    def reason(self, auction: Auction, call: Call) -> str:
        if self.offer(auction) is not None:
            return N_("a schmeiss is answered: accept it (a new deal) or refuse it (the schmeisser plays)")
        if call.kind in ("accept", "refuse"):
            return N_("there is no schmeiss to answer")
        if call.kind != "schmeiss":
            return super().reason(auction, call)
        if auction.contract is not None or auction.doubling:
            return N_("a contract is taken; nobody may schmeiss now")
        if len(auction.calls) < auction.players:
            return N_("a schmeiss in round 1 is on the turned suit: say schmeiss")
        if not self.later_schmeiss[auction.turned_suit]:
            return N_("a schmeiss may be offered in round 1 only")
        named = ", ".join(str(c) for c in self.later_schmeiss[auction.turned_suit])
        return Reason(N_("in round 2 a schmeiss names another suit: {}"), named)


class PointBidding(Bidding):
    """Coinche: bid points and a contract, each bid higher than the last (rules/french.md §13)."""

    def __init__(self, variant: Variant, seating: Seating) -> None:
        super().__init__(variant, seating)
        if variant.play.conceals_trump:  # twenty-eight.md §3: a bid is a number; the trump comes after
            self.contracts, self.rank = (CONCEALED,), {CONCEALED: 0}
        points = variant.bidding.points
        values = list(range(points.minimum, points.maximum + 1, points.step))
        if points.maximum_means_capot:
            values[-1] = CAPOT
        elif points.capot_bid:
            values.append(CAPOT)
        self.values = tuple(values)
        # Every bid, lowest first, for each set of contracts that may be bid; the bids above a
        # standing value are a suffix of these lists, found by that value's position.
        self.bids: dict[tuple[str, ...], list[Call]] = {self.contracts: self._bid_list(self.contracts)}
        self.above = {v: i + 1 for i, v in enumerate(values)}
        # twenty-eight.md §3.3: over the partner, the opponent between having passed, a bid of at least this
        least = points.partner_overcall_min
        self.over_partner = next((i for i, v in enumerate(values) if v >= least), len(values)) if least else 0
        self.equal_holds = points.equal_holds  # twenty-nine.md §3.2: an earlier speaker may equal the standing bid
        self.pass_is_final = points.pass_is_final  # twenty-eight.md §3.2: a player who passed is out

    def _bid_list(self, contracts: tuple[str, ...]) -> list[Call]:
        return [Call("bid", c, v) for v in self.values for c in contracts]

    def reason(self, auction: Auction, call: Call) -> str:
        if call.kind == "bid" and not auction.doubling and self.pass_is_final and (auction.to_act, PASS) in auction.calls:
            return N_("a player who passed is out of the bidding: he may only pass")
        return super().reason(auction, call)

    def _allowed(self, auction: Auction) -> tuple[str, ...]:
        """The contracts that may be bid now (a key of ``self.bids``)."""
        return self.contracts

    def _bids(self, auction: Auction) -> list[Call]:
        if not self._may_overbid(auction) or self.pass_is_final and (auction.to_act, PASS) in auction.calls:
            return []
        start = 0 if auction.points is None else self.above[auction.points]
        if start and self.equal_holds and speaks_before(auction, auction.to_act, auction.declarer):
            start -= 1
        if self.over_partner and auction.declarer == self.partner[auction.to_act] and auction.calls[-1][1] == PASS:
            start = max(start, self.over_partner)
        allowed = self._allowed(auction)
        return self.bids[allowed][start * len(allowed):]


class TurnedCardPointBidding(_TurnedCardRounds, PointBidding):
    """Seed 001: point bids whose first round is on the turned suit; the suit may change in round 2.

    The rounds follow the options of turned-card bidding: ``round1_contracts``,
    ``round2_turned_suit`` and ``rounds`` (passes for that many rounds void the deal).
    """

    def __init__(self, variant: Variant, seating: Seating) -> None:
        super().__init__(variant, seating)
        self._init_rounds(variant)
        for contracts in self.in_round.values():
            self.bids.setdefault(contracts, self._bid_list(contracts))

    def _allowed(self, auction: Auction) -> tuple[str, ...]:
        return self._round_contracts(auction)

    def _is_over(self, auction: Auction) -> bool:
        if auction.contract is None:
            return self._all_rounds_passed(auction)
        return super()._is_over(auction)


class NoBidding(Bidding):
    """``last_card_trump`` (belote-a-deux.md §B.2): nobody bids; the deal fixes trump, so no auction is opened."""

    deal_fixes_trump = True

    def _bids(self, auction: Auction) -> list[Call]:
        return []


def build_bidding(variant: Variant, seating: Seating | None = None) -> Bidding:
    """The bidding strategy of ``variant`` (``seating`` is the ruleset's own when it builds this)."""
    seating = seating if seating is not None else Seating.build(variant)
    style = variant.bidding.style
    if variant.bidding.schmeiss != Schmeiss.none:
        return SchmeissBidding(variant, seating)  # the model allows it with turned_card bidding only
    if style == BiddingStyle.push:
        from .push import PushBidding  # it builds on Bidding, defined in this module
        return PushBidding(variant, seating)
    return {
        BiddingStyle.contract_ladder: LadderBidding,
        BiddingStyle.turned_card: TurnedCardBidding,
        BiddingStyle.point_bids: PointBidding,
        BiddingStyle.turned_card_point_bids: TurnedCardPointBidding,
        BiddingStyle.single_call: SingleCallBidding,
        BiddingStyle.last_card_trump: NoBidding,
    }[style](variant, seating)
