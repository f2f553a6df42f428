"""Melds scored from the four cards of each trick (Klaverjas roem), pinned to family/klaverjas.md §5-7
(NKU, NKU-R, KBN, HOL, PEN), and the same option switched on in a Bulgarian house file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import parse_card
from belot_rules.cli import main
from belot_rules.engine.playout import random_deal
from belot_rules.engine.records import match_record, replay
from belot_rules.engine.runner import play_match
from belot_rules.players import make_player
from belot_rules.ruleset import Ruleset
from belot_rules.variant.model import Variant

ALL_RANKS = ["J", "9", "A", "T", "K", "Q", "8", "7"]
ROEM = {  # the scoring side of klaverjas.md (Amsterdam quads: 100 each, jacks 200)
    "name": "roem",
    "title": "Roem",
    "bidding": {"contracts": ["clubs", "diamonds", "hearts", "spades"], "doubles": {"max_level": 0}},
    "declarations": {
        "source": "tricks", "contest": "none", "contracts": ["suit"], "sequences": {3: 20, 4: 50},
        "quads": {r: 200 if r == "J" else 100 for r in ALL_RANKS}, "quad_order": ALL_RANKS,
        "belote": {"contracts": ["suit"]},
    },
    "scoring": {"capot": {"bonus": 100, "team": "takers_only"}, "tie": "taker_fails",
                "rounding": {"unit": "points", "suit": {"mode": "none"}}},
    "match": {"target": None, "deals": 16},
}
RULES = Ruleset(Variant.model_validate(ROEM))


def roem(cards: str, contract: str = "spades", winner: int = 0) -> int:
    found = RULES.declarations.in_trick(contract, [parse_card(c).index for c in cards.split()], winner)
    return sum(d.points for d in found)


@pytest.mark.parametrize(("cards", "points"), [
    ("7H 8H 9H AC", 20),   # 3 consecutive cards of one suit (NKU, NKU-R, KBN, HOL)
    ("9H 7H 8H AC", 20),   # in any order of play
    ("8H 9H TH JH", 50),   # 4 consecutive (NKU, NKU-R, KBN, HOL)
    ("QH KH AH 7C", 20),   # the ace is high only: Q-K-A in a plain suit
    ("9C TC JC 7D", 20),   # 9-10-J: runs in the natural order 7 8 9 10 J Q K A, not the trump order
    ("KS QS 7H 8D", 20),   # K + Q of trumps, "stuk" (NKU, NKU-R, HOL)
    ("QS KS AS 7H", 40),   # Q-K-A of trumps = run + stuk (NKU, NKU-R; HOL 20 + 20)
    ("JS QS KS 7H", 40),   # J-Q-K of trumps
    ("TS JS QS KS", 70),   # 10-J-Q-K of trumps = 50 + 20 (NKU, NKU-R)
    ("JS QS KS AS", 70),   # J-Q-K-A of trumps
    ("KH QH 7C 8C", 0),    # K + Q of a plain suit is nothing
    ("7H 9H TH AC", 0),    # not consecutive
    ("7H 7S 7D 7C", 100),  # four of a kind, 7 to A: 100 (NKU-R "4 gelijke kaarten (van 7 t/m Aas)")
    ("AH AS AD AC", 100),
    ("JH JS JD JC", 200),  # four jacks 200 (KBN, samenspelers, BGA)
])
def test_roem_combinations_klaverjas_5(cards: str, points: int) -> None:
    """klaverjas.md §5 table: the combinations one trick's four cards can hold, and their roem."""
    assert roem(cards) == points


def test_roem_goes_to_the_trick_winner_whoever_played_it_HOL_PEN() -> None:
    """klaverjas.md §5 "Who gets it": the side that wins the trick, whoever played the cards."""
    cards = [parse_card(c).index for c in "7H 8H 9H AC".split()]
    assert {d.seat for d in RULES.declarations.in_trick("spades", cards, 3)} == {3}


def score(card_points: tuple[int, int], last: int, tricks: tuple[int, int], roem_tricks: list[tuple[str, int]],
          declarer: int = 0):
    """Score a spades deal; ``roem_tricks`` are (trick cards, winner) whose roem counts."""
    melds = [d for cards, winner in roem_tricks
             for d in RULES.declarations.in_trick("spades", [parse_card(c).index for c in cards.split()], winner)]
    return RULES.scoring.score("spades", declarer, 1, card_points, tricks, last, melds)


