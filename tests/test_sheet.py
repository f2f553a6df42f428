"""``belot sheet``, the scorekeeper's pad (issue "The scorekeeper's pad", items 2 and 3), driven by typed lines."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.cli.sheet.controller import PadController
from belot_rules.cli.sheet.store import SheetSlot, read_sheet, sheet_schema_text
from belot_rules.engine.deal import OVER
from belot_rules.engine.match import MatchState
from belot_rules.errors import FileError
from belot_rules.pad.entry import REDEAL, EntryWords, parse_entry
from belot_rules.pad.reduce import short_outcome
from belot_rules.pad.sheet import EntryError, Sheet

ROOT = Path(__file__).parent.parent
SHIPPED = sorted(path.stem for path in (ROOT / "variants").glob("*.yaml"))


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Sheets go to a temporary data directory, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "data"))
    return tmp_path / "data"


def pad(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str,
        lines: list[str]) -> tuple[int, str]:
    """``belot sheet ARGS`` with ``lines`` typed, then the input ended; the status and what was printed."""
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    status = main(["sheet", *args])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


# ----------------------------------------------------------------------------- every variant


@pytest.mark.parametrize("name", SHIPPED)
def test_a_match_entered_deal_by_deal_gives_the_board_of_the_played_match(name: str) -> None:
    """Issue 26, "Done when": the pad fed the short forms of a whole match the engine played shows the same
    board, reserve, dealers and winner (declarations by seat in half the matches, by side and value in the
    others)."""
    rules = load_variant(name)
    for seed in range(4):
        rng = random.Random(seed)
        match = MatchState.new(rules, seed)
        sheet = Sheet.new(rules, name, first_dealer=match.dealer)
        while not match.over:
            deal = match.in_play()
            while deal.phase != OVER:
                match.apply(rng.choice(match.legal_actions()))
            void = REDEAL if deal.redeal_claimed else None  # a redeal claim (Baloot's kawesh), or all passed
            reckoning = sheet.add(short_outcome(deal, sides=seed % 2 == 1) if deal.score else void)
            assert reckoning.rows[-1].deal.dealer == deal.dealer
            scored = reckoning.rows[-1].score
            assert (scored and scored._replace(notes=())) == (deal.score and deal.score._replace(notes=()))
        assert (reckoning.board, reckoning.reserve, reckoning.drawn) == (tuple(match.board), match.reserve, match.drawn)
        if not rules.match.mid_deal:  # a match ending mid-deal (Schieber) is decided by the order of the tricks,
            assert reckoning.winner == match.winner  # which a short form does not hold


# ----------------------------------------------------------------------------- the line form


def test_a_match_at_the_pad_with_a_refused_entry_an_undo_and_a_correction(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], data_home: Path) -> None:
    """Bad entries are refused with the reason and nothing entered before is lost; undo takes back the last
    deal; fix corrects an earlier one and the board after it is worked out again; the sheet is saved."""
    status, out = pad(monkeypatch, capsys, "bulgarian", "--plain", lines=[
        "Anna & Boris", "Chris & Dana", "3",
        "hearts by 1 points 81 last 0 seq 0 50 belote 1",
        "spades by 2 points 200 last 1",                     # more than the cards count
        "spades by 2 contra points 62 last 1 capot 0",       # capot: the other side has no points
        "hearts by 2 tricks 8 0 points 150 last 0",           # a side with no trick has no points
        "hearts by 1 last 0",                                 # no points
        "hearts by 1 points 100 last 0 quad 0 30",            # no quad is worth 30
        "spades by 2 contra points 70 last 1",
        "clubs by 0 capot 0",
        "undo",
        "fix 1 hearts by 1 points 100 last 0",
    ])
    assert status == 0
    assert "Not entered: word 5 `200`: 200 is more than the 152 the cards count in spades" in out
    assert ("Not entered: capot 0: team 0 took every trick and all 152 points; leave points out") in out
    assert "Not entered: deal 2: points: team 1 took no trick (tricks), so it counted no points, not 2" in out
    assert "Not entered: say the card points: points N (team 0's), or capot SIDE" in out
    assert "Not entered: deal 2: declaration 1: no quad is worth 30 in hearts; they are worth 100, 150, 200" in out
    assert "Deal 1, dealt by seat 3:" in out and "Deal 2, dealt by seat 0:" in out
    assert "Board after 2 deals: Anna & Boris 23, Chris & Dana 32" in out
    assert "Deal 3 is taken back." in out
    assert "Deal 1 is corrected; the deals after it are scored again." in out
    assert out.rstrip().endswith("The sheet is kept in slot bulgarian; belot sheet bulgarian goes on with it.")
    saved = json.loads((data_home / "belot-rules" / "sheets" / "bulgarian.json").read_text("utf-8"))
    assert saved["board"] == [16, 32] and saved["names"] == ["Anna & Boris", "Chris & Dana"]
    assert len(saved["deals"]) == 2 and saved["first_dealer"] == 3
    jsonschema.validate(saved, json.loads(sheet_schema_text()))

    status, out = pad(monkeypatch, capsys, "bulgarian", "--plain", lines=["board", "show 2"])
    assert "Going on with the sheet in slot bulgarian (2 deals)." in out
    assert "Board after 2 deals: Anna & Boris 16, Chris & Dana 32" in out
    assert "Doubled: team 1 has more points (92 to 70) and wins the deal" in out
    assert "Deal 3 is dealt by seat 1." in out


def test_the_published_coinche_examples_at_the_pad(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """french.md §12, examples 4 and 5: clubs bid 90 by seat 1, takers 95 and defenders 67 → 190 / 70; clubs
    100 coinchée by seat 0, takers 135 to 27 → (160 + 100) × 2 = 520 / 0. Exported as CSV and as a sheet."""
    status, out = pad(monkeypatch, capsys, "coinche", "--plain", "--names", "Nous,Eux", "--dealer", "0", lines=[
        "clubs by 1 bid 90 points 67 last 1",
        "clubs by 0 bid 100 coinche points 125 last 0",
        f"csv {tmp_path / 'match.csv'}",
        f"export {tmp_path / 'match.json'}",
    ])
    assert status == 0
    assert "made: Nous 70, Eux 190" in out and "made: Nous 520, Eux 0" in out
    rows = list(csv.DictReader((tmp_path / "match.csv").read_text("utf-8").splitlines()))
    assert [(r["score Nous"], r["score Eux"], r["board Nous"]) for r in rows] == [("70", "190", "70"),
                                                                                  ("520", "0", "590")]
    exported = json.loads((tmp_path / "match.json").read_text("utf-8"))
    assert exported["format"] == "belot-rules/score-sheet" and exported["board"] == [590, 190]


def test_the_pad_ends_with_the_winner_and_refuses_more_deals(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A single-deal variant: the first deal decides, a second is refused, and undo opens the match again."""
    status, out = pad(monkeypatch, capsys, "french-single-deal", "--names", "A,B", "--dealer", "0", lines=[
        "hearts by 0 points 100 last 0", "hearts by 0 points 100 last 0", "undo", "pass"])
    assert "A wins the match." in out
    assert "Not entered: the match is over; undo or fix a deal to go on" in out
    assert "Deal 1 is taken back." in out and "Deal 1, dealt by seat 0:\n  everybody passed" in out


