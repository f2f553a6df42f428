"""Levels of play for a person at the table: easy, normal, hard and expert, each a bot of the registry.

A level is only a name for a bot kind, so a game stores its seats' bot names and its
level follows from them (:func:`level_of`); front ends offer :data:`LEVELS` in order,
build opponents with :func:`level_player` and show :attr:`Level.title`.

- easy: ``easy``, the heuristic bot that plays a random legal card a third of the time;
- normal: ``heuristic``, rule-of-thumb bidding and card play (answers in well under 50 ms);
- hard: ``search``, Monte-Carlo search over deals that fit what it has seen (a median of 10-70 ms a move,
  calls the longest, on one core);
- expert: ``expert``, the same deals, fitted also to the opponents' cards, solved double-dummy and played out by the
  normal bot for each card (its calls are hard's).

Each level may carry its measured strength (:class:`Strength`): card points per deal against the
level below in duplicate card play, with the 95% interval over the deal pairs, each with the command
that measures it again (:attr:`Strength.command`): the same seed plays the same deal pairs. The four
levels' ratings (:data:`RATINGS`) come from one ``belot tournament`` of them a variant, so they place
every level on one scale, and the game's level menu shows them beside each level.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UserError
from ..i18n import N_, gettext as _
from ..i18n.words import level_name
from ..ruleset import Ruleset
from . import make_player
from .base import Player


@dataclass(frozen=True, slots=True)
class Strength:
    """Card points per deal a level took over ``against`` in duplicate deals (the same cards and contract, the
    seats swapped), the 95% interval over the deal pairs, and how many pairs were played."""

    variant: str
    against: str
    points: float
    low: float
    high: float
    pairs: int

    def __str__(self) -> str:
        return (f"{self.points:+.1f} ({self.low:+.1f} to {self.high:+.1f}) card points a deal against {self.against} "
                f"in {self.variant}, {self.pairs} deal pairs")

    @property
    def command(self) -> str:
        """The command that plays these deal pairs again (``benchmarks/strength.py`` in the source tree)."""
        bots = "expert:search" if self.against == "hard" else "search:heuristic"
        return (f"python benchmarks/strength.py --variants {self.variant} --pairings {bots} --pairs {self.pairs} "
                f"--seed 1")


@dataclass(frozen=True, slots=True)
class Rating:
    """A level's rating in a variant from the tournament of the four levels (``belot tournament``, card play in
    duplicate, the heuristic bidder calling for every seat): Bradley-Terry on deal pairs won, on the Elo scale with
    the four levels' mean at 0 (400 points apart: 10-to-1 odds of winning a deal pair), and its 95% interval."""

    variant: str
    level: str
    rating: int
    low: int
    high: int

    def __str__(self) -> str:
        return f"{self.rating:+d} ({self.low:+d} to {self.high:+d})"


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its name, the bot kind that plays it, a line saying how it plays, and what it measured."""

    name: str
    bot: str
    description: str  # in English, marked for the catalogues: said with ``gettext`` where it is shown
    strength: tuple[Strength, ...] = ()

    @property
    def title(self) -> str:
        """The level's name in the player's language, as a menu or a title shows it."""
        return level_name(self.name).capitalize()

    @property
    def measured(self) -> str:
        """The level's measured strength, variant by variant, in a line ("" where none was measured)."""
        if not self.strength:
            return ""
        runs = ", ".join(_("{points} in {variant} ({low} to {high}, {pairs} pairs)").format(
            points=f"{s.points:+.1f}", variant=s.variant, low=f"{s.low:+.1f}", high=f"{s.high:+.1f}", pairs=s.pairs)
            for s in self.strength)
        return _("card points a deal over {level}: {runs}").format(level=level_name(self.strength[0].against),
                                                                    runs=runs)


LEVELS: tuple[Level, ...] = (
    Level("easy", "easy", N_("plays a random legal card a third of the time, otherwise like normal")),
    Level("normal", "heuristic", N_("bids from hand strength and plays by rules of thumb from the cards it has seen")),
    Level("hard", "search", N_("samples the deals that fit what it has seen and plays each card out in them"),
          (Strength("bulgarian", "normal", 10.3, 7.8, 12.8, 500), Strength("french", "normal", 11.5, 9.6, 13.3, 500),
           Strength("coinche", "normal", 9.3, 7.4, 11.2, 500),
           Strength("klaverjas-amsterdam", "normal", 4.5, 2.1, 6.8, 300), Strength("baloot", "normal", 12.5, 9.0, 16.1, 300))),
    Level("expert", "expert", N_("solves the deals that fit what it has seen with every card in view, for each card"),
          (Strength("bulgarian", "hard", 6.3, 4.0, 8.7, 500), Strength("french", "hard", 5.0, 3.2, 6.8, 500),
           Strength("coinche", "hard", 8.3, 6.4, 10.2, 500), Strength("klaverjas-amsterdam", "hard", 3.8, 1.4, 6.2, 300))),
)
DEFAULT_LEVEL = "normal"
_BY_NAME = {level.name: level for level in LEVELS}


