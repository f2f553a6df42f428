"""The booklet's worked example: a deal the engine plays and scores, told as sums a player can check.

The deal is played with random legal moves from fixed seeds, the first that ends in a made, undoubled
contract with a meld or a belote being preferred (a plainer deal where no seed gives one). The sums
are read from the engine's score and checked twice when the example is made: each side's parts add
up to its total, and the deal told as a score sheet holds it (the short outcome) scores exactly as
the engine scored it. An example that fails a check is never shown: the booklet says that it has none,
and why (a defect of the program, to report).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.actions import NOT_ALONE_ACTION
from ..engine.deal import OVER, DealState
from ..engine.phases import SINGLE_HAND
from ..errors import UserError
from ..pad.reduce import short_outcome
from ..rules.outcome.parse import score_outcome
from ..rules.scoring.result import DealScore
from ..ruleset import Ruleset

SEEDS = 80  # deals tried for one with a made contract and a meld; a few milliseconds each


class ExampleFailed(Exception):
    """No deal of the rules could be shown: none was played to a score, or the engine disagreed with itself."""


@dataclass(frozen=True)
class Example:
    """A deal played to its end, its seed, and the engine's score of it."""

    seed: int
    deal: DealState
    score: DealScore


def play(rules: Ruleset, seed: int) -> DealState:
    """One deal of ``rules`` played to its end with random legal moves drawn from ``seed``; nobody plays it alone
    (play.single_hand: the example shows how a contract bid is scored)."""
    deck = list(rules.seating.cards)
    rng = random.Random(seed)
    rng.shuffle(deck)
    deal = DealState.start(rules, deck, seed % rules.seating.players)
    while deal.phase != OVER:
        deal.apply(NOT_ALONE_ACTION if deal.phase == SINGLE_HAND else rng.choice(deal.legal_actions()))
    return deal


def _rich(score: DealScore) -> bool:
    """A deal worth showing: the contract made, not doubled, with a meld or a belote counted."""
    return score.verdict == "made" and score.multiplier == 1 and any(p.declarations or p.belote for p in score.parts)


_KNOWN: dict[str, Example] = {}  # each rule set's checked example, by its rules hash: a booklet is written again in
# each language and at each width of the table's rules page, and the deal is the same every time


def worked_example(rules: Ruleset) -> Example:
    """The example deal of ``rules``, checked (:func:`problems`); a failed check is an :class:`ExampleFailed`."""
    known = _KNOWN.get(rules.content_hash)
    if known is not None:
        return known
    found: Example | None = None
    for seed in range(SEEDS):
        deal = play(rules, seed)
        if deal.score is None:  # everybody passed
            continue
        if found is None or _rich(deal.score):
            found = Example(seed, deal, deal.score)
        if _rich(deal.score):
            break
    if found is None:
        raise ExampleFailed(f"none of {SEEDS} deals was played to a score")
    wrong = problems(rules, found)
    if wrong:
        raise ExampleFailed("; ".join(wrong))
    _KNOWN[rules.content_hash] = found
    return found


def problems(rules: Ruleset, example: Example) -> list[str]:
    """What in the example disagrees with the engine: a side whose parts do not add up to its total, or
    the deal, scored again from what a score sheet holds of it, scoring otherwise."""
    score = example.score
    wrong = [f"{rules.seating.side_name(side)}'s parts add up to {sum(parts)}, not {total}"
             for side, (parts, total) in enumerate(zip(score.parts, score.raw_points)) if sum(parts) != total]
    try:
        again = score_outcome(rules, short_outcome(example.deal))
    except UserError as err:
        return [*wrong, f"its outcome cannot be scored again: {' '.join(str(err).split())}"]
    if again._replace(notes=()) != score._replace(notes=()) or again.lines != score.lines:
        wrong.append(f"scored again from the deal's outcome it gives {again!r}, not {score!r}")
    return wrong