def test_a_correction_that_would_end_the_match_before_later_deals_is_refused() -> None:
    """Nothing entered is lost: a fix after which the match would have ended earlier (here a deal doubled to
    gahwa, which decides a Baloot match, baloot.md §4) leaves the sheet as it was."""
    rules = load_variant("baloot")
    sheet = Sheet.new(rules, "baloot")
    deal = {"contract": "hearts", "declarer": 0, "points": [100, 52], "last_trick": 0}
    sheet.add(deal)
    sheet.add(deal)
    board = sheet.reckon().board
    with pytest.raises(EntryError, match="the match ended at deal 1; deal 2 cannot be on the sheet"):
        sheet.fix(1, deal | {"doubling": "gahwa"})
    assert sheet.reckon().board == board and len(sheet.deals) == 2


def test_a_broken_sheet_is_moved_aside_and_a_new_one_starts(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str],
                                                            data_home: Path) -> None:
    """A sheet that cannot be read is kept for its owner in sheets/aside/, never overwritten."""
    folder = data_home / "belot-rules" / "sheets"
    folder.mkdir(parents=True)
    (folder / "french.json").write_text('{"format": "belot-rules/score-sheet", "version": 1, "variant": "french"',
                                        encoding="utf-8")
    status, out = pad(monkeypatch, capsys, "french", "--names", "A,B", "--dealer", "1", lines=[])
    assert status == 0 and "could not be used" in out and "it was moved to" in out
    assert len(list((folder / "aside").glob("french-broken-*.json"))) == 1


def test_the_committed_sheet_schema_is_up_to_date() -> None:
    assert (ROOT / "schemas" / "score-sheet.schema.json").read_text(encoding="utf-8") == sheet_schema_text()


