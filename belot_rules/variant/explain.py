"""Pydantic's validation errors, told as ``file:line:column: what is wrong; what would be valid``.

A pydantic error knows a location (``deal``, ``shuffle``) and a message; the YAML reader
knows where each key path was written. This module joins the two, rewrites the
messages for a person editing a rules file ("did you mean ...?", the valid values),
and says which file of an ``extends`` chain an inherited value came from.
"""

from __future__ import annotations

import difflib
import json
import re
import types
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from ..errors import Problem
from ..files import KeyPath, NodeInfo, Place
from ..i18n import gettext as _, ngettext
from ..rules.common import (
    KINDS,
    by_contract_form,
    choice_by_contract,
    in_contract,
    option_of,
    override_keys,
    section_by_contract,
)
from .model import Conflict, Conflicts, Variant
from .yamlsafe import norm_key, norm_path

_TYPE_TAGS = {"int", "str", "float", "bool", "none", "dict", "list"}
_MENTION = re.compile(r"[a-z_]+(?:\.[a-z_]+)*")


@dataclass(frozen=True)
class Sources:
    """The files being loaded, to name where a problem is and whether it was inherited."""

    top: str
    chain: tuple[str, ...]
    name_from_file: bool = False

    def problem(self, place: Place | None, message: str) -> Problem:
        if place is None:
            return Problem(self.top, message, 1, 1)
        if place.file != self.top and place.file in self.chain:
            via = " -> ".join(self.chain[: self.chain.index(place.file) + 1])
            message += _(" (inherited through {files})").format(files=via)
        return Problem(place.file, message, place.line, place.column)


def explain(err: ValidationError, data: dict[Any, Any], nodes: dict[KeyPath, NodeInfo], sources: Sources,
            parent_missing: bool = False) -> list[Problem]:
    """One problem per pydantic error, placed at the key or value it is about; contradictions between
    rules are left to :func:`explain_conflicts`.

    With ``parent_missing`` the rules a parent would have given are unknown: a missing field may
    be the parent's to give, so only what is wrong in the values written here is reported.
    """
    errors = rule_errors(err)
    return [_explain_one(e, data, nodes, sources) for e in errors
            if not e.get("conflict") and not (parent_missing and e["type"] == "missing") and not misspelt_here(e, errors)]


def misspelt_here(error: Mapping[str, Any], errors: list[Any]) -> bool:
    """A missing key that an unknown key beside it spells nearly (``ordr`` for ``order``, ``declarr`` for
    ``declarer``): that key's "did you mean" says it all, so "missing" is not said as well."""
    loc = tuple(error["loc"])
    if error["type"] != "missing":
        return False
    keys = [str(e["loc"][-1]) for e in errors if e["type"] == "extra_forbidden" and tuple(e["loc"])[:-1] == loc[:-1]]
    return bool(difflib.get_close_matches(str(loc[-1]), keys, n=1, cutoff=0.6))


def explain_conflicts(conflicts: list[Conflict], data: dict[Any, Any], nodes: dict[KeyPath, NodeInfo],
                      sources: Sources) -> list[Problem]:
    """Each contradiction between rules on its own line, at the first rule it names that the file states;
    two of them may share a place, so they are never merged like :func:`explain`'s problems."""
    return [_explain_one({"type": "value_error", "loc": section, "msg": message}, data, nodes, sources)
            for section, message in conflicts]


def rule_errors(err: ValidationError) -> list[dict[str, Any]]:
    """Pydantic's errors, with each contradiction of a :class:`Conflicts` as an error of its own."""
    errors: list[dict[str, Any]] = []
    for error in err.errors(include_url=False):
        found = (error.get("ctx") or {}).get("error")
        if error["type"] == "value_error" and isinstance(found, Conflicts):
            errors += [{**error, "loc": (*error["loc"], *section), "msg": message, "conflict": True}
                       for section, message in found.problems]
        else:
            errors.append(dict(error))
    return errors


