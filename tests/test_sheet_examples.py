"""The worked examples of the rule write-ups, entered at ``belot sheet --plain`` as a scorekeeper would type them
(issue "The scorekeeper's pad", last "Done when" item): the pad must show each published score.

Card points are typed as the pad asks: side 0's, without the last trick's 10, which ``last SIDE`` adds; the
published totals include it. Each case's id names the example; the test's docstring names the write-up.
"""

from __future__ import annotations

import pytest
from test_sheet import data_home, pad  # noqa: F401 (data_home: sheets go to a temporary directory)

Example = tuple[str, list[str], list[str]]  # variant, lines typed, what the pad must say


def entered(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variant: str,
            lines: list[str], dealer: int = 0) -> str:
    """The pad's answers to ``lines`` typed on a new sheet of ``variant`` with sides named A and B."""
    status, out = pad(monkeypatch, capsys, variant, "--plain", "--new", "--names", "A,B", "--dealer", str(dealer),
                      lines=lines)
    assert status == 0, out
    assert "Not entered" not in out, out
    return out


def check(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], example: Example) -> None:
    variant, lines, published = example
    out = entered(monkeypatch, capsys, variant, lines)
    for text in published:
        assert text in out, f"{text!r} not in:\n{out}"


# ----------------------------------------------------------------------------- Bulgarian


@pytest.mark.parametrize("example", [
    pytest.param(("bulgarian", ["hearts by 1 points 46 last 0"], ["made: A 6, B 10"]), id="suit 56-106 -> 6-10"),
    pytest.param(("bulgarian", ["hearts by 1 points 6 last 1"], ["made: A 1, B 15"]), id="suit 6-156 -> 1-15"),
    pytest.param(("bulgarian", ["all_trumps by 1 points 34 last 1"], ["made: A 4, B 22"]),
                 id="all-trumps 34-224 -> 4-22"),
    pytest.param(("bulgarian", ["all_trumps by 1 points 164 last 1 seq 1 100"], ["made: A 17, B 19"]),
                 id="all-trumps 164-194 with 100 declared -> 17-19"),
    pytest.param(("bulgarian", ["all_trumps by 1 points 154 last 1 seq 1 50"], ["hanging: A 15, B 0; 16 waits"]),
                 id="all-trumps 154-154 -> defenders 15, 16 hang"),
    pytest.param(("bulgarian", ["hearts by 1 points 106 last 1 seq 1 50"], ["hanging: A 10, B 0; 11 waits"]),
                 id="suit 106-106 -> defenders 10, 11 hang"),
    pytest.param(("bulgarian", ["hearts by 0 points 46 last 1"], ["failed: A 0, B 16"]), id="suit inside 162 -> 16"),
    pytest.param(("bulgarian", ["all_trumps by 0 points 24 last 0"], ["failed: A 0, B 26"]),
                 id="all-trumps inside 258 -> 26"),
])
def test_the_bulgarian_rounding_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                         example: Example) -> None:
    """rules/bulgarian.md §8 (SF/HIT "Rounding") and RULES.md, seed 000's worked rounding examples: a last digit
    of 6 (suit) or 4 (all-trumps) rounds the lower team up; a tie made by a 50 or 150 hangs rounded up; inside,
    the whole total is rounded normally (162 → 16, 258 → 26)."""
    check(monkeypatch, capsys, example)


@pytest.mark.parametrize("example", [
    pytest.param(("bulgarian", ["hearts by 1 recontra points 56 last 1 seq 1 50"], ["made: A 0, B 84"]),
                 id="redoubled suit 56+156 -> 4 x 21 = 84"),
    pytest.param(("bulgarian", ["hearts by 1 recontra points 106 last 1 seq 1 50"], ["A 0, B 0; 84 waits"]),
                 id="redoubled suit 106-106 -> 84 hang"),
    pytest.param(("bulgarian", ["all_trumps by 1 recontra points 154 last 1 seq 1 50"], ["A 0, B 0; 124 waits"]),
                 id="redoubled all-trumps 154-154 -> 124 hang"),
])
def test_the_bulgarian_doubled_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                        example: Example) -> None:
    """rules/bulgarian.md §9.1: a doubled deal records the multiplier times the inside result (redoubled
    56 + 156 → 4 × 21 = 84, not 85); a doubled tie hangs it all (BIN measured: 84 in suit, 124 in all-trumps)."""
    check(monkeypatch, capsys, example)


# ----------------------------------------------------------------------------- French


