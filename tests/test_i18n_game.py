"""The game in the players' languages (issue 25, "done when"): a whole deal of each language's home variant,
as the line game shows it, in that language's words; English stays as the golden transcripts pin it."""

from __future__ import annotations

import re

import pytest
from game_script import play

from belot_rules import i18n

# (variant, language, the title of the deal's result box, where the play ends); RULES.md gives each home table.
HOMES = [("bulgarian", "bg", "Раздаване 1:"), ("french", "fr", "Donne 1 :"), ("klaverjas-amsterdam", "nl", "Spel 1:"),
         ("bela", "hr", "Dijeljenje 1:"), ("debertz", "ru", "Сдача 1:")]
# Words a table of any language shows as they are: key names, the bots' names, the games' names, shared words.
ALLOWED = {"Enter", "random", "Partner", "Belot", "Belote", "Bela", "Klaverjassen", "talon"}  # games keep their names
WORD = re.compile(r"[^\W\d_]{2,}")


def _deal(variant: str, language: str) -> str:
    """The line game's transcript of deal 1 up to its result (the same seed and bots in every language)."""
    players = ("you", "random") if variant == "debertz" else ("you", "random", "random", "random")
    i18n.use(language)
    try:
        return play(variant, then="1", target=1, players=players).text
    finally:
        i18n.use(i18n.SOURCE)


@pytest.mark.parametrize(("variant", "language", "result"), HOMES)
def test_a_deal_of_the_home_variant_is_played_in_its_language(variant: str, language: str, result: str) -> None:
    """Every word of the deal's play (header, table, auction, calls, declarations, tricks, prompts, hand and keys)
    is the language's own: no word of the same deal in English is left but the allowed ones."""
    english = set(WORD.findall(_deal(variant, i18n.SOURCE)))
    text = _deal(variant, language)
    played = text[:text.index("─ " + result)]
    left = sorted(set(WORD.findall(played)) & english - ALLOWED)
    assert left == [], f"{language}: English words in the deal: {left}"


def test_the_table_speaks_the_variant_s_own_names() -> None:
    """The header gives the variant's own title and contract words (bulgarian.yaml's languages: bg)."""
    text = _deal("bulgarian", "bg")
    assert "Български белот" in text and "Ти" in text and "Твоите карти" in text
