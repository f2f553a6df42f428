"""The package as a wheel sees it: every folder of code is a regular package."""

from __future__ import annotations

from pathlib import Path

import belot_rules


def test_every_code_folder_has_an_init_so_the_wheel_includes_it():
    root = Path(belot_rules.__file__).parent
    missing = [str(d.relative_to(root)) for d in root.rglob("*") if d.is_dir()
               and d.name != "__pycache__" and any(d.glob("*.py")) and not (d / "__init__.py").exists()]
    assert missing == []
