"""The scoring of a deal: totals, last trick, capot, ties, contra and rounding into match points."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from ...i18n import gettext as _
from ..bidding.options import without_doubling, without_point_bids, without_predictions
from ..common import MAX_NUMBER, ByContract, OldKey, Option, PerContract, Points, Rule, by_contract_form, first_reason
from ..table.options import Sides

if TYPE_CHECKING:
    from ...variant.model import Variant


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


class CapotBid(str, Enum):
    as_taken = "as_taken"
    capot_value = "capot_value"


def _card_factor_one(variant: Variant) -> str | None:
    """A rule about the card factor does nothing where it is 1 in every contract played."""
    if any(variant.scoring.card_factor.of(c) != 1 for c in variant.bidding.contracts):
        return None
    return _("scoring.card_factor is 1 in every contract of bidding.contracts")


def contract_factor_one(variant: Variant) -> str | None:
    """A rule about the contract factor does nothing where it is 1 in every contract played."""
    if any(variant.scoring.contract_factors.of(c) != 1 for c in variant.bidding.contracts):
        return None
    return _("scoring.contract_factors is 1 in every contract of bidding.contracts")


def _without_capot_bid(variant: Variant) -> str | None:
    return None if variant.bidding.points.capot_bid else _("bidding.points.capot_bid is false")


def _factors_as_table(written: object) -> object:
    """``contract_factors`` as the content hash writes them: the table by contract they were before they became a
    rule by contract (``{}`` for none), so every file keeps its hash; a default other than 1 as written."""
    form = by_contract_form(written, PerContract.KEYS)
    return {key: factor for key, factor in form.items() if key != "default"} if form["default"] == 1 else written


class OnFailure(str, Enum):
    """What a score component of the side that loses the deal whole becomes: a column of the treatment table."""

    to_winners = "to_winners"
    kept = "kept"
    void = "void"


def on_failure_option(component: str, unused_when: Callable[[Variant], str | None], old_key: OldKey) -> Option:
    """The ``on_failure`` option of a score component (declarations, belote), declared once for each: what the
    component of the side that loses the deal whole (a failed contract, or a double that failed) becomes."""
    return Option({
        "to_winners": f"a side that loses the deal whole gives its {component} to the winners",
        "kept": f"a side that loses the deal whole still records its {component}",
        "void": f"a side that loses the deal whole scores its {component} for nobody",
    }, unused_when=unused_when, old_keys=(old_key,))


ON_FAILURE_TEXT = ("What becomes of the {} of the side that loses the deal whole (a failed contract, or a "
                   "double that failed): to_winners, they go to the winners; kept, the losers still record them; "
                   "void, they score for nobody.")


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


def _each_alone(variant: Variant) -> bool:
    """Each for himself at three or four: a taker against each other player."""
    return variant.table.sides == Sides.each_for_self and variant.table.players > 2


def _alone_rounded(variant: Variant) -> str | None:
    return _("each player's total is rounded on its own where each plays for himself") if _each_alone(variant) else None


def _alone_doubled(variant: Variant) -> str | None:
    return _("a doubled deal is judged as an undoubled one where each plays for himself") if _each_alone(variant) else None


def _no_taker_against_each(variant: Variant) -> str | None:
    if _each_alone(variant):
        return None
    return _("only a table of three or four where each plays for himself has a taker against each other player")


def _no_contract_judged(variant: Variant) -> str | None:
    """Where every side records its own total, nothing decides a contract, a tie or a reserve."""
    if variant.scoring.contract == ContractAtStake.each_own:
        return _("scoring.contract each_own judges no contract")
    return None


def _in_game_points(variant: Variant) -> str | None:
    """A deal in game points is judged on its bid alone: no tie, no reserve, no doubled totals, no added bid."""
    return _("scoring.game_points judges the bid alone") if variant.scoring.game_points.brackets else None


def _no_match_winning_level(variant: Variant) -> str | None:
    if variant.bidding.doubles.match_winning_level is None:
        return _("bidding.doubles.match_winning_level null lets no doubling decide the match")
    return None


def _without_tie_digit(rounding: ContractRounding) -> str | None:
    """The same section rounds each kind of contract: each says for itself whether it has a tie digit."""
    return None if rounding.mode == RoundingMode.tie_digit else _("only tie_digit rounding has a tie digit")


class ContractRounding(Rule):
    """How one contract kind's totals become match points."""

    mode: Annotated[RoundingMode, Option({
        "none": "totals are not rounded",
        "half_up": "a last digit of 5 to 9 rounds up, 0 to 4 down",
        "half_down": "a last digit of 6 to 9 rounds up, 0 to 5 down",
        "tie_digit": "a last digit below tie_digit rounds down, above it up; on tie_digit the team with "
        "fewer points rounds up, the other down",
        "pair_to_total": "a last digit of 6 to 9 rounds up, 0 to 5 down; if the two teams then add up to more "
        "(or less) than the deal total rounded so, the team with the larger last digit (equal: more points) "
        "gives back (or takes) one",
        "even_tens": "a total between two tens rounds to the one that is even in tens (66 is 13.2 tens: 14)",
    })] = Field(
        RoundingMode.half_up,
        description=(
            "none: exact; half_up: last digit 5-9 up; half_down: 6-9 up; tie_digit: digits below tie_digit "
            "round down, above it up, and on tie_digit the team with fewer points rounds up, the other down; "
            "pair_to_total: half_down, then the team with the larger last digit (equal: more points) gives "
            "back or takes the unit that makes the pair add up to the deal total rounded half_down (Baloot "
            "Hokum); even_tens: a total between two tens rounds to the one that is even in tens (Baloot Sun)."
        ),
    )
    tie_digit: Annotated[int, Option(unused_here=_without_tie_digit)] = Field(
        5, ge=1, le=9, description="The shared digit of tie_digit rounding (6 in suits, 4 in all-trumps).")


