"""The 36-card pack (rules/family/schieber.md §1): the 6 as a rank of ``cards.ranks``, its card points and place in
each rank table, nine cards each, Weis runs through the 6, records that write it, and the compiled paths standing
aside. A Bulgarian house file with Schieber's tables plays it here; the 32-card packs are unchanged."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace

import jsonschema
import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import kernel, load_variant
from belot_rules.cards import CARDS, RANK_CHARS, parse_card
from belot_rules.engine.deal import DealState
from belot_rules.engine.playout import random_deal
from belot_rules.engine.records import match_record, replay
from belot_rules.engine.runner import play_match
from belot_rules.errors import VariantError
from belot_rules.players import make_player
from belot_rules.players.expert import ExpertPlayer
from belot_rules.players.solver import Solver
from belot_rules.rules.cards.options import CardTables
from belot_rules.rules.cards.tables import build_contract_tables
from belot_rules.ruleset import Ruleset
from belot_rules.variant.model import CONTRACTS, RankTable

ROOT = Path(__file__).resolve().parents[3]
# schieber.md §1: the trick order and card points of each kind of suit, with the 6.
TABLES = """\
cards:
  ranks: [6, 7, 8, 9, T, J, Q, K, A]
  trump: {order: [J, 9, A, K, Q, T, 8, 7, 6], points: {J: 20, 9: 14, A: 11, T: 10, K: 4, Q: 3}}
  plain: {order: [A, K, Q, J, T, 9, 8, 7, 6], points: {A: 11, T: 10, K: 4, Q: 3, J: 2}}
  no_trumps: {order: [A, K, Q, J, T, 9, 8, 7, 6], points: {A: 11, T: 10, 8: 8, K: 4, Q: 3, J: 2}}
  undenufe: {order: [6, 7, 8, 9, T, J, Q, K, A], points: {6: 11, T: 10, 8: 8, K: 4, Q: 3, J: 2}}
  sequence_order: [6, 7, 8, 9, T, J, Q, K, A]
"""
HOUSE = ("extends: bulgarian\n" + TABLES + """\
bidding: {contracts: [clubs, diamonds, hearts, spades, no_trumps, undenufe]}
deal: {first_packets: [3, 3], second_packets: [3]}
declarations: {quads: {J: 200, 9: 150, A: 100, T: 100, K: 100, Q: 100, 6: 100}, quad_order: [J, 9, A, T, K, Q, 6]}
play: {trump_instead_of_following: allowed, void_trumping: optional, bare_trump_jack: exempt,
       trump_lead_overtrump: never, undertrump: forbidden_unless_only_trumps}
