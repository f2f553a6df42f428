"""Scoring of a deal and the end of a match, compiled from ``Variant.scoring`` and ``Variant.match``.

:meth:`ScoringRules.score` is what the engine calls once per deal: plain integers
in, a :class:`DealScore` out, every option already turned into attributes at
compile time. The rules and their sources are in rules/bulgarian.md §6-10 and
rules/french.md §8-13; where the model's options leave a reading open, the
docstring of the method that applies them says which reading is taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..variant.model import Variant, contract_kind
from .bidding import CAPOT
from .declarations import NOTHING, CampNames, Declaration, DeclarationRules, Resolution
from .rounding import Rounder
from .seating import Seating
from .tables import ContractTables, build_all_tables

MADE, FAILED, HANGING, LITIGE = "made", "failed", "hanging", "litige"
SPLIT, ALL, TIE, POT = "split", "all", "tie", "pot"  # how a verdict is scored
MEMO_BIDS = (type(None), int, str)  # bids whose scores are remembered: those that equal only themselves
SCORES_KEPT = 4096  # scores without declarations remembered per variant (~2 kB each) before starting again


Note = tuple[str, tuple[Any, ...]]  # a line of the explanation: a str.format template and its values


class DealScore(NamedTuple):
    """The result of one deal: raw totals, what goes on the board, what waits, and why.

    The explanation is kept as templates and values and formatted only when ``lines`` is
    read, so scoring a simulated deal costs no string formatting. A named tuple, not a frozen
    dataclass: it is as immutable and several times cheaper to build, once per deal.
    """

    raw_points: tuple[int, ...]  # per side: cards, last trick, NT factor, capot, declarations, belotes
    match_points: tuple[int, ...]  # per side: added to the board, including a reserve this deal collects
    hanging_out: int  # reserve left for a later deal, in board units
    verdict: str  # made / failed / hanging / litige
    contract_team: int  # the takers' side on the board
    multiplier: int
    capot_team: int | None  # the side that took every trick
    belote_only: tuple[bool, ...] = (False, False)  # a side whose points this deal are its belote alone
    notes: tuple[Note, ...] = ()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self) if name != "notes")
        return f"DealScore({shown})"

    @property
    def lines(self) -> tuple[str, ...]:
        """The explanation, one sentence per line, as a person at the table would check it."""
        return tuple(text.format(*values) for text, values in self.notes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``belot score --json`` prints and records store)."""
        return {
            "raw_points": list(self.raw_points),
            "match_points": list(self.match_points),
            "hanging_out": self.hanging_out,
            "verdict": self.verdict,
            "contract_team": self.contract_team,
            "multiplier": self.multiplier,
            "capot_team": self.capot_team,
            "lines": list(self.lines),
        }


class _Terms(tuple):
    """Named parts of a sum, written ``cards 162 + belote 20`` only when the line is read."""

    def __str__(self) -> str:
        return " + ".join(f"{name} {value}" for name, value in self if value)


@dataclass(frozen=True, slots=True)
class _ContractScoring:
    """What one contract needs at scoring time."""

    factor: int  # the no-trumps factor, 1 elsewhere
    capot_bonus: int
    rounder: Rounder


@dataclass(slots=True)
class _Deal:
    """One deal's totals per team while it is being scored, and its explanation so far."""

    cards: list[int]  # card points + last trick, after the no-trumps factor
    bonus: list[int]  # capot bonus
    decl: list[int]  # sequences and quads that count
    belote: tuple[int, int]
    capot_team: int | None
    notes: list[Note]
    names: CampNames  # how the explanation names the two camps

    camp_of: Any  # seat -> 0 for the takers' camp or 1, when camps are not the board's sides

    def raw(self, team: int) -> int:
        return self.cards[team] + self.bonus[team] + self.decl[team] + self.belote[team]

    def note(self, text: str, *values: Any) -> None:
        self.notes.append((text, values))


