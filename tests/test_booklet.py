"""The players' booklet (``belot rules``, issue 25 item 2): written from the compiled rules for every shipped
variant and every example house-rules file, each with a worked example that the engine's score checks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.booklet import booklet, messages as say, to_html, to_text
from belot_rules.booklet.example import problems
from belot_rules.cli import main
from belot_rules.cli.booklet import rules_page
from belot_rules.errors import UserError
from belot_rules.rules.common import option_of
from belot_rules.variant.explain import field_at
from belot_rules.variant.loader import shipped_names
from belot_rules.variant.meanings import declared_options
from belot_rules.variant.unused import unused_rules

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "variants" / "examples").glob("*.yaml"))
EVERY = [*shipped_names(), *EXAMPLES]


@pytest.mark.parametrize("name", EVERY, ids=lambda n: Path(n).stem)
def test_every_variant_and_example_gets_a_booklet_whose_worked_example_the_engine_checks(name: str) -> None:
    """Issue 25 "Done when": a booklet for each shipped variant and each example, with a worked scoring
    example the engine checks: each side's parts add up to the engine's raw total, the deal scored again
    from its outcome scores the same, and the booklet writes the engine's own totals and board points."""
    rules = load_variant(name)
    book = booklet(rules)
    example = book.example
    assert example is not None and problems(rules, example) == []
    text = to_text(book)
    for heading in (say.PLAYERS, say.DEAL, say.BIDDING, say.PLAY, say.CARD_POINTS, say.MELDS, say.SCORING,
                    say.EXAMPLE, say.MATCH):
        assert f"\n{heading}\n" in text
    section = next(s for s in book.sections if s.heading == say.EXAMPLE)
    sums = next(b for b in section.blocks if isinstance(b, tuple))
    score = example.score
    assert [line.rsplit("= ", 1)[1].rstrip(".") for line in sums] == [str(p) for p in score.raw_points]
    seating = rules.seating
    board = say.example_board([(seating.side_name(s), p) for s, p in enumerate(score.match_points)], score.hanging_out)
    assert board in section.blocks and tuple(score.lines) in section.blocks
    assert all(len(line) <= 78 for line in text.splitlines())
    assert "http" not in to_html(book)  # the page prints without a network


def test_the_bulgarian_booklet_tells_the_rules_in_sentences() -> None:
    """rules/bulgarian.md §1 (Cards: the trump order J 9 A 10 K Q 8 7 and the points 20 14 11 10 4 3), §4.2
    (follow suit, trump over an opponent), §5.1 (tierce 20, quarte 50, quint 100), §8 and the match to 151,
    told as a player reads them rather than as the file's keys."""
    text = " ".join(to_text(booklet(load_variant("bulgarian")), 1000).split())
    assert "the jack of trumps is the highest card, then the nine" in text
    assert "A trump counts: jack 20, nine 14, ace 11, ten 10, king 4 and queen 3" in text
    assert "must play a trump when an opponent is winning the trick" in text
    assert "When trumps are led, every player must beat the highest trump if able." in text  # the option's words
    assert "3 cards 20, 4 cards 50 and 5 or more cards 100" in text
    assert "The match is played to 151 points." in text
    assert "trump.order" not in text and "partner_winning_void" not in text


def test_a_house_rules_file_gets_its_own_rules(tmp_path: Path) -> None:
    """README "Comparing variants": Bulgarian with the French undertrump rule; the booklet of the house file
    says the rule it changes (rules/french.md §5.1: a lower trump must be played) and keeps its parent's."""
    house = tmp_path / "undertrump.yaml"
    house.write_text("extends: bulgarian\nplay: {undertrump: required}\n", encoding="utf-8")
    text = " ".join(to_text(booklet(load_variant(str(house))), 1000).split())
    assert "unable to beat an opponent's trump: a lower trump must be played" in text
    assert "The match is played to 151 points." in text


def test_a_contra_only_house_file_says_one_doubling_level(tmp_path: Path) -> None:
    """bulgarian.md §3 with ``bidding.doubles.max_level: 1`` (contra, no recontra): the booklet said "its team the
    next, and so on" and "Anyone may bid higher over a contra or recontra"; it names the one level it has."""
    house = tmp_path / "club.yaml"
    house.write_text("extends: bulgarian\nbidding: {doubles: {max_level: 1}}\n", encoding="utf-8")
    text = " ".join(to_text(booklet(load_variant(str(house))), 1000).split())
    assert "A contract may be doubled: contra (×2), by the opponents of the contract." in text
    assert "recontra" not in text and "and so on" not in text
    bulgarian = " ".join(to_text(booklet(load_variant("bulgarian")), 1000).split())
    assert "The opponents of the contract call the first level, its team the second." in bulgarian


