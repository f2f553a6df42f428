"""The cards: rank orders and card points for each kind of contract, the pack, the order of sequences."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator

from ...i18n import gettext as _
from .base import Option, RankPoints, Ranks, Rule, permutation_problems
from .bidding import without_contract


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

    trump: RankTable = Field(TRUMP_TABLE, description="The trump suit in a suit contract.")
    plain: RankTable = Field(PLAIN_TABLE, description="The other suits in a suit contract.")
    no_trumps: Annotated[RankTable, Option(unused_when=without_contract("no_trumps"))] = Field(
        PLAIN_TABLE,
        description="Every suit in a no-trumps contract (coinche scores the ace 19 here).",
    )
    all_trumps: Annotated[RankTable, Option(unused_when=without_contract("all_trumps"))] = Field(
        TRUMP_TABLE,
        description="Every suit in an all-trumps contract (coinche scales it down to J 13, 9 9, A 6 ...).",
    )
    undenufe: Annotated[RankTable, Option(unused_when=without_contract("undenufe"))] = Field(
        UNDENUFE_TABLE,
        description="Every suit in undenufe, the no-trumps contract whose order runs upward (Jass, schieber.md §1: "
        "the lowest card wins; points 8 8, 10 10, K 4, Q 3, J 2, the ace nothing).",
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


# Which rank table each contract plays with: a 36-card pack needs the 6 placed in each table it plays.
TABLES_OF = {"no_trumps": ("no_trumps",), "all_trumps": ("all_trumps",), "undenufe": ("undenufe",)}


def six_problems(cards: CardTables, contracts: list[str]) -> list[str]:
    """A 36-card pack (``cards.ranks`` with the 6) plays only with tables that give the 6 its place: its order in
    each rank table of a contract played, and in the sequence order (schieber.md §1: 6 is the lowest but in
    Undenufe, where it is the highest)."""
    if "6" not in cards.ranks:
        return []
    names = {name for contract in contracts for name in TABLES_OF.get(contract, ("trump", "plain"))}
    missing = [f"cards.{name}.order" for name in ("trump", "plain", "no_trumps", "all_trumps", "undenufe")
               if name in names and "6" not in getattr(cards, name).order]
    if "6" not in cards.sequence_order:
        missing.append("cards.sequence_order")
    if not missing:
        return []
    return [_("cards.ranks holds the 6 (a 36-card pack), so {places} must place it too").format(
        places=", ".join(missing))]
