"""Twenty-Nine's and Twenty-Eight's rules beyond the concealed trump (twenty-nine.md, twenty-eight.md): the equal bid
of an earlier speaker, the bidder's hidden trump lead. Positions are dealt from a constructed deck as in
test_family_concealed_trump.py: four cards each, the auction, the trump laid face down, four more each."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pydantic import ValidationError
from test_family_concealed_trump import concealed, deck

from belot_rules import load_variant
from belot_rules.cards import CARDS
from belot_rules.engine.actions import SEVENTH_ACTION, Action
from belot_rules.engine.deal import BIDDING, OVER, DealState, IllegalAction
from belot_rules.players import make_player
from belot_rules.ruleset import Ruleset
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import Variant

TWENTY_NINE = load_variant("twenty-nine")


def test_an_earlier_speaker_holds_a_bid_by_equalling_it_twenty_nine_3_2() -> None:
    """§3.2 [KNC]: 'a player can match a previous bid if they placed it first': seat 0 (first to speak) may hold seat
    1's 17 by saying 17; seat 1, later, must then bid higher, and so must seat 2 over seat 0."""
    state = DealState.start(TWENTY_NINE, deck(), 3)
    for call in ("16", "17"):
        state.apply(call)
    for _ in range(2):  # seats 2 and 3 speak after seat 1: higher only
        assert [str(a) for a in state.legal_actions()][:2] == ["pass", "18"]
        state.apply("pass")
    assert [str(a) for a in state.legal_actions()][:2] == ["pass", "17"]  # seat 0 before seat 1
    state.apply("17")
    assert state.auction is not None and (state.auction.declarer, state.auction.points) == (0, 17)
    assert [str(a) for a in state.legal_actions()][:2] == ["pass", "18"]  # seat 1 after seat 0
    with pytest.raises(IllegalAction, match="higher than 17"):
        state.apply("17")
    while state.phase == BIDDING:
        state.apply("pass")
    assert (state.declarer, state.bid) == (0, 17)


def test_without_the_option_an_equal_bid_is_refused_twenty_eight_3_2() -> None:
    """twenty-eight.md §3.2 [CATS]: each bid higher than the last; Twenty-Eight has no equal bid."""
    state = DealState.start(load_variant("twenty-eight"), deck(), 3)
    for call in ("14", "15", "pass", "pass"):
        state.apply(call)
    assert [str(a) for a in state.legal_actions()][:2] == ["pass", "16"]


def test_the_bidder_may_not_lead_his_hidden_trump_twenty_eight_4_3() -> None:
    """twenty-eight.md §4.3 (MEM, unverified): while the trump lies face down the bidder may not lead its suit unless
    he holds nothing else; Twenty-Nine has no such rule. Seat 0 lays 7H and leads trick 1 holding 8H."""
    state = concealed()
    assert "8H" not in [str(a) for a in state.legal_actions()] and state.to_act == 0
    with pytest.raises(IllegalAction, match="may not lead its suit"):
        state.apply("8H")
    state = DealState.start(TWENTY_NINE, deck(), 3)
    for move in ("16", "pass", "pass", "pass", "pass", "pass", "conceal 7H"):  # no double, no redouble
        state.apply(move)
    assert "8H" in [str(a) for a in state.legal_actions()]


def test_a_bidder_holding_only_the_hidden_suit_leads_it_twenty_eight_4_3() -> None:
    """twenty-eight.md §4.3: '... unless he has nothing else': a hand of hearts alone leads a heart."""
    hearts = ("7H 8H 9H TH JH QH KH AH", "JC 9C TC QC JS 9S AS TS", "JD QD KD AD 7S 8S QS KS",
              "AC KC 7C 8C 9D TD 7D 8D")
    state = concealed(hands=hearts)
    assert sorted(str(a) for a in state.legal_actions() if a.card is not None) == sorted(
        "8H 9H TH JH QH KH AH".split())


