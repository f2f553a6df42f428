"""Safe YAML reading that remembers where every key and value was written.

PyYAML's safe loader still expands aliases without limit, silently keeps the last of
two equal keys, reads ``no`` as ``False`` and ``010`` as 8, and forgets positions.
Here the file is only *composed* into nodes, and the nodes are converted by hand:
aliases and unknown tags are refused, duplicate keys and YAML 1.1 number surprises
are reported, size and depth are capped, and each key path keeps its line and column
so that every later error can point into the file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from ..cards import RANKS
from ..errors import FileError, Problem, VariantError
from ..files import MAX_DEPTH, MAX_NUMBER_CHARS, Document, KeyPath, NodeInfo, Place, display_name, excerpt, read_text
from ..i18n import gettext as _

try:
    from yaml.cyaml import CParser
except ImportError:  # PyYAML built without libyaml
    CParser = None

_TAG = "tag:yaml.org,2002:"
_OCTAL = re.compile(r"[-+]?0[0-7]+")
_CONSTRUCTOR = SafeConstructor()
_PLAIN_TAGS = {"str", "int", "float", "bool", "null", "timestamp"}
VARIANT_FILE = "a variant file"
EXAMPLE = 80  # characters of the user's line a hint shows at most


def norm_key(key: object) -> str:
    """One spelling per key or index: ranks ``10``/``t``/``T`` are ``T``, sequence length ``5+`` is ``5``."""
    text = str(key)
    if text.upper() == "10" or (len(text) == 1 and text.upper() in RANKS):
        return "T" if text.upper() == "10" else text.upper()
    return text[:-1] if text.endswith("+") and text[:-1].isdigit() else text


def norm_path(path: KeyPath) -> KeyPath:
    """A key path in one spelling, so that ``9:`` in one file and ``"9":`` in another are the same rule."""
    return tuple(norm_key(k) for k in path)


def read_yaml(path: Path, keep_going: bool = False) -> Document:
    """Read a variant file into a mapping with positions, or raise :class:`VariantError`.

    With ``keep_going``, problems that leave a usable mapping (a duplicate key, an octal
    number, a refused tag) are returned in ``problems`` instead, so that they are reported
    together with the problems of the rules themselves.
    """
    try:
        return read_yaml_document(path, VARIANT_FILE, keep_going)
    except FileError as err:
        raise VariantError(err.problems) from None


def read_yaml_document(path: Path, what: str, keep_going: bool = False) -> Document:
    """Read a YAML file (``what`` it holds, for messages) whose top level is a mapping; :class:`FileError` if not."""
    name = display_name(path)
    text = read_text(path, "a .yaml file" if what == VARIANT_FILE else what, name=name)
    try:
        root = _compose(text)
    except _Refused as refused:
        message = refused.message
        if refused.alias is not None and what == VARIANT_FILE:
            message = _("aliases (*{anchor}) are not allowed in a variant file; write the value out, or share rules "
                        "with extends").format(anchor=refused.alias)
        elif refused.alias is not None:
            message = _("aliases (*{anchor}) are not allowed in {what}; write the value out").format(
                anchor=refused.alias, what=what)
        raise FileError([_problem(name, refused.mark, message)]) from None
    except yaml.MarkedYAMLError as err:
        raise FileError([_syntax_problem(name, err, text)]) from None
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        column = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        message = _("contains the control character {code}; remove it").format(code=f"U+{_code(err.character):04X}")
        raise FileError([Problem(name, message, line, column)]) from None
    except yaml.YAMLError as err:
        said = " ".join(str(err).split())[:200]
        raise FileError([Problem(name, _("is not valid YAML: {error}").format(error=said))]) from None
    if root is None or (isinstance(root, ScalarNode) and root.tag == _TAG + "null" and not root.value):
        empty = _("is empty; a variant file states its rules, or `extends:` another file") if what == VARIANT_FILE \
            else _("is empty")
        raise FileError([Problem(name, empty)])
    if not isinstance(root, MappingNode):
        raise FileError([_problem(name, root.start_mark, _not_a_mapping(what, isinstance(root, SequenceNode)))])
    converter = _Converter(name, what)
    data = converter.convert(root, ())
    if converter.problems and not keep_going:
        raise FileError(converter.problems)
    return Document(path=path, name=name, data=data, nodes=converter.nodes, problems=tuple(converter.problems))


def _not_a_mapping(what: str, is_list: bool) -> str:
    if what == VARIANT_FILE:
        return (_("a variant file is a mapping of rules (title: ..., deal: ...), not a list") if is_list else
                _("a variant file is a mapping of rules (title: ..., deal: ...), not a single value"))
    return (_("{what} is a mapping (key: value lines), not a list") if is_list else
            _("{what} is a mapping (key: value lines), not a single value")).format(what=what)


def _too_deep() -> str:
    return _("nested more than {depth} levels deep").format(depth=MAX_DEPTH)


class _Refused(Exception):
    """What the composer refuses: an alias (``alias`` is its anchor, told in the words of what the file holds)
    or too deep a nesting."""

    def __init__(self, mark: yaml.Mark, message: str, alias: str | None = None) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message
        self.alias = alias


class _Guard:
    """Composes nodes only; an alias or too deep a nesting stops it before any expansion."""

    _depth = 0

    def compose_node(self, parent: Node | None, index: object) -> Node:
        event = self.peek_event()  # type: ignore[attr-defined]
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(event.start_mark, "alias", alias=event.anchor[:40])
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(event.start_mark, _too_deep())
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1


class _FlowGuard:
    """Counts open brackets as the pure-Python scanner meets them: it reads a flow collection's
    brackets ahead of the composer, so without this a library's own depth limit could speak first."""

    flow_level: int

    def fetch_flow_collection_start(self, token: type) -> None:
        if self.flow_level >= MAX_DEPTH:
            raise _Refused(self.get_mark(), _too_deep())  # type: ignore[attr-defined]
        super().fetch_flow_collection_start(token)  # type: ignore[misc]


