"""The optional compiled kernel of random playouts, ``belot_rules._playout``, or None where it is not built.

``setup.py`` builds it from ``belot_rules/_playout.c`` where a C compiler is at hand. It plays
the trick loop of :meth:`~belot_rules.engine.deal.DealState.play_out` when the cards are drawn
at random, and shuffles packs (:func:`~belot_rules.rules.dealing.shuffle`), with exactly the
random draws and results of the Python code that stands in for it. The callers read
``compiled`` at each call, so setting it to None switches the kernel off.
"""

from __future__ import annotations

from types import ModuleType

compiled: ModuleType | None
try:
    from . import _playout as compiled
except ImportError:
    compiled = None