def test_a_player_who_passed_is_out_of_the_bidding_twenty_eight_3_2() -> None:
    """twenty-eight.md §3.2 [CATS] and twenty-nine.md §3.2: pass = out: seat 1 passed, and when his turn comes again
    he may only pass, while seat 3, who bid, may bid again; coinche lets a player who passed bid later."""
    state = DealState.start(TWENTY_NINE, deck(), 3)
    for call in ("16", "pass", "17", "pass", "17"):  # seat 0 holds seat 2's 17 (§3.2)
        state.apply(call)
    assert state.to_act == 1 and [str(a) for a in state.legal_actions()] == ["pass"]
    with pytest.raises(IllegalAction, match="passed is out"):
        state.apply("18")
    state.apply("pass")
    assert [str(a) for a in state.legal_actions()][:2] == ["pass", "18"]  # seat 2 bid, he is still in
    assert not load_variant("coinche").variant.bidding.points.pass_is_final


def test_the_bots_weigh_a_bid_by_its_bracket_twenty_nine_7_twenty_eight_6() -> None:
    """The heuristic bids when the chance to make the bid beats failed / (made + failed) of its bracket: Twenty-Nine's
    +1 / -1 (§7) asks for an even chance, no points over the bid; Twenty-Eight's 14-19 +1 / -2 (§6) two in three."""
    from belot_rules.players.bidding_sense import POINT_SPREAD, BiddingSense

    assert BiddingSense(TWENTY_NINE)._bracket_need[16] == 0.0
    need = BiddingSense(load_variant("twenty-eight"))._bracket_need
    assert round(need[14] / (POINT_SPREAD * 28), 2) == 0.43 and need[19] == need[14] > need[20] > 0


def test_the_bots_open_most_twenty_nine_deals_twenty_nine_3() -> None:
    """twenty-nine.md §3: a table opens 16 on most deals; the heuristic bots leave few deals to be dealt again (22% of
    1,000 with the redeal claims of §2.2, 91% before they weighed a bid by its bracket)."""
    players = [make_player("heuristic", TWENTY_NINE, seat) for seat in range(4)]
    rng, again = random.Random(3), 0
    for number in range(100):
        cards = list(TWENTY_NINE.seating.cards)
        rng.shuffle(cards)
        state = DealState.start(TWENTY_NINE, cards, number % 4)
        while state.phase == BIDDING:
            state.apply(players[state.to_act].choose(state.view(state.to_act), state.legal_actions()))
        again += state.all_passed
    assert again < 40


def test_the_bidder_may_call_for_his_seventh_card_as_trump_twenty_nine_4_2() -> None:
    """§4.2 [PAGc, MONJ]: instead of laying one of his four cards, the bidder calls for his seventh card, the third of
    his second packet: once the rest is dealt it lies face down, out of his hand, and its suit is trump (9D here)."""
    state = DealState.start(TWENTY_NINE, deck(), 3)
    for move in ("16", "pass", "pass", "pass", "pass", "pass"):
        state.apply(move)
    assert "conceal seventh" in [str(a) for a in state.legal_actions()]
    state.apply("conceal seventh")
    assert str(CARDS[state.trump_card]) == "9D" and state.hands[0].bit_count() == 7
    assert not state.hands[0] >> state.trump_card & 1 and state.view(1).trump_card is None
    assert "conceal seventh" not in [str(a) for a in concealed_at(load_variant("twenty-eight"))]


def concealed_at(ruleset: Ruleset) -> list[Action]:
    state = DealState.start(ruleset, deck(), 3)
    for move in ("14", "pass", "pass", "pass"):
        state.apply(move)
    return state.legal_actions()


def test_a_seventh_card_needs_one_dealt_after_the_auction_twenty_nine_4_2() -> None:
    """validate refuses play.seventh_card where the auction is on seven cards or more: the card is already held."""
    data = load_variant_model("twenty-nine").variant.model_dump()
    data["deal"].update(first_packets=[4, 3], second_packets=[1])
    with pytest.raises(ValidationError, match="play.seventh_card"):
        Variant.model_validate(data)


