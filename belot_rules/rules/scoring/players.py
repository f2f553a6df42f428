"""Scoring where players score apart: the taker against the rest, or each for himself.

Both are strategies of :class:`~.camps.ScoringRules`, chosen when it is built for a table
whose board has more than two sides; they share its compiled options and its pieces (the
capot, the declarations, the rounding, the reserve).
"""

from __future__ import annotations

from ..declarations import Declaration
from .camps import DealTotals, ScoringRules
from .result import ALL, FAILED, HALF, HANGING, LITIGE, MADE, SPLIT, TIE, DealScore, Each, ScoreParts, share_out


class TakerAgainstRest(ScoringRules):
    """The taker alone against the others, who pool their points for the deal (``table.sides: taker_vs_rest``)."""

    table_kind = "taker_vs_rest"

    def score(self, contract: str, declarer: int, multiplier: int, team_card_points: tuple[int, ...] | list[int],
              team_tricks: tuple[int, ...] | list[int], last_trick_team: int,
              declarations: list[Declaration] | tuple[Declaration, ...] = (), bid: int | str | None = None,
              hanging_in: int = 0, first_seat: int = 0) -> DealScore:
        """The taker alone against the others (belote-a-trois.md §3 one_vs_two), scored per player.

        The deal is scored between two camps, the taker and the pooled defence, by the same rules
        as a team game; then the defence's share goes to its players: in proportion to the card
        points each took when the contract is made or hangs, in equal parts when the defence takes
        the deal whole ("the opponents share all points"); an odd unit goes to the defender first
        in play order.
        """
        seat_points, seat_tricks, last_seat = team_card_points, team_tricks, last_trick_team  # a side a player
        seating = self.seating
        camps = seating.camps[declarer]
        defenders = [seat for seat in seating.seats if camps[seat]]
        points = [seat_points[declarer], sum(seat_points[d] for d in defenders)]
        tricks = [seat_tricks[declarer], sum(seat_tricks[d] for d in defenders)]
        capot = 1 if tricks[0] == 0 else 0 if tricks[1] == 0 else None
        camp = self._score(contract, declarer, multiplier, points, capot, camps[last_seat], declarations, bid,
                           hanging_in, first_seat, camps)
        order = sorted(defenders, key=lambda seat: (seat - first_seat) % seating.players)
        own = [seat_points[d] + (self._last if d == last_seat else 0) for d in order]
        equal = camp.verdict == FAILED or not sum(own)
        notes = list(camp.notes)

        weights = [1] * len(order) if equal else own

        def per_player(pair: tuple[int, ...]) -> list[int]:
            result = [0] * seating.players
            result[declarer] = pair[0]
            for seat, share in zip(order, share_out(pair[1], weights)):
                result[seat] = share
            return result

        # Each part of the defence's raw total is shared like its points, but the last trick goes whole to the
        # defender who took it and the card points to the defenders who took them; a player's raw total is the sum
        # of his parts.
        columns = [per_player((taker_part, defence_part)) for taker_part, defence_part in zip(*camp.parts)]
        own_cards = [seat_points[d] for d in order]
        if sum(own_cards):  # raw card points are what each defender took (times any factor), made or failed
            cards = ScoreParts._fields.index("cards")
            for seat, share in zip(order, share_out(camp.parts[1].cards, own_cards)):
                columns[cards][seat] = share
        last = ScoreParts._fields.index("last_trick")
        columns[last] = [0] * seating.players
        columns[last][declarer] = camp.parts[0].last_trick
        if camps[last_seat]:
            columns[last][last_seat] = camp.parts[1].last_trick
        parts = tuple(ScoreParts(*(column[seat] for column in columns)) for seat in seating.seats)
        raw = tuple(sum(part) for part in parts)
        match_points = tuple(per_player(camp.match_points))
        if camp.match_points[1]:
            notes.append(("The defence's {} is shared {}: {}", (
                camp.match_points[1], "equally" if equal else "by the card points each defender took",
                ", ".join(f"player {seat} {match_points[seat]}" for seat in order))))
        winner = None
        if camp.match_winner is not None:
            length = self._game_winning_length
            winner = next(d.seat for d in declarations if d.kind == "sequence" and d.length >= length)
        return DealScore(raw, match_points, camp.hanging_out, camp.verdict, declarer, multiplier,
                         declarer if camp.capot_team == 0 else None, (False,) * seating.players, tuple(notes), parts,
                         winner)