def wrong_booleans(data: dict[Any, Any], nodes: dict[KeyPath, NodeInfo], sources: Sources) -> list[Problem]:
    """Booleans where a number is expected: pydantic would silently read ``on`` as 1."""
    problems = []
    for path, value in _leaves(data, ()):
        annotation = annotation_at(path) if isinstance(value, bool) else None
        if annotation is not None and _accepts(annotation, int) and not _accepts(annotation, bool):
            info = nodes.get(norm_path(path))
            dotted = _locate(path, data)[1]
            message = _label(dotted) + _("expected a number, got the boolean {value}").format(value=str(value).lower())
            if info and info.written:
                message = _label(dotted) + _("expected a number; YAML 1.1 reads `{written}` as a boolean").format(
                    written=info.written)
            problems.append(sources.problem(info.value if info else None, message))
    return problems


# ----------------------------------------------------------------------------- the model's types


def _options(annotation: Any) -> list[Any]:
    """The alternatives of a union / optional / annotated type, flattened."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _options(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return [a for arg in get_args(annotation) for a in _options(arg)]
    return [annotation]


def submodel(annotation: Any) -> type[BaseModel] | None:
    """The rules section an annotation stands for, if it is one."""
    for option in _options(annotation):
        if isinstance(option, type) and issubclass(option, BaseModel):
            return option
    return None


def opened(field: FieldInfo, *values: Any) -> list[tuple[KeyPath, type[BaseModel] | None, Any]]:
    """The sections a rule opens into for ``show``, ``compare``, the booklet and the "not used" list, each with its
    place below the rule and its part of the first of ``values`` (model dumps of the rule, one per variant, or
    none): a section itself, or a rule by contract whose value is a section or a choice, once for each kind of
    contract its option names (``Option.shown_in``) and each other contract one of ``values`` overrides, as played
    there; a choice's places have no section (None): each is a rule, told in the choice's words."""
    section = submodel(field.annotation)
    if section is not None:
        return [((), section, values[0] if values else None)]
    section = section_by_contract(field.annotation)
    if section is None and choice_by_contract(field.annotation) is None:
        return []
    keys, option = override_keys(field.annotation), option_of(field)
    shown = option.shown_in if option is not None else KINDS
    places = dict.fromkeys([*shown, *(key for value in values if value is not None
                                      for key in by_contract_form(value, keys) if key != "default")])
    return [((place,), section, in_contract(values[0], place, keys) if values and values[0] is not None else None)
            for place in places]


# The sections of a variant, in file order: the phases that show and compare group options by.
PHASES = tuple(name for name, field in Variant.model_fields.items() if submodel(field.annotation) is not None)


def annotation_at(path: KeyPath) -> Any | None:
    """The type the model expects at a key path of a variant file, or None for an unknown key."""
    annotation: Any = Variant
    for key in path:
        if keys := override_keys(annotation):  # a rule by contract: an override, or the default written plainly
            annotation = get_args(annotation)[0]
            if str(key) in ("default", *keys):
                continue
        model = submodel(annotation)
        if model is not None:
            field = model.model_fields.get(str(key))
            if field is None:
                return None
            annotation = field.annotation
            continue
        containers = [o for o in _options(annotation) if get_origin(o) in (list, dict)]
        if not containers:
            return None
        args = get_args(containers[0])
        annotation = args[-1]
    return annotation


def _all_sections(model: type[BaseModel] = Variant, path: KeyPath = ()) -> list[KeyPath]:
    """Every section of a variant file, the top level ``()`` first."""
    found = [path]
    for name, field in model.model_fields.items():
        sub = submodel(field.annotation)
        if sub is not None:
            found += _all_sections(sub, (*path, name))
    return found


def field_at(path: KeyPath) -> FieldInfo | None:
    """The field that declares the rule at ``path``, a path as ``opened`` names it; None for an unknown one."""
    if path and choice_by_contract(annotation_at(path[:-1])) is not None:  # one place of a choice by contract
        return field_at(path[:-1])
    model = submodel(annotation_at(path[:-1]))
    return model.model_fields.get(str(path[-1])) if model is not None and path else None


def value_at(dump: dict[str, Any], path: KeyPath) -> Any:
    """The value at a path as ``opened`` names it in a variant's model dump: a rule by contract's as played in
    the contract its key names."""
    value: Any = dump
    for index, key in enumerate(path):
        keys = override_keys(annotation_at(path[:index]))
        value = in_contract(value, str(key), keys) if keys else value[key]
    return value


def places_of(path: KeyPath) -> list[KeyPath]:
    """Where a file may have written the rule at ``path``, a path as ``opened`` names it: there, or where it passes
    a rule by contract, under its ``default`` or written plainly without one."""
    for index in range(1, len(path)):
        if override_keys(annotation_at(path[:index])):
            head, tail = path[:index], path[index + 1:]
            return [path, (*head, "default", *tail), (*head, *tail)]
    return [path]


def _fields_of(section: KeyPath) -> list[str]:
    annotation = annotation_at(section)
    if keys := override_keys(annotation):  # a rule by contract: its overrides, or a section's rules written plainly
        rules = section_by_contract(annotation)
        return ["default", *keys, *(rules.model_fields if rules else ())]
    model = submodel(annotation)
    return list(model.model_fields) if model else []


def sections_holding(key: str) -> list[KeyPath]:
    """The sections with a rule of this name (``max_level``: bidding.doubles), the top level first."""
    return [s for s in _all_sections() if key in _fields_of(s)]


def _where(section: KeyPath) -> str:
    return _("in the {section} section").format(section=".".join(section)) if section else _("at the top level of the file")


def _unknown_key(key: str, section: KeyPath) -> str:
    """``unknown key`` with the nearest valid key here, or the section where the rule belongs."""
    fields = _fields_of(section)
    shown = key if len(key) <= 40 else key[:37] + "..."
    elsewhere = [s for s in sections_holding(key) if s != section]
    if elsewhere:
        if len(elsewhere) == 1:
            where = _where(elsewhere[0])
        else:
            listed = ", ".join(".".join(s) for s in elsewhere[:3])
            where = _("in one of the sections {sections}").format(sections=listed) if len(elsewhere) <= 3 else \
                ngettext("in one of the sections {sections} and {count} more",
                         "in one of the sections {sections} and {count} more", len(elsewhere) - 3).format(
                    sections=listed, count=len(elsewhere) - 3)
        return _("`{key}` is not a rule here; it belongs {where}").format(key=shown, where=where)
    if not difflib.get_close_matches(key, fields, n=1, cutoff=0.6):
        names = {name: s for s in _all_sections() if s != section for name in _fields_of(s)}
        near = difflib.get_close_matches(key, list(names), n=1, cutoff=0.75)
        if near:
            return _("unknown key `{key}`; did you mean `{near}`, {where}? (valid keys here: {keys})").format(
                key=shown, near=near[0], where=_where(names[near[0]]), keys=some_of(fields))
    return _("unknown key `{key}`; {suggestion}").format(key=shown, suggestion=suggest(key[:100], fields, _("valid keys here")))


def _accepts(annotation: Any, kind: type) -> bool:
    return any(option is kind for option in _options(annotation))


# ----------------------------------------------------------------------------- one error


def _explain_one(error: Any, data: dict[Any, Any], nodes: dict[KeyPath, NodeInfo], sources: Sources) -> Problem:
    path, dotted = _locate(error["loc"], data, nodes)
    info = nodes.get(norm_path(path)) if path else None
    kind = error["type"]
    value = error.get("input")
    if kind == "extra_forbidden":
        message = _label(dotted) + _unknown_key(str(error["loc"][-1]), tuple(map(str, path[:-1])))
        return sources.problem(info.key if info else None, message)
    if kind == "missing":
        field = str(error["loc"][-1])
        model = submodel(annotation_at(path))
        description = model.model_fields[field].description if model and field in model.model_fields else None
        message = _label(dotted) + (_("missing; add it ({description})").format(description=description)
                                    if description else _("missing; add it"))
        return sources.problem(info.key if info else None, message)
    if kind in ("enum", "literal_error"):
        choices = re.findall(r"'([^']*)'", str((error.get("ctx") or {}).get("expected", "")))
        shown = _written(value, info)
        if "[key]" in error["loc"]:  # a table whose keys are names: `contract_names: {hokum: Hokum}`
            message = _label(dotted.rpartition('.')[0]) + _("unknown key `{key}`; {suggestion}").format(
                key=shown, suggestion=suggest(shown, choices, _("valid keys")))
            return sources.problem(info.key if info else None, message)
        if info and info.written in choices:  # only here does quoting help
            return sources.problem(info.value, f"{_label(dotted)}{info.note}")
        message = _label(dotted) + _("`{value}` is not a valid value; {suggestion}").format(
            value=shown, suggestion=suggest(shown, choices, _("valid values")))
        return sources.problem(info.value if info else None, message)
    if kind == "model_type" and value is None and not (info and info.written):
        message = _label(dotted) + _("nothing is written under this section; write its rules on indented "
                                     "`key: value` lines below it, or remove the line")
        return sources.problem(info.value if info else None, message)
    if kind == "model_type":
        message = _label(dotted) + _("a section of rules, written as `key: value` lines under it, not `{value}`").format(
            value=_written(value, info))
        section = submodel(annotation_at(path))
        if section is not None and "enabled" in section.model_fields:
            message += _("; to turn {section} off, write `enabled: false` under it").format(section=path[-1])
        elif section is not None and "max_level" in section.model_fields:
            message += _("; to play without {section}, write `max_level: 0` under it").format(section=path[-1])
        return sources.problem(info.value if info else None, message)
    if kind == "value_error":
        reason = error["msg"].removeprefix("Value error, ")
        place = _mentioned(reason, path, nodes, sources.top) if submodel(annotation_at(path)) else None
        place = place or _quoted_child(reason, path, data, nodes)
        return sources.problem(place or (info.value if info else None), f"{_label(dotted)}{reason}")
    if "[key]" in error["loc"]:  # a key of a table, such as the 2 of sequences {2: 10}
        parent, _dot, key = dotted.rpartition(".")
        message = _label(parent) + _("the key `{key}` {what}").format(key=key, what=_plain_message(error, path))
        return sources.problem(info.key if info else None, message)
    message = _label(dotted) + _("{what}; got `{value}`").format(what=_plain_message(error, path),
                                                                  value=_written(value, info))
    if isinstance(value, str) and _unquote(value, kind):
        message = _label(dotted) + _("{what}; got the text {value}").format(
            what=_plain_message(error, path), value=_show(json.dumps(value))) + _unquote(value, kind)
    if isinstance(value, float) and kind.startswith("int") and value.is_integer() and abs(value) < 1e15:
        message += _(": write {number}").format(number=int(value))
    if path == ("name",) and sources.name_from_file:
        message = "name: " + _(
            "the file name gives the name `{name}`, but a name is lowercase Latin letters, digits, - and _; "
            "add a line such as `name: house-rules`").format(name=value)
    if _accepts(annotation_at(path), str):  # quoting `no` makes it the text no
        message = _with_note(message, info)
    return sources.problem(info.value if info else None, message)


_EXPECTED = {  # pydantic's error types, by what a value of the rule looks like
    "int_type": "number", "int_parsing": "number", "int_from_float": "number",
    "bool_type": "boolean", "bool_parsing": "boolean",
    "string_type": "text", "list_type": "list", "dict_type": "table",
}
_BOUNDS = {"greater_than_equal": "ge", "less_than_equal": "le", "greater_than": "gt", "less_than": "lt"}
_LENGTHS = {"string_too_short": "min_length", "string_too_long": "max_length", "too_short": "min_length",
            "too_long": "max_length"}


def _expected(kind: str, nullable: bool) -> str:
    """``should be a whole number`` (``or null`` where the rule may be null), in the current language."""
    said = {
        ("number", False): _("should be a whole number"), ("number", True): _("should be a whole number or null"),
        ("boolean", False): _("should be true or false"), ("boolean", True): _("should be true or false or null"),
        ("text", False): _("should be text"), ("text", True): _("should be text or null"),
        ("list", False): _("should be a list, written [a, b, c]"),
        ("list", True): _("should be a list, written [a, b, c] or null"),
        ("table", False): _("should be a table of `key: value` pairs, written {a: 1, b: 2}"),
        ("table", True): _("should be a table of `key: value` pairs, written {a: 1, b: 2} or null"),
    }
    return said[_EXPECTED[kind], nullable]


def _bound(kind: str, bound: object) -> str:
    """``should be at least 0``: a number's bound, in the current language."""
    said = {"ge": _("should be at least {bound}"), "le": _("should be at most {bound}"),
            "gt": _("should be more than {bound}"), "lt": _("should be less than {bound}")}
    return said[_BOUNDS[kind]].format(bound=bound)


