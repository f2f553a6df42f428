"""The fast play of a deal while its trump lies face down (play.trump_shown on_demand, twenty-eight.md §4).

:meth:`DealState.play_out <belot_rules.engine.deal.DealState.play_out>` plays on local variables, with no
action between two cards; a trump that may be asked for in the middle of a trick needs one. Until it is
shown (and the player who asked has played) the cards go one at a time through the step-by-step moves,
which apply the same rules; the rest of the deal then goes through the fast loop as in any other game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import SUIT_MASKS, SUIT_OF, card_index
from ..rules.declarations.melds import KING, QUEEN
from ..rules.declarations.options import PairNeeds
from ..rules.play.options import SEVENTH
from ..variant.model import SUIT_CONTRACTS
from .actions import ASK_ACTION, NO_TRUMPS_ACTION, PAIR_ACTION, SEVENTH_ACTION, Action
from .phases import CONCEALING, PLAYING

if TYPE_CHECKING:
    from .deal import DealState

PickCard = Callable[[int, int, int, list[int], int], int]


def play_while_concealed(state: DealState, pick_card: PickCard | None, rand: Callable[[], float] | None) -> None:
    """Lay the trump face down and play until it is shown, choosing with ``rand`` (each choice drawn uniformly: the
    seventh card and no trumps are choices beside the cards to lay, asking for the trump one more beside the legal
    cards) or with ``pick_card`` (a card is laid, and a seat that cannot follow always asks: the card picker has no
    say in it, and a trump to play is worth more than a discard)."""
    if state.phase == CONCEALING:
        hand = state.hands[state.declarer]
        if rand is None:
            state.conceal(card_to_lay(hand))
        else:
            others = [a.card for a in seventh_choice(state)]  # twenty-nine.md §4.2-4.3
            pick = int(rand() * (hand.bit_count() + len(others)))
            state.conceal(_nth(hand, pick) if pick < hand.bit_count() else others[pick - hand.bit_count()])
    while state.phase == PLAYING and (state.trump_card >= 0 or state.asked >= 0):
        if state.may_ask():
            legal = state.legal_card_mask()
            if rand is None or int(rand() * (legal.bit_count() + 1)) == legal.bit_count():
                state.show_trump()
        seat, legal = state.to_act, state.legal_card_mask()
        if rand is not None:
            card = _nth(legal, int(rand() * legal.bit_count()))
        else:
            assert pick_card is not None, "play_out draws cards at random (rand) or asks pick_card"
            card = pick_card(legal, seat, state.hands[seat], state.trick, state.win_pos)
        state.play_card(card)


# twenty-eight.md §4.3 (MEM, unverified): the refusal of a card the next function bars.
HIDDEN_LEAD = "while the trump lies face down the bidder may not lead its suit unless he holds nothing else"


def bidder_lead(state: DealState, hand: int) -> int:
    """The cards the bidder may lead while his trump lies face down: under ``hidden_trump_lead: not_by_bidder`` none of
    its suit while he holds another card (twenty-eight.md §4.3), else any."""
    if not state.ruleset.variant.play.bidder_hides_trump_lead:
        return hand
    return hand & ~SUIT_MASKS[SUIT_OF[state.trump_card]] or hand


def seat_choices(state: DealState) -> list[Action]:
    """Besides its cards, what the seat to play may do: ask for a concealed trump (:meth:`DealState.may_ask`), or
    show the pair, the King and Queen of trumps still in hand, once the trump is known and its side has won a trick
    (after the trump was shown, under ``needs: trick_after_reveal``): twenty-eight.md §5, twenty-nine.md §6."""
    choices = [ASK_ACTION] if state.may_ask() else []
    rules = state.ruleset.variant.declarations.pair
    if not rules.enabled or state.pair >= 0 or state.trump_card >= 0 or state.contract not in SUIT_CONTRACTS:
        return choices
    seat, suit = state.to_act, SUIT_CONTRACTS.index(state.contract)
    king_queen = 1 << card_index(suit, KING) | 1 << card_index(suit, QUEEN)
    since = state.shown_at if rules.needs == PairNeeds.trick_after_reveal else 0
    side_of = state.ruleset.seating.side_of
    if state.hands[seat] & king_queen == king_queen and any(
            side_of[winner] == side_of[seat] for _, _, winner in state.tricks[since:]):
        choices.append(PAIR_ACTION)
    return choices


def seventh_choice(state: DealState) -> list[Action]:
    """Besides the cards of his hand, the bidder may call for his seventh card (play.seventh_card) and, where the
    variant lists a no-trump contract, choose it (twenty-nine.md §4.3)."""
    play = state.ruleset.variant.play
    return [SEVENTH_ACTION] * play.seventh_card + [NO_TRUMPS_ACTION] * (open_no_trumps(state) is not None)


def open_no_trumps(state: DealState) -> str | None:
    """The contract without trumps the bidder may choose instead of laying a trump face down: the variant's one
    non-suit contract (Twenty-Nine's reversed no-trump, undenufe), said at once; or None."""
    return next((c for c in state.ruleset.variant.bidding.contracts if c not in SUIT_CONTRACTS), None)


def show(state: DealState) -> None:
    """The trump laid face down is shown, asked for by the seat to act (who must then trump if he can) or because
    the bidder has no other card left: the card goes back to the bidder's hand and its suit is trump from now on.
    The tricks already taken count their cards as in the trump contract; in this trick a card of the trump suit
    played before counts as a trump only under ``earlier_trumps: become_trumps`` (twenty-eight.md §4.3, twenty-nine.md
    §4.4)."""
    card, rules = state.trump_card, state.ruleset
    state.asked, state.trump_card, state.shown_at = state.to_act, -1, len(state.tricks)
    state.hands[state.declarer] |= 1 << card
    state.contract = SUIT_CONTRACTS[SUIT_OF[card]]
    tables = rules.tables[state.contract]
    state.side_points = [0] * len(state.side_points)
    for _, cards, winner in state.tricks:
        state.side_points[rules.seating.side_of[winner]] += sum(tables.points[c] for c in cards)
    if state.trick and rules.variant.play.earlier_trumps_count:
        state.win_pos = tables.trick_winner_index(state.trick)


def seventh_card(state: DealState) -> int:
    """The bidder's seventh card in the order dealt, once the rest is dealt (twenty-nine.md §4.2: the third card of his
    second packet, after four)."""
    declarer = state.declarer
    later = sorted(p for seat, p in state.ruleset.dealing.second_from[state.first_seat][declarer] if seat == declarer)
    return state.deck[later[SEVENTH - 1 - (state.ruleset.seating.hand_size - len(later))]]


def _nth(cards: int, skip: int) -> int:
    """The card ``skip`` places after the lowest of ``cards``."""
    for _ in range(skip):
        cards &= cards - 1
    return (cards & -cards).bit_length() - 1


def card_to_lay(hand: int) -> int:
    """The lowest card of the suit the hand holds most of: the trump :func:`play_while_concealed` lays for a card
    picker, which has no say in it."""
    longest = max(SUIT_MASKS, key=lambda mask: (hand & mask).bit_count())
    return _nth(hand & longest, 0)
