"""The players' booklet: a rule set told in sentences, with a worked example the engine checks.

``booklet(ruleset)`` chooses the sections from the compiled rules (:mod:`.build`), every sentence
comes from :mod:`.messages`, and :mod:`.render` writes it as text or as a printable HTML page.
"""

from .build import Booklet, Section, booklet
from .render import to_html, to_markdown, to_text

__all__ = ["Booklet", "Section", "booklet", "to_html", "to_markdown", "to_text"]
