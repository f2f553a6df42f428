"""The full-screen table, driven headless with Textual's pilot: whole deals of every shipped variant,
undo, the pages, resume, and the layout pinned at 80x24 and 120x40.

The layout snapshots are the screen's text in ``tests/golden/tui-*.txt``; after a deliberate
change to the table, ``BELOT_UPDATE_GOLDEN=1 python -m pytest tests/test_game_tui.py`` rewrites them.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from game_script import check_golden
from textual.geometry import Size

from belot_rules.cards import parse_card
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.saves import SaveSlot, read_save
from belot_rules.cli.game.session import NoUndo, Session
from belot_rules.cli.game.stats import read_stats
from belot_rules.cli.tui import screens
from belot_rules.cli.tui.app import HandView, TableApp
from belot_rules.cli.tui.drawing import CARD_WIDTH, LARGE_WIDTH
from belot_rules.cli.tui.room import Room
from belot_rules.cli.tui.screens import MessageScreen, QuestionScreen
from belot_rules.engine.deal import BIDDING, DECLARING, PLAYING, PREDICTING
from belot_rules.variant.loader import shipped_names

PLAYER = ("you", "heuristic", "heuristic", "heuristic")


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and statistics go to a temporary data directory, never the user's; messages close at once."""
    monkeypatch.setattr(screens, "TYPED_AHEAD", 0)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "data"))
    return tmp_path / "data"


SVG_TEXT = re.compile(r'<text [^>]*?x="([\d.]+)"[^>]*?textLength="([\d.]+)"[^>]*?line-(\d+)\)">(.*?)</text>')


def screen_text(app: TableApp) -> str:
    """What the screen shows, as text, one line a row (trailing blanks dropped).

    Read from Textual's screenshot (an SVG with a ``<text>`` element per run of styled
    characters, placed by its x offset on its line's clip path)."""
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    for x, length, line, text in SVG_TEXT.findall(app.export_screenshot()):
        text = html.unescape(text).replace("\xa0", " ")
        column = round(float(x) * len(text) / float(length))
        rows[int(line)][column:column + len(text)] = text
    return "\n".join("".join(row).rstrip() for row in rows) + "\n"


def table_app(variant: str, seed: int, tmp_path: Path | None = None, **options: object) -> TableApp:
    session = Session.start(variant, seed, options.pop("players", None), options.pop("target", None))
    save = SaveSlot.at(tmp_path / "game.json") if tmp_path else None
    stats = tmp_path / "statistics.json" if tmp_path else None
    return TableApp(session, Look(**options.pop("look", {})), "instant", save, stats_path=stats, **options)


def waiting(app: TableApp) -> bool:
    """The table waits for the player (a move or a page to dismiss), not for a bot."""
    deal = app.session.deal
    return len(app.screen_stack) > 1 or app.session.over or (deal is not None and deal.to_act == app.human
                                                              and not app.result_shown)


