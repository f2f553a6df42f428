"""Find a variant file, follow its ``extends`` chain, merge it and validate it.

A name without ``/`` or ``.yaml`` (``bulgarian``) is a shipped variant; anything else
is a path. ``extends:`` names a shipped variant or a path relative to the extending
file. Mappings merge deeply (a child states only what differs), lists and scalars
replace. ``name``, ``title`` and ``description`` belong to each file and are never
inherited: a missing ``name`` is the file name (lowercase, other characters as ``-``),
a missing ``title`` is built from the name and the nearest ancestor's title, a missing
description is empty. ``family`` is inherited like a rule: a variant of a Dutch game is Dutch.
"""

from __future__ import annotations

import copy
import difflib
import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from .. import i18n
from ..errors import Problem, UserError, VariantError
from ..files import Document, KeyPath, NodeInfo, Place, display_name, excerpt
from ..i18n import gettext as _
from ..rules.common import KINDS, ByContract, contract_kind, option_of, override_keys, written_with_overrides
from .explain import (
    PHASES,
    Sources,
    annotation_at,
    explain,
    explain_conflicts,
    find_key,
    opened,
    places_of,
    suggest,
    wrong_booleans,
)
from .model import Conflict, Variant
from .old_keys import in_old_form, read_old_keys
from .partial import standing_conflicts
from .unused import unused_reason, unused_rules
from .yamlsafe import norm_key, norm_path, read_yaml

OWN_KEYS = ("name", "title", "description", "family", "extends", "languages")  # what a file says about itself, not rules
PER_FILE_KEYS = ("name", "title", "description", "extends", "languages")  # never inherited; a family is, like the rules
# Rules left out of the content hash while they keep their default (see content_hash).
QUIET_DEFAULTS = (("table", "players"), ("table", "sides"), ("cards", "ranks"), ("deal", "turned_card_to"),
                  ("deal", "stock"), ("deal", "seven_exchange"), ("scoring", "taker_must_beat"),
                  ("deal", "tableau_packets"), ("scoring", "contract"),
                  ("scoring", "capot", "shared"), ("scoring", "capot", "last_trick_counts"), ("bidding", "schmeiss"),
                  ("scoring", "match_winning_points"), ("bidding", "doubles", "lock"),
                  ("deal", "redeal_claim"), ("scoring", "point_bids", "capot_bid"),
                  ("play", "trump_instead_of_following"), ("play", "void_trumping"), ("play", "bare_trump_jack"),
                  ("bidding", "push_back"),
                  ("declarations", "undenufe_melds"), ("scoring", "game_points"), ("match", "set_at"),
                  ("scoring", "capot", "multiplied_by_contract_factor"), ("declarations", "multiplied_by_contract_factor"),
                  ("declarations", "belote", "multiplied_by_contract_factor"),
                  ("play", "trump_shown"), ("play", "earlier_trumps"), ("match", "mid_deal"), ("declarations", "more_cards_beat_equal_value"),
                  ("declarations", "pair"), ("bidding", "points", "partner_overcall_min"),
                  ("deal", "redeal_claim", "with_all_four"), ("bidding", "points", "equal_holds"),
                  ("play", "hidden_trump_lead"), ("bidding", "points", "pass_is_final"),
                  ("play", "seventh_card"), ("play", "single_hand"), ("scoring", "game_points", "single_hand"),
                  ("bidding", "last_card"), ("bidding", "predictions"), ("scoring", "exact_prediction_bonus"))
MAX_CHAIN = 16
_PACKAGE = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class LoadedVariant:
    """A validated variant with what it took to build it: the files, the merged mapping, who set what."""

    variant: Variant
    resolved: dict[Any, Any]
    chain: tuple[Path, ...]
    origins: dict[KeyPath, Path]
    content_hash: str
    warnings: tuple[Problem, ...] = ()  # nothing wrong, but worth a word: sections left to the built-in defaults

    def origin(self, path: KeyPath) -> Path | None:
        """The file that set the rule at ``path`` (``("deal", "shuffle")``), or None for a model default; a rule by
        contract's value in one kind of contract comes from its override there, else from its default."""
        return next((self.origins[place] for place in places_of(norm_path(path)) if place in self.origins), None)


