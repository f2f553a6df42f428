"""The optional compiled kernel of random playouts, ``belot_rules._playout``, or None where it is not built.

``setup.py`` builds it from ``belot_rules/_playout.c`` and ``belot_rules/_rules.h`` (the play rules
it shares with the compiled solver, ``belot_rules._solver``) where a C compiler is at hand. It plays
the trick loop of :meth:`~belot_rules.engine.deal.DealState.play_out` when the cards are drawn
at random, and shuffles packs (:func:`~belot_rules.rules.dealing.shuffle`), with exactly the
random draws and results of the Python code that stands in for it. The callers read
``compiled`` at each call, so setting it to None switches the kernel off.
"""

from __future__ import annotations

import warnings
from types import ModuleType

# The layout of Obligations.packed, as the kernel's ``Spec`` reads it: kind, trump suit, partner_back, the
# three partner flags and codes as legal_fast reads them, the head code; the trump mask and the four suit
# masks; per card its points and the stronger cards of its suit; per led suit and card its strength in the
# trick. 4-byte fields in native byte order, no padding. ``_rules.h`` declares the layout and the codes for
# both compiled modules, and each says which it was built with.
PACKED_FORMAT = "=8i5I32i32I128i"
# The codes its fields take (rules/play.py): a build that knows fewer would play a new rule as another, silently.
PACKED_CODES = "kind 0-2, partner_void 0-4, undertrump 0-2, head_plain 0-2"


def usable(module: ModuleType) -> ModuleType | None:
    """``module`` if it reads the tables as they are packed now; None, with a warning, for a build of older source."""
    if (getattr(module, "PACKED_FORMAT", None), getattr(module, "PACKED_CODES", None)) != (PACKED_FORMAT, PACKED_CODES):
        warnings.warn("belot_rules._playout was built from an older source; playing in pure Python "
                      "(rebuild it: python setup.py build_ext --inplace)", RuntimeWarning, stacklevel=2)
        return None
    return module


compiled: ModuleType | None
try:
    from . import _playout
except ImportError:
    compiled = None
else:
    compiled = usable(_playout)