async def until(pilot, check: Callable[[], object], what: str = "the screen never changed") -> None:  # noqa: ANN001
    """Wait until ``check()`` holds: a condition, not a fixed pause, and a minute at most, for a busy machine."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        await pilot.pause()
        if check():
            return
        await pilot.pause(0.005)
    raise AssertionError(what)


async def settle(pilot, app: TableApp) -> None:  # noqa: ANN001 - textual's Pilot
    """Let the bots move until the player is asked something."""
    await until(pilot, lambda: waiting(app), "the bots never stopped")


async def bid_something(pilot, app: TableApp) -> None:  # noqa: ANN001
    """Choose the first bid offered (not pass or a doubling), with the arrows and Enter."""
    bids = [i for i, a in enumerate(app.menu) if a.call.kind == "bid"]
    steps = bids[0] if bids else 0
    for _ in range(steps):
        await pilot.press("down")
    await pilot.press("enter")


async def play_deal(pilot, app: TableApp, undo: bool = False) -> list[str]:  # noqa: ANN001
    """Play one whole deal with the arrows and Enter; the titles of the messages on the way.

    ``undo``: once a trick is complete, take back the player's last card and check it is back in the hand;
    while undo may not go back (something hidden was shown since), check the status line says why.
    """
    number = app.session.deal_number
    titles = []
    while True:
        await settle(pilot, app)
        if isinstance(app.screen, MessageScreen):
            titles.append(str(app.screen.title_text))
            await pilot.press("enter")
            if app.session.over or app.session.deal_number > number:
                await settle(pilot, app)
                return titles
            continue
        if isinstance(app.screen, QuestionScreen):
            await pilot.press("enter")
            continue
        deal = app.session.deal
        if deal.phase == BIDDING:
            await bid_something(pilot, app)
        elif deal.phase == DECLARING:
            await pilot.press("enter")
        elif deal.phase == PREDICTING:  # typed: the points the player expects to take (bidding.predictions)
            await pilot.press("4", "0", "enter")  # the first digit opens the typing line
        elif undo and deal.phase == PLAYING and deal.tricks:  # every seat, yours too, has played a card
            human = app.session.seating.human
            mine = [c for leader, cards, _ in deal.tricks for pos, c in enumerate(cards)
                    if app.session.ruleset.seating.order[leader + pos] == human]
            try:
                app.session.undo_step()
            except NoUndo as why:  # something hidden was shown since (a declaration, cards turned up): next card
                reason = str(why)
                await pilot.press("u")
                await until(pilot, lambda: reason in screen_text(app), "the status line does not say why")
                assert not app.session.undone
                await pilot.press("enter")
                continue
            undo = False
            await pilot.press("u")
            await settle(pilot, app)
            assert app.session.undone, "the undo is recorded"
            assert mine[-1] in [c.index for c in app.query_one(HandView).cards]  # the card is back in the hand
            assert "Took back" in screen_text(app)
        else:
            await pilot.press("enter")


def run(test: Callable[..., object], *args: object) -> None:
    asyncio.run(test(*args))


@pytest.mark.parametrize("variant", shipped_names())
def test_a_whole_deal_of_each_shipped_variant_with_arrows_and_enter(variant: str, tmp_path: Path) -> None:
    """Bidding, declaring, playing and the deal's score (which stays until dismissed), undo on the way."""

    async def whole_deal() -> None:
        app = table_app(variant, 11, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            titles = await play_deal(pilot, app, undo=True)
            assert titles and titles[-1].startswith("Deal 1")
            assert app.session.rows and app.session.rows[0].number == 1
            saved = read_save(tmp_path / "game.json")
            assert len(saved.record["deals"]) >= 1

    run(whole_deal)


def test_every_page_opens_over_the_table_and_closes(tmp_path: Path) -> None:
    """?, s, y, a, r and t show a page that Esc closes; the header stays in view at 80x24."""

    async def pages() -> None:
        app = table_app("bulgarian", 3, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            for key, title in (("question_mark", "Keys"), ("s", "Score sheet"), ("y", "History"),
                               ("a", "Auction"), ("r", "Rules"), ("t", "Statistics")):
                await pilot.press(key)
                await until(pilot, lambda: isinstance(app.screen, MessageScreen))
                assert app.screen.title_text.startswith(title)
                text = screen_text(app)
                assert "Bulgarian Belot · Deal 1" in text.splitlines()[0]
                await pilot.press("escape")
                await until(pilot, lambda: not isinstance(app.screen, MessageScreen))

    run(pages)


def test_the_history_shows_each_earlier_deal_with_its_points_and_tricks(tmp_path: Path) -> None:
    """y: the deal being played, then each earlier deal: taker and result, raw and board points, calls, tricks."""

    async def history() -> None:
        app = table_app("bulgarian", 3, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_deal(pilot, app)
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, MessageScreen))
            text = screen_text(app)
            assert "Deal 2, being played" in text and "Calls: " in text
            assert re.search(r"Deal 1 · \w+ deals? · .+ by \w+: (made|failed|hanging)", text), text
            assert re.search(r"Raw Us \d+ · Them \d+ → Us \+\d+ · Them \+\d+ → board Us \d+ · Them \d+", text), text
            await pilot.press("end")
            await until(pilot, lambda: "Trick 8: " in screen_text(app))

    run(history)


def test_a_page_or_a_hint_keeps_the_call_the_player_highlighted() -> None:
    """Reading the auction before calling must not move the pointer back to pass."""

    async def keep() -> None:
        app = table_app("bulgarian", 3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("down", "down")
            await pilot.press("a")
            await until(pilot, lambda: isinstance(app.screen, MessageScreen))
            await pilot.press("escape")
            await until(pilot, lambda: "▶ 3. " in screen_text(app))
            assert app.query_one("#choices").highlighted == 2

    run(keep)


def test_a_hint_is_gone_once_the_move_is_made() -> None:
    """A hint speaks of one move: after the player makes it, the status line no longer shows it."""

    async def hint() -> None:
        app = table_app("bulgarian", 3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("h")
            await until(pilot, lambda: "Hint:" in screen_text(app))
            await pilot.press("enter")
            await until(pilot, lambda: "Hint:" not in screen_text(app), "the hint stayed after the move")

    run(hint)


def test_number_keys_typed_names_and_refusals(tmp_path: Path) -> None:
    """A number chooses a call; / and a name plays a card; a forbidden card is refused with the rule, marked."""

    async def keys() -> None:
        app = table_app("bulgarian", 3, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("2")  # spades, the second call offered
            await settle(pilot, app)
            deal = app.session.deal
            assert deal.contract == "spades" or deal.phase != BIDDING
            while app.session.deal.phase != PLAYING or app.session.deal.trick == []:
                if isinstance(app.screen, (MessageScreen, QuestionScreen)) or app.session.deal.phase != PLAYING:
                    await pilot.press("enter")
                else:
                    break
                await settle(pilot, app)
            deal = app.session.deal
            hand = app.query_one(HandView)
            forbidden = [c for c in hand.cards if c.index not in (hand.legal or [])]
            text = screen_text(app)
            if forbidden:
                assert "×" in text  # a forbidden card is marked, not only dimmed
                await pilot.press("slash")
                for key in str(forbidden[0]).lower():
                    await pilot.press(key)
                await pilot.press("enter")
                await until(pilot, lambda: "✗ You may not play" in screen_text(app))
            before = len(deal.history)
            await pilot.press("1")
            await until(pilot, lambda: len(app.session.deal.history) > before or app.session.deal is not deal)

    run(keys)


def test_watching_with_open_hands_shows_every_hand() -> None:
    async def watch() -> None:
        app = table_app("french", 4, players=("heuristic",) * 4, open_hands=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: "South" in screen_text(app))
            text = screen_text(app)
            assert "cards" not in text  # no hidden hand: every seat's cards are written out
            assert "South" in text and "North" in text
            await pilot.press("space")  # the bots move at once to the deal's score
            await settle(pilot, app)
            assert isinstance(app.screen, MessageScreen)

    run(watch)


def test_a_finished_match_counts_in_the_statistics(tmp_path: Path) -> None:
    async def match() -> None:
        app = table_app("french-single-deal", 5, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            titles = []
            while not app.session.over:
                titles += await play_deal(pilot, app)
            assert isinstance(app.screen, MessageScreen) and app.screen.title_text == "The match is over"
            assert "wins the match" in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
        assert "wins the match · Us " in app.farewell[-1]  # printed once the table has closed
        stats = read_stats(tmp_path / "statistics.json")
        assert stats["french-single-deal"]["normal"]["games"] == 1
        json.loads((tmp_path / "statistics.json").read_text())

    run(match)


def test_resume_draws_the_saved_deal(tmp_path: Path) -> None:
    """A game saved mid-deal comes back on the table as it was, saying it resumes."""

    async def first() -> None:
        app = table_app("french", 8, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await bid_something(pilot, app)
            await settle(pilot, app)
            await pilot.press("q")
            await pilot.pause()

    async def again() -> None:
        saved = read_save(tmp_path / "game.json")
        session = saved.restore(saved.start())
        app = TableApp(session, Look(), "instant", SaveSlot.at(tmp_path / "game.json"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert "Resuming deal 1" in screen_text(app)
            assert session.deal.history

    run(first)
    run(again)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
def test_the_layout_is_pinned(size: tuple[int, int]) -> None:
    """The table while bidding and while playing, as text (tests/golden/tui-bulgarian-WxH.txt), at the size it is
    drawn for and two that it grows into (issue 25, tui/room.py): from 120x40 the cards are drawn large with their
    suit in the middle, the seats a line apart, and the side column widens. After a deliberate change of the layout:
    ``BELOT_UPDATE_GOLDEN=1 python -m pytest tests/test_game_tui.py -k layout_is_pinned``, then read the diff."""
    room = Room.of(Size(*size))

    async def snapshot() -> None:
        app = table_app("bulgarian", 3)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await until(pilot, lambda: app.query_one("#side").outer_size.width == room.side)
            await pilot.pause()
            bidding = screen_text(app)
            await pilot.press("2")
            await settle(pilot, app)
            while app.session.deal.phase != PLAYING or isinstance(app.screen, MessageScreen):
                await pilot.press("enter")
                await settle(pilot, app)
            playing = screen_text(app)
        check_golden(f"tui-bulgarian-{size[0]}x{size[1]}.txt", bidding + "\n" + playing)
        for text in (bidding, playing):
            assert all(len(line) <= size[0] for line in text.splitlines())
        assert ("┌─────┐" in playing) == room.large  # the hand's cards, large where there is room

    run(snapshot)


def test_a_hand_too_long_for_large_cards_is_drawn_small() -> None:
    """At a big terminal the cards are large only while the hand fits its room so (tui/hand.py): twelve cards
    (a hand and a chien picked up) in 70 columns are drawn small, in 100 large."""
    hand = HandView(Look())
    hand.cards, hand.large = [parse_card(c) for c in "7C 8C 9C TC JC QC KC AC 7D 8D 9D TD".split()], True
    assert hand.whole(70) == CARD_WIDTH and hand.whole(100) == LARGE_WIDTH
    assert hand.card_width(70) * 11 + hand.last_width(70) <= 70


def test_ascii_draws_no_box_characters() -> None:
    async def plain() -> None:
        app = table_app("coinche", 2, look={"ascii": True})
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("o")
            await pilot.press("c")
            await until(pilot, lambda: "Suit colours" in screen_text(app))
            text = screen_text(app)
            assert text.isascii(), [ch for ch in text if not ch.isascii()]  # "Belote coinchee" too
            assert "+---+" in text
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.screen, MessageScreen))
            assert screen_text(app).isascii()

    run(plain)


def test_the_chosen_card_in_ascii_is_framed_in_hashes_not_in_the_hearts_letter() -> None:
    from belot_rules.cards import parse_card
    from belot_rules.cli.tui.drawing import card_lines

    lines = [line.plain for line in card_lines(Look(ascii=True), parse_card("AC").index, chosen=True)]
    assert lines == ["#===#", "#AC #", "#===#"]


def test_a_click_plays_a_card_and_a_forbidden_one_is_refused_with_its_rule() -> None:
    async def click() -> None:
        app = table_app("bulgarian", 3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("2")
            while app.session.deal.phase != PLAYING or isinstance(app.screen, MessageScreen):
                await settle(pilot, app)
                if app.session.deal.phase != PLAYING:
                    await pilot.press("enter")
            await settle(pilot, app)
            hand = app.query_one(HandView)
            positions = {card.index: i for i, card in enumerate(hand.cards)}
            forbidden = [c.index for c in hand.cards if c.index not in hand.legal]
            if forbidden:
                await pilot.click(HandView, offset=(positions[forbidden[0]] * 5 + 2, 1))
                await until(pilot, lambda: "You may not play" in screen_text(app))
            played = hand.legal[-1]
            await pilot.click(HandView, offset=(positions[played] * 5 + 2, 1))
            await until(pilot, lambda: any(a.kind == "play" and a.card == played
                                           for a in app.session.match.current.history)
                        or app.session.deal_number > 1)

    run(click)


def test_out_of_time_at_a_table_with_a_clock_loses_the_match() -> None:
    """bulgarian-cut-only: 30 s a move, or the player's team loses the match (S2/S3 of its sources)."""
    clock = [0.0]

    async def wait() -> None:
        app = table_app("bulgarian-cut-only", 4)
        app.now = lambda: clock[0]
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert "30 s left" in screen_text(app)
            clock[0] += 31
            app.tick()
            await until(pilot, lambda: "Time ran out" in screen_text(app))
            assert app.session.over and app.session.winner == 1 - app.human % 2

    run(wait)


def test_the_move_clock_waits_while_a_page_is_open() -> None:
    """Reading the rules (or the help, the sheet, the history) does not lose the match on time."""
    clock = [0.0]

    async def read() -> None:
        app = table_app("bulgarian-cut-only", 4)
        app.now = lambda: clock[0]
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            clock[0] += 10
            app.tick()
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.screen, MessageScreen))
            for _ in range(5):  # 50 s with the rules open
                clock[0] += 10
                app.tick()
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, MessageScreen))
            clock[0] += 1
            app.tick()
            assert not app.session.over and "19 s left" in screen_text(app)

    run(read)


# ---------------------------------------------------------------------- the unfinished game, offered on the table


def unfinished_bulgarian() -> SaveSlot:
    """A Bulgarian game left after one call in its own slot; the slot, opened again for a new game."""

    async def first() -> None:
        slot = SaveSlot.for_variant("bulgarian")
        slot.open()
        app = TableApp(Session.start("bulgarian", 8, PLAYER), Look(), "instant", slot)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")
            await settle(pilot, app)
            await pilot.press("q")
            await pilot.pause()
        slot.close()

    run(first)
    slot = SaveSlot.for_variant("bulgarian")
    slot.open()
    return slot


def offering(slot: SaveSlot) -> TableApp:
    """A new Bulgarian game (another seed) whose slot holds the unfinished one."""
    return TableApp(Session.start("bulgarian", 99, PLAYER), Look(), "instant", slot,
                    unfinished=read_save(slot.path))


async def answer(pilot, app: TableApp, downs: int) -> None:  # noqa: ANN001
    """Once the question is asked, choose the answer ``downs`` below the first, with the arrows and Enter."""
    await until(pilot, lambda: isinstance(app.screen, QuestionScreen))
    assert "unfinished game" in screen_text(app)
    for _ in range(downs):
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot, app)


def test_the_unfinished_game_is_offered_on_the_table_and_resumed() -> None:
    """The question and the saved game's summary are on the table, over a hidden deal; Enter resumes."""
    slot = unfinished_bulgarian()

    async def offer() -> None:
        app = offering(slot)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, QuestionScreen))
            text = screen_text(app)
            assert "bulgarian, normal, deal 1, board 0-0, seed 8" in text
            assert "▶ 1. Resume it" in text and "Your hand" not in text  # the new deal stays hidden
            await answer(pilot, app, 0)
            assert app.session.seed == 8 and "Resuming deal 1" in screen_text(app)

    run(offer)
    slot.close()


