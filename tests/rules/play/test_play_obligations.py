"""Play obligations, each pinned to the source row of rules/bulgarian.md §4.2 or rules/french.md §5.1."""

from __future__ import annotations

import pytest

from belot_rules.cards import cards_of, mask_of, parse_card
from belot_rules.rules.cards.tables import build_contract_tables
from belot_rules.rules.play.obligations import Obligations
from belot_rules.variant.model import Play, Variant


def legal(contract: str, hand: str, trick: str, **play: str) -> set[str]:
    """Legal cards of ``hand`` onto ``trick`` (cards in play order) under the given play options."""
    variant = Variant(name="t", title="t", play=Play(**play))
    obligations = Obligations(build_contract_tables(variant, contract), variant.play)
    cards = [parse_card(c).index for c in trick.split()]
    return {str(c) for c in cards_of(obligations.legal(mask_of(hand.split()), cards))}


def test_lead_is_free_SF_3():
    assert legal("hearts", "7C JH AS", "") == {"7C", "JH", "AS"}


def test_plain_suit_follow_without_beating_SF_3_1_C5():
    """SF §3.1 / C5: holding the led plain suit, any card of it; no obligation to beat."""
    assert legal("hearts", "7C AC JH", "KC") == {"7C", "AC"}


def test_void_must_trump_when_opponent_winning_SF_3_1():
    """SF §3.1: void in the led suit, an opponent winning, holding a trump -> must trump (any trump)."""
    assert legal("hearts", "7H JH AS", "KC") == {"7H", "JH"}


def test_void_partner_winning_free_SF_3_1_C3():
    """C3 `when_opponent_winning`: partner winning -> free discard."""
    assert legal("hearts", "7H JH AS", "AC 7C") == {"7H", "JH", "AS"}


def test_partner_not_yet_played_counts_as_not_winning_FFB_5_2():
    """FFB 5.2: 'partenaire n'est pas maître ou n'a pas encore joué' -> must trump as second player."""
    assert legal("hearts", "7H AS", "AC") == {"7H"}


def test_must_overtrump_opponent_SF_3_1():
    assert legal("hearts", "7H AH JH AS", "KC 9H") == {"JH"}


def test_cannot_overtrump_any_card_bulgarian_C4_never_required():
    """SF 'otherwise you can play any card'; BIN 12 vectors: no undertrump obligation."""
    assert legal("hearts", "7H 8H AS", "KC 9H") == {"7H", "8H", "AS"}


def test_cannot_overtrump_must_undertrump_french_FFB_B_5_2():
    """FFB-B 5.2 'pisser': unable to overtrump, still play a lower trump."""
    assert legal("hearts", "7H 8H AS", "KC 9H", undertrump="required") == {"7H", "8H"}


def test_trump_lead_must_raise_even_over_partner_SF_BIN_C1():
    """SF 'compulsory to play a higher trump'; BIN: raise not waived when partner wins."""
    assert legal("hearts", "7H 9H", "AH 8H") == {"9H"}


def test_trump_lead_partner_exemption_option_S2():
    """S2/S3 reading (option C1 unless_partner_winning)."""
    assert legal("hearts", "7H 9H", "AH 8H", trump_lead_overtrump="unless_partner_winning") == {"7H", "9H"}


def test_trump_lead_unable_to_raise_any_trump():
    assert legal("hearts", "7H 8H AS", "JH") == {"7H", "8H"}


def test_no_trumps_follow_or_anything_SF_3_2():
    assert legal("no_trumps", "7C AC JH", "KC") == {"7C", "AC"}
    assert legal("no_trumps", "JH AS", "KC") == {"JH", "AS"}


def test_all_trumps_must_overtake_regardless_of_partner_SF_3_3():
    """SF §3.3: beat the highest card of the led suit 'regardless of who is winning the hand'."""
    assert legal("all_trumps", "7C 9C AS", "AC 8C") == {"9C"}  # the partner's ace must be beaten
    assert legal("all_trumps", "7C 9C AS", "JC 8C") == {"7C", "9C"}  # unable to beat J: any club


def test_all_trumps_overtake_partner_exemption_option_C2():
    assert legal("all_trumps", "7C 9C", "AC 8C", all_trumps_overtake="unless_partner_winning") == {"7C", "9C"}


def test_all_trumps_void_any_card_and_other_suits_never_win():
    assert legal("all_trumps", "JH AS", "7C") == {"JH", "AS"}


@pytest.mark.parametrize(
    ("rule", "hand", "trick", "expected"),
    [
        # FFB-C/K 5.2: partner master, void: discard freely; a trump must beat the table unless only trumps held.
        ("overtrump_if_trumping", "7H JH AS", "KC 9H 8C", {"JH", "AS"}),
        ("overtrump_if_trumping", "7H 8H", "KC 9H 8C", {"7H", "8H"}),
        # rbelote / libcoinche: a trump must beat the table if one can, else any trump.
        ("overtrump_if_able", "7H JH AS", "KC 9H 8C", {"JH", "AS"}),
        ("overtrump_if_able", "7H 8H AS", "KC 9H 8C", {"7H", "8H", "AS"}),
        # FFB-B: free, including a trump lower than the partner's.
        ("free", "7H JH AS", "KC 9H 8C", {"7H", "JH", "AS"}),
        # C3 `always`: must trump even over a partner.
        ("as_if_opponent_winning", "7H AS", "AC 7C", {"7H"}),
    ],
)
def test_partner_master_void_readings_french_5_1_4(rule, hand, trick, expected):
    """rules/french.md §5.1 item 4 (partner_master_void) and C3."""
    # The partner (two seats back) is winning the trick in each case.
    assert legal("hearts", hand, trick, partner_winning_void=rule) == expected


def test_public_api_says_why_a_card_is_refused_and_refuses_bad_questions_SF_bulgarian_4_2():
    """Ruleset.illegal_reason names the obligation; an unknown contract or an empty trick is a user error."""
    from belot_rules import load_variant
    from belot_rules.errors import UserError

    rules = load_variant("bulgarian")
    assert rules.illegal_reason("hearts", ["7H", "JH", "AS"], [(0, "KC"), (1, "9H")], "AS") == \
        "you must play a trump higher than the best trump on the table"
    assert [str(c) for c in rules.legal_cards("hearts", ["7H", "JH", "AS"], [(0, "KC"), (1, "9H")], seat=2)] == ["JH"]
    with pytest.raises(UserError, match="has no contract 'trumps'"):
        rules.illegal_reason("trumps", ["7H"], [(0, "KC")], "7H")
    with pytest.raises(UserError, match="any card of the hand may lead"):
        rules.illegal_reason("hearts", ["7H"], [], "7H")


def test_every_refusal_has_its_words_for_a_scorekeeper() -> None:
    """`belot score` tells a revoke of a seat ("it must follow suit"), not of the player at the table ("you")."""
    from belot_rules.rules.play import obligations as play

    reasons = {value for name, value in vars(play).items() if name.isupper() and isinstance(value, str)
               and value.startswith(("you", "if you"))}
    assert reasons and set(play.OF_A_SEAT) == reasons
    assert not any(" you" in words or words.startswith("you") for words in play.OF_A_SEAT.values())
