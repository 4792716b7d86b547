"""The geometry of a grid of cubes: neighbours, symmetries and orbits of cells.

A cell is ``(row, col)``, both 0-based, or its index ``row * cols + col``;
two cells are neighbours when they touch, side or corner (a king's move).

>>> neighbour_table(2, 3)[0]
(1, 3, 4)
>>> len(symmetries(4)), orbit_representatives(4)
(8, [(0, 0), (0, 1), (1, 1)])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from boggle.model.checks import whole_number
from boggle.model.errors import BoardError
from boggle.model.wording import grouped, shown_number

Cell = tuple[int, int]
"""A cell as ``(row, col)``, both 0-based."""

MAX_SIDE = 1000
"""The largest number of rows or columns a board may have."""


@lru_cache(maxsize=64)
def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell index, the indices of its (up to 8) neighbours, ascending."""
    return tuple(
        tuple(
            nr * cols + nc
            for nr in range(max(0, r - 1), min(rows, r + 2))
            for nc in range(max(0, c - 1), min(cols, c + 2))
            if (nr, nc) != (r, c)
        )
        for r in range(rows)
        for c in range(cols)
    )


def padded_neighbours(rows: int, cols: int) -> list[list[int]]:
    """:func:`neighbour_table` as 8 entries a cell, ``-1`` where a cell has fewer
    neighbours (the shape of an array, J's ``nborsb``).

    >>> padded_neighbours(1, 2)
    [[1, -1, -1, -1, -1, -1, -1, -1], [0, -1, -1, -1, -1, -1, -1, -1]]
    """
    return [[*cells, *[-1] * (8 - len(cells))] for cells in neighbour_table(rows, cols)]


def check_dimensions(rows: int, cols: int | None) -> tuple[int, int]:
    cols = rows if cols is None else cols
    for name, value in (("rows", rows), ("cols", cols)):
        if not 1 <= whole_number(name, value, error=BoardError) <= MAX_SIDE:
            raise BoardError(
                f"{name} must be from 1 to {grouped(MAX_SIDE)}, got {shown_number(value)}"
            )
    return rows, cols


def symmetries(rows: int, cols: int | None = None) -> list[tuple[int, ...]]:
    """The grid's symmetries as permutations of cell indices ``r * cols + c``.

    Eight for a square (the dihedral group), four for a rectangle; the
    identity comes first.

    >>> len(symmetries(4)), len(symmetries(2, 3))
    (8, 4)
    >>> symmetries(2)[1]
    (1, 3, 0, 2)
    """
    rows, cols = check_dimensions(rows, cols)
    maps: list[Callable[[int, int], Cell]] = [
        lambda r, c: (r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (r, cols - 1 - c),
    ]
    if rows == cols:
        n = rows - 1
        maps[1:1] = [lambda r, c: (c, n - r), lambda r, c: (n - c, r)]
        maps += [lambda r, c: (c, r), lambda r, c: (n - c, n - r)]
    perms: list[tuple[int, ...]] = []
    for f in maps:
        perm = [0] * (rows * cols)
        for r in range(rows):
            for c in range(cols):
                rr, cc = f(r, c)
                perm[r * cols + c] = rr * cols + cc
        perms.append(tuple(perm))
    return perms


def cell_orbits(rows: int, cols: int | None = None) -> list[list[Cell]]:
    """The cells grouped by the grid's symmetries, each orbit sorted.

    Cells of one orbit start (and end) the same number of paths of every
    length, so only one cell per orbit has to be counted.

    >>> [len(orbit) for orbit in cell_orbits(5)]
    [4, 8, 4, 4, 4, 1]
    """
    rows, cols = check_dimensions(rows, cols)
    seen: set[int] = set()
    orbits: list[list[Cell]] = []
    perms = symmetries(rows, cols)
    for cell in range(rows * cols):
        if cell in seen:
            continue
        members = sorted({perm[cell] for perm in perms})
        seen.update(members)
        orbits.append([divmod(m, cols) for m in members])
    return orbits


def orbit_representatives(rows: int, cols: int | None = None) -> list[Cell]:
    """One cell per orbit: the distinct starting cells that have to be counted.

    McDonnell's g(n): 1, 1, 3, 3, 6, 6, 10, 10 for n = 1..8.

    >>> orbit_representatives(4)
    [(0, 0), (0, 1), (1, 1)]
    >>> [len(orbit_representatives(n)) for n in range(1, 9)]
    [1, 1, 3, 3, 6, 6, 10, 10]
    """
    return [orbit[0] for orbit in cell_orbits(rows, cols)]
