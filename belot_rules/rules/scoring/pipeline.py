"""One scoring pipeline over camps, compiled from ``Variant.scoring``.

:meth:`ScoringRules.score` is what the engine calls once per deal: plain integers in, a
:class:`DealScore` out, every option already turned into attributes and policy objects at
compile time. The steps work on per-camp vectors: totals (cards, last trick, factors, capot,
declarations, with the capot rule of :mod:`.policies`) -> the verdict (:mod:`.verdict`: ties and
doubling) -> the treatment and rounding (:mod:`.treatment`: made, failed, hanging, with the table of
score components) -> the reserve (:mod:`.policies`) -> the camps distributed to the board's sides
(:mod:`.camps`). The rules and their sources are in rules/bulgarian.md §6-10 and rules/french.md
§8-13; where the options leave a reading open, the docstring of the step that applies them says
which reading is taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ... import kernel
from ...i18n import N_
from ...variant.model import Variant, contract_kind
from ..bidding.calls import CAPOT
from ..bidding.options import Predictions
from ..cards.tables import ContractTables, build_all_tables
from ..declarations.melds import CampNames, Declaration, DeclarationRules, PlayerNames, Resolution
from ..declarations.options import CapotDeclarations
from ..said import Said
from ..table.seating import Seating
from .camps import Camping, DealCamps
from .capot_bid import at_capot_value
from .game_points import GamePointRule
from .kernel_scoring import kernel_score, packed_scoring
from .options import CapotBid, ContractAtStake, DoubledTie, Tie, VerdictOn
from .policies import CapotRule, ReserveRule
from .prediction import penalties
from .result import FAILED, HANGING, LITIGE, MADE, TIE, DealScore, Each, Note, ScoreParts
from .rounding import Rounder
from .treatment import EachTreatment, PairTreatment
from .verdict import TIE_RULES, TakerAgainstEach, TakersAgainstDefence, is_capot_bid

DECLARED = N_("{}: seat {} {} counts for {}")  # a declaration that scores: its kind, seat, what it is and for whom
FACTOR_NOTE = N_("Card points and last trick ×{}: {}")  # scoring.card_factor in a contract
FACTOR_NOTES = {"no_trumps": N_("No-trumps: card points and last trick ×{}: {}")}
MEMO_BIDS = (type(None), int, str)  # bids whose scores are remembered: those that equal only themselves
SCORES_KEPT = 4096  # scores without declarations remembered per variant (~2 kB each) before starting again


@dataclass(frozen=True, slots=True)
class _ContractScoring:
    """What one contract needs at scoring time."""

    factor: int  # scoring.card_factor: card points and last trick
    capot_bonus: int
    rounder: Rounder
    contract_factor: int  # scoring.contract_factors: every point of the deal, before rounding
    name: str  # the contract as the explanation writes it (no trumps)
    factor_note: str  # how the explanation tells the card factor


@dataclass(slots=True)
class DealTotals:
    """One deal's totals per camp while it is being scored, and its explanation so far."""

    cards: list[int]  # card points + last trick, after the no-trumps factor
    bonus: list[int]  # capot bonus
    decl: list[int]  # sequences and quads that count
    belote: tuple[int, ...]
    capot_team: int | None  # the camp that took every trick
    notes: list[Note]
    names: CampNames | PlayerNames  # how the explanation names the camps
    camp_of: tuple[int, ...]  # per seat: its camp

    def raw(self, camp: int) -> int:
        return self.cards[camp] + self.bonus[camp] + self.decl[camp] + self.belote[camp]

    def note(self, text: str, *values: Any) -> None:
        self.notes.append((text, values))


