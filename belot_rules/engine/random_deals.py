"""Whole deals of a table of random players in the compiled kernel (``belot_rules/_random_deal.h``), where it is built
and the variant's rules are all ones it expresses.

A chunk of ``belot simulate --seats random,random,random,random`` plays each deal from its seed: a generator
seeded as ``random.Random(seed)``, the shuffled pack, dealing, the random auction, trick 1's declarations, the
tricks with belotes, the contest of declarations and the score, then counts what
:func:`~belot_rules.sim.simulate.record_deal` counts. :func:`random_tables` packs a ruleset for the kernel once
(the deal's tables, the positions of its ladder auction, the play rules and scoring options per contract), or
says None where one of its rules is not expressed there: the Python path
(:func:`~belot_rules.engine.playout.play_at_random` on a :class:`~belot_rules.engine.deal.DealState`) plays those
variants, and the kernel's deals are the same deals, draw for draw (a test holds the two to it).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import NamedTuple
from weakref import WeakKeyDictionary

from .. import kernel
from ..kernel import TABLE_FORMAT
from ..rules.bidding.auction import Bidding
from ..rules.bidding.calls import Auction
from ..rules.declarations.options import (
    BeloteAnnouncement,
    BeloteForcedCard,
    BeloteInSequence,
    BelotePlayCondition,
    ContestScope,
    DeclarationTie,
    QuadSequenceOverlap,
    WinnerScores,
)
from ..ruleset import Ruleset
from ..variant.model import CONCEALED
from .playout import Position, _by_position, _moves, position_of
from .predictions import unmade

MAX_CONTRACTS = 8
MAX_RUNS = 3
TIES = (DeclarationTie.cancel, DeclarationTie.trump_then_cancel, DeclarationTie.trump_then_first_in_play_order,
        DeclarationTie.first_in_play_order)  # the kernel's tie codes, in order
MAX_POSITIONS = 1 << 16  # a ladder with more positions than this is left to Python


class RandomTables(NamedTuple):
    """A ruleset as the kernel plays a table of random players: what ``random_deals`` takes besides the seeds."""

    table: bytes  # RandomTable (TABLE_FORMAT)
    ladder: bytes  # the ladder's positions and moves, int32s
    obligations: tuple[bytes, ...]  # per contract index: Obligations.packed
    scorings: tuple[bytes, ...]  # per contract index: the scoring's packed options
    contracts: tuple[str, ...]  # the contracts, by index


class RandomCounts(NamedTuple):
    """What the kernel counts of a table of random players' deals, as sim/simulate.py's record_deal counts them."""

    deals: int
    all_pass: int
    played: int
    contracts: tuple[int, ...]  # per contract index
    verdicts: tuple[int, int, int, int]  # made, failed, hanging, litige
    capot: int
    doubled: int
    redoubled: int
    declarations: int
    belote: int
    taker_points: dict[int, int]  # the takers' raw points' bin (its lowest value): deals
    raw_points: tuple[tuple[int, int, int], ...]  # per side: n, total, squares
    match_points: tuple[tuple[int, int, int], ...]


_PACKED: WeakKeyDictionary[Ruleset, RandomTables | None] = WeakKeyDictionary()


def random_tables(ruleset: Ruleset) -> RandomTables | None:
    """``ruleset`` packed for the kernel's random deals (once per ruleset); None where the kernel is not built or
    one of the variant's rules is not expressed there."""
    if kernel.compiled is None or not hasattr(kernel.compiled, "random_deals"):
        return None
    if ruleset not in _PACKED:
        _PACKED[ruleset] = _pack(ruleset)
    return _PACKED[ruleset]


def play_random_deals(tables: RandomTables, first: int, seeds: list[int]) -> RandomCounts:
    """Deals ``first``, ``first + 1``, ... of a table of random players, one per seed (the seed of its generator), in
    the kernel: what it counts of them."""
    compiled = kernel.compiled
    assert compiled is not None, "random deals are played in the kernel where it is built"
    return RandomCounts(*compiled.random_deals(tables.table, tables.ladder, tables.obligations, tables.scorings, first,
                                               seeds))


