"""Cards drawn as small boxes, the seats around the trick, and the header and tally over them, as rich text
sized for the table.

A chosen card is drawn with a double frame and a marker under it, a card the rules forbid
with a cross under it as well as dimmed: colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from ...cards import parse_card
from ...engine.deal import SeatView
from ...i18n import gettext as _, ngettext, pgettext
from ..game.controller import OVER, Controller
from ..game.hands import sort_hand
from ..game.look import Look, variant_title
from ..game.render import Renderer, calls_of, card_index
from ..game.session import void_said, void_words
from ..game.stats import opponents
from ..game.wording import does, no_bidding, predictions_line

# Where each seat sits in the 3x3 grid (row, column), by the number of seats and the seat's offset from the bottom.
POSITIONS = {
    2: ((2, 1), (0, 1)),
    3: ((2, 1), (1, 2), (1, 0)),
    4: ((2, 1), (1, 2), (0, 1), (1, 0)),
}
CARD_WIDTH = 5  # a card's frame
LARGE_WIDTH = 7  # a large card's frame, on a big terminal (tui/room.py)
FRAMES = {  # corners and sides: plain, chosen; box drawing or ASCII
    (False, False): "┌─┐│└┘", (False, True): "╔═╗║╚╝",
    (True, False): "+-+|++", (True, True): "#=####",  # not H, the hearts letter in ASCII
}


def card_lines(look: Look, card: int | str | None, chosen: bool = False, style: str = "",
               large: bool = False) -> list[Text]:
    """Three lines: a framed card (``None``: its back), in its suit's colour plus ``style``; ``large``: five lines
    seven wide, its name in two corners and its suit in the middle."""
    tl, h, tr, v, bl, br = tuple(FRAMES[(look.ascii, chosen)])
    inside = LARGE_WIDTH - 2 if large else CARD_WIDTH - 2
    if card is None:
        faces = [Text(("#" if look.ascii else "░") * inside, style="dim")] * (3 if large else 1)
    else:
        name = look.card(card, f"bold {style}".strip())
        if large:
            suit = name[len(name) - 1:]
            faces = [name + " " * (inside - len(name)), Text(" " * (inside // 2)).append_text(suit),
                     Text(" " * (inside - len(name))).append_text(name)]
            faces[1].pad_right(inside - len(faces[1]))
        else:
            faces = [name + " " * (inside - len(name))]
    middle = [Text(v, style=style).append_text(face).append(v, style=style) for face in faces]
    return [Text(tl + h * inside + tr, style=style), *middle, Text(bl + h * inside + br, style=style)]


def pile_lines(look: Look, pile: Sequence[str | None], chosen: bool = False, style: str = "") -> list[Text]:
    """Four lines: a pile of an open tableau (belote-a-deux.md §B) as it lies, bottom card first: its top card
    (a back when face down) and, under it, the edge of a face-down card it covers; blank when empty."""
    if not pile:
        return [Text(" " * CARD_WIDTH) for _ in range(4)]
    top = pile[-1]
    lines = card_lines(look, None if top is None else parse_card(top).index, chosen, style)
    edge = ("###" if look.ascii else "░░░") if len(pile) > 1 else "   "
    return [*lines, Text(f" {edge} ", style="dim")]


def joined(lines: Sequence[Text]) -> Text:
    return Text("\n").join(lines)


def seats_table(draw: Renderer, view: SeatView, held: int | None, open_hands: bool, width: int,
                large: bool = False) -> Table:
    """The seats around the middle: each with its name, the dealer and turn marks, and its card in the trick
    (or its call while bidding); the middle says which trick it is, or shows the turned card.

    ``held``: a trick just completed, kept on the table until the next card. ``open_hands``:
    every hand shown (watching bots). ``large``: the cards drawn large and the rows a line apart (tui/room.py).
    """
    look, rules = draw.look, draw.control.rules
    seating = draw.control.names
    seats = len(seating.players)
    if held is not None:
        leader, cards, winner = view.tricks[held]
        shown = dict(zip(rules.seating.turns[view.out][leader], cards))  # a seat may sit out (play.single_hand)
        points = sum(rules.tables[view.contract or ""].points[card_index(c)] for c in cards)
        trick = _("trick {number}").format(number=held + 1)
        middle = Text(f"{does(seating.name(winner), 'take')}\n{trick}\n+{points}", style="bold")
    else:
        shown = dict(view.trick)
        if view.contract is None:
            middle = joined([Text(_("turned card")), *card_lines(look, view.turned_card, large=large)]) if view.turned_card else Text(
                _("bidding"), style="dim")
            if rules.dealing.widow_size:  # the chien lies face down until the taker picks it up
                middle.append("\n" + ngettext("chien: {count} card face down", "chien: {count} cards face down", rules.dealing.widow_size).format(
                    count=rules.dealing.widow_size), style="dim")
        else:
            lines = [_("trick {number} of {tricks}").format(number=len(view.tricks) + 1, tricks=rules.seating.hand_size)]
            if view.trick:
                best = rules.tables[view.contract].trick_winner_index([card_index(c) for _, c in view.trick])
                lines += [does(seating.name(view.trick[0][0]), "lead"),
                          does(seating.name(view.trick[best][0]), "win_trick" if seating.human is None else "winning")]
            middle = Text("\n".join(lines), style="dim")
            if view.turned_card and not rules.dealing.turned_to_taker:  # it stays on the stock
                middle.append("\n" + _("turned card") + " ", style="dim").append_text(look.card(view.turned_card))
            if view.shown_stock:  # the stock's bottom card lies face up beside the trick
                middle.append("\n" + _("bottom card") + " ", style="dim").append_text(look.card(view.shown_stock))
    calls = {seat: look.call(call) for seat, call in calls_of(view)} if view.contract is None else {}
    facing = all(column == 1 for _, column in POSITIONS[seats])  # two players face each other: the middle is a row wide
    cell_width = width - 2 if facing else max(width // 3 - 1, 8)
    cells = [[Text(), Text(), Text()] for _ in range(3)]
    for seat in range(seats):
        row, column = POSITIONS[seats][seating.offset(seat)]
        name = Text()
        if seat == view.to_act and held is None:
            name.append(f"{look.pointer} ", style="bold")
        name.append(seating.name(seat), style="bold underline" if seat == seating.human else "bold")
        if seat == view.dealer:  # beside the name, or under it when both do not fit the cell
            mark = f" {look.dot} " + _("dealer")
            name.append(mark if len(name) + len(mark) <= cell_width else "\n" + _("dealer"), style="dim")
        parts = [name]
        if seat in shown:
            parts += card_lines(look, shown[seat], large=large)
        elif seat in calls:
            parts.append(Text(calls[seat], style="italic"))
        if seat != seating.human and (open_hands or seat in calls or seat not in shown):
            parts.append(other_hand(draw, view, seat, open_hands))
        if row == 2:  # the bottom seat: its card above its name
            parts = parts[1:] + parts[:1]
        cells[row][column] = joined(parts)
    cells[1][1] = middle
    grid = Table.grid(padding=(1 if large else 0, 1), expand=True)
    columns = (1,) if facing else (0, 1, 2)
    for _column in columns:
        grid.add_column(width=cell_width, justify="center")
    for cells_row in cells:
        grid.add_row(*(cells_row[column] for column in columns))
    return grid


def other_hand(draw: Renderer, view: SeatView, seat: int, open_hands: bool) -> Text:
    """Another seat's hand: its cards when hands are open, else how many it holds."""
    if open_hands and view.open_hands:
        return Text(" ").join(draw.look.card(c) for c in sort_hand(draw.control.rules, view.contract,
                                                                   view.open_hands[seat]))
    count = view.hand_sizes[seat]
    if view.tableau:  # belote-a-deux.md §B: its face-up cards are drawn above the table
        down = sum(below is None for _, below in view.tableau[seat])
        return Text(_("{up} up {dot} {down} down").format(up=count, dot=draw.look.dot, down=down), style="dim")
    return Text(ngettext("{count} card", "{count} cards", count).format(count=count), style="dim")