class _PythonLoader(_Guard, _FlowGuard, yaml.SafeLoader):  # type: ignore[misc]
    """The reference parser, with every refusal in this project's words."""


_Loader: type = _PythonLoader
if CParser is not None:  # libyaml turns the text into events ten times faster; composing stays here

    class _Loader(_Guard, Composer, CParser, Resolver):  # type: ignore[no-redef,misc]
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            Composer.__init__(self)
            Resolver.__init__(self)


def _compose(text: str) -> Node | None:
    """The file's nodes. A file libyaml refuses is read again by the pure-Python parser: a refusal of
    this project's (deep nesting, where it passes the limit) is told in its words whichever libyaml is
    installed (libyaml 0.2.6, in PyYAML 6.0.4, stops at 1,000 brackets in its own); any other error is
    libyaml's, whose wording the syntax hints know."""
    try:
        return yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as refused:
        if _Loader is _PythonLoader:
            raise
        error = refused
    try:
        return yaml.compose(text, Loader=_PythonLoader)
    except yaml.YAMLError:  # not _Refused, which goes up as it is
        raise error from None


class _Converter:
    """Turns composed nodes into plain values, recording places and collecting problems."""

    def __init__(self, name: str, what: str) -> None:
        self.name = name
        self.what = what
        self.nodes: dict[KeyPath, NodeInfo] = {}
        self.problems: list[Problem] = []

    def place(self, node: Node) -> Place:
        return Place(self.name, node.start_mark.line + 1, node.start_mark.column + 1)

    def convert(self, node: Node, path: KeyPath) -> Any:
        if isinstance(node, (MappingNode, SequenceNode)) and node.tag.removeprefix(_TAG) not in ("map", "seq"):
            self.refuse_tag(node)
            return None
        if isinstance(node, MappingNode):
            return self.mapping(node, path)
        if isinstance(node, SequenceNode):
            items = []
            for index, item in enumerate(node.value):
                self.nodes[(*path, index)] = self.info(None, item)
                items.append(self.convert(item, (*path, index)))
            return items
        return self.scalar(node, path)

    def mapping(self, node: MappingNode, path: KeyPath) -> dict[Any, Any]:
        """Keys stay the text the author wrote: ``on:`` is the key `on`, ``9:`` the rank 9, never true or 9."""
        result: dict[Any, Any] = {}
        first: dict[str, tuple[str, int]] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _TAG + "merge":
                self.add(key_node, _("merge keys (<<) are not allowed; share rules with extends"))
                continue
            if not isinstance(key_node, ScalarNode):
                self.add(key_node, _("a key must be a plain word or number"))
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
                    told = _("duplicate key `{key}` (first at line {first}, again at line {line}); each key may appear "
                             "once in a mapping").format(key=excerpt(key).strip(chr(34)), first=first_at, line=line)
                elif same in RANKS:
                    told = _("duplicate key `{key}`: `{earlier}` at line {first} is the same rank; each key may appear "
                             "once in a mapping").format(key=key, earlier=earlier, first=first_at)
                else:
                    told = _("duplicate key `{key}`: `{earlier}` at line {first} is the same length; each key may "
                             "appear once in a mapping").format(key=key, earlier=earlier, first=first_at)
                self.add(key_node, told)
                continue
            first[same] = (key, line)
            child = (*path, key)
            self.nodes[child] = self.info(self.place(key_node), value_node)
            result[key] = self.convert(value_node, child)
        return result

    def scalar(self, node: Node, path: KeyPath = ()) -> Any:
        """A plain value (``path``: where it is, which a refusal names)."""
        tag = node.tag.removeprefix(_TAG)
        if tag in ("str", "timestamp"):  # a date-like text stays the text the author wrote
            return node.value
        if tag == "null":
            return None
        if tag == "bool":
            return _CONSTRUCTOR.construct_yaml_bool(node)
        if tag in ("int", "float") and len(node.value) > MAX_NUMBER_CHARS:
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
            self.add(node, (f"{where}: " if where else "") + _(
                "a number of {length} characters; numbers here have at most {most}").format(
                    length=len(node.value), most=MAX_NUMBER_CHARS))
            return None
        if tag in ("int", "float"):
            value = _CONSTRUCTOR.construct_yaml_int(node) if tag == "int" else _CONSTRUCTOR.construct_yaml_float(node)
            surprise = _number_surprise(node.value, value)
            if surprise and not node.style:  # plain, not quoted
                self.add(node, surprise)
            return value
        self.refuse_tag(node)
        return None

    def refuse_tag(self, node: Node) -> None:
        tag = excerpt(node.tag.replace(_TAG, "!!"), 60).strip('"')
        if self.what == VARIANT_FILE:
            self.add(node, _("the tag {tag} is not allowed in a variant file; write a plain value").format(tag=tag))
        else:
            self.add(node, _("the tag {tag} is not allowed in {what}; write a plain value").format(tag=tag, what=self.what))

    def info(self, key: Place | None, node: Node) -> NodeInfo:
        note = self.note(node)
        return NodeInfo(key, self.place(node), note, node.value if note else None)

    def note(self, node: Node) -> str | None:
        """What YAML 1.1 did to a plain ``yes``/``no``/``on``/``off``: shown if the rule wanted text."""
        if node.tag == _TAG + "bool" and not node.style and node.value.lower() not in ("true", "false"):
            value = str(_CONSTRUCTOR.construct_yaml_bool(node)).lower()
            return _("YAML read `{written}` as the boolean {value}; quote it: '{written}'").format(
                written=node.value, value=value)
        return None

    def add(self, node: Node, message: str) -> None:
        self.problems.append(_problem(self.name, node.start_mark, message))


