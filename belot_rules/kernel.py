"""The optional compiled kernel of random playouts, ``belot_rules._playout``, or None where it is not built.

``setup.py`` builds it from ``belot_rules/_playout.c``, ``belot_rules/rules/play/obligations.h`` (the play rules
it shares with the compiled solver, ``belot_rules._solver``), ``belot_rules/_heuristic.h`` and
``belot_rules/_bidding.h`` (the heuristic bot's card play and calls), ``belot_rules/rules/scoring/deal_score.h`` (a deal's score
between two camps) and ``belot_rules/_random_deal.h`` (whole deals of a table of random players, from their seeds to what a
simulation counts of them: engine/random_deals.py) where a C compiler is at hand. It plays
the trick loop of :meth:`~belot_rules.engine.deal.DealState.play_out` when the cards are drawn
at random or chosen by the heuristic bot at every seat (``compiled_choice``), and shuffles packs
(:func:`~belot_rules.rules.deal.dealing.shuffle`), with exactly the random draws, cards and results of
the Python code that stands in for it. The callers read
``compiled`` at each call, so setting it to None switches the kernel off.
"""

from __future__ import annotations

import hashlib
import re
import warnings
from pathlib import Path
from types import ModuleType

# The layout of Obligations.packed, as the kernel's ``Spec`` reads it: kind, trump suit, partner_back, the
# three partner flags and codes as legal_fast reads them, the head code; the trump mask and the four suit
# masks; per card its points and the stronger cards of its suit; per led suit and card its strength in the
# trick. 4-byte fields in native byte order, no padding. ``obligations.h`` declares the layout and the codes for
# both compiled modules, and each says which it was built with.
PACKED_FORMAT = "=8i5I32i32I128i"
# The codes its fields take (rules/play/obligations.py): a build that knows fewer would play a new rule as another, silently.
PACKED_CODES = "kind 0-2, partner_void 0-4, undertrump 0-2, head_plain 0-2"
# The layouts of the heuristic bot's tables as the playout kernel reads them: CardSense.packed (players/card_play.py,
# ``Sense`` in _heuristic.h) and BiddingSense's (players/bidding_kernel.py, ``Bidder`` in _bidding.h), which say
# what each holds. A build that names other layouts (or none: from before them) is not used.
SENSE_FORMAT = "=iIiI32I64i32i32i32i32i32i32i64i512i64I512i"
BIDDER_FORMAT = "=8d8d8d8d8d8d16d16d32d4096d4096d8d8d1280d6i8i8i8i32I"
# The layout of a scoring's options as deal_score.h reads them (``Scoring``; rules/scoring/kernel_scoring.py packs it).
SCORING_FORMAT = "=35i"
# The layout of a table of random players' deals as _random_deal.h reads it (``RandomTable``; engine/random_deals.py
# packs it).
TABLE_FORMAT = "=4i4i4i4i32i128i512i2560i9i9i8i8i13i1i8i8i8i64i64I64i8I8i"
LAYOUTS = {"_playout": {"SENSE_FORMAT": SENSE_FORMAT, "BIDDER_FORMAT": BIDDER_FORMAT,
                        "SCORING_FORMAT": SCORING_FORMAT, "TABLE_FORMAT": TABLE_FORMAT}}  # per module, beside Spec's


def source_digest(name: str, folder: Path = Path(__file__).parent) -> str | None:
    """The digest of the C source of ``belot_rules.<name>`` in ``folder``: ``<name>.c`` and the headers of the
    package it includes (``#include "rules/play/obligations.h"``, named from the package's folder), in that order, as setup.py compiles it into the module
    (SOURCE_DIGEST); None where the source is not there."""
    digest = hashlib.sha256()
    try:
        source = (folder / f"{name}.c").read_bytes()
        digest.update(source)
        for header in re.findall(rb'^#include "([\w/]+\.h)"', source, re.MULTILINE):
            digest.update((folder / header.decode()).read_bytes())
    except OSError:
        return None
    return digest.hexdigest()[:16]


def usable(module: ModuleType) -> ModuleType | None:
    """``module`` if it was built from the source beside it and reads the tables as they are packed now; None,
    with a warning, for a build of older source. A build that names no source digest (not made by setup.py),
    or one installed without its source, is judged by the layout and codes it reads alone."""
    name = module.__name__.rpartition(".")[2]
    stale = (getattr(module, "PACKED_FORMAT", None), getattr(module, "PACKED_CODES", None)) != (PACKED_FORMAT,
                                                                                               PACKED_CODES)
    stale = stale or any(getattr(module, key, None) != layout for key, layout in LAYOUTS.get(name, {}).items())
    built = getattr(module, "SOURCE_DIGEST", None)
    if built is not None:
        source = source_digest(name)
        stale = stale or (source is not None and source != built)
    if stale:
        warnings.warn(f"belot_rules.{name} was built from an older source; the Python code stands in for it "
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
