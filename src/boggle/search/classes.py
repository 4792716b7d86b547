"""Classes of boards for branch and bound: each cell holds a set of letters.

The alphabet is cut into a few *buckets*; a top-level class puts one bucket
in each cell.  Corners and the cells off the border may have buckets of their
own (a :class:`Layout`): by default the corners are whole (a corner lies on
fewer paths, and fewer top-level classes mean fewer trees to build), and so is
3x3's centre (measured in ``docs/search.md``).
Boards that are rotations or mirror images of each other score the same, so
only the canonical bucket patterns are needed: every board is a symmetric
image of a board in one of them.  Each top-level class is an independent unit
of work, described by plain data (:class:`ClassTask`), so
a proof can be spread over processes or machines.

>>> buckets(tuple("abcdefghijklmnopqrstuvwxyz"), 3)
('aeijou', 'bcdfgmpqvwxz', 'hklnrsty')
>>> len(list(top_level_classes(2, 2, Layout(("ab", "cd"), ("ab", "cd"), ()), above=0)))
6
>>> [t.cells for t in top_level_classes(1, 3, Layout.of("abcd", 1, 3, 2), above=0)]
[('abcd', 'ac', 'abcd'), ('abcd', 'bd', 'abcd')]
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import itemgetter

from boggle.dice.cubes import seed_in_range
from boggle.model.checks import whole_number
from boggle.model.errors import BoggleError
from boggle.model.wording import a_size, grouped, too_large
from boggle.search.faces import symmetries

MAX_ABOVE = 10**18
"""The largest threshold: beyond any board's score, and ``WALK_BELOW`` times it
(:mod:`boggle.search.branch_and_bound`) still fits the core's 64-bit numbers."""

MAX_PROOF_CELLS = 64
"""The most cells of a board a proof (or its estimate) takes."""


def check_proof_shape(rows: int, cols: int) -> None:
    """:class:`BoggleError` in one line unless ``rows`` and ``cols`` are whole numbers of at
    least 1 with at most :data:`MAX_PROOF_CELLS` cells.

    >>> check_proof_shape(2.0, 2)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: rows must be a whole number, got 2.0
    """
    whole_number("rows", rows, at_least=1)
    whole_number("cols", cols, at_least=1)
    if rows * cols > MAX_PROOF_CELLS:
        raise BoggleError(too_large(rows, cols, max_cells=MAX_PROOF_CELLS, taker="prove"))


MAX_SAMPLES = 1_000_000
"""The most classes one draw (:func:`sample_classes`, an estimate's) may ask for."""


def check_samples(name: str, count: int, seed: int) -> None:
    """:class:`BoggleError` in one line naming ``name`` unless ``count`` is a whole number from
    1 to :data:`MAX_SAMPLES`, or naming ``seed`` unless it is a seed
    (:func:`~boggle.dice.cubes.seed_in_range`).

    >>> check_samples("samples", 0, 1)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: samples must be from 1 to 1,000,000, got 0
    """
    if not 1 <= whole_number(name, count) <= MAX_SAMPLES:
        raise BoggleError(
            f"{name} must be from 1 to {grouped(MAX_SAMPLES)}, got {grouped(count)}", setting=name
        )
    seed_in_range(seed)


def check_above(above: int) -> int:
    """``above`` when it is a whole number from 0 to :data:`MAX_ABOVE` (a proof's threshold);
    else a :class:`BoggleError` in one line naming ``above``.

    >>> check_above(True)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: above must be a whole number, got True
    """
    if not 0 <= whole_number("above", above) <= MAX_ABOVE:
        raise BoggleError(
            f"above must be from 0 to {grouped(MAX_ABOVE)}, got {grouped(above)}", setting="above"
        )
    return above


# Partitions of a-z found by a heuristic search (hybrid-boggle paper, "Letter Buckets").
PAPER_BUCKETS: dict[int, tuple[str, ...]] = {
    2: ("aeiosuy", "bcdfghjklmnpqrtvwxz"),
    3: ("aeijou", "bcdfgmpqvwxz", "hklnrsty"),
    4: ("aeiou", "bdfgjqvwxz", "lnrsy", "chkmpt"),
}