def test_a_new_game_in_another_slot_leaves_the_unfinished_one_as_it_was() -> None:
    slot = unfinished_bulgarian()
    before = slot.path.read_bytes()

    async def elsewhere() -> None:
        app = offering(slot)
        async with app.run_test(size=(80, 24)) as pilot:
            await answer(pilot, app, 1)
            assert app.session.seed == 99 and app.slot.label == "bulgarian-2"
            assert "New game in the save slot bulgarian-2" in screen_text(app)
            await pilot.press("enter")  # a call: saved in the new slot
            await settle(pilot, app)
            await pilot.press("q")
            await pilot.pause()
        assert app.farewell == ["Game saved. Continue it with: belot play --resume --slot bulgarian-2"]

    run(elsewhere)
    assert slot.path.read_bytes() == before
    assert read_save(SaveSlot.named("bulgarian-2").path).seed == 99


def test_leaving_at_the_question_changes_nothing() -> None:
    """Esc, q, Ctrl-C or the last answer at the question: no save written, the unfinished game kept, and said so."""
    slot = unfinished_bulgarian()
    before = slot.path.read_bytes()

    async def leave() -> None:
        app = offering(slot)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, QuestionScreen))
            await pilot.press("s")  # the table's keys wait for the answer
            await pilot.press("q")
            await pilot.pause()
        assert app.farewell == ["Nothing was changed; the unfinished game is still in the save slot bulgarian."]

    run(leave)
    assert slot.path.read_bytes() == before
    assert sorted(p.name for p in slot.path.parent.glob("*.json")) == ["bulgarian.json"]


