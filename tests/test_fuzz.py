"""Property-based fuzzing of every reader and the prompts: a located one-screen error or a correct result.

Bounded to a few seconds per target; ``python benchmarks/fuzz.py`` runs the same targets for longer.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fuzzing import TARGETS, mutate, run_case, save_seed
from hypothesis import HealthCheck, given, settings, strategies as st

SEEDS = {name: seed for name, (_, seed) in TARGETS.items()}


@pytest.fixture(scope="module")
def seeds() -> dict[str, str]:
    return {**SEEDS, "save": save_seed()}


@pytest.mark.parametrize("name", [*TARGETS, "save"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.integers(0, 2**32 - 1), edits=st.integers(1, 4))
def test_mutated_input_is_a_sentence_or_a_result(name: str, case: int, edits: int, seeds: dict[str, str],
                                                  tmp_path: Path) -> None:
    run_case(name, mutate(seeds[name], random.Random(case), edits), tmp_path)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=st.text(max_size=60))
def test_any_typed_line_is_a_choice_or_a_refusal(line: str, tmp_path: Path) -> None:
    run_case("prompt", line, tmp_path)
