"""Simulation: reproducible for a seed whatever the number of workers, stable JSON, honest intervals."""

from __future__ import annotations

import gc
import json
import signal
import subprocess
import sys
import time

import pytest

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.errors import UserError
from belot_rules.sim import plan as plan_module
from belot_rules.sim.simulate import derive_seed, parse_seats, simulate, simulate_many, unreachable
from belot_rules.sim.stats import Mean, Rate, Tally, mean_interval, overlap, t_quantile, wilson

TOP_KEYS = ["variant", "mode", "seats", "seed", "workers", "backend", "deals", "matches", "played_deals", "seconds",
            "deals_per_second", "contracts", "outcomes", "events", "raw_points", "match_points", "match",
            "distributions"]
RATE_KEYS = ["count", "of", "rate", "low", "high"]
MEAN_KEYS = ["n", "mean", "low", "high"]


# ----------------------------------------------------------------------------- intervals, by hand


def test_wilson_interval_matches_hand_computation():
    # 8 of 10: p = 0.8, z = 1.95996; centre (0.8 + 0.19207) / 1.38415 = 0.71668, half 0.22664.
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.49016, abs=1e-5) and high == pytest.approx(0.94332, abs=1e-5)
    # 0 of 10: the upper bound is z² / (n + z²) = 3.84146 / 13.84146.
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_interval_uses_student_t_for_small_samples():
    # 1..5: mean 3, sample sd 1.5811, standard error 0.70711, t(4) = 2.776 -> 3 ± 1.96293.
    assert mean_interval(5, 15, 55) == pytest.approx((1.03707, 4.96293), abs=1e-5)
    assert t_quantile(4) == 2.776 and t_quantile(1000) == pytest.approx(1.95996, abs=1e-5)
    assert mean_interval(1, 7, 49) == (7.0, 7.0)
    assert Mean(0, 0, 0).interval == (0.0, 0.0)


def test_overlap():
    assert overlap((0.1, 0.3), (0.3, 0.5)) and not overlap((0.1, 0.2), (0.25, 0.5))
    assert not overlap(Rate(10, 100).interval, Rate(50, 100).interval)
    assert overlap(Rate(10, 100).interval, Rate(12, 100).interval)


def test_tallies_merge_in_any_order():
    parts = []
    for values in ([3, 5], [7], [1, 1, 2]):
        tally = Tally()
        for v in values:
            tally.deals += 1
            tally.count("even" if v % 2 == 0 else "odd")
            tally.observe("x", v)
        parts.append(tally)
    forward, backward = Tally(), Tally()
    for part in parts:
        forward.merge(part)
    for part in reversed(parts):
        backward.merge(part)
    assert forward == backward
    assert forward.rate("odd", forward.deals) == Rate(5, 6)
    assert forward.mean("x") == Mean(6, 19, 89)


# ----------------------------------------------------------------------------- simulate


def test_seeds_are_stable_and_distinct():
    assert derive_seed(1, "deals", 0) == derive_seed(1, "deals", 0)
    assert len({derive_seed(1, "deals", i) for i in range(100)}) == 100


def test_one_and_two_workers_give_identical_results():
    ruleset = load_variant("bulgarian")
    one = simulate(ruleset, "deals", 600, seed=5, workers=1)
    two = simulate(ruleset, "deals", 600, seed=5, workers=2)
    assert one.tally == two.tally
    assert simulate(ruleset, "deals", 600, seed=6, workers=1).tally != one.tally


def test_workers_borrow_the_parents_rulesets_and_the_parent_keeps_none(monkeypatch):
    """Forked workers start from the rulesets passed in; a long-lived caller does not accumulate them (the one
    cache of compiled rules that simulate, duel, compare and tournament share)."""
    house = load_variant("variants/examples/bulgarian-french-undertrump.yaml")
    before = dict(plan_module._COMPILED)

    def no_compiling(*args: object) -> None:
        raise AssertionError("a worker compiled a ruleset instead of borrowing the parent's")

    monkeypatch.setattr(plan_module, "Ruleset", no_compiling)  # forked workers inherit the stub
    lent = []
    simulate(house, "deals", 300, seed=1, workers=2,
             progress=lambda done, total: lent.append(house.content_hash in plan_module._COMPILED))
    assert lent[-1]
    assert plan_module._COMPILED == before
    assert gc.get_freeze_count() == 0  # the objects frozen for the run are handed back to the collector


def test_matches_are_reproducible_and_counted():
    ruleset = load_variant("coinche")
    one = simulate(ruleset, "matches", 12, seed=3, workers=1)
    two = simulate(ruleset, "matches", 12, seed=3, workers=2)
    assert one.tally == two.tally
    data = one.to_dict()
    assert data["matches"] == 12
    assert data["match"]["team0_wins"]["count"] + data["match"]["team1_wins"]["count"] == 12
    assert data["match"]["length"]["n"] == 12 and data["deals"] >= 12
    first = data["match"]["first_bidder_wins"]
    assert first["of"] == 12 and first["count"] <= 12
    lengths = data["distributions"]["match_length"]
    assert sum(lengths["counts"].values()) == 12 and lengths["bin"] == 1
    assert sum(int(n) * c for n, c in lengths["counts"].items()) == round(data["match"]["length"]["mean"] * 12)
    points = data["distributions"]["contract_team_raw_points"]
    assert sum(points["counts"].values()) == data["played_deals"] and all(int(b) % 10 == 0 for b in points["counts"])


