"""Declarations compiled from ``Variant.declarations``: what a hand holds, belote, and the contest.

Sequences and quads (rules/bulgarian.md §5, rules/french.md §7) are found with
tables built once per variant: for each of the 256 possible holdings of a suit
(512 with the 6 of a 36-card pack, as the holding's ninth bit), the runs it contains. Belote (K+Q of a trump suit) is separate: it is never part
of the contest and always scores for its team, subject to its play condition.

With ``source: tricks`` (Klaverjas roem, family/klaverjas.md §5) the same tables
are applied to the cards of each trick instead of to a hand, and what they
hold is credited to the seat that wins the trick.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from ...cards import CARDS, DECK_SIZE, RANK_CHARS, RANK_NAMES, SIX, SUIT_MASKS, SUIT_NAMES, SUIT_OF, SUITS, card_index
from ...i18n import N_
from ...variant.model import CONCEALED, CONTRACTS, SUIT_CONTRACTS, Variant, contract_kind
from ..cards.tables import ContractTables
from ..table.seating import Seating
from .options import (
    BeloteAnnouncement,
    BeloteForcedCard,
    BeloteInSequence,
    BelotePlayCondition,
    ContestScope,
    DeclarationTie,
    LongRun,
    MeldSource,
    QuadSequenceOverlap,
    SequenceCompare,
    UndenufeMelds,
    WinnerScores,
)

SEQUENCE, QUAD, BELOTE = "sequence", "quad", "belote"
QUEEN, KING = 5, 6
SEQUENCE_NAMES = {3: "tierce", 4: "quarte", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième", 9: "neuvième"}
TIERCE = 3
IN_TRICK_MEMO = 50_000  # tricks whose melds are remembered: a few MB; the common tricks come back first
RESOLVED_KEPT = 4096  # contests remembered per variant (well under 1 kB each) before starting again


def _may_hold(hand: int, quad_ranks: int, runs: tuple[tuple[tuple[int, int, int], ...], ...]) -> bool:
    """Whether ``hand`` holds four of a rank in ``quad_ranks`` or, in some suit, a run of ``runs``."""
    return bool(hand & (hand >> 8) & (hand >> 16) & (hand >> 24) & quad_ranks or runs[hand & 0xFF]
                or runs[hand >> 8 & 0xFF] or runs[hand >> 16 & 0xFF] or runs[hand >> 24 & 0xFF])


def _may_hold_36(hand: int, quad_ranks: int, runs: tuple[tuple[tuple[int, int, int], ...], ...]) -> bool:
    """:func:`_may_hold` in a 36-card pack, whose 6s are the ninth bit of each suit's holding."""
    return bool(_quads_36(hand) & quad_ranks or any(runs[_holding_36(hand, suit)] for suit in range(4)))


def _quads_36(hand: int) -> int:
    """The ranks (bit ``rank``) of which a hand of the 36-card pack holds all four cards."""
    return hand & (hand >> 8) & (hand >> 16) & (hand >> 24) & 0xFF | (hand >> DECK_SIZE & 0xF == 0xF) << SIX


def _holding_36(hand: int, suit: int) -> int:
    """The ranks (bit ``rank``) a hand of the 36-card pack holds in ``suit``: its byte, and its 6 as bit 8."""
    return hand >> 8 * suit & 0xFF | (hand >> (DECK_SIZE + suit) & 1) << SIX


