"""The engine's short ways through a deal give what the long ways give.

Random playouts apply the auction's calls straight to the auction, the contest of declarations
is remembered per variant, a deck's card types are checked in one pass, and trick 1 asks what a
hand holds rather than every way to declare it (issue 22, "Fast where users run it"). Each test
holds one of them to the step-by-step engine or to the contest worked out afresh.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from belot_rules import load_variant
from belot_rules.cards import mask_of
from belot_rules.engine.deal import BIDDING, DECLARING, DealState
from belot_rules.engine.playout import play_at_random, random_deal
from belot_rules.errors import UserError
from belot_rules.rules.deal.dealing import shuffle
from belot_rules.rules.declarations.melds import DeclarationRules
from belot_rules.ruleset import Ruleset
from belot_rules.sim.simulate import reseed
from belot_rules.variant.model import Variant

VARIANTS = Path(__file__).resolve().parent.parent / "variants"
AUCTIONS = ["bulgarian", "french", "coinche", "klaberjass", "baloot", "bela", "belote-a-trois"]


@pytest.mark.parametrize("name", AUCTIONS)
@pytest.mark.parametrize("made", [0, 2])
def test_a_random_playout_calls_as_make_call_does(name: str, made: int) -> None:
    """play_at_random applies the calls to the auction itself (a ladder through a table of its positions,
    filled by Bidding.apply) and ends the auction once: from the first call or after ``made`` calls, the
    calls, the contract and the doubling level are those of make_call with the same draws."""
    ruleset = load_variant(name)
    for seed in range(150):
        deck = list(ruleset.seating.cards)
        shuffle(random.Random(seed), deck)
        stepped = DealState.start(ruleset, deck, seed % ruleset.seating.players)
        rand = random.Random(seed).random
        for _ in range(made):
            if stepped.phase == BIDDING:
                stepped.make_call(ruleset.bidding.legal_calls(stepped.running_auction())[0])
        fast = stepped.clone()
        while stepped.phase == BIDDING:
            calls = ruleset.bidding.legal_calls(stepped.running_auction())
            stepped.make_call(calls[int(rand() * len(calls))])
        play_at_random(fast, random.Random(seed).random)
        assert fast.running_auction() == stepped.running_auction()  # every field: calls, passes, level, ...
        assert (fast.contract, fast.declarer, fast.multiplier, fast.level) == \
            (stepped.contract, stepped.declarer, stepped.multiplier, stepped.level)


@pytest.mark.parametrize("name", ["bulgarian", "french", "belote-a-trois", "bela"])
def test_a_remembered_contest_is_the_contest_worked_out(name: str) -> None:
    """DeclarationRules.resolve remembers each contest; every deal's answer equals a fresh one's."""
    ruleset = load_variant(name)
    rules, rng = ruleset.declarations, random.Random(9)
    fresh = DeclarationRules(ruleset.variant, ruleset.seating)
    for number in range(300):
        deal = random_deal(ruleset, rng, number % ruleset.seating.players)
        if deal.contract is None:
            continue
        found = [d for seat in sorted(deal.declared) for d in deal.declared[seat]]
        found += [rules.belote(seat, suit) for seat, suit in deal.belotes]
        if not found:
            continue  # nothing to contest: resolve answers at once
        for _ in range(2):  # worked out, then remembered
            assert rules.resolve(found, deal.contract, deal.first_seat) == \
                fresh._resolve(found, deal.contract, deal.first_seat, None, None)


def test_equal_declarations_are_not_taken_for_the_same_one() -> None:
    """Under winner_scores: best_only the best declaration is told by identity: one object listed twice
    scores twice, two equal copies score once. The memory of contests must not mix the two up."""
    rules = DeclarationRules(Variant(name="t", title="t", declarations={"winner_scores": "best_only"}))
    (tierce,) = rules.sequence(0, mask_of(["7H", "8H", "9H"]))
    copy = dataclasses.replace(tierce)
    assert copy == tierce and copy is not tierce
    twice = rules.resolve([tierce, tierce], "hearts")
    copies = rules.resolve([tierce, copy], "hearts")
    assert twice == rules._resolve([tierce, tierce], "hearts", 0, None, None) and len(twice.kept) == 2
    assert copies == rules._resolve([tierce, copy], "hearts", 0, None, None) and len(copies.kept) == 1
    assert rules.resolve([tierce, tierce], "hearts") == twice


@pytest.mark.parametrize("deck", [[None, *range(1, 32)], ["a", *range(1, 32)], [1.0, *range(1, 32)],
                                  [True, *range(1, 32)], list(range(31)), [], "0123"])
def test_a_deck_that_is_not_the_pack_is_told_in_a_sentence(deck: object) -> None:
    """The card types are checked before the cards are sorted: a deck mixing types is refused in words,
    never with the TypeError that sorting it would raise."""
    with pytest.raises(UserError, match="a deck must be a list of card indices"):
        DealState.start(load_variant("bulgarian"), deck, 0)  # type: ignore[arg-type]


def test_a_hand_with_a_quad_inside_a_sequence_declares_first() -> None:
    """bulgarian.md §5.1 (HIT/HLP, quad_sequence_overlap: player_chooses): trick 1 asks the seat what it
    declares when its hand holds any declaration; the choices are then the quad or the sequence."""
    ruleset = Ruleset(Variant(name="t", title="t", declarations={"quad_sequence_overlap": "player_chooses"}))
    hands = [mask_of(cards.split()) for cards in (
        "JC JD JH JS TH QH 7C 8C", "7D 8D 9D TD QD KD AD 7S", "8S 9S TS QS KS AS 7H 8H", "9C TC QC KC AC 9H KH AH")]
    state = DealState.from_hands(ruleset, hands, 3, "clubs", 0)  # seat 0 leads: four jacks, and J-Q... of hearts
    assert state.phase == DECLARING and state.to_act == 0
    options = ruleset.declarations.choices(hands[0], "clubs", 0)
    assert len(options) == 2 and len(state.legal_actions()) == 3  # each choice, or nothing


def test_a_generator_seeded_again_is_a_new_generator_of_that_seed() -> None:
    """A chunk of ``belot simulate`` seeds one generator again for each deal (simulate.reseed, C's seeding without
    random.Random's Python wrapper): its state is a new random.Random(seed)'s, after any draws before."""
    rng = random.Random(5)
    for seed in (0, 1, 2**62 + 12345, 2**63 - 1):
        rng.random()
        reseed(rng, seed)
        assert rng.getstate() == random.Random(seed).getstate()


@pytest.mark.parametrize("name", AUCTIONS)
def test_a_shuffled_deck_dealt_unchecked_is_the_deal_checked(name: str) -> None:
    """DealState.start(..., shuffled=True), for the engine's own shuffles of the pack, deals what the checked start
    deals: the same hands, turned card and auction."""
    ruleset = load_variant(name)
    for seed in range(20):
        deck = list(ruleset.seating.cards)
        shuffle(random.Random(seed), deck)
        checked = DealState.start(ruleset, deck, seed % ruleset.seating.players)
        assert DealState.start(ruleset, deck, seed % ruleset.seating.players, shuffled=True) == checked


@pytest.mark.parametrize("path", sorted(VARIANTS.glob("*.yaml")) + sorted((VARIANTS / "examples").glob("*.yaml")),
                         ids=lambda path: path.stem)
def test_a_seat_is_asked_to_declare_exactly_when_it_holds_a_declaration(path: Path) -> None:
    """Trick 1 asks a seat to declare where DeclarationRules.holds_any says so, by look-ups (bulgarian.md §5,
    french.md §7): exactly where held() finds a sequence or a quad, in every contract of every shipped variant."""
    ruleset = load_variant(str(path))
    rules, rng = ruleset.declarations, random.Random(path.stem)
    for contract in ruleset.contracts:
        for _ in range(300):
            hand = sum(1 << card for card in rng.sample(ruleset.seating.cards, ruleset.seating.hand_size))
            assert rules.holds_any(hand, contract) == bool(rules.held(hand, contract)), (contract, hand)


@pytest.mark.parametrize("tie", ["cancel", "trump_then_cancel", "trump_then_first_in_play_order",
                                 "first_in_play_order"])
def test_a_contest_remembered_in_one_contract_is_the_contest_in_another(tie: str) -> None:
    """resolve remembers a contest by what it reads of the contract and the seat leading trick 1 (bulgarian.md §5.4,
    french.md §7): the trump suit where a tie goes to the sequence in trumps, the play order where it goes to the
    first in it. Equal declarations are one object (the same run in other holdings): asked in every contract and
    from every leading seat, the answer is the one worked out afresh."""
    ruleset = Ruleset(Variant(name="t", title="t", declarations={"tie": tie}))
    rules, rng = ruleset.declarations, random.Random(tie)
    fresh = DeclarationRules(ruleset.variant, ruleset.seating)
    for _ in range(150):
        deck = list(ruleset.seating.cards)
        rng.shuffle(deck)
        hands = [sum(1 << card for card in deck[seat::4]) for seat in range(4)]
        for contract in ruleset.contracts:
            found = [d for seat, hand in enumerate(hands) for d in rules.held(hand, contract, seat)]
            for first in range(4):
                assert rules.resolve(found, contract, first) == fresh._resolve(found, contract, first, None, None)
    assert rules.held(hands[0] | 0xFF, "hearts", 0)[0] is rules.held(0xFF, "hearts", 0)[0]  # one object a value
