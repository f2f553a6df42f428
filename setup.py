"""Build hook: ship the top-level ``variants/`` and ``schemas/`` inside the package, and build the optional kernel.

The variant files live at the top of the repository, where people read and edit them;
an installed ``belot`` finds them as ``belot_rules/variants`` and ``belot_rules/schemas``.
An editable install reads the checkout's folders directly, so it copies nothing.

``belot_rules._playout`` is the trick loop of random playouts in C. It is optional: without a
C compiler the build warns and goes on, and the engine plays the same loop in Python.
``belot_rules._solver``, the bots' double-dummy solver in C, is optional in the same way.
Both include ``belot_rules/rules/play/obligations.h``, the one home in C of the play rules they share (legal
cards, a trick's winner, the packed rule codes), beside the play rules in Python, and the kernel
``belot_rules/_heuristic.h`` and ``belot_rules/_bidding.h``, the heuristic bot's card play and calls, and
``belot_rules/rules/scoring/deal_score.h``, a deal's score between two camps, and ``belot_rules/_random_deal.h``,
whole deals of a table of random players; the headers a module includes
(named from the package's folder, which is on the include path)
are listed among its ``depends`` so that a change to one rebuilds it. Each is told the digest of its source, which ``belot_rules/kernel.py``
compares with the files beside it, so that a build of older source is not used.
"""

import hashlib
import re
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


def compiled(name: str) -> Extension:
    """The optional extension ``belot_rules.<name>`` of ``<name>.c`` and the package's headers it includes, told
    the digest of them all (belot_rules/kernel.py, source_digest, the same sum: a build of older source is not
    used)."""
    source = f"belot_rules/{name}.c"
    text = (ROOT / source).read_bytes()
    headers = [f"belot_rules/{h.decode()}" for h in re.findall(rb'^#include "([\w/]+\.h)"', text, re.MULTILINE)]
    digest = hashlib.sha256(text + b"".join((ROOT / h).read_bytes() for h in headers)).hexdigest()[:16]
    return Extension(f"belot_rules.{name}", [source], depends=headers, optional=True, include_dirs=["belot_rules"],
                     define_macros=[("SOURCE_DIGEST", digest)])


setup(cmdclass={"build_py": BuildPyWithData}, ext_modules=[compiled("_playout"), compiled("_solver")])
