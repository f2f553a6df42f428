"""Declarations: what a hand holds, belote and the contest, each pinned to rules/bulgarian.md §5
(SF, HIT, HLP, BIN, NIK) or rules/french.md §6-7 (FFB-K, BG, RDJ)."""

from __future__ import annotations

import pytest

from belot_rules import load_variant
from belot_rules.cards import mask_of, parse_card
from belot_rules.rules.cards.tables import build_contract_tables
from belot_rules.rules.declarations.melds import Declaration, DeclarationRules
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import Variant

SPADES, HEARTS = 3, 2


def rules(**declarations: object) -> DeclarationRules:
    return DeclarationRules(Variant(name="t", title="t", declarations=declarations))


def held(hand: str, contract: str = "hearts", **options: object) -> list[str]:
    return sorted(str(d) for d in rules(**options).held(mask_of(hand.split()), contract))


def seq(r: DeclarationRules, seat: int, cards: str) -> list[Declaration]:
    return r.sequence(seat, mask_of(cards.split()))


def resolve(r: DeclarationRules, decls: list[Declaration], contract: str = "hearts", first_seat: int = 0):
    res = r.resolve(decls, contract, first_seat)
    return res.points, sorted(str(d) for d in res.kept)


# ----------------------------------------------------------------------------- what a hand holds


def test_sequence_values_tierce_quarte_quint_SF_HIT_D2():
    assert held("7C 8C 9C") == ["tierce to the 9♣ (20)"]
    assert held("7C 8C 9C TC") == ["quarte to the 10♣ (50)"]
    assert held("7C 8C 9C TC JC") == ["quint to the J♣ (100)"]


def test_six_card_run_is_one_quint_SF_5_or_more_BIN():
    assert held("9S TS JS QS KS AS") == ["sixième to the A♠ (100)"]


def test_eight_card_run_one_quint_by_default_D3():
    assert held("7D 8D 9D TD JD QD KD AD") == ["huitième to the A♦ (100)"]


def test_eight_card_run_quint_plus_tierce_NIK_D3():
    got = held("7D 8D 9D TD JD QD KD AD", long_run="quint_plus_tierce_for_eight")
    assert got == ["quint to the A♦ (100)", "tierce to the 9♦ (20)"]


def test_two_runs_in_a_hand_all_count_bulgarian_5_1():
    assert held("7C 8C 9C JH QH KH") == ["tierce to the 9♣ (20)", "tierce to the K♥ (20)"]


def test_ace_is_high_only_SF_sequence_order():
    assert held("QC KC AC 7C 8C") == ["tierce to the A♣ (20)"]


def test_quad_values_J200_9_150_others_100_D4():
    assert held("JC JD JH JS") == ["four jacks (200)"]
    assert held("9C 9D 9H 9S") == ["four nines (150)"]
    assert held("TC TD TH TS") == ["four tens (100)"]
    assert held("QC QD QH QS AC AD AH AS") == ["four aces (100)", "four queens (100)"]


def test_four_sevens_or_eights_are_not_declarations_D4():
    assert held("7C 7D 7H 7S 8C 8D 8H 8S") == []


def test_no_declarations_in_no_trumps_D1():
    assert held("JC JD JH JS 7C 8C 9C", contract="no_trumps") == []
    assert rules().belote_suits(mask_of("KH QH".split()), "no_trumps") == []


def test_declarations_disabled_FFB_B_2016():
    assert held("JC JD JH JS", enabled=False) == []


def test_no_trumps_quads_table_FFB_K_11_2():
    """Coinche: carrés in no-trumps are A 200, 10 150, others 100."""
    r = rules(contracts=["suit", "no_trumps", "all_trumps"],
              no_trumps_quads={"A": 200, "T": 150, "K": 100, "Q": 100, "J": 100, "9": 100})
    got = sorted(str(d) for d in r.held(mask_of("AC AD AH AS JC JD JH JS".split()), "no_trumps"))
    assert got == ["four aces (200)", "four jacks (100)"]


def test_quad_taken_first_and_its_cards_leave_runs_BIN_NIK_D5():
    assert held("JH JC JD JS QH KH 9H TH") == ["four jacks (200)"]


def test_both_count_keeps_quad_and_run():
    assert held("JH JC JD JS QH KH", quad_sequence_overlap="both_count") == [
        "four jacks (200)", "tierce to the K♥ (20)"]


