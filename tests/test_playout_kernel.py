"""The compiled kernel of random playouts (``belot_rules/_playout.c``) plays exactly the Python code's deals.

The kernel is optional: ``setup.py`` builds it where a C compiler is at hand, and without it
``DealState.play_out`` plays the same trick loop in Python and ``rules.deal.dealing.shuffle`` shuffles
in Python. These tests build the checkout's C source with the project's own ``setup.py`` into a
temporary folder (so they test the current source, not a copy installed earlier) and compare, for
every shipped variant, deals played with the kernel and without it: the same tricks, card points,
declarations, belotes, score and random generator state afterwards. Without a C compiler they are
skipped, except under CI (the variable ``CI`` set), where the kernel must build.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import belot_rules.kernel as kernel_module
from belot_rules import load_variant
from belot_rules.engine.deal import BIDDING, DISCARDING, OVER, DealState
from belot_rules.engine.phases import PREDICTING
from belot_rules.engine.playout import card_picker, random_deal
from belot_rules.players import HeuristicPlayer, RandomPlayer, bidding_kernel
from belot_rules.players.bidding_kernel import BIDDER_FORMAT
from belot_rules.players.card_play import SENSE_FORMAT, shared_sense
from belot_rules.players.heuristic import card_senses
from belot_rules.players.memory import Memory, plays
from belot_rules.rules.common import option_values
from belot_rules.rules.deal.dealing import shuffle
from belot_rules.rules.play import obligations as play_rules
from belot_rules.rules.play.obligations import Obligations
from belot_rules.ruleset import Ruleset
from belot_rules.sim import table as table_module
from belot_rules.sim.table import Table
from belot_rules.variant.model import Play

ROOT = Path(__file__).resolve().parent.parent
VARIANT_FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "variants" / "examples").glob("*.yaml"))


def _build(folder: Path, compiler: str | None = None) -> subprocess.CompletedProcess:
    """``python setup.py build_ext`` of the checkout into ``folder`` (with ``compiler`` as CC when given)."""
    env = dict(os.environ, **({"CC": compiler} if compiler else {}))
    return subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "-b", str(folder), "-t", str(folder / "temp")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def _built(folder: Path) -> list[Path]:
    return sorted((folder / "belot_rules").glob("_playout*"))


def need_compiler(what: str) -> None:
    """Skip the test without a C compiler to build ``what``, except under CI, where it must build."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must build {what}, but there is no C compiler ({compiler})")
        pytest.skip(f"no C compiler ({compiler}) to build {what}")


@pytest.fixture(scope="session")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The kernel compiled from the checkout's source, loaded without touching the imported package."""
    need_compiler("the playout kernel")
    folder = tmp_path_factory.mktemp("kernel")
    result = _build(folder)
    built = _built(folder)
    assert result.returncode == 0 and built, f"the playout kernel did not build:\n{result.stdout}\n{result.stderr}"
    spec = importlib.util.spec_from_file_location("belot_rules._playout", built[0])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def rulesets() -> dict[str, Ruleset]:
    return {path.stem: load_variant(str(path)) for path in VARIANT_FILES}


def _outcome(state: DealState) -> tuple:
    """Everything a deal's play leaves behind."""
    return (state.phase, state.hands, state.tricks, state.side_points, state.side_tricks, state.declared,
            state.belotes, state.belote_suits, state.leader, state.trick, state.win_pos, state.hidden, state.score)


def _both_ways(monkeypatch: pytest.MonkeyPatch, kernel: ModuleType, play) -> list[tuple]:
    """``play(rng)``'s outcome and the generator's state after it, with the kernel and with the Python loop."""
    results = []
    for loop in (kernel, None):
        monkeypatch.setattr(kernel_module, "compiled", loop)
        rng = random.Random(7)
        results.append((play(rng), rng.getstate()))
    return results


def test_the_comparisons_run_over_every_shipped_variant_file():
    assert len(VARIANT_FILES) >= 20 and {"bulgarian.yaml", "belote-a-deux.yaml"} <= {p.name for p in VARIANT_FILES}


