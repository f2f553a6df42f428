"""The score sheet's columns: every deal's raw total split into cards, declarations, belote and capot."""

from __future__ import annotations

import pytest

from belot_rules.cli.game.session import Session
from belot_rules.rules.bidding.calls import CAPOT
from belot_rules.variant.loader import shipped_names


@pytest.mark.parametrize("variant", shipped_names())
def test_the_parts_of_each_deal_add_up(variant: str) -> None:
    session = Session.start(variant, seed=2, players=None, bot="random", watch=True)
    while not session.over and len(session.rows) < 12:
        session.apply(session.bot_action("random"))
    scored = [row for row in session.rows if row.score is not None]
    assert scored
    for row in scored:
        scoring = session.ruleset.variant.scoring
        factor = scoring.card_factor.of(row.contract)
        factor *= scoring.contract_factors.of(row.contract)
        table = session.ruleset.seating
        whole_pack = table.players * table.hand_size == table.pack_size  # no stock left out of play
        replaced = (scoring.capot.replaces_card_points and row.score.capot_team is not None  # kaboot
                    or scoring.point_bids.capot_bid == "capot_value" and row.bid == CAPOT)  # pilotta.md §6.3
        if whole_pack and not replaced:
            assert sum(row.cards) == session.ruleset.deck_total[row.contract] * factor
        for team in range(table.sides):
            parts = (row.cards[team], row.declarations[team], row.belote[team], row.capot[team])
            assert min(parts) >= 0 and sum(parts) == row.score.raw_points[team]
    assert session.rows[-1].board == tuple(session.match.board)
