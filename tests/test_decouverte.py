"""Belote découverte's open tableau (rules/family/belote-a-deux.md §B; sources JCI and EXO2).

Each player gets 8 piles of a face-down card under a face-up card; only face-up cards are
played; the card under a played card is turned up when the trick is over; the last card dealt
names trump and nobody bids; each player scores his own points; capot 50; the winner of a deal
deals the next.
"""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given, settings, strategies as st

from belot_rules import load_variant
from belot_rules.cards import CARDS, cards_of, iter_bits
from belot_rules.engine.deal import OVER, PLAYING, DealState, IllegalAction
from belot_rules.engine.match import MatchState
from belot_rules.engine.records import deal_record, replay
from belot_rules.errors import UserError
from belot_rules.ruleset import Ruleset
from belot_rules.variant.model import Variant

OPEN = load_variant("belote-decouverte")
SUITS = ("clubs", "diamonds", "hearts", "spades")


def _deal(seed: int, dealer: int = 1) -> DealState:
    deck = list(OPEN.seating.cards)
    random.Random(seed).shuffle(deck)
    return DealState.start(OPEN, deck, dealer)


def _tops(state: DealState, seat: int) -> set[str]:
    """The face-up cards lying on top of ``seat``'s piles, as its view shows them."""
    return {pile[-1] for pile in state.view(seat).piles(seat) if pile and pile[-1] is not None}


def test_decouverte_jci_deals_eight_piles_of_a_face_up_card_on_a_face_down_one() -> None:
    """§B.1 (JCI, EXO2): 4 face down to each player, then one face up on each, twice: 16 cards each, all 32."""
    deck = list(OPEN.seating.cards)
    random.Random(5).shuffle(deck)
    state = DealState.start(OPEN, deck, dealer=1)
    # Positions 0-3 face down and 8-11 face up on them go to the non-dealer (seat 0), 4-7 and 12-15 to the dealer.
    assert state.tableau.piles[0][:4] == tuple(zip(deck[8:12], deck[0:4]))
    assert state.tableau.piles[1][:4] == tuple(zip(deck[12:16], deck[4:8]))
    assert state.tableau.piles[0][4:] == tuple(zip(deck[24:28], deck[16:20]))
    assert state.tableau.piles[1][4:] == tuple(zip(deck[28:32], deck[20:24]))
    assert OPEN.seating.hand_size == 16 and state.hidden.bit_count() == 16
    for seat in (0, 1):
        assert state.hands[seat].bit_count() == 8 and not state.hands[seat] & state.hidden
        assert len(state.view(seat).piles(seat)) == 8


@pytest.mark.parametrize("seed", range(6))
def test_decouverte_jci_trump_is_the_suit_of_the_last_card_dealt(seed: int) -> None:
    """§B.2 (JCI): no bidding; the last card dealt (the dealer's last face-up card) names trump, and the
    non-dealer leads."""
    deck = list(OPEN.seating.cards)
    random.Random(seed).shuffle(deck)
    state = DealState.start(OPEN, deck, dealer=seed % 2)
    assert state.phase == PLAYING and state.contract == SUITS[deck[31] >> 3]
    assert state.view(0).calls == () and state.to_act == state.first_seat == 1 - seed % 2
    assert deck[31] in iter_bits(state.hands[seed % 2])  # it lies face up: the dealer may play it


def test_decouverte_jci_only_face_up_cards_are_playable() -> None:
    """§B.4 (JCI): only a face-up card may be played; a face-down card is refused, saying so."""
    state = _deal(1)
    seat = state.to_act
    legal = {str(a) for a in state.legal_actions()}
    assert legal == _tops(state, seat)
    below = CARDS[next(iter_bits(state.tableau.down[seat]))]
    with pytest.raises(IllegalAction, match=f"{below} is not one of seat {seat}'s face-up cards"):
        state.apply(str(below))


def test_decouverte_jci_the_card_under_is_turned_up_when_the_trick_is_over() -> None:
    """§B.4 (JCI): each player turns up the card under the one he played once the trick is won; until
    then it stays face down, for both players."""
    state = _deal(2)
    leader = state.to_act
    card = state.legal_actions()[0].card
    below = state.tableau.under[card]
    state.apply(state.legal_actions()[0])
    for seat in (0, 1):
        assert (None,) in state.view(seat).piles(leader)  # played from its pile, the card under not yet shown
        assert str(CARDS[below]) not in repr(state.view(seat))
    state.apply(state.legal_actions()[0])
    assert not state.hidden >> below & 1 and state.hands[leader] >> below & 1
    for seat in (0, 1):
        assert (str(CARDS[below]),) in state.view(seat).piles(leader)
    if state.to_act == leader:
        assert str(CARDS[below]) in {str(a) for a in state.legal_actions()}


