"""The heuristic bot's calls in the compiled kernel: :class:`~.bidding_sense.BiddingSense`'s tables as it reads them.

Where the kernel is built (``belot_rules._playout``, ``choose_call`` in ``_heuristic.h``), a
ladder without point bids, schmeiss, ashkal, push or a confirmation of one's own contract is
called there: the same sums in the same order over the same numbers, packed once per ruleset and
margins (``BIDDER_FORMAT``), so the same calls as the Python code, which stays the path where the
kernel is not built and for every other auction.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from .. import kernel
from ..cards import DECK_SIZE, SUIT_OF
from ..engine.playout import Position, end_at, ladder_moves, moves_at, position_of
from ..rules.calls import PASS, Call
from ..ruleset import Ruleset
from .hand_strength import TRUMP_SUIT

if TYPE_CHECKING:
    from ..engine.deal import DealState
    from .bidding_sense import BiddingSense, Margins

# The layout of the packed tables, as the kernel's ``Bidder`` reads them: per contract (up to KERNEL_CONTRACTS,
# in the ruleset's order) total, share, bidding_share, passed_share, chien, weight, bid_need (alone, over the
# partner), need_double, need_redouble and scale; the valuer's five holding tables; then contracts, hand_size,
# pack_size, partners, defence_pair, belote_points and per contract its kind, declaration key, the pack's total
# and the king and queen of each belote suit (4 places).
BIDDER_FORMAT = "=8d8d8d8d8d8d16d8d8d8d1280d6i8i8i8i32I"
KERNEL_CONTRACTS = 8
CODES = {"pass": 0, "bid": 1, "double": 2, "redouble": 3}  # the calls the kernel makes
KINDS = {**TRUMP_SUIT, "no_trumps": 4, "all_trumps": 5, "undenufe": 6}  # a suit contract: its trump suit
DECLARATION_KEYS = {(True, False): 0, (True, True): 1}  # BiddingSense._declaration_key -> the value the kernel reads


class CompiledCalls:
    """One ruleset's bidding tables packed for the kernel, and how a legal call and a contract are told to it."""

    __slots__ = ("packed", "index", "representatives", "codes_at")

    def __init__(self, packed: bytes, index: dict[str, int], representatives: tuple[str | None, str | None]) -> None:
        self.packed = packed
        self.index = index  # contract -> its place in the tables
        self.representatives = representatives  # per declaration key, a contract that has it (or None)
        self.codes_at: dict[Position, list[int] | None] = {}  # a ladder's legal calls per position, as codes

    def codes(self, legal: Sequence[Call]) -> list[int] | None:
        """``legal`` as code and contract pairs, or None where the kernel does not make such calls: a point bid,
        another kind of call, a contract bid twice."""
        flat: list[int] = []
        bid = 0
        for call in legal:
            code = CODES.get(call.kind)
            if code is None or call.points is not None:
                return None
            if code == 1:
                contract = self.index[call.contract] if call.contract in self.index else -1
                if contract < 0 or bid >> contract & 1:
                    return None
                bid |= 1 << contract
                flat += (code, contract)
            elif call.contract is not None:
                return None
            else:
                flat += (code, -1)
        return flat


def call_ladder(state: DealState, senses: Sequence[BiddingSense]) -> bool:
    """The auction of a table of heuristic bots (one sense a seat, all of one ruleset and margins) in one loop, where
    the kernel makes their calls and the ladder's calls depend on its position alone: each call is the one
    :meth:`BiddingSense.choose` makes, and the table of positions (engine/playout.py, as random auctions walk it)
    spares working out and applying the legal calls one by one. False, where it does not (or no longer) apply:
    the auction then stands where the calls so far left it, for the seats to be asked one by one."""
    compiled, in_kernel, auction = kernel.compiled, senses[0]._kernel_calls, state.running_auction()
    bidding = state.ruleset.bidding
    moves = ladder_moves(bidding)
    if compiled is None or in_kernel is None or moves is None or auction.finished \
            or any(sense._kernel_calls is not in_kernel for sense in senses):
        return False
    index, partner_of, side_of = in_kernel.index, senses[0].partner_of, state.ruleset.seating.side_of
    turned = state.turned_card
    extra = 1 << turned if turned >= 0 and senses[0].turned_to_taker else 0
    # What Standing.read finds in the calls: the standing contract and its caller, each seat's last bid and calls.
    contract = declarer = -1
    bids, called = [-1] * len(senses), [False] * len(senses)
    for who, call in auction.calls:
        if call.kind == "bid":
            contract = bids[who] = index.get(call.contract or "", -1)
            declarer = who
        called[who] = True
    position, finished = position_of(auction), False
    while not finished:
        calls, leads = moves.get(position) or moves_at(bidding, auction, moves, position)
        codes = in_kernel.codes_at.get(position)
        if codes is None:
            codes = in_kernel.codes_at[position] = in_kernel.codes(calls)
        if codes is None or contract < 0 <= declarer or PASS not in calls:  # asked one by one instead
            _, auction.contract, auction.points, auction.declarer, auction.level, auction.passes = position
            return False
        seat = position[0]
        known, partner = state.hands[seat] | extra, partner_of[seat]
        partner_bid = bids[partner] if partner >= 0 else -1
        at = compiled.call(in_kernel.packed, known, *senses[seat]._declared_in_kernel(known, in_kernel), contract,
                           partner_bid, partner >= 0 and called[partner] and partner_bid < 0,
                           declarer >= 0 and side_of[declarer] == side_of[seat], codes)
        pick = at if at >= 0 else calls.index(PASS)
        call = calls[pick]
        auction.calls.append((seat, call))
        if call.kind == "bid":
            contract = bids[seat] = index.get(call.contract or "", -1)
            declarer = seat
        called[seat] = True
        position, finished = leads[pick]
    end_at(auction, position)
    state.auction_over()
    return True


