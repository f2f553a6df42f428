"""Bidding strategies: the legal calls of an auction and the contract it ends in.

One class per bidding style of ``Variant.bidding.style``, chosen once by
:func:`build_bidding`. An auction is a small mutable :class:`Auction` record so
that a deal state can copy it cheaply; the strategy holds no per-deal state.
Calls are :class:`Call` values whose text form (``pass``, ``hearts``,
``90 spades``, ``capot hearts``, ``double``, ``redouble``) is what records store
and what players type.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import UserError
from .seating import Seating
from ..variant.model import (
    CONTRACTS,
    SUIT_CONTRACTS,
    BiddingStyle,
    OverbidAfterDouble,
    Round1Contracts,
    Round2TurnedSuit,
    Variant,
)

CAPOT = 10_000  # the value of a capot bid: above every numeric bid


class IllegalCall(UserError):
    """A call that the rules do not allow at this point of the auction."""


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction."""

    kind: str  # pass / bid / double / redouble
    contract: str | None = None
    points: int | None = None  # point bids only; CAPOT for a capot bid

    def __str__(self) -> str:
        if self.kind != "bid":
            return self.kind
        if self.points is None:
            return str(self.contract)
        value = "capot" if self.points == CAPOT else str(self.points)
        return f"{value} {self.contract}"

    @classmethod
    def parse(cls, text: str) -> Call:
        """Parse the text form; ``contra``/``coinche`` are accepted for double, ``surcoinche`` for redouble."""
        words = str(text).strip().lower().replace("-", "_").split()
        if not words:
            raise IllegalCall("an empty call; say pass, a contract, double or redouble")
        aliases = {"contra": "double", "coinche": "double", "contre": "double", "recontra": "redouble",
                   "surcoinche": "redouble", "surcontre": "redouble", "p": "pass"}
        head = aliases.get(words[0], words[0])
        if len(words) == 1 and head in ("pass", "double", "redouble"):
            return cls(head)
        if len(words) == 1 and head in CONTRACTS:
            return cls("bid", head)
        if len(words) == 2 and words[1] in CONTRACTS:
            if head == "capot":
                return cls("bid", words[1], CAPOT)
            if head.isdigit():
                return cls("bid", words[1], int(head))
        raise IllegalCall(
            f"{text!r} is not a call; calls are pass, double, redouble, a contract "
            f"({', '.join(CONTRACTS)}) or points and a contract like '90 hearts' or 'capot spades'"
        )


def summarize(calls: list[Call]) -> str:
    """The calls as a short list: point bids are folded into their range (coinche has ~50 of them)."""
    points = [c for c in calls if c.kind == "bid" and c.points is not None]
    if len(points) <= 6:
        return ", ".join(map(str, calls))
    values = sorted({c.points for c in points})
    numeric = [v for v in values if v != CAPOT]
    contracts = list(dict.fromkeys(c.contract for c in points))
    span = f"{numeric[0]} to {numeric[-1]}" if numeric else ""
    span += (" and capot" if span else "capot") if CAPOT in values else ""
    folded = f"a bid of {span} in {' / '.join(contracts)} (like '{points[0]}')"
    others = [str(c) for c in calls if c not in points]
    return ", ".join(others[:1] + [folded] + others[1:])


PASS = Call("pass")
DOUBLE = Call("double")
REDOUBLE = Call("redouble")


@dataclass(slots=True)
class Auction:
    """The state of one auction; copied with the deal state."""

    first_seat: int
    players: int
    turned_suit: int = -1
    calls: list[tuple[int, Call]] = field(default_factory=list)
    contract: str | None = None
    points: int | None = None
    declarer: int = -1
    level: int = 0  # 0 none, 1 contra, 2 recontra, 3 ...
    passes: int = 0  # consecutive passes
    finished: bool = False

    @property
    def to_act(self) -> int:
        return (self.first_seat + len(self.calls)) % self.players

    def copy(self) -> Auction:
        return Auction(self.first_seat, self.players, self.turned_suit, list(self.calls), self.contract, self.points,
                       self.declarer, self.level, self.passes, self.finished)