@dataclass(frozen=True)
class ClassTask:
    """One top-level class to prove: per cell the letters it may hold (``q`` is Qu).

    Its fields are checked as it is built, each refused by name in one line: ``index`` a
    whole number of at least -1 (-1: a sampled class), ``rows`` and ``cols`` a proof's shape
    (:func:`check_proof_shape`), ``cells`` a tuple of ``rows x cols`` non-empty texts (each
    cell's letters), ``above`` a proof's threshold (:func:`check_above`).

    >>> ClassTask(0, 1, 2, ("ab", "c"), 3).cells
    ('ab', 'c')
    >>> ClassTask(0, 1, 2, ("ab", "c"), float("nan"))
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: above must be a whole number, got nan
    >>> ClassTask(0, 1, 2, ("ab",), 3)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: cells must be a tuple of 2 non-empty texts (1 x 2), got ('ab',)
    """

    index: int
    rows: int
    cols: int
    cells: tuple[str, ...]
    above: int

    def __post_init__(self) -> None:
        whole_number("index", self.index, at_least=-1)
        check_proof_shape(self.rows, self.cols)
        check_above(self.above)
        cells = self.cells
        count = self.rows * self.cols
        if (
            not isinstance(cells, tuple)
            or len(cells) != count
            or not all(isinstance(cell, str) and cell for cell in cells)
        ):
            shown = repr(cells)
            shown = shown if len(shown) <= 80 else shown[:77] + "..."
            raise BoggleError(
                f"cells must be a tuple of {grouped(count)} non-empty texts ({self.rows} x "
                f"{self.cols}), got {shown}",
                setting="cells",
            )

    def to_json(self) -> dict[str, object]:
        """The class as plain JSON data, to send to a worker or keep in a checkpoint.

        >>> ClassTask(0, 1, 2, ("ab", "c"), 3).to_json()
        {'index': 0, 'rows': 1, 'cols': 2, 'cells': ['ab', 'c'], 'above': 3}
        """
        return {
            "index": self.index,
            "rows": self.rows,
            "cols": self.cols,
            "cells": list(self.cells),
            "above": self.above,
        }


def buckets(letters: Sequence[str], count: int) -> tuple[str, ...]:
    """``count`` buckets covering ``letters`` (single characters, ``q`` for Qu).

    The paper's partitions for the 26 letters a-z; otherwise letters dealt
    round the buckets in alphabetical order.  ``count`` is a whole number of at least 1
    (else a :class:`~boggle.model.errors.BoggleError`, a ``ValueError``).

    >>> buckets("abcde", 2)
    ('ace', 'bd')
    """
    whole_number("count", count, at_least=1)
    if "".join(sorted(letters)) == "abcdefghijklmnopqrstuvwxyz" and count in PAPER_BUCKETS:
        return PAPER_BUCKETS[count]
    dealt = ["".join(sorted(letters)[k::count]) for k in range(count)]
    return tuple(bucket for bucket in dealt if bucket)


def corners(rows: int, cols: int) -> frozenset[int]:
    """The corner cells of the grid (the ends of a one-row or one-column grid)."""
    n = rows * cols
    return frozenset({0, cols - 1, n - cols, n - 1})


def inner_cells(rows: int, cols: int) -> frozenset[int]:
    """The cells off the grid's border (3x3: the centre)."""
    return frozenset(r * cols + c for r in range(1, rows - 1) for c in range(1, cols - 1))


@dataclass(frozen=True)
class Layout:
    """The letter buckets of the top-level classes, by kind of cell.

    Edge cells take ``edges``, the four corners ``corners`` and the cells off
    the border ``inner`` (a single bucket of every letter leaves a cell whole).

    >>> layout = Layout.of(tuple("abcdef"), 3, 3, bucket_count=2)
    >>> layout
    Layout(edges=('ace', 'bdf'), corners=('abcdef',), inner=('abcdef',))
    >>> [len(b) for b in layout.cell_buckets(3, 3)]
    [1, 2, 1, 2, 1, 2, 1, 2, 1]
    """

    edges: tuple[str, ...]
    corners: tuple[str, ...]
    inner: tuple[str, ...]

    @classmethod
    def of(
        cls,
        letters: Sequence[str],
        rows: int,
        cols: int,
        bucket_count: int = 3,
        corner_buckets: int | None = None,
        inner_buckets: int | None = None,
    ) -> Layout:
        """``bucket_count`` buckets on the edges; unless told, the corners whole and the cells
        off the border as the edges, but whole when there is one (3x3's centre).  The counts
        are whole numbers of at least 1, as in :class:`~boggle.search.options.ProofOptions`.

        >>> Layout.of("abcd", 3, 4, bucket_count=2, corner_buckets=4)
        Layout(edges=('ac', 'bd'), corners=('a', 'b', 'c', 'd'), inner=('ac', 'bd'))
        >>> Layout.of("abcd", 3, 3, bucket_count=0)
        Traceback (most recent call last):
        ...
        boggle.model.errors.BoggleError: bucket_count must be at least 1, got 0
        """
        for name, value in (
            ("bucket_count", bucket_count),
            ("corner_buckets", corner_buckets),
            ("inner_buckets", inner_buckets),
        ):
            if value is not None:
                whole_number(name, value, at_least=1)
        if corner_buckets is None:
            corner_buckets = 1
        if inner_buckets is None:
            inner_buckets = 1 if len(inner_cells(rows, cols)) == 1 else bucket_count
        count = len(letters)
        return cls(
            buckets(letters, min(bucket_count, count)),
            buckets(letters, min(corner_buckets, count)),
            buckets(letters, min(inner_buckets, count)),
        )

    def cell_buckets(self, rows: int, cols: int) -> list[tuple[str, ...]]:
        """The buckets each cell may take, cell by cell.

        >>> Layout(edges=("ab", "c"), corners=("abc",), inner=()).cell_buckets(1, 3)
        [('abc',), ('ab', 'c'), ('abc',)]
        """
        corner, inner = corners(rows, cols), inner_cells(rows, cols)
        return [
            self.corners if k in corner else self.inner if k in inner else self.edges
            for k in range(rows * cols)
        ]

    def to_json(self) -> dict[str, list[str]]:
        """The buckets as a proof's JSON reports them.

        >>> Layout.of("abcdef", 3, 3, bucket_count=2).to_json()
        {'buckets': ['ace', 'bdf'], 'corner_buckets': ['abcdef'], 'inner_buckets': ['abcdef']}
        """
        return {
            "buckets": list(self.edges),
            "corner_buckets": list(self.corners),
            "inner_buckets": list(self.inner),
        }


