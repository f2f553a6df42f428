"""The table's pages: the keys, the score sheet, the rules, the statistics, and the history (this deal
call by call and trick by trick, then every earlier deal in full).

In the history, each earlier deal (newest first) says who dealt, the contract and its taker, the result,
the calls, the raw points and what reached the board, the declarations, and its tricks.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ...engine.deal import SeatView
from ...i18n import gettext as _, pgettext
from ...i18n.words import level_name
from ...ruleset import Ruleset
from ..booklet import rules_page as booklet_page
from ..game.controller import OVER, MatchEnded
from ..game.explain import going_on
from ..game.help import help_rows
from ..game.look import Look
from ..game.render import Renderer
from ..game.session import SheetRow, void_said
from ..game.stats import describe as describe_stats, read_stats
from ..game.wording import does

PAGE_WIDTH = 72  # the rules page is laid out this wide, inside the page's frame and scroll bar


def keys() -> list[tuple[str, str]]:
    """The table's keys and what each does, in the player's language (the key letters stay)."""
    return [
        ("← → Enter", _("choose and play a card; ↑ ↓ Enter choose a call or declaration")),
        ("1-9", _("the numbered card, call or declaration")),
        ("/", _("type a card (jh, 10s, 'kh belote'), a call (hearts, 90 h, contra) or a command")),
        (_("mouse"), _("click a card or a call")),
        ("a", _("the whole auction")),
        ("y", _("the history: this deal, and every earlier deal with its points and tricks")),
        ("s", _("the score sheet")),
        ("r", _("the rules of this variant")),
        ("h", _("a hint: what the bot would do in your place")),
        ("u", _("undo: take back your last card or call, unless cards or declarations it did not see have been shown since")),
        ("f", _("forced cards: play a card that is the only legal one by itself (on/off; kept)")),
        ("o", _("sort the hand another way (kept for the next games)")),
        ("c", _("suit colours: four-colour, two-colour, colour-blind (kept)")),
        (_("space"), _("skip ahead to your next move")),
        ("+ -", _("bots faster, slower (kept)")),
        ("t", _("your statistics")),
        ("l", _("the bots' level, with each level's rating: a new match at another, or from the next game (kept)")),
        ("q", _("save and quit; belot play --resume continues")),
    ]


def keys_page(look: Look, rows: list[tuple[str, str]] | None = None) -> Table:
    """Every key of the table (``rows``: a table's own, else the local table's), then how calls and cards are
    typed after ``/``."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for key, what in [*(keys() if rows is None else rows), *help_rows()[:2]]:
        grid.add_row(key, look.words(what))
    return grid


def sheet_page(draw: Renderer) -> Group:
    """The score sheet (once a deal is finished), the board, and the seed that deals this match again (not at
    a hosted table: it would deal the hidden cards again)."""
    control = draw.control
    seed = control.shown_seed
    said = [] if seed is None else [Text(_("Seed {seed}: --seed {seed} deals this match again").format(seed=seed),
                                         style="dim")]
    return Group(draw.sheet(), draw.board(), *said) if control.finished else Group(draw.board(), *said)


def auction_page(draw: Renderer, view: SeatView | None) -> Text:
    """The calls of the deal on the table, one a line."""
    calls = draw.calls(view) if view is not None else []
    return Text(draw.look.words("\n".join(calls)) if calls else _("No call yet."))


def rules_page(rules: Ruleset, look: Look) -> Text:
    """The rules played, as the player's booklet (``belot rules``) words them, headings in bold."""
    page = Text()
    for line in booklet_page(rules, PAGE_WIDTH).split("\n"):
        page.append(look.words(line.plain) + "\n", style="bold" if line.spans else "")
    return page


def stats_page(path: Path | None, look: Look) -> RenderableType:
    """The player's statistics by variant and level, or why there are none yet."""
    rows = describe_stats(read_stats(path)) if path else []
    if not rows:
        return Text(_("No finished match yet: statistics count every match you finish."))
    table = Table(box=look.rule_box, padding=0, pad_edge=False)  # the box's space between columns only
    heads = (_("variant"), _("bots"), _("games"), _("won"), _("rate"), _("avg pts"), _("contracts"), _("capots"))
    for column, name in enumerate(heads):  # the variant and the bots' level, then the counts
        table.add_column(name, justify="left" if column < 2 else "right", no_wrap=column < 2)  # names never cut
    for variant, level, *counts in rows:
        table.add_row(variant, level_name(level), *counts)
    return table


