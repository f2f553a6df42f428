"""The players' languages: the catalogues hold every text of the code, with its placeholders, and the
language a command speaks comes from --lang, then the environment as gettext reads it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from belot_rules import i18n
from belot_rules.cli import main
from belot_rules.i18n import words
from belot_rules.i18n.catalogues import KEYWORDS, option_texts

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "belot_rules" / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _key(message_id: str | tuple[str, ...], context: str | None) -> tuple[str | None, str]:
    return context, message_id if isinstance(message_id, str) else message_id[0]


def _source_messages() -> dict[tuple[str | None, str], str | tuple[str, ...]]:
    """Every text the code marks for translation, as Babel's extractor finds it (``babel.cfg``), and every option's
    words (the meanings of its values), read from the model."""
    found = {}
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / "belot_rules"), method_map=[("**.py", "python")], keywords=KEYWORDS):
        found[_key(message, context)] = message
    for text in option_texts():
        found[_key(text, None)] = text
    return found


def _catalogue(code: str):
    """The language's catalogue: its .po files (one per part of the program) as one."""
    merged = None
    for part in sorted((LOCALE / code / "LC_MESSAGES").glob("*.po")):
        with part.open("rb") as file:
            read = read_po(file, locale=code)
        if merged is None:
            merged = read
            continue
        for message in read:
            if message.id:
                assert merged.get(message.id, message.context) is None, f"{part.name}: {message.id!r} twice in {code}"
                merged[message.id] = message
    return merged


def test_the_code_marks_texts_for_translation() -> None:
    assert len(_source_messages()) > 30


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalogue_translates_every_text_of_the_code_and_no_other(code: str) -> None:
    """A text added to the code and not to a catalogue fails here, as does a catalogue's text the code lost."""
    source = _source_messages()
    catalogue = _catalogue(code)
    held = {_key(message.id, message.context): message for message in catalogue if message.id}
    assert sorted(set(source) - set(held), key=str) == [], f"{code}: texts with no translation"
    assert sorted(set(held) - set(source), key=str) == [], f"{code}: translations of texts the code no longer has"
    for key, message in held.items():
        assert not message.fuzzy, f"{code}: {key} is marked fuzzy (unchecked)"
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"{code}: {key} has an empty translation"
        if isinstance(message.id, tuple):
            assert len(forms) == catalogue.num_plurals, f"{code}: {key} needs {catalogue.num_plurals} plural forms"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_keeps_the_placeholders_of_its_text(code: str) -> None:
    """``{count} points`` must stay ``{count} ...``: a lost or misspelt placeholder would show raw or fail."""
    for message in _catalogue(code):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) == wanted, f"{code}: {message.id!r} -> {form!r}"


@pytest.mark.parametrize(("code", "counts"), [
    ("ru", {1: "1 очко", 3: "3 очка", 5: "5 очков", 21: "21 очко", 112: "112 очков"}),  # CLDR: one, few, many
    ("hr", {1: "1 bod", 4: "4 boda", 11: "11 bodova"}),
    ("fr", {0: "0 point", 1: "1 point", 2: "2 points"}),  # French: 0 is singular
    ("ar", {2: "2 نقطتان", 5: "5 نقاط", 11: "11 نقطة"}),  # Arabic: six forms
    ("en", {1: "1 point", 0: "0 points"}),
])
def test_counts_take_their_language_s_plural_form(code: str, counts: dict[int, str]) -> None:
    i18n.use(code)
    try:
        assert {count: words.points(count) for count in counts} == counts
    finally:
        i18n.use(i18n.SOURCE)


