"""What the player may type and the commands of the game: the help of both interfaces, and the keys under the hand."""

from __future__ import annotations

from rich.panel import Panel
from rich.table import Table

from ...i18n import gettext as _
from .look import FRAME_WIDTH, Look


def command_keys() -> str:
    """The line under the hand: the keys of the commands."""
    return _("? help · a auction · l last trick · s sheet · r rules · h hint · u undo · q quit")


def help_rows() -> list[tuple[str, str]]:
    """What may be typed at a prompt, and the commands: the help of both interfaces."""
    return [
        (_("Calls"), _("type the number of a call, or its name: pass, hearts, nt, contra; point bids like 90 h")),
        (_("Cards"), _("type the number of a card, or its name: jh, 10s, qd; 'kh belote' announces a belote")),
        (_("Declarations"), _("Enter declares what you hold, n declares nothing")),
        ("?", _("this help")),
        ("a", _("the auction of this deal")),
        ("l", _("the last trick")),
        ("s", _("the score sheet")),
        ("r", _("the rules of this variant")),
        ("h", _("a hint: what the bot would do in your place")),
        ("u", _("undo: take back your last call or card of this deal, unless cards or declarations it did not "
                "see have been shown since")),
        ("f", _("forced cards: play a card that is the only legal one by itself (on/off)")),
        ("level", _("the levels of the bots and their ratings in this variant")),
        ("q", _("save and quit; belot play --resume continues the game")),
    ]


def help_panel(look: Look) -> Panel:
    """Everything a new player needs, on one screen."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for key, what in help_rows():
        grid.add_row(key, what)
    return Panel(grid, title=_("Help"), title_align="left", box=look.box, padding=(0, 1), width=FRAME_WIDTH)
