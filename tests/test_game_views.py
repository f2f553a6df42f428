"""The two views of the game controller (the line game and the full-screen table): what they say of a
deal's contract, of a hint asked for while a bot moves, and of a user interrupt ("One home for each rule",
issue 21 step 4).
"""

from __future__ import annotations

from pathlib import Path

from game_script import play
from test_game_tui import data_home, run, screen_text, until  # noqa: F401 - data_home: autouse

from belot_rules.cli.game.look import Look
from belot_rules.cli.game.render import Renderer
from belot_rules.cli.game.saves import SaveSlot, read_save
from belot_rules.cli.game.session import Session
from belot_rules.cli.tui.app import TableApp


def first_scored(variant: str, seed: int) -> tuple[Renderer, Session]:
    """Bots play ``variant`` until a deal is scored; the renderer of the table watching them."""
    session = Session.start(variant, seed, ("heuristic",) * 4)
    while not session.rows or session.rows[-1].score is None:
        session.apply(session.bot_action("heuristic"))
    return Renderer(session, Look().for_variant(session.ruleset.variant)), session


def test_a_named_contract_is_said_in_the_result_as_in_the_header() -> None:
    """baloot.md §3 names a trump contract Hokum: the result box's explanation said "Contract: spades" where the
    header said "Hokum spades"; both say the variant's name now. Where a variant names none, the line is kept."""
    draw, session = first_scored("baloot", 1)
    row = session.rows[-1]
    named = draw.look.contract(row.contract)
    assert named.startswith(("Hokum", "Sun")) and named in draw.contract(row.contract, row.level, row.bid, row.declarer)
    assert draw.deal_lines(row)[0].plain.startswith(f"Contract: {named} by ")
    draw, session = first_scored("french", 1)
    assert draw.deal_lines(session.rows[-1])[0].plain.startswith(f"Contract: {session.rows[-1].contract} by ")


def test_a_hint_asked_while_a_bot_moves_says_whose_move_it_is(tmp_path: Path) -> None:
    """h while a bot is to move said "Nothing to decide yet"; it says which bot moves and that hints come at the
    player's turn (the key reached the hidden line for typing, focused from the start, until the player first moved)."""
    session = Session.start("bulgarian", 3, ("you", "heuristic", "heuristic", "heuristic"))
    app = TableApp(session, Look(), "slow", SaveSlot.at(tmp_path / "game.json"), stats_path=tmp_path / "stats.json")

    async def hint() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.turn is not None or app.control.bots_move())
            if app.turn is not None:
                await pilot.press("enter")  # a call: a bot speaks next
                await until(pilot, lambda: app.turn is None and app.control.bots_move())
            await pilot.press("h")
            await until(pilot, lambda: "moves now: a hint comes at your turn." in screen_text(app))
            assert "Nothing to decide yet" not in screen_text(app)

    run(hint)


def test_ctrl_c_in_the_line_game_saves_and_exits_130(tmp_path: Path) -> None:
    """A user interrupt exits 130 (as a shell reports it) after saving; it exited 0 when the game was kept."""
    save = tmp_path / "game.json"
    kept = play(lines=["1", "1", "y"], save_path=save, interrupts=(2,))
    assert kept.status == 130 and "Game saved." in kept.text
    assert read_save(save).record["deals"][0]["actions"]