def _pad(values: Sequence[float | int], fill: float | int = 0) -> list[float | int]:
    return [*values, *[fill] * (KERNEL_CONTRACTS - len(values))]


@lru_cache(maxsize=32)
def belote_masks(ruleset: Ruleset, contract: str) -> tuple[int, ...]:
    """The king and queen of each belote suit of ``contract``, as ``belote_suits`` finds them in a hand."""
    rules, masks = ruleset.declarations, []
    for suit in range(4):
        cards = [card for card in ruleset.seating.cards if SUIT_OF[card] == suit]
        for first, second in combinations(cards, 2):
            pair = 1 << first | 1 << second
            if suit in rules.belote_suits(pair, contract):
                masks.append(pair)
                break
    return tuple(masks)


@lru_cache(maxsize=32)
def compiled_calls(ruleset: Ruleset, margins: Margins) -> CompiledCalls | None:
    """The tables of ``BiddingSense(ruleset, margins)`` packed for the kernel, or None where it does not call
    for that bidding (point bids, schmeiss, ashkal, a confirmation of one's own contract, too many contracts, a
    36-card pack)."""
    from .bidding_sense import BiddingSense

    sense = BiddingSense(ruleset, margins, in_kernel=False)
    contracts = list(sense.total)
    if sense.point_bids or sense.schmeiss or sense.ashkal is not None or sense.confirms_own \
            or len(contracts) > KERNEL_CONTRACTS or any(c not in KINDS for c in contracts) \
            or ruleset.seating.pack_size > DECK_SIZE:  # the kernel knows the 32 cards, not a 36-card pack's 6s
        return None
    return CompiledCalls(_pack(sense, ruleset, contracts), {c: i for i, c in enumerate(contracts)},
                         _representatives(sense, contracts))


def _representatives(sense: BiddingSense, contracts: list[str]) -> tuple[str | None, str | None]:
    """Per declaration key, the first contract that has it: what a hand holds depends on the key alone."""
    keys = {key: next((c for c in contracts if sense._declaration_key[c] == key), None) for key in DECLARATION_KEYS}
    return keys[(True, False)], keys[(True, True)]


def _pack(sense: BiddingSense, ruleset: Ruleset, contracts: list[str]) -> bytes:
    """The sense's own numbers (its private tables too: this is the same class, in C), in BIDDER_FORMAT."""
    valuer, margins = sense.valuer, sense.margins
    rows = [sense.total, sense.share, sense._bidding_share, sense._passed_share, sense._chien, sense._weight]
    return struct.pack(
        BIDDER_FORMAT, *(v for row in rows for v in _pad([row[c] for c in contracts])),
        *(v for c in contracts for v in sense._bid_need[c]), *[0.0] * (2 * (KERNEL_CONTRACTS - len(contracts))),
        *_pad([sense._need(c, margins.double) for c in contracts]),
        *_pad([sense._need(c, margins.redouble) for c in contracts]),
        *_pad([valuer.scale[c] for c in contracts]),
        *valuer.plain, *valuer.trump, *valuer.no_trumps, *valuer.all_trumps, *valuer.undenufe,
        len(contracts), valuer.hand_size, valuer.pack_size, ruleset.seating.partners, sense.defence_pair,
        sense.belote_points, *_pad([KINDS[c] for c in contracts]),
        *_pad([DECLARATION_KEYS.get(sense._declaration_key[c], -1) for c in contracts], -1),
        *_pad([valuer.total[c] for c in contracts]),
        *(m for c in contracts for m in (*belote_masks(ruleset, c), 0, 0, 0, 0)[:4]),
        *[0] * (4 * (KERNEL_CONTRACTS - len(contracts))))
