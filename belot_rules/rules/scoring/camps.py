"""The scoring of a deal between two camps, compiled from ``Variant.scoring``.

:meth:`ScoringRules.score` is what the engine calls once per deal: plain integers
in, a :class:`DealScore` out, every option already turned into attributes at
compile time. The rules and their sources are in rules/bulgarian.md §6-10 and
rules/french.md §8-13; where the model's options leave a reading open, the
docstring of the method that applies them says which reading is taken.

Here the two camps are the two sides of the board (partners, or two players). Tables
where players score apart (a taker against the rest, each for himself) are the
strategies of :mod:`.players`, which ``ScoringRules(variant)`` chooses by the seating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...variant.model import Variant, contract_kind
from ..calls import CAPOT
from ..declarations import NOTHING, CampNames, Declaration, DeclarationRules, PlayerNames, Resolution
from ..rounding import Rounder
from ..seating import Seating
from ..tables import ContractTables, build_all_tables
from .capot_bid import at_capot_value
from .result import ALL, FAILED, HALF, HANGING, LITIGE, MADE, POT, SPLIT, TIE, DealScore, Each, Note, ScoreParts, Terms

DECLARED = "{}: seat {} {} counts for {}"  # a declaration that scores: its kind, seat, what it is and for whom
MEMO_BIDS = (type(None), int, str)  # bids whose scores are remembered: those that equal only themselves
SCORES_KEPT = 4096  # scores without declarations remembered per variant (~2 kB each) before starting again


@dataclass(frozen=True, slots=True)
class _ContractScoring:
    """What one contract needs at scoring time."""

    factor: int  # the no-trumps factor, 1 elsewhere
    capot_bonus: int
    rounder: Rounder
    contract_factor: int  # scoring.contract_factors: every point of the deal, before rounding
    name: str  # the contract as the explanation writes it (no trumps)


@dataclass(slots=True)
class DealTotals:
    """One deal's totals per team while it is being scored, and its explanation so far."""

    cards: list[int]  # card points + last trick, after the no-trumps factor
    bonus: list[int]  # capot bonus
    decl: list[int]  # sequences and quads that count
    belote: tuple[int, ...]
    capot_team: int | None
    notes: list[Note]
    names: CampNames | PlayerNames  # how the explanation names the camps
    camp_of: tuple[int, ...]  # per seat: its camp (0 the takers', 1 the defenders'; or the player himself)

    def raw(self, team: int) -> int:
        return self.cards[team] + self.bonus[team] + self.decl[team] + self.belote[team]

    def note(self, text: str, *values: Any) -> None:
        self.notes.append((text, values))


