"""The short deal outcome (issue "The scorekeeper's pad", item 1): what a table counts instead of the tricks.

A table writes down each side's counted card points, who took the last trick and the declarations that
counted; the short form scores that exactly as the tricks would, and refuses what cannot have happened.
"""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
import yaml
from fuzzing import mutate, one_screen
from hypothesis import HealthCheck, given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cli import main
from belot_rules.engine.deal import OVER, DealState
from belot_rules.pad.reduce import short_outcome
from belot_rules.rules.outcome.parse import OutcomeError, score_outcome

ROOT = Path(__file__).parents[3]
SHIPPED = sorted(path.stem for path in (ROOT / "variants").glob("*.yaml"))
DEALS = 30  # engine deals per variant and form


def played(name: str, seed: int) -> DealState:
    """A deal of ``name`` played to its end by random legal actions, carrying in some hanging points."""
    rules = load_variant(name)
    deck = list(rules.seating.cards)
    rng = random.Random(seed)
    rng.shuffle(deck)
    deal = DealState.start(rules, deck, seed % rules.seating.players, seed % 3 * 5)
    while deal.phase != OVER:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def error(name: str, data: dict[str, Any]) -> str:
    with pytest.raises(OutcomeError) as caught:
        score_outcome(load_variant(name), data)
    return str(caught.value)


@pytest.mark.parametrize("name", SHIPPED)
def test_the_short_form_of_an_engine_deal_scores_as_the_engine_scored_it(name: str) -> None:
    """Issue 26, "Done when": a deal played by the engine, reduced to the short form, scores exactly as the
    engine scored it, with the same explanation where the declarations are given by seat; by side (what
    counted, by value, as a score sheet holds it) the points and verdict are the same."""
    rules = load_variant(name)
    scored = 0
    for seed in range(DEALS * 3):
        deal = played(name, seed)
        if deal.score is None:  # everybody passed
            continue
        by_seat = score_outcome(rules, short_outcome(deal))
        assert by_seat._replace(notes=()) == deal.score._replace(notes=()), seed
        assert by_seat.lines == deal.score.lines, seed
        by_side = score_outcome(rules, short_outcome(deal, sides=True))
        assert by_side._replace(notes=()) == deal.score._replace(notes=()), seed
        scored += 1
        if scored == DEALS:
            break
    assert scored == DEALS


