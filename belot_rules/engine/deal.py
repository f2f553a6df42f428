"""One deal, step by step: dealing, the auction, declarations, eight tricks, the score.

:class:`DealState` is a position in the OpenSpiel sense: it says whose turn it
is and what they may do, applies an action (an illegal one raises and leaves the
state untouched), gives one seat's view and clones cheaply. All rules come from
the compiled :class:`~belot_rules.ruleset.Ruleset`; nothing here looks at a
variant's name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .. import kernel
from ..cards import RANK_OF, SUIT_MASKS, SUIT_OF, iter_bits
from ..checks import seat as check_seat
from ..copies import field_copier
from ..errors import UserError
from ..files import excerpt
from ..rules.bidding.calls import Auction, Call
from ..rules.bidding.closed import is_closed, lead
from ..rules.deal.redeal import claimed, seats_that_may_claim
from ..rules.declarations.melds import KING, QUEEN, Declaration
from ..rules.scoring.result import DealScore
from ..ruleset import Ruleset
from ..variant.model import CONCEALED, SUIT_CONTRACTS
from .actions import (
    ALONE,
    ASK,
    CALL,
    CONCEAL,
    DECLARE,
    DISCARD,
    EXCHANGE,
    EXCHANGE_ACTION,
    KEEP,
    KEEP_ACTION,
    NO_TRUMPS_LAID,
    PAIR,
    PREDICT,
    Action,
    call_action,
    conceal_action,
    declare_action,
    discard_action,
    find_action,
    play_action,
)
from .alone import alone_actions, answer, asked_seat, asks_alone, go_alone, settle_alone
from .compiled_play import play_compiled
from .concealed import (
    bidder_lead,
    open_no_trumps,
    play_while_concealed,
    seat_choices,
    seventh_card,
    seventh_choice,
    show,
)
from .deal_score import deal_score
from .last_card import trump_suit
from .phases import BIDDING, CONCEALING, DECLARING, DISCARDING, EXCHANGING, OVER, PLAYING, PREDICTING, SINGLE_HAND
from .predictions import predicting_seat, prediction_actions, unmade
from .refusal import refusal
from .seat_view import SeatView, seat_view
from .tableau import Pile, Tableau

INT_ONLY = {int}  # the types of a deck's cards


class IllegalAction(UserError):
    """An action the rules do not allow in this position."""


@dataclass(slots=True)
class DealState:
    """A deal in progress. Create one with :meth:`start`."""

    ruleset: Ruleset
    dealer: int
    deck: tuple[int, ...]
    hanging_in: int = 0
    hands: list[int] = field(default_factory=list)
    turned_card: int = -1  # the card turned for the auction (still this card after a seven exchange)
    phase: str = BIDDING
    auction: Auction | None = None
    contract: str | None = None
    declarer: int = -1
    multiplier: int = 1
    bid: int | None = None
    leader: int = 0
    trick: list[int] = field(default_factory=list)
    win_pos: int = 0
    tricks: list[tuple[int, tuple[int, ...], int]] = field(default_factory=list)
    side_points: list[int] = field(default_factory=list)  # card points per side of the board
    side_tricks: list[int] = field(default_factory=list)
    declared: dict[int, tuple[Declaration, ...]] = field(default_factory=dict)
    belote_suits: list[list[int]] = field(default_factory=list)
    belotes: list[tuple[int, int]] = field(default_factory=list)  # (seat, suit) that counted
    history: list[Action] = field(default_factory=list)
    score: DealScore | None = None
    level: int = 0  # the doubling level reached (0 undoubled); a match-winning level decides the match
    exchanged: int = -1  # the seat that took the turned card for the trump seven (then face up on the stock), or -1
    tableau: Tableau | None = None  # the piles dealt face up on face down (deal.tableau_packets)
    hidden: int = 0  # the tableau's cards still face down: in nobody's hand until turned up
    discarded: tuple[int, ...] = ()  # the cards the taker laid aside from his hand and the chien
    closed: bool = False  # a closed game (bidding.doubles.lock): no trump led while another card is held
    # play.trump_shown on_demand (twenty-eight.md §4): the card the bidder laid face down while nobody has asked for it
    # (-1 once shown, or in another game), and the seat that asked for it, who must trump if he can.
    trump_card: int = -1
    asked: int = -1
    shown_at: int = 0  # the tricks taken before the trump was shown (declarations.pair waits for a trick after)
    pair: int = -1  # the seat that showed the pair (declarations.pair), or -1
    predictions: list[int] = field(default_factory=list)  # bidding.predictions: per seat, -1 until made (engine/predictions.py)
    # play.single_hand (engine/alone.py): the seat playing alone and his partner sitting out, or -1; the seats asked.
    alone: int = -1
    out: int = -1
    offered: int = 0
    voided: str | None = None  # the contract bid, void once a seat plays alone (a deal outcome names it)

    # ------------------------------------------------------------------ creation

    @classmethod
    def start(cls, ruleset: Ruleset, deck: list[int] | tuple[int, ...], dealer: int, hanging_in: int = 0,
              board: tuple[int, ...] = (0, 0), shuffled: bool = False) -> DealState:
        """Deal the first packets from ``deck`` (top card first) and open the auction.

        ``board`` is the match score before this deal, which a conditional double looks at. ``shuffled`` says the
        deck is the pack as the engine itself shuffled it (``shuffle`` of ``seating.cards``), so it is not checked
        again: a fifth of a simulated deal's start."""
        table, dealing = ruleset.seating, ruleset.dealing
        check_seat(dealer, table.players, "dealer")
        if not shuffled and (not isinstance(deck, (list, tuple)) or set(map(type, deck)) != INT_ONLY
                             or sorted(deck) != dealing.sorted_pack):  # the types in one C loop, not a test per card
            raise UserError(f"a deck must be a list of card indices holding each of the {table.pack_size} cards of "
                            f"the pack exactly once, not {excerpt(deck)}")
        state = cls._empty(ruleset, dealer, tuple(deck), hanging_in)
        first, hands = table.order[state.dealer + 1], state.hands
        for seat, position in dealing.first_from[first]:
            hands[seat] |= 1 << deck[position]
        if dealing.turned_position >= 0:
            state.turned_card = deck[dealing.turned_position]
        if dealing.tableau_from is not None:
            state._lay(Tableau.lay([[(deck[up], deck[below]) for up, below in seat_piles]
                                    for seat_piles in dealing.tableau_from[first]]))
        turned = state.turned_card
        speaker = state.dealer if ruleset.bidding.dealer_speaks_first else first
        state.auction = Auction(speaker, table.players, SUIT_OF[turned] if turned >= 0 else -1,
                                turned_rank=RANK_OF[turned] if turned >= 0 else -1, board=board,
                                may_redeal=seats_that_may_claim(hands, ruleset.redeal_barring, ruleset.redeal_four))
        if ruleset.bidding.deal_fixes_trump:  # belote-a-deux.md §B.2 (JCI): the last card dealt names trump
            state._begin_play(SUIT_CONTRACTS[trump_suit(ruleset, deck)], first, 1, None)
        return state

    def _lay(self, tableau: Tableau) -> None:
        """Lay the tableau: its face-down cards leave the hands until they are turned up."""
        self.tableau = tableau
        self.hidden = tableau.face_down
        self.hands = [hand & ~down for hand, down in zip(self.hands, tableau.down)]

    @classmethod
    def _empty(cls, ruleset: Ruleset, dealer: int, deck: tuple[int, ...], hanging_in: int) -> DealState:
        """A deal with empty hands and nothing taken, sized for the ruleset's table."""
        players, sides = ruleset.seating.players, ruleset.seating.sides
        # Every field in order: keyword arguments cost a deal's start a third more.
        return cls(ruleset, dealer % players, deck, hanging_in, [0] * players, -1, BIDDING, None, None, -1, 1, None,
                   0, [], 0, [], [0] * sides, [0] * sides, {}, [[] for _ in range(players)], [], [], None, 0, -1,
                   None, 0, predictions=unmade(ruleset))

    @classmethod
    def from_hands(cls, ruleset: Ruleset, hands: Sequence[int], dealer: int, contract: str, declarer: int,
                   multiplier: int = 1, bid: int | None = None, hanging_in: int = 0,
                   piles: Sequence[Sequence[Pile]] | None = None, predictions: Sequence[int] = (),
                   alone: int = -1) -> DealState:
        """A deal whose card play starts from ``hands`` (one card set per seat, every card once) in ``contract``.

        For analysis and search: no auction and no dealing order. ``deck`` holds the hands one
        after the other, so a record of this deal shows who held what, not how it was dealt.
        ``piles`` lays an open tableau: per seat, (face-up card, card under it) pairs of its own
        cards, the cards under staying unplayable until turned up. Without it every card of the
        hands may be played, even in a variant dealt to a tableau. ``predictions`` are those made
        (bidding.predictions), one per seat; without them the deal first asks for them. ``alone`` is the seat that
        plays it alone (play.single_hand), or -1.
        """
        ruleset.contract_tables(contract)
        check_seat(declarer, ruleset.seating.players, "declarer")
        if not isinstance(hands, (list, tuple)) or any(type(hand) is not int or hand < 0 for hand in hands):
            raise UserError(f"hands must be a list of card sets (one int per seat, bit i for card i), "
                            f"not {excerpt(hands)}")
        deck = tuple(card for hand in hands for card in iter_bits(hand))
        state = cls._empty(ruleset, dealer, deck, hanging_in)
        table = ruleset.seating
        seats = table.players
        dealt = 0
        for hand in hands:
            dealt |= hand
        if len(hands) != seats or sum(h.bit_count() for h in hands) != table.players * table.hand_size \
                or dealt.bit_count() != len(deck) or dealt & ~table.pack_mask:
            raise UserError(f"hands must be {seats} card sets of {table.hand_size} cards, each card of the "
                            f"{table.pack_size}-card pack exactly once")
        state.hands = list(hands)
        state.auction = None
        if piles is not None:
            state._lay(Tableau.given(piles, hands))
        if predictions and state.predictions:
            state.predictions = list(predictions)
        state._open_play(contract, declarer, multiplier, bid)
        if alone >= 0:  # played alone: trick 1 begins again, without trumps, led by him
            go_alone(state, alone)
            state.declared.clear()
            state._first_trick()
        return state

    def clone(self) -> DealState:
        """An independent copy (the ruleset and deck are shared; they are immutable)."""
        return _copy_deal(self)

    # ------------------------------------------------------------------ queries

    @property
    def first_seat(self) -> int:
        return self.ruleset.seating.order[self.dealer + 1]

    @property
    def to_act(self) -> int:
        """The seat whose turn it is (-1 when the deal is over)."""
        if self.phase == BIDDING:
            return self.running_auction().to_act
        if self.phase in (PLAYING, DECLARING):
            return self.ruleset.seating.turns[self.out][self.leader][len(self.trick)]
        if self.phase == EXCHANGING:
            return self._seven_holder()
        if self.phase in (DISCARDING, CONCEALING):
            return self.declarer
        if self.phase == SINGLE_HAND:
            return asked_seat(self)
        return predicting_seat(self) if self.phase == PREDICTING else -1

    def running_auction(self) -> Auction:
        """The deal's auction (a deal given its contract, or its hands, has none)."""
        assert self.auction is not None, "no auction in this deal"
        return self.auction

    def played_contract(self) -> str:
        """The contract being played: set once the auction is over."""
        assert self.contract is not None, "no contract yet"
        return self.contract

    @property
    def all_passed(self) -> bool:
        """The deal is void: everybody passed, or a player claimed a redeal (:attr:`redeal_claimed`)."""
        return self.phase == OVER and self.contract is None

    @property
    def redeal_claimed(self) -> bool:
        """The deal is void on a player's redeal claim (Baloot's kawesh): the same dealer deals again."""
        return self.phase == OVER and self.auction is not None and claimed(self.auction.calls)

    def legal_card_mask(self) -> int:
        """Card set the seat to act may play (playing phase)."""
        seat = self.to_act
        hand = self.hands[seat]
        trick = self.trick
        if seat == self.asked and hand & self.ruleset.tables[self.played_contract()].trump_mask:
            return hand & self.ruleset.tables[self.played_contract()].trump_mask  # twenty-eight.md §4.3
        if not trick:
            if self.trump_card >= 0 and seat == self.declarer:
                return bidder_lead(self, hand)  # twenty-eight.md §4.3
            return lead(hand, self.ruleset.tables[self.played_contract()].trump_mask) if self.closed else hand
        back = self.ruleset.seating.partner_back if self.out < 0 else 0  # no partner plays with a lone player
        return self.ruleset.obligations[self.played_contract()].legal_fast(
            hand, SUIT_OF[trick[0]], trick[self.win_pos], self.win_pos == len(trick) - back)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take."""
        if self.phase == BIDDING:
            return [call_action(c) for c in self.ruleset.bidding.legal_calls(self.running_auction())]
        if self.phase == DECLARING:
            options = self.ruleset.declarations.choices(self.hands[self.to_act], self.played_contract(), self.to_act)
            return [declare_action(tuple(o)) for o in options if o] + [declare_action(())]
        if self.phase == PLAYING:
            actions = []
            legal = self.legal_card_mask()
            required = self.ruleset.declarations.belote_announced
            for card in iter_bits(legal):
                actions.append(play_action(card))
                if required and self._opens_belote(self.to_act, card):
                    actions.append(play_action(card, belote=True))
            return actions + seat_choices(self)  # asking for a concealed trump, showing the pair
        if self.phase == EXCHANGING:
            return [EXCHANGE_ACTION, KEEP_ACTION]
        if self.phase == DISCARDING:
            return [discard_action(card) for card in iter_bits(self.hands[self.declarer])]
        if self.phase == CONCEALING:
            return [conceal_action(card) for card in iter_bits(self.hands[self.declarer])] + seventh_choice(self)
        if self.phase == SINGLE_HAND:
            return alone_actions()
        return prediction_actions(self) if self.phase == PREDICTING else []

    def may_ask(self) -> bool:
        """twenty-eight.md §4.3: whether the seat to act, who cannot follow suit, may ask for the trump laid face down."""
        trick = self.trick
        return (self.trump_card >= 0 and self.phase == PLAYING and bool(trick)
                and not self.hands[self.to_act] & SUIT_MASKS[SUIT_OF[trick[0]]])

    @property
    def shown_stock(self) -> int:
        """The stock's bottom card, face up once the hands are complete (``deal.stock: bottom_card_shown``), or -1."""
        if not self.ruleset.dealing.bottom_card_shown or self.contract is None or self.auction is None:
            return -1  # no such rule, the hands are not complete, or a deal from given hands (no stock)
        return self.deck[-1]

    def _opens_belote(self, seat: int, card: int) -> bool:
        """Whether ``card`` is the first of a belote pair ``seat`` still holds."""
        rank, suit = RANK_OF[card], SUIT_OF[card]
        return (rank == KING or rank == QUEEN) and suit in self.belote_suits[seat]

    # ------------------------------------------------------------------ moves

    def apply(self, action: Action | str) -> None:
        """Apply ``action`` (an :class:`Action` or its text) for the seat to act, or raise :class:`IllegalAction`."""
        legal = self.legal_actions()
        if isinstance(action, str):
            found = find_action(action, legal)
            if found is None:
                raise IllegalAction(refusal(self, action, legal))
            action = found
        elif action not in legal:
            raise IllegalAction(refusal(self, str(action), legal))
        self._apply(action)

    def _apply(self, action: Action) -> None:
        self.history.append(action)
        if action.kind == CALL:
            assert action.call is not None, "a call action carries its call"
            self.make_call(action.call)
        elif action.kind == DECLARE:
            self.declare(action.declarations)
        elif action.kind in (EXCHANGE, KEEP):
            self.exchange(action.kind == EXCHANGE)
        elif action.kind == DISCARD:
            self.discard(action.card)
        elif action.kind == CONCEAL:
            self.conceal(action.card)
        elif action.kind == ASK:
            self.show_trump()
        elif action.kind == PAIR:
            self.pair = self.to_act
        elif action.kind == PREDICT:
            self.predict(action.points)
        elif action.kind == ALONE:
            self.answer_alone(bool(action.points))
        else:
            self.play_card(action.card, action.belote)

    def make_call(self, call: Call) -> None:
        """Apply an auction call (unchecked; :meth:`apply` checks)."""
        auction = self.auction
        assert auction is not None, "no auction in this deal"
        self.ruleset.bidding.apply(auction, call)
        if auction.finished:
            self.auction_over()

    def auction_over(self) -> None:
        """After the auction's last call: the deal is over when all passed, else the contract is played. For
        callers that apply a whole auction's calls to :attr:`auction` themselves, as random playouts do."""
        auction, bidding = self.running_auction(), self.ruleset.bidding
        assert auction.finished, "the auction is not over"
        if auction.contract is None:
            self.phase = OVER
            return
        self.level = auction.level
        self._begin_play(auction.contract, auction.declarer, bidding.multiplier(auction), auction.points)

    def force_contract(self, contract: str, declarer: int, multiplier: int = 1, bid: int | None = None) -> None:
        """Skip the auction and play ``contract`` (benchmarks and analysis of one contract)."""
        self.ruleset.contract_tables(contract)
        self._begin_play(contract, declarer, multiplier, bid)

    def _begin_play(self, contract: str, declarer: int, multiplier: int, bid: int | None) -> None:
        self.declarer = declarer
        if contract == CONCEALED:  # the bidder first lays his trump face down (twenty-eight.md §4.1)
            self.multiplier, self.bid, self.phase = multiplier, bid, CONCEALING
            return
        self._deal_rest()
        self._open_play(contract, declarer, multiplier, bid)

    def conceal(self, card: int) -> None:
        """The bidder lays ``card`` face down: its suit is trump, the card out of his hand until it is shown; the
        rest of the cards are dealt and the play begins under the rules of no trump (twenty-eight.md §4.1-4.3). A
        ``card`` of -1 is the seventh card, laid down once dealt (play.seventh_card, twenty-nine.md §4.2); of -2, the
        no-trump contract among the variant's contracts, said at once (twenty-nine.md §4.3)."""
        self._deal_rest()
        if card == NO_TRUMPS_LAID:
            contract = open_no_trumps(self)
            assert contract is not None, "no trumps is offered where the variant has it"
            self._open_play(contract, self.declarer, self.multiplier, self.bid)
            return
        self.trump_card = card = card if card >= 0 else seventh_card(self)
        self.hands[self.declarer] ^= 1 << card
        self._open_play(CONCEALED, self.declarer, self.multiplier, self.bid)

    def show_trump(self) -> None:
        """The trump laid face down is shown (:func:`.concealed.show`)."""
        show(self)

    def _seven_holder(self) -> int:
        """klaberjass.md §4, debertz.md §4: in a game on the turned suit, the seat holding that suit's seven
        (only the taker, under ``seven_exchange: taker_only``), who may take the turned card for it; or -1."""
        turned = self.turned_card
        if not self.ruleset.dealing.seven_exchange or turned < 0 or not RANK_OF[turned] \
                or self.contract != SUIT_CONTRACTS[SUIT_OF[turned]]:
            return -1
        seven = turned & ~7  # rank 0 of the suit
        for seat, hand in enumerate(self.hands):
            if hand >> seven & 1:
                return seat if seat == self.declarer or not self.ruleset.dealing.seven_taker_only else -1
        return -1

    def exchange(self, take: bool) -> None:
        """The holder of the trump seven takes the turned card for it (``take``) or keeps it; trick 1 begins
        (unchecked; :meth:`apply` checks). The seven then lies face up on the stock in the turned card's place."""
        if take:
            seat = self._seven_holder()
            self.hands[seat] ^= 1 << (self.turned_card & ~7) | 1 << self.turned_card
            self.exchanged = seat
        self._first_trick()

    def discard(self, card: int) -> None:
        """The taker lays ``card`` aside (unchecked; :meth:`apply` checks); its points count for him
        (belote-a-trois.md §2, the 32-card form). Once he has laid the chien's worth aside, play begins."""
        seat = self.declarer
        self.hands[seat] ^= 1 << card
        self.discarded += (card,)
        self.side_points[self.ruleset.seating.side_of[seat]] += self.ruleset.tables[self.played_contract()].points[card]
        if len(self.discarded) == self.ruleset.dealing.widow_size:
            self._hands_complete()

    def _open_play(self, contract: str, declarer: int, multiplier: int, bid: int | None) -> None:
        """Every hand is complete: the taker picks up the chien and discards, the holder of the trump seven
        may exchange it, then trick 1 begins."""
        self.contract, self.declarer, self.multiplier, self.bid = contract, declarer, multiplier, bid
        self.closed = is_closed(self.ruleset.closed_levels, contract, self.level)
        self.leader = self.first_seat
        dealing = self.ruleset.dealing
        if dealing.widow_size and self.auction is not None:  # a deal from given hands has no chien
            for card in self.deck[dealing.stock_start:]:
                self.hands[declarer] |= 1 << card
            self.phase = DISCARDING
            return
        self._hands_complete()

    def _hands_complete(self) -> None:
        if self.ruleset.dealing.seven_exchange and self._seven_holder() >= 0:
            self.phase = EXCHANGING
            return
        self._first_trick()

    def answer_alone(self, alone: bool) -> None:
        """The seat to act plays alone, or not (unchecked; :meth:`apply` checks); trick 1 begins once one does or
        every seat has said no."""
        answer(self, alone)
        self._first_trick()

    def predict(self, points: int) -> None:
        """The seat to act predicts ``points`` (unchecked; :meth:`apply` checks); after the last, trick 1 begins."""
        self.predictions[self.to_act] = points
        self._first_trick()

    def _first_trick(self) -> None:
        """Trick 1 begins (with declarations where the seat holds some), once every prediction is made."""
        if -1 in self.predictions:
            self.phase = PREDICTING
            return
        if asks_alone(self):
            self.phase = SINGLE_HAND
            return
        if self.alone >= 0:
            self.leader = self.alone  # the lone player leads (engine/alone.py)
        held = self.hands if self.tableau is None else [h | d for h, d in zip(self.hands, self.tableau.down)]
        self.belote_suits = self.ruleset.declarations.belote_suits_of(held, self.played_contract())
        self.phase = PLAYING
        self._maybe_declare()

    def _deal_rest(self) -> None:
        taker, hands, deck, dealing = self.declarer, self.hands, self.deck, self.ruleset.dealing
        if dealing.turned_to_taker:
            hands[taker] |= 1 << self.turned_card
        for seat, position in dealing.second_from[self.first_seat][taker]:
            hands[seat] |= 1 << deck[position]

    def _maybe_declare(self) -> None:
        """In trick 1, a seat holding declarations first chooses what to declare."""
        if self.tricks or self.phase != PLAYING:
            return
        seat = self.to_act
        if seat in self.declared:
            return
        # What it holds decides: every choice is made of it (choices() splits it only where cards overlap).
        if self.ruleset.declarations.holds_any(self.hands[seat], self.played_contract()):
            self.phase = DECLARING
        else:
            self.declared[seat] = ()

    def declare(self, declarations: tuple[Declaration, ...]) -> None:
        """Record what the seat to act declares in trick 1 (unchecked; :meth:`apply` checks)."""
        self.declared[self.to_act] = declarations
        self.phase = PLAYING

    def play_card(self, card: int, announce_belote: bool = False) -> None:
        """Play ``card`` for the seat to act; the caller guarantees it is legal. Step-by-step play is one card of
        :meth:`play_out`'s trick loop, the one home of a trick's rules (a belote, the card winning, the trick's
        close); only trick 1's declarations are asked here, as a phase of their own, before the seat's card."""
        self._play_tricks(0, lambda *_: card, _declares_nothing, lambda seat: announce_belote, None, cards=1)
        self.asked = -1
        if self.trump_card >= 0 and not self.hands[self.declarer] and self.to_act == self.declarer:
            self.show_trump()  # twenty-eight.md §4.5: his last card
        if len(self.tricks) == self.ruleset.seating.hand_size:
            self.phase = OVER
            self.score = deal_score(self, self.leader)
        elif not self.tricks:
            self._maybe_declare()

    def play_out(self, pick_card: Callable[[int, int, int, list[int], int], int] | None,
                 pick_declaration: Callable[[int, list[list[Declaration]]], Sequence[Declaration]],
                 announce: Callable[[int], bool], rand: Callable[[], float] | None = None,
                 compiled_choice: tuple[bytes, object] | None = None) -> None:
        """Play to the end, choosing through callbacks: the fast path of simulations.

        ``pick_card(legal, seat, hand, trick, win_pos)`` gets the legal card set, the seat to
        play, its hand, the trick's cards so far and the position of the one winning it, and
        returns a card; with ``rand`` instead, each card is drawn uniformly from the legal ones as
        :func:`~belot_rules.engine.playout.card_picker` draws it, without a call per card (and by
        the compiled kernel ``belot_rules._playout`` when it is built: the same draws, the same deal;
        ``rand`` returns floats in [0, 1) and reads nothing of the deal, whose hands the kernel keeps).
        ``pick_declaration(seat, options)`` chooses among a seat's declaration options in trick 1;
        ``announce(seat)`` says whether a belote is announced where the variant requires it. The
        tricks run in one loop on local variables, through the same compiled obligations, tables
        and declaration rules as :meth:`apply`, whose cards go through this loop one at a time.
        ``compiled_choice`` is ``pick_card`` as the kernel can make it itself, where it is built:
        the packed tables of a card choice every seat makes and the memory it observes every card
        with (the heuristic bot's: players/card_play.py, ``CardSense.packed``, and players/memory.py).
        """
        assert self.phase != PREDICTING, "the seats predict before play_out plays (bidding.predictions)"
        if self.phase == EXCHANGING:
            self.exchange(True)  # the turned card is never worse than the seven: the bots always take it
        if self.phase == CONCEALING or self.trump_card >= 0 or self.asked >= 0:  # the asker must still trump
            play_while_concealed(self, pick_card, rand)
        settle_alone(self, rand)  # play.single_hand: asked once the trump is laid
        if self.trump_card >= 0:  # nobody plays alone: the trump still lies face down
            play_while_concealed(self, pick_card, rand)
        if self.phase not in (PLAYING, DECLARING):
            return
        self.phase = PLAYING
        declaring = self.ruleset.declarations.declaring_seats(self.hands, self.played_contract()) if not self.tricks else 0
        if (rand is not None or compiled_choice is not None) and kernel.compiled is not None and not self.closed \
                and self.out < 0 and self.ruleset.obligations[self.played_contract()].kernel_plays:  # rules it knows
            play_compiled(self, declaring, pick_declaration, announce, rand, compiled_choice)
        else:
            self._play_tricks(declaring, pick_card, pick_declaration, announce, rand)
        self.win_pos = 0
        self.phase = OVER
        self.score = deal_score(self, self.leader)

    def _play_tricks(self, declaring: int, pick_card: Callable[[int, int, int, list[int], int], int] | None,
                     pick_declaration: Callable[[int, list[list[Declaration]]], Sequence[Declaration]],
                     announce: Callable[[int], bool], rand: Callable[[], float] | None, cards: int = -1) -> None:
        """:meth:`play_out`'s trick loop in Python (``belot_rules/_playout.c`` is the same loop for ``rand``); it
        stops after ``cards`` cards if that is 0 or more (:meth:`play_card` plays one)."""
        ruleset, contract = self.ruleset, self.played_contract()
        tables = ruleset.tables[contract]
        legal_fast = ruleset.obligations[contract].legal_fast
        points, trick_strength = tables.points, tables.trick_strength
        hands, belote_suits, declared, tricks = self.hands, self.belote_suits, self.declared, self.tricks
        side_points, side_tricks = self.side_points, self.side_tricks
        table = ruleset.seating
        turns, side_of, deal_tricks = table.turns[self.out], table.side_of, table.hand_size  # the seats that play
        back = table.partner_back if self.out < 0 else 0
        may_lead = ~tables.trump_mask if self.closed else -1  # the cards a lead is taken from, while held
        tableau = self.tableau  # an open tableau turns cards up after each trick
        belote_held = any(belote_suits)  # most deals have none: one test per card less
        leader, trick, win = self.leader, self.trick, self.win_pos
        taken = 0  # card points in the trick so far
        for card in trick:
            taken += points[card]
        if trick:  # resuming inside a trick
            best, led = trick[win], SUIT_OF[trick[0]]
            strength = trick_strength[led]
            top = strength[best]
        while len(tricks) < deal_tricks:
            first_trick = not tricks
            seats = turns[leader]
            players = len(seats)
            for pos in range(len(trick), players):
                seat = seats[pos]
                hand = hands[seat]
                if first_trick and seat not in declared:
                    if declaring >> seat & 1:
                        self._choose_declarations(seat, hand, pick_declaration)
                    else:
                        declared[seat] = ()
                legal = legal_fast(hand, led, best, win == pos - back) if pos else hand & may_lead or hand
                if rand is None:
                    assert pick_card is not None, "play_out draws cards at random (rand) or asks pick_card"
                    card = pick_card(legal, seat, hand, trick, win)
                else:  # random playouts: card_picker's draw, without a call per card
                    skip = int(rand() * legal.bit_count())
                    while skip > 0:
                        legal &= legal - 1
                        skip -= 1
                    card = (legal & -legal).bit_length() - 1
                if belote_held and belote_suits[seat]:
                    self._play_belote(seat, card, leader, win, announce)
                hands[seat] = hand ^ (1 << card)
                trick.append(card)
                taken += points[card]
                if not pos:
                    led = SUIT_OF[card]
                    strength = trick_strength[led]
                    best, top = card, strength[card]
                elif strength[card] > top:
                    win, best, top = pos, card, strength[card]
                cards -= 1
                if not cards and pos + 1 < players:  # stopped inside the trick
                    self.win_pos = win
                    return
            winner = seats[win]
            side = side_of[winner]
            side_points[side] += taken
            side_tricks[side] += 1
            taken = 0
            tricks.append((leader, tuple(trick), winner))
            if tableau is not None:
                self._turn_up(leader)
            leader, trick, win = winner, [], 0
            self.leader, self.trick = leader, trick  # what _belote's legal-card test reads
            if not cards:
                self.win_pos = 0
                return

    def _choose_declarations(self, seat: int, hand: int,
                             pick_declaration: Callable[[int, list[list[Declaration]]], Sequence[Declaration]]) -> None:
        """Trick 1 in :meth:`play_out`: what a seat holding declarations declares."""
        options = self.ruleset.declarations.choices(hand, self.played_contract(), seat)
        self.declared[seat] = tuple(pick_declaration(seat, options)) if any(options) else ()

    def _play_belote(self, seat: int, card: int, leader: int, win: int, announce: Callable[[int], bool]) -> None:
        """In :meth:`play_out`, before ``card`` leaves the hand of ``seat``, which holds a belote: whether it opens it."""
        if self._opens_belote(seat, card):
            self.leader, self.win_pos = leader, win  # what _belote's legal-card test reads
            self._belote(seat, card, announce(seat))

    def _turn_up(self, leader: int) -> None:
        """In :meth:`play_out`, after the trick ``leader`` led: the tableau's cards under its cards are turned up."""
        players, tableau = self.ruleset.seating.players, self.tableau
        assert tableau is not None, "only an open tableau turns cards up"
        self.hidden = tableau.turn_up(self.hands, self.hidden, self.trick,
                                           self.ruleset.seating.order[leader:leader + players])

    def _belote(self, seat: int, card: int, announced: bool) -> None:
        suit = SUIT_OF[card]
        self.belote_suits[seat].remove(suit)
        rules = self.ruleset.declarations
        if rules.belote_announced and not announced:
            return
        only_card = rules.belote_lost_when_forced and self.legal_card_mask() == 1 << card  # read only then
        if rules.belote_play_counts(card, self.trick, self.ruleset.tables[self.played_contract()], only_card):
            self.belotes.append((seat, suit))

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> SeatView:
        """What ``seat`` sees: its hand, the calls, the table and what has been declared."""
        return seat_view(self, seat)


_copy_deal = field_copier(DealState, {
    "hands": list, "auction": lambda auction: auction.copy() if auction else None, "trick": list, "tricks": list,
    "side_points": list, "side_tricks": list, "declared": dict, "belote_suits": lambda suits: [list(s) for s in suits],
    "belotes": list, "history": list, "predictions": list})

# The phases live in .phases (the refusal messages read them too); they are imported from here as before.
__all__ = ["BIDDING", "CONCEALING", "DECLARING", "DISCARDING", "EXCHANGING", "OVER", "PLAYING", "PREDICTING", "DealState",
           "IllegalAction",
           "SeatView"]


def _declares_nothing(seat: int, options: list[list[Declaration]]) -> Sequence[Declaration]:
    """Step-by-step play asks trick 1's declarations as a phase of its own, never inside the trick loop."""
    return ()
