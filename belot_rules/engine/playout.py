"""Random playouts straight on the compiled engine: the path simulations and benchmarks take.

It skips building :class:`~belot_rules.engine.actions.Action` lists and views but
goes through the same compiled strategies (legal calls, legal-card masks,
declaration choices, belote, scoring) as step-by-step play.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from weakref import WeakKeyDictionary

from ..rules.bidding.auction import Bidding, LadderBidding
from ..rules.bidding.calls import Auction, Call
from ..rules.deal.dealing import shuffle
from ..rules.declarations.melds import Declaration
from ..rules.scoring.prediction import most_points
from ..ruleset import Ruleset
from .deal import BIDDING, DISCARDING, DealState
from .phases import PREDICTING

# A ladder auction's position: the seat to call, the standing contract, its points and declarer, the doubling
# level and the passes since the last bid or double. Without a doubling round, a forced call, ashkal or a
# conditional double, the legal calls and what each does depend on it alone (LadderBidding._calls).
Position = tuple[int, str | None, int | None, int, int, int]
# Per position: the legal calls, and per call the position it leads to and whether the auction is then over.
Moves = tuple[tuple[Call, ...], tuple[tuple[Position, bool], ...]]
_LADDERS: WeakKeyDictionary[Bidding, dict[Position, Moves]] = WeakKeyDictionary()


def card_picker(rand: Callable[[], float]) -> Callable[..., int]:
    """A uniform choice among the cards of a set, as one closure per deal, for a ``pick_card`` callback
    (random playouts let :meth:`DealState.play_out` make this draw itself, given ``rand``).

    It takes the card set first and ignores the seat, hand and trick that
    :meth:`DealState.play_out` passes after it (named parameters cost less than ``*args``).
    """

    def pick(mask: int, seat: int = 0, hand: int = 0, trick: object = None, win_pos: int = 0) -> int:
        skip = int(rand() * mask.bit_count())
        while skip > 0:
            mask &= mask - 1
            skip -= 1
        return (mask & -mask).bit_length() - 1

    return pick


def random_deal(ruleset: Ruleset, rng: random.Random, dealer: int = 0, contract: str | None = None,
                deck: list[int] | None = None) -> DealState:
    """Play one deal with uniformly random legal choices; with ``contract`` the auction is skipped."""
    shuffled = deck is None
    if deck is None:
        deck = list(ruleset.seating.cards)
        shuffle(rng, deck)
    state = DealState.start(ruleset, deck, dealer, shuffled=shuffled)
    if contract is not None:
        state.force_contract(contract, state.first_seat)
    return play_at_random(state, rng.random)


def play_at_random(state: DealState, rand: Callable[[], float]) -> DealState:
    """Finish ``state`` with uniformly random legal choices drawn from ``rand`` (floats in [0, 1)): the
    auction's calls, the discards, predictions, declarations, belote announcements, and the cards in one
    :meth:`DealState.play_out` (the compiled kernel where it is built). A table of random players
    plays its deals here."""
    ruleset = state.ruleset
    if state.phase == BIDDING:
        random_auction(ruleset.bidding, state.running_auction(), rand)
        state.auction_over()
    while state.phase == DISCARDING:
        state.discard(card_picker(rand)(state.hands[state.declarer]))
    while state.phase == PREDICTING:  # bidding.predictions: any number the rules allow
        state.predict(int(rand() * (most_points(ruleset.variant, ruleset.tables[state.played_contract()]) + 1)))
    announce_required = ruleset.declarations.belote_announced
    state.play_out(
        None,
        lambda seat, options: _pick([o for o in options if o] + [[]], rand()),
        lambda seat: announce_required and rand() < 0.5,
        rand,
    )
    return state


def random_auction(bidding: Bidding, auction: Auction, rand: Callable[[], float]) -> None:
    """Finish ``auction`` with uniformly random legal calls drawn from ``rand``, straight on the auction (the
    deal then ends it with :meth:`DealState.auction_over`, as :meth:`DealState.make_call` does after each call).

    A ladder whose calls depend on its position alone goes from position to position through a table that
    :meth:`Bidding.apply` itself fills, once per position met: the same calls, draws and end as applying
    them one by one, at a few look-ups a call.
    """
    moves = ladder_moves(bidding)
    if moves is None or auction.finished:
        legal_calls, apply = bidding.legal_calls, bidding.apply
        while not auction.finished:
            calls = legal_calls(auction)
            apply(auction, calls[int(rand() * len(calls))])
        return
    called = auction.calls
    position = position_of(auction)
    finished = False
    while not finished:
        calls, leads = moves.get(position) or moves_at(bidding, auction, moves, position)
        pick = int(rand() * len(calls))
        called.append((position[0], calls[pick]))
        position, finished = leads[pick]
    end_at(auction, position)


def ladder_moves(bidding: Bidding) -> dict[Position, Moves] | None:
    """The table of a ladder whose calls depend on its position alone (each position's legal calls and where
    each leads, filled as positions are met: :func:`moves_at`), or None for any other bidding."""
    return _LADDERS.setdefault(bidding, {}) if _by_position(bidding) else None


def moves_at(bidding: Bidding, auction: Auction, moves: dict[Position, Moves], position: Position) -> Moves:
    """The legal calls at ``position`` of ``auction``'s ladder and where each leads, worked out once."""
    found = moves.get(position)
    if found is None:
        found = moves[position] = _moves(bidding, auction, position)
    return found


def position_of(auction: Auction) -> Position:
    """Where a ladder ``auction`` stands."""
    return auction.to_act, auction.contract, auction.points, auction.declarer, auction.level, auction.passes


def end_at(auction: Auction, position: Position) -> None:
    """``auction`` over at ``position``, its calls appended already: what applying them one by one leaves."""
    _, auction.contract, auction.points, auction.declarer, auction.level, auction.passes = position
    auction.finished = True


def _by_position(bidding: Bidding) -> bool:
    """Whether ``bidding`` is a ladder whose legal calls and their effect depend on the position alone."""
    return (type(bidding) is LadderBidding and not bidding.after_bidding and bidding.forced_at < 0
            and not bidding.condition_kinds and bidding.ashkal is None and not bidding.redeal)


def _moves(bidding: Bidding, auction: Auction, position: Position) -> Moves:
    """The legal calls at ``position`` and where each leads, as :meth:`Bidding.apply` plays them on a copy."""
    seat, contract, points, declarer, level, passes = position
    start = Auction(seat, auction.players, auction.turned_suit, [], contract, points, declarer, level, passes,
                    turned_rank=auction.turned_rank, board=auction.board)
    calls = bidding.legal_calls(start)
    leads = []
    for call in calls:
        after = start.copy()
        bidding.apply(after, call)
        leads.append(((after.to_act, after.contract, after.points, after.declarer, after.level, after.passes),
                      after.finished))
    return calls, tuple(leads)


def _pick(options: list[list[Declaration]], rand: float) -> list[Declaration]:
    return options[int(rand * len(options))]
