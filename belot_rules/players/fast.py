"""The card-set interface a bot may offer besides :class:`~belot_rules.players.base.Player`.

Building a :class:`~belot_rules.engine.deal.SeatView` (strings for every card)
costs more than a good bot's decision, so simulations ask bots that implement
this protocol directly, with the same information a view holds: the seat's own
hand as a card set, the calls, the turned card, the table and a shared
:class:`~belot_rules.players.memory.Memory` of what has been played. Never
another seat's hand. A bot must make the same choice through either door.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ..rules.bidding.calls import Call
from ..rules.declarations.melds import Declaration
from .memory import Memory

# (memory, seat, declarer, hand, legal, trick, win_pos) -> a card of the ``legal`` card set, where ``trick``
# holds the cards already played and ``win_pos`` the position of the winning one.
CardChooser = Callable[[Memory, int, int, int, int, list[int] | tuple[int, ...], int], int]


@runtime_checkable
class CardSetPlayer(Protocol):
    """A bot that decides from card sets as well as from views."""

    name: str

    def call_for(self, seat: int, hand: int, calls: Sequence[tuple[int, Call]], turned_card: int,
                 legal: Sequence[Call], board: Sequence[int] = (), hanging_in: int = 0) -> Call:
        """One of ``legal``; ``turned_card`` is -1 when there is none; ``board`` is the match score before the
        deal, per side (0 each for a deal alone), and ``hanging_in`` the reserve it carries in. A bot may leave
        those two out: it is then asked without them."""
        ...

    def declaration_for(self, options: Sequence[Sequence[Declaration]]) -> int:
        """The index in ``options`` of what to declare."""
        ...

    def card_chooser(self, contract: str) -> CardChooser:
        """How the bot picks its cards in ``contract``; the simulation asks once per deal and calls it per card."""
        ...
