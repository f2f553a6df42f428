"""The two-player rules: the trump seven exchanged by its holder's choice, the stock's bottom card shown,
and the schmeiss (rules/family/klaberjass.md, debertz.md, belote-a-deux.md)."""

from __future__ import annotations

import contextlib
import io
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import CARDS, SUIT_MASKS
from belot_rules.engine.actions import EXCHANGE_ACTION, KEEP_ACTION
from belot_rules.engine.deal import EXCHANGING, OVER, PLAYING, DealState, IllegalAction
from belot_rules.engine.records import deal_record, replay
from belot_rules.players import make_player
from belot_rules.players.memory import Memory
from belot_rules.players.sampling import Knowledge, mask_of
from belot_rules.ruleset import Ruleset
from belot_rules.sim.table import Table
from belot_rules.variant.model import SUIT_CONTRACTS, Variant

KLABERJASS = load_variant("klaberjass")


def _deal(ruleset: Ruleset, seed: int, dealer: int = 1) -> DealState:
    deck = list(ruleset.seating.cards)
    random.Random(seed).shuffle(deck)
    return DealState.start(ruleset, deck, dealer)


def _on_the_turned_suit(ruleset: Ruleset, seed: int, declarer: int | None = None) -> DealState:
    """A deal whose contract is forced to the turned suit, taken by ``declarer`` (the first seat by default)."""
    state = _deal(ruleset, seed)
    state.force_contract(SUIT_CONTRACTS[state.turned_card >> 3],
                         state.first_seat if declarer is None else declarer)
    return state


def _seven_held(ruleset: Ruleset, holder_is_taker: bool | None = None) -> DealState:
    """The first deal on the turned suit where a player holds its seven (the taker, or not, when asked)."""
    for seed in range(500):
        state = _deal(ruleset, seed)
        turned = state.turned_card
        if not turned & 7:
            continue
        state.force_contract(SUIT_CONTRACTS[turned >> 3], state.first_seat)
        holders = [s for s, hand in enumerate(state.hands) if hand >> (turned & ~7) & 1]
        if holders and (holder_is_taker is None or (holders[0] == state.declarer) == holder_is_taker):
            return _on_the_turned_suit(ruleset, seed)
    raise AssertionError("no deal put the trump seven in a hand")


# ----------------------------------------------------------------------------- the trump seven (dix)


def test_klaberjass_s4_dix_exchange_is_the_holders_choice() -> None:
    """klaberjass.md §4 (GS, KSB): after the 3 extra cards, the holder of the trump seven *may* exchange it for
    the turned card: he is asked before the first lead, and taking it swaps the two cards."""
    state = _seven_held(KLABERJASS)
    turned, seven = state.turned_card, state.turned_card & ~7
    holder = next(s for s, hand in enumerate(state.hands) if hand >> seven & 1)
    assert state.phase == EXCHANGING and state.to_act == holder
    assert [str(a) for a in state.legal_actions()] == ["exchange", "keep"]
    assert [h.bit_count() for h in state.hands] == [9, 9]  # after the remaining cards are dealt
    assert state.view(holder).phase == EXCHANGING
    kept = state.clone()
    state.apply("exchange")
    assert state.phase == PLAYING or state.phase == "declaring"
    assert state.hands[holder] >> turned & 1 and not state.hands[holder] >> seven & 1
    assert state.exchanged == holder and state.turned_card == turned  # the card turned for the auction
    other = 1 - holder
    view = state.view(other)
    assert view.exchanged == (holder, str(CARDS[seven])) and view.turned_card == str(CARDS[turned])
    kept.apply("keep")
    assert kept.hands[holder] >> seven & 1 and not (kept.hands[0] | kept.hands[1]) >> turned & 1
    assert kept.exchanged == -1 and kept.view(other).exchanged is None
    assert kept.view(holder).exchanged is None  # keeping says nothing to anyone


def test_klaberjass_s4_dix_only_on_the_turned_suit() -> None:
    """klaberjass.md §4: the exchange is offered only when the trump is the turned suit, never on a turned seven."""
    for seed in range(60):
        state = _deal(KLABERJASS, seed)
        turned = state.turned_card
        other_suit = SUIT_CONTRACTS[(turned >> 3) ^ 1]
        state.force_contract(other_suit, state.first_seat)
        assert state.phase != EXCHANGING
        same = _on_the_turned_suit(KLABERJASS, seed)
        if not turned & 7:
            assert same.phase != EXCHANGING  # the turned card is the seven itself


