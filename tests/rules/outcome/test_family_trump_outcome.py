"""A deal outcome (`belot score`'s input) with a trump laid face down and the pair: when the trump was shown decides
who won the tricks before (twenty-eight.md §4.3, twenty-nine.md §4.4), the seat that showed the pair moves the bid
(twenty-eight.md §5, twenty-nine.md §6)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from belot_rules import load_variant
from belot_rules.cards import CARDS
from belot_rules.engine.actions import PAIR_ACTION
from belot_rules.engine.deal import OVER, DealState
from belot_rules.pad.reduce import short_outcome
from belot_rules.rules.outcome.parse import OutcomeError
from belot_rules.ruleset import Ruleset


def _played_with_shown(ruleset: Ruleset, seed: int) -> tuple[DealState, tuple[int, int] | None]:
    """A deal of random moves that shows the pair whenever it may, and where the face-down trump was shown."""
    rng = random.Random(seed)
    cards = list(ruleset.seating.cards)
    rng.shuffle(cards)
    state, shown = DealState.start(ruleset, cards, seed % 4), None
    while state.phase != OVER:
        legal = state.legal_actions()
        hidden = state.trump_card >= 0
        state.apply(next((a for a in legal if a == PAIR_ACTION), rng.choice(legal)))
        if hidden and state.trump_card < 0:
            shown = (len(state.tricks), len(state.trick))
    return state, shown


def _full_outcome(state: DealState, shown: tuple[int, int] | None) -> dict[str, object]:
    outcome: dict[str, object] = {
        "contract": state.contract, "declarer": state.declarer, "bid": state.bid, "multiplier": state.multiplier,
        "first_leader": state.first_seat, "tricks": [{"cards": [str(CARDS[c]) for c in cards]}
                                                     for _, cards, _ in state.tricks]}
    if shown is not None:
        outcome["trump_shown"] = {"trick": shown[0], "card": shown[1]}
    if state.pair >= 0:
        outcome["pair"] = state.pair
    return outcome


@pytest.mark.parametrize("name", ["twenty-eight", "twenty-nine"])
def test_a_deal_with_its_reveal_and_pair_scores_as_the_engine_scored_it_twenty_eight_4_5(name: str) -> None:
    """twenty-eight.md §4.3-4.5, §5 and twenty-nine.md §4.4, §6: a deal's outcome says when the trump was shown
    (the tricks before went to the best card of the suit led) and who showed the pair (which moved the bid);
    `belot score` then gives the engine's score, with the pair's line, from the tricks and from the short form."""
    ruleset, paired = load_variant(name), 0
    for seed in range(40):
        state, shown = _played_with_shown(ruleset, seed)
        if state.score is None:
            continue
        assert ruleset.score_deal(_full_outcome(state, shown)).match_points == state.score.match_points, seed
        assert ruleset.score_deal(short_outcome(state)).match_points == state.score.match_points, seed
        paired += state.pair >= 0
    assert paired


def test_an_outcome_without_the_reveal_or_with_a_pair_not_held_is_refused_twenty_eight_5() -> None:
    """With the tricks, a face-down trump needs its reveal; the pair needs a seat that played the King and Queen of
    trumps after the reveal; a variant without either refuses them."""
    ruleset = load_variant("twenty-eight")
    state, shown = next((s, at) for s, at in (_played_with_shown(ruleset, seed) for seed in range(40))
                        if s.score is not None and s.pair >= 0)
    outcome = _full_outcome(state, shown)
    with pytest.raises(OutcomeError, match="say when it was shown"):
        ruleset.score_deal({k: v for k, v in outcome.items() if k != "trump_shown"})
    with pytest.raises(OutcomeError, match="did not play both the King and Queen"):
        ruleset.score_deal({**outcome, "pair": (state.pair + 1) % 4})
    with pytest.raises(OutcomeError, match="no pair"):
        load_variant("bulgarian").score_deal({"contract": "hearts", "declarer": 0, "points": [100, 52],
                                              "last_trick": 0, "pair": 1})


def test_the_pair_example_outcome_scores_the_worked_example_twenty_eight_5() -> None:
    """examples/deal-outcome-twenty-eight-short.yaml is §5's worked example: bid 20, the takers' pair, 17 made (+2);
    the opponents' pair instead: 24 needed, failed (-3)."""
    outcome = yaml.safe_load((Path(__file__).parents[3] / "examples" / "deal-outcome-twenty-eight-short.yaml")
                             .read_text(encoding="utf-8"))
    ruleset = load_variant("twenty-eight")
    assert ruleset.score_deal(outcome).match_points == (2, 0)
    assert ruleset.score_deal({**outcome, "pair": 1}).match_points == (-3, 0)


def test_an_outcome_without_trumps_has_no_reveal_twenty_nine_4_3() -> None:
    """twenty-nine.md §4.3: no trumps is said at once, so nothing was shown later: a trump_shown is refused."""
    outcome = {"contract": "no_trumps", "declarer": 0, "bid": 16, "points": [20, 8], "last_trick": 0,
               "trick_counts": [6, 2]}
    ruleset = load_variant("twenty-nine")
    assert ruleset.score_deal(outcome).match_points == (1, 0)
    with pytest.raises(OutcomeError, match="no trump to lay face down"):
        ruleset.score_deal({**outcome, "trump_shown": {"trick": 1, "card": 2}})