@pytest.mark.parametrize("example", [
    pytest.param(("french", ["diamonds by 2 points 70 last 0 belote 0"],
                  ["Totals: team 0 100, team 1 82", "made: A 100, B 80"]), id="example 1: 100 / 82"),
    pytest.param(("french", ["hearts by 1 points 71 last 1 belote 0"],
                  ["Totals: team 0 91, team 1 91", "litige: A 90, B 0; 90 waits in reserve"]),
                 id="example 2: litige, 91 and 91 in reserve"),
    pytest.param(("french", ["hearts by 2 points 143 last 0 seq 1 50 seq 1 20"],
                  ["Totals: team 0 153, team 1 79", "made: A 150, B 80"]), id="example 3: 153 / 79"),
    pytest.param(("coinche", ["clubs by 1 bid 90 points 67 last 1"], ["made: A 70, B 190"]),
                 id="example 4: bid 90, 185 -> 190 / 70"),
    pytest.param(("coinche", ["clubs by 0 bid 100 coinche points 125 last 0"], ["made: A 520, B 0"]),
                 id="example 5: 100 coinched, (160 + 100) x 2 = 520 / 0"),
])
def test_the_french_worked_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                    example: Example) -> None:
    """rules/french.md §12, examples 1-5 (examples 4 and 5 are bids, so coinche). The published scores of
    examples 1-3 are the exact totals; ``french`` rounds each team's deal score to tens, 5 up (RULES.md, its row;
    french.md §10), so the pad shows the totals and then the rounded match points."""
    check(monkeypatch, capsys, example)


@pytest.mark.parametrize("example", [
    pytest.param(("french", ["hearts by 0 points 105 last 0"], ["Totals: team 0 115, team 1 47", "made: A 120, B 50"]),
                 id="115/47 -> 120/50"),
    pytest.param(("french", ["hearts by 0 points 74 last 0"], ["Totals: team 0 84, team 1 78", "made: A 80, B 80"]),
                 id="84 to 78 is made, both score 80"),
])
def test_the_french_rounding_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                      example: Example) -> None:
    """rules/french.md §10 (FFB-B 10.3, S1, LC): each team rounded to tens on its own, 5 up, so a made deal can
    sum to 170; the contract is judged on the exact points."""
    check(monkeypatch, capsys, example)


def test_the_ffb_match_end_example(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """rules/french.md §11, the FFB example: with rounding the rounded score counts, so 910 + 85 → 90 = 1000 wins."""
    out = entered(monkeypatch, capsys, "french", ["hearts by 0 capot 0"] * 3 + [
        "hearts by 0 points 152 last 0 tricks 7 1", "hearts by 0 points 75 last 0"])
    assert "Board after 4 deals: A 910, B 0" in out
    assert "team 0 85 → 90" in out and "Board after 5 deals: A 1000, B 80" in out and "A wins the match." in out


# ----------------------------------------------------------------------------- the family


@pytest.mark.parametrize("example", [
    pytest.param(("bela", ["diamonds by 0 points 60 last 0 seq 0 50"], ["made: A 120, B 92"]),
                 id="70 + 50 zvanje to 92: pass, 120 / 92"),
    pytest.param(("bela", ["diamonds by 0 points 81 last 1"], ["failed: A 0, B 162"]), id="81 to 81: fall, 0 / 162"),
    pytest.param(("bela", ["diamonds by 0 capot 0 belote 0"], ["made: A 272, B 0"]),
                 id="every trick with bela: 162 + 20 + 90 = 272 / 0"),
])
def test_the_bela_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                           example: Example) -> None:
    """rules/family/bela.md §6, the worked examples (♦ trump)."""
    check(monkeypatch, capsys, example)


@pytest.mark.parametrize("variant", ["klaverjas-amsterdam", "klaverjas-rotterdam"])
@pytest.mark.parametrize("lines, published", [
    pytest.param(["spades by 0 points 84 last 0 seq 0 20 seq 1 50"], "failed: A 0, B 232",
                 id="114 to 118: nat, 162 + 70 = 232"),
    pytest.param(["spades by 0 points 72 last 0"], "made: A 82, B 80", id="82 to 80: made"),
    pytest.param(["spades by 0 points 81 last 1"], "failed: A 0, B 162", id="81 to 81: nat, 0 / 162"),
    pytest.param(["spades by 0 capot 0 seq 0 20 belote 0"], "made: A 302, B 0",
                 id="pit with 40 roem: 162 + 100 + 40 = 302"),
])
def test_the_klaverjas_scoring_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                        variant: str, lines: list[str], published: str) -> None:
    """rules/family/klaverjas.md §6, the worked examples (♠ trump), the same in both systems; the 40 roem of a
    trump run with K and Q is the run's 20 and the stuk's 20 (§5)."""
    check(monkeypatch, capsys, (variant, lines, [published]))


@pytest.mark.parametrize("example", [
    pytest.param(("pilotta", ["spades by 0 bid 100 points 86 last 0 belote 0 seq 0 50"], ["made: A 166, B 66"]),
                 id="bid 100: 96 + 20 + 50 = 166 / 66"),
    pytest.param(("pilotta", ["spades by 0 bid 120 points 86 last 0 belote 0"], ["failed: A 0, B 182"]),
                 id="bid 120: 116 fails, 116 + 66 = 182"),
])
def test_the_pilotta_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                              example: Example) -> None:
    """rules/family/pilotta.md §6, the worked example (♠ trump)."""
    check(monkeypatch, capsys, example)


