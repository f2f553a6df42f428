"""Tables of bots play through the engine's fast loop (issue "Fast where users run it", item 1).

``belot simulate --seats random,random,random,random`` asked every random player for every move
through a view and card strings, fifty times slower than the engine plays the same deals: a
table of the built-in random players now plays each deal as one random playout
(``play_at_random``, the compiled kernel where it is built), drawn from the first seat's generator.
"""

from __future__ import annotations

import random

import pytest

from belot_rules import load_variant
from belot_rules.engine.deal import DealState
from belot_rules.engine.playout import play_at_random
from belot_rules.players import HeuristicPlayer, RandomPlayer, make_player
from belot_rules.sim.simulate import DEALS, MATCHES, simulate
from belot_rules.sim.table import Table

# Two, three and four seats; a chien to discard (belote-a-trois-32), an open tableau (belote-a-deux).
VARIANTS = ("bulgarian", "coinche", "klaberjass", "belote-a-trois-32", "belote-a-deux", "baloot")


def _outcome(deal: DealState) -> tuple:
    calls = tuple(deal.auction.calls) if deal.auction else ()
    return calls, deal.discarded, tuple(deal.tricks), deal.declared, tuple(deal.belotes), deal.score


def _start(ruleset, number: int) -> DealState:
    deck = list(ruleset.seating.cards)
    random.Random(number).shuffle(deck)
    return DealState.start(ruleset, deck, number % ruleset.seating.players)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_table_of_random_players_plays_random_playouts(variant: str) -> None:
    """Each deal is the engine's random playout from the first seat's generator, every one finished and scored."""
    ruleset = load_variant(variant)
    table = Table([RandomPlayer(ruleset, 7 + seat) for seat in ruleset.seating.seats])
    same = random.Random(7)
    for number in range(40):
        played = table.play_deal(_start(ruleset, number))
        assert played.phase == "over" and len(played.tricks) in (0, ruleset.seating.hand_size)
        assert _outcome(played) == _outcome(play_at_random(_start(ruleset, number), same.random))


def test_a_table_with_any_other_player_asks_each_seat() -> None:
    """Only random players alone draw from one generator: beside a heuristic bot each seat draws its own moves."""
    ruleset = load_variant("bulgarian")
    assert Table([RandomPlayer(ruleset, s) for s in range(4)]).rand is not None
    mixed = [RandomPlayer(ruleset, 0), HeuristicPlayer(ruleset), RandomPlayer(ruleset, 2), HeuristicPlayer(ruleset)]
    assert Table(mixed).rand is None
    outside = make_player("belot_rules.players.random_player:RandomPlayer", ruleset, 1)
    assert Table([outside, *[RandomPlayer(ruleset, s) for s in range(1, 4)]]).rand is None


@pytest.mark.parametrize("mode, count", [(DEALS, 600), (MATCHES, 4)])
def test_random_seats_stay_reproducible_per_seed(mode: str, count: int) -> None:
    """The same seed gives the same numbers; another seed other deals."""
    ruleset = load_variant("french")
    runs = [simulate(ruleset, mode, count, ("random",) * 4, seed=seed).to_dict() for seed in (3, 3, 4)]
    for run in runs:
        del run["seconds"], run["deals_per_second"]
    assert runs[0] == runs[1] and runs[0] != runs[2]
    assert runs[0]["deals"] >= count and runs[0]["played_deals"] > 0
