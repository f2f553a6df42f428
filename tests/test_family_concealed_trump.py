"""The concealed trump (play.trump_shown on_demand) and the auction of points alone: Twenty-Eight (twenty-eight.md §3-4)
and, where it differs, Twenty-Nine's reading of a reveal (twenty-nine.md §4.4). Positions are dealt from a
constructed deck: four cards each, the auction, the trump laid face down, four more each (§2)."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import CARDS, parse_card
from belot_rules.engine.actions import ASK_ACTION
from belot_rules.engine.deal import OVER, PLAYING, DealState
from belot_rules.engine.phases import CONCEALING
from belot_rules.ruleset import Ruleset
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import Variant

# Seat 0 (after the dealer, seat 3) bids and lays 7H face down: hearts are trump. Seat 1 and seat 2 hold no club.
HANDS = ("7H 8H JC KC 7D 8D 9D TD", "JH 9H TH QH JS 9S AS TS", "JD QD KD AD 7S 8S QS KS",
         "AC QC 7C 8C 9C TC KH AH")
TWENTY_EIGHT = load_variant("twenty-eight")


def deck(hands: tuple[str, ...] = HANDS) -> list[int]:
    """The deck that deals ``hands``: each seat's first four cards, then each seat's last four."""
    cards = [[parse_card(c).index for c in hand.split()] for hand in hands]
    return [c for hand in cards for c in hand[:4]] + [c for hand in cards for c in hand[4:]]


def concealed(ruleset: Ruleset = TWENTY_EIGHT, card: str = "conceal 7H", hands: tuple[str, ...] = HANDS) -> DealState:
    state = DealState.start(ruleset, deck(hands), 3)
    for call in ("14", "pass", "pass", "pass"):
        state.apply(call)
    state.apply(card)
    return state


def test_bids_are_points_alone_and_the_first_speaker_must_bid_twenty_eight_3_1() -> None:
    """§3.1 [WIKI, CATS, E2]: seat 0 speaks first and bids at least 14, up to 28; he may not pass."""
    state = DealState.start(TWENTY_EIGHT, deck(), 3)
    assert [str(a) for a in state.legal_actions()] == [str(n) for n in range(14, 29)]
    state.apply("20")
    assert [str(a) for a in state.legal_actions()] == ["pass", *(str(n) for n in range(21, 29))]


def test_the_bidder_lays_a_card_of_his_first_four_face_down_twenty_eight_4_1() -> None:
    """§4.1-4.2 [WIKI, E2]: the bidder lays one of his cards face down; it leaves his hand, the rest is dealt."""
    state = DealState.start(TWENTY_EIGHT, deck(), 3)
    for call in ("14", "pass", "pass", "pass"):
        state.apply(call)
    assert state.phase == CONCEALING and state.to_act == 0
    assert sorted(str(a) for a in state.legal_actions()) == ["conceal 7H", "conceal 8H", "conceal JC", "conceal KC"]
    state.apply("conceal 7H")
    assert [h.bit_count() for h in state.hands] == [7, 8, 8, 8]
    assert state.phase == PLAYING and state.contract == "concealed" and state.bid == 14


def test_only_the_bidder_sees_his_face_down_card_twenty_eight_4_1() -> None:
    """§4.1 [WIKI, 52P]: nobody else knows the suit; every view plays under the concealed rules."""
    state = concealed()
    assert state.view(0).trump_card == "7H"
    for seat in (1, 2, 3):
        view = state.view(seat)
        assert view.trump_card is None and view.trump_concealed and view.contract == "concealed"
        assert "7H" not in repr(view) and "hearts" not in repr(view)


def test_before_the_trump_is_shown_the_suit_led_wins_twenty_eight_4_3() -> None:
    """§4.3 [52P]: a card of the secret trump suit played by a player who cannot follow is no trump."""
    state = concealed()
    for card in ("JC", "JH", "7S", "AC"):
        state.apply(card)
    assert state.tricks[0][2] == 0 and state.trump_card >= 0


def test_a_player_who_cannot_follow_may_ask_and_must_then_trump_twenty_eight_4_3() -> None:
    """§4.3 [WIKI]: a player unable to follow may ask for the trump; the bidder shows it and takes the card back;
    the caller must play a trump if he has one. A player who can follow may not ask."""
    state = concealed()
    assert ASK_ACTION not in state.legal_actions()  # the lead
    state.apply("JC")
    assert ASK_ACTION in state.legal_actions()
    state.apply("ask trump")
    assert state.contract == "hearts" and state.trump_card == -1 and state.hands[0] >> parse_card("7H").index & 1
    assert sorted(str(a) for a in state.legal_actions()) == ["9H", "JH", "QH", "TH"]
    for card in ("9H", "7S", "AC"):
        state.apply(card)
    assert state.tricks[0][2] == 1  # the nine of trumps wins
    assert state.view(2).contract == "hearts"


def test_a_trump_suit_card_played_before_the_call_is_no_trump_twenty_eight_4_3() -> None:
    """§4.3 [opt:trump.reveal_counts_earlier] default false: earlier_trumps stay_plain (52P): seat 1's JH went before seat 2 asked."""
    state = concealed()
    for move in ("JC", "JH", "ask trump", "7S", "AC"):  # seat 2 has no trump: any card
        state.apply(move)
    assert state.tricks[0][2] == 0


