"""A deal's explanation in the player's language.

The scoring (``rules/scoring``) keeps each line of a deal's explanation as an English template and its values,
the templates marked for the catalogues where they are written. English reads them as ``DealScore.lines`` does;
another language translates each template here, and each value that is words: a nested sentence (a cancelled
declaration's reason), a declaration, a rounding rule, a contract, a doubling, the parts of a total. Seat and team
numbers stay as the templates write them (``seat 2``, ``team 0``) for the table's :meth:`Renderer.words`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...cards import RANK_CHARS, card_index
from ...i18n import SOURCE, current, gettext as _, pgettext, words
from ...rules.declarations.melds import BELOTE, QUAD, SEQUENCE, SEQUENCE_NAMES, Declaration
from ...rules.said import Listed, Reason, Said
from ...rules.scoring.result import DealScore, Each, Rounded, Terms
from ...rules.scoring.rounding import Rounder
from ...variant.model import CONTRACTS, Variant
from .look import Look


def explanation(score: DealScore, meld: Callable[[Declaration], str], contract: Callable[[str], str]) -> list[str]:
    """The lines of ``score``'s explanation in the current language (``meld`` and ``contract``: how the table
    names a declaration and a contract)."""
    if current() == SOURCE:
        return list(score.lines)
    return [explained(note, meld, contract) for note in score.notes]


def explained(note: tuple[str, tuple[Any, ...]], meld: Callable[[Declaration], str],
              contract: Callable[[str], str]) -> str:
    """One sentence: its template translated, its values in the same words."""
    text, values = note
    return _(text).format(*(_said(value, meld, contract) for value in values))


def _said(value: object, meld: Callable[[Declaration], str], contract: Callable[[str], str]) -> str:
    if isinstance(value, Said):
        return explained(value, meld, contract)
    if isinstance(value, Declaration):
        return meld(value)
    if isinstance(value, Rounder):
        return explained(value.board, meld, contract)
    if isinstance(value, Listed):
        return ", ".join(_said(item, meld, contract) for item in value)
    if isinstance(value, Each):  # "team 0 52, team 1 60": the sides stay numbered for the table's words
        return pgettext("list separator", ", ").join(f"{name} {number}" for name, number in zip(*value))
    if isinstance(value, Rounded):
        return pgettext("list separator", ", ").join(f"{name} {total} → {point}" for name, total, point in zip(*value))
    if isinstance(value, Terms):
        return " + ".join(f"{_(name)} {points}" for name, points in value if points)
    if isinstance(value, str) and value:
        said, lower = _word(value, contract), value[:1].lower() + value[1:]
        if said == value != lower:  # "The defence", "All trumps": a word said at the start of a line
            said = _word(lower, contract)
            return said[:1].upper() + said[1:]
        return said
    return str(value)


def _word(value: str, contract: Callable[[str], str]) -> str:
    """A contract ("no trumps" as the scoring writes it), a doubling's name, a side's noun, or a phrase marked where
    it is made, in the current language."""
    if value.replace(" ", "_") in CONTRACTS:
        return contract(value.replace(" ", "_"))
    return words.call_names().get(value) or words.side_nouns().get(value) or _(value)


def meld_words(declaration: Declaration, card_name: Callable[[int], str]) -> str | None:
    """A declaration in full in the table's words (``tierce to the 10♠ (20)``, ``four jacks (200)``, ``belote in
    hearts (20)``), ``card_name`` writing the sequence's top card."""
    if declaration.kind == SEQUENCE:
        sequence = SEQUENCE_NAMES[declaration.length]
        kind = words.declaration_names().get(sequence, sequence)
        card = card_name(card_index(declaration.suit, declaration.rank))
        return _("{kind} to the {card} ({points})").format(kind=kind, card=card, points=declaration.points)
    if declaration.kind == QUAD:
        rank = words.rank_names()[RANK_CHARS[declaration.rank]]
        return _("four {rank}s ({points})").format(rank=rank, points=declaration.points)
    if declaration.kind == BELOTE:
        return _("{belote} in {suit} ({points})").format(belote=words.declaration_names()["belote"],
                                                         suit=words.suit_names()[declaration.suit], points=declaration.points)
    return None


def reason_words(reason: str, contract: Callable[[str], str]) -> str:
    """A rule's reason for refusing a move in the current language: a template and its values translated apart
    (``Reason``), or a fixed text marked for the catalogues where the rules write it."""
    if isinstance(reason, Reason):
        return explained((reason.template, reason.values), str, contract)
    return _(reason)


# A seat or a side as the rules' explanations write it, also after an Arabic prefix (لـ).
_SEAT_WORD = re.compile(r"(?<![A-Za-z])(seat|Seat|team|Team|player|Player) (\d+)\b")


def explanation_in_words(variant: Variant, score: DealScore) -> list[str]:
    """A deal's explanation, line by line, as a text away from the table says it (the booklet's worked example,
    the score sheet): in the current language, each seat and side by its number (English: the rules' own lines)."""
    if current() == SOURCE:
        return list(score.lines)
    look = Look().for_variant(variant)
    lines = explanation(score, lambda meld: meld_words(meld, look.card_name) or str(meld), look.contract)
    return [_SEAT_WORD.sub(_seat_word, line) for line in lines]


def going_on(why: str, bar: int | None) -> str:
    """Why a match at its target goes on (:meth:`MatchRules.goes_on`'s ``why``, ``bar`` the one in force), or ""."""
    said = {"valat": _("A valat does not win the match: the next deal decides it."),
            "level": _("The sides at the target are level: the match goes on."),
            "must_score": _("The side ahead must score in the deal that takes it out: the match goes on.")}
    if why == "raised":
        return _("A valat does not win the match: it is won now at {bar}.").format(bar=bar)
    return said.get(why, "")


def _seat_word(match: re.Match[str]) -> str:
    said = {"seat": _("seat {number}"), "team": _("team {number}"), "player": _("player {number}")}[match[1].lower()]
    said = said.format(number=match[2])
    return said[:1].upper() + said[1:] if match[1][0].isupper() else said
