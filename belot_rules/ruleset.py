"""The compiled variant: every strategy built once, the public rules API on top.

``load_variant`` -> :class:`Ruleset` is the entry point other programs use. A
ruleset is immutable and cheap to share between games and processes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .cards import Card, CardError, cards_of, mask_of, parse_card, parse_cards, quoted
from .checks import seat as check_seat
from .errors import UserError
from .files import excerpt
from .rules.bidding.auction import Bidding, build_bidding
from .rules.bidding.closed import closed_levels
from .rules.cards.tables import ContractTables, build_all_tables
from .rules.deal.dealing import Dealing
from .rules.deal.redeal import barring_cards, four_cards
from .rules.declarations.melds import DeclarationRules
from .rules.match.end import MatchRules
from .rules.play.jass import obligations
from .rules.play.obligations import Obligations
from .rules.scoring.pipeline import ScoringRules
from .rules.scoring.result import DealScore
from .rules.table.seating import Seating
from .variant.model import CONCEALED, CONTRACTS, Variant

if TYPE_CHECKING:
    from .rules.outcome.parse import DealOutcome

CardLike = Card | str


class Ruleset:
    """A variant compiled into strategies: tables, bidding, obligations, declarations, scoring, match."""

    def __init__(self, variant: Variant, content_hash: str = "", source: str = "") -> None:
        if not isinstance(variant, Variant):
            raise UserError(f"a Ruleset is compiled from a Variant, not {excerpt(variant)}; "
                            "load one with load_variant(name or path)")
        self.variant = variant
        self.name = variant.name
        self.content_hash = content_hash
        self.source = source
        self.seating = Seating.build(variant)
        self.dealing = Dealing(variant.deal, self.seating)
        self.tables: dict[str, ContractTables] = build_all_tables(variant)
        self.obligations: dict[str, Obligations] = {
            c: obligations(t, variant.play, self.seating.partner_back) for c, t in self.tables.items()
        }
        self.bidding: Bidding = build_bidding(variant, self.seating)
        self.closed_levels = closed_levels(variant)  # doubling levels whose suit contracts are played closed
        self.redeal_barring = barring_cards(variant)  # cards that bar a redeal claim; 0: no claim
        self.redeal_four = four_cards(variant)  # four cards that allow one all the same (the four Jacks); 0: none
        self.declarations = DeclarationRules(variant, self.seating)
        self.scoring = ScoringRules(variant, self.tables, self.declarations, self.seating)
        self.match = MatchRules(variant)

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r})"

    @property
    def contracts(self) -> tuple[str, ...]:
        """The contracts played (not the rules in force while a trump lies face down, which are no contract)."""
        return tuple(c for c in self.tables if c != CONCEALED)

    @cached_property
    def deck_total(self) -> dict[str, int]:
        """Card points plus last trick of each contract (before the no-trumps factor)."""
        return {c: t.total_points + self.variant.scoring.last_trick for c, t in self.tables.items()}

    def contract_tables(self, contract: str) -> ContractTables:
        tables = self.tables.get(contract) if isinstance(contract, str) else None
        if tables is None:
            valid = ", ".join(self.tables)
            hint = "" if contract in CONTRACTS else " (contracts are written like hearts or no_trumps)"
            raise UserError(f"{self.name} has no contract {quoted(contract)}{hint}; valid: {valid}")
        return tables

    def legal_cards(
        self,
        contract: str,
        hand: Iterable[CardLike],
        trick: Sequence[tuple[int, CardLike]] = (),
        seat: int | None = None,
    ) -> list[Card]:
        """The cards of ``hand`` that ``seat`` may play onto ``trick`` ((seat, card) pairs in play order)."""
        self.contract_tables(contract)
        table = self.seating
        hand_mask = self._hand(hand)
        seats, cards = self._trick(trick)
        if len(seats) >= table.players:
            raise UserError(f"a trick holds at most {table.players - 1} cards before the seat to act plays")
        if hand_mask & mask_of(cards):
            raise UserError("a card on the table is also in the hand")
        if seat is None:
            seat = table.next_seat(seats[-1]) if seats else 0
        check_seat(seat, table.players)
        expected = [table.seat_after(seat, i - len(seats)) for i in range(len(seats))]
        if seats != expected:
            order = ", ".join(str(s) for s in table.seats)
            raise UserError(f"the trick's seats {seats} do not lead up to seat {seat}; seats play in order {order}")
        return cards_of(self.obligations[contract].legal(hand_mask, cards))

    def illegal_reason(self, contract: str, hand: Iterable[CardLike], trick: Sequence[tuple[int, CardLike]],
                       card: CardLike) -> str:
        """Why ``card`` may not be played, in a player's words; a card not held, or legal, is a :class:`UserError`."""
        self.contract_tables(contract)
        hand_mask = self._hand(hand)
        _, cards = self._trick(trick)
        if not cards:
            raise UserError("any card of the hand may lead a trick")
        chosen = parse_card(card)
        if not chosen.bit & hand_mask:
            raise UserError(f"{chosen} is not in the hand; only a card held can be played")
        if chosen.bit & self.obligations[contract].legal(hand_mask, cards):
            raise UserError(f"{chosen} may be played here: no rule forbids it")
        return self.obligations[contract].reason(hand_mask, cards, chosen.index)

    def trick_winner(self, contract: str, trick: Sequence[tuple[int, CardLike]]) -> int:
        """The seat that wins ``trick`` ((seat, card) pairs in play order)."""
        seats, cards = self._trick(trick)
        if not cards:
            raise UserError("an empty trick has no winner")
        return seats[self.contract_tables(contract).trick_winner_index(cards)]

    def _hand(self, hand: Iterable[CardLike]) -> int:
        """A hand as a card set: each card once, no more than a hand holds."""
        try:
            cards = parse_cards(hand)
        except CardError as err:
            raise CardError(f"the hand: {err}") from None
        mask = mask_of(cards)
        if len(cards) != mask.bit_count():
            raise UserError("a card appears twice in the hand")
        self._in_pack(mask, "the hand")
        if len(cards) > self.seating.hand_size:
            raise UserError(f"a hand holds at most {self.seating.hand_size} cards; got {len(cards)}")
        return mask

    def _trick(self, trick: Sequence[tuple[int, CardLike]]) -> tuple[list[int], list[int]]:
        """The seats and card indices of a trick of (seat, card) pairs, each seat a seat of the table, each card once."""
        if not isinstance(trick, (list, tuple)):
            raise UserError(f"a trick is a list of (seat, card) pairs in play order, like [(0, \"KC\"), (1, \"9H\")], "
                            f"not {excerpt(trick)}")
        for pair in trick:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise UserError(f"each play of a trick is a (seat, card) pair like (0, \"KC\"), not {excerpt(pair)}")
        seats = [check_seat(s, self.seating.players, "a trick's seat") for s, _ in trick]
        try:
            cards = [parse_card(c).index for _, c in trick]
        except CardError as err:
            raise CardError(f"a trick's card: {err}") from None
        if len(set(cards)) != len(cards):
            raise UserError("a card appears twice in the trick")
        self._in_pack(mask_of(cards), "the trick")
        if len(set(seats)) != len(seats):
            raise UserError("a seat plays twice in the trick")
        return seats, cards

    def _in_pack(self, mask: int, what: str) -> None:
        """A hand or trick of cards this variant deals: ``7H`` at a table of 24 cards is a mistake, not a card."""
        foreign = mask & ~self.seating.pack_mask
        if foreign:
            names = ", ".join(str(c) for c in cards_of(foreign))
            raise UserError(f"{what}: {names} not in the {self.seating.pack_size}-card pack of {self.name}")

    def score_deal(self, outcome: Mapping[str, Any] | DealOutcome) -> DealScore:
        """Score a deal outcome (a :class:`~belot_rules.rules.outcome.DealOutcome` or a plain dict)."""
        from .rules.outcome.parse import score_outcome

        return score_outcome(self, outcome)
