"""Comparing variants: the rules that differ, in a player's words, and simulations side by side."""

from __future__ import annotations

import json
import re
import sys

import pytest

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.sim.compare import ComparedStatistic, compare_results, compare_rules
from belot_rules.sim.simulate import simulate_many
from belot_rules.sim.stats import Mean, Rate
from belot_rules.variant.model import Play

HOUSE_RULES = "extends: bulgarian\nplay: {undertrump: required}\n"


def test_a_two_line_house_rule_shows_exactly_its_difference(tmp_path):
    house = tmp_path / "undertrump.yaml"
    house.write_text(HOUSE_RULES)
    rows = compare_rules([load_variant("bulgarian").variant, load_variant(house).variant])
    assert [(r.phase, r.option, r.values) for r in rows] == [("play", "undertrump", ("never_required", "required"))]
    assert rows[0].description == Play.model_fields["undertrump"].description


def test_equal_options_are_hidden_unless_all_is_asked():
    bulgarian, french = load_variant("bulgarian").variant, load_variant("french").variant
    differing = compare_rules([bulgarian, french])
    every = compare_rules([bulgarian, french], show_all=True)
    assert differing and all(r.differs for r in differing)
    assert len(every) > len(differing) and any(not r.differs for r in every)
    assert all(r.description for r in every)
    assert {"deal", "bidding", "scoring", "match"} <= {r.phase for r in differing}
    phases = [r.phase for r in every]
    assert phases == sorted(phases, key=["cards", "deal", "bidding", "play", "declarations", "scoring", "match",
                                         "table"].index)
    assert compare_rules([bulgarian, bulgarian]) == []


def test_marks_only_intervals_that_do_not_overlap():
    assert ComparedStatistic("events", "capot", "capot", (Rate(10, 100), Rate(50, 100))).marked
    assert not ComparedStatistic("events", "capot", "capot", (Rate(10, 100), Rate(12, 100))).marked
    assert not ComparedStatistic("contracts", "no_trumps", "contract no_trumps", (None, Rate(5, 100))).marked
    assert ComparedStatistic("raw_points", "team0", "raw", (Mean(100, 100, 100), Mean(100, 300, 900),
                                                           Mean(100, 100, 100))).marked


def test_statistics_line_up_across_variants_with_different_contracts():
    results = simulate_many([load_variant("french"), load_variant("bulgarian")], "deals", 60, seed=1)
    compared = compare_results(results)
    contracts = [s.key for s in compared if s.group == "contracts"]
    assert contracts == ["clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps", "all_pass"]
    no_trumps = next(s for s in compared if s.key == "no_trumps")
    assert no_trumps.values[0] is None and no_trumps.values[1] is not None