def test_debertz_s4_taker_only_offers_the_exchange_to_the_bidder_alone() -> None:
    """debertz.md §4 (IGF "Замена семёрки": only the bidder): under seven_exchange taker_only the opponent
    holding the seven is not asked; the taker holding it is."""
    variant = load_variant("debertz").variant
    only_taker = Ruleset(variant.model_copy(update={"deal": variant.deal.model_copy(
        update={"seven_exchange": "taker_only"})}))
    assert _seven_held(only_taker, holder_is_taker=False).phase != EXCHANGING
    state = _seven_held(only_taker, holder_is_taker=True)
    assert state.phase == EXCHANGING and state.to_act == state.declarer


def test_an_exchange_refusal_says_what_is_valid() -> None:
    state = _seven_held(KLABERJASS)
    with pytest.raises(IllegalAction, match=r"may not answer 'JH'.*holds the trump seven.*legal: exchange, keep"):
        state.apply("JH")
    assert state.phase == EXCHANGING


def test_the_bots_take_the_turned_card_for_the_seven() -> None:
    """The heuristic and search bots exchange, as the simulations' fast path does."""
    for name in ("heuristic", "search", "easy"):
        state = _seven_held(KLABERJASS)
        player = make_player(name, KLABERJASS, 1)
        assert player.choose(state.view(state.to_act), state.legal_actions()) == EXCHANGE_ACTION
    fast = _seven_held(KLABERJASS)
    Table([make_player("heuristic", KLABERJASS, s) for s in range(2)]).play_deal(fast)
    assert fast.exchanged >= 0 and not fast.history  # taken by play_out itself, without an action


def test_a_record_with_an_exchange_replays() -> None:
    """Records keep 'exchange' and 'keep' as actions; replay applies them as in play."""
    for choice in (EXCHANGE_ACTION, KEEP_ACTION):
        recorded = False
        for seed in range(100):
            state, rng = _deal(KLABERJASS, seed), random.Random(seed)
            state.apply(SUIT_CONTRACTS[state.turned_card >> 3])  # elder takes the turned suit
            while state.phase != OVER:
                state.apply(choice if state.phase == EXCHANGING else rng.choice(state.legal_actions()))
            record = deal_record(state)
            if str(choice) in record["actions"]:
                assert replay(KLABERJASS, record).deals[0].score == state.score
                recorded = True
                break
        assert recorded


def test_the_sampler_puts_the_exchanged_card_in_the_exchangers_hand() -> None:
    """The opponent of the exchanger knows the turned card is in that hand and the seven on the stock."""
    state = _seven_held(KLABERJASS)
    holder = state.to_act
    state.apply("exchange")
    while state.phase != PLAYING:
        state.apply(state.legal_actions()[0])
    other = 1 - holder
    view = state.view(other)
    ruleset = KLABERJASS
    memory = Memory(ruleset.tables[view.contract], ruleset.obligations[view.contract], 2)
    knowledge = Knowledge.of(ruleset, view, memory)
    turned, seven = 1 << state.turned_card, 1 << (state.turned_card & ~7)
    assert knowledge.forced[holder] & turned
    assert not knowledge.unknown & seven
    for seed in range(5):
        hands = knowledge.sample(random.Random(seed))
        assert hands[holder] & turned and not (hands[0] | hands[1]) & seven
        assert hands[other] == mask_of(view.hand)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["klaberjass", "debertz", "belote-a-deux"]))
def test_two_player_deals_keep_their_invariants_with_every_choice(seed: int, variant: str) -> None:
    """At two players, with random exchange / keep (and schmeiss) choices: each card is played once, the
    card points are those of the cards played, every action passed apply's check, and the record replays
    to the same score."""
    ruleset = load_variant(variant)
    rng = random.Random(seed)
    state = _deal(ruleset, seed, seed % 2)
    turned = state.turned_card
    while state.phase != OVER:
        state.apply(rng.choice(state.legal_actions()))
    if state.contract is None:
        return
    played = [c for _, cards, _ in state.tricks for c in cards]
    assert len(played) == len(set(played)) == 18
    assert sum(state.side_points) == sum(ruleset.tables[state.contract].points[c] for c in played)
    if state.exchanged >= 0:  # the turned card was played from a hand; the seven lies on the stock
        assert turned in played and turned & ~7 not in played
    assert replay(ruleset, deal_record(state)).deals[0].score == state.score


