"""What a seat does, in the game's language: ``Left deals``, ``You deal``, and the question of a move (one home for
the line game, the table and a network seat)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...cards import CARDS, parse_card
from ...engine.actions import ALONE, ASK, CONCEAL, EXCHANGE, NO_TRUMPS_LAID, Action
from ...engine.deal import SeatView
from ...engine.predictions import HIDDEN
from ...i18n import gettext as _, pgettext
from ...rules.match.options import MidDeal
from .controller import (
    BIDDING,
    CONCEALING,
    DECLARING,
    DISCARDING,
    EXCHANGING,
    PREDICTING,
    SINGLE_HAND,
    HumanTurn,
    MatchEnded,
)
from .look import Look

if TYPE_CHECKING:
    from .render import Renderer


def _verb_forms() -> dict[str, tuple[str, str]]:
    """Each verb as the player says it of himself and of another seat (read at each call: the language may change)."""
    return {
        "deal": (_("You deal"), _("{name} deals")),
        "take": (_("You take"), _("{name} takes")),
        "move": (_("You move"), _("{name} moves")),
        "speak": (_("You speak"), _("{name} speaks")),
        "declare": (_("You declare"), _("{name} declares")),
        "discard": (_("You discard"), _("{name} discards")),
        "play": (_("You play"), _("{name} plays")),
        "predict": (_("You predict"), _("{name} predicts")),
        "take_chien": (_("You took the chien"), _("{name} took the chien")),
        "lead": (_("You led"), _("{name} led")),  # the trick on the table: who led it, who holds it, who took it
        "winning": (_("You are winning"), _("{name} winning")),
        "win_trick": (_("You win"), _("{name} wins")),
    }


def does(name: str, verb: str) -> str:
    """``Left deals``, ``You deal``: a seat (or a side, for ``win``) doing ``verb``, in the game's language."""
    you = name in (pgettext("seat", "You"), pgettext("team", "Your team"))
    if verb == "win":  # "You win", "Your team wins": the team's name takes the third person
        said = _("{name} win the match") if name == pgettext("seat", "You") else _("{name} wins the match")
        return said.format(name=name)
    forms = _verb_forms().get(verb)
    if forms is None:
        return f"{name} {verb}" if you else f"{name} {verb}s"
    return forms[0] if you else forms[1].format(name=name)


def reached(ended: MatchEnded, draw: Renderer) -> str:
    """After the match's result, `` · reached 1000 in the middle of the last deal, counting ...`` where the winner
    reached the target before that deal's end in the counting order of ``match.mid_deal`` (schieber.md §7); else
    nothing."""
    rules = draw.control.rules.variant.match
    if not ended.mid_deal or ended.winner is None or rules.target is None:
        return ""
    if rules.mid_deal == MidDeal.belote_tricks_declarations:
        said = _("reached {target} in the middle of the last deal, counting the belote, then the tricks, then the "
                 "declarations")
    else:
        said = _("reached {target} in the middle of the last deal, counting the belote, then the declarations, then "
                 "the tricks")
    return f" {draw.look.dot} " + said.format(target=rules.target)


def no_hint_yet(moving: str | None) -> str:
    """Why ``h`` gives no hint now: ``moving`` (a bot's name) is to move, or no move is asked (a result is shown)."""
    if moving is None:
        return _("Nothing to decide yet: a hint comes with your next move.")
    return _("{moving} now: a hint comes at your turn.").format(moving=does(moving, "move"))


def sorted_how(mode: str) -> str:
    """How the hand is sorted in ``mode`` (a key of ``settings.SORTS``), for the answer to the o key."""
    return {"strength": _("trumps first, strongest first"), "rank": _("by suit, lowest first")}[mode]


