"""The match's end in a player's words where a side reaches the target in the middle of a deal (match.mid_deal,
schieber.md §7: the game ends the moment a team reaches 1000, counting Stöck, then Weis, then the tricks)."""

from __future__ import annotations

from belot_rules import load_variant
from belot_rules.cli.game.controller import Controller, MatchEnded
from belot_rules.cli.game.look import Look
from belot_rules.cli.game.render import Renderer
from belot_rules.cli.game.session import Session
from belot_rules.engine.runner import play_match
from belot_rules.players import make_player


def test_a_match_won_in_the_middle_of_a_deal_says_so_schieber_7() -> None:
    """schieber.md §7: the bots' match to 1000 ends in the middle of its last deal; the result says the winner reached
    1000 there and in which order the deal was counted. A match of a variant without match.mid_deal says nothing."""
    rules = load_variant("schieber")
    match = play_match(rules, [make_player("heuristic", rules, seat) for seat in range(4)], seed=1)
    assert match.mid_deal and match.winner is not None
    draw = Renderer(Controller(Session.start("schieber", 1, ("you", "random", "random", "random"))), Look())
    said = draw.match_result(MatchEnded(0, (1003, 870), None, None, "", True)).plain
    assert said.endswith("reached 1000 in the middle of the last deal, counting the belote, then the declarations, "
                         "then the tricks")
    plain = Renderer(Controller(Session.start("bulgarian", 1, ("you", "random", "random", "random"))), Look())
    assert "middle" not in plain.match_result(MatchEnded(0, (151, 90), None, None, "", False)).plain
