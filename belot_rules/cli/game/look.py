"""How cards, suits, contracts and calls are written on screen.

A four-colour deck (clubs green, diamonds blue, hearts red, spades in the text colour)
tells the suits apart for colour-blind players, and the suit is always written too,
as a symbol or, with ``--ascii``, as its letter. Colour is never the only cue.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TextIO

from rich.box import ASCII, ROUNDED, SIMPLE, Box
from rich.text import Text

from ... import i18n
from ...cards import CARDS, SUIT_SYMBOLS, SUITS, Card, parse_card
from ...i18n import current as speaking, gettext as _, pgettext, words
from ...rules.bidding.calls import CAPOT, NO_DOUBLE, Call
from ...variant.languages import words_in
from ...variant.model import CONCEALED, SUIT_CONTRACTS, Variant

CELL_WIDTH = 25
FRAME_WIDTH = 3 * CELL_WIDTH + 2  # the header and panels line up with the table
SUIT_STYLES = ("green", "bright_blue", "red", "bold")  # C D H S
SCHMEISS_ANSWERS = {"accept": "accept (redeal)", "refuse": "refuse (play it)"}  # the answers to a schmeiss
# Colour themes for the suits (C D H S); the suit's symbol or letter is always written as well.
THEMES = {
    "four-colour": SUIT_STYLES,
    "two-colour": ("bold", "red", "red", "bold"),  # the printed deck: black and red
    # Okabe-Ito colours, told apart with any of the common colour blindnesses: yellow, sky blue, vermillion, plain
    "colour-blind": ("#F0E442", "#56B4E9", "#D55E00", "bold"),
}
ASCII_SIMPLE = Box("    \n    \n -- \n    \n    \n -- \n    \n    \n", ascii=True)
ASCII_TEXT = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "→": "->", "×": "x", "·": "-", "›": ">",
                            "…": "...", "–": "-", "—": "-", "≠": "!=", "✓": "+", "✗": "x", "▶": ">",
                            "↑": "^", "↓": "v", "←": "<-", "“": '"', "”": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "\u00a0": " "})


def ascii_text(text: str) -> str:
    """``text`` in ASCII: suit symbols as letters, accents dropped (coinchée -> coinchee), anything else ``?``."""
    decomposed = unicodedata.normalize("NFKD", text.translate(ASCII_TEXT))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).encode("ascii", "replace").decode("ascii")


class AsciiOnly:
    """A text stream that writes ASCII only, for ``--ascii``: whatever a screen holds (a variant's title,
    a house file's description) reaches the terminal transliterated."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(ascii_text(text))

    def __getattr__(self, name: str) -> object:  # flush, isatty, fileno, encoding ...
        return getattr(self._stream, name)

def variant_title(variant: Variant) -> str:
    """The variant's title in the language the game speaks (the file's own, else its English one)."""
    return words_in(variant).title


@dataclass(frozen=True)
class Look:
    """Symbols or plain letters; the styles of the four suits; the table's words for doubling."""

    ascii: bool = False
    doublings: tuple[tuple[int, str], ...] = ((2, "contra"), (4, "recontra"))  # multiplier and name per level
    suit_styles: tuple[str, ...] = SUIT_STYLES  # one of THEMES
    contract_names: tuple[tuple[str, str], ...] = ()  # the table's words: (contract or "suit", name)

    def for_variant(self, variant: Variant) -> Look:
        """This look with the variant's names for its doubling levels (coinche, surcoinche, gahwa ...) and
        contracts (Sun, Hokum, sans atout ...)."""
        bidding = variant.bidding
        if speaking() == i18n.SOURCE:
            return replace(self, doublings=tuple(zip(bidding.doubles.multipliers, bidding.doubles.names)),
                           contract_names=tuple(bidding.contract_names.items()))
        said = words_in(variant)  # the suits are named by the catalogue, each with its symbol (:meth:`contract`)
        levels = said.levels + tuple(bidding.doubles.names[len(said.levels):])
        return replace(self, doublings=tuple(zip(bidding.doubles.multipliers, levels)),
                       contract_names=tuple((key, name) for key, name in said.contracts.items()
                                            if key not in SUIT_CONTRACTS))

    @property
    def box(self) -> Box:
        return ASCII if self.ascii else ROUNDED

    @property
    def rule_box(self) -> Box:
        """Lines under the headings only: for tables with many columns."""
        return ASCII_SIMPLE if self.ascii else SIMPLE

    @property
    def pointer(self) -> str:
        """Marks the seat whose turn it is."""
        return ">" if self.ascii else "▶"

    @property
    def times(self) -> str:
        return "x" if self.ascii else "×"

    @property
    def dot(self) -> str:
        return "-" if self.ascii else "·"

    def words(self, text: str) -> str:
        """Text from the rules (declarations, score lines) in this look: letters for suit symbols in ASCII."""
        return ascii_text(text) if self.ascii else text

    def suit(self, suit: int) -> str:
        return SUITS[suit] if self.ascii else SUIT_SYMBOLS[suit]

    def card_name(self, card: Card | str | int) -> str:
        """``J♥`` / ``10♠``, or ``JH`` / ``10S`` in ASCII."""
        card = CARDS[card] if isinstance(card, int) else parse_card(card)
        rank = "10" if card.rank_char == "T" else card.rank_char
        return rank + self.suit(card.suit)

    def card(self, card: Card | str | int, style: str = "") -> Text:
        """A card in its suit's colour, plus ``style`` (dim, strike ...)."""
        card = CARDS[card] if isinstance(card, int) else parse_card(card)
        return Text(self.card_name(card), style=f"{self.suit_styles[card.suit]} {style}".strip())

    def contract(self, contract: str) -> str:
        """``hearts ♥``, ``no trumps``; in the variant's words, ``Hokum hearts ♥``, ``Sun``, ``sans atout``."""
        names = dict(self.contract_names)
        if contract == CONCEALED:
            return _("trump face down")
        if contract in names:
            return names[contract]
        name = words.contract_names().get(contract, contract.replace("_", " "))
        if contract in SUIT_CONTRACTS:
            name = words.suit_names()[SUIT_CONTRACTS.index(contract)]
            if "suit" in names:
                name = f"{names['suit']} {name}"
            if not self.ascii:
                return f"{name} {self.suit(SUIT_CONTRACTS.index(contract))}"
        return name

    def call(self, call: Call, level: int | None = None) -> str:
        """A call as the table says it: ``pass``, ``hearts ♥``, ``90 spades ♠``, ``contra ×2``.

        ``level`` is the doubling level the call raises (0 undoubled), which names a raise on a
        ladder of more than two levels (Baloot's three, four, gahwa); without it a double is the
        first level and a redouble the second."""
        if call.kind == "pass":
            return pgettext("call", "pass")
        if call.kind == NO_DOUBLE.kind:  # a pass of the doubling round after the bidding (twenty-nine.md §3.4)
            return pgettext("call", "no double")
        if call.kind == "ashkal":
            return pgettext("call", "ashkal")
        if call.kind == "push":  # Schieber Jass
            return pgettext("call", "push")
        if call.kind == "redeal":  # a redeal claim (Baloot's kawesh)
            return pgettext("call", "redeal")
        if call.kind == "schmeiss":
            schmeiss = pgettext("call", "schmeiss")
            return schmeiss if call.contract is None else f"{schmeiss} {self.contract(call.contract)}"
        if call.kind in SCHMEISS_ANSWERS:
            return pgettext("call", "accept (redeal)") if call.kind == "accept" else pgettext("call", "refuse (play it)")
        if call.kind != "bid":
            index = (0 if call.kind == "double" else 1) if level is None else level
            multiplier, name = self.doublings[min(index, len(self.doublings) - 1)]
            return f"{name} {self.times}{multiplier}"
        contract = call.contract or ""  # a bid names its contract
        if call.points is None:
            return self.contract(contract)
        points = pgettext("call", "capot") if call.points == CAPOT else str(call.points)
        if contract == CONCEALED:  # a bid of points alone: the trump is laid face down after the auction
            return points
        return f"{points} {self.contract(contract)}"

    def calls(self, calls: Sequence[tuple[int, Call]]) -> list[tuple[int, str]]:
        """An auction's calls as the table says them, each raise named by the level it reaches."""
        said, level = [], 0
        for seat, call in calls:
            said.append((seat, self.call(call, level)))
            if call.kind in ("double", "redouble"):
                level += 1
            elif call.kind != "pass":
                level = 0
        return said

    def multiplier(self, level: int, named: bool = True) -> str:
        """``×2 contra`` for a contract doubled to ``level`` (``×2`` unless ``named``), nothing for an
        undoubled one (level 0). The level, not the multiplier, names it: two of Baloot's levels
        (four and gahwa) are both ×4."""
        if level == 0:
            return ""
        multiplier, name = self.doublings[min(level, len(self.doublings)) - 1]
        return f"{self.times}{multiplier} {name if named else ''}".strip()
