"""What every section of a variant file shares: the contracts, ranks and bounds of numbers, ``Rule``,
the strict, immutable base of every section, and ``Option``, what an option says of itself."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Generic, Literal, TypeVar, get_args, get_origin

from annotated_types import Ge, Le
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    Strict,
    model_validator,
)
from pydantic.fields import FieldInfo
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError, core_schema

from ..cards import RANK_CHARS, RANKS, parse_rank
from ..i18n import gettext as _

if TYPE_CHECKING:
    from ..variant.model import Variant

# undenufe (schieber.md §1, §3.1): a no-trumps contract with its own rank order (reversed in Jass) and card points.
CONTRACTS = ("clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps", "undenufe")

SUIT_CONTRACTS = CONTRACTS[:4]
# The rules in force while a trump lies face down (play.trump_shown on_demand): no trumps, every suit in the plain order;
# a point bid names no contract then, only its points.
CONCEALED = "concealed"
# What a player may type for a call other than a doubling: a doubling name cannot be one of them.
CALL_WORDS = frozenset({"pass", "passe", "capot", "redeal", "kawesh", "push", "schiebe", "x", "xx", "c", "d", "h", "s", "nt", "at",
                        "sa", "ta", "notrumps", "alltrumps", "no trumps", "all trumps", "sans atout", "tout atout",
                        *CONTRACTS})

Contract = Literal["clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps", "undenufe"]
# A variant plays undenufe only where its file names it.
DEFAULT_CONTRACTS: tuple[Contract, ...] = ("clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps")
RankName = Literal["6", "7", "8", "9", "T", "J", "Q", "K", "A"]  # the 6 only in a 36-card pack


def contract_kind(contract: str) -> str:
    """``suit`` for the four suit contracts and for a suit contract whose trump lies face down, ``no_trumps`` for
    undenufe, else the contract itself."""
    if contract in SUIT_CONTRACTS or contract == CONCEALED:
        return "suit"
    return "no_trumps" if contract == "undenufe" else contract


KINDS = ("suit", "no_trumps", "all_trumps")
T = TypeVar("T")


def written_by_contract(value: Any, keys: Sequence[str] = KINDS) -> bool:
    """Whether a rule that may differ by contract is written with its overrides (``{default: ...}``), ``keys``
    being those its overrides take."""
    return isinstance(value, dict) and any(str(key) == "default" or str(key) in keys for key in value)


def written_with_overrides(value: Any, item: Any, keys: Sequence[str] = KINDS) -> bool:
    """Whether a file writes a rule by contract, whose value has type ``item``, with its overrides rather than
    plainly: a mapping that names a contract or kind, or one that cannot be the value itself (a mapping where the
    value is a choice, a number or a yes/no; one naming none of a section's rules), so that its misspelt key
    (``defualt``, ``suitt``) is told among the kinds, not as a wrong value or as a rule of the section."""
    if not isinstance(value, dict) or not value:
        return False
    if written_by_contract(value, keys):
        return True
    if isinstance(item, type) and issubclass(item, BaseModel):
        return {str(key) for key in value}.isdisjoint(item.model_fields)
    while get_origin(item) is Annotated:
        item = get_args(item)[0]
    return dict not in (item, get_origin(item))


def by_contract_form(value: Any, keys: Sequence[str] = KINDS) -> Any:
    """A rule that may differ by contract, as ``{default: ..., <kind>: ...}``; a plain value is the default."""
    if isinstance(value, ByContract):  # a default of the model's
        return {"default": value.default, **value.overrides}
    return value if written_by_contract(value, keys) else {"default": value}


def override_keys(annotation: Any) -> tuple[str, ...]:
    """The keys of the overrides a field's type takes where it is a rule by contract (the kinds, and for
    ``PerContract`` the contracts too); none for any other type."""
    origin = get_origin(annotation)
    return origin.KEYS if isinstance(origin, type) and issubclass(origin, ByContract) else ()


def section_by_contract(annotation: Any) -> type[BaseModel] | None:
    """The section a rule by contract holds, one for each kind of contract (``scoring.rounding.totals``: a
    rounding per kind), where its value is a section; None for any other type."""
    item = get_args(annotation)[0] if override_keys(annotation) else None
    return item if isinstance(item, type) and issubclass(item, BaseModel) else None


def choice_by_contract(annotation: Any) -> type[Enum] | None:
    """The choice a rule by contract holds, one value for each kind of contract (``play.trump_overtake``), where its
    value is a choice among named values; None for any other type."""
    item = get_args(annotation)[0] if override_keys(annotation) else None
    return item if isinstance(item, type) and issubclass(item, Enum) else None


def in_contract(written: Any, key: str, keys: Sequence[str] = KINDS) -> Any:
    """A rule by contract, as a file or a model dump writes it, in one contract or kind of contract ``key``."""
    form = by_contract_form(written, keys)
    return ByContract(form["default"], {k: v for k, v in form.items() if k != "default"}).of(key)


def rule_in(section: Any, key: str) -> Any:
    """One step into the rules: a section's rule ``key``, or a rule by contract's value in the contract ``key``."""
    return section.of(key) if isinstance(section, ByContract) else getattr(section, key)


class ByContract(Generic[T]):
    """A rule that may differ by kind of contract: a default, and an override for each kind where it differs.

    The one way a rule varies by contract. A file writes it plainly (``quads: {J: 200, ...}``, the same
    in every contract) or with overrides (``quads: {default: {...}, no_trumps: {A: 200, ...}}``); written
    plainly it is stored, shown and hashed plainly. Files of a chain that write it the two ways are merged
    as if each wrote overrides (the loader), so a child's override keeps its parent's plain table.
    """

    __slots__ = ("default", "overrides")
    KEYS: ClassVar[tuple[str, ...]] = KINDS  # what an override is keyed by

    def __init__(self, default: T, overrides: Mapping[str, T] | None = None) -> None:
        self.default = default
        self.overrides: dict[str, T] = {k: v for k, v in (overrides or {}).items() if v is not None}

    def of(self, contract: str) -> T:
        """The rule in ``contract`` (a contract or a kind of contract): its own override, else its kind's."""
        overrides = self.overrides
        return overrides[contract] if contract in overrides else overrides.get(contract_kind(contract), self.default)

    def kinds(self) -> list[str]:
        """The kinds of contract where a yes/no by kind is yes, in the order of ``KINDS``."""
        return [kind for kind in KINDS if self.of(kind)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ByContract) and (self.default, self.overrides) == (other.default, other.overrides)

    __hash__ = None  # type: ignore[assignment]  # mutable contents, like a dict

    def __repr__(self) -> str:
        return f"ByContract({self.default!r}, {self.overrides!r})"

    @classmethod
    def reader(cls, item: Any) -> Callable[[Any], Any]:
        """How a value of this rule, whose value has type ``item``, is read into its override form."""
        return lambda value: (by_contract_form(value, cls.KEYS) if isinstance(value, ByContract)
                              else value if written_with_overrides(value, item, cls.KEYS) else {"default": value})

    def written(self) -> Any:
        """As a file writes it: the default alone when nothing differs."""
        return {"default": self.default, **self.overrides} if self.overrides else self.default

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        (item,) = get_args(source) or (Any,)
        value = handler.generate_schema(item)
        table = core_schema.typed_dict_schema(
            {"default": core_schema.typed_dict_field(value),
             **{kind: core_schema.typed_dict_field(core_schema.nullable_schema(value), required=False)
                for kind in cls.KEYS}},
            extra_behavior="forbid")
        return core_schema.no_info_after_validator_function(
            lambda form: cls(form["default"], {k: v for k, v in form.items() if k != "default"}),
            core_schema.no_info_before_validator_function(cls.reader(item), table),
            serialization=core_schema.plain_serializer_function_ser_schema(lambda v: v.written()))

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        table = handler.resolve_ref_schema(handler(schema))
        # Unknown kinds are refused by the model; said in the schema too (pydantic before 2.11 leaves it out).
        table = {"additionalProperties": False, **{k: v for k, v in table.items() if k != "additionalProperties"}}
        plain = {k: v for k, v in table["properties"]["default"].items() if k != "title"}
        return {"anyOf": [plain, table]}


