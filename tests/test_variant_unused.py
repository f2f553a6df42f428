"""The rules ``belot show`` and ``belot compare`` call "not used" really change nothing in the variant."""

from __future__ import annotations

import copy
from enum import Enum
from typing import Annotated, Any, Literal, get_args, get_origin

import pytest
from pydantic import ValidationError

from belot_rules.players import make_player
from belot_rules.ruleset import Ruleset
from belot_rules.sim.table import Table
from belot_rules.variant.explain import annotation_at, submodel
from belot_rules.variant.loader import load_variant_model
from belot_rules.variant.model import Variant
from belot_rules.variant.unused import unused_reason, unused_rules
from belot_rules.variant.yamlsafe import KeyPath

PROBED = ("french-single-deal", "french", "bulgarian", "belote-a-trois", "belote-a-deux", "klaverjas-amsterdam", "coinche")
SEEDS = (0, 1)


def test_match_deals_is_used_in_a_single_deal_variant() -> None:
    """Issue "One home for each rule": `belot show french-single-deal` listed match.deals as not used,
    although setting it is what makes a match without a target longer than one deal."""
    unused = unused_rules(load_variant_model("french-single-deal").variant)
    assert unused_reason(unused, ("match", "deals")) is None
    assert unused_reason(unused, ("match", "deals_tie")) == "match.target null plays a single deal"


def leaf_paths(model: type[Any], path: KeyPath = ()) -> list[KeyPath]:
    """Every rule of the model by its key path, sections opened."""
    paths: list[KeyPath] = []
    for name, field in model.model_fields.items():
        section = submodel(field.annotation)
        paths += [(*path, name)] if section is None else leaf_paths(section, (*path, name))
    return paths


def alternatives(annotation: Any, value: Any) -> list[Any]:
    """Other values a file could write for a rule: every other named value, numbers nearby, lists and
    tables shortened or changed; some may break other rules, which the caller skips."""
    found: list[Any] = []
    for option in get_args(annotation) if get_origin(annotation) not in (None, Literal, Annotated, list, dict) else [annotation]:
        origin = get_origin(option)
        if option is bool:
            found.append(not value)
        elif isinstance(option, type) and issubclass(option, Enum):
            found += [member.value for member in option if member.value != value]
        elif origin is Literal:
            found += [arg for arg in get_args(option) if arg != value]
        elif option is int or (origin is Annotated and get_args(option)[0] is int):
            found += [value + 1, value - 1, 2 * value] if isinstance(value, int) else [1, 2, 5]
        elif option is type(None) and value is not None:
            found.append(None)
        elif origin is list and value:
            found += [value[::-1], value[:-1]]
        elif origin is dict and value:
            found += [{k: v + 7 if isinstance(v, int) else v for k, v in value.items()}, dict(list(value.items())[:-1])]
    return found


def played(variant: Variant) -> list[tuple[Any, ...]]:
    """Two seeded matches of random players, every call, card and score of them."""
    ruleset = Ruleset(variant)
    results = []
    for seed in SEEDS:
        players = [make_player("random", ruleset, 10 * seed + seat) for seat in range(ruleset.seating.players)]
        match = Table(players).play_match(ruleset, seed)
        results.append((tuple(match.board), match.winner, match.drawn,
                        tuple((d.actions, d.score.match_points if d.score else None) for d in match.deals)))
    return results


def with_value(data: dict[str, Any], path: KeyPath, value: Any) -> Variant | None:
    """The variant with the rule at ``path`` changed, or None when the change breaks another rule."""
    changed = copy.deepcopy(data)
    section = changed
    for key in path[:-1]:
        section = section[key]
    section[path[-1]] = value
    try:
        return Variant.model_validate(changed)
    except ValidationError:
        return None


@pytest.mark.parametrize("name", PROBED)
def test_a_rule_reported_unused_plays_the_same_whatever_its_value(name: str) -> None:
    """Issue "One home for each rule" (item 6): every option reported unused really changes nothing.

    Each rule ``show`` calls not used is set to each other valid value, and two seeded matches must
    play the same calls and cards to the same scores; a wrong "not used" fails here.
    """
    variant = load_variant_model(name).variant
    unused = unused_rules(variant)
    data = variant.model_dump(mode="json")
    expected = played(variant)
    probed = 0
    for path in leaf_paths(Variant):
        if unused_reason(unused, path) is None:
            continue
        current: Any = data
        for key in path:
            current = current[key]
        for value in alternatives(annotation_at(path), current):
            changed = with_value(data, path, value)
            if changed is not None:
                probed += 1
                assert played(changed) == expected, f"{name}: {'.'.join(map(str, path))} {value!r} changes play"
    assert probed >= 10
