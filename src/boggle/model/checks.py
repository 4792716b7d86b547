"""The checks of the library's option values: a count is an ``int`` (a bool, or a float
even ``2.0``, is refused), a length of time or a rate a finite ``int`` or ``float`` (never a
bool, NaN or infinity); each refusal is one line, a
:class:`~boggle.model.errors.BoggleError` whose ``setting`` names the field.
:func:`whole_number` and :func:`finite_number` check one value (the search, proof and
stats options); :func:`check_limits` every number of a dataclass of limits by its
annotations (a server's, a room's).

>>> whole_number("jobs", 2, at_least=1)
2
>>> whole_number("jobs", 2.0, at_least=1)
Traceback (most recent call last):
  ...
boggle.model.errors.BoggleError: jobs must be a whole number, got 2.0
>>> finite_number("seconds", 0.5, more_than=0)
0.5
>>> finite_number("seconds", float("inf"), more_than=0)
Traceback (most recent call last):
  ...
boggle.model.errors.BoggleError: seconds must be a finite number, got inf
"""

from __future__ import annotations

import math

from boggle.model.errors import BoggleError, SettingTypeError, UnknownSettingError
from boggle.model.wording import grouped

MAX_TOP = 10_000
"""The most best boards a run keeps and prints (``top`` of a search or of score statistics):
each is held in memory until the end, and a search offers millions of boards."""

TYPE_CHECKING = False  # typing and dataclasses cost start time: the model imports this
if TYPE_CHECKING:
    from collections.abc import Collection

    from _typeshed import DataclassInstance