def test_player_chooses_quad_or_sequence_HIT_HLP_D5():
    r = rules(quad_sequence_overlap="player_chooses")
    options = r.choices(mask_of("JH JC JD JS 9H TH QH".split()), "hearts")
    assert sorted(sorted(str(d) for d in o) for o in options) == [["four jacks (200)"], ["quarte to the Q♥ (50)"]]


def test_choices_without_overlap_is_one_option():
    r = rules(quad_sequence_overlap="player_chooses")
    options = r.choices(mask_of("JH JC JD JS 7S 8S 9S".split()), "hearts")
    assert [sorted(str(d) for d in o) for o in options] == [["four jacks (200)", "tierce to the 9♠ (20)"]]


def test_sequence_order_from_the_variant():
    """``cards.sequence_order`` decides what is consecutive (here the ten sits between 9 and J)."""
    variant = Variant(name="t", title="t", cards={"sequence_order": ["7", "8", "9", "J", "Q", "K", "T", "A"]})
    got = [str(d) for d in DeclarationRules(variant).held(mask_of("KS TS AS".split()), "hearts")]
    assert got == ["tierce to the A♠ (20)"]


def test_declaration_text_and_code():
    r = rules()
    assert str(seq(r, 0, "JS QS KS")[0]) == "tierce to the K♠ (20)"
    assert str(r.quad(1, 4, "hearts")) == "four jacks (200)"
    assert str(r.belote(2, SPADES)) == "belote in spades (20)"
    assert [d.code() for d in (seq(r, 0, "JS QS KS")[0], r.quad(1, 4, "hearts"), r.belote(2, SPADES))] == [
        "tierce to KS", "four J", "belote S"]


def test_sequence_from_cards_rejects_gaps_and_suits():
    r = rules()
    with pytest.raises(ValueError, match="consecutive"):
        seq(r, 0, "9D JD QD")
    with pytest.raises(ValueError, match="one suit"):
        seq(r, 0, "9D TD JC")


# ----------------------------------------------------------------------------- belote


def test_belote_suits_trump_only_in_suit_contract_SF():
    assert rules().belote_suits(mask_of("KH QH KS QS".split()), "hearts") == [HEARTS]


def test_belote_in_every_suit_in_all_trumps_SF_HIT():
    assert rules().belote_suits(mask_of("KH QH KS QS KC".split()), "all_trumps") == [HEARTS, SPADES]


def belote_counts(contract: str, card: str, before: str, only: bool = False, **belote: object) -> bool:
    variant = Variant(name="t", title="t", declarations={"belote": belote})
    tables = build_contract_tables(variant, contract)
    trick = tuple(parse_card(c).index for c in before.split())
    return DeclarationRules(variant).belote_play_counts(parse_card(card).index, trick, tables, only)


def test_belote_on_lead_counts_SF():
    assert belote_counts("all_trumps", "KH", "")


def test_belote_following_suit_counts_SF():
    assert belote_counts("all_trumps", "QH", "7H")


def test_belote_trump_discard_in_suit_contract_counts_HIT_trumping():
    """HIT: 'при цакане' -- a trump K/Q played on another led suit is a trump and qualifies."""
    assert belote_counts("hearts", "KH", "AC")


def test_belote_discarded_in_all_trumps_is_lost_NIK_IsBeloteAllowed():
    assert not belote_counts("all_trumps", "KH", "AC")


def test_belote_always_when_no_play_condition_PORT():
    assert belote_counts("all_trumps", "KH", "AC", play_condition="always")


def test_belote_forced_card_lost_NIK_D14():
    assert belote_counts("hearts", "KH", "7H", only=True)
    assert not belote_counts("hearts", "KH", "7H", only=True, forced_card="lost")


# ----------------------------------------------------------------------------- the contest


def test_separate_contests_quint_and_four_queens_both_score_SF_HIT_D6():
    r = rules()
    decls = [*seq(r, 0, "9S TS JS QS KS"), r.quad(1, 5, "hearts")]
    assert resolve(r, decls)[0] == (100, 100)


def test_unified_contest_four_queens_beat_quint_BIN_D6():
    """bulgarian.md §5.4: team A quint to K vs team B four queens -> B scores its 100, A nothing."""
    r = rules(contest="unified")
    decls = [*seq(r, 0, "9S TS JS QS KS"), r.quad(1, 5, "hearts")]
    res = r.resolve(decls, "hearts")
    assert res.points == (0, 100)
    assert [(str(d), why) for d, why in res.reasons()] == [
        ("quint to the K♠ (100)", "team 1's four queens (100) is higher")]


