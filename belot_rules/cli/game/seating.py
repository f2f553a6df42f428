"""Who sits where: the seats' players, their names at the table, and the bots' choices.

Seats are numbered in play order. A person reads the table from their own chair, so
the names are relative to the human seat (You, Right, Partner, Left, mirrored when the
variant plays clockwise); a table of bots is named by compass points. A bot is built
afresh for every decision with a seed derived from the match seed and the position, so a
resumed game makes exactly the choices the interrupted one would have made.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from ...engine.actions import Action
from ...engine.deal import DealState
from ...errors import UserError
from ...i18n import pgettext
from ...players import REGISTRY, check_player, make_player
from ...players.levels import Level, level_of
from ...ruleset import Ruleset

HUMAN = "you"
PERSON = "human"  # a seat of a hosted table that a person plays (belot host --seats)
DEFAULT_BOT = "heuristic"
DEFAULT_SEATS = (HUMAN, DEFAULT_BOT, DEFAULT_BOT, DEFAULT_BOT)

# Names by offset from the reference seat, for counter-clockwise play (seat + 1 sits on the right), by table size.
RELATIVE = {4: ("You", "Right", "Partner", "Left"), 3: ("You", "Right", "Left"), 2: ("You", "Opponent")}
COMPASS = {4: ("South", "East", "North", "West"), 3: ("South", "East", "West"), 2: ("South", "North")}


def seat_word(name: str) -> str:
    """A seat's English name (a key of :data:`RELATIVE` or :data:`COMPASS`) in the language the game speaks."""
    words = {"You": pgettext("seat", "You"), "Right": pgettext("seat", "Right"),
             "Partner": pgettext("seat", "Partner"), "Left": pgettext("seat", "Left"),
             "Across": pgettext("seat", "Across"),
             "Opponent": pgettext("seat", "Opponent"), "South": pgettext("seat", "South"),
             "East": pgettext("seat", "East"), "North": pgettext("seat", "North"), "West": pgettext("seat", "West")}
    return words[name]


def default_seats(players: int, bot: str = DEFAULT_BOT) -> tuple[str, ...]:
    """You, then ``bot`` in every other seat."""
    return (HUMAN,) + (bot,) * (players - 1)


def parse_seats(text: str) -> tuple[str, ...]:
    """The seats of ``--seats`` (``you`` or a bot's name each), in play order: two to four of them."""
    seats = tuple(_seat(part.strip()) for part in text.split(","))
    if not 2 <= len(seats) <= 4:
        raise UserError(f"--seats takes one comma-separated player per seat, like {','.join(DEFAULT_SEATS)}")
    for seat in seats:
        if seat != HUMAN:
            try:
                check_player(seat)
            except UserError as err:
                raise UserError(f"--seats: {err}; or {HUMAN}") from None
    if seats.count(HUMAN) > 1:
        raise UserError("--seats: only one seat can be you")
    return seats


def _seat(text: str) -> str:
    """A seat's player: names in lower case, an outside bot's file made absolute, its module as given."""
    lower = text.lower()
    if lower == HUMAN or lower in REGISTRY:
        return lower
    where, colon, name = text.rpartition(":")
    if colon and where.endswith(".py"):  # the saved game resumes from any folder
        return f"{Path(where).expanduser().resolve()}:{name}"
    return text


@dataclass(frozen=True)
class Seating:
    """The players of the seats and how the table names seats and teams (or players, without partners)."""

    players: tuple[str, ...]
    side_of: tuple[int, ...]  # the board's side of each seat, from the compiled table
    clockwise: bool = False

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def partners(self) -> bool:
        return len(set(self.side_of)) < self.count

    @property
    def human(self) -> int | None:
        """The human's seat, or None when four bots play."""
        return self.players.index(HUMAN) if HUMAN in self.players else None

    @property
    def level(self) -> Level | None:
        """The level the bots play at, when they all play one (see :mod:`belot_rules.players.levels`)."""
        return level_of([p for p in self.players if p != HUMAN])

    @property
    def reference(self) -> int:
        """The seat drawn at the bottom of the table."""
        return self.human if self.human is not None else 0

    def offset(self, seat: int) -> int:
        """0 bottom, 1 right, 2 top, 3 left: where ``seat`` sits as seen from the reference seat."""
        count = self.count
        step = (seat - self.reference) % count
        return (count - step) % count if self.clockwise else step

    def name(self, seat: int) -> str:
        """The seat's name at this table, in the language the game speaks (``You``, ``Partner``, ``East`` ...)."""
        names = RELATIVE if self.human is not None else COMPASS
        word = names[self.count][self.offset(seat)]
        return seat_word("Across" if word == "Partner" and not self.partners else word)  # four each for himself

    def team_name(self, team: int) -> str:
        """``Us`` / ``Them`` for a person; the compass pairs for a table of bots (South is seat 0).
        Without partners a side is one player, named as its seat."""
        if not self.partners:
            return self.name(team)
        if self.human is not None:
            return pgettext("team", "Us") if team == self.side_of[self.human] else pgettext("team", "Them")
        return (pgettext("team", "North-South"), pgettext("team", "East-West"))[team]

    def team_phrase(self, team: int, start: bool = False) -> str:
        """The team in a sentence (``start``: at its start): ``your team`` / ``their team``, or the compass pair."""
        if not self.partners:
            name = self.name(team)
            return name if start or self.human != team else name.lower()
        if self.human is None:
            return self.team_name(team)
        if team == self.side_of[self.human]:
            return pgettext("team", "Your team") if start else pgettext("team", "your team")
        return pgettext("team", "Their team") if start else pgettext("team", "their team")

    def teams_in_order(self) -> tuple[int, ...]:
        """The reference seat's team (or the reference player) first."""
        if not self.partners:
            return tuple((self.reference + k) % self.count for k in range(self.count))
        own = self.side_of[self.reference]
        return own, 1 - own


def decision_seed(seed: int, deal_number: int, action_number: int) -> int:
    """A seed for one decision, from the match seed and where the match stands."""
    digest = hashlib.blake2b(f"{seed}:{deal_number}:{action_number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def bot_choice(kind: str, ruleset: Ruleset, deal: DealState, seed: int) -> Action:
    """What a fresh bot of ``kind``, seeded with ``seed``, does for the seat to act in ``deal``."""
    seat = deal.to_act
    return make_player(kind, ruleset, seed).choose(deal.view(seat), deal.legal_actions())
