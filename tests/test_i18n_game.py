"""The game in the players' languages (issue 25, "done when"): a whole deal of each language's home variant,
as the line game shows it, in that language's words; English stays as the golden transcripts pin it."""

from __future__ import annotations

import asyncio
import io
import random
import re
from pathlib import Path

import pytest
import test_game_prompt as prompts
import test_game_tui as tui
from game_script import play
from rich.console import Console, RenderableType

from belot_rules import i18n, load_variant
from belot_rules.cards import parse_card
from belot_rules.cli.game.controller import Controller
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.prompt import Refusal, call_menu, parse_call, parse_card_choice, point_bids
from belot_rules.cli.game.render import Renderer
from belot_rules.cli.game.session import Session, SheetRow, void_words
from belot_rules.cli.tui import screens
from belot_rules.cli.tui.app import TableApp
from belot_rules.cli.tui.pages import deal_result
from belot_rules.cli.tui.screens import MessageScreen
from belot_rules.engine.deal import OVER
from belot_rules.engine.match import MatchState
from belot_rules.rules.said import Said
from belot_rules.rules.scoring.rounding import Rounder
from belot_rules.variant.loader import shipped_names

# (variant, language, the title of the deal's result box, where the play ends); RULES.md gives each home table.
HOMES = [("bulgarian", "bg", "Раздаване 1:"), ("french", "fr", "Donne 1 :"), ("klaverjas-amsterdam", "nl", "Spel 1:"),
         ("bela", "hr", "Dijeljenje 1:"), ("debertz", "ru", "Сдача 1:")]
# Words spelt as in English that are the language's own: Dutch "of" (or), "bots", "in", "is" and "contract", French
# "tierce", "belote", "capot", "litige", "points", "total" and "possible".
SAME = {"nl": {"of", "bots", "In", "is", "contract", "Contract", "in", "over", "hand", "team", "Team", "teams", "reserve",
               "variant", "hash", "nat", "roem", "valat"},
        "fr": {"tierce", "belote", "capot", "litige", "points", "total", "possible", "Sources", "as", "face", "la", "on",
               "page", "place", "score", "suit", "table", "valat"},
        "hr": {"as", "bot", "do", "mus", "partner", "program", "put", "to"}}
# Words a table of any language shows as they are: key names, the bots' names, the games' names, shared words.
ALLOWED = {"Enter", "random", "Partner", "Belot", "Belote", "Bela", "Klaverjassen", "Klaverjas", "talon", "schmeiss"}  # games keep their names
WORD = re.compile(r"[^\W\d_]{2,}")


def _deal(variant: str, language: str) -> str:
    """The line game's transcript of deal 1 up to its result (the same seed and bots in every language)."""
    players = ("you", "random") if variant == "debertz" else ("you", "random", "random", "random")
    i18n.use(language)
    try:
        return play(variant, then="1", target=1, players=players).text
    finally:
        i18n.use(i18n.SOURCE)


@pytest.mark.parametrize(("variant", "language", "result"), HOMES)
def test_a_deal_of_the_home_variant_is_played_in_its_language(variant: str, language: str, result: str) -> None:
    """Every word of the deal (header, table, auction, calls, declarations, tricks, prompts, hand and keys, then the
    result box with the scoring's explanation, the score sheet and the match's end) is the language's own: no word
    of the same deal in English is left but the allowed ones and the variant's name as it is typed."""
    english = set(WORD.findall(_deal(variant, i18n.SOURCE)))
    text = _deal(variant, language)
    assert "─ " + result in text
    left = sorted(set(WORD.findall(text)) & english - ALLOWED - SAME.get(language, set()) - set(WORD.findall(variant)))
    assert left == [], f"{language}: English words in the deal: {left}"


def test_the_table_speaks_the_variant_s_own_names() -> None:
    """The header gives the variant's own title and contract words (bulgarian.yaml's languages: bg)."""
    text = _deal("bulgarian", "bg")
    assert "Български белот" in text and "Ти" in text and "Твоите карти" in text


PAGES = ("help", "sheet", "history", "auction", "rules", "stats")  # the pages a key opens over the deal's result
# What a page names rather than says: option keys, commands, flags and addresses (with a dot, slash or underscore),
# cards as they are typed, the rules' hash, the sources' names in a description.
NAMES = re.compile(r"`[^`]*`|\S*[._/]\S*|\bbelot [a-z]+|--[a-z]+|\b(?:jh|kh|qd|10s)\b|\b[0-9a-f]{16}\b"
                   r"|\b(?:KBN|NKU|Parlett|FFB|Amsterdam|horoshie-igri|horocscopes|zhefran|igrafan|fpclub)\b")


def _page(title: str, body: RenderableType) -> str:
    """A page's title and its whole body, the part scrolled out of view too, as the box lays it out."""
    console = Console(width=76, record=True, file=io.StringIO(), color_system=None)
    console.print(body)
    return NAMES.sub(" ", title + "\n" + console.export_text())


