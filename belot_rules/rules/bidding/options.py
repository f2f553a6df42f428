"""The bidding: which contracts exist, how they are bid, contra and recontra."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, field_validator

from ...i18n import gettext as _
from ..common import (
    CALL_WORDS,
    DEFAULT_CONTRACTS,
    MAX_BID_LEVELS,
    SUIT_CONTRACTS,
    ByContract,
    Contract,
    KindsList,
    OldKey,
    Option,
    Ranks,
    Rule,
    contract_kind,
    first_reason,
)

if TYPE_CHECKING:
    from ...variant.model import Variant


class BiddingStyle(str, Enum):
    contract_ladder = "contract_ladder"
    turned_card = "turned_card"
    point_bids = "point_bids"
    turned_card_point_bids = "turned_card_point_bids"
    single_call = "single_call"
    last_card_trump = "last_card_trump"
    push = "push"


class ForcedCall(str, Enum):
    none = "none"
    first_speaker = "first_speaker"
    last_speaker = "last_speaker"
    first_speaker_again = "first_speaker_again"


class FirstSpeaker(str, Enum):
    after_dealer = "after_dealer"
    dealer = "dealer"


class Overcall(str, Enum):
    none = "none"
    higher_contract = "higher_contract"
    higher_kind_seat_priority = "higher_kind_seat_priority"


class LaterRoundPriority(str, Enum):
    earlier_seats_claim = "earlier_seats_claim"
    none = "none"


class Schmeiss(str, Enum):
    none = "none"
    first_round = "first_round"
    every_round = "every_round"


class OverbidAfterDouble(str, Enum):
    anyone = "anyone"
    contract_team_only = "contract_team_only"
    forbidden = "forbidden"


class Round2TurnedSuit(str, Enum):
    forbidden = "forbidden"
    allowed = "allowed"


class Round1Contracts(str, Enum):
    turned_suit_only = "turned_suit_only"
    turned_suit_and_others = "turned_suit_and_others"


class Lock(str, Enum):
    off = "off"
    doubled = "doubled"


class LastCard(str, Enum):
    on_table = "on_table"
    shown_from_hand = "shown_from_hand"
    random_suit = "random_suit"


class Predictions(str, Enum):
    off = "off"
    hidden = "hidden"
    open = "open"


def without_bidding(variant: Variant) -> str | None:
    """Nobody speaks where the last card dealt makes trump."""
    style = variant.bidding.style
    return _("bidding.style {style} has no bidding").format(style=style) if style == BiddingStyle.last_card_trump else None


def _not_last_card(variant: Variant) -> str | None:
    style = variant.bidding.style
    return None if style == BiddingStyle.last_card_trump else _("bidding.style {style} is not last_card_trump").format(
        style=style)


def without_predictions(variant: Variant) -> str | None:
    """The rules of predictions do nothing where nobody predicts."""
    return _("bidding.predictions is off") if variant.bidding.predictions == Predictions.off else None


def without_point_bids(variant: Variant) -> str | None:
    bidding = variant.bidding
    return None if bidding.uses_points else _("bidding.style {style} has no point bids").format(style=bidding.style)


def _without_turned_card(variant: Variant) -> str | None:
    bidding = variant.bidding
    return None if bidding.uses_turned_card else _("bidding.style {style} has no turned card").format(style=bidding.style)


def _without_rounds(variant: Variant) -> str | None:
    """Rounds are counted in turned-card and single-call bidding."""
    return None if variant.bidding.in_rounds else _without_turned_card(variant)


def _not_in_rounds(variant: Variant) -> str | None:
    bidding = variant.bidding
    return None if bidding.in_rounds else _("bidding.style {style} has its own way of bidding higher").format(
        style=bidding.style)


def _ashkal_off(variant: Variant) -> str | None:
    """An ashkal's own rules, where turned-card bidding in rounds could have one but the variant has none."""
    bidding = variant.bidding
    if bidding.in_rounds and bidding.uses_turned_card and not bidding.ashkal.enabled:
        return _("bidding.ashkal.enabled is false")
    return None