class PerContract(ByContract[T]):
    """A rule that may differ by contract itself, not only by its kind: overrides per contract (``hearts: 3``) as
    well as per kind (``suit: 2``), a contract's own before its kind's (``scoring.contract_factors``)."""

    KEYS: ClassVar[tuple[str, ...]] = (*CONTRACTS, *(k for k in KINDS if k not in CONTRACTS))


MAX_NUMBER = 100_000  # any points, bonus, total or target: far above every table's, small enough to play
MAX_BID_LEVELS = 100  # point bids from minimum to maximum
Points = Annotated[int, Field(ge=0, le=MAX_NUMBER)]


# A contradiction between rules: the section whose rules it names by their own names (``max_level``),
# ``()`` when it names them in full (``deal.turned_card``), and what is wrong.
Conflict = tuple[tuple[str, ...], str]


class Conflicts(ValueError):
    """Every contradiction between a variant's rules, found together so that each is told on its own line."""

    def __init__(self, problems: list[Conflict]) -> None:
        super().__init__("; ".join(message for _, message in problems))
        self.problems = tuple(problems)


def _off(value: object) -> object:
    """YAML 1.1 reads a plain ``off`` (or ``no``, ``false``) as false: for an option with an ``off`` value it is that."""
    return "off" if value is False else value