def test_unified_quad_and_equal_sequence_tie_without_quad_priority_BG():
    r = rules(contest="unified", quad_beats_equal_sequence=False)
    decls = [*seq(r, 0, "9S TS JS QS KS"), r.quad(1, 5, "hearts")]
    assert resolve(r, decls)[0] == (0, 0)


def test_longer_class_wins_sequences_SF_HIT_D7():
    r = rules()
    decls = [*seq(r, 0, "7S 8S 9S TS"), *seq(r, 1, "QD KD AD")]
    assert resolve(r, decls)[0] == (50, 0)


def test_six_card_hundred_not_above_five_card_ending_higher_HLP_D7():
    """HLP: 'a hundred of six cards is not higher than a hundred of five if the latter ends higher'."""
    r = rules()
    decls = [*seq(r, 0, "7S 8S 9S TS JS QS"), *seq(r, 1, "9D TD JD QD KD")]
    assert resolve(r, decls)[0] == (0, 100)


def test_length_then_top_six_cards_beat_five_NIK_D7():
    r = rules(sequence_compare="length_then_top")
    decls = [*seq(r, 0, "7S 8S 9S TS JS QS"), *seq(r, 1, "9D TD JD QD KD")]
    assert resolve(r, decls)[0] == (100, 0)


def test_winner_scores_all_its_sequences_even_lower_ones_HIT_D10():
    r = rules()
    decls = [*seq(r, 0, "7S 8S 9S TS"), *seq(r, 2, "7C 8C 9C"), *seq(r, 1, "QD KD AD")]
    assert resolve(r, decls)[0] == (70, 0)


def test_best_only_scores_the_winning_declaration_D10():
    r = rules(winner_scores="best_only")
    decls = [*seq(r, 0, "7S 8S 9S TS"), *seq(r, 2, "7C 8C 9C")]
    assert resolve(r, decls)[0] == (50, 0)


def test_equal_best_sequences_cancel_all_suit_irrelevant_SF_HIT_BIN_D8():
    r = rules()
    decls = [*seq(r, 0, "QH KH AH"), *seq(r, 2, "7C 8C 9C"), *seq(r, 1, "QD KD AD")]
    res = r.resolve(decls, "hearts")
    assert res.points == (0, 0)
    assert len(res.cancelled) == 3
    assert "neither team scores" in res.reasons()[0][1]


def test_quad_order_J_9_A_T_K_Q_SF_trump_order_D9():
    r = rules()
    assert resolve(r, [r.quad(0, 3, "hearts"), r.quad(1, 7, "hearts")])[0] == (0, 100)  # aces beat tens
    assert resolve(r, [r.quad(0, 3, "hearts"), r.quad(1, 6, "hearts")])[0] == (100, 0)  # tens beat kings
    assert resolve(r, [r.quad(0, 2, "hearts"), r.quad(1, 4, "hearts")])[0] == (0, 200)


def test_quads_compare_by_value_before_quad_order_HIT_bulgarian_5_4_FFB_K_11_2():
    """HIT: the quad of the highest point value wins; quad_order only ranks equal-valued quads.

    In no-trumps (FFB-K 11.2: A 200, T 150, the others 100) four aces beat four jacks, also
    when sequences and quads are separate contests.
    """
    ACE, JACK = 7, 4
    r = rules(contracts=["suit", "no_trumps", "all_trumps"],
              no_trumps_quads={"A": 200, "T": 150, "K": 100, "Q": 100, "J": 100, "9": 100})
    assert resolve(r, [r.quad(0, ACE, "no_trumps"), r.quad(1, JACK, "no_trumps")], "no_trumps")[0] == (200, 0)
    reordered = rules(quad_order=["A", "T", "K", "Q", "J", "9"])
    assert resolve(reordered, [reordered.quad(0, ACE, "hearts"), reordered.quad(1, JACK, "hearts")])[0] == (0, 200)