def test_compare_command_json_with_a_house_rules_file(tmp_path, capsys):
    house = tmp_path / "undertrump.yaml"
    house.write_text(HOUSE_RULES)
    assert main(["compare", "bulgarian", str(house), "--json", "--simulate", "50", "--workers", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [v["source"] for v in data["variants"]] == ["bulgarian", str(house)]
    assert [r["option"] for r in data["rules"]] == ["undertrump"]
    assert data["equal_options_hidden"] > 50
    simulation = data["simulation"]
    assert simulation["deals"] == 50 and len(simulation["results"]) == 2
    assert all(set(d) == {"group", "key", "label"} for d in simulation["differences"])


def test_compare_command_tables(capsys):
    assert main(["compare", "bulgarian", "french", "--all"]) == 0
    out = capsys.readouterr().out
    assert "undertrump" in out and "shuffle" in out and "equal options hidden" not in out
    assert main(["compare", "bulgarian", "bulgarian-cut-only"]) == 0
    out = capsys.readouterr().out
    assert "cut_only" in out and "equal options hidden; --all lists them" in out


def test_compare_command_user_errors(capsys):
    assert main(["compare", "bulgarian"]) == 1
    assert "at least two variants" in capsys.readouterr().err
    assert main(["compare", "bulgarian", "no-such-variant"]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_each_differing_value_is_said_in_words():
    """The rules table says what each chosen value does, not only its name."""
    from belot_rules import load_variant
    from belot_rules.sim.compare import compare_rules

    rows = compare_rules([load_variant("bulgarian").variant, load_variant("french-single-deal").variant])
    undertrump = next(r for r in rows if r.option == "undertrump")
    assert undertrump.meanings[1] == "void in the led suit and unable to beat an opponent's trump: a lower trump must be played"


LONG_NAMED = """extends: bulgarian
cards:
  plain:
    points: {A: 11, T: 10, K: 4, Q: 3, J: 2, '9': 1}
scoring:
  rounding:
    all_trumps: {mode: half_up, tie_digit: 7}
"""


def test_unused_on_both_sides_is_no_difference_and_unused_on_one_side_says_so():
    """French rounds half-up (french.yaml scoring.rounding): its tie digit is unused, so 5 vs 6 is only shown as such."""
    bulgarian, french = load_variant("bulgarian").variant, load_variant("french").variant
    tie_digit = next(r for r in compare_rules([bulgarian, french]) if r.option == "rounding.totals.suit.tie_digit")
    assert tie_digit.unused == (None, "only tie_digit rounding has a tie digit")
    both_half_up = bulgarian.model_copy(update={"scoring": french.scoring})
    assert not any(r.option.endswith("tie_digit") for r in compare_rules([both_half_up, french]))
    # French plays no no-trumps and no contra: what it sets for them differs from Bulgarian only as unused
    for row in compare_rules([french, french.model_copy(update={"scoring": bulgarian.scoring})]):
        assert row.option not in ("card_factor", "doubled_winner")


@pytest.mark.parametrize("columns", [60, 80, 100])
def test_compare_layout_keeps_names_whole_and_values_unbroken(tmp_path, capsys, monkeypatch, columns):
    house = tmp_path / "my-very-long-house-rules-name.yaml"
    house.write_text(LONG_NAMED)
    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(["compare", "bulgarian-cut-only", str(house)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= columns and line == line.rstrip() for line in lines)
    names = [line.split()[0] for line in lines if line.startswith("      ") and line.split()[0].startswith(("bulg", "my-"))]
    assert set(names) == {"bulgarian-cut-only", "my-very-long-house-rules-name"}
    values = "\n".join(lines)
    assert "J 2, 9 1" in values.replace("\n", " ") and "J\n" not in values and ", 9\n" not in values
    if columns >= 80:
        assert "A 11, T 10, K 4, Q 3, J 2, 9 1" in values
    unused = next(i for i, line in enumerate(lines) if line.strip().startswith("rounding.totals.all_trumps.tie_digit"))
    assert "not used: only tie_digit" in " ".join(" ".join(lines[unused:unused + 5]).split())


def _cell(page: str, stat: str, variant: str) -> str:
    found = re.search(rf'<td data-stat="{re.escape(stat)}" data-variant="{re.escape(variant)}"[^>]*>(.*?)</td>', page)
    assert found, f"no cell for {stat} of {variant}"
    return found.group(1)


def _said(stat: dict) -> list[str]:
    """How the report writes one JSON statistic: value, 95% interval and count."""
    if "rate" in stat:
        return [f"{100 * stat['rate']:.1f}%", f"{100 * stat['low']:.1f}–{100 * stat['high']:.1f}%",
                f"{stat['count']:,} of {stat['of']:,}"]
    return [f"{stat['mean']:.1f}", f"{stat['low']:.1f}–{stat['high']:.1f}", f"n = {stat['n']:,}"]


LOADS_SOMETHING = re.compile(r"""(?:src|href|action|data)\s*=\s*["']?\s*(?:https?:)?//|url\(\s*["']?\s*(?:https?:)?//"""
                             r"""|@import|<script|<link|<iframe|<img|<object|<embed""", re.IGNORECASE)


def test_compare_report_is_one_self_contained_page_with_every_statistic_of_the_json(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    house = tmp_path / "undertrump.yaml"
    house.write_text(HOUSE_RULES)
    report = tmp_path / "report.html"
    assert main(["compare", "bulgarian", str(house), "french", "--simulate", "60", "--matches", "3",
                 "--workers", "1", "--report", str(report), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    page = report.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") >= 7
    assert not LOADS_SOMETHING.search(page), LOADS_SOMETHING.search(page)
    assert "<code>undertrump</code>" in page and "the built-in defaults" in page
    simulation = data["simulation"]
    runs = [*simulation["results"], *simulation["match_results"]]
    assert len(runs) == 6 and {r["mode"] for r in runs} == {"deals", "matches"}
    for run, name in zip(runs, [v["name"] for v in data["variants"]] * 2):
        assert f"{run['deals']:,} deals dealt, {run['played_deals']:,} played" in page
        assert f"{run['seconds']} s ({run['deals_per_second']:,} deals/s)" in page
        for group in ("contracts", "outcomes", "events", "raw_points", "match_points", "match"):
            for key, stat in (run[group] or {}).items():
                cell = _cell(page.split("Every statistic of the matches")[run["mode"] == "matches"], f"{group}.{key}",
                             name)
                assert all(said in cell for said in _said(stat)), (group, key, cell)
    for histogram_name, position in (("contract_team_raw_points", 0), ("match_length", 1)):
        chunks = page.split("The counts (")[1:]
        for run, name in zip(simulation["results"] if position == 0 else simulation["match_results"],
                             [v["name"] for v in data["variants"]]):
            row = re.search(rf'<tr data-histogram="{re.escape(name)}"><td>[^<]*</td><td>(.*?)</td></tr>',
                            chunks[position]).group(1)
            for start, count in run["distributions"][histogram_name]["counts"].items():
                assert f'data-bin="{start}">' in row and f": {count:,}</span>" in row
    for difference in simulation["differences"]:
        row = re.search(rf"<tr><td>{re.escape(difference['label'])}</td>.*?</tr>", page).group(0)
        assert row.endswith('<td class="mark">≠</td></tr>')


def test_compare_report_without_matplotlib_says_how_to_get_it_before_simulating(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    assert main(["compare", "bulgarian", "french", "--simulate", "100000", "--report", str(tmp_path / "r.html")]) == 1
    assert "pip install 'belot-rules[report]'" in capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()
    monkeypatch.delitem(sys.modules, "matplotlib")
    assert main(["compare", "bulgarian", "french", "--simulate", "100000", "--report", str(tmp_path / "no" / "r.html")]) == 1
    assert "a file to write the page to, in a folder that exists" in capsys.readouterr().err


def test_terminal_tables_draw_bars_for_rates_where_there_is_room(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "110")
    assert main(["compare", "bulgarian", "french", "--simulate", "40", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    made = next(line for line in lines if line.split()[:1] == ["made"])
    assert made.count("█") >= 2 and all(len(line) <= 110 for line in lines)
    raw = next(line for line in lines if "raw points team 0" in line)
    assert "█" not in raw  # a mean has no bar
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["compare", "bulgarian", "french", "--simulate", "40", "--workers", "1"]) == 0
    assert all(len(line) <= 80 for line in capsys.readouterr().out.splitlines())