class Bidding:
    """Shared parts of every style: doubling, the end of the auction, applying calls."""

    def __init__(self, variant: Variant, seating: Seating) -> None:
        bidding = variant.bidding
        self.players = seating.players
        self.side_of = seating.side_of
        self.contracts = tuple(bidding.contracts)
        self.rank = {c: i for i, c in enumerate(self.contracts)}
        self.max_level = bidding.doubles.max_level
        self.multipliers = (1, *bidding.doubles.multipliers)
        self.overbid_after_double = bidding.doubles.overbid_after_double
        self.redouble_ends = bidding.doubles.redouble_ends_auction

    def auction(self, first_seat: int, turned_suit: int = -1) -> Auction:
        """A new auction opened by ``first_seat``."""
        return Auction(first_seat, self.players, turned_suit)

    def legal_calls(self, auction: Auction) -> tuple[Call, ...]:
        """Every call the seat to act may make."""
        calls = [PASS, *self._bids(auction)]
        if auction.contract is not None and auction.level < self.max_level:
            calls += self._doubles(auction)
        return tuple(calls)

    def multiplier(self, auction: Auction) -> int:
        return self.multipliers[auction.level]

    def _doubles(self, auction: Auction) -> list[Call]:
        seat_team, holder_team = self.side_of[auction.to_act], self.side_of[auction.declarer]
        # Even levels are raised by the opponents of the contract (contra), odd ones by its team.
        if (auction.level % 2 == 0) == (seat_team != holder_team):
            return [DOUBLE if auction.level == 0 else REDOUBLE]
        return []

    def _may_overbid(self, auction: Auction) -> bool:
        if auction.level == 0:
            return True
        rule = self.overbid_after_double
        if rule == OverbidAfterDouble.forbidden.value:
            return False
        if rule == OverbidAfterDouble.contract_team_only.value:
            return self.side_of[auction.to_act] == self.side_of[auction.declarer]
        return True

    def _bids(self, auction: Auction) -> list[Call]:
        raise NotImplementedError

    def apply(self, auction: Auction, call: Call) -> None:
        """Apply a call (already checked legal) to ``auction``."""
        seat = auction.to_act
        auction.calls.append((seat, call))
        if call.kind == "pass":
            auction.passes += 1
        else:
            auction.passes = 0
            if call.kind == "bid":
                auction.contract, auction.points, auction.declarer, auction.level = (
                    call.contract, call.points, seat, 0)
            else:
                auction.level += 1
        auction.finished = self._is_over(auction)

    def _is_over(self, auction: Auction) -> bool:
        if auction.contract is None:
            return auction.passes >= self.players
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
        if call.kind in ("double", "redouble"):
            return self._doubling_reason(auction, call)
        if call.contract not in self.rank:
            return f"this variant has no {call.contract.replace('_', ' ')} contract"
        if not self._may_overbid(auction):
            if self.overbid_after_double == OverbidAfterDouble.contract_team_only.value:
                return "only the contract's team may bid over a double"
            return "nobody may bid over a double"
        bids = self._bids(auction)
        if not bids:
            return f"nothing can be bid over {Call('bid', auction.contract, auction.points)}"
        named = [c for c in self.contracts if any(b.contract == c for b in bids)]
        if call.contract not in named:
            now = ", ".join(c.replace("_", " ") for c in named)
            return f"{call.contract.replace('_', ' ')} may not be named now" + (f"; only {now}" if now else "")
        if (call.points is None) != (bids[0].points is None):
            return "bids here are points and a contract, like '90 hearts'" if call.points is None \
                else "bids here name a contract only, like 'hearts'"
        return f"a bid must be higher than {auction.points}" if auction.points is not None and (
            call.points or 0) <= auction.points else "that is not one of the bids this variant allows"

    def _doubling_reason(self, auction: Auction, call: Call) -> str:
        if self.max_level == 0:
            return "this variant has no doubling"
        if auction.contract is None:
            return "there is no contract to double yet"
        if auction.level >= self.max_level:
            return "the contract cannot be doubled any further"
        if call.kind == "redouble" and auction.level == 0:
            return "only a doubled contract can be redoubled"
        if call.kind == "double" and auction.level > 0:
            return "the contract is already doubled"
        if auction.level % 2 == 0:
            return "only an opponent of the contract may double it"
        return "only the contract's team may redouble"