class ScoringRules:
    """The scoring of one variant, every option resolved once."""

    def __init__(self, variant: Variant, tables: dict[str, ContractTables] | None = None,
                 declarations: DeclarationRules | None = None, seating: Seating | None = None) -> None:
        """``tables``, ``declarations`` and ``seating`` are the ruleset's own when it builds this; built here otherwise."""
        self.variant = variant
        self.seating = seating if seating is not None else Seating.build(variant)
        self._side_of = self.seating.side_of
        self._names = CampNames.of(self.seating)
        self._tricks = self.seating.hand_size
        self._pooled = self.seating.sides != 2  # the taker's opponents pool their points for the deal
        self.tables = tables if tables is not None else build_all_tables(variant)
        self.declarations = declarations if declarations is not None else DeclarationRules(variant)
        s = variant.scoring
        decl = variant.declarations
        points = variant.bidding.points
        self._s = s
        self._last = s.last_trick
        doubles = variant.bidding.doubles
        self._doubling_names = dict(zip(doubles.multipliers, doubles.names))  # 2: contra (coinche), 4: ...
        self._point_bids = variant.bidding.uses_points
        self._bid_added = self._point_bids and s.point_bids.bid_added
        self._capot_value = points.capot_value
        self._capot_bid_from = points.maximum if points.maximum_means_capot else CAPOT
        self._decl_for_contract = decl.count_for_contract
        self._belote_for_contract = decl.belote.counts_for_contract
        self._belote_kept = decl.belote.kept_when_failed
        self._when_capot = decl.when_capot
        self._count_without_tricks = decl.count_without_tricks
        self._failed_transfer = decl.when_failed == "to_defenders"
        self._tie_verdict = LITIGE if s.tie == "litige" else HANGING
        left_out = [name for name, counts in (("declarations", self._decl_for_contract),
                                              ("belote", self._belote_for_contract)) if not counts]
        self._left_out = " and ".join(left_out)  # what the contract test does not count
        self._contracts = {c: self._compile(c) for c in self.tables}
        self._scored: dict[tuple[Any, ...], DealScore] = {}

    def _compile(self, contract: str) -> _ContractScoring:
        s = self._s
        kind = contract_kind(contract)
        factor = s.no_trumps_factor if kind == "no_trumps" else 1
        bonus = s.capot.bonus * (factor if s.capot.multiplied_by_no_trumps_factor else 1)
        return _ContractScoring(factor, bonus, Rounder.build(getattr(s.rounding, kind), s.rounding))

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
        if self._pooled:
            return self._score_pooled(contract, declarer, multiplier, team_card_points, team_tricks,
                                      last_trick_team, declarations, bid, hanging_in, first_seat)
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

    def _score(self, contract: str, declarer: int, multiplier: int, team_card_points: tuple[int, int] | list[int],
               capot_team: int | None, last_trick_team: int, declarations: list[Declaration] | tuple[Declaration, ...],
               bid: int | str | None, hanging_in: int, first_seat: int,
               camps: tuple[int, ...] | None = None) -> DealScore:
        c = self._contracts[contract]
        ct = self._side_of[declarer] if camps is None else 0
        names = self._names if camps is None else CampNames.of(self.seating, declarer)
        n0, n1 = names.first, names.second
        cards = [team_card_points[0], team_card_points[1]]
        res = self.declarations.resolve(declarations, contract, first_seat, camps, names) if declarations else NOTHING
        deal = _Deal(cards, [0, 0], list(res.points), res.belote, capot_team, [], names,
                     self._side_of if camps is None else camps)
        note = deal.note
        note("Contract: {}{} by seat {} ({}){}", self._bid_text(bid), contract.replace("_", " "), declarer, names[ct],
             f", {self._doubling_names.get(multiplier, 'multiplied')} ×{multiplier}" if multiplier > 1 else "")
        note("Card points: {} {}, {} {}", n0, cards[0], n1, cards[1])
        cards[last_trick_team] += self._last
        note("Last trick: {} +{}", names[last_trick_team], self._last)
        if c.factor != 1:
            cards[0] *= c.factor
            cards[1] *= c.factor
            note("No-trumps: card points and last trick ×{}: {} {}, {} {}", c.factor, n0, cards[0], n1, cards[1])
        if capot_team is not None and c.capot_bonus:
            deal.bonus[capot_team] = c.capot_bonus
            note("Capot: {} took all {} tricks +{}", names[capot_team], self._tricks, c.capot_bonus)
        if declarations:
            self._declarations(res, deal)
        raw = (deal.raw(0), deal.raw(1))
        note("Totals: {} {}, {} {}", n0, raw[0], n1, raw[1])
        test: tuple[int, ...] = raw
        if self._left_out:
            test = tuple(raw[t] - (0 if self._decl_for_contract else deal.decl[t])
                         - (0 if self._belote_for_contract else deal.belote[t]) for t in (0, 1))
            note("For the contract (without {}): {} {}, {} {}", self._left_out, n0, test[0], n1, test[1])
        verdict, how, winner = self._decide(test, ct, capot_team, bid, multiplier, deal)
        new_reserve = 0
        only = (False, False)
        if how == SPLIT:
            points, only = self._split(deal, ct, self._bid_value(bid), c.rounder)
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
                         only, tuple(deal.notes))

    def _score_pooled(self, contract: str, declarer: int, multiplier: int, seat_points: tuple[int, ...] | list[int],
                      seat_tricks: tuple[int, ...] | list[int], last_seat: int,
                      declarations: list[Declaration] | tuple[Declaration, ...], bid: int | str | None,
                      hanging_in: int, first_seat: int) -> DealScore:
        """The taker alone against the others (belote-a-trois.md §3 one_vs_two), scored per player.

        The deal is scored between two camps, the taker and the pooled defence, by the same rules
        as a team game; then the defence's share goes to its players: in proportion to the card
        points each took when the contract is made or hangs, in equal parts when the defence takes
        the deal whole ("the opponents share all points"); an odd unit goes to the defender first
        in play order.
        """
        seating = self.seating
        camps = tuple(seating.camp_of(seat, declarer) for seat in seating.seats)
        defenders = [seat for seat in seating.seats if camps[seat]]
        points = [seat_points[declarer], sum(seat_points[d] for d in defenders)]
        tricks = [seat_tricks[declarer], sum(seat_tricks[d] for d in defenders)]
        capot = 1 if tricks[0] == 0 else 0 if tricks[1] == 0 else None
        camp = self._score(contract, declarer, multiplier, points, capot, camps[last_seat], declarations, bid,
                           hanging_in, first_seat, camps)
        order = sorted(defenders, key=lambda seat: (seat - first_seat) % seating.players)
        own = [seat_points[d] + (self._last if d == last_seat else 0) for d in order]
        equal = camp.verdict == FAILED
        notes = list(camp.notes)

        def per_player(pair: tuple[int, int]) -> tuple[int, ...]:
            shares = _shares(pair[1], [1] * len(order) if equal or not sum(own) else own)
            result = [0] * seating.players
            result[declarer] = pair[0]
            for seat, share in zip(order, shares):
                result[seat] = share
            return tuple(result)

        match_points = per_player(camp.match_points)
        if camp.match_points[1]:
            notes.append(("The defence's {} is shared {}: {}", (
                camp.match_points[1], "equally" if equal or not sum(own) else "by the card points each took",
                ", ".join(f"player {seat} {match_points[seat]}" for seat in order))))
        return DealScore(per_player(camp.raw_points), match_points, camp.hanging_out, camp.verdict, declarer,
                         multiplier, declarer if camp.capot_team == 0 else None, (False,) * seating.players,
                         tuple(notes))

    def reserve_after_all_pass(self, hanging: int) -> int:
        """What waits after a deal everyone passed (bulgarian-options.md E16: kept, or lost as in NIK)."""
        return hanging if self._s.reserve.kept_on_all_pass else 0

    # ------------------------------------------------------------------ pieces of the total

    def _is_capot_bid(self, bid: int | str | None) -> bool:
        return bid == "capot" or (isinstance(bid, int) and bid >= self._capot_bid_from)

    def _bid_text(self, bid: int | str | None) -> str:
        if not self._point_bids or bid is None:
            return ""
        return ("capot" if self._is_capot_bid(bid) else str(bid)) + " "

    def _bid_value(self, bid: int | str | None) -> int:
        """The bid's worth when added to a score (french.md §13: a capot bid counts ``capot_value``)."""
        if not self._bid_added or bid is None:
            return 0
        return self._capot_value if self._is_capot_bid(bid) else int(bid)

    def _declarations(self, res: Resolution, deal: _Deal) -> None:
        """Explain the contest, then apply ``when_capot`` and ``count_without_tricks``.

        A capot'd team's declarations pass to the capot team under ``to_capot_team``
        (FFB-K 10.1.1); otherwise, with ``count_without_tricks`` off, a team without a
        trick loses them (BIN/NIK keep them: bulgarian.md §5.4).
        """
        note = deal.note
        for d in res.kept:
            note("{}: seat {} {} counts for {}", "Belote" if d.kind == "belote" else "Declaration",
                 d.seat, d, deal.names[deal.camp_of[d.seat]])
        for d, why, values in res.cancelled:
            note("Cancelled: seat {} {}: " + why, d.seat, d, *values)
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
            note("{} took no trick: its declarations ({}) do not count", deal.names[loser].capitalize(), deal.decl[loser])
            deal.decl[loser] = 0

    # ------------------------------------------------------------------ the verdict

    def _decide(self, test: tuple[int, ...], ct: int, capot_team: int | None, bid: int | str | None,
                multiplier: int, deal: _Deal) -> tuple[str, str, int]:
        """(verdict, how it is scored, the team that wins the deal or -1).

        Undoubled: made iff the takers have more (and, with point bids, reach the bid or take
        every trick for a capot bid); equal totals follow ``scoring.tie``. Doubled: equal totals
        all wait in reserve (``doubled_tie: all_to_reserve``, bulgarian.md §9.1), otherwise
        ``doubled_winner: more_points`` gives the deal to the team with more points whoever bid
        (HIT), or ``contract_result`` lets the contract's result decide. ``as_undoubled`` scores
        a doubled tie by ``scoring.tie``.
        """
        a, d = test[ct], test[1 - ct]
        doubled = multiplier > 1
        s = self._s
        if doubled and a == d and s.doubled_tie == "all_to_reserve":
            deal.note("Equal totals under a double ({} = {}): everything waits for a later deal", a, d)
            return self._tie_verdict, POT, -1
        if doubled and a != d and s.doubled_winner == "more_points":
            winner = ct if a > d else 1 - ct
            deal.note("Doubled: {} has more points ({} to {}) and wins the deal", deal.names[winner], max(a, d), min(a, d))
            return (MADE if winner == ct else FAILED), ALL, winner
        verdict, text = self._contract_result(a, d, capot_team == ct, bid)
        if verdict == MADE and self._point_bids and bid is not None:
            text += ", and took every trick (capot bid)" if self._is_capot_bid(bid) else ", and reached the bid {3}"
        deal.note(text, deal.names[ct], a, d, bid)
        if verdict in (HANGING, LITIGE):
            return verdict, TIE, -1
        return verdict, (SPLIT if verdict == MADE and not doubled else ALL), (ct if verdict == MADE else 1 - ct)

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
        if tie == "taker_fails":
            return FAILED, "Failed: the takers ({}) have {}, as many as the defenders' {}; a tie fails"
        name = self._tie_verdict.capitalize()
        return self._tie_verdict, name + ": the takers ({0}) and the defenders have {1} each"

    # ------------------------------------------------------------------ the ways a deal is scored

    def _split(self, deal: _Deal, ct: int, bid_value: int, rounder: Rounder) -> tuple[list[int], tuple[bool, bool]]:
        """A made, undoubled contract: each team records its own total (bulgarian.md §7-8, french.md §9).

        ``per_team``: each total rounded on its own, the tie digit going up for the team with
        fewer points (on equal totals the defenders count as fewer). ``leader_then_remainder``
        (BIN): the leader rounds, the other gets the rounded deal total minus that. ``min_one``
        (BIN, bulgarian.md §8): a non-zero total never records 0; it takes one unit from the leader.
        """
        df = 1 - ct
        totals = [deal.raw(0), deal.raw(1)]
        if bid_value:
            deal.note("Bid added to the takers: {} + {} = {}", totals[ct], bid_value, totals[ct] + bid_value)
            totals[ct] += bid_value
        points = [0, 0]
        rounding = self._s.rounding
        if rounding.made == "leader_then_remainder":
            lead = ct if totals[ct] >= totals[df] else df
            points[lead] = rounder.round(totals[lead], rounder.board_up(False))
            points[1 - lead] = rounder.round(totals[0] + totals[1]) - points[lead]
        else:
            for t in (0, 1):
                other = totals[1 - t]
                lower = totals[t] < other or (totals[t] == other and t == df)
                points[t] = rounder.round(totals[t], rounder.board_up(lower))
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
        return points, (points[0] > 0 and totals[0] == deal.belote[0], points[1] > 0 and totals[1] == deal.belote[1])

    def _winner_takes_all(self, deal: _Deal, winner: int, verdict: str, multiplier: int, bid: int | str | None,
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

    def _everything(self, deal: _Deal, winner: int, with_declarations: bool, with_belote: bool,
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
        unmultiplied = 0
        if fixed is not None:
            parts = [("cards (fixed)", fixed)]
        else:
            parts = [("cards", deal.cards[0] + deal.cards[1])]
            bonus = deal.bonus[0] + deal.bonus[1]
            if multiplier > 1 and not self._s.capot.multiplied_by_double:
                unmultiplied = bonus
            else:
                parts.append(("capot", bonus))
        parts.append(("declarations", deal.decl[winner] + (deal.decl[loser] if with_declarations else 0)))
        parts.append(("belote", deal.belote[winner] + (deal.belote[loser] if with_belote else 0)))
        parts.append(("bid", self._bid_value(bid)))
        total = sum(v for _, v in parts)
        deal.note("{} takes the deal: {} = {}", deal.names[winner].capitalize(), _Terms(parts), total)
        if multiplier == 1:
            points = rounder.round(total)
            deal.note("Rounding ({}): {} → {}", rounder.single_text, total, points)
            return points
        points = self._multiplied(multiplier, total, rounder) + rounder.round(unmultiplied)
        deal.note("Multiplier ×{} ({}): {}{} → {}", multiplier, rounder.single_text, total,
                  f" + capot {unmultiplied} (not multiplied)" if unmultiplied else "", points)
        return points

    def _multiplied(self, multiplier: int, total: int, rounder: Rounder, up: bool | None = None) -> int:
        """``rounding.doubled``: the multiplier times the rounded total (HIT, BIN: 4 × 21 = 84), or
        the multiplied total rounded (one reading of SF: round(848 / 10) = 85)."""
        if self._s.rounding.doubled == "multiply_rounded_total":
            return multiplier * rounder.round(total, up)
        return rounder.round(multiplier * total, up)

    def _tie(self, deal: _Deal, ct: int, multiplier: int, rounder: Rounder) -> tuple[list[int], int, tuple[bool, bool]]:
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
                 deal: _Deal) -> int:
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


def _shares(total: int, weights: list[int]) -> list[int]:
    """``total`` divided in proportion to ``weights`` (largest remainders, ties to the earlier)."""
    whole = sum(weights)
    shares = [total * w // whole for w in weights]
    by_remainder = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in by_remainder[:total - sum(shares)]:
        shares[i] += 1
    return shares


# ----------------------------------------------------------------------------- the match


@dataclass(slots=True)
class MatchEnd:
    """What the end-of-match rule remembers between deals: the score a team must reach."""

    bar: int | None  # None: a single deal decides


class MatchRules:
    """When a match is over and who won it (``Variant.match``; bulgarian.md §10, french.md §11)."""

    def __init__(self, variant: Variant) -> None:
        m = variant.match
        self._m = m
        self._bar = None if m.target is None else m.target + (1 if m.compare == "exceed" else 0)

    def initial_state(self) -> MatchEnd:
        return MatchEnd(self._bar)

    def winner(self, state: MatchEnd, board: list[int] | tuple[int, ...], score: DealScore | None,
               capot: bool) -> int | None:
        """The winning team after a deal (``board`` already includes it), or None to play on.

        Both teams over the bar: the higher wins, equal plays on (SF/HIT). A deal everybody passed
        never ends a match. Valat exception (bulgarian.md §10): ``raise_bar_to_leader_plus_one``
        (SF) lifts the bar to the leader's score + 1 when a valat deal reaches it;
        ``one_more_deal`` (HIT/HLP) and ``no_go_out_on_valat_deal`` (NIK) both mean a valat deal
        cannot end the match and the next deal that is neither all-pass nor valat decides: the
        board only grows, so "one more deal" ends exactly where the NIK rule does.
        ``must_score_in_final_deal`` (NIK) and ``belote_alone_cannot_win`` (FFB-C/K 10.3) stop a
        leader that scored nothing, or only its belote, in this deal.
        """
        if score is None:
            return None
        if state.bar is None:
            return self._single_deal_winner(board, score)
        over = [t for t in range(len(board)) if board[t] >= state.bar]
        if not over:
            return None
        exception = self._m.valat_exception
        if capot and exception != "none":
            if exception == "raise_bar_to_leader_plus_one":
                state.bar = max(board) + 1
            return None
        leader = max(over, key=lambda t: board[t])
        if sum(board[t] == board[leader] for t in over) > 1:
            return None
        if self._m.must_score_in_final_deal and score.match_points[leader] <= 0:
            return None
        if self._m.belote_alone_cannot_win and score.belote_only[leader]:
            return None
        return leader

    @staticmethod
    def _single_deal_winner(board: list[int] | tuple[int, ...], score: DealScore) -> int:
        """``target: null`` (seed 004): more points wins; equal, the team that won the deal."""
        best = max(board)
        leaders = [t for t, points in enumerate(board) if points == best]
        if len(leaders) == 1:
            return leaders[0]
        if score.verdict == MADE or score.contract_team not in leaders:
            return score.contract_team if score.contract_team in leaders else leaders[0]
        return next(t for t in leaders if t != score.contract_team)