class EachForSelf(ScoringRules):
    """Every player for himself (``table.sides: each_for_self`` at three or more)."""

    table_kind = "each_for_self"

    def score(self, contract: str, declarer: int, multiplier: int, team_card_points: tuple[int, ...] | list[int],
              team_tricks: tuple[int, ...] | list[int], last_trick_team: int,
              declarations: list[Declaration] | tuple[Declaration, ...] = (), bid: int | str | None = None,
              hanging_in: int = 0, first_seat: int = 0) -> DealScore:
        """Each for himself at three or more players (belote-a-trois.md §3 each_for_self, §5; debertz.md §9).

        Every player's raw total is his own cards, last trick, declarations (the best player's
        count), belote and capot share. The taker makes his contract with more than each other
        player (``taker_must_beat``), or than the others together; then every player records his
        own total. When he fails he records nothing (but a belote he keeps) and the points he
        took are shared equally by the others, an odd unit going to the first after him in play
        order ("the opponents share all points"). A tie follows ``scoring.tie``: hanging or litige
        leave his total in reserve, the others recording theirs. Each total is rounded on its own.
        A doubled deal is judged as an undoubled one and every player's points are multiplied
        (``rounding.doubled``); point bids are refused with this table by the variant model.
        """
        seat_points, seat_tricks, last_seat = team_card_points, team_tricks, last_trick_team  # a side a player
        seating = self.seating
        seats = seating.seats
        c = self._contracts[contract]
        names = self.declarations.names
        others = [seating.order[declarer + k] for k in range(1, seating.players)]
        deal = DealTotals(list(seat_points), [0] * seating.players, [0] * seating.players, (0,) * seating.players,
                     None, [], names, tuple(seats))
        note = deal.note
        note("Contract: {} by seat {} ({}){}", c.name, declarer, names[declarer], self._doubled(multiplier))
        note("Card points: {}", Each((names, tuple(seat_points))))
        without = [seat for seat in seats if not seat_tricks[seat]]
        last = [0] * seating.players
        if without and not self._last_with_capot:
            note("No last trick: there is a capot")
        else:
            deal.cards[last_seat] += self._last
            last[last_seat] = self._last * c.factor
            note("Last trick: {} +{}", names[last_seat], self._last)
        if c.factor != 1:
            deal.cards[:] = [c.factor * points for points in deal.cards]
            note("No-trumps: card points and last trick ×{}: {}", c.factor, Each((names, tuple(deal.cards))))
        if without and c.capot_bonus:
            self._capot_alone(deal, without, declarer, c.capot_bonus)
        if len(without) == seating.players - 1:
            deal.capot_team = next(seat for seat in seats if seat_tricks[seat])
        match_winner = None
        if declarations:
            res = self.declarations.resolve(declarations, contract, first_seat)
            deal.decl[:], deal.belote = list(res.points), res.belote
            self._explain_declarations(res, declarations, deal)
            self._declarations_without_tricks(deal, without)
            if self._game_winning_length:
                match_winner = self._game_winning(declarations, deal)
        if c.contract_factor != 1:
            self._contract_factor(deal, contract, c.contract_factor)
            last = [c.contract_factor * points for points in last]
        raw = tuple(deal.raw(seat) for seat in seats)
        parts = tuple(ScoreParts(deal.cards[seat] - last[seat], last[seat], deal.decl[seat], deal.belote[seat],
                                 deal.bonus[seat]) for seat in seats)
        note("Totals: {}", Each((names, raw)))
        test = raw
        if self._left_out:
            test = tuple(raw[seat] - (0 if self._decl_for_contract else deal.decl[seat])
                         - (0 if self._belote_for_contract else deal.belote[seat]) for seat in seats)
            note("For the contract (without {}): {}", self._left_out, Each((names, test)))
        verdict, how = self._verdict_alone(test, declarer, others, deal)
        rounder = c.rounder
        totals = list(raw)
        new_reserve = 0
        if how == ALL:
            totals = self._taker_shared(deal, totals, declarer, others)
        elif how in (HALF, TIE):
            totals[declarer] = 0
            if how == TIE:
                up = True if self._s.rounding.reserve == "reserve_rounds_up" else None
                new_reserve = self._multiplied(multiplier, raw[declarer], rounder, up)
                note("{}'s {} waits in reserve: {}", names[declarer].capitalize(), raw[declarer], new_reserve)
            else:
                note("Half bete: the taker ({}) scores nothing, the others their own", names[declarer])
        points = [self._multiplied(multiplier, total, rounder) for total in totals]
        note("Rounding ({}){}: {}", rounder.single_text, f", ×{multiplier}" if multiplier > 1 else "",
             ", ".join(f"{names[seat]} {totals[seat]} → {points[seat]}" for seat in seats))
        if verdict == FAILED and hanging_in and self._s.reserve.goes_to == "next_deal_winner":
            shares = share_out(hanging_in, [1] * len(others))
            for seat, share in zip(others, shares):
                points[seat] += share
            note("Reserve carried in: {} shared by {}", hanging_in,
                 ", ".join(f"{names[seat]} +{share}" for seat, share in zip(others, shares)))
            hanging_out = 0
        else:
            hanging_out = self._reserve(verdict, declarer, hanging_in, new_reserve, points, deal)
        note("Match points: {}{}", Each((names, tuple(points))),
             f"; {hanging_out} waits in reserve" if hanging_out else "")
        only = tuple(points[seat] > 0 and totals[seat] == deal.belote[seat] for seat in seats)
        return DealScore(raw, tuple(points), hanging_out, verdict, declarer, multiplier, deal.capot_team, only,
                         tuple(deal.notes), parts, match_winner)

    def _capot_alone(self, deal: DealTotals, without: list[int], declarer: int, bonus: int) -> None:
        """A player who took no trick (belote-a-trois.md §5, ADP): one player taking every trick scores the
        bonus; under ``capot.shared`` the players who took tricks share it equally (50 each of 100).
        ``team: takers_only`` gives the bonus, or a share of it, to the taker alone."""
        names = deal.names
        players = len(deal.cards)
        scorers = [seat for seat in range(players) if seat not in without]
        if len(scorers) > 1 and not self._capot_shared:
            return
        lost = [seat for seat in scorers if self._capot_takers_only and seat != declarer]
        shares = share_out(bonus, [1] * len(scorers))
        for seat, share in zip(scorers, shares):
            if seat not in lost:
                deal.bonus[seat] = share
        who = " and ".join(names[seat] for seat in without)
        if len(scorers) == 1:
            deal.note("Capot: {} took all {} tricks +{}", names[scorers[0]], self._tricks, bonus)
        elif len(set(shares)) == 1:
            deal.note("Capot: {} took no trick: {} to each of the others", who, shares[0])
        else:
            deal.note("Capot: {} took no trick: the bonus {} is shared, {}", who, bonus,
                      ", ".join(f"{names[seat]} +{share}" for seat, share in zip(scorers, shares)))
        if lost:
            deal.note("Only the taker scores a capot: {} scores no share", " and ".join(names[seat] for seat in lost))

    def _declarations_without_tricks(self, deal: DealTotals, without: list[int]) -> None:
        """A player without a trick: his declarations pass to the player who took every trick under
        ``to_capot_team``, or do not count when ``count_without_tricks`` is off."""
        for seat in without:
            if not deal.decl[seat]:
                continue
            if self._when_capot == "to_capot_team" and deal.capot_team is not None:
                deal.note("{}'s declarations ({}) pass to {}, who took every trick", deal.names[seat].capitalize(),
                          deal.decl[seat], deal.names[deal.capot_team])
                deal.decl[deal.capot_team] += deal.decl[seat]
            elif not self._count_without_tricks:
                deal.note("{} took no trick: his declarations ({}) do not count", deal.names[seat].capitalize(),
                          deal.decl[seat])
            else:
                continue
            deal.decl[seat] = 0

    def _verdict_alone(self, test: tuple[int, ...], declarer: int, others: list[int], deal: DealTotals) -> tuple[str, str]:
        """(verdict, how it is scored): the taker against each other player, or the others together."""
        names = deal.names
        if self._each_own:
            deal.note("No contract is at stake: each player records his own points")
            return MADE, SPLIT
        a = test[declarer]
        if self._beat_together:
            d = sum(test[seat] for seat in others)
            against = f"the others together ({d})"
        else:
            best = max(others, key=test.__getitem__)
            d = test[best]
            against = f"{names[best]} ({d})"
        if a > d:
            deal.note("Made: the taker ({}) has {}, more than {}", names[declarer], a,
                      against if self._beat_together else f"each other player (the best: {against})")
            return MADE, SPLIT
        if a < d:
            deal.note("Failed: the taker ({}) has {}, less than {}", names[declarer], a, against)
            return FAILED, ALL
        tie = self._s.tie
        verdict = MADE if tie == "taker_makes" else FAILED if tie in ("taker_fails", "half_bete") else self._tie_verdict
        deal.note("{}: the taker ({}) has {}, as many as {}", verdict.capitalize(), names[declarer], a, against)
        how = {MADE: SPLIT, HANGING: TIE, LITIGE: TIE}.get(verdict, HALF if tie == "half_bete" else ALL)
        return verdict, how

    def _taker_shared(self, deal: DealTotals, totals: list[int], declarer: int, others: list[int]) -> list[int]:
        """A failed contract: the taker keeps his belote (``belote.kept_when_failed``), his declarations go
        to the others or are void (``declarations.when_failed``), and the rest is shared by the others."""
        names = deal.names
        kept = deal.belote[declarer] if self._belote_kept else 0
        void = 0 if self._failed_transfer else deal.decl[declarer]
        if void:
            deal.note("{}'s declarations ({}) are void", names[declarer].capitalize(), void)
        given = totals[declarer] - kept - void
        shares = share_out(given, [1] * len(others))
        totals = list(totals)
        for seat, share in zip(others, shares):
            totals[seat] += share
        totals[declarer] = kept
        deal.note("{}'s {} goes to the others: {}{}", names[declarer].capitalize(), given,
                  ", ".join(f"{names[seat]} +{share}" for seat, share in zip(others, shares)),
                  f"; {names[declarer]} keeps his belote ({kept})" if kept else "")
        return totals