@pytest.mark.parametrize(("code", "suits", "no_trumps"), [
    ("bg", ("спатия", "каро", "купа", "пика"), "без коз"),
    ("fr", ("trèfle", "carreau", "cœur", "pique"), "sans atout"),
    ("nl", ("klaveren", "ruiten", "harten", "schoppen"), "zonder troef"),
    ("hr", ("tref", "karo", "herc", "pik"), "bez aduta"),
    ("ru", ("трефы", "бубны", "червы", "пики"), "без козыря"),
    ("ar", ("شريا", "ديمن", "هاص", "سبيت"), "صن"),
    ("en", ("clubs", "diamonds", "hearts", "spades"), "no trumps"),
])
def test_the_table_words_are_each_table_s_own(code: str, suits: tuple[str, ...], no_trumps: str) -> None:
    """The words players say at the table (the issue's list: "без коз", "sans atout", Baloot's Sun ...)."""
    catalogue = i18n.catalogue(code)
    assert tuple(catalogue.pgettext("suit", name) for name in ("clubs", "diamonds", "hearts", "spades")) == suits
    assert catalogue.pgettext("contract", "no trumps") == no_trumps


@pytest.mark.parametrize(("flag", "environ", "chosen"), [
    ("fr", {"LANG": "bg_BG.UTF-8"}, "fr"),  # --lang first
    ("ru-RU", {}, "ru"),
    (None, {"LANGUAGE": "xx:nl:bg", "LANG": "ru_RU.UTF-8"}, "nl"),  # LANGUAGE's first known language
    (None, {"LANGUAGE": "xx", "LC_ALL": "hr_HR.UTF-8"}, "hr"),
    (None, {"LC_ALL": "C", "LANG": "bg_BG.UTF-8"}, "en"),  # the first set of LC_ALL, LC_MESSAGES, LANG decides
    (None, {"LC_MESSAGES": "ar_SA.UTF-8", "LANG": "fr_FR.UTF-8"}, "ar"),
    (None, {"LANG": "de_DE.UTF-8"}, "en"),  # no catalogue: English
    (None, {}, "en"),
])
def test_the_language_comes_from_the_flag_then_the_environment(flag, environ, chosen) -> None:
    assert i18n.choose(flag, environ) == chosen


def test_an_unknown_language_is_refused_with_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--lang", "de"]) == 1
    error = capsys.readouterr().err
    assert "--lang de: no such language here" in error and "bg (Български)" in error and "\n" == error[-1]


def test_lang_is_taken_before_or_after_the_verb() -> None:
    try:
        assert main(["--lang", "bg", "list"]) == 0 and i18n.current() == "bg"
        assert main(["list", "--lang=ru"]) == 0 and i18n.current() == "ru"
    finally:
        i18n.use(i18n.SOURCE)


@pytest.mark.parametrize(("environ", "shown"), [
    ({}, False), ({"TERM": "xterm-256color"}, False), ({"VTE_VERSION": "5202"}, False),
    ({"VTE_VERSION": "7600"}, True), ({"KONSOLE_VERSION": "230804"}, True), ({"BELOT_BIDI": "1"}, True),
])
def test_arabic_falls_back_to_english_with_a_note_where_the_terminal_cannot_show_it(environ, shown) -> None:
    language, note = i18n.for_terminal("ar", environ)
    assert (language, note is None) == (("ar", True) if shown else ("en", False))
    assert i18n.for_terminal("bg", environ) == ("bg", None)


@pytest.mark.parametrize(("code", "direction", "heading"), [
    ("ar", "rtl", "القواعد المختلفة"), ("ru", "ltr", "Правила, которые различаются"), ("en", "ltr", "Rules that differ")])
def test_the_compare_report_speaks_the_language_and_runs_right_to_left_in_arabic(tmp_path, code, direction, heading):
    """Issue: `belot compare bulgarian french --report r.html --lang ar` is right-to-left."""
    pytest.importorskip("matplotlib")
    page = tmp_path / "r.html"
    try:
        assert main(["compare", "bulgarian", "french", "--simulate", "20", "--workers", "1", "--report", str(page),
                     "--lang", code]) == 0
    finally:
        i18n.use(i18n.SOURCE)
    text = page.read_text(encoding="utf-8")
    assert f'<html lang="{code}" dir="{direction}">' in text and heading in text
    assert "text-align: left" not in text  # the page's own sides follow the direction
    if code != "en":
        assert "What changes at the table" not in text and "Every statistic of the deals" not in text
        assert ">Deal<" not in text and ">Bidding<" not in text  # each phase's heading (cli/show.py phase_heading)
        # the statistics' groups and labels (cli/sim_view.py group_title, statistic_label)
        assert "Contracts (of all deals)" not in text and ">contract clubs<" not in text and ">made<" not in text