def test_moving_the_unfinished_game_aside_keeps_it_and_says_where() -> None:
    slot = unfinished_bulgarian()
    before = slot.path.read_bytes()

    async def aside() -> None:
        app = offering(slot)
        async with app.run_test(size=(80, 24)) as pilot:
            await answer(pilot, app, 2)
            assert app.session.seed == 99 and "moved to saves/aside" in screen_text(app)
            await pilot.press("q")
            await pilot.pause()
        assert app.farewell[0].startswith("The unfinished game is kept in ")

    run(aside)
    kept = list((slot.path.parent / "aside").glob("bulgarian-kept-*.json"))
    assert [p.read_bytes() for p in kept] == [before]
    slot.close()


# ---------------------------------------------------------------------- settings kept between games


def test_the_keys_settings_are_kept_for_the_next_game(tmp_path: Path) -> None:
    """o, c, + and f change the settings file (atomically, whole); the next table starts with them."""
    from belot_rules.cli.game.settings import Kept, Settings, read_settings

    path = tmp_path / "settings.json"

    async def change() -> None:
        app = TableApp(Session.start("bulgarian", 3, PLAYER), Look(), "instant", kept=Kept(Settings(), path))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            for key in ("o", "c", "minus", "f"):
                await pilot.press(key)
            await until(pilot, lambda: "forced card" in screen_text(app))

    run(change)
    assert read_settings(path) == (Settings(theme="two-colour", sort="rank", speed="fast", autoplay=True), None)


