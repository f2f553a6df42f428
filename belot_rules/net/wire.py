"""What one receiver is sent: its seat's view as JSON and the table's moves in words.

Everything here is built from a :class:`~belot_rules.engine.deal.SeatView` and the public fields of the
controller's events, never from the engine's deal: a seat sees its hand and the table; a watcher sees
the table only. While a deal is played another seat's declarations are told by their kind and value
(rules/bulgarian.md §5.2: their cards are shown after the last trick), as the local game tells them.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ..cards import SUIT_OF
from ..cli.game.look import Look
from ..cli.game.seating import COMPASS, Seating, seat_word
from ..cli.game.session import SheetRow
from ..engine.actions import (
    ALONE,
    ASK,
    CALL,
    CONCEAL,
    DECLARE,
    DISCARD,
    EXCHANGE,
    KEEP,
    NO_TRUMPS_LAID,
    PAIR,
    PLAY,
    PREDICT,
    Action,
)
from ..engine.deal import OVER, SeatView
from ..engine.predictions import HIDDEN
from ..i18n import gettext as _
from ..rules.bidding.calls import Call
from ..rules.declarations.melds import Declaration
from ..rules.scoring.result import DealScore
from ..variant.model import SUIT_CONTRACTS

WATCHER = None  # the receiver that is no seat: a spectator
_SEQUENCE = re.compile(r"^(\w+) to the \S+ \((\d+)\)$")
_QUAD = re.compile(r"^four \w+ \((\d+)\)$")


def public_view(view: SeatView) -> SeatView:
    """A seat's view without what only that seat knows: the whole table's view, for a watcher."""
    predictions = view.predictions if view.phase == OVER else tuple(HIDDEN if p >= 0 else p for p in view.predictions)
    return replace(view, hand=(), discarded=(), predictions=predictions)  # a watcher sees predictions once shown


def declaration_words(text: str) -> str:
    """A declaration as the other seats know it while the deal is played: its kind and value."""
    sequence = _SEQUENCE.match(text)
    if sequence:
        return f"{sequence.group(1)} ({sequence.group(2)})"
    quad = _QUAD.match(text)
    return f"four of a kind ({quad.group(1)})" if quad else text


def view_json(view: SeatView, receiver: int | None) -> dict[str, Any]:
    """``view`` as the message carries it to ``receiver`` (a seat, or :data:`WATCHER`)."""
    hidden = view.phase != OVER
    declared = [[s, declaration_words(d) if hidden and s != receiver else d] for s, d in view.declared]
    return {
        "seat": receiver, "hand": list(view.hand), "phase": view.phase, "dealer": view.dealer,
        "to_act": view.to_act, "turned_card": view.turned_card, "calls": [list(c) for c in view.calls],
        "contract": view.contract, "declarer": view.declarer, "multiplier": view.multiplier, "bid": view.bid,
        "trick": [list(t) for t in view.trick],
        "tricks": [{"leader": lead, "cards": list(cards), "winner": win} for lead, cards, win in view.tricks],
        "declared": declared, "belotes": [list(b) for b in view.belotes],
        "exchanged": list(view.exchanged) if view.exchanged is not None else None,
        "shown_stock": view.shown_stock, "chien": view.chien, "discarded": list(view.discarded),
        "tableau": [[list(pile) for pile in piles] for piles in view.tableau],
    }


@dataclass(frozen=True)
class NamedSeating(Seating):
    """The seats as a player at a hosted table reads them: You, and every other seat by its player's name
    (``labels``, the table's names of the seats); the teams as at the local table (Us and Them)."""

    labels: tuple[str, ...] = ()

    def name(self, seat: int) -> str:
        return seat_word("You") if seat == self.human else self.labels[seat]


def seat_label(seat: int, name: str, bot: bool, seats: int) -> str:
    """How a full-screen seat names another: a person by their name, a bot by its compass point, in the reader's
    language (the header names the bots)."""
    return seat_word(COMPASS[seats][seat]) if bot else name


def seen_json(view: SeatView, receiver: int | None) -> dict[str, Any]:
    """The whole of ``view`` as the local table shows it (:meth:`Controller.seen`), for a full-screen seat that
    draws the table itself: every field of the view, with another seat's declarations cut to their kind and
    value while the deal is played (rules/bulgarian.md §5.2), as :func:`view_json` words them."""
    hidden = view.phase != OVER
    data = {f.name: getattr(view, f.name) for f in fields(SeatView)}
    data["declared"] = [[s, declaration_words(d) if hidden and s != receiver else d] for s, d in view.declared]
    data["declarations"] = [asdict(d) if not hidden or d.seat == receiver else
                            {**asdict(d), "suit": -1, "rank": -1, "mask": 0} for d in view.declarations]
    return data


def deep_tuple(value: Any) -> Any:
    """JSON's lists as the view's tuples, all the way down."""
    return tuple(deep_tuple(v) for v in value) if isinstance(value, list) else value


def seen_from(data: dict[str, Any]) -> SeatView:
    """The view :func:`seen_json` sent, as the table's drawing takes it."""
    values = {f.name: deep_tuple(data[f.name]) for f in fields(SeatView) if f.name in data}
    values["declarations"] = tuple(Declaration(**d) for d in data.get("declarations", ()))
    return SeatView(**values)


SCORE_FIELDS = ("raw_points", "match_points", "hanging_out", "verdict", "contract_team", "multiplier", "capot_team")


def row_json(row: SheetRow) -> dict[str, Any]:
    """A deal's row on the score sheet, for a full-screen seat that draws the sheet itself: every number the
    sheet shows (not the deal's cards: a finished deal's are on its history page)."""
    data = {f.name: getattr(row, f.name) for f in fields(SheetRow) if f.name not in ("deal", "score")}
    score = None if row.score is None else {name: getattr(row.score, name) for name in SCORE_FIELDS}
    return data | {"score": score}


def row_from(data: dict[str, Any]) -> SheetRow:
    """The row :func:`row_json` sent, as the sheet's drawing takes it."""
    values = {f.name: deep_tuple(data[f.name]) for f in fields(SheetRow) if f.name not in ("deal", "score")}
    score = data["score"]
    return SheetRow(**values, score=None if score is None else DealScore(**{k: deep_tuple(score[k]) for k in SCORE_FIELDS}))


def action_json(action: Action) -> dict[str, Any]:
    """A legal move as a full-screen seat is sent it: enough to word and draw it, and ``text`` to choose it
    (:func:`~belot_rules.engine.actions.find_action` finds it among the legal moves)."""
    return {"text": str(action), "kind": action.kind, "call": asdict(action.call) if action.call else None,
            "card": action.card, "declarations": [asdict(d) for d in action.declarations], "belote": action.belote,
            "points": action.points}


def action_from(data: dict[str, Any]) -> Action:
    call = Call(**data["call"]) if data["call"] else None
    return Action(data["kind"], call, data["card"], tuple(Declaration(**d) for d in data["declarations"]),
                  data["belote"], data.get("points", -1))


def move_words(look: Look, name: str, action: Action, receiver: int | None, seat: int,
               belote: bool = False) -> str:
    """What ``receiver`` is told of ``seat``'s move (named ``name``): all of it for the mover, and for the
    others what the table shows (not the seven kept, nor the cards laid aside)."""
    own = receiver == seat
    card = look.card_name(action.card) if action.card >= 0 else ""
    if action.kind == CALL and action.call is not None:
        said = look.call(action.call)
    elif action.kind == PLAY:
        said = card if not belote else _("{card}, belote in {contract}").format(
            card=card, contract=look.contract(SUIT_CONTRACTS[SUIT_OF[action.card]]))
    elif action.kind == DECLARE:
        texts = [look.words(str(d)) for d in action.declarations]
        said = ", ".join(t if own else declaration_words(t) for t in texts) or _("no declaration")
    elif action.kind == EXCHANGE:
        said = _("takes the turned card for the trump seven")
    elif action.kind == KEEP:
        said = _("keeps the seven") if own else _("has decided")
    elif action.kind == DISCARD:
        said = _("lays {card} aside").format(card=card) if own else _("lays a card aside")
    elif action.kind == CONCEAL and action.card == NO_TRUMPS_LAID:  # twenty-nine.md §4.3: said at once
        said = _("plays without trumps")
    elif action.kind == CONCEAL:
        said = (_("lays {card} face down as trump").format(card=card) if action.card >= 0
                else _("calls for the seventh card as trump")) if own else _("lays the trump face down")
    elif action.kind == ASK:
        said = _("asks for the trump")
    elif action.kind == PAIR:
        said = _("shows the pair (King and Queen of trumps)")
    elif action.kind == PREDICT:  # bidding.predictions: the number to its maker only
        said = _("predicts {points}").format(points=action.points) if own else _("writes down a prediction")
    elif action.kind == ALONE:  # play.single_hand
        said = _("plays this deal alone, without trumps") if action.points else _("no single hand")
    else:
        said = action.kind
    return _("{name}: {move}").format(name=name, move=said)


def trick_words(view: SeatView, index: int, names: list[str], look: Look) -> str:
    """``Trick 3: J♥ 9♥ A♥ 7♣, won by Ana``: a finished trick from a view of its deal."""
    _leader, cards, winner = view.tricks[index]
    return _("Trick {number}: {cards}, won by {name}").format(
        number=index + 1, cards=" ".join(look.card_name(c) for c in cards), name=names[winner])


def clean_line(text: str, limit: int) -> str:
    """A line typed by a player as others may be shown it: control and format characters (escapes, bidi
    overrides, line breaks) removed, spaces folded, at most ``limit`` characters."""
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] not in "CZ" or ch == " ")
    return " ".join(kept.split())[:limit]
