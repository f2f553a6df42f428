"""Predictions scored as penalties (``bidding.predictions``, rules/family/differenzler.md §5).

Each player predicted the points he would take himself; his penalty is the difference between the prediction and
the points he took (his raw total: cards, last trick and whatever else the variant counts for him). The board
records minus the penalty, so the fewest penalty points is the highest score and every tool that ranks sides by
their board ranks the players as the game does. An exact prediction may earn ``scoring.exact_prediction_bonus``,
taken off the penalty; a prediction of 0 earns it only with a trick taken (JWE-D).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import N_
from ...variant.model import Variant
from ..bidding.options import Predictions
from ..cards.tables import ContractTables
from .result import DealScore, Each

PREDICTED = N_("Predictions: {}")
TAKEN = N_("Points taken: {}")
PENALTIES = N_("Penalty, the difference between prediction and points taken: {}")
EXACT = N_("Exact prediction: {} takes {} off the penalty")
ON_BOARD = N_("On the board, minus each penalty: {}")


def most_points(variant: Variant, tables: ContractTables) -> int:
    """The most points one player can take in the contract of ``tables``: what a prediction may name at most
    (differenzler.md §3: 0 to 157)."""
    scoring, contract = variant.scoring, tables.contract
    card_total = (tables.total_points + scoring.last_trick) * scoring.card_factor.of(contract)
    return card_total + scoring.capot.bonus.of(contract)


def prediction_problems(variant: Variant, tables: dict[str, ContractTables], contract: str,
                        predictions: Sequence[int] | None) -> list[str]:
    """What is wrong with the predictions a scorekeeper gives for a deal of ``contract``: missing where the variant
    plays them, given where it does not, one per player, each at most what a player can take."""
    players = variant.table.players
    if variant.bidding.predictions == Predictions.off:
        return [] if predictions is None else [f"{variant.name} has no predictions (bidding.predictions off); leave "
                                               "them out"]
    if predictions is None:
        return [f"missing; {variant.name} scores each player's prediction: give the points each of the {players} "
                "seats predicted, in seat order"]
    if len(predictions) != players:
        return [f"{len(predictions)} given; {variant.name} has {players} players, one prediction each"]
    most = most_points(variant, tables[contract]) if contract in tables else None
    return [f"seat {seat} predicted {points}, more than the {most} points a player can take"
            for seat, points in enumerate(predictions) if most is not None and points > most]


def penalties(score: DealScore, predictions: Sequence[int], tricks: Sequence[int], bonus: int,
              names: Sequence[str]) -> DealScore:
    """``score`` with each side's board points replaced by minus its penalty: the difference between its
    prediction and its raw points, less ``bonus`` for an exact one (a prediction of 0 only with a trick taken).

    ``predictions`` and ``tricks`` are per side of the board (each player is a side where predictions are played).
    """
    taken = score.raw_points
    notes = [*score.notes, (PREDICTED, (Each((names, tuple(predictions))),)), (TAKEN, (Each((names, taken)),))]
    penalty = [abs(predicted - points) for predicted, points in zip(predictions, taken)]
    notes.append((PENALTIES, (Each((names, tuple(penalty))),)))
    if bonus:
        for side, (predicted, points) in enumerate(zip(predictions, taken)):
            if predicted == points and (predicted or tricks[side]):
                penalty[side] -= bonus
                notes.append((EXACT, (names[side], bonus)))
    board = tuple(-p for p in penalty)
    notes.append((ON_BOARD, (Each((names, board)),)))
    return score._replace(match_points=board, notes=tuple(notes))