class ScoringRules:
    """The scoring of one variant, every option resolved once.

    ``ScoringRules(variant)`` builds the strategy of the variant's table: this class where the board has two
    sides, a subclass of :mod:`.players` (registered by its ``table_kind``) where players score apart."""

    table_kind: ClassVar[str] = "two_sides"
    _by_table: ClassVar[dict[str, type[ScoringRules]]] = {}

    def __init_subclass__(cls) -> None:
        ScoringRules._by_table[cls.table_kind] = cls

    def __new__(cls, variant: Variant, tables: dict[str, ContractTables] | None = None,
                declarations: DeclarationRules | None = None, seating: Seating | None = None) -> ScoringRules:
        if cls is ScoringRules:
            table = seating if seating is not None else Seating.build(variant)
            if table.sides != 2:  # no two camps on the board: the seating says how players score apart
                cls = ScoringRules._by_table[table.kind]
        return super().__new__(cls)

    def __init__(self, variant: Variant, tables: dict[str, ContractTables] | None = None,
                 declarations: DeclarationRules | None = None, seating: Seating | None = None) -> None:
        """``tables``, ``declarations`` and ``seating`` are the ruleset's own when it builds this; built here
        otherwise."""
        self.variant = variant
        self.seating = seating if seating is not None else Seating.build(variant)
        self._side_of = self.seating.side_of
        self._names = CampNames.of(self.seating)
        self._tricks = self.seating.hand_size
        self.tables = tables if tables is not None else build_all_tables(variant)
        self.declarations = declarations if declarations is not None else DeclarationRules(variant, self.seating)
        s = variant.scoring
        decl = variant.declarations
        points = variant.bidding.points
        self._s = s
        self._last = s.last_trick
        doubles = variant.bidding.doubles
        # The contract line's doubling per multiplier, written once: ", contra ×2" (coinche), ", recontra ×4", ...
        self._doubled_texts = {1: "", **{m: f", {name} ×{m}" for m, name in zip(doubles.multipliers, doubles.names)
                                         if m > 1}}
        self._point_bids = variant.bidding.uses_points
        self._bid_added = self._point_bids and s.point_bids.bid_added
        self._capot_value = points.capot_value
        self._at_capot_value = self._point_bids and s.point_bids.capot_bid == "capot_value"
        self._capot_bid_from = points.maximum if points.maximum_means_capot else CAPOT
        self._decl_for_contract = decl.count_for_contract
        self._belote_for_contract = decl.belote.counts_for_contract
        self._belote_kept = decl.belote.kept_when_failed
        self._when_capot = decl.when_capot
        self._count_without_tricks = decl.count_without_tricks
        self._failed_transfer = decl.when_failed == "to_defenders"
        self._tie_verdict = LITIGE if s.tie == "litige" else HANGING
        ties_wait = s.tie in ("hanging", "litige") or (doubles.max_level > 0 and s.doubled_tie == "all_to_reserve")
        self.verdicts = (MADE, FAILED, self._tie_verdict) if ties_wait else (MADE, FAILED)  # those a deal can get
        left_out = [name for name, counts in (("declarations", self._decl_for_contract),
                                              ("belote", self._belote_for_contract)) if not counts]
        self._left_out = " and ".join(left_out)  # what the contract test does not count
        self._game_winning_length = decl.wins_match_length or 0  # 0: no declaration wins the match
        self._capot_takers_only = s.capot.team == "takers_only"
        self._capot_replaces = s.capot.replaces_card_points
        self._capot_shared = s.capot.shared
        self._last_with_capot = s.capot.last_trick_counts
        self._beat_together = s.taker_must_beat == "others_together"
        self._belote_doubled = decl.belote.multiplied_by_double
        self._verdict_on_board = s.verdict_on == "board_points"
        self._doubled_split = s.doubled_made == "each_team_own"
        self._each_own = s.contract == "each_own"  # no contract at stake (belote-a-deux.md §B.2, JCI)
        self._contracts = {c: self._compile(c) for c in self.tables}
        self._scored: dict[tuple[Any, ...], DealScore] = {}

    def _compile(self, contract: str) -> _ContractScoring:
        s = self._s
        kind = contract_kind(contract)
        factor = s.no_trumps_factor if kind == "no_trumps" else 1
        bonus = s.capot.bonus if kind != "no_trumps" or s.capot.no_trumps_bonus is None else s.capot.no_trumps_bonus
        bonus *= factor if s.capot.multiplied_by_no_trumps_factor else 1
        return _ContractScoring(factor, bonus, Rounder.build(getattr(s.rounding, kind), s.rounding),
                                {str(c): f for c, f in s.contract_factors.items()}.get(contract, 1),
                                contract.replace("_", " "))

    # ------------------------------------------------------------------ the entry point

    def score(
        self,
        contract: str,
        declarer: int,
        multiplier: int,
        team_card_points: tuple[int, ...] | list[int],
        team_tricks: tuple[int, ...] | list[int],
        last_trick_team: int,
        declarations: list[Declaration] | tuple[Declaration, ...] = (),
        bid: int | str | None = None,
        hanging_in: int = 0,
        first_seat: int = 0,
    ) -> DealScore:
        """Score a played deal.

        ``team_card_points`` are the card points each side of the board took (without the last
        trick), ``team_tricks`` its tricks and ``last_trick_team`` the side of the last trick;
        ``declarations`` are the sequences and quads declared and the belotes that counted in
        play; ``bid`` is a point bid (a number, ``"capot"`` or the auction's capot value);
        ``hanging_in`` is the reserve carried in, in board units; ``first_seat`` led trick 1.

        Without declarations a score depends on a few numbers only, and a :class:`DealScore` is
        immutable, so those are worked out once: simulations meet the same totals over and over.
        """
        capot_team = 1 if team_tricks[0] == 0 else 0 if team_tricks[1] == 0 else None
        if declarations or type(bid) not in MEMO_BIDS:  # 110.0 would find 110's score and print it as 110
            return self._score(contract, declarer, multiplier, team_card_points, capot_team, last_trick_team,
                               declarations, bid, hanging_in, first_seat)
        key = (contract, declarer, multiplier, team_card_points[0], team_card_points[1], capot_team,
               last_trick_team, bid, hanging_in)
        score = self._scored.get(key)
        if score is None:
            if len(self._scored) >= SCORES_KEPT:
                self._scored.clear()
            score = self._scored[key] = self._score(contract, declarer, multiplier, team_card_points, capot_team,
                                                    last_trick_team, (), bid, hanging_in, first_seat)
        return score

    def _score(self, contract: str, declarer: int, multiplier: int, team_card_points: tuple[int, ...] | list[int],
               capot_team: int | None, last_trick_team: int, declarations: list[Declaration] | tuple[Declaration, ...],
               bid: int | str | None, hanging_in: int, first_seat: int,
               camps: tuple[int, ...] | None = None) -> DealScore:
        """Score between two camps: the sides of the board, or (``camps``, per seat) a taker and the rest."""
        c = self._contracts[contract]
        ct = self._side_of[declarer] if camps is None else 0
        names = self._names if camps is None else CampNames.of(self.seating, declarer)
        n0, n1 = names.first, names.second
        cards = [team_card_points[0], team_card_points[1]]
        res = self.declarations.resolve(declarations, contract, first_seat, camps, names) if declarations else NOTHING
        deal = DealTotals(cards, [0, 0], list(res.points), res.belote, capot_team, [], names,
                     self._side_of if camps is None else camps)
        note = deal.note
        if self._each_own:
            note("Trump: {}; no contract is at stake, each records its own points", c.name)
        else:
            note("Contract: {}{} by seat {} ({}){}", self._bid_text(bid), c.name, declarer, names[ct],
                 self._doubled(multiplier))
        note("Card points: {} {}, {} {}", n0, cards[0], n1, cards[1])
        last = [0, 0]
        if capot_team is not None and not self._last_with_capot:
            note("No last trick: there is a capot")
        else:
            cards[last_trick_team] += self._last
            note("Last trick: {} +{}", names[last_trick_team], self._last)
            last[last_trick_team] = self._last * c.factor
        if c.factor != 1:
            cards[0] *= c.factor
            cards[1] *= c.factor
            note("No-trumps: card points and last trick ×{}: {} {}, {} {}", c.factor, n0, cards[0], n1, cards[1])
        if capot_team is not None and c.capot_bonus and self._capot(deal, capot_team, ct, c.capot_bonus):
            last = [0, 0]  # the bonus replaced the cards, last trick included
        match_winner = None
        if declarations:
            self._declarations(res, declarations, deal)
            if self._game_winning_length:
                match_winner = self._game_winning(declarations, deal)
        if self._at_capot_value and self._is_capot_bid(bid):
            at_capot_value(deal, ct, self._capot_value, last)
        if c.contract_factor != 1:
            self._contract_factor(deal, contract, c.contract_factor)
            last = [c.contract_factor * last[0], c.contract_factor * last[1]]
        raw = (deal.raw(0), deal.raw(1))
        decl, belote, bonus = deal.decl, deal.belote, deal.bonus
        parts = (ScoreParts(cards[0] - last[0], last[0], decl[0], belote[0], bonus[0]),
                 ScoreParts(cards[1] - last[1], last[1], decl[1], belote[1], bonus[1]))
        note("Totals: {} {}, {} {}", n0, raw[0], n1, raw[1])
        test: tuple[int, ...] = raw
        if self._left_out:
            test = tuple(raw[t] - (0 if self._decl_for_contract else deal.decl[t])
                         - (0 if self._belote_for_contract else deal.belote[t]) for t in (0, 1))
            note("For the contract (without {}): {} {}, {} {}", self._left_out, n0, test[0], n1, test[1])
        if self._verdict_on_board:
            test = self._board_test(test, ct, multiplier, c.rounder, deal)
        verdict, how, winner = self._decide(test, ct, capot_team, bid, multiplier, deal)
        new_reserve = 0
        only = (False, False)
        if how in (SPLIT, HALF):
            points, only = self._split(deal, ct, self._bid_value(bid), c.rounder, multiplier)
            if how == HALF:
                note("Half bete: the takers ({}) score nothing, the defenders their own", names[ct])
                points[ct] = 0
        elif how == ALL:
            points, only = self._winner_takes_all(deal, winner, verdict, multiplier, bid, c.rounder)
        elif how == TIE:
            points, new_reserve, only = self._tie(deal, ct, multiplier, c.rounder)
        else:
            points = [0, 0]
            new_reserve = self._everything(deal, ct, True, True, multiplier, bid, c.rounder)
            note("Nobody scores; {} goes to the reserve", new_reserve)
        hanging_out = self._reserve(verdict, winner, hanging_in, new_reserve, points, deal)
        note("Match points: {} {}, {} {}{}", n0, points[0], n1, points[1],
             f"; {hanging_out} waits in reserve" if hanging_out else "")
        return DealScore(raw, (points[0], points[1]), hanging_out, verdict, ct, multiplier, capot_team,
                         only, tuple(deal.notes), parts, match_winner)

    def reserve_after_all_pass(self, hanging: int) -> int:
        """What waits after a deal everyone passed (bulgarian-options.md E16: kept, or lost as in NIK)."""
        return hanging if self._s.reserve.kept_on_all_pass else 0

    # ------------------------------------------------------------------ pieces of the total

    def _is_capot_bid(self, bid: int | str | None) -> bool:
        return bid == "capot" or (isinstance(bid, int) and bid >= self._capot_bid_from)

    def _doubled(self, multiplier: int) -> str:
        """The contract line's doubling: ``, contra ×2``, or nothing undoubled."""
        text = self._doubled_texts.get(multiplier)
        return text if text is not None else f", multiplied ×{multiplier}" if multiplier > 1 else ""

    def _bid_text(self, bid: int | str | None) -> str:
        if not self._point_bids or bid is None:
            return ""
        return ("capot" if self._is_capot_bid(bid) else str(bid)) + " "

    def _bid_value(self, bid: int | str | None) -> int:
        """The bid's worth when added to a score (french.md §13: a capot bid counts ``capot_value``)."""
        if not self._bid_added or bid is None:
            return 0
        return self._capot_value if self._is_capot_bid(bid) else int(bid)

    def _capot(self, deal: DealTotals, capot_team: int, ct: int, bonus: int) -> bool:
        """The capot bonus: on top of the cards, or instead of them (``replaces_card_points``, baloot.md
        §7.2 kaboot; then True); under ``team: takers_only`` (klaverjas.md §6.3) the defenders' capot
        scores nothing more."""
        name = deal.names[capot_team]
        if self._capot_takers_only and capot_team != ct:
            deal.note("{} took all {} tricks as defenders: no capot bonus, which only the takers score",
                      name.capitalize(), self._tricks)
            return False
        if self._capot_replaces:
            deal.note("Capot: {} took all {} tricks and scores {} instead of its cards ({})", name, self._tricks,
                      bonus, deal.cards[capot_team])
            deal.cards[capot_team] = bonus
            return True
        deal.bonus[capot_team] = bonus
        deal.note("Capot: {} took all {} tricks +{}", name, self._tricks, bonus)
        return False

    def _game_winning(self, declarations: list[Declaration] | tuple[Declaration, ...], deal: DealTotals) -> int | None:
        """The camp of a declared run of ``wins_match_length`` cards (bela.md §5: the 8-card belot), or None."""
        length = self._game_winning_length
        for d in declarations:
            if d.kind == "sequence" and d.length >= length:
                camp = deal.camp_of[d.seat]
                deal.note("Seat {} declared {}: {} wins the match at once", d.seat, d, deal.names[camp])
                return camp
        return None

    @staticmethod
    def _contract_factor(deal: DealTotals, contract: str, factor: int) -> None:
        """``contract_factors`` (belote-bridgee.md §6.2, baloot.md §1 Sun): every point counts ``factor`` times."""
        for part in (deal.cards, deal.bonus, deal.decl):
            part[:] = [factor * points for points in part]
        deal.belote = tuple(factor * points for points in deal.belote)
        deal.note("{} ×{}: {}", contract.replace("_", " ").capitalize(), factor,
                  Each((deal.names, [deal.raw(t) for t in range(len(deal.cards))])))

    def _explain_declarations(self, res: Resolution, declarations: list[Declaration] | tuple[Declaration, ...],
                              deal: DealTotals) -> None:
        """What the contest kept, for whom, and what it cancelled and why."""
        note = deal.note
        if self.declarations.from_tricks:
            kept = set(res.kept)
            for d in declarations:  # in the order of the tricks
                if d in kept:
                    note("In a trick won by seat {}: {} for {}", d.seat, d, deal.names[deal.camp_of[d.seat]])
        else:
            for d in res.kept:
                note(DECLARED, "Belote" if d.kind == "belote" else "Declaration",
                     d.seat, d, deal.names[deal.camp_of[d.seat]])
        for d, why, values in res.cancelled:
            note("Cancelled: seat {} {}: " + why, d.seat, d, *values)

    def _declarations(self, res: Resolution, declarations: list[Declaration] | tuple[Declaration, ...],
                      deal: DealTotals) -> None:
        """Explain the contest, then apply ``when_capot`` and ``count_without_tricks``.

        A capot'd team's declarations pass to the capot team under ``to_capot_team``
        (FFB-K 10.1.1); otherwise, with ``count_without_tricks`` off, a team without a
        trick loses them (BIN/NIK keep them: bulgarian.md §5.4).
        """
        self._explain_declarations(res, declarations, deal)
        note = deal.note
        capot = deal.capot_team
        if capot is None or not deal.decl[1 - capot]:
            return
        loser = 1 - capot
        if self._when_capot == "to_capot_team":
            note("{}'s declarations ({}) pass to {}, which took every trick", deal.names[loser].capitalize(),
                 deal.decl[loser], deal.names[capot])
            deal.decl[capot] += deal.decl[loser]
            deal.decl[loser] = 0
        elif not self._count_without_tricks:
            note("{} took no trick: its declarations ({}) do not count", deal.names[loser].capitalize(),
                 deal.decl[loser])
            deal.decl[loser] = 0

    # ------------------------------------------------------------------ the verdict

    def _board_test(self, test: tuple[int, ...], ct: int, multiplier: int, rounder: Rounder,
                    deal: DealTotals) -> tuple[int, ...]:
        """``verdict_on: board_points`` (baloot.md §7.3, TAZ): the rounded points decide; equal ones leave
        the raw totals to decide, unless a doubled tie fails the contract (``doubled_tie: taker_fails``)."""
        board = self._round_pair([test[0], test[1]], ct, rounder)
        deal.note("On the board ({}): {} {}, {} {}", rounder, deal.names[0], board[0], deal.names[1], board[1])
        if board[0] != board[1] or (multiplier > 1 and self._s.doubled_tie == "taker_fails"):
            return (board[0], board[1])
        deal.note("Equal on the board: the totals decide")
        return test

    def _decide(self, test: tuple[int, ...], ct: int, capot_team: int | None, bid: int | str | None,
                multiplier: int, deal: DealTotals) -> tuple[str, str, int]:
        """(verdict, how it is scored, the team that wins the deal or -1).

        Undoubled: made iff the takers have more (and, with point bids, reach the bid or take
        every trick for a capot bid); equal totals follow ``scoring.tie``. Doubled: equal totals
        all wait in reserve (``doubled_tie: all_to_reserve``, bulgarian.md §9.1), otherwise
        ``doubled_winner: more_points`` gives the deal to the team with more points whoever bid
        (HIT), or ``contract_result`` lets the contract's result decide. ``as_undoubled`` scores
        a doubled tie by ``scoring.tie``.
        """
        a, d = test[ct], test[1 - ct]
        if self._each_own:
            return MADE, SPLIT, ct if a >= d else 1 - ct
        doubled = multiplier > 1
        s = self._s
        if doubled and a == d and s.doubled_tie == "all_to_reserve":
            deal.note("Equal totals under a double ({} = {}): everything waits for a later deal", a, d)
            return self._tie_verdict, POT, -1
        if doubled and a == d and s.doubled_tie == "taker_fails":
            deal.note("Failed: the takers ({}) have {}, as many as the defenders' {}; a doubled tie fails",
                      deal.names[ct], a, d)
            return FAILED, ALL, 1 - ct
        if doubled and a != d and s.doubled_winner == "more_points":
            winner = ct if a > d else 1 - ct
            deal.note("Doubled: {} has more points ({} to {}) and wins the deal", deal.names[winner], max(a, d),
                      min(a, d))
            return (MADE if winner == ct else FAILED), ALL, winner
        verdict, text = self._contract_result(a, d, capot_team == ct, bid)
        if verdict == MADE and self._point_bids and bid is not None:
            text += ", and took every trick (capot bid)" if self._is_capot_bid(bid) else ", and reached the bid {3}"
        deal.note(text, deal.names[ct], a, d, bid)
        if verdict in (HANGING, LITIGE):
            return verdict, TIE, -1
        if verdict == FAILED and a == d and self._s.tie == "half_bete":
            return verdict, HALF, 1 - ct  # klaberjass.md: "the maker scores nothing, the opponent his own total"
        split = verdict == MADE and (not doubled or self._doubled_split)
        return verdict, (SPLIT if split else ALL), (ct if verdict == MADE else 1 - ct)

    def _contract_result(self, a: int, d: int, takers_capot: bool, bid: int | str | None) -> tuple[str, str]:
        """The verdict and its explanation template (values: takers' team, their total, defenders', bid)."""
        if self._point_bids and bid is not None:
            if self._is_capot_bid(bid):
                if not takers_capot:
                    return FAILED, "Failed: the takers ({}) did not take every trick (capot bid)"
            elif a < int(bid):
                return FAILED, "Failed: the takers ({0}) have {1}, less than the bid {3}"
        if a > d:
            return MADE, "Made: the takers ({0}) have {1}, more than the defenders' {2}"
        if a < d:
            return FAILED, "Failed: the takers ({}) have {}, less than the defenders' {}"
        tie = self._s.tie
        if tie == "taker_makes":
            return MADE, "Made: the takers ({0}) have {1}, as many as the defenders' {2}; a tie is made"
        if tie in ("taker_fails", "half_bete"):
            return FAILED, "Failed: the takers ({}) have {}, as many as the defenders' {}; a tie fails"
        name = self._tie_verdict.capitalize()
        return self._tie_verdict, name + ": the takers ({0}) and the defenders have {1} each"

    # ------------------------------------------------------------------ the ways a deal is scored

    def _split(self, deal: DealTotals, ct: int, bid_value: int, rounder: Rounder,
               multiplier: int = 1) -> tuple[list[int], tuple[bool, bool]]:
        """A made contract: each team records its own total (bulgarian.md §7-8, french.md §9).

        ``min_one`` (BIN, bulgarian.md §8): a non-zero total never records 0; it takes one unit from
        the leader. A doubled contract lands here under ``doubled_made: each_team_own`` (baloot.md
        §7.4: "multiply both teams' GP"), a belote that is not ``multiplied_by_double`` added after.
        """
        totals = [deal.raw(0), deal.raw(1)]
        if bid_value:
            deal.note("Bid added to the takers: {} + {} = {}", totals[ct], bid_value, totals[ct] + bid_value)
            totals[ct] += bid_value
        immune = (0, 0) if multiplier == 1 or self._belote_doubled else deal.belote
        totals = [totals[0] - immune[0], totals[1] - immune[1]]
        rounding = self._s.rounding
        points = self._round_pair(totals, ct, rounder)
        deal.note("Rounding ({}): {} {} → {}, {} {} → {}",
                  rounder, deal.names[0], totals[0], points[0], deal.names[1], totals[1], points[1])
        if rounding.min_one:
            unit = rounder.scale
            for t in (0, 1):
                if totals[t] > 0 and points[t] < unit:
                    points[1 - t] -= unit - points[t]
                    points[t] = unit
                    deal.note("{} has points, so it records {}, taken from {}", deal.names[t].capitalize(), unit,
                              deal.names[1 - t])
        if multiplier > 1:
            points = [multiplier * points[t] + rounder.round(immune[t]) for t in (0, 1)]
            deal.note("Multiplier ×{}{}: {} {}, {} {}", multiplier, " (belote not multiplied)" if any(immune) else "",
                      deal.names[0], points[0], deal.names[1], points[1])
        return points, (points[0] > 0 and totals[0] == deal.belote[0], points[1] > 0 and totals[1] == deal.belote[1])

    def _round_pair(self, totals: list[int], ct: int, rounder: Rounder) -> list[int]:
        """Both teams' totals on the board.

        ``per_team``: each total rounded on its own, the tie digit going up for the team with
        fewer points (on equal totals the defenders count as fewer); ``pair_to_total`` then evens
        the pair out (baloot.md §7.1). ``leader_then_remainder`` (BIN): the leader rounds, the
        other gets the rounded deal total minus that.
        """
        df = 1 - ct
        if self._s.rounding.made == "leader_then_remainder":
            points = [0, 0]
            lead = ct if totals[ct] >= totals[df] else df
            points[lead] = rounder.round(totals[lead], rounder.board_up(False))
            points[1 - lead] = rounder.round(totals[0] + totals[1]) - points[lead]
            return points
        ups = [rounder.board_up(totals[t] < totals[1 - t] or (totals[t] == totals[1 - t] and t == df)) for t in (0, 1)]
        return rounder.round_pair(totals, ups)

    def _winner_takes_all(self, deal: DealTotals, winner: int, verdict: str, multiplier: int, bid: int | str | None,
                          rounder: Rounder) -> tuple[list[int], tuple[bool, bool]]:
        """A failed or doubled contract: the deal's winner records (nearly) everything.

        Bulgarian (bulgarian.md §7, §9.1): everything, incl. the losers' declarations and belotes,
        times the multiplier. French (french.md §9, §13): the losers keep their belote
        (``belote.kept_when_failed``), unmultiplied; the takers' declarations follow
        ``declarations.when_failed`` when the contract fails and always go to the takers when a
        doubled contract is made (FFB-C/K 10.1).
        """
        loser = 1 - winner
        transfer = verdict == MADE or self._failed_transfer
        if deal.decl[loser]:
            deal.note("{}'s declarations ({}) {}", deal.names[loser].capitalize(), deal.decl[loser],
                      f"go to {deal.names[winner]}" if transfer else "are void")
        kept = deal.belote[loser] if self._belote_kept else 0
        if deal.belote[loser]:
            deal.note("{} {} ({})", deal.names[loser].capitalize(),
                      "keeps its belote" if kept else f"loses its belote to {deal.names[winner]}",
                      deal.belote[loser])
        points = [0, 0]
        points[winner] = self._everything(deal, winner, transfer, not kept, multiplier, bid, rounder)
        if kept:
            points[loser] = rounder.round(kept)
            deal.note("{} records its belote: {} → {}", deal.names[loser].capitalize(), kept, points[loser])
        return points, (loser == 0 and points[0] > 0, loser == 1 and points[1] > 0)

    def _everything(self, deal: DealTotals, winner: int, with_declarations: bool, with_belote: bool,
                    multiplier: int, bid: int | str | None, rounder: Rounder) -> int:
        """What a team (or, on a doubled tie, the reserve) gets when it takes the deal whole.

        With point bids a team taking every card scores ``fixed_card_total`` (160) or, after a
        capot, ``fixed_capot_total`` (250) instead of the cards (french.md §13). A capot bonus
        that ``capot.multiplied_by_double`` keeps out of the double is added after multiplying.
        """
        loser = 1 - winner
        fixed = None
        if self._point_bids:
            rule = self._s.point_bids
            fixed = rule.fixed_card_total if deal.capot_team is None else rule.fixed_capot_total
        apart: list[tuple[str, int]] = []  # parts the double does not multiply
        if fixed is not None:
            parts = [("cards (fixed)", fixed)]
        else:
            parts = [("cards", deal.cards[0] + deal.cards[1])]
            bonus = ("capot", deal.bonus[0] + deal.bonus[1])
            (apart if multiplier > 1 and not self._s.capot.multiplied_by_double else parts).append(bonus)
        parts.append(("declarations", deal.decl[winner] + (deal.decl[loser] if with_declarations else 0)))
        belote = ("belote", deal.belote[winner] + (deal.belote[loser] if with_belote else 0))
        (apart if multiplier > 1 and not self._belote_doubled else parts).append(belote)
        parts.append(("bid", self._bid_value(bid)))
        total = sum([v for _, v in parts])  # lists: a generator costs more than these few parts
        unmultiplied = sum([v for _, v in apart])
        deal.note("{} takes the deal: {} = {}", deal.names[winner].capitalize(), Terms(parts), total)
        if multiplier == 1:
            points = rounder.round(total)
            deal.note("Rounding ({}): {} → {}", rounder.single_text, total, points)
            return points
        points = self._multiplied(multiplier, total, rounder) + rounder.round(unmultiplied)
        deal.note("Multiplier ×{} ({}): {}{} → {}", multiplier, rounder.single_text, total,
                  f" + {Terms(apart)} (not multiplied)" if unmultiplied else "", points)
        return points

    def _multiplied(self, multiplier: int, total: int, rounder: Rounder, up: bool | None = None) -> int:
        """``rounding.doubled``: the multiplier times the rounded total (HIT, BIN: 4 × 21 = 84), or
        the multiplied total rounded (one reading of SF: round(848 / 10) = 85)."""
        if self._s.rounding.doubled == "multiply_rounded_total":
            return multiplier * rounder.round(total, up)
        return rounder.round(multiplier * total, up)

    def _tie(self, deal: DealTotals, ct: int, multiplier: int, rounder: Rounder) -> tuple[list[int], int, tuple[bool, bool]]:
        """Equal totals, hanging or litige: the defenders record theirs, the takers' wait in reserve.

        ``reserve_rounds_up`` (SF/HIT, BIN; bulgarian.md §8): on the tie digit the reserve rounds
        up and the defenders down (154-154 all-trumps -> 15 + 16). ``same_as_board``: both round as
        the board rounds an equal total. A doubled tie scored ``as_undoubled`` multiplies both.
        """
        df = 1 - ct
        if self._s.rounding.reserve == "reserve_rounds_up":
            defenders_up, reserve_up = False, True
        else:
            defenders_up = reserve_up = rounder.board_up(False)
        points = [0, 0]
        points[df] = self._multiplied(multiplier, deal.raw(df), rounder, defenders_up)
        reserve = self._multiplied(multiplier, deal.raw(ct), rounder, reserve_up)
        deal.note("Rounding ({}){}: defenders ({}) {} → {}; takers ({}) {} → {} to the reserve",
                  rounder, f", ×{multiplier}" if multiplier > 1 else "", deal.names[df], deal.raw(df), points[df],
                  deal.names[ct], deal.raw(ct), reserve)
        only = points[df] > 0 and deal.raw(df) == deal.belote[df]
        return points, reserve, (only and df == 0, only and df == 1)

    def _reserve(self, verdict: str, winner: int, hanging_in: int, new_reserve: int, points: list[int],
                 deal: DealTotals) -> int:
        """Award the reserve carried in; return what waits after this deal.

        ``next_deal_winner`` (bulgarian.md §9.2): the deal's winner collects it (made -> takers,
        failed -> defenders, doubled -> more points). ``next_contract_maker`` (FFB-B 10.1.3): only
        a made contract collects it. A tied deal collects nothing; with ``accumulate`` its own
        reserve is added to what waits, without it only this deal's reserve waits.
        """
        if verdict in (HANGING, LITIGE):
            if not self._s.reserve.accumulate:
                if hanging_in:
                    deal.note("The reserve carried in ({}) is dropped: reserves do not accumulate", hanging_in)
                return new_reserve
            if hanging_in:
                deal.note("Reserve: {} carried in + {} = {} waits", hanging_in, new_reserve, hanging_in + new_reserve)
            return hanging_in + new_reserve
        if not hanging_in:
            return 0
        if verdict != MADE and self._s.reserve.goes_to == "next_contract_maker":
            deal.note("The reserve carried in ({}) waits: only a made contract collects it", hanging_in)
            return hanging_in
        points[winner] += hanging_in
        deal.note("Reserve carried in: {} to {}", hanging_in, deal.names[winner])
        return 0
