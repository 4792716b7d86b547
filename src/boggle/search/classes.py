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

from boggle.model.checks import whole_number
from boggle.search.faces import symmetries

# Partitions of a-z found by a heuristic search (hybrid-boggle paper, "Letter Buckets").
PAPER_BUCKETS: dict[int, tuple[str, ...]] = {
    2: ("aeiosuy", "bcdfghjklmnpqrtvwxz"),
    3: ("aeijou", "bcdfgmpqvwxz", "hklnrsty"),
    4: ("aeiou", "bdfgjqvwxz", "lnrsy", "chkmpt"),
}


@dataclass(frozen=True)
class ClassTask:
    """One top-level class to prove: per cell the letters it may hold (``q`` is Qu)."""

    index: int
    rows: int
    cols: int
    cells: tuple[str, ...]
    above: int

    def to_json(self) -> dict[str, object]:
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


def _is_canonical(pattern: tuple[int, ...], perms: tuple[tuple[int, ...], ...]) -> bool:
    return all(pattern <= tuple(pattern[k] for k in perm) for perm in perms)


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
        are whole numbers of at least 1, as in :class:`~boggle.search.options.ProofOptions`."""
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
        """The buckets each cell may take, cell by cell."""
        corner, inner = corners(rows, cols), inner_cells(rows, cols)
        return [
            self.corners if k in corner else self.inner if k in inner else self.edges
            for k in range(rows * cols)
        ]

    def to_json(self) -> dict[str, list[str]]:
        return {
            "buckets": list(self.edges),
            "corner_buckets": list(self.corners),
            "inner_buckets": list(self.inner),
        }


def top_level_classes(rows: int, cols: int, layout: Layout, above: int) -> Iterator[ClassTask]:
    """Every canonical bucket pattern of the grid, numbered from 0."""
    perms = symmetries(rows, cols)
    choices = layout.cell_buckets(rows, cols)
    index = 0
    for pattern in itertools.product(*(range(len(c)) for c in choices)):
        if _is_canonical(pattern, perms):
            cells = tuple(c[b] for c, b in zip(choices, pattern, strict=True))
            yield ClassTask(index, rows, cols, cells, above)
            index += 1


def sample_classes(
    rows: int, cols: int, layout: Layout, above: int, count: int, seed: int
) -> list[ClassTask]:
    """``count`` top-level classes drawn uniformly from all bucket patterns (index -1).

    Each drawn pattern stands for all its symmetric images, so the cost of
    the whole proof is about (mean cost of a sample) x (patterns / symmetries).
    """
    rng = random.Random(seed)
    choices = layout.cell_buckets(rows, cols)
    return [
        ClassTask(-1, rows, cols, tuple(rng.choice(c) for c in choices), above)
        for _ in range(count)
    ]