class Rule(BaseModel):
    """Base of every section: unknown keys are errors and loaded variants are immutable.

    Types are strict: a quoted ``"300"`` or ``'no'`` is text, never a number or a boolean, ``1`` is
    not ``true`` and ``300.0`` is not a whole number, so a value is what the file shows. Only an
    option with named values reads its name from the text (``shuffle: cut_only``), and one with an
    ``off`` value reads YAML's false as ``off``.

    Every whole-number rule without bounds of its own runs from 0 to ``MAX_NUMBER``: a file may
    not ask for a match to 10**24, a clock of 3,000 years or a negative total, which the engine
    cannot play.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=True, validate_default=True,
                              strict=True)
    # The keys older files wrote for this section's options: each old key, with its option's name and declaration.
    old_keys: ClassVar[dict[str, tuple[str, OldKey]]] = {}

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: object) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        cls.old_keys = {old.key: (name, old) for name, field in cls.model_fields.items()
                        if (option := option_of(field)) is not None for old in option.old_keys}
        changed = False
        for field in cls.model_fields.values():
            if isinstance(field.annotation, type) and issubclass(field.annotation, Enum):
                field.metadata.append(Strict(False))  # an option's named values are written as text
                if "off" in field.annotation.__members__:
                    field.metadata.append(BeforeValidator(_off))
                taken = option_values(field)
                if len(taken) < len(field.annotation):
                    field.metadata.append(AfterValidator(_only(taken)))
                changed = True
                continue
            if override_keys(field.annotation) and isinstance(field.default, ByContract):
                field.metadata.append(BeforeValidator(_with_default(field.default)))
                changed = True
                continue
            if field.annotation not in (int, int | None):
                continue
            for kind, bound in ((Le, Le(MAX_NUMBER)), (Ge, Ge(0))):
                if not any(isinstance(m, kind) for m in field.metadata):
                    field.metadata.append(bound)
                    changed = True
        if changed:
            cls.model_rebuild(force=True)

    @model_validator(mode="before")
    @classmethod
    def _read_old_keys(cls, data: Any) -> Any:
        """A mapping that writes an option under an older key is read as if it wrote the option."""
        if not cls.old_keys or not isinstance(data, dict):
            return data
        return rename_old_keys(cls, data)


def _with_default(default: ByContract[Any]) -> Callable[[Any], Any]:
    """Overrides written without a default (a file whose parents leave the rule to the model) keep its default
    and its own overrides of the kinds they do not name."""
    def fill(value: Any) -> Any:
        form = type(default).reader(type(default.default))(value)
        return form if "default" in form else {"default": default.default, **default.overrides, **form}
    return fill


def rename_old_keys(model: type[Rule], data: dict[Any, Any]) -> dict[Any, Any]:
    """``data`` with each old key of ``model`` written as its option, its value translated (same order).

    An old key beside its option's own key (or beside the override it names) is refused: the file would
    say the rule twice."""
    both = [(old, name) for old, (name, declared) in model.old_keys.items() if old in data and name in data
            and (not declared.part or (isinstance(data[name], dict) and declared.part in data[name]))]
    if both:
        raise ValueError("; ".join(_("{old} is the older name of {new}: write only {new}").format(old=old, new=new)
                                   for old, new in both))
    renamed: dict[Any, Any] = {}
    parts = []
    for key, value in data.items():
        name, old = model.old_keys.get(key, (key, None))
        if old is not None and old.part:
            parts.append((name, old.part, value))
        else:
            renamed[name] = old.new_value(value) if old is not None else value
    for name, part, value in parts:
        renamed[name] = with_part(renamed.get(name), part, value, override_keys(model.model_fields[name].annotation))
    return renamed


def with_part(written: Any, part: str, value: Any, keys: Sequence[str] = KINDS) -> Any:
    """A rule that may differ by contract (``ByContract``, its overrides keyed by ``keys``), as written, with the
    override for ``part`` added."""
    return {part: value} if written is None else {**by_contract_form(written, keys), part: value}


@dataclasses.dataclass(frozen=True)
class KindsList:
    """The older shape of a yes/no by kind of contract: the list of the kinds where it is yes (``[suit, all_trumps]``).

    Read, the list says every kind, so that a child's list replaces its parent's whole rule as it did."""

    schema: ClassVar[dict[str, Any]] = {"type": "array", "items": {"enum": list(KINDS), "type": "string"}}

    @staticmethod
    def read(value: Any) -> Any:
        """``[suit]`` is ``{default: false, suit: true, no_trumps: false, all_trumps: false}``; a listed word that is
        no kind stays a key, for the option's message that lists the kinds; anything else than a list is left as
        it is, for the option's own message."""
        if not isinstance(value, list):
            return value
        return {"default": False, **{kind: kind in value for kind in KINDS},
                **{str(wrong): True for wrong in value if wrong not in KINDS}}

    @staticmethod
    def shortest(value: Any) -> Any:
        """The rule a list reads as, written as a file would: the yes/no of most kinds as its default, and the
        kinds that differ (``[suit]`` is ``{default: false, suit: true}``)."""
        form = KindsList.read(value)
        if not isinstance(form, dict):
            return value
        default = sum(form[kind] for kind in KINDS) * 2 > len(KINDS)
        differ = {kind: form[kind] for kind in KINDS if form[kind] != default}
        return {"default": default, **differ} if differ else default

    @staticmethod
    def write(value: Any) -> list[str]:
        """The kinds where the rule, as a model dump writes it, is yes, in the order of ``KINDS``."""
        form = by_contract_form(value)
        return [kind for kind in KINDS if form.get(kind, form["default"])]


