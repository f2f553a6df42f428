"""The players' languages: which one a command speaks, and the catalogue that gives its texts.

Texts are written in English in the code and marked with :func:`gettext`, :func:`ngettext` (texts
with a count, whose plural forms differ by language) or :func:`pgettext` (a word whose meaning needs
its context: "hearts" the suit, "pass" the call). Each language's catalogue is gettext ``.po`` files
in ``belot_rules/locale/LANG/LC_MESSAGES/`` (``belot.po``, and one per part of the program that has many
texts, such as ``game.po``), the one source translators edit; it is compiled
in memory when first used (with Babel), so a checkout and an installed package read the same file
and no compiled ``.mo`` file can be out of date. ``tests/test_i18n.py`` fails when a catalogue misses
a message, keeps an old one, or drops or adds a placeholder.

A command speaks one language, chosen once by :func:`use`; a program that serves several seats in
several languages (a network table) asks :func:`catalogue` for each seat's own.
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import io
from collections.abc import Iterator, Mapping
from importlib import resources

from ..errors import UserError

# The languages with a catalogue, in their own names (what a language menu shows).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "bg": "Български",
    "fr": "Français",
    "nl": "Nederlands",
    "hr": "Hrvatski",
    "ru": "Русский",
    "ar": "العربية",
}
SOURCE = "en"  # the code's own texts: no catalogue
RIGHT_TO_LEFT = frozenset({"ar"})
DOMAIN = "belot"
# Where gettext looks for the user's language, in its order (GNU gettext's manual, "Locale Environment Variables").
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def language_code(text: str) -> str:
    """``bg_BG.UTF-8`` -> ``bg``; ``fr-CA`` -> ``fr``; ``C`` and ``POSIX`` -> ``en``."""
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return SOURCE if code in ("c", "posix") else code


def choose(flag: str | None, environ: Mapping[str, str]) -> str:
    """The language a command speaks: ``--lang`` when given (refused when there is no such catalogue),
    else the first language of the environment that has one, else English."""
    if flag is not None:
        code = language_code(flag)
        if code not in LANGUAGES:
            known = ", ".join(f"{key} ({name})" for key, name in LANGUAGES.items())
            raise UserError(f"--lang {flag}: no such language here; the languages are {known}")
        return code
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        # LANGUAGE may list several, by preference: "bg:ru:en".
        for item in value.split(":") if variable == "LANGUAGE" else [value]:
            if item and language_code(item) in LANGUAGES:
                return language_code(item)
        if variable != "LANGUAGE":  # the first of LC_ALL, LC_MESSAGES, LANG that is set decides
            return SOURCE
    return SOURCE


@functools.cache
def catalogue(language: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English: the texts as the code writes them)."""
    if language == SOURCE:
        return _gettext.NullTranslations()
    if language not in LANGUAGES:
        raise UserError(f"no catalogue for the language {language!r}")
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    folder = resources.files("belot_rules") / "locale" / language / "LC_MESSAGES"
    parts = sorted((item for item in folder.iterdir() if item.name.endswith(".po")), key=lambda item: item.name)
    messages = None
    for part in parts:  # one file per part of the program (belot.po, game.po, ...), read as one catalogue
        with part.open("rb") as file:
            read = read_po(file, locale=language, domain=DOMAIN)
        if messages is None:
            messages = read
        else:
            for message in read:
                if message.id:
                    messages[message.id] = message
    if messages is None:
        raise UserError(f"no catalogue for the language {language!r}")
    compiled = io.BytesIO()
    write_mo(compiled, messages, use_fuzzy=False)  # a fuzzy (unchecked) translation is not shown
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


_active: list[str] = [SOURCE]  # the language :func:`use` chose for this process


def use(language: str) -> None:
    """Make ``language`` the one this process speaks (a command calls it once, before any text)."""
    catalogue(language)
    _active[0] = language


def current() -> str:
    """The language :func:`use` chose (English until it is called)."""
    return _active[0]


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Texts made meanwhile in ``language``: a network table words each seat's messages in its player's own."""
    before = _active[0]
    _active[0] = language if language in LANGUAGES else before
    try:
        yield
    finally:
        _active[0] = before


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return catalogue(_active[0]).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a text with a number that fits ``count`` in the current language (Russian and
    Croatian have three forms, Arabic six)."""
    return catalogue(_active[0]).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` read in ``context`` ("suit", "call", ...), for words that mean other things elsewhere."""
    return catalogue(_active[0]).pgettext(context, message)


_ = gettext


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for it
    """``message`` as it is: marks a text written where it is made (the rules' English reasons and explanations)
    for the catalogues, to be translated where a view shows it."""
    return message


# Terminals that lay out right-to-left text themselves (the Unicode bidirectional algorithm): VTE 0.58
# and later (GNOME Terminal, Tilix, ...), Konsole and mlterm. Elsewhere Arabic comes out letter-reversed.
_BIDI_TERMINALS = ("KONSOLE_VERSION", "MLTERM")
_VTE_WITH_BIDI = 5800


def terminal_shows(language: str, environ: Mapping[str, str]) -> bool:
    """Whether this terminal can show ``language``: any left-to-right one, a right-to-left one only in a
    terminal known to lay it out (or when ``BELOT_BIDI=1`` says the user's does)."""
    if language not in RIGHT_TO_LEFT or environ.get("BELOT_BIDI") == "1":
        return True
    if any(environ.get(name) for name in _BIDI_TERMINALS):
        return True
    vte = environ.get("VTE_VERSION", "")
    return vte.isdecimal() and int(vte) >= _VTE_WITH_BIDI


def for_terminal(language: str, environ: Mapping[str, str]) -> tuple[str, str | None]:
    """The language a terminal view speaks, and the note that says why when it falls back to English."""
    if terminal_shows(language, environ):
        return language, None
    return SOURCE, (f"{LANGUAGES[language]}: this terminal does not lay out right-to-left text, so the game is "
                    "in English here; GNOME Terminal, Konsole and mlterm show it (or set BELOT_BIDI=1 if yours does).")