class LadderBidding(Bidding):
    """Bulgarian: each bid names a contract higher on the ladder (rules/bulgarian.md §3)."""

    def __init__(self, variant: Variant, seating: Seating) -> None:
        super().__init__(variant, seating)
        bids = [Call("bid", c) for c in self.contracts]
        # The bids above each standing contract (index 0: no contract yet).
        self.above = [bids] + [bids[i + 1:] for i in range(len(bids))]
        self._legal: dict[tuple[str | None, int, bool], tuple[Call, ...]] = {}

    def legal_calls(self, auction: Auction) -> tuple[Call, ...]:
        """Remembered per standing contract, doubling level and whether the seat to act is on the
        contract's team: on a ladder the legal calls depend on nothing else."""
        key = (auction.contract, auction.level, self.side_of[auction.to_act] == self.side_of[auction.declarer])
        calls = self._legal.get(key)
        if calls is None:
            calls = self._legal[key] = super().legal_calls(auction)
        return calls

    def _bids(self, auction: Auction) -> list[Call]:
        if not self._may_overbid(auction):
            return []
        return self.above[0 if auction.contract is None else self.rank[auction.contract] + 1]


class _TurnedCardRounds:
    """The rounds of a turned-card auction: ``bidding.rounds``, ``round1_contracts`` and
    ``round2_turned_suit``, shared by the classic and the point-bid turned-card styles."""

    contracts: tuple[str, ...]

    def _init_rounds(self, variant: Variant) -> None:
        bidding = variant.bidding
        self.rounds = bidding.rounds
        extra = tuple(c for c in self.contracts if c not in SUIT_CONTRACTS)
        self.round1_extra = extra if bidding.round1_contracts == Round1Contracts.turned_suit_and_others.value else ()
        self.round2_turned = bidding.round2_turned_suit == Round2TurnedSuit.allowed.value
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
        return auction.contract is None and len(auction.calls) >= auction.players * self.rounds


class TurnedCardBidding(_TurnedCardRounds, Bidding):
    """French: take the turned suit in round 1, name another suit in round 2 (rules/french.md §4)."""

    def __init__(self, variant: Variant, seating: Seating) -> None:
        super().__init__(variant, seating)
        self._init_rounds(variant)
        self.round_bids = {key: [Call("bid", c) for c in contracts] for key, contracts in self.in_round.items()}

    def _bids(self, auction: Auction) -> list[Call]:
        return self.round_bids[auction.turned_suit, len(auction.calls) < auction.players]

    def _is_over(self, auction: Auction) -> bool:
        return auction.contract is not None or self._all_rounds_passed(auction)


class PointBidding(Bidding):
    """Coinche: bid points and a contract, each bid higher than the last (rules/french.md §13)."""

    def __init__(self, variant: Variant, seating: Seating) -> None:
        super().__init__(variant, seating)
        points = variant.bidding.points
        values = list(range(points.minimum, points.maximum + 1, points.step))
        if points.maximum_means_capot:
            values[-1] = CAPOT
        elif points.capot_bid:
            values.append(CAPOT)
        self.values = tuple(values)
        # Every bid, lowest first, for each set of contracts that may be bid; the bids above a
        # standing value are a suffix of these lists, found by that value's position.
        self.bids = {self.contracts: self._bid_list(self.contracts)}
        self.above = {v: i + 1 for i, v in enumerate(values)}

    def _bid_list(self, contracts: tuple[str, ...]) -> list[Call]:
        return [Call("bid", c, v) for v in self.values for c in contracts]

    def _allowed(self, auction: Auction) -> tuple[str, ...]:
        """The contracts that may be bid now (a key of ``self.bids``)."""
        return self.contracts

    def _bids(self, auction: Auction) -> list[Call]:
        if not self._may_overbid(auction):
            return []
        start = 0 if auction.points is None else self.above[auction.points]
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

def build_bidding(variant: Variant, seating: Seating | None = None) -> Bidding:
    """The bidding strategy of ``variant`` (``seating`` is the ruleset's own when it builds this)."""
    seating = seating if seating is not None else Seating.build(variant)
    style = variant.bidding.style
    return {
        BiddingStyle.contract_ladder.value: LadderBidding,
        BiddingStyle.turned_card.value: TurnedCardBidding,
        BiddingStyle.point_bids.value: PointBidding,
        BiddingStyle.turned_card_point_bids.value: TurnedCardPointBidding,
    }[style](variant, seating)