async def _table_screens(pilot, app: TableApp) -> list[str]:  # noqa: ANN001 - textual's Pilot
    """Every screen of deal 1 at the full-screen table, played with Enter (the first choice offered), then the
    deal's result box, each page its key opens over it (:data:`PAGES`, as the table makes them: their boxes are
    the same for every page, measured in test_tui_sizes) and the match's end (a match to 1)."""
    shown = []
    while not isinstance(app.screen, MessageScreen):
        await tui.settle(pilot, app)
        shown.append(tui.screen_text(app))
        await pilot.press("enter")
    result = app.screen
    shown.append(_page(result.title_text, result.body))
    app.page = lambda title, body: shown.append(_page(title, body))  # type: ignore[method-assign]
    for page in PAGES:
        getattr(app, f"action_{page}")()
    await pilot.press("enter")
    await tui.until(pilot, lambda: app.session.over and isinstance(app.screen, MessageScreen) and app.screen is not result,
                    "the match never ended")
    return [*shown, _page(app.screen.title_text, app.screen.body), tui.screen_text(app)]


def _table_deal(variant: str, language: str) -> list[str]:
    """The screens of a match to 1 at the full-screen table (80x24) in ``language``, same seed and bots in each."""
    players = ("you", "random") if variant == "debertz" else ("you", "random", "random", "random")

    async def deal() -> list[str]:
        app = tui.table_app(variant, 9, players=players, target=1)
        async with app.run_test(size=(80, 24)) as pilot:
            return await _table_screens(pilot, app)

    i18n.use(language)
    try:
        return asyncio.run(deal())
    finally:
        i18n.use(i18n.SOURCE)


@pytest.mark.parametrize(("variant", "language", "result"), HOMES)
def test_a_deal_at_the_full_screen_table_is_played_in_its_language(variant: str, language: str, result: str,
                                                                     tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 item 1: every screen of a deal at the full-screen table (header, seats, trick, auction, choices,
    prompt, hand and key line) is in the language's words, and so are the deal's result box, its title and the
    scoring's explanation (rules/scoring, said by cli/game/explain.py), the pages a player opens over it (keys,
    sheet, history, auction, rules, statistics) and the match's end: no English word of the same match is left
    but the allowed ones and the variant's name as it is typed."""
    monkeypatch.setattr(screens, "TYPED_AHEAD", 0)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    english = set(WORD.findall("\n".join(_table_deal(variant, i18n.SOURCE))))
    shown = _table_deal(variant, language)
    left = sorted(set(WORD.findall("\n".join(shown))) & english - ALLOWED - SAME.get(language, set())
                  - set(WORD.findall(variant)))
    assert left == [], f"{language}: English words at the table: {left}"
    assert result.rstrip(":") in shown[-len(PAGES) - 3]


@pytest.mark.parametrize(("language", "title"), [("en", "Deal 1: everybody passed"), ("bg", "Раздаване 1: ")])
def test_a_deal_nobody_bid_is_titled_in_the_language(language: str, title: str) -> None:
    """The result box of a deal without a score is titled "Deal N: why" in the player's words (its body says
    that nothing is scored), not the line game's sentence with its English suffix cut off."""
    i18n.use(language)
    try:
        session = Session.start("bulgarian", 1, ("random",) * 4)
        passed = SheetRow(1, 0, None, 0, 0, None, (0, 0), (0, 0), (0, 0), (0, 0), None, (0, 0), void_words("pass"))
        shown, _ = deal_result(Renderer(Controller(session), Look()), session.deal.view(0), passed)
    finally:
        i18n.use(i18n.SOURCE)
    assert shown.startswith(title) and "." not in shown


def test_a_key_s_answer_at_the_table_is_in_the_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The o key's answer names the new order in the player's words (bg), with the footer's labels."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))

    async def sort() -> str:
        app = tui.table_app("bulgarian", 9, players=("you", "random", "random", "random"))
        async with app.run_test(size=(80, 24)) as pilot:
            await tui.settle(pilot, app)
            await pilot.press("o")
            await tui.until(pilot, lambda: "Картите са подредени" in tui.screen_text(app))
            return tui.screen_text(app)

    i18n.use("bg")
    try:
        text = asyncio.run(sort())
    finally:
        i18n.use(i18n.SOURCE)
    assert "по бои, от най-ниската" in text and "u Отмени" in text


def _refusals(language: str) -> str:
    """What the line game and the table answer to a card the rules forbid (rules/play/obligations.py), a call that is not open
    (its reason from rules/bidding/auction.py) and a line that is no call, in ``language``."""
    deal = prompts.played_deal()
    menu = prompts.card_menu(deal)
    illegal = next(c for c in deal.view(deal.to_act).hand if parse_card(c).index not in {a.card for a in menu})
    auction = prompts.bidding("bulgarian")
    legal = auction.legal_actions()
    said = []
    i18n.use(language)
    try:
        attempts = [lambda: parse_card_choice(illegal, prompts.turn_of(deal), menu, prompts.LOOK, deal.ruleset),
                    lambda: parse_call("contra", legal, call_menu(legal), prompts.LOOK,
                                       lambda call: auction.ruleset.bidding.reason(auction.auction, call)),
                    lambda: parse_call("zz", legal, call_menu(legal), prompts.LOOK)]
        for attempt in attempts:
            with pytest.raises(Refusal) as refused:
                attempt()
            said.append(str(refused.value))
    finally:
        i18n.use(i18n.SOURCE)
    return "\n".join(said)