def _number_surprise(text: str, value: object) -> str | None:
    digits = text.replace("_", "")
    if _OCTAL.fullmatch(digits):
        return _("YAML 1.1 reads `{written}` as the octal number {value}; write {decimal}, or quote it").format(
            written=text, value=value, decimal=int(digits, 10))
    if ":" in digits:
        return _("YAML 1.1 reads `{written}` as the base-60 number {value}; write {value} for that number, or quote "
                 "it for text").format(written=text, value=value)
    return None


def _code(character: int | str) -> int:
    return character if isinstance(character, int) else ord(character)


def _problem(name: str, mark: yaml.Mark, message: str) -> Problem:
    return Problem(name, message, mark.line + 1, mark.column + 1)


def _syntax_problem(name: str, err: yaml.MarkedYAMLError, text: str) -> Problem:
    if "quoted scalar" in (err.context or "") and "end of stream" in (err.problem or "") and err.context_mark:
        return _problem(name, err.context_mark, _("YAML syntax: the quote opened here is never closed; end the text "
                                                  "with the same quote on this line"))
    mark = err.problem_mark or err.context_mark
    message = _("YAML syntax: {problem}").format(problem=_parser_words(err.problem or err.context or ""))
    if err.context and err.problem and err.context_mark:
        message += _(" ({context} at line {line})").format(context=_parser_words(err.context),
                                                          line=err.context_mark.line + 1)
    elif err.context and err.problem:
        message += f" ({_parser_words(err.context)})"
    if mark is None:
        return Problem(name, message)
    lines = text.splitlines()
    if mark.line < len(lines) and "\t" in lines[mark.line][: mark.column + 1]:
        message += _("; indent with spaces, not tabs")
    elif "mapping values are not allowed" in (err.problem or "") and mark.line < len(lines):
        message += _second_colon_hint(lines[mark.line], lines[mark.line - 1] if mark.line else "")
    else:
        message += next((hint for problem, hint in _syntax_hints() if problem in (err.problem or "")), "")
    return _problem(name, mark, message)


