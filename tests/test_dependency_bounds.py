"""The oldest versions CI tests are the lower bounds pyproject.toml states, one for one."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / ".ci" / "lowest-constraints.txt"
UNTESTED_EXTRAS = {"cluster", "lint", "docs"}  # Ray is large (its tests skip without it); the linters and the site run once, newest


def release(version: str) -> tuple[int, ...]:
    """``6`` and ``6.0.0`` are the same release."""
    parts = [int(p) for p in version.split(".")]
    while parts and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def lower_bounds() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra, listed in project["optional-dependencies"].items():
        if extra not in UNTESTED_EXTRAS:
            requirements += listed
    bounds = {}
    for requirement in requirements:
        found = re.fullmatch(r"([A-Za-z0-9_.-]+)\s*>=\s*([0-9.]+)(,.*)?", requirement)
        assert found, f"{requirement}: every dependency has a lower bound (name>=version) that CI tests"
        bounds[found.group(1).lower()] = found.group(2)
    return bounds


def test_the_lowest_constraints_are_the_lower_bounds() -> None:
    """A bound raised in pyproject.toml but not in .ci/lowest-constraints.txt would leave it untested."""
    pinned = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        found = re.fullmatch(r"([A-Za-z0-9_.-]+)==([0-9.]+)", line.split("#")[0].strip())
        if found:
            pinned[found.group(1).lower()] = found.group(2)
    bounds = lower_bounds()
    assert set(pinned) == set(bounds)
    assert {name: release(v) for name, v in pinned.items()} == {name: release(v) for name, v in bounds.items()}