class ScoringRules:
    """The scoring of one variant, every option resolved once."""

    def __init__(self, variant: Variant, tables: dict[str, ContractTables] | None = None,
                 declarations: DeclarationRules | None = None, seating: Seating | None = None) -> None:
        """``tables``, ``declarations`` and ``seating`` are the ruleset's own when it builds this; built here
        otherwise."""
        self.variant = variant
        self.seating = seating if seating is not None else Seating.build(variant)
        self.camping = Camping(self.seating)
        self.tables = tables if tables is not None else build_all_tables(variant)
        self.declarations = declarations if declarations is not None else DeclarationRules(variant, self.seating)
        s = variant.scoring
        decl = variant.declarations
        points = variant.bidding.points
        self._s = s
        self._last = s.last_trick
        doubles = variant.bidding.doubles
        # The contract line's doubling per multiplier, written once: ", contra ×2" (coinche), ", recontra ×4", ...
        self._doubled_texts: dict[int, Said | str] = {1: "", **{m: Said(N_(", {} ×{}"), (name, m)) for m, name in
                                                             zip(doubles.multipliers, doubles.names) if m > 1}}
        self._point_bids = variant.bidding.uses_points
        self._bid_added = self._point_bids and s.point_bids.bid_added
        self._capot_value = points.capot_value
        self._at_capot_value = self._point_bids and s.point_bids.capot_bid == CapotBid.capot_value
        self._to_capot_team = decl.when_capot == CapotDeclarations.to_capot_team
        self._count_without_tricks = decl.count_without_tricks
        ties_wait = TIE_RULES[s.tie][1] == TIE or (doubles.max_level > 0 and s.doubled_tie == DoubledTie.all_to_reserve)
        tie_verdict = LITIGE if s.tie == Tie.litige else HANGING
        self.verdicts = (MADE, FAILED, tie_verdict) if ties_wait else (MADE, FAILED)  # those a deal can get
        self._game_points = GamePointRule(variant) if s.game_points.brackets else None
        if self._game_points is not None:
            self.verdicts = (MADE, FAILED)
        self._game_winning_length = decl.wins_match_length or 0  # 0: no declaration wins the match
        self._last_with_capot = s.capot.last_trick_counts
        self._each_own = s.contract == ContractAtStake.each_own  # no contract at stake (belote-a-deux.md §B.2, JCI)
        self._predicts = variant.bidding.predictions != Predictions.off  # differenzler.md §3, §5
        self._exact_bonus = s.exact_prediction_bonus
        self._many = self.camping.camps(0).count > 2  # players scoring apart, each a camp
        self._capot = CapotRule(variant, self.seating.hand_size, self._many)
        self._reserve = ReserveRule(variant)
        capot_bid_from = points.maximum if points.maximum_means_capot else CAPOT
        self._verdict: TakersAgainstDefence | TakerAgainstEach
        self._treatment: PairTreatment | EachTreatment
        if self._many:  # a doubled deal is judged as an undoubled one, each total rounded on its own
            self._verdict, self._treatment, self._on_board = TakerAgainstEach(variant), EachTreatment(variant), False
        else:
            self._verdict, self._treatment = TakersAgainstDefence(variant, capot_bid_from), PairTreatment(variant)
            self._on_board = s.verdict_on == VerdictOn.board_points
        self._table = self._treatment.table
        # what the contract test does not count
        self._left_out = " and ".join(name for name, row in self._table.named() if not row.counts_for_contract)
        self._capot_bid_from = capot_bid_from
        self._contracts: dict[str, _ContractScoring] = {c: self._compile(c) for c in self.tables
                                                        if c in variant.bidding.contracts}
        self._scored: dict[tuple[Any, ...], DealScore] = {}
        self._packed = packed_scoring(self)  # per contract, the options as the compiled kernel reads them, or None

    def _compile(self, contract: str) -> _ContractScoring:
        s = self._s
        kind = contract_kind(contract)
        card_factor = s.card_factor.of(contract)  # multiplies the components the treatment table says
        factor = card_factor if self._table.cards.card_factor.of(contract) else 1
        bonus = s.capot.bonus.of(contract) * (card_factor if self._table.capot.card_factor.of(contract) else 1)
        return _ContractScoring(factor, bonus, Rounder.build(s.rounding.totals.of(contract), s.rounding),
                                s.contract_factors.of(contract),
                                contract.replace("_", " "), FACTOR_NOTES.get(kind, FACTOR_NOTE))

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
        pair: int = -1,
        predictions: Sequence[int] = (),
    ) -> DealScore:
        """Score a played deal.

        ``team_card_points`` are the card points each side of the board took (without the last
        trick), ``team_tricks`` its tricks and ``last_trick_team`` the side of the last trick;
        ``declarations`` are the sequences and quads declared and the belotes that counted in
        play; ``bid`` is a point bid (a number, ``"capot"`` or the auction's capot value);
        ``hanging_in`` is the reserve carried in, in board units; ``first_seat`` led trick 1; ``pair`` is the
        seat that showed the pair, which moves a bid in game points (declarations.pair), or -1; ``predictions`` are
        the points each side predicted it would take (bidding.predictions), which make the board its penalties.

        Where the compiled kernel is built and expresses this scoring, it works out the numbers and the
        explanation waits until it is read (:mod:`.kernel_scoring`). Otherwise, without declarations a score
        depends on a few numbers only, and a :class:`DealScore` is immutable, so those are worked out once:
        simulations meet the same totals over and over.
        """
        compiled = kernel.compiled
        if compiled is not None and self._packed is not None and bid is None and pair < 0 and not predictions \
                and contract in self._packed:
            score = kernel_score(self, compiled, self._packed[contract], contract, declarer, multiplier,
                                 team_card_points, team_tricks, last_trick_team, declarations, hanging_in, first_seat)
            if score is not None:
                return score
        if declarations or type(bid) not in MEMO_BIDS or pair >= 0 or predictions:  # 110.0 would find 110's score
            return self._score(contract, declarer, multiplier, team_card_points, team_tricks, last_trick_team,
                               declarations, bid, hanging_in, first_seat, pair, predictions)
        key = (contract, declarer, multiplier, tuple(team_card_points), tuple([not t for t in team_tricks]),
               last_trick_team, bid, hanging_in, first_seat if self.camping.pooled else 0)
        score = self._scored.get(key)
        if score is None:
            if len(self._scored) >= SCORES_KEPT:
                self._scored.clear()
            score = self._scored[key] = self._score(contract, declarer, multiplier, team_card_points, team_tricks,
                                                    last_trick_team, (), bid, hanging_in, first_seat)
        return score

    def _score(self, contract: str, declarer: int, multiplier: int, side_points: tuple[int, ...] | list[int],
               side_tricks: tuple[int, ...] | list[int], last_side: int,
               declarations: list[Declaration] | tuple[Declaration, ...], bid: int | str | None, hanging_in: int,
               first_seat: int, pair: int = -1, predictions: Sequence[int] = ()) -> DealScore:
        """The pipeline: the camps' totals, the verdict, the treatment, the reserve, then the sides; with
        predictions, the totals and the penalties."""
        camps = self.camping.camps(declarer)
        deal, raw, parts, kept, winner_seat = self._totals(contract, declarer, multiplier, camps.pool(side_points),
                                                     camps.pool(side_tricks), camps.of_side[last_side], declarations,
                                                     bid, first_seat, camps)
        if predictions:  # no verdict, no rounding: the difference is the score (differenzler.md §5)
            taken = DealScore(raw, raw, 0, MADE, camps.takers, multiplier, deal.capot_team, (False,) * camps.count,
                              tuple(deal.notes), parts)
            return penalties(taken, predictions, side_tricks, self._exact_bonus, deal.names)
        score = self._judge(deal, raw, parts, contract, camps, multiplier, bid, hanging_in, pair)
        return self.camping.to_sides(score, declarer, side_points, last_side, first_seat, kept, winner_seat)

    # ------------------------------------------------------------------ the totals

    def _totals(self, contract: str, declarer: int, multiplier: int, points: list[int], tricks: list[int],
                last_camp: int, declarations: list[Declaration] | tuple[Declaration, ...], bid: int | str | None,
                first_seat: int, camps: DealCamps) -> tuple[DealTotals, tuple[int, ...], tuple[ScoreParts, ...],
                                                             tuple[Declaration, ...], int | None]:
        """Each camp's raw total and its parts (cards, last trick, factors, capot, declarations, belote), the
        declarations that scored and the seat of one that wins the match."""
        c = self._contracts[contract]
        ct, names, count = camps.takers, camps.names, camps.count
        cards = list(points)
        without = [camp for camp in range(count) if not tricks[camp]]
        capot_team = None
        if len(without) == count - 1:
            (capot_team,) = [camp for camp in range(count) if tricks[camp]]
        res = (self.declarations.resolve(declarations, contract, first_seat, camps.of_seat if camps.pooled else None,
                                         names)
               if declarations else camps.nothing)
        deal = DealTotals(cards, [0] * count, list(res.points), res.belote, capot_team, [], names, camps.of_seat)
        note = deal.note
        if self._each_own and (not self._many or self._predicts):
            note("Trump: {}; no contract is at stake, each records its own points", c.name)
        else:
            note("Contract: {}{} by seat {} ({}){}", self._bid_text(bid), c.name, declarer, names[ct],
                 self._doubled(multiplier))
        note("Card points: {}", Each((names, tuple(cards))))
        last = [0] * count
        if not self._last:
            pass  # a last trick worth nothing goes unsaid (Twenty-Nine: twenty-nine.md §1)
        elif without and not self._last_with_capot:
            note("No last trick: there is a capot")
        else:
            cards[last_camp] += self._last
            note("Last trick: {} +{}", names[last_camp], self._last)
            last[last_camp] = self._last * c.factor
        if c.factor != 1:
            cards[:] = [c.factor * camp_points for camp_points in cards]
            note(c.factor_note, c.factor, Each((names, tuple(cards))))
        if without and c.capot_bonus and self._capot.score(deal, without, ct, c.capot_bonus):
            last = [0] * count  # the bonus replaced the cards, last trick included
        winner_seat = None
        if declarations:
            self._explain_declarations(res, declarations, deal)
            self._declarations_without_tricks(deal, without)
            if self._game_winning_length:
                winner_seat = self._game_winning(declarations, deal)
        if self._at_capot_value and is_capot_bid(bid, self._capot_bid_from):
            at_capot_value(deal, ct, self._capot_value, last)
        if c.contract_factor != 1:
            self._contract_factor(deal, contract, c.contract_factor)
            if self._table.cards.contract_factor:
                last = [c.contract_factor * camp_last for camp_last in last]
        raw = tuple([deal.raw(camp) for camp in range(count)])
        parts = tuple([ScoreParts(cards[camp] - last[camp], last[camp], deal.decl[camp], deal.belote[camp],
                                  deal.bonus[camp]) for camp in range(count)])
        note("Totals: {}", Each((names, raw)))
        return deal, raw, parts, res.kept, winner_seat

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
                note(DECLARED, N_("Belote") if d.kind == "belote" else N_("Declaration"),
                     d.seat, d, deal.names[deal.camp_of[d.seat]])
        for d, why, values in res.cancelled:
            note("Cancelled: seat {} {}: {}", d.seat, d, Said(why, values))

    def _declarations_without_tricks(self, deal: DealTotals, without: list[int]) -> None:
        """A camp without a trick: its declarations pass to the camp that took every trick under
        ``to_capot_team`` (FFB-K 10.1.1); otherwise, with ``count_without_tricks`` off, they do not
        count (BIN/NIK keep them: bulgarian.md §5.4)."""
        for camp in without:
            if not deal.decl[camp]:
                continue
            if self._to_capot_team and deal.capot_team is not None:
                deal.note(N_("{}'s declarations ({}) pass to {}, who took every trick") if self._many else
                          N_("{}'s declarations ({}) pass to {}, which took every trick"),
                          deal.names[camp].capitalize(), deal.decl[camp], deal.names[deal.capot_team])
                deal.decl[deal.capot_team] += deal.decl[camp]
            elif not self._count_without_tricks:
                deal.note(N_("{} took no trick: his declarations ({}) do not count") if self._many else
                          N_("{} took no trick: its declarations ({}) do not count"),
                          deal.names[camp].capitalize(), deal.decl[camp])
            else:
                continue
            deal.decl[camp] = 0

    def _game_winning(self, declarations: list[Declaration] | tuple[Declaration, ...], deal: DealTotals) -> int | None:
        """The seat of a declared run of ``wins_match_length`` cards (bela.md §5: the 8-card belot), or None."""
        length = self._game_winning_length
        for d in declarations:
            if d.kind == "sequence" and d.length >= length:
                deal.note("Seat {} declared {}: {} wins the match at once", d.seat, d,
                          deal.names[deal.camp_of[d.seat]])
                return d.seat
        return None

    def _contract_factor(self, deal: DealTotals, contract: str, factor: int) -> None:
        """``contract_factors`` (belote-bridgee.md §6.2, baloot.md §1 Sun): each point of a component the
        treatment table multiplies (every one by default) counts ``factor`` times."""
        table = self._table
        for part, row in ((deal.cards, table.cards), (deal.bonus, table.capot), (deal.decl, table.declarations)):
            if row.contract_factor:
                part[:] = [factor * points for points in part]
        if table.belote.contract_factor:
            deal.belote = tuple(factor * points for points in deal.belote)
        deal.note("{} ×{}: {}", contract.replace("_", " ").capitalize(), factor,
                  Each((deal.names, [deal.raw(t) for t in range(len(deal.cards))])))

    # ------------------------------------------------------------------ the verdict and the board

    def _judge(self, deal: DealTotals, raw: tuple[int, ...], parts: tuple[ScoreParts, ...], contract: str,
               camps: DealCamps, multiplier: int, bid: int | str | None, hanging_in: int, pair: int = -1) -> DealScore:
        """The verdict, the treatment and the reserve: the camps' points on the board."""
        c = self._contracts[contract]
        ct, others = camps.takers, camps.defence
        test: tuple[int, ...] = raw
        if self._left_out:
            left_out = [values for _, values, row in self._table.rows(deal) if not row.counts_for_contract]
            test = tuple([raw[t] - sum([values[t] for values in left_out]) for t in range(camps.count)])
            deal.note("For the contract (without {}): {}", self._left_out, Each((deal.names, test)))
        if self._game_points is not None and bid is not None:
            takers_pair = None if pair < 0 else camps.of_seat[pair] == ct
            verdict, points = self._game_points.judge(test[ct], int(bid), multiplier, deal.capot_team == ct, ct,
                                                      camps.count, deal, takers_pair)
            return DealScore(raw, tuple(points), 0, verdict, ct, multiplier, deal.capot_team, (False,) * camps.count,
                             tuple(deal.notes), parts)
        if self._on_board:
            test = self._board_test(test, ct, others, multiplier, c.rounder, deal)
        verdict, how, winners = self._verdict.decide(test, ct, others, deal.capot_team, bid, multiplier, deal)
        points, new_reserve, only = self._treatment.treat(how, deal, ct, others, winners, verdict, multiplier,
                                                          self._bid_value(bid), c.rounder)
        hanging_out = self._reserve.award(verdict, winners, hanging_in, new_reserve, points, deal)
        waiting = Said(N_("; {} waits in reserve"), (hanging_out,)) if hanging_out else ""
        deal.note("Match points: {}{}", Each((deal.names, tuple(points))), waiting)
        return DealScore(raw, tuple(points), hanging_out, verdict, ct, multiplier, deal.capot_team, only,
                         tuple(deal.notes), parts)

    def _board_test(self, test: tuple[int, ...], ct: int, others: tuple[int, ...], multiplier: int, rounder: Rounder,
                    deal: DealTotals) -> tuple[int, ...]:
        """``verdict_on: board_points`` (baloot.md §7.3, TAZ): the rounded points decide; equal ones leave
        the raw totals to decide, unless a doubled tie fails the contract (``doubled_tie: taker_fails``)."""
        assert isinstance(self._treatment, PairTreatment)
        (df,) = others
        board = self._treatment.round_pair(list(test), ct, df, rounder)
        deal.note("On the board ({}): {}", rounder, Each((deal.names, tuple(board))))
        if board[ct] != board[df] or (multiplier > 1 and self._s.doubled_tie == DoubledTie.taker_fails):
            return tuple(board)
        deal.note("Equal on the board: the totals decide")
        return test

    def reserve_after_all_pass(self, hanging: int) -> int:
        """What waits after a deal everyone passed (bulgarian-options.md E16: kept, or lost as in NIK)."""
        return self._reserve.after_all_pass(hanging)

    # ------------------------------------------------------------------ the contract line and the bid

    def _doubled(self, multiplier: int) -> Said | str:
        """The contract line's doubling: ``, contra ×2``, or nothing undoubled."""
        text = self._doubled_texts.get(multiplier)
        return text if text is not None else Said(N_(", multiplied ×{}"), (multiplier,)) if multiplier > 1 else ""

    def _bid_text(self, bid: int | str | None) -> str:
        if not self._point_bids or bid is None:
            return ""
        return ("capot" if is_capot_bid(bid, self._capot_bid_from) else str(bid)) + " "

    def _bid_value(self, bid: int | str | None) -> int:
        """The bid's worth when added to a score (french.md §13: a capot bid counts ``capot_value``)."""
        if not self._bid_added or bid is None:
            return 0
        return self._capot_value if is_capot_bid(bid, self._capot_bid_from) else int(bid)