def _not_seat_priority(variant: Variant) -> str | None:
    if variant.bidding.overcall != Overcall.higher_kind_seat_priority:
        return _("bidding.overcall is not higher_kind_seat_priority")
    return None


def _no_condition(variant: Variant) -> str | None:
    return None if variant.bidding.doubles.condition.applies.kinds() else _(
        "doubles.condition.applies is false in every contract")


def without_contract(kind: str) -> Callable[[Variant], str | None]:
    """A rule of one kind of contract does nothing where that contract is not played."""
    def check(variant: Variant) -> str | None:
        return None if kind in variant.bidding.contracts else _("{contract} is not among bidding.contracts").format(contract=kind)
    return check


def not_played_in(key: str, shown: tuple[str, ...]) -> Callable[[Variant], str | None]:
    """A rule by contract's value where it is shown for ``key`` (a kind of contract, or a contract shown apart from
    its kind, as undenufe's card tables are) does nothing where no contract played takes it from there."""
    def check(variant: Variant) -> str | None:
        if any(c == key or (c not in shown and contract_kind(c) == key) for c in variant.bidding.contracts):
            return None
        return _without_suit_contract(variant) if key == "suit" else without_contract(key)(variant)
    return check


def _without_suit_contract(variant: Variant) -> str | None:
    """A rule of trumps does nothing where no suit is ever trumps."""
    return None if set(SUIT_CONTRACTS) & set(variant.bidding.contracts) else _("bidding.contracts has no suit contract")


def without_doubling(variant: Variant) -> str | None:
    """A rule of contra or of doubled deals does nothing where nobody may double."""
    return _("doubles.max_level 0 allows no contra") if variant.bidding.doubles.max_level == 0 else None


def _doubles_after_bidding(variant: Variant) -> str | None:
    """Nobody bids once doubles are called after the bidding (Baloot, Twenty-Nine)."""
    return _("bidding.doubles.after_bidding is true") if variant.bidding.doubles.after_bidding else None


class DoubleCondition(Rule):
    """A first double allowed only when the doubling team is behind on the board (Baloot's Sun)."""

    applies: Annotated[ByContract[bool], Option(old_keys=(OldKey("kinds", converter=KindsList()),))] = Field(
        ByContract(False), description="Whether a first double is under this condition, by kind of contract; "
        "false in every kind: every contract may be doubled freely."
    )
    doubler_below: Annotated[int, Option(unused_when=_no_condition)] = Field(
        100, ge=0, description="The doubling team must have fewer match points than this.")
    taker_above: Annotated[int, Option(unused_when=_no_condition)] = Field(
        100, ge=0, description="The contract team must have more match points than this.")


class Ashkal(Rule):
    """A bid that makes the caller's partner the taker, who then receives the turned card (Baloot)."""

    enabled: bool = Field(False, description="Whether ashkal may be called.")
    contract: Annotated[Contract, Option(unused_when=_ashkal_off)] = Field(
        "no_trumps", description="The contract an ashkal bids for the partner (Baloot: Sun).")
    speakers: Annotated[list[Annotated[int, Field(ge=1, le=4)]], Option(unused_when=_ashkal_off)] = Field(
        [3, 4], description="Who may call it, by place in the order of speaking (1 is the first speaker)."
    )
    not_on_ranks: Annotated[Ranks, Option(unused_when=_ashkal_off)] = Field(
        ["A"], description="Turned-card ranks on which ashkal may not be called (Baloot: an ace)."
    )


