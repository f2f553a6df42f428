"""The scoring of a deal: totals, last trick, capot, ties, contra and rounding into match points."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from pydantic import Field

from .base import Contract, Rule


class Tie(str, Enum):
    hanging = "hanging"
    litige = "litige"
    taker_fails = "taker_fails"
    taker_makes = "taker_makes"
    half_bete = "half_bete"


class ReserveGoesTo(str, Enum):
    next_deal_winner = "next_deal_winner"
    next_contract_maker = "next_contract_maker"


class DoubledWinner(str, Enum):
    more_points = "more_points"
    contract_result = "contract_result"


class DoubledTie(str, Enum):
    all_to_reserve = "all_to_reserve"
    as_undoubled = "as_undoubled"
    taker_fails = "taker_fails"


class DoubledMade(str, Enum):
    takes_all = "takes_all"
    each_team_own = "each_team_own"


class ContractAtStake(str, Enum):
    judged = "judged"
    each_own = "each_own"


class VerdictOn(str, Enum):
    raw_points = "raw_points"
    board_points = "board_points"


class CapotTeam(str, Enum):
    either = "either"
    takers_only = "takers_only"


class TakerMustBeat(str, Enum):
    each_other_player = "each_other_player"
    others_together = "others_together"


class RoundingMode(str, Enum):
    none = "none"
    half_up = "half_up"
    half_down = "half_down"
    tie_digit = "tie_digit"
    pair_to_total = "pair_to_total"
    even_tens = "even_tens"


class RoundingUnit(str, Enum):
    tens = "tens"
    points = "points"


class MadeRounding(str, Enum):
    per_team = "per_team"
    leader_then_remainder = "leader_then_remainder"


class ReserveRounding(str, Enum):
    reserve_rounds_up = "reserve_rounds_up"
    same_as_board = "same_as_board"


class DoubleRounding(str, Enum):
    multiply_rounded_total = "multiply_rounded_total"
    round_multiplied_total = "round_multiplied_total"


class ContractRounding(Rule):
    """How one contract kind's totals become match points."""

    mode: RoundingMode = Field(
        RoundingMode.half_up,
        description=(
            "none: exact; half_up: last digit 5-9 up; half_down: 6-9 up; tie_digit: digits below tie_digit "
            "round down, above it up, and on tie_digit the team with fewer points rounds up, the other down; "
            "pair_to_total: half_down, then the team with the larger last digit (equal: more points) gives "
            "back or takes the unit that makes the pair add up to the deal total rounded half_down (Baloot "
            "Hokum); even_tens: a total between two tens rounds to the one that is even in tens (Baloot Sun)."
        ),
    )
    tie_digit: int = Field(5, ge=1, le=9, description="The shared digit of tie_digit rounding (6 in suits, 4 in all-trumps).")


class Rounding(Rule):
    """Rounding of deal totals into match points."""

    unit: RoundingUnit = Field(
        RoundingUnit.tens,
        description="tens: the board records totals divided by ten (162 is 16); points: totals rounded to tens (162 is 160).",
    )
    suit: ContractRounding = Field(
        ContractRounding(mode=RoundingMode.tie_digit, tie_digit=6), description="Suit contracts."
    )
    no_trumps: ContractRounding = Field(ContractRounding(), description="No-trumps contracts.")
    all_trumps: ContractRounding = Field(
        ContractRounding(mode=RoundingMode.tie_digit, tie_digit=4), description="All-trumps contracts."
    )
    made: MadeRounding = Field(
        MadeRounding.per_team,
        description="A made contract: each team's total rounded on its own, or the leader rounded and the other gets the remainder.",
    )
    min_one: bool = Field(
        False, description="In a made contract a team with a non-zero total never rounds to 0 (it gets 1 from the leader)."
    )
    reserve: ReserveRounding = Field(
        ReserveRounding.reserve_rounds_up,
        description="A tied deal: the reserved (hanging) points round up and the defenders' down, or both as on the board.",
    )
    doubled: DoubleRounding = Field(
        DoubleRounding.multiply_rounded_total,
        description="A doubled deal: multiplier times the rounded total, or the multiplied total rounded.",
    )


class Reserve(Rule):
    """Points held back from a tied deal (hanging points, litige)."""

    goes_to: ReserveGoesTo = Field(
        ReserveGoesTo.next_deal_winner,
        description="The reserve goes to the winner of the next scored deal, or waits for the next contract that is made.",
    )
    accumulate: bool = Field(True, description="A further tie adds its reserve to the points already waiting.")
    kept_on_all_pass: bool = Field(True, description="A deal where everyone passes leaves the reserve waiting.")