def test_twenty_nine_counts_earlier_trumps_once_shown_twenty_nine_4_4() -> None:
    """twenty-nine.md §4.4 (PAGc): asking "turns the card you played into a trump": JH now wins."""
    variant = load_variant_model("twenty-eight").variant
    play = variant.play.model_copy(update={"earlier_trumps": "become_trumps"})
    state = concealed(Ruleset(Variant.model_validate(variant.model_copy(update={"play": play}).model_dump())))
    for move in ("JC", "JH", "ask trump", "7S", "AC"):
        state.apply(move)
    assert state.tricks[0][2] == 1


def test_the_bidder_shows_it_with_his_last_card_twenty_eight_4_5() -> None:
    """§4.5 [WIKI, 52P]: never asked for, the trump card is shown and played at trick 8."""
    state = concealed()
    while state.phase != OVER:
        state.apply(next(a for a in state.legal_actions() if a.card >= 0))
    _, last_cards, _ = state.tricks[-1]
    assert parse_card("7H").index in last_cards and state.contract == "hearts"
    assert "ask trump" not in [str(a) for a in state.history]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_no_view_but_the_bidders_shows_the_face_down_card(seed: int) -> None:
    """Information (issue 27): until it is shown, the face-down card is in no other seat's view, nor its suit."""
    rng = random.Random(seed)
    pack = list(TWENTY_EIGHT.seating.cards)
    rng.shuffle(pack)
    state = DealState.start(TWENTY_EIGHT, pack, seed % 4)
    while state.phase != OVER:
        if state.trump_card >= 0:
            hidden = str(CARDS[state.trump_card])
            for seat in range(4):
                view = state.view(seat)
                shown = set(re.findall(r"'([789TJQKA][CDHS])'", repr(view)))
                assert (hidden in shown) == (seat == state.declarer)
                assert view.contract == "concealed"
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])



def test_twenty_nine_bids_16_to_28_doubles_and_counts_earlier_trumps_twenty_nine_3_4() -> None:
    """twenty-nine.md §3.1 (16-28, nobody forced), §3.4 (double x2, redouble x4 once the bidding is over), §4.4
    (earlier_trumps become_trumps), §7 (+1 / -1), §8 (the set at 6)."""
    ruleset = load_variant("twenty-nine")
    state = DealState.start(ruleset, deck(), 3)
    assert [str(a) for a in state.legal_actions()][:3] == ["pass", "16", "17"]
    for call in ("16", "pass", "pass", "pass"):
        state.apply(call)
    assert [str(a) for a in state.legal_actions()] == ["pass", "double"]  # seat 1 first, then seat 3
    for call in ("double", "pass", "redouble"):
        state.apply(call)
    assert state.phase == CONCEALING and state.multiplier == 4
    variant = ruleset.variant
    assert variant.play.earlier_trumps_count and variant.match.set_at == 6
    assert [(b.bid, b.made, b.failed) for b in variant.scoring.game_points.brackets] == [(16, 1, 1)]


def test_twenty_nine_redeals_a_first_hand_without_points_twenty_nine_2_2() -> None:
    """twenty-nine.md §2.2 [PAGc, MONJ]: four cards without J, 9, A or 10 may be dealt again."""
    poor = ("7H 8H QC KC 7D 8D 9D TD", "JH 9H TH QH JS 9S AS TS", "JD QD KD AD 7S 8S QS KS",
            "AC JC 7C 8C 9C TC KH AH")
    state = DealState.start(load_variant("twenty-nine"), deck(poor), 3)
    assert "redeal" in [str(a) for a in state.legal_actions()]


def test_the_line_game_numbers_the_bids_and_asking_and_reads_ask() -> None:
    """Playable as typed: the forced opener's lowest bid is choice 1, a bid is typed as its number, the face-down
    card is chosen like a card, and "ask" (or the number after the cards) asks for the trump."""
    from belot_rules.cli.game.controller import HumanTurn, numbered
    from belot_rules.cli.game.look import Look
    from belot_rules.cli.game.prompt import parse_call, parse_card_choice
    from belot_rules.i18n import gettext

    look = Look()
    state = DealState.start(TWENTY_EIGHT, deck(), 3)
    menu, _ = numbered(state, state.legal_actions())
    assert [str(a) for a in menu] == ["14"] and look.call(menu[0].call) == "14"
    assert str(parse_call("20", state.legal_actions(), menu, look)) == "20"
    state = concealed()
    state.apply("JC")
    legal = state.legal_actions()
    menu, cards = numbered(state, legal)
    assert menu[-1] == ASK_ACTION and len(menu) == len(cards) + 1
    turn = HumanTurn(1, state.view(1), tuple(legal), tuple(menu), tuple(cards), True, "", None)
    assert parse_card_choice("ask", turn, menu, look, TWENTY_EIGHT) == [ASK_ACTION]
    assert parse_card_choice(str(len(menu)), turn, menu, look, TWENTY_EIGHT) == [ASK_ACTION]
    assert look.contract(state.view(1).played_contract()) == gettext("trump face down")  # in the language in use


