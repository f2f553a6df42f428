"""What the player sees: the table, the hand, the auction, tricks, scores and the score sheet.

:class:`Renderer` turns the game's state into rich renderables sized for 80 columns.
Text that comes from a variant file (its title) is escaped before rich reads markup.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...cards import Card, parse_card
from ...engine.actions import ALONE, ASK, CALL, CONCEAL, DECLARE, DISCARD, EXCHANGE, KEEP, PAIR, PREDICT, Action
from ...engine.deal import SeatView
from ...i18n import gettext as _, ngettext, pgettext, words
from ...rules.bidding.calls import CAPOT, NO_DOUBLE, Call
from ...rules.bidding.options import Predictions
from ...rules.declarations.melds import BELOTE, SEQUENCE, SEQUENCE_NAMES, Declaration
from ...rules.scoring.options import ContractAtStake, DoubledTie, Tie
from ...rules.scoring.result import DealScore
from ...variant.model import CONCEALED, SUIT_CONTRACTS
from ..score import VERDICT_STYLES
from .controller import OVER, Controller, MatchEnded, call_of
from .explain import explanation, meld_words
from .hands import sort_hand
from .help import command_keys
from .look import CELL_WIDTH, FRAME_WIDTH, Look, variant_title
from .session import SheetRow, void_said
from .sheet_columns import SHEET_COLUMNS, sheet_column, sheet_columns
from .stats import opponents
from .wording import does, exchange_choice, predictions_line, reached, trump_move, trump_named

SEAT_WORD = re.compile(r"(?<![A-Za-z])(seat|team|Team|player|Player) ([0-3])\b")  # also after Arabic لـ
CONTRACT_WORD = re.compile(r"\b(no|all)_trumps\b")  # the rules' name of a contract, in the table's words
# A contract in a line of the rules' text: the contract's own line, and a belote's suit.
CONTRACT_LINE = re.compile(r"(^Contract: (?:\d+ |capot )?|\bbelote in )"
                           r"(clubs|diamonds|hearts|spades|no_trumps|all_trumps)\b")
# A sentence about "player 0" said of the player: "You take", not "You takes" (and "Your", below, not "You's").
YOU_VERB = re.compile(r"\bYou (takes|scores|gets|wins|keeps|loses|has)\b")
REPEATED = re.compile(r"\b(\w+) \((\1)\)", re.IGNORECASE)  # "by Opponent (Opponent)": a side of one player
SHEET_MIN_WIDTH = 60  # the sheet's caption wraps at the table's width: a narrow sheet (Differenzler's) keeps it readable


def _your(match: re.Match[str]) -> str:
    """``You's`` said right: ``Your`` at the start of a sentence, ``your`` inside one."""
    before = match.string[:match.start()].rstrip()
    return "Your" if not before or before.endswith((":", ".")) else "your"


# Where a side is one player, the rules' words for teams said of a player: "You's" is "Your", "the takers" one taker.
ONE_PLAYER_WORDS = ((re.compile(r"\b[Yy]ou's\b"), _your),
                    (re.compile(r"\bthe takers \((\w+)\) have"), r"the taker (\1) has"))
TWO_PLAYER_WORDS = ((re.compile(r"\bthe defenders'"), "the defender's"),)
TIMEOUT_WORDS = {"lose_match": "your team loses the match", "random_legal_move": "a random move is made for you",
                 "bot_moves": "a bot moves for you"}


def calls_of(view: SeatView) -> list[tuple[int, Call]]:
    """The auction's calls as the rules know them (a view holds them as text); a pass of a doubling round after the
    bidding is a :data:`NO_DOUBLE`, not a pass of the bidding (twenty-nine.md §3.4)."""
    calls = [(seat, Call.parse(said)) for seat, said in view.calls]
    return [(seat, NO_DOUBLE if 0 <= view.doubling_from <= i and c.kind == "pass" else c)
            for i, (seat, c) in enumerate(calls)]


def card_index(card: str) -> int:
    return parse_card(card).index


def grid_place(offset: int, players: int) -> tuple[int, int]:
    """(row, column) in the 3 x 3 grid around the trick of the seat ``offset`` places after the bottom one
    in play order: the seats spread evenly round the table from the bottom, the next one to its right (a
    quarter turn apart at four, a third at three, a half at two), each put in the cell its direction points to."""
    angle = 2 * math.pi * offset / players - math.pi / 2

    def step(x: float) -> int:
        return 0 if abs(x) < 0.5 - 1e-9 else (1 if x > 0 else -1)

    return 1 - step(math.sin(angle)), 1 + step(math.cos(angle))


