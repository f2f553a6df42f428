"""Options under the keys older files gave them (``OldKey`` on the option's declaration).

A file is read with each old key written as its option before the chain is merged, so that a
child's new key overrides a parent's old one and every later message points into the file; each
old key gets a note at its place saying what to write instead. The content hash writes the
options back in their old form, and the JSON Schema accepts the old keys, marked deprecated.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from pydantic import BaseModel

from ..errors import Problem
from ..files import Document, KeyPath, NodeInfo
from ..i18n import gettext as _
from ..rules.common import (
    OldKey,
    Option,
    Rule,
    by_contract_form,
    in_contract,
    option_of,
    override_keys,
    rename_old_keys,
)
from .explain import opened, submodel
from .model import Variant


def read_old_keys(doc: Document, model: type[BaseModel] = Variant) -> tuple[Document, tuple[Problem, ...]]:
    """``doc`` with every old key written as its option (value translated, places moved), and a note for each."""
    if not isinstance(doc.data, dict):
        return doc, ()
    nodes = dict(doc.nodes)
    notes: list[Problem] = []
    data = _renamed(model, doc.data, (), nodes, notes, doc.name)
    return dataclasses.replace(doc, data=data, nodes=nodes), tuple(notes)


def _renamed(model: type[BaseModel], data: dict[Any, Any], path: KeyPath, nodes: dict[KeyPath, NodeInfo],
             notes: list[Problem], file: str) -> dict[Any, Any]:
    old_keys = model.old_keys if issubclass(model, Rule) else {}
    if any(key in old_keys for key in data):
        try:
            renamed = rename_old_keys(model, data)  # type: ignore[arg-type]
        except ValueError:  # the rule said twice: the model tells it, at the old key
            renamed = data
        else:
            for key in [k for k in data if k in old_keys]:
                name, old = old_keys[key]
                _move(nodes, (*path, key), (*path, name, old.part) if old.part else (*path, name))
                if old.converter is not None and isinstance(data[key], list):  # each kind listed is now a key
                    for index, kind in enumerate(data[key]):
                        _move(nodes, (*path, name, index), (*path, name, str(kind)))
                        if (listed := nodes.get((*path, name, str(kind)))) is not None:
                            nodes[(*path, name, str(kind))] = dataclasses.replace(listed, key=listed.value)
                place = nodes.get((*path, name, old.part) if old.part else (*path, name))
                at = (place.key or place.value) if place is not None else None
                notes.append(Problem(file, _note(path, key, name, old, data[key]), at.line if at else 1,
                                     at.column if at else 1))
        data = renamed
    for key, value in data.items():
        field = model.model_fields.get(str(key))
        section = submodel(field.annotation) if field is not None else None
        if section is not None and isinstance(value, dict):
            data = {**data, key: _renamed(section, value, (*path, key), nodes, notes, file)}
    return data


def _note(path: KeyPath, key: str, name: str, old: OldKey, written: Any) -> str:
    where = ".".join(map(str, (*path, key)))
    if old.part:
        return f"{where}: " + _("`{key}` is the older way to write `{name}` in {part} contracts, still read; write it "
                                "under `{name}` as `{part}:` instead (with the others under `default:`)").format(
            key=key, name=name, part=old.part)
    value = old.converter.shortest(written) if old.converter else old.new_value(written)
    if (old.values or old.converter) and value is not written:
        return f"{where}: " + _("`{old}` is the older way to write `{new}`, still read; write `{new}` instead").format(
            old=f"{key}: {_shown(written)}", new=f"{name}: {_shown(value)}")
    return f"{where}: " + _("`{key}` is the older name of `{name}`, still read; write `{name}` instead").format(
        key=key, name=name)


def _shown(value: Any) -> str:
    """A value as a file writes it (``true``, ``[suit]``, ``{default: false, suit: true}``)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_shown(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(map(_shown, value)) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _move(nodes: dict[KeyPath, NodeInfo], old: KeyPath, new: KeyPath) -> None:
    """The places of a key path and of everything below it, under another key."""
    for path in [p for p in nodes if p[:len(old)] == old]:
        nodes[(*new, *path[len(old):])] = nodes.pop(path)


def in_old_form(rules: dict[str, Any], model: type[BaseModel] = Variant) -> dict[str, Any]:
    """``rules`` (a model dump) with each option that has an old key written under it, as far as its value allows:
    the canonical form of the content hash, which a renaming leaves as it was."""
    shown = dict(rules)
    for name, field in model.model_fields.items():
        if name not in shown:
            continue
        section = submodel(field.annotation)
        if section is not None and isinstance(shown[name], dict):
            shown[name] = in_old_form(shown[name], section)
        option = option_of(field)
        if option is not None and option.hashed_as is not None:
            shown[name] = option.hashed_as(shown[name])
        if option is not None and _each_kind_apart(shown, name, option, override_keys(field.annotation)):
            continue
        for old in option.old_keys if option is not None else ():
            if old.part:
                form = shown[name] if isinstance(shown[name], dict) and "default" in shown[name] else {
                    "default": shown[name]}
                if set(form) <= {"default", old.part}:  # other overrides have no old form
                    shown[name], shown[old.key] = form["default"], form.get(old.part)
                    if old.implied_default is not None and form["default"] == old.implied_default:
                        del shown[name]
                    break
                continue
            writable, value = old.old_value(shown[name])
            if writable:
                del shown[name]
                shown[old.key] = value
                break
    return shown


def _each_kind_apart(shown: dict[str, Any], name: str, option: Option, keys: tuple[str, ...]) -> bool:
    """A rule by contract whose old form gave each place it is shown in a key of its own and had none for the
    default (``scoring.rounding``'s ``suit``, ``no_trumps``, ``all_trumps``): written so in ``shown``, each as
    played there, where its overrides name only those places; an old key at the default it implied is left out.
    Whether the rule's old keys are of that form."""
    olds = {old.part: old for old in option.old_keys if old.part}
    if not olds or set(olds) != set(option.shown_in):
        return False
    if set(by_contract_form(shown[name], keys)) <= {"default", *olds}:
        written = shown.pop(name)
        for part, old in olds.items():
            value = in_contract(written, part, keys)
            if old.implied_default is None or value != old.implied_default:
                shown[old.key] = value
    return True


def with_old_keys(definitions: dict[str, Any], root: dict[str, Any], model: type[BaseModel] = Variant) -> None:
    """Add each old key to the generated JSON Schema beside its option (``root`` is the variant's own schema),
    deprecated, with the values it took."""
    schema = root if model is Variant else definitions.get(model.__name__)
    for name, field in model.model_fields.items():
        for section in dict.fromkeys(section for _keys, section, _value in opened(field) if section is not None):
            with_old_keys(definitions, root, section)
        option = option_of(field)
        if schema is None or option is None:
            continue
        for old in option.old_keys:
            written = copy.deepcopy(schema["properties"][name])
            if old.part:  # one override of a rule that may differ by contract: its plain form, or null
                accepted = {"anyOf": [written["anyOf"][0], {"type": "null"}]}
            else:
                accepted = (copy.deepcopy(old.converter.schema) if old.converter else {"enum": list(old.values)} if old.values
                            else written)
            accepted.pop("default", None)
            message = (f"The older way to write `{name}` in {old.part} contracts, still read: write it under `{name}` "
                       f"as `{old.part}:` instead." if old.part else
                       f"The older name of `{name}`, still read: write `{name}` instead.")
            schema["properties"][old.key] = {**accepted, "description": message, "deprecated": True,
                                             "deprecationMessage": message}
