"""What a whole proof would cost, from random top-level classes each proved to the end.

:func:`estimate_proof` draws ``samples`` distinct top-level classes uniformly at random
(without replacement, a seeded draw: the same seed gives the same classes), proves each one
completely on this machine, one at a time, and measures the CPU seconds of each.  The
proof's cost is then the mean cost of a class times the number of top-level classes
(:func:`count_classes`, exact, by Burnside's lemma), with a percentile bootstrap interval
around it, narrowed by the finite population correction (the classes are drawn without
replacement, so the more of them are in, the less is left unknown): the cost of a class is
heavy-tailed (a few vowel-rich classes are most of the total), so the interval is wide
until many classes are in, and says so.  With ``samples`` at least the number of classes,
every class is proved once (in a seeded order) and the cost is measured, not estimated:
``exact``, its interval the cost itself.  A class the proof itself could not finish (more
boards above the threshold than it keeps) is counted with the time it ran and makes the estimate a
lower bound (``classes_stopped``).  Ctrl-C stops after the classes finished; the estimate
is made from them.

>>> from boggle import Lexicon
>>> from boggle.model.rules import CLASSIC
>>> lexicon = Lexicon.from_words(["tea", "eat", "ate", "tee", "rat", "tar"])
>>> estimate = estimate_proof(2, 2, lexicon, CLASSIC, 3, samples=2, seed=1, corner_buckets=2)
>>> [sample.cells for sample in estimate.sampled]
[('ar', 'et', 'et', 'et'), ('ar', 'et', 'et', 'ar')]
>>> estimate.classes_done, estimate.classes_total, estimate.exact
(2, 6, False)
>>> estimate.low <= estimate.cpu_hours <= estimate.high
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boggle.model.checks import callback, need_options
from boggle.model.errors import BoggleError
from boggle.model.rules import RulesLike, rules_for_size
from boggle.model.wording import counted
from boggle.search.branch_and_bound import (
    Prover,
    check_problem,
    check_proof_shape,
    default_class_memory,
)
from boggle.search.classes import MAX_SAMPLES as MAX_SAMPLES  # the limit lives with the draw
from boggle.search.classes import (
    ClassTask,
    Layout,
    check_above,
    check_samples,
    top_level_classes,
)
from boggle.search.classes import count_classes as count_classes  # where it was
from boggle.search.faces import symmetries
from boggle.search.options import ProofOptions
from boggle.search.prove import class_memory, layout_for, required_above
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import as_lexicon

BOOTSTRAP_ROUNDS = 2000
"""Resamplings of the class costs behind the interval."""

CONFIDENCE = 0.95
"""The share of bootstrap means inside the interval."""

DEFAULT_SAMPLES = 200
"""The classes an estimate proves unless told (the heavy tail needs a few hundred)."""


@dataclass(frozen=True)
class SampledClass:
    """One sampled top-level class and what proving it cost."""

    cells: tuple[str, ...]
    cpu_seconds: float
    bounds: int
    boards: int
    stopped: str | None = None
    """Why the class stopped before its end (the proof itself would stop there too), or
    ``None`` for a class proved to the end; its ``cpu_seconds`` are then a lower bound."""

    @property
    def label(self) -> str:
        """The class in one short word: each cell's bucket by its first letter, ``*`` for a
        cell left whole (every letter of the class).

        >>> SampledClass(("ab", "abc", "c"), 1.0, 1, 0).label
        'a*c'
        """
        every_letter = set("".join(self.cells))
        return "".join(
            "*" if set(letters) == every_letter and len(self.cells) > 1 else letters[0]
            for letters in self.cells
        )

    def to_json(self) -> dict[str, object]:
        return {
            "cells": list(self.cells),
            "cpu_seconds": round(self.cpu_seconds, 4),
            "bounds": self.bounds,
            "boards": self.boards,
            "stopped": self.stopped,
        }


@dataclass(frozen=True)
class ProofEstimate:
    """The estimated CPU-hours of a whole proof, with its bootstrap interval.

    >>> one = (SampledClass(("aeiou",) * 16, 0.43, 1200, 0),)
    >>> estimate = ProofEstimate(4, 4, 3625, 1, 200, 2_097_152, one, 250.0, 180.0, 340.5, 60.0)
    >>> estimate.classes_done, estimate.to_json()["size"], estimate.to_json()["at_least"]
    (1, '4x4', False)
    """

    rows: int
    cols: int
    above: int
    seed: int
    samples: int
    classes_total: int
    sampled: tuple[SampledClass, ...]
    cpu_hours: float
    low: float
    high: float
    wall_seconds: float
    interrupted: bool = False

    @property
    def classes_done(self) -> int:
        """The sampled classes proved to the end (fewer than asked after Ctrl-C)."""
        return sum(1 for c in self.sampled if c.stopped is None)

    @property
    def classes_drawn(self) -> int:
        """The classes drawn: ``samples``, or every class when there are no more."""
        return min(self.samples, self.classes_total)

    @property
    def exact(self) -> bool:
        """Whether every top-level class was proved to the end: the cost is then measured,
        not estimated (``low`` and ``high`` are ``cpu_hours``)."""
        return self.classes_done >= self.classes_total

    @property
    def classes_stopped(self) -> int:
        """Sampled classes a proof could not finish (too many candidate boards): their
        cost so far is counted, so the estimate is then a lower bound."""
        return sum(1 for c in self.sampled if c.stopped is not None)

    def to_json(self) -> dict[str, object]:
        return {
            "cpu_hours": self.cpu_hours,
            "low": self.low,
            "high": self.high,
            "confidence": CONFIDENCE,
            "classes_done": self.classes_done,
            "classes_stopped": self.classes_stopped,
            "at_least": self.classes_stopped > 0,
            "classes_total": self.classes_total,
            "classes_drawn": self.classes_drawn,
            "exact": self.exact,
            "samples": self.samples,
            "seed": self.seed,
            "size": f"{self.rows}x{self.cols}",
            "above": self.above,
            "mean_cpu_seconds": self.mean_cpu_seconds,
            "wall_seconds": round(self.wall_seconds, 3),
            "interrupted": self.interrupted,
            "classes": [c.to_json() for c in self.sampled],
        }

    def __repr__(self) -> str:
        """The shape, the threshold and :meth:`text` in one line (``sampled`` holds every
        class: hundreds of them, each with its cells).

        >>> one = (SampledClass(("aeiou",) * 16, 0.43, 1200, 0),)
        >>> ProofEstimate(4, 4, 3625, 1, 200, 2_097_152, one, 250.0, 180.0, 340.5, 60.0)
        <ProofEstimate 4x4 above 3625: about 250.0 CPU-hours (95% interval 180.0-340.5) from 1 \
