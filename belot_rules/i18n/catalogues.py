"""Bring the catalogues in step with the code: ``python -m belot_rules.i18n.catalogues``.

Every text the code marks (``gettext``, ``ngettext``, ``pgettext``) is extracted with Babel. In each
language, a text already in one of its files stays there; a new one is added, untranslated, to the
file of its part (``PARTS``: the files whose texts have a catalogue file of their own), else to ``belot.po``;
a text the code no longer has is dropped. Then it says how many texts wait for a translation in each
language: ``tests/test_i18n.py`` fails until none does, so a text is never shown half-translated.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from pydantic import BaseModel

PACKAGE = Path(__file__).resolve().parent.parent
LOCALE = PACKAGE / "locale"
# ``N_`` marks a text kept in English where it is made (the rules) and translated where a view shows it; so is each
# line of a deal's explanation, written with ``note`` (rules/scoring, read by cli/game/explain.py).
KEYWORDS = {"gettext": None, "_": None, "N_": None, "note": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
MAIN = "belot"  # the file of every text no part claims
OPTIONS = ("rules/common.py", "rules/*/options.py")  # where the options' words are declared, each phase's own
PARTS = {"game": ("cli/game/*", "cli/tui/*"), "options": OPTIONS}  # a file of its own for the texts of these files
# Header lines Babel writes with placeholders (a name, an address, a date) or its own version: the project's files
# carry none, so that any Babel writes them alike.
_PLACEHOLDER_LINES = ('"Report-Msgid-Bugs-To', '"PO-Revision-Date', '"Last-Translator', '"Language-Team',
                      '"POT-Creation-Date', '"Generated-By')

Key = tuple[str | None, str]  # a text's context and its (singular) message


def key_of(message_id: str | tuple[str, ...] | list[str], context: str | None) -> Key:
    """The key a text is known by: its context and its message (the singular, for a text with plurals)."""
    return context, message_id if isinstance(message_id, str) else message_id[0]


def source_texts(package: Path = PACKAGE) -> dict[Key, tuple[str | tuple[str, ...], str | None, str]]:
    """Every marked text of the code, and every option's words: its id, context and the file it is first written in."""
    found: dict[Key, tuple[str | tuple[str, ...], str | None, str]] = {}
    for file, _line, message, _comments, context in extract_from_dir(
            str(package), method_map=[("**.py", "python")], keywords=KEYWORDS):
        found.setdefault(key_of(message, context), (message, context, file))
    for text in option_texts():
        found.setdefault(key_of(text, None), (text, None, OPTIONS[0]))
    return found


def option_texts() -> list[str]:
    """Every option's description and what each of its values means (``Option(meanings=...)``): declared once, as
    data, on the option's field (``rules/<phase>/options.py``), so read from the model rather than from marks in the code;
    ``belot show``, ``compare`` and the booklet translate them where they print them (the JSON Schema keeps them in
    English)."""
    from ..variant.meanings import declared_options
    from ..variant.model import Variant

    meanings = [text for _path, _choice, option in declared_options() for text in option.meanings.values()]
    return [*meanings, *_descriptions(Variant)]


def _descriptions(model: type[BaseModel]) -> Iterator[str]:
    """The description of every field of ``model`` and of the sections it opens into (``variant/explain.opened``)."""
    from ..variant.explain import opened

    for field in model.model_fields.values():
        if field.description:
            yield field.description
        for _keys, section, _part in opened(field):
            if section is not None:  # not one place of a choice by contract, which the field describes
                yield from _descriptions(section)


def part_of(file: str) -> str:
    """The catalogue file (without .po) a new text written in ``file`` goes to."""
    return next((part for part, files in PARTS.items() if any(fnmatch(file, f) for f in files)), MAIN)


def update(locale: Path = LOCALE, package: Path = PACKAGE) -> dict[str, int]:
    """Update every language's files under ``locale``; return each language's count of untranslated texts."""
    texts = source_texts(package)
    waiting = {}
    for folder in sorted(path for path in locale.glob("*/LC_MESSAGES") if path.is_dir()):
        language = folder.parent.name
        files = {path.stem: _read(path, language) for path in sorted(folder.glob("*.po"))}
        held = {key_of(m.id, m.context) for catalogue in files.values() for m in catalogue if m.id}
        for key, (message_id, context, file) in texts.items():
            if key not in held:
                part = part_of(file)
                catalogue = files.setdefault(part, _new(files[MAIN], part))
                catalogue.add(message_id, _empty(message_id, catalogue), context=context)
        for part, catalogue in files.items():
            for message in list(catalogue):
                if message.id and key_of(message.id, message.context) not in texts:
                    catalogue.delete(message.id, message.context)
            _write(folder / f"{part}.po", catalogue)
        waiting[language] = sum(1 for catalogue in files.values() for m in catalogue
                                if m.id and not all(m.string if isinstance(m.string, tuple) else (m.string,)))
    return waiting


def _read(path: Path, language: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def _new(model: Catalog, part: str) -> Catalog:
    """An empty catalogue for ``part`` with the header of the language's main file."""
    catalogue = Catalog(locale=model.locale, domain=part, project=model.project, version=model.version,
                        charset="utf-8", fuzzy=False)
    catalogue.header_comment = model.header_comment
    return catalogue


def _empty(message_id: str | tuple[str, ...], catalogue: Catalog) -> str | tuple[str, ...]:
    return ("",) * catalogue.num_plurals if isinstance(message_id, tuple) else ""


def _write(path: Path, catalogue: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=120, no_location=True, omit_header=False)
    lines = buffer.getvalue().decode("utf-8").split("\n")
    kept = [line for line in lines if not line.startswith(_PLACEHOLDER_LINES)]
    path.write_text("\n".join(kept), encoding="utf-8")


def main() -> int:
    """Update the catalogues and say what waits for a translation; status 1 while anything does."""
    waiting = update()
    for language, count in waiting.items():
        print(f"{language}: {count} texts to translate" if count else f"{language}: every text translated")
    return 1 if any(waiting.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
