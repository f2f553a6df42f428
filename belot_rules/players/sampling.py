"""Deals a seat cannot tell apart from the real one: the determinizations the search bot plays out.

From a :class:`SeatView` alone, :class:`Knowledge` gathers what the seat knows of
every other hand: how many cards each still holds, the cards each cannot hold
(a suit it did not follow, a trump it could not have held when it failed to
overtrump: :class:`~belot_rules.players.memory.Memory`), and the cards each
must hold (the other card of an announced belote, the unplayed cards of its
declarations, the turned card the taker picked up or took for the trump seven;
the stock's cards shown face up are in no hand). :meth:`Knowledge.sample`
deals the unseen cards to fit all of that; :class:`AuctionDecks` does the same
for a whole deck in the auction. :class:`AuctionModel` then moves the deals
towards the calls the other seats made, as the heuristic bidder would have made
them: a Metropolis chain that swaps cards between hands (only where both may
hold them) and keeps a deal with probability ``MISFIT`` per call that
disagrees with its hand. Drawing deals at random and keeping the ones that fit
would hardly ever keep one after a bid or two.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from ..cards import RANK_CHARS, card_index, iter_bits
from ..engine.deal import DealState, SeatView
from ..rules.bidding.calls import Auction, Call
from ..ruleset import Ruleset
from ..variant.model import SUIT_CONTRACTS
from .bidding_sense import BiddingSense
from .memory import CARD_INDEX, Memory, view_plays

if TYPE_CHECKING:
    from .reading import Reading

MISFIT = 0.01  # the chance of keeping a deal per call the auction model says the seat would not have made
CHAIN_BURN = 100  # swaps at most to bring a fresh deal near the calls
CHAIN_STEP = 4  # swaps between two deals of one chain
CHAIN_LENGTH = 8  # deals taken from one chain before a fresh one starts
DEAL_TRIES = 30  # random assignments tried before the card-by-card constraints are relaxed
UNLIKE = 0.5  # a card played that the heuristic bot would not have played from the hand, as a share of a misfit call


def mask_of(cards: Sequence[str]) -> int:
    mask = 0
    for text in cards:
        mask |= 1 << CARD_INDEX[text]
    return mask


@lru_cache(maxsize=32)
def declared_cards(ruleset: Ruleset) -> dict[tuple[str, str], int]:
    """The cards of each declaration a seat can show, by (contract, its text in a view)."""
    rules = ruleset.declarations
    order = [RANK_CHARS.index(r) for r in ruleset.variant.cards.sequence_order]
    shapes = [sum(1 << card_index(suit, r) for r in order[i:j + 1])
              for suit in range(4) for i in range(len(order)) for j in range(i + 2, len(order))]
    shapes += [sum(1 << card_index(suit, rank) for suit in range(4)) for rank in sorted(order)]
    found: dict[tuple[str, str], int] = {}
    for contract in ruleset.contracts:
        for shape in shapes:
            for declaration in rules.held(shape, contract):
                found[(contract, str(declaration))] = declaration.mask
    return found


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows of the hands during card play; ``sample`` deals the rest."""

    seat: int
    hand: int
    unknown: int  # cards another seat holds
    need: tuple[int, ...]  # per seat: cards still in its hand
    allowed: tuple[int, ...]  # per seat: the unknown cards it may hold
    forced: tuple[int, ...]  # per seat: the unknown cards it must hold
    played: tuple[int, ...]  # per seat: the cards it has played
    # An open tableau (belote-a-deux.md §B): per seat, its piles as dealt, (face-up card, card under it or -1
    # while face down), and the cards it shows (face up, or its own hand); empty without a tableau.
    piles: tuple[tuple[tuple[int, int], ...], ...] = ()
    shown: tuple[int, ...] = ()

    @classmethod
    def of(cls, ruleset: Ruleset, view: SeatView, memory: Memory) -> Knowledge:
        """Read the view; ``memory`` has seen every card played so far (it gives the exclusions)."""
        players = ruleset.seating.players
        seat, hand = view.seat, mask_of(view.hand)
        played = [0] * players
        for leader, cards, _ in view.tricks:
            for who, text in zip(ruleset.seating.turns[view.out][leader], cards):
                played[who] |= 1 << CARD_INDEX[text]
        for who, text in view.trick:
            played[who] |= 1 << CARD_INDEX[text]
        gone = sum(played)
        unknown = ruleset.seating.pack_mask & ~hand & ~gone
        start = hand.bit_count() + played[seat].bit_count()  # every hand starts the play as large
        need = [start - p.bit_count() for p in played]
        need[seat] = hand.bit_count()
        forced = [0] * players
        for who, suit_name in view.belotes:
            forced[who] |= ruleset.declarations.belote(who, SUIT_CONTRACTS.index(suit_name)).mask
        shown = declared_cards(ruleset)
        for who, text in view.declared:
            forced[who] |= shown.get((view.played_contract(), text), 0)
        if view.turned_card is not None and ruleset.dealing.turned_to_taker and view.declarer >= 0:
            forced[view.declarer] |= 1 << CARD_INDEX[view.turned_card]
        elif view.exchanged is not None:  # a seat took it for the trump seven, which lies face up on the stock
            assert view.turned_card is not None, "a trump seven exchanged for no turned card"
            forced[view.exchanged[0]] |= 1 << CARD_INDEX[view.turned_card]
            unknown &= ~(1 << CARD_INDEX[view.exchanged[1]])
        elif view.turned_card is not None:  # it lies face up on the stock
            unknown &= ~(1 << CARD_INDEX[view.turned_card])
        if view.shown_stock is not None:  # the stock's bottom card, face up
            unknown &= ~(1 << CARD_INDEX[view.shown_stock])
        forced = [f & unknown for f in forced]
        forced[seat] = 0
        allowed = [unknown & ~memory.excluded[s] | forced[s] for s in range(players)]
        allowed[seat] = 0
        need[seat] = 0
        if view.tableau:
            return cls._open(ruleset, view, hand, unknown, forced, played)
        return cls(seat, hand, unknown, tuple(need), tuple(allowed), tuple(forced), tuple(played))

    @classmethod
    def _open(cls, ruleset: Ruleset, view: SeatView, hand: int, unknown: int, forced: list[int],
              played: list[int]) -> Knowledge:
        """At an open tableau the face-up cards are known where they lie and only face-down cards (this seat's
        own too) are dealt at random. A card face down was never playable, so nothing the play showed
        (a void, a missing trump) excludes it: the exclusions are dropped."""
        seat, size = view.seat, ruleset.seating.hand_size
        shown = [hand if s == seat else mask_of([p[-1] for p in view.piles(s) if p and p[-1] is not None])
                 for s in range(len(played))]
        forced = [f | v for f, v in zip(forced, shown)]
        forced[seat] = 0
        need = [size - p.bit_count() for p in played]
        need[seat] -= hand.bit_count()
        piles = tuple(tuple((CARD_INDEX[up], -1 if below is None else CARD_INDEX[below]) for up, below in laid)
                      for laid in view.tableau)
        return cls(seat, hand, unknown, tuple(need), (unknown,) * len(played), tuple(forced), tuple(played),
                   piles, tuple(shown))

    def lay(self, hands: Sequence[int], rng: random.Random) -> list[list[tuple[int, int]]] | None:
        """The piles of a sampled deal (None without a tableau): each seat's sampled cards that it does not
        show go under its piles whose card under is still face down."""
        if not self.piles:
            return None
        laid = []
        for seat, piles in enumerate(self.piles):
            pool = list(iter_bits(hands[seat] & ~self.shown[seat]))
            rng.shuffle(pool)
            laid.append([(up, below if below >= 0 else pool.pop()) for up, below in piles])
        return laid

    def sample(self, rng: random.Random) -> list[int]:
        """Every seat's hand: this seat's own, the others dealt from the unknown cards to fit what is known.

        Cards that few seats may hold are placed first, each to a seat with room drawn in
        proportion to that room; after ``DEAL_TRIES`` dead ends the exclusions are dropped
        (the counts and the forced cards are always kept).
        """
        for attempt in range(DEAL_TRIES + 1):
            hands = self._deal(rng, relaxed=attempt == DEAL_TRIES)
            if hands is not None:
                hands[self.seat] |= self.hand
                return hands
        raise AssertionError("a relaxed deal always succeeds")

    def draw(self, rng: random.Random) -> Holdings:
        """A :meth:`sample` as holdings: the seats, then the cards no seat holds (a stock)."""
        hands = self.sample(rng)
        forced = list(self.forced)
        forced[self.seat] = self.hand
        return Holdings(hands + [self.unknown & ~sum(hands)], list(self.allowed) + [self.unknown], forced + [0],
                        self.played)

    def _deal(self, rng: random.Random, relaxed: bool) -> list[int] | None:
        hands = list(self.forced)
        room = [n - f.bit_count() for n, f in zip(self.need, self.forced)]
        free = self.unknown & ~sum(self.forced)
        allowed = [(free if relaxed else a & free) if room[s] > 0 else 0 for s, a in enumerate(self.allowed)]
        seats = range(len(hands))
        cards = list(iter_bits(free))
        stock = len(cards) - sum(room)  # cards no hand holds: the stock of a table of two or three
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(a >> c & 1 for a in allowed))
        for card in cards:
            options = [s for s in seats if room[s] and allowed[s] >> card & 1]
            if not options:
                if stock <= 0:
                    return None
                stock -= 1
                continue
            pick = rng.randrange(sum(room[s] for s in options))
            for s in options:
                pick -= room[s]
                if pick < 0:
                    break
            hands[s] |= 1 << card
            room[s] -= 1
        return hands


