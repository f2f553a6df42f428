"""The package as a wheel sees it: every folder of code is a regular package, and every file the code
reads beside it (the table's stylesheet, the variant files, the schema) is built into it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import belot_rules

ROOT = Path(__file__).resolve().parents[1]
SOURCES = {".py", ".pyc", ".c", ".h"}  # code: built or compiled, not copied as data


def test_every_code_folder_has_an_init_so_the_wheel_includes_it():
    root = Path(belot_rules.__file__).parent
    missing = [str(d.relative_to(root)) for d in root.rglob("*") if d.is_dir()
               and d.name != "__pycache__" and any(d.glob("*.py")) and not (d / "__init__.py").exists()]
    assert missing == []


def test_the_built_package_holds_every_data_file_the_code_reads(tmp_path: Path) -> None:
    """``pip install .`` builds the package with ``build_py``: without the stylesheet in it the full-screen
    table could not start from an installed copy (only from the checkout)."""
    checkout = tmp_path / "checkout"  # as cloned: no egg-info left by an earlier build lists the files
    shutil.copytree(ROOT, checkout, ignore=shutil.ignore_patterns(
        ".git", "*.egg-info", "build", "dist", "__pycache__", ".*cache*", ".hypothesis", "*.so"))
    built = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(tmp_path)],
                           cwd=checkout, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    package = ROOT / "belot_rules"
    data = [p.relative_to(package) for p in package.rglob("*")
            if p.is_file() and p.suffix not in SOURCES and "__pycache__" not in p.parts and not p.name.endswith(".so")]
    assert Path("cli/tui/table.tcss") in data
    assert [str(p) for p in data if not (tmp_path / "belot_rules" / p).is_file()] == []
    shipped = {p.name for p in (tmp_path / "belot_rules" / "variants").glob("*.yaml")}
    assert {"bulgarian.yaml", "french.yaml", "klaberjass.yaml"} <= shipped
    assert (tmp_path / "belot_rules" / "schemas").is_dir()