def test_the_line_game_reads_seventh() -> None:
    """The seventh card is typed as `seventh`, or chosen by its number after the cards."""
    from belot_rules.cli.game.controller import HumanTurn, numbered
    from belot_rules.cli.game.look import Look
    from belot_rules.cli.game.prompt import parse_card_choice

    state = DealState.start(TWENTY_NINE, deck(), 3)
    for move in ("16", "pass", "pass", "pass", "pass", "pass"):
        state.apply(move)
    legal = state.legal_actions()
    menu, cards = numbered(state, legal)
    turn = HumanTurn(0, state.view(0), tuple(legal), tuple(menu), tuple(cards), True, "", None)
    assert parse_card_choice("seventh", turn, menu, Look(), TWENTY_NINE) == [SEVENTH_ACTION]
    assert parse_card_choice(str(len(menu) - 1), turn, menu, Look(), TWENTY_NINE) == [SEVENTH_ACTION]


def test_the_full_screen_table_shows_the_bidder_his_face_down_card_twenty_nine_4_2() -> None:
    """The bidder, and he alone, sees his face-down card in the table's header at 80 columns: the seventh card is
    dealt to him after he called for it, so the header is where he learns it."""
    from belot_rules.cli.game.controller import Controller
    from belot_rules.cli.game.look import Look
    from belot_rules.cli.game.render import Renderer
    from belot_rules.cli.game.session import Session
    from belot_rules.cli.tui.drawing import header

    draw = Renderer(Controller(Session.start("twenty-nine", 5, ("you", "random", "random", "random"))), Look())
    state = DealState.start(TWENTY_NINE, deck(), 3)
    for move in ("16", "pass", "pass", "pass", "pass", "pass", "conceal seventh"):
        state.apply(move)
    assert "your face-down card 9♦" in header(draw, state.view(0), 1, 80).plain
    assert "face-down card" not in header(draw, state.view(1), 1, 80).plain


def test_a_player_out_of_the_bidding_is_not_asked_again_twenty_nine_3_2() -> None:
    """§3.2: pass = out; the table passes for the player at his later turns of the auction, which offer nothing else
    (seen playing at 80x24: he had to press Enter on a lone "pass" each round)."""
    from belot_rules.cli.game.controller import AllPassed, Controller, DealScored, HumanTurn
    from belot_rules.cli.game.session import Session

    lone = passed = 0
    for seed in range(12):
        control = Controller(Session.start("twenty-nine", seed, ("you", "heuristic", "heuristic", "heuristic")))
        while not isinstance(event := control.next(), (DealScored, AllPassed)):
            if isinstance(event, HumanTurn) and event.phase == BIDDING:
                lone += [str(a) for a in event.legal] == ["pass"]
                passed += 1
                control.choose(next(a for a in event.legal if str(a) == "pass"))
            elif isinstance(event, HumanTurn):
                control.choose(event.menu[0])
    assert passed and not lone


def _bid_sixteen() -> DealState:
    state = DealState.start(TWENTY_NINE, deck(), 3)
    for move in ("16", "pass", "pass", "pass", "pass", "pass"):
        state.apply(move)
    return state


def test_the_bidder_may_choose_no_trumps_ranked_the_other_way_up_twenty_nine_4_3() -> None:
    """§4.3 [PAGc copy]: instead of a trump the bidder may choose no trumps, in which every suit ranks 7 8 Q K 10 A 9 J
    (7 high, J low), the points unchanged; no pair without trumps (§6). Said at once: nothing lies face down."""
    state = _bid_sixteen()
    assert [str(a) for a in state.legal_actions()][-2:] == ["conceal seventh", "no trumps"]
    state.apply("no trumps")
    assert state.contract == "no_trumps" and state.trump_card < 0 and state.hands[0].bit_count() == 8
    for card in ("JC", "JH", "7S", "7C"):  # seat 0 leads the Jack of clubs; seat 3's seven of clubs wins
        state.apply(card)
    assert state.tricks[0][2] == 3 and state.side_points == [0, 6]
    while state.phase != OVER:  # the points unchanged: 28 in the deal, the bid judged against them
        state.apply(next(a for a in state.legal_actions()))
    assert state.score is not None and sum(state.score.raw_points) == 28


