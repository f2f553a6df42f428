"""Safe YAML reading that remembers where every key and value was written.

PyYAML's safe loader still expands aliases without limit, silently keeps the last of
two equal keys, reads ``no`` as ``False`` and ``010`` as 8, and forgets positions.
Here the file is only *composed* into nodes, and the nodes are converted by hand:
aliases and unknown tags are refused, duplicate keys and YAML 1.1 number surprises
are reported, size and depth are capped, and each key path keeps its line and column
so that every later error can point into the file.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..cards import RANKS
from ..errors import Problem, VariantError

try:
    from yaml.cyaml import CParser
except ImportError:  # PyYAML built without libyaml
    CParser = None

MAX_BYTES = 1 << 20
MAX_DEPTH = 32

KeyPath = tuple[Any, ...]

_TAG = "tag:yaml.org,2002:"
_OCTAL = re.compile(r"[-+]?0[0-7]+")
_CONSTRUCTOR = SafeConstructor()
_PLAIN_TAGS = {"str", "int", "float", "bool", "null", "timestamp"}


@dataclass(frozen=True)
class Place:
    """A position in a file, 1-based as editors show it."""

    file: str
    line: int
    column: int


@dataclass(frozen=True)
class NodeInfo:
    """Where a key and its value were written, and what YAML 1.1 did to them if it was surprising."""

    key: Place | None
    value: Place
    note: str | None = None
    written: str | None = None  # the text YAML 1.1 turned into a boolean (``no``), with the note


@dataclass(frozen=True)
class YamlDoc:
    """A parsed file: its mapping and the place of every key path in it."""

    path: Path
    name: str
    data: dict[Any, Any]
    nodes: dict[KeyPath, NodeInfo]
    problems: tuple[Problem, ...] = ()


def norm_key(key: object) -> str:
    """One spelling per key or index: ranks ``10``/``t``/``T`` are ``T``, sequence length ``5+`` is ``5``."""
    text = str(key)
    if text.upper() == "10" or (len(text) == 1 and text.upper() in RANKS):
        return "T" if text.upper() == "10" else text.upper()
    return text[:-1] if text.endswith("+") and text[:-1].isdigit() else text


def norm_path(path: KeyPath) -> KeyPath:
    """A key path in one spelling, so that ``9:`` in one file and ``"9":`` in another are the same rule."""
    return tuple(norm_key(k) for k in path)


def display_name(path: Path) -> str:
    """The path as the user would type it: relative to the working directory when inside it."""
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)


def read_yaml(path: Path, keep_going: bool = False) -> YamlDoc:
    """Read a variant file into a mapping with positions, or raise :class:`VariantError`.

    With ``keep_going``, problems that leave a usable mapping (a duplicate key, an octal
    number, a refused tag) are returned in ``problems`` instead, so that they are reported
    together with the problems of the rules themselves.
    """
    name = display_name(path)
    text = _read_text(path, name)
    try:
        root = yaml.compose(text, Loader=_Loader)
    except _Refused as refused:
        raise VariantError([_problem(name, refused.mark, refused.message)]) from None
    except yaml.MarkedYAMLError as err:
        raise VariantError([_syntax_problem(name, err, text)]) from None
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        column = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        message = f"contains the control character U+{_code(err.character):04X}; remove it"
        raise VariantError([Problem(name, message, line, column)]) from None
    except yaml.YAMLError as err:
        raise VariantError([Problem(name, f"is not valid YAML: {' '.join(str(err).split())}")]) from None
    if root is None or (isinstance(root, ScalarNode) and root.tag == _TAG + "null" and not root.value):
        raise VariantError([Problem(name, "is empty; a variant file states its rules, or `extends:` another file")])
    if not isinstance(root, MappingNode):
        kind = "list" if isinstance(root, SequenceNode) else "single value"
        raise VariantError(
            [_problem(name, root.start_mark, f"a variant file is a mapping of rules (title: ..., deal: ...), not a {kind}")]
        )
    converter = _Converter(name)
    data = converter.convert(root, ())
    if converter.problems and not keep_going:
        raise VariantError(converter.problems)
    return YamlDoc(path=path, name=name, data=data, nodes=converter.nodes, problems=tuple(converter.problems))


def _read_text(path: Path, name: str) -> str:
    def fail(message: str) -> VariantError:
        return VariantError([Problem(name, message)])

    try:
        if path.is_dir():
            raise fail("is a directory; give the path of a .yaml file")
        with path.open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise fail("no such file") from None
    except PermissionError:
        raise fail("cannot be read: permission denied") from None
    except OSError as err:
        raise fail(f"cannot be read: {err.strerror or err}") from None
    if len(raw) > MAX_BYTES:
        raise fail(f"is larger than {MAX_BYTES >> 20} MiB; a variant file is a few kilobytes of YAML")
    if b"\0" in raw:
        raise fail("is a binary file, not YAML text")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        start = raw.rfind(b"\n", 0, err.start) + 1
        line = raw.count(b"\n", 0, err.start) + 1
        column = len(raw[start : err.start].decode("utf-8", errors="replace")) + 1
        message = f"the byte {raw[err.start]:#04x} is not UTF-8 text; save the file as UTF-8"
        raise VariantError([Problem(name, message, line, column)]) from None


class _Refused(Exception):
    def __init__(self, mark: yaml.Mark, message: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message


class _Guard:
    """Composes nodes only; an alias or too deep a nesting stops it before any expansion."""

    _depth = 0

    def compose_node(self, parent: Node | None, index: object) -> Node:
        event = self.peek_event()  # type: ignore[attr-defined]
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(
                event.start_mark,
                f"aliases (*{event.anchor}) are not allowed in variant files; "
                "write the value out, or share rules with extends",
            )
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(event.start_mark, f"nested more than {MAX_DEPTH} levels deep")
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1


if CParser is not None:  # libyaml turns the text into events ten times faster; composing stays here

    class _Loader(_Guard, Composer, CParser, Resolver):
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            Composer.__init__(self)
            Resolver.__init__(self)

else:

    class _Loader(_Guard, yaml.SafeLoader):  # type: ignore[no-redef]
        pass


class _Converter:
    """Turns composed nodes into plain values, recording places and collecting problems."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.nodes: dict[KeyPath, NodeInfo] = {}
        self.problems: list[Problem] = []

    def place(self, node: Node) -> Place:
        return Place(self.name, node.start_mark.line + 1, node.start_mark.column + 1)

    def convert(self, node: Node, path: KeyPath) -> Any:
        if isinstance(node, MappingNode):
            return self.mapping(node, path)
        if isinstance(node, SequenceNode):
            items = []
            for index, item in enumerate(node.value):
                self.nodes[(*path, index)] = self.info(None, item)
                items.append(self.convert(item, (*path, index)))
            return items
        return self.scalar(node)

    def mapping(self, node: MappingNode, path: KeyPath) -> dict[Any, Any]:
        """Keys stay the text the author wrote: ``on:`` is the key `on`, ``9:`` the rank 9, never true or 9."""
        result: dict[Any, Any] = {}
        first: dict[str, tuple[str, int]] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _TAG + "merge":
                self.add(key_node, "merge keys (<<) are not allowed; share rules with extends")
                continue
            if not isinstance(key_node, ScalarNode):
                self.add(key_node, "a key must be a plain word or number")
                continue
            if key_node.tag.removeprefix(_TAG) not in _PLAIN_TAGS:
                self.scalar(key_node)  # reports the tag
                continue
            key = key_node.value
            line = key_node.start_mark.line + 1
            same = norm_key(key)  # 9 and "9", 10 and T, 5 and 5+ name the same rank or length
            if same in first:
                earlier, first_at = first[same]
                if earlier == key:
                    told = f"duplicate key `{key}` (first at line {first_at}, again at line {line})"
                else:
                    what = "rank" if same in RANKS else "length"
                    told = f"duplicate key `{key}`: `{earlier}` at line {first_at} is the same {what}"
                self.add(key_node, f"{told}; each key may appear once in a mapping")
                continue
            first[same] = (key, line)
            child = (*path, key)
            self.nodes[child] = self.info(self.place(key_node), value_node)
            result[key] = self.convert(value_node, child)
        return result

    def scalar(self, node: Node) -> Any:
        tag = node.tag.removeprefix(_TAG)
        if tag in ("str", "timestamp"):  # a date-like text stays the text the author wrote
            return node.value
        if tag == "null":
            return None
        if tag == "bool":
            return _CONSTRUCTOR.construct_yaml_bool(node)
        if tag in ("int", "float"):
            value = _CONSTRUCTOR.construct_yaml_int(node) if tag == "int" else _CONSTRUCTOR.construct_yaml_float(node)
            surprise = _number_surprise(node.value, value)
            if surprise and not node.style:  # plain, not quoted
                self.add(node, surprise)
            return value
        self.add(node, f"the tag {node.tag.replace(_TAG, '!!')} is not allowed in a variant file; write a plain value")
        return None

    def info(self, key: Place | None, node: Node) -> NodeInfo:
        note = self.note(node)
        return NodeInfo(key, self.place(node), note, node.value if note else None)

    def note(self, node: Node) -> str | None:
        """What YAML 1.1 did to a plain ``yes``/``no``/``on``/``off``: shown if the rule wanted text."""
        if node.tag == _TAG + "bool" and not node.style and node.value.lower() not in ("true", "false"):
            value = str(_CONSTRUCTOR.construct_yaml_bool(node)).lower()
            return f"YAML read `{node.value}` as the boolean {value}; quote it: '{node.value}'"
        return None

    def add(self, node: Node, message: str) -> None:
        self.problems.append(_problem(self.name, node.start_mark, message))