@pytest.mark.parametrize("path", VARIANT_FILES, ids=lambda p: p.stem)
def test_kernel_plays_the_python_loops_deals_in_every_contract_and_with_the_auction(path, kernel, rulesets,
                                                                                   monkeypatch):
    """Every contract of the variant fixed, and whole deals with a random auction (chien, exchange, all-pass)."""
    ruleset = rulesets[path.stem]
    players = ruleset.seating.players
    for contract, deals in [(None, 200)] + [(c, 60) for c in ruleset.contracts]:
        def play(rng: random.Random) -> list[tuple]:
            return [_outcome(random_deal(ruleset, rng, number % players, contract)) for number in range(deals)]

        with_kernel, in_python = _both_ways(monkeypatch, kernel, play)
        assert with_kernel == in_python, contract


def _heuristic_deals(ruleset: Ruleset, deals: int) -> list[tuple]:
    """Deals of a table of heuristic bots (the calls too), as ``belot simulate`` plays them."""
    played = []
    for number in range(deals):
        deck = list(ruleset.seating.cards)
        random.Random(number).shuffle(deck)
        state = DealState.start(ruleset, deck, number % ruleset.seating.players)
        state = Table([HeuristicPlayer(ruleset) for _ in ruleset.seating.seats]).play_deal(state)
        played.append((state.auction.calls if state.auction else None, _outcome(state)))
    return played


@pytest.mark.parametrize("path", VARIANT_FILES, ids=lambda p: p.stem)
def test_kernel_plays_the_heuristic_bots_cards_as_their_python_choice_does(path, kernel, rulesets, monkeypatch):
    """players/card_play.py (CardSense) and players/memory.py, compiled: a table of heuristic bots plays the
    same deals with the kernel as without it, in every shipped variant."""
    ruleset = rulesets[path.stem]
    with_kernel, in_python = _both_ways(monkeypatch, kernel, lambda rng: _heuristic_deals(ruleset, 12))
    assert with_kernel == in_python


def test_a_table_of_heuristic_bots_alone_plays_its_cards_in_the_kernel(kernel, rulesets, monkeypatch):
    """The kernel chooses the cards where every seat's choice is the same card sense's; a table with another
    bot, or a chooser that sees an open tableau's cards first, plays in Python."""
    ruleset = rulesets["bulgarian"]
    senses = card_senses(ruleset)
    heuristic = [HeuristicPlayer(ruleset) for _ in range(4)]
    assert shared_sense([p.card_chooser("hearts") for p in heuristic]) is senses["hearts"]
    assert shared_sense([p.card_chooser(c) for p, c in zip(heuristic, ("hearts", "spades") * 2)]) is None
    assert shared_sense([*(p.card_chooser("hearts") for p in heuristic[:3]), lambda *a: 0]) is None
    sensed = []
    monkeypatch.setattr(kernel_module, "compiled", SimpleNamespace(play=lambda *args: sensed.append(len(args))
                                                                   or kernel.play(*args), call=kernel.call,
                                                                   ladder=kernel.ladder))
    Table(heuristic).play_deal(DealState.start(ruleset, list(range(32)), 0))
    Table([*heuristic[:3], RandomPlayer(ruleset, 1)]).play_deal(DealState.start(ruleset, list(range(32)), 0))
    assert sensed == [21]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), number=st.integers(0, len(VARIANT_FILES) - 1), seed=st.integers(0, 2**32 - 1))