@dataclass(slots=True)
class Holdings:
    """Who holds the unseen cards in one sampled deal, and where each card may go."""

    hands: list[int]  # per holder: each seat, then whatever else holds cards (a stock, the rest of the deck)
    allowed: Sequence[int]  # per holder: the cards it may hold (0 for the seat whose view it is)
    forced: Sequence[int]  # per holder: the cards it must keep
    earlier: Sequence[int]  # per seat: cards it held at the auction besides ``hands`` (played since)


class AuctionModel:
    """The calls the other seats made, and how far the heuristic bidder's calls from a given hand are from them.

    A call was made on the cards the seat held then: in a deal of two rounds (five cards, the calls,
    three more) its first packet, never the turned card. Which of a sampled hand's cards came first is
    not known, so a hand fits the calls when some set of that many of its cards does."""

    def __init__(self, ruleset: Ruleset, view: SeatView, reading: Reading | None = None) -> None:
        self.sense = BiddingSense(ruleset)
        self.reading = reading  # where given, the cards played count too: a misfit of UNLIKE each
        self.turned = CARD_INDEX[view.turned_card] if view.turned_card else -1
        self.match = view.board, view.hanging_in  # a double the match makes free says nothing of the hand
        self.packets = tuple(p.bit_count() for p in _probe_hands(ruleset, view.dealer)[0])
        bidding = ruleset.bidding
        auction = _opening(ruleset, view)
        self.calls: dict[int, list[tuple[list[tuple[int, Call]], tuple[Call, ...], Call]]] = {}
        # misfit by (seat, hand): a chain meets the same hands again and again, the more so as the deal goes on
        # and fewer cards are unseen, and each asks the bidder once per way of choosing its first packet
        self.judged: dict[tuple[int, int], float] = {}
        self.asked = 0  # the bidder's choices made so far to judge hands (a decision's budget may count them)
        for who, text in view.calls:
            call = Call.parse(text)
            if who != view.seat:
                self.calls.setdefault(who, []).append((list(auction.calls), bidding.legal_calls(auction), call))
            bidding.apply(auction, call)
        self.judging = bool(self.calls) or bool(reading and reading.seen)

    def misfit(self, seat: int, hand: int) -> float:
        """How many of ``seat``'s calls the bidder would not have made holding ``hand``: a point bid in
        the same contract at another level counts half. Where ``hand`` holds more cards than the seat called
        on, the fewest over the ways its first packet may have been made of them. With a :class:`Reading`,
        ``UNLIKE`` more for each card the seat played that the heuristic bot would not have played from ``hand``."""
        called, reading = self.calls.get(seat), self.reading
        read = reading.choices(seat) if reading is not None else 0
        if not called and not read:
            return 0.0
        known = self.judged.get((seat, hand))
        if known is not None:
            return known
        wrong = 2.0 ** 31 if called else 0.0
        for first in self.at_auction(seat, hand) if called else ():
            wrong = min(wrong, self._misfit(seat, first))
            if not wrong:
                break
        if reading is not None and read:
            self.asked += read
            wrong += UNLIKE * reading.unlike(seat, hand)
        self.judged[seat, hand] = wrong
        return wrong

    def _misfit(self, seat: int, hand: int) -> float:
        choose, turned = self.sense.choose, self.turned
        wrong = 0.0
        calls = self.calls.get(seat, ())
        self.asked += len(calls)
        for before, legal, call in calls:
            made = choose(seat, hand, before, turned, legal, *self.match)
            if made != call:
                wrong += 0.5 if made.kind == call.kind == "bid" and made.contract == call.contract else 1.0
        return wrong

    def at_auction(self, seat: int, hand: int) -> list[int]:
        """The hands ``seat`` may have called on, holding ``hand`` now: without the turned card, and where the
        hand has more cards than the seat's first packets, each set of as many of its cards (bulgarian.md §2:
        five of eight)."""
        if self.turned >= 0:
            hand &= ~(1 << self.turned)
        size = self.packets[seat]
        if hand.bit_count() <= size:
            return [hand]
        return [sum(1 << card for card in first) for first in combinations(iter_bits(hand), size)]

    def deals(self, draw: Callable[[], Holdings], rng: random.Random) -> Iterator[list[int]]:
        """Endless hands per holder, fitted to the calls: a Metropolis chain over swaps of two cards
        between holders, a deal kept with probability ``MISFIT`` per misfit.

        Each chain starts from ``draw()``, takes up to ``CHAIN_BURN`` swaps to come near the calls,
        then gives ``CHAIN_LENGTH`` deals ``CHAIN_STEP`` swaps apart.
        """
        while True:
            held = draw()
            if not self.judging:
                yield held.hands
                continue
            wrong = [self.misfit(s, h | e) for s, (h, e) in enumerate(zip(held.hands, held.earlier))]
            wrong += [0.0] * (len(held.hands) - len(wrong))  # the holders that are not seats make no calls
            movable = [k for k, allowed in enumerate(held.allowed) if allowed]
            for _ in range(CHAIN_BURN):
                if not any(wrong):
                    break
                self._swap(held, wrong, movable, rng)
            for n in range(CHAIN_LENGTH):
                for _ in range(CHAIN_STEP if n else 0):
                    self._swap(held, wrong, movable, rng)
                yield list(held.hands)

    def _swap(self, held: Holdings, wrong: list[float], movable: list[int], rng: random.Random) -> None:
        """Try exchanging a random card of one holder with one of another, as far as both may hold them."""
        if len(movable) < 2:
            return
        misfitting = [k for k in movable if wrong[k]]
        i = rng.choice(misfitting or movable)  # a seat whose calls do not fit yet gives a card first
        j = rng.choice([k for k in movable if k != i])
        hands, allowed, forced = held.hands, held.allowed, held.forced
        give = hands[i] & ~forced[i] & allowed[j]
        take = hands[j] & ~forced[j] & allowed[i]
        if not give or not take:
            return
        swap = 1 << rng.choice(list(iter_bits(give))) | 1 << rng.choice(list(iter_bits(take)))
        new_i, new_j = hands[i] ^ swap, hands[j] ^ swap
        seats = len(held.earlier)
        now_i = self.misfit(i, new_i | held.earlier[i]) if i < seats else 0.0
        now_j = self.misfit(j, new_j | held.earlier[j]) if j < seats else 0.0
        change = now_i + now_j - wrong[i] - wrong[j]
        if change <= 0 or rng.random() < MISFIT ** change:
            hands[i], hands[j], wrong[i], wrong[j] = new_i, new_j, now_i, now_j


