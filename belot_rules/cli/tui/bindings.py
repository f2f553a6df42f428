"""The table's keys: what each does, and which the footer shows (their labels marked for translation here,
translated when the table is made, by ``screens.key_labels``)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from ...i18n import gettext as _

TABLE_KEYS: list[BindingType] = [
    Binding("question_mark", "help", _("Help")),
    Binding("u", "undo", _("Undo")),
    Binding("h", "hint", _("Hint")),
    Binding("s", "sheet", _("Sheet")),
    Binding("y", "history", _("History")),
    Binding("a", "auction", _("Auction"), show=False),
    Binding("r", "rules", _("Rules")),
    Binding("l", "level", _("Level"), show=False),  # on the keys page (?): the footer is full at 80 columns
    Binding("space", "skip", _("Skip"), key_display=_("space"), show=False),  # the status line says it when it helps
    Binding("q", "quit_game", _("Quit")),
    Binding("ctrl+c", "quit_game", show=False, priority=True),
    Binding("slash", "type", _("Type"), show=False),
    Binding("escape", "close_typing", show=False),
    Binding("f", "forced", show=False),
    Binding("o", "sort", show=False),
    Binding("c", "colours", show=False),
    Binding("t", "stats", show=False),
    Binding("plus,equals_sign", "speed(1)", show=False),
    Binding("minus", "speed(-1)", show=False),
]