def test_french_example_3_team_1_counts_50_plus_20_team_0_nothing_french_md_12():
    """french.md §12 ex. 3 (♥): seat 0 ♥9-10-J, seat 1 ♣9-10-J-Q, seat 3 ♦8-9-10: team 1 counts 70."""
    r = DeclarationRules(load_variant_model("french").variant)
    decls = [*seq(r, 0, "9H TH JH"), *seq(r, 1, "9C TC JC QC"), *seq(r, 3, "8D 9D TD")]
    assert resolve(r, decls) == ((0, 70), ["quarte to the Q♣ (50)", "tierce to the 10♦ (20)"])


def test_equal_sequences_trump_wins_FFB_K_8_3_trump_then_cancel():
    r = DeclarationRules(load_variant_model("french").variant)
    decls = [*seq(r, 0, "9H TH JH"), *seq(r, 1, "9C TC JC")]
    assert resolve(r, decls)[0] == (20, 0)
    decls = [*seq(r, 0, "9S TS JS"), *seq(r, 1, "9C TC JC")]
    assert resolve(r, decls)[0] == (0, 0)


def test_equal_sequences_first_in_play_order_wins_BG():
    """BG: the player nearest the dealer's right (first in play order from the first leader) wins."""
    r = rules(tie="first_in_play_order")
    decls = [*seq(r, 0, "9S TS JS"), *seq(r, 1, "9C TC JC")]
    assert resolve(r, decls, first_seat=1)[0] == (0, 20)
    assert resolve(r, decls, first_seat=3)[0] == (20, 0)


def test_trump_then_first_in_play_order():
    r = rules(tie="trump_then_first_in_play_order")
    decls = [*seq(r, 0, "9S TS JS"), *seq(r, 1, "9H TH JH")]
    assert resolve(r, decls, first_seat=0)[0] == (0, 20)
    decls = [*seq(r, 0, "9S TS JS"), *seq(r, 1, "9C TC JC")]
    assert resolve(r, decls, first_seat=0)[0] == (20, 0)


def test_belote_never_in_the_contest_D16():
    r = rules()
    decls = [*seq(r, 0, "QD KD AD"), *seq(r, 1, "7C 8C 9C TC"), r.belote(0, HEARTS)]
    res = r.resolve(decls, "hearts")
    assert res.points == (0, 50)
    assert res.belote == (20, 0)


def test_belote_in_sequence_both_count_NIK_D15():
    r = rules()
    res = r.resolve([*seq(r, 0, "JH QH KH"), r.belote(0, HEARTS)], "hearts")
    assert (res.points, res.belote) == ((20, 0), (20, 0))


def test_belote_absorbed_by_sequence_option_D15():
    r = rules(belote={"in_sequence": "belote_absorbed"})
    res = r.resolve([*seq(r, 0, "JH QH KH"), r.belote(0, HEARTS)], "hearts")
    assert (res.points, res.belote) == ((20, 0), (0, 0))
    assert "part of the tierce" in res.reasons()[0][1]


def test_belote_of_four_hands_at_once_matches_each_hand_SF_bulgarian_5_3():
    """The engine asks for the four hands' belotes in one call; each must be what the hand holds."""
    r = rules()
    hands = [mask_of("KH QH KS QS".split()), mask_of("KD QD 7C".split()), mask_of(["KC"]), mask_of(["QC"])]
    for contract in ("hearts", "spades", "diamonds", "all_trumps", "no_trumps"):
        assert r.belote_suits_of(hands, contract) == [r.belote_suits(h, contract) for h in hands]
    assert r.belote_suits_of(hands, "all_trumps") == [[2, 3], [1], [], []]
    assert r.belote_suits_of(hands, "hearts") == [[2], [], [], []]


def test_a_belote_outside_the_four_seats_or_suits_is_refused():
    """Seats and suits run 0-3; the shared belote objects must not wrap a bad index round."""
    r = rules()
    assert r.belote(3, 2).seat == 3 and r.belote(3, 2).suit == 2
    for seat, suit in ((-1, 2), (4, 2), (0, 4)):
        with pytest.raises(ValueError):
            r.belote(seat, suit)


def test_a_belote_of_a_seat_the_table_has_not_is_refused_at_three():
    """At three players (belote-a-trois) seat 3 is no seat: refused with the table's seats, not an IndexError."""
    r = load_variant("belote-a-trois").declarations
    assert r.belote(2, 1).seat == 2
    with pytest.raises(ValueError, match="a seat from 0 to 2"):
        r.belote(3, 1)