def test_the_line_game_offers_the_exchange_and_shows_it(tmp_path, monkeypatch) -> None:
    """klaberjass.md §4 and §2.2 in the line game: the holder is asked, the exchange is said to everyone, and the
    stock's bottom card is shown once the hands are complete."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    from game_script import play

    text = play("klaberjass", ["2", "?", "1"], seed=2, players=("you", "heuristic"), target=60).text
    assert "1:exchange 7♠ for the turned 9♠" in text and "2:keep 7♠" in text
    assert "Take the turned card for your seven? (Enter = 1)" in text
    assert "You exchanged 7♠ for the turned 9♠" in text
    assert "Contract spades ♠ by You · turned card 9♠ · bottom card J♦" in text


# ----------------------------------------------------------------------------- the stock's bottom card


@pytest.mark.parametrize("variant", ["klaberjass", "debertz", "belote-a-deux"])
def test_the_stocks_bottom_card_is_shown_once_the_hands_are_complete(variant: str) -> None:
    """klaberjass.md §2.2 (GS), debertz.md §2 (HOR, HRC), belote-a-deux.md A.3 ("la bergère", EXO2): after the
    last packets the bottom card of the stock is turned face up for both players; it is in no hand."""
    ruleset = load_variant(variant)
    state = _deal(ruleset, 4)
    assert state.view(0).shown_stock is None  # not while bidding
    taken = _on_the_turned_suit(ruleset, 4)
    bottom = taken.deck[-1]
    assert taken.shown_stock == bottom and not (taken.hands[0] | taken.hands[1]) >> bottom & 1
    assert taken.view(0).shown_stock == taken.view(1).shown_stock == str(CARDS[bottom])
    while taken.phase != PLAYING:
        taken.apply(taken.legal_actions()[0])
    view = taken.view(0)
    memory = Memory(ruleset.tables[view.contract], ruleset.obligations[view.contract], 2)
    assert not Knowledge.of(ruleset, view, memory).unknown >> bottom & 1


def test_no_stock_card_is_shown_without_the_rule() -> None:
    """deal.stock aside keeps every card of the stock face down; a deal from given hands has no stock."""
    two = Ruleset(Variant(name="two", title="Two", table={"players": 2, "sides": "each_for_self"},
                          deal={"first_packets": [3, 3], "second_packets": [3], "stock": "aside"}))
    state = _deal(two, 1)
    state.force_contract("hearts", 0)
    assert state.shown_stock == -1 and state.view(0).shown_stock is None
    given = DealState.from_hands(KLABERJASS, [mask_of(["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH", "7S"]),
                                              mask_of(["8S", "9S", "TS", "JS", "QS", "KS", "AS", "7C", "8C"])],
                                 1, "hearts", 0)
    assert given.view(0).shown_stock is None


# ----------------------------------------------------------------------------- the schmeiss


def _klaberjass_with(schmeiss: str) -> Ruleset:
    variant = KLABERJASS.variant
    return Ruleset(Variant.model_validate({**variant.model_dump(), "bidding": {
        **variant.bidding.model_dump(), "schmeiss": schmeiss}}))


def test_klaberjass_s3_1_round_one_offers_take_pass_or_schmeiss() -> None:
    """klaberjass.md §3.1 (CAT, KSB): in round 1 elder may take, pass or schmeiss; if elder passes the dealer
    has the same three choices; round 2 names another suit or passes, without a schmeiss by default."""
    state = _deal(KLABERJASS, 3)
    turned = SUIT_CONTRACTS[state.turned_card >> 3]
    assert KLABERJASS.variant.bidding.schmeiss == "first_round"
    assert [str(a) for a in state.legal_actions()] == ["pass", turned, "schmeiss"]
    state.apply("pass")
    assert [str(a) for a in state.legal_actions()] == ["pass", turned, "schmeiss"]
    state.apply("pass")
    assert "schmeiss" not in {a.call.kind for a in state.legal_actions()}
    with pytest.raises(IllegalAction, match="a schmeiss may be offered in round 1 only"):
        state.apply("schmeiss")


def test_klaberjass_s3_1_an_accepted_schmeiss_is_a_new_deal_by_the_next_dealer() -> None:
    """klaberjass.md §3.1: the schmeiss accepted -> the deal is abandoned and redealt, the deal passing on as
    after all passed (MEM); nothing is scored."""
    from belot_rules.engine.match import MatchState

    match = MatchState.new(KLABERJASS, 11)
    deal = match.current
    dealer = deal.dealer
    deal.apply("schmeiss")
    assert deal.to_act == dealer and [str(a) for a in deal.legal_actions()] == ["accept", "refuse"]
    deal.apply("accept")
    assert deal.phase == OVER and deal.contract is None and deal.score is None and deal.all_passed
    match.advance()
    assert match.current.dealer == 1 - dealer and match.board == [0, 0]


def test_klaberjass_s3_1_a_refused_schmeiss_makes_the_schmeisser_maker_in_the_turned_suit() -> None:
    """klaberjass.md §3.1 (CAT, KSB): the schmeiss refused -> the schmeisser is maker with the turned suit."""
    state = _deal(KLABERJASS, 5)
    elder = state.to_act
    state.apply("pass")
    state.apply("schmeiss")  # the dealer schmeisses
    state.apply("refuse")
    assert state.contract == SUIT_CONTRACTS[state.turned_card >> 3] and state.declarer == 1 - elder
    assert [h.bit_count() for h in state.hands] == [9, 9] and state.phase != "bidding"


def test_klaberjass_s3_2_schmeiss_in_round_two_names_another_suit() -> None:
    """klaberjass.md §3.2 [opt:bid.schmeiss_round2] (MEM): under every_round a player may in round 2 name a
    suit other than the turned one and schmeiss; refused, he plays that suit."""
    ruleset = _klaberjass_with("every_round")
    state = _deal(ruleset, 5)
    turned = SUIT_CONTRACTS[state.turned_card >> 3]
    state.apply("pass")
    state.apply("pass")
    offered = [str(a) for a in state.legal_actions() if a.call.kind == "schmeiss"]
    assert offered == [f"schmeiss {c}" for c in SUIT_CONTRACTS if c != turned]
    with pytest.raises(IllegalAction, match="in round 2 a schmeiss names another suit"):
        state.apply("schmeiss")
    state.apply(offered[0])
    state.apply("refuse")
    assert state.contract == offered[0].split()[1] and state.declarer == state.first_seat


def test_answering_a_schmeiss_is_all_that_may_be_said() -> None:
    state = _deal(KLABERJASS, 2)
    with pytest.raises(IllegalAction, match="there is no schmeiss to answer"):
        state.apply("accept")
    state.apply("schmeiss")
    with pytest.raises(IllegalAction, match="a schmeiss is answered: accept it .* refuse it .*legal: accept, refuse"):
        state.apply("pass")


@pytest.mark.parametrize(("changes", "message"), [
    ({"table": {"players": 4, "sides": "partners"}, "deal": {"first_packets": [3, 2], "second_packets": [3],
                                                              "stock": "none"}},
     "bidding.schmeiss is an offer to the one other player to abandon the deal: it needs table.players 2, not 4"),
    ({"bidding": {"style": "turned_card_point_bids"}}, "it needs bidding.style turned_card"),
    ({"bidding": {"forced_call": "first_speaker"}}, "an accepted schmeiss voids it"),
    ({"bidding": {"overcall": "higher_contract"}}, "it needs bidding.overcall none"),
])
def test_a_schmeiss_where_it_cannot_apply_is_refused(tmp_path, changes: dict, message: str) -> None:
    """The schmeiss is defined between two players on a turned card; elsewhere the file is refused, saying why."""
    from belot_rules.errors import VariantError
    from belot_rules.variant.loader import load_variant_model

    lines = ["extends: klaberjass", "name: house"]
    for section, values in changes.items():
        lines.append(f"{section}:")
        lines += [f"  {key}: {value}" for key, value in values.items()]
    path = tmp_path / "house.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(VariantError, match=message):
        load_variant_model(str(path))


def test_the_heuristic_schmeisses_a_thin_take_and_refuses_unless_weak() -> None:
    """The heuristic bidder schmeisses a hand that covers a take by less than SCHMEISS_BAND of the deal, takes a
    better one; it accepts a schmeiss only with a hand weak in the suit offered (ANSWER_WEAK)."""
    from belot_rules.players.bidding_sense import ANSWER_WEAK, SCHMEISS_BAND, BiddingSense, Standing

    sense = BiddingSense(KLABERJASS)
    seen = set()
    for seed in range(300):
        state = _deal(KLABERJASS, seed)
        seat, contract = state.to_act, SUIT_CONTRACTS[state.turned_card >> 3]
        legal = KLABERJASS.bidding.legal_calls(state.auction)
        call = sense.choose(seat, state.hands[seat], [], state.turned_card, legal)
        margin = (sense._margin(contract, state.hands[seat], Standing.read(seat, [], sense.partner_of), None)
                  - sense._bid_need[contract][0]) / sense.total[contract]
        known = state.hands[seat] | (1 << state.turned_card if sense.turned_to_taker else 0)
        void = not known & SUIT_MASKS[state.turned_card >> 3]  # a trump suit it holds none of is not bid
        expected = "pass" if margin < 0 or void else "schmeiss" if margin < SCHMEISS_BAND else "bid"
        assert call.kind == expected
        seen.add(call.kind)
        state.apply("schmeiss")
        other = state.to_act
        answer = sense.choose(other, state.hands[other], state.auction.calls, state.turned_card,
                              KLABERJASS.bidding.legal_calls(state.auction))
        taken, extras = sense.worth(state.hands[other], contract)
        weak = 2 * (taken + extras) - sense.total[contract] < ANSWER_WEAK * sense.total[contract]
        assert str(answer) == ("accept" if weak else "refuse")
        seen.add(str(answer))
    assert seen == {"pass", "schmeiss", "bid", "accept", "refuse"}


def test_a_record_with_a_schmeiss_replays() -> None:
    """Records keep 'schmeiss', 'accept' and 'refuse' as calls; a match record with an abandoned deal replays."""
    from belot_rules.engine.records import match_record
    from belot_rules.engine.runner import play_match

    players = [make_player("random", KLABERJASS, 0), make_player("random", KLABERJASS, 1)]
    match = play_match(KLABERJASS, players, 3)
    record = match_record(match)
    said = {a for deal in record["deals"] for a in deal["actions"]}
    assert {"schmeiss", "accept", "refuse"} <= said
    assert list(replay(KLABERJASS, record).board) == list(match.board)


def test_the_line_game_says_the_schmeiss_and_its_answer(tmp_path, monkeypatch) -> None:
    """klaberjass.md §3.1 in the line game: the call is offered by name, an answer awaited is explained in the
    header, and an accepted schmeiss ends the deal without a score, its calls shown."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    from game_script import play

    mine = play("klaberjass", ["3", ""], seed=2, players=("you", "heuristic"), target=60, then=None).text
    assert "1:pass   2:spades ♠   3:schmeiss" in mine
    assert "Deal 1: the schmeiss was accepted; no score." in mine
    assert "Calls: Opponent pass · You schmeiss · Opponent accept (redeal)" in mine
    theirs = play("klaberjass", ["2"], seed=26, players=("you", "heuristic"), target=60, then=None).text
    assert "Opponent: schmeiss" in theirs and "1:accept (redeal)   2:refuse (play it)" in theirs
    assert "Opponent schmeisses: accept, a new deal; refuse, Opponent plays it" in theirs
    assert "You: refuse (play it)" in theirs


