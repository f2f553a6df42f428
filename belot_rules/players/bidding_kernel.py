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

from ..rules.calls import Call
from ..ruleset import Ruleset
from .hand_strength import TRUMP_SUIT

if TYPE_CHECKING:
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

    __slots__ = ("packed", "index", "representatives")

    def __init__(self, packed: bytes, index: dict[str, int], representatives: tuple[str | None, str | None]) -> None:
        self.packed = packed
        self.index = index  # contract -> its place in the tables
        self.representatives = representatives  # per declaration key, a contract that has it (or None)

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


def _pad(values: Sequence[float | int], fill: float | int = 0) -> list[float | int]:
    return [*values, *[fill] * (KERNEL_CONTRACTS - len(values))]


@lru_cache(maxsize=32)
def belote_masks(ruleset: Ruleset, contract: str) -> tuple[int, ...]:
    """The king and queen of each belote suit of ``contract``, as ``belote_suits`` finds them in a hand."""
    rules, masks = ruleset.declarations, []
    for suit in range(4):
        cards = [card for card in ruleset.seating.cards if card >> 3 == suit]
        for first, second in combinations(cards, 2):
            pair = 1 << first | 1 << second
            if suit in rules.belote_suits(pair, contract):
                masks.append(pair)
                break
    return tuple(masks)


@lru_cache(maxsize=32)
def compiled_calls(ruleset: Ruleset, margins: Margins) -> CompiledCalls | None:
    """The tables of ``BiddingSense(ruleset, margins)`` packed for the kernel, or None where it does not call
    for that bidding (point bids, schmeiss, ashkal, a confirmation of one's own contract, too many contracts)."""
    from .bidding_sense import BiddingSense

    sense = BiddingSense(ruleset, margins, in_kernel=False)
    contracts = list(sense.total)
    if sense.point_bids or sense.schmeiss or sense.ashkal is not None or sense.confirms_own \
            or len(contracts) > KERNEL_CONTRACTS or any(c not in KINDS for c in contracts):
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
