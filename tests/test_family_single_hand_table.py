"""The single hand at the table (play.single_hand, rules/family/twenty-nine.md §7): the full-screen table offers the
question as a menu, the header names the single hand once taken, and the trick is drawn from the seats that play;
the line game asks it in words. Played from variants/examples/twenty-nine-single-hand.yaml."""

from __future__ import annotations

from pathlib import Path

from test_game_tui import bid_something, data_home, run, screen_text, settle, table_app, until  # noqa: F401 - data_home: saves go to a temporary directory

from belot_rules.cli.game.controller import numbered
from belot_rules.cli.game.wording import question
from belot_rules.cli.tui.screens import MessageScreen, QuestionScreen
from belot_rules.engine.actions import ALONE_ACTION, NOT_ALONE_ACTION
from belot_rules.engine.deal import BIDDING, OVER
from belot_rules.engine.phases import SINGLE_HAND

EXAMPLE = str(Path(__file__).resolve().parent.parent / "variants" / "examples" / "twenty-nine-single-hand.yaml")


def test_the_table_asks_the_single_hand_and_names_it_twenty_nine_7(tmp_path: Path) -> None:
    """§7: the player is offered 'no single hand' (first, Enter) or 'play alone'; playing alone, the header says so,
    he leads, his partner never plays, and the deal's row gives his side +3 or -3 game points."""

    async def alone() -> None:
        app = table_app(EXAMPLE, 5, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            while True:
                await settle(pilot, app)
                deal = app.session.deal
                if isinstance(app.screen, (MessageScreen, QuestionScreen)) or deal is None:
                    await pilot.press("enter")
                elif deal.phase == BIDDING:
                    await bid_something(pilot, app)
                elif deal.phase == SINGLE_HAND:
                    assert app.menu == [NOT_ALONE_ACTION, ALONE_ACTION]
                    await pilot.press("down", "enter")
                    break
                else:
                    await pilot.press("enter")
            await until(pilot, lambda: "single hand by You" in screen_text(app), "the header does not name it")
            deal = app.session.deal
            assert deal is not None and deal.alone == app.human and deal.to_act == app.human
            while deal.phase != OVER:
                await settle(pilot, app)
                if isinstance(app.screen, (MessageScreen, QuestionScreen)):
                    break
                await pilot.press("enter")
            await until(pilot, lambda: bool(app.session.rows), "the deal was never scored")
            assert len(deal.tricks) == 8 and all(len(cards) == 3 for _, cards, _ in deal.tricks)
            score = app.session.rows[0].score
            assert score is not None and sorted(map(abs, score.match_points)) == [0, 3]

    run(alone)


def test_the_line_game_asks_the_single_hand_in_words_twenty_nine_7() -> None:
    """The line game numbers the two answers, Enter the first ('no single hand'), and asks in words."""
    from test_family_single_hand import TWENTY_NINE, laid

    from belot_rules.cli.game.controller import HumanTurn

    state = laid(ruleset=TWENTY_NINE)
    legal = state.legal_actions()
    menu, cards = numbered(state, legal)
    assert menu == [NOT_ALONE_ACTION, ALONE_ACTION] and cards == []
    turn = HumanTurn(0, state.view(0), tuple(legal), tuple(menu), tuple(cards), True, "", None)
    assert question(turn) == "Play this deal alone, your partner out, without trumps? (Enter = 1)"
