"""Whole random deals in the kernel (belot_rules/_random_deal.h, engine/random_deals.py): a chunk of a table of random
players alone counts exactly what the Python path counts, deal by deal, on every variant the kernel takes; the
variants it does not take are played by the Python path."""

from __future__ import annotations

import glob
import os
import random
from typing import Any

import pytest
from hypothesis import example, given, settings, strategies as st

from belot_rules import kernel, load_variant
from belot_rules.engine import random_deals
from belot_rules.engine.deal import DealState
from belot_rules.engine.random_deals import random_tables
from belot_rules.rules.deal.dealing import shuffle
from belot_rules.ruleset import Ruleset
from belot_rules.sim import simulate as simulate_module
from belot_rules.sim.plan import Chunk, compiled
from belot_rules.sim.simulate import DEALS, Plan, play_chunk, record_deal, record_random_deals, reseed
from belot_rules.sim.stats import Tally, tally_to_json
from belot_rules.sim.table import DealSeats
from belot_rules.variant.model import Variant

pytestmark = pytest.mark.skipif(kernel.compiled is None, reason="the compiled kernel is not built")

VARIANTS = sorted(os.path.basename(path)[:-5] for path in glob.glob(os.path.join(os.path.dirname(__file__), "..",
                                                                                    "variants", "*.yaml")))
TAKEN = ("bulgarian", "bulgarian-cut-only")  # the shipped variants whose rules the kernel expresses


def ruleset_of(name: str) -> Ruleset:
    loaded = load_variant(name)
    return compiled(loaded.variant, loaded.content_hash)


def chunk_both_ways(variant: Variant, content_hash: str, seed: int, start: int, count: int,
                    monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], dict[str, Any]]:
    """A chunk of random seats' deals, in the kernel and on the Python path (the kernel's whole deals switched off)."""
    ruleset = compiled(variant, content_hash)
    plan = Plan(((variant, content_hash),), DEALS, ("random",) * ruleset.seating.players, seed)
    in_kernel = tally_to_json(play_chunk(plan, Chunk(0, start, count)))
    with monkeypatch.context() as patch:
        patch.setattr(simulate_module, "random_tables", lambda ruleset: None)
        in_python = tally_to_json(play_chunk(plan, Chunk(0, start, count)))
    return in_kernel, in_python


def test_the_kernel_takes_the_ladder_variants_whose_rules_it_expresses():
    taken = tuple(name for name in VARIANTS if random_tables(ruleset_of(name)) is not None)
    assert taken == TAKEN


@pytest.mark.parametrize("name", TAKEN)
def test_a_chunk_in_the_kernel_counts_what_the_python_path_counts(name, monkeypatch):
    loaded = load_variant(name)
    in_kernel, in_python = chunk_both_ways(loaded.variant, loaded.content_hash, 3, 0, 1500, monkeypatch)
    assert in_kernel == in_python
    assert in_kernel["deals"] == 1500 and in_kernel["counts"]["declarations"] and in_kernel["counts"]["belote"]


@pytest.mark.parametrize("name", TAKEN)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**40), number=st.integers(0, 10**9))
def test_each_random_deal_in_the_kernel_is_the_python_paths(name, seed, number):
    """Deal by deal (a chunk of one deal): the same auction, cards, declarations, belotes and score."""
    loaded = load_variant(name)
    with pytest.MonkeyPatch.context() as patch:
        in_kernel, in_python = chunk_both_ways(loaded.variant, loaded.content_hash, seed, number, 1, patch)
    assert in_kernel == in_python


@settings(max_examples=100, deadline=None)
@given(seeds=st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=4), first=st.integers(0, 10**6))
@example(seeds=[0, 1, 2**32 - 1, 2**32, 2**63, 2**64 - 1], first=0)
def test_the_kernels_generator_is_random_random_of_the_seed(seeds, first):
    """Any seed below 2**64, of one 32-bit word or two: the kernel's deals are those of ``random.Random(seed)``."""
    ruleset = ruleset_of("bulgarian")
    tables = random_tables(ruleset)
    assert tables is not None
    in_kernel = Tally()
    record_random_deals(in_kernel, ruleset, tables, first, seeds)
    in_python, table, rng = Tally(), DealSeats(("random",) * 4, ruleset), random.Random()
    for number, seed in enumerate(seeds, first):
        reseed(rng, seed)
        deck = list(ruleset.seating.cards)
        shuffle(rng, deck)
        record_deal(in_python, table.play_deal(DealState.start(ruleset, deck, number % 4, shuffled=True), rng))
    assert tally_to_json(in_kernel) == tally_to_json(in_python)