def test_mistakes_when_starting_are_told_without_a_traceback(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Project standard: a user error is a sentence and status 1. The input ending before the names are given,
    more names than sides, and a second pad on a sheet another pad has open."""
    status, out = pad(monkeypatch, capsys, "french", lines=[])
    assert status == 1 and "the input ended before the sheet was started; nothing was kept" in out
    status, out = pad(monkeypatch, capsys, "french", "--names", "A,B,C", lines=[])
    assert status == 1 and "--names: 3 names given; french has 2 sides" in out
    holder = SheetSlot.for_variant("french")
    holder.open()
    try:
        status, out = pad(monkeypatch, capsys, "french", "--names", "A,B", "--dealer", "0", lines=[])
    finally:
        holder.close()
    assert status == 1 and "another pad has the sheet in slot french open" in out
    assert "Traceback" not in out


def test_the_kept_sheet_is_written_out_by_option_and_new_sets_it_aside(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        data_home: Path) -> None:
    """--csv and --export write the slot's sheet without entering anything (declarations in the CSV as the
    pad's words say them); --new keeps the old sheet in sheets/aside/ and starts another."""
    pad(monkeypatch, capsys, "bulgarian", "--names", "A,B", "--dealer", "0",
        lines=["hearts by 1 points 81 last 1 seq 0 50 belote 1"])
    status, out = pad(monkeypatch, capsys, "bulgarian", "--csv", str(tmp_path / "s.csv"), "--export",
                      str(tmp_path / "s.json"), lines=[])
    assert status == 0 and "Going on with the sheet in slot bulgarian (1 deal)." in out
    (row,) = csv.DictReader((tmp_path / "s.csv").read_text("utf-8").splitlines())
    assert (row["declarations"], row["verdict"], row["board A"], row["board B"]) == ("seq 0 50; belote 1", "failed",
                                                                                      "23", "0")
    assert json.loads((tmp_path / "s.json").read_text("utf-8"))["board"] == [23, 0]
    status, out = pad(monkeypatch, capsys, "bulgarian", "--new", "--names", "C,D", "--dealer", "1", lines=[])
    assert "The sheet that was in slot bulgarian is kept in" in out
    assert len(list((data_home / "belot-rules" / "sheets" / "aside").glob("bulgarian-replaced-*.json"))) == 1
    status, out = pad(monkeypatch, capsys, "french", "--slot", "bulgarian", lines=[])
    assert status == 1 and "slot bulgarian holds a sheet of bulgarian, not french" in out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=st.one_of(st.text(max_size=60), st.lists(st.sampled_from(
    ["hearts", "h", "nt", "at", "pass", "by", "0", "1", "3", "9", "-1", "points", "81", "200", "last", "capot",
     "tricks", "seq", "quad", "belote", "S", "50", "contra", "recontra", "x2", "bid", "undo", "fix", "show",
     "dealer", "board", "help", "csv", "export", "²", "٣"]), max_size=12).map(" ".join)))