def test_the_explanation_speaks_to_the_player_in_the_second_person() -> None:
    """At a table without teams the explanation's 'player 0' is the player: 'You take', 'Your declarations'."""
    from belot_rules.cli.game.controller import Controller
    from belot_rules.cli.game.look import Look
    from belot_rules.cli.game.render import Renderer
    from belot_rules.cli.game.session import Session

    words = Renderer(Controller(Session.start("klaberjass", 8, None)), Look()).words
    assert words("Player 0 takes the deal: cards 88") == "You take the deal: cards 88"
    assert words("Player 0's declarations (20) go to player 1") == "Your declarations (20) go to Opponent"
    assert words("Player 1 takes the deal") == "Opponent takes the deal"


def test_replay_names_an_abandoned_deal(tmp_path) -> None:
    """belot replay lists a deal ended by an accepted schmeiss as such, not as all passed."""
    from belot_rules.cli import main
    from belot_rules.engine.match import MatchState
    from belot_rules.engine.records import match_record

    match = MatchState.new(KLABERJASS, 11)
    match.current.apply("schmeiss")
    match.current.apply("accept")
    match.advance()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(match_record(match)), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["replay", str(path)]) == 0
    assert "schmeiss accepted" in out.getvalue()


def test_the_full_screen_table_asks_the_schmeiss_and_the_exchange_and_shows_them(monkeypatch, tmp_path) -> None:
    """klaberjass.md §3.1, §4 and §2.2 at the full-screen table (80x24): the answer to a schmeiss and the
    exchange are offered in the list beside the table; the exchange, the turned card left on the stock and
    the stock's bottom card are shown."""
    from test_game_tui import run, screen_text, settle, table_app

    from belot_rules.cli.tui import screens

    monkeypatch.setattr(screens, "TYPED_AHEAD", 0)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))

    async def answer_and_exchange() -> None:
        app = table_app("klaberjass", 26)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            text = screen_text(app)
            assert "Opponent schmeisses: accept, a new deal; refuse, Opponent plays it" in text
            assert "1. accept (redeal)" in text and "2. refuse (play it)" in text
            await pilot.press("2")
            await settle(pilot, app)
            text = screen_text(app)
            assert "1. exchange 7♦ for J♦" in text and "2. keep 7♦" in text and "─Exchange" in text
            await pilot.press("1")
            await settle(pilot, app)
            text = screen_text(app)
            assert "You exchanged 7♦ for J♦" in text
            assert "turned card J♦" in text and "bottom card" in text

    run(answer_and_exchange)