def test_json_keys_are_stable():
    result = simulate(load_variant("french"), "deals", 50, seed=1)
    data = json.loads(json.dumps(result.to_dict()))
    assert list(data) == TOP_KEYS
    assert list(data["contracts"]) == ["clubs", "diamonds", "hearts", "spades", "all_pass"]
    assert list(data["outcomes"]) == ["made", "failed", "hanging", "litige"]
    assert list(data["events"]) == ["capot", "doubled", "redoubled", "declarations", "belote"]
    assert list(data["raw_points"]) == list(data["match_points"]) == ["team0", "team1"]
    assert list(data["outcomes"]["made"]) == RATE_KEYS and list(data["raw_points"]["team0"]) == MEAN_KEYS
    assert data["match"] is None and data["matches"] is None
    assert sum(c["count"] for c in data["contracts"].values()) == data["deals"] == 50
    assert sum(o["count"] for o in data["outcomes"].values()) == data["played_deals"]


def test_variants_simulated_together_see_the_same_decks():
    """Bulgarian with and without the undertrump rule: the auctions (same decks, same bots) are identical."""
    plain = load_variant("bulgarian")
    house = load_variant("variants/examples/bulgarian-french-undertrump.yaml")
    a, b = simulate_many([plain, house], "deals", 300, seed=2, workers=2)

    def contracts(result):
        return {k: v for k, v in result.tally.counts.items() if k.startswith("contract.")}

    assert contracts(a) == contracts(b) and sum(contracts(a).values()) == 300


def test_bad_settings_are_user_errors():
    ruleset = load_variant("bulgarian")
    with pytest.raises(UserError, match="four bot names"):
        parse_seats("heuristic,random")
    with pytest.raises(UserError, match="no bot called 'grandmaster'"):
        parse_seats("heuristic,grandmaster,heuristic,random")
    assert parse_seats("random") == ("random",) * 4
    with pytest.raises(UserError):
        simulate(ruleset, "tournaments", 10)
    with pytest.raises(UserError):
        simulate(ruleset, "deals", 0)


# ----------------------------------------------------------------------------- the command


def test_simulate_command_json(capsys):
    assert main(["simulate", "--variant", "bulgarian", "--deals", "40", "--seed", "3", "--workers", "1",
                 "--seats", "heuristic,random,heuristic,random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == TOP_KEYS and data["seats"] == ["heuristic", "random", "heuristic", "random"]


def test_simulate_command_tables(capsys):
    assert main(["simulate", "--variant", "coinche", "--matches", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "coinche" in out and "matches won by team 0" in out and "deals/s" in out


@pytest.mark.parametrize(("variant", "left_out", "kept"), [
    ("bulgarian", ["litige"], ["hanging", "redoubled"]),  # bulgarian.md: hanging points, never litige
    ("coinche", ["hanging", "litige"], ["redoubled"]),  # coinche.yaml scoring.tie taker_fails: a tie fails
    ("french", ["hanging", "doubled", "redoubled"], ["litige"]),  # french.yaml: litige, no contra
])
def test_simulate_tables_leave_out_what_the_variant_cannot_produce(capsys, variant, left_out, kept):
    """A row a variant cannot produce is no statistic of it; the JSON keeps every key (a rate of 0)."""
    assert main(["simulate", "--variant", variant, "--deals", "30", "--workers", "1"]) == 0
    rows = {line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert not rows & set(left_out) and set(kept) <= rows
    assert main(["simulate", "--variant", variant, "--deals", "30", "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(data[group][key]["count"] == 0 for group, key in unreachable(load_variant(variant)))
    assert {"hanging", "litige"} <= set(data["outcomes"])


def test_simulate_command_user_errors(capsys):
    assert main(["simulate", "--variant", "bulgarian", "--deals", "5", "--seats", "a,b"]) == 1
    assert "four bot names" in capsys.readouterr().err
    assert main(["simulate", "--variant", "no-such-variant", "--deals", "5"]) == 1
    assert main(["simulate", "--variant", "bulgarian", "--deals", "0"]) == 2  # argparse: usage error


def test_no_progress_bar_without_a_terminal():
    done = subprocess.run([sys.executable, "-m", "belot_rules", "simulate", "--variant", "french", "--deals", "30",
                           "--workers", "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == ""


def test_ctrl_c_stops_a_simulation_on_several_workers():
    """Ctrl-C ends the run with status 130 and no traceback; the workers are not left to play every chunk
    (ten million deals would outlast the timeout)."""
    started = subprocess.Popen([sys.executable, "-m", "belot_rules", "simulate", "--variant", "bulgarian",
                                "--deals", "10000000", "--workers", "2"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(3)  # past start-up: the workers are playing
    started.send_signal(signal.SIGINT)
    _, err = started.communicate(timeout=60)
    assert started.returncode == 130 and "Traceback" not in err


def test_ctrl_c_with_out_says_how_to_go_on(tmp_path, monkeypatch, capsys):
    """A long run stopped by Ctrl-C keeps its results file: the player is told that --resume goes on."""
    from belot_rules.cli import simulate as simulate_command

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate_command, "simulate", stopped)
    out = tmp_path / "run.jsonl"
    assert main(["simulate", "--variant", "french", "--deals", "10", "--out", str(out)]) == 130
    assert f"Stopped. {out} keeps what was played; run the same command with --resume to go on." \
        in capsys.readouterr().err
