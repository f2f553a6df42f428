"""What a variant file says of itself in the players' languages: its title, its description and the
names its table gives the contracts and the doubling levels (``languages: {bg: {title: ...}}``).

These are words, not rules: like the title they are left out of the rules hash, and like the title
each file gives its own (a house file that extends ``bulgarian`` names itself). A language missing
here, or a word a language leaves out, falls back to the English of the file and the catalogue's
table words (``belot_rules.variant.languages.words_in``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from ..i18n import gettext as _
from ..rules.common import SUIT_CONTRACTS, Contract, Rule

if TYPE_CHECKING:
    from .model import Variant

# The languages with a catalogue other than English (``belot_rules.i18n.LANGUAGES``; a test keeps them equal).
Language = Literal["bg", "fr", "nl", "hr", "ru", "ar"]
Name = Annotated[str, Field(min_length=1, max_length=20)]


class Wording(Rule):
    """A variant's own words in one language."""

    title: str | None = Field(None, min_length=1, max_length=80,
                              description="The variant's full name in this language.")
    description: str | None = Field(None, min_length=1,
                                    description="The paragraph on what this rule set is, in this language.")
    contracts: dict[Literal[Contract, "suit"], Name] = Field(
        {}, description="What the table calls a contract in this language: suit (any trump suit, said before the "
        "suit), no_trumps, all_trumps, or a suit by its English key (clubs ...); unnamed ones keep the table "
        "words of the language.",
    )
    levels: list[Name] = Field(
        [], description="What the table calls each doubling level in this language, in order (контра, "
        "реконтра, ...), at most bidding.doubles.max_level of them.",
    )


def language_problems(variant: Variant) -> list[str]:
    """A language names only contracts this variant plays and doubling levels it can reach."""
    played = {*variant.bidding.contracts, *(["suit"] if any(c in SUIT_CONTRACTS for c in variant.bidding.contracts) else [])}
    problems = []
    for language, wording in variant.languages.items():
        unplayed = [k for k in wording.contracts if k not in played]
        if unplayed:
            problems.append(_("languages.{language}.contracts names {contracts}, which this variant does not "
                              "play; contracts played: {played}").format(
                language=language, contracts=", ".join(unplayed), played=", ".join(sorted(played))))
        if len(wording.levels) > variant.bidding.doubles.max_level:
            problems.append(_("languages.{language}.levels names {count} doubling levels, but "
                              "bidding.doubles.max_level is {most}").format(
                language=language, count=len(wording.levels), most=variant.bidding.doubles.max_level))
    return problems