def hand_line(cards: Sequence[Card], legal: Sequence[int], look: Look) -> Text:
    """The hand; when ``legal`` is given, playable cards are numbered and the rest struck out in brackets."""
    text = Text(_("Your hand") + "  ", style="bold")
    for i, card in enumerate(cards):
        if i:
            text.append("   " if card.suit != cards[i - 1].suit else "  ")
        if not legal:
            text.append_text(look.card(card))
        elif card.index in legal:
            text.append(f"{legal.index(card.index) + 1}:", style="bold")
            text.append_text(look.card(card, "bold"))
        else:
            text.append("(")
            text.append_text(look.card(card, "dim strike"))
            text.append(")")
    return text


def call_menu_text(menu: Sequence[Action], bids: str, look: Look, level: int = 0) -> Text:
    """``1:pass  2:hearts ♥  3:contra ×2`` and, with point bids, how to type a bid (``level``: the
    standing doubling level, which names a raise)."""
    text = Text()
    for i, action in enumerate(menu, 1):
        text.append(f"{i}:", style="bold")
        text.append(f"{look.call(call_of(action), level)}   ")
    if bids:
        text.append("\n" + _("or bid {bids}").format(bids=bids))
    return text


@dataclass(frozen=True)
class Renderer:
    """Draws one match's table in one look, from what its controller tells (never from the session or the engine's
    deal)."""

    control: Controller
    look: Look

    # ------------------------------------------------------------------ words

    def words(self, line: str) -> str:
        """A line of the rules' text in the table's words: ``seat 1`` -> ``Right``, ``team 0`` -> ``your team``,
        ``all_trumps`` -> ``all trumps``; ``seat 1 (team 1)`` -> ``Opponent`` where a side is one player."""
        seating = self.control.names

        def replace(match: re.Match[str]) -> str:
            number = int(match.group(2))
            if match.group(1) in ("seat", "player", "Player"):
                return seating.name(number)
            return seating.team_phrase(number, start=match.group(1) == "Team")

        named = REPEATED.sub(r"\1", SEAT_WORD.sub(replace, CONTRACT_LINE.sub(self.named_contract, line)))
        named = YOU_VERB.sub(lambda m: "You " + ("have" if m[1] == "has" else m[1][:-1]), named)
        if not seating.partners:
            for pattern, said in ONE_PLAYER_WORDS + (TWO_PLAYER_WORDS if seating.count == 2 else ()):
                named = pattern.sub(said, named)
        return self.look.words(CONTRACT_WORD.sub(r"\1 trumps", named))

    def named_contract(self, match: re.Match[str]) -> str:
        """``Contract: spades``, ``belote in spades`` as the header says it where the variant names its contracts
        (``Hokum spades``)."""
        names = dict(self.look.contract_names)
        contract = match[2]
        if contract not in names and not ("suit" in names and contract in SUIT_CONTRACTS):
            return match[0]
        return f"{match[1]}{self.look.contract(contract)}"

    @property
    def has_reserve(self) -> bool:
        """Whether a deal of this variant can leave points in reserve (a tie, or a tie under contra)."""
        variant = self.control.rules.variant
        scoring = variant.scoring
        return scoring.tie in ("hanging", "litige") or (
            variant.bidding.doubles.max_level > 0 and scoring.doubled_tie == DoubledTie.all_to_reserve)

    @property
    def reserve_word(self) -> str:
        """``hanging`` (Bulgarian) or ``litige`` (French), as the variant's tie rule calls the reserve."""
        return words.verdict_word("litige" if self.control.rules.variant.scoring.tie == Tie.litige else "hanging")

    def contract(self, contract: str, level: int, bid: int | None, declarer: int, short: bool = False) -> str:
        """``90 hearts ♥ ×2 contra by Partner`` for a contract doubled to ``level`` (``short``: without the
        word for the doubling)."""
        if contract == CONCEALED and bid is None:  # play.single_hand: no bid stands, and no trumps (engine/alone.py)
            return _("single hand by {name}").format(name=self.control.names.name(declarer))
        points = "" if bid is None else (pgettext("call", "capot") + " " if bid == CAPOT else f"{bid} ")
        if self.control.rules.bidding.deal_fixes_trump:  # nobody took it: the last card dealt named it, or chance
            how = trump_named(self.control.rules.variant.bidding.last_card)
            return self.look.contract(contract) + ("" if short or not how else " " + how)
        # Translators: the player's own contract, where "by {name}" would put "You" in the wrong case or person.
        by = _("by You") if declarer == self.control.human else _("by {name}").format(name=self.control.names.name(declarer))
        parts = (points + self.look.contract(contract), self.look.multiplier(level, named=not short), by)
        return " ".join(part for part in parts if part)

    def pairs(self, values: Sequence[object]) -> str:
        """``Us 34 · Them 12``: a value per team, the reference seat's team first."""
        seating = self.control.names
        return f" {self.look.dot} ".join(f"{seating.team_name(t)} {values[t]}" for t in seating.teams_in_order())

    # ------------------------------------------------------------------ the table

    def frame(self, view: SeatView, number: int, completed: int | None = None, legal: Sequence[int] = (),
              open_hands: bool = False) -> Group:
        """The table of deal ``number`` as the player (or the watcher) sees it now.

        ``completed`` is the index of a trick that just ended, held on the table for a
        moment; ``legal`` are the cards to number in the hand; ``open_hands``: every hand
        is shown (watching bots).
        """
        control, look, seating = self.control, self.look, self.control.names
        table = control.rules.seating
        if completed is not None:
            leader, cards, winner = view.tricks[completed]
            shown = list(zip(table.turns[view.out][leader], cards))  # a seat may sit out (play.single_hand)
            melds = sum(d.points for d in self.melds(view, completed))
            center = Text(does(seating.name(winner), "take") + "\n" + _("trick {number}").format(number=completed + 1)
                          + ("\n" + _("melds +{points}").format(points=melds) if melds else ""), style="bold")
        else:
            shown = list(view.trick)
            center = Text(_("bidding") if view.contract is None else _("trick {number} of {tricks}").format(
                number=len(view.tricks) + 1, tricks=table.hand_size), style="dim")
        parts: list[RenderableType] = [self.header(view, number), self.table(view, shown, center, completed is None)]
        bids = self.calls(view, passes=False)
        if view.contract is None:
            parts.append(self.auction(view))
        elif len(bids) > 1:  # the header names the contract; who else bid or doubled stays in view
            parts.append(Text(self.look.words(_("Bids: {calls}").format(calls=f" {look.dot} ".join(bids)))))
        if view.contract is not None and view.tricks and completed is None:
            parts.append(self.trick(view, len(view.tricks) - 1, _("Last trick")))
        announced = self.announcements(view)
        if announced:
            parts.append(announced)
        if open_hands:
            parts += self.open_hands(view)
        if view.tableau:  # every player's face-up cards are everyone's to see
            parts += [self.piles(view, (seating.reference + k) % seating.count) for k in range(seating.count)
                      if (seating.reference + k) % seating.count != seating.human]
        if seating.human is not None:
            hand = view.hand
            if view.tableau:
                parts.append(self.piles(view, seating.human, legal))
                on_table = {p[-1] for p in view.piles(seating.human) if p}
                hand = tuple(c for c in hand if c not in on_table)  # a hand beside the piles (deal.tableau_packets)
            if hand:
                parts.append(hand_line(sort_hand(control.rules, view.contract, hand), legal, look))
            parts.append(Text(look.words(command_keys()), style="dim"))
        return Group(*parts)

    def piles(self, view: SeatView, seat: int, legal: Sequence[int] = (), label: bool = True) -> Text:
        """A seat's piles as they lie (belote-a-deux.md §B): ``A♠/▒`` a face-up card on a face-down one, ``▒``
        a face-down card whose card above is in the trick, ``·`` an empty place; the cards ``legal`` numbered
        as in :func:`hand_line`, the others struck out in brackets; ``label``: the line starts with whose
        table it is."""
        look = self.look
        back = "#" if look.ascii else "▒"
        text = Text(f"{self.table_name(seat)}".ljust(17) if label else "", style="bold")
        for i, pile in enumerate(view.piles(seat)):
            text.append(" " if i else "")
            if not pile:
                text.append("·", style="dim")
                continue
            top = pile[-1]
            if top is None:
                text.append(back, style="dim")
                continue
            card = parse_card(top)
            if legal and card.index in legal:
                text.append(f"{legal.index(card.index) + 1}:", style="bold").append_text(look.card(card, "bold"))
            elif legal:  # struck out in brackets, as in a hand: a screen reader says the brackets
                text.append("(").append_text(look.card(card, "dim strike")).append(")")
            else:
                text.append_text(look.card(card))
            if len(pile) > 1:
                text.append(f"/{back}", style="dim")
        return text

    def table_name(self, seat: int) -> str:
        """``Your table``, ``Opponent's table``: a seat's piles at an open tableau."""
        name = self.control.names.name(seat)
        return _("Your table") if seat == self.control.names.human else _("{name}'s table").format(name=name)

    def open_hands(self, view: SeatView) -> list[Text]:
        """Every seat's hand, one line each (for watching bots with ``--open``)."""
        seating = self.control.names
        lines = []
        for seat, hand in enumerate(view.open_hands):
            line = Text(f"{seating.name(seat)}: ", style="bold")
            cards = sort_hand(self.control.rules, view.contract, hand)
            lines.append(line.append_text(Text(" ").join(self.look.card(c) for c in cards)))
        return lines

    def header(self, view: SeatView, number: int) -> Panel:
        """Variant, deal, contract, match score and reserve, in a box at the top."""
        control, look, seating = self.control, self.look, self.control.names
        lines = [Text.assemble((_("Deal") + " ", "bold"), str(number), f" {look.dot} ",
                               does(seating.name(view.dealer), "deal"))]
        rules = control.rules.variant
        if view.contract is None and view.doubling:
            lines.append(Text.assemble(_("Doubling") + " ", (self.ladder(view), "bold")))
        if view.contract is None:
            line = Text(_("Bidding"))
            if view.turned_card:
                line.append(f" {look.dot} " + _("turned card") + " ")
                line.append_text(look.card(view.turned_card, "bold"))
            lines[0].append(f" {look.dot} ").append_text(line).append_text(self.bidding_state(view))
            offer = self.schmeiss_offer(view)
            if offer:
                lines.append(Text(offer, style="bold"))
        else:
            contract = Text.assemble(_("Contract") + " ", (self.contract(view.contract, view.level, view.bid,
                                                                 view.declarer), "bold"))
            if view.trump_card:  # the bidder's own card laid face down (play.trump_shown on_demand): his view only
                contract.append(f" {look.dot} " + _("your face-down card") + " ").append_text(look.card(view.trump_card))
            if view.turned_card:  # everyone saw it (go to the taker, or stay on the stock)
                contract.append(f" {look.dot} " + _("turned card") + " ").append_text(look.card(view.turned_card))
            if view.shown_stock:
                contract.append(f" {look.dot} " + _("bottom card") + " ").append_text(look.card(view.shown_stock))
            if view.shown_card:  # bidding.last_card shown_from_hand: the card stays in its holder's hand
                contract.append(f" {look.dot} " + _("shown by {name}").format(name=seating.name(view.shown_card[0]))
                                + " ").append_text(look.card(view.shown_card[1]))
            if rules.deal.talon and not view.tricks:
                contract.append(f" {look.dot} " + _("talons picked up"))
            lines.append(contract)
            if view.predictions:
                lines.append(Text(predictions_line(view, seating.name, f" {look.dot} ")))
            exchange = self.exchange(view)
            if exchange is not None:
                lines.append(exchange)
            if control.rules.dealing.widow_size and not view.tricks:
                lines.append(self.discards(view))
        lines.append(self.board())
        clock = control.rules.variant.table.move_clock
        if clock.seconds is not None and seating.human is not None:
            lines.append(Text(f"Clock {clock.seconds} s a move {look.dot} out of time, {TIMEOUT_WORDS[clock.on_timeout]}"))
        if view.tricks:
            side_of = control.rules.seating.side_of
            melds = [0] * len(view.side_points)
            for index in range(len(view.tricks)):
                for d in self.melds(view, index):
                    melds[side_of[d.seat]] += d.points
            tricks = [(_("{tricks} ({points} points, melds {melds})") if any(melds) else _("{tricks} ({points} points)"))
                      .format(tricks=view.side_tricks[t], points=view.side_points[t], melds=melds[t])
                      for t in range(len(melds))]
            lines.append(Text(_("Tricks") + " " + self.pairs(tricks)))
        title = f"[bold]{escape(variant_title(control.rules.variant))}[/]"
        if seating.level is not None:
            title += f" {look.dot} {seating.level.title}"
        return Panel(Group(*lines), title=title, title_align="left", box=look.box, padding=(0, 1), width=FRAME_WIDTH)

    def exchange(self, view: SeatView, short: bool = False) -> Text | None:
        """``Opponent exchanged 7♥ for the turned J♥`` (``short``: ``for J♥``) once the holder of the trump
        seven took the turned card (klaberjass.md §4); None when nobody did. A seven kept is not said: only
        its holder knows of it."""
        if view.exchanged is None or view.turned_card is None:
            return None
        seat, seven = view.exchanged
        said = _("{name} exchanged {seven} for {card}") if short else _("{name} exchanged {seven} for the turned {card}")
        before, _seven, rest = said.partition("{seven}")
        between, _card, after = rest.partition("{card}")
        return Text(before.format(name=self.control.names.name(seat))).append_text(self.look.card(seven)).append(
            between).append_text(self.look.card(view.turned_card)).append(after)

    def discards(self, view: SeatView) -> Text:
        """The chien (belote-a-trois.md §2): ``East took the chien (2 cards), laid 2 aside face down``; the
        taker sees what it held and what he laid aside (``You took the chien 9♥ 10♠, laid aside 8♦``), and so
        does everyone once the deal is over."""
        size = self.control.rules.dealing.widow_size
        text = Text(does(self.control.names.name(view.declarer), "take_chien"))
        if not view.chien_cards:
            laid = self.control.rules.seating.hand_size + size - view.hand_sizes[view.declarer]  # before trick 1
            return text.append((_(" ({size} cards), laid {laid} of {size} aside") if laid < size
                                else _(" ({size} cards), laid {size} aside face down")).format(size=size, laid=laid))
        laid = len(view.discarded)
        text.append(" ").append_text(Text(" ").join(self.look.card(c) for c in view.chien_cards))
        if not laid:
            return text.append(_(", {size} to lay aside").format(size=size))
        text.append(_(", laid aside") + " ").append_text(Text(" ").join(self.look.card(c) for c in view.discarded))
        return text.append(_(", {left} to go").format(left=size - laid) if laid < size else "")

    def describe(self, action: Action, short: bool = False, view: SeatView | None = None) -> str:
        """A move of the deal being played, in the table's words (``short``: in a menu of calls or declarations,
        without the verb; ``view``: the deal as the player sees it, which names the seven and the turned card)."""
        if action.kind == CALL:
            said = self.look.call(call_of(action))
            return said if short else _("call {call}").format(call=said)
        if action.kind == DECLARE:
            if not action.declarations:
                return _("nothing") if short else _("declare nothing")
            said = " + ".join(self.meld(d) for d in action.declarations)
            return said if short else _("declare {melds}").format(melds=said)
        if action.kind in (EXCHANGE, KEEP):
            return exchange_choice(self.look, view, action, short) if view is not None else action.kind
        if action.kind == DISCARD:
            return _("lay {card} aside").format(card=self.look.card_name(action.card))
        if action.kind in (CONCEAL, ASK, PAIR, ALONE):
            return trump_move(self.look, action, view)
        if action.kind == PREDICT:
            return ngettext("predict {points} point", "predict {points} points", action.points).format(points=action.points)
        card = self.look.card_name(action.card)
        return (_("play {card} announcing belote") if action.belote else _("play {card}")).format(card=card)

    def took_back(self, taken: Sequence[Action], view: SeatView | None) -> str:
        """What an undo took back: ``Took back: play K♥, and 3 moves after it.`` (``view``: the deal now)."""
        more, move = len(taken) - 1, self.describe(taken[0], view=view)
        if not more:
            return _("Took back: {move}.").format(move=move)
        return ngettext("Took back: {move}, and {count} move after it.", "Took back: {move}, and {count} moves after it.",
                        more).format(move=move, count=more)

    def bidding_state(self, view: SeatView) -> Text:
        """While bidding, each after a dot: the second round of a turned card, the face-down talon or chien, and
        who must name a contract."""
        seating, look, rules = self.control.names, self.look, self.control.rules.variant
        line = Text()
        if view.second_round:
            line.append(f" {look.dot} " + _("second round"))
        if rules.deal.talon:
            line.append(f" {look.dot} " + _("talon {count} face down").format(count=sum(rules.deal.second_packets)))
        widow = self.control.rules.dealing.widow_size
        if widow:
            line.append(f" {look.dot} " + _("chien {count} face down").format(count=widow))
        if view.must_call:
            line.append(f" {look.dot} " + _("{name} must name a contract").format(name=seating.name(view.to_act)),
                        style="bold")
        return line

    def schmeiss_offer(self, view: SeatView) -> str:
        """``Opponent schmeisses: accept, a new deal; refuse, Opponent plays it`` while a schmeiss waits for its
        answer (klaberjass.md §3.1); empty otherwise. The suit is the turned one, or the one the call names."""
        calls = calls_of(view)
        if view.contract is not None or not calls or calls[-1][1].kind != "schmeiss":
            return ""
        name = self.control.names.name(calls[-1][0])
        you = name == "You"
        return f"{name} {'schmeiss' if you else 'schmeisses'}: accept, a new deal; refuse, {name} " \
               f"{'play' if you else 'plays'} it"

    def ladder(self, view: SeatView) -> str:
        """The doubling ladder from the standing level: ``contra ×2 › recontra ×4``, the level that
        decides the match marked."""
        doubles = self.control.rules.variant.bidding.doubles
        steps = []
        for level in range(view.level, doubles.max_level):
            step = f"{doubles.names[level]} {self.look.times}{doubles.multipliers[level]}"
            if doubles.match_winning_level == level + 1:
                step += " " + _("(wins the match)")
            steps.append(step)
        return f" {'>' if self.look.ascii else '›'} ".join(steps) or _("at its top")

    def match_length(self) -> str:
        """How long the match is: ``match to 151``, ``16 deals`` or ``a single deal``."""
        match = self.control.rules.variant.match
        if match.target is not None:
            return _("match to {target}").format(target=match.target)
        if match.deals and match.deals > 1:
            return ngettext("{count} deal", "{count} deals", match.deals).format(count=match.deals)
        return _("a set at ±{points}").format(points=match.set_at) if match.set_at else _("a single deal")

    def board(self, short: bool = False) -> Text:
        """``Match to 151: Us 34 · Them 12 · hanging 8``; ``short``: without the match's length."""
        control = self.control
        length = self.match_length().removeprefix("a ")
        line = Text(self.pairs(control.board), style="bold") if short else Text.assemble(
            f"{length[0].upper()}{length[1:]}: ", (self.pairs(control.board), "bold"))
        if control.reserve:
            line.append(f" {self.look.dot} {self.reserve_word} {control.reserve}")
        return line

    def match_result(self, ended: MatchEnded) -> Text:
        """``Your team wins the match · Us 1002 · Them 870``, or ``The match is drawn`` (a match of a fixed
        number of deals that ended level), after ``Time ran out.`` when a team lost on time."""
        why = _("Time ran out.") + " " if ended.forfeit is not None else ""
        if ended.winner is None:
            result = _("The match is drawn")
        else:
            result = does(self.control.names.team_phrase(ended.winner, start=True), "win")
        fewest = " " + _("(the fewest penalty points)") if self.control.rules.variant.bidding.predictions != Predictions.off else ""
        return Text.assemble(why, (result, "bold"), fewest, f" {self.look.dot} {self.pairs(ended.board)}",
                             reached(ended, self))

    def games_played(self, totals: dict[str, int]) -> str:
        """After a match, the statistics of its variant and level: ``Your bulgarian games (level Normal): 3, won 2.``"""
        return _("Your {variant} games ({opponents}): {games}, won {wins}.").format(
            variant=self.control.rules.name, opponents=opponents(self.control.names), games=totals["games"],
            wins=totals["wins"])

    def table(self, view: SeatView, shown: Sequence[tuple[int, str]], center: Text, pointer: bool) -> Table:
        """The four seats around ``center``; ``shown`` are the (seat, card) pairs on the table."""
        look, seating, rules = self.look, self.control.names, self.control.rules
        cards = dict(shown)
        calls = dict(look.calls(calls_of(view))) if view.contract is None else {}
        winner = -1
        if shown and view.contract:
            winner = shown[rules.tables[view.contract].trick_winner_index([card_index(c) for _, c in shown])][0]
        cells: dict[int, Text] = {}
        for seat in rules.seating.seats:
            cell = Text()
            if pointer and seat == view.to_act:
                cell.append(f"{look.pointer} ", style="bold")
            cell.append(seating.name(seat), style="bold" if seat == seating.human else "")
            if seat == view.dealer:
                cell.append(f" {look.dot} " + _("dealer"), style="dim")
            cell.append("\n")
            if seat in cards:
                cell.append_text(look.card(cards[seat], "bold"))
                marks = ([_("led")] if shown[0][0] == seat else []) + ([_("winning")] if seat == winner else [])
                if marks:
                    cell.append(f"  {', '.join(marks)}", style="italic")
            elif seat in calls:
                cell.append(calls[seat], style="italic")
            cells[seating.offset(seat)] = cell
        grid = Table.grid(padding=(0, 1))
        for _column in range(3):
            grid.add_column(width=CELL_WIDTH, justify="center")
        rows = [[Text(), Text(), Text()] for _row in range(3)]
        rows[1][1] = center
        players = rules.seating.players
        for offset in range(players):
            row, column = grid_place(offset, players)
            rows[row][column] = cells[offset]
        for cells_row in rows:
            grid.add_row(*cells_row)
        return grid

    def auction(self, view: SeatView) -> Text:
        """The calls so far, in order."""
        seating, look = self.control.names, self.look
        calls = calls_of(view)
        if not calls:
            return Text(_("Calls: none yet; {speaker} first").format(
                speaker=does(seating.name(view.first_speaker), "speak")), style="dim")
        text = Text(_("Calls:") + " " + f" {look.dot} ".join(f"{seating.name(s)} {said}" for s, said in look.calls(calls)))
        exchange = self.exchange(view)
        return text if exchange is None else text.append(f" {look.dot} ").append_text(exchange)

    def calls(self, view: SeatView, passes: bool = True) -> list[str]:
        """The auction, a call a line (``Left hearts ♥``); without ``passes`` only bids and doublings."""
        seating, look = self.control.names, self.look
        calls = calls_of(view)
        return [f"{seating.name(s)} {said}" for (s, said), (_, c) in zip(look.calls(calls), calls)
                if passes or c.kind not in ("pass", NO_DOUBLE.kind)]

    def trick(self, view: SeatView, index: int, label: str) -> Text:
        """``Trick 3: You 7♠ · Right A♠ · Partner 10♠ · Left K♠ → Right +25``."""
        seating, look, rules = self.control.names, self.look, self.control.rules
        leader, cards, winner = view.tricks[index]
        text = Text(f"{label}: ")
        for i, (who, card) in enumerate(zip(rules.seating.turns[view.out][leader], cards)):
            if i:
                text.append(f" {look.dot} ")
            text.append(f"{seating.name(who)} ")
            text.append_text(look.card(card))
        points = sum(rules.tables[view.contract or ""].points[card_index(c)] for c in cards)
        if index == rules.seating.hand_size - 1:
            points += rules.variant.scoring.last_trick
        text.append(look.words(f" → {seating.name(winner)} +{points}"), style="bold")
        melds = self.melds(view, index)
        if melds:
            comma = pgettext("list separator", ", ")
            text.append(look.words(comma + _("melds:") + " " + comma.join(self.meld(d) for d in melds)), style="bold")
        return text

    def melds(self, view: SeatView, index: int) -> tuple[Declaration, ...]:
        """The melds trick ``index`` holds, for the team that won it (where melds come from tricks)."""
        _, cards, winner = view.tricks[index]
        assert view.contract is not None  # tricks are played under a contract
        return self.control.rules.declarations.in_trick(view.contract, tuple(card_index(c) for c in cards), winner)

    def declaration(self, view: SeatView, declaration: Declaration) -> str:
        """A declaration as the table knows it: another player's by its kind and value while the deal is played.

        The cards of a declaration are shown only when the deal is over (rules/bulgarian.md
        §5.2: the exact composition is revealed after the last trick); the player's own, and
        every one when four bots play, in full.
        """
        if view.phase == OVER or declaration.seat == self.control.names.human or self.control.names.human is None:
            return self.meld(declaration)
        named = words.declaration_names()
        sequence = SEQUENCE_NAMES[declaration.length]
        kind = named.get(sequence, sequence) if declaration.kind == SEQUENCE else named["quad"]
        return f"{kind} ({declaration.points})"

    def meld(self, declaration: Declaration) -> str:
        """A declaration in full in the table's words: ``tierce to the 10♠ (20)``, ``four jacks (200)``."""
        said = meld_words(declaration, self.look.card_name) if declaration.kind != BELOTE else None
        return said or self.words(str(declaration))  # a belote as the rules write it, in the header's contract words

    def announced(self, view: SeatView) -> list[str]:
        """Declarations and belotes announced in this deal, one item per seat and declaration."""
        seating = self.control.names
        items = [f"{seating.name(d.seat)} {self.declaration(view, d)}" for d in view.declarations]
        return items + [_("{name} belote in {contract}").format(name=seating.name(s), contract=self.look.contract(c))
                        for s, c in view.belotes]

    def announcements(self, view: SeatView) -> Text | None:
        """Declarations and belotes announced in this deal, on one line."""
        items = self.announced(view)
        return Text(_("Declared:") + " " + f" {self.look.dot} ".join(items)) if items else None

    # ------------------------------------------------------------------ scores

    def deal_score(self, row: SheetRow) -> RenderableType:
        """A deal's score: the verdict, what each team adds, then every line of the explanation."""
        if row.score is None:
            return Text(_("Deal {number}: {void}; no score.").format(number=row.number, void=void_said(row.void)), style="bold")
        return Panel(Group(*self.deal_lines(row)), title=self.deal_title(row), title_align="left", box=self.look.box,
                     padding=(0, 1), width=FRAME_WIDTH)

    def deal_title(self, row: SheetRow) -> Text:
        """``Deal 3: made · Us +9 · Them +7``."""
        score = row.score
        if score is None:
            return Text(_("Deal {number}: {void}; no score.").format(number=row.number, void=void_said(row.void)), style="bold")
        return Text.assemble(_("Deal {number}:").format(number=row.number) + " ", (self.verdict(score), f"bold {VERDICT_STYLES[score.verdict]}"),
                             f" {self.look.dot} {self.pairs([f'{p:+d}' for p in score.match_points])}")

    def verdict(self, score: DealScore) -> str:
        """``made``, ``failed`` ...; ``scored`` where no contract is at stake (``scoring.contract: each_own``)."""
        if self.control.rules.variant.scoring.contract == ContractAtStake.each_own:
            return _("scored")
        return words.verdict_word(score.verdict)

    def deal_lines(self, row: SheetRow) -> list[Text]:
        """The score's explanation, a sentence a line, in the table's words."""
        return ([Text(self.words(line)) for line in explanation(row.score, self.meld, self.look.contract)]
                if row.score is not None else [])

    def sheet(self) -> Table:
        """The score sheet: for every deal and team, where the points came from, and the board."""
        table = Table(box=self.look.rule_box, padding=0, collapse_padding=True, pad_edge=False,
                      title=_("Score sheet"), title_justify="left", caption_justify="left",
                      caption=self.sheet_caption(), min_width=SHEET_MIN_WIDTH)
        side = "team" if self.control.rules.seating.partners else "player"
        for name in sheet_columns(self.control.rules.variant):
            table.add_column(sheet_column(side if name == "team" else name),
                             justify="left" if name in ("#", "contract", "team") else "right",
                             no_wrap=name != "contract")
        for row in self.control.rows():
            for line in self.sheet_rows(row):
                table.add_row(*line)
        return table

    def sheet_caption(self) -> str:
        """What the sheet's totals and points are: where players predict, minus each one's penalty."""
        if self.control.rules.variant.bidding.predictions != Predictions.off:
            return _("total: points taken {dot} points: minus the penalty, the difference between the prediction and "
                     "the points taken; the fewest penalty points, the highest board, win").format(dot=self.look.dot)
        return (_("total: raw points {dot} points: what the deal scored on the board, after the "
                  "contract's result, multiplier and rounding, with any {reserve} points collected")
                if self.has_reserve else
                _("total: raw points {dot} points: what the deal scored on the board, after the "
                  "contract's result, multiplier and rounding")).format(dot=self.look.dot, reserve=self.reserve_word)

    def sheet_rows(self, row: SheetRow) -> list[list[str]]:
        """One deal on the score sheet: a line for each team, the reference seat's team first."""
        seating = self.control.names
        score = row.score
        columns = sheet_columns(self.control.rules.variant)
        if score is None:
            void = {"everybody passed": _("all passed"), "a redeal was called": _("redeal")}.get(row.void, _("schmeiss accepted"))
            return [[str(row.number), void, *[""] * (len(columns) - 2)]]
        comma = pgettext("list separator", ", ")
        result = self.verdict(score) + (comma + _("capot") if score.capot_team is not None else "")
        if score.hanging_out:
            result += comma + _("{points} waits").format(points=score.hanging_out)
        assert row.contract is not None  # a deal scored was played under a contract
        described = [escape(self.contract(row.contract, row.level, row.bid, row.declarer, short=True)), result]
        described += [""] * (self.control.rules.seating.sides - len(described))
        return [[cells[name] for name in columns] for cells in (
            dict(zip(SHEET_COLUMNS, (str(row.number) if i == 0 else "", described[i], seating.team_name(t),
                                     str(row.cards[t]), str(row.declarations[t]), str(row.belote[t]),
                                     str(row.capot[t]), str(score.raw_points[t]), str(score.match_points[t]),
                                     str(row.board[t]))))
            for i, t in enumerate(seating.teams_in_order()))]