class Doubles(Rule):
    """Contra / recontra (coinche / surcoinche) and longer doubling ladders."""

    max_level: int = Field(
        2, ge=0, le=4,
        description="0: no doubling; 1: contra only; 2: contra and recontra; 3 or 4: longer ladders (Baloot: double, "
        "three, four, gahwa). The opponents of the contract call the odd levels, its team the even ones.",
    )
    multipliers: Annotated[list[Annotated[int, Field(ge=1, le=1000)]],
                           Option(unused_when=without_doubling)] = Field(
        [2, 4], description="Score multiplier at each doubling level (contra, recontra, ...)."
    )
    overbid_after_double: Annotated[OverbidAfterDouble, Option({
        "anyone": "anyone may bid higher over a doubled contract, which cancels the doubling",
        "contract_team_only": "only the contract team may bid higher over a doubled contract",
        "forbidden": "nobody may bid over a doubled contract",
    }, unused_when=first_reason(without_doubling, _doubles_after_bidding))] = Field(
        OverbidAfterDouble.anyone,
        description="Who may bid a higher contract over a doubled one (which cancels the doubling).",
    )
    redouble_ends_auction: Annotated[bool, Option(unused_when=without_doubling)] = Field(
        False, description="A recontra (surcoinche) ends the auction at once instead of waiting for three passes."
    )
    names: list[Annotated[str, Field(min_length=1, max_length=20)]] = Field(
        ["contra", "recontra", "surcontra"],
        description="What the table calls each doubling level, as players see it (coinche: coinche, surcoinche); "
        "'double' and 'redouble' are always understood too.",
    )
    after_bidding: Annotated[bool, Option(unused_when=without_doubling)] = Field(
        False,
        description="Doubles are called once the bidding has ended, not among the bids: the opponents of the taker "
        "are asked first, then each level's callers in turn, until both players of that team pass (Baloot).",
    )
    match_winning_level: Annotated[int | None, Option(unused_when=without_doubling)] = Field(
        None, ge=1, le=4,
        description="The doubling level (1 is the first double) whose deal decides the whole match: its winner "
        "wins the match (Baloot's gahwa); null for none.",
    )
    condition: Annotated[DoubleCondition, Option(unused_when=without_doubling)] = Field(
        default_factory=lambda: DoubleCondition(),
        description="Contracts that may be doubled only when the doubling team is behind (Baloot's Sun).",
    )
    lock: Annotated[Lock, Option({
        "off": "a doubled contract is played like any other",
        "doubled": "a doubled suit contract is closed: nobody may lead a trump while holding another card "
        "(not at a match-winning level, which is played open)",
    }, unused_when=first_reason(without_doubling, _without_suit_contract))] = Field(
        Lock.off,
        description="Baloot's closed (locked) Hokum, baloot.md §4 [opt:double.lock]: off, or doubled (once a suit "
        "contract is doubled, nobody may lead a trump while holding a card of another suit; a level that wins "
        "the match is played open).",
    )

    def ladder_conflicts(self) -> list[str]:
        """Every way the doubling ladder's levels contradict themselves, each on its own."""
        problems = []
        if len(self.multipliers) < self.max_level:
            problems.append(_("max_level {level} needs {level} multipliers, got {multipliers}").format(
                level=self.max_level, multipliers=self.multipliers))
        growing = self.multipliers[: (self.match_winning_level or len(self.multipliers) + 1) - 1]
        if any(b <= a for a, b in zip([1, *growing], growing)):
            # named, so that a file that sets match_winning_level (to null, say) is told at its own line
            problems.append(_("multipliers must grow with each level, got {multipliers}").format(
                multipliers=self.multipliers) + _("; only the level that wins the match (match_winning_level) may "
                                                  "repeat the one below it"))
        if self.match_winning_level is not None and self.match_winning_level > self.max_level:
            problems.append(_("match_winning_level {level} is above max_level {most}: no deal could reach it").format(
                level=self.match_winning_level, most=self.max_level))
        return problems

    def name_conflicts(self) -> list[str]:
        """Each level called has a name of its own that no other call has."""
        problems = []
        if len(self.names) < self.max_level:
            problems.append(_("max_level {level} needs {level} names, got {names}").format(
                level=self.max_level, names=self.names))
        taken = [n for n in self.names[:max(self.max_level, 1)] if n.strip().lower() in CALL_WORDS]
        problems += ["names: " + _("`{name}` already means another call (pass, a contract, capot); a doubling needs "
                                   "a name of its own, like contra or coinche").format(name=name) for name in taken]
        lowered = [n.strip().lower() for n in self.names]
        if len(set(lowered)) != len(lowered):
            problems.append("names: " + _("each doubling level needs its own name, got {names}").format(names=self.names))
        return problems


