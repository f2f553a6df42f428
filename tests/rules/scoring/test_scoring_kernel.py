"""The compiled kernel scores a deal between two camps exactly as the Python pipeline does.

``belot_rules/rules/scoring/deal_score.h`` works out a deal's numbers (rules/scoring/kernel_scoring.py packs the scoring's
options for it, where it expresses all of them) and the explanation is the pipeline's own, written when it
is read. Compared here with the pipeline (``ScoringRules._score``, which the kernel never takes) on the
deals of every shipped variant it scores and on deals of Bulgarian and French with their scoring options
(rules/bulgarian.md §6-10, rules/french.md §8-13 and the options' alternatives) changed at random.
"""

from __future__ import annotations

import pickle
import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st
from pydantic import ValidationError
from test_playout_kernel import VARIANT_FILES, kernel  # noqa: F401 - kernel: the fixture of the checkout's kernel
from test_scoring import changed

import belot_rules.kernel as kernel_module
from belot_rules import load_variant
from belot_rules.engine.playout import random_deal
from belot_rules.rules.scoring.result import Explanation
from belot_rules.ruleset import Ruleset
from belot_rules.variant.loader import load_variant_model

EXPRESSED = {"bulgarian", "french", "klaverjas-amsterdam"}  # among the variants the kernel scores (not all of them)
NOT_EXPRESSED = {"coinche": "point bids", "belote-a-trois": "a taker against the rest", "baloot": "contract factors"}


