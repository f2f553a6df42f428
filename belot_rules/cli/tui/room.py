"""How the table uses the terminal: at 80x24 the small cards and a narrow side column, the layout the table is
drawn for; from about 120x40 the cards are drawn large, with their suit in the middle, the seats spread apart and
the side column wider, so a big terminal is not mostly empty; at 180 columns the side column is wider still."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.geometry import Size

from .hand import HandView

MIN_SIZE = (80, 24)  # columns and rows the table is drawn for
LARGE_FROM = (110, 36)  # columns and rows from which the cards are drawn large
SIDE_WIDTHS = ((180, 52), (110, 40), (0, 30))  # the side column's width from each terminal width up


@dataclass(frozen=True, slots=True)
class Room:
    """The table's sizes for one terminal size."""

    large: bool  # the cards 7 columns by 5 rows, the suit in the middle; else 5 by 3
    side: int  # the side column's width

    @classmethod
    def of(cls, size: Size) -> Room:
        large = size.width >= LARGE_FROM[0] and size.height >= LARGE_FROM[1]
        return cls(large, next(side for width, side in SIDE_WIDTHS if size.width >= width))


def fit(app: App[Any], size: Size) -> Room:
    """Size the side column and the hand for ``size``; the seats are drawn for the returned room."""
    room = Room.of(size)
    app.query_one("#side").styles.width = room.side
    hand = app.query_one(HandView)
    if hand.piles is None and not app.query_one("#tableau").display:  # an open tableau's piles keep their size
        hand.large = room.large
        hand.styles.height = hand.get_content_height(None, None, 0) + 1  # its cards, labels and top border
    return room
