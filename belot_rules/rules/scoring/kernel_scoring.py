"""A deal's score between two camps in the compiled kernel (``belot_rules/rules/scoring/deal_score.h``), where it is built.

:class:`~.pipeline.ScoringRules` packs its compiled options once per contract (:func:`packed_scoring`)
where the kernel expresses every one of them: two camps facing each other, without point bids, game
points, contract factors, a verdict on board points, a declaration that wins the match or a contract
each side scores for itself; any other scoring is Python's alone. The kernel then gives a deal's
numbers as the pipeline's steps give them (a test holds the two to it on every shipped variant and on
random deals), and the explanation is the pipeline's own, written only when it is read
(:class:`~.result.Explanation`): simulations count millions of scores and never read one.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ...kernel import SCORING_FORMAT
from ..declarations.melds import Declaration
from .result import ALL, FAILED, HALF, HANGING, LITIGE, MADE, POT, SPLIT, TIE, DealScore, Explanation, ScoreParts
from .rounding import DIGITS, EVEN, PAIR
from .treatment import KEPT, TO_WINNERS, VOID, PairTreatment
from .verdict import TakersAgainstDefence

if TYPE_CHECKING:
    from .pipeline import ScoringRules

VERDICTS = (MADE, FAILED, HANGING, LITIGE)  # the kernel's verdict codes, in order (deal_score.h)
HOWS = (SPLIT, ALL, TIE, POT, HALF)
FATES = (TO_WINNERS, KEPT, VOID)
DOUBLED_TIES = ("as_undoubled", "all_to_reserve", "taker_fails")
STYLES = (DIGITS, PAIR, EVEN)


def _code(value: object, choices: Sequence[object]) -> int | None:
    """``value``'s place among ``choices`` (options are str enums: compared as their text), or None."""
    return next((i for i, choice in enumerate(choices) if value == choice), None)


def packed_scoring(rules: ScoringRules) -> dict[str, bytes] | None:
    """``rules`` as the kernel reads them (``Scoring`` in deal_score.h), per contract; None where one of its options is
    one the kernel does not express."""
    verdict, treatment = rules._verdict, rules._treatment
    if (rules._many or rules.camping.pooled or rules.seating.sides != 2 or rules._game_points is not None
            or rules._point_bids or rules._each_own or rules._on_board or rules._game_winning_length
            or not isinstance(verdict, TakersAgainstDefence) or not isinstance(treatment, PairTreatment)
            or any(c.contract_factor != 1 for c in rules._contracts.values())):
        return None
    table, capot, reserve = treatment.table, rules._capot, rules._reserve
    rows = (table.cards, table.capot, table.declarations, table.belote)
    codes = [_code(table.declarations.on_failure, FATES), _code(table.belote.on_failure, FATES),
             _code(verdict._tie_verdict, VERDICTS), _code(verdict._tie_how, HOWS),
             _code(verdict._doubled_tie, DOUBLED_TIES), _code(verdict._wait, VERDICTS)]
    if None in codes or any(_code(c.rounder.style, STYLES) is None for c in rules._contracts.values()):
        return None
    common: list[Any] = [rules._last, rules._last_with_capot, capot._takers_only, capot._replaces,
                         rules._to_capot_team, rules._count_without_tricks,
                         *(not row.counts_for_contract for row in rows), *(row.doubled for row in rows), *codes,
                         verdict._more_points, verdict._doubled_split, treatment._leader_rounds, treatment._min_one,
                         treatment._reserve_up, treatment._round_multiplied, reserve._accumulate, reserve._maker_only]
    packed = {}
    for name, c in rules._contracts.items():
        r = c.rounder
        packed[name] = struct.pack(SCORING_FORMAT, *common, c.factor, c.capot_bonus, r.exact, r.tie_digit,
                                   -1 if r.default_up is None else r.default_up, r.scale, _code(r.style, STYLES))
    return packed


def kernel_score(rules: ScoringRules, compiled: ModuleType, packed: bytes, contract: str, declarer: int,
                 multiplier: int, side_points: Sequence[int], side_tricks: Sequence[int], last_side: int,
                 declarations: list[Declaration] | tuple[Declaration, ...], hanging_in: int,
                 first_seat: int) -> DealScore | None:
    """The score of a deal without a point bid or a pair shown, its numbers from the kernel (the camps are the board's
    sides); None where the kernel leaves the deal to Python."""
    score = getattr(compiled, "score", None)  # (a stand-in for the kernel may lack it)
    if score is None:
        return None
    camps = rules.camping.camps(declarer)
    res = rules.declarations.resolve(declarations, contract, first_seat, None, camps.names) if declarations \
        else camps.nothing
    try:
        numbers = score(packed, camps.takers, multiplier, side_points, side_tricks, last_side, res.points, res.belote,
                        hanging_in)
    except (TypeError, ValueError, OverflowError):  # numbers of other types or sizes than a deal's: the pipeline takes them
        return None
    if numbers is None:
        return None
    raw, points, hanging_out, verdict, capot, only, first, second = numbers
    deal = (contract, declarer, multiplier, tuple(side_points), tuple(side_tricks), last_side, tuple(declarations),
            None, hanging_in, first_seat)
    return DealScore(raw, points, hanging_out, VERDICTS[verdict], camps.takers, multiplier, None if capot < 0 else capot,
                     only, Explanation(lambda: rules._score(*deal).notes), (ScoreParts(*first), ScoreParts(*second)))