def test_kernel_and_python_heuristic_rollouts_agree_from_any_position(kernel, rulesets, monkeypatch, data, number,
                                                                      seed):
    """The search bot's rollouts (players/search.py, _roll_out): from any position of the card play, the heuristic
    choice at every seat plays the same cards and leaves the memory with the same cards seen and ruled out."""
    ruleset = rulesets[VARIANT_FILES[number].stem]
    contract = data.draw(st.sampled_from((None, *ruleset.contracts)), label="contract")
    steps = data.draw(st.integers(0, ruleset.seating.players * ruleset.seating.hand_size), label="steps")
    state = _part_played(ruleset, random.Random(seed), contract, steps)
    if state is None or state.closed or state.phase == OVER or state.contract is None:
        return  # a closed game, all passed, or a trump still to be laid face down (twenty-eight.md §4.1)
    contract = state.played_contract()
    tables, players = ruleset.tables[contract], ruleset.seating.players
    sense = card_senses(ruleset)[contract]
    results = []
    for loop in (kernel, None):
        monkeypatch.setattr(kernel_module, "compiled", loop)
        copy = state.clone()
        memory = Memory(tables, ruleset.obligations[contract], players)
        memory.catch_up(list(plays(tables, [*((lead, cards) for lead, cards, _ in copy.tricks),
                                            (copy.leader, copy.trick)], players)))

        def pick(legal: int, seat: int, hand: int, trick: list[int], win_pos: int) -> int:
            card = sense.choose(memory, seat, copy.declarer, hand, legal, trick, win_pos)
            memory.observe(seat, card, trick, win_pos)
            return card

        copy.play_out(pick, lambda seat, options: options[-1], lambda seat: True, compiled_choice=sense.compiled(memory))
        results.append((_outcome(copy), memory.played, memory.observed, list(memory.excluded)))
    assert results[0] == results[1]