def test_no_color_leaves_the_terminal_its_own_colours_and_keeps_the_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR: Textual's NoColor filter, not greys; forbidden cards still marked ×, the chosen one ▲, the status
    line in reverse video."""
    monkeypatch.setenv("NO_COLOR", "1")

    async def plain() -> None:
        app = table_app("bulgarian", 3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert app.no_color and app.native_ansi_color  # so Textual draws in the default colours only
            assert "reverse" in str(app.query_one("#status").styles.text_style)
            await pilot.press("2")
            await until(pilot, lambda: app.query_one(HandView).legal)
            text = screen_text(app)
            assert "×" in text and "▲1▲" in text

    run(plain)


def test_the_chien_is_shown_and_the_taker_s_twelve_cards_fit_80_columns() -> None:
    """belote-a-trois.md §2 (HOP): the chien lies face down through the bidding; the taker sees what it held
    and holds 12 cards, drawn in one row, while he lays 2 aside."""

    async def take() -> None:
        app = table_app("belote-a-trois-32", 5)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert "chien: 2 cards" in screen_text(app)
            await pilot.press("4")  # hearts
            await settle(pilot, app)
            assert app.session.deal.phase == "discarding"
            rows = screen_text(app).splitlines()
            assert any("J♥" in row and "8♦" in row for row in rows), "the twelve cards are one row"
            assert any(row.rstrip("│ ").endswith("12") for row in rows)
            assert "You took the chien 9♥ 10♠," in screen_text(app)
            await pilot.press("end", "enter")
            await settle(pilot, app)
            assert "laid aside 8♦, 1 to go" in screen_text(app)

    run(take)


def test_an_enter_just_after_a_number_key_is_not_a_second_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line game takes "4, Enter"; at the table the 4 alone calls, so the Enter typed after it out of
    habit must not lay the taker's highlighted card aside (belote-a-trois.md §2's discard follows at once)."""
    monkeypatch.setattr(screens, "TYPED_AHEAD", 30)

    async def habit() -> None:
        app = table_app("belote-a-trois-32", 5)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("4")  # hearts
            await settle(pilot, app)
            assert app.session.deal.phase == "discarding"
            await pilot.press("enter")
            await pilot.pause()
            assert app.session.deal.discarded == (), "the Enter belonged to the 4"
            await pilot.press("enter")  # the next Enter is a move of its own
            await until(pilot, lambda: len(app.session.deal.discarded) == 1)

    run(habit)


