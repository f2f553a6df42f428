"""The command line: exit statuses, what goes to stdout and stderr, and never a traceback."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from belot_rules.cli import main
from belot_rules.variant.loader import load_variant_model

ROOT = Path(__file__).parent.parent


@pytest.fixture()
def bad_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text("extends: bulgarian\ndeal:\n  shufle: cut_only\n")
    return "bad.yaml"


def test_validate_valid_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "bulgarian", str(ROOT / "variants" / "examples" / "bulgarian-no-double-belote.yaml")]) == 0
    out = capsys.readouterr().out
    assert out.count("✓") == 2 and "Bulgarian Belot" in out
    assert "✓ bulgarian: Bulgarian Belot (name bulgarian, rules hash " in out


def test_validate_reports_the_others(bad_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "french", bad_file]) == 1
    captured = capsys.readouterr()
    assert "✓ french" in captured.out
    assert "bad.yaml:3:3: deal.shufle: unknown key `shufle`; did you mean `shuffle`?" in captured.err


def test_validate_json(bad_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--json", "coinche", bad_file]) == 1
    good, bad = json.loads(capsys.readouterr().out)
    assert good["valid"] and good["name"] == "coinche" and len(good["content_hash"]) == 16
    assert not bad["valid"] and bad["problems"][0]["line"] == 3 and bad["problems"][0]["column"] == 3


def test_validate_keeps_a_long_list_of_problems_to_one_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "many.yaml").write_text("extends: bulgarian\ndeal:\n" + "".join(f"  wrong_{i}: 1\n" for i in range(20)))
    assert main(["validate", "many.yaml"]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "✗ many.yaml" and len(lines) == 14
    assert lines[-1] == "... and 8 more; --json lists them all"
    assert main(["validate", "--json", "many.yaml"]) == 1
    assert len(json.loads(capsys.readouterr().out)[0]["problems"]) == 20


def test_show_groups_rules_by_phase(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "bulgarian-cut-only", "--origin"]) == 0
    out = capsys.readouterr().out
    for phase in ("Deal", "Bidding", "Play", "Declarations", "Scoring", "Match", "Table"):
        assert f"\n{phase}" in out
    assert "\nDeal  How the cards come out: packets, the turned card, shuffling and who deals." in out
    assert "shuffle: cut_only  (bulgarian-cut-only.yaml)" in out
    assert "first_packets: 3 2  (bulgarian.yaml)" in out


def test_show_names_a_shipped_parent_not_where_it_is_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.yaml").write_text("extends: bulgarian-cut-only\n")
    assert main(["show", "mine.yaml"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Rules from `mine.yaml`, then `bulgarian-cut-only`, then `bulgarian`, then the built-in defaults · rules" in out


def test_show_wraps_without_trailing_spaces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    (tmp_path / "long.yaml").write_text(
        "extends: bulgarian\ndescription: |\n  " + "A long house rule, " * 8 + "\n\n  Second paragraph.\n"
    )
    assert main(["show", str(tmp_path / "long.yaml")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line for line in lines if line.endswith(" ")] == []
    assert max(len(line) for line in lines if line.startswith("      ")) <= 60
    assert "Scoring  The totals of a deal and how they reach the match" in lines  # a heading wraps too
    assert "Second paragraph." in lines and "" in lines[:6]


def test_show_sets_apart_the_rules_other_rules_switch_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    (tmp_path / "mine.yaml").write_text("extends: bulgarian\nbidding: {points: {minimum: 90}}\n")
    assert main(["show", str(tmp_path / "mine.yaml")]) == 0
    out = capsys.readouterr().out
    assert "points.minimum:" not in out and "first_dealer_seat:" not in out
    assert "  Not used, as bidding.style contract_ladder has no point bids: points.minimum, points.step," in out
    assert "  Not used, as deal.first_dealer is random: first_dealer_seat." in out
    assert main(["show", str(tmp_path / "mine.yaml"), "--origin"]) == 0
    out = capsys.readouterr().out
    assert "  points.minimum: 90  (mine.yaml)  (not used: bidding.style contract_ladder has no point bids)" in out
    assert main(["show", "coinche"]) == 0
    out = capsys.readouterr().out
    assert "points.minimum: 80" in out and "has no point bids" not in out


def test_show_escapes_text_from_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "markup.yaml"
    path.write_text("extends: bulgarian\ntitle: '[bold red]Loud[/] :smile:'\n")
    assert main(["show", str(path)]) == 0
    assert "[bold red]Loud[/] :smile:" in capsys.readouterr().out


def test_show_resolved_is_a_complete_variant_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "coinche", "--resolved", "--origin"]) == 0
    text = capsys.readouterr().out
    assert "  first_packets: [3, 2, 3]  # coinche.yaml" in text
    assert "  cut_min: 3  # french.yaml" in text
    copy = tmp_path / "copy.yaml"
    copy.write_text(text)
    assert load_variant_model(copy).content_hash == load_variant_model("coinche").content_hash
    assert yaml.safe_load(text)["deal"]["first_packets"] == [3, 2, 3]


def test_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--json", "french-single-deal"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["rules"]["match"]["target"] is None
    assert shown["origins"]["match.target"] == "french-single-deal.yaml"
    assert shown["origins"]["deal.turned_card"] == "french.yaml"
    assert [Path(c).name for c in shown["chain"]] == ["french-single-deal.yaml", "french.yaml"]


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    heading = lines.index("Bulgarian")
    assert lines[heading + 1].startswith("  bulgarian ") and "French" in lines and "Croatian" in lines
    assert main(["list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {e["name"] for e in listed} >= {"french", "coinche"}
    assert {e["family"] for e in listed if e["name"].startswith("bulgarian")} == {"Bulgarian"}
    assert {e["summary"] for e in listed if e["name"] in ("bulgarian", "pilotta")} == {
        "Bridge-Belot as played in Bulgaria", "Pilotta of Cyprus"}


def test_schema_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "variant.schema.json"
    assert main(["schema", "--output", str(target)]) == 0
    assert target.read_text() == (ROOT / "schemas" / "variant.schema.json").read_text()
    assert main(["schema", "--output", str(tmp_path / "missing" / "x.json")]) == 1
    assert "cannot write the schema" in capsys.readouterr().err


def test_schema_output_keeps_an_existing_file_unless_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--output wrote over a file without asking, where rules --html and compare --report refuse without --overwrite:
    the same flag and the same message now."""
    target = tmp_path / "mine.json"
    target.write_text("{}")
    assert main(["schema", "--output", str(target)]) == 1
    assert f"{target} already exists: give --overwrite to replace it, or choose another --output file" in \
        capsys.readouterr().err
    assert target.read_text() == "{}"
    assert main(["schema", "--output", str(target), "--overwrite"]) == 0
    assert target.read_text() == (ROOT / "schemas" / "variant.schema.json").read_text()
    assert main(["schema", "--overwrite"]) == 1
    assert "--overwrite goes with --output" in capsys.readouterr().err