def _length(kind: str, ctx: dict[str, Any]) -> str | None:
    """A text's or a list's bound on its length, as pydantic says it in English; None for other containers."""
    count = ctx.get(_LENGTHS[kind])
    if not isinstance(count, int):
        return None
    text = kind.startswith("string")
    if not text and ctx.get("field_type") != "List":
        return None
    said = {
        (True, "min_length"): ngettext("string should have at least {count} character",
                                       "string should have at least {count} characters", count),
        (True, "max_length"): ngettext("string should have at most {count} character",
                                       "string should have at most {count} characters", count),
        (False, "min_length"): ngettext("list should have at least {count} item after validation, not {actual}",
                                        "list should have at least {count} items after validation, not {actual}", count),
        (False, "max_length"): ngettext("list should have at most {count} item after validation, not {actual}",
                                        "list should have at most {count} items after validation, not {actual}", count),
    }
    return said[text, _LENGTHS[kind]].format(count=count, actual=ctx.get("actual_length"))


def _plain_message(error: Any, path: KeyPath) -> str:
    """Pydantic's "Input should be a valid integer, unable to parse ..." as a player would say it."""
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind in _EXPECTED:
        return _expected(kind, _accepts(annotation_at(path), type(None)) and "[key]" not in error["loc"])
    if kind in _BOUNDS and _BOUNDS[kind] in ctx:
        return _bound(kind, ctx[_BOUNDS[kind]])
    length = _length(kind, ctx) if kind in _LENGTHS else None
    if length is not None:
        return length
    if kind == "string_pattern_mismatch" and path == ("name",):
        return _("should be lowercase letters, digits, - and _, like `my-rules` (the title may be any text)")
    return f"{error['msg'][:1].lower()}{error['msg'][1:]}"