def question(turn: HumanTurn) -> str:
    """The question of a move as the line game asks it: ``Your call``, ``Your card (1-8)``."""
    phase, count = turn.phase, len(turn.menu)
    if phase == BIDDING:
        return _("Your call")
    if phase == DECLARING:
        return _("Declare (Enter = 1)")
    if phase == EXCHANGING:
        return _("Take the turned card for your seven? (Enter = 1)")
    if phase == SINGLE_HAND:
        return _("Play this deal alone, your partner out, without trumps? (Enter = 1)")
    if phase == DISCARDING:
        return _("Lay a card aside, {count} to go (1-{last})").format(count=turn.to_lay_aside, last=count)
    if phase == CONCEALING:
        return _("Lay your trump face down (1-{last})").format(last=count)
    if phase == PREDICTING:
        return _("Your prediction (0-{most})").format(most=len(turn.legal) - 1)
    return _("Your card (1-{last})").format(last=count) if count > 1 else _("Your card (1)")


def trump_move(look: Look, action: Action, view: SeatView | None) -> str:
    """A move of the concealed trump, the pair or the single hand, as the table says it: the face-down card is named
    only in the bidder's own view, while it lies face down (play.trump_shown on_demand, declarations.pair,
    play.single_hand)."""
    if action.kind == ALONE:
        return _("play alone") if action.points else _("no single hand")
    if action.kind == CONCEAL and action.card < 0:
        return "play without trumps" if action.card == NO_TRUMPS_LAID else "call for the seventh card as trump"
    if action.kind == CONCEAL:
        shown = view is not None and view.trump_card == str(CARDS[action.card])
        return f"lay {look.card_name(action.card)} face down as trump" if shown else "lay the trump face down"
    return "ask for the trump" if action.kind == ASK else "show the pair (King and Queen of trumps)"


def prediction_prompt(hidden: bool, most: int) -> str:
    """What the player is asked before the first card where each predicts his own points (differenzler.md §3)."""
    return (_("Predict how many points you will take yourself in this deal, 0 to {most}. It stays hidden until the "
              "deal is over; the difference between it and your points is your penalty.") if hidden else
            _("Predict how many points you will take yourself in this deal, 0 to {most}, said aloud. The difference "
              "between it and your points is your penalty.")).format(most=most)


def predictions_line(view: SeatView, name: Callable[[int], str], sep: str) -> str:
    """``Predictions: You 40 · Right hidden · Across …``: each seat's prediction as ``view`` may see it."""
    said = {-1: "…", HIDDEN: _("hidden")}
    return _("Predictions: {each}").format(each=sep.join(
        f"{name(seat)} {said.get(points, points)}" for seat, points in enumerate(view.predictions)))


def trump_named(last_card: str) -> str:
    """How trump was named where nobody bids (bidding.last_card), after the contract: none where its holder showed
    the card (the header names it)."""
    return {"on_table": _("(last card)"), "random_suit": _("(drawn at random)")}.get(last_card, "")


def no_bidding(last_card: str) -> str:
    """The auction's place where nobody bids: what named trump instead."""
    if last_card == "random_suit":
        return _("No bidding: the trump suit is drawn at random")
    return _("No bidding: the last card dealt names trump")


def typed_placeholder(turn: HumanTurn | None) -> str:
    """What the table's typing line says it takes: a prediction when one is asked, else a card, a call or a command."""
    if turn is not None and turn.phase == PREDICTING:
        return _("your prediction: the points you will take yourself, 0 to {most}; Enter").format(
            most=len(turn.legal) - 1)
    return "a card (jh, 'kh belote'), a call (hearts, 90 h) or a command; Esc closes"


def announce_question() -> str:
    """The question after a card that may announce a belote: with it (1) or without (2)."""
    return _("Announce it (Enter = 1)")


def exchange_choice(look: Look, view: SeatView, action: Action, short: bool = False) -> str:
    """An option of the seven's holder: ``exchange 7♥ for the turned J♥`` (``short``: ``for J♥``) or
    ``keep 7♥``."""
    turned = parse_card(view.turned_card or "").index
    seven, turned_name = look.card_name(turned & ~7), look.card_name(turned)
    if action.kind != EXCHANGE:
        return f"keep {seven}"
    return f"exchange {seven} for {turned_name}" if short else f"exchange {seven} for the turned {turned_name}"