def test_any_line_at_the_pad_is_entered_or_refused_in_a_sentence(line: str, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Project standard: whatever is typed, the pad answers (an entry, a command, or why not) and the sheet
    stays one it can score; nothing escapes as an exception. (Files a line writes go to a temporary folder.)"""
    monkeypatch.chdir(tmp_path)
    rules = load_variant("bulgarian")
    sheet = Sheet.new(rules, "bulgarian")
    sheet.add({"contract": "hearts", "declarer": 1, "points": [81, 71], "last_trick": 1})
    pad = PadController(sheet, _NoSlot(), None)  # type: ignore[arg-type]
    answer = pad.handle(line)
    assert all(len(text) < 500 for text in answer.lines) and len(sheet.deals) in (0, 1, 2)
    sheet.reckon()


class _NoSlot:
    """A slot that keeps nothing (the lines' answers are under test, not the file)."""

    label = "test"

    def write(self, *_: object) -> None:
        return None


def test_a_sheet_file_with_a_dealer_the_table_does_not_have_is_refused_at_its_place(tmp_path: Path) -> None:
    """A sheet file edited by hand: a dealer beyond a table of three is told with the file's place, not used."""
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps({"format": "belot-rules/score-sheet", "version": 1, "variant": "belote-a-trois",
                                "names": ["A", "B", "C"], "first_dealer": 0, "deals": [{"dealer": 3, "outcome": None}]}),
                    encoding="utf-8")
    with pytest.raises(FileError, match="sheet.json:1:.*deal 1: the dealer is a seat, 0-2, not 3"):
        read_sheet(path)


def test_the_pad_asks_klaverjas_roem_by_side(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26 item 3: where melds come from the tricks (klaverjas.md §5) the pad says each side's roem is
    given by side, and counts it: 100 + 10 last trick + 50 + 20 stuk = 180 to 52."""
    status, out = pad(monkeypatch, capsys, "klaverjas-amsterdam", "--names", "Wij,Zij", "--dealer", "3",
                      lines=["hearts by 0 points 100 last 0 seq 0 50 belote 0"])
    assert "Melds are counted from the tricks here (roem): give each side's as seq SIDE POINTS" in out
    assert "made: Wij 180, Zij 52" in out


def test_new_keeps_the_old_sheet_in_its_slot_until_the_new_one_is_started(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """--new moved the kept sheet aside before asking the new one's names: input that ended there left the slot
    empty (found by a new user). Now the slot is replaced only by a started sheet."""
    status, _ = pad(monkeypatch, capsys, "bulgarian", "--plain", "--names", "Us,Them", "--dealer", "0",
                    lines=["hearts by 1 points 81 last 0"])
    assert status == 0
    status, shown = pad(monkeypatch, capsys, "bulgarian", "--plain", "--new", lines=[])
    assert "nothing was kept" in shown and "kept in" not in shown
    status, shown = pad(monkeypatch, capsys, "bulgarian", "--plain", lines=[])
    assert "Going on with the sheet in slot bulgarian (1 deal)" in shown


def test_names_must_name_every_side(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """--names "A" was taken silently, the other side left as "team 1"."""
    status, shown = pad(monkeypatch, capsys, "bulgarian", "--plain", "--names", "A", lines=[])
    assert status == 1 and "--names: 1 name given; bulgarian has 2 sides: one name each" in shown


def test_a_first_dealer_out_of_the_table_is_refused_before_the_names_are_asked(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], data_home: Path) -> None:
    """docs/scoring.md (the scorekeeper's pad): `belot sheet bulgarian --dealer 9` asked both teams' names and
    only then refused the dealer; the option is told at once, nothing asked and nothing kept."""
    status, out = pad(monkeypatch, capsys, "bulgarian", "--dealer", "9", lines=["Anna & Boris", "Chris & Dana"])
    assert status == 1 and "--dealer 9: the first dealer is a seat, 0-3" in out and "Name of" not in out
    assert not (data_home / "belot-rules" / "sheets" / "bulgarian.json").exists()


@pytest.mark.parametrize("typed", ["²", "9", "-1", "two"])
def test_a_first_dealer_typed_wrong_is_asked_again(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                   data_home: Path, typed: str) -> None:
    """docs/scoring.md (the scorekeeper's pad): answering "Who deals first?" with ² ended in a traceback, and with 9
    ended the pad; any answer that is not a seat is told and asked again."""
    status, out = pad(monkeypatch, capsys, "bulgarian", "--names", "A,B", lines=[typed, "2"])
    assert status == 0 and "Traceback" not in out
    assert f"Not taken: a seat is a number, 0-3, not {typed}." in out and "Deal 1 is dealt by seat 2." in out


@pytest.mark.parametrize("line", ["hearts last ²", "hearts x² by 0", "hearts by ⁰"])
def test_a_digit_python_cannot_read_as_a_number_is_refused_as_a_word(line: str) -> None:
    """'²' is a digit to str.isdigit but no number to int(): the pad refuses it in a sentence, not with a ValueError."""
    with pytest.raises(EntryWords):
        parse_entry(load_variant("bulgarian"), line)


def test_the_sheet_says_its_verdicts_and_board_in_the_language(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`belot sheet --lang bg`: a hanging deal's verdict and the board's rows (contract, verdict) are said in the
    language, as the explanation above them is (the verdict was looked up by a key the catalogues never held)."""
    from belot_rules import i18n

    try:
        status, out = pad(monkeypatch, capsys, "bulgarian", "--plain", "--lang", "bg", lines=[
            "A", "B", "3", "hearts by 1 points 81 last 1", "spades by 2 points 100 last 1", "board"])
    finally:
        i18n.use(i18n.SOURCE)
    assert status == 0
    assert "  висящи: A 8, B 0" in out
    assert "купа от 1" in out and "пика от 2" in out
    for english in ("hanging:", "hearts by 1", "made"):
        assert english not in out


def test_a_word_said_twice_and_undo_with_more_words_are_refused(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Seen at the pad: `hearts by 1 by 2 ...` was scored as taken by seat 2, and `undo undo` took back one deal
    only; a 5,000-letter word was quoted whole. Each is refused, saying why, and a long word is cut."""
    long = "x" * 5000
    status, out = pad(monkeypatch, capsys, "bulgarian", "--plain", lines=[
        "A", "B", "3", "hearts by 1 by 2 points 81 last 1", "hearts by 1 contra contra points 81 last 1",
        f"hearts by 1 points 81 last 1 {long}", "hearts by 1 points 100 last 1", "undo undo", "board"])
    assert status == 0
    assert "Not entered: word 4 `by`: by is said twice; say it once" in out
    assert "Not entered: word 5 `contra`: contra is said twice; say it once" in out
    assert f"word 8 `{'x' * 30}…`: " in out and long not in out
    assert "Not entered: undo takes back the last deal and no more: type undo again for the one before" in out
    assert "Board after 1 deal" in out or "1 deal" in out


def test_an_exported_sheet_goes_on_at_the_pad_and_replay_says_what_it_is(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Nothing took back what `--export` writes: `belot sheet out.json` read it as a rules file ("names: ... belongs in
    the bidding.doubles section"). It goes on in the variant's slot (a slot holding a sheet only with --new), and
    `belot replay` says it is a score sheet."""
    out = tmp_path / "out.json"
    status, _ = pad(monkeypatch, capsys, "bulgarian", "--plain", lines=["A", "B", "3", "hearts by 1 points 100 last 0"])
    assert status == 0 and main(["sheet", "bulgarian", "--export", str(out)]) == 0
    capsys.readouterr()
    status, said = pad(monkeypatch, capsys, str(out), "--plain", lines=[])
    assert status == 1 and "slot bulgarian holds a sheet already (1 deal): --new moves it aside" in said
    status, said = pad(monkeypatch, capsys, str(out), "--plain", "--slot", "club",
                       lines=["spades by 2 points 100 last 1", "board"])
    assert status == 0 and f"The sheet of {out} goes on in slot club (1 deal)." in said
    assert "Board after 2 deals: A 26, B 6" in said
    assert main(["replay", str(out)]) == 1
    assert "this is a score sheet: give it to belot sheet to go on with it" in capsys.readouterr().err


def test_names_that_cannot_tell_the_sides_apart_and_an_empty_slot_are_refused(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`--names A,A` gave a board of "A 6, A 10"; `--names ,B` named a side "team 0" silently; `--slot ""` used the
    variant's slot. Each is refused, and a name asked twice is asked again."""
    for names, said in (("A,A", "--names: A names two sides; the board could not tell them apart"),
                        (",B", "--names: side 0 has no name")):
        status, out = pad(monkeypatch, capsys, "bulgarian", "--plain", "--names", names, "--dealer", "0", lines=[])
        assert status == 1 and said in out
    status, out = pad(monkeypatch, capsys, "bulgarian", "--plain", "--slot", " ", lines=[])
    assert status == 1 and "--slot: give the slot a name" in out
    status, out = pad(monkeypatch, capsys, "bulgarian", "--plain", lines=["A", "A", "B", "0", "board"])
    assert status == 0 and "Not taken: A names two sides; the board could not tell them apart." in out
    assert "team 0 is A, team 1 is B" in out



def test_an_imported_sheet_whose_names_cannot_tell_the_sides_apart_is_refused(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A sheet file written by hand with the names A and A went on at the pad, its board "A 0, A 0"."""
    sheet = tmp_path / "hand.json"
    sheet.write_text(json.dumps({"format": "belot-rules/score-sheet", "version": 1, "variant": "bulgarian",
                                 "names": ["A", "A"], "deals": []}), encoding="utf-8")
    status, out = pad(monkeypatch, capsys, str(sheet), "--plain", lines=[])
    assert status == 1 and "names: A names two sides; the board could not tell them apart" in out


def test_the_pad_says_why_a_match_over_its_target_goes_on(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """bulgarian.md §10 (HIT/HLP "one more deal"): seven capots take team 0 to 175, over 151, and the match goes on;
    the pad said only who deals next. It says that a valat does not win the match, and the next deal decides."""
    status, out = pad(monkeypatch, capsys, "bulgarian", "--plain",
                      lines=["A", "B", "0", *["h by 0 capot 0"] * 7, "h by 0 points 100 last 0"])
    assert status == 0
    assert "Board after 7 deals: A 175, B 0\nA valat does not win the match: the next deal decides it." in out
    assert out.count("A valat does not win") == 1 and "A wins the match." in out
