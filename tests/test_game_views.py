"""The two views of the game controller (the line game and the full-screen table): what they say of a
deal's contract, of a hint asked for while a bot moves, and of a user interrupt ("One home for each rule",
issue 21 step 4).
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest
from game_script import play
from test_game_tui import data_home, run, screen_text, until  # noqa: F401 - data_home: autouse

from belot_rules.cli.game.controller import Controller, DealScored, MatchEnded, Moved
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.render import Renderer
from belot_rules.cli.game.saves import SaveSlot, read_save
from belot_rules.cli.game.session import Session
from belot_rules.cli.tui.app import TableApp
from belot_rules.engine.deal import DealState, SeatView
from belot_rules.engine.match import MatchState
from belot_rules.rules.bidding.calls import Auction

ROOT = Path(__file__).parent.parent / "belot_rules" / "cli"


def first_scored(variant: str, seed: int) -> tuple[Renderer, Session]:
    """Bots play ``variant`` until a deal is scored; the renderer of the table watching them."""
    session = Session.start(variant, seed, ("heuristic",) * 4)
    while not session.rows or session.rows[-1].score is None:
        session.apply(session.bot_action("heuristic"))
    return Renderer(Controller(session), Look().for_variant(session.ruleset.variant)), session


def test_a_named_contract_is_said_in_the_result_as_in_the_header() -> None:
    """baloot.md §3 names a trump contract Hokum: the result box's explanation said "Contract: spades" (and "belote
    in spades") where the header said "Hokum spades"; both say the variant's name now. Where a variant names none,
    the line is kept."""
    draw, session = first_scored("baloot", 1)
    row = session.rows[-1]
    named = draw.look.contract(row.contract)
    assert named.startswith(("Hokum", "Sun")) and named in draw.contract(row.contract, row.level, row.bid, row.declarer)
    assert draw.deal_lines(row)[0].plain.startswith(f"Contract: {named} by ")
    said = [draw.words(line) for line in ("Belote: seat 1 belote in spades (20) counts for team 1",
                                          "Contract: 90 no_trumps by seat 0 (team 0)")]
    assert said[0].startswith(f"Belote: {draw.control.names.name(1)} belote in Hokum spades")
    assert said[1].startswith("Contract: 90 Sun by ")
    draw, session = first_scored("french", 1)
    assert draw.deal_lines(session.rows[-1])[0].plain.startswith(f"Contract: {session.rows[-1].contract} by ")


def test_a_hint_asked_while_a_bot_moves_says_whose_move_it_is(tmp_path: Path) -> None:
    """h while a bot is to move said "Nothing to decide yet"; it says which bot moves and that hints come at the
    player's turn (the key reached the hidden line for typing, focused from the start, until the player first moved).
    The refusal speaks of that turn: the next move, anyone's, ends it (it stayed after the player's turn came)."""
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
            await pilot.press("space")  # the bots' moves at once, up to the player's turn or the deal's end
            await until(pilot, lambda: app.turn is not None or app.result_shown)
            await until(pilot, lambda: "hint comes" not in screen_text(app), "the refusal stayed")

    run(hint)


def test_ctrl_c_in_the_line_game_saves_and_exits_130(tmp_path: Path) -> None:
    """A user interrupt exits 130 (as a shell reports it) after saving; it exited 0 when the game was kept."""
    save = tmp_path / "game.json"
    kept = play(lines=["1", "1", "y"], save_path=save, interrupts=(2,))
    assert kept.status == 130 and "Game saved." in kept.text
    assert read_save(save).record["deals"][0]["actions"]


VIEWS = sorted([*(ROOT / "game").glob("*.py"), *(ROOT / "tui").glob("*.py")])
MODEL = {"controller.py", "session.py", "saves.py", "stats.py", "seating.py", "settings.py", "clock.py", "__init__.py"}
# Undo, hints, forced cards, saving and statistics are the controller's: a view only asks it.
CONTROLLER_ONLY = {"take_back", "undo_step", "bot_action", "adviser", "record_match", "write_record_file", "discard",
                   "apply"}
ENGINE_READS = {"deal", "last_deal", "legal_actions", "current", "hands", "belote_suits", "declared", "match"}


def test_the_views_import_nothing_of_the_engine_s_deal_but_the_seat_s_view() -> None:
    """Issue 21 step 4: the line game and the table draw from what the controller emits (the seat's view and the
    events), never from the engine's state: their modules import only ``SeatView`` from ``engine.deal`` and read
    none of a deal's own fields (the deal, its hands, legal actions) nor anything of the session (seat names, the
    board, the rows: the controller's and its events'); undo, hints, bots' moves, saving and the statistics they
    leave to the controller."""
    views = [path for path in VIEWS if path.name not in MODEL]
    assert {p.name for p in views} >= {"loop.py", "render.py", "prompt.py", "hands.py", "app.py", "drawing.py"}
    for path in views:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("engine.deal"):
                assert [a.name for a in node.names] == ["SeatView"], f"{path.name}:{node.lineno} imports the deal"
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                assert not any(n.endswith(("engine.match", "engine.records")) for n in names), path.name
            if isinstance(node, ast.Attribute) and not of_the_variant(node):
                assert node.attr not in ENGINE_READS, f"{path.name}:{node.lineno} reads .{node.attr} of the engine"
                assert node.attr not in CONTROLLER_ONLY, f"{path.name}:{node.lineno} does the controller's .{node.attr}"
                assert not of_the_session(node.value), f"{path.name}:{node.lineno} reads .{node.attr} of the session"


def of_the_session(node: ast.expr) -> bool:
    """``session``, ``self.session``, ``draw.session``: the match's session, which a view hands to its controller
    and never reads (seat names, the board, the rows and the rules come from the controller and its events)."""
    return (isinstance(node, ast.Name) and node.id == "session") or (
        isinstance(node, ast.Attribute) and node.attr == "session")


def of_the_variant(node: ast.Attribute) -> bool:
    """``rules.deal``, ``variant.deal``: a section of the variant's options, not the deal being played."""
    owner = node.value
    return (isinstance(owner, ast.Name) and owner.id in ("rules", "variant")) or (
        isinstance(owner, ast.Attribute) and owner.attr == "variant")


