"""What the table and the booklet say of Twenty-Nine and Twenty-Eight (twenty-nine.md §1, §3.4, §7; twenty-eight.md
§6): a score sheet without the columns those rules never fill, the doubling round's passes said as such, and the
last trick that counts nothing said so."""

from __future__ import annotations

from test_family_concealed_trump import deck

from belot_rules import load_variant
from belot_rules.booklet.build import booklet
from belot_rules.booklet.render import to_text
from belot_rules.cli.game.controller import Controller
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.render import Renderer
from belot_rules.cli.game.session import Session, SheetRow
from belot_rules.cli.game.sheet_columns import sheet_columns
from belot_rules.engine.deal import DealState


def test_the_sheet_of_twenty_nine_has_no_meld_belote_or_capot_column_twenty_nine_7() -> None:
    """§6-7: no melds, no belote, game points (a capot scores no bonus): those columns would always be 0; Belot keeps
    them. A row has a cell for each column shown."""
    assert sheet_columns(load_variant("twenty-nine").variant) == (
        "#", "contract", "team", "cards", "total", "points", "board")
    assert sheet_columns(load_variant("twenty-eight").variant) == sheet_columns(load_variant("twenty-nine").variant)
    assert {"decl.", "belote", "capot"} <= set(sheet_columns(load_variant("bulgarian").variant))
    rules = load_variant("twenty-nine")
    score = rules.scoring.score("hearts", 0, 1, (20, 8), (5, 3), 0, [], 16, 0)
    row = SheetRow(1, 3, "hearts", 0, 0, 16, (20, 8), (0, 0), (0, 0), (0, 0), score, (1, 0))
    draw = Renderer(Controller(Session.start("twenty-nine", 1, ("random",) * 4)), Look())
    assert len(draw.sheet().columns) == 7 and [len(line) for line in draw.sheet_rows(row)] == [7, 7]


def test_a_pass_of_the_doubling_round_is_no_double_twenty_nine_3_4() -> None:
    """§3.4 [WOCG, PAGc]: once the bidding is over, either opponent may double: their passes then are 'no double',
    not passes of the bidding. Seat 0 bids 16, the others pass, then seats 1 and 3 do not double."""
    state = DealState.start(load_variant("twenty-nine"), deck(), 3)
    for call in ("16", "pass", "pass", "pass", "pass", "pass"):
        state.apply(call)
    session = Session.start("twenty-nine", 1, ("random",) * 4)
    draw = Renderer(Controller(session), Look())
    said = [text.split(" ", 1)[1] for text in draw.calls(state.view(0))]
    assert said == ["16", "pass", "pass", "pass", "no double", "no double"]
    assert [text.split(" ", 1)[1] for text in draw.calls(state.view(0), passes=False)] == ["16"]


def test_the_booklet_says_the_last_trick_counts_nothing_twenty_nine_1() -> None:
    """§1 [PAGc]: 'most players nowadays do not count the point for the last trick' (scoring.last_trick 0): the
    booklet says so instead of 'with the last trick', and tells no capot where a deal is scored in game points."""
    text = " ".join(to_text(booklet(load_variant("twenty-nine"))).split())
    assert "The last trick counts nothing more: the cards of a deal count 28 in a trump contract." in text
    assert "With the last trick" not in text and "capot" not in text
    assert "With the last trick, the cards of a deal count 162" in " ".join(to_text(booklet(load_variant("bulgarian"))).split())


def test_the_booklet_tells_the_single_hand_where_it_is_played_twenty_nine_7() -> None:
    """§7: the example file's booklet says the single hand and its game points in words."""
    from test_family_single_hand_table import EXAMPLE

    text = " ".join(to_text(booklet(load_variant(EXAMPLE))).split())
    assert "each player in turn may undertake to win every trick alone" in text and "wins 3 game points" in text
    assert "play.single_hand" not in text