class Rounding(Rule):
    """Rounding of deal totals into match points."""

    unit: Annotated[RoundingUnit, Option({
        "tens": "the board records totals divided by ten (162 is 16)",
        "points": "the board records totals rounded to tens (162 is 160)",
    })] = Field(
        RoundingUnit.tens,
        description="tens: the board records totals divided by ten (162 is 16); points: totals rounded to tens (162 is 160).",
    )
    totals: Annotated[ByContract[ContractRounding], Option(old_keys=tuple(
        OldKey(kind, part=kind) for kind in ("suit", "no_trumps", "all_trumps")))] = Field(
        ByContract(ContractRounding(), {"suit": ContractRounding(mode=RoundingMode.tie_digit, tie_digit=6),
                                        "all_trumps": ContractRounding(mode=RoundingMode.tie_digit, tie_digit=4)}),
        description="How a total becomes match points: the same in every contract, or with an override per kind "
        "of contract (suit, no_trumps, all_trumps); by default a tie digit of 6 in suits and 4 in all-trumps, "
        "half up in no-trumps.")
    made: Annotated[MadeRounding, Option({
        "per_team": "in a made contract each team's total is rounded on its own",
        "leader_then_remainder": "in a made contract the leader's total is rounded and the other team "
        "gets the remainder",
    }, unused_when=_alone_rounded)] = Field(
        MadeRounding.per_team,
        description="A made contract: each team's total rounded on its own, or the leader rounded and the other gets the remainder.",
    )
    min_one: Annotated[bool, Option(unused_when=_alone_rounded)] = Field(
        False, description="In a made contract a team with a non-zero total never rounds to 0 (it gets 1 from the leader)."
    )
    reserve: Annotated[ReserveRounding, Option({
        "reserve_rounds_up": "in a tied deal the reserved points round up and the defenders' down",
        "same_as_board": "in a tied deal both totals round as on the board",
    })] = Field(
        ReserveRounding.reserve_rounds_up,
        description="A tied deal: the reserved (hanging) points round up and the defenders' down, or both as on the board.",
    )
    doubled: Annotated[DoubleRounding, Option({
        "multiply_rounded_total": "in a doubled deal the total is rounded, then multiplied",
        "round_multiplied_total": "in a doubled deal the total is multiplied, then rounded",
    }, unused_when=without_doubling)] = Field(
        DoubleRounding.multiply_rounded_total,
        description="A doubled deal: multiplier times the rounded total, or the multiplied total rounded.",
    )