@pytest.mark.parametrize("example", [
    pytest.param(("belote-bridgee", ["hearts by 0 points 92 last 0"], ["made: A 306, B 180"]),
                 id="hearts x3 made 102 to 60: 306 / 180"),
    pytest.param(("belote-bridgee", ["no_trumps by 0 contre points 50 last 1"], ["failed: A 0, B 1620"]),
                 id="no-trumps x5 contre failed: 162 x 10 = 1620"),
])
def test_the_belote_bridgee_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                     example: Example) -> None:
    """rules/family/belote-bridgee.md §6.2: the deal score is points × the contract's multiplier × the doubling."""
    check(monkeypatch, capsys, example)


def test_the_bazaar_blot_example(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """rules/family/bazaar-blot.md §6: scores are written in tens, half up: 98 → 10, 64 → 6."""
    check(monkeypatch, capsys, ("bazaar-blot", ["hearts by 0 bid 90 points 88 last 0"], ["made: A 10, B 6"]))


def test_the_klaberjass_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """rules/family/klaberjass.md §7: maker 85 + 20 to 77 → 105 / 77; maker 80 to 82 + 50 → bete, 0 / 212. Not
    every card is played at two, so both players' card points are typed."""
    out = entered(monkeypatch, capsys, "klaberjass", ["hearts by 0 points 75 77 last 0 belote 0",
                                                      "hearts by 0 points 80 72 last 1 seq 1 50"])
    assert "made: A 105, B 77" in out and "failed: A 0, B 212" in out


@pytest.mark.parametrize("example", [
    pytest.param(("baloot", ["no_trumps by 0 points 55 last 0"], ["A 13, B 13"]), id="sun 65/65 -> 13/13"),
    pytest.param(("baloot", ["no_trumps by 0 points 56 last 0"], ["made: A 14, B 12"]), id="sun 66/64 -> 14/12"),
    pytest.param(("baloot", ["no_trumps by 0 points 57 last 0"], ["made: A 14, B 12"]), id="sun 67/63 -> 14/12"),
    pytest.param(("baloot", ["no_trumps by 1 points 48 last 0"], ["made: A 12, B 14"]), id="sun 58/72 -> 12/14"),
    pytest.param(("baloot", ["no_trumps by 1 points 51 last 0"], ["made: A 12, B 14"]), id="sun 61/69 -> 12/14"),
    pytest.param(("baloot", ["no_trumps by 1 points 45 last 0"], ["made: A 11, B 15"]), id="sun 55/75 -> 11/15"),
    pytest.param(("baloot", ["hearts by 0 points 75 last 0"], ["made: A 8, B 8"]), id="hokum 85/77 -> 8/8"),
    pytest.param(("baloot", ["hearts by 0 points 74 last 0"], ["made: A 8, B 8"]), id="hokum 84/78 -> 8/8"),
    pytest.param(("baloot", ["hearts by 0 points 86 last 0"], ["made: A 9, B 7"]), id="hokum 96/66 -> 9/7"),
    pytest.param(("baloot", ["hearts by 0 points 94 last 0"], ["made: A 10, B 6"]), id="hokum 104/58 -> 10/6"),
    pytest.param(("baloot", ["hearts by 0 points 97 last 0"], ["made: A 11, B 5"]), id="hokum 107/55 -> 11/5"),
    pytest.param(("baloot", ["hearts by 0 points 85 last 0"], ["made: A 9, B 7"]), id="hokum 95/67 -> 9/7"),
])
def test_the_baloot_conversion_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                        example: Example) -> None:
    """rules/family/baloot.md §7.1: abnat to game points, Sun by fives to the even one (26 in all), Hokum by tens
    with 5 down, forced to 16 in all. The buyer is the side with more, so neither deal is a khasara."""
    check(monkeypatch, capsys, example)


@pytest.mark.parametrize("example", [
    pytest.param(("baloot", ["hearts by 0 double points 82 last 0 seq 0 20"], ["made: A 22, B 14"]),
                 id="92 + sira to 70, doubled: 22 / 14"),
    pytest.param(("baloot", ["hearts by 0 double points 82 last 0 seq 0 20 belote 0"], ["made: A 24, B 14"]),
                 id="the same with Baloot: 24 / 14"),
])
def test_the_baloot_doubled_example(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                    example: Example) -> None:
    """rules/family/baloot.md §7.4: Hokum, buyer 92 + sira (20, 2 GP) to 70 → 11 to 7, made; doubled → 22 / 14;
    Baloot's 2 GP added after the doubling → 24 / 14."""
    check(monkeypatch, capsys, example)