def header(draw: Renderer, view: SeatView, number: int, width: int) -> Text:
    """Two lines ``width`` wide: the variant, deal ``number``, dealer and level; the contract and the match score."""
    control, look, deal = draw.control, draw.look, _("Deal")
    first = Text.assemble((look.words(variant_title(control.rules.variant)), "bold"), f" {look.dot} {deal} {number} {look.dot} ",
                          does(control.names.name(view.dealer), "deal"), f" {look.dot} {opponents(control.names)}")
    seed = Text() if control.shown_seed is None else Text(f" {look.dot} ").append(
        _("seed {seed}").format(seed=control.shown_seed))
    turned = Text()
    if view.contract is not None:
        contract = draw.contract(view.contract, view.level, view.bid, view.declarer)
        second = Text.assemble(_("Contract") + " ", (contract, "bold"), f" {look.dot} ")
        if view.turned_card and control.rules.dealing.turned_to_taker:  # one left on the stock is drawn
            turned.append(pgettext("the turned card", "turned") + " ").append_text(look.card(view.turned_card)).append(f" {look.dot} ")
        if view.shown_card:  # bidding.last_card shown_from_hand: the card that named trump stays in its holder's hand
            turned.append(_("shown by {name}").format(name=control.names.name(view.shown_card[0])) + " ").append_text(
                look.card(view.shown_card[1])).append(f" {look.dot} ")
        if view.trump_card:  # the bidder's card face down (play.trump_shown on_demand), his view only: a seventh card too
            turned.append(_("your face-down card") + " ").append_text(look.card(view.trump_card)).append(f" {look.dot} ")
    elif view.phase == OVER:
        calls = calls_of(view)
        ended = void_said(void_words(calls[-1][1].kind if calls else ""))
        second = Text(f"{ended[:1].upper()}{ended[1:]}", style="bold").append(f" {look.dot} ")
    else:
        second = Text(_("Bidding"), style="bold").append_text(draw.bidding_state(view)).append(f" {look.dot} ")
    board = draw.board()
    room = width - 2
    if turned and len(second) + len(turned) + len(board) > room:  # three players' scores: the turned card goes up
        first.append(f" {look.dot} ").append_text(turned[:-3])
        turned = Text()
    if len(second) + len(turned) + len(board) > room:  # a long contract (doubled, bid by a long name): the scores
        board = draw.board(short=True)                 # without the match's length, which the sheet and help show
    if len(first) + len(seed) <= room:  # the seed goes first on a narrow screen (the sheet shows it)
        first.append_text(seed)
    first.truncate(room, overflow="ellipsis")
    lines = [first, second.append_text(turned).append_text(board)]
    if view.contract is None and view.doubling:
        lines.append(Text.assemble(_("Doubling") + " ", (draw.ladder(view), "bold")))
    return Text("\n").join(lines)


