"""A match target the file accepts is one a match can reach before the engine stops it."""

from __future__ import annotations

from pathlib import Path

import pytest

from belot_rules.cli import main
from belot_rules.engine import match as engine_match
from belot_rules.players import make_player
from belot_rules.ruleset import Ruleset
from belot_rules.sim.table import Table
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import Variant


def with_target(name: str, target: int) -> Variant:
    """The shipped variant ``name`` with another match.target, checked as a file's would be."""
    data = load_variant_model(name).variant.model_dump(mode="json")
    data["match"]["target"] = target
    return Variant.model_validate(data)


def test_validate_refuses_a_target_no_match_reaches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue "Nothing lost, nothing leaked" item 13: `match.target: 100000` in French validated, then
    `belot simulate --matches 1` stopped with "the match has not ended after 1000 deals"."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: french\nname: far\ntitle: Far\nmatch:\n  target: 100000\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out = "".join(capsys.readouterr())
    assert "house.yaml:5:11: match.target 100000 is out of reach: a match stops after 1000 deals" in out
    assert f"the largest target accepted is {load_variant_model('french').variant.largest_target}" in out
    assert "Traceback" not in out


@pytest.mark.parametrize("name", ["french", "bulgarian", "belote-a-trois", "belote-a-deux"])
def test_the_largest_target_accepted_is_reached_within_the_engines_limit(name: str) -> None:
    """Item 13: the model's bound and the engine's agree, at the variant's own scale (points or tens,
    two teams or one side per player): the largest target loads and a match to it ends."""
    largest = load_variant_model(name).variant.largest_target
    with pytest.raises(ValueError, match="is out of reach"):
        with_target(name, largest + 1)
    ruleset = Ruleset(with_target(name, largest))
    players = [make_player("heuristic", ruleset, seat) for seat in range(ruleset.seating.players)]
    match = Table(players).play_match(ruleset, seed=3)
    assert match.over and len(match.deals) < engine_match.MAX_DEALS



def test_the_engine_stops_a_match_at_the_limit_the_model_bounds_targets_by() -> None:
    """One limit for both: the engine's deal limit is the one the model's bound is computed from."""
    from belot_rules.rules.match import options as match_options

    assert engine_match.MAX_DEALS is match_options.MAX_DEALS