def _number_surprise(text: str, value: object) -> str | None:
    digits = text.replace("_", "")
    if _OCTAL.fullmatch(digits):
        return f"YAML 1.1 reads `{text}` as the octal number {value}; write {int(digits, 10)}, or quote it"
    if ":" in digits:
        return f"YAML 1.1 reads `{text}` as the base-60 number {value}; write {value} for that number, or quote it for text"
    return None


def _code(character: int | str) -> int:
    return character if isinstance(character, int) else ord(character)


def _problem(name: str, mark: yaml.Mark, message: str) -> Problem:
    return Problem(name, message, mark.line + 1, mark.column + 1)


def _syntax_problem(name: str, err: yaml.MarkedYAMLError, text: str) -> Problem:
    mark = err.problem_mark or err.context_mark
    message = f"YAML syntax: {err.problem or err.context}"
    if err.context and err.problem:
        message += f" ({err.context}"
        message += f" at line {err.context_mark.line + 1})" if err.context_mark else ")"
    if mark is None:
        return Problem(name, message)
    lines = text.splitlines()
    if mark.line < len(lines) and "\t" in lines[mark.line][: mark.column + 1]:
        message += "; indent with spaces, not tabs"
    else:
        message += next((hint for problem, hint in _SYNTAX_HINTS if problem in (err.problem or "")), "")
    return _problem(name, mark, message)


_SYNTAX_HINTS = (  # what the usual slips of hand look like to the parser, and what to do
    ("did not find expected key", "; indent this line like the other keys of its section"),
    ("could not find expected ':'", "; a rule is written `key: value`, with a colon and a space"),
    ("mapping values are not allowed", "; a section's name ends with a colon and its rules go on their own "
     "indented lines, or in braces: match: {target: 501}"),
    ("found character that cannot start any token", "; quote a value that starts with this character"),
)
