"""Where the shipped family files' scoring differed from their write-ups (rules/family/*.md), each case
pinned to the section it comes from, through the public API (the play's cases: tests/rules/play/test_family_play.py)."""

from __future__ import annotations

import pytest

from belot_rules import load_variant
from belot_rules.rules.outcome.parse import score_outcome

# Hearts trump, seat 0 bids 80 and holds the belote (K+Q of hearts); his team takes one trick
# (12 card points), the opponents the rest (140 + the last trick 10).
BAZAAR_FAILED_WITH_BELOTE = {
    "contract": "hearts", "declarer": 0, "bid": 80, "first_leader": 0,
    "tricks": [
        {"winner": 1, "cards": ["7C", "AC", "9C", "KC"]},
        {"winner": 1, "cards": ["JH", "7H", "QC", "QH"]},
        {"winner": 1, "cards": ["9H", "8H", "QD", "KH"]},
        {"winner": 1, "cards": ["AH", "JC", "KD", "8C"]},
        {"winner": 1, "cards": ["TH", "AD", "AS", "7D"]},
        {"winner": 2, "cards": ["9D", "JD", "TS", "8D"]},
        {"winner": 3, "cards": ["9S", "KS", "7S", "TC"]},
        {"winner": 3, "cards": ["QS", "8S", "TD", "JS"]},
    ],
    "declarations": [{"seat": 0, "kind": "belote", "suit": "H"}],
}


def test_bazaar_blot_failed_bidders_lose_their_belote_bazaar_blot_6() -> None:
    """bazaar-blot.md §6 [VBL]: a failed contract scores 0 for the bidders and gives the opponents
    all 162 + declarations: 182, written 18 in tens; coinche's kept belote gave 2 / 16."""
    score = load_variant("bazaar-blot").score_deal(BAZAAR_FAILED_WITH_BELOTE)
    assert score.verdict == "failed"
    assert score.match_points == (0, 18)


def test_bazaar_blot_made_contract_scores_each_its_own_bazaar_blot_6() -> None:
    """bazaar-blot.md §6 [AVA]: a made contract, both teams score their points; the belote change
    leaves it alone (team 1 takes 150 -> 15, team 0 12 + belote 20 -> 3)."""
    score = load_variant("bazaar-blot").score_deal({**BAZAAR_FAILED_WITH_BELOTE, "declarer": 1})
    assert score.verdict == "made"
    assert score.match_points == (3, 15)


@pytest.mark.parametrize("multiplier, points", [(1, (166, 66)), (2, (332, 132)), (4, (664, 264))])
def test_pilotta_made_under_contra_each_team_scores_its_own_pilotta_6_1(multiplier: int,
                                                                        points: tuple[int, int]) -> None:
    """pilotta.md §6.1 [KYP] worked example: bid 100 spades, the bidders 96 card points (with the piso) + belote
    20 + a sequence of four 50 = 166, the defenders 66; "each team scores what it took", contra x2 and recontra
    x4 on each (§6.2). The file gave a made contra the takers' whole 464 / 0."""
    from belot_rules.rules.declarations.melds import Declaration

    rules = load_variant("pilotta")
    run = Declaration(0, "sequence", 3, 3, 4, 0b1111 << 24, 50)  # 7-8-9-10 of spades
    score = rules.scoring.score("spades", 0, multiplier, (86, 66), (5, 3), 0, [run, Declaration.belote(0, 3, 20)],
                                bid=100)
    assert score.verdict == "made" and score.match_points == points


def test_pilotta_failed_bid_gives_the_opponents_both_teams_points_pilotta_6_2() -> None:
    """pilotta.md §6 worked example: bid 120 with 96 + 20 = 116: failed, the defenders 116 + 66 = 182."""
    from belot_rules.rules.declarations.melds import Declaration

    score = load_variant("pilotta").scoring.score("spades", 0, 1, (86, 66), (5, 3), 0,
                                                  [Declaration.belote(0, 3, 20)], bid=120)
    assert score.verdict == "failed" and score.match_points == (0, 182)


# baloot.md §7.4's example: Hokum (hearts), the buyer (seat 0) 92 raw with the last trick and a sira, the
# opponents 70 -> 9 + 2 = 11 GP against 7, made; the buyer also holds the Baloot (K+Q of hearts).
BALOOT_7_4 = {"contract": "hearts", "declarer": 0, "points": [82, 70], "last_trick": 0,
              "declarations": [{"side": 0, "kind": "sequence", "points": 20}, {"side": 0, "kind": "belote", "suit": "H"}]}


@pytest.mark.parametrize("doubling, points, winner", [("double", (24, 14), None), ("four", (46, 28), None),
                                                      ("gahwa", (154, 0), 0)])
def test_baloot_gahwa_writes_152_for_the_deal_winner_baloot_7_4(doubling: str, points: tuple[int, int],
                                                                 winner: int | None) -> None:
    """baloot.md §7.4 [TAZ]: doubled x2 -> 22 / 14, with the Baloot 24 / 14; "Gahwa: the side with a non-zero score
    gets 152 (the match). Then add Baloot 2 GP per Baloot": 154 / 0. The file wrote the x4 scores, 46 / 28."""
    score = score_outcome(load_variant("baloot"), BALOOT_7_4 | {"doubling": doubling})
    assert score.verdict == "made" and score.match_points == points and score.match_winner == winner