@pytest.mark.parametrize("path", VARIANT_FILES, ids=lambda p: p.stem)
def test_kernel_makes_the_heuristic_bots_calls_as_its_python_sense_does(path, kernel, rulesets, monkeypatch):
    """players/bidding_sense.py (BiddingSense.choose) and players/hand_strength.py, compiled for ladders without
    point bids, schmeiss, ashkal or push: in auctions called at random (doubles, weak and forced contracts), the
    heuristic bot's call at every turn is the same with the kernel and without it."""
    ruleset = rulesets[path.stem]
    bidding = ruleset.bidding
    senses = [HeuristicPlayer(ruleset).bidding for _ in ruleset.seating.seats]
    rng = random.Random(path.stem)
    for number in range(30):
        deck = list(ruleset.seating.cards)
        rng.shuffle(deck)
        state = DealState.start(ruleset, deck, number % ruleset.seating.players)
        while state.phase == BIDDING:
            auction, seat = state.running_auction(), state.to_act
            legal = bidding.legal_calls(auction)
            made = []
            for loop in (kernel, None):
                monkeypatch.setattr(kernel_module, "compiled", loop)
                made.append(senses[seat].choose(seat, state.hands[seat], auction.calls, state.turned_card, legal))
            assert made[0] == made[1], (number, auction.calls)
            state.make_call(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", ["bulgarian", "bulgarian-undenufe", "bulgarian-cut-only"])
def test_a_table_of_heuristic_bots_calls_a_ladder_in_one_loop_as_seat_by_seat(name, kernel, rulesets, monkeypatch):
    """players/bidding_kernel.py, call_ladder: from a fresh auction or one called part-way at random, the whole
    auction walked through the ladder's positions gives the calls, contract and play that asking each seat
    gives; a table with another bot is asked seat by seat."""
    ruleset = rulesets[name]
    rng = random.Random(name)
    walked = []
    real = bidding_kernel.call_ladder
    monkeypatch.setattr(table_module, "call_ladder", lambda state, senses: walked.append(real(state, senses))
                        or walked[-1])
    for number in range(40):
        deck = list(ruleset.seating.cards)
        rng.shuffle(deck)
        start = DealState.start(ruleset, deck, number % 4)
        for _ in range(rng.randrange(4)):
            legal = ruleset.bidding.legal_calls(start.running_auction())
            start.make_call(legal[rng.randrange(len(legal))])
            if start.phase != BIDDING:
                break
        played = []
        for loop in (kernel, None):
            monkeypatch.setattr(kernel_module, "compiled", loop)
            state = Table([HeuristicPlayer(ruleset) for _ in range(4)]).play_deal(start.clone())
            played.append((state.auction.calls, _outcome(state)))
        assert played[0] == played[1]
    assert walked.count(True) >= 20 and walked.count(False) >= 20  # the kernel's loop, and the Python one
    walked.clear()
    monkeypatch.setattr(kernel_module, "compiled", kernel)
    Table([*(HeuristicPlayer(ruleset) for _ in range(3)), RandomPlayer(ruleset, 1)]).play_deal(start.clone())
    assert walked == []


def test_a_forged_card_sense_is_refused_not_read(kernel, rulesets):
    """The card sense arrives as bytes: one of another size, another table's or naming a seat or card that is not
    one gets a TypeError before any card is played."""
    ruleset = rulesets["bulgarian"]
    state = _part_played(ruleset, random.Random(1), "hearts", 0)
    packed = card_senses(ruleset)["hearts"].packed
    memory = Memory(ruleset.tables["hearts"], ruleset.obligations["hearts"], 4)
    table = ruleset.seating
    forged = bytearray(packed)
    later = len(packed) - 512 * 4  # the last field: per declarer, seat and cards in the trick, a seat or -1
    forged[later + 4:later + 8] = (9).to_bytes(4, sys.byteorder, signed=True)  # a seat of 9 at a table of 4
    three = card_senses(rulesets["belote-a-trois"])["hearts"].packed
    for sense in (packed[:-4], bytes(forged), three):
        with pytest.raises(TypeError, match="sense"):
            kernel.play(ruleset.obligations["hearts"].packed, table.players, table.hand_size, table.side_of,
                        state.hands, state.leader, state.trick, state.win_pos, state.tricks, state.side_points,
                        state.side_tricks, state.belote_suits, state.declared, 0, None, print, print, None, sense,
                        state.declarer, memory)
    assert kernel.SENSE_FORMAT == SENSE_FORMAT and len(packed) == struct.calcsize(SENSE_FORMAT)
    bidder = HeuristicPlayer(ruleset).bidding._kernel_calls.packed  # the bidding's tables: checked the same way
    assert kernel.BIDDER_FORMAT == BIDDER_FORMAT and len(bidder) == struct.calcsize(BIDDER_FORMAT)
    with pytest.raises(TypeError, match="bidder"):
        kernel.call(bidder[:-4], 0xFF, 0.0, 0.0, -1, -1, False, False, [0, -1])
    with pytest.raises(ValueError, match="contract"):
        kernel.call(bidder, 0xFF, 0.0, 0.0, -1, -1, False, False, [0, -1, 1, 9])
    with pytest.raises(ValueError, match="double"):
        kernel.call(bidder, 0xFF, 0.0, 0.0, -1, -1, False, False, [0, -1, 2, -1])
    # a ladder's graph whose one node's pass leads to a node that is not there, or that never ends
    seats = ([0xFF] * 4, [0.0] * 8, (2, 3, 0, 1), (0, 1, 0, 1), -1, -1, [-1] * 4, [False] * 4)
    for leads_to in (5, 0):
        graph = struct.pack("=2i5i3i", 1, 1, 0, 0, 0, 1, 0, 0, -1, leads_to)
        with pytest.raises(ValueError, match="graph"):
            kernel.ladder(bidder, graph, 0, *seats)


PLAY_NAMES = ("partner_winning_void", "undertrump", "plain_suit_overtake")
OVERTAKE = option_values(Play.model_fields["trump_overtake"])
# a trump lead's overtaking in suit contracts and in all-trumps, which never plays `never` (Play.all_trumps_problems)
PLAY_OPTIONS = [{"trump_overtake": {"suit": suit, "all_trumps": every}, **dict(zip(PLAY_NAMES, values))}
                for suit in OVERTAKE for every in OVERTAKE if every != "never"
                for values in itertools.product(*(option_values(Play.model_fields[name]) for name in PLAY_NAMES))]


@pytest.mark.parametrize("contract", ["hearts", "no_trumps", "all_trumps"])
def test_kernel_legal_cards_are_legal_fast_for_every_play_option(contract, kernel, rulesets):
    """Each combination of the play options, with partners and without: the same legal cards on random tricks."""
    tables = rulesets["bulgarian"].tables[contract]
    rng = random.Random(contract)
    for options in PLAY_OPTIONS:
        for partner_back in (2, 0):
            obligations = Obligations(tables, Play(**options), partner_back)
            for _ in range(60):
                winning = rng.randrange(32)
                hand = rng.getrandbits(32) & rng.getrandbits(32) & ~(1 << winning)
                led, partner = rng.choice((winning >> 3, rng.randrange(4))), rng.random() < 0.5
                assert kernel.legal(obligations.packed, hand, led, winning, partner) == \
                    obligations.legal_fast(hand, led, winning, partner), (options, partner_back, hand, led, winning)


def _part_played(ruleset: Ruleset, rng: random.Random, contract: str | None, steps: int) -> DealState | None:
    """A deal bid at random (or in ``contract``) and played ``steps`` random legal actions into the card play."""
    deck = list(ruleset.seating.cards)
    rng.shuffle(deck)
    state = DealState.start(ruleset, deck, rng.randrange(ruleset.seating.players))
    if contract is not None:
        state.force_contract(contract, state.first_seat)
    while state.phase == BIDDING:
        calls = ruleset.bidding.legal_calls(state.auction)
        state.make_call(calls[rng.randrange(len(calls))])
    while state.phase == DISCARDING:
        state.discard(card_picker(rng.random)(state.hands[state.declarer]))
    while state.phase == PREDICTING:  # bidding.predictions: the seats' own choice, made before the cards
        state.predict(rng.randrange(len(state.legal_actions())))
    for _ in range(steps):
        if state.phase == OVER:
            return None
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


def _resumed(monkeypatch: pytest.MonkeyPatch, kernel: ModuleType, state: DealState, seed: int,
             draw=lambda rng: rng.random) -> list[tuple]:
    """``state`` played out at random from where it stands, with the kernel and in Python."""
    results = []
    for loop in (kernel, None):
        monkeypatch.setattr(kernel_module, "compiled", loop)
        copy, rng = state.clone(), random.Random(seed)
        copy.play_out(None, lambda seat, options: options[int(rng.random() * len(options))],
                      lambda seat: rng.random() < 0.5, draw(rng))
        results.append((_outcome(copy), rng.getstate()))
    return results


@pytest.mark.parametrize("path", VARIANT_FILES, ids=lambda p: p.stem)
def test_kernel_resumes_a_deal_inside_a_trick_as_the_python_loop_does(path, kernel, rulesets, monkeypatch):
    """Random playouts from part-played deals: inside trick 1 with some seats declared, inside later tricks."""
    ruleset = rulesets[path.stem]
    rng = random.Random(path.stem)
    for _ in range(40):
        state = _part_played(ruleset, rng, None, rng.randrange(ruleset.seating.players * 3))
        if state is not None:
            with_kernel, in_python = _resumed(monkeypatch, kernel, state, rng.randrange(1 << 30))
            assert with_kernel == in_python


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), number=st.integers(0, len(VARIANT_FILES) - 1), seed=st.integers(0, 2**32 - 1))
def test_kernel_and_python_loop_agree_from_any_position(kernel, rulesets, monkeypatch, data, number, seed):
    ruleset = rulesets[VARIANT_FILES[number].stem]
    contract = data.draw(st.sampled_from((None, *ruleset.contracts)), label="contract")
    steps = data.draw(st.integers(0, ruleset.seating.players * ruleset.seating.hand_size), label="steps")
    state = _part_played(ruleset, random.Random(seed), contract, steps)
    if state is not None:
        with_kernel, in_python = _resumed(monkeypatch, kernel, state, seed)
        assert with_kernel == in_python