def test_user_errors_and_interrupts_exit_cleanly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "bulgarain"]) == 1
    assert "did you mean `bulgarian`" in capsys.readouterr().err
    assert main([]) == 2

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("belot_rules.cli.list.run", interrupted)
    assert main(["list"]) == 130


def test_python_dash_m_validate_has_no_traceback(bad_file: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "belot_rules", "validate", bad_file, "missing.yaml"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1
    assert "bad.yaml:3:3:" in done.stderr and "missing.yaml: no such file" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["validate", "show"])
def test_help_says_what_a_file_argument_may_be(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert "a shipped variant's name" in out and "for example: belot " in out


def test_top_level_help_says_where_to_start(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "Start with: belot list, belot show bulgarian, belot play." in capsys.readouterr().out


def test_validate_imports_neither_the_other_verbs_nor_the_rules_engine() -> None:
    """``belot validate`` reads the phases' options and checks (``rules/<phase>/options.py``, ``checks.py``) and compiles no
    strategy."""
    script = ("import sys; from belot_rules.cli import main; main(['validate', 'bulgarian']); "
              "print(sorted(m for m in sys.modules if m.startswith(('belot_rules.cli.', 'belot_rules.rul')) "
              "and not hasattr(sys.modules[m], '__path__')))")  # modules, not packages
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    loaded = ast.literal_eval(done.stdout.splitlines()[-1])
    assert [m for m in loaded if m.startswith("belot_rules.cli.")] == ["belot_rules.cli.output", "belot_rules.cli.validate"]
    rules = [m for m in loaded if not m.startswith("belot_rules.cli.")]
    assert "belot_rules.rules.play.options" in rules
    assert [m for m in rules if not m.endswith((".options", ".checks", ".common"))] == []


def test_the_built_in_defaults_are_the_bulgarian_rules() -> None:
    """The model's defaults are bulgarian.yaml's rules (bulgarian.md): what a file without extends starts from."""
    from belot_rules.variant.loader import content_hash, defaults_are
    from belot_rules.variant.model import Variant

    assert defaults_are() == "bulgarian"
    assert content_hash(Variant(name="x", title="x")) == load_variant_model("bulgarian").content_hash


def test_a_file_without_extends_is_told_where_its_other_rules_come_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A French table that forgets `extends: french` would otherwise play Bulgarian without a word."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad7.yaml").write_text("title: no extends\nmatch: {target: 101}\n")
    assert main(["validate", "bad7.yaml"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "rules from `bad7.yaml`, then the built-in defaults, which are Bulgarian Belot (`bulgarian`)" in out
    assert ("note: bad7.yaml:1:1: no `extends`, and the sections cards, deal, bidding, play, declarations, "
            "scoring, table are not stated: they get the built-in defaults, which are Bulgarian Belot") in out
    assert "add a line such as `extends: french`" in out
    assert main(["show", "bad7.yaml"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Rules from `bad7.yaml`, then the built-in defaults, which are Bulgarian Belot" in out
    assert "Note: no `extends`, and the sections cards" in out
    assert main(["compare", "bad7.yaml", "bulgarian", "--json"]) == 0
    bad7, bulgarian = json.loads(capsys.readouterr().out)["variants"]
    assert bad7["warnings"] and not bulgarian["warnings"]
    assert bulgarian["rules_from"] == "`bulgarian`, then the built-in defaults"


def test_a_file_that_states_every_section_or_extends_gets_no_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "full.yaml").write_text((ROOT / "variants" / "french.yaml").read_text(encoding="utf-8"))
    (tmp_path / "house.yaml").write_text("extends: french\nmatch: {target: 501}\n")
    assert main(["validate", "--json", "full.yaml", "house.yaml", "french"]) == 0
    full, house, french = json.loads(capsys.readouterr().out)
    assert house["warnings"] == french["warnings"] == []
    # The copy states every section; its only note is a rule French play switches off (a rule by contract written
    # plainly holds in the contracts French plays).
    assert [w["message"].split(" is set here but has no effect")[0] for w in full["warnings"]] == [
        "scoring.capot.multiplied_by_card_factor"]
    assert house["rules_from"].startswith("`house.yaml`, then `french`, then the built-in defaults")


def test_list_groups_a_variant_by_the_family_it_inherits(capsys: pytest.CaptureFixture[str]) -> None:
    """debertz-3 extends debertz and names no family of its own: it is still a game of two and three players."""
    assert main(["list", "--json"]) == 0
    families = {e["name"]: e["family"] for e in json.loads(capsys.readouterr().out)}
    assert families["debertz-3"] == families["debertz"] == "Two and three players"
    assert "Other" not in families.values()


COMMANDS = ("play", "validate", "show", "list", "schema", "replay", "score", "compare", "simulate", "duel", "tournament")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_s_help_prints_cleanly(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """No doubled percent signs (a description is printed as written; only option help is %-formatted)."""
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert "%%" not in out and f"belot {command}" in out


@pytest.mark.parametrize("command", [
    ["validate", "bad.yaml"], ["show", "bad.yaml"], ["play", "--plain", "bad.yaml"],
    ["play", "--plain", "--variant", "bad.yaml"], ["simulate", "--variant", "bad.yaml", "--deals", "5"], ["compare", "bad.yaml", "bulgarian"],
])
def test_every_command_tells_a_bad_house_file_where_and_exits_1(
        bad_file: str, command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """README "Writing house rules": a problem is `file:line:column: what; what would be valid` in every command
    that reads the file."""
    assert main(command) == 1
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith("bad.yaml:3:3: deal.shufle: unknown key `shufle`; did you mean `shuffle`?")
    assert "Traceback" not in err


def test_compare_tells_the_problems_of_every_file_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """README "Writing house rules": every problem is reported at once, in compare too: two broken files
    compared with a shipped variant are both told, not the first alone."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text("extends: bulgarian\nmatch:\n\ttarget: 501\n")
    (tmp_path / "b.yaml").write_text("extends: bulgarian\nmatch:\n  target: -151\n")
    assert main(["compare", "a.yaml", "b.yaml", "bulgarian"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("a.yaml:3:1: YAML syntax:") and err[0].endswith("indent with spaces, not tabs")
    assert err[1] == "b.yaml:3:11: match.target: should be at least 1; got `-151`"
