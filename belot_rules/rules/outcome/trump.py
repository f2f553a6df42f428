"""What a deal outcome says of a trump laid face down and of the pair (twenty-eight.md §4-5, twenty-nine.md §4, §6):
when the trump was shown, which decides who won the tricks before it, and which seat showed the King and Queen of
trumps, which moves the bid. A scorekeeper knows both; :func:`~.outcome.score_outcome` checks them here."""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import SUIT_OF, card_index, parse_card
from ...files import KeyPath
from ...variant.model import CONCEALED, SUIT_CONTRACTS
from ..declarations.melds import KING, QUEEN
from ..scoring.pipeline import ScoringRules

Problems = list[tuple[KeyPath, str]]


def shown_problems(scoring: ScoringRules, contract: str, shown: tuple[int, int] | None, tricks: int | None) -> Problems:
    """``shown`` (trick, place of the first card played once the trump was shown) against the variant, the contract
    (a trump suit: no trumps is said at once, twenty-nine.md §4.3) and the ``tricks`` given (None: the short form,
    where it is not needed)."""
    variant = scoring.variant
    if shown is None:
        if tricks is not None and variant.play.conceals_trump and contract in SUIT_CONTRACTS:
            return [(("trump_shown",), f"{variant.name} lays the trump face down: say when it was shown, as "
                     "{trick: N, card: M}: the trick (0 is the first) and the place in it of the first card played "
                     "once it was shown (the card of the player who asked, or the bidder's last card)")]
        return []
    if not variant.play.conceals_trump:
        return [(("trump_shown",), f"{variant.name} shows the trump at once (play.trump_shown at_once); leave "
                 "trump_shown out")]
    if contract not in SUIT_CONTRACTS:
        return [(("trump_shown",), f"{contract.replace('_', ' ')} has no trump to lay face down (twenty-nine.md §4.3: "
                 "said at once); leave trump_shown out")]
    trick, card = shown
    if tricks is not None and trick >= tricks:
        return [(("trump_shown", "trick"), f"there are {tricks} tricks, numbered from 0; the trump was shown in one "
                 "of them")]
    if card >= scoring.seating.players:
        return [(("trump_shown", "card"), f"a trick has {scoring.seating.players} cards, placed from 0")]
    return []


def best_in_trick(scoring: ScoringRules, contract: str, shown: tuple[int, int] | None, number: int,
                  cards: list[int]) -> int:
    """The place of the card that wins trick ``number``: before the trump was shown the best card of the suit led
    wins; in the trick it was shown, the best so far then meets the trumps played after, and the trump-suit cards
    played before count as trumps only under ``earlier_trumps: become_trumps`` (twenty-eight.md §4.3, twenty-nine.md
    §4.4), as :meth:`~belot_rules.engine.deal.DealState.show_trump` plays it."""
    tables = scoring.tables[contract]
    if shown is None or number > shown[0]:
        return tables.trick_winner_index(cards)
    hidden = scoring.tables[CONCEALED]
    if number < shown[0]:
        return hidden.trick_winner_index(cards)
    before = shown[1]
    if not before:
        return tables.trick_winner_index(cards)
    earlier = tables if scoring.variant.play.earlier_trumps_count else hidden
    best = earlier.trick_winner_index(cards[:before])
    strength = tables.trick_strength[SUIT_OF[cards[0]]]
    for place in range(before, len(cards)):
        if strength[cards[place]] > strength[cards[best]]:
            best = place
    return best


def pair_problems(scoring: ScoringRules, contract: str, pair: int | None, shown: tuple[int, int] | None,
                  tricks: Sequence[Sequence[str]] | None, played_by: dict[int, tuple[int, int]]) -> Problems:
    """The seat that showed the pair: the variant must have one, the contract a trump suit, and where the tricks are
    given that seat played the King and Queen of trumps after the trump was shown."""
    variant = scoring.variant
    if pair is None:
        return []
    if not variant.declarations.pair.enabled:
        return [(("pair",), f"{variant.name} has no pair (declarations.pair.enabled is false); leave it out")]
    if contract not in SUIT_CONTRACTS:
        return [(("pair",), f"the pair is the King and Queen of trumps: {contract.replace('_', ' ')} has no trumps")]
    if pair >= scoring.seating.players:
        return []  # the table's own check names the seat
    if tricks is None:
        return []
    suit = SUIT_CONTRACTS.index(contract)
    for card, name in ((card_index(suit, KING), "King"), (card_index(suit, QUEEN), "Queen")):
        seat, number = played_by.get(card, (-1, -1))
        place = next((i for i, c in enumerate(tricks[number]) if parse_card(c).index == card), 0) if number >= 0 else 0
        if seat != pair:
            return [(("pair",), f"seat {pair} did not play both the King and Queen of {contract}: no pair to show")]
        if shown is not None and (number, place) < shown:
            return [(("pair",), f"seat {pair} played the {name} of {contract} "
                     "before the trump was shown: the pair is shown after, with both cards in hand")]
    return []

