"""The cards: rank orders and card points for each kind of contract, the pack, the order of sequences."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator

from ...i18n import gettext as _
from ..common import OldKey, Option, PerContract, RankPoints, Ranks, Rule, contract_kind, permutation_problems


class RankTable(Rule):
    """Trick order and card points of one kind of suit."""

    order: Ranks = Field(
        description="Trick-taking order of the eight ranks, strongest first (T is the ten); with the 6 too in a "
        "36-card pack.",
    )
    points: RankPoints = Field(
        description="Card points of each rank; ranks left out are worth 0.",
    )

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


# schieber.md §1 (PAG-DE, SPOT, jass-kit): Undenufe ranks 6 7 8 ... A, the lowest first; the 6 (11) is not in this pack.
UNDENUFE_TABLE = RankTable(
    order=["7", "8", "9", "T", "J", "Q", "K", "A"],
    points={"T": 10, "8": 8, "K": 4, "Q": 3, "J": 2},
)


class CardTables(Rule):
    """Rank order and card points for each contract kind."""

    trump_suit: Annotated[PerContract[RankTable], Option(shown_in=("suit", "all_trumps"), old_keys=(
        OldKey("trump", part="suit"), OldKey("all_trumps", part="all_trumps")))] = Field(
        PerContract(TRUMP_TABLE),
        description="The order and points of a trump suit: the trump of a suit contract, every suit in all-trumps; "
        "the same in every contract or with an override per kind of contract or contract (coinche scales "
        "all-trumps down to J 13, 9 9, A 6 ...).",
    )
    plain_suit: Annotated[PerContract[RankTable], Option(shown_in=("suit", "no_trumps", "undenufe"), old_keys=(
        OldKey("plain", part="suit"), OldKey("no_trumps", part="no_trumps"),
        OldKey("undenufe", part="undenufe", implied_default=UNDENUFE_TABLE.model_dump(mode="json"))))] = Field(
        PerContract(PLAIN_TABLE, {"undenufe": UNDENUFE_TABLE}),
        description="The order and points of a suit that is not trumps: the other suits of a suit contract, every "
        "suit in no-trumps and in undenufe; the same in every contract or with an override per kind of contract or "
        "contract (coinche scores the ace 19 in no-trumps; undenufe, the no-trumps contract of Jass whose order runs "
        "upward, schieber.md §1: the lowest card wins, points 8 8, 10 10, K 4, Q 3, J 2, the ace nothing).",
    )
    sequence_order: Ranks = Field(
        ["7", "8", "9", "T", "J", "Q", "K", "A"],
        description="Natural order used for sequences (declarations), lowest first; the ace is high only.",
    )
    ranks: Ranks = Field(
        ["7", "8", "9", "T", "J", "Q", "K", "A"],
        description="The ranks in the pack, in each of the four suits: all eight make the 32-card pack, "
        "9 T J Q K A the 24-card one (belote a trois), 6 and the eight the 36-card one (Jass, schieber.md §1).",
    )

    def conflicts(self) -> list[str]:
        """The sequence order places every rank (each rank table checks its own order)."""
        return permutation_problems("sequence_order", self.sequence_order)

    @field_validator("ranks")
    @classmethod
    def _pack_ranks(cls, value: list[str]) -> list[str]:
        repeated = sorted({r for r in value if value.count(r) > 1})
        if repeated:
            raise ValueError(_("a rank may appear only once in the pack; repeated: {ranks}").format(
                ranks=" ".join(repeated)))
        if len(value) < 2:
            raise ValueError(_("the pack needs at least two ranks in each suit"))
        return value


# Each rank table a contract plays with, as the rule and the place it is shown in (``cards.trump_suit.suit``).
TABLE_PLACES = (("trump_suit", "suit"), ("plain_suit", "suit"), ("plain_suit", "no_trumps"),
                ("trump_suit", "all_trumps"), ("plain_suit", "undenufe"))


def tables_played(contract: str) -> tuple[tuple[str, str], ...]:
    """The rank tables ``contract`` plays with: a trump and a plain suit's in a suit contract, else one for
    every suit."""
    if contract_kind(contract) == "suit":
        return TABLE_PLACES[:2]
    return (("trump_suit", "all_trumps"),) if contract == "all_trumps" else (("plain_suit", contract),)


def six_problems(cards: CardTables, contracts: list[str]) -> list[str]:
    """A 36-card pack (``cards.ranks`` with the 6) plays only with tables that give the 6 its place: its order in
    each rank table of a contract played, and in the sequence order (schieber.md §1: 6 is the lowest but in
    Undenufe, where it is the highest)."""
    if "6" not in cards.ranks:
        return []
    played = {place for contract in contracts for place in tables_played(contract)}
    missing = [f"cards.{rule}.{where}.order" for rule, where in TABLE_PLACES
               if (rule, where) in played and "6" not in getattr(cards, rule).of(where).order]
    if "6" not in cards.sequence_order:
        missing.append("cards.sequence_order")
    if not missing:
        return []
    return [_("cards.ranks holds the 6 (a 36-card pack), so {places} must place it too").format(
        places=", ".join(missing))]
