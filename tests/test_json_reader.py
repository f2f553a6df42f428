"""The project's strict JSON reader (belot_rules/files.py): the values json.loads gives, the place of every
value, and a size of megabytes read in time linear in it (robustness round 2, item 10)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings, strategies as st

from belot_rules.files import parse_json

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**18, 10**18),
                    st.floats(allow_nan=False, allow_infinity=False, width=32), st.text(max_size=6))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4), inner,
                                                                                           max_size=4), max_leaves=30)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Any:
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield (*path, key), item
        yield from _paths(item, (*path, key))


@settings(max_examples=300, deadline=None)
@given(VALUES, st.sampled_from([None, 1, 2]))
def test_the_reader_gives_what_json_gives_and_places_every_value_where_it_is_written(value: Any, indent: Any) -> None:
    text = json.dumps(value, indent=indent)
    data, nodes = parse_json(text, "t.json")
    assert data == json.loads(text)
    lines = text.split("\n")
    for path, item in _paths(value):
        place = nodes[path].value
        written = lines[place.line - 1][place.column - 1:]
        assert written.startswith(json.dumps(item, indent=indent).split("\n")[0][:8]), (path, place)