def _pack(ruleset: Ruleset) -> RandomTables | None:
    """:func:`random_tables`, worked out: None at the first rule the kernel does not express."""
    variant, seating, dealing, bidding = ruleset.variant, ruleset.seating, ruleset.dealing, ruleset.bidding
    rules, scoring = ruleset.declarations, ruleset.scoring
    players = seating.players
    if (not 2 <= players <= 4 or seating.sides != 2 or seating.pack_size != 32 or len(seating.cards) != 32
            or any(seating.turns[-1][leader] != tuple((leader + k) % players for k in range(players))
                   for leader in range(players))):
        return None
    if (not _by_position(bidding) or dealing.turned_position >= 0 or dealing.tableau_from is not None
            or dealing.widow_size or dealing.seven_exchange or bidding.deal_fixes_trump or unmade(ruleset)
            or variant.play.single_hand or variant.play.conceals_trump or ruleset.closed_levels
            or any(bidding.wins_match(level) for level in range(1, 8))):
        return None
    decl = variant.declarations
    contracts = tuple(c for c in ruleset.tables if c != CONCEALED)
    if (rules.from_tricks or rules._wide or any(c in rules._upward for c in contracts) or rules._player_chooses
            or decl.quad_sequence_overlap not in (QuadSequenceOverlap.prefer_quad, QuadSequenceOverlap.both_count)):
        return None
    packed_scoring = scoring._packed
    if packed_scoring is None or scoring.camping.pooled:
        return None
    if len(contracts) > MAX_CONTRACTS or any(c not in packed_scoring or not ruleset.obligations[c].kernel_plays
                                             for c in contracts):
        return None
    ladder = _ladder(ruleset, contracts)
    if ladder is None:
        return None
    positions, starts = ladder
    runs = []
    for byte in range(256):
        found = rules._runs[byte]
        if len(found) > MAX_RUNS:
            return None
        runs += [len(found), *(value for run in found for value in run), *[0] * (3 * (MAX_RUNS - len(found)))]
    lengths = range(9)
    seq_points = [decl.sequences[rules._class[n]] if rules._class[n] else 0 for n in lengths]
    belote = decl.belote
    options = [rules._unified, rules._no_contest, rules._by_class, rules._by_size, rules._quad_flag, rules._prefer_quad,
               TIES.index(decl.tie), decl.winner_scores == WinnerScores.best_only,
               belote.in_sequence == BeloteInSequence.belote_absorbed, belote.points,
               belote.announcement == BeloteAnnouncement.required, belote.forced_card == BeloteForcedCard.lost,
               belote.play_condition == BelotePlayCondition.always]
    if decl.contest not in (ContestScope.separate, ContestScope.unified, ContestScope.none):
        return None
    infos = [rules._contracts[c] for c in contracts]
    padding = [None] * (MAX_CONTRACTS - len(contracts))
    quad_rows = []
    for info in [*infos, *padding]:
        quads = list(info.quads) if info is not None else []
        if len(quads) > 8:
            return None
        quads += [(0, 0, 0)] * (8 - len(quads))
        quad_rows.append(quads)
    first_of = [seating.order[dealer + 1] for dealer in range(players)]
    first_deal = [[-1] * 32 for _ in range(4)]
    second_deal = [[[-1] * 32 for _ in range(4)] for _ in range(4)]
    for first in range(players):
        for seat, position in dealing.first_from[first]:
            first_deal[first][position] = seat
        for taker in range(players):
            for seat, position in dealing.second_from[first][taker]:
                second_deal[first][taker][position] = seat
    speaker = [dealer if bidding.dealer_speaks_first else first_of[dealer] for dealer in range(players)]
    pad4 = [0] * (4 - players)
    table = struct.pack(
        TABLE_FORMAT, players, seating.hand_size, 32, 2, *seating.side_of, *pad4, *first_of, *pad4,
        *(starts[seat] for seat in speaker), *pad4, *seating.cards,
        *(seat for row in first_deal for seat in row), *(seat for rows in second_deal for row in rows for seat in row),
        *runs, *seq_points, *(rules._class[n] for n in lengths), *rules._seq_pos[:8],
        *(rules._quad_strength.get(rank, 0) for rank in range(8)), *map(int, options), len(contracts),
        *(int(info.allowed) if info else 0 for info in [*infos, *padding]),
        *(info.trump_suit if info else -1 for info in [*infos, *padding]),
        *(ruleset.tables[c].trump_suit for c in contracts), *[-1] * len(padding),
        *(rank for row in quad_rows for rank, _, _ in row), *(mask for row in quad_rows for _, mask, _ in row),
        *(points for row in quad_rows for _, _, points in row),
        *(info.belote_queens if info else 0 for info in [*infos, *padding]),
        *(info.quad_ranks if info else 0 for info in [*infos, *padding]))
    return RandomTables(table, positions, tuple(ruleset.obligations[c].packed for c in contracts),
                        tuple(packed_scoring[c] for c in contracts), contracts)


def _ladder(ruleset: Ruleset, contracts: Sequence[str]) -> tuple[bytes, dict[int, int]] | None:
    """Every position of the ladder auctions of ``ruleset`` (from each seat that may speak first), packed as
    ``_random_deal.h`` walks them, and each seat's first position; None where a position holds a point bid or a
    contract the kernel does not play, or the ladder is larger than the kernel takes."""
    bidding: Bidding = ruleset.bidding
    players = ruleset.seating.players
    index: dict[Position, int] = {}
    order: list[Position] = []
    auctions: list[Auction] = []
    starts = {}
    for seat in range(players):
        auction = Auction(seat, players, -1, turned_rank=-1, board=(0,) * ruleset.seating.sides)
        start = position_of(auction)
        if start not in index:
            index[start] = len(order)
            order.append(start)
            auctions.append(auction)
        starts[seat] = index[start]
    rows: list[int] = []
    moves: list[int] = []
    ends: dict[int, bool] = dict.fromkeys(starts.values(), False)  # per position met: whether an auction ends there
    done = 0
    while done < len(order):
        position, auction = order[done], auctions[done]
        _, contract, points, declarer, level, passes = position
        if points is not None or (contract is not None and contract not in contracts):
            return None
        if ends[done]:  # the auction is over: no calls, only what it ends with
            end = Auction(position[0], players, -1, [], contract, points, declarer, level, passes, finished=True,
                          turned_rank=-1, board=auction.board)
            rows += [len(moves) // 2, 0, -1 if contract is None else contracts.index(contract),
                     declarer if contract is not None else 0, level, bidding.multiplier(end)]
            done += 1
            continue
        done += 1
        calls, leads = _moves(bidding, auction, position)
        if not calls:
            return None
        rows += [len(moves) // 2, len(calls), -1, 0, 0, 1]
        for after, finished in leads:
            if after not in index:
                if len(order) >= MAX_POSITIONS:
                    return None
                index[after] = len(order)
                ends[index[after]] = finished
                order.append(after)
                auctions.append(auction)
            elif ends[index[after]] != finished:  # a position both ends an auction and goes on: not by position alone
                return None
            moves += [index[after], int(finished)]
    return struct.pack(f"=2i{len(rows)}i{len(moves)}i", len(order), len(moves) // 2, *rows, *moves), starts
