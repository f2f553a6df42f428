"""A booklet written out: plain text wrapped to a width (the terminal, the table's rules page), or one HTML
page that prints on paper and needs nothing from a network."""

from __future__ import annotations

import html
import re
import textwrap

from .. import i18n
from .build import Block, Booklet


def to_text(book: Booklet, width: int = 78) -> str:
    """The booklet as text lines no wider than ``width``: a title, headings underlined, lists with bullets."""
    width = max(30, width)
    title = textwrap.wrap(book.title, width)
    lines = [*title, "=" * max(len(line) for line in title)]
    for paragraph in book.intro:
        lines += ["", *textwrap.wrap(paragraph, width)]
    for section in book.sections:
        heading = textwrap.wrap(section.heading, width)
        lines += ["", *heading, "-" * max(len(line) for line in heading)]
        for block in section.blocks:
            lines += _text_block(block, width)
    return "\n".join(lines) + "\n"


def _text_block(block: Block, width: int) -> list[str]:
    if isinstance(block, str):
        return ["", *textwrap.wrap(block, width)]
    lines = [""]
    for item in block:
        lines += textwrap.wrap(item, width, initial_indent="  • ", subsequent_indent="    ")
    return lines


_STYLE = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 42em; margin: 2em auto; padding: 0 1em;
       line-height: 1.45; color: #111; }
h1 { font-size: 1.7em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #999; }
ul { padding-inline-start: 1.4em; }
.intro { font-style: italic; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } section { break-inside: avoid; } }
"""


def to_html(book: Booklet) -> str:
    """The booklet as one self-contained HTML page, styled for reading and for printing, in the language it is written
    in (right to left for Arabic)."""
    language = i18n.current()
    direction = ' dir="rtl"' if language in i18n.RIGHT_TO_LEFT else ""
    parts = ["<!DOCTYPE html>", f'<html lang="{language}"{direction}>', "<head>", '<meta charset="utf-8">',
             f"<title>{html.escape(book.title)}</title>", f"<style>{_STYLE}</style>", "</head>", "<body>",
             f"<h1>{html.escape(book.title)}</h1>"]
    parts += [f'<p class="intro">{html.escape(p)}</p>' for p in book.intro]
    for section in book.sections:
        parts += ["<section>", f"<h2>{html.escape(section.heading)}</h2>"]
        parts += [_html_block(block) for block in section.blocks]
        parts.append("</section>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


def _html_block(block: Block) -> str:
    if isinstance(block, str):
        return f"<p>{html.escape(block)}</p>"
    return "<ul>" + "".join(f"<li>{html.escape(item)}</li>" for item in block) + "</ul>"


def to_markdown(book: Booklet) -> str:
    """The booklet as a Markdown page (the documentation site's booklets)."""
    lines = [f"# {_md(book.title)}", ""]
    lines += [line for p in book.intro for line in (f"*{_md(p)}*", "")]
    for section in book.sections:
        lines += [f"## {_md(section.heading)}", ""]
        for block in section.blocks:
            lines += [_md(block), ""] if isinstance(block, str) else [*(f"- {_md(item)}" for item in block), ""]
    return "\n".join(lines)


def _md(text: str) -> str:
    """Text with the characters Markdown would read as markup escaped."""
    return re.sub(r"([\\`*_\[\]<>#|])", r"\\\1", text)