def test_baloot_gahwa_khasara_gives_the_opponents_152_and_the_buyer_keeps_his_baloot_baloot_7_4() -> None:
    """baloot.md §7.3-7.4 and §5.3: the buyer fails (5 GP against 11), the opponents win the gahwa: 152; the
    Baloot, never multiplied and kept by a losing team, still gives the buyer 2."""
    failed = {"contract": "hearts", "declarer": 0, "points": [52, 100], "last_trick": 1,
              "declarations": [{"side": 0, "kind": "belote", "suit": "H"}]}
    score = score_outcome(load_variant("baloot"), failed | {"doubling": "gahwa"})
    assert (score.verdict, score.match_points, score.match_winner) == ("failed", (2, 152), 1)
    assert score.lines[-1] == ("Team 1 writes 152 in place of the multiplied points, the other side nothing; "
                               "each side adds its belote, not multiplied: team 0 2, team 1 152")


def test_baloot_played_gahwa_ends_the_match_with_152_baloot_7_4_and_8() -> None:
    """baloot.md §7.4 and §8 [GR]: a deal played after the doubling reached gahwa writes 152 for its winner (and
    each side's Baloot, 2 GP) and ends the match, in the engine as in `belot score`."""
    from belot_rules.engine.match import MatchState
    from belot_rules.engine.runner import play_deal
    from belot_rules.players import make_player

    rules = load_variant("baloot")
    match = MatchState.new(rules, seed=1, first_dealer=3)
    deal = match.current
    deal.apply(["clubs", "diamonds", "hearts", "spades"][deal.turned_card >> 3])
    while deal.phase == "bidding":
        actions = deal.legal_actions()
        deal.apply(next((a for a in actions if a.call.kind in ("double", "redouble")), actions[0]))
    assert deal.level == 4
    play_deal(deal, [make_player("random", rules, seat) for seat in range(4)])
    score = deal.score
    winner = score.match_winner
    assert winner in (0, 1)
    baloot = [2 * (part.belote // 20) for part in score.parts]
    assert score.match_points[winner] == 152 + baloot[winner] and score.match_points[1 - winner] == baloot[1 - winner]
    match.advance()
    assert match.over and match.winner == winner


@pytest.mark.parametrize("doubling, points", [(None, (250 + 20 + 50, 0)), ("contra", (2 * 320, 0))])
def test_pilotta_made_capot_bid_scores_250_and_its_declarations_pilotta_6_3(doubling: str | None,
                                                                           points: tuple[int, int]) -> None:
    """pilotta.md §6.3 [GF]: a capot bid made scores 250 (+ declarations) in place of the cards, last trick and
    capot bonus (162 + 90 = 252, what a 160 bid taking every trick scores); contra x2 on it (§6.2)."""
    outcome = {"contract": "spades", "declarer": 0, "bid": "capot", "points": [152, 0], "last_trick": 0,
               "trick_counts": [8, 0], "doubling": doubling, "declarations": [{"side": 0, "kind": "sequence", "points": 50},
                                                      {"side": 0, "kind": "belote", "suit": "S"}]}
    rules = load_variant("pilotta")
    assert rules.score_deal(outcome).match_points == points
    assert rules.score_deal({**outcome, "bid": 160, "doubling": None}).match_points == (252 + 70, 0)


def test_pilotta_failed_capot_bid_gives_the_opponents_250_and_their_points_pilotta_6_3() -> None:
    """pilotta.md §6.3: a failed capot bid: the bidders 0, the opponents 250 + their own points (12 card points
    and a sequence of 20), and the bidders' belote as every failed bid's points (§6.2)."""
    outcome = {"contract": "spades", "declarer": 0, "bid": "capot", "points": [140, 12], "last_trick": 0,
               "trick_counts": [7, 1], "declarations": [{"side": 1, "kind": "sequence", "points": 20},
                                {"side": 0, "kind": "belote", "suit": "S"}]}
    assert load_variant("pilotta").score_deal(outcome).match_points == (0, 250 + 12 + 20 + 20)


def test_capot_bid_at_its_value_is_an_option_coinche_keeps_its_own() -> None:
    """``scoring.point_bids.capot_bid`` defaults to as_taken: coinche's capot bid (250 + 250, french.md §13) stays."""
    outcome = {"contract": "spades", "declarer": 0, "bid": "capot", "points": [152, 0], "last_trick": 0,
               "trick_counts": [8, 0]}
    assert load_variant("coinche").score_deal(outcome).match_points == (500, 0)


def test_a_capot_bid_at_its_value_with_a_double_to_the_side_with_more_is_refused(tmp_path) -> None:
    """``validate`` refuses capot_value with doubled_winner more_points: the value would decide the double."""
    from belot_rules.errors import VariantError

    house = tmp_path / "more.yaml"
    house.write_text("extends: pilotta\nscoring: {doubled_winner: more_points}\n", encoding="utf-8")
    with pytest.raises(VariantError, match="capot_bid capot_value puts the capot value in place"):
        load_variant(house)