def _unquote(text: str, kind: str) -> str:
    """What to write instead of a quoted number or boolean: the same without quotes; empty for other text."""
    plain = text.strip().lower()
    if kind.startswith("bool") and plain in ("true", "false", "yes", "no", "on", "off", "y", "n"):
        if plain in ("true", "false"):
            return _(": write {value} without quotes").format(value=plain)
        return _(": write true or false without quotes")
    if kind.startswith("int") and re.fullmatch(r"-?[0-9]+", plain):
        return _(": write {value} without quotes").format(value=plain)
    return ""


def _written(value: Any, info: NodeInfo | None) -> str:
    """A value as the author wrote it: ``no``, not the boolean YAML 1.1 made of it."""
    return info.written if info and info.written else _show(value)


def _locate(loc: tuple[Any, ...], data: Any, nodes: dict[KeyPath, NodeInfo] | None = None) -> tuple[KeyPath, str]:
    """The key path in the data that a pydantic location points to, and a readable ``a.b[2].c``: as the file
    wrote it, so without the ``default`` of a rule by contract the file wrote plainly (the loader's, see
    ``loader._as_default``, which gives it the place of the rule itself)."""
    path: list[Any] = []
    dotted = ""
    current = data
    for element in loc:
        if isinstance(current, list) and isinstance(element, int) and 0 <= element < len(current):
            path.append(element)
            dotted += f"[{element}]"
            current = current[element]
            continue
        if isinstance(element, str) and ("[" in element or element in _TYPE_TAGS):
            continue
        if element == "default" and not (isinstance(current, dict) and "default" in current) and path:
            continue  # a rule that may differ by contract, written plainly: its value is the default
        key = find_key(current, element) if isinstance(current, dict) else None
        made = element == "default" and nodes is not None and path and (
            nodes.get(norm_path((*path, "default"))) is nodes.get(norm_path(tuple(path))) is not None)
        if not made:
            dotted += f".{element}" if dotted else str(element)
        if key is None:
            current = None
            continue
        path.append(key)
        current = current[key]
    return tuple(path), dotted