def _cards_36(holding: int, suit: int) -> int:
    """The cards of a suit holding (:func:`_holding_36`)."""
    return (holding & 0xFF) << 8 * suit | (holding >> SIX) << (DECK_SIZE + suit)


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declared combination of one seat; ``rank`` is the top rank of a sequence (natural index)."""

    seat: int
    kind: str  # sequence / quad / belote
    suit: int  # -1 for a quad
    rank: int
    length: int
    mask: int
    points: int

    @classmethod
    def belote(cls, seat: int, suit: int, points: int) -> Declaration:
        """The belote of ``seat`` in ``suit`` (its king and queen)."""
        mask = (1 << (suit * 8 + KING)) | (1 << (suit * 8 + QUEEN))
        return cls(seat, BELOTE, suit, KING, 2, mask, points)

    def __str__(self) -> str:
        if self.kind == SEQUENCE:
            return f"{SEQUENCE_NAMES[self.length]} to the {CARDS[card_index(self.suit, self.rank)].symbol()} ({self.points})"
        if self.kind == QUAD:
            return f"four {RANK_NAMES[self.rank]}s ({self.points})"
        return f"belote in {SUIT_NAMES[self.suit]} ({self.points})"

    def code(self) -> str:
        """A short text unique among one hand's declarations, as records store it."""
        if self.kind == SEQUENCE:
            return f"{SEQUENCE_NAMES[self.length]} to {CARDS[card_index(self.suit, self.rank)]}"
        if self.kind == QUAD:
            return f"four {RANK_CHARS[self.rank]}"
        return f"belote {SUITS[self.suit]}"


class CampNames(NamedTuple):
    """How explanations name the two camps of a deal (team 0 / team 1, player 0 / player 1, ...)."""

    first: str
    second: str
    noun: str  # team / player / side

    @classmethod
    def of(cls, seating: Seating, declarer: int = 0) -> CampNames:
        """The names of the takers' and defenders' camps; sides when the two coincide."""
        if seating.sides == 2:
            return cls(seating.side_name(0), seating.side_name(1), seating.side_name(0).split()[0])
        return cls(f"player {declarer}", N_("the defence"), "side")


class PlayerNames(tuple[str, ...]):
    """How explanations name the players of a table where each plays for himself: player 0, player 1, ..."""

    noun = "player"

    @classmethod
    def of(cls, seating: Seating) -> PlayerNames:
        return cls(seating.side_name(seat) for seat in seating.seats)


class Resolution(NamedTuple):
    """The outcome of the declaration contest: what scores, what is cancelled and why (built once per deal)."""

    kept: tuple[Declaration, ...]
    cancelled: tuple[tuple[Declaration, str, tuple[object, ...]], ...]  # why: a str.format template, values
    points: tuple[int, ...]  # kept sequences and quads, per camp
    belote: tuple[int, ...]  # kept belotes, per camp

    def reasons(self) -> list[tuple[Declaration, str]]:
        """Each cancelled declaration with the reason in words."""
        return [(d, text.format(*values)) for d, text, values in self.cancelled]


NOTHING = Resolution((), (), (0, 0), (0, 0))


@dataclass(frozen=True, slots=True)
class _ContractDeclarations:
    """What one contract allows: quads by rank, belote suits, the trump suit."""

    allowed: bool  # sequences and quads may be declared
    quads: tuple[tuple[int, int, int], ...]  # (rank, mask, points)
    quad_ranks: int  # bit r set: four cards of rank r are a declaration
    belote_pairs: tuple[tuple[int, int], ...]  # (suit, K+Q mask)
    trump_suit: int
    belote_queens: int  # the queen of each belote suit: hand & hand >> 1 & this keeps those whose king is held too