def _parser_words(said: str) -> str:
    """What PyYAML's parser said, in the current language where it is one of its usual sentences."""
    usual = {
        "mapping values are not allowed here": _("mapping values are not allowed here"),
        "did not find expected key": _("did not find expected key"),
        "could not find expected ':'": _("could not find expected ':'"),
        "found character that cannot start any token": _("found character that cannot start any token"),
        "found unexpected end of stream": _("found unexpected end of stream"),
        "expected <block end>, but found '-'": _("expected <block end>, but found '-'"),
        "while parsing a block mapping": _("while parsing a block mapping"),
        "while parsing a block collection": _("while parsing a block collection"),
        "while parsing a flow mapping": _("while parsing a flow mapping"),
        "while parsing a flow sequence": _("while parsing a flow sequence"),
        "while scanning a simple key": _("while scanning a simple key"),
        "while scanning a quoted scalar": _("while scanning a quoted scalar"),
        "while scanning a plain scalar": _("while scanning a plain scalar"),
    }
    return usual.get(said, said)


def _second_colon_hint(line: str, above: str) -> str:
    """``match: target: 501`` is a section on one line; ``title: Belot: our house`` is text with a colon;
    a lone ``target: 501`` under ``match`` without its colon, or indented deeper than the rule above it,
    continues the line above."""
    key, _colon, rest = line.strip().partition(": ")
    if ":" not in rest and above.strip() and ":" not in above:
        return _("; a section's name ends with a colon and its rules go on their own indented lines: "
                 "{example}").format(example=_cut(f"{above.strip()}:"))
    if ":" not in rest:
        return _("; this line is indented more than the rule above it: indent it like the other keys of its section")
    if re.fullmatch(r"[a-z_0-9]+", rest.partition(":")[0].strip()):
        return _("; a section's name ends with a colon and its rules go on their own indented lines, or in "
                 "braces: {example}").format(example=_cut(f"{key}: {{{rest.strip()}}}"))
    quote = '"' if "'" in rest else "'"
    return _("; text with a colon and a space in it is quoted: {example}").format(
        example=_cut(f"{key}: {quote}{rest.strip()}{quote}"))


def _cut(example: str) -> str:
    """A hint's example made from the user's line: whole when short, else its start (a line can be any length)."""
    return example if len(example) <= EXAMPLE else example[:EXAMPLE - 1] + "…"


def _syntax_hints() -> tuple[tuple[str, str], ...]:
    """What the usual slips of hand look like to the parser, and what to do."""
    return (
        ("did not find expected key", _("; indent this line like the other keys of its section")),
        ("could not find expected ':'", _("; a rule is written `key: value`, with a colon and a space")),
        ("found character that cannot start any token", _("; quote a value that starts with this character")),
    )
