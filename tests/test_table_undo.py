"""Undo never shows what the rules hide: both front ends ask the session how far back it goes.

The problem: ``u`` after a call and a card took back the call too, so the player bid again
having seen his last three cards (Bulgarian deals 5, then 3 after the auction) and the
others' declarations. The rule ("Nothing lost, nothing leaked", item 3): undo stops at the
last move after which nothing hidden was shown, and says why in one line.
"""

from __future__ import annotations

import pytest
from game_script import RANDOM_BOTS, play
from test_game_tui import data_home, run, screen_text, settle, table_app, until  # noqa: F401 - data_home: autouse

from belot_rules.cli.game.session import NoUndo, Session
from belot_rules.engine.actions import CALL, PLAY, Action
from belot_rules.engine.deal import BIDDING, PLAYING, DealState

REST_DEALT = "Undo goes no further: the rest of the deal was dealt after your call."


def test_the_line_game_takes_back_a_card_but_not_the_call_made_before_the_rest_of_the_deal() -> None:
    """Bulgarian seed 7: the player passes, the auction ends, three more cards come, he plays one;
    ``u`` takes the card back, a second ``u`` says why the call stays."""
    played = play(lines=["1", "1", "u", "u", "q"], seed=7, then=None)
    assert "Took back: play K♠, and 3 moves after it." in played.text
    assert REST_DEALT in played.text
    deal = played.session.deal
    assert deal.phase == PLAYING and deal.history[0].kind == CALL
    assert len(played.session.undone) == 1


def test_the_table_takes_back_a_card_but_not_the_call_and_says_why_on_the_status_line() -> None:
    """The same deal at the full-screen table: the second ``u`` leaves the auction closed and says why."""

    async def undo() -> None:
        app = table_app("bulgarian", 7, players=RANDOM_BOTS)
        async with app.run_test(size=(80, 24)) as pilot:
            human = app.human
            while not any(a.kind == PLAY for a in mine(app.session, human)):
                await settle(pilot, app)
                await pilot.press("enter")
            await settle(pilot, app)
            await pilot.press("u")
            await until(pilot, lambda: "Took back: play" in screen_text(app))
            await settle(pilot, app)
            await pilot.press("u")
            await until(pilot, lambda: REST_DEALT in screen_text(app), "the refusal is not on the status line")
            deal = app.session.deal
            assert deal.phase == PLAYING and deal.to_act == human and len(app.session.undone) == 1
            assert [a.kind for a in mine(app.session, human)] == [CALL]

    run(undo)


def mine(session: Session, human: int) -> list[Action]:
    """The player's moves in this deal, replayed to see whose each one was."""
    deal = session.deal
    probe = DealState.start(session.ruleset, deal.deck, deal.dealer, deal.hanging_in, tuple(deal.auction.board))
    moves = []
    for action in deal.history:
        if probe.to_act == human:
            moves.append(action)
        probe.apply(action)
    return moves


@pytest.mark.parametrize("variant, seed, seen", [
    ("bulgarian", 5, "Right declared after your card."),  # a declaration in trick 1, after the player's card
    ("belote-decouverte", 5, "cards were turned up on the table after your card."),  # the open tableau
    ("belote-a-deux", 5, "the stock's bottom card was turned up after your call."),
])
def test_undo_stops_where_something_hidden_was_shown(variant: str, seed: int, seen: str) -> None:
    """Another seat's declarations and cards turned up stop undo as the rest of the deal does; each says
    what was shown, and nothing is taken back."""
    session = Session.start(variant, seed, None, bot="random")
    for _ in range(200):
        session.apply(session.bot_action("random"))
        try:
            session.undo_step()
        except NoUndo as why:
            if str(why).endswith(seen):
                before = [str(a) for a in session.deal.history]
                with pytest.raises(NoUndo):
                    session.take_back()
                assert [str(a) for a in session.deal.history] == before and not session.undone
                return
    raise AssertionError(f"undo never stopped with: {seen}")


def test_a_call_is_taken_back_while_the_auction_hides_nothing_new() -> None:
    """Before the auction ends, the player may take back his call (the bots' calls are public)."""
    played = play(lines=["1", "1", "u", "q"], seed=9, then=None)
    assert "Took back: call pass, and 3 moves after it." in played.text
    assert played.session.deal.phase == BIDDING