scoring: {last_trick: 5}
""")


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    path = tmp_path_factory.mktemp("pack36") / "jass36.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return load_variant(path)


@pytest.mark.parametrize("compiled", [True, False])
def test_the_pack_holds_36_cards_and_deals_nine_each(rules: Ruleset, monkeypatch: pytest.MonkeyPatch,
                                                     compiled: bool) -> None:
    """schieber.md §1-2: 6 to Ace in four suits, nine cards to each of the four players; shuffled and played in
    Python as well as with the compiled kernel built."""
    if not compiled:
        monkeypatch.setattr(kernel, "compiled", None)
    assert rules.seating.pack_size == 36 and rules.seating.hand_size == 9
    state = random_deal(rules, random.Random(1), contract="hearts")
    assert sorted(state.deck) == list(range(36))
    assert len(state.tricks) == 9 and all(len(cards) == 4 for _, cards, _ in state.tricks)


def test_schieber_card_points_157_per_deal(rules: Ruleset) -> None:
    """schieber.md §1: trump 62 and each plain suit 30, Obenabe and Undenufe 38 a suit; with the last trick 157."""
    tables = rules.tables
    assert sum(tables["hearts"].points[c] for c in range(36) if CARDS[c].suit == 2) == 62
    assert sum(tables["hearts"].points[c] for c in range(36) if CARDS[c].suit == 0) == 30
    assert {c: tables[c].total_points + rules.variant.scoring.last_trick for c in rules.contracts} == dict.fromkeys(
        rules.contracts, 157)
    assert tables["hearts"].points[parse_card("6H").index] == 0
    assert tables["undenufe"].points[parse_card("6H").index] == 11 and tables["undenufe"].points[parse_card("AH").index] == 0


@settings(max_examples=40, deadline=None)
@given(ranks=st.sets(st.sampled_from(RANK_CHARS), min_size=2), points=st.dictionaries(
    st.sampled_from(RANK_CHARS), st.integers(0, 30)), contract=st.sampled_from(CONTRACTS))
def test_card_points_sum_to_the_packs_total_for_every_pack(ranks: set[str], points: dict[str, int], contract: str) -> None:
    """Invariant: whatever the pack (24, 32, 36 cards or any other set of ranks), the tables' total is the sum of
    the points of its cards, and each table has one entry per card index the pack may use."""
    order = sorted(RANK_CHARS, key=lambda r: -points.get(r, 0))
    table = RankTable(order=order, points=points)
    cards = CardTables(trump=table, plain=table, no_trumps=table, all_trumps=table, undenufe=table,
                       sequence_order=sorted(RANK_CHARS), ranks=sorted(ranks))
    built = build_contract_tables(SimpleNamespace(cards=cards), contract)  # type: ignore[arg-type]
    assert len(built.points) == (36 if "6" in ranks else 32)
    in_pack = [c for c in range(len(built.points)) if CARDS[c].rank_char in ranks]
    assert built.total_points == sum(built.points[c] for c in in_pack) == 4 * sum(points.get(r, 0) for r in ranks)


def _legal(rules: Ruleset, contract: str, hand: str, trick: str) -> set[str]:
    table = list(enumerate(trick.split()))
    return {str(c) for c in rules.legal_cards(contract, hand.split(), table, seat=len(table))}


@pytest.mark.parametrize("contract, trick, hand, legal", [
    ("hearts", "6H 8H", "AS KS JH 6C 7C", "AS KS JH 6C 7C"),
    ("hearts", "TS 6C", "AS KS JH 9C 7C", "AS KS JH"),  # jass-kit's hand holds the 6C played: 9C here
    ("hearts", "TC AC TH", "AS KS JH 8H 6H 7C 6C", "7C 6C JH"),
    ("spades", "KH JS", "AS KS 7S 8H 6H 7C 6C", "8H 6H"),
    ("diamonds", "TC JD TH", "AD KD 8D", "AD KD 8D"),
    ("no_trumps", "QS", "AS KS 7H JH", "AS KS"),
    ("undenufe", "6C", "AS KS 7H JH", "AS KS 7H JH"),
])
def test_jass_kit_positions_with_the_6_schieber_4_4(rules: Ruleset, contract: str, trick: str, hand: str,
                                                     legal: str) -> None:
    """schieber.md §4.4, jass-kit's legal-card cases (``test/game/test_rule_schieber.py``) with their own 6s."""
    assert _legal(rules, contract, hand, trick) == set(legal.split())


@pytest.mark.parametrize("contract, winner", [
    ("diamonds", 0), ("spades", 0), ("no_trumps", 0), ("hearts", 2), ("clubs", 3), ("undenufe", 1)])
def test_trick_winner_schieber_4_4(rules: Ruleset, contract: str, winner: int) -> None:
    """schieber.md §4.4: trick SA SK HQ C7 (written rank first here), the first card led."""
    assert rules.trick_winner(contract, list(enumerate("AS KS QH 7C".split()))) == winner


@pytest.mark.parametrize("contract, trick, points", [
    ("spades", "AS JS 6S 9S", 45), ("diamonds", "AS KS QS JS", 20), ("spades", "AS KS QS JS", 38)])
def test_trick_points_schieber_4_4(rules: Ruleset, contract: str, trick: str, points: int) -> None:
    """schieber.md §4.4: the card points of a trick (jass-kit's trick-points cases)."""
    assert sum(rules.tables[contract].points[parse_card(c).index] for c in trick.split()) == points