def find_key(mapping: dict[Any, Any], wanted: object) -> Any | None:
    """The key of ``mapping`` that names the same rule as ``wanted`` (``10`` and ``T``, ``9`` and ``"9"``)."""
    target = norm_key(wanted)
    return next((k for k in mapping if norm_key(k) == target), None)


def _mentioned(reason: str, path: KeyPath, nodes: dict[KeyPath, NodeInfo], top: str) -> Place | None:
    """A cross-field check names the rules involved: point at one the file itself states, else at any stated."""
    base = norm_path(path)
    tokens = _MENTION.findall(reason)
    candidates = [(*base, *t.split(".")) for t in tokens if path or "." in t]
    candidates += [tuple(t.split(".")) for t in tokens if "." in t]
    # a rule by contract's place (play.trump_overtake.all_trumps) may be written as its default or plainly
    places = [nodes[place].value for c in candidates for place in places_of(c) if place in nodes]
    return next((p for p in places if p.file == top), places[0] if places else None)


def _quoted_child(reason: str, path: KeyPath, data: Any, nodes: dict[KeyPath, NodeInfo]) -> Place | None:
    """A table or list whose check names one of its entries (``unknown rank 'X'``): the place of that entry."""
    current = data
    for key in path:
        current = current[key] if isinstance(current, (dict, list)) else None
    if isinstance(current, dict):
        entries = [(k, True) for k in current] + [(k, False) for k, v in current.items() if not isinstance(v, (dict, list))]
    elif isinstance(current, list):
        entries = [(i, False) for i in range(len(current))]
    else:
        return None
    for token in re.findall(r"'([^']*)'", reason):
        for key, is_key in entries:
            written = key if is_key else current[key]
            info = nodes.get(norm_path((*path, key)))
            if info is not None and str(written) == token:
                return info.key if is_key else info.value
    return None


