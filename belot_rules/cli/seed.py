"""The ``--seed`` the commands take: records, saves and results files keep it, so it must read back from them."""

from __future__ import annotations

import argparse

from ..i18n import gettext as _

MAX_SEED = 10 ** 18 - 1  # 18 digits: well inside the MAX_NUMBER_CHARS a record, save or results file may hold


def seed_number(text: str) -> int:
    """An argparse type: a seed from 0 to ``MAX_SEED``; a longer one would make a record ``belot replay`` refuses."""
    try:
        value = int(text)
    except ValueError:  # not a number, or one of more digits than int() reads
        value = -1
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(_("a seed is a whole number from 0 to {most}, not {text}").format(
            most=MAX_SEED, text=text[:40]))
    return value
