"""belot duel: duplicate pairs, their statistics by hand, the JSON keys, and user errors."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.errors import UserError
from belot_rules.players import REGISTRY
from belot_rules.rules.scoring.result import DealScore, ScoreParts
from belot_rules.sim.backends import open_backend
from belot_rules.sim.duel import DuelResult, duel
from belot_rules.sim.duplicate import DuplicateTally

DUEL_KEYS = ["variant", "bots", "full", "seed", "workers", "backend", "deal_pairs", "seconds", "card_points",
             "match_points", "contracts", "decisions_per_second", "matches"]


def _table(cards: tuple[int, int], match: tuple[int, int], contract_team: int, verdict: str) -> SimpleNamespace:
    parts = tuple(ScoreParts(c - 10 * (t == 0), 10 * (t == 0), 0, 0, 0) for t, c in enumerate(cards))
    return SimpleNamespace(score=DealScore(cards, match, 0, verdict, contract_team, 1, None, parts=parts))


def test_duplicate_statistics_by_hand() -> None:
    """Three pairs whose card-point margins (both tables added) are 20, -4 and 6: +3.67 per deal, and the
    interval is the pair sums' t interval (t(2) = 4.303) halved, since a pair holds two deals."""
    tally = DuplicateTally()
    pairs = [((91, 71), (81, 81)), ((80, 82), (82, 80)), ((84, 78), (81, 81))]
    for first, second in pairs:
        # Table 1: the first bot is side 0; table 2: side 1, so its points are the second entry.
        tally.add_pair([_table(first, (first[0] // 10, first[1] // 10), 0, "made"),
                        _table(second, (second[0] // 10, second[1] // 10), 0, "failed")], (0, 1))
    result = DuelResult("bulgarian", ("x", "y"), False, 0, 1, tally, 1.0)
    mean, (low, high), n = result.card_points()
    assert n == 3
    # Pair sums: (91-71)+(81-81)=20, (80-82)+(80-82)=-4, (84-78)+(81-81)=6 -> per deal 10, -2, 3.
    assert mean == pytest.approx((20 - 4 + 6) / 3 / 2)
    sums = [20, -4, 6]
    m = sum(sums) / 3
    sd = (sum((s - m) ** 2 for s in sums) / 2) ** 0.5
    assert high - mean == pytest.approx(4.303 * sd / 3 ** 0.5 / 2, rel=1e-4)
    assert low == pytest.approx(2 * mean - high)
    # Contracts: side 0 took all six; it was the first bot at table 1 (made) and the second at table 2 (failed).
    assert tally.taken == [3, 3] and tally.made == [3, 0]


def test_a_bot_against_itself_differs_by_nothing() -> None:
    """The heuristic bot is deterministic: both tables of a pair play the same cards."""
    result = duel(load_variant("bulgarian"), ("heuristic", "heuristic"), 12, seed=4)
    data = result.to_dict()
    assert list(data) == DUEL_KEYS
    assert data["deal_pairs"] == 12
    assert data["card_points"] == {"mean": 0.0, "low": 0.0, "high": 0.0, "pairs": 12}
    assert data["contracts"][0]["taken"] == data["contracts"][1]["taken"] == 12


def test_duel_results_do_not_depend_on_workers() -> None:
    ruleset = load_variant("french")
    one = duel(ruleset, ("random", "heuristic"), 12, full=True, seed=2).to_dict()
    with open_backend("local", 2) as backend:
        two = duel(ruleset, ("random", "heuristic"), 12, full=True, seed=2, backend=backend).to_dict()
    for key in ("card_points", "match_points", "contracts", "deal_pairs"):
        assert one[key] == two[key]


def test_full_duel_counts_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "random", "heuristic", "--variant", "french-single-deal", "--deals", "2", "--full",
                 "--matches", "2", "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matches"]["played"] == 4 and sum(data["matches"]["won"]) == 4


@pytest.mark.parametrize("argv, message", [
    (["nobody", "heuristic"], "no player called 'nobody'"),
    (["random", "heuristic", "--matches", "2"], "add --full"),
])
def test_duel_user_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", *argv, "--variant", "french", "--deals", "2", "--workers", "1"]) == 1
    assert message in capsys.readouterr().err


def test_duel_refuses_a_third_bot() -> None:
    with pytest.raises(UserError, match="two bots"):
        duel(load_variant("french"), ("random", "random", "random"), 1)


def test_a_duel_streamed_to_a_results_file_resumes_to_the_same_numbers(tmp_path) -> None:
    ruleset = load_variant("french")
    out = tmp_path / "duel.jsonl"
    whole = duel(ruleset, ("random", "heuristic"), 20, seed=5, out=out).to_dict()
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:2]) + "\n")  # the run line and the first chunk: stopped after one chunk
    resumed = duel(ruleset, ("random", "heuristic"), 20, seed=5, out=out, resume=True).to_dict()
    assert resumed["card_points"] == whole["card_points"] and resumed["contracts"] == whole["contracts"]


def test_a_game_without_auction_or_stake_is_not_told_of_bidders_and_contracts(capsys: pytest.CaptureFixture[str]) -> None:
    """belote-a-deux.md §B: in Belote decouverte the deal names trump and each side keeps its own points."""
    assert main(["duel", "random", "heuristic", "--variant", "belote-decouverte", "--deals", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "card play (the deal names trump)" in out
    assert "bidder" not in out and "contracts taken" not in out


def test_the_duel_help_names_every_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """`belot duel --help` lists every player name it takes, the levels' easy and expert too."""
    assert main(["duel", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert f"A bot is a name ({', '.join(REGISTRY)})" in shown and "expert" in REGISTRY and "easy" in REGISTRY
