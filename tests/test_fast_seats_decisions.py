"""The heuristic bot's decisions, pinned while its hot path is made cheap (issue "Fast where users run it":
"the heuristic bot's decisions must stay the SAME, same cards for the same position").

``tests/golden/fast-seats-heuristic.txt`` holds, per variant, every call, declaration and card of
deals played by heuristic tables and by heuristic bots against random ones (which reach odd
positions: doubles, weak contracts), through the card-set door simulations use, and the
heuristic bot's answer, through its view door, at every move of deals played at random. A
change to the rules that moves them is checked and then written with ``BELOT_UPDATE_GOLDEN=1``.
"""

from __future__ import annotations

import random

import pytest
from game_script import check_golden

from belot_rules import load_variant
from belot_rules.cards import CARDS
from belot_rules.engine.deal import BIDDING, OVER, PLAYING, DealState
from belot_rules.players import HeuristicPlayer, RandomPlayer
from belot_rules.ruleset import Ruleset
from belot_rules.sim.table import Table

VARIANTS = ("bulgarian", "french", "coinche", "klaberjass", "belote-a-trois", "belote-a-deux", "baloot")
DEALS = 12  # per variant and kind of table
SHADOWED = 6  # deals played at random with the heuristic bot's answer asked at every move


def _deck(ruleset: Ruleset, seed: int) -> list[int]:
    deck = list(ruleset.seating.cards)
    random.Random(seed).shuffle(deck)
    return deck


def _played(deal: DealState) -> str:
    """A finished deal's calls, declarations and cards, as one line."""
    calls = " ".join(str(call) for _, call in deal.auction.calls) if deal.auction else ""
    declared = " ".join(f"{seat}:{d}" for seat in sorted(deal.declared) for d in deal.declared[seat])
    cards = " ".join(str(CARDS[card]) for _, trick, _ in deal.tricks for card in trick)
    return f"{calls} | {declared} | {cards}"


def _table_lines(ruleset: Ruleset, mixed: bool) -> list[str]:
    lines = []
    for number in range(DEALS):
        players = [RandomPlayer(ruleset, 100 * number + seat) if mixed and seat % 2 else HeuristicPlayer(ruleset)
                   for seat in ruleset.seating.seats]
        state = DealState.start(ruleset, _deck(ruleset, number), number % ruleset.seating.players)
        lines.append(_played(Table(players).play_deal(state)))
    return lines


def _shadow_lines(ruleset: Ruleset) -> list[str]:
    """Deals played at random; at each call and card, what a heuristic bot in that seat would have done."""
    lines = []
    for number in range(SHADOWED):
        chooser = RandomPlayer(ruleset, number)
        bots = [HeuristicPlayer(ruleset) for _ in ruleset.seating.seats]
        state = DealState.start(ruleset, _deck(ruleset, 1000 + number), number % ruleset.seating.players)
        answers = []
        while state.phase != OVER:
            seat, legal = state.to_act, state.legal_actions()
            if state.phase in (BIDDING, PLAYING) and len(legal) > 1:
                answers.append(str(bots[seat].choose(state.view(seat), legal)))
            state.apply(chooser.choose(state.view(seat), legal))
        lines.append(" ".join(answers))
    return lines


@pytest.mark.parametrize("variant", VARIANTS)
def test_heuristic_decisions_stay_the_same(variant: str) -> None:
    ruleset = load_variant(variant)
    text = "\n".join([f"# {variant}: heuristic seats", *_table_lines(ruleset, False),
                      f"# {variant}: heuristic against random", *_table_lines(ruleset, True),
                      f"# {variant}: the heuristic's answers in deals played at random", *_shadow_lines(ruleset)])
    check_golden(f"fast-seats-heuristic-{variant}.txt", text + "\n")