def test_decouverte_face_down_cards_are_in_no_seat_view() -> None:
    """§B.4: all face-up cards are public, the face-down ones nobody's knowledge (not even their owner's)."""
    state = _deal(3)
    rng = random.Random(3)
    while state.phase != OVER:
        for seat in (0, 1):
            view = state.view(seat)
            text = repr(view)
            assert not [c for c in cards_of(state.hidden) if str(c) in text]
            for other in (0, 1):
                assert {p[-1] for p in view.piles(other) if p and p[-1]} == {str(c) for c in cards_of(state.hands[other])}
        state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_decouverte_playable_cards_are_the_face_up_tops_and_replay_reproduces_the_score(seed: int) -> None:
    """§B.4-5: at every turn the legal cards are face-up tops of the player's piles; all 32 cards are played
    once, the card points and last trick add up to 162, and the record replays to the same score."""
    state = _deal(seed, seed % 2)
    rng = random.Random(seed)
    while state.phase != OVER:
        legal = {str(a).split()[0] for a in state.legal_actions()}
        assert legal <= _tops(state, state.to_act)
        state.apply(rng.choice(state.legal_actions()))
    played = [c for _, cards, _ in state.tricks for c in cards]
    assert sorted(played) == list(range(32)) and len(state.tricks) == 16
    assert sum(state.side_points) + 10 == 162
    assert sum(state.score.raw_points) == 162 + 20 * len(state.belotes) + (50 if state.score.capot_team is not None else 0)
    assert replay(OPEN, deal_record(state)).deals[0].score == state.score


@pytest.mark.parametrize("seed", range(4))
def test_decouverte_the_fast_playout_turns_cards_up_as_step_by_step_play(seed: int) -> None:
    """Simulations' ``play_out`` and ``apply`` give the same deal when the same cards are chosen."""
    step, fast = _deal(seed), _deal(seed)
    while step.phase != OVER:
        step.apply(step.legal_actions()[0])
    fast.play_out(lambda legal, *_: (legal & -legal).bit_length() - 1, lambda seat, options: [], lambda seat: True)
    assert fast.tricks == step.tricks and fast.score == step.score and fast.hidden == step.hidden == 0


def test_decouverte_each_player_scores_his_own_points_jci() -> None:
    """§B.2/§B.5 (JCI): no contract is at stake; the player with fewer points still scores his own."""
    score = OPEN.scoring.score("hearts", 0, 1, [40, 112], [5, 11], 1)
    assert score.match_points == (40, 120) and score.raw_points == (40, 122)
    assert "no contract is at stake" in score.lines[0]


def test_decouverte_capot_is_50_exo2() -> None:
    """§B.5 (EXO2): 50 when the opponent takes no trick: 152 + 10 + 50 = 212, rounded to 210."""
    score = OPEN.scoring.score("spades", 0, 1, [0, 152], [0, 16], 1)
    assert score.raw_points == (0, 212) and score.match_points == (0, 210) and score.capot_team == 1


def test_decouverte_belote_counts_when_one_card_lay_face_down() -> None:
    """§B.5 (JCI, EXO2): belote-rebelote 20 for the king and queen of trumps played by one player, wherever
    they lay in his piles."""
    for seed in range(200):
        state = _deal(seed)
        trump = SUITS.index(state.contract)
        king, queen = trump * 8 + 6, trump * 8 + 5
        owner = [s for s in (0, 1) if (state.hands[s] | state.tableau.down[s]) >> king & 1]
        if (state.tableau.down[owner[0]] | state.hands[owner[0]]) >> queen & 1 and state.hidden >> queen & 1:
            break
    while state.phase != OVER:
        state.apply(state.legal_actions()[-1])
    assert state.belotes == [(owner[0], trump)]


def test_decouverte_the_winner_of_a_deal_deals_the_next_exo2() -> None:
    """§B.3 (EXO2): the winner of the previous deal deals, so the loser leads."""
    match = MatchState.new(OPEN, seed=4)
    for _ in range(3):
        deal = match.current
        while match.current is deal:
            match.apply(match.legal_actions()[0])
        points = match.deals[-1].score.match_points
        if points[0] != points[1]:
            assert match.dealer == points.index(max(points))


