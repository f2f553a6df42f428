"""The score of a deal once its last trick is taken: the variant's scoring of what was played, a doubling level that
decides the match, or a single hand's game points (play.single_hand)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.scoring.result import DealScore, decided_by_doubling
from ..rules.scoring.single_hand import single_hand_score
from .predictions import by_side

if TYPE_CHECKING:
    from .deal import DealState


def deal_score(state: DealState, last_winner: int) -> DealScore:
    """Score ``state``'s tricks, declarations and belotes; ``last_winner`` took the last trick."""
    ruleset = state.ruleset
    seating = ruleset.seating
    if state.alone >= 0:
        return single_hand_score(ruleset.variant, seating, state.alone, state.side_points, state.side_tricks,
                                 seating.side_of[last_winner])
    rules, contract = ruleset.declarations, state.played_contract()
    if rules.from_tricks:
        found = [d for _, cards, winner in state.tricks for d in rules.in_trick(contract, cards, winner)]
    else:
        declared = state.declared
        found = [d for seat in sorted(declared) for d in declared[seat]]
    if state.belotes:
        found += [rules.belote(seat, suit) for seat, suit in state.belotes]
    score = ruleset.scoring.score(contract, state.declarer, state.multiplier, state.side_points, state.side_tricks,
                                  seating.side_of[last_winner], found, state.bid, state.hanging_in, state.first_seat,
                                  state.pair, by_side(state))
    if state.level and ruleset.bidding.wins_match(state.level):
        defenders = tuple(sorted({seating.side_of[seat] for seat in seating.opponents(state.declarer, state.declarer)}))
        return decided_by_doubling(score, ruleset.variant, contract, state.level, defenders, seating.side_name)
    return score