of 200 classes (0.430 CPU s each), 2,097,152 top-level classes in all, seed 1>
        """
        return f"<ProofEstimate {self.rows}x{self.cols} above {self.above}: {self.text()}>"

    @property
    def mean_cpu_seconds(self) -> float:
        """The mean CPU seconds of a sampled class (0 when none finished)."""
        return sum(c.cpu_seconds for c in self.sampled) / max(1, len(self.sampled))

    def text(self) -> str:
        """One line for people.

        >>> one = (SampledClass(("aeiou",) * 16, 0.43, 1200, 0),)
        >>> ProofEstimate(4, 4, 3625, 1, 200, 2_097_152, one, 250.0, 180.0, 340.5, 60.0).text()
        'about 250.0 CPU-hours (95% interval 180.0-340.5) from 1 of 200 classes (0.430 CPU s ...'
        """
        stopped = ", interrupted" if self.interrupted else ""
        if not self.sampled:
            return (
                f"no estimate: none of {counted(self.classes_drawn, 'class', 'classes')} finished, "
                f"{counted(self.classes_total, 'top-level class', 'top-level classes')} in all, "
                f"seed {self.seed}{stopped}"
            )
        if self.classes_stopped:
            why = next(c.stopped for c in self.sampled if c.stopped is not None)
            stopped += (
                f"; a lower bound: {self.classes_stopped:,} sampled classes stopped before their "
                f"end ({why})"
            )
        if self.high >= 1:
            unit, scale, digits = "CPU-hours", 1.0, 1
        else:
            unit, scale, digits = "CPU s", 3600.0, _decimals(self.high * 3600)
        each = self.mean_cpu_seconds
        if self.exact:
            every = (
                "the top-level class"
                if self.classes_total == 1
                else f"all {self.classes_total:,} top-level classes"
            )
            return (
                f"exactly {self.cpu_hours * scale:,.{digits}f} {unit}: {every} proved "
                f"({each:,.{_decimals(each)}f} CPU s each), nothing sampled{stopped}"
            )
        return (
            f"about {self.cpu_hours * scale:,.{digits}f} {unit} ({CONFIDENCE:.0%} interval "
            f"{self.low * scale:,.{digits}f}-{self.high * scale:,.{digits}f}) from "
            f"{self.classes_done:,} of {counted(self.classes_drawn, 'class', 'classes')} "
            f"({each:,.{_decimals(each)}f} CPU s "
            f"each), {counted(self.classes_total, 'top-level class', 'top-level classes')} in "
            f"all, seed {self.seed}{stopped}"
        )


def _decimals(seconds: float) -> int:
    """How many decimals show ``seconds`` to about three significant figures (at most 3).

    >>> [_decimals(s) for s in (2195.9, 42.0, 5.0, 0.43, 0.001, 0.0)]
    [0, 1, 2, 3, 3, 3]
    """
    if seconds >= 100:
        return 0
    if seconds >= 10:
        return 1
    return 2 if seconds >= 1 else 3


def random_classes(
    rows: int, cols: int, layout: Layout, above: int, count: int, seed: int
) -> list[ClassTask]:
    """``count`` distinct top-level classes drawn uniformly at random, without replacement
    (index -1); every class, in a random order, when there are no more than ``count``.

    A bucket pattern drawn uniformly is kept with probability 1 / (its number of distinct
    symmetric images) and turned into its canonical image (a top-level class), so each
    top-level class is equally likely however symmetric it is; a class drawn already is
    drawn again, so each next class is uniform among those not drawn yet.  When ``count``
    is half the classes or more, they are listed and drawn from the list instead.  The
    numbers are checked as :func:`~boggle.search.classes.sample_classes` checks them.

    >>> layout = Layout(("ab", "cd"), ("ab", "cd"), ())
    >>> [t.cells for t in random_classes(2, 2, layout, 0, 2, seed=1)]
    [('ab', 'cd', 'cd', 'cd'), ('ab', 'cd', 'cd', 'ab')]
    >>> len(random_classes(2, 2, layout, 0, 10, seed=1)), count_classes(2, 2, layout)
    (6, 6)
    """
    check_proof_shape(rows, cols)
    check_above(above)
    check_samples("count", count, seed)
    rng = random.Random(seed)
    total = count_classes(rows, cols, layout)
    if 2 * count >= total:  # at most 2 * MAX_SAMPLES classes: listed in seconds
        listed = [t.cells for t in top_level_classes(rows, cols, layout, above)]
        return [ClassTask(-1, rows, cols, c, above) for c in rng.sample(listed, min(count, total))]
    choices = layout.cell_buckets(rows, cols)
    perms = symmetries(rows, cols)
    tasks: list[ClassTask] = []
    drawn: set[tuple[str, ...]] = set()
    while len(tasks) < count:
        pattern = tuple(rng.randrange(len(c)) for c in choices)
        images = {tuple(pattern[k] for k in perm) for perm in perms}
        if rng.random() * len(images) >= 1:  # an orbit of k patterns is drawn k times as often
            continue
        chosen = min(images)
        cells = tuple(c[b] for c, b in zip(choices, chosen, strict=True))
        if cells in drawn:  # without replacement: drawn again
            continue
        drawn.add(cells)
        tasks.append(ClassTask(-1, rows, cols, cells, above))
    return tasks


def bootstrap_interval(
    values: list[float], seed: int, rounds: int = BOOTSTRAP_ROUNDS, population: int | None = None
) -> tuple[float, float]:
    """The percentile bootstrap interval (:data:`CONFIDENCE`) of the mean of ``values``.

    ``population``: the number of items ``values`` were drawn from without replacement
    (``None``: an unbounded population).  The bootstrap means' spread around the mean is
    then narrowed by the finite population correction, the square root of (N - n) / (N - 1)
    (a rescaling bootstrap): with every item in (n = N) the interval is the mean itself.

    >>> bootstrap_interval([1.0, 1.0, 1.0], seed=0)
    (1.0, 1.0)
    >>> bootstrap_interval([1.0, 2.0, 6.0], seed=0, population=3)
    (3.0, 3.0)
    """
    if not values:
        return (0.0, 0.0)
    n = len(values)
    mean = sum(values) / n
    if population is not None and n >= population:
        return (mean, mean)
    rng = random.Random(seed)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(rounds))
    tail = (1.0 - CONFIDENCE) / 2
    low = means[math.floor(tail * (rounds - 1))]
    high = means[math.ceil((1.0 - tail) * (rounds - 1))]
    if population is None:
        return (low, high)
    shrink = math.sqrt((population - n) / (population - 1))
    return (mean - (mean - low) * shrink, mean + (high - mean) * shrink)


def estimate_proof(
    rows: int,
    cols: int,
    lexicon: Lexicon | str | None,
    rules: RulesLike = None,
    above: int | None = None,
    samples: int | None = None,
    seed: int = 0,
    options: ProofOptions | None = None,
    *,
    on_class: Callable[[SampledClass], None] | None = None,
    **changes: Any,
) -> ProofEstimate:
    """The CPU-hours of proving every ``rows`` x ``cols`` board above ``above`` (with the
    layout :func:`boggle.search.prove.prove` would use), from ``samples`` distinct random
    top-level classes (``seed``; drawn without replacement) each proved to the end here, or
    from every class, proved once, when there are no more than ``samples`` (``exact``); see
    the module docstring.  ``rules`` ``None`` (the default) are those of the board's size, as in
    :func:`~boggle.search.prove.prove`; ``above`` and ``samples`` are required.
    The layout of the classes is that of ``options`` (:class:`ProofOptions`: its
    ``bucket_count``, ``corner_buckets`` and ``inner_buckets``; keyword arguments named
    after its fields change them); a class with more than ``options.max_boards`` boards
    above stops there, as in the proof; a class past ``options.memory`` (``None``: the default
    of the board's size, :func:`~boggle.search.branch_and_bound.default_class_memory`; at
    most half this machine's memory, as on one thread of a proof:
    :func:`~boggle.search.prove.class_memory`) is proved in parts, as one sampled class.
    ``on_class`` is called after each class.  Ctrl-C stops it: the estimate comes from the
    classes finished (``interrupted``).

    >>> from boggle import Lexicon
    >>> words = Lexicon.from_words(["tab", "bat", "abet", "beat", "tea", "eat", "ate"])
    >>> estimate = estimate_proof(2, 3, words, "classic", 2, samples=10, seed=1)
    >>> estimate.classes_done, estimate.classes_total, estimate.exact
    (6, 6, True)
    >>> estimate_proof(2, 3, words, above=2, samples=10, seed=1).classes_total  # classic
    6
    >>> estimate.low == estimate.cpu_hours == estimate.high
    True
    """
    above = required_above("estimate_proof", above)
    if samples is None:
        raise TypeError("estimate_proof() missing required argument 'samples'")
    need_options("estimate_proof", options, ProofOptions)
    options = (options or ProofOptions()).with_changes("estimate_proof", **changes)
    check_samples("samples", samples, seed)
    callback("on_class", on_class)
    check_proof_shape(rows, cols)
    lexicon = as_lexicon(lexicon)
    rules = rules_for_size(rules, rows, cols)
    check_problem(rules, above)
    started = time.monotonic()
    layout = layout_for(
        lexicon, rows, cols, options.bucket_count, options.corner_buckets, options.inner_buckets
    )
    total = count_classes(rows, cols, layout)
    tasks = random_classes(rows, cols, layout, above, samples, seed)
    # in parts as a proof on one thread would (the cap at most half the machine's memory)
    memory = default_class_memory(rows, cols) if options.memory is None else options.memory
    prover = Prover(lexicon, rules, options.max_boards, class_memory(memory, 1), rows * cols)
    sampled: list[SampledClass] = []
    interrupted = False
    try:
        for task in tasks:
            cpu = time.thread_time()
            try:
                result = prover.run(task)
            except BoggleError as error:  # too many boards above: a proof stops there
                sampled.append(SampledClass(task.cells, time.thread_time() - cpu, 0, 0, str(error)))
            else:
                spent = time.thread_time() - cpu
                sampled.append(SampledClass(task.cells, spent, result.bounds, len(result.boards)))
            if on_class is not None:
                on_class(sampled[-1])
    except KeyboardInterrupt:
        interrupted = True
    costs = [c.cpu_seconds for c in sampled]
    mean = sum(costs) / len(costs) if costs else 0.0
    low, high = bootstrap_interval(costs, seed, population=total)
    hours = total / 3600
    if len(costs) >= total:  # every class: the cost measured, their sum
        mean = low = high = sum(costs) / total
    return ProofEstimate(
        rows,
        cols,
        above,
        seed,
        samples,
        total,
        tuple(sampled),
        mean * hours,
        low * hours,
        high * hours,
        time.monotonic() - started,
        interrupted,
    )