def test_compare_speaks_the_language_at_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    """`belot compare --lang bg`: where each variant's rules come from, the rules that differ, each phase's heading
    and the options left out are in the command's language (cli/compare.py); option keys and values stay as a file
    writes them."""
    try:
        assert main(["compare", "bulgarian", "french", "--lang", "bg"]) == 0
    finally:
        i18n.use(i18n.SOURCE)
    out = capsys.readouterr().out
    assert "правила от `french`" in out and "Правила, които се различават (20)" in out and "\nРаздаване\n" in out
    assert "еднакви опции са скрити" in out
    for english in ("rules from", "Rules that differ", "\nDeal\n", "\nBidding\n", "hidden; --all"):
        assert english not in out


def test_score_speaks_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`belot score --lang bg` (a scorekeeper's command): the table's headings, the verdict and every line of the
    explanation in the command's language, as the sheet says them; English is unchanged."""
    outcome = tmp_path / "deal.json"
    outcome.write_text('{"variant": "french", "contract": "hearts", "declarer": 1, "points": [81, 71], '
                       '"last_trick": 1}', encoding="utf-8")
    try:
        assert main(["score", str(outcome), "--lang", "bg"]) == 0
    finally:
        i18n.use(i18n.SOURCE)
    out = capsys.readouterr().out
    assert "отбор 1 (играещи)" in out and "места 0, 2" in out and "сурови точки" in out and "литиж" in out
    assert "Последна ръка: отбор 1 +10" in out
    for english in ("takers", "raw points", "match points", "litige;", "Last trick"):
        assert english not in out
    assert main(["score", str(outcome)]) == 0
    assert "team 1 (takers)" in capsys.readouterr().out


SCRIPTS = {"bg": "[а-яА-Я]", "ru": "[а-яА-ЯёЁ]", "ar": "[\u0600-\u06ff]", "fr": "[a-zA-Zéèàç]", "nl": "[a-zA-Z]",
           "hr": "[a-zA-Zčćžšđ]"}


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_is_written_in_its_language_s_script(code: str) -> None:
    """Catches a catalogue filled with another language's texts (Cyrillic in the French file, Latin in the Arabic)."""
    others = "[а-яА-Я\u0600-\u06ff]" if code in ("fr", "nl", "hr") else None
    for message in _catalogue(code):
        if not message.id or message.context == "rank letter" or not re.search(r"[^\W\d_]", PLACEHOLDER.sub("", (
                message.id if isinstance(message.id, str) else message.id[0]))):
            continue  # a text of signs only (", {} ×{}"): the same in every script
        for form in message.string if isinstance(message.string, tuple) else (message.string,):
            words = PLACEHOLDER.sub("", form)
            assert re.search(SCRIPTS[code], words), f"{code}: {form!r}"
            assert others is None or not re.search(others, words), f"{code}: {form!r}"


def test_the_catalogues_are_as_the_update_tool_writes_them(tmp_path) -> None:
    """`python -m belot_rules.i18n.catalogues` on the committed catalogues changes nothing: they hold every text of the
    code, each in its part's file, in the tool's layout (so an update shows only what really changed)."""
    import shutil

    from belot_rules.i18n import catalogues

    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy)
    assert set(catalogues.update(copy).values()) == {0}
    for path in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        assert (copy / path.relative_to(LOCALE)).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), path


def test_a_new_text_goes_untranslated_to_its_part_s_file(tmp_path) -> None:
    import shutil

    from belot_rules.i18n import catalogues

    assert catalogues.part_of("cli/game/render.py") == "game" and catalogues.part_of("variant/loader.py") == "belot"
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy)
    held = catalogues.source_texts()
    dropped = next(key for key, (_, _, file) in held.items() if file.startswith("cli/report"))
    for path in copy.glob("*/LC_MESSAGES/belot.po"):  # as if the text were new: no catalogue has it
        text = path.read_text(encoding="utf-8")
        start = text.rindex("\n\n", 0, text.index(f'msgid "{dropped[1]}"')) + 2  # the entry, its flags with it
        path.write_text(text[:start] + text[text.index("\n\n", start) + 2:], encoding="utf-8")
    waiting = catalogues.update(copy)
    assert waiting == {code: 1 for code in TRANSLATED}


