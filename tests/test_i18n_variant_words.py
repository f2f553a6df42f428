"""A variant file's own words in the players' languages (issue 25, item 1: "a variant file may give its title,
description and the names of its contracts and levels per language"): declared once in the model
(``variant/wording.py``), refused at file:line:column when wrong, outside the rules hash, and what
``belot list`` and ``belot show`` say in the chosen language."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from belot_rules import i18n
from belot_rules.cli import main
from belot_rules.errors import VariantError
from belot_rules.variant.languages import words_in
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import CONTRACTS
from belot_rules.variant.wording import Language

# Each shipped table's home language (issue 25 and the family write-ups), with a word its title holds there.
HOME = {
    "bulgarian": ("bg", "белот"), "bulgarian-cut-only": ("bg", "белот"), "french": ("fr", "Belote"),
    "coinche": ("fr", "coinchée"), "french-point-bids": ("fr", "enchères"), "french-single-deal": ("fr", "donne"),
    "belote-a-deux": ("fr", "deux"), "belote-a-trois": ("fr", "trois"), "belote-a-trois-32": ("fr", "cartes"),
    "belote-bridgee": ("fr", "bridgée"), "belote-decouverte": ("fr", "découverte"),
    "klaverjas-amsterdam": ("nl", "Amsterdams"), "klaverjas-rotterdam": ("nl", "Rotterdams"),
    "bela": ("hr", "Bela"), "debertz": ("ru", "Деберц"), "debertz-3": ("ru", "троих"), "baloot": ("ar", "بلوت"),
}


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant_model(path)
    return [f"{p.line}:{p.column}: {p.message}" for p in caught.value.problems]


def test_the_languages_a_file_may_name_are_those_with_a_catalogue() -> None:
    assert set(get_args(Language)) == set(i18n.LANGUAGES) - {i18n.SOURCE}


@pytest.mark.parametrize("name", sorted(HOME))
def test_each_shipped_file_has_its_home_language_s_title_and_description(name: str) -> None:
    language, word = HOME[name]
    said = words_in(load_variant_model(name).variant, language)
    assert word in said.title
    assert said.description and said.description != load_variant_model(name).variant.description


def test_the_words_leave_the_rules_hash_alone(tmp_path: Path) -> None:
    """Words, not rules: a file that only adds them keeps its parent's hash (tests/test_shipped_hashes.py)."""
    path = tmp_path / "ours.yaml"
    path.write_text("extends: bulgarian\nlanguages:\n  bg: {title: Нашият белот}\n", encoding="utf-8")
    assert load_variant_model(path).content_hash == load_variant_model("bulgarian").content_hash


def test_an_unknown_language_key_or_contract_is_refused_where_it_is_written(tmp_path: Path) -> None:
    problems = _problems(tmp_path, "extends: bulgarian\nlanguages:\n  de: {title: Belot}\n  bg:\n"
                                   "    contracts: {no_trump: без коз}\n    colour: x\n")
    assert problems == [
        "3:3: languages: unknown key `de`; valid keys: bg, fr, nl, hr, ru, ar",
        "5:17: languages.bg.contracts: unknown key `no_trump`; did you mean `no_trumps`? (valid keys: "
        f"{', '.join([*CONTRACTS, 'suit'])})",
        "6:5: languages.bg.colour: unknown key `colour`; valid keys here: title, description, contracts, levels",
    ]


def test_a_contract_the_variant_does_not_play_or_a_level_it_cannot_reach_is_refused(tmp_path: Path) -> None:
    problems = _problems(tmp_path, "extends: klaverjas-amsterdam\nlanguages:\n  nl:\n"
                                   "    contracts: {no_trumps: zonder troef}\n    levels: [dubbel, redubbel, x, y]\n")
    assert any(p.startswith("4:16: languages.nl.contracts names no_trumps, which this variant does not play")
               for p in problems)
    assert "5:13: languages.nl.levels names 4 doubling levels, but bidding.doubles.max_level is 0" in problems


