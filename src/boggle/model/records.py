"""Frozen data classes for the modules every start loads, without importing :mod:`dataclasses`.

:mod:`dataclasses` imports :mod:`inspect` (and with it ``ast``, ``dis``, ``tokenize``),
about 12 ms of every ``boggle`` command's start.  The modules on the ``boggle solve``
path (board, rules, lexicon, languages, dice, the engine registry) declare their
records with this module's :func:`dataclass` instead, the same way::

    TYPE_CHECKING = False
    if TYPE_CHECKING:
        from dataclasses import dataclass
    else:
        from boggle.model.records import dataclass

so type checkers read the standard decorator, and at run time the class gets what a
``@dataclass(frozen=True)`` class gets and these modules use: ``__init__`` (fields in
order, defaults, then ``__post_init__``), ``__repr__``, ``__eq__``, ``__hash__``,
``__match_args__``, assignment refused (a ``__repr__``, ``__eq__`` or ``__hash__`` the class
writes itself is kept), :func:`field` with ``default`` and ``repr``,
and :func:`replace`.  Inheritance, ``InitVar``, ``ClassVar`` and ordering are not
supported (none of those modules uses them).

>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> Point(1), Point(1) == Point(1, 0), hash(Point(1)) == hash(Point(1, 0))
(Point(x=1, y=0), True, True)
>>> replace(Point(1), y=5)
Point(x=1, y=5)
>>> import inspect; inspect.signature(Point)
<Signature (x: 'int', y: 'int' = 0) -> None>
>>> Point(1).x = 2
Traceback (most recent call last):
...
boggle.model.records.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")

MISSING = object()
"""No default: the field must be given."""

FIELDS = "__record_fields__"
"""The class attribute naming a record's fields, in order."""


class FrozenInstanceError(AttributeError):
    """Raised on assigning to a field of a frozen record (as :mod:`dataclasses` does)."""


class Field:
    """What :func:`field` says about one field."""

    __slots__ = ("default", "repr")

    def __init__(self, default: object, repr: bool) -> None:
        self.default = default
        self.repr = repr


def field(*, default: Any = MISSING, repr: bool = True) -> Any:
    """A field's options: its default and whether ``repr`` shows it."""
    return Field(default, repr)


def dataclass(*, frozen: bool) -> Callable[[type[T]], type[T]]:
    """The decorator: ``@dataclass(frozen=True)``, as in :mod:`dataclasses`."""
    if not frozen:
        raise TypeError("boggle.model.records makes frozen records only")
    return _make


def replace(record: T, **changes: Any) -> T:
    """A copy of ``record`` with some fields changed (checked again by ``__post_init__``)."""
    values = {name: getattr(record, name) for name in getattr(type(record), FIELDS)}
    values.update(changes)
    return type(record)(**values)


def _make(cls: type[T]) -> type[T]:
    names = list(cls.__dict__.get("__annotations__", {}))  # noqa: RUF063 - not inspect: its cost
    defaults: dict[str, object] = {}
    shown = []
    for name in names:
        value = cls.__dict__.get(name, MISSING)
        if isinstance(value, Field):
            if value.repr:
                shown.append(name)
            value = value.default
        else:
            shown.append(name)
        if value is MISSING:
            if name in cls.__dict__:
                delattr(cls, name)
        else:
            defaults[name] = value
            setattr(cls, name, value)
    parameters = ", ".join(f"{n}=_default_{n}" if n in defaults else n for n in names)
    body = "".join(f"    _set(self, {n!r}, {n})\n" for n in names)
    if hasattr(cls, "__post_init__"):
        body += "    self.__post_init__()\n"
    source = f"def __init__(self, {parameters}):\n{body or '    pass'}\n"
    scope: dict[str, object] = {f"_default_{n}": v for n, v in defaults.items()}
    scope["_set"] = object.__setattr__
    exec(source, scope)
    values = _values(names)

    def __repr__(self: object) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in shown)
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return values(self) == values(other)

    def __hash__(self: object) -> int:
        return hash(values(self))

    def __setattr__(self: object, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self: object, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - as above
    # the fields' types, as help() and inspect.signature show a dataclass's
    init.__annotations__ = {n: annotations[n] for n in names} | {"return": None}
    kept = {name for name in _KEPT if _written(cls, name)}  # before any is put on the class
    for method in (init, __repr__, __eq__, __hash__, __setattr__, __delattr__):
        name = method.__name__  # type: ignore[attr-defined]
        if name not in kept:  # the class's own are kept, as dataclasses keeps them
            setattr(cls, name, method)
    setattr(cls, FIELDS, tuple(names))
    setattr(cls, "__match_args__", tuple(names))  # noqa: B010 - mypy refuses the plain form
    return cls


_KEPT = frozenset({"__repr__", "__eq__", "__hash__"})
"""The methods a class may write itself: the record's are not put over them."""


def _written(cls: type, name: str) -> bool:
    """Whether the class itself gives ``name``, by dataclasses' rule: a ``__hash__ = None``
    is written (the class asks to be unhashable) unless it came with the class's own
    ``__eq__`` (Python's doing, which a frozen dataclass replaces with a hash)."""
    if name not in cls.__dict__:
        return False
    if name == "__hash__" and cls.__dict__[name] is None:
        return "__eq__" not in cls.__dict__
    return cls.__dict__[name] is not None


def _values(names: list[str]) -> Callable[[object], tuple[object, ...]]:
    """The function giving a record's field values, in order, as a tuple."""
    if not names:
        return lambda record: ()
    if len(names) == 1:
        name = names[0]
        return lambda record: (getattr(record, name),)
    from operator import attrgetter

    return attrgetter(*names)
