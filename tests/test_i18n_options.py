"""The options' words in the players' languages (issue 25 item 1: "show, compare and its HTML report ... in
every language"): each option's description and each value's meaning, read from the model into the catalogues,
printed by `belot show` and `belot compare` in the language they speak."""

from __future__ import annotations

import pytest

from belot_rules import i18n
from belot_rules.cli import main
from belot_rules.i18n.catalogues import option_texts

TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
# Texts long enough to be sentences (a short one, "Contra and recontra.", may be a word a language keeps).
ENGLISH = sorted({text for text in option_texts() if len(text) > 40})


def _output(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    try:
        assert main(argv) == 0
    finally:
        i18n.use(i18n.SOURCE)
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("code", TRANSLATED)
def test_show_and_compare_say_the_options_in_each_language(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`belot show coinche --lang L` and `belot compare bulgarian french --lang L` print every option's description
    and chosen value's meaning in ``L``: none of the English texts, and the catalogue's own words for one of each."""
    catalogue = i18n.catalogue(code)
    said = _output(["show", "coinche", "--lang", code], capsys)
    said += " " + _output(["compare", "bulgarian", "french", "--lang", code], capsys)
    assert [text for text in ENGLISH if " ".join(text.split()) in said] == []
    for text in ("Card points of each rank; ranks left out are worth 0.", "the pack is shuffled and cut every deal"):
        words = " ".join(catalogue.gettext(text).split())
        assert words != text and (words in said or words[:1].upper() + words[1:] in said)