@dataclasses.dataclass(frozen=True)
class OldKey:
    """A key older files wrote for an option, still read as the option (``belot validate`` notes each one).

    ``values`` maps what the old key took to the option's values, where they differ (a yes/no that became
    a choice); values it does not name are read unchanged. ``part`` names the kind of contract whose
    override of a ``ByContract`` rule the old key wrote. The content hash writes the option in its old
    form wherever it has one, so a file's hash, and the records that carry it, outlive the renaming.
    """

    key: str
    values: Mapping[Any, Any] = dataclasses.field(default_factory=dict)
    part: str | None = None  # the kind of contract whose override the old key wrote (``no_trumps_quads``)
    # where the rule had no key for its default then, the default the old form always meant: the content hash
    # writes the default only where it differs (``no_trumps_factor``: 1 in the other contracts)
    implied_default: Any = None
    # where the old key took another shape than the option (a list of kinds for a yes/no by kind), the two ways
    # between them and the old shape's JSON Schema
    converter: KindsList | None = None

    def new_value(self, value: Any) -> Any:
        """What a value written under the old key means for the option (``1`` is not ``true``: types are strict)."""
        if self.converter is not None:
            return self.converter.read(value)
        return next((new for old, new in self.values.items() if type(old) is type(value) and old == value), value)

    def old_value(self, value: Any) -> tuple[bool, Any]:
        """Whether the option's ``value`` can be written under the old key, and how."""
        if self.converter is not None:
            return True, self.converter.write(value)
        if not self.values:
            return True, value
        found = [old for old, new in self.values.items() if new == value]
        return (True, found[0]) if found else (False, value)