def shipped_dir() -> Path:
    """The shipped variant files: inside the installed package, else the checkout's ``variants/``."""
    for candidate in (_PACKAGE / "variants", _PACKAGE.parent / "variants"):
        if any(candidate.glob("*.yaml")):
            return candidate
    raise UserError(_("the shipped variant files are missing from this installation; reinstall belot-rules"))


def shipped_names() -> list[str]:
    """Names of the shipped variants, as ``load_variant_model`` accepts them."""
    return sorted(p.stem for p in shipped_dir().glob("*.yaml"))


def is_name(text: str) -> bool:
    """A shipped variant's name rather than a path: no directory part and no ``.yaml``."""
    return "/" not in text and "\\" not in text and not text.endswith((".yaml", ".yml")) and text not in (".", "..")


def resolve_source(name_or_path: str | Path) -> Path:
    """The file a command-line argument means; an unknown shipped name is a :class:`UserError`."""
    if isinstance(name_or_path, str) and is_name(name_or_path):
        path = shipped_dir() / f"{name_or_path}.yaml"
        if not is_file(path):
            local = [f for f in (name_or_path, f"{name_or_path}.yaml", f"{name_or_path}.yml") if is_file(Path(f))]
            hint = _("; for the file here, write {path}").format(
                path=local[0] if not is_name(local[0]) else './' + local[0]) if local else ""
            raise UserError(_unknown_name(name_or_path) + hint)
        return path
    return Path(name_or_path).expanduser()


def load_variant_model(name_or_path: str | Path) -> LoadedVariant:
    """Load, merge and validate a variant; every problem found is raised together as a :class:`VariantError`.

    When a parent cannot be read (a misspelt ``extends``, a broken or cyclic chain), the files that
    could be read are still checked on their own, so their unknown keys, wrong types and YAML traps
    are reported with the broken link; only what the missing rules could settle is left unsaid.
    """
    docs, broken = _read_chain(resolve_source(name_or_path))
    docs, notes = _read_old_keys(docs)
    merged, nodes = _merge_chain(docs)
    sources = Sources(docs[0].name, tuple(d.name for d in docs), name_from_file="name" not in docs[0].data)
    # what YAML did to a value comes first: at one place it explains what extends then makes of it
    problems = [sources.problem(Place(p.file, p.line or 1, p.column or 1), p.message) for d in docs for p in d.problems]
    problems += broken
    problems += wrong_booleans(merged, nodes, sources)
    conflicts: list[Problem] = []
    try:
        variant = Variant.model_validate(merged)
    except ValidationError as err:
        problems += explain(err, merged, nodes, sources, parent_missing=bool(broken))
        found = standing_conflicts(err, merged)
        conflicts = explain_conflicts(_whatever_the_parent(docs, found) if broken else found, merged, nodes, sources)
    if problems or conflicts:
        problems = _first_at_each_place(problems) + conflicts
        order = {name: i for i, name in enumerate(sources.chain)}
        problems.sort(key=lambda p: (order.get(p.file, len(order)), p.line or 0, p.column or 0))
        raise VariantError(problems)
    by_name = {d.name: d.path for d in docs}
    origins = {path: by_name[info.value.file] for path, info in nodes.items()}
    return LoadedVariant(variant, merged, tuple(d.path for d in docs), origins, content_hash(variant),
                         notes + _base_warnings(docs[-1], merged) + _no_effect_warnings(docs[0], variant)
                         + _shadowed_defaults(docs[0], variant))


def _read_old_keys(docs: list[Document]) -> tuple[list[Document], tuple[Problem, ...]]:
    """Each file with the keys older files gave some options written as those options, and a note at each."""
    read = [read_old_keys(doc) for doc in docs]
    return [doc for doc, _notes in read], tuple(note for _doc, notes in read for note in notes)


