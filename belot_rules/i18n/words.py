"""The table's words in the current language: suits, ranks, contracts, calls, declarations and results.

These are the words players say at the table ("купа", "sans atout", "roem", "هاص"), so each is looked up
with its context (:func:`~belot_rules.i18n.pgettext`): "pass" the call is not "pass" the verb of a menu.
The code names things by index or key; this module is the one place that turns them into words.
"""

from __future__ import annotations

from . import ngettext, pgettext


def suit_names() -> tuple[str, str, str, str]:
    """Clubs, diamonds, hearts, spades (the order of ``cards.SUITS``)."""
    return (pgettext("suit", "clubs"), pgettext("suit", "diamonds"),
            pgettext("suit", "hearts"), pgettext("suit", "spades"))


def rank_names() -> dict[str, str]:
    """Each rank's name by its letter in ``cards.RANKS`` (and 6, for 36-card packs)."""
    return {
        "6": pgettext("rank", "six"), "7": pgettext("rank", "seven"), "8": pgettext("rank", "eight"),
        "9": pgettext("rank", "nine"), "T": pgettext("rank", "ten"), "J": pgettext("rank", "jack"),
        "Q": pgettext("rank", "queen"), "K": pgettext("rank", "king"), "A": pgettext("rank", "ace"),
    }


def rank_letters() -> dict[str, str]:
    """The letter a card's corner shows for each court card and the ace (the number cards keep their digits)."""
    return {
        # Translators: one letter (or a short sign) on the card's corner for the jack.
        "J": pgettext("rank letter", "J"),
        "Q": pgettext("rank letter", "Q"),
        "K": pgettext("rank letter", "K"),
        "A": pgettext("rank letter", "A"),
    }


def contract_names() -> dict[str, str]:
    """The contracts without a trump suit (a trump contract is named by its suit)."""
    return {"no_trumps": pgettext("contract", "no trumps"), "all_trumps": pgettext("contract", "all trumps")}


def contract_word(key: str) -> str:
    """A contract by its key (``hearts``, ``no_trumps``): a trump contract by its suit's name."""
    suits = dict(zip(("clubs", "diamonds", "hearts", "spades"), suit_names()))
    return suits.get(key) or contract_names().get(key, key.replace("_", " "))


def call_names() -> dict[str, str]:
    """The calls of an auction other than contracts, by their key in ``rules/bidding/calls.py``."""
    return {
        "pass": pgettext("call", "pass"),
        "double": pgettext("call", "double"),
        "redouble": pgettext("call", "redouble"),
        "contra": pgettext("call", "contra"),
        "recontra": pgettext("call", "recontra"),
        "capot": pgettext("call", "capot"),
    }


def declaration_names() -> dict[str, str]:
    """Declarations by their key in ``rules/declarations/melds.py``: runs by length, four of a kind, the king and
    queen of trumps."""
    return {
        "tierce": pgettext("declaration", "tierce"),
        "quarte": pgettext("declaration", "quarte"),
        "quint": pgettext("declaration", "quint"),
        "quad": pgettext("declaration", "four of a kind"),
        "belote": pgettext("declaration", "belote"),
    }


def verdict_word(verdict: str) -> str:
    """A deal's verdict (``made``, ``failed``, ``hanging``, ``litige``: ``DealScore.verdict``) in the language."""
    said = {"made": pgettext("verdict", "made"), "failed": pgettext("verdict", "failed"),
            "hanging": pgettext("verdict", "hanging"), "litige": pgettext("verdict", "litige")}
    return said.get(verdict, verdict)


def points(count: int) -> str:
    """``23 points``, in the plural form the language gives ``count`` (Russian: 1 очко, 2 очка, 5 очков)."""
    return ngettext("{count} point", "{count} points", count).format(count=count)


def level_name(level: str) -> str:
    """A level of play by its key in ``players/levels.py`` (easy, normal, hard, expert)."""
    names = {"easy": pgettext("level", "easy"), "normal": pgettext("level", "normal"),
             "hard": pgettext("level", "hard"), "expert": pgettext("level", "expert")}
    return names.get(level, level)


def speed_name(speed: str) -> str:
    """The bots' speed by its key in ``cli/game/controller.py`` (slow, normal, fast, instant)."""
    names = {"slow": pgettext("speed", "slow"), "normal": pgettext("speed", "normal"),
             "fast": pgettext("speed", "fast"), "instant": pgettext("speed", "instant")}
    return names.get(speed, speed)


def side_nouns() -> dict[str, str]:
    """What a side of the table is called in the rules' explanations (``only the team's best declaration scores``)."""
    return {"team": pgettext("side", "team"), "player": pgettext("side", "player"), "side": pgettext("side", "side")}
