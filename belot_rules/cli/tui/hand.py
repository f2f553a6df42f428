"""The player's hand at the table: its cards drawn side by side (or an open tableau's piles), the legal ones
numbered, chosen with the arrows, a number or a click."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from ...cards import Card, parse_card
from ...engine.deal import SeatView
from ...i18n import gettext as _
from ...ruleset import Ruleset
from ..game.hands import shown_cards, sort_hand
from ..game.look import Look
from .drawing import CARD_WIDTH, LARGE_WIDTH, card_lines, joined, pile_lines


def sorted_hand(rules: Ruleset, view: SeatView, mode: str) -> list[Card]:
    """The seat's hand in the player's chosen order; at an open tableau, its piles left to right."""
    if view.tableau:
        return shown_cards(rules, view)
    hand = sort_hand(rules, view.contract, view.hand)
    if mode == "rank":
        order: Sequence[str] = rules.variant.cards.plain_suit.of("suit").order
        hand.sort(key=lambda c: (c.suit, -order.index(c.rank_char)))
    return hand


class HandView(Widget, can_focus=True):
    """The player's hand, drawn card by card; when a card is to be played, the legal ones are numbered."""

    BINDINGS = [
        Binding("left,up", "move(-1)", "Card", show=False),
        Binding("right,down", "move(1)", show=False),
        Binding("home", "move(-99)", show=False),
        Binding("end", "move(99)", show=False),
        Binding("enter", "play", "Play", show=False),
    ]

    class Chosen(Message):
        """The player chose a card (maybe one the rules forbid: the table says why)."""

        def __init__(self, card: int, how: str) -> None:
            super().__init__()
            self.card = card
            self.how = how  # "enter", "number" (its number key) or "click"

    def __init__(self, look: Look, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look
        self.cards: list[Card] = []
        self.legal: list[int] | None = None  # legal cards in hand order while the player must play
        self.selected = 0
        self.piles: tuple[tuple[str | None, ...], ...] | None = None  # an open tableau's piles, drawn instead
        self.large = False  # the cards drawn large (a big terminal: tui/room.py)

    def show(self, look: Look, cards: list[Card], legal: list[int] | None,
             piles: tuple[tuple[str | None, ...], ...] | None = None) -> None:
        keep = self.selected_card
        self.look, self.cards, self.legal, self.piles = look, cards, legal, piles
        if legal is not None:
            self.selected = legal.index(keep) if keep in legal else 0
        self.refresh(layout=True)

    @property
    def selected_card(self) -> int | None:
        if not self.legal:
            return None
        return self.legal[min(self.selected, len(self.legal) - 1)]

    def select(self, card: int) -> None:
        if self.legal and card in self.legal:
            self.selected = self.legal.index(card)
            self.refresh()

    def render(self) -> Text:
        if self.piles is not None:
            return self.render_piles()
        if not self.cards:
            return Text(_("(no cards)"), style="dim")
        large = self.whole(self.size.width) == LARGE_WIDTH
        lines = [Text() for _ in range(6 if large else 4)]  # the card's lines and its label
        chosen = self.selected_card
        width, last = self.card_width(self.size.width), self.last_width(self.size.width)
        for i, card in enumerate(self.cards):
            playable = self.legal is None or card.index in self.legal
            style = "" if playable else "dim"
            shown = last if i == len(self.cards) - 1 else width
            for line, part in zip(lines, card_lines(self.look, card.index, card.index == chosen, style, large)):
                line.append_text(part[:shown])
            lines[-1].append(self.label(card.index).center(shown), style="bold" if playable else "dim")
        return joined(lines)

    def card_width(self, room: int) -> int:
        """Columns a card takes: the whole card, or (a hand of 10 or 12 in a narrow room, Belote à trois's
        chien) each card but the last without its right edge."""
        whole = self.whole(room)
        return whole if not room or len(self.cards) * whole <= room else whole - 1

    def last_width(self, room: int) -> int:
        """The last card is whole when there is room for its right edge."""
        whole = self.whole(room)
        return whole if not room or (len(self.cards) - 1) * self.card_width(room) + whole <= room else whole - 1

    def whole(self, room: int) -> int:
        """A whole card's width: large where the terminal is big (tui/room.py) and the hand fits ``room`` so, each
        card but the last without its right edge at most; else small."""
        fits = not room or (len(self.cards) - 1) * (LARGE_WIDTH - 1) + LARGE_WIDTH <= room
        return LARGE_WIDTH if self.large and fits else CARD_WIDTH

    def render_piles(self) -> Text:
        """The piles of an open tableau, each where it was dealt: its top card, the edge of a face-down card
        under it, and the card's number as in a hand."""
        lines = [Text() for _ in range(5)]
        chosen = self.selected_card
        for pile in self.slots():
            card = parse_card(pile[-1]).index if pile and pile[-1] is not None else None
            playable = self.legal is None or card in self.legal
            style = "" if playable else "dim"
            for line, part in zip(lines, pile_lines(self.look, pile, card is not None and card == chosen, style)):
                line.append_text(part)
            lines[4].append(self.label(card).center(CARD_WIDTH) if card is not None else " " * CARD_WIDTH,
                            style="bold" if playable else "dim")
        return joined(lines)

    def slots(self) -> list[tuple[str | None, ...]]:
        """The piles, then any hand cards beside them, each drawn as a pile of one face-up card."""
        piles = list(self.piles or ())
        on_table = {pile[-1] for pile in piles if pile}
        return piles + [(str(card),) for card in self.cards if str(card) not in on_table]

    def slot_card(self, x: int) -> int | None:
        """The card drawn at column ``x``: a hand card, or the face-up top of a pile."""
        if self.piles is not None:
            position, slots = x // CARD_WIDTH, self.slots()
            pile = slots[position] if 0 <= position < len(slots) else ()
            return parse_card(pile[-1]).index if pile and pile[-1] is not None else None
        count, width = len(self.cards), self.card_width(self.size.width)
        if x >= (count - 1) * width + self.last_width(self.size.width):
            return None
        return self.cards[min(x // width, count - 1)].index if x >= 0 else None

    def label(self, card: int) -> str:
        """Under a card: its number when legal, a marker under the chosen one, a cross when forbidden."""
        if self.legal is None:
            return ""
        if card not in self.legal:
            return "x" if self.look.ascii else "×"
        number = str(self.legal.index(card) + 1)
        if card == self.selected_card:
            return f"^{number}^" if self.look.ascii else f"▲{number}▲"
        return number

    def get_content_width(self, container: Size, viewport: Size) -> int:  # noqa: D102
        if self.piles is not None:
            return max(len(self.slots()) * CARD_WIDTH, 10)
        return max((len(self.cards) - 1) * self.card_width(container.width) + self.last_width(container.width), 10)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:  # noqa: D102
        return (6 if self.large else 4) if self.piles is None else 5

    def action_move(self, step: int) -> None:
        if self.legal:
            self.selected = max(0, min(len(self.legal) - 1, self.selected + step))
            self.refresh()

    def action_play(self, how: str = "enter") -> None:
        if self.selected_card is not None:
            self.post_message(self.Chosen(self.selected_card, how))

    def on_click(self, event: events.Click) -> None:
        card = self.slot_card(event.x)
        if card is not None:
            self.select(card)
            self.post_message(self.Chosen(card, "click"))