TOURNAMENT_PAIRS = 100  # deal pairs each pair of levels played in the tournaments behind RATINGS
RATINGS: tuple[Rating, ...] = (  # belot tournament --bots easy,heuristic,search,expert --deals 100 --seed 1
    Rating("bulgarian", "easy", -140, -174, -106), Rating("bulgarian", "normal", -44, -75, -13),
    Rating("bulgarian", "hard", 78, 46, 110), Rating("bulgarian", "expert", 106, 74, 139),
    Rating("french", "easy", -114, -146, -81), Rating("french", "normal", -44, -75, -13),
    Rating("french", "hard", 41, 10, 72), Rating("french", "expert", 117, 84, 150),
    Rating("coinche", "easy", -148, -183, -114), Rating("coinche", "normal", -57, -89, -25),
    Rating("coinche", "hard", 65, 33, 97), Rating("coinche", "expert", 140, 106, 174),
    Rating("klaverjas-amsterdam", "easy", -147, -182, -112), Rating("klaverjas-amsterdam", "normal", -55, -87, -23),
    Rating("klaverjas-amsterdam", "hard", 97, 64, 129), Rating("klaverjas-amsterdam", "expert", 106, 73, 138),
    Rating("baloot", "easy", -152, -188, -118), Rating("baloot", "normal", -52, -84, -20),
    Rating("baloot", "hard", 68, 36, 100), Rating("baloot", "expert", 136, 102, 170),
)


def tournament_command(variant: str) -> str:
    """The command that plays the tournament behind ``variant``'s ratings again (the same seed, the same deals)."""
    bots = ",".join(lv.bot for lv in LEVELS)
    return f"belot tournament --variant {variant} --bots {bots} --deals {TOURNAMENT_PAIRS} --seed 1"


def ratings_in(variant: str) -> dict[str, Rating]:
    """The levels' ratings in ``variant`` by level name (empty where no tournament was played in it)."""
    return {r.level: r for r in RATINGS if r.variant == variant}


def level_question(variant: str, current: Level | None) -> str:
    """What the menu says above the levels: the bots' level now and what the ratings are."""
    playing = (_("The bots play at {level}.").format(level=current.title) if current is not None
               else _("The bots are of several levels (--seats)."))
    if ratings_in(variant):
        return playing + "\n" + _("Each level's rating in {variant}, with its 95% interval, from a tournament of the "
                                  "four (400 points apart: 10-to-1 odds of winning a deal pair):").format(
            variant=variant)
    return playing + "\n" + _("The levels were rated in other variants: docs/playing.md.")


def level_menu_line(lv: Level, variant: str) -> str:
    """The level as a menu offers it: its name, its rating in ``variant`` where one was measured, how it plays."""
    rating = ratings_in(variant).get(lv.name)
    if rating is None:
        return _("{level}: {description}").format(level=lv.title, description=_(lv.description))
    return _("{level}, rating {rating}: {description}").format(level=lv.title, rating=rating,
                                                                description=_(lv.description))


def level(name: str) -> Level:
    """The level called ``name``; a :class:`UserError` names the levels otherwise."""
    try:
        return _BY_NAME[name.strip().lower()]
    except KeyError:
        raise UserError(f"no level called {name[:40]!r}; levels: {', '.join(_BY_NAME)}") from None


def level_player(name: str, ruleset: Ruleset, seed: int | None = None) -> Player:
    """A new opponent playing at level ``name`` under ``ruleset``."""
    return make_player(level(name).bot, ruleset, seed)


def level_of(bots: tuple[str, ...] | list[str]) -> Level | None:
    """The level every one of ``bots`` plays at, or None for a mix or a bot outside the levels."""
    found = {level.bot: level for level in LEVELS}
    levels = {found.get(bot) for bot in bots}
    return levels.pop() if len(levels) == 1 else None