def _whatever_the_parent(docs: list[Document], found: list[Conflict]) -> list[Conflict]:
    """The contradictions that the files' own rules make with every shipped variant as their missing
    parent: ``bidding.points`` of 85 to 160 in steps of 10 contradicts itself over any of them."""
    failing = set(found)
    for name in shipped_names():
        if not failing:
            break
        try:
            merged = copy.deepcopy(load_variant_model(name).resolved)
        except UserError:
            continue
        scratch: dict[KeyPath, NodeInfo] = {}
        for doc in reversed(docs):
            doc_nodes = {norm_path(p): info for p, info in doc.nodes.items()}
            for key, value in doc.data.items():
                if key not in PER_FILE_KEYS:
                    _merge_into(merged, key, copy.deepcopy(value), (), doc_nodes, scratch)
        try:
            Variant.model_validate(merged)
        except ValidationError as other:
            failing &= set(standing_conflicts(other, merged))
        else:
            return []
    return [conflict for conflict in found if conflict in failing]


def defaults_are() -> str | None:
    """The shipped variant whose rules the model's defaults are (``bulgarian``), or None if none is."""
    return _defaults_are()


@cache
def _defaults_are() -> str | None:
    defaults = content_hash(Variant(name="defaults", title="defaults"))
    for path in sorted(shipped_dir().glob("*.yaml")):
        doc = read_yaml(path, keep_going=True)
        if "extends" not in doc.data and not doc.problems:
            try:
                if content_hash(Variant.model_validate(doc.data)) == defaults:
                    return path.stem
            except ValidationError:
                continue
    return None


def defaults_in_words() -> str:
    """The built-in defaults as a player would want them named: whose rules they are."""
    name = defaults_are()
    if name is None:
        return _("the built-in defaults")
    data = read_yaml(shipped_dir() / f"{name}.yaml", keep_going=True).data
    return _("the built-in defaults, which are {title} (`{name}`)").format(title=_title_of(data) or name, name=name)


def _title_of(data: dict[Any, Any]) -> str | None:
    """A file's own title, in the language this command speaks where the file gives it (``languages``)."""
    languages = data.get("languages")
    own = languages.get(i18n.current()) if isinstance(languages, dict) else None
    for title in (own.get("title") if isinstance(own, dict) else None, data.get("title")):
        if isinstance(title, str):
            return title
    return None


def _base_warnings(root: Document, merged: dict[Any, Any]) -> tuple[Problem, ...]:
    """A chain that starts from no variant yet leaves whole sections unstated gets the defaults for them:
    say so, since a French table that forgot ``extends: french`` would otherwise play Bulgarian unawares."""
    if "extends" in root.data:
        return ()
    unstated = [phase for phase in PHASES if find_key(merged, phase) is None]
    if not unstated:
        return ()
    return (Problem(root.name, _("no `extends`, and the sections {sections} are not stated: they get {defaults}; to "
                                 "start from another variant add a line such as `extends: french` (belot list names "
                                 "them)").format(sections=", ".join(unstated), defaults=defaults_in_words()), 1, 1),)


def _no_effect_warnings(root: Document, variant: Variant) -> tuple[Problem, ...]:
    """A house file that sets a rule its other rules switch off gets a word at the rule: the table plays
    as if it were not written. Shipped files state their rules with their sources, used or not."""
    if shipped_name(root.path) is not None:
        return ()
    unused = unused_rules(variant)
    noted: list[tuple[KeyPath, str, Place]] = []
    for path, info in sorted(root.nodes.items(), key=lambda item: len(item[0])):
        rule = norm_path(path)
        reason = unused_reason(unused, rule)
        if reason is not None and not any(rule[:len(other)] == other for other, _reason, _place in noted):
            noted.append((rule, reason, info.key or info.value))
    noted.sort(key=lambda note: (note[2].line, note[2].column))
    said = _("{rule} is set here but has no effect in this variant: {reason}")
    return tuple(Problem(root.name, said.format(rule=".".join(rule), reason=reason), place.line, place.column)
                 for rule, reason, place in noted)


