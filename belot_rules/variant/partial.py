"""The contradictions between the rules of a file whose values are partly invalid.

Pydantic builds no variant while a value is invalid, so its checks of rules against each other
would wait until a wrong type in ``scoring`` is fixed before telling the author that ``bidding``
and ``deal`` disagree. Here the invalid values are set aside (the default stands in for each),
the variant is built without its checks, and each check (``model.CHECKS``) runs on it through a
recorder of the rules it reads. A check that read a rule set aside is dropped, since the stand-in
may have decided its answer; every other check reads only valid values the file states, so its
answer is the one it will give once the invalid values are fixed.
"""

from __future__ import annotations

import copy
import difflib
import types
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from .explain import PHASES, find_key, rule_errors, sections_holding, submodel
from .model import CHECKS, Conflict, Variant

RulePath = tuple[str, ...]
_ROUNDS = 4  # setting a value aside may reveal one more (a table without its required points): a few rounds


def standing_conflicts(err: ValidationError, data: dict[Any, Any]) -> list[Conflict]:
    """The contradictions pydantic found, or, when invalid values kept it from looking, those found
    by the checks that read none of them."""
    errors = rule_errors(err)
    if all(e.get("conflict") for e in errors):
        return [(tuple(e["loc"]), e["msg"]) for e in errors]
    variant, aside = _built_without(errors, data)
    if variant is None:
        return []
    found: list[Conflict] = []
    for section, check in CHECKS:
        messages, reads = run_recorded(check, variant)
        if not any(_overlap(read, rule) for read in reads for rule in aside):
            found += [(section, message) for message in messages]
    return found


def run_recorded(check: Callable[[Variant], list[str]], variant: Variant) -> tuple[list[str], set[RulePath]]:
    """What ``check`` says of ``variant``, and the path of every rule it read to say it."""
    reads: set[RulePath] = set()
    return check(_Recorder(variant, (), reads)), reads  # type: ignore[arg-type]


def _built_without(errors: list[dict[str, Any]], data: dict[Any, Any]) -> tuple[Variant | None, set[RulePath]]:
    """The variant with every invalid value set aside, unchecked, and the rules set aside (None if it cannot be built)."""
    repaired = {k: v for k, v in data.items() if k not in ("name", "title")}
    repaired.update(name="unchecked", title="unchecked")  # no check reads them
    aside: set[RulePath] = set()
    for _ in range(_ROUNDS):
        for error in errors:
            if error.get("conflict"):
                continue
            written, rules = _invalid(error)
            _remove(repaired, written)
            aside |= rules
        try:
            return Variant.model_validate(repaired, context={"unchecked": True}), aside
        except ValidationError as again:
            errors = rule_errors(again)
    return None, aside


def _invalid(error: dict[str, Any]) -> tuple[tuple[Any, ...], set[RulePath]]:
    """What to remove from the file for a pydantic error, and which rules that leaves unknown.

    A wrong value is its rule. A missing one (a rank table without its points) is its whole
    section. An unknown key may be any rule of its section misspelt, so it is the section; at the
    top level, the sections it nearly names or that have a rule of its name (``scorig``, ``target``,
    ``max_level``), else none (a note of the author's).
    """
    loc = tuple(error["loc"])
    rule = _rule_path(loc)
    if error["type"] == "missing":
        return rule[:-1], {rule[:-1]} if rule[:-1] else set()
    if error["type"] != "extra_forbidden":
        return rule, {rule}
    written = loc[:len(rule) + 1]
    if rule:
        return written, {rule}
    key = str(loc[0])
    meant = {(phase,) for phase in difflib.get_close_matches(key, PHASES, n=3, cutoff=0.6)}
    return written, meant | {section for section in sections_holding(key) if section}


def _rule_path(loc: tuple[Any, ...]) -> RulePath:
    """The longest start of a pydantic location that names rules: ``deal.first_packets``, not its entry 1."""
    model: type[BaseModel] | None = Variant
    path: list[str] = []
    for element in loc:
        if model is None or not isinstance(element, str) or element not in model.model_fields:
            break
        path.append(element)
        model = submodel(model.model_fields[element].annotation)
    return tuple(path)


def _remove(data: dict[Any, Any], path: tuple[Any, ...]) -> None:
    """Delete the value at ``path`` (as the file spells the keys), so that its default stands in."""
    current: Any = data
    for key in path[:-1]:
        found = find_key(current, key) if isinstance(current, dict) else None
        if found is None or not isinstance(current[found], dict):
            return
        current[found] = copy.copy(current[found])  # the caller's data stays as it was
        current = current[found]
    found = find_key(current, path[-1]) if path and isinstance(current, dict) else None
    if found is not None:
        del current[found]


def _overlap(read: RulePath, rule: RulePath) -> bool:
    """Whether reading ``read`` reads something of ``rule`` (one holds the other)."""
    shorter = min(len(read), len(rule))
    return read[:shorter] == rule[:shorter]


class _Recorder:
    """A section of rules as a check sees it, writing down the path of every rule the check reads.

    A property or method of the section runs with the recorder as ``self``, so the rules it reads
    are written down too.
    """

    def __init__(self, model: BaseModel, path: RulePath, reads: set[RulePath]) -> None:
        self._model, self._path, self._reads = model, path, reads

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(type(self._model), name, None)
        if isinstance(attribute, property):
            return attribute.fget(self)  # type: ignore[misc]
        if isinstance(attribute, types.FunctionType):
            return types.MethodType(attribute, self)
        value = getattr(self._model, name)
        path = (*self._path, name)
        if isinstance(value, BaseModel):
            return _Recorder(value, path, self._reads)
        self._reads.add(path)
        return value
