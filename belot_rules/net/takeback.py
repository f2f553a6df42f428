"""Taking a move back at a hosted table, by the host's rule (``belot host --undo``): never; own-move, while no
other player has answered it; agreed, once every other player present says so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..booklet.messages import listing
from ..cli.game.session import NoUndo
from ..engine.deal import DealState
from ..i18n import gettext as _, ngettext
from .seats import Out, Refused

if TYPE_CHECKING:
    from .table import Table

NEVER, OWN_MOVE, AGREED = "never", "own-move", "agreed"
UNDO_RULES = (NEVER, OWN_MOVE, AGREED)  # belot host --undo


def undo(table: Table, seat: int | None) -> list[Out]:
    """A player asks to take back their last move (or agrees to another's asking), by the host's rule:
    never; own-move, while no other player has moved since; agreed, once every other player present says
    so. It goes back as far as the local game's undo (``Session.undo_step``) and no further."""
    if seat is None:
        raise Refused(_("watchers do not move"))
    if table.undo_rule == NEVER:
        raise Refused(_("the host does not allow undo at this table (belot host --undo own-move or agreed allows "
                        "it)"))
    asked = table.asked if table.asked is not None and table.asked[:3] == _position(table) else None
    if asked is not None and asked[3] != seat:
        return _agree(table, seat, asked)
    try:
        with table.player(seat):
            last = table.session.undo_step()
    except NoUndo as why:
        raise Refused(str(why)) from None
    others = {s for s in _movers(table, last) if s != seat and table.seats[s].person}
    if table.undo_rule == OWN_MOVE and others:
        raise Refused(_("{names} moved since: at this table a player takes back only a move no other player "
                        "has answered (belot host --undo agreed lets the others agree to it)").format(
            names=_names(table, others)))
    voters = {s.number for s in table.seats if s.person and s.present and s.number != seat}
    if table.undo_rule == OWN_MOVE or not voters:
        return _take_back(table, seat)
    table.asked = (*_position(table), seat, frozenset())
    return table.to_all(lambda r: {"type": "said", "seat": None, "name": _("Table"), "text": _(
        "{name} asks to take back their last move: {names}, type u to agree (a move made goes on without "
        "it).").format(name=table.seats[seat].name, names=_names(table, voters))})


def _agree(table: Table, seat: int, asked: tuple[int, int, int, int, frozenset[int]]) -> list[Out]:
    agreed = asked[4] | {seat}
    waiting = {s.number for s in table.seats if s.person and s.present and s.number != asked[3]} - agreed
    if not waiting:
        return _take_back(table, asked[3])
    table.asked = (*asked[:4], agreed)
    return table.to_all(lambda r: {"type": "said", "seat": None, "name": _("Table"), "text": _(
        "{name} agrees; waiting for {names}.").format(name=table.seats[seat].name, names=_names(table, waiting))})


def _take_back(table: Table, seat: int) -> list[Out]:
    """The controller's undo for ``seat``; everybody is told and shown the deal as it is again."""
    try:
        with table.player(seat):
            taken = table.flow.undo()
    except NoUndo as why:  # the deal just ended: its result is being told
        raise Refused(str(why)) from None
    table.turn, table.belote, table.asked, table.shown = None, [], None, table.session.deal
    name = table.seats[seat].name
    return table.seen(table.to_all(lambda r: {"type": "undone", "seat": seat, "view": table.view(r), "said": ngettext(
        "{name} took back their last move ({count} move taken back): the deal goes on from there.",
        "{name} took back their last move ({count} moves taken back): the deal goes on from there.",
        len(taken)).format(name=name, count=len(taken))}))


def _position(table: Table) -> tuple[int, int, int]:
    session = table.session
    deal = session.match.current
    return session.deal_number, len(deal.history) if deal is not None else 0, len(session.undone)


def _movers(table: Table, start: int) -> set[int]:
    """The seats that moved in this deal after its step ``start``."""
    deal = table.session.deal
    assert deal is not None and deal.auction is not None, "undo_step found a move of this deal"
    probe = DealState.start(deal.ruleset, deal.deck, deal.dealer, deal.hanging_in, tuple(deal.auction.board))
    seats = set()
    for step, action in enumerate(deal.history):
        if step > start:
            seats.add(probe.to_act)
        probe.apply(action)
    return seats


def _names(table: Table, seats: set[int]) -> str:
    return listing([table.seats[s].name for s in sorted(seats)])
