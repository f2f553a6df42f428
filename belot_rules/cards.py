"""Cards, suits, ranks and card sets.

A card is an index 0..31: ``suit * 8 + rank``, with ranks in natural order
7 8 9 T J Q K A (0..7) and suits C D H S (0..3). A set of cards is a plain
``int`` whose bit ``i`` is card ``i``; each suit occupies one byte, so the
cards of a suit are ``cards & SUIT_MASKS[suit]``. The engine's hot path works
on these integers only; :class:`Card` is the friendly face for people and
files.

The 36-card pack (Jass, ``rules/family/schieber.md`` §1) adds the four 6s as
rank 8 at indices 32..35 (``32 + suit``), after the 32 cards, so every card of
the 32-card packs keeps its index and its bit (and the compiled kernel, which
knows 32 cards only, reads them as before). Their suit and rank are therefore
read from :data:`SUIT_OF` and :data:`RANK_OF` in code that may meet a 6, and
``SUIT_MASKS`` holds each suit's 6 too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import NamedTuple

from .errors import UserError
from .files import excerpt

RANKS = "789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace", "six")
SIX = 8  # the rank index of the 6, which only the 36-card pack holds
RANK_CHARS = RANKS + "6"  # every rank's letter by its index

DECK_SIZE = 32
FULL_DECK = (1 << DECK_SIZE) - 1
CARD_COUNT = 36  # card indices of every pack: the 32 cards, then the four 6s
SUIT_MASKS = tuple(0xFF << (8 * s) | 1 << (DECK_SIZE + s) for s in range(4))
SUIT_OF = tuple(i >> 3 for i in range(DECK_SIZE)) + tuple(range(4))
RANK_OF = tuple(i & 7 for i in range(DECK_SIZE)) + (SIX,) * 4

_RANK_ALIASES = {"10": "T"}
_SUIT_ALIASES = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}
_SUIT_ALIASES.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})


class CardError(UserError, ValueError):
    """A card written in a form nobody at a Belot table would recognise.

    A :class:`UserError` like every misuse of the public API, and still a ``ValueError`` for
    callers (and pydantic validators) that catch that.
    """


class Card(NamedTuple):
    """One of the 36 cards; ``str(Card)`` is the short form, e.g. ``JH``."""

    rank: int  # 0..7 for 7 8 9 T J Q K A, 8 for the 6
    suit: int  # 0..3 for C D H S

    # The card's place among the card indices, the name every module uses; it hides the tuple's
    # search method, which nothing calls on a card.
    @property
    def index(self) -> int:  # type: ignore[override]
        return card_index(self.suit, self.rank)

    @property
    def bit(self) -> int:
        return 1 << card_index(self.suit, self.rank)

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank]

    @property
    def valid(self) -> bool:
        """Whether this is one of the 36 cards: ``Card(9, 9)`` built by hand is not."""
        return type(self.rank) is int and type(self.suit) is int and 0 <= self.rank <= SIX and 0 <= self.suit < 4

    def __str__(self) -> str:
        if not self.valid:  # shown as built, never a crash in a message
            return f"Card(rank={excerpt(self.rank)}, suit={excerpt(self.suit)})"
        return RANK_CHARS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self})" if self.valid else str(self)

    def symbol(self) -> str:
        """The card with its suit symbol and ``10`` for the ten, as printed for players."""
        rank = "10" if self.rank_char == "T" else self.rank_char
        return rank + SUIT_SYMBOLS[self.suit]


def card_index(suit: int, rank: int) -> int:
    """The index of the card of ``suit`` and ``rank``: ``suit * 8 + rank``, and ``32 + suit`` for a 6."""
    return DECK_SIZE + suit if rank == SIX else suit * 8 + rank


CARDS: tuple[Card, ...] = tuple(Card(RANK_OF[i], SUIT_OF[i]) for i in range(CARD_COUNT))


def quoted(text: object) -> str:
    """A written rank, suit, card or contract as a message quotes it: text as ``'X'`` (variant messages are
    placed by that form), any other value as :func:`~belot_rules.files.excerpt` shows it; at most 40 characters."""
    return repr(text[:40]) if isinstance(text, str) else excerpt(text)


def parse_rank(text: str) -> int:
    """Rank index of ``7 8 9 T/10 J Q K A`` (any case), and 8 for the ``6`` of the 36-card pack."""
    written = str(text).strip().upper()
    key = _RANK_ALIASES.get(written, written)
    if len(key) != 1 or key not in RANK_CHARS:
        raise CardError(f"unknown rank {quoted(text)}; ranks are 7 8 9 10 (or T) J Q K A, and 6 in a 36-card pack")
    return RANK_CHARS.index(key)


def parse_suit(text: str) -> int:
    """Suit index of ``C D H S`` (any case) or of a suit symbol."""
    raw = str(text).strip()
    key = _SUIT_ALIASES.get(raw, raw.upper())
    if len(key) != 1 or key not in SUITS:
        raise CardError(f"unknown suit {quoted(text)}; suits are C D H S (or ♣ ♦ ♥ ♠)")
    return SUITS.index(key)


def parse_card(text: str | Card) -> Card:
    """Parse ``JH``, ``jh``, ``10h``, ``TH``, ``T♥`` or ``j♥`` into a :class:`Card`.

    Anything else (a number, ``None``, a list, ``Card(9, 9)``) is a :class:`CardError` that shows it.
    """
    if isinstance(text, Card):
        if text.valid:
            return CARDS[text.index]
        raise CardError(f"Card(rank, suit) takes a rank 0-8 and a suit 0-3, not {text}")
    if not isinstance(text, str):
        raise CardError(f"a card is written like JH or 10♥, not {excerpt(text)}")
    raw = text.strip()
    if len(raw) < 2:
        raise CardError(f"{quoted(text)} is not a card; write rank then suit, like JH, 10S or T♥")
    try:
        return Card(parse_rank(raw[:-1]), parse_suit(raw[-1]))
    except CardError as err:
        raise CardError(f"{quoted(text)} is not a card: {err}") from None


def parse_cards(items: Iterable[str | Card] | str) -> list[Card]:
    """Parse several cards, given as a list or as one space- or comma-separated string."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    elif not isinstance(items, Iterable) or isinstance(items, (bytes, Card, Mapping)):
        raise CardError(f"cards are a list like [\"JH\", \"10S\"] or a text like \"JH 10S\", not {excerpt(items)}")
    return [parse_card(item) for item in items]


def mask_of(cards: Iterable[Card | str | int]) -> int:
    """The card set holding ``cards`` (cards, strings or indices)."""
    mask = 0
    for c in cards:
        mask |= 1 << (c if isinstance(c, int) else parse_card(c).index)
    return mask


def iter_bits(mask: int) -> Iterator[int]:
    """Card indices in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> list[Card]:
    """The cards of a card set in index order (suit, then natural rank; the 6s last)."""
    return [CARDS[i] for i in iter_bits(mask)]
