"""When the heuristic bot doubles: the chance that the standing contract fails, fitted from play-outs.

The bidder's estimate of a defence (its hand and an average partner) hardly tells a
contract that fails from one that is made (``benchmarks/double_margin.py``: a Bulgarian
defence estimated 30-40% of the deal above the contract still saw it made two times in
three), and doubling on it lost match points. What does tell them apart is where the
contract's strength lies: the trumps a defender holds (how many, and which of the top
ones), his side aces and tens, his partner's calls and, for a point bid, how high it is.

So a contra is called when a logistic model of those features says the contract is beaten
with a chance at which doubling pays (:data:`BREAK_EVEN`, or ``Margins.double_odds``). That
chance comes from the scoring: a doubled contract beaten gains the defenders G, one made loses
them L, so a double pays from L / (G + L) on; it is measured once per set of models, in
Bulgarian for an incomplete hand and in Coinche for a complete one, and every other variant
takes its set's (a variant of another scoring would want its own). In Coinche a contract beaten undoubled gives the
defenders only 160 and the contract, doubled twice that, so G is large; in Bulgarian a
contract beaten undoubled ("inside", bulgarian.md §7) already gives them every point of the
deal, doubled (§9.1) only twice as many, while one made doubled takes every point from them
and twice over: L is nearly twice G, and a double pays only when the contract fails about
three times in five. Its coefficients (:data:`FITTED`) are fitted by
``benchmarks/double_fit.py`` on thousands of chances to double between heuristic players,
each played on from the chance: one set for a hand that is not yet
complete at the auction (five of eight cards, with a turned card where it goes to the
taker), one for a complete hand, and per set one model per kind of contract (a trump suit,
no-trumps, all-trumps); a contract of another kind (undenufe, a trump laid face down) is
not doubled. The features of one suit depend only on its holding and the rank order it
plays under, so every holding's share of the score is added up once per ruleset into a
table of 256 entries, which the compiled kernel reads too (``players/bidding_kernel.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from ..cards import RANK_CHARS
from ..ruleset import Ruleset
from .hand_strength import TRUMP_SUIT

# Per holding of the trump suit: its length, three or more, four or more, and each of its four best cards.
TRUMP_FEATURES = ("trumps", "three_trumps", "four_trumps", "trump_1", "trump_2", "trump_3", "trump_4")
# Per side suit of a trump contract, and per suit of no-trumps or all-trumps: its best card, its second, and
# a void (side suits) or four cards or more (no-trumps, all-trumps).
SUIT_FEATURES = ("best", "second", "void")
ROUND_FEATURES = ("best", "second", "long")
# What the calls say: the partner passed, the partner bid, and a point bid's height as a share of the deal.
AUCTION_FEATURES = ("partner_passed", "partner_bid", "level")
KINDS = ("suit", "no_trumps", "all_trumps")

# benchmarks/double_fit.py's coefficients (intercept first, then the features in the order above), per hand
# known in part at the auction or complete, per kind of contract: the log-odds that the contract is beaten.
FITTED: dict[str, dict[str, tuple[float, ...]]] = {
    "partial": {
        "suit": (-1.27, 0.20, 0.20, 0.01, 0.68, 0.23, 0.29, 0.08, 0.22, 0.12, 0.16, -0.41, -0.21, 0.00),
        "no_trumps": (-1.33, 0.62, 0.08, 0.21, 0.11, 0.24, 0.00),
        "all_trumps": (-1.85, 0.64, 0.27, 0.79, -0.02, 0.42, 0.00),
    },
    "full": {
        "suit": (-0.91, 0.09, 1.00, 1.46, 0.12, 0.09, 0.06, -0.02, 0.14, 0.13, 0.31, -0.20, -0.15, -1.07),
        "no_trumps": (-1.43, 0.27, -0.58, -0.58, -0.18, -0.53, -1.40),
        "all_trumps": (-1.02, 0.27, 0.04, 0.39, -0.15, -0.14, -1.94),
    },
}
SETS = ("partial", "full")
# benchmarks/double_fit.py's break-even chances per set: what a beaten doubled contract gained and a made one lost,
# measured as FITTED was, in Bulgarian (partial) and Coinche (full); other variants take their set's.
BREAK_EVEN: dict[str, float] = {"partial": 0.64, "full": 0.57}


def kind_of(contract: str) -> str | None:
    """The kind of model ``contract`` is judged by, or None for one that is never doubled."""
    return "suit" if contract in TRUMP_SUIT else contract if contract in KINDS else None


def holding_features(holding: int, order: Sequence[int], trump: bool, side: bool) -> tuple[int, ...]:
    """The features of one suit's ``holding`` (bit r: natural rank r) under a rank ``order`` (strongest first):
    :data:`TRUMP_FEATURES` for the trump suit, else :data:`SUIT_FEATURES` (``side``: beside a trump suit) or
    :data:`ROUND_FEATURES`."""
    held = [holding >> rank & 1 for rank in order]
    count = sum(held)
    if trump:
        return (count, int(count >= 3), int(count >= 4), *held[:4])
    return held[0], held[1], int(count == 0) if side else int(count >= 4)


def auction_features(partner_passed: bool, partner_bid: bool, level: float) -> tuple[float, float, float]:
    return float(partner_passed), float(partner_bid), level


def hand_features(known: int, contract: str, orders: dict[str, Sequence[int]]) -> list[float]:
    """The hand's features in ``contract`` (not the auction's), summed over the suits of each role, as the
    fit reads them; ``orders`` gives the rank orders of ``trump`` and ``plain`` (or of the contract)."""
    holdings = [known >> (8 * suit) & 0xFF for suit in range(4)]
    if contract in TRUMP_SUIT:
        trump = TRUMP_SUIT[contract]
        features = list(holding_features(holdings[trump], orders["trump"], True, False))
        side = [0] * len(SUIT_FEATURES)
        for suit in range(4):
            if suit != trump:
                side = [a + b for a, b in zip(side, holding_features(holdings[suit], orders["plain"], False, True))]
        return [float(x) for x in (*features, *side)]
    total = [0] * len(ROUND_FEATURES)
    for holding in holdings:
        total = [a + b for a, b in zip(total, holding_features(holding, orders[contract], False, False))]
    return [float(x) for x in total]


def rank_orders(ruleset: Ruleset) -> dict[str, tuple[int, ...]]:
    """The natural ranks, strongest first, of each rank table a double is judged under."""
    cards = ruleset.variant.cards
    trump, plain = cards.trump_suit, cards.plain_suit
    tables = {"trump": trump.of("suit"), "plain": plain.of("suit"), "no_trumps": plain.of("no_trumps"),
              "all_trumps": trump.of("all_trumps")}
    return {name: tuple(RANK_CHARS.index(r) for r in table.order if RANK_CHARS.index(r) < 8)
            for name, table in tables.items()}


class DoublingTables:
    """The fitted models of one ruleset and odds (None: each set's :data:`BREAK_EVEN`), added up per holding: per
    set (:data:`SETS`) and contract, the log-odds over the threshold's of the intercept, of each holding of the
    trump suit (or of any suit of no-trumps and all-trumps) and of each holding of a side suit, and the auction's
    weights."""

    __slots__ = ("contracts", "base", "trump", "side", "auction", "hand_size")

    def __init__(self, ruleset: Ruleset, odds: float | None) -> None:
        orders = rank_orders(ruleset)
        self.contracts = tuple(ruleset.tables)
        self.hand_size = ruleset.seating.hand_size
        self.base: dict[tuple[str, str], float] = {}
        self.trump: dict[tuple[str, str], tuple[float, ...]] = {}
        self.side: dict[tuple[str, str], tuple[float, ...]] = {}
        self.auction: dict[tuple[str, str], tuple[float, float, float]] = {}
        for known_set in SETS:
            threshold = log_odds(BREAK_EVEN[known_set] if odds is None else odds)
            for contract in self.contracts:
                kind, key = kind_of(contract), (known_set, contract)
                if kind is None:
                    self.base[key], self.trump[key], self.side[key] = -math.inf, (0.0,) * 256, (0.0,) * 256
                    self.auction[key] = (0.0, 0.0, 0.0)
                    continue
                weights = FITTED[known_set][kind]
                hand = weights[1:-len(AUCTION_FEATURES)]
                self.base[key] = weights[0] - threshold
                self.auction[key] = weights[-3], weights[-2], weights[-1]
                if kind == "suit":
                    trump_w, side_w = hand[:len(TRUMP_FEATURES)], hand[len(TRUMP_FEATURES):]
                    self.trump[key] = _table(trump_w, orders["trump"], True, False)
                    self.side[key] = _table(side_w, orders["plain"], False, True)
                else:
                    self.trump[key] = self.side[key] = _table(hand, orders[kind], False, False)

    def score(self, known: int, contract: str, partner_passed: bool, partner_bid: bool, level: float) -> float:
        """The log-odds that ``contract`` fails over the threshold's, for a defender holding ``known``: a double
        when it is not below 0. The sums in the kernel's order (``_bidding.h``, ``fails``)."""
        key = ("partial" if known.bit_count() < self.hand_size else "full", contract)
        trump_suit = TRUMP_SUIT.get(contract, -1)
        trump, side = self.trump[key], self.side[key]
        score = self.base[key]
        for suit in range(4):
            score += (trump if suit == trump_suit or trump_suit < 0 else side)[known >> (8 * suit) & 0xFF]
        passed_w, bid_w, level_w = self.auction[key]
        if partner_passed:
            score += passed_w
        if partner_bid:
            score += bid_w
        return score + level_w * level if level else score


def log_odds(chance: float) -> float:
    """The log-odds of ``chance`` (a chance of 1 or more: never reached)."""
    return math.log(chance / (1 - chance)) if 0 < chance < 1 else math.inf


def _table(weights: Sequence[float], order: Sequence[int], trump: bool, side: bool) -> tuple[float, ...]:
    """Each of the 256 holdings' share of the log-odds: its features (:func:`holding_features`) times ``weights``."""
    return tuple(sum(w * f for w, f in zip(weights, holding_features(h, order, trump, side))) for h in range(256))


@lru_cache(maxsize=32)
def doubling_tables(ruleset: Ruleset, odds: float | None) -> DoublingTables:
    """The tables of ``ruleset`` at ``odds``, built once."""
    return DoublingTables(ruleset, odds)
