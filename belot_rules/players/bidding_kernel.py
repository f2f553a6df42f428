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
from typing import TYPE_CHECKING, Literal

from .. import kernel
from ..cards import DECK_SIZE, SUIT_OF
from ..engine.playout import Moves, Position, end_at, ladder_moves, moves_at, position_of
from ..kernel import BIDDER_FORMAT
from ..rules.bidding.auction import Bidding
from ..rules.bidding.calls import PASS, Auction, Call
from ..ruleset import Ruleset
from .doubling import SETS
from .hand_strength import TRUMP_SUIT

if TYPE_CHECKING:
    from ..engine.deal import DealState
    from .bidding_sense import BiddingSense, Margins

# The packed tables, as the kernel's ``Bidder`` reads them (belot_rules/_bidding.h; its layout's home is
# kernel.BIDDER_FORMAT): per contract (up to KERNEL_CONTRACTS, in the ruleset's order) total, share,
# bidding_share, passed_share, chien, weight, bid_need (alone, over the partner), the contra model's tables
# (_doubling), need_redouble and scale; the valuer's five holding tables; then contracts, hand_size, pack_size,
# partners, defence_pair, belote_points and per contract its kind, declaration key, the pack's total and the king
# and queen of each belote suit (4 places).
KERNEL_CONTRACTS = 8
CODES = {"pass": 0, "bid": 1, "double": 2, "redouble": 3}  # the calls the kernel makes
KINDS = {**TRUMP_SUIT, "no_trumps": 4, "all_trumps": 5, "undenufe": 6}  # a suit contract: its trump suit
DECLARATION_KEYS = {(True, False): 0, (True, True): 1}  # BiddingSense._declaration_key -> the value the kernel reads


class CompiledCalls:
    """One ruleset's bidding tables packed for the kernel, and how a legal call and a contract are told to it."""

    __slots__ = ("packed", "index", "representatives", "graph")

    def __init__(self, packed: bytes, index: dict[str, int], representatives: tuple[str | None, str | None]) -> None:
        self.packed = packed
        self.index = index  # contract -> its place in the tables
        self.representatives = representatives  # per declaration key, a contract that has it (or None)
        self.graph: LadderGraph | Literal[False] | None = None  # the ladder's graph once built (False: none)

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
    """The auction of a table of heuristic bots (one sense a seat, all of one ruleset and margins) in one call of
    the kernel, where it makes their calls and the ladder's calls depend on its position alone: each call is the
    one :meth:`BiddingSense.choose` makes, walked through the ladder's graph of positions (:class:`LadderGraph`)
    instead of worked out and applied one by one. False, with nothing called, where it does not apply."""
    compiled, in_kernel, auction = kernel.compiled, senses[0]._kernel_calls, state.running_auction()
    bidding = state.ruleset.bidding
    moves = ladder_moves(bidding)
    if compiled is None or in_kernel is None or moves is None or auction.finished \
            or any(sense._kernel_calls is not in_kernel for sense in senses) \
            or senses[0].margins.free_double and senses[0]._stakes.any_free(auction.board, state.hanging_in):
        return False  # (near the end of a match a double may be free: BiddingSense.free_double, in Python)
    if in_kernel.graph is None:
        in_kernel.graph = LadderGraph.of(bidding, auction, moves, in_kernel)
    graph = in_kernel.graph
    start = graph.node_of.get((position_of(auction), False)) if graph else None
    if not graph or start is None:
        return False
    index, seating = in_kernel.index, state.ruleset.seating
    turned = state.turned_card
    extra = 1 << turned if turned >= 0 and senses[0].turned_to_taker else 0
    # What Standing.read finds in the calls so far: the standing contract and its caller, each seat's last bid.
    contract = declarer = -1
    bids, called = [-1] * len(senses), [False] * len(senses)
    for who, call in auction.calls:
        if call.kind == "bid":
            contract = bids[who] = index.get(call.contract or "", -1)
            declarer = who
        called[who] = True
    known = [hand | extra for hand in state.hands]
    # Most hands hold nothing to declare: one look at every hand, then what each that may holds.
    may = 0
    for contract_of_key in in_kernel.representatives:
        if contract_of_key is not None:
            may |= state.ruleset.declarations.declaring_seats(known, contract_of_key)
    declared = [value for seat, (sense, hand) in enumerate(zip(senses, known))
                for value in (sense._declared_in_kernel(hand, in_kernel) if may >> seat & 1 else (0.0, 0.0))]
    made, end = compiled.ladder(in_kernel.packed, graph.packed, start, known, declared, senses[0].partner_of,
                                seating.side_of, contract, declarer, bids, called)
    auction.calls += [graph.moves[move] for move in made]
    end_at(auction, graph.positions[end])
    state.auction_over()
    return True


