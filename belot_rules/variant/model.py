"""The variant file as a pydantic model: every rule a Belot / Belote table may choose.

Each field is one rule, named for what it means to a player, with a description
(shown by ``belot show``, ``belot compare`` and in the JSON Schema) and a default.
The defaults are the Bulgarian Belot reading of ``rules/bulgarian.md``; the French
files state where they differ. Checks of rules against each other are small functions
(``CHECKS``: a section's ``conflicts`` and the variant's checks across sections), all run
together by the ``model_validator``, so an author learns about every impossible combination
when the file is loaded, not in the middle of a game.
"""

from __future__ import annotations

from enum import Enum
from collections.abc import Callable
from typing import Annotated, Literal

from annotated_types import Ge, Le
from pydantic import (BaseModel, BeforeValidator, ConfigDict, Field, Strict, ValidationInfo, field_validator,
                      model_validator)

from ..cards import RANKS, parse_rank

CONTRACTS = ("clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps")
SUIT_CONTRACTS = CONTRACTS[:4]
# What a player may type for a call other than a doubling: a doubling name cannot be one of them.
CALL_WORDS = frozenset({"pass", "passe", "capot", "x", "xx", "c", "d", "h", "s", "nt", "at",
                        "sa", "ta", "notrumps", "alltrumps", "no trumps", "all trumps", "sans atout", "tout atout",
                        *CONTRACTS})

Contract = Literal["clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps"]
ContractKind = Literal["suit", "no_trumps", "all_trumps"]
RankName = Literal["7", "8", "9", "T", "J", "Q", "K", "A"]


def contract_kind(contract: str) -> str:
    """``suit`` for the four suit contracts, else the contract itself."""
    return "suit" if contract in SUIT_CONTRACTS else contract


MAX_NUMBER = 100_000  # any points, bonus, total or target: far above every table's, small enough to play
MAX_BID_LEVELS = 100  # point bids from minimum to maximum
Points = Annotated[int, Field(ge=0, le=MAX_NUMBER)]


# A contradiction between rules: the section whose rules it names by their own names (``max_level``),
# ``()`` when it names them in full (``deal.turned_card``), and what is wrong.
Conflict = tuple[tuple[str, ...], str]


class Conflicts(ValueError):
    """Every contradiction between a variant's rules, found together so that each is told on its own line."""

    def __init__(self, problems: list[Conflict]) -> None:
        super().__init__("; ".join(message for _, message in problems))
        self.problems = tuple(problems)


def _off(value: object) -> object:
    """YAML 1.1 reads a plain ``off`` (or ``no``, ``false``) as false: for an option with an ``off`` value it is that."""
    return "off" if value is False else value


class Rule(BaseModel):
    """Base of every section: unknown keys are errors and loaded variants are immutable.

    Types are strict: a quoted ``"300"`` or ``'no'`` is text, never a number or a boolean, ``1`` is
    not ``true`` and ``300.0`` is not a whole number, so a value is what the file shows. Only an
    option with named values reads its name from the text (``shuffle: cut_only``), and one with an
    ``off`` value reads YAML's false as ``off``.

    Every whole-number rule without bounds of its own runs from 0 to ``MAX_NUMBER``: a file may
    not ask for a match to 10**24, a clock of 3,000 years or a negative total, which the engine
    cannot play.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=True, validate_default=True,
                              strict=True)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: object) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        changed = False
        for field in cls.model_fields.values():
            if isinstance(field.annotation, type) and issubclass(field.annotation, Enum):
                field.metadata.append(Strict(False))  # an option's named values are written as text
                if "off" in field.annotation.__members__:
                    field.metadata.append(BeforeValidator(_off))
                changed = True
                continue
            if field.annotation not in (int, int | None):
                continue
            for kind, bound in ((Le, Le(MAX_NUMBER)), (Ge, Ge(0))):
                if not any(isinstance(m, kind) for m in field.metadata):
                    field.metadata.append(bound)
                    changed = True
        if changed:
            cls.model_rebuild(force=True)


def _rank_key(value: object) -> str:
    """Accept ``10``/``T`` and YAML's integer keys (``9: 150``) for a rank."""
    if isinstance(value, (dict, list)):
        kind = "a mapping" if isinstance(value, dict) else "a list"
        raise ValueError(f"a rank is one of 7 8 9 10 (or T) J Q K A, not {kind}")
    return RANKS[parse_rank(str(value))]


def permutation_problems(name: str, order: list[str]) -> list[str]:
    """``order`` lists each rank once: anything else leaves a card without a place (an IndexError in play)."""
    if sorted(order) == sorted(RANKS):
        return []
    missing = [r for r in RANKS if r not in order]
    repeated = sorted({r for r in order if order.count(r) > 1})
    return [f"{name} must list each of the ranks 7 8 9 T J Q K A exactly once"
            + (f"; missing {' '.join(missing)}" if missing else "")
            + (f"; repeated {' '.join(repeated)}" if repeated else "")]


class RankTable(Rule):
    """Trick order and card points of one kind of suit."""

    order: list[RankName] = Field(
        description="Trick-taking order of the eight ranks, strongest first (T is the ten).",
    )
    points: dict[RankName, Points] = Field(
        description="Card points of each rank; ranks left out are worth 0.",
    )

    @field_validator("order", mode="before")
    @classmethod
    def _order_ranks(cls, value: object) -> object:
        return [_rank_key(v) for v in value] if isinstance(value, list) else value

    @field_validator("points", mode="before")
    @classmethod
    def _points_ranks(cls, value: object) -> object:
        return {_rank_key(k): v for k, v in value.items()} if isinstance(value, dict) else value

    def conflicts(self) -> list[str]:
        """The order must place every rank (points are never negative: their type says so)."""
        return permutation_problems("order", self.order)