def _shadowed_defaults(root: Document, variant: Variant) -> tuple[Problem, ...]:
    """A house file that writes a rule by contract plainly (or its default) where the file it extends overrides it
    in every contract the rule applies to (Bulgarian's trump_suit for suit and all_trumps) changes only a default
    that no contract reads: the table plays as if it were not written, so say so, with the keys to write."""
    if shipped_name(root.path) is not None:
        return ()
    played = [*variant.bidding.contracts, "suit"]  # "suit": a suit contract whose trump lies face down
    notes = []
    for path, field, value in _rules_by_contract(Variant, variant):
        written = _written_at(root.data, path)
        keys = override_keys(field.annotation)
        if written is None or (written_with_overrides(written, get_args(field.annotation)[0], keys)
                               and {str(key) for key in written} != {"default"}):
            continue  # not written here, or written with overrides of the file's own
        option = option_of(field)
        places = [c for c in played if contract_kind(c) in (option.shown_in if option is not None else KINDS)]
        if not places or any(c not in value.overrides and contract_kind(c) not in value.overrides for c in places):
            continue
        info = root.nodes.get(path)
        place = (info.key or info.value) if info is not None else Place(root.name, 1, 1)
        reason = _("it is only the default, and the file it extends overrides it in every contract it applies to "
                   "({keys}); write it under those keys instead").format(
            keys=", ".join(k for k in keys if k in value.overrides))
        notes.append(Problem(root.name, _("{rule} is set here but has no effect in this variant: {reason}").format(
            rule=".".join(path), reason=reason), place.line, place.column))
    return tuple(notes)


def _rules_by_contract(model: type[BaseModel], rules: BaseModel, path: KeyPath = ()) -> Iterator[
        tuple[KeyPath, FieldInfo, ByContract[Any]]]:
    """Every rule by contract of a variant, with its place, its field and its value."""
    for name, field in model.model_fields.items():
        value = getattr(rules, name)
        if isinstance(value, ByContract):
            yield (*path, name), field, value
        elif isinstance(value, BaseModel):
            yield from _rules_by_contract(type(value), value, (*path, name))


def _written_at(data: Any, path: KeyPath) -> Any:
    """What a file writes at ``path``, or None."""
    for key in path:
        found = find_key(data, key) if isinstance(data, dict) else None
        if found is None:
            return None
        data = data[found]
    return data


def rules_from(loaded: LoadedVariant) -> str:
    """Where a variant's rules come from, nearest first: ``my.yaml, then french, then the built-in defaults``."""
    names = [shipped_name(p) for p in loaded.chain]
    files = [f"`{name or display_name(p)}`" for name, p in zip(names, loaded.chain)]
    stated = set(loaded.origins)
    if any(stated.isdisjoint(places_of(path)) for path in _leaf_paths(Variant) if path[0] in PHASES):
        files.append(_("the built-in defaults") if defaults_are() in names else defaults_in_words())
    return _(", then ").join(files)


def shipped_name(path: Path) -> str | None:
    """The name of a shipped variant file (where it is installed is no concern of a player), else None."""
    return path.stem if path.parent.resolve() == shipped_dir().resolve() else None


def _leaf_paths(model: type[Any], path: KeyPath = ()) -> Iterator[KeyPath]:
    for name, field in model.model_fields.items():
        sections = opened(field)
        if not sections:
            yield (*path, name)
        for keys, section, _value in sections:
            if section is None:  # one place of a choice by contract
                yield (*path, name, *keys)
            else:
                yield from _leaf_paths(section, (*path, name, *keys))


def _first_at_each_place(problems: list[Problem]) -> list[Problem]:
    """One problem per place: what YAML did to a value explains what the rules then make of it."""
    seen: set[tuple[str, int | None, int | None]] = set()
    kept = []
    for problem in problems:
        place = (problem.file, problem.line, problem.column)
        if problem.line is None or place not in seen:
            kept.append(problem)
            seen.add(place)
    return kept