def whole_number(
    name: str,
    value: object,
    *,
    at_least: int | None = None,
    at_most: int | None = None,
    error: type[BoggleError] = BoggleError,
    setting: str | None = None,
) -> int:
    """``value`` when it is an ``int`` from ``at_least`` to ``at_most`` (either end open
    when ``None``); else an ``error`` (of the type or the range) naming ``name``, whose
    ``setting`` is ``setting`` (``None``: ``name``).

    >>> whole_number("top", True)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: top must be a whole number, got True
    >>> whole_number("top", 0, at_least=1)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: top must be at least 1, got 0
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{name} must be a whole number, got {value!r}", setting=setting or name)
    _check_range(name, value, at_least, at_most, error, setting or name)
    return value


def finite_number(
    name: str,
    value: object,
    *,
    more_than: float | None = None,
    at_least: float | None = None,
    at_most: float | None = None,
) -> float:
    """``value`` when it is a finite ``int`` or ``float`` above ``more_than`` and from
    ``at_least`` to ``at_most`` (each ``None``: no bound); else a :class:`BoggleError`
    naming ``name``.

    >>> finite_number("seconds", 0, more_than=0)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: seconds must be more than 0, got 0
    """
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise BoggleError(f"{name} must be a finite number, got {value!r}", setting=name)
    if more_than is not None and not value > more_than:
        raise BoggleError(
            f"{name} must be more than {grouped(more_than)}, got {grouped(value)}", setting=name
        )
    _check_range(name, value, at_least, at_most)
    return value


def callback(name: str, value: object) -> None:
    """Nothing when ``value`` is a function (anything callable) or ``None``; else a
    :class:`BoggleError` naming ``name``, before any work (not Python's "object is not
    callable" when the first report comes).

    >>> callback("on_class", print)
    >>> callback("on_class", 3)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: on_class must be a function (or None), got 3 (int)
    """
    if value is not None and not callable(value):
        shown = repr(value)
        kind = type(value).__name__
        got = f"{shown} ({kind})" if len(shown) <= 40 and "\n" not in shown else f"a {kind}"
        raise BoggleError(f"{name} must be a function (or None), got {got}", setting=name)


def known_settings(function: str, given: Collection[str], settings: Collection[str]) -> None:
    """A :class:`BoggleError` of one line when a keyword ``function`` was given (``given``)
    is none of its ``settings`` (an :class:`UnknownSettingError`, a ``TypeError`` too), as a
    search method's unknown parameter is one line: not Python's from the options' ``__init__``.

    >>> known_settings("prove", ["jobs"], ["jobs", "memory"])
    >>> try:
    ...     known_settings("prove", ["jbos"], ["jobs", "memory"])
    ... except TypeError as error:
    ...     print(error)
    prove takes no setting 'jbos' (did you mean 'jobs'?); it takes: jobs, memory
    """
    if unknown := sorted(set(given) - set(settings)):
        names = sorted(settings)
        raise UnknownSettingError(
            f"{function} takes no setting {unknown[0]!r}{did_you_mean(unknown[0], names)}; "
            f"it takes: {', '.join(names)}"
        )


def need_options(function: str, options: object, kind: type) -> None:
    """Refuse ``options`` of ``function`` that are neither None nor a ``kind`` (its
    ``*Options``) in one line naming the parameter and the type it takes: a
    :class:`~boggle.model.errors.SettingTypeError`, a ``TypeError`` too.

    >>> need_options("search", None, int)
    >>> try:
    ...     need_options("search", "anneal", int)
    ... except TypeError as error:
    ...     print(error, error.setting)
    search takes its options as int or keywords, not 'anneal' (str) options
    """
    if options is not None and not isinstance(options, kind):
        shown = repr(options)
        got = type(options).__name__
        shown = f"{shown} ({got})" if len(shown) <= 40 and "\n" not in shown else f"a {got}"
        raise SettingTypeError(
            f"{function} takes its options as {kind.__name__} or keywords, not {shown}",
            setting="options",
        )


def did_you_mean(name: str, names: Collection[str]) -> str:
    """`` (did you mean 'seed'?)`` when one of ``names`` is close to ``name``, else empty.

    Close is a typo's distance: at most one letter added, dropped, changed or two swapped
    (:func:`typo_distance`) in a name of up to 7 letters, two in a longer one (the leading
    dashes of an option not counted), so ``colour`` is offered nothing rather than ``cols``
    (difflib's ratio, 0.6, took it); or one name the start of the other, of 3 letters or
    more (``--dictionary``: ``--dict``). The nearest wins, the first of ``names`` on a tie.

    >>> did_you_mean("sedd", ["seed", "top"]), did_you_mean("colour", ["seed", "top"])
    (" (did you mean 'seed'?)", '')
    >>> did_you_mean("colour", ["cols", "rows"]), did_you_mean("--rulse", ["--rules"])
    ('', " (did you mean '--rules'?)")
    """
    bare = name.lstrip("-").lower()
    allowed = 1 if len(bare) <= 7 else 2
    best: tuple[int, str] | None = None
    for candidate in names:
        other = candidate.lstrip("-").lower()
        distance = typo_distance(bare, other, allowed)
        if min(len(bare), len(other)) >= 3 and (bare.startswith(other) or other.startswith(bare)):
            distance = min(distance, allowed)
        if distance <= allowed and (best is None or distance < best[0]):
            best = (distance, candidate)
    return f" (did you mean {best[1]!r}?)" if best is not None else ""


def typo_distance(a: str, b: str, most: int) -> int:
    """The edits (a letter added, dropped or changed, two neighbours swapped) that make
    ``a`` into ``b``; any figure above ``most`` once it is sure to be above it.

    >>> typo_distance("bgi", "big", 2), typo_distance("colour", "cols", 2)
    (1, 3)
    """
    if abs(len(a) - len(b)) > most:
        return most + 1
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > most:
            return most + 1
        before, row = row, current
    return row[len(b)]


def check_limits(limits: DataclassInstance, *, zero_means_none: Collection[str] = ()) -> None:
    """Every ``int`` and ``float`` field of the dataclass ``limits`` (a server's limits, a
    room's settings): a count a whole number of at least 1, a time or a rate a finite number
    above 0; those named in ``zero_means_none`` (``0``: no limit) may be 0.  A field whose
    annotation allows ``None`` may be ``None``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Gate:
    ...     burst: int = 3
    ...     seconds: float = 1.5
    ...     def __post_init__(self) -> None:
    ...         check_limits(self)
    >>> Gate(burst=4).burst
    4
    >>> Gate(seconds=float("nan"))
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: seconds must be a finite number, got nan
    """
    import dataclasses

    for item in dataclasses.fields(limits):
        base, optional = _number_kind(item.type)
        value = getattr(limits, item.name)
        if value is None and optional:
            continue
        zero = item.name in zero_means_none
        if base == "int":
            whole_number(item.name, value, at_least=0 if zero else 1)
        elif base == "float" and zero:
            finite_number(item.name, value, at_least=0)
        elif base == "float":
            finite_number(item.name, value, more_than=0)


def _number_kind(annotation: object) -> tuple[str, bool]:
    """A field's annotation (the text ``from __future__ import annotations`` leaves, or the
    type) as its one type's name (``int``, ``float``; ``""`` for a union of several) and
    whether it allows ``None``.

    >>> _number_kind("int | None"), _number_kind(float), _number_kind(int | None)
    (('int', True), ('float', False), ('int', True))
    """
    import types
    import typing

    if isinstance(annotation, str):
        names = [part.strip() for part in annotation.split("|")]
    elif typing.get_origin(annotation) in (types.UnionType, typing.Union):
        names = [getattr(part, "__name__", "") for part in typing.get_args(annotation)]
    else:
        names = [getattr(annotation, "__name__", "")]
    kinds = [name for name in names if name not in ("None", "NoneType")]
    return (kinds[0] if len(kinds) == 1 else "", len(kinds) < len(names))


def _check_range(
    name: str,
    value: float,
    at_least: float | None,
    at_most: float | None,
    error: type[BoggleError] = BoggleError,
    setting: str | None = None,
) -> None:
    setting = setting or name
    if at_least is not None and at_most is not None and not at_least <= value <= at_most:
        raise error(
            f"{name} must be from {grouped(at_least)} to {grouped(at_most)}, got {grouped(value)}",
            setting=setting,
        )
    if at_least is not None and value < at_least:
        raise error(
            f"{name} must be at least {grouped(at_least)}, got {grouped(value)}", setting=setting
        )
    if at_most is not None and value > at_most:
        raise error(
            f"{name} must be at most {grouped(at_most)}, got {grouped(value)}", setting=setting
        )