def test_an_exception_raised_by_rand_or_a_callback_comes_out_of_the_kernel(kernel, rulesets, monkeypatch):
    """Errors propagate, and the deal is left where the Python loop leaves it (the seat to act included)."""
    ruleset = rulesets["bulgarian"]
    for fail_at in (1, 3, 17, 30):
        left = []
        for loop in (kernel, None):
            monkeypatch.setattr(kernel_module, "compiled", loop)
            state, rng, calls = _part_played(ruleset, random.Random(fail_at), "hearts", 0), random.Random(fail_at), []

            def rand() -> float:
                calls.append(1)
                if len(calls) == fail_at:
                    raise KeyboardInterrupt("stopped")
                return rng.random()

            with pytest.raises(KeyboardInterrupt, match="stopped"):
                state.play_out(None, lambda seat, options: options[0], lambda seat: True, rand)
            left.append((state.hands, state.tricks, state.trick, state.side_points, state.side_tricks, state.leader,
                         state.to_act, state.legal_card_mask()))
        assert left[0] == left[1]

    def refuse(seat: int, options: list) -> list:
        raise LookupError("no declaration")

    seed = next(seed for seed in range(100)  # a deal where someone holds a sequence or a quad
                if ruleset.declarations.declaring_seats(_part_played(ruleset, random.Random(seed), "hearts", 0).hands,
                                                        "hearts"))
    for loop in (kernel, None):
        monkeypatch.setattr(kernel_module, "compiled", loop)
        state = _part_played(ruleset, random.Random(seed), "hearts", 0)
        with pytest.raises(LookupError, match="no declaration"):
            state.play_out(None, refuse, lambda seat: True, random.Random(1).random)