def content_hash(variant: Variant) -> str:
    """Hash of the rules alone (not the name, title, description, family or parent): same rules, same hash.

    The table options (players, sides, pack, stock) and the scoring options of players who each
    play for themselves count only when they differ from a four-player 32-card table, so the
    hash of a file that never names them, and the records that carry it, stayed what it was
    before those options existed; an option renamed since is written under its old key (``OldKey``).
    """
    rules = variant.model_dump(mode="json", exclude=set(OWN_KEYS))
    for *path, key in QUIET_DEFAULTS:
        model, shown = variant, rules
        for name in path:
            model, shown = getattr(model, name), shown.get(name, {})
        if key not in shown:  # its whole section was left out already, at its default
            continue
        # validated_data: pydantic 2.10.0 asks for it whenever a factory is called, even one that takes none
        default = type(model).model_fields[key].get_default(call_default_factory=True, validated_data={})
        if isinstance(default, BaseModel):  # a section: its default values, as the dump shows them
            default = default.model_dump(mode="json")
        if shown[key] == (default.value if isinstance(default, Enum) else default):
            del shown[key]
    canonical = json.dumps(in_old_form(rules), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def _unknown_name(name: str) -> str:
    """The message for an unknown name: the nearest shipped name, else them all (the list grows with the family)."""
    shown = excerpt(name).strip('"')
    names = shipped_names()
    # the nearest name, or the longest one the name starts with (``bulgarian9999...``: the list is long to print)
    close = difflib.get_close_matches(name[:100], names, n=1, cutoff=0.6) or sorted(
        (known for known in names if name.startswith(known)), key=len)[-1:]
    if close:
        return _("no shipped variant named `{name}`; did you mean `{near}`? (`belot list` shows them all)").format(
            name=shown, near=close[0])
    return _("no shipped variant named `{name}`; {suggestion}").format(
        name=shown, suggestion=suggest(name[:100], names, _("shipped variants"), room=120))  # the file's chain follows


def is_file(path: Path) -> bool:
    """Whether ``path`` is a file; a name the file system refuses (over 255 bytes, say) is not one."""
    try:
        return path.is_file()
    except OSError:
        return False


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def _read_chain(path: Path) -> tuple[list[Document], list[Problem]]:
    """The file and its ancestors, the file first, and what broke the chain: a cycle, a missing or broken parent."""
    docs: list[Document] = []
    seen: set[Path] = set()
    while True:
        try:
            doc = read_yaml(path, keep_going=True)
        except VariantError as err:
            if not docs:
                raise
            chain = " -> ".join([*(d.name for d in docs), display_name(path)])
            return docs, [*err.problems, Problem(docs[0].name, _("reached through extends: {chain}").format(chain=chain))]
        docs.append(doc)
        seen.add(path.resolve())
        if "extends" not in doc.data:
            return docs, []
        ref = doc.data["extends"]
        try:
            parent = _parent(doc, ref, docs)
        except VariantError as err:
            return docs, err.problems
        if parent.resolve() in seen:
            chain = " -> ".join([*(d.name for d in docs), display_name(parent)])
            return docs, _at_extends(doc, _("extends `{parent}` makes a cycle: {chain}").format(
                parent=ref, chain=chain)).problems
        if len(docs) >= MAX_CHAIN:
            return docs, _at_extends(doc, _("extends goes more than {count} files deep").format(count=MAX_CHAIN)).problems
        path = parent


def _parent(doc: Document, ref: object, docs: list[Document]) -> Path:
    if not isinstance(ref, str) or not ref.strip():
        kinds = {list: _("a list"), dict: _("a mapping"), type(None): _("nothing")}
        got = kinds.get(type(ref), _("nothing") if isinstance(ref, str) else f"`{excerpt(ref)}`")
        raise _at_extends(doc, _("extends names one shipped variant ({names}) or one file path; got {got}").format(
            names=", ".join(shipped_names()), got=got))
    if is_name(ref):
        parent, shown, missing = shipped_dir() / f"{ref}.yaml", excerpt(ref).strip('"'), _unknown_name(ref)
    else:
        parent = doc.path.parent / Path(ref).expanduser()
        shown = excerpt(display_name(parent), 80).strip('"')
        missing = _("extends `{parent}`: no such file {file}").format(parent=excerpt(ref).strip(chr(34)), file=shown)
        if Path(ref).stem in shipped_names():
            missing += _("; for the shipped variant, write extends: {name}").format(name=Path(ref).stem)
    if not is_file(parent) and _is_dir(parent):
        missing = _("extends `{parent}` is a folder; name a variant file in it (a .yaml file)").format(
            parent=excerpt(ref).strip(chr(34)))
    elif not is_file(parent) and _exists(parent):
        missing = _("extends `{parent}` is not a regular file (a pipe or a device); name a variant file (a .yaml "
                    "file)").format(parent=excerpt(ref).strip(chr(34)))
    if not is_file(parent):
        chain = " -> ".join([*(d.name for d in docs), shown])
        raise _at_extends(doc, _("{problem} (chain: {chain})").format(problem=missing, chain=chain))
    return parent


def _at_extends(doc: Document, message: str) -> VariantError:
    place = doc.nodes[("extends",)].value
    return VariantError([Problem(doc.name, message, place.line, place.column)])


def _merge_chain(docs: list[Document]) -> tuple[dict[Any, Any], dict[KeyPath, NodeInfo]]:
    """Merge the chain root first; return the merged mapping and the place of every merged key path."""
    merged: dict[Any, Any] = {}
    nodes: dict[KeyPath, NodeInfo] = {}
    for doc in reversed(docs):
        doc_nodes = {norm_path(p): info for p, info in doc.nodes.items()}
        for key, value in doc.data.items():
            if doc is docs[0] or key not in PER_FILE_KEYS:
                _merge_into(merged, key, value, (), doc_nodes, nodes)
    top = docs[0]
    merged.setdefault("name", name_from_file(top.path))
    if "title" not in merged and len(docs) > 1:
        ancestor = next((title for d in docs[1:] if (title := _title_of(d.data))), docs[1].path.stem)
        merged["title"] = _("{name} (based on {title})").format(name=merged["name"], title=ancestor)
    return merged, nodes


def name_from_file(path: Path) -> str:
    """The name a file without ``name:`` gets: ``Club Rules.yaml`` is ``club-rules``."""
    slug = re.sub(r"[^a-z0-9_-]+", "-", path.stem.lower()).strip("-_")
    return slug or path.stem  # nothing usable left: the model's message asks for a name


def _merge_into(
    target: dict[Any, Any], key: Any, value: Any, path: KeyPath,
    doc_nodes: dict[KeyPath, NodeInfo], nodes: dict[KeyPath, NodeInfo],
) -> None:
    existing = find_key(target, key)
    child = (*path, norm_key(key))
    annotation = annotation_at(child)
    keys = override_keys(annotation)
    if existing is not None and keys:
        item = get_args(annotation)[0]
        if written_with_overrides(target[existing], item, keys) and not written_with_overrides(value, item, keys):
            value = _as_default(value, child, doc_nodes)
        elif written_with_overrides(value, item, keys) and not written_with_overrides(target[existing], item, keys):
            target[existing] = _as_default(target[existing], child, nodes)
    if existing is not None and isinstance(value, dict) and isinstance(target[existing], dict):
        if child in doc_nodes:  # not a default that a plain rule became (_as_default)
            nodes[child] = doc_nodes[child]
        for sub_key, sub_value in value.items():
            _merge_into(target[existing], sub_key, sub_value, child, doc_nodes, nodes)
        return
    if existing is not None:
        for stale in _paths(target[existing], child):
            nodes.pop(stale, None)
    target[key if existing is None else existing] = value  # the parsed documents are not used again
    nodes.update({p: doc_nodes[p] for p in _paths(value, child) if p in doc_nodes})


def _as_default(value: Any, path: KeyPath, places: dict[KeyPath, NodeInfo]) -> dict[str, Any]:
    """A rule that may differ by contract, written plainly, as the default of the overrides another file writes."""
    for inner in [p for p in places if p[:len(path)] == path and len(p) > len(path)]:
        places[(*path, "default", *inner[len(path):])] = places.pop(inner)
    if path in places:  # a plain value is written where the rule is: a problem with it is told there
        places.setdefault((*path, "default"), places[path])
    return {"default": value}


def _paths(value: Any, path: KeyPath) -> Iterator[KeyPath]:
    """``path`` and the normalised path of everything below it."""
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from _paths(item, (*path, norm_key(key)))