class PointBids(Rule):
    """Bids of a number of points (coinche, and French point bids on a turned card)."""

    minimum: int = Field(80, ge=0, description="Lowest bid.")
    step: int = Field(10, ge=1, description="Each bid is the minimum plus a multiple of this step.")
    maximum: int = Field(160, ge=0, description="Highest numeric bid.")
    capot_bid: bool = Field(True, description="Whether 'capot' (all eight tricks) may be bid above the maximum.")
    capot_value: int = Field(250, ge=0, description="What a capot bid is worth when scored.")
    maximum_means_capot: bool = Field(
        False, description="Whether the maximum bid itself is a capot bid (at some tables, 160 is capot)."
    )
    partner_overcall_min: int = Field(
        0, ge=0, le=1000,
        description="A player bidding over his own partner's standing bid, the opponent between them having passed, "
        "must bid at least this (Twenty-Eight: 20, twenty-eight.md §3.3); 0: any higher bid.",
    )
    pass_is_final: bool = Field(
        False,
        description="A player who passes is out of the auction: he may only pass when his turn comes again "
        "(Twenty-Eight, twenty-eight.md §3.2, CATS; Twenty-Nine, twenty-nine.md §3.2); false: he may bid later "
        "(coinche).",
    )
    equal_holds: bool = Field(
        False,
        description="A player who speaks before the standing bidder may hold his bid by equalling it, and a later "
        "speaker must bid higher (Twenty-Nine, twenty-nine.md §3.2, KNC: 'a player can match a previous bid if they "
        "placed it first'); false: every bid is higher than the last.",
    )

    def conflicts(self) -> list[str]:
        """The bids from minimum to maximum must be a short ladder of whole steps."""
        if self.maximum < self.minimum:
            return [_("maximum {maximum} is below minimum {minimum}").format(maximum=self.maximum, minimum=self.minimum)]
        problems = []
        levels = (self.maximum - self.minimum) // self.step + 1
        if levels > MAX_BID_LEVELS:
            problems.append(_("minimum {minimum} to maximum {maximum} in steps of {step} makes {count} bids; at most "
                              "{most} (a larger step or a narrower range)").format(
                minimum=self.minimum, maximum=self.maximum, step=self.step, count=levels, most=MAX_BID_LEVELS))
        if (self.maximum - self.minimum) % self.step:
            problems.append(_(
                "maximum {maximum} is not minimum {minimum} plus a multiple of step {step}; the nearest valid maximum "
                "is {nearest}").format(maximum=self.maximum, minimum=self.minimum, step=self.step,
                                       nearest=self.minimum + (self.maximum - self.minimum) // self.step * self.step))
        return problems


class Bidding(Rule):
    """The auction: which contracts exist, how they are bid and doubled."""

    style: Annotated[BiddingStyle, Option({
        "contract_ladder": "each call names a contract higher than the last, in the order of bidding.contracts",
        "turned_card": "take the turned card's suit in round 1, or name another suit in round 2",
        "point_bids": "each bid names a number of points and a trump, higher than the last bid",
        "turned_card_point_bids": "point bids on a turned card: round 1 is on the turned card's suit",
        "single_call": "each player in turn names any contract or passes; the first contract named is played "
        "(Klaverjas, Bela)",
        "last_card_trump": "nobody bids: the suit of the last card dealt, shown to all, is trump and the player after "
        "the dealer leads (Belote decouverte, Differenzler)",
        "push": "the first speaker names any contract or pushes the choice to his partner, who must name one "
        "(Schieber Jass's 'schieben'); the opponents never speak",
    })] = Field(
        BiddingStyle.contract_ladder,
        description=(
            "contract_ladder: each call names a higher contract (Bulgarian); turned_card: take the turned "
            "card's suit in round 1 or name another in round 2 (French); point_bids: bid points and a trump "
            "(coinche); turned_card_point_bids: point bids whose round 1 is on the turned suit; "
            "last_card_trump: no bidding, the suit of the last card dealt (shown as bidding.last_card says) is trump; "
            "push: the first speaker names a contract or pushes to his partner, who must name one (schieber.md §3)."
        ),
    )
    last_card: Annotated[LastCard, Option({
        "on_table": "the last card dealt lies face up on the table (Belote decouverte's tableau)",
        "shown_from_hand": "the last card dealt goes into its player's hand like the others; he shows it to the "
        "table, so everyone knows he holds it, and keeps it (Differenzler: the dealer's last card)",
        "random_suit": "no card is shown: the trump suit is drawn at random for each deal (Differenzler at Swisslos and "
        "differenzler.ch)",
    }, unused_when=_not_last_card)] = Field(
        LastCard.on_table,
        description="With last_card_trump: where the last card dealt, which names trump, lies: on_table, face up on "
        "the tableau (belote-a-deux.md §B.2); shown_from_hand, in its player's hand, shown to all (differenzler.md §2); "
        "random_suit: no card, a suit drawn at random (differenzler.md §2 SWL-D, DCH).",
    )
    predictions: Annotated[Predictions, Option({
        "off": "nobody predicts",
        "hidden": "before the first card each player writes down how many points he will take himself, in secret; "
        "the predictions are shown when the deal is over, and each scores the difference as penalty points",
        "open": "before the first card each player in turn says how many points he will take himself, heard by all; "
        "each scores the difference as penalty points",
    })] = Field(
        Predictions.off,
        description="Each player predicts the points he will take himself, after the trump is known and before the "
        "first card, in play order (differenzler.md §3): off; hidden (written down, shown after the deal, Swisslos); "
        "open (said aloud in turn). A player's penalty is the difference between his prediction and his points, "
        "written on the board as minus that many, so the fewest penalty points is the highest score.",
    )
    push_back: Annotated[bool, Option(unused_when=lambda v: None if v.bidding.style == BiddingStyle.push
                                      else _("bidding.style is {style}, not push").format(
                                          style=v.bidding.style))] = Field(
        False,
        description="In a push auction, the partner may push the choice back to the first speaker, who must then "
        "name a contract (schieber.md §3.2, SPOT); false: the partner must name one (Swisslos, jass-kit).",
    )
    contracts: list[Contract] = Field(
        list(DEFAULT_CONTRACTS),
        description="The contracts that may be played, lowest first; this is also the ladder of contract_ladder bidding.",
    )
    doubles: Doubles = Field(default_factory=Doubles, description="Contra and recontra.")
    round2_turned_suit: Annotated[Round2TurnedSuit, Option({
        "forbidden": "the turned card's suit may not be named in round 2",
        "allowed": "the turned card's suit may be named again in round 2",
    }, unused_when=_without_turned_card)] = Field(
        Round2TurnedSuit.forbidden,
        description="Turned-card bidding: whether the turned card's suit may be named in the second round.",
    )
    round1_contracts: Annotated[Round1Contracts, Option({
        "turned_suit_only": "round 1 offers only the turned card's suit",
        "turned_suit_and_others": "round 1 offers the turned card's suit, no-trumps and all-trumps",
    }, unused_when=_without_turned_card)] = Field(
        Round1Contracts.turned_suit_only,
        description="Turned-card bidding: whether round 1 allows only the turned suit or also no-trumps / all-trumps.",
    )
    points: Annotated[PointBids, Option(unused_when=without_point_bids)] = Field(default_factory=PointBids, description="Point bids (point-bid styles only).")
    rounds: Annotated[int, Option(unused_when=_without_rounds)] = Field(
        2, ge=1, le=2,
        description="Turned-card and single-call bidding: how many rounds are bid before the deal is void.",
    )
    first_speaker: Annotated[FirstSpeaker, Option({
        "after_dealer": "the player after the dealer speaks first",
        "dealer": "the dealer speaks first, the player after him still leads",
    }, unused_when=without_bidding)] = Field(
        FirstSpeaker.after_dealer,
        description="Who speaks first in the bidding: the player after the dealer, or the dealer (Klaverjas NKU); "
        "the player after the dealer leads the first trick either way.",
    )
    forced_call: Annotated[ForcedCall, Option({
        "none": "anyone may pass; when everyone passes the deal is void",
        "first_speaker": "the first to speak must name a contract (Klaverjas 'verplicht')",
        "last_speaker": "when all before have passed, the last to speak must name a contract (Bela 'mus': the "
        "dealer)",
        "first_speaker_again": "when everyone has passed, the first to speak must name a contract (Klaverjas: the "
        "dealer after four passes)",
    }, unused_when=without_bidding)] = Field(
        ForcedCall.none,
        description="Whether someone must name a contract instead of passing, so that no deal is void.",
    )
    overcall: Annotated[Overcall, Option({
        "none": "the first contract taken ends the bidding",
        "higher_contract": "after a take the bidding goes on: each call names a contract higher in "
        "bidding.contracts, three passes end it (belote bridgée)",
        "higher_kind_seat_priority": "after a take only a higher kind of contract overcalls (no-trumps or "
        "all-trumps over a suit), and a player who speaks earlier may take a no-trumps or all-trumps contract "
        "over by naming it too (Baloot's Sun); three passes end it, but a suit's bidder then confirms it or "
        "switches to a higher kind",
    }, unused_when=_not_in_rounds)] = Field(
        Overcall.none,
        description="Turned-card and single-call bidding: what may be called over a contract already taken.",
    )
    later_round_priority: Annotated[LaterRoundPriority, Option({
        "earlier_seats_claim": "a no-trumps or all-trumps contract named in a later round may be taken over by "
        "an earlier speaker naming it too, as in the first round",
        "none": "a no-trumps or all-trumps contract named in a later round ends the bidding at once (Baloot's "
        "Sun in round 2)",
    }, unused_when=_not_seat_priority)] = Field(
        LaterRoundPriority.earlier_seats_claim,
        description="With overcall higher_kind_seat_priority: whether an earlier speaker may still take over a "
        "no-trumps or all-trumps contract named in a later round, as in the first round.",
    )
    ashkal: Annotated[Ashkal, Option(unused_when=_without_turned_card)] = Field(default_factory=Ashkal, description="Ashkal: a bid for the partner (turned-card bidding).")
    schmeiss: Annotated[Schmeiss, Option({
        "none": "nobody may schmeiss: a player takes or passes",
        "first_round": "in round 1 a player may schmeiss instead of taking or passing: an offer to abandon the "
        "deal, which the other player accepts (a new deal, the deal passing on as after all passed) or refuses "
        "(the schmeisser then plays the turned suit)",
        "every_round": "as first_round, and in round 2 a player may schmeiss naming another suit, which he plays "
        "if the other refuses",
    }, unused_when=_without_turned_card)] = Field(
        Schmeiss.none,
        description="Turned-card bidding at two players (Klaberjass): whether a player may schmeiss instead of "
        "taking or passing, offering to abandon the deal; the other player accepts (a new deal, as after all "
        "passed) or refuses (the schmeisser plays the turned suit, or in round 2 the suit he named): none, "
        "first_round, or every_round.",
    )
    contract_names: dict[Literal[Contract, "suit"], Annotated[str, Field(min_length=1, max_length=20)]] = Field(
        {},
        description="What the table calls a contract, as players see it: suit (any trump suit, said before the "
        "suit: Hokum), no_trumps (Sun, sans atout) or all_trumps (tout atout); unnamed ones keep their English name.",
    )

    @field_validator("contracts")
    @classmethod
    def _unique_contracts(cls, value: list[str]) -> list[str]:
        repeated = sorted({c for c in value if value.count(c) > 1})
        if repeated:
            raise ValueError(_("a contract may appear only once; repeated: {contracts}").format(
                contracts=", ".join(repeated)))
        if not value:
            raise ValueError(_("at least one contract must be playable"))
        return value

    @property
    def in_rounds(self) -> bool:
        """Whether the bidding goes round by round until a first take (turned-card and single-call styles)."""
        return self.style in (BiddingStyle.turned_card.value, BiddingStyle.single_call.value)

    @property
    def uses_turned_card(self) -> bool:
        return self.style in (BiddingStyle.turned_card.value, BiddingStyle.turned_card_point_bids.value)

    @property
    def uses_points(self) -> bool:
        return self.style in (BiddingStyle.point_bids.value, BiddingStyle.turned_card_point_bids.value)