def test_three_players_scores_fit_the_header_at_80_columns() -> None:
    """At a table of three the match score takes the header's second line; the turned card moves up a line
    rather than wrapping the score onto a third."""

    async def header() -> None:
        app = table_app("belote-a-trois", 21, players=("you", "heuristic", "heuristic"), target=5000)
        async with app.run_test(size=(80, 24)) as pilot:
            while app.session.deal.contract is None:
                await settle(pilot, app)
                await pilot.press("enter")
            await settle(pilot, app)
            rows = screen_text(app).splitlines()
            assert "turned" in rows[0] and "Contract" in rows[1] and "Left 0" in rows[1]

    run(header)


@pytest.mark.parametrize("size, seed_shown", [((80, 24), False), ((120, 40), True)])
def test_a_long_title_and_a_six_digit_seed_keep_the_header_on_its_two_lines(size: tuple[int, int],
                                                                          seed_shown: bool) -> None:
    """The seed gives way first on a narrow screen (the score sheet still names it); the header never wraps."""

    async def header() -> None:
        app = table_app("belote-a-trois-32", 654321, players=("you", "heuristic", "heuristic"))
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            rows = screen_text(app).splitlines()
            assert rows[0].lstrip().startswith("Belote à trois") and rows[1].lstrip().startswith("Bidding")
            assert ("seed 654321" in rows[0]) is seed_shown
            await pilot.press("s")
            await until(pilot, lambda: "Seed 654321: --seed 654321 deals this match again" in screen_text(app))

    run(header)