class LadderGraph:
    """A position ladder's auctions as the kernel walks them: each position reachable from a fresh auction (and
    whether the auction ends there) a node, each legal call at it a move to the node it leads to, as the
    ladder's table of positions (engine/playout.py) says. A few hundred nodes for Bulgarian."""

    __slots__ = ("packed", "node_of", "positions", "moves")
    MOST = 50_000  # nodes: a ladder beyond it is walked call by call

    def __init__(self, packed: bytes, node_of: dict[tuple[Position, bool], int], positions: list[Position],
                 moves: list[tuple[int, Call]]) -> None:
        self.packed = packed  # the counts, then per node seat, finished, first move, moves, the pass's place
        self.node_of = node_of
        self.positions = positions  # per node
        self.moves = moves  # per move: the seat and its call, as the auction records them

    @classmethod
    def of(cls, bidding: Bidding, auction: Auction, moves: dict[Position, Moves],
           in_kernel: CompiledCalls) -> LadderGraph | Literal[False]:
        """The graph of ``bidding`` (a position ladder: ``moves`` is its table), or False where a call at some
        position is not one the kernel makes."""
        node_of: dict[tuple[Position, bool], int] = {}
        positions: list[Position] = []
        ended: list[bool] = []

        def node(position: Position, finished: bool) -> int:
            found = node_of.get((position, finished))
            if found is None:
                found = node_of[(position, finished)] = len(positions)
                positions.append(position)
                ended.append(finished)
            return found

        for seat in range(auction.players):
            node((seat, None, None, -1, 0, 0), False)  # a fresh auction, whoever speaks first
        rows: list[int] = []
        steps: list[int] = []
        made: list[tuple[int, Call]] = []
        done = 0
        while done < len(positions) and len(positions) < cls.MOST:
            position, finished = positions[done], ended[done]
            done += 1
            if finished:
                rows += (position[0], 1, 0, 0, -1)
                continue
            calls, leads = moves.get(position) or moves_at(bidding, auction, moves, position)
            codes = in_kernel.codes(calls)
            if codes is None:
                return False
            rows += (position[0], 0, len(made), len(calls), calls.index(PASS) if PASS in calls else -1)
            for k, (call, (after, over)) in enumerate(zip(calls, leads)):
                steps += (codes[2 * k], codes[2 * k + 1], node(after, over))
                made.append((position[0], call))
        if done < len(positions):
            return False
        packed = struct.pack(f"=2i{len(rows)}i{len(steps)}i", len(positions), len(made), *rows, *steps)
        return cls(packed, node_of, positions, made)


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


def _doubling(sense: BiddingSense, contracts: list[str]) -> list[float]:
    """The contra model's tables (players/doubling.py) as ``Bidder`` reads them: per set and contract the base,
    the partner's two weights, then the trump (or any suit's) and side holdings' tables, padded."""
    tables, missing = sense._doubling, KERNEL_CONTRACTS - len(contracts)
    base = [v for s in SETS for v in (*(tables.base[s, c] for c in contracts), *[0.0] * missing)]
    auction = [v for s in SETS for v in (*(w for c in contracts for w in tables.auction[s, c][:2]), *[0.0] * 2 * missing)]
    trump = [v for s in SETS for v in (*(x for c in contracts for x in tables.trump[s, c]), *[0.0] * 256 * missing)]
    side = [v for s in SETS for v in (*(x for c in contracts for x in tables.side[s, c]), *[0.0] * 256 * missing)]
    return [*base, *auction, *trump, *side]


def _pack(sense: BiddingSense, ruleset: Ruleset, contracts: list[str]) -> bytes:
    """The sense's own numbers (its private tables too: this is the same class, in C), in BIDDER_FORMAT."""
    valuer, margins = sense.valuer, sense.margins
    rows = [sense.total, sense.share, sense._bidding_share, sense._passed_share, sense._chien, sense._weight]
    return struct.pack(
        BIDDER_FORMAT, *(v for row in rows for v in _pad([row[c] for c in contracts])),
        *(v for c in contracts for v in sense._bid_need[c]), *[0.0] * (2 * (KERNEL_CONTRACTS - len(contracts))),
        *_doubling(sense, contracts),
        *_pad([sense._need(c, margins.redouble) for c in contracts]),
        *_pad([valuer.scale[c] for c in contracts]),
        *valuer.plain, *valuer.trump, *valuer.no_trumps, *valuer.all_trumps, *valuer.undenufe,
        len(contracts), valuer.hand_size, valuer.pack_size, ruleset.seating.partners, sense.defence_pair,
        sense.belote_points, *_pad([KINDS[c] for c in contracts]),
        *_pad([DECLARATION_KEYS.get(sense._declaration_key[c], -1) for c in contracts], -1),
        *_pad([valuer.total[c] for c in contracts]),
        *(m for c in contracts for m in (*belote_masks(ruleset, c), 0, 0, 0, 0)[:4]),
        *[0] * (4 * (KERNEL_CONTRACTS - len(contracts))))