def deal_tally(control: Controller, view: SeatView) -> Text:
    """Tricks and card points of this deal, and the clock of the variant."""
    lines = []
    seating = control.names
    if view.tricks:
        lines += [ngettext("{team}: {tricks} trick, {points} points", "{team}: {tricks} tricks, {points} points",
                           view.side_tricks[t]).format(team=seating.team_name(t), tricks=view.side_tricks[t],
                                                       points=view.side_points[t]) for t in seating.teams_in_order()]
    if view.predictions:  # bidding.predictions: each as this seat may see it
        lines.append(predictions_line(view, seating.name, ", "))  # plain text: no look's dot here
    clock = control.rules.variant.table.move_clock
    if clock.seconds is not None and seating.human is not None:
        lines.append(_("Clock: {seconds} s a move").format(seconds=clock.seconds))
    return Text("\n".join(lines))


def auction_said(draw: Renderer, view: SeatView) -> Text:
    """The auction beside the table: each call while it runs; once over, the bids and doublings and the passes
    counted (:func:`chosen_passes`), or who speaks first, or why nobody bids."""
    control = draw.control
    during = view.contract is None and view.phase != OVER
    calls = draw.calls(view, passes=during)
    passes = chosen_passes(control, view)
    if not during and passes:  # at two players "the others" is one pass
        calls.append(ngettext("and a pass", "and {count} passes", passes).format(count=passes) if calls
                     else _("everybody passed"))
    if calls:
        return Text(draw.look.words("\n".join(calls)))
    if control.rules.bidding.deal_fixes_trump:
        return Text(no_bidding(control.rules.variant.bidding.last_card))
    return Text(_("{speaker} first").format(speaker=does(control.names.name(view.first_speaker), "speak")))


def chosen_passes(control: Controller, view: SeatView) -> int:
    """The passes the players chose: neither a doubling round's "no double" nor the pass made for a player already
    out of the bidding (bidding.points.pass_is_final, twenty-nine.md §3.2), so one bid at four seats is followed by
    three passes."""
    final = control.rules.variant.bidding.points.pass_is_final
    passes, passed = 0, set()
    for seat, call in calls_of(view):
        if call.kind == "pass" and not (final and seat in passed):
            passes += 1
            passed.add(seat)
    return passes