def test_a_terminal_smaller_than_80x24_is_told_on_the_status_line() -> None:
    """README: the table needs 80x24 at least; below that it says so rather than draw cut off in silence."""

    async def small() -> None:
        app = table_app("bulgarian", 3)
        async with app.run_test(size=(60, 20)) as pilot:
            await settle(pilot, app)
            assert "The table needs 80x24; this terminal is 60x20." in screen_text(app)
        app = table_app("bulgarian", 3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert "The table needs" not in screen_text(app)

    run(small)


def test_turning_forced_cards_on_plays_the_one_waiting_now() -> None:
    """f with a single legal card before the player: it is played at once, as the message says."""

    async def forced() -> None:
        app = table_app("bulgarian", 3, autoplay=False)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                await settle(pilot, app)
                deal = app.session.deal
                if isinstance(app.screen, (MessageScreen, QuestionScreen)) or deal.phase != PLAYING:
                    await bid_something(pilot, app) if deal.phase == BIDDING and app.menu else await pilot.press("enter")
                    continue
                if len({a.card for a in deal.legal_actions()}) == 1 and len(deal.legal_actions()) == 1:
                    before = len(deal.history)
                    await pilot.press("f")
                    await until(pilot, lambda: len(deal.history) > before, "the forced card waited")
                    assert app.autoplay
                    return
                await pilot.press("enter")
            raise AssertionError("no forced card came")

    run(forced)


def test_quitting_a_game_that_is_not_saved_asks_first() -> None:
    """Played unsaved (no data folder, the player said to play anyway), q does not end it without a word."""

    async def unsaved() -> None:
        app = table_app("bulgarian", 3)  # no save slot
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")  # a call: the game has begun
            await settle(pilot, app)
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, QuestionScreen))
            assert "This game is not saved: quitting ends it for good." in screen_text(app)
            await pilot.press("2")  # go on playing
            await until(pilot, lambda: not isinstance(app.screen, QuestionScreen))
            assert app.is_running
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, QuestionScreen))
            await pilot.press("1")
            await until(pilot, lambda: not app.is_running, "the table did not close")

    run(unsaved)