TRUMP_TABLE = RankTable(
    order=["J", "9", "A", "T", "K", "Q", "8", "7"],
    points={"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3},
)
PLAIN_TABLE = RankTable(
    order=["A", "T", "K", "Q", "J", "9", "8", "7"],
    points={"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2},
)


class CardTables(Rule):
    """Rank order and card points for each contract kind."""

    trump: RankTable = Field(TRUMP_TABLE, description="The trump suit in a suit contract.")
    plain: RankTable = Field(PLAIN_TABLE, description="The other suits in a suit contract.")
    no_trumps: RankTable = Field(
        PLAIN_TABLE,
        description="Every suit in a no-trumps contract (coinche scores the ace 19 here).",
    )
    all_trumps: RankTable = Field(
        TRUMP_TABLE,
        description="Every suit in an all-trumps contract (coinche scales it down to J 13, 9 9, A 6 ...).",
    )
    sequence_order: list[RankName] = Field(
        ["7", "8", "9", "T", "J", "Q", "K", "A"],
        description="Natural order used for sequences (declarations), lowest first; the ace is high only.",
    )
    ranks: list[RankName] = Field(
        ["7", "8", "9", "T", "J", "Q", "K", "A"],
        description="The ranks in the pack, in each of the four suits: all eight make the 32-card pack, "
        "9 T J Q K A the 24-card one (belote a trois).",
    )

    @field_validator("sequence_order", "ranks", mode="before")
    @classmethod
    def _seq_ranks(cls, value: object) -> object:
        return [_rank_key(v) for v in value] if isinstance(value, list) else value

    def conflicts(self) -> list[str]:
        """The sequence order places every rank (each rank table checks its own order)."""
        return permutation_problems("sequence_order", self.sequence_order)

    @field_validator("ranks")
    @classmethod
    def _pack_ranks(cls, value: list[str]) -> list[str]:
        repeated = sorted({r for r in value if value.count(r) > 1})
        if repeated:
            raise ValueError(f"a rank may appear only once in the pack; repeated: {' '.join(repeated)}")
        if len(value) < 2:
            raise ValueError("the pack needs at least two ranks in each suit")
        return value


# ----------------------------------------------------------------------------- deal


class Shuffle(str, Enum):
    shuffle_then_cut = "shuffle_then_cut"
    cut_only = "cut_only"
    full_shuffle = "full_shuffle"


class TurnedCard(str, Enum):
    none = "none"
    after_first_packets = "after_first_packets"


class FirstDealer(str, Enum):
    random = "random"
    draw_lowest = "draw_lowest"
    fixed_seat = "fixed_seat"


class DealerRotation(str, Enum):
    next_seat = "next_seat"
    alternate_team_random_seat = "alternate_team_random_seat"
    deal_winner = "deal_winner"


class AllPass(str, Enum):
    next_dealer = "next_dealer"
    same_dealer = "same_dealer"


class SecondPacketsStart(str, Enum):
    after_dealer = "after_dealer"
    taker = "taker"


class Direction(str, Enum):
    counter_clockwise = "counter_clockwise"
    clockwise = "clockwise"


class Stock(str, Enum):
    none = "none"
    aside = "aside"
    bottom_card_shown = "bottom_card_shown"
    to_taker = "to_taker"


class TurnedCardTo(str, Enum):
    taker = "taker"
    stock = "stock"


class SevenExchange(str, Enum):
    off = "off"
    anyone = "anyone"
    taker_only = "taker_only"


class Deal(Rule):
    """How the cards come out: packets, the turned card, shuffling and who deals."""

    first_packets: list[Annotated[int, Field(ge=1, le=8)]] = Field(
        [3, 2],
        description="Packet sizes each player receives before the bidding, in order (3 then 2 is 5 cards).",
    )
    second_packets: list[Annotated[int, Field(ge=1, le=8)]] = Field(
        [3],
        description="Packet sizes each player receives after the bidding; empty when all 8 cards come before it.",
    )
    turned_card: TurnedCard = Field(
        TurnedCard.none,
        description="Whether the next card of the stock is turned face up after the first packets (French 'la retourne').",
    )
    talon: bool = Field(
        False,
        description="The second packets are each player's talon: dealt face down with the first ones and picked "
        "up once the bidding is over (Bela). The same cards reach the same players; only the telling differs.",
    )
    second_packets_start: SecondPacketsStart = Field(
        SecondPacketsStart.after_dealer,
        description="Who receives the first packet after the bidding: the player after the dealer, or the taker.",
    )
    shuffle: Shuffle = Field(
        Shuffle.shuffle_then_cut,
        description=(
            "shuffle_then_cut: shuffled and cut every deal; cut_only: the pack is never shuffled, "
            "the previous deal's tricks are gathered in play order (over any cards no trick took) and cut; full_shuffle: shuffled, never cut."
        ),
    )
    cut_min: int = Field(3, ge=1, le=16, description="Fewest cards either part of a cut may hold.")
    first_dealer: FirstDealer = Field(
        FirstDealer.random,
        description="Who deals first: a random seat, the lowest card of a draw, or first_dealer_seat.",
    )
    first_dealer_seat: int = Field(
        3, ge=0, le=3, description="The first dealer when first_dealer is fixed_seat (seat 3 makes seat 0 lead)."
    )
    rotation: DealerRotation = Field(
        DealerRotation.next_seat,
        description="Who deals next: the next seat in play order, the other team with a random seat, or the "
        "player who scored more in the last deal (tables without partners).",
    )
    all_pass: AllPass = Field(
        AllPass.next_dealer,
        description="When every player passes the deal is void; it is redealt by the next dealer or the same one.",
    )
    direction: Direction = Field(
        Direction.counter_clockwise,
        description="Direction of play at the table; seats are always numbered in play order, so this is display only.",
    )
    turned_card_to: TurnedCardTo = Field(
        TurnedCardTo.taker,
        description="Where the turned card goes once trump is fixed: into the taker's hand (one card fewer in "
        "his next packet), or it stays face up on the stock (klaberjass, debertz).",
    )
    seven_exchange: SevenExchange = Field(
        SevenExchange.off,
        description="When the turned card stays on the stock and its suit is trump, the holder of the trump seven "
        "may take it in exchange for the seven (the dix), once the hands are complete and before the first lead "
        "(the actions exchange and keep): off, anyone, or taker_only.",
    )
    tableau_packets: int = Field(
        0, ge=0, le=8,
        description="How many of the first packets are laid on the table in front of each player instead of "
        "into the hand: they alternate face down and face up, each face-up packet lying card by card on the "
        "face-down one before it (piles of two). Only hand cards and face-up cards may be played; when a trick "
        "is over, the card under each card played is turned up. 0: no tableau (Belote decouverte: 4).",
    )
    stock: Stock = Field(
        Stock.none,
        description="The cards left after the packets when a table deals fewer than the whole pack: none (every "
        "card is dealt), aside (face down, out of play), bottom_card_shown (out of play, the bottom one face up) "
        "or to_taker (a chien: face down until the bidding is over, then the taker's, who discards as many cards "
        "before the first trick; the discards count for him).",
    )

    @property
    def hand_size(self) -> int:
        """Cards in each hand once the deal is complete."""
        return sum(self.first_packets) + sum(self.second_packets)

    def seven_exchange_conflicts(self) -> list[str]:
        if self.seven_exchange != SevenExchange.off and (
                self.turned_card != TurnedCard.after_first_packets or self.turned_card_to != TurnedCardTo.stock):
            return ["deal.seven_exchange trades the trump seven for a turned card left on the stock: it "
                    "needs deal.turned_card after_first_packets and turned_card_to stock, or seven_exchange off"]
        return []

    def chien_conflicts(self) -> list[str]:
        if self.stock == Stock.to_taker and (self.turned_card != TurnedCard.none or self.talon):
            return ["deal.stock to_taker gives the taker the cards left after the packets (a chien); it "
                    "needs deal.turned_card none and talon false"]
        return []

    def tableau_conflicts(self) -> list[str]:
        packets, laid = self.first_packets, self.tableau_packets
        problems = []
        if laid > len(packets):
            problems.append(f"deal.tableau_packets {laid} lays more packets on the table than first_packets deals "
                            f"({len(packets)}); at most {len(packets)}")
        if laid % 2:
            problems.append(f"deal.tableau_packets {laid} is odd: the packets on the table go in pairs, face down "
                            "then face up on them; use an even number")
        uneven = [k for k in range(1, min(laid, len(packets)), 2) if packets[k] != packets[k - 1]]
        if uneven:
            k = uneven[0]
            problems.append(f"deal.first_packets[{k}] ({packets[k]} cards) is laid face up on first_packets[{k - 1}] "
                            f"({packets[k - 1]} cards face down): a face-up packet covers one of the same size")
        if laid and self.talon:
            problems.append("a talon (deal.talon) and a tableau both lay cards face down before the bidding; choose one "
                            "(talon false or tableau_packets 0)")
        return problems

    def second_packets_conflicts(self) -> list[str]:
        problems = []
        if self.turned_card == TurnedCard.after_first_packets and not self.second_packets:
            problems.append("a turned card (deal.turned_card) needs deal.second_packets to complete the hands "
                            "after the bidding")
        if self.talon and (not self.second_packets or self.turned_card == TurnedCard.after_first_packets):
            problems.append("a talon is the second packets dealt face down before the bidding: deal.talon needs "
                            "second_packets and no turned card (the taker's turned card would change who gets "
                            "which card)")
        return problems


# ----------------------------------------------------------------------------- bidding


class BiddingStyle(str, Enum):
    contract_ladder = "contract_ladder"
    turned_card = "turned_card"
    point_bids = "point_bids"
    turned_card_point_bids = "turned_card_point_bids"
    single_call = "single_call"
    last_card_trump = "last_card_trump"


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


class DoubleCondition(Rule):
    """A first double allowed only when the doubling team is behind on the board (Baloot's Sun)."""

    kinds: list[ContractKind] = Field(
        [], description="Contract kinds under this condition; empty: every contract may be doubled freely."
    )
    doubler_below: int = Field(100, ge=0, description="The doubling team must have fewer match points than this.")
    taker_above: int = Field(100, ge=0, description="The contract team must have more match points than this.")


class Ashkal(Rule):
    """A bid that makes the caller's partner the taker, who then receives the turned card (Baloot)."""

    enabled: bool = Field(False, description="Whether ashkal may be called.")
    contract: Contract = Field("no_trumps", description="The contract an ashkal bids for the partner (Baloot: Sun).")
    speakers: list[Annotated[int, Field(ge=1, le=4)]] = Field(
        [3, 4], description="Who may call it, by place in the order of speaking (1 is the first speaker)."
    )
    not_on_ranks: list[RankName] = Field(
        ["A"], description="Turned-card ranks on which ashkal may not be called (Baloot: an ace)."
    )

    @field_validator("not_on_ranks", mode="before")
    @classmethod
    def _ranks(cls, value: object) -> object:
        return [_rank_key(v) for v in value] if isinstance(value, list) else value


class Doubles(Rule):
    """Contra / recontra (coinche / surcoinche) and longer doubling ladders."""

    max_level: int = Field(
        2, ge=0, le=4,
        description="0: no doubling; 1: contra only; 2: contra and recontra; 3 or 4: longer ladders (Baloot: double, "
        "three, four, gahwa). The opponents of the contract call the odd levels, its team the even ones.",
    )
    multipliers: list[Annotated[int, Field(ge=1, le=1000)]] = Field(
        [2, 4], description="Score multiplier at each doubling level (contra, recontra, ...)."
    )
    overbid_after_double: OverbidAfterDouble = Field(
        OverbidAfterDouble.anyone,
        description="Who may bid a higher contract over a standing contra or recontra (which cancels it).",
    )
    redouble_ends_auction: bool = Field(
        False, description="A recontra (surcoinche) ends the auction at once instead of waiting for three passes."
    )
    names: list[Annotated[str, Field(min_length=1, max_length=20)]] = Field(
        ["contra", "recontra", "surcontra"],
        description="What the table calls each doubling level, as players see it (coinche: coinche, surcoinche); "
        "'double' and 'redouble' are always understood too.",
    )
    after_bidding: bool = Field(
        False,
        description="Doubles are called once the bidding has ended, not among the bids: the opponents of the taker "
        "are asked first, then each level's callers in turn, until both players of that team pass (Baloot).",
    )
    match_winning_level: int | None = Field(
        None, ge=1, le=4,
        description="The doubling level (1 is the first double) whose deal decides the whole match: its winner "
        "wins the match (Baloot's gahwa); null for none.",
    )
    condition: DoubleCondition = Field(
        default_factory=lambda: DoubleCondition(),
        description="Contracts that may be doubled only when the doubling team is behind (Baloot's Sun).",
    )

    def ladder_conflicts(self) -> list[str]:
        """Every way the doubling ladder's levels contradict themselves, each on its own."""
        problems = []
        if len(self.multipliers) < self.max_level:
            problems.append(f"max_level {self.max_level} needs {self.max_level} multipliers, got {self.multipliers}")
        growing = self.multipliers[: (self.match_winning_level or len(self.multipliers) + 1) - 1]
        if any(b <= a for a, b in zip([1, *growing], growing)):
            problems.append(f"multipliers must grow with each level, got {self.multipliers}")
        if self.match_winning_level is not None and self.match_winning_level > self.max_level:
            problems.append(f"match_winning_level {self.match_winning_level} is above max_level {self.max_level}: "
                            "no deal could reach it")
        return problems

    def name_conflicts(self) -> list[str]:
        """Each level called has a name of its own that no other call has."""
        problems = []
        if len(self.names) < self.max_level:
            problems.append(f"max_level {self.max_level} needs {self.max_level} names, got {self.names}")
        taken = [n for n in self.names[:max(self.max_level, 1)] if n.strip().lower() in CALL_WORDS]
        problems += [f"names: `{name}` already means another call (pass, a contract, capot); "
                     "a doubling needs a name of its own, like contra or coinche" for name in taken]
        lowered = [n.strip().lower() for n in self.names]
        if len(set(lowered)) != len(lowered):
            problems.append(f"names: each doubling level needs its own name, got {self.names}")
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

    def conflicts(self) -> list[str]:
        """The bids from minimum to maximum must be a short ladder of whole steps."""
        if self.maximum < self.minimum:
            return [f"maximum {self.maximum} is below minimum {self.minimum}"]
        problems = []
        levels = (self.maximum - self.minimum) // self.step + 1
        if levels > MAX_BID_LEVELS:
            problems.append(f"minimum {self.minimum} to maximum {self.maximum} in steps of {self.step} makes "
                            f"{levels} bids; at most {MAX_BID_LEVELS} (a larger step or a narrower range)")
        if (self.maximum - self.minimum) % self.step:
            problems.append(
                f"maximum {self.maximum} is not minimum {self.minimum} plus a multiple of step {self.step}; "
                f"the nearest valid maximum is {self.minimum + (self.maximum - self.minimum) // self.step * self.step}"
            )
        return problems


class Bidding(Rule):
    """The auction: which contracts exist, how they are bid and doubled."""

    style: BiddingStyle = Field(
        BiddingStyle.contract_ladder,
        description=(
            "contract_ladder: each call names a higher contract (Bulgarian); turned_card: take the turned "
            "card's suit in round 1 or name another in round 2 (French); point_bids: bid points and a trump "
            "(coinche); turned_card_point_bids: point bids whose round 1 is on the turned suit; "
            "last_card_trump: no bidding, the suit of the last card dealt (face up on the table) is trump."
        ),
    )
    contracts: list[Contract] = Field(
        list(CONTRACTS),
        description="The contracts that may be played, lowest first; this is also the ladder of contract_ladder bidding.",
    )
    doubles: Doubles = Field(default_factory=Doubles, description="Contra and recontra.")
    round2_turned_suit: Round2TurnedSuit = Field(
        Round2TurnedSuit.forbidden,
        description="Turned-card bidding: whether the turned card's suit may be named in the second round.",
    )
    round1_contracts: Round1Contracts = Field(
        Round1Contracts.turned_suit_only,
        description="Turned-card bidding: whether round 1 allows only the turned suit or also no-trumps / all-trumps.",
    )
    points: PointBids = Field(default_factory=PointBids, description="Point bids (point-bid styles only).")
    rounds: int = Field(
        2, ge=1, le=2,
        description="Turned-card and single-call bidding: how many rounds are bid before the deal is void.",
    )
    first_speaker: FirstSpeaker = Field(
        FirstSpeaker.after_dealer,
        description="Who speaks first in the bidding: the player after the dealer, or the dealer (Klaverjas NKU); "
        "the player after the dealer leads the first trick either way.",
    )
    forced_call: ForcedCall = Field(
        ForcedCall.none,
        description="Whether someone must name a contract instead of passing, so that no deal is void.",
    )
    overcall: Overcall = Field(
        Overcall.none,
        description="Turned-card and single-call bidding: what may be called over a contract already taken.",
    )
    later_round_priority: LaterRoundPriority = Field(
        LaterRoundPriority.earlier_seats_claim,
        description="With overcall higher_kind_seat_priority: whether an earlier speaker may still take over a "
        "no-trumps or all-trumps contract named in a later round, as in the first round.",
    )
    ashkal: Ashkal = Field(default_factory=Ashkal, description="Ashkal: a bid for the partner (turned-card bidding).")
    schmeiss: Schmeiss = Field(
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
            raise ValueError(f"a contract may appear only once; repeated: {', '.join(repeated)}")
        if not value:
            raise ValueError("at least one contract must be playable")
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


# ----------------------------------------------------------------------------- play


class TrumpLeadOvertrump(str, Enum):
    always = "always"
    unless_partner_winning = "unless_partner_winning"


class PartnerWinningVoid(str, Enum):
    free = "free"
    overtrump_if_trumping = "overtrump_if_trumping"
    overtrump_if_able = "overtrump_if_able"
    as_if_opponent_winning = "as_if_opponent_winning"


class Undertrump(str, Enum):
    never_required = "never_required"
    required = "required"
    forbidden_unless_only_trumps = "forbidden_unless_only_trumps"


class PlainSuitOvertake(str, Enum):
    never = "never"
    always = "always"
    unless_partner_winning = "unless_partner_winning"


class AllTrumpsOvertake(str, Enum):
    always = "always"
    unless_partner_winning = "unless_partner_winning"


class Play(Rule):
    """What a player must play. Following suit is always compulsory."""

    trump_lead_overtrump: TrumpLeadOvertrump = Field(
        TrumpLeadOvertrump.always,
        description="When trumps are led, a player must beat the highest trump so far if able: always, or unless their partner is winning.",
    )
    partner_winning_void: PartnerWinningVoid = Field(
        PartnerWinningVoid.free,
        description=(
            "Void in the led plain suit while the partner wins the trick: free (any card); "
            "overtrump_if_trumping (discard freely, but a trump must beat the table unless only trumps are held); "
            "overtrump_if_able (a trump must beat the table when one can); "
            "as_if_opponent_winning (must trump and overtrump as against an opponent)."
        ),
    )
    undertrump: Undertrump = Field(
        Undertrump.never_required,
        description=(
            "Void in the led suit, an opponent winning with a trump you cannot beat: never_required (any card), "
            "required (play a lower trump) or forbidden_unless_only_trumps (discard; a lower trump only when "
            "nothing else is held, Amsterdam Klaverjas)."
        ),
    )
    plain_suit_overtake: PlainSuitOvertake = Field(
        PlainSuitOvertake.never,
        description=(
            "Following a plain suit (in a suit contract or no-trumps) while no trump is in the trick, a player "
            "must beat the best card of the led suit if able: never, always (Bela's 'uber'), or unless their "
            "partner is winning."
        ),
    )
    all_trumps_overtake: AllTrumpsOvertake = Field(
        AllTrumpsOvertake.always,
        description="All-trumps: a player following suit must beat the best card of the led suit if able: always, or unless their partner is winning.",
    )


# ----------------------------------------------------------------------------- declarations


class LongRun(str, Enum):
    one_quint = "one_quint"
    quint_plus_tierce_for_eight = "quint_plus_tierce_for_eight"


class QuadSequenceOverlap(str, Enum):
    prefer_quad = "prefer_quad"
    player_chooses = "player_chooses"
    both_count = "both_count"


class ContestScope(str, Enum):
    separate = "separate"
    unified = "unified"
    none = "none"


class MeldSource(str, Enum):
    hand = "hand"
    tricks = "tricks"


class SequenceCompare(str, Enum):
    class_then_top = "class_then_top"
    length_then_top = "length_then_top"


class DeclarationTie(str, Enum):
    cancel = "cancel"
    trump_then_cancel = "trump_then_cancel"
    trump_then_first_in_play_order = "trump_then_first_in_play_order"
    first_in_play_order = "first_in_play_order"


class WinnerScores(str, Enum):
    all = "all"
    best_only = "best_only"


class FailedDeclarations(str, Enum):
    to_defenders = "to_defenders"
    void = "void"


class CapotDeclarations(str, Enum):
    to_capot_team = "to_capot_team"
    keep = "keep"


class BelotePlayCondition(str, Enum):
    lead_follow_or_trump = "lead_follow_or_trump"
    always = "always"


class BeloteForcedCard(str, Enum):
    allowed = "allowed"
    lost = "lost"


class BeloteInSequence(str, Enum):
    both_count = "both_count"
    belote_absorbed = "belote_absorbed"


class BeloteAnnouncement(str, Enum):
    automatic = "automatic"
    required = "required"


class Belote(Rule):
    """King and queen of a trump suit in one hand."""

    enabled: bool = Field(True, description="Whether belote / rebelote scores at all.")
    points: int = Field(20, ge=0, description="What a belote is worth.")
    contracts: list[ContractKind] = Field(
        ["suit", "all_trumps"],
        description="Contract kinds with belote (all-trumps allows one per suit).",
    )
    play_condition: BelotePlayCondition = Field(
        BelotePlayCondition.lead_follow_or_trump,
        description="The first of the K/Q played must be led, follow suit or be a trump (else the belote is lost); or any play counts.",
    )
    forced_card: BeloteForcedCard = Field(
        BeloteForcedCard.allowed,
        description="Whether a belote still counts when its first card was the player's only legal card.",
    )
    in_sequence: BeloteInSequence = Field(
        BeloteInSequence.both_count,
        description="A K-Q that is also part of a scoring sequence: both count, or the belote is absorbed by the sequence.",
    )
    announcement: BeloteAnnouncement = Field(
        BeloteAnnouncement.automatic,
        description="Belote is scored automatically, or only if the player announces it when playing the first card.",
    )
    counts_for_contract: bool = Field(
        True, description="Whether the belote counts when deciding if the contract is made."
    )
    kept_when_failed: bool = Field(
        False,
        description="Whether a team keeps its belote when it loses the deal ('imprenable'); otherwise it goes to the winners.",
    )
    multiplied_by_double: bool = Field(
        True, description="Whether contra and the other doubling levels multiply the belote (Baloot's is immune)."
    )


def _length_key(value: object) -> int:
    """Accept ``3``, ``"3"`` and ``5+`` (five or more) for a sequence length."""
    text = str(value).strip()
    if not text.rstrip("+").isdigit():
        raise ValueError(f"unknown sequence length '{value}'; a length is a number of cards from 3 to 8, like 3: 20")
    return int(text.rstrip("+"))


class Declarations(Rule):
    """Sequences and quads (carrés) declared during the first trick, and how teams' declarations compare."""

    enabled: bool = Field(True, description="Whether sequences and quads are declared at all (belote is separate).")
    source: MeldSource = Field(
        MeldSource.hand,
        description=(
            "hand: sequences, quads and belote are held in a hand and declared; tricks: they are found among "
            "the cards of each trick and scored by the side that wins it (Klaverjas roem)."
        ),
    )
    contracts: list[ContractKind] = Field(
        ["suit", "all_trumps"], description="Contract kinds in which sequences and quads may be declared."
    )
    sequences: dict[Annotated[int, Field(ge=3, le=8)], Points] = Field(
        {3: 20, 4: 50, 5: 100},
        description="Points of a sequence by its length; the longest length listed also covers longer runs (5 means 5 or more).",
    )
    long_run: LongRun = Field(
        LongRun.one_quint,
        description="An 8-card run is one sequence of the longest class, or that plus a tierce (one engine's reading).",
    )
    quads: dict[RankName, Points] = Field(
        {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100},
        description="Points of four of a kind by rank; ranks left out (7, 8) are not declarations.",
    )
    no_trumps_quads: dict[RankName, Points] | None = Field(
        None, description="Quad values in no-trumps when they differ (coinche: A 200, T 150, others 100)."
    )
    quad_order: list[RankName] = Field(
        ["J", "9", "A", "T", "K", "Q"],
        description="Which of two equal-valued quads is higher, strongest first.",
    )
    quad_sequence_overlap: QuadSequenceOverlap = Field(
        QuadSequenceOverlap.prefer_quad,
        description="A card in both a quad and a sequence: the quad is taken and its cards leave the sequence; the player chooses; or both count.",
    )
    contest: ContestScope = Field(
        ContestScope.separate,
        description=(
            "separate: sequences compete with sequences and quads with quads; unified: one contest over both, "
            "by value (the best single declaration takes all its team's); none: both teams keep their own."
        ),
    )
    sequence_compare: SequenceCompare = Field(
        SequenceCompare.class_then_top,
        description="Two sequences: by value class (3 < 4 < 5+) then top card, or by exact length then top card.",
    )
    quad_beats_equal_sequence: bool = Field(
        True, description="Unified contest: a quad beats a sequence of the same value."
    )
    tie: DeclarationTie = Field(
        DeclarationTie.cancel,
        description=(
            "Equal best declarations: cancel (neither team scores them); trump_then_cancel (a sequence in "
            "trumps wins, else cancel); trump_then_first_in_play_order; first_in_play_order."
        ),
    )
    winner_scores: WinnerScores = Field(
        WinnerScores.all, description="The winning team scores all its declarations of the contest, or only its best."
    )
    count_without_tricks: bool = Field(
        True, description="Whether a team that wins no trick still scores its declarations."
    )
    wins_match_length: int | None = Field(
        None, ge=3, le=8,
        description="A sequence of this many cards or more, declared, wins the match at once (Bela's 8-card "
        "'belot'); null: no declaration ends the match.",
    )
    count_for_contract: bool = Field(
        True, description="Whether declarations count when deciding if the contract is made."
    )
    when_failed: FailedDeclarations = Field(
        FailedDeclarations.to_defenders,
        description="When the contract fails, the takers' declarations go to the defenders or are void.",
    )
    when_capot: CapotDeclarations = Field(
        CapotDeclarations.keep,
        description="When one team takes every trick, the other team's declarations pass to it or are kept.",
    )
    belote: Belote = Field(default_factory=Belote, description="Belote / rebelote.")

    @field_validator("sequences", mode="before")
    @classmethod
    def _seq_keys(cls, value: object) -> object:
        return {_length_key(k): v for k, v in value.items()} if isinstance(value, dict) else value

    @field_validator("quads", "no_trumps_quads", mode="before")
    @classmethod
    def _quad_keys(cls, value: object) -> object:
        return {_rank_key(k): v for k, v in value.items()} if isinstance(value, dict) else value

    @field_validator("quad_order", mode="before")
    @classmethod
    def _quad_order_ranks(cls, value: object) -> object:
        return [_rank_key(v) for v in value] if isinstance(value, list) else value

    def conflicts(self) -> list[str]:
        """Every quad with a value needs a place in quad_order, which ranks each rank once."""
        problems = []
        for field, table in (("quads", self.quads), ("no_trumps_quads", self.no_trumps_quads or {})):
            unordered = [r for r in table if r not in self.quad_order]
            if unordered:
                problems.append(f"{field} gives {' '.join(unordered)} a value but quad_order does not rank "
                                f"{'it' if len(unordered) == 1 else 'them'}; add {' '.join(unordered)} to quad_order")
        repeated = sorted({r for r in self.quad_order if self.quad_order.count(r) > 1})
        if repeated:
            problems.append(f"quad_order ranks each rank once; repeated: {' '.join(repeated)}")
        return problems


# ----------------------------------------------------------------------------- scoring


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


# ----------------------------------------------------------------------------- match and table


class ValatException(str, Enum):
    none = "none"
    raise_bar_to_leader_plus_one = "raise_bar_to_leader_plus_one"
    one_more_deal = "one_more_deal"
    no_go_out_on_valat_deal = "no_go_out_on_valat_deal"


class TargetCompare(str, Enum):
    reach = "reach"
    exceed = "exceed"


class DealsTie(str, Enum):
    draw = "draw"
    one_more_deal = "one_more_deal"


class Match(Rule):
    """When a match ends and who wins it."""

    target: int | None = Field(
        151, ge=1, description="Match points that win the match; null plays a single deal, or match.deals deals."
    )
    deals: int | None = Field(
        None, ge=1, le=100,
        description="With target null: a match of this many scored deals, the higher total winning "
        "(Klaverjas: 16); null: no fixed number.",
    )
    deals_tie: DealsTie = Field(
        DealsTie.draw,
        description="A match of a fixed number of deals ending level: a draw, or one more deal until a team leads.",
    )
    compare: TargetCompare = Field(
        TargetCompare.reach, description="reach: the target or more wins; exceed: strictly more than the target."
    )
    valat_exception: ValatException = Field(
        ValatException.one_more_deal,
        description=(
            "'You cannot go out with a valat': none; raise_bar_to_leader_plus_one; one_more_deal (one more "
            "deal, not counting all-pass or valat deals); no_go_out_on_valat_deal."
        ),
    )
    must_score_in_final_deal: bool = Field(
        False, description="A team over the target wins only if it scored in the deal that took it there."
    )
    belote_alone_cannot_win: bool = Field(
        False, description="A team whose contract failed cannot reach the target with its belote alone."
    )

    @property
    def length(self) -> str:
        """How long a match is, in words: ``match to 151``, ``16 deals`` or ``a single deal``."""
        if self.target is not None:
            return f"match to {self.target}"
        return f"{self.deals} deals" if self.deals and self.deals > 1 else "a single deal"


class Timeout(str, Enum):
    lose_match = "lose_match"
    random_legal_move = "random_legal_move"
    bot_moves = "bot_moves"


class MoveClock(Rule):
    """A per-move time limit, as at online tables."""

    seconds: int | None = Field(None, ge=1, le=86_400, description="Seconds for each call or card (at most a day); "
                                "null for no clock.")
    on_timeout: Timeout = Field(
        Timeout.lose_match,
        description="What happens when a player's time runs out: their team loses the match, or a move is made for them.",
    )


class Sides(str, Enum):
    partners = "partners"
    each_for_self = "each_for_self"
    taker_vs_rest = "taker_vs_rest"


class Table(Rule):
    """Who sits at the table and plays with whom, and table conventions that are not scoring rules."""

    players: int = Field(4, ge=2, le=4, description="Players at the table: 4, or 2 and 3 for the family's smaller games.")
    sides: Sides = Field(
        Sides.partners,
        description="partners: two fixed pairs, partners opposite (four players); each_for_self: every player "
        "scores alone; taker_vs_rest: the taker plays alone against the others, who pool their points for the deal.",
    )
    move_clock: MoveClock = Field(default_factory=MoveClock, description="Per-move time limit.")

    @property
    def board_sides(self) -> int:
        """Entries on the match board: two teams of partners, else one per player."""
        return 2 if self.sides == Sides.partners else self.players


def engine_max_deals() -> int:
    """The engine's limit on the deals of a match (imported when asked: the engine imports this model)."""
    from ..engine.match import MAX_DEALS
    return MAX_DEALS


def _pack_words(cards: int) -> str:
    return f"{'an' if cards in (8, 11, 18) else 'a'} {cards}-card pack"


def _undealt_fixes(pack: int, players: int, hand: int, kept: int) -> str:
    """The fixes that make a deal leaving cards undealt valid, and only those: a stock for the cards left,
    a hand size that shares the pack exactly, or a pack of the size the hands take."""
    fixes = ["set deal.stock to aside, bottom_card_shown or to_taker for the cards left"]
    if (pack - kept) % players == 0:
        fixes.append(f"deal {(pack - kept) // players} cards each with deal.first_packets and deal.second_packets")
    needed = players * hand + kept
    if needed % 4 == 0 and 2 <= needed // 4 <= len(RANKS):
        ranks = ", ".join(RANKS[len(RANKS) - needed // 4:])
        fixes.append(f"play with {_pack_words(needed)} (cards.ranks [{ranks}])")
    return ", or ".join(fixes)


# ----------------------------------------------------------------------------- the variant


class Variant(Rule):
    """A complete rule set for a Belot / Belote table."""

    name: str = Field(description="Short name, as used on the command line.", pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str = Field(description="Full name shown to players.")
    description: str = Field("", description="A paragraph on what this rule set is and where its rules come from.")
    family: str = Field(
        "", max_length=40,
        description="The family of rule sets this one belongs to, by country or tradition (Bulgarian, French, "
        "Dutch, Croatian, Saudi, ...): `belot list` groups the shipped variants by it.",
    )
    extends: str | None = Field(
        None, description="A shipped variant name or a relative path whose rules this file starts from."
    )
    cards: CardTables = Field(
        default_factory=CardTables,
        description="Rank orders and card points for each kind of contract, and the order of sequences.",
    )
    deal: Deal = Field(
        default_factory=Deal,
        description="How the cards come out: packets, the turned card, shuffling and who deals.",
    )
    bidding: Bidding = Field(
        default_factory=Bidding,
        description="The auction: which contracts exist, how they are bid, contra and recontra.",
    )
    play: Play = Field(
        default_factory=Play,
        description="What a player must play; following suit is always compulsory.",
    )
    declarations: Declarations = Field(
        default_factory=Declarations,
        description="Sequences and quads declared in the first trick, how two teams' declarations compare, and belote.",
    )
    scoring: Scoring = Field(
        default_factory=Scoring,
        description="The totals of a deal and how they reach the match board: last trick, capot, ties, contra, rounding.",
    )
    match: Match = Field(default_factory=Match, description="When the match ends and who wins it.")
    table: Table = Field(
        default_factory=Table,
        description="The players and their sides, and table conventions that are not scoring rules: the move clock.",
    )

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> Variant:
        if info.context and info.context.get("unchecked"):  # built to run the checks one by one (partial.py)
            return self
        problems = [(section, message) for section, check in CHECKS for message in check(self)]
        if problems:
            raise Conflicts(problems)
        return self

    def _turned_card_problems(self) -> list[str]:
        """Turned-card bidding and the turned card go together."""
        turned = self.deal.turned_card == TurnedCard.after_first_packets
        if turned and not self.bidding.uses_turned_card:
            return [f"deal.turned_card is set but bidding.style {self.bidding.style} never uses it; "
                    "use turned_card or turned_card_point_bids"]
        problems = []
        if self.bidding.uses_turned_card and not turned:
            problems.append(f"bidding.style {self.bidding.style} needs a turned card: set deal.turned_card to "
                            "after_first_packets")
        if self.bidding.uses_turned_card and not any(c in SUIT_CONTRACTS for c in self.bidding.contracts):
            problems.append("turned-card bidding needs the suit contracts in bidding.contracts")
        return problems

    def _overcall_problems(self) -> list[str]:
        """Bidding in rounds ends at the first take unless an overcall goes on; other styles bid higher anyway."""
        bidding, doubles = self.bidding, self.bidding.doubles
        if bidding.overcall != Overcall.none and not bidding.in_rounds:
            return [f"bidding.overcall {bidding.overcall} is for turned_card and single_call bidding; "
                    f"{bidding.style} bidding has its own way of bidding higher: set overcall to none"]
        if (bidding.in_rounds and bidding.overcall == Overcall.none and doubles.max_level
                and not doubles.after_bidding):
            return [f"bidding.style {bidding.style} with bidding.overcall none ends at the first take, so nobody can "
                    "double among the bids: set bidding.doubles.after_bidding to true, or bidding.doubles.max_level "
                    "to 0"]
        return []

    def _doubling_off_problems(self) -> list[str]:
        """Doubling rules beside a ladder of no levels do nothing: say so rather than ignore them."""
        doubles, problems = self.bidding.doubles, []
        if doubles.condition.kinds and not doubles.max_level:
            problems.append("bidding.doubles.condition restricts doubling, but bidding.doubles.max_level is 0")
        if doubles.after_bidding and not doubles.max_level:
            problems.append("bidding.doubles.after_bidding is set, but bidding.doubles.max_level is 0: nobody doubles")
        return problems

    def _ashkal_problems(self) -> list[str]:
        """Ashkal bids a contract of the variant for the partner, who takes the turned card."""
        bidding, problems = self.bidding, []
        if not bidding.ashkal.enabled:
            return []
        if self.deal.turned_card != TurnedCard.after_first_packets:
            problems.append("bidding.ashkal gives the partner the turned card: it needs deal.turned_card "
                            "after_first_packets")
        if bidding.ashkal.contract not in bidding.contracts:
            problems.append(f"bidding.ashkal.contract {bidding.ashkal.contract} is not one of bidding.contracts")
        if bidding.uses_points:
            problems.append("bidding.ashkal names a contract without points; it cannot be used with point bids")
        return problems

    def _ashkal_partner_problems(self) -> list[str]:
        """Ashkal makes the caller's partner the taker (baloot.md): a table without partners has nobody to take."""
        if self.bidding.ashkal.enabled and self.table.sides != Sides.partners:
            return [f"bidding.ashkal bids a contract for the caller's partner: it needs table.sides partners, not "
                    f"{self.table.sides}; set bidding.ashkal.enabled to false"]
        return []

    def _contract_name_problems(self) -> list[str]:
        bidding = self.bidding
        unplayed = [k for k in bidding.contract_names
                    if k not in bidding.contracts and not (k == "suit" and any(c in SUIT_CONTRACTS for c in bidding.contracts))]
        if unplayed:
            return [f"bidding.contract_names names {', '.join(unplayed)}, which this variant does not play"]
        return []

    def _belote_problems(self) -> list[str]:
        belote = self.declarations.belote
        if belote.enabled and "no_trumps" in belote.contracts:
            return ["belote needs a trump suit; declarations.belote.contracts cannot include no_trumps"]
        return []

    def _schmeiss_seat_problems(self) -> list[str]:
        """The schmeiss is an offer between two players (klaberjass.md)."""
        if self.bidding.schmeiss != Schmeiss.none and self.table.players != 2:
            return [f"bidding.schmeiss is an offer to the one other player to abandon the deal: it needs "
                    f"table.players 2, not {self.table.players}; set bidding.schmeiss to none"]
        return []

    def _schmeiss_bidding_problems(self) -> list[str]:
        """The schmeiss is an offer on a turned card that may void the deal."""
        bidding, problems = self.bidding, []
        if bidding.schmeiss == Schmeiss.none:
            return []
        if bidding.style != BiddingStyle.turned_card:
            problems.append(f"bidding.schmeiss offers to play the turned card's suit: it needs bidding.style "
                            f"turned_card, not {bidding.style}")
        if bidding.overcall != Overcall.none:
            problems.append("bidding.schmeiss, once refused, ends the bidding like a take: it needs bidding.overcall "
                            f"none, not {bidding.overcall}")
        if bidding.forced_call != ForcedCall.none:
            problems.append(f"bidding.forced_call {bidding.forced_call} keeps a deal from being void, but an "
                            "accepted schmeiss voids it: set one of them to none")
        return problems

    def _last_card_problems(self) -> list[str]:
        """No bidding: the last card dealt lies face up on the table and names trump (belote-a-deux.md §B.2)."""
        deal, bidding = self.deal, self.bidding
        problems: list[str] = []
        if bidding.style != BiddingStyle.last_card_trump:
            return problems
        if deal.second_packets or not deal.tableau_packets or deal.tableau_packets != len(deal.first_packets):
            problems.append(
                "bidding.style last_card_trump makes the suit of the last card dealt trump, so that card must lie "
                "face up on the table: deal every packet onto the tableau (deal.tableau_packets equal to the "
                "number of deal.first_packets, deal.second_packets [])")
        missing = [c for c in SUIT_CONTRACTS if c not in bidding.contracts]
        if missing:
            problems.append(f"bidding.style last_card_trump may make any suit trump; bidding.contracts lacks "
                            f"{', '.join(missing)}")
        if bidding.doubles.max_level:
            problems.append("bidding.style last_card_trump has no bidding, so nobody doubles: set "
                            "bidding.doubles.max_level to 0")
        return problems

    def _sides_problems(self) -> list[str]:
        players, sides = self.table.players, self.table.sides
        if sides == Sides.partners and players != 4:
            instead = "each_for_self or taker_vs_rest" if players == 3 else "each_for_self"
            return [f"table.sides partners needs 4 players, not {players} (table.players); use {instead}"]
        if sides == Sides.taker_vs_rest and players < 3:
            return ["table.sides taker_vs_rest needs 3 or 4 players (table.players); two players are each_for_self"]
        return []

    def _pack_problems(self) -> list[str]:
        """The players, pack and packets must make a deal every seat can play to the end."""
        players, deal = self.table.players, self.deal
        pack = 4 * len(self.cards.ranks)
        problems = []
        hand = deal.hand_size
        kept_turned = deal.turned_card == TurnedCard.after_first_packets and deal.turned_card_to == TurnedCardTo.stock
        dealt = players * hand + kept_turned
        packets = f"{sum(deal.first_packets)} + {sum(deal.second_packets)} = {hand}"
        if dealt > pack:
            most = (pack - kept_turned) // players
            kept = " less the turned card left on the stock" if kept_turned else ""
            problems.append(
                f"deal: the packets deal {packets} cards to each player; they must deal {most}"
                + ("" if (pack, players, kept_turned) == (32, 4, False) else
                   f" at most ({_pack_words(pack)}{kept}, {players} players: cards.ranks, table.players)")
                + (" (for example deal.first_packets [3, 2] and deal.second_packets [3])" if most == 8
                   else "; change deal.first_packets or deal.second_packets")
            )
        elif dealt < pack and deal.stock == Stock.none:
            problems.append(
                f"deal: the packets deal {packets} cards to each of the {players} players (table.players) and leave "
                f"{pack - dealt} of the {pack}-card pack undealt; " + _undealt_fixes(pack, players, hand, kept_turned)
            )
        elif dealt == pack and deal.stock != Stock.none:
            problems.append(f"deal.stock is {deal.stock} but the packets deal the whole pack; set it to none")
        if 2 * deal.cut_min > pack:
            problems.append(f"deal.cut_min {deal.cut_min} leaves no room to cut {_pack_words(pack)}; "
                            f"at most {pack // 2}")
        return problems

    def _dealer_problems(self) -> list[str]:
        """The first dealer is a seat of the table and the dealer's rotation suits its sides."""
        players, sides, deal = self.table.players, self.table.sides, self.deal
        problems = []
        if deal.first_dealer == FirstDealer.fixed_seat and deal.first_dealer_seat >= players:
            problems.append(f"deal.first_dealer_seat {deal.first_dealer_seat} is not a seat of {players} players "
                            f"(seats 0-{players - 1})")
        if deal.rotation == DealerRotation.deal_winner and sides == Sides.partners:
            problems.append("deal.rotation deal_winner gives the deal to the player who scored more; with "
                            "partners use next_seat or alternate_team_random_seat")
        if deal.rotation == DealerRotation.alternate_team_random_seat and sides != Sides.partners:
            problems.append("deal.rotation alternate_team_random_seat needs two teams (table.sides partners)")
        return problems

    def _alone_problems(self) -> list[str]:
        """Each for himself at three or four: a taker against each other player, undoubled, on a plain contract."""
        if self.table.sides != Sides.each_for_self or self.table.players <= 2:
            return []
        where = f"table.sides each_for_self with {self.table.players} players"
        problems = []
        if self.bidding.uses_points:
            problems.append(f"{where} has no point bids: bidding.style {self.bidding.style} is not played there; "
                            "use turned_card, contract_ladder or single_call")
        if self.scoring.capot.replaces_card_points:
            problems.append(f"{where} adds the capot bonus to the cards: set scoring.capot.replaces_card_points "
                            "to false")
        if self.scoring.verdict_on == VerdictOn.board_points:
            problems.append(f"{where} judges the contract on the raw totals: set scoring.verdict_on to raw_points")
        return problems

    def _meld_problems(self) -> list[str]:
        """Melds found in tricks are credited to each trick's winner: nothing to compare, announce or hold."""
        decl = self.declarations
        if decl.source != MeldSource.tricks:
            return []
        problems = []
        if decl.contest != ContestScope.none:
            problems.append(
                f"declarations.source tricks credits each trick's melds to the team that wins it, so there is no "
                f"contest between the teams' melds: set declarations.contest to none, not {decl.contest}"
            )
        if decl.belote.enabled and decl.belote.announcement == BeloteAnnouncement.required:
            problems.append(
                "declarations.source tricks finds the king and queen of trumps among a trick's cards, where nobody "
                "announces them: set declarations.belote.announcement to automatic"
            )
        if decl.wins_match_length is not None:
            problems.append(
                f"declarations.wins_match_length {decl.wins_match_length} is a run held in one hand; a trick's "
                "cards are not a hand: set it to null or declarations.source to hand"
            )
        return problems

    def _factor_problems(self) -> list[str]:
        """A contract factor multiplies a contract of the variant, and never a point bid."""
        problems = []
        unplayed = [c for c in self.scoring.contract_factors if c not in self.bidding.contracts]
        if unplayed:
            problems.append(
                f"scoring.contract_factors names {', '.join(unplayed)}, which bidding.contracts does not play; "
                f"contracts played: {', '.join(self.bidding.contracts)}"
            )
        if self.scoring.contract_factors and self.bidding.uses_points:
            problems.append(
                f"scoring.contract_factors multiply the points a point bid is judged on; bidding.style "
                f"{self.bidding.style} bids points: leave contract_factors out"
            )
        return problems

    def _match_end_problems(self) -> list[str]:
        problems = []
        if self.match.deals is not None and self.match.target is not None:
            problems.append(
                f"match.deals {self.match.deals} and match.target {self.match.target} are both set; a match ends "
                "after a fixed number of deals or at a target: set match.target to null for a fixed number of deals"
            )
        elif self.match.target is not None and self.match.target > self.largest_target:
            problems.append(
                f"match.target {self.match.target} is out of reach: a match stops after {engine_max_deals()} deals "
                f"and a deal here may hand out as few as {self.deal_points} match points among "
                f"{self.table.board_sides} sides, so the largest target accepted is {self.largest_target} (a side's "
                "share of a third of those deals)"
            )
        return problems

    @property
    def deal_points(self) -> int:
        """The fewest match points a deal hands out: the card points and last trick of the poorest contract
        played, before any factor or bonus, on the board's scale (tens or points)."""
        tables, ranks = self.cards, self.cards.ranks

        def pack(table: RankTable, suits: int) -> int:
            return suits * sum(table.points.get(rank, 0) for rank in ranks)

        totals = {"suit": pack(tables.trump, 1) + pack(tables.plain, 3), "no_trumps": pack(tables.no_trumps, 4),
                  "all_trumps": pack(tables.all_trumps, 4)}
        fewest = min(totals[contract_kind(c)] for c in self.bidding.contracts) + self.scoring.last_trick
        return fewest // 10 if self.scoring.rounding.unit == RoundingUnit.tens else fewest

    @property
    def largest_target(self) -> int:
        """The largest match.target a match can reach before the engine stops it: every side's share of the
        points of a third of its deals, the rest left for deals everybody passes and points held back."""
        return engine_max_deals() // 3 * self.deal_points // self.table.board_sides


def _section_checks() -> list[tuple[tuple[str, ...], Callable[[Variant], list[str]]]]:
    """Each section's own contradictions, named within the section (``max_level``, not ``bidding.doubles.max_level``)."""
    tables: list[tuple[tuple[str, ...], Callable[[Variant], list[str]]]] = [
        (("cards", kind), lambda v, kind=kind: getattr(v.cards, kind).conflicts())
        for kind in ("trump", "plain", "no_trumps", "all_trumps")]
    return [*tables, (("cards",), lambda v: v.cards.conflicts()),
            (("bidding", "doubles"), lambda v: v.bidding.doubles.ladder_conflicts()),
            (("bidding", "doubles"), lambda v: v.bidding.doubles.name_conflicts()),
            (("bidding", "points"), lambda v: v.bidding.points.conflicts()),
            (("declarations",), lambda v: v.declarations.conflicts())]


# Every check of rules against each other, each a small function of the variant returning its problems.
# They all run, so that every contradiction is told at once; partial.py runs those that read no invalid value.
CHECKS: tuple[tuple[tuple[str, ...], Callable[[Variant], list[str]]], ...] = (
    ((), lambda v: v.deal.seven_exchange_conflicts()),
    ((), lambda v: v.deal.chien_conflicts()),
    ((), lambda v: v.deal.tableau_conflicts()),
    ((), lambda v: v.deal.second_packets_conflicts()),
    *(((), check) for check in (
        Variant._turned_card_problems, Variant._overcall_problems, Variant._doubling_off_problems,
        Variant._ashkal_problems, Variant._ashkal_partner_problems, Variant._contract_name_problems, Variant._schmeiss_seat_problems,
        Variant._schmeiss_bidding_problems, Variant._last_card_problems, Variant._belote_problems,
        Variant._sides_problems, Variant._pack_problems, Variant._dealer_problems, Variant._alone_problems,
        Variant._meld_problems, Variant._factor_problems, Variant._match_end_problems)),
    *_section_checks(),
)