@lru_cache(maxsize=64)
def _probe_hands(ruleset: Ruleset, dealer: int) -> tuple[tuple[int, ...], int]:
    """The deck positions (as bits) of each seat's first packets, and of the turned card (-1 without one).

    They come from dealing the pack in index order, where each card says its position.
    """
    cards = ruleset.seating.cards
    position = {card: at for at, card in enumerate(cards)}
    probe = DealState.start(ruleset, cards, dealer)
    hands = tuple(sum(1 << position[c] for c in iter_bits(hand)) for hand in probe.hands)
    return hands, position[probe.turned_card] if probe.turned_card >= 0 else -1


def _opening(ruleset: Ruleset, view: SeatView) -> Auction:
    """The auction of the view's deal before its first call: any deck that turns up the same card opens it."""
    cards = list(ruleset.seating.cards)
    _, turned_at = _probe_hands(ruleset, view.dealer)
    if turned_at >= 0 and view.turned_card:
        at = cards.index(CARD_INDEX[view.turned_card])
        cards[at], cards[turned_at] = cards[turned_at], cards[at]
    return DealState.start(ruleset, cards, view.dealer, view.hanging_in,
                           view.board or (0,) * ruleset.seating.sides).running_auction()


class AuctionDecks:
    """Decks that give a seat its hand and show its turned card: the other seats' first packets and the
    rest of the deck are the holders of :class:`Holdings`, and :meth:`deck` lays them out."""

    def __init__(self, ruleset: Ruleset, view: SeatView) -> None:
        self.positions, turned_at = _probe_hands(ruleset, view.dealer)
        self.seat = view.seat
        size = ruleset.seating.pack_size
        self.fixed = [-1] * size
        for position, card in zip(iter_bits(self.positions[view.seat]), (CARD_INDEX[c] for c in view.hand)):
            self.fixed[position] = card
        if turned_at >= 0 and view.turned_card:
            self.fixed[turned_at] = CARD_INDEX[view.turned_card]
        taken = sum(1 << c for c in self.fixed if c >= 0)
        self.unknown = [c for c in ruleset.seating.cards if not taken >> c & 1]
        dealt = sum(self.positions)
        self.rest = [p for p in range(size) if self.fixed[p] < 0 and not dealt >> p & 1]
        players = len(self.positions)
        unknown = sum(1 << c for c in self.unknown)
        self.allowed = [0 if s == view.seat else unknown for s in range(players)] + [unknown]
        self.forced = [0] * (players + 1)
        self.forced[view.seat] = mask_of(view.hand)
        self.earlier = [0] * players

    def draw(self, rng: random.Random) -> Holdings:
        """The unseen cards dealt at random."""
        cards = list(self.unknown)
        rng.shuffle(cards)
        hands = list(self.forced)
        at = 0
        for s, positions in enumerate(self.positions):
            if s != self.seat:
                count = positions.bit_count()
                hands[s] = sum(1 << c for c in cards[at:at + count])
                at += count
        hands[-1] = sum(1 << c for c in cards[at:])
        return Holdings(hands, self.allowed, self.forced, self.earlier)

    def deck(self, hands: Sequence[int], rng: random.Random) -> list[int]:
        """A deck (top card first) dealing ``hands``: each holder's cards in random order at its positions."""
        deck = list(self.fixed)
        places = [list(iter_bits(p)) for p in self.positions] + [self.rest]
        for s, (hand, where) in enumerate(zip(hands, places)):
            if s == self.seat:
                continue
            cards = list(iter_bits(hand))
            rng.shuffle(cards)
            for position, card in zip(where, cards):
                deck[position] = card
        return deck


def play_memory(ruleset: Ruleset, view: SeatView) -> Memory:
    """A memory that has seen every card of the view's tricks and current trick."""
    contract = view.played_contract()
    tables = ruleset.tables[contract]
    memory = Memory(tables, ruleset.obligations[contract], ruleset.seating.players)
    memory.catch_up(view_plays(ruleset, view))
    return memory
