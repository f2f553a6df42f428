"""What scoring a deal gives: the raw and match points, the verdict and the explanation.

A :class:`DealScore` is built once per deal by the scoring strategies of this package and read
by the engine, records, the game and the simulator. Its explanation is kept as templates and
values, formatted only when read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from ...i18n import N_
from .rounding import Rounder

if TYPE_CHECKING:
    from ...variant.model import Variant

MADE, FAILED, HANGING, LITIGE = "made", "failed", "hanging", "litige"
SPLIT, ALL, TIE, POT, HALF = "split", "all", "tie", "pot", "half"  # how a verdict is scored

Note = tuple[str, tuple[Any, ...]]  # a line of the explanation: a str.format template and its values


class ScoreParts(NamedTuple):
    """What one side's raw total is made of; the five parts add up to its ``raw_points``.

    ``cards`` and ``last_trick`` are after the no-trumps factor; ``declarations`` are the
    sequences and quads that count for the team after the contest and a capot's rules;
    ``bonus`` is the capot bonus.
    """

    cards: int
    last_trick: int
    declarations: int
    belote: int
    bonus: int


class DealScore(NamedTuple):
    """The result of one deal: raw totals, what goes on the board, what waits, and why.

    The explanation is kept as templates and values and formatted only when ``lines`` is
    read, so scoring a simulated deal costs no string formatting. A named tuple, not a frozen
    dataclass: it is as immutable and several times cheaper to build, once per deal.
    """

    raw_points: tuple[int, ...]  # per side: cards, last trick, NT factor, capot, declarations, belotes
    match_points: tuple[int, ...]  # per side: added to the board, including a reserve this deal collects
    hanging_out: int  # reserve left for a later deal, in board units
    verdict: str  # made / failed / hanging / litige
    contract_team: int  # the takers' side on the board
    multiplier: int
    capot_team: int | None  # the side that took every trick
    belote_only: tuple[bool, ...] = (False, False)  # a side whose points this deal are its belote alone
    notes: Sequence[Note] = ()  # a tuple, or an Explanation the pipeline writes when it is first read
    parts: tuple[ScoreParts, ...] = ()  # per side: what its raw total is made of
    match_winner: int | None = None  # a side this deal makes win the match at once (a game-winning declaration)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self) if name not in ("notes", "parts"))
        return f"DealScore({shown})"

    @property
    def lines(self) -> tuple[str, ...]:
        """The explanation, one sentence per line, as a person at the table would check it."""
        return tuple(text.format(*values) for text, values in self.notes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``belot score --json`` prints and records store)."""
        return {
            "raw_points": list(self.raw_points),
            "match_points": list(self.match_points),
            "hanging_out": self.hanging_out,
            "verdict": self.verdict,
            "contract_team": self.contract_team,
            "multiplier": self.multiplier,
            "capot_team": self.capot_team,
            "lines": list(self.lines),
        } | ({} if self.match_winner is None else {"match_winner": self.match_winner})


class Explanation(Sequence[Note]):
    """A score's explanation written when it is first read: the kernel scores a deal's numbers alone
    (rules/scoring/kernel_scoring.py) and simulations never read the notes, which ``write`` (the pipeline,
    for the same deal) makes on demand. It reads, compares and pickles as the tuple of those notes."""

    __slots__ = ("_write", "_notes")

    def __init__(self, write: Callable[[], Sequence[Note]]) -> None:
        self._write: Callable[[], Sequence[Note]] | None = write
        self._notes: tuple[Note, ...] = ()

    def _read(self) -> tuple[Note, ...]:
        if self._write is not None:
            self._notes, self._write = tuple(self._write()), None
        return self._notes

    @overload
    def __getitem__(self, index: int) -> Note: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Note, ...]: ...

    def __getitem__(self, index: int | slice) -> Note | tuple[Note, ...]:
        return self._read()[index]

    def __len__(self) -> int:
        return len(self._read())

    def __iter__(self) -> Iterator[Note]:
        return iter(self._read())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and not isinstance(other, str) and self._read() == tuple(other)

    def __hash__(self) -> int:
        return hash(self._read())

    def __reduce__(self) -> tuple[type[tuple[Note, ...]], tuple[tuple[Note, ...]]]:
        return tuple, (self._read(),)

    def __repr__(self) -> str:
        return repr(self._read())


