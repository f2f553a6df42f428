"""Doubling and scoring that speak of "the other team", at a table of three where the taker plays alone
against two defenders (belote-a-trois.md §3 one_vs_two; the doubling round of rules/french.md §4.5)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.cards import SUITS
from belot_rules.engine.match import MatchState
from belot_rules.engine.playout import random_deal
from belot_rules.engine.runner import play_deal
from belot_rules.players import make_player
from belot_rules.rules.bidding.calls import Call
from belot_rules.ruleset import Ruleset


def house_rules(tmp_path: Path, doubles: str) -> Ruleset:
    path = tmp_path / "trois-contra.yaml"
    path.write_text(f"extends: belote-a-trois\nname: trois-contra\ntitle: Trois with contra\n"
                    f"bidding:\n  doubles: {doubles}\n")
    return load_variant(path)


def after(ruleset: Ruleset, calls: list[str]) -> tuple[object, object]:
    bidding = ruleset.bidding
    auction = bidding.auction(0, SUITS.index("H"))  # hearts turned
    for text in calls:
        call = Call.parse(text)
        bidding.check(auction, call)
        bidding.apply(auction, call)
    return bidding, auction


def test_both_defenders_are_asked_in_the_doubling_round(tmp_path: Path) -> None:
    """Seat 0 takes; the doubling round asked only seat 1 (one seat per side at three) and closed at its pass.
    Both defenders answer a contract, one after the other."""
    rules = house_rules(tmp_path, "{max_level: 1, multipliers: [2], names: [contra], after_bidding: true}")
    bidding, auction = after(rules, ["hearts"])  # a take ends the bidding
    assert auction.doubling and auction.to_act == 1
    bidding.apply(auction, Call("pass"))
    assert not auction.finished and auction.to_act == 2
    assert Call("double") in bidding.legal_calls(auction)
    bidding.apply(auction, Call("double"))
    assert auction.finished and auction.level == 1


def test_after_a_double_by_the_second_defender_the_taker_may_redouble(tmp_path: Path) -> None:
    """The redouble belongs to the takers' camp (rules/french.md §4.5): at three that is the taker alone."""
    rules = house_rules(tmp_path, "{max_level: 2, multipliers: [2, 4], names: [contra, recontra], after_bidding: true}")
    bidding, auction = after(rules, ["hearts", "pass", "double"])
    assert auction.doubling and auction.level == 1 and auction.to_act == 0
    bidding.apply(auction, Call("redouble"))
    assert auction.finished and auction.level == 2


def test_a_failed_deal_at_three_shows_each_defender_the_cards_he_took() -> None:
    """The Raw line of a failed Belote à trois deal split the defence's card points equally; raw points are
    what each player took (the match points are what is shared, belote-a-trois.md §3)."""
    rules = load_variant("belote-a-trois")
    rng = random.Random(1)
    failed = 0
    for _ in range(60):
        deal = random_deal(rules, rng)
        score = deal.score
        if score is None or score.verdict != "failed":
            continue
        failed += 1
        assert [part.cards for part in score.parts] == list(deal.side_points)
        last = deal.tricks[-1][2]
        assert [part.last_trick > 0 for part in score.parts] == [seat == last for seat in range(3)]
    assert failed


def test_a_match_winning_contra_between_two_players_names_the_player(tmp_path: Path) -> None:
    """A match-winning level (baloot.md §4, gahwa) at a table of two: the deal's winner, a player, wins the match,
    and the explanation names him as the board does ("player 1", not "team 1")."""
    path = tmp_path / "deux-contra.yaml"
    path.write_text("extends: belote-a-deux\nname: deux-contra\ntitle: Deux with contra\nbidding:\n  doubles: "
                    "{max_level: 1, multipliers: [2], names: [contra], after_bidding: true, match_winning_level: 1}\n")
    rules = load_variant(path)
    match = MatchState.new(rules, 1)
    deal = match.in_play()
    for call in ("diamonds", "double"):
        deal.apply(call)
    play_deal(deal, [make_player("random", rules, seat) for seat in range(2)])
    winner = deal.score.match_winner
    assert winner in (0, 1)
    assert f"Contra was called: player {winner} wins the deal and with it the match" in deal.score.lines
    match.advance()
    assert match.over and match.winner == winner


def test_validate_refuses_a_match_winning_level_where_the_defence_is_two_players(tmp_path: Path) -> None:
    """The house file of the issue (extends belote-a-trois, contra after the bidding, match_winning_level 1)
    validated, then named the failed taker as match winner (seed 0), one defender as winner of a tie (seed 3) or
    stopped with a ValueError (seed 67). The rule (baloot.md §4) gives the match to the deal's winner, which two
    defenders scoring apart are not: refused at its line, with the reason."""
    from belot_rules.errors import UserError

    with pytest.raises(UserError, match=r"trois-contra.yaml:5:\d+: bidding.doubles.match_winning_level 1 .* "
                                        r"a failed contract is won by 2 defenders"):
        house_rules(tmp_path, "{max_level: 1, multipliers: [2], names: [contra], after_bidding: true, "
                              "match_winning_level: 1}")


@pytest.mark.parametrize("seed", [0, 3, 67])
def test_matches_with_contra_at_three_play_to_a_winner_who_reached_the_target(tmp_path: Path, seed: int) -> None:
    """The same doubling without the match-winning level: whole matches end with the side that reached the
    target, and the doubling round is answered by both defenders."""
    from belot_rules.engine.runner import play_match

    rules = house_rules(tmp_path, "{max_level: 1, multipliers: [2], names: [contra], after_bidding: true}")
    match = play_match(rules, [make_player("random", rules, seat) for seat in range(3)], seed)
    assert match.winner is not None and match.board[match.winner] == max(match.board)
    assert match.board[match.winner] >= rules.variant.match.target
