"""What one seat may know of a deal: :meth:`DealState.view <belot_rules.engine.deal.DealState.view>` builds it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import CARDS, cards_of
from ..checks import seat as check_seat
from ..rules.declarations.melds import Declaration
from ..variant.model import SUIT_CONTRACTS
from .last_card import shown_card
from .phases import BIDDING
from .predictions import shown_predictions

if TYPE_CHECKING:
    from .deal import DealState


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know: its own hand and everything shown on the table, never another hand."""

    seat: int
    hand: tuple[str, ...]
    phase: str
    dealer: int
    to_act: int
    turned_card: str | None
    calls: tuple[tuple[int, str], ...]
    contract: str | None
    declarer: int
    multiplier: int
    bid: int | None
    trick: tuple[tuple[int, str], ...]
    tricks: tuple[tuple[int, tuple[str, ...], int], ...]  # (leader, cards, winner)
    declared: tuple[tuple[int, str], ...]
    belotes: tuple[tuple[int, str], ...]
    hanging_in: int
    # The seat that took the turned card for the trump seven, and the seven it left face up on the stock.
    exchanged: tuple[int, str] | None = None
    shown_stock: str | None = None  # the stock's bottom card, turned face up once the hands are complete
    chien: int = 0  # cards of the chien still face down on the table (the taker picks them up)
    discarded: tuple[str, ...] = ()  # the taker's discards: in his own view only
    # An open tableau (deal.tableau_packets): per seat, per pile, the card dealt face up and the card under it once
    # turned up (else None). ``hand`` then holds the seat's playable cards: its hand cards and face-up cards.
    tableau: tuple[tuple[tuple[str, str | None], ...], ...] = ()
    closed: bool = False  # a closed game (bidding.doubles.lock): no trump led while another card is held
    # play.trump_shown on_demand: the card the bidder laid face down, in his own view only, until it is shown; every view
    # says whether a trump still lies face down (``contract`` is then the rules in force: concealed).
    trump_card: str | None = None
    trump_concealed: bool = False
    pair: int = -1  # the seat that showed the pair (declarations.pair), or -1
    # bidding.predictions: per seat, the points predicted, -1 not yet, -2 made but hidden from this seat
    predictions: tuple[int, ...] = ()
    # bidding.last_card shown_from_hand: the seat that showed the last card dealt, which names trump, and the card
    shown_card: tuple[int, str] | None = None
    # play.single_hand: the seat playing the deal alone and his partner sitting it out, or -1 (engine/alone.py); a trick
    # led by ``leader`` is then played by ruleset.seating.turns[out][leader]
    alone: int = -1
    out: int = -1
    doubling_from: int = -1  # the calls made before a doubling round after the bidding opened, or -1
    board: tuple[int, ...] = ()  # the match score before the deal, per side: every seat sees the score sheet
    # What a table shows besides (filled by the game controller for its views; :meth:`DealState.view` leaves them
    # empty): the auction's state, each side's tricks and card points so far, how many cards each hand holds, the
    # declarations, and what only some may see: the chien (to the taker; to all once the deal is over) and every
    # hand (to someone watching bots who asked for them).
    level: int = 0  # the doubling level reached
    doubling: bool = False  # the auction's doubling round is open
    first_speaker: int = -1
    second_round: bool = False  # the second round of bidding on a turned card
    must_call: bool = False  # the seat to act must name a contract
    side_points: tuple[int, ...] = ()
    side_tricks: tuple[int, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    declarations: tuple[Declaration, ...] = ()
    chien_cards: tuple[str, ...] = ()
    open_hands: tuple[tuple[str, ...], ...] = ()

    def played_contract(self) -> str:
        """The contract being played: set once the auction is over."""
        assert self.contract is not None, "no contract yet"
        return self.contract

    def piles(self, seat: int) -> tuple[tuple[str | None, ...], ...]:
        """``seat``'s piles as they lie now, each bottom card first, None for a card face down."""
        gone = {c for _, cards, _ in self.tricks for c in cards} | {c for _, c in self.trick}
        shown: list[tuple[str | None, ...]] = []
        for up, below in self.tableau[seat] if self.tableau else ():
            if up not in gone:
                shown.append((below, up))
            elif below is None:
                shown.append((None,))  # its face-up card is in the trick; the trick is not over
            else:
                shown.append(() if below in gone else (below,))
        return tuple(shown)


def seat_view(state: DealState, seat: int) -> SeatView:
    """What ``seat`` sees of ``state``: its hand, the calls, the table and what has been declared."""
    check_seat(seat, state.ruleset.seating.players)
    trick_seats = state.ruleset.seating.turns[state.out][state.leader][:len(state.trick)]
    return SeatView(
        seat=seat,
        hand=tuple(str(c) for c in cards_of(state.hands[seat])),
        phase=state.phase,
        dealer=state.dealer,
        to_act=state.to_act,
        turned_card=str(CARDS[state.turned_card]) if state.turned_card >= 0 else None,  # all saw it turned
        calls=tuple((s, str(c)) for s, c in (state.auction.calls if state.auction else [])),
        contract=state.contract,
        declarer=state.declarer,
        multiplier=state.multiplier,
        bid=state.bid,
        trick=tuple((s, str(CARDS[c])) for s, c in zip(trick_seats, state.trick)),
        tricks=tuple((lead, tuple(str(CARDS[c]) for c in cards), win) for lead, cards, win in state.tricks),
        declared=tuple((s, str(d)) for s in sorted(state.declared) for d in state.declared[s]),
        belotes=tuple((s, SUIT_CONTRACTS[suit]) for s, suit in state.belotes),
        hanging_in=state.hanging_in,
        chien=state.ruleset.dealing.widow_size if state.phase == BIDDING else 0,
        discarded=tuple(str(CARDS[c]) for c in state.discarded) if seat == state.declarer else (),
        exchanged=(state.exchanged, str(CARDS[state.turned_card & ~7])) if state.exchanged >= 0 else None,
        shown_stock=str(CARDS[state.shown_stock]) if state.shown_stock >= 0 else None,
        tableau=state.tableau.shown(state.hidden) if state.tableau is not None else (),
        closed=state.closed,
        trump_card=str(CARDS[state.trump_card]) if state.trump_card >= 0 and seat == state.declarer else None,
        trump_concealed=state.trump_card >= 0,
        pair=state.pair,
        predictions=shown_predictions(state, seat) if state.predictions else (),
        shown_card=shown_card(state),
        alone=state.alone,
        out=state.out,
        doubling_from=state.auction.doubling_from if state.auction else -1,
        board=state.auction.board if state.auction else (),
    )