def decided_by_doubling(score: DealScore, variant: Variant, contract: str, level: int, defenders: tuple[int, ...],
                        side_name: Callable[[int], str]) -> DealScore:
    """``score`` of a deal doubled to ``level``, the level that decides the match (Baloot's gahwa, baloot.md §4):
    the winner of the deal, the takers when their contract is made and the defenders when it fails
    (else the side with the most points), wins the match. ``defenders`` are the board's sides of the
    defence; the variant's checks allow such a level only where the defence is one side.

    With ``scoring.match_winning_points`` the winner writes those points and the other side none, each
    side adding its belote where the double does not multiply it (baloot.md §7.4: 152, then 2 per Baloot)."""
    team: int | None = score.contract_team
    if score.verdict == FAILED:
        (team,) = defenders
    elif score.verdict != MADE:
        points = score.match_points
        best = max(points)
        team = points.index(best) if points.count(best) == 1 else None
    if team is None:
        return score
    level_name = variant.bidding.doubles.names[level - 1]
    notes = (*score.notes, (N_("{} was called: {} wins the deal and with it the match"),
                            (level_name.capitalize(), side_name(team))))
    fixed = variant.scoring.match_winning_points
    if fixed is None:
        return score._replace(match_winner=team, notes=notes)
    belotes = _undoubled_belotes(score, variant, contract)
    board = tuple(belote + (fixed if side == team else 0) for side, belote in enumerate(belotes))
    notes += ((N_("{} writes {} in place of the multiplied points, the other side nothing{}: {}"),
               (side_name(team).capitalize(), fixed, N_("; each side adds its belote, not multiplied") if any(belotes) else "",
                Each((tuple(map(side_name, range(len(board)))), board)))),)
    return score._replace(match_points=board, match_winner=team, notes=notes,
                          belote_only=tuple(side != team and belote > 0 for side, belote in enumerate(belotes)))


def _undoubled_belotes(score: DealScore, variant: Variant, contract: str) -> tuple[int, ...]:
    """Each side's belote on the board where no double multiplies it (``belote.multiplied_by_double: false``), else 0."""
    if variant.declarations.belote.multiplied_by_double or not score.parts:
        return (0,) * len(score.match_points)
    rounding = variant.scoring.rounding
    rounder = Rounder.build(rounding.totals.of(contract), rounding)
    return tuple(rounder.round(part.belote) for part in score.parts)


class Terms(tuple[tuple[str, int], ...]):
    """Named parts of a sum, written ``cards 162 + belote 20`` only when the line is read."""

    def __str__(self) -> str:
        return " + ".join(f"{name} {value}" for name, value in self if value)


class Each(tuple[Any, ...]):
    """One number per camp or player, written ``player 0 52, player 1 60`` only when the line is read."""

    def __str__(self) -> str:
        names, values = self
        return ", ".join(f"{name} {value}" for name, value in zip(names, values))


class Rounded(tuple[Any, ...]):
    """Totals and their rounding per camp, written ``team 0 82 → 8, team 1 80 → 8`` only when the line is read."""

    def __str__(self) -> str:
        names, totals, points = self
        return ", ".join(f"{name} {total} → {point}" for name, total, point in zip(names, totals, points))


def share_out(total: int, weights: list[int]) -> list[int]:
    """``total`` divided in proportion to ``weights`` (largest remainders, ties to the earlier)."""
    whole = sum(weights)
    shares = [total * w // whole for w in weights]
    by_remainder = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in by_remainder[:total - sum(shares)]:
        shares[i] += 1
    return shares
