"""A variant's own words in the language a command speaks: what ``belot list``, ``belot show`` and a
game's header call it, and what its table calls the contracts and doubling levels.

The file's ``languages`` section gives them (``variant/wording.py``); what it leaves out is
the file's English title and description and the catalogue's table words.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import i18n
from .model import SUIT_CONTRACTS, Variant


@dataclass(frozen=True)
class VariantWords:
    """A variant's title, description, contract names and doubling level names in one language."""

    language: str
    title: str
    description: str
    contracts: dict[str, str]  # by contract key (no_trumps, all_trumps, a suit) and "suit" for any trump suit
    levels: tuple[str, ...]  # each doubling level's name, first double first
    english_description: bool = False  # another language was asked for and the file describes itself in English only


def words_in(variant: Variant, language: str | None = None) -> VariantWords:
    """``variant``'s words in ``language`` (the one this command speaks when None)."""
    language = i18n.current() if language is None else language
    own = variant.languages.get(language)  # type: ignore[call-overload]
    catalogue = i18n.catalogue(language)
    english = {"no_trumps": "no trumps", "all_trumps": "all trumps"}
    contracts = {key: catalogue.pgettext("contract", name) for key, name in english.items()}
    contracts |= {suit: catalogue.pgettext("suit", suit) for suit in SUIT_CONTRACTS}
    if language == i18n.SOURCE:  # the English names the rules give (Baloot's Sun and Hokum)
        contracts |= dict(variant.bidding.contract_names.items())
    levels = tuple(variant.bidding.doubles.names[:variant.bidding.doubles.max_level])
    in_english = language != i18n.SOURCE and bool(variant.description) and not (own is not None and own.description)
    if own is None:
        return VariantWords(language, variant.title, variant.description, contracts, levels, in_english)
    return VariantWords(language, own.title or variant.title, own.description or variant.description,
                        contracts | dict(own.contracts), tuple(own.levels) + levels[len(own.levels):], in_english)

