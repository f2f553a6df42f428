"""What the player may type: commands, calls, declarations and cards, and what each means.

Every decision offers numbered choices; names work too (``hearts``, ``90 h``, ``jh``,
``10s``, ``T♠``). A line that is neither is refused with a sentence saying what would
be valid, never an exception.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...cards import CARDS, CardError, parse_card
from ...engine.actions import ASK_ACTION, NO_TRUMPS_ACTION, PAIR_ACTION, SEVENTH_ACTION, Action
from ...errors import UserError
from ...files import excerpt
from ...i18n import gettext as _, pgettext, words as table_words
from ...rules.bidding.calls import Call, point_range
from ...ruleset import Ruleset
from ...variant.model import CONCEALED, SUIT_CONTRACTS
from .controller import HumanTurn, call_of
from .explain import reason_words
from .look import Look

COMMANDS = {"?": "help", "help": "help", "a": "auction", "l": "last", "s": "sheet", "r": "rules", "h": "hint",
            "f": "forced", "u": "undo", "undo": "undo", "level": "level", "q": "quit", "quit": "quit"}
YES, NO = ("", "y", "yes"), ("n", "no")
ASK_WORDS = ("ask", "ask trump", "trump")  # asking for a concealed trump, typed (the line game numbers it too)
BELOTE = " belote"

# How a contract may be typed; suit letters only after points (``90 h``), where they cannot be commands.
CONTRACT_WORDS = {
    "♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades",
    "nt": "no_trumps", "notrumps": "no_trumps", "sa": "no_trumps",
    "at": "all_trumps", "alltrumps": "all_trumps", "ta": "all_trumps",
}
SUIT_LETTERS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
CALL_WORDS = {"x": "double", "xx": "redouble", "passe": "pass", "ashkal": "ashkal"}
PHRASES = {"no trumps": "no_trumps", "all trumps": "all_trumps", "sans atout": "no_trumps",
           "tout atout": "all_trumps"}


class Refusal(UserError):
    """A line that is not a valid choice here; the message says what would be."""


def command(text: str) -> str | None:
    """The command a line asks for (``help``, ``last``, ``sheet``, ``rules``, ``hint``, ``quit``), if any."""
    return COMMANDS.get(text.strip().lower())


def typed_number(text: str) -> int | None:
    """``text`` as a number typed with the digits 0-9 (at most six), or None.

    ``str.isdigit`` also says yes to ``²`` and ``①``, which ``int`` refuses, and a line of
    5,000 digits would stall it: only plain digits are a number here.
    """
    key = text.strip()
    return int(key) if key.isascii() and key.isdecimal() and len(key) <= 6 else None


def by_number(text: str, menu: Sequence[Action]) -> Action | None:
    """The menu entry numbered ``text`` (from 1)."""
    number = typed_number(text)
    if number is not None and 1 <= number <= len(menu):
        return menu[number - 1]
    return None


def call_menu(legal: Sequence[Action]) -> list[Action]:
    """The numbered calls: every call, except point bids, which are typed."""
    return [a for a in legal if call_of(a).points is None]


def parse_call(text: str, legal: Sequence[Action], menu: Sequence[Action], look: Look,
               why: Callable[[Call], str] | None = None) -> Action:
    """The call a line names: a menu number, a contract (``hearts``, ``nt``), ``90 h``, ``capot s``, ``contra``.

    ``why`` gives the rule that forbids a call, said with the refusal.
    """
    chosen = by_number(text, menu)
    if chosen is not None:
        return chosen
    if not text.strip():
        raise Refusal(_("Nothing typed. {hint}").format(hint=calls_hint(legal, menu, look)))
    try:
        call = Call.parse(_call_text(text, look))
    except UserError:
        raise Refusal(_("{typed} is not a call. {hint}").format(typed=excerpt(text.strip()),
                                                                hint=calls_hint(legal, menu, look))) from None
    for action in legal:
        if action.call == call:
            return action
    said = (_("{call} is not possible: {reason}. {hint}") if why else _("{call} is not possible now. {hint}"))
    # The rule's reason is English in the rules (marked there for the catalogues) and said here in the player's words.
    raise Refusal(said.format(call=look.call(call), reason=reason_words(why(call), look.contract) if why else "",
                              hint=calls_hint(legal, menu, look)))


def _call_text(text: str, look: Look) -> str:
    """A typed call in the engine's words: symbols, ``nt``, ``x``, the variant's doubling names, suit letters."""
    line = " ".join(text.lower().replace("-", " ").replace("_", " ").split())
    named = {name.lower(): "" if key == "suit" else key for key, name in look.contract_names}
    spoken = spoken_calls()
    phrases = {**named, **PHRASES, **{name: key for name, key in spoken.items() if " " in name}}
    for phrase, contract in phrases.items():  # the variant's words: Sun, Hokum hearts
        line = " ".join(line.replace(phrase, contract).split())
    doublings = {name.lower(): "double" if level == 0 else "redouble" for level, (_, name) in enumerate(look.doublings)}
    words = [doublings.get(w, CALL_WORDS.get(w, CONTRACT_WORDS.get(w, spoken.get(w, w)))) for w in line.split()]
    if len(words) == 2 and (typed_number(words[0]) is not None or words[0] == "capot"):
        words[1] = SUIT_LETTERS.get(words[1], words[1])
    return " ".join(words)


def spoken_calls() -> dict[str, str]:
    """The calls and suits as the menus name them in the player's language (``пас``, ``купа``), by the engine's word:
    a name the table shows can be typed."""
    said = {name.lower(): key for key, name in table_words.call_names().items()}
    return said | {name.lower(): suit for suit, name in zip(SUIT_CONTRACTS, table_words.suit_names())}


def calls_hint(legal: Sequence[Action], menu: Sequence[Action], look: Look) -> str:
    """The calls open now, in one sentence."""
    numbers = ", ".join(f"{i} {look.call(call_of(a))}" for i, a in enumerate(menu, 1))
    bids = point_bids(legal, look)
    return (_("Choose {numbers}, or bid {bids}.") if bids else _("Choose {numbers}.")).format(numbers=numbers, bids=bids)


def point_bids(legal: Sequence[Action], look: Look | None = None) -> str:
    """The point bids open now, like ``90 to 160 in tens or capot in hearts, spades (type it: 90 hearts)``, in the
    player's words (a bid typed so is read back: :func:`spoken_calls`); ``look``: the variant's names of contracts."""
    look = look or Look()
    bids = [call for call in map(call_of, legal) if call.points is not None]
    if not bids:
        return ""
    values, step, capot = point_range(bids)
    said = {None: _("{low} to {high}"), 10: _("{low} to {high} in tens")}.get(step, _("{low} to {high} in steps of {step}"))
    span = [said.format(low=values[0], high=values[-1], step=step)] if values else []
    if capot:
        span.append(table_words.call_names()["capot"])
    spans = _("{bids} or {capot}").format(bids=span[0], capot=span[1]) if len(span) == 2 else span[0]
    trumps = list(dict.fromkeys(look.contract(c.contract or "").rstrip(" ♣♦♥♠")  # as typed: without the symbol
                                for c in bids if c.contract != CONCEALED))  # a bid names its contract
    if not trumps:  # points alone: the trump is laid face down after the auction
        return _("{bids} (type it: {example})").format(bids=spans, example=values[0])
    example = f"{values[0] if values else table_words.call_names()['capot']} {trumps[0]}"
    listed = pgettext("list separator", ", ").join(trumps)
    return _("{bids} in {contracts} (type it: {example})").format(bids=spans, contracts=listed, example=example)


def parse_option(text: str, menu: Sequence[Action]) -> Action:
    """An option by number, where the first says yes and the last no (declare, announce a belote).

    Enter or ``y`` takes the first, ``n`` the last.
    """
    line = text.strip().lower()
    if line in YES:
        return menu[0]
    if line in NO:
        return menu[-1]
    chosen = by_number(line, menu)
    if chosen is None:
        raise Refusal(_("Choose 1 to {count}; Enter takes 1, n takes {count}.").format(count=len(menu)))
    return chosen


def parse_prediction(text: str, legal: Sequence[Action]) -> Action:
    """A prediction typed as the points the player expects to take himself (bidding.predictions)."""
    most = len(legal) - 1
    points = typed_number(text)
    if points is None or points > most:
        raise Refusal(_("Type the points you expect to take yourself: a number from 0 to {most}.").format(most=most))
    return legal[points]


def parse_card_choice(text: str, turn: HumanTurn, menu: Sequence[Action], look: Look, rules: Ruleset) -> list[Action]:
    """The legal actions that play the card a line names (two when the card may announce a belote).

    A card held but not allowed is refused with the rule that forbids it.
    """
    line = text.strip().lower()
    if line in ASK_WORDS and ASK_ACTION in turn.legal:  # a player who cannot follow asks for a concealed trump
        return [ASK_ACTION]
    if line == "pair" and PAIR_ACTION in turn.legal:  # the King and Queen of trumps, shown (declarations.pair)
        return [PAIR_ACTION]
    if line == "seventh" and SEVENTH_ACTION in turn.legal:  # the seventh card as the trump (play.seventh_card)
        return [SEVENTH_ACTION]
    if line in ("no trumps", "nt") and NO_TRUMPS_ACTION in turn.legal:  # no trumps instead (twenty-nine.md §4.3)
        return [NO_TRUMPS_ACTION]
    endings = (BELOTE, " " + table_words.declaration_names()["belote"].lower())  # "kh belote", "kh белот", "kh stuk"
    belote = line.endswith(endings)
    name = next((line.removesuffix(ending) for ending in endings if line.endswith(ending)), line)
    chosen = by_number(name, menu)
    if chosen is not None and chosen.card < 0:  # asking, the pair, the seventh card: numbered after the cards
        return [chosen]
    try:
        card = chosen.card if chosen is not None else parse_card(name).index
    except CardError:
        numbers = "1" if len(menu) == 1 else _("a number from 1 to {count}").format(count=len(menu))
        if not line:
            raise Refusal(_("Nothing typed: type {numbers} or a card like jh, 10s or T♠.").format(numbers=numbers)) from None
        raise Refusal(_("{typed} is neither {numbers} nor a card like jh, 10s or T♠.").format(
            typed=excerpt(text.strip()), numbers=numbers)) from None
    actions = [a for a in turn.legal if a.card == card and (a.belote or not belote)]
    if actions:
        return actions
    view = turn.view
    shown = look.card_name(card)
    if str(CARDS[card]) not in view.hand:
        raise Refusal(_("You do not hold {card}.").format(card=shown))
    if belote and any(a.card == card for a in turn.legal):
        if not rules.declarations.belote_announced and card in turn.belotes:
            return [a for a in turn.legal if a.card == card]  # scored without announcing it here
        raise Refusal(_("{card} does not start a belote.").format(card=shown))
    assert view.contract is not None  # cards are played and laid aside under a contract
    reason = rules.illegal_reason(view.contract, view.hand, view.trick, CARDS[card])
    led = look.contract(SUIT_CONTRACTS[parse_card(view.trick[0][1]).suit])
    raise Refusal(_("You may not play {card} ({led} led): {reason}.").format(card=shown, led=led, reason=_(reason)))