class Capot(Rule):
    """One team takes all eight tricks (valat, capot)."""

    bonus: int = Field(90, ge=0, description="Points added for taking every trick (90: 162 becomes 252).")
    no_trumps_bonus: int | None = Field(
        None, ge=0, description="The capot bonus in no-trumps when it differs (before the no-trumps factor); null: bonus."
    )
    team: CapotTeam = Field(
        CapotTeam.either,
        description="Which team scores a capot: either; or takers_only, the defenders taking every trick being a "
        "plain failure (Klaverjas pit).",
    )
    replaces_card_points: bool = Field(
        False,
        description="The capot team scores the bonus instead of its card points and last trick (Baloot kaboot: "
        "250 in Hokum) rather than on top of them.",
    )
    multiplied_by_no_trumps_factor: bool = Field(
        False, description="Whether the no-trumps factor also doubles the capot bonus."
    )
    multiplied_by_double: bool = Field(True, description="Whether contra / recontra multiply the capot bonus.")
    shared: bool = Field(
        False,
        description="Each for himself at three or more players: a player who takes no trick is capot, and the "
        "players who took tricks share the bonus equally (Belote a trois: 50 to each of the two others; the "
        "player who took every trick gets it whole); off, only a player who takes every trick scores it.",
    )
    last_trick_counts: bool = Field(
        True, description="Whether the last-trick bonus still counts in a deal with a capot (Belote a trois: "
        "no dix de der when there is a capot).",
    )


class PointBidScoring(Rule):
    """How a point bid adds to the score (coinche, French point bids)."""

    bid_added: bool = Field(
        True, description="The bid's value is added to the winners' score: to the takers when made, to the defenders when failed."
    )
    fixed_card_total: int | None = Field(
        160,
        description="When a team scores every card (a failed or doubled contract), it scores this instead of the actual card total; null keeps the actual total.",
    )
    fixed_capot_total: int | None = Field(
        250, description="The same for a capot."
    )


class Scoring(Rule):
    """Totals of a deal and how they reach the match board."""

    last_trick: int = Field(10, ge=0, description="Bonus for the last trick (dix de der).")
    no_trumps_factor: int = Field(2, ge=1, description="Card points and last trick are multiplied by this in no-trumps.")
    contract_factors: dict[Contract, Annotated[int, Field(ge=1, le=1000)]] = Field(
        {},
        description="A score multiplier per contract: every point of the deal (cards, last trick, capot, "
        "declarations, belote) is multiplied by it before rounding (Belote bridgee: clubs 1 ... all_trumps 6; "
        "Baloot: Sun 2); contracts left out count 1.",
    )
    contract: ContractAtStake = Field(
        ContractAtStake.judged,
        description="judged: the takers must outscore the defenders (made, failed, ties as scoring.tie says); "
        "each_own: no contract is at stake, every side records its own total (Belote decouverte, where the "
        "last card dealt makes trump and nobody takes).",
    )
    verdict_on: VerdictOn = Field(
        VerdictOn.raw_points,
        description="Whether the contract is judged on the raw totals, or on the rounded board points with "
        "equal board points judged on the raw totals (Baloot khasara).",
    )
    capot: Capot = Field(default_factory=Capot, description="Taking all eight tricks.")
    taker_must_beat: TakerMustBeat = Field(
        TakerMustBeat.each_other_player,
        description="Each for himself at three or more players: the taker makes his contract with more points "
        "than each other player, or with more than the others together.",
    )
    tie: Tie = Field(
        Tie.hanging,
        description=(
            "Equal totals: hanging / litige (defenders score theirs, the takers' points wait in reserve for a "
            "later deal), taker_fails, taker_makes, or half_bete (the takers score nothing, the defenders "
            "their own)."
        ),
    )
    reserve: Reserve = Field(default_factory=Reserve, description="Hanging points or litige reserve.")
    doubled_winner: DoubledWinner = Field(
        DoubledWinner.more_points,
        description="Under contra: the team with more points wins everything, whoever bid; or the contract's result decides.",
    )
    doubled_tie: DoubledTie = Field(
        DoubledTie.all_to_reserve,
        description="Under contra, equal totals: the multiplied total waits in reserve, the tie rule applies as "
        "undoubled, or the contract fails.",
    )
    doubled_made: DoubledMade = Field(
        DoubledMade.takes_all,
        description="A doubled contract that is made: the takers take everything, or each team scores its own "
        "points multiplied (Baloot).",
    )
    point_bids: PointBidScoring = Field(default_factory=PointBidScoring, description="Point-bid contracts.")
    rounding: Rounding = Field(default_factory=Rounding, description="Rounding into match points.")
