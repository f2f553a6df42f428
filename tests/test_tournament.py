"""belot tournament: Bradley-Terry by hand, the same table from any number of workers, resume, user errors."""

from __future__ import annotations

import json
import math

import pytest

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.errors import UserError
from belot_rules.sim.backends import open_backend
from belot_rules.sim.duplicate import DuplicateTally
from belot_rules.sim.tournament import bradley_terry, parse_bots, tournament

TOURNAMENT_KEYS = ["variant", "bots", "full", "seed", "deals", "workers", "backend", "seconds", "method", "ratings",
                   "pairs"]
RUN = {"seconds", "workers", "backend"}


def numbers(data: dict) -> dict:
    return {key: value for key, value in data.items() if key not in RUN}


def test_bradley_terry_of_two_bots_by_hand():
    """3 won, 0 drawn, 1 lost, plus the virtual drawn pair: strengths 3.5 : 1.5, so the log-strength gap is
    ln(7/3); the information of the gap is n p q = 5 * 0.7 * 0.3 = 1.05, and each centred log-strength's
    variance is 1 / (4 * 1.05)."""
    strengths, spread = bradley_terry(2, {(0, 1): (3, 0, 1)})
    assert strengths[0] - strengths[1] == pytest.approx(math.log(7 / 3))
    assert sum(strengths) == pytest.approx(0.0, abs=1e-12)
    assert spread == pytest.approx([math.sqrt(1 / 4.2)] * 2)


def test_bradley_terry_orders_a_transitive_field_and_keeps_a_perfect_record_finite():
    strengths, spread = bradley_terry(3, {(0, 1): (30, 0, 0), (0, 2): (30, 0, 0), (1, 2): (20, 0, 10)})
    assert strengths[0] > strengths[1] > strengths[2]
    assert all(math.isfinite(s) for s in strengths) and all(0 < s < 1 for s in spread)


def test_a_tournament_is_the_same_on_one_or_two_workers_and_its_json_is_stable():
    ruleset = load_variant("bulgarian")
    one = tournament(ruleset, ["heuristic", "random", "easy"], 25, seed=3)
    with open_backend("local", 2) as backend:
        two = tournament(ruleset, ["heuristic", "random", "easy"], 25, seed=3, backend=backend)
    data = json.loads(json.dumps(one.to_dict()))
    assert numbers(data) == numbers(two.to_dict())
    assert list(data) == TOURNAMENT_KEYS and data["method"].startswith("Bradley-Terry")
    assert [(p["first"], p["second"]) for p in data["pairs"]] == [("heuristic", "random"), ("heuristic", "easy"),
                                                                  ("random", "easy")]
    assert all(p["won"] + p["drawn"] + p["lost"] == p["deal_pairs"] == 25 for p in data["pairs"])
    assert data["ratings"][-1]["bot"] == "random"
    assert sum(r["won"] for r in data["ratings"]) == sum(r["lost"] for r in data["ratings"])
    assert abs(sum(r["rating"] for r in data["ratings"])) < 0.5


def test_each_pairing_plays_the_duels_deal_pairs():
    """A pairing of the round robin is the duel of the same two bots with the same seed."""
    from belot_rules.sim.duel import duel

    ruleset = load_variant("bulgarian")
    result = tournament(ruleset, ["heuristic", "random"], 30, seed=5)
    alone = duel(ruleset, ["heuristic", "random"], 30, seed=5)
    assert result.tallies[0].match_points == alone.tally.match_points
    assert result.tallies[0].card_points == alone.tally.card_points


def test_a_stopped_tournament_resumes(tmp_path):
    ruleset = load_variant("bulgarian")
    whole = tournament(ruleset, ["heuristic", "random"], 60, seed=1)
    out = tmp_path / "round-robin.jsonl"

    def stop(done: int, total: int) -> None:
        if done >= 40:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tournament(ruleset, ["heuristic", "random"], 60, seed=1, progress=stop, out=out)
    resumed = tournament(ruleset, ["heuristic", "random"], 60, seed=1, out=out, resume=True)
    assert numbers(resumed.to_dict()) == numbers(whole.to_dict())
    entries = [json.loads(line) for line in out.read_text().splitlines()]
    assert entries[0]["run"]["kind"] == "tournament" and numbers(entries[-1]["results"]) == numbers(whole.to_dict())
    assert DuplicateTally.from_json(entries[1]["result"]).to_json() == entries[1]["result"]
    with pytest.raises(ValueError):
        DuplicateTally.from_json({**entries[1]["result"], "outcomes": [1, 2]})


def test_tournament_command(capsys):
    assert main(["tournament", "--variant", "bulgarian", "--bots", "heuristic,random", "--deals", "10",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "rating" in out and "heuristic − random" in out and "Bradley-Terry" in out
    assert main(["tournament", "--variant", "bulgarian", "--bots", "heuristic,random", "--deals", "10",
                 "--workers", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 10


def test_tournament_user_errors(capsys):
    with pytest.raises(UserError, match="two or more bot names"):
        parse_bots("heuristic")
    with pytest.raises(UserError, match="names 'random' twice"):
        parse_bots("random,heuristic,random")
    assert main(["tournament", "--variant", "bulgarian", "--bots", "heuristic,grandmaster", "--deals", "5"]) == 1
    assert "grandmaster" in capsys.readouterr().err
    assert main(["tournament", "--variant", "bulgarian", "--bots", "heuristic,random", "--deals", "1000000000"]) == 1
    assert "at most 100,000,000 deal pairs" in capsys.readouterr().err
