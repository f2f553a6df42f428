"""``belot validate`` in the author's language (issue 25, item 1: "`validate` messages" among the texts a player or
author reads): the same broken house file gives its problems at the same file:line:column in French, Russian and
Arabic, with no English sentence left; English stays as the other tests pin it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from belot_rules import i18n
from belot_rules.cli import main

# One of each kind of problem an author meets: an unknown key with its suggestion, a quoted number, a misspelt
# value, an unknown key of a table, an octal number, a duplicate key, and YAML 1.1's `on`.
HOUSE = """extends: bulgarian
title: Club rules
deal:
  shufle: cut_only
  cut_min: "3"
bidding:
  style: turned_cards
  contract_names: {hokum: Hokum}
match:
  target: 0151
  target: 151
scoring:
  last_trick: on
"""
SHARED = {"octal"}  # spelt the same in French and English
PLACE = re.compile(r"^house\.yaml:(\d+):(\d+): ")
# What stays as written in any language: the file's own keys and values (in backticks or quoted), the paths of
# rules, lists of valid keys or values, and the name of the format.
KEPT = [re.compile(pattern) for pattern in (
    r"`[^`]*`", r'"[^"]*"', r"'[^']*'", r"\b[a-z_]+(?:\.[a-z_]+)+\b", r"[a-z_]+(?:, [a-z_]+)+", r"\b[a-z]+(?:_[a-z]+)+\b", r"\bYAML( 1\.1)?\b",
    r"^[a-z_]+(?:\.[a-z_]+)*: ")]


def _validate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
              language: str) -> list[str]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    try:
        assert main(["validate", "house.yaml", "--lang", language]) == 1
    finally:
        i18n.use(i18n.SOURCE)
    return [line for line in capsys.readouterr().err.splitlines() if PLACE.match(line)]


def _words(line: str) -> set[str]:
    """The words of a problem once its place and everything kept as written are taken out."""
    text = PLACE.sub("", line)
    for pattern in KEPT:
        text = pattern.sub(" ", text)
    return set(re.findall(r"[^\W\d_]{2,}", text))


@pytest.mark.parametrize("language", ["fr", "ru", "ar"])
def test_validate_tells_the_same_problems_at_the_same_places_in_the_author_s_language(
        language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    english = _validate(tmp_path, monkeypatch, capsys, "en")
    translated = _validate(tmp_path, monkeypatch, capsys, language)
    assert len(english) == 7
    assert [PLACE.match(line).groups() for line in translated] == [PLACE.match(line).groups() for line in english]
    english_words = set().union(*map(_words, english))
    assert len(english_words) > 20
    for line in translated:
        assert line != english[translated.index(line)]
        left = _words(line)
        if language == "fr":  # Latin script: no word of the English sentences may be left
            assert not left & english_words - SHARED, line
        else:
            assert not [word for word in left if re.fullmatch("[A-Za-z]+", word)], line


def test_the_valid_file_line_and_its_notes_speak_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        assert main(["validate", "bulgarian", "--lang", "bg"]) == 0
    finally:
        i18n.use(i18n.SOURCE)
    out = capsys.readouterr().out
    assert "✓ bulgarian: Български белот (име bulgarian, хеш на правилата " in out
    assert "правила от `bulgarian`, после вградените подразбирания" in out


@pytest.mark.parametrize("language", ["ru", "ar"])
def test_contradictions_between_rules_are_told_in_the_author_s_language_at_the_same_place(
        language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The checks of rules against each other (variant/model.py) point at the same rule in any language."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text(
        "extends: bulgarian\nbidding:\n  contract_names: {all_trumps: Tout}\n"
        "  contracts: [clubs, diamonds, hearts, spades, no_trumps]\ndeclarations:\n  belote: {contracts: [no_trumps]}\n", encoding="utf-8")
    told = {}
    for said in ("en", language):
        try:
            assert main(["validate", "house.yaml", "--lang", said]) == 1
        finally:
            i18n.use(i18n.SOURCE)
        told[said] = [line for line in capsys.readouterr().err.splitlines() if PLACE.match(line)]
    assert [PLACE.match(line).groups() for line in told[language]] == [PLACE.match(line).groups() for line in told["en"]]
    assert len(told["en"]) == 2
    for line in told[language]:
        assert not [word for word in _words(line) if re.fullmatch("[A-Za-z]+", word)], line


@pytest.mark.parametrize("language", ["fr", "nl", "hr", "bg", "ru", "ar"])
def test_a_section_s_contradictions_point_at_the_same_rule_in_every_language(
        language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A section's own checks (rules/<phase>/options.py) find the rule they name in the message: translations keep its key."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text(
        "extends: bulgarian\nbidding:\n  doubles:\n    max_level: 2\n    multipliers: [4, 2]\n"
        "  points: {minimum: 80, maximum: 165, step: 10}\ndeal:\n  tableau_packets: 4\n  talon: true\n", encoding="utf-8")
    places = {}
    for said in ("en", language):
        try:
            assert main(["validate", "house.yaml", "--lang", said]) == 1
        finally:
            i18n.use(i18n.SOURCE)
        places[said] = [line.split(": ")[0] for line in capsys.readouterr().err.splitlines()[1:]]
    assert places[language] == places["en"]
    assert "house.yaml:5:18" in places["en"]


# Files that break each kind of check of rules against each other (variant/model.py and the sections' own).
CONTRADICTIONS = {
    "turned card unused": "extends: bulgarian\ndeal: {turned_card: after_first_packets}\n",
    "ashkal without a turned card": "extends: bulgarian\nbidding:\n  ashkal: {enabled: true}\n",
    "schmeiss at four": "extends: bulgarian\nbidding: {schmeiss: first_round}\n",
    "last card trump": "extends: bulgarian\nbidding: {style: last_card_trump}\n",
    "dealer seat": "extends: bulgarian\ndeal: {first_dealer: fixed_seat, first_dealer_seat: 5}\n",
    "deals and target": "extends: bulgarian\nmatch: {deals: 10, target: 151}\n",
    "melds in tricks": "extends: french\ndeclarations: {source: tricks}\n",
    "factor of an unplayed contract": "extends: klaverjas-amsterdam\nscoring:\n  contract_factors: {no_trumps: 2}\n",
    "three partners": "extends: bulgarian\ntable: {players: 3}\n",
    "cut": "extends: bulgarian\ndeal: {cut_min: 20}\n",
    "bid ladder": "extends: coinche\nbidding:\n  points: {minimum: 80, maximum: 165, step: 10}\n",
    "undertrump": "extends: french\nplay: {void_trumping: optional, undertrump: required}\n",
    "doubling names": "extends: bulgarian\nbidding:\n  doubles: {names: [pass, contra, contra]}\n",
}


@pytest.mark.parametrize("name", sorted(CONTRADICTIONS))
def test_every_contradiction_is_translated_and_points_where_the_english_does(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text(CONTRADICTIONS[name], encoding="utf-8")
    told = {}
    for said in i18n.LANGUAGES:
        try:
            assert main(["validate", "house.yaml", "--lang", said]) == 1
        finally:
            i18n.use(i18n.SOURCE)
        told[said] = capsys.readouterr().err.splitlines()[1:]
    english = told.pop(i18n.SOURCE)
    assert english
    for said, lines in told.items():
        assert [line.split(": ")[0] for line in lines] == [line.split(": ")[0] for line in english], said
        assert not set(lines) & set(english), said