def history(draw: Renderer, view: SeatView | None, number: int,
            finished: list[tuple[SheetRow, SeatView | None]]) -> Group:
    """The page's body; ``view`` is the deal on the table (number ``number``), None once the match is over;
    ``finished`` the deals played before, each as it ended."""
    parts: list[RenderableType] = []
    if view is not None and view.phase != OVER:
        parts.append(Text(_("Deal {number}, being played").format(number=number), style="bold underline"))
        parts += deal_body(draw, view)
    for row, ended in reversed(finished):
        if parts:
            parts.append(Text())
        parts.append(heading(draw, row))
        if ended is not None:
            parts += outcome(draw, row) + deal_body(draw, ended)
    if not parts:
        parts.append(Text(_("Nothing played yet.")))
    return Group(*parts)


def heading(draw: Renderer, row: SheetRow) -> Text:
    """``Deal 2 · Right deals · hearts ♥ ×2 contra by Left: made``."""
    look, seating = draw.look, draw.control.names
    text = Text(_("Deal {number}").format(number=row.number), style="bold underline")
    text.append(f" {look.dot} {does(seating.name(row.dealer), 'deal')} {look.dot} ")
    if row.score is None:
        return text.append(_("{void}; no score").format(void=void_said(row.void)))
    assert row.contract is not None  # a deal scored was played under a contract
    contract = draw.contract(row.contract, row.level, row.bid, row.declarer)
    return text.append(f"{contract}: ").append(draw.verdict(row.score) + (pgettext("list separator", ", ") + _("capot") if row.score.capot_team is not None
                                                                      else ""), style="bold")


def outcome(draw: Renderer, row: SheetRow) -> list[RenderableType]:
    """The raw points, what reached the board (rounded, multiplied) and the board after the deal."""
    score = row.score
    if score is None:
        return []
    added = draw.pairs([f"{p:+d}" for p in score.match_points])
    arrow = draw.look.words(" → ")
    board = _("board")
    return [indented(Text.assemble(_("Raw") + " ", (draw.pairs(score.raw_points), "bold"), arrow, (added, "bold"),
                                   f"{arrow}{board} {draw.pairs(row.board)}"))]


def deal_body(draw: Renderer, view: SeatView) -> list[RenderableType]:
    """The calls, the declarations and the tricks of a deal, indented under its heading."""
    look = draw.look
    calls = draw.calls(view)
    lines: list[RenderableType] = [
        indented(Text(look.words(_("Calls:") + " " + (f" {look.dot} ".join(calls) if calls else _("none yet")))))]
    declared = draw.announced(view)
    if declared:
        lines.append(indented(Text(look.words(_("Declared:") + " " + f" {look.dot} ".join(declared)))))
    return lines + [indented(draw.trick(view, index, _("Trick {number}").format(number=index + 1))) for index in range(len(view.tricks))]


def indented(text: Text) -> Padding:
    """A line under a deal's heading; when it wraps, the rest stays indented too."""
    return Padding(text, (0, 0, 0, 2))


def deal_result(draw: Renderer, view: SeatView, row: SheetRow) -> tuple[str, Group]:
    """The title and body of a finished deal's box: how it scored (or why nothing was), its auction, the seven's
    exchange and the cards the taker laid aside."""
    look, void = draw.look, void_said(row.void)
    body: list[RenderableType] = [*draw.deal_lines(row)] or [Text(
        _("Nobody bid") if row.void == "everybody passed" else f"{void[:1].upper()}{void[1:]}"
    ).append(_(", so nothing is scored; a new deal follows."))]
    calls = draw.calls(view, passes=False)
    if calls:
        body.append(Text(look.words(_("Auction:") + " " + f" {look.dot} ".join(calls)), style="bold"))
    exchange = draw.exchange(view)
    if exchange is not None:
        body.append(exchange)
    if view.discarded:  # counted with the taker's cards, so shown to all once the deal is over
        body.append(draw.discards(view))
    if row.goes_on:  # the match goes on with a side at its target: why
        body.append(Text(going_on(row.goes_on, row.bar), style="bold"))
    title = draw.deal_title(row).plain if row.score is not None else _("Deal {number}: {void}").format(
        number=row.number, void=void)  # no score: the box's body says so
    return title, Group(*body)


def match_result(draw: Renderer, ended: MatchEnded) -> Group:
    """The match result box: the winner (or a draw), the sheet, and the player's statistics with their note."""
    parts: list[RenderableType] = [draw.match_result(ended)]
    if draw.control.finished:
        parts.append(draw.sheet())
    if ended.note:
        parts.append(Text(ended.note))
    if ended.totals:
        parts.append(Text(draw.games_played(ended.totals)))
    return Group(*parts)