def test_nat_takes_162_and_all_roem_klaverjas_6_worked_example_1() -> None:
    """klaverjas.md §6: P 94 pts + 20 roem = 114, D 68 + 50 = 118 -> nat: P 0, D 162 + 70 = 232 (NKU-R)."""
    result = score((84, 68), 0, (5, 3), [("7H 8H 9H AC", 0), ("7C 8C 9C TC", 1)])
    assert result.raw_points == (114, 118)
    assert (result.verdict, result.match_points) == ("failed", (0, 232))


def test_made_each_side_keeps_its_own_klaverjas_6_worked_example_2() -> None:
    """klaverjas.md §6: P 82 + 0, D 80 + 0 -> made: P 82, D 80 (exact points, no rounding)."""
    result = score((72, 80), 0, (4, 4), [])
    assert (result.verdict, result.match_points) == ("made", (82, 80))


def test_both_sides_keep_their_roem_when_made_klaverjas_5() -> None:
    """klaverjas.md §5: both sides keep their own roem, no comparison (unlike Belote declarations)."""
    result = score((92, 50), 0, (5, 3), [("7H 8H 9H AC", 0), ("7C 8C 9C TC", 1)])
    assert (result.verdict, result.match_points) == ("made", (122, 100))


def test_a_tie_is_nat_klaverjas_6_worked_example_3() -> None:
    """klaverjas.md §6: P 81 + 0, D 81 + 0 -> tie -> nat: P 0, D 162."""
    result = score((71, 81), 0, (4, 4), [])
    assert (result.verdict, result.match_points) == ("failed", (0, 162))


def test_pit_takers_klaverjas_6_worked_example_4() -> None:
    """klaverjas.md §6: P takes all tricks with 40 roem -> P 162 + 100 + 40 = 302, D 0 (lentemorgen, PEN)."""
    result = score((152, 0), 0, (8, 0), [("QS KS AS 7H", 0)])
    assert (result.verdict, result.match_points) == ("made", (302, 0))


def test_defenders_pit_is_a_plain_nat_HOL() -> None:
    """klaverjas.md §6.3 (HOL): the defenders taking every trick score no pit bonus, "just a regular nat"."""
    result = score((0, 152), 1, (0, 8), [])
    assert (result.verdict, result.match_points) == ("failed", (0, 162))
    assert any("no capot bonus" in line for line in result.lines)


def test_the_explanation_names_each_tricks_roem() -> None:
    result = score((84, 68), 0, (5, 3), [("QS KS AS 7H", 2)])
    assert "In a trick won by seat 2: belote in spades (20) for team 0" in result.lines


def test_a_hand_is_never_asked_to_declare_when_melds_come_from_tricks() -> None:
    hand = sum(parse_card(c).bit for c in "7H 8H 9H TH JH KS QS AS".split())
    assert RULES.declarations.choices(hand, "spades") == [[]]
    assert RULES.declarations.belote_suits_of([hand, 0, 0, 0], "spades") == [[], [], [], []]


def won_as_given(rules: Ruleset, contract: str, tricks: list[tuple[int, str]]) -> list[dict[str, object]]:
    """Outcome tricks whose cards are put in an order where each given winner takes its trick
    (the first led by seat 0, each next one by the winner before)."""
    tables, leader, out = rules.contract_tables(contract), 0, []
    for winner, text in tricks:
        cards = text.split()
        best = cards.pop(tables.trick_winner_index([parse_card(c).index for c in cards]))
        cards.insert((winner - leader) % 4, best)
        out.append({"winner": winner, "cards": cards})
        leader = winner
    return out


def test_outcome_melds_come_from_the_tricks_and_declarations_are_refused() -> None:
    """A deal outcome needs nothing new: the roem is in its tricks' cards (klaverjas.md §5)."""
    deck = [f"{r}{s}" for s in "CDHS" for r in "789TJQKA"]
    tricks = won_as_given(RULES, "spades", [(0, " ".join(deck[i:i + 4])) for i in range(0, 32, 4)])
    outcome = {"contract": "spades", "declarer": 0, "tricks": tricks}
    # every trick is a four-card run (50), the spade runs with K+Q once more (+20): 8 x 50 + 20, and pit
    result = RULES.score_deal(outcome)
    assert result.match_points == (162 + 100 + 8 * 50 + 20, 0)
    with pytest.raises(Exception, match="leave the declarations out"):
        RULES.score_deal({**outcome, "declarations": [{"seat": 0, "kind": "belote", "suit": "S"}]})


