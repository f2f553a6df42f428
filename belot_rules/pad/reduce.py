"""A deal the engine played, told as a score sheet tells it: the short deal outcome."""

from __future__ import annotations

from typing import Any

from ..cards import CARDS, RANK_CHARS, SUITS, iter_bits
from ..engine.deal import DealState
from ..rules.bidding.calls import CAPOT
from ..rules.declarations.melds import BELOTE, QUAD, SEQUENCE, Declaration


def short_outcome(deal: DealState, sides: bool = False) -> dict[str, Any]:
    """The short form of a finished deal: counted points, last trick, tricks per side and the declarations, by
    seat with their cards, or (``sides``) those that counted by side and value, as a score sheet has them."""
    rules = deal.ruleset
    contract = deal.contract
    assert contract is not None and deal.score is not None, "a deal everybody passed has no outcome"
    found = declarations(deal)
    if sides:
        side_of = rules.seating.side_of
        camps = rules.seating.camps[deal.declarer] if rules.seating.kind == "taker_vs_rest" else None
        kept = rules.declarations.resolve(found, contract, deal.first_seat, camps).kept if found else ()
        entries = [{"side": side_of[d.seat], "kind": BELOTE, "suit": SUITS[d.suit]} if d.kind == BELOTE
                   else {"side": side_of[d.seat], "kind": d.kind, "points": d.points} for d in kept]
    else:
        entries = [entry(d) for d in found]
    outcome: dict[str, Any] = {
        "contract": contract, "declarer": deal.declarer,
        "points": list(deal.side_points), "last_trick": rules.seating.side_of[deal.tricks[-1][2]],
        "trick_counts": list(deal.side_tricks), "declarations": entries,
        "hanging_in": deal.hanging_in, "first_leader": deal.first_seat,
    }
    if deal.predictions:  # bidding.predictions: one per seat
        outcome["predictions"] = list(deal.predictions)
    if deal.level:
        outcome["doubling"] = rules.variant.bidding.doubles.names[deal.level - 1]
    if deal.bid is not None:
        outcome["bid"] = "capot" if deal.bid == CAPOT else deal.bid
    if deal.pair >= 0:  # declarations.pair: it moved the bid
        outcome["pair"] = deal.pair
    if deal.alone >= 0:  # play.single_hand: the contract bid is void, the tricks were played without trumps
        outcome.update(alone=deal.alone, contract=deal.voided, first_leader=deal.alone)
    return outcome


def declarations(deal: DealState) -> list[Declaration]:
    """What the deal's score counted from: the declarations and belotes made, or the melds of each trick
    credited to its winner where they come from tricks."""
    rules = deal.ruleset.declarations
    contract = deal.contract
    assert contract is not None, "only a played deal has declarations"
    if rules.from_tricks:
        return [d for _, cards, winner in deal.tricks for d in rules.in_trick(contract, cards, winner)]
    found = [d for seat in sorted(deal.declared) for d in deal.declared[seat]]
    return found + [rules.belote(seat, suit) for seat, suit in deal.belotes]


def entry(d: Declaration) -> dict[str, Any]:
    """One declaration as an outcome names it by seat."""
    if d.kind == SEQUENCE:
        return {"seat": d.seat, "kind": SEQUENCE, "cards": [str(CARDS[c]) for c in iter_bits(d.mask)]}
    if d.kind == QUAD:
        return {"seat": d.seat, "kind": QUAD, "rank": RANK_CHARS[d.rank]}
    return {"seat": d.seat, "kind": BELOTE, "suit": SUITS[d.suit]}
