"""Build hook: ship the top-level ``variants/`` and ``schemas/`` inside the package, and build the optional kernel.

The variant files live at the top of the repository, where people read and edit them;
an installed ``belot`` finds them as ``belot_rules/variants`` and ``belot_rules/schemas``.
An editable install reads the checkout's folders directly, so it copies nothing.

``belot_rules._playout`` is the trick loop of random playouts in C. It is optional: without a
C compiler the build warns and goes on, and the engine plays the same loop in Python.
``belot_rules._solver``, the bots' double-dummy solver in C, is optional in the same way.
Both include ``belot_rules/_rules.h``, the one home in C of the play rules they share (legal
cards, a trick's winner, the packed rule codes), listed among their ``depends`` so that a change
to it rebuilds both.
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
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


KERNEL = Extension("belot_rules._playout", ["belot_rules/_playout.c"], depends=["belot_rules/_rules.h"], optional=True)
SOLVER = Extension("belot_rules._solver", ["belot_rules/_solver.c"], depends=["belot_rules/_rules.h"], optional=True)

setup(cmdclass={"build_py": BuildPyWithData}, ext_modules=[KERNEL, SOLVER])
