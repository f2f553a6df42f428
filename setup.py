"""Build hook: ship the top-level ``variants/`` and ``schemas/`` inside the package.

The variant files live at the top of the repository, where people read and edit them;
an installed ``belot`` finds them as ``belot_rules/variants`` and ``belot_rules/schemas``.
An editable install reads the checkout's folders directly, so it copies nothing.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent
SHIPPED = {"variants": "*.yaml", "variants/examples": "*.yaml", "schemas": "*.json"}


class BuildPyWithData(build_py):
    """``build_py`` that also copies the shipped variant files and schemas into the package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for folder, pattern in SHIPPED.items():
            target = Path(self.build_lib, "belot_rules", folder)
            target.mkdir(parents=True, exist_ok=True)
            for source in sorted((ROOT / folder).glob(pattern)):
                shutil.copyfile(source, target / source.name)


setup(cmdclass={"build_py": BuildPyWithData})
