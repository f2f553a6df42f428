"""The players' booklet in each language (issue 25 item 2: "`belot rules` gives a booklet for each shipped variant
and for the examples, in every language"): every sentence of it through the catalogues, none left in English."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from belot_rules import i18n, load_variant
from belot_rules.booklet import Booklet, booklet, messages as say, to_html
from belot_rules.cli import main
from belot_rules.ruleset import Ruleset
from belot_rules.variant.loader import shipped_names

ROOT = Path(__file__).resolve().parent.parent
EVERY = [*shipped_names(), *sorted(str(p) for p in (ROOT / "variants" / "examples").glob("*.yaml"))]
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
# Words a sentence may keep in every language: names of games and of their calls, the options' own keys.
ALLOWED = {"belot", "belote", "baloot", "klaverjas", "bela", "jass", "schieber", "sun", "hokum", "kawesh", "ashkal",
           "undenufe", "schmeiss", "schieben", "verplicht", "mus", "roem", "litige", "bete", "half", "retourne",
           "decouverte", "bridgée", "stöck", "weis", "stich", "tie_digit", "first_round", "first_dealer_seat",
           "bidding", "contracts", "show", "team"}
ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z_]{2,}")


def _sentences(book: Booklet) -> list[list[str]]:
    """Each section's heading, sentences and list items, in order."""
    said = []
    for section in book.sections:
        items = [section.heading]
        for block in section.blocks:
            items += [block] if isinstance(block, str) else list(block)
        said.append(items)
    return said


@functools.cache
def _rules(name: str) -> Ruleset:
    return load_variant(name)


@functools.cache
def _in(language: str, name: str) -> Booklet:
    i18n.use(language)
    try:
        return booklet(_rules(name))
    finally:
        i18n.use(i18n.SOURCE)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_booklet_is_written_in_each_language(code: str) -> None:
    """Each shipped variant's and example's booklet in ``code``: the same sections as the English one, with its
    worked example the engine checks, and no sentence left as the English one says it but for the names of games,
    calls and options (a house file's own description is its author's words, not the program's)."""
    left = []
    for name in EVERY:
        english, translated = _in(i18n.SOURCE, name), _in(code, name)
        assert translated.example is not None and translated.example.seed == english.example.seed  # checked there
        assert len(translated.sections) == len(english.sections)
        for ours, theirs in zip(_sentences(translated), _sentences(english)):
            assert len(ours) == len(theirs), name
            if theirs[0] == say.NOT_STATED:  # its list is of the options' keys
                ours, theirs = ours[:2], theirs[:2]
            left += [f"{Path(name).stem}: {line}" for line, source in zip(ours, theirs)
                     if line == source and {w.lower() for w in ENGLISH_WORD.findall(line)} - ALLOWED]
    assert left == []


def test_the_arabic_booklet_page_is_right_to_left(tmp_path: Path) -> None:
    """Issue 25 item 1: Arabic is right-to-left in the HTML pages; the page says its language."""
    page = tmp_path / "baloot.html"
    try:
        assert main(["rules", "baloot", "--lang", "ar", "--html", str(page)]) == 0
    finally:
        i18n.use(i18n.SOURCE)
    text = page.read_text(encoding="utf-8")
    assert '<html lang="ar" dir="rtl">' in text and "<h2>مثال محسوب</h2>" in text
    i18n.use("fr")
    try:
        assert '<html lang="fr">' in to_html(booklet(load_variant("coinche")))
    finally:
        i18n.use(i18n.SOURCE)
