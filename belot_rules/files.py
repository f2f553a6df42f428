"""Reading and writing the files the project keeps: bounded, strict, located, atomic.

Every file the project reads (variants, deal outcomes, records, saves) is read here
first: at most a few MiB, UTF-8 text, no NUL byte. JSON is parsed by a small strict
reader that remembers where each key and value was written (so that a later error can
say ``file:line:column``), refuses a duplicate key as the YAML reader does, caps nesting
depth and the length of a number, and refuses ``NaN`` and ``Infinity``. YAML goes through
:mod:`belot_rules.variant.yamlsafe`, which applies the same caps. Writing goes through a
unique temporary file in the same folder and an atomic rename, so a crash or a second
writer never leaves half a file.
"""

from __future__ import annotations

import bisect
import json
import os
import re
import tempfile
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from json.decoder import scanstring  # type: ignore[attr-defined]
from pathlib import Path
from typing import Any

from .errors import FileError, Problem, UserError

MAX_BYTES = 1 << 20  # variant files and deal outcomes
MAX_RECORD_BYTES = 16 << 20  # match records and saves: a long match
MAX_DEPTH = 32
MAX_NUMBER_CHARS = 24  # no score, seed or rule needs more; 10**4300 would stall int()
EXCERPT = 40

KeyPath = tuple[Any, ...]


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
class Document:
    """A parsed file: its data and the place of every key path in it."""

    path: Path
    name: str
    data: Any
    nodes: Mapping[KeyPath, NodeInfo]
    problems: tuple[Problem, ...] = ()

    def place(self, path: KeyPath) -> Place | None:
        """Where the value at ``path`` was written, or its nearest written parent."""
        for end in range(len(path), 0, -1):
            info = self.nodes.get(path[:end])
            if info is not None:
                return info.value
        return None

    def problem(self, path: KeyPath, message: str) -> Problem:
        """``message`` placed at the value of ``path`` (or the file's start)."""
        place = self.place(path)
        return Problem(self.name, message, place.line if place else 1, place.column if place else 1)


class CutShort(FileError):
    """A file that ends before its document does: written only in part."""


def display_name(path: Path) -> str:
    """The path as the user would type it: relative to the working directory when inside it."""
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """A value shown in a message: on one line, at most ``limit`` characters, however large the value."""
    if isinstance(value, bool) or value is None:
        text = json.dumps(value)
    elif isinstance(value, int):
        text = str(value) if value.bit_length() <= 128 else "a number of more than 38 digits"
    elif isinstance(value, (dict, list, tuple)):
        text = _shallow_json(value, limit)
    elif isinstance(value, str):
        text = json.dumps(value[: limit * 2], ensure_ascii=False)
    else:
        text = str(value)[: limit * 2]
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _shallow_json(value: Any, limit: int) -> str:
    """JSON of a container, stopping once ``limit`` characters are written (no deep or huge walk)."""
    out: list[str] = []
    size = 0

    def put(text: str) -> bool:
        nonlocal size
        out.append(text)
        size += len(text)
        return size <= limit

    def walk(item: Any, depth: int) -> bool:
        if depth > 3:
            return put("...")
        if isinstance(item, dict):
            if not put("{"):
                return False
            for i, (k, v) in enumerate(item.items()):
                if (i and not put(", ")) or not put(f"{excerpt(str(k), limit)}: ") or not walk(v, depth + 1):
                    return False
            return put("}")
        if isinstance(item, (list, tuple)):
            if not put("["):
                return False
            for i, v in enumerate(item):
                if (i and not put(", ")) or not walk(v, depth + 1):
                    return False
            return put("]")
        return put(excerpt(item, limit))

    walk(value, 0)
    return "".join(out)