def suggest(given: str, choices: list[str], label: str, room: int = 240) -> str:
    """``did you mean `x`? (label: a, b, c)``, or just the list when nothing is close."""
    close = difflib.get_close_matches(given, choices, n=1, cutoff=0.6)
    if close:
        return _("did you mean `{choice}`? ({label}: {choices})").format(choice=close[0], label=label,
                                                                         choices=some_of(choices, room))
    return f"{label}: {some_of(choices, room)}"  # the label is in the current language already


def some_of(choices: list[str], room: int = 240) -> str:
    """The choices, comma-separated, as many as fit ``room`` characters, then an ellipsis: a section with many
    rules (declarations has over twenty) keeps its error on one readable line."""
    shown: list[str] = []
    for choice in choices:
        if len(", ".join([*shown, choice])) > room:
            return ", ".join(shown) + ", …"
        shown.append(choice)
    return ", ".join(shown)


def _with_note(message: str, info: NodeInfo | None) -> str:
    return f"{message}; {info.note}" if info and info.note else message


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "null"
    text = json.dumps(value, default=str, ensure_ascii=False) if isinstance(value, (dict, list)) else str(value)
    text = " ".join(text.split())  # a problem stays on one line
    return text if len(text) <= 60 else text[:57] + "..."


def _label(dotted: str) -> str:
    """``a.b[2].c: `` to start a message; a path through huge keys is cut to a readable length."""
    shown = dotted if len(dotted) <= 80 else dotted[:77] + "..."
    return f"{shown}: " if dotted else ""


def _leaves(value: Any, path: KeyPath) -> list[tuple[KeyPath, Any]]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in _leaves(v, (*path, i))]
    return [(path, value)]