def test_the_words_are_each_file_s_own_and_fall_back_to_english_and_the_table_words(tmp_path: Path) -> None:
    """Like the title, a file's words are not inherited: a house file extending bulgarian names itself."""
    path = tmp_path / "ours.yaml"
    path.write_text("extends: bulgarian\ntitle: Our Belot\n", encoding="utf-8")
    said = words_in(load_variant_model(path).variant, "bg")
    assert said.title == "Our Belot"
    assert said.contracts["no_trumps"] == "без коз" and said.contracts["hearts"] == "купа"  # the catalogue's


def test_baloot_names_its_contracts_and_levels_in_arabic_and_english() -> None:
    variant = load_variant_model("baloot").variant
    arabic, english = words_in(variant, "ar"), words_in(variant, "en")
    assert (arabic.contracts["suit"], arabic.contracts["no_trumps"]) == ("حكم", "صن")
    assert arabic.levels == ("دبل", "ثري", "فور", "قهوة")
    assert (english.title, english.contracts["suit"], english.levels[-1]) == ("Baloot", "Hokum", "gahwa")


def test_list_and_show_use_the_chosen_language_s_title_and_description(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        assert main(["list", "--lang", "ru"]) == 0
        assert "Деберц по московским правилам на двоих" in capsys.readouterr().out
        assert main(["show", "bulgarian", "--lang", "bg"]) == 0
        shown = capsys.readouterr().out
        assert shown.startswith("Български белот (bulgarian)") and "Бридж-белот, както се играе" in shown
        assert main(["show", "bulgarian", "--lang", "en"]) == 0
        assert capsys.readouterr().out.startswith("Bulgarian Belot (bulgarian)")
    finally:
        i18n.use(i18n.SOURCE)


def test_a_file_without_a_title_is_named_after_its_parent_s_title_in_the_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ours.yaml").write_text("extends: bulgarian\ndeal: {shuffle: cut_only}\n", encoding="utf-8")
    try:
        assert main(["validate", "ours.yaml", "--lang", "bg"]) == 0
        assert "✓ ours.yaml: ours (по Български белот) (име ours," in capsys.readouterr().out
        assert main(["validate", "ours.yaml", "--lang", "en"]) == 0
        assert "✓ ours.yaml: ours (based on Bulgarian Belot) (name ours," in capsys.readouterr().out
    finally:
        i18n.use(i18n.SOURCE)


def test_a_description_left_in_english_is_said_to_be(capsys: pytest.CaptureFixture[str]) -> None:
    """A file without a description in the chosen language (schieber.yaml has no `languages`) shows its English one,
    and `list`, `show` and the booklet say so rather than pass it off as the language's; a family is named in it."""
    try:
        assert main(["list", "--lang", "ru"]) == 0
        listed = capsys.readouterr().out
        assert "Швейцарские\n" in listed and "Swiss\n" not in listed
        note = listed.split("По-английски, как их описывают их файлы: ")[1]
        assert "schieber" in note and "debertz" not in note  # debertz.yaml describes itself in Russian
        assert main(["show", "schieber", "--lang", "ru"]) == 0
        assert "(Файл варианта описывает его только по-английски.)" in capsys.readouterr().out
        assert main(["show", "debertz", "--lang", "ru"]) == 0
        assert "по-английски" not in capsys.readouterr().out
        assert main(["show", "schieber", "--lang", "en"]) == 0
        assert "English only" not in capsys.readouterr().out
    finally:
        i18n.use(i18n.SOURCE)
    assert words_in(load_variant_model("schieber").variant, "fr").english_description
    assert not words_in(load_variant_model("french").variant, "fr").english_description


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_list_cuts_nothing_at_80_columns(language: str, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25: "Text is cut at 80 columns" ("bulgarian-cu…"); `belot list` wraps a long summary under itself."""
    monkeypatch.setenv("COLUMNS", "80")
    try:
        assert main(["list", "--lang", language]) == 0
    finally:
        i18n.use(i18n.SOURCE)
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 80 and not line.endswith("…") for line in lines), [line for line in lines if len(line) > 80]
