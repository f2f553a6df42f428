"""Revokes in a scored outcome: each card the rules did not allow, told as a warning by ``belot score``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import CARDS, iter_bits, parse_card
from ...files import KeyPath
from ...variant.model import Variant
from ..bidding.closed import CLOSED_LEAD_OF_A_SEAT, closed_levels, is_closed, lead
from ..play.jass import obligations
from ..play.obligations import OF_A_SEAT, Obligations
from ..scoring.pipeline import ScoringRules
from .parse import DealOutcome, HasScoring, _doubling, _scoring_of, parse_outcome
from .tricks import play_tricks


def revokes(rules: Variant | ScoringRules | HasScoring,
            outcome: Mapping[str, Any] | DealOutcome) -> list[tuple[KeyPath, str]]:
    """Each card of a scored outcome that the rules did not allow, where it is and why.

    The tricks show every card a seat still held (the ones it played later), so whether it had
    to follow suit, trump or overtrump can be told. A deal is still scored as its tricks were
    taken (a table may have let a revoke stand), so these are warnings, not errors. At an open
    tableau a face-down card was not yet playable, so nothing is told there.
    """
    scoring = _scoring_of(rules)
    variant = scoring.variant
    model = parse_outcome(outcome)
    # Nor under a concealed trump: its card lay out of the bidder's hand, and its showing changed the rules, at
    # points an outcome does not say; nor in a single hand, played without trumps by three seats in other turns.
    if variant.deal.tableau_packets or variant.play.conceals_trump or model.tricks is None or model.alone is not None:
        return []
    tables = scoring.tables[model.contract]
    _, played_by = play_tricks(tables, model, [])
    closed = _closed(variant, model)
    return _revokes(obligations(tables, variant.play, scoring.seating.partner_back), model, played_by, closed)


def _revokes(obligations: Obligations, outcome: DealOutcome, played_by: dict[int, tuple[int, int]],
             closed: bool) -> list[tuple[KeyPath, str]]:
    problems: list[tuple[KeyPath, str]] = []
    later: dict[int, int] = {}  # seat -> the cards it plays from this trick on
    for card, (seat, _) in played_by.items():
        later[seat] = later.get(seat, 0) | 1 << card
    for i, trick in enumerate(outcome.tricks or ()):
        cards = [parse_card(c).index for c in trick.cards]
        for j, card in enumerate(cards):
            seat = played_by[card][0]
            hand = later[seat]
            legal = obligations.legal(hand, cards[:j]) if j or not closed else lead(hand, obligations.trump_mask)
            if not legal >> card & 1:
                held = ", ".join(f"{CARDS[c]} (tricks[{played_by[c][1]}])" for c in iter_bits(legal))
                reason = OF_A_SEAT[obligations.reason(hand, cards[:j], card)] if j else CLOSED_LEAD_OF_A_SEAT
                problems.append((("tricks", i, "cards", j), f"seat {seat} may not play {trick.cards[j]} here: "
                                 f"{reason}, and it still held {held}"))
            later[seat] = hand & ~(1 << card)
    return problems


def _closed(variant: Variant, outcome: DealOutcome) -> bool:
    """Whether the deal was played closed (baloot.md §4). A multiplier alone that two levels share (Baloot's four
    and gahwa, both x4) is taken as closed only when both are: a revoke is told only when it is certain."""
    levels, doubles = closed_levels(variant), variant.bidding.doubles
    if outcome.doubling is not None:
        return is_closed(levels, outcome.contract, _doubling(variant, outcome)[1])
    same = [level for level, m in enumerate(doubles.multipliers[:doubles.max_level], 1) if m == outcome.multiplier]
    return bool(same) and all(is_closed(levels, outcome.contract, level) for level in same)