def engine_objects(value: object, seen: set[int] | None = None) -> list[object]:
    """The engine's deals, matches and auctions inside ``value`` (an event), looked for through its fields."""
    seen = seen if seen is not None else set()
    if id(value) in seen or isinstance(value, (str, int, float, bool, type(None))):
        return []
    seen.add(id(value))
    if isinstance(value, (DealState, MatchState, Auction)):
        return [value]
    if dataclasses.is_dataclass(value):
        return [o for f in dataclasses.fields(value) for o in engine_objects(getattr(value, f.name), seen)]
    if isinstance(value, (tuple, list)):
        return [o for item in value for o in engine_objects(item, seen)]
    if isinstance(value, dict):
        return [o for item in value.values() for o in engine_objects(item, seen)]
    return []


def told(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every event the controller tells a view from now on."""
    events: list[object] = []
    for name in ("next", "choose"):
        original = getattr(Controller, name)

        def telling(self: Controller, *args: object, _original=original) -> object:  # noqa: ANN001
            event = _original(self, *args)
            events.append(event)
            return event

        monkeypatch.setattr(Controller, name, telling)
    return events


def check_told(events: list[object], human: int | None) -> None:
    """The events hold seat views and none of the engine's state; a player's events show the player's seat."""
    assert any(isinstance(e, MatchEnded) for e in events) and any(isinstance(e, DealScored) for e in events)
    for event in events:
        assert not engine_objects(event), f"{type(event).__name__} carries the engine's state"
        for name in ("view", "seen"):
            view = getattr(event, name, None)
            if view is not None:
                assert isinstance(view, SeatView) and (human is None or view.seat == human)
                assert human is not None or not view.hand, "a watcher sees no hand unless asked"


def test_a_whole_match_at_the_line_game_is_told_in_seat_views(monkeypatch: pytest.MonkeyPatch) -> None:
    events = told(monkeypatch)
    played = play(seed=4)
    assert played.status == 0 and played.session.over
    check_told(events, played.session.seating.human)


def test_a_whole_match_at_the_table_is_told_in_seat_views(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    events = told(monkeypatch)
    session = Session.start("bulgarian", 4, ("you", "random", "random", "random"), 30)
    app = TableApp(session, Look(), "instant", stats_path=tmp_path / "stats.json")

    async def whole_match() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while app.is_running:
                await pilot.press("enter")
                await pilot.pause(0.01)

    run(whole_match)
    assert session.over
    check_told(events, session.seating.human)


def test_watching_bots_is_told_in_a_watcher_s_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a player the views get the cards everyone sees, and every hand only when asked (``--open``)."""
    events = told(monkeypatch)
    played = play(seed=4, players=("random",) * 4, open_hands=True)
    assert played.status == 0
    opened = [e.seen for e in events if isinstance(e, Moved)]
    assert opened and all(v is not None and len(v.open_hands) == 4 and not v.hand for v in opened)
    check_told(events, None)


def test_a_doubled_contract_leaves_both_scores_on_the_header_at_80_columns() -> None:
    """Seen watching a Bulgarian match at 80x24 (seed 13, deal 11): "Contract diamonds ♦ ×2 contra by North · Match
    to 151: North-South 192 · East-West 64" is longer than the line, so East-West's score was cut off, and the
    first line gained an empty " · " where a turned card would have gone. The scores stay whole, without the
    match's length (the sheet and the help say it), and the first line has no empty part."""
    from belot_rules.cli.tui.drawing import header

    session = Session.start("bulgarian", 13, ("heuristic",) * 4)
    session.match.board[:] = [192, 64]
    control = Controller(session)
    draw = Renderer(control, Look().for_variant(session.ruleset.variant))
    state = DealState.start(session.ruleset, list(session.ruleset.seating.cards), 3)  # North speaks first
    for move in ("diamonds", "double", "pass", "pass", "pass"):
        state.apply(move)
    first, second = header(draw, control.seen(state), 11, 80).plain.split("\n")[:2]
    assert len(second) <= 78 and second.endswith("East-West 64"), second
    assert "×2" in second and "North-South 192" in second
    assert f" {draw.look.dot}  {draw.look.dot} " not in first, first
    wide = header(draw, control.seen(state), 11, 120).plain.split("\n")[1]
    assert "Match to 151: North-South 192" in wide  # where it fits, the match's length stays


def test_the_result_of_a_valat_over_the_target_says_the_match_goes_on() -> None:
    """bulgarian.md §10 (HIT/HLP "one more deal"): seed 3, deal 17 is a capot that takes North-South to 162, and the
    match goes on; the result box said nothing of why. It says a valat does not win the match."""
    from rich.console import Console

    from belot_rules.cli.tui.pages import deal_result

    session = Session.start("bulgarian", 3, ("heuristic",) * 4)
    while len(session.rows) < 17:
        session.apply(session.bot_action("heuristic"))
    row = session.rows[-1]
    assert row.score is not None and row.score.capot_team is not None and max(row.board) >= 151 and not session.over
    control = Controller(session)
    draw = Renderer(control, Look())
    console = Console(width=100, record=True)
    console.print(deal_result(draw, control.seen(session.playing), row)[1])
    assert "A valat does not win the match: the next deal decides it." in console.export_text()
