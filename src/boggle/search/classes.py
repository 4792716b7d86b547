"""Classes of boards for branch and bound: each cell holds a set of letters.

The alphabet is cut into a few *buckets*; a top-level class puts one bucket
in each cell.  The four corners may have buckets of their own (fewer, larger
ones: a corner lies on fewer paths, and fewer top-level classes mean fewer
trees to build; ``corner_letters=("abc...z",)`` leaves every corner whole).
Boards that are rotations or mirror images of each other score the same, so
only the canonical bucket patterns are needed: every board is a symmetric
image of a board in one of them.  Each top-level class is an independent unit
of work, described by plain data (:class:`ClassTask`), so
a proof can be spread over processes or machines.

>>> buckets(tuple("abcdefghijklmnopqrstuvwxyz"), 3)
('aeijou', 'bcdfgmpqvwxz', 'hklnrsty')
>>> len(list(top_level_classes(2, 2, ("ab", "cd"), above=0)))
6
>>> [t.cells for t in top_level_classes(1, 3, ("ab", "cd"), 0, corner_letters=("abcd",))]
[('abcd', 'ab', 'abcd'), ('abcd', 'cd', 'abcd')]
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from boggle.search.grid import symmetries

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
    round the buckets in alphabetical order.
    """
    if count < 1:
        raise ValueError("need at least one bucket")
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


def cell_buckets(
    rows: int, cols: int, bucket_letters: Sequence[str], corner_letters: Sequence[str] | None
) -> list[Sequence[str]]:
    """The buckets each cell may take: ``corner_letters`` in the corners when given."""
    if corner_letters is None:
        return [bucket_letters] * (rows * cols)
    corner = corners(rows, cols)
    return [corner_letters if k in corner else bucket_letters for k in range(rows * cols)]


def top_level_classes(
    rows: int,
    cols: int,
    bucket_letters: Sequence[str],
    above: int,
    corner_letters: Sequence[str] | None = None,
) -> Iterator[ClassTask]:
    """Every canonical bucket pattern of the grid, numbered from 0."""
    perms = symmetries(rows, cols)
    choices = cell_buckets(rows, cols, bucket_letters, corner_letters)
    index = 0
    for pattern in itertools.product(*(range(len(c)) for c in choices)):
        if _is_canonical(pattern, perms):
            cells = tuple(c[b] for c, b in zip(choices, pattern, strict=True))
            yield ClassTask(index, rows, cols, cells, above)
            index += 1


def sample_classes(
    rows: int,
    cols: int,
    bucket_letters: Sequence[str],
    above: int,
    count: int,
    seed: int,
    corner_letters: Sequence[str] | None = None,
) -> list[ClassTask]:
    """``count`` top-level classes drawn uniformly from all bucket patterns (index -1).

    Each drawn pattern stands for all its symmetric images, so the cost of
    the whole proof is about (mean cost of a sample) x (patterns / symmetries).
    """
    rng = random.Random(seed)
    choices = cell_buckets(rows, cols, bucket_letters, corner_letters)
    return [
        ClassTask(-1, rows, cols, tuple(rng.choice(c) for c in choices), above)
        for _ in range(count)
    ]
