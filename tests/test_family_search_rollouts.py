"""The search bots' play-outs in Twenty-Nine (twenty-nine.md §4.2-4.3): the compiled kernel has no packed form of the
Jass play rules these games use, so every play-out of theirs runs the engine's Python trick loop, which plays the
reversed no-trumps and a trump called from the seventh card as a deal does."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import RANK_CHARS, RANK_OF, SUIT_OF
from belot_rules.engine.deal import OVER, PLAYING, DealState
from belot_rules.players.memory import Memory
from belot_rules.players.search import SearchPlayer

TWENTY_NINE = load_variant("twenty-nine")
REVERSED = "78QKTA9J"  # §4.3 [PAGc copy]: no trumps, every suit ranked 7 high, J low


def test_the_kernel_leaves_twenty_nine_to_the_python_loop() -> None:
    """No contract of Twenty-Nine or Twenty-Eight is played by the kernel: their play-outs take the Python path."""
    for name in ("twenty-nine", "twenty-eight"):
        rules = load_variant(name)
        assert not any(obligations.kernel_plays for obligations in rules.obligations.values())


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_a_search_play_out_in_no_trumps_ranks_every_suit_reversed_twenty_nine_4_3(seed: int) -> None:
    """§4.3: in the bidder's no-trumps each trick goes to the lowest card of the suit led in the usual order (the 7
    beats the 8 ... the J is lowest), in a search bot's roll-out as at the table."""
    deck = list(TWENTY_NINE.seating.cards)
    random.Random(seed).shuffle(deck)
    hands = [sum(1 << c for c in deck[i * 8:(i + 1) * 8]) for i in range(4)]
    state = DealState.from_hands(TWENTY_NINE, hands, 3, "no_trumps", seed % 4)
    bot = SearchPlayer(TWENTY_NINE, seed)
    bot._roll_out(state, Memory(TWENTY_NINE.tables["no_trumps"], TWENTY_NINE.obligations["no_trumps"], 4))
    assert state.phase == OVER and len(state.tricks) == 8
    for leader, cards, winner in state.tricks:
        led = [c for c in cards if SUIT_OF[c] == SUIT_OF[cards[0]]]
        best = min(led, key=lambda c: REVERSED.index(RANK_CHARS[RANK_OF[c]]))
        assert TWENTY_NINE.seating.turns[-1][leader][cards.index(best)] == winner


def test_a_trump_called_from_the_seventh_card_is_played_out_as_trump_twenty_nine_4_2() -> None:
    """§4.2 [PAGc, MONJ]: the bidder calls for his seventh card; once a player asks for it the roll-out plays its suit
    as trump, and the player who asked trumps if he can (§4.4, twenty-eight.md §4.3), even where the roll-out starts
    right after the asking."""
    for seed in range(40):
        deck = list(TWENTY_NINE.seating.cards)
        random.Random(seed).shuffle(deck)
        state = DealState.start(TWENTY_NINE, deck, 3)
        state.apply("16")
        while state.phase not in ("concealing", OVER):
            state.apply("pass")
        if state.phase == OVER:
            continue
        state.apply("conceal seventh")
        seventh = state.trump_card
        assert state.phase == PLAYING and seventh >= 0
        while state.trump_card >= 0:
            state.apply(next(a for a in state.legal_actions() if a.kind == "ask") if state.may_ask()
                        else state.legal_actions()[0])
        assert state.contract == ("clubs", "diamonds", "hearts", "spades")[SUIT_OF[seventh]]
        asker, trumps = state.asked, state.hands[state.asked] & TWENTY_NINE.tables[state.contract].trump_mask
        trick = len(state.tricks)
        offered: list[tuple[int, int]] = []  # what a play-out offers each seat, from this position
        copy = state.clone()
        copy.play_out(lambda legal, seat, *_: offered.append((seat, legal)) or (legal & -legal).bit_length() - 1,
                      lambda seat, options: (), lambda seat: False)
        assert offered[0] == (asker, trumps or state.hands[asker])
        bot = SearchPlayer(TWENTY_NINE, seed)
        bot._roll_out(state, Memory(TWENTY_NINE.tables[state.contract], TWENTY_NINE.obligations[state.contract], 4))
        assert state.phase == OVER and state.score is not None
        leader, cards, _ = state.tricks[trick]
        played = cards[TWENTY_NINE.seating.turns[-1][leader].index(asker)]
        assert not trumps or trumps >> played & 1
        return
    raise AssertionError("no deal of the 40 was bid")