class DeclarationRules:
    """Sequences, quads, belote and the contest of one variant, precomputed once."""

    def __init__(self, variant: Variant, seating: Seating | None = None) -> None:
        """``seating`` is the ruleset's own when it builds this; built here otherwise."""
        seating = seating if seating is not None else Seating.build(variant)
        self._players = seating.players
        self._side_of = seating.side_of
        self._sides = seating.sides
        self.names: CampNames | PlayerNames = PlayerNames.of(seating) if seating.sides > 2 else CampNames.of(seating)
        decl = variant.declarations
        self._decl = decl
        self._belote = decl.belote
        self.belote_announced = decl.belote.announcement == BeloteAnnouncement.required  # the player must say "belote"
        # NIK: a king or queen played as the only legal card loses the belote; elsewhere nobody needs to know.
        self.belote_lost_when_forced = decl.belote.forced_card == BeloteForcedCard.lost
        order = [RANK_CHARS.index(r) for r in variant.cards.sequence_order]
        # A 36-card pack's suit holdings have a ninth bit, its 6: they are read through the *_36 functions.
        self._wide = "6" in variant.cards.ranks
        self._may_hold = _may_hold_36 if self._wide else _may_hold
        self._seq_pos = [0] * len(RANK_CHARS)
        for pos, rank in enumerate(order):
            self._seq_pos[rank] = pos
        self._lengths = sorted(decl.sequences)
        # schieber.md §5.2.3 (PEN): in undenufe the lower of equal runs wins and quads rank in reverse.
        self._upward = frozenset({"undenufe"}) if decl.undenufe_melds == UndenufeMelds.reversed else frozenset()
        self._min_length = self._lengths[0]
        self._class = [max((n for n in self._lengths if n <= length), default=0) for length in range(len(RANK_CHARS) + 1)]
        self._by_class = decl.sequence_compare == SequenceCompare.class_then_top
        self._unified = decl.contest == ContestScope.unified
        self._no_contest = decl.contest == ContestScope.none
        self.from_tricks = decl.source == MeldSource.tricks  # melds are found in each trick's cards, not declared
        self._quad_flag = 1 if decl.quad_beats_equal_sequence else 0
        self._by_size = decl.more_cards_beat_equal_value  # equal values: the declaration of more cards wins
        self._runs = tuple(self._suit_runs(byte, order) for byte in range(1 << len(order)))
        self._player_chooses = decl.quad_sequence_overlap == QuadSequenceOverlap.player_chooses
        self._prefer_quad = decl.quad_sequence_overlap == QuadSequenceOverlap.prefer_quad
        self._quad_strength = {RANK_CHARS.index(r): len(decl.quad_order) - i for i, r in enumerate(decl.quad_order)}
        self._contracts = {c: self._compile_contract(c) for c in (*CONTRACTS, CONCEALED)}
        # What of a contract and of the seat leading trick 1 the contest reads (resolve remembers contests by it): the
        # trump suit where a tie goes to the sequence in trumps, the upward order of undenufe, the play order where a
        # tie goes to the first in it.
        by_trump = decl.tie in (DeclarationTie.trump_then_cancel, DeclarationTie.trump_then_first_in_play_order)
        self._contest_of = {c: (info.trump_suit if by_trump else -1, c in self._upward)
                            for c, info in self._contracts.items()}
        self._by_play_order = decl.tie in (DeclarationTie.first_in_play_order,
                                           DeclarationTie.trump_then_first_in_play_order)
        self._in_trick: dict[tuple[str, int], tuple[Declaration, ...]] = {}
        self._made: dict[int, list[Declaration]] = {}
        # One object per declaration's value: the holdings of a suit that hold the same run, or the hands that hold the
        # same quad, give the same object, so a contest remembered by identity (resolve) is found again for them.
        self._interned: dict[Declaration, Declaration] = {}
        self._resolved: dict[tuple[object, ...], tuple[tuple[Declaration, ...], Resolution]] = {}
        self._belotes = tuple(Declaration.belote(seat, suit, decl.belote.points) for seat in seating.seats for suit in range(4))

    # ------------------------------------------------------------------ compiling

    def _sequence_points(self, length: int) -> int:
        """The longest listed length covers longer runs (5 means 5 or more)."""
        return self._decl.sequences[self._class[length]]

    def _suit_runs(self, byte: int, order: list[int]) -> tuple[tuple[int, int, int], ...]:
        """Runs of one suit holding as (top rank, length, mask within the suit byte), lowest first."""
        runs: list[tuple[int, int, int]] = []
        pos = 0
        while pos < len(order):
            if not byte >> order[pos] & 1:
                pos += 1
                continue
            end = pos
            while end + 1 < len(order) and byte >> order[end + 1] & 1:
                end += 1
            runs.extend(self._split_run(order[pos:end + 1]))
            pos = end + 1
        return tuple(runs)

    def _split_run(self, ranks: list[int]) -> list[tuple[int, int, int]]:
        """A run of ``ranks`` (low to high) as declarations; an 8-card run may be a quint plus a tierce."""
        if len(ranks) < self._min_length:
            return []
        parts = [ranks]
        if len(ranks) == 8 and self._decl.long_run == LongRun.quint_plus_tierce_for_eight and TIERCE in self._lengths:
            parts = [ranks[TIERCE:], ranks[:TIERCE]]
        return [(part[-1], len(part), sum(1 << r for r in part)) for part in parts]

    def _compile_contract(self, contract: str) -> _ContractDeclarations:
        if contract == CONCEALED:  # a trump laid face down: nothing is declared in it (the model refuses melds)
            return _ContractDeclarations(False, (), 0, (), -1, 0)
        kind = contract_kind(contract)
        decl = self._decl
        trump_suit = SUIT_CONTRACTS.index(contract) if kind == "suit" else -1
        allowed = decl.enabled and decl.allowed.of(kind)  # in tricks (from_tricks) instead of hands
        table = decl.quads.of(contract)
        quads = tuple(
            (RANK_CHARS.index(r), sum(1 << card_index(s, RANK_CHARS.index(r)) for s in range(4)), pts)
            for r, pts in table.items()
            if pts > 0
        ) if allowed else ()
        belote = self._belote
        suits: tuple[int, ...] = ()
        if belote.enabled and belote.allowed.of(kind):
            suits = (trump_suit,) if kind == "suit" else (0, 1, 2, 3)
        pairs = tuple((s, Declaration.belote(0, s, 0).mask) for s in suits)
        return _ContractDeclarations(allowed, quads, sum(1 << rank for rank, _, _ in quads), pairs, trump_suit,
                                     sum(1 << (s * 8 + QUEEN) for s in suits))

    # ------------------------------------------------------------------ what a hand holds

    def _quads(self, mask: int) -> int:
        """The ranks (bit ``rank``) of which ``mask`` holds all four cards."""
        return _quads_36(mask) if self._wide else mask & (mask >> 8) & (mask >> 16) & (mask >> 24)

    def _sequences(self, seat: int, hand: int) -> list[Declaration]:
        found = []
        runs, wide = self._runs, self._wide
        for suit in range(4):
            byte = _holding_36(hand, suit) if wide else (hand >> (8 * suit)) & 0xFF
            if runs[byte]:
                found += self._suit_sequences(seat, suit, byte)
        return found

    def _suit_sequences(self, seat: int, suit: int, byte: int) -> list[Declaration]:
        """The runs of one suit holding; built once per seat, suit and holding (declarations are immutable)."""
        key = (seat << 11) | (suit << 9) | byte
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = [
                self._intern(Declaration(seat, SEQUENCE, suit, top, length,
                                         _cards_36(part, suit) if self._wide else part << (8 * suit),
                                         self._sequence_points(length)))
                for top, length, part in self._runs[byte]
            ]
        return made

    def _intern(self, declaration: Declaration) -> Declaration:
        """The one object of ``declaration``'s value (declarations are immutable)."""
        return self._interned.setdefault(declaration, declaration)

    def held(self, hand_mask: int, contract: str, seat: int = 0) -> list[Declaration]:
        """Every sequence and quad the hand may declare; empty where the contract has none.

        Under ``prefer_quad`` a quad's cards leave the sequences; under ``both_count`` and
        ``player_chooses`` overlapping sequences are listed too (:meth:`choices` splits them).
        """
        info = self._contracts[contract]
        if not info.allowed or self.from_tricks or not self._may_hold(hand_mask, info.quad_ranks, self._runs):
            return []  # most hands: settled by table look-ups
        if not self._quads(hand_mask) & info.quad_ranks:
            return self._sequences(seat, hand_mask)
        return self.held_melds(hand_mask, contract, seat)

    def holds_any(self, hand_mask: int, contract: str) -> bool:
        """Whether :meth:`held` finds anything in the hand, by the look-ups that settle it, nothing built: trick 1
        asks a seat what it declares only then."""
        info = self._contracts[contract]
        return info.allowed and not self.from_tricks and self._may_hold(hand_mask, info.quad_ranks, self._runs)

    def declaring_seats(self, hands: list[int], contract: str) -> int:
        """The seats (bit ``1 << seat``) whose hand holds a sequence or quad to declare in ``contract``.

        One call when trick 1 begins spares a :meth:`choices` call for each hand that holds none,
        which is most of them."""
        info = self._contracts[contract]
        if not info.allowed or self.from_tricks:
            return 0
        quad_ranks, runs, may_hold = info.quad_ranks, self._runs, self._may_hold
        seats = 0
        for seat, hand in enumerate(hands):
            if may_hold(hand, quad_ranks, runs):
                seats |= 1 << seat
        return seats

    def choices(self, hand_mask: int, contract: str, seat: int = 0) -> list[list[Declaration]]:
        """The sets of declarations a player may choose between (one set unless ``player_chooses``).

        HIT/HLP (bulgarian.md §5.1): a card in both a quad and a sequence is declared in only one
        of them, the player choosing; each option is a maximal set without shared cards.
        """
        held = self.held(hand_mask, contract, seat)
        if not self._player_chooses:
            return [held]
        quads = [d for d in held if d.kind == QUAD]
        if not quads:
            return [held]
        options: list[list[Declaration]] = []
        for size in range(len(quads) + 1):
            for chosen in combinations(quads, size):
                rest = hand_mask
                for q in chosen:
                    rest &= ~q.mask
                seqs = self._sequences(seat, rest)
                used = sum(d.mask for d in seqs)
                options.append([*chosen, *(q for q in quads if q not in chosen and not q.mask & used), *seqs])
        sets = [frozenset(o) for o in options]
        unique = {s: o for s, o in zip(sets, options)}
        return [o for s, o in unique.items() if not any(s < other for other in unique)]

    # ------------------------------------------------------------------ belote

    def belote_suits(self, hand_mask: int, contract: str) -> list[int]:
        """Suits in which the hand holds the king and queen of a trump suit (where belote exists)."""
        return [suit for suit, mask in self._contracts[contract].belote_pairs if hand_mask & mask == mask]

    def belote_suits_of(self, hands: list[int], contract: str) -> list[list[int]]:
        """:meth:`belote_suits` of every hand in one call (once per deal, when play begins); none when the
        king and queen score from a trick's cards."""
        found: list[list[int]] = [[] for _ in hands]
        if self.from_tricks:
            return found
        queens = self._contracts[contract].belote_queens
        for seat, hand in enumerate(hands):
            pairs = hand & hand >> 1 & queens  # the king's bit (QUEEN + 1) shifted onto the queen's
            if pairs:
                found[seat] = [suit for suit in range(4) if pairs >> (suit * 8 + QUEEN) & 1]
        return found

    def belote_play_counts(
        self, card: int, trick_cards_before: tuple[int, ...] | list[int], tables: ContractTables,
        was_only_legal_card: bool,
    ) -> bool:
        """Whether playing ``card``, the first of a belote's K/Q, keeps the belote.

        SF/HIT (bulgarian.md §5.3): it must be led, follow suit or be a trump; in all-trumps a K/Q
        discarded on another led suit loses it. NIK: a forced card may lose it (``forced_card``).
        """
        if was_only_legal_card and self.belote_lost_when_forced:
            return False
        if self._belote.play_condition == BelotePlayCondition.always or not trick_cards_before:
            return True
        suit = SUIT_OF[card]
        return suit == SUIT_OF[trick_cards_before[0]] or suit == tables.trump_suit

    # ------------------------------------------------------------------ melds in a trick

    def in_trick(self, contract: str, cards: tuple[int, ...] | list[int], winner: int) -> tuple[Declaration, ...]:
        """The melds among a trick's cards (two, three or four), credited to ``winner`` (``source: tricks``; else none).

        klaverjas.md §5: a run of 3 or 4 cards of one suit, four of a kind, and the king and queen
        of trumps ("stuk"), which also stacks on a run holding them (Q-K-A of trumps = 20 + 20).
        Worked out once per contract, trick and winner: a trick's melds never change.
        """
        if not self.from_tricks:
            return ()
        mask = 0
        for card in cards:
            mask |= 1 << card
        key = (contract, mask << 2 | winner)
        found = self._in_trick.get(key)
        if found is None:
            info = self._contracts[contract]
            held = self.held_melds(mask, contract, winner) if info.allowed else []
            held += [self.belote(winner, suit) for suit, pair in info.belote_pairs if mask & pair == pair]
            if len(self._in_trick) >= IN_TRICK_MEMO:  # a long simulation sees most of the 860,000 tricks
                self._in_trick.clear()
            found = self._in_trick[key] = tuple(held)
        return found

    def held_melds(self, mask: int, contract: str, seat: int) -> list[Declaration]:
        """Sequences and quads among ``mask`` whatever the source (what :meth:`held` finds in a hand)."""
        info = self._contracts[contract]
        quad_ranks = self._quads(mask) & info.quad_ranks
        quads = [self._intern(Declaration(seat, QUAD, -1, rank, 4, m, pts))
                 for rank, m, pts in info.quads if quad_ranks >> rank & 1]
        rest = mask
        if self._prefer_quad:
            for q in quads:
                rest &= ~q.mask
        return quads + self._sequences(seat, rest)

    # ------------------------------------------------------------------ building from a score sheet

    def sequence(self, seat: int, mask: int) -> list[Declaration]:
        """The declaration(s) of a run given by its cards; ``ValueError`` says what is wrong with it."""
        suits = {s for s in range(4) if mask & SUIT_MASKS[s]}
        if len(suits) != 1:
            raise ValueError("a sequence is in one suit")
        suit = suits.pop()
        byte = _holding_36(mask, suit) if self._wide else (mask >> (8 * suit)) & 0xFF
        ranks = range(len(self._runs).bit_length() - 1)  # the ranks of the sequence order
        positions = sorted(self._seq_pos[r] for r in ranks if byte >> r & 1)
        if len(positions) < self._min_length or positions[-1] - positions[0] + 1 != len(positions):
            order = " ".join(RANK_CHARS[r] for r in sorted(ranks, key=self._seq_pos.__getitem__))
            raise ValueError(f"a sequence is {self._min_length} or more consecutive cards of one suit, "
                             f"in the order {order}")
        return list(self._suit_sequences(seat, suit, byte))

    def belote(self, seat: int, suit: int) -> Declaration:
        """The belote of ``seat`` in ``suit``, worth the variant's belote points (one shared object each)."""
        seats = len(self._belotes) // 4  # the table's seats, four suits each
        if not (0 <= seat < seats and 0 <= suit < 4):
            raise ValueError(f"a belote needs a seat from 0 to {seats - 1} and a suit from 0 to 3, got seat {seat}, "
                             f"suit {suit}")
        return self._belotes[seat * 4 + suit]

    def quad(self, seat: int, rank: int, contract: str) -> Declaration:
        """Four cards of ``rank``; ``ValueError`` when that rank is not a declaration here."""
        for r, mask, pts in self._contracts[contract].quads:
            if r == rank:
                return Declaration(seat, QUAD, -1, rank, 4, mask, pts)
        raise ValueError(f"four {RANK_NAMES[rank]}s are not a declaration in {contract}")

    def allows(self, kind: str, contract: str, suit: int = -1) -> bool:
        """Whether ``contract`` has declarations of ``kind`` (a belote: in ``suit``)."""
        info = self._contracts[contract]
        if kind == BELOTE:
            return any(s == suit for s, _ in info.belote_pairs)
        return info.allowed

    # ------------------------------------------------------------------ the contest

    def _key(self, d: Declaration) -> tuple[int, int, int, int]:
        """Comparison key; under ``unified`` the value comes first.

        Two quads compare by value, then by ``quad_order`` (which orders equal-valued quads):
        HIT "the highest point value", french.md §7 (value first; no-trumps A 200 > T 150 > 100s).
        """
        points = d.points if self._unified else 0
        if self._by_size and self._unified:  # schieber.md §5.2.2: more cards first; equal sizes as below
            size = 4 if d.kind == QUAD else d.length
            if d.kind == QUAD:
                return (points, size, self._quad_flag, self._quad_strength[d.rank])
            return (points, size, 0, self._seq_pos[d.rank])
        if d.kind == QUAD:
            return (points, self._quad_flag, d.points, self._quad_strength[d.rank])
        return (points, 0, self._class[d.length] if self._by_class else d.length, self._seq_pos[d.rank])

    def _upward_key(self, d: Declaration) -> tuple[int, int, int, int]:
        """:meth:`_key` in a contract that ranks upward (undenufe): the lower run, and the lower quad, is higher."""
        points, flag, size, _ = self._key(d)
        return (points, flag, size, -(self._quad_strength[d.rank] if d.kind == QUAD
                                      else self._seq_pos[d.rank] - d.length + 1))

    def _compare(self, a: Declaration, b: Declaration, key: Callable[[Declaration], tuple[int, ...]]) -> int:
        """>0 when ``a`` is higher, 0 when equal (a tie), <0 when lower, by ``key``."""
        ka, kb = key(a), key(b)
        if a.kind != b.kind and ka[:2] == kb[:2]:
            return 0  # a quad and a sequence of equal value, quad_beats_equal_sequence off
        return (ka > kb) - (ka < kb)

    def resolve(self, declarations: list[Declaration] | tuple[Declaration, ...], contract: str,
                first_seat: int = 0, camps: tuple[int, ...] | None = None,
                names: CampNames | PlayerNames | None = None) -> Resolution:
        """Which declarations score for which team, which are cancelled and why.

        Default (SF, HIT, NIK; bulgarian.md §5.4): sequences and quads are two contests; the team
        with the highest scores all of its own, the other none; equal best sequences cancel.
        ``unified`` (BIN; french.md §7) is one contest by value. ``none`` (klaverjas.md §5: "both
        sides keep their own roem") keeps every declaration. Belote never takes part.
        ``camps`` gives each seat's camp (0 or 1) when it is not its side (a taker against the
        rest); ``names`` how the explanation names the camps. Where each of three players plays
        for himself, every player is a camp and the best of them scores.
        """
        if not declarations:
            return NOTHING
        # By identity: the engine shares its declaration objects, and the entry keeps them alive, so an id is
        # not reused while its entry lasts (equal copies may differ: which one is a team's best is told by identity).
        key = (tuple(map(id, declarations)), self._contest_of[contract], first_seat if self._by_play_order else 0,
               camps, names)
        found = self._resolved.get(key)
        if found is None:
            if len(self._resolved) >= RESOLVED_KEPT:
                self._resolved.clear()
            found = self._resolved[key] = (tuple(declarations),
                                           self._resolve(declarations, contract, first_seat, camps, names))
        return found[1]

    def _resolve(self, declarations: list[Declaration] | tuple[Declaration, ...], contract: str, first_seat: int,
                 camps: tuple[int, ...] | None, names: CampNames | PlayerNames | None) -> Resolution:
        """:meth:`resolve`, worked out: a resolution depends on its arguments alone and is immutable, so it is
        remembered (most deals' declarations are a belote or two, which come back again and again)."""
        camp = camps if camps is not None else self._side_of
        names = names if names is not None else self.names
        count = 2 if camps is not None else self._sides
        kept: list[Declaration] = []
        cancelled: list[tuple[Declaration, str, tuple[object, ...]]] = []
        belotes: list[Declaration] = []
        groups: tuple[tuple[list[Declaration], ...], ...] = tuple(tuple([] for _ in range(count)) for _ in range(2))
        for d in declarations:
            if d.kind == BELOTE:
                belotes.append(d)
            else:
                groups[0 if self._unified or d.kind == SEQUENCE else 1][camp[d.seat]].append(d)
        trump_suit = self._contracts[contract].trump_suit
        if self._no_contest:
            kept += [d for d in declarations if d.kind != BELOTE]
        key = self._upward_key if contract in self._upward else self._key
        for teams in groups:
            if any(teams) and not self._no_contest:
                self._contest(teams, trump_suit, first_seat, kept, cancelled, names, key)
        points = [0] * count
        for d in kept:
            points[camp[d.seat]] += d.points
        belote = [0] * count
        for b in belotes:
            absorbing = self._absorbing(b, kept)
            if absorbing is None:
                kept.append(b)
                belote[camp[b.seat]] += b.points
            else:
                cancelled.append((b, N_("its king and queen are part of the {}"), (absorbing,)))
        return Resolution(tuple(kept), tuple(cancelled), tuple(points), tuple(belote))

    def _absorbing(self, b: Declaration, kept: list[Declaration]) -> Declaration | None:
        """Under ``belote_absorbed`` (bulgarian-options.md D15), the kept sequence holding the belote's K-Q."""
        if self._belote.in_sequence != BeloteInSequence.belote_absorbed:
            return None
        return next((d for d in kept if d.kind == SEQUENCE and d.seat == b.seat and b.mask & d.mask == b.mask), None)

    def _contest(self, teams: tuple[list[Declaration], ...], trump_suit: int, first_seat: int,
                 kept: list[Declaration], cancelled: list[tuple[Declaration, str, tuple[object, ...]]],
                 names: CampNames | PlayerNames, key: Callable[[Declaration], tuple[int, ...]]) -> None:
        best_only = self._decl.winner_scores == WinnerScores.best_only
        present = [camp for camp, decls in enumerate(teams) if decls]
        winner: int | None
        if len(present) > 1:
            winner, why = self._winner(teams, present, trump_suit, first_seat, names, key)
        else:
            winner, why = present[0], ("", ())
            if not best_only:
                kept.extend(teams[winner])
                return
        top = max(teams[winner], key=key) if winner is not None else None
        for team, decls in enumerate(teams):
            for d in decls:
                if team != winner:
                    cancelled.append((d, *why))
                elif best_only and d is not top:
                    cancelled.append((d, N_("only the {}'s best declaration scores"), (names.noun,)))
                else:
                    kept.append(d)

    def _winner(self, teams: tuple[list[Declaration], ...], present: list[int], trump_suit: int,
                first_seat: int, names: CampNames | PlayerNames,
                key: Callable[[Declaration], tuple[int, ...]]) -> tuple[int | None, tuple[str, tuple[object, ...]]]:
        """The camp whose best declaration is higher (None: cancelled), and why the others lose."""
        best = {camp: max(teams[camp], key=key) for camp in present}
        leaders = present[:1]
        for camp in present[1:]:
            order = self._compare(best[camp], best[leaders[0]], key)
            if order > 0:
                leaders = [camp]
            elif order == 0:
                leaders.append(camp)
        if len(leaders) == 1:
            w = leaders[0]
            return w, (N_("{}'s {} is higher"), (names[w], best[w]))
        return self._break_tie(teams, leaders, best, trump_suit, first_seat, names, key)

    def _break_tie(self, teams: tuple[list[Declaration], ...], leaders: list[int], best: dict[int, Declaration],
                   trump_suit: int, first_seat: int, names: CampNames | PlayerNames,
                   key: Callable[[Declaration], tuple[int, ...]]) -> tuple[int | None, tuple[str, tuple[object, ...]]]:
        """Equal best declarations: cancel, a sequence in trumps, or the seat first in play order."""
        rule = self._decl.tie
        tied = {camp: [d for d in teams[camp] if self._compare(d, best[camp], key) == 0] for camp in leaders}
        if rule in (DeclarationTie.trump_then_cancel, DeclarationTie.trump_then_first_in_play_order):
            in_trumps = [camp for camp in leaders if any(d.kind == SEQUENCE and d.suit == trump_suit for d in tied[camp])]
            if len(in_trumps) == 1:
                w = in_trumps[0]
                return w, (N_("equal to {}'s {}, which is in trumps"), (names[w], best[w]))
            leaders = in_trumps or leaders
        if rule in (DeclarationTie.first_in_play_order, DeclarationTie.trump_then_first_in_play_order):
            places = {camp: min((d.seat - first_seat) % self._players for d in tied[camp]) for camp in leaders}
            w = min(leaders, key=places.__getitem__)
            seat = (first_seat + places[w]) % self._players
            return w, (N_("equal to {}'s {}, declared by seat {}, first in play order"), (names[w], best[w], seat))
        if len(leaders) == 2:
            a, b = leaders
            return None, (N_("{}'s {} and {}'s {} are equal: neither {} scores"), (names[a], best[a], names[b], best[b],
                                                                            names.noun))
        equal = ", ".join(f"{names[camp]}'s {best[camp]}" for camp in leaders)
        return None, (N_("{} are equal: no {} scores"), (equal, names.noun))
