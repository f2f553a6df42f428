"""The compiled solver (``belot_rules/_solver.c``) gives the Python solver's values in every shipped variant.

It is optional, like the playout kernel: this test builds the checkout's C source with the
project's ``setup.py`` into a temporary folder and compares it with the pure-Python search on
random positions (the brute-force checks of the Python solver are in test_solver.py). Without a
C compiler it is skipped, except under CI (the variable ``CI`` set), where the solver must build.
"""

from __future__ import annotations

import importlib.util
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from test_playout_kernel import _build, need_compiler
from test_solver import small_position

from belot_rules import kernel, load_variant
from belot_rules.players import solver as solver_module
from belot_rules.players.solver import Solver, camp_of
from belot_rules.variant.loader import shipped_names


@pytest.fixture(scope="session")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The solver compiled from the checkout's source, loaded without touching the imported package."""
    need_compiler("the solver")
    folder = tmp_path_factory.mktemp("solver")
    result = _build(folder)
    built = sorted((folder / "belot_rules").glob("_solver*"))
    assert result.returncode == 0 and built, f"the solver did not build:\n{result.stdout}\n{result.stderr}"
    spec = importlib.util.spec_from_file_location("belot_rules._solver", built[0])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", shipped_names())
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), left=st.integers(1, 4))
def test_compiled_solver_gives_the_python_values(name: str, seed: int, left: int, compiled: ModuleType,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Each legal card's value and the position's value, in C and in Python, for both camps."""
    monkeypatch.setattr(solver_module, "COMPILED", compiled)
    ruleset = load_variant(name)
    state = small_position(ruleset, seed, left)
    for camp in (camp_of(ruleset, state.to_act, state.declarer), camp_of(ruleset, (state.to_act + 1) % ruleset.seating.players, state.declarer)):
        in_c, in_python = Solver(ruleset, state.contract or "", camp), Solver(ruleset, state.contract or "", camp, False)
        # Rules the kernel does not know (Twenty-Eight's free trumping and undertrump ban) are searched in Python.
        known = ruleset.obligations[state.contract or ""].kernel_plays
        assert in_c.kernel is (compiled if known else None) and in_python.kernel is None
        assert in_c.card_values(state) == in_python.card_values(state)
        assert in_c.solve(state) == in_python.solve(state)


def test_the_compiled_solver_names_the_source_it_was_built_from(compiled: ModuleType) -> None:
    """setup.py compiles the digest of ``_solver.c`` and the shared ``obligations.h`` into it, the sum kernel.py takes
    of the source beside it (belot_rules/kernel.py, usable), and the layout and codes it reads."""
    assert compiled.SOURCE_DIGEST == kernel.source_digest("_solver")
    assert kernel.usable(compiled) is compiled


def test_compiled_solver_reports_bad_arguments(compiled: ModuleType) -> None:
    """A wrong table or hand count is an error, never a search over garbage."""
    ruleset = load_variant("bulgarian")
    packed = ruleset.obligations["hearts"].packed
    with pytest.raises(ValueError):
        compiled.values(b"short", 4, 1, 10, None, None, [1, 2, 4, 8], 0, 0, [], 0, 1, 0, 0)
    with pytest.raises(ValueError):
        compiled.values(packed, 4, 1, 10, None, None, [1, 2, 4], 0, 0, [], 0, 1, 0, 0)
    with pytest.raises(ValueError):
        compiled.values(packed, 4, 1, 10, None, None, [1, 2, 4, 8], 0, 0, [], 0, 1, 0, -1)


@pytest.mark.parametrize("compiled_search", [True, False])
def test_a_limit_of_positions_gives_none_rather_than_values_it_has_not_found(compiled_search: bool,
                                                                             compiled: ModuleType,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert's budget bounds its time: past its limit a solve gives None, never a half-searched value, and a
    limit it stays within changes nothing (in C and in Python)."""
    monkeypatch.setattr(solver_module, "COMPILED", compiled)
    ruleset = load_variant("bulgarian")
    state = small_position(ruleset, 7, 4)
    solver = Solver(ruleset, state.contract or "", camp_of(ruleset, state.to_act, state.declarer), compiled_search)
    full = solver.card_values(state)
    needed = solver.nodes
    assert full is not None and needed > 10
    assert solver.card_values(state, needed // 2) is None
    assert solver.card_values(state, needed + 1) == full


def test_a_position_searches_as_many_positions_whatever_was_solved_before(compiled: ModuleType,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert's budget counts positions so that a seed makes the same choices (issue 23), so a solve must search
    the same positions in every call: its table's slots may not depend on how many calls came before (they did, and
    a duel's result could depend on how its deals were shared among workers)."""
    monkeypatch.setattr(solver_module, "COMPILED", compiled)
    ruleset = load_variant("bulgarian")
    first, other = small_position(ruleset, 3, 8), small_position(ruleset, 4, 8)
    solver = Solver(ruleset, first.contract or "", camp_of(ruleset, first.to_act, first.declarer))
    counts = []
    for extra in range(4):
        for _ in range(extra):
            Solver(ruleset, other.contract or "", camp_of(ruleset, other.to_act, other.declarer)).card_values(other)
        solver.card_values(first)
        counts.append(solver.nodes)
    assert len(set(counts)) == 1 and counts[0] > 1000