@pytest.mark.parametrize("language", [home[1] for home in HOMES])
def test_a_refused_move_is_said_in_the_language(language: str) -> None:
    """Issue 25 item 1: the reason a card or a call is refused (the rule that forbids it) is in the player's words:
    no English word of the same refusals is left but the allowed ones and the names a player may type."""
    english = _refusals(i18n.SOURCE)
    assert "you must" in english and "there is no contract to double yet" in english
    typed = {"zz", "contra", "jh", "T♠"}
    left = sorted(set(WORD.findall(_refusals(language))) & set(WORD.findall(english)) - ALLOWED - typed - SAME.get(language, set()))
    assert left == [], f"{language}: English words in the refusals: {left}"


def _templates(note: tuple[str, tuple[object, ...]]) -> list[str]:
    """A line's template and those of the sentences inside it (a reason, a rounding rule)."""
    text, values = note
    inner = [v.board if isinstance(v, Rounder) else v for v in values if isinstance(v, (Said, Rounder))]
    return [text, *(t for said in inner for t in _templates(said))]


def test_every_explanation_of_a_deal_is_in_the_catalogues() -> None:
    """Each line the scoring writes (rules/scoring, its templates marked where they are written) has a translation:
    random deals of every shipped variant, every template of their explanations, nested ones included, looked up
    in the Bulgarian catalogue (test_i18n checks that every language has every text). Text of signs only
    ("{} ×{}: {}") needs none."""
    untranslated = set()
    for name in shipped_names():
        rules = load_variant(name)
        for seed in range(4):
            deal, rng = MatchState.new(rules, seed).current, random.Random(seed)
            while deal.phase != OVER:
                deal.apply(rng.choice(deal.legal_actions()))
            for note in deal.score.notes if deal.score is not None else ():
                untranslated |= {t for t in _templates(note) if WORD.search(re.sub(r"\{[^{}]*\}", "", t))
                                 and i18n.catalogue("bg").gettext(t) == t}
    assert untranslated == set()


@pytest.mark.parametrize(("variant", "language"), [*((home[0], home[1]) for home in HOMES), ("baloot", "ar")])
def test_a_call_is_typed_as_the_menus_name_it(variant: str, language: str) -> None:
    """Issue 25 item 1: each call of the first rounds, typed as the menu names it in the player's words (пас, купа,
    контра, without its suit symbol or multiplier), is the call the menu offers; the help names calls so."""
    i18n.use(language)
    try:
        deal = prompts.bidding(variant)
        look = Look().for_variant(deal.ruleset.variant)
        for step in range(3):
            legal = [action for action in deal.legal_actions() if action.call is not None]
            if not legal:
                break
            for action in legal:
                typed = re.sub(r"[♣♦♥♠]|×\d+", "", look.call(action.call)).strip()
                assert parse_call(typed, legal, call_menu(legal), look) == action, typed
            bids = [action for action in legal if action.call.kind == "bid"]  # a bid first, so doublings come
            deal.apply(bids[0] if bids and step == 0 else legal[-1])
    finally:
        i18n.use(i18n.SOURCE)


def _point_bids(language: str) -> str:
    """Coinche's point bids as the call menu offers them (cli/game/prompt.py), and the refusal of a bid between two
    steps with the rule's reason (rules/bidding/auction.py, its range from rules/bidding/calls.py point_bids_said), in ``language``."""
    with i18n.speaking(language):
        auction = prompts.bidding("coinche")
        legal = auction.legal_actions()
        look = Look().for_variant(auction.ruleset.variant)
        with pytest.raises(Refusal) as refused:
            parse_call("85 hearts", legal, call_menu(legal), look,
                       lambda call: auction.ruleset.bidding.reason(auction.auction, call))
        return point_bids(legal, look) + "\n" + str(refused.value)


@pytest.mark.parametrize("language", ["fr", "ru", "ar"])
def test_point_bids_are_said_in_the_language(language: str) -> None:
    """Issue 25 item 3: the point bids open and the reason a bid between two steps is refused ("bids go in tens from 80
    to 160, or capot; the nearest are 80 and 90") are in the player's words, their example typed so too."""
    english = _point_bids(i18n.SOURCE)
    assert "bids go in tens from 80 to 160, or capot; the nearest are 80 and 90" in english
    left = sorted(set(WORD.findall(_point_bids(language))) & set(WORD.findall(english)) - {"hearts", "capot"}
                  - SAME.get(language, set()))
    assert left == [], f"{language}: English words in the point bids: {left}"