def test_sigterm_saves_the_game_and_closes_the_table_as_q_does(tmp_path: Path) -> None:
    """A kill or a closed terminal: the game is saved, the terminal given back and the resume command printed;
    the status is 143, as other commands exit on SIGTERM."""
    import os
    import signal

    async def killed() -> None:
        app = table_app("bulgarian", 8, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")
            await settle(pilot, app)
            os.kill(os.getpid(), signal.SIGTERM)
            await until(pilot, lambda: not app.is_running, "the table stayed open")
        assert app.return_value == 143
        assert any("Game saved. Continue it with: belot play --resume" in line for line in app.farewell)
        assert read_save(tmp_path / "game.json") is not None

    run(killed)


def test_the_pages_open_over_a_deal_s_score_and_close_back_to_it() -> None:
    """The footer's page keys work while a deal's score (or the match result) waits for Enter."""

    async def over_the_score() -> None:
        app = table_app("french-single-deal", 2)
        async with app.run_test(size=(80, 24)) as pilot:
            while not isinstance(app.screen, MessageScreen):
                await settle(pilot, app)
                if not isinstance(app.screen, MessageScreen):
                    await pilot.press("enter")
            result = app.screen
            for key, title in (("s", "Score sheet"), ("y", "History"), ("question_mark", "Keys")):
                await pilot.press(key)
                await until(pilot, lambda: app.screen is not result and str(app.screen.title_text) == title)
                await pilot.press("escape")
                await until(pilot, lambda: app.screen is result)

    run(over_the_score)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_a_notice_too_long_for_the_status_line_is_shown_whole_before_the_game(size: tuple[int, int]) -> None:
    """A notice before the game (a settings file set aside, a language the terminal cannot lay out) longer than the
    status line's two lines opens in a box, every word readable, and the game begins once it is closed; a short one
    stays on the status line."""
    long = ("The settings in /home/someone/a/rather/deep/folder/of/settings/belot-rules/settings.json could not be "
            "read (line 3, column 7: expected a value); the file is kept as settings-unreadable-2026-12-05.json and "
            "the defaults are used. Arabic: this terminal does not lay out right-to-left text, so the game is in "
            "English here; GNOME Terminal, Konsole and mlterm show it (or set BELOT_BIDI=1 if yours does).")

    async def noticed() -> None:
        app = table_app("bulgarian", 3, note=long)
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MessageScreen))
            shown = " ".join(screen_text(app).split())
            for word in long.split():
                assert word.strip("()") in shown.replace("│", " ")
            deal = app.session.deal
            assert deal is None or deal.auction is None or not deal.auction.calls  # the game waits for the notice
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.note == ""
        short = table_app("bulgarian", 3, note="Resumed.")
        async with short.run_test(size=size) as pilot:
            await settle(pilot, short)
            assert not isinstance(short.screen, MessageScreen) and "Resumed." in screen_text(short)

    run(noticed)
