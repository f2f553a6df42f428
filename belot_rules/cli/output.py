"""Where commands print: rich consoles for people, plain JSON for programs."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console


def console(stderr: bool = False) -> Console:
    """A console that leaves long lines unbroken (file:line:column messages stay greppable)."""
    return Console(stderr=stderr, highlight=False, emoji=False, soft_wrap=True)


def print_json(data: Any) -> None:
    """Data for ``--json``: indented, UTF-8, nothing else on stdout."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