def test_rand_at_one_is_refused_and_below_zero_skips_nothing_both_ways(kernel, rulesets, monkeypatch):
    """rand() gives floats in [0, 1): at 1.0 no card can be drawn; below 0 the lowest legal card is played."""
    ruleset = rulesets["bulgarian"]
    for loop in (kernel, None):
        monkeypatch.setattr(kernel_module, "compiled", loop)
        state = _part_played(ruleset, random.Random(3), "hearts", 0)
        with pytest.raises(ValueError):
            state.play_out(None, lambda seat, options: options[0], lambda seat: True, lambda: 1.0)
    for below in (-0.05, -1.0):
        state = _part_played(ruleset, random.Random(3), "hearts", 0)
        with_kernel, in_python = _resumed(monkeypatch, kernel, state, 3, lambda rng: lambda: below)
        assert with_kernel == in_python


def test_callbacks_see_the_deal_as_the_python_loop_shows_it(kernel, rulesets, monkeypatch):
    """An announced belote (french.md: "belote" said with the first card): the callback sees the same totals,
    leader, hands and trick both ways."""
    ruleset = rulesets["french"]
    for seed in range(40):
        seen: list[list] = [[], []]
        for number, loop in enumerate((kernel, None)):
            monkeypatch.setattr(kernel_module, "compiled", loop)
            state, rng = _part_played(ruleset, random.Random(seed), "hearts", 0), random.Random(seed)

            def announce(seat: int) -> bool:
                seen[number].append((list(state.side_points), list(state.side_tricks), state.leader, state.win_pos,
                                     list(state.hands), list(state.trick), state.to_act))
                return rng.random() < 0.5

            state.play_out(None, lambda seat, options: options[0], announce, rng.random)
        assert seen[0] == seen[1]


def test_a_callback_that_shrinks_the_deals_lists_gets_an_error_not_a_crash(kernel, rulesets):
    """The kernel checks the lists' sizes after every callback and reads only ints from them."""
    ruleset = rulesets["belote-a-deux"]  # an open tableau: a callback after every trick
    table = ruleset.seating
    for shrink in ("hands", "belote_suits", "side_points"):
        for seed in range(20):
            state = _part_played(ruleset, random.Random(seed), None, 0)
            if state is not None and state.belote_suits[0] + state.belote_suits[1]:
                break
        packed = ruleset.obligations[state.contract].packed
        with pytest.raises((ValueError, IndexError)):
            kernel.play(packed, table.players, table.hand_size, table.side_of, state.hands, state.leader, state.trick,
                        state.win_pos, state.tricks, state.side_points, state.side_tricks, state.belote_suits,
                        state.declared, 0, random.Random(seed).random, lambda *a: None, lambda *a: None,
                        lambda leader: getattr(state, shrink).clear())
    with pytest.raises(TypeError, match="int"):
        kernel.play(packed, 2.0, table.hand_size, table.side_of, state.hands, 0, [], 0, [], [0, 0], [0, 0],
                    [[], []], {}, 0, random.random, print, print, None)


