"""What a variant file says of itself in the players' languages: its title, its description and the
names its table gives the contracts and the doubling levels (``languages: {bg: {title: ...}}``).

These are words, not rules: like the title they are left out of the rules hash, and like the title
each file gives its own (a house file that extends ``bulgarian`` names itself). A language missing
here, or a word a language leaves out, falls back to the English of the file and the catalogue's
table words (``belot_rules.variant.languages.words_in``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..rules.common import Contract, Rule

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
