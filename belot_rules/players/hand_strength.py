"""What a hand is worth in each contract: the bidding sense of the heuristic bot.

A hand's *raw value* adds, suit by suit, the points of the cards it expects to
win (a card wins when the stronger cards it lacks are fewer than its guards),
with ruffing chances in a suit contract. Raw values are then calibrated once per
ruleset so that an average eight-card hand is worth a quarter of the deal: an
estimate is then in the same unit as the contract's own points, which is what a
point bid needs. A suit's value depends only on which of its ranks are held and
on the rank table it plays under, so each table's 256 holdings are valued once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache, lru_cache

from ..cards import RANK_CHARS
from ..rules.cards.tables import rank_points
from ..ruleset import Ruleset
from ..variant.model import CONCEALED, SUIT_CONTRACTS, RankTable

COMPANION = 8.0  # points the three other cards bring to a trick the hand wins
HALF_CHANCE = 0.5  # a card with as many guards as stronger cards out wins about half the time
PLAIN_SAFE = (0.95, 0.7, 0.3, 0.1, 0.0, 0.0, 0.0, 0.0)  # chance the n-th round of a side suit is not ruffed
LONG_CARD = 0.5  # share of a trick won by a low card of a long trump or no-trump suit
RUFF_VOID, RUFF_SINGLETON = 12.0, 6.0  # value of a short side suit when trumps are left to ruff
CALIBRATION_HANDS = 400
CALIBRATION_SEED = 20_241_130
TRUMP_SUIT = {contract: suit for suit, contract in enumerate(SUIT_CONTRACTS)}
SIDE_SUITS = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))  # the other suits of each trump suit


def holding_values(table: RankTable, safe: bool) -> tuple[float, ...]:
    """Raw value of each of the 256 holdings of one suit played under ``table`` (bit r: natural rank r held).

    ``safe`` suits cannot be ruffed (trumps, no-trumps, all-trumps): their long cards win too.
    """
    order = [RANK_CHARS.index(r) for r in table.order]  # strongest first (a 6 is never in the byte: valued as out)
    points = rank_points(table)
    values = []
    for byte in range(256):
        held = [pos for pos, rank in enumerate(order) if byte >> rank & 1]
        value = 0.0
        for i, pos in enumerate(held):
            stronger_out = pos - i
            guards = len(held) - 1 - i
            if stronger_out == 0:
                chance = 1.0
            elif stronger_out <= guards:
                chance = HALF_CHANCE
            else:
                chance = LONG_CARD if safe and i >= 3 else 0.0
            if not safe:
                chance *= PLAIN_SAFE[i]
            value += chance * (points[order[pos]] + COMPANION)
        values.append(value)
    return tuple(values)


@cache
def _ruffs(lengths: tuple[int, int, int, int], trump: int) -> float:
    """Value of short side suits while trumps remain to ruff them (remembered: hands share few suit lengths)."""
    spare = lengths[trump] - 1
    value = 0.0
    for suit, length in enumerate(lengths):
        if spare <= 0:
            break
        if suit == trump or length > 1:
            continue
        value += RUFF_VOID if length == 0 else RUFF_SINGLETON
        spare -= 2 - length
    return value


@dataclass(frozen=True)
class HandValuer:
    """Raw values of a hand in every contract of one ruleset, and their calibration into points."""

    plain: tuple[float, ...]
    trump: tuple[float, ...]
    no_trumps: tuple[float, ...]
    all_trumps: tuple[float, ...]
    undenufe: tuple[float, ...]
    total: dict[str, int]  # points of the whole pack: cards and last trick, times the no-trumps factor
    scale: dict[str, float]  # raw value -> points, so that an average hand is worth its share of the pack
    hand_size: int
    pack_size: int

    def raw(self, hand: int, contract: str) -> float:
        """Raw value of ``hand`` (any number of cards) in ``contract``."""
        h0, h1, h2, h3 = hand & 0xFF, hand >> 8 & 0xFF, hand >> 16 & 0xFF, hand >> 24 & 0xFF
        if contract == "no_trumps":
            values = self.no_trumps
            return values[h0] + values[h1] + values[h2] + values[h3]
        if contract == "all_trumps" or contract == "undenufe":
            values = self.all_trumps if contract == "all_trumps" else self.undenufe
            return values[h0] + values[h1] + values[h2] + values[h3]
        if contract == CONCEALED:  # the trump is chosen face down once the auction is over: the hand's best suit
            return max(self.raw(hand, suit) for suit in TRUMP_SUIT)
        t = TRUMP_SUIT[contract]
        holdings = (h0, h1, h2, h3)
        a, b, c = SIDE_SUITS[t]
        plain = self.plain
        value = plain[holdings[a]] + plain[holdings[b]] + plain[holdings[c]] + self.trump[holdings[t]]
        if holdings[t].bit_count() < 2:  # no trump to spare for ruffing
            return value
        return value + _ruffs((h0.bit_count(), h1.bit_count(), h2.bit_count(), h3.bit_count()), t)

    def points(self, hand: int, contract: str) -> float:
        """The points ``hand`` is expected to take in ``contract``; cards still to come count as average."""
        return (self.scale[contract] * self.raw(hand, contract)
                + (self.hand_size - hand.bit_count()) * self.total[contract] / self.pack_size)


@lru_cache(maxsize=32)
def hand_valuer(ruleset: Ruleset) -> HandValuer:
    """The valuer of ``ruleset``, built and calibrated once per ruleset (a few milliseconds)."""
    cards = ruleset.variant.cards
    factor = ruleset.variant.scoring.card_factor
    total = {c: ruleset.deck_total[c] * factor.of(c) for c in ruleset.tables}
    trump, plain = cards.trump_suit, cards.plain_suit
    valuer = HandValuer(holding_values(plain.of("suit"), False), holding_values(trump.of("suit"), True),
                        holding_values(plain.of("no_trumps"), True), holding_values(trump.of("all_trumps"), True),
                        holding_values(plain.of("undenufe"), True), total, {c: 1.0 for c in total}, ruleset.seating.hand_size, ruleset.seating.pack_size)
    hand_size, pack = ruleset.seating.hand_size, ruleset.seating.cards
    rng = random.Random(CALIBRATION_SEED)
    sums = dict.fromkeys(total, 0.0)
    for _ in range(CALIBRATION_HANDS):
        hand = sum(1 << c for c in rng.sample(pack, hand_size))
        for contract in total:
            sums[contract] += valuer.raw(hand, contract)
    # A hand is expected to hold its share of the pack's points: a quarter of them with 8 of 32 cards.
    scale = {c: (total[c] * hand_size / len(pack)) / (sums[c] / CALIBRATION_HANDS) if sums[c] else 1.0
             for c in total}
    if CONCEALED in scale:  # the bidder chooses the trump: his best suit is valued as a suit contract's trumps are,
        scale[CONCEALED] = sum(scale[s] for s in SUIT_CONTRACTS) / len(SUIT_CONTRACTS)  # not averaged away
    return HandValuer(valuer.plain, valuer.trump, valuer.no_trumps, valuer.all_trumps, valuer.undenufe, total, scale,
                      hand_size, len(pack))
