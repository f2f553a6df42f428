"""What each value of each choice means at the table, in a player's words.

A field's description says what the rule is about and lists its choices; these say
what the chosen one does. ``belot show`` prints the meaning of the chosen value in
place of the description, and the JSON Schema carries them as ``enumDescriptions``
for editors. A test checks that every value of every choice in the model has one.

An option declares its meanings on its field (``Option`` in ``options/base.py``; the deal,
bidding, play, declarations, match and table options do); the others are still listed here, by their choice, until they move too.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum

from pydantic import BaseModel

from .explain import submodel
from .model import Variant
from .options import scoring
from .options.base import Option, option_of
from .yamlsafe import KeyPath


def declared_options(model: type[BaseModel] = Variant, path: KeyPath = ()) -> Iterator[tuple[KeyPath, type, Option]]:
    """Every option declared on its field, with its key path and its choice (the field's type); a section
    may declare when it does nothing as a whole, and its own options follow it."""
    for name, field in model.model_fields.items():
        option = option_of(field)
        if option is not None:
            yield (*path, name), field.annotation, option
        section = submodel(field.annotation)
        if section is not None:
            yield from declared_options(section, (*path, name))


_LISTED: dict[type[Enum], dict[str, str]] = {
    scoring.Tie: {
        "hanging": "equal totals: the defenders score theirs, the takers' points hang in reserve for a later deal",
        "litige": "equal totals (litige): the defenders score theirs, the takers' points wait in reserve "
        "for a later deal",
        "taker_fails": "equal totals: the contract fails",
        "taker_makes": "equal totals: the contract is made",
        "half_bete": "equal totals (half bete): the takers score nothing, the defenders their own points",
    },
    scoring.ReserveGoesTo: {
        "next_deal_winner": "the reserve goes to the winner of the next scored deal",
        "next_contract_maker": "the reserve waits for the next contract that is made",
    },
    scoring.DoubledWinner: {
        "more_points": "under contra, the team with more points wins everything, whoever bid",
        "contract_result": "under contra, the contract's result decides who wins",
    },
    scoring.DoubledTie: {
        "all_to_reserve": "under contra, equal totals: the multiplied total waits in reserve",
        "as_undoubled": "under contra, equal totals: the tie rule applies as without contra",
        "taker_fails": "under contra, equal totals: the contract fails",
    },
    scoring.DoubledMade: {
        "takes_all": "a doubled contract that is made: the takers score everything, multiplied",
        "each_team_own": "a doubled contract that is made: each team scores its own points, multiplied",
    },
    scoring.ContractAtStake: {
        "judged": "the takers must outscore the defenders: their contract is made or fails",
        "each_own": "no contract is at stake: every player (or team) records its own points, rounded, whoever "
        "has more",
    },
    scoring.VerdictOn: {
        "raw_points": "the contract is judged on the raw totals",
        "board_points": "the contract is judged on the rounded board points; equal board points are judged "
        "on the raw totals",
    },
    scoring.CapotTeam: {
        "either": "whichever team takes every trick scores the capot",
        "takers_only": "only the takers score a capot; the defenders taking every trick is a plain failure",
    },
    scoring.TakerMustBeat: {
        "each_other_player": "each for himself: the taker must score more than each other player",
        "others_together": "each for himself: the taker must score more than the other players together",
    },
    scoring.RoundingUnit: {
        "tens": "the board records totals divided by ten (162 is 16)",
        "points": "the board records totals rounded to tens (162 is 160)",
    },
    scoring.RoundingMode: {
        "none": "totals are not rounded",
        "half_up": "a last digit of 5 to 9 rounds up, 0 to 4 down",
        "half_down": "a last digit of 6 to 9 rounds up, 0 to 5 down",
        "tie_digit": "a last digit below tie_digit rounds down, above it up; on tie_digit the team with "
        "fewer points rounds up, the other down",
        "pair_to_total": "a last digit of 6 to 9 rounds up, 0 to 5 down; if the two teams then add up to more "
        "(or less) than the deal total rounded so, the team with the larger last digit (equal: more points) "
        "gives back (or takes) one",
        "even_tens": "a total between two tens rounds to the one that is even in tens (66 is 13.2 tens: 14)",
    },
    scoring.MadeRounding: {
        "per_team": "in a made contract each team's total is rounded on its own",
        "leader_then_remainder": "in a made contract the leader's total is rounded and the other team "
        "gets the remainder",
    },
    scoring.ReserveRounding: {
        "reserve_rounds_up": "in a tied deal the reserved points round up and the defenders' down",
        "same_as_board": "in a tied deal both totals round as on the board",
    },
    scoring.DoubleRounding: {
        "multiply_rounded_total": "in a doubled deal the total is rounded, then multiplied",
        "round_multiplied_total": "in a doubled deal the total is multiplied, then rounded",
    },
}

# Every choice's meanings, from its field's declaration or the list above.
MEANINGS: dict[type[Enum], dict[str, str]] = {
    **_LISTED, **{choice: dict(option.meanings) for _, choice, option in declared_options() if option.meanings}}


def meaning(annotation: object, value: object) -> str | None:
    """What ``value`` of the choice ``annotation`` means, or None for a number, a list, a yes/no."""
    if isinstance(annotation, type) and annotation in MEANINGS:
        return MEANINGS[annotation].get(str(value))
    return None