def test_a_kernel_built_from_older_source_is_not_used(kernel):
    """setup.py compiles the digest of ``_playout.c`` and ``obligations.h`` into the kernel, the sum kernel.py takes of
    the source beside it (belot_rules/kernel.py, usable): a build whose digest differs, the header changed since
    say, is left unused, as is one that names no layout."""
    assert kernel.SOURCE_DIGEST == kernel_module.source_digest("_playout")
    assert kernel_module.usable(kernel) is kernel
    with pytest.warns(RuntimeWarning, match="rebuild"):
        assert kernel_module.usable(ModuleType("_playout")) is None
    older = ModuleType("belot_rules._playout")
    older.PACKED_FORMAT, older.PACKED_CODES = kernel.PACKED_FORMAT, kernel.PACKED_CODES
    older.SOURCE_DIGEST = "0" * 16
    with pytest.warns(RuntimeWarning, match="belot_rules._playout was built from an older source.*rebuild"):
        assert kernel_module.usable(older) is None
    # a build named by no digest, from before the heuristic bot's, the scoring's or the random deals' tables (or reading
    # them otherwise): not used
    before = ModuleType("belot_rules._playout")
    before.PACKED_FORMAT, before.PACKED_CODES = kernel.PACKED_FORMAT, kernel.PACKED_CODES
    before.SENSE_FORMAT, before.BIDDER_FORMAT = kernel.SENSE_FORMAT, kernel.BIDDER_FORMAT
    before.SCORING_FORMAT, before.TABLE_FORMAT = kernel.SCORING_FORMAT, kernel.TABLE_FORMAT
    assert kernel_module.usable(before) is before
    for name in ("SENSE_FORMAT", "BIDDER_FORMAT", "SCORING_FORMAT", "TABLE_FORMAT"):
        setattr(before, name, "=i")
        with pytest.warns(RuntimeWarning, match="rebuild"):
            assert kernel_module.usable(before) is None
        delattr(before, name)
        with pytest.warns(RuntimeWarning, match="rebuild"):
            assert kernel_module.usable(before) is None
        setattr(before, name, getattr(kernel, name))


def test_a_kernel_that_knows_fewer_rule_codes_is_not_used(kernel):
    """A build from before partner_winning_void overtrump_when_trumping (code 4) read the same layout but played
    that code as an opponent winning: the codes it knows are compared too, and they are those rules/play/obligations.py packs."""
    older = ModuleType("_playout")
    older.PACKED_FORMAT = kernel.PACKED_FORMAT
    older.PACKED_CODES = "kind 0-2, partner_void 0-3, undertrump 0-2, head_plain 0-2"
    with pytest.warns(RuntimeWarning, match="rebuild"):
        assert kernel_module.usable(older) is None
    tables = {"kind": play_rules.KIND_CODES, "partner_void": play_rules.PARTNER_VOID_CODES,
              "undertrump": play_rules.UNDERTRUMP_CODES, "head_plain": play_rules.HEAD_CODES}
    assert kernel.PACKED_CODES == ", ".join(f"{name} {min(codes.values())}-{max(codes.values())}"
                                            for name, codes in tables.items())


def test_kernel_shuffle_draws_and_deals_exactly_as_random_shuffle(kernel, monkeypatch):
    """Packs and the generator's state after them, directly and through ``rules.deal.dealing.shuffle``."""
    monkeypatch.setattr(kernel_module, "compiled", kernel)
    for seed in range(300):
        for size in (24, 32):
            ours, through, theirs = random.Random(seed), random.Random(seed), random.Random(seed)
            mine, dealt, expected = list(range(size)), list(range(size)), list(range(size))
            for _ in range(3):
                kernel.shuffle(ours.getrandbits, mine)
                shuffle(through, dealt)
                theirs.shuffle(expected)
                assert mine == dealt == expected
            assert ours.getstate() == through.getstate() == theirs.getstate()


def test_a_failed_kernel_build_does_not_stop_the_install(tmp_path):
    """Without a working C compiler the optional extension is skipped with a warning and the build succeeds."""
    result = _build(tmp_path, compiler=str(tmp_path / "no-such-compiler"))
    assert result.returncode == 0, result.stderr
    assert "building extension \"belot_rules._playout\" failed" in result.stderr
    assert _built(tmp_path) == []