def test_from_hands_lays_piles_only_when_given() -> None:
    """``DealState.from_hands``: with ``piles`` the cards under stay unplayable; without, every card is open."""
    hands = [sum(1 << c for c in range(16)), sum(1 << c for c in range(16, 32))]
    piles = [[(c + 8, c) for c in range(8)], [(c + 24, c + 16) for c in range(8)]]
    laid = DealState.from_hands(OPEN, hands, dealer=1, contract="hearts", declarer=0, piles=piles)
    assert laid.legal_card_mask() == sum(1 << c for c in range(8, 16))
    open_hands = DealState.from_hands(OPEN, hands, dealer=1, contract="hearts", declarer=0)
    assert open_hands.legal_card_mask() == hands[0] and open_hands.tableau is None
    with pytest.raises(UserError, match="cards of its own hand"):
        DealState.from_hands(OPEN, hands, 1, "hearts", 0, piles=[[(8, 20)], []])


@pytest.mark.parametrize(("changes", "message"), [
    ({"bidding": {"style": "last_card_trump"}}, "so that card must lie face up on the table"),
    ({"deal": {"first_packets": [4, 4, 4, 4], "second_packets": [], "tableau_packets": 3}}, "is odd"),
    ({"deal": {"first_packets": [4, 3, 1], "second_packets": [], "tableau_packets": 2}},
     r"first_packets\[1\] \(3 cards\) is laid face up on first_packets\[0\] \(4 cards face down\)"),
    ({"deal": {"rotation": "deal_winner"}}, "deal.rotation deal_winner gives the deal to the player who scored more"),
])
def test_a_tableau_that_cannot_be_played_is_refused(changes: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Variant(name="t", title="t", **changes)


def test_the_fun_form_six_in_hand_and_ten_on_the_table_deals() -> None:
    """§B.1 FUN (unverified), as options: 5 face-up cards on 5 face-down ones and 6 cards in hand, all playable
    but the 5 face down."""
    fun = Ruleset(Variant(name="fun", title="fun", table={"players": 2, "sides": "each_for_self"},
                          deal={"first_packets": [5, 5, 3, 3], "second_packets": [], "tableau_packets": 2}))
    state = DealState.start(fun, list(range(32)), dealer=1)
    assert [len(p) for p in state.tableau.piles] == [5, 5]
    assert state.hands[0].bit_count() == 11 and state.hidden.bit_count() == 10


@pytest.mark.parametrize("steps", [0, 7, 12, 20])
def test_the_search_sampler_knows_the_face_up_cards_and_deals_only_the_face_down_ones(steps: int) -> None:
    """§B.4: the search bot's sampled deals keep every face-up card where it lies and deal only the face-down
    cards, under the piles still covered; brought to the view's position they give the same playable cards."""
    from belot_rules.players.sampling import Knowledge, play_memory
    from belot_rules.players.search import SearchPlayer

    state = _deal(7)
    rng = random.Random(7)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    view = state.view(seat)
    knowledge = Knowledge.of(OPEN, view, play_memory(OPEN, view))
    bot = SearchPlayer(OPEN, seed=1)
    for _ in range(5):
        hands = knowledge.sample(rng)
        piles = knowledge.lay(hands, rng)
        world = bot._world(view, hands, knowledge.played, piles)
        assert world.hands == state.hands and world.hidden.bit_count() == state.hidden.bit_count()
        assert world.legal_card_mask() == state.legal_card_mask() and world.to_act == seat
        for other in (0, 1):
            assert world.view(seat).piles(other) == view.piles(other)


# ----------------------------------------------------------------------------- the games


def test_the_line_game_shows_both_tables_and_numbers_the_face_up_cards() -> None:
    """§B.4: the player sees the opponent's face-up cards (a face-down card as ▒), plays a face-up card by its
    number, and never sees a face-down card's name; a whole match is played to its end."""
    from game_script import play

    played = play("belote-decouverte", [], then="1", players=("you", "heuristic"), target=150)
    assert played.session.over and "the match" in played.text
    frames = played.text.split("Your card (")
    assert "Opponent's table" in frames[0] and "Your table" in frames[0] and "/▒" in frames[0]
    assert "Contract" in frames[0] and "(last card)" in frames[0] and "scored" in played.text
    assert all(len(line) <= 80 for line in played.text.splitlines())
    first = played.session.match.deals[0]
    rebuilt = DealState.start(OPEN, first.deck, first.dealer)
    hidden = [str(c) for c in cards_of(rebuilt.hidden)]
    assert not [c for c in hidden if f" {c}/" in frames[0] or f":{c}/" in frames[0]]


def test_the_full_screen_table_draws_the_piles_with_the_cards_under_them(tmp_path) -> None:
    """§B.4: your piles are drawn card by card with the edge of a face-down card under each face-up one; the
    opponent's table is shown above the seats; a click plays the pile's card."""
    import asyncio

    from test_game_tui import settle, table_app

    from belot_rules.cli.tui.app import HandView

    async def table() -> None:
        app = table_app("belote-decouverte", 3, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            hand = app.query_one(HandView)
            assert hand.piles is not None and len(hand.piles) == 8
            drawn = hand.render().plain.splitlines()
            assert len(drawn) == 5 and drawn[3].count("░░░") == 8
            tableau = app.query_one("#tableau")
            assert tableau.display and str(tableau.border_title) == "Opponent's table"
            deal = app.session.deal
            before = len(deal.tricks) * 2 + len(deal.trick)
            legal = str(CARDS[hand.legal[-1]])
            slot = next(i for i, pile in enumerate(hand.piles) if pile and pile[-1] == legal)
            await pilot.click(HandView, offset=(1 + 5 * slot + 2, 1))
            await settle(pilot, app)
            deal = app.session.deal
            assert len(deal.tricks) * 2 + len(deal.trick) > before

    asyncio.run(table())


def test_no_contract_at_stake_at_a_table_of_three_each_for_himself() -> None:
    """``scoring.contract: each_own`` is a general option: at three players each for himself too, a taker
    with the fewest points still records his own."""
    three = Ruleset(Variant(name="t", title="t", table={"players": 3, "sides": "each_for_self"},
                            cards={"ranks": ["9", "T", "J", "Q", "K", "A"]}, scoring={"contract": "each_own"}))
    score = three.scoring.score("hearts", 0, 1, [20, 70, 62], [1, 4, 3], 1)
    assert score.verdict == "made" and score.raw_points == (20, 80, 62)
    assert score.match_points == (2, 8, 6)


@pytest.mark.parametrize("seed", range(6))
def test_the_heuristic_bot_sees_the_face_up_cards_and_never_the_face_down_ones(seed: int) -> None:
    """§B.4: at an open tableau the heuristic bot knows what each player can play (the face-up cards, in
    everyone's view), and its choice does not change when the face-down cards are laid differently."""
    from test_heuristic import _swap_hidden

    from belot_rules.players import HeuristicPlayer
    from belot_rules.players.memory import Memory
    from belot_rules.sim.table import Table

    state = _deal(seed)
    rng = random.Random(seed)
    for _ in range(seed * 3):
        state.apply(rng.choice(state.legal_actions()))
    memory = Memory(OPEN.tables[state.contract], OPEN.obligations[state.contract], 2)
    memory.see_tables(state.hands, OPEN.seating.pack_mask)
    assert memory.excluded == [OPEN.seating.pack_mask & ~h for h in state.hands]
    swapped = _swap_hidden(state, state.to_act, seed + 1)
    assert swapped.tableau.piles != state.tableau.piles
    for position in (state, swapped):
        Table([HeuristicPlayer(OPEN), HeuristicPlayer(OPEN)]).act(position)
    assert state.trick == swapped.trick and state.tricks == swapped.tricks


def test_a_hand_beside_the_piles_is_shown_in_both_games(tmp_path) -> None:
    """A house form with hand cards beside the piles (FUN's 6 in hand and 10 on the table, as options): the line
    game and the full-screen table show the hand cards too."""
    from rich.console import Console

    from belot_rules.cli.game.controller import Controller
    from belot_rules.cli.game.look import Look
    from belot_rules.cli.game.render import Renderer
    from belot_rules.cli.game.session import Session
    from belot_rules.cli.tui.app import HandView

    path = tmp_path / "fun.yaml"
    path.write_text("extends: belote-a-deux\ndeal: {first_packets: [5, 5, 3, 3], second_packets: [], "
                    "tableau_packets: 2, turned_card: none, stock: none}\nbidding: {style: single_call}\n",
                    encoding="utf-8")
    session = Session.start(str(path), 1, ("you", "heuristic"), 500)
    while session.deal.to_act != session.seating.human or session.deal.phase != PLAYING:
        session.deal.apply(session.deal.legal_actions()[-1])
    deal = session.deal
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(Renderer(Controller(session), Look()).frame(Controller(session).table(), 1))
    shown = console.export_text()
    assert "Your table" in shown and "Your hand" in shown
    hand = HandView(Look())
    seat = deal.to_act
    hand.show(Look(), cards_of(deal.hands[seat]), None, deal.view(seat).piles(seat))
    assert len(hand.slots()) == 5 + 6  # five piles and six hand cards