def with_declarations(base: str, **options: Any) -> Variant:
    """``base`` with other declaration options (``belote`` a dict of the belote's)."""
    variant = load_variant(base).variant
    belote = variant.declarations.belote.model_copy(update=options.pop("belote", {}))
    declarations = variant.declarations.model_copy(update={**options, "belote": belote})
    return Variant.model_validate(variant.model_copy(update={"declarations": declarations}).model_dump())


OPTIONS = [
    {"contest": "unified"},
    {"contest": "unified", "more_cards_beat_equal_value": True},
    {"contest": "none"},
    {"tie": "trump_then_cancel"},
    {"tie": "trump_then_first_in_play_order"},
    {"tie": "first_in_play_order"},
    {"winner_scores": "best_only"},
    {"quad_sequence_overlap": "both_count"},
    {"quad_beats_equal_sequence": False, "contest": "unified"},
    {"sequence_compare": "length_then_top", "sequences": {3: 20, 4: 50, 5: 100, 6: 150}},
    {"long_run": "quint_plus_tierce_for_eight"},
    {"belote": {"announcement": "required", "forced_card": "lost"}},
    {"belote": {"play_condition": "always", "in_sequence": "belote_absorbed"}},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()))
def test_declaration_and_belote_options_in_the_kernel(options, monkeypatch):
    """The contest's and the belote's options the shipped variants the kernel takes do not use, one by one."""
    variant = with_declarations("bulgarian", **options)
    assert random_tables(compiled(variant, "")) is not None
    in_kernel, in_python = chunk_both_ways(variant, "", 5, 0, 1200, monkeypatch)
    assert in_kernel == in_python


def test_rules_the_kernel_does_not_express_are_left_to_python(monkeypatch):
    """A variant with a rule the kernel's deals lack (here a player choosing between a quad and a sequence that share
    a card) packs to None, and its chunks are played on the Python path, never in the kernel."""
    choosing = with_declarations("bulgarian", quad_sequence_overlap="player_chooses")
    assert random_tables(compiled(choosing, "")) is None

    def refused(*args: object) -> None:
        raise AssertionError("a variant the kernel does not take was played there")

    monkeypatch.setattr(simulate_module, "play_random_deals", refused)
    for variant, content_hash in [(choosing, ""), *((load_variant(name).variant, load_variant(name).content_hash)
                                                    for name in ("french", "coinche", "klaverjas-amsterdam"))]:
        players = compiled(variant, content_hash).seating.players
        tally = play_chunk(Plan(((variant, content_hash),), DEALS, ("random",) * players, 1), Chunk(0, 0, 50))
        assert tally.deals == 50


def test_without_the_kernel_the_python_path_plays(monkeypatch):
    loaded = load_variant("bulgarian")
    plan = Plan(((loaded.variant, loaded.content_hash),), DEALS, ("random",) * 4, 2)
    expected = tally_to_json(play_chunk(plan, Chunk(0, 0, 200)))
    monkeypatch.setattr(kernel, "compiled", None)
    assert random_tables(ruleset_of("bulgarian")) is None
    assert tally_to_json(play_chunk(plan, Chunk(0, 0, 200))) == expected


def test_other_seats_are_not_played_as_random_deals(monkeypatch):
    monkeypatch.setattr(simulate_module, "play_random_deals", None)  # called: a TypeError
    loaded = load_variant("bulgarian")
    for seats in (("random", "random", "random", "easy"), ("heuristic",) * 4):
        assert play_chunk(Plan(((loaded.variant, loaded.content_hash),), DEALS, seats, 1), Chunk(0, 0, 20)).deals == 20


def test_the_kernel_refuses_tables_it_cannot_read():
    tables = random_tables(ruleset_of("bulgarian"))
    assert tables is not None
    deals = kernel.compiled.random_deals  # type: ignore[union-attr]
    with pytest.raises(TypeError, match="RandomTable"):
        deals(tables.table[:-4], tables.ladder, tables.obligations, tables.scorings, 0, [1])
    with pytest.raises(TypeError, match="ladder"):
        deals(tables.table, tables.ladder[:-4], tables.obligations, tables.scorings, 0, [1])
    with pytest.raises(TypeError, match="per contract"):
        deals(tables.table, tables.ladder, tables.obligations[1:], tables.scorings, 0, [1])
    with pytest.raises(ValueError, match="seeds"):
        deals(tables.table, tables.ladder, tables.obligations, tables.scorings, 0, [-1])
    counts = random_deals.RandomCounts(*deals(tables.table, tables.ladder, tables.obligations, tables.scorings, 0,
                                              [random.getrandbits(63) for _ in range(100)]))
    assert counts.deals == 100 == counts.all_pass + counts.played == sum(counts.taker_points.values()) + counts.all_pass