def test_the_example_short_form_scores_as_its_tricks(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/deal-outcome-bulgarian-short.yaml is deal-outcome-bulgarian.json as a score sheet holds it
    (bulgarian.md §9.1): the same board, 68 to 0, contra's "more points takes all"."""
    rules = load_variant("bulgarian")
    tricks = score_outcome(rules, json.loads((ROOT / "examples" / "deal-outcome-bulgarian.json").read_text("utf-8")))
    short = score_outcome(rules, yaml.safe_load((ROOT / "examples" / "deal-outcome-bulgarian-short.yaml")
                                                .read_text("utf-8")))
    assert short._replace(notes=()) == tricks._replace(notes=())
    assert main(["score", str(ROOT / "examples" / "deal-outcome-bulgarian-short.yaml")]) == 0
    assert "Match points: team 0 68, team 1 0" in capsys.readouterr().out


def test_bad_entries_are_refused_with_their_line_and_column(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Points that do not add up, a side with points and no trick, an unknown doubling and a declaration the
    variant does not have are each told at their place in the file, all at once, without a traceback."""
    path = tmp_path / "deal.yaml"
    path.write_text("variant: bulgarian\ncontract: hearts\ndeclarer: 0\ndoubling: kontra\npoints: [100, 50]\n"
                    "last_trick: 1\ntrick_counts: [0, 8]\ndeclarations:\n  - {side: 1, kind: sequence, points: 30}\n",
                    encoding="utf-8")
    assert main(["score", str(path)]) == 1
    err = capsys.readouterr().err
    assert "deal.yaml:4:11: doubling: bulgarian has no doubling `kontra`; did you mean `contra`?" in err
    assert "deal.yaml:5:9: points: 100 + 50 = 150; the cards count 152 in hearts" in err
    assert "deal.yaml:5:10: points[0]: team 0 took no trick (trick_counts), so it counted no points, not 100" in err
    assert ("deal.yaml:9:5: declarations[0]: no sequence is worth 30 in bulgarian; they are worth: tierce 20, "
            "quarte 50, quint 100") in err
    assert "Traceback" not in err


SHORT = {"contract": "hearts", "declarer": 0, "points": [100, 52], "last_trick": 0}


def test_a_count_of_numbers_is_told_in_the_short_form_s_words() -> None:
    """One value in Bulgarian's points said "it takes 2 to 4" (the form's bounds over every table): it says what the
    numbers are, one a side, and a count within those bounds but not the variant's is told along with it."""
    assert error("bulgarian", SHORT | {"points": [152]}) == (
        "points: 1 given; bulgarian has 2 sides, one number each: the card points team 0 counted in its tricks, then "
        "team 1's")
    assert error("bulgarian", SHORT | {"points": [100, 50, 2], "trick_counts": [8]}).splitlines() == [
        "trick_counts: 1 given; bulgarian has 2 sides, one number each: the tricks team 0 took, then team 1's",
        "points: 3 given; bulgarian has 2 sides, one number each: the card points team 0 counted in its tricks, then "
        "team 1's"]


def test_a_misspelt_key_is_told_once_by_its_guess() -> None:
    """`declarr:` said both "declarer: missing" and "did you mean `declarer`?": the guess alone says it."""
    data = {key: value for key, value in SHORT.items() if key != "declarer"} | {"declarr": 0}
    assert error("bulgarian", data).startswith("declarr: unknown key `declarr`; did you mean `declarer`?")
    assert "missing" not in error("bulgarian", data)
    assert "declarer: missing" in error("bulgarian", {key: value for key, value in SHORT.items() if key != "declarer"})


def test_a_capot_has_all_the_points() -> None:
    """A capot (trick_counts with a 0) leaves the other side no points and not the last trick."""
    assert score_outcome(load_variant("french"), SHORT | {"points": [152, 0], "trick_counts": [8, 0]}).capot_team == 0
    assert error("french", SHORT | {"points": [140, 12], "trick_counts": [8, 0]}) == (
        "points[1]: team 1 took no trick (trick_counts), so it counted no points, not 12")
    assert error("french", SHORT | {"points": [152, 0], "last_trick": 1, "trick_counts": [8, 0]}) == (
        "last_trick: team 1 took no trick (trick_counts), so not the last one")


def test_a_side_without_points_must_say_whether_it_took_a_trick() -> None:
    """A side with no points and not the last trick may have taken only 7s and 8s or nothing (a capot): the
    score differs, so the short form asks instead of guessing."""
    assert error("french", SHORT | {"points": [152, 0]}).startswith(
        "trick_counts: whether team 1 took a trick is not told by its points or the last trick")


def test_a_contract_or_a_declaration_the_variant_does_not_have_is_refused() -> None:
    """The contract, the declaration's value and the belote's suit are those of the variant."""
    assert error("french", SHORT | {"contract": "all_trumps"}).startswith("contract: french does not play all_trumps")
    assert error("french", SHORT | {"declarations": [{"side": 0, "kind": "quad", "points": 50}]}) == (
        "declarations[0]: no quad is worth 50 in hearts; they are worth 100, 150, 200")
    assert error("french", SHORT | {"declarations": [{"side": 0, "kind": "belote", "suit": "S"}]}) == (
        "declarations[0]: belote in spades does not score in hearts")


def test_the_contest_was_settled_at_the_table() -> None:
    """By side, only the declarations that counted are given: in a variant where the best declaration wins the
    contest (french.md §7), two teams cannot both score sequences; Klaverjas keeps both sides' roem."""
    both = [{"side": 0, "kind": "sequence", "points": 20}, {"side": 1, "kind": "sequence", "points": 50}]
    assert error("french", SHORT | {"declarations": both}).startswith(
        "declarations: only one side's declarations count in french (the best one wins the contest at the table)")
    klaverjas = score_outcome(load_variant("klaverjas-amsterdam"), SHORT | {"declarations": both})
    assert klaverjas.raw_points == (100 + 10 + 20, 52 + 50)


def test_how_a_declaration_is_told_by_seat_or_by_side() -> None:
    """By seat a declaration gives its cards (as with the tricks), by side its value; one outcome uses one way,
    and with the tricks only seats (they show who held the cards)."""
    seat = {"seat": 0, "kind": "sequence", "cards": ["7S", "8S", "9S"]}
    side = {"side": 1, "kind": "sequence", "points": 20}
    assert error("french", SHORT | {"declarations": [seat, side]}) == (
        "declarations[1]: give every declaration by seat or every one by side, as declarations[0] is")
    assert error("french", SHORT | {"declarations": [{"side": 0, "kind": "sequence", "cards": ["7S", "8S", "9S"]}]}) == (
        "declarations[0]: by side a sequence is told by its value: give points, not its cards")
    assert error("french", SHORT | {"declarations": [{"kind": "quad", "rank": "J"}]}).startswith(
        "declarations[0]: give the seat that declared it (with its rank), or the side")
    tricks = json.loads((ROOT / "examples" / "deal-outcome-bulgarian.json").read_text("utf-8"))
    assert "the tricks show who played each card" in error("bulgarian", tricks | {"declarations": [side]})
    assert error("bulgarian", tricks | {"points": [100, 52]}).startswith(
        "points: give the tricks or the short form (points, last_trick, trick_counts), not both")


def test_a_chien_counts_for_the_taker_even_without_a_trick() -> None:
    """Belote à trois with a chien (belote-a-trois.md §2): the taker's laid-aside cards count for him, so his
    points do not say he took a trick; the trick counts must."""
    data = {"contract": "hearts", "declarer": 2, "points": [90, 51, 11], "last_trick": 0}
    assert error("belote-a-trois-32", data).startswith("trick_counts: whether player 2 took a trick")
    assert score_outcome(load_variant("belote-a-trois-32"), data | {"trick_counts": [6, 4, 0]}).capot_team is None


def test_gahwa_decides_the_match_from_either_form() -> None:
    """Baloot (baloot.md §4): a deal doubled to gahwa decides the match; its multiplier (4) is also that of
    "four", so the outcome names the level: doubling: gahwa."""
    rules = load_variant("baloot")
    made = {"contract": "hearts", "declarer": 0, "points": [100, 52], "last_trick": 0}
    assert score_outcome(rules, made | {"doubling": "gahwa"}).match_winner == 0
    assert score_outcome(rules, made | {"multiplier": 4}).match_winner is None
    assert error("baloot", made | {"doubling": "gahwa", "multiplier": 4}) == (
        "multiplier: the doubling says the multiplier; leave it out")


SHORT_SEED = json.dumps(yaml.safe_load((ROOT / "examples" / "deal-outcome-bulgarian-short.yaml").read_text("utf-8")),
                        indent=1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.integers(0, 2**32 - 1), edits=st.integers(1, 4))
def test_a_mutated_short_form_is_scored_or_told_in_a_sentence(case: int, edits: int, tmp_path: Path) -> None:
    """Project standard (every reader fuzzed): the short form's example as JSON, mutated with the traps of
    tests/fuzzing.py, is scored or refused in one screen, exit status 0 or 1, never a traceback."""
    path = tmp_path / "deal.json"
    path.write_text(mutate(SHORT_SEED, random.Random(case), edits), encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["score", str(path)])
    assert status in (0, 1) and one_screen(err.getvalue()) and "Traceback" not in err.getvalue()


def test_melds_from_tricks_are_given_by_side_in_the_short_form() -> None:
    """Klaverjas (klaverjas.md §5): roem is in the tricks' cards. With the tricks, declarations are refused and the
    message says the short form takes them by side; the short form adds each side's roem."""
    tricks = json.loads((ROOT / "examples" / "deal-outcome-bulgarian.json").read_text("utf-8"))
    tricks = tricks | {"contract": "hearts", "multiplier": 1, "hanging_in": 0,
                       "declarations": [{"seat": 0, "kind": "belote", "suit": "H"}]}
    assert "leave the declarations out (the short form, without tricks, gives each side's by side)" in error(
        "klaverjas-amsterdam", tricks)
    roem = [{"side": 0, "kind": "sequence", "points": 50}, {"side": 0, "kind": "belote"}]
    assert score_outcome(load_variant("klaverjas-amsterdam"), SHORT | {"declarations": roem}).raw_points == (
        100 + 10 + 50 + 20, 52)


def test_declarations_given_by_side_are_explained_for_the_side_not_a_seat() -> None:
    """A quarte and a belote entered for side 1 were explained as "seat 1 quarte" and "seat 1 belote", a seat
    nobody named (found by a new user); the explanation now says what counted for team 1."""
    from belot_rules import load_variant

    score = load_variant("bulgarian").score_deal({
        "contract": "hearts", "declarer": 1, "points": [71, 81], "last_trick": 1,
        "declarations": [{"side": 1, "kind": "sequence", "points": 50}, {"side": 1, "kind": "belote"}]})
    assert "Declaration: quarte (50) counts for team 1" in score.lines
    assert "Belote: belote in hearts (20) counts for team 1" in score.lines
    assert not any("seat 1 quarte" in line or "seat 1 belote" in line for line in score.lines)


def test_the_short_form_takes_one_count_per_side_at_four_players_each_for_himself(tmp_path) -> None:
    """A house file `extends: bulgarian` with `table: {sides: each_for_self}` has four sides: its short form takes four
    points (the form's bound was three, the most a table of sides had before)."""
    house = tmp_path / "each.yaml"
    house.write_text("extends: bulgarian\ntable: {sides: each_for_self}\n")
    rules = load_variant(house)
    score = rules.score_deal({"contract": "hearts", "declarer": 0, "points": [60, 40, 30, 22], "last_trick": 0})
    assert score.raw_points == (70, 40, 30, 22)


def test_declarations_by_side_that_no_deal_holds_are_refused() -> None:
    """bulgarian.md §5 (one pack: one quad of each rank; a side's two hands hold 16 cards, each declaration in one
    hand): two quads of jacks, or four quints for one side, were scored (1,262 points on a sheet); they are refused
    with the place and the reason, and what a deal can hold is still scored."""
    variant = load_variant("bulgarian").variant
    deal = {"contract": "hearts", "declarer": 1, "points": [81, 71], "last_trick": 1}
    quad = {"side": 0, "kind": "quad"}
    with pytest.raises(OutcomeError) as jacks:
        score_outcome(variant, deal | {"declarations": [quad | {"points": 200}, quad | {"points": 200}]})
    assert "declarations[1]: the pack holds 1 quad worth 200 in hearts (J), and declarations[0] is already one" \
        in str(jacks.value)
    quints = [{"side": 0, "kind": "sequence", "points": 100}] * 4
    with pytest.raises(OutcomeError) as long:
        score_outcome(variant, deal | {"declarations": quints})
    assert "team 0's sequences and quads need 5 + 5 + 5 + 5 cards, more than its 2 hands of 8 cards hold" \
        in str(long.value)
    # Two quads in one hand, a quint and a tierce in the other: 16 cards, as a deal may hold them.
    held = [quad | {"points": 100}, quad | {"points": 100}, quints[0], {"side": 0, "kind": "sequence", "points": 20}]
    assert score_outcome(variant, deal | {"declarations": held}).raw_points[0] == 81 + 320



def test_a_plain_no_read_as_false_is_said_where_it_is_written(tmp_path: Path) -> None:
    """docs/house-rules.md promises the YAML 1.1 boolean hint: `contract: no` said only "`False` is not a valid
    value"; it says what YAML did to `no` as well, at its line and column."""
    outcome = tmp_path / "deal.yaml"
    outcome.write_text("variant: bulgarian\ncontract: no\ndeclarer: 1\npoints: [81, 71]\nlast_trick: 1\n",
                       encoding="utf-8")
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        assert main(["score", str(outcome)]) == 1
    assert "deal.yaml:2:11: contract: `False` is not a valid value" in err.getvalue()
    assert "(YAML read `no` as the boolean false; quote it: 'no')" in err.getvalue()