def test_one_contract_without_trumps_beside_a_face_down_trump_twenty_nine_4_3() -> None:
    """validate refuses two contracts without trumps beside a concealed trump: the bidder chooses one."""
    data = load_variant_model("twenty-nine").variant.model_dump()
    data["bidding"]["contracts"] = ["clubs", "diamonds", "hearts", "spades", "no_trumps", "undenufe"]
    with pytest.raises(ValidationError, match="keep one"):
        Variant.model_validate(data)


def test_the_pass_made_for_a_player_out_of_the_bidding_is_told_as_a_pass() -> None:
    """The note of a pass made for a player out of the bidding names no card (it read "Only 6♠ may be played" at the
    table, a 6 that Twenty-Nine's pack does not have)."""
    from belot_rules.cli.game.controller import forced_words
    from belot_rules.cli.game.look import Look
    from belot_rules.engine.actions import call_action, play_action
    from belot_rules.rules.bidding.calls import PASS

    said = forced_words(Look(), call_action(PASS))
    assert "out of the bidding" in said and "6" not in said
    assert forced_words(Look(ascii=True), play_action(0)).startswith("Only 7")


def test_random_playouts_draw_the_seventh_card_and_no_trumps_too_twenty_nine_4_2_4_3() -> None:
    """A random bidder chooses among every legal choice of the face-down phase, the seventh card and no trumps beside
    the four cards (random_deal draws uniformly, as the random player does)."""
    from belot_rules.engine.playout import random_deal

    contracts = {random_deal(TWENTY_NINE, random.Random(seed), dealer=seed % 4).contract for seed in range(60)}
    assert "no_trumps" in contracts and {"clubs", "diamonds", "hearts", "spades"} <= contracts


def test_a_last_trick_worth_nothing_goes_unsaid_twenty_nine_1(capsys: pytest.CaptureFixture[str]) -> None:
    """twenty-nine.md §1: the last trick is worth 0 by default ("most players nowadays", PAGc), so neither the
    explanation (the deal box of both tables, `belot score`) says "Last trick: team 0 +0"; worth 1 (CFG), it is
    said."""
    from belot_rules.cli import main
    from belot_rules.rules.outcome.parse import score_outcome

    outcome = {"contract": "hearts", "declarer": 0, "bid": 16, "points": [17, 11], "last_trick": 0,
               "trick_counts": [5, 3]}
    score = score_outcome(TWENTY_NINE.variant, outcome)
    assert score.lines[:2] == ("Contract: 16 hearts by seat 0 (team 0)", "Card points: team 0 17, team 1 11")
    assert not [line for line in score.lines if "Last trick" in line]
    data = load_variant_model("twenty-nine").variant.model_dump()
    data["scoring"]["last_trick"] = 1
    assert "Last trick: team 0 +1" in score_outcome(Variant.model_validate(data), outcome).lines
    example = Path(__file__).parent.parent / "examples" / "deal-outcome-twenty-eight-short.yaml"
    assert main(["score", "--variant", "twenty-nine", str(example)]) == 0
    assert "Last trick" not in capsys.readouterr().out


def test_the_table_counts_the_passes_chosen_twenty_nine_3_2() -> None:
    """twenty-nine.md §3.2: a player who passed is out of the bidding, and the pass then made for him is none of his
    choosing; nor is a doubling round's "no double" (§3.4) a pass of the bidding. One bid at four seats reads "16 and
    3 passes" beside the full-screen table (it read "and 6 passes")."""
    from belot_rules.cli.game.controller import Controller
    from belot_rules.cli.game.look import Look
    from belot_rules.cli.game.render import Renderer
    from belot_rules.cli.game.session import Session
    from belot_rules.cli.tui.drawing import auction_said

    draw = Renderer(Controller(Session.start("twenty-nine", 5, ("you", "random", "random", "random"))), Look())
    state = DealState.start(TWENTY_NINE, deck(), 3)
    for move in ("pass", "16", "pass", "pass", "pass", "pass", "pass", "conceal seventh"):
        state.apply(move)
    assert [seat for seat, call in state.view(0).calls if call == "pass"] == [0, 2, 3, 0, 2, 0]
    assert auction_said(draw, state.view(0)).plain == "Right 16\nand 3 passes"