def test_weis_runs_and_quads_take_the_6_schieber_5_1(rules: Ruleset) -> None:
    """schieber.md §5.1: runs use the order 6 7 8 ... A, so 6-7-8 is a three-card run; four 6s are a quad where
    the file gives them points; a run of all nine cards is one declaration."""
    declarations = rules.declarations

    def held(cards: str) -> list[str]:
        mask = sum(parse_card(c).bit for c in cards.split())
        return sorted(d.code() for d in declarations.held(mask, "clubs"))

    assert held("6H 7H 8H AS") == ["tierce to 8H"]
    assert held("6C 6D 6H 6S") == ["four 6"]
    assert held("6S 7S 8S 9S TS JS QS KS AS") == ["neuvième to AS"]
    assert str(declarations.held(parse_card("6H").bit | parse_card("7H").bit | parse_card("8H").bit, "clubs")[0]) \
        == "tierce to the 8♥ (20)"


def test_the_compiled_paths_stand_aside_for_36_cards(rules: Ruleset) -> None:
    """The compiled kernel and solver know the 32 cards only: a 36-card pack plays and searches in Python."""
    assert not rules.obligations["hearts"].kernel_plays and rules.obligations["hearts"].packed == b""
    assert Solver(rules, "hearts", [True, False, True, False]).kernel is None
    bulgarian = load_variant("bulgarian")
    assert bulgarian.obligations["hearts"].kernel_plays and len(bulgarian.tables["hearts"].points) == 32


def test_the_bots_finish_a_match_whose_record_writes_and_replays_the_6(rules: Ruleset) -> None:
    """The heuristic bots play a whole match of the 36-card pack; its record writes each 6 as ``6H``, follows the
    record schema and replays to the same scores."""
    match = play_match(rules, [make_player("heuristic", rules, seat) for seat in range(4)], seed=3)
    record = json.loads(json.dumps(match_record(match)))
    jsonschema.validate(record, json.loads((ROOT / "schemas" / "record.schema.json").read_text(encoding="utf-8")))
    assert all({"6C", "6D", "6H", "6S"} <= set(deal["deck"]) for deal in record["deals"])
    replayed = replay(rules, record)
    assert [d.score for d in replayed.deals] == [d.score for d in match.deals]


def test_a_36_card_pack_needs_the_6_in_each_table_it_plays(tmp_path: Path) -> None:
    """A table without the 6 would leave it no place in the trick order: the file is refused, saying which."""
    path = tmp_path / "no6.yaml"
    path.write_text("extends: bulgarian\ncards: {ranks: [6, 7, 8, 9, T, J, Q, K, A]}\n"
                    "deal: {first_packets: [3, 3], second_packets: [3]}\n", encoding="utf-8")
    with pytest.raises(VariantError, match=r"cards.ranks holds the 6 \(a 36-card pack\), so cards.trump_suit.suit.order, "
                                           r"cards.plain_suit.suit.order, cards.plain_suit.no_trumps.order, "
                                           r"cards.trump_suit.all_trumps.order, "
                                           r"cards.sequence_order must place it too"):
        load_variant(path)


def test_the_expert_solves_the_last_four_cards_where_only_the_python_solver_knows_the_pack() -> None:
    """The compiled solver knows 32 cards: in a 36-card deal the expert leaves the early cards to the search bot
    and solves from four cards a hand on, which the Python solver does in time."""
    rules = load_variant("schieber")
    deck = list(range(36))
    random.Random(4).shuffle(deck)
    state = DealState.from_hands(rules, [sum(1 << c for c in deck[9 * s:9 * s + 9]) for s in range(4)], 3, "hearts", 0)
    expert = make_player("expert", rules, 1)
    assert isinstance(expert, ExpertPlayer)
    seat = state.to_act
    expert.choose(state.view(seat), state.legal_actions())
    assert expert.deals_solved == []  # nine cards: the search bot's choice
    while len(state.tricks) < 5 or state.trick:
        state.apply(state.legal_actions()[0])
    expert.choose(state.view(state.to_act), state.legal_actions())
    assert expert.deals_solved and expert.deals_solved[-1] > 0