def _defines(source: str) -> dict[str, str]:
    """The string constants a C source defines: ``#define NAME "text"``."""
    return {name: text for name, text in re.findall(r'^#define (\w+) "([^"]*)"$', source, re.MULTILINE)}


def test_the_play_rules_in_c_have_one_home_that_kernel_py_checks_against():
    """``obligations.h`` holds the packed layout, its codes, the legal cards and a trick's winner once; the playout
    kernel and the solver include it and define none of them again, and kernel.py refuses builds by the
    header's layout and codes (belot_rules/kernel.py, usable: the header is part of both modules' source)."""
    folder = ROOT / "belot_rules"
    header = (folder / "rules" / "play" / "obligations.h").read_text()
    assert _defines(header) == {"PACKED_FORMAT": kernel_module.PACKED_FORMAT, "PACKED_CODES": kernel_module.PACKED_CODES}
    shared = ["} Spec;", "legal(const Spec", "beats(const Spec", "add_build_constants(PyObject"]
    assert all(header.count(definition) == 1 for definition in shared)
    for name in ("_playout.c", "_solver.c", "_heuristic.h", "_bidding.h"):
        source = (folder / name).read_text()
        assert '#include "rules/play/obligations.h"' in source, name
        assert name.endswith(".h") or "add_build_constants(m)" in source, name
        assert not _defines(source).keys() & {"PACKED_FORMAT", "PACKED_CODES"}, name
        assert not [definition for definition in shared if definition in source], name
    assert _defines((folder / "_heuristic.h").read_text()) == {"SENSE_FORMAT": SENSE_FORMAT}
    assert _defines((folder / "_bidding.h").read_text()) == {"BIDDER_FORMAT": BIDDER_FORMAT}
    assert all(f'#include "{name}"' in (folder / "_playout.c").read_text() for name in ("_heuristic.h", "_bidding.h"))


def test_a_source_distribution_builds_and_a_change_to_the_header_rebuilds_both_modules(tmp_path):
    """MANIFEST.in ships ``obligations.h``, and setup.py lists it among both extensions' depends: a build from the
    sdist succeeds, and a changed header rebuilds the playout kernel and the solver and changes the digest of
    both sources (so kernel.py leaves their older builds unused)."""
    need_compiler("the compiled modules")
    made = subprocess.run([sys.executable, "setup.py", "-q", "sdist", "-d", str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    with tarfile.open(next(tmp_path.glob("*.tar.gz"))) as sdist:
        for member in (member for member in sdist.getmembers() if member.isfile()):
            (tmp_path / member.name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / member.name).write_bytes(sdist.extractfile(member).read())
    unpacked = next(path for path in tmp_path.iterdir() if path.is_dir())
    build = [sys.executable, "setup.py", "-q", "build_ext", "-b", "out", "-t", "temp"]

    def built() -> dict[str, int]:
        result = subprocess.run(build, cwd=unpacked, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        return {path.name.split(".")[0]: path.stat().st_mtime_ns for path in (unpacked / "out" / "belot_rules").glob("_*")}

    first = built()
    assert first.keys() == {"_playout", "_solver"}
    sources = unpacked / "belot_rules"
    digests = {name: kernel_module.source_digest(name, sources) for name in first}
    header = sources / "rules" / "play" / "obligations.h"
    header.write_text(header.read_text() + "/* changed */\n")
    later = max(first.values()) // 10**9 + 10
    os.utime(header, (later, later))
    again = built()
    assert all(again[name] > first[name] for name in first)
    assert all(kernel_module.source_digest(name, sources) != digests[name] for name in first)
    digests = {name: kernel_module.source_digest(name, sources) for name in first}
    heuristic = sources / "_heuristic.h"  # the kernel's alone: a change to it is the kernel's new source only
    heuristic.write_text(heuristic.read_text() + "/* changed */\n")
    assert kernel_module.source_digest("_playout", sources) != digests["_playout"]
    assert kernel_module.source_digest("_solver", sources) == digests["_solver"]
