"""What the game tells of a deal in the player's language: a failed side's declarations and belote, the sheet's
result column, the chien taken and laid aside."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from belot_rules import i18n
from belot_rules.cards import mask_of
from belot_rules.cli.game.controller import Controller
from belot_rules.cli.game.explain import explanation
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.render import Renderer
from belot_rules.cli.game.session import Session, SheetRow, void_words
from belot_rules.cli.game.stats import STATS_FORMAT
from belot_rules.cli.tui.pages import stats_page
from belot_rules.rules.declarations.melds import Declaration
from belot_rules.rules.scoring.pipeline import ScoringRules
from belot_rules.rules.scoring.result import DealScore
from belot_rules.variant.loader import load_variant_model

ENGLISH = ("go to", "are kept", "are void", "loses its belote", "keeps its belote", "records its declarations and")


def _failed(variant: str) -> DealScore:
    """Takers (seat 0's team) with a tierce and a belote fail with 50 card points to 112."""
    rules = ScoringRules(load_variant_model(variant).variant)
    tierce = rules.declarations.sequence(0, mask_of(["7C", "8C", "9C"]))[0]
    return rules.score("hearts", 0, 1, (50, 102), (4, 4), 1, [tierce, Declaration.belote(2, 2, 20)], None, 0)


@pytest.mark.parametrize("variant", ["bulgarian", "french", "klaverjas-amsterdam"])
@pytest.mark.parametrize("language", [language for language in i18n.LANGUAGES if language != i18n.SOURCE])
def test_a_failed_side_s_declarations_and_belote_are_told_in_the_language(variant: str, language: str) -> None:
    """RULES.md, bulgarian §7 and french §9 (the failed takers' declarations and belote): a Klaverjas deal's result
    at the Bulgarian table read "Вашият отбор: обяви (20) go to техният отбор", the fate left in English."""
    score = _failed(variant)
    english = " ".join(explanation(score, str, str))
    assert any(phrase in english for phrase in ENGLISH[:5])
    i18n.use(language)
    try:
        said = " ".join(explanation(score, str, str))
    finally:
        i18n.use(i18n.SOURCE)
    assert [phrase for phrase in ENGLISH if phrase in said] == []


def test_the_score_sheet_s_result_column_is_in_the_language() -> None:
    """The sheet of a Klaverjas match at the Bulgarian table read "изкарана, capot", and a deal nobody bid "all
    passed": the result column's words were English while the rest of the row was translated."""
    rules = ScoringRules(load_variant_model("bulgarian").variant)
    capot = rules.score("hearts", 0, 1, (152, 0), (8, 0), 0, [], None, 10)
    hanging = rules.score("hearts", 0, 1, (81, 71), (4, 4), 1, [], None, 0)  # 81 to 81: the takers' 8 wait
    rows = [SheetRow(1, 0, "hearts", 0, 0, None, (162, 0), (90, 0), (0, 0), (0, 0), capot, (35, 0)),
            SheetRow(2, 1, None, -1, 0, None, (0, 0), (0, 0), (0, 0), (0, 0), None, (35, 0), void_words("pass")),
            SheetRow(3, 2, "hearts", 0, 0, None, (81, 81), (0, 0), (0, 0), (0, 0), hanging, (35, 8))]
    i18n.use("bg")
    try:
        session = Session.start("bulgarian", 1, ("random",) * 4)
        cells = [cell for row in rows for line in Renderer(Controller(session), Look()).sheet_rows(row) for cell in line]
    finally:
        i18n.use(i18n.SOURCE)
    said = " ".join(cells)
    assert "capot" not in said and "passed" not in said and "waits" not in said


@pytest.mark.parametrize("language", ["fr", "bg"])
def test_the_chien_taken_and_laid_aside_is_told_in_the_language(language: str) -> None:
    """belote-a-trois.md §2 (the taker adds the chien and lays as many cards aside): `belot play belote-a-trois-32
    --lang fr` showed "Vous took the chien A♦ J♦, 2 to lay aside" in the header."""
    i18n.use(language)
    try:
        session = Session.start("belote-a-trois-32", 2, ("random",) * 3)
        said = []
        for _ in range(30):  # the bidding, the chien taken and both discards, then the first cards
            control = Controller(session)
            view = control.table()
            if view is not None and view.declarer >= 0 and view.hand_sizes:  # a contract is taken
                said.append(Renderer(control, Look()).discards(view).plain)
            session.apply(session.bot_action("random"))
    finally:
        i18n.use(i18n.SOURCE)
    text = " ".join(said)
    assert said and not [word for word in ("took", "aside", "cards", "to go") if word in text], text


def test_the_statistics_page_s_headings_are_in_the_language(tmp_path: Path) -> None:
    """docs/playing.md (`t`, your statistics): at the French table the page's headings read "variant bots games won
    rate avg pts contracts capots"."""
    path = tmp_path / "statistics.json"
    counts = {"games": 1, "wins": 1, "points": 90, "contracts": 2, "made": 1, "capots": 0}
    path.write_text(json.dumps({"format": STATS_FORMAT, "variants": {"french": {"normal": counts}}}), encoding="utf-8")
    i18n.use("fr")
    try:
        console = Console(width=80, record=True, file=io.StringIO())
        console.print(stats_page(path, Look()))
    finally:
        i18n.use(i18n.SOURCE)
    text = console.export_text()
    assert "parties" in text and not [word for word in ("games", "won", "avg pts", "contracts") if word in text]


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_statistics_page_cuts_nothing_in_its_box_at_80_columns(tmp_path: Path, code: str) -> None:
    """Issue 25: the statistics page read "bulgarian-cu…" at 80x24; every variant's name, each level in the
    language (normal -> обычный) and each heading fit the page's 76 columns."""
    path = tmp_path / "statistics.json"
    counts = {"games": 120, "wins": 70, "points": 1500, "contracts": 410, "made": 300, "capots": 20}
    levels = {level: counts for level in ("easy", "normal", "hard", "expert")}
    path.write_text(json.dumps({"format": STATS_FORMAT, "variants": {"bulgarian-cut-only": levels,
                                                                     "klaverjas-amsterdam": levels}}), encoding="utf-8")
    with i18n.speaking(code):
        console = Console(width=76, record=True, file=io.StringIO())
        console.print(stats_page(path, Look()))
        expert = i18n.pgettext("level", "expert")
    text = console.export_text()
    assert "…" not in text and "bulgarian-cut-only" in text and expert in text


@pytest.mark.parametrize(("code", "said"), [("fr", "cœur ne peut pas être nommé maintenant ; seulement sans atout, tout atout"),
                                            ("bg", "купа не може да се назове сега; само без коз, всичко коз")])
def test_a_refused_call_s_reason_is_said_in_the_language(code: str, said: str) -> None:
    """rules/bulgarian.md §3 (each call names a higher contract): over spades only no trumps and all trumps are left;
    the rule's reason is a template with values (rules/said.py Reason), each said in the table's words."""
    import random

    from belot_rules import load_variant
    from belot_rules.cli.game.explain import reason_words
    from belot_rules.engine.deal import DealState
    from belot_rules.rules.bidding.calls import Call

    rules = load_variant("bulgarian")
    deck = list(rules.seating.cards)
    random.Random(1).shuffle(deck)
    deal = DealState.start(rules, deck, 0)
    deal.apply(next(a for a in deal.legal_actions() if a.call is not None and a.call.contract == "spades"))
    reason = rules.bidding.reason(deal.running_auction(), Call.parse("hearts"))
    assert reason == "hearts may not be named now; only no trumps, all trumps"  # the records' English
    i18n.use(code)
    try:
        contract = Look(ascii=True).for_variant(rules.variant).contract  # a suit with its letter: "купа H"
        assert reason_words(reason, contract).replace(" H", "") == said
    finally:
        i18n.use(i18n.SOURCE)


def test_the_scorekeeper_pad_speaks_the_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25 (the pad's prompts): `belot sheet` asks, greets and answers in the language; the words typed for a
    deal stay as the help lists them (pad/entry.py)."""
    from belot_rules.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("APPDATA", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("\n\n\nhelp\nboard\nquit\n"))  # two names and the dealer asked
    try:
        assert main(["sheet", "bulgarian", "--lang", "fr"]) == 0
    finally:
        i18n.use(i18n.SOURCE)
    said = capsys.readouterr().out
    for french in ("Nom de équipe 0 (places 0, 2)", "Qui donne en premier ?", "Entrez chaque donne sur une ligne",
                   "Pas encore de donne.", "donne 1> ", "la reprend."):
        assert french in said, french
    for english in ("Name of", "Who deals", "Enter each deal", "No deal yet", "goes on with it"):
        assert english not in said, english



def test_an_arabic_explanation_names_every_side_in_the_table_s_words() -> None:
    """A Baloot deal's result at the Arabic table read "يُحسب لـteam 1": a side written after the prefix لـ was not
    seen as a word, so the table never named it; each side's numbers are listed with the Arabic comma too."""
    score = _failed("baloot")
    row = SheetRow(1, 0, "hearts", 0, 0, None, (50, 102), (0, 0), (20, 0), (20, 0), score, (0, 0))
    with i18n.speaking("ar"):
        session = Session.start("baloot", 1, ("you", "random", "random", "random"))
        said = "\n".join(line.plain for line in Renderer(Controller(session), Look()).deal_lines(row))
    assert "team" not in said and "seat" not in said and "لـ" in said
    assert "، " in said and not re.search(r"\d, ", said)
