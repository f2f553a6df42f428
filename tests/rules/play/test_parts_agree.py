"""Tests that hold the engine's parts together (the issue "one home for each rule", step 6): the reason given
for a refused card agrees with the legal cards under every combination of the play options, and a deal played
move by move ends exactly as the fast trick loop plays it, in every shipped variant."""

from __future__ import annotations

import itertools
import random

import pytest

from belot_rules import load_variant
from belot_rules.cards import SUIT_MASKS, SUIT_OF, iter_bits
from belot_rules.engine.actions import ASK_ACTION, CONCEAL, DECLARE, PLAY, conceal_action
from belot_rules.engine.concealed import card_to_lay
from belot_rules.engine.deal import BIDDING, DISCARDING, OVER, DealState
from belot_rules.engine.phases import PREDICTING
from belot_rules.rules.common import option_values
from belot_rules.rules.play import obligations as rules
from belot_rules.rules.play.obligations import Obligations
from belot_rules.variant.loader import shipped_names
from belot_rules.variant.model import Play

PLAY_NAMES = ("partner_winning_void", "undertrump", "plain_suit_overtake")
OVERTAKE = option_values(Play.model_fields["trump_overtake"])
# a trump lead's overtaking in suit contracts and in all-trumps, which never plays `never` (Play.all_trumps_problems)
TRUMP_OVERTAKES = [{"suit": suit, "all_trumps": every} for suit in OVERTAKE for every in OVERTAKE if every != "never"]
PLAY_OPTIONS = [Play(trump_overtake=overtake, **dict(zip(PLAY_NAMES, values))) for overtake in TRUMP_OVERTAKES
                for values in itertools.product(*(option_values(Play.model_fields[name]) for name in PLAY_NAMES))]


def _bits(mask: int) -> list[int]:
    return list(iter_bits(mask))  # lowest first, the 6s of a 36-card pack last


def _claim_holds(reason: str, ob: Obligations, hand: int, trick: list[int], card: int, legal: int) -> bool:
    """Whether what ``reason`` tells the player is true of this hand, trick and the legal cards."""
    led = SUIT_MASKS[SUIT_OF[trick[0]]]
    winning = trick[ob.tables.trick_winner_index(trick)]
    beats = ob.stronger[winning]
    trumps = ob.trump_mask
    played = 1 << card
    return {
        rules.FOLLOW_SUIT: bool(hand & led) and not played & led and legal & ~led == 0,
        rules.MUST_OVERTAKE: legal & ~beats == 0 and not played & beats,
        rules.MUST_OVERTRUMP: bool(legal & trumps & beats) and not played & trumps & beats,
        rules.MUST_TRUMP: legal & ~trumps == 0 and not played & trumps,
        rules.MUST_UNDERTRUMP: legal & ~trumps == 0 and not played & trumps and not hand & trumps & beats,
        rules.NO_UNDERTRUMP: bool(played & trumps) and not played & beats and bool(legal & ~trumps),
        rules.PARTNER_TRUMP_MUST_BEAT: bool(played & trumps) and not played & beats,
    }[reason]


@pytest.mark.parametrize("contract", ["hearts", "no_trumps", "all_trumps"])
def test_every_refusal_reason_agrees_with_the_legal_cards_under_every_play_option(contract: str) -> None:
    """Each of the 180 combinations of the play options, with partners and without: a card that is not legal
    gets a reason, and what the reason says of the hand and the trick is true."""
    tables = load_variant("bulgarian").tables[contract]
    rng = random.Random(contract)
    refused = 0
    for options in PLAY_OPTIONS:
        for partner_back in (2, 0):
            ob = Obligations(tables, options, partner_back)
            for _ in range(25):
                cards = rng.sample(range(32), 8 + 3)
                trick = cards[8:8 + rng.randrange(1, 4)]
                hand = sum(1 << c for c in cards[:8])
                legal = ob.legal(hand, trick)
                assert legal and legal & ~hand == 0
                for card in _bits(hand & ~legal):
                    reason = ob.reason(hand, trick, card)
                    assert _claim_holds(reason, ob, hand, trick, card, legal), (options, partner_back, reason)
                    refused += 1
    assert refused > 1000


def _choice(seed: int, state: DealState, count: int) -> int:
    """The same pick, whichever path asks: it depends only on the deal so far."""
    return random.Random(hash((seed, len(state.tricks), len(state.trick), count))).randrange(count)


@pytest.mark.parametrize("name", shipped_names())
def test_a_deal_played_move_by_move_ends_as_the_fast_loop_plays_it(name: str) -> None:
    """The step-by-step path (``apply``: the game, records, bots) and ``play_out`` (simulations) play the same
    moves to the same tricks, belotes, declarations and score."""
    ruleset = load_variant(name)
    for seed in range(12):
        rng = random.Random(seed)
        deck = list(ruleset.seating.cards)
        rng.shuffle(deck)
        fast = DealState.start(ruleset, deck, seed % ruleset.seating.players)
        while fast.phase in (BIDDING, DISCARDING, PREDICTING):  # predictions are the seats' own choice
            actions = fast.legal_actions()
            fast.apply(actions[rng.randrange(len(actions))])
        if fast.phase == OVER:
            continue
        slow = fast.clone()
        fast.play_out(lambda legal, seat, hand, trick, win: _bits(legal)[_choice(seed, fast, legal.bit_count())],
                      lambda seat, options: options[0], lambda seat: True)
        while slow.phase != OVER:
            actions = slow.legal_actions()
            if actions[0].kind == DECLARE:
                chosen = actions[0]  # the first option, as the fast loop's pick_declaration takes
            elif actions[0].kind == CONCEAL:  # a trump laid face down: the card the fast loop lays
                chosen = conceal_action(card_to_lay(slow.hands[slow.declarer]))
            elif ASK_ACTION in actions:
                chosen = ASK_ACTION  # the fast loop's card picker has no say: a seat that may ask does
            elif actions[0].kind == PLAY:
                cards = sorted({a.card for a in actions if a.card >= 0})  # no pair shown: the fast loop shows none
                card = cards[_choice(seed, slow, len(cards))]
                chosen = max((a for a in actions if a.card == card), key=lambda a: a.belote)  # belote announced
            else:
                chosen = actions[0]
            slow.apply(chosen)
        assert (slow.tricks, slow.belotes, slow.declared, slow.score) == \
            (fast.tricks, fast.belotes, fast.declared, fast.score), (name, seed)