@pytest.fixture
def in_use(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The kernel built from the checkout's source, in use for the test."""
    built = request.getfixturevalue("kernel")
    monkeypatch.setattr(kernel_module, "compiled", built)
    return built


def _calls(ruleset: Ruleset, seed: int, deals: int) -> list[tuple[Any, ...]]:
    """The scorer's arguments for ``deals`` random deals of ``ruleset``."""
    scoring, calls = ruleset.scoring, []
    score = scoring.score

    def spy(*args: Any) -> Any:
        calls.append(args)
        return score(*args)

    scoring.score = spy
    try:
        rng = random.Random(seed)
        for number in range(deals):
            random_deal(ruleset, rng, number % ruleset.seating.players)
    finally:
        del scoring.score
    return calls


def _agree(ruleset: Ruleset, calls: list[tuple[Any, ...]], hanging: tuple[int, ...] = (0, 13)) -> int:
    """Check each call's score with the kernel against the pipeline's, with each reserve carried in; how many
    the kernel scored."""
    scoring, scored = ruleset.scoring, 0
    for args in calls:
        for hanging_in in hanging:
            deal = (*args[:8], hanging_in, *args[9:])
            got, want = scoring.score(*deal), scoring._score(*deal)
            assert got == want and got.lines == want.lines, (ruleset.name, deal)
            scored += isinstance(got.notes, Explanation)
    return scored


def test_kernel_scores_the_deals_of_every_shipped_variant_it_expresses_as_the_pipeline(in_use):
    """Every shipped variant's random deals (with a reserve carried in or not): the same numbers and explanation."""
    expressed = set()
    for path in VARIANT_FILES:
        ruleset = load_variant(str(path))
        if ruleset.scoring._packed is None:
            continue
        expressed.add(path.stem)
        assert _agree(ruleset, _calls(ruleset, 5, 40)), path.stem
    assert EXPRESSED <= expressed and not expressed & set(NOT_EXPRESSED)


@pytest.mark.parametrize("name", sorted(NOT_EXPRESSED))
def test_a_scoring_the_kernel_does_not_express_is_the_pipelines(name, in_use):
    """Point bids, a taker against the rest, contract factors...: the pipeline scores, explanation and all."""
    ruleset = load_variant(name)
    assert ruleset.scoring._packed is None, NOT_EXPRESSED[name]
    for args in _calls(ruleset, 3, 5):
        assert type(ruleset.scoring.score(*args).notes) is tuple


def test_without_the_kernel_the_pipeline_scores(monkeypatch):
    """``belot_rules.kernel.compiled = None`` (or no build) leaves every score to Python."""
    monkeypatch.setattr(kernel_module, "compiled", None)
    ruleset = load_variant("bulgarian")
    for args in _calls(ruleset, 2, 5):
        assert type(ruleset.scoring.score(*args).notes) is tuple


def test_an_explanation_reads_compares_and_pickles_as_the_tuple_of_its_notes(in_use):
    ruleset = load_variant("bulgarian")
    args = _calls(ruleset, 4, 1)[0]
    got, want = ruleset.scoring.score(*args), ruleset.scoring._score(*args)
    assert isinstance(got.notes, Explanation) and got.notes == want.notes and want.notes == got.notes
    assert tuple(got.notes) == want.notes and len(got.notes) == len(want.notes) and got.notes[0] == want.notes[0]
    again = pickle.loads(pickle.dumps(got))  # (a note's words pickle as plain tuples, kernel or not)
    assert hash(got) == hash(want) and type(again.notes) is tuple and len(again.notes) == len(want.notes)
    assert got._replace(notes=()) == want._replace(notes=())


MODES = ["none", "half_up", "half_down", "tie_digit", "pair_to_total", "even_tens"]
SCORING = st.fixed_dictionaries({
    "tie": st.sampled_from(["hanging", "litige", "taker_fails", "taker_makes", "half_bete"]),
    "doubled_tie": st.sampled_from(["all_to_reserve", "as_undoubled", "taker_fails"]),
    "doubled_winner": st.sampled_from(["more_points", "contract_result"]),
    "doubled_made": st.sampled_from(["takes_all", "each_team_own"]),
    "last_trick": st.sampled_from([0, 10]),
    "capot": st.fixed_dictionaries({"bonus": st.sampled_from([0, 90, 100, 250]),
                                    "team": st.sampled_from(["either", "takers_only"]),
                                    "replaces_card_points": st.booleans(), "multiplied_by_double": st.booleans(),
                                    "last_trick_counts": st.booleans()}),
    "reserve": st.fixed_dictionaries({"goes_to": st.sampled_from(["next_deal_winner", "next_contract_maker"]),
                                      "accumulate": st.booleans()}),
    "rounding": st.fixed_dictionaries({
        "unit": st.sampled_from(["tens", "points"]), "made": st.sampled_from(["per_team", "leader_then_remainder"]),
        "min_one": st.booleans(), "reserve": st.sampled_from(["reserve_rounds_up", "same_as_board"]),
        "doubled": st.sampled_from(["multiply_rounded_total", "round_multiplied_total"]),
        "totals": st.fixed_dictionaries({kind: st.fixed_dictionaries({"mode": st.sampled_from(MODES),
                                                                      "tie_digit": st.integers(1, 9)})
                                         for kind in ("default", "suit", "no_trumps", "all_trumps")})}),
})
DECLARATIONS = st.fixed_dictionaries({
    "on_failure": st.sampled_from(["to_winners", "kept", "void"]), "counts_for_contract": st.booleans(),
    "count_without_tricks": st.booleans(), "when_capot": st.sampled_from(["keep", "to_capot_team"]),
    "belote": st.fixed_dictionaries({"on_failure": st.sampled_from(["to_winners", "kept", "void"]),
                                     "counts_for_contract": st.booleans(), "multiplied_by_double": st.booleans()}),
})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(base=st.sampled_from(["bulgarian", "french"]), scoring=SCORING, declarations=DECLARATIONS,
       seed=st.integers(0, 2**32))
def test_kernel_scores_as_the_pipeline_whatever_the_scoring_options(in_use, base, scoring, declarations, seed):
    """The options' every value the kernel reads, on random deals with a reserve carried in or not."""
    try:
        variant = changed(load_variant_model(base).variant, scoring=scoring, declarations=declarations)
    except ValidationError:
        assume(False)
    ruleset = Ruleset(variant, "")
    assume(ruleset.scoring._packed is not None)
    assert _agree(ruleset, _calls(ruleset, seed, 12), (0, 7, 16))