def read_text(path: Path, what: str, max_bytes: int = MAX_BYTES, name: str | None = None) -> str:
    """The UTF-8 text of ``path`` (``what`` it should be, for messages), or a located :class:`FileError`.

    A FIFO or device is refused before it is opened, so reading never blocks.
    """
    name = name or display_name(path)

    def fail(message: str) -> FileError:
        return FileError([Problem(name, message)])

    try:
        if path.is_dir():
            raise fail(f"is a directory; give the path of {what}")
        if path.exists() and not path.is_file():
            raise fail(f"is not a regular file (a pipe or a device); give the path of {what}")
        with path.open("rb") as stream:
            raw = stream.read(max_bytes + 1)
    except FileNotFoundError:
        raise fail("no such file") from None
    except PermissionError:
        raise fail("cannot be read: permission denied") from None
    except OSError as err:
        raise fail(f"cannot be read: {err.strerror or err}") from None
    except ValueError:  # the system cannot name such a file: a NUL character
        raise fail("is not a file name: it holds a NUL character") from None
    if len(raw) > max_bytes:
        raise fail(f"is larger than {max_bytes >> 20} MiB; {what} is far smaller")
    if b"\0" in raw:
        raise fail(f"is a binary file, not {what}")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        start = raw.rfind(b"\n", 0, err.start) + 1
        line = raw.count(b"\n", 0, err.start) + 1
        column = len(raw[start : err.start].decode("utf-8", errors="replace")) + 1
        message = f"the byte {raw[err.start]:#04x} is not UTF-8 text; save the file as UTF-8"
        raise FileError([Problem(name, message, line, column)]) from None


def exists(path: Path) -> bool:
    """Whether ``path`` is there; a name the system cannot look up (too long, say) is a :class:`FileError`,
    worded as :func:`read_text` words it, rather than an OSError from ``Path.exists``."""
    try:
        return path.exists()
    except OSError as err:
        raise FileError([Problem(display_name(path), f"cannot be read: {err.strerror or err}")]) from None