def top_level_classes(rows: int, cols: int, layout: Layout, above: int) -> Iterator[ClassTask]:
    """Every canonical bucket pattern of the grid, numbered from 0.  ``rows`` and ``cols``
    are a proof's shape (:func:`check_proof_shape`) and ``above`` its threshold
    (:func:`check_above`), checked when it is called: a bad one is a :class:`BoggleError`
    naming it, as :func:`boggle.search.prove.prove` gives.

    >>> top_level_classes(2, 2, Layout(("ab",), ("ab",), ()), above=2.0)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: above must be a whole number, got 2.0
    """
    check_proof_shape(rows, cols)
    check_above(above)
    if not isinstance(layout, Layout):
        raise TypeError(f"top_level_classes takes a Layout, not {layout!r}")
    return _classes(rows, cols, layout, above)


def count_classes(rows: int, cols: int, layout: Layout) -> int:
    """How many top-level classes a proof has (its canonical bucket patterns), counted by
    Burnside's lemma without listing them.

    >>> count_classes(2, 2, Layout(("ab", "cd"), ("ab", "cd"), ()))
    6
    """
    choices = [len(c) for c in layout.cell_buckets(rows, cols)]
    perms = symmetries(rows, cols)
    fixed = 0
    for perm in perms:
        seen: set[int] = set()
        patterns = 1
        for start in range(rows * cols):
            if start in seen:
                continue
            cell = start
            while cell not in seen:  # a cycle of the symmetry: one bucket for all its cells
                seen.add(cell)
                cell = perm[cell]
            patterns *= choices[start]
        fixed += patterns
    return fixed // len(perms)


MAX_LISTED_CLASSES = 5_000_000
"""The most top-level classes a proof lists (4x4 with 4 buckets has 2,102,800: 20 CPU s
and about 740 MB to list; 4x5 with 3 has 10,779,723, 5x5 1,308,097,917); a proof of
more is refused before its listing starts (:func:`check_class_count`)."""


def check_class_count(rows: int, cols: int, layout: Layout) -> int:
    """The number of top-level classes of a proof (:func:`count_classes`), or a
    :class:`BoggleError` in one line when it is more than :data:`MAX_LISTED_CLASSES`: listing
    them would take hours and the memory of the machine before the first class is proved.

    >>> check_class_count(5, 5, Layout.of("abcdefghijklmnopqrstuvwxyz", 5, 5))
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: a 5x5 proof of these buckets has 1,308,097,917 top-level ...
    """
    count = count_classes(rows, cols, layout)
    if count > MAX_LISTED_CLASSES:
        raise BoggleError(
            f"{a_size(rows, cols)} proof of these buckets has {grouped(count)} "
            f"top-level classes, more than a proof lists ({grouped(MAX_LISTED_CLASSES)}): "
            "give fewer buckets, or estimate its cost from a sample of classes instead",
            setting="bucket_count",
        )
    return count


def _classes(rows: int, cols: int, layout: Layout, above: int) -> Iterator[ClassTask]:
    # a pattern is canonical when no symmetric image is smaller; images made by itemgetter
    # (in C), the identity left out: 3 times faster than tuples built a cell at a time
    identity = tuple(range(rows * cols))
    images = [itemgetter(*perm) for perm in symmetries(rows, cols) if perm != identity]
    choices = layout.cell_buckets(rows, cols)
    index = 0
    for pattern in itertools.product(*(range(len(c)) for c in choices)):
        for image in images:
            if image(pattern) < pattern:
                break
        else:
            cells = tuple(c[b] for c, b in zip(choices, pattern, strict=True))
            yield ClassTask(index, rows, cols, cells, above)
            index += 1


def sample_classes(
    rows: int, cols: int, layout: Layout, above: int, count: int, seed: int
) -> list[ClassTask]:
    """``count`` top-level classes drawn uniformly from all bucket patterns (index -1).

    Each drawn pattern stands for all its symmetric images, so the cost of
    the whole proof is about (mean cost of a sample) x (patterns / symmetries).  The numbers
    are checked as :func:`top_level_classes` and :func:`check_samples` check them.
    """
    check_proof_shape(rows, cols)
    check_above(above)
    check_samples("count", count, seed)
    rng = random.Random(seed)
    choices = layout.cell_buckets(rows, cols)
    return [
        ClassTask(-1, rows, cols, tuple(rng.choice(c) for c in choices), above)
        for _ in range(count)
    ]
