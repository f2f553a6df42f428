"""Every list of ranks and every table by rank in a variant file reads a rank the same way: ``10``, ``t`` and
``T`` are the ten, YAML's bare ``9`` is the nine (one reader, ``rules/common.py``: ``Ranks``, ``RankPoints``)."""

from __future__ import annotations

from typing import Any

import pytest

from belot_rules.variant.model import Variant

ORDER = [10, "j", 9, "A", "t", "K", "Q", 8]  # written with a ten twice: 10 and t
LISTS = [("cards", "sequence_order"), ("bidding", "ashkal", "not_on_ranks"), ("declarations", "quad_order")]
TABLES = [("declarations", "quads")]


def _with(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "ranks", "title": "Ranks"}
    node = data
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = value
    return data


def _read(path: tuple[str, ...], data: dict[str, Any]) -> Any:
    value: Any = Variant.model_validate(data, context={"unchecked": True})
    for key in path:
        value = getattr(value, key)
    return value


@pytest.mark.parametrize("path", LISTS, ids=".".join)
def test_a_list_of_ranks_reads_every_spelling_of_a_rank(path: tuple[str, ...]) -> None:
    assert _read(path, _with(path, ORDER)) == ["T", "J", "9", "A", "T", "K", "Q", "8"]


def test_the_pack_and_a_rank_table_read_every_spelling_of_a_rank() -> None:
    data = _with(("cards", "ranks"), [9, 10, "j", "q", "K", "a"])
    data["cards"]["trump"] = {"order": ORDER[:4] + [7, "K", "Q", 8], "points": {10: 1, "j": 2}}
    variant = Variant.model_validate(data, context={"unchecked": True})
    assert variant.cards.ranks == ["9", "T", "J", "Q", "K", "A"]
    assert variant.cards.trump_suit.of("hearts").order == ["T", "J", "9", "A", "7", "K", "Q", "8"]
    assert variant.cards.trump_suit.of("hearts").points == {"T": 1, "J": 2}


@pytest.mark.parametrize("path", TABLES, ids=".".join)
def test_a_table_by_rank_reads_every_spelling_of_a_rank(path: tuple[str, ...]) -> None:
    assert _read(path, _with(path, {10: 1, "j": 2, 9: 3})).of("clubs") == {"T": 1, "J": 2, "9": 3}
    by_contract = _read(path, _with(path, {"default": {10: 1}, "no_trumps": {"j": 2, 9: 3}}))
    assert (by_contract.of("hearts"), by_contract.of("no_trumps")) == ({"T": 1}, {"J": 2, "9": 3})