def test_the_game_on_a_terminal_without_right_to_left_layout_plays_in_english_and_says_why() -> None:
    """Issue 25: Arabic in a terminal is shown where the terminal can render it, else English with a note."""
    from belot_rules.cli.play import speak_to_terminal

    class Told:
        def __init__(self) -> None:
            self.said: list[str] = []

        def tell(self, text: str) -> None:
            self.said.append(text)

    try:
        for terminal, environ, language in ((True, {}, "en"), (True, {"VTE_VERSION": "7600"}, "ar"),
                                            (False, {}, "ar")):
            i18n.use("ar")
            table = Told()
            speak_to_terminal(table, terminal, environ)  # type: ignore[arg-type]
            assert i18n.current() == language and bool(table.said) == (language == "en")
    finally:
        i18n.use(i18n.SOURCE)


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "--help"]) == 0
    return capsys.readouterr().out


# What --help shows as it is typed in any language: the program's and commands' names, options, metavars, variables.
_TYPED = re.compile(r"'[\w.\[\]-]+'|[\w.-]+\.(?:yaml|html|json|jsonl)\b|--?[\w-]+|\b[A-Z][A-Z_0-9]+\b|\w+:\w+|[\w/]+\.py:\w+|"
                    r"\$\w+|\b(?:belot|bulgarian|french|JSON|YAML|Schema|draft|pip install|matplotlib|stderr|Ray|ray|"
                    r"local|heuristic|random|search|human|easy|normal|hard|expert|slow|fast|instant|never|own-move|agreed|Bradley|"
                    r"Terry|Elo|file)\b")


# Words of the help spelt as in English that are the language's own.
_HELP_SAME = {"fr": {"Belote", "table", "version", "duplicate", "options", "arguments", "argument", "page", "terminal",
                     "phase", "second", "tables", "code", "machine", "points", "port", "scripts", "scores"},
              "nl": {"bots", "ratings", "variant", "argument", "argumenten", "terminal", "hash", "bot", "overhead", "per",
                     "run", "teams", "token", "lobby", "code", "cluster", "over", "backend", "Open", "browsers", "machine", "server", "open", "scripts", "scores"},
              "hr": {"problem", "program", "terminal", "hash", "status", "bot", "token", "port"}}


@pytest.mark.parametrize("code", ["bg", "fr", "nl", "hr", "ru"])
def test_the_help_is_in_the_language(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25 item 1 (``--help``): ``belot --lang L --help`` lists the commands and argparse's own headings in the
    language (cli/__init__.py points argparse's gettext at the catalogues), and so do the help of rules, show,
    validate, list, schema, compare, simulate, duel, tournament, host, join and replay; of ``belot play --help``, the description and the player's options too. No English word of the same help is left but what is typed as it is."""
    def words(text: str) -> set[str]:
        text = re.sub(r"-\n\s+", "-", text)  # a word argparse wrapped at its hyphen
        return set(re.findall(r"[^\W\d_]{3,}", _TYPED.sub(" ", text))) - set(main.__globals__["COMMANDS"])

    for command in ([], ["rules"], ["show"], ["validate"], ["list"], ["schema"], ["compare"], ["simulate"], ["duel"],
                    ["tournament"], ["host"], ["join"], ["replay"]):  # score's help names its keys
        english = words(_help(capsys, *command))
        left = sorted(words(_help(capsys, *command, "--lang", code)) & english - _HELP_SAME.get(code, set()))
        assert left == [], f"{code}: English words in belot {' '.join(command)} --help: {left}"
    played = _help(capsys, "play", "--lang", code)
    for text in ("Play a match of any variant", "only bots play; you watch", "show this help message and exit",
                 "usage:", "how well the bots play", "rules of thumb", "card points a deal over"):
        assert text not in played, f"{code}: {text!r} in belot play --help"