# ----------------------------------------------------------------------------- a Bulgarian house file


HOUSE = "extends: bulgarian\nname: bulgarian-roem\ntitle: Bulgarian with roem\n" \
        "declarations:\n  source: tricks   # melds from each trick's cards, to its winner\n  contest: none\n"


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("house") / "bulgarian-roem.yaml"
    path.write_text(HOUSE)
    return path


def test_house_file_roem_on_bulgarian_end_to_end(house: Path) -> None:
    """The option is not Klaverjas's: a Bulgarian house file switches it on and a whole match plays,
    its record replays to the same board, and each deal's melds are those of its tricks."""
    ruleset = load_variant(str(house))
    players = [make_player("heuristic", ruleset, seat) for seat in range(4)]
    match = play_match(ruleset, players, seed=5)
    record = json.loads(json.dumps(match_record(match)))
    assert replay(ruleset, record).board == tuple(match.board)
    assert not any(d.actions and any(a.startswith("declare") for a in d.actions) for d in match.deals)


def test_house_file_scores_an_outcome_from_the_command_line(house: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    tricks = won_as_given(load_variant("bulgarian"), "hearts", [
        (0, "AH KH QH 7C"), (1, "7S 8S 9S TS"), (0, "AC TC KC QC"), (2, "JH 9H 8H TH"),
        (3, "AD TD KD QD"), (0, "JD 9D 8D 7D"), (1, "7H JS QS KS"), (0, "JC 9C 8C AS")])
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({"contract": "hearts", "declarer": 0, "tricks": tricks}))
    assert main(["score", str(path), "--variant", str(house)]) == 0
    out = capsys.readouterr().out
    assert "In a trick won by seat 1: quarte to the 10♠ (50) for team 1" in out
    assert "In a trick won by seat 0: tierce to the A♥ (20) for team 0" in out


def test_validate_refuses_roem_with_a_contest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A trick's melds go to its winner: comparing the teams' melds makes no sense (located error)."""
    path = tmp_path / "bad.yaml"
    path.write_text("extends: bulgarian\nname: bad\ntitle: Bad\ndeclarations:\n  source: tricks\n")
    assert main(["validate", str(path)]) == 1
    captured = capsys.readouterr()
    err = captured.out + captured.err
    assert "bad.yaml:5:11:" in err and "set declarations.contest to none" in err


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_roem_deals_card_points_and_melds_invariants(seed: int) -> None:
    """Card points still sum to the deck total, and the melds scored are those in the tricks' cards."""
    state = random_deal(RULES, random.Random(seed), dealer=seed % 4, contract="hearts")
    assert sum(state.side_points) + 10 == 162
    melds = sum(d.points for _, cards, w in state.tricks for d in RULES.declarations.in_trick("hearts", cards, w))
    pit = 100 if state.score.capot_team == state.score.contract_team else 0
    assert sum(state.score.raw_points) == 162 + melds + pit


@pytest.mark.parametrize("base, players", [("klaberjass", 2), ("belote-a-trois", 3), ("debertz-3", 3)])
def test_roem_in_a_house_file_at_a_smaller_table_reads_the_trick_s_cards(base: str, players: int, tmp_path: Path) -> None:
    """The README's own example of taking a family rule elsewhere: ``declarations.source: tricks`` at a table
    of two or three finds melds among that table's two or three cards a trick (three in a row at three)."""
    house = tmp_path / "roem.yaml"
    house.write_text(f"title: {base} with roem\nextends: {base}\n"
                     "declarations: {source: tricks, contest: none, wins_match_length: null}\n")
    ruleset = load_variant(str(house))
    assert ruleset.seating.players == players
    rng = random.Random(3)
    for _ in range(40):
        state = random_deal(ruleset, rng)
        assert state.phase == "over"
    run = [parse_card(c).index for c in ("7H", "8H", "9H")[:players]]
    melds = ruleset.declarations.in_trick("hearts", run, 1)
    assert [m.points for m in melds] == ([20] if players == 3 else [])


def test_the_memo_of_trick_melds_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long simulation of trick melds (Klaverjas roem) keeps at most IN_TRICK_MEMO tricks in memory."""
    from belot_rules.rules.declarations import melds as declarations

    monkeypatch.setattr(declarations, "IN_TRICK_MEMO", 50)
    rules = RULES.declarations
    rng = random.Random(1)
    for _ in range(500):
        rules.in_trick("hearts", rng.sample(range(32), 4), rng.randrange(4))
    assert len(rules._in_trick) <= 50