def move_aside(path: Path, folder: Path, why: str) -> Path:
    """Move ``path`` into ``folder`` as ``STEM-WHY-TIME.SUFFIX`` (numbered when taken) and return where:
    a file that cannot be used is kept for the player, never overwritten. OSError is left to the caller."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = folder / f"{path.stem}-{why}-{stamp}{path.suffix}"
    number = 1
    while target.exists():
        number += 1
        target = folder / f"{path.stem}-{why}-{stamp}-{number}{path.suffix}"
    os.replace(path, target)
    return target


def first_problem(err: FileError) -> str:
    """The first thing wrong in a file, placed by line and column but without the file's name: for a note
    that names the file in its own words."""
    problem = err.problems[0]
    if problem.line is None:
        return problem.message
    return f"line {problem.line}, column {problem.column or 1}: {problem.message}"


def read_json(path: Path, what: str, max_bytes: int = MAX_BYTES) -> Document:
    """A JSON file as a :class:`Document`; a broken file is a :class:`FileError` at its place."""
    name = display_name(path)
    text = read_text(path, what, max_bytes, name)
    data, nodes = parse_json(text, name)
    return Document(path, name, data, nodes)


def parse_json(text: str, name: str) -> tuple[Any, Mapping[KeyPath, NodeInfo]]:
    """Parse JSON text strictly, with the place of every key path; :class:`CutShort` if it stops early."""
    return _JsonReader(text, name).document()


class _Placed(Mapping[KeyPath, NodeInfo]):
    """The places of a JSON document's key paths, kept as offsets into its text and turned into lines and
    columns only for the few an error names: a record of megabytes holds millions of values."""

    def __init__(self, text: str, name: str, offsets: dict[KeyPath, tuple[int, int]]) -> None:
        self.text, self.name, self.offsets = text, name, offsets
        self.newlines: list[int] | None = None

    def __getitem__(self, path: KeyPath) -> NodeInfo:
        key, value = self.offsets[path]
        return NodeInfo(self.place(key) if key >= 0 else None, self.place(value))

    def __iter__(self) -> Iterator[KeyPath]:
        return iter(self.offsets)

    def __len__(self) -> int:
        return len(self.offsets)

    def place(self, offset: int) -> Place:
        if self.newlines is None:
            self.newlines = [found.start() for found in re.finditer("\n", self.text)]
        line = bisect.bisect_left(self.newlines, offset)
        start = self.newlines[line - 1] + 1 if line else 0
        return Place(self.name, line + 1, offset - start + 1)


_SPACE = re.compile(r"[ \t\n\r]*")
# An item of a list that is a plain scalar (a short whole number, a text without escapes, a word) and the comma
# after it, or the list's end: the bulk of a record (its decks and actions) is read by this one expression.
_SCALAR_ITEM = re.compile(r'(-?(?:0|[1-9][0-9]{0,17})|"[^"\\\x00-\x1f]*"|true|false|null)[ \t\n\r]*(?:,[ \t\n\r]*|(?=\]))')
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_WORDS = {"true": True, "false": False, "null": None}


class _JsonReader:
    """A recursive-descent JSON reader whose depth is capped, so no input can exhaust the stack."""

    def __init__(self, text: str, name: str) -> None:
        self.text = text
        self.name = name
        self.nodes: dict[KeyPath, tuple[int, int]] = {}  # offsets of a key (-1 in a list) and of its value

    def document(self) -> tuple[Any, Mapping[KeyPath, NodeInfo]]:
        start = self.skip(0)
        if start == len(self.text):
            raise CutShort([Problem(self.name, "is empty; it holds no JSON")])
        value, end = self.value(start, (), 1)
        end = self.skip(end)
        if end != len(self.text):
            self.fail(end, "unexpected text after the JSON document")
        return value, _Placed(self.text, self.name, self.nodes)

    def skip(self, pos: int) -> int:
        return _SPACE.match(self.text, pos).end()  # type: ignore[union-attr]

    def place(self, pos: int) -> Place:
        """Line and column of ``pos`` (asked only for an error, so counted from the start)."""
        line = self.text.count("\n", 0, pos)
        return Place(self.name, line + 1, pos - (self.text.rfind("\n", 0, pos) + 1) + 1)

    def fail(self, pos: int, message: str) -> None:
        place = self.place(pos)
        problem = Problem(self.name, message, place.line, place.column)
        raise (CutShort if pos >= len(self.text) else FileError)([problem])

    def value(self, pos: int, path: KeyPath, depth: int) -> tuple[Any, int]:
        if depth > MAX_DEPTH:
            self.fail(pos, f"nested more than {MAX_DEPTH} levels deep")
        if pos >= len(self.text):
            self.fail(pos, "the file ends where a value was expected; it was cut short")
        char = self.text[pos]
        if char == "{":
            return self.object(pos, path, depth)
        if char == "[":
            return self.array(pos, path, depth)
        if char == '"':
            return self.string(pos)
        number = _NUMBER.match(self.text, pos)
        if number and number.end() > pos:
            token = number.group()
            if len(token) > MAX_NUMBER_CHARS:
                self.fail(pos, f"a number of {len(token)} characters; numbers here have at most {MAX_NUMBER_CHARS}")
            if number.group(1) or number.group(2):
                value: Any = float(token)
                if value in (float("inf"), float("-inf")):
                    self.fail(pos, f"the number {token[:EXCERPT]} is too large")
            else:
                value = int(token)
            return value, number.end()
        for word, meaning in _WORDS.items():
            if self.text.startswith(word, pos):
                return meaning, pos + len(word)
        found = excerpt(self.text[pos:pos + 12].split("\n")[0], 14)
        self.fail(pos, f"JSON syntax: expected a value (an object, list, text in double quotes, number, true, "
                       f"false or null), found {found}")
        raise AssertionError  # fail raised

    def string(self, pos: int) -> tuple[str, int]:
        try:
            return scanstring(self.text, pos + 1, True)  # type: ignore[no-any-return]
        except json.JSONDecodeError as err:
            if err.pos >= len(self.text) or "Unterminated" in err.msg:
                self.fail(len(self.text), "the text in quotes is never closed; the file was cut short")
            self.fail(err.pos, f"JSON syntax: {err.msg.lower()}")
            raise

    def object(self, pos: int, path: KeyPath, depth: int) -> tuple[dict[str, Any], int]:
        result: dict[str, Any] = {}
        first: dict[str, int] = {}  # the offset of each key
        pos = self.skip(pos + 1)
        if self.text.startswith("}", pos):
            return result, pos + 1
        while True:
            if pos >= len(self.text):
                self.fail(pos, "the file ends inside an object; it was cut short")
            if self.text[pos] != '"':
                self.fail(pos, 'JSON syntax: a key in double quotes was expected, like "deals"')
            key_at = pos
            key, pos = self.string(pos)
            if key in first:
                self.fail(key_at, f"duplicate key {excerpt(key)} (first at line {self.place(first[key]).line}); "
                                  "each key may appear once in an object")
            first[key] = key_at
            pos = self.skip(pos)
            if not self.text.startswith(":", pos):
                self.fail(pos, "JSON syntax: a colon was expected after the key")
            pos = self.skip(pos + 1)
            child = (*path, key)
            self.nodes[child] = (key_at, pos)
            result[key], pos = self.value(pos, child, depth + 1)
            pos = self.skip(pos)
            if self.text.startswith(",", pos):
                pos = self.skip(pos + 1)
                continue
            if self.text.startswith("}", pos):
                return result, pos + 1
            self.fail(pos, "JSON syntax: a comma or } was expected")

    def _scalars(self, pos: int, path: KeyPath, result: list[Any]) -> int:
        """Read the plain scalars of a list from ``pos`` into ``result``, up to its end or to the first other item,
        which is left to :meth:`value`."""
        nodes, match, words = self.nodes, _SCALAR_ITEM.match, _WORDS
        found = match(self.text, pos)
        while found is not None:
            token = found.group(1)
            nodes[(*path, len(result))] = (-1, pos)
            first = token[0]
            result.append(token[1:-1] if first == '"' else words[token] if first in "tfn" else int(token))
            pos = found.end()
            found = match(self.text, pos)
        return pos

    def array(self, pos: int, path: KeyPath, depth: int) -> tuple[list[Any], int]:
        result: list[Any] = []
        pos = self.skip(pos + 1)
        if self.text.startswith("]", pos):
            return result, pos + 1
        while True:
            pos = self._scalars(pos, path, result)  # a run of numbers and texts at C speed
            if self.text.startswith("]", pos):
                return result, pos + 1
            child = (*path, len(result))
            self.nodes[child] = (-1, pos)
            item, pos = self.value(pos, child, depth + 1)
            result.append(item)
            pos = self.skip(pos)
            if self.text.startswith(",", pos):
                pos = self.skip(pos + 1)
                continue
            if self.text.startswith("]", pos):
                return result, pos + 1
            if pos >= len(self.text):
                self.fail(pos, "the file ends inside a list; it was cut short")
            self.fail(pos, "JSON syntax: a comma or ] was expected")


def write_text_atomically(path: Path, text: str, private: bool = False) -> None:
    """Write ``text`` to ``path`` through a unique temporary file and a rename: all of it or nothing.

    Two writers each get their own temporary file, so neither can rename the other's
    half-written text into place. The file gets the mode any new file gets here (the umask's), or
    ``private``: its owner's alone (the temporary file's own). OSError is left to the caller, who
    knows what was being written.
    """
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if not private:
            os.chmod(tmp, new_file_mode())
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def new_file_mode() -> int:
    """The mode a new file gets in this process: the umask's (setting it is the only way to read it)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def unwritable(folder: Path) -> str | None:
    """Why a new file cannot be written in ``folder`` (tried, not guessed from permissions), or None."""
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".belot-probe-")
    except OSError as err:
        return err.strerror or str(err)
    os.close(fd)
    Path(tmp).unlink(missing_ok=True)
    return None


OVERWRITE = "give --overwrite to replace it"  # what refuse_existing says where a command's --overwrite lifts it


def refuse_existing(path: Path, option: str, keep: str) -> None:
    """Refuse to write ``option``'s file over one that holds something; ``keep`` says what to do instead
    (``--out``: resume the run it holds). An empty file, made ready for the output, may be written.
    OSError is left to the caller, who knows what was being written."""
    if path.is_dir():
        raise UserError(f"{path} is a folder: {option} names the file to write, like {path / 'results.jsonl'}")
    if path.exists() and (not path.is_file() or path.stat().st_size):
        raise UserError(f"{path} already exists: {keep}, or choose another {option} file")