PAIR_HANDS = ("7H 8H JC KC 7D 8D 9D TD", "JH 9H TH AH JS 9S AS TS", "JD QD KD AD 7S 8S QS KS",
              "AC QC 7C 8C 9C TC KH QH")


def test_the_pair_is_shown_once_the_side_has_won_a_trick_after_the_reveal_twenty_eight_5() -> None:
    """§5 [WIKI mirror]: K+Q of trumps, shown after the trump is exposed and once the side has won a trick since."""
    from belot_rules.engine.actions import PAIR_ACTION

    state = DealState.start(TWENTY_EIGHT, deck(PAIR_HANDS), 3)
    for move in ("14", "pass", "pass", "pass", "conceal 7H", "JC", "ask trump", "9H", "7S"):
        state.apply(move)
    assert PAIR_ACTION not in state.legal_actions()  # seat 3: his side has won no trick yet
    state.apply("AC")
    assert state.tricks[0][2] == 1
    state.apply("JS")  # seat 1 leads trick 2
    state.apply("8S")
    assert state.to_act == 3 and PAIR_ACTION in state.legal_actions()
    state.apply("show pair")
    assert state.pair == 3 and state.view(0).pair == 3 and PAIR_ACTION not in state.legal_actions()


def test_the_pair_moves_the_bid_by_four_twenty_eight_5_worked_example() -> None:
    """§5's worked example: bid 20; the bidding side shows the pair, it needs 16 and 17 makes it; the opponents
    show it, it needs 24 and 17 fails (a bid of 20-24: +2 / -3)."""
    rules = TWENTY_EIGHT.scoring
    assert rules.score("hearts", 0, 1, (17, 11), (4, 4), 0, (), 20, pair=2).match_points == (2, 0)
    assert rules.score("hearts", 0, 1, (17, 11), (4, 4), 0, (), 20, pair=1).match_points == (-3, 0)
    assert rules.score("hearts", 0, 1, (27, 1), (7, 1), 0, (), 26, pair=3).lines[-2].endswith("take 28 instead of 26")


def test_the_pair_never_takes_the_target_below_the_lowest_bid_twenty_nine_6() -> None:
    """twenty-nine.md §6's worked example: bid 18 and the bidding side's pair: 16 (the floor); with a PAGc copy's
    min_bid_to_reduce 19 the target stays 18."""
    ruleset = load_variant("twenty-nine")
    assert "must take 16 instead of 18" in " ".join(ruleset.scoring.score("spades", 0, 1, (16, 12), (4, 4), 0, (), 18,
                                                                            pair=0).lines)
    variant = ruleset.variant
    strict = variant.model_copy(update={"declarations": variant.declarations.model_copy(update={
        "pair": variant.declarations.pair.model_copy(update={"min_bid_to_reduce": 19})})})
    result = Ruleset(Variant.model_validate(strict.model_dump())).scoring.score("spades", 0, 1, (16, 12), (4, 4), 0,
                                                                                 (), 18, pair=0)
    assert result.match_points == (-1, 0) and "must take 18 instead of 18" in " ".join(result.lines)


def test_over_the_partner_the_bid_is_at_least_20_twenty_eight_3_3() -> None:
    """§3.3 [WIKI]: to bid over one's own partner when the opponent between has passed, at least 20; over an
    opponent, any higher bid."""
    state = DealState.start(TWENTY_EIGHT, deck(), 3)
    for call in ("14", "15", "pass"):  # seat 0, seat 1 over him, seat 2 passes
        state.apply(call)
    assert [str(a) for a in state.legal_actions()][:2] == ["pass", "20"]  # seat 3 over his partner seat 1
    state.apply("pass")
    assert [str(a) for a in state.legal_actions()][:2] == ["pass", "16"]  # seat 0 over an opponent


def test_twenty_nine_redeals_four_jacks_twenty_nine_2_2() -> None:
    """twenty-nine.md §2.2 [BLOG, MONJ]: a player dealt all four Jacks may have the cards dealt again."""
    jacks = ("JH JC JD JS 7D 8D 9D TD", "7H 9H TH QH 8S 9S AS TS", "AD QD KD KC 7S 8H QS KS",
             "AC QC 7C 8C 9C TC KH AH")
    state = DealState.start(load_variant("twenty-nine"), deck(jacks), 3)
    assert "redeal" in [str(a) for a in state.legal_actions()]
    assert "redeal" not in [str(a) for a in DealState.start(TWENTY_EIGHT, deck(jacks), 3).legal_actions()]
