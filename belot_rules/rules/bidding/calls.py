"""The calls of an auction and its state, shared by every bidding style (:mod:`.bidding`).

Calls are :class:`Call` values whose text form (``pass``, ``hearts``, ``90 spades``,
``capot hearts``, ``double``, ``redouble``, ``schmeiss``, ``accept``, ``refuse``) is what
records store and what players type. An :class:`Auction` is a small mutable record so that a
deal state can copy it cheaply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...copies import field_copier
from ...errors import UserError
from ...files import excerpt
from ...i18n import N_
from ...variant.model import CONCEALED, CONTRACTS
from ..said import Said

CAPOT = 10_000  # the value of a capot bid: above every numeric bid


class IllegalCall(UserError):
    """A call that the rules do not allow at this point of the auction."""


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction."""

    kind: str  # pass / bid / ashkal / double / redouble / schmeiss / accept / refuse / redeal / push
    contract: str | None = None  # a bid's contract; a later round's schmeiss names one too
    points: int | None = None  # point bids only; CAPOT for a capot bid

    def __str__(self) -> str:
        if self.kind != "bid":
            return self.kind if self.contract is None else f"{self.kind} {self.contract}"
        if self.points is None:
            return str(self.contract)
        value = "capot" if self.points == CAPOT else str(self.points)
        return value if self.contract == CONCEALED else f"{value} {self.contract}"

    @classmethod
    def parse(cls, text: str) -> Call:
        """Parse the text form; ``contra``/``coinche`` are accepted for double, ``surcoinche`` for redouble."""
        words = str(text).strip().lower().replace("-", "_").split()
        if not words:
            raise IllegalCall("an empty call; say pass, a contract, double or redouble")
        aliases = {"contra": "double", "coinche": "double", "contre": "double", "recontra": "redouble",
                   "surcoinche": "redouble", "surcontre": "redouble", "p": "pass", "kawesh": "redeal",
                   "schiebe": "push"}
        head = aliases.get(words[0], words[0])
        if len(words) == 1 and head in ("pass", "double", "redouble", "ashkal", "schmeiss", "accept", "refuse",
                                        "redeal", "push"):
            return cls(head)
        if len(words) == 1 and head in CONTRACTS:
            return cls("bid", head)
        if len(words) == 1 and head.isascii() and head.isdecimal() and len(head) <= 6:
            return cls("bid", CONCEALED, int(head))  # a bid of points alone: the trump is chosen face down after
        if len(words) == 2 and words[1] in CONTRACTS:
            if head == "capot":
                return cls("bid", words[1], CAPOT)
            if head == "schmeiss":
                return cls("schmeiss", words[1])
            if head.isascii() and head.isdecimal() and len(head) <= 6:
                return cls("bid", words[1], int(head))
        raise IllegalCall(
            f"{excerpt(str(text))} is not a call; calls are pass, double, redouble, ashkal, schmeiss, accept, "
            f"refuse, redeal, push, a contract ({', '.join(CONTRACTS)}), points and a contract like '90 hearts' or 'capot spades', "
            "or points alone like '20' where the trump is chosen face down"
        )


def summarize(calls: Sequence[Call]) -> str:
    """The calls as a short list: point bids are folded into their range (coinche has ~50 of them)."""
    points = [c for c in calls if c.kind == "bid" and c.points is not None]
    if len(points) <= 6:
        return ", ".join(map(str, calls))
    contracts = [c for c in dict.fromkeys(str(c.contract) for c in points) if c != CONCEALED]
    where = f", in {' / '.join(contracts)}" if contracts else ""
    folded = f"{point_bids_in_words(points)}{where} (like '{points[0]}')"
    others = [str(c) for c in calls if c not in points]
    return ", ".join(others[:1] + [folded] + others[1:])


def point_range(bids: list[Call]) -> tuple[list[int], int | None, bool]:
    """The numbers of ``bids`` in order, their step (None if uneven or a single one), and whether capot is among them."""
    values = {c.points for c in bids if c.points is not None}
    numeric = sorted(v for v in values if v != CAPOT)
    steps = {b - a for a, b in zip(numeric, numeric[1:])}
    return numeric, steps.pop() if len(steps) == 1 else None, CAPOT in values


def point_bids_in_words(bids: list[Call], rule: bool = False) -> str:
    """``a bid of 80 to 160 in tens, or capot``; as a ``rule``: ``bids go in tens from 80 to 160, or capot``."""
    return str(point_bids_said(bids, rule))


def point_bids_said(bids: list[Call], rule: bool = False) -> Said:
    """:func:`point_bids_in_words` as templates and values, which a view says in the player's words."""
    numeric, step, capot = point_range(bids)
    if not numeric:
        return Said(N_("only capot") if capot else N_("no point bid"))
    span = Said("{}", (numeric[0],)) if len(numeric) == 1 else Said(N_("{} to {}"), (numeric[0], numeric[-1]))
    if step is None:
        said = Said(N_("bids go from {}"), (span,)) if rule else Said(N_("a bid of {}"), (span,))
    elif step == 10:
        said = Said(N_("bids go in tens from {}"), (span,)) if rule else Said(N_("a bid of {} in tens"), (span,))
    else:
        said = (Said(N_("bids go in steps of {} from {}"), (step, span)) if rule
                else Said(N_("a bid of {} in steps of {}"), (span, step)))
    return Said(N_("{}, or capot"), (said,)) if capot else said


PASS = Call("pass")
DOUBLE = Call("double")
REDOUBLE = Call("redouble")
ASHKAL = Call("ashkal")
SCHMEISS = Call("schmeiss")  # in round 1, on the turned suit
ANSWERS = (Call("accept"), Call("refuse"))  # to a schmeiss
PUSH = Call("push")  # the choice of contract goes to the partner (bidding.style push, Schieber Jass)
REDEAL = Call("redeal")  # a hand too poor to play voids the deal (deal.redeal_claim, Baloot's kawesh)
NO_DOUBLE = Call("no_double")  # how a table words a pass of a doubling round after the bidding (never a legal call)


@dataclass(slots=True)
class Auction:
    """The state of one auction; copied with the deal state.

    ``board`` is the match score before the deal, for doubles allowed only to a team that is
    behind; ``doubling`` is set once the bidding has ended and a doubling round follows it,
    where ``skip`` passes over the seats whose team may not raise.
    """

    first_seat: int
    players: int
    turned_suit: int = -1
    calls: list[tuple[int, Call]] = field(default_factory=list)
    contract: str | None = None
    points: int | None = None
    declarer: int = -1
    level: int = 0  # 0 none, 1 contra, 2 recontra, 3 ...
    passes: int = 0  # consecutive passes
    finished: bool = False
    turned_rank: int = -1  # natural rank index (0 is the 7) of the turned card
    board: tuple[int, ...] = (0, 0)  # per side
    doubling: bool = False
    skip: int = 0
    may_redeal: int = 0  # the seats (a bit each) whose first cards let them claim a redeal (rules/deal/redeal.py)
    doubling_from: int = -1  # the calls made before the doubling round opened (doubles.after_bidding), or -1

    @property
    def to_act(self) -> int:
        return (self.first_seat + len(self.calls) + self.skip) % self.players

    def copy(self) -> Auction:
        return _copy_auction(self)

    def caller(self) -> int:
        """The seat that called the standing contract (an ashkal's caller is not its declarer)."""
        for seat, call in reversed(self.calls):
            if call.kind in ("bid", "ashkal"):
                return seat
        return -1


_copy_auction = field_copier(Auction, {"calls": list})
