"""Record and outcome files against their committed JSON Schemas, and the shipped examples."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.engine.records import deal_record, match_record, replay
from belot_rules.engine.runner import play_match
from belot_rules.players import make_player

ROOT = Path(__file__).resolve().parent.parent
RECORD_SCHEMA = json.loads((ROOT / "schemas" / "record.schema.json").read_text(encoding="utf-8"))
OUTCOME_SCHEMA = json.loads((ROOT / "schemas" / "deal-outcome.schema.json").read_text(encoding="utf-8"))


def test_record_schema_is_a_valid_draft_07_schema():
    jsonschema.Draft7Validator.check_schema(RECORD_SCHEMA)


@pytest.mark.parametrize("name", ["bulgarian", "french", "coinche"])
def test_match_and_deal_records_validate_against_the_schema(name):
    ruleset = load_variant(name)
    match = play_match(ruleset, [make_player("random", ruleset, i) for i in range(4)], seed=2)
    jsonschema.validate(json.loads(json.dumps(match_record(match))), RECORD_SCHEMA)


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("deal-outcome-*.json")), ids=lambda p: p.name)
def test_example_outcomes_validate_and_score(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(data, OUTCOME_SCHEMA)
    score = load_variant(data["variant"]).score_deal(data)
    assert sum(score.match_points) > 0


def test_example_record_validates_and_replays(capsys):
    path = ROOT / "examples" / "deal-record-bulgarian.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(record, RECORD_SCHEMA)
    assert replay(load_variant("bulgarian"), record).deals[0].score.to_dict() == record["score"]
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"][0]["score"]["verdict"] == record["score"]["verdict"]


def test_replay_cli_names_the_broken_step(tmp_path, capsys):
    record = json.loads((ROOT / "examples" / "deal-record-bulgarian.json").read_text(encoding="utf-8"))
    record["actions"][0] = "sevens"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "deal.actions[0]" in err and "legal: pass, clubs" in err


@pytest.mark.parametrize(("content", "message"), [("{", "r.json:1:2: the file ends inside an object; it was cut short"),
                                                      ("[]", "a record is a JSON object")])
def test_replay_cli_broken_files(tmp_path, capsys, content, message):
    path = tmp_path / "r.json"
    path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path), "--variant", "bulgarian"]) == 1
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(("field", "value", "message"), [
    ("score", "x", "deal.score: an object with match_points"),
    ("hanging_in", "x", "deal.hanging_in: the reserve carried in, a whole number 0 or more"),
    ("hanging_in", 2.5, "deal.hanging_in: the reserve carried in"),
    ("hanging_in", -5, "deal.hanging_in: the reserve carried in"),
    ("variant", 5, "variant is a shipped name or a file path, not 5"),
])
def test_replay_cli_refuses_mistyped_fields_by_name(tmp_path, capsys, field, value, message):
    """A hand-edited record gets a one-line error naming the field, never a traceback or a made-up score."""
    record = json.loads((ROOT / "examples" / "deal-record-bulgarian.json").read_text(encoding="utf-8"))
    record[field] = value
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert message in capsys.readouterr().err


def test_replay_cli_missing_file(capsys):
    assert main(["replay", "no-such-record.json"]) == 1
    assert "no such file" in capsys.readouterr().err


def test_deal_record_of_a_random_deal_validates():
    from belot_rules.engine.deal import DealState

    ruleset = load_variant("french-point-bids")
    state = DealState.start(ruleset, random.Random(3).sample(range(32), 32), 1)
    jsonschema.validate(deal_record(state, 3), RECORD_SCHEMA)


def _docs_json_blocks() -> list[str]:
    """The JSON examples of the README and the documentation site's pages (docs/), where the formats are told."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return [block.split("```", 1)[0] for page in pages
            for block in page.read_text(encoding="utf-8").split("```json\n")[1:]]


def test_shipped_examples_and_the_docs_are_in_step_with_the_shipped_variants(tmp_path):
    """A stale example or quoted hash makes `belot replay` warn a new reader: they follow the variants.

    Refresh a stale record with `belot replay FILE --save FILE` (it checks every step and score first).
    """
    for path in sorted((ROOT / "examples").glob("deal-record-*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        ruleset = load_variant(record["variant"])
        assert record["variant_hash"] == ruleset.content_hash, f"{path.name} is stale: belot replay {path.name} --save"
        assert replay(ruleset, record).warnings == ()
    quoted = next(b for b in _docs_json_blocks() if "deal-record" in b)
    example = json.loads((ROOT / "examples" / "deal-record-bulgarian.json").read_text(encoding="utf-8"))
    head = json.loads(quoted.replace('"...32 cards, top first"', '"..."').replace(', "...": "..."', "")
                      .replace(', "..."]', "]"))
    assert head["variant_hash"] == example["variant_hash"] and head["seed"] == example["seed"]
    assert example["deck"][:len(head["deck"])] == head["deck"]
    assert example["actions"][:len(head["actions"])] == head["actions"]
    assert all(example["score"][key] == value for key, value in head["score"].items())
    outcome = next(b for b in _docs_json_blocks() if '"tricks"' in b)
    assert json.loads(outcome) == json.loads((ROOT / "examples" / "deal-outcome-french.json").read_text(encoding="utf-8"))


def test_replay_save_writes_a_stale_record_again_with_the_current_hash(tmp_path, capsys):
    record = json.loads((ROOT / "examples" / "deal-record-bulgarian.json").read_text(encoding="utf-8"))
    record["variant_hash"] = "0123456789abcdef"
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(old), "--save", str(new)]) == 0
    assert "--save OUT" in capsys.readouterr().out
    saved = json.loads(new.read_text(encoding="utf-8"))
    assert saved == {**record, "variant_hash": load_variant("bulgarian").content_hash}
    assert main(["replay", str(new)]) == 0
    assert "warning" not in capsys.readouterr().out