def test_the_table_rules_page_shows_the_booklet() -> None:
    """Issue 25 item 2: the table's `r` page shows the same text as `belot rules`."""
    rules = load_variant("french")
    page = rules_page(rules, 72).plain
    words = [line for line in to_text(booklet(rules), 72).splitlines() if line and set(line) - {"=", "-"}]
    assert [line for line in page.splitlines() if line] == words


def test_belot_rules_prints_and_writes_the_booklet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`belot rules VARIANT [--html FILE]`: the text on stdout, the page in a file kept unless --overwrite and
    never written over a rules file it reads (the house file or one it extends), and a mistaken command told in
    one line with exit status 1 (the project's brief: never a traceback)."""
    assert main(["rules", "coinche", "--width", "60"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Belote coinchée (coinche)") and max(len(line) for line in out.splitlines()) <= 60
    page = tmp_path / "coinche.html"
    assert main(["rules", "coinche", "--html", str(page)]) == 0
    assert "<h2>A worked example</h2>" in page.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["rules", "coinche", "--html", str(page)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert main(["rules", "coinche", "--html", str(page), "--overwrite"]) == 0
    house = tmp_path / "house.yaml"
    house.write_text("extends: parent.yaml\n", encoding="utf-8")
    (tmp_path / "parent.yaml").write_text("extends: french\n", encoding="utf-8")
    for wrong, said in ((["rules", "nope"], "no shipped variant named `nope`"),
                        (["rules", "french", "--overwrite"], "--overwrite goes with --html"),
                        (["rules", "french", "--html", str(tmp_path / "no" / "x.html")], "in a folder that exists"),
                        (["rules", str(house), "--html", str(tmp_path / "parent.yaml"), "--overwrite"],
                         "a file the rules are read from")):
        capsys.readouterr()
        assert main(wrong) == 1
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err


# Every value of every option that declares meanings, as (key path, value) pairs.
CHOICES = sorted((path, value) for path, _, option in declared_options() for value in option.meanings)


def _house_file(parent: str, choices: list[tuple[tuple[str, ...], str]]) -> str:
    rules: dict[str, Any] = {"extends": parent}
    for path, value in choices:
        section = rules
        for key in path[:-1]:
            section = section.setdefault(key, {})
        section[path[-1]] = value
    return yaml.safe_dump(rules)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parent=st.sampled_from(["bulgarian", "french", "coinche", "klaverjas-amsterdam", "debertz-3", "baloot"]),
       choices=st.lists(st.sampled_from(CHOICES), min_size=1, max_size=3, unique_by=lambda c: c[0]))
def test_any_house_file_gets_a_booklet_that_says_its_rules_and_whose_example_the_engine_checks(
        tmp_path: Path, parent: str, choices: list[tuple[tuple[str, ...], str]]) -> None:
    """An invariant over house files (issue 25 item 2: "a house-rules file gets a booklet its players can print"):
    whatever values a file chooses, its booklet is written, its worked example agrees with the engine (or, where
    the engine's own check fails, the booklet says it has none and why), and each play rule it chooses that
    applies is told in that value's own words (rules/play/options.py)."""
    house = tmp_path / "house.yaml"
    house.write_text(_house_file(parent, choices), encoding="utf-8")
    try:
        rules = load_variant(str(house))
    except UserError:  # rules that contradict each other: validate's concern, not the booklet's
        assume(False)
    book = booklet(rules)
    text = " ".join(to_text(book, 1000).split())
    if book.example is None:  # the engine disagreed with itself: said, never shown unchecked
        assert "This booklet has no worked example" in text and "please report it" in text
    else:
        assert problems(rules, book.example) == []
    unused = unused_rules(rules.variant)
    for path, value in choices:
        field = field_at(path)
        option = option_of(field) if field is not None else None
        if path[0] == "play" and not any(path[:n] in unused for n in range(1, len(path) + 1)):
            assert option is not None
            told = say.sentence(option.meanings[value])  # a choice by contract may say the kind of contract first
            assert told in text or f"{told[:1].lower()}{told[1:]}" in text


