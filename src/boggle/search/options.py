"""How a search or a proof runs, as one value each: :class:`SearchOptions`, :class:`ProofOptions`.

Both are frozen and checked when made, before any word list is read or any board scored;
a bad value is a :class:`~boggle.model.errors.BoggleError` naming the field (its
``setting``), which a shell may write as its own option.  A count is an ``int`` (a bool,
or a float even ``2.0``, is refused), a time a finite number (:mod:`boggle.model.checks`).

>>> options = SearchOptions(method="anneal", seed=3, top=5, parameters={"steps": 2000})
>>> options.method, options.seed, options.parameters["steps"]
('anneal', 3, 2000)
>>> SearchOptions(top=0)
Traceback (most recent call last):
  ...
boggle.model.errors.BoggleError: top must be from 1 to 10,000, got 0
>>> ProofOptions(bucket_count=2).with_changes(jobs=2).jobs
2
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from boggle.dice.cubes import dice_set, seed_in_range
from boggle.engines.gpu import BATCH_ENGINES
from boggle.model.checks import (
    MAX_TOP,
    did_you_mean,
    finite_number,
    known_settings,
    whole_number,
)
from boggle.model.errors import BoggleError, UnknownSettingError
from boggle.search.branch_and_bound import MAX_BOARDS, check_prover_limits
from boggle.search.job import CLOCKS
from boggle.search.local import MAX_POOL, METHODS

TEXT_FIELDS = {
    "method": f"one of {', '.join(METHODS)}",
    "clock": f"{' or '.join(CLOCKS)}",
    "letters": "the faces to use, e.g. 'aeinrst'",
    "dice": "a dice set's name, e.g. 'new'",
}
"""The fields of :class:`SearchOptions` that are text, with what each holds (``engine`` is
checked against its names)."""


@dataclass(frozen=True)
class SearchOptions:
    """How :func:`boggle.search.search` looks for boards.

    ``method``: ``hillclimb``, ``anneal``, ``evolve``, ``population`` or ``pools``;
    ``seconds``: the time allowed (of ``clock``: ``wall`` or ``cpu``; ``None``: until the
    method stops or ``target`` is reached); ``target``: stop at a board of this score;
    ``seed``: the runs' seed (``None``: a fresh one); ``jobs``: runs at once (processes, or
    Dask tasks with ``where``); ``top``: the best boards kept; ``letters``: the faces a
    letter search uses (default: the word list's); ``dice``: search the boards a dice set
    rolls instead; ``engine``: ``native``, ``gpu`` or ``auto`` (the GPU scores in one
    process); ``parameters``: the method's own (``pool`` for ``hillclimb`` and
    ``population``, ``steps`` for ``anneal``...).

    >>> SearchOptions(top=2.0)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: top must be a whole number, got 2.0
    >>> SearchOptions(seconds=float("nan"))
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: seconds must be a finite number, got nan
    >>> SearchOptions(letters="abc", dice="new")
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: letters and dice do not go together: the dice set gives ...
    """

    method: str = "hillclimb"
    seconds: float | None = None
    target: int | None = None
    seed: int | None = None
    jobs: int | None = None
    top: int = 10
    letters: str | None = None
    dice: str | None = None
    clock: str = "wall"
    engine: str = "native"
    parameters: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name, example in TEXT_FIELDS.items():
            value = getattr(self, name)
            if not isinstance(value, str) and (value is not None or name in ("method", "clock")):
                raise BoggleError(f"{name} must be text ({example}), got {value!r}", setting=name)
        if not isinstance(self.parameters, Mapping):
            raise BoggleError(
                f"parameters must be a mapping of names to values ({{'pool': 50}}), "
                f"got {self.parameters!r}",
                setting="parameters",
            )
        if self.clock not in CLOCKS:
            raise BoggleError(f"unknown clock {self.clock!r}; known: {', '.join(CLOCKS)}")
        if self.method not in METHODS:
            raise BoggleError(f"unknown method {self.method!r}; known: {', '.join(METHODS)}")
        if self.seconds is not None:
            finite_number("seconds", self.seconds, more_than=0)
        if self.seed is not None:
            seed_in_range(self.seed)
        for name, lowest in (("target", 1), ("jobs", 1)):
            if (value := getattr(self, name)) is not None:
                whole_number(name, value, at_least=lowest)
        whole_number("top", self.top, at_least=1, at_most=MAX_TOP)
        if self.letters is not None and self.dice is not None:
            raise BoggleError(
                "letters and dice do not go together: the dice set gives the letters",
                setting="letters",
            )
        if self.dice is not None:
            dice_set(self.dice)
        known = method_parameters(self.method)
        if unknown := sorted(set(self.parameters) - set(known)):
            if unknown[0] in {item.name for item in fields(self)}:
                raise BoggleError(
                    f"{unknown[0]} is a setting of the search, not a parameter of "
                    f"{self.method}: give it beside the parameters, not among them",
                    setting="parameters",
                )
            raise BoggleError(
                f"{self.method} takes no parameter {unknown[0]!r}"
                f"{did_you_mean(unknown[0], known)}; it takes: {', '.join(known) or 'none'}",
                setting="parameters",
            )
        _check_parameters(self.method, self.parameters)
        _check_engine(self.engine)
        if self.engine == "gpu" and (self.jobs or 1) > 1:
            raise BoggleError(
                "the gpu engine searches in one process: leave out jobs", setting="jobs"
            )

    def with_changes(
        self, function: str = "SearchOptions", also: Collection[str] = (), /, **changes: Any
    ) -> SearchOptions:
        """A copy with fields changed; a name that is no field is a method parameter.

        A name that is neither is one line (an
        :class:`~boggle.model.errors.UnknownSettingError`, a :class:`TypeError` too) naming
        ``function``, every field, ``also`` (the function's own keywords) and the method's
        parameters, with the close one if there is one.

        >>> SearchOptions().with_changes(top=3, pool=50).parameters
        {'pool': 50}
        >>> try:
        ...     SearchOptions().with_changes(sedd=1)
        ... except TypeError as error:
        ...     print(error)
        SearchOptions takes no setting 'sedd' (did you mean 'seed'?); it takes: clock, dice,
        engine, jobs, letters, method, parameters, seconds, seed, target, top; and hillclimb's
        parameters: kick, pool
        """
        names = {item.name for item in fields(self)}
        parameters = {k: v for k, v in changes.items() if k not in names}
        kept = {k: v for k, v in changes.items() if k in names}
        method = kept.get("method", self.method)
        if parameters and isinstance(method, str) and method in METHODS:  # else refused when made
            known = method_parameters(method)
            if unknown := sorted(set(parameters) - set(known)):
                others = [name for name in METHODS if unknown[0] in method_parameters(name)]
                if others:  # pool=50 with method="anneal": the method's wrong, not the name
                    them = ", ".join(others[:-1]) + " and " + others[-1] + " do"
                    raise UnknownSettingError(
                        f"{method} takes no parameter {unknown[0]!r} "
                        f"({them if others[:-1] else others[0] + ' does'}); "
                        f"it takes: {', '.join(known) or 'none'}"
                    )
                settings = sorted(names | set(also))
                raise UnknownSettingError(
                    f"{function} takes no setting {unknown[0]!r}"
                    f"{did_you_mean(unknown[0], [*settings, *known])}; it takes: "
                    f"{', '.join(settings)}; and {method}'s parameters: "
                    f"{', '.join(known) or 'none'}"
                )
        given = kept.get("parameters", self.parameters)
        if parameters and isinstance(given, Mapping):  # not a mapping: refused when made
            kept["parameters"] = {**given, **parameters}
        return replace(self, **kept)


@dataclass(frozen=True)
class ProofOptions:
    """How :func:`boggle.search.prove` runs a proof.

    ``jobs``: classes proved at once (at most one per core); ``checkpoint``: a file that
    keeps the finished classes, so a proof stopped goes on where it was; ``bucket_count``,
    ``corner_buckets``, ``inner_buckets``: the letter buckets of the top-level classes (see
    :meth:`boggle.search.classes.Layout.of`; ``None``: corners and the inner cells whole);
    ``max_boards``: the most boards above the threshold kept before the proof gives up;
    ``memory``: the bytes one class's work may take (each of ``jobs`` threads proves a
    class with this cap, less only where ``jobs`` of them would pass half the machine's
    memory: :func:`~boggle.search.prove.class_memory`): a class whose work would take more
    is proved in parts (0: never split; ``None``, the default: 800 MB on a board of up to
    12 cells, 3x3 or 3x4, 400 MB on larger ones,
    :func:`~boggle.search.branch_and_bound.default_class_memory`).

    >>> ProofOptions(corner_buckets=0)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: corner_buckets must be at least 1, got 0
    >>> ProofOptions(jobs=1.5)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: jobs must be a whole number, got 1.5
    >>> ProofOptions(checkpoint="")
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: checkpoint must be a file name, got empty
    """

    jobs: int = 1
    checkpoint: str | None = None
    bucket_count: int = 3
    corner_buckets: int | None = None
    inner_buckets: int | None = None
    max_boards: int = MAX_BOARDS
    memory: int | None = None

    def __post_init__(self) -> None:
        for name in ("jobs", "bucket_count", "corner_buckets", "inner_buckets"):
            if (value := getattr(self, name)) is not None:
                whole_number(name, value, at_least=1)
        check_prover_limits(self.max_boards, self.memory, memory_name="memory")
        path = self.checkpoint
        if path is not None and (
            not isinstance(path, str | bytes | os.PathLike) or not os.fspath(path)
        ):
            shown = "empty" if isinstance(path, str | bytes) else f"{path!r}"
            raise BoggleError(f"checkpoint must be a file name, got {shown}", setting="checkpoint")

    def with_changes(self, function: str = "prove", /, **changes: Any) -> ProofOptions:
        """A copy with fields changed (an unknown name is a one-line
        :class:`~boggle.model.errors.UnknownSettingError` naming ``function``, a
        :class:`TypeError` too).

        >>> ProofOptions().with_changes(jobs=2, bucket_count=4).bucket_count
        4
        >>> ProofOptions().with_changes(bucket=4)
        Traceback (most recent call last):
          ...
        boggle.model.errors.UnknownSettingError: prove takes no setting 'bucket' (did you mean ...
        """
        known_settings(function, changes, [item.name for item in fields(self)])
        return replace(self, **changes)


def method_parameters(method: str) -> list[str]:
    """The parameters a search method takes of a user (``pool``, ``steps``...), sorted.

    >>> method_parameters("hillclimb")
    ['kick', 'pool']
    """
    signature = inspect.signature(METHODS[method]).parameters
    return sorted(set(signature) - {"space", "scorer", "rng", "tracker"})


NO_FEWER_THAN_ZERO = frozenset({"kick"})
"""The methods' whole-number parameters that may be 0 (``kick``: 0 is no kicks); the others
are at least 1."""


def _check_parameters(method: str, parameters: Mapping[str, Any]) -> None:
    """Each parameter of the method as its signature says: an ``int`` one a whole number
    (``pool`` 1 to :data:`MAX_POOL`), a ``float`` one a finite number above 0."""
    signature = inspect.signature(METHODS[method]).parameters
    for name, value in parameters.items():
        kind = str(signature[name].annotation)
        if name == "pool" and value is not None:
            if not 1 <= whole_number("pool", value) <= MAX_POOL:
                raise BoggleError(
                    f"the pool holds 1 to {MAX_POOL:,} boards, got {value:,}", setting="pool"
                )
        elif kind.startswith("int") and (value is not None or "None" not in kind):
            whole_number(name, value, at_least=0 if name in NO_FEWER_THAN_ZERO else 1)
        elif kind == "float":
            finite_number(name, value, more_than=0)


def _check_engine(engine: str) -> None:
    if engine not in BATCH_ENGINES:
        raise BoggleError(
            f"engine must be one of: {', '.join(BATCH_ENGINES)}; got {engine!r}",
            setting="engine",
        )