@dataclasses.dataclass(frozen=True, eq=False)
class Option:
    """An option's words and reach, declared once on its field as ``Annotated[Choice, Option(...)]``.

    ``meanings`` says what each value does at the table: ``belot show`` and ``belot compare`` print
    the chosen one, and the JSON Schema gives them to editors as ``enumDescriptions``. ``unused_when``,
    for an option other rules can switch off, gives the reason it does nothing in a variant (None
    where it applies), for the "not used" lists of ``show`` and ``compare``; ``unused_here`` says the
    same from the section that holds the option, for a section the variant uses in several places (a
    rounding per kind of contract). ``old_keys`` are the names older files gave the option: they are
    still read, with a note from ``belot validate``, and the JSON Schema accepts them as deprecated.
    ``hashed_as`` writes the value (as a model dump has it) in the shape the option had before it took
    another under the same key, for the content hash. ``shown_in`` names where a rule by contract whose value
    is a section is opened, one section each, by ``show``, ``compare``, the booklet and the "not used" list.
    """

    meanings: Mapping[str, str] = dataclasses.field(default_factory=dict)  # none for a number or a yes/no
    unused_when: Callable[[Variant], str | None] | None = None
    unused_here: Callable[[Any], str | None] | None = None
    old_keys: tuple[OldKey, ...] = ()
    hashed_as: Callable[[Any], Any] | None = None
    # a rule by contract whose value is a section: the kinds of contract, or contracts, it is shown for (the places
    # where it differs or does something: a trump suit's ranks in suit and all-trumps contracts only)
    shown_in: tuple[str, ...] = KINDS

    def unused_reason(self, variant: Variant, section: BaseModel) -> str | None:
        """Why the option does nothing in ``variant``, where ``section`` holds it; None where it applies."""
        reason = self.unused_when(variant) if self.unused_when is not None else None
        if reason is None and self.unused_here is not None:
            reason = self.unused_here(section)
        return reason


def option_values(info: FieldInfo) -> tuple[str, ...]:
    """The values a choice takes: those its option gives a meaning to, which may be fewer than its type has
    (a trump lead's overtaking is never ``never``); every value of its type where it gives none."""
    option = option_of(info)
    if option is not None and option.meanings:
        return tuple(option.meanings)
    choice = info.annotation
    return tuple(m.value for m in choice) if isinstance(choice, type) and issubclass(choice, Enum) else ()


def _only(values: tuple[str, ...]) -> Callable[[Any], Any]:
    """Refuse a value of the choice's type that this option does not take, as pydantic refuses an unknown one."""
    quoted = [f"'{v}'" for v in values]
    expected = " or ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)

    def check(value: Any) -> Any:
        if getattr(value, "value", value) not in values:
            raise PydanticCustomError("enum", "Input should be {expected}", {"expected": expected})
        return value
    return check


def first_reason(*checks: Callable[[Variant], str | None]) -> Callable[[Variant], str | None]:
    """An option that several rules switch off: the reason of the first of them that does."""
    def reason(variant: Variant) -> str | None:
        return next((found for check in checks if (found := check(variant)) is not None), None)
    return reason


def option_of(info: FieldInfo) -> Option | None:
    """The option declared on a field, if any."""
    return next((m for m in info.metadata if isinstance(m, Option)), None)


def rank_key(value: object) -> str:
    """Accept ``10``/``T`` and YAML's integer keys (``9: 150``) for a rank."""
    if isinstance(value, (dict, list)):
        kind = "a mapping" if isinstance(value, dict) else "a list"
        raise ValueError(_("a rank is one of 7 8 9 10 (or T) J Q K A, not {rank}").format(rank=kind))
    return RANK_CHARS[parse_rank(str(value))]


def _rank_list(value: object) -> object:
    """A list of ranks in one spelling (``10`` and ``t`` are ``T``, YAML's ``9`` is ``"9"``)."""
    return [rank_key(v) for v in value] if isinstance(value, list) else value


def _rank_keys(value: object) -> object:
    """A table by rank with its keys in one spelling."""
    return {rank_key(k): v for k, v in value.items()} if isinstance(value, dict) else value


# Every list of ranks and every table by rank reads its ranks so. The check runs on the whole list or
# table, so a wrong rank is told at the entry that holds it (explain.py), and anything else than a list
# or a table is left for the type's own message.
Ranks = Annotated[list[RankName], BeforeValidator(_rank_list)]
READ_RANK_KEYS = BeforeValidator(_rank_keys)
RankPoints = Annotated[dict[RankName, Points], READ_RANK_KEYS]


def permutation_problems(name: str, order: Sequence[str]) -> list[str]:
    """``order`` lists each rank once: anything else leaves a card without a place (an IndexError in play).
    The 6 may be listed too, for a 36-card pack (whose tables must list it: :class:`CardTables` says so)."""
    if sorted(r for r in order if r != "6") == sorted(RANKS) and order.count("6") <= 1:
        return []
    missing = [r for r in RANKS if r not in order]
    repeated = sorted({r for r in order if order.count(r) > 1})
    return [_("{name} must list each of the ranks 7 8 9 T J Q K A exactly once").format(name=name)
            + (_("; missing {ranks}").format(ranks=" ".join(missing)) if missing else "")
            + (_("; repeated {ranks}").format(ranks=" ".join(repeated)) if repeated else "")]
