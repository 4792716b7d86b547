"""Exact counts of Boggle paths on an empty grid.

A *path* of ``k`` cells is a sequence of ``k`` distinct cells in which each
cell touches the next one (the 8 king-move neighbours).  Paths are directed:
``(0,0) -> (0,1)`` and ``(0,1) -> (0,0)`` are two paths.  These are the
numbers of Eugene McDonnell's "At Play With J: Boggle".

>>> count_paths(4, max_length=5)
[16, 84, 408, 1764, 6712]
>>> for row in paths_per_cell(4, length=4):
...     print(row)
[75, 109, 109, 75]
[109, 148, 148, 109]
[109, 148, 148, 109]
[75, 109, 109, 75]
>>> cell_orbits(3)
[[(0, 0), (0, 2), (2, 0), (2, 2)], [(0, 1), (1, 0), (1, 2), (2, 1)], [(1, 1)]]

Method (see ``docs/paths.md``): a dynamic programme over states
``(visited cells, last cell)``, one popcount layer at a time.  A state's count
is the number of paths that visit exactly those cells and end at that cell;
the paths of ``k + 1`` cells are the paths of ``k`` cells extended by one
unvisited neighbour of their last cell.  The counts are invariant under the
symmetries of the grid (the 8 of the dihedral group of the square, or the 4
of a rectangle), so only one state per orbit is kept, carrying the sum over
its orbit.  Reversing a path swaps its ends, so the paths that *start* at a
cell are counted by the paths that *end* there: the states ending in each
orbit of cells give the per-cell tables, computed once per orbit
(:func:`orbit_representatives`) and spread to the orbit's cells, and the total
is the sum of per-cell counts weighted by orbit sizes.

NumPy is used when it is installed (imported only when counting); without it
a pure-Python version of the same programme is used, fine up to about 4x4.
The programme itself is :mod:`boggle.model.grid_paths`; the grid's symmetries are
:mod:`boggle.model.grid`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from boggle.model.checks import callback
from boggle.model.errors import BoardError
from boggle.model.grid import Cell, cell_orbits, orbit_representatives, symmetries
from boggle.model.grid_paths import (
    DEFAULT_MAX_STATES,
    MAX_CELLS,
    Method,
    _check_length,
    _check_size,
    count_layers,
    count_paths,
)
from boggle.model.wording import grouped

__all__ = [
    "DEFAULT_MAX_STATES",
    "MAX_CELLS",
    "LayerStats",
    "Method",
    "PathTable",
    "cell_orbits",
    "count_paths",
    "orbit_representatives",
    "path_table",
    "paths_per_cell",
    "symmetries",
]


@dataclass(frozen=True)
class LayerStats:
    """What one step of the programme cost.

    >>> [(layer.length, layer.states, layer.candidates) for layer in path_table(2).stats]
    [(1, 1, 4), (2, 2, 3), (3, 2, 4), (4, 1, 2)]
    """

    length: int
    """Number of cells of the paths of this layer."""
    states: int
    """States kept (one per symmetry orbit of (visited cells, last cell))."""
    candidates: int
    """States generated before merging equal ones."""
    seconds: float
    """Wall-clock time of the step."""
    peak_rss_mb: float
    """Peak resident memory of the process so far, in MiB."""


@dataclass(frozen=True)
class PathTable:
    """Exact numbers of paths of each length on a ``rows`` x ``cols`` grid.

    >>> table = path_table(2)
    >>> table.totals
    [4, 12, 24, 24]
    >>> table.per_cell(4)
    [[6, 6], [6, 6]]
    """

    rows: int
    cols: int
    orbits: list[list[Cell]]
    """The orbits of cells under the grid's symmetries; each starts with its
    representative."""
    by_orbit: list[list[int]]
    """``by_orbit[k - 1][o]``: paths of ``k`` cells starting at any one cell of
    orbit ``o``."""
    stats: list[LayerStats] = field(default_factory=list, compare=False)

    @property
    def max_length(self) -> int:
        """The longest path length counted."""
        return len(self.by_orbit)

    @property
    def totals(self) -> list[int]:
        """``totals[k - 1]``: number of paths of ``k`` cells."""
        sizes = [len(orbit) for orbit in self.orbits]
        return [sum(n * s for n, s in zip(row, sizes, strict=True)) for row in self.by_orbit]

    def per_cell(self, length: int) -> list[list[int]]:
        """Number of paths of ``length`` cells starting at each cell, as rows.

        >>> path_table(1, 3).per_cell(2)
        [[1, 2, 1]]
        >>> path_table(1, 3).per_cell(4)
        Traceback (most recent call last):
        ...
        boggle.model.errors.BoardError: length must be from 1 to 3, got 4
        """
        if not 1 <= length <= self.max_length:
            raise BoardError(
                f"length must be from 1 to {grouped(self.max_length)}, got {grouped(length)}"
            )
        grid = [[0] * self.cols for _ in range(self.rows)]
        for count, orbit in zip(self.by_orbit[length - 1], self.orbits, strict=True):
            for r, c in orbit:
                grid[r][c] = count
        return grid


# --- public functions ---------------------------------------------------------


def path_table(
    rows: int,
    cols: int | None = None,
    max_length: int | None = None,
    *,
    method: Method = "auto",
    max_states: int = DEFAULT_MAX_STATES,
    progress: Callable[[LayerStats], None] | None = None,
) -> PathTable:
    """Paths of every length 1..``max_length`` (default: every cell), per orbit.

    ``method`` is ``"numpy"``, ``"python"`` or ``"auto"`` (NumPy if installed).
    A step that would generate more than ``max_states`` states raises
    :class:`BoardError` (6x6 passes the default at 15 cells);
    ``progress`` is called after each step.

    >>> path_table(3, max_length=3).by_orbit
    [[1, 1, 1], [3, 5, 8], [15, 19, 24]]
    """
    rows, cols = _check_size(rows, cols)
    callback("progress", progress)
    orbits, layers = count_layers(rows, cols, max_length, method=method, max_states=max_states)
    by_orbit: list[list[int]] = []
    stats: list[LayerStats] = []
    for layer in layers:
        per_start = []
        for total, orbit in zip(layer.orbit_sums, orbits, strict=True):
            count, remainder = divmod(total, len(orbit))
            assert remainder == 0, "orbit sums are shared equally by the orbit's cells"
            per_start.append(count)
        by_orbit.append(per_start)
        stat = LayerStats(
            layer.length, layer.states, layer.candidates, layer.seconds, _peak_memory_mb()
        )
        stats.append(stat)
        if progress is not None:
            progress(stat)
    return PathTable(rows, cols, orbits, by_orbit, stats)


def _peak_memory_mb() -> float:
    """Peak resident memory of this process in MiB (0 where ``resource`` is missing: Windows)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not Unix
        return 0.0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def paths_per_cell(
    rows: int, cols: int | None = None, length: int | None = None
) -> list[list[int]]:
    """Number of paths of ``length`` cells (default: all cells) starting at each cell.

    >>> paths_per_cell(3, length=2)
    [[3, 5, 3], [5, 8, 5], [3, 5, 3]]
    """
    rows, cols = _check_size(rows, cols)
    length = _check_length(length, rows * cols, "length")
    return path_table(rows, cols, length).per_cell(length)