class Reserve(Rule):
    """Points held back from a tied deal (hanging points, litige)."""

    goes_to: Annotated[ReserveGoesTo, Option({
        "next_deal_winner": "the reserve goes to the winner of the next scored deal",
        "next_contract_maker": "the reserve waits for the next contract that is made",
    })] = Field(
        ReserveGoesTo.next_deal_winner,
        description="The reserve goes to the winner of the next scored deal, or waits for the next contract that is made.",
    )
    accumulate: bool = Field(True, description="A further tie adds its reserve to the points already waiting.")
    kept_on_all_pass: bool = Field(True, description="A deal where everyone passes leaves the reserve waiting.")


class Capot(Rule):
    """One team takes all eight tricks (valat, capot)."""

    bonus: Annotated[ByContract[Points], Option(old_keys=(OldKey("no_trumps_bonus", part="no_trumps"),))] = Field(
        ByContract(90), description="Points added for taking every trick (90: 162 becomes 252), the same in every "
        "contract or with an override per kind of contract (no_trumps: before the no-trumps factor).")
    team: Annotated[CapotTeam, Option({
        "either": "whichever team takes every trick scores the capot",
        "takers_only": "only the takers score a capot; the defenders taking every trick is a plain failure",
    }, unused_when=_in_game_points)] = Field(
        CapotTeam.either,
        description="Which team scores a capot: either; or takers_only, the defenders taking every trick being a "
        "plain failure (Klaverjas pit).",
    )
    replaces_card_points: bool = Field(
        False,
        description="The capot team scores the bonus instead of its card points and last trick (Baloot kaboot: "
        "250 in Hokum) rather than on top of them.",
    )
    multiplied_by_card_factor: Annotated[ByContract[bool], Option(unused_when=_card_factor_one, old_keys=(
        OldKey("multiplied_by_no_trumps_factor", part="no_trumps", implied_default=False),))] = Field(
        ByContract(False, {"no_trumps": False}),
        description="Whether scoring.card_factor also multiplies the capot bonus, by kind of contract.")
    multiplied_by_double: Annotated[bool, Option(unused_when=without_doubling)] = Field(
        True, description="Whether contra / recontra multiply the capot bonus.")
    multiplied_by_contract_factor: Annotated[bool, Option(unused_when=contract_factor_one)] = Field(
        True, description="Whether scoring.contract_factors multiply the capot bonus.")
    shared: Annotated[bool, Option(unused_when=_no_taker_against_each)] = Field(
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
    capot_bid: Annotated[CapotBid, Option({
        "as_taken": "a capot bid is scored as any bid: the points each team took",
        "capot_value": "a capot bid's value stands for the takers' cards: made, they score it instead of their "
        "cards, last trick and capot bonus; failed, the opponents score it on top of their own points",
    }, unused_when=_without_capot_bid)] = Field(
        CapotBid.as_taken,
        description="How a capot bid is scored: as_taken (as any bid, from the points taken), or capot_value "
        "(pilotta.md §6.3: bidding.points.capot_value stands for the takers' cards, last trick and capot bonus; "
        "made, the takers score it plus their declarations; failed, the opponents score it plus their own points).",
    )


class GameBracket(Rule):
    """The game points of a contract whose bid is in one bracket."""

    bid: int = Field(ge=0, description="The lowest bid of the bracket; it reaches up to the next bracket's bid.")
    made: int = Field(ge=0, le=MAX_NUMBER, description="Game points the bidding side wins when it makes its bid.")
    failed: int = Field(ge=0, le=MAX_NUMBER, description="Game points the bidding side loses when it fails.")


def _without_brackets(rule: GamePoints) -> str | None:
    return None if rule.brackets else _("game_points.brackets is empty: deals are scored in card points")


def _single_hand_off(variant: Variant) -> str | None:
    return None if variant.play.single_hand else _("play.single_hand is false")


class GamePoints(Rule):
    """A deal scored in game points by bid bracket (twenty-eight.md §6, twenty-nine.md §7): the bidding side makes
    its bid with at least that many points and wins the bracket's game points, or fails and loses them; the other
    side's score does not move."""

    brackets: list[GameBracket] = Field(
        [],
        description="The brackets of bids, lowest first, each with the game points won and lost (Twenty-Nine: "
        "one bracket from 16, +1 / -1; Twenty-Eight: 14 +1 / -2, 20 +2 / -3, 25 +3 / -4); none: deals are scored "
        "in card points.",
    )
    all_tricks_factor: Annotated[int, Option(unused_here=_without_brackets)] = Field(
        1, ge=1, le=10,
        description="The game points of a bidding side that takes every trick are multiplied by this (Twenty-Eight's "
        "cot: 2); 1: every trick counts no more.",
    )
    single_hand: Annotated[int, Option(unused_when=_single_hand_off)] = Field(
        3, ge=1, le=100,
        description="The game points a player's side wins when he plays alone (play.single_hand) and takes every "
        "trick, and loses when he does not, undoubled (twenty-nine.md §7, MONJ: +3 / -3; Twenty-Eight's thani values "
        "are not found).",
    )

    def conflicts(self) -> list[str]:
        """The brackets rise: each starts above the one before."""
        bids = [bracket.bid for bracket in self.brackets]
        if any(b <= a for a, b in zip(bids, bids[1:])):
            return [_("game_points.brackets must start at rising bids, lowest first, got {bids}").format(
                bids=", ".join(map(str, bids)))]
        return []


class Scoring(Rule):
    """Totals of a deal and how they reach the match board."""

    last_trick: int = Field(10, ge=0, description="Bonus for the last trick (dix de der).")
    card_factor: Annotated[ByContract[Annotated[int, Field(ge=1, le=MAX_NUMBER)]], Option(
        old_keys=(OldKey("no_trumps_factor", part="no_trumps", implied_default=1),))] = Field(
        ByContract(1, {"no_trumps": 2}), description="Card points and last trick are multiplied by this, by kind of "
        "contract (2 in no-trumps unless a file says otherwise, 1 elsewhere).")
    contract_factors: Annotated[PerContract[Annotated[int, Field(ge=1, le=1000)]], Option(
        hashed_as=_factors_as_table)] = Field(
        PerContract(1),
        description="A score multiplier by contract: every point of the deal (cards, last trick, capot, "
        "declarations, belote) is multiplied by it before rounding (Belote bridgee: clubs 1 ... all_trumps 6; "
        "Baloot: Sun 2), a contract's own factor before its kind's (suit, no_trumps, all_trumps); contracts "
        "left out count the default, 1 unless a file says otherwise.",
    )
    contract: Annotated[ContractAtStake, Option({
        "judged": "the takers must outscore the defenders: their contract is made or fails",
        "each_own": "no contract is at stake: every player (or team) records its own points, rounded, whoever "
        "has more",
    }, unused_when=_in_game_points)] = Field(
        ContractAtStake.judged,
        description="judged: the takers must outscore the defenders (made, failed, ties as scoring.tie says); "
        "each_own: no contract is at stake, every side records its own total (Belote decouverte, where the "
        "last card dealt makes trump and nobody takes).",
    )
    verdict_on: Annotated[VerdictOn, Option({
        "raw_points": "the contract is judged on the raw totals",
        "board_points": "the contract is judged on the rounded board points; equal board points are judged "
        "on the raw totals",
    }, unused_when=first_reason(_no_contract_judged, _in_game_points))] = Field(
        VerdictOn.raw_points,
        description="Whether the contract is judged on the raw totals, or on the rounded board points with "
        "equal board points judged on the raw totals (Baloot khasara).",
    )
    capot: Capot = Field(default_factory=Capot, description="Taking all eight tricks.")
    taker_must_beat: Annotated[TakerMustBeat, Option({
        "each_other_player": "each for himself: the taker must score more than each other player",
        "others_together": "each for himself: the taker must score more than the other players together",
    }, unused_when=first_reason(_no_taker_against_each, _no_contract_judged))] = Field(
        TakerMustBeat.each_other_player,
        description="Each for himself at three or more players: the taker makes his contract with more points "
        "than each other player, or with more than the others together.",
    )
    tie: Annotated[Tie, Option({
        "hanging": "equal totals: the defenders score theirs, the takers' points hang in reserve for a later deal",
        "litige": "equal totals (litige): the defenders score theirs, the takers' points wait in reserve "
        "for a later deal",
        "taker_fails": "equal totals: the contract fails",
        "taker_makes": "equal totals: the contract is made",
        "half_bete": "equal totals (half bete): the takers score nothing, the defenders their own points",
    }, unused_when=first_reason(_no_contract_judged, _in_game_points))] = Field(
        Tie.hanging,
        description=(
            "Equal totals: hanging / litige (defenders score theirs, the takers' points wait in reserve for a "
            "later deal), taker_fails, taker_makes, or half_bete (the takers score nothing, the defenders "
            "their own)."
        ),
    )
    reserve: Annotated[Reserve, Option(unused_when=first_reason(_no_contract_judged, _in_game_points))] = Field(
        default_factory=Reserve, description="Hanging points or litige reserve.")
    doubled_winner: Annotated[DoubledWinner, Option({
        "more_points": "under contra, the team with more points wins everything, whoever bid",
        "contract_result": "under contra, the contract's result decides who wins",
    }, unused_when=first_reason(_alone_doubled, without_doubling, _in_game_points))] = Field(
        DoubledWinner.more_points,
        description="Under contra: the team with more points wins everything, whoever bid; or the contract's result decides.",
    )
    doubled_tie: Annotated[DoubledTie, Option({
        "all_to_reserve": "under contra, equal totals: the multiplied total waits in reserve",
        "as_undoubled": "under contra, equal totals: the tie rule applies as without contra",
        "taker_fails": "under contra, equal totals: the contract fails",
    }, unused_when=first_reason(_alone_doubled, without_doubling, _in_game_points))] = Field(
        DoubledTie.all_to_reserve,
        description="Under contra, equal totals: the multiplied total waits in reserve, the tie rule applies as "
        "undoubled, or the contract fails.",
    )
    doubled_made: Annotated[DoubledMade, Option({
        "takes_all": "a doubled contract that is made: the takers score everything, multiplied",
        "each_team_own": "a doubled contract that is made: each team scores its own points, multiplied",
    }, unused_when=first_reason(_alone_doubled, without_doubling, _in_game_points))] = Field(
        DoubledMade.takes_all,
        description="A doubled contract that is made: the takers take everything, or each team scores its own "
        "points multiplied (Baloot).",
    )
    match_winning_points: Annotated[int | None, Option(
        unused_when=first_reason(without_doubling, _no_match_winning_level))] = Field(
        None,
        description="A deal doubled to bidding.doubles.match_winning_level: its winner writes this many points and "
        "the other side none, each side adding a belote the double does not multiply (Baloot's gahwa: 152, then "
        "2 per Baloot, after the tazjel/baloot-ai engine); null: each side writes the deal's multiplied points.",
    )
    game_points: Annotated[GamePoints, Option(unused_when=without_point_bids)] = Field(
        default_factory=GamePoints,
        description="Deals scored in game points by bid bracket (Twenty-Eight, Twenty-Nine): the bidding side "
        "makes its bid with at least as many card points, wins or loses the bracket's game points (times the "
        "doubling multiplier) and the other side's score stays; no brackets: deals are scored in card points.",
    )
    point_bids: Annotated[PointBidScoring, Option(unused_when=first_reason(without_point_bids, _in_game_points))] = Field(
        default_factory=PointBidScoring, description="Point-bid contracts.")
    exact_prediction_bonus: Annotated[int, Option(unused_when=without_predictions)] = Field(
        0, ge=0, le=1000,
        description="With bidding.predictions: points taken off the penalty of a player whose prediction is exact "
        "(differenzler.md §5, JWE-D: 10); a prediction of 0 earns it only with a trick taken, worth no points; "
        "0: none.",
    )
    rounding: Annotated[Rounding, Option(unused_when=_in_game_points)] = Field(
        default_factory=Rounding, description="Rounding into match points.")
