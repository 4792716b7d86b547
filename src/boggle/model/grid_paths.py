"""Counting the paths of an empty grid: the dynamic programme behind :mod:`boggle.study.paths`.

This module holds only the programme (over states ``(visited cells, last
cell)``, one layer of path length at a time, one state per symmetry orbit; see
``boggle.study.paths`` and ``docs/paths.md``), in pure Python and in NumPy.  It is
low in the layers: the ``letterhash`` engine uses :func:`count_paths` to
estimate its cost before walking a board.

>>> count_paths(4, 4, 5)
[16, 84, 408, 1764, 6712]
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from boggle.model.checks import whole_number
from boggle.model.errors import BoardError
from boggle.model.grid import (
    Cell,
    cell_orbits,
    check_dimensions,
    neighbour_table,
    padded_neighbours,
    symmetries,
)
from boggle.model.wording import a_size, grouped, too_large

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import numpy.typing as npt

    UIntArray = npt.NDArray[np.unsignedinteger[Any]]

Method = Literal["auto", "numpy", "python"]

MAX_CELLS = 58
"""The largest grid (in cells) this module accepts: a state (visited cells,
last cell) is packed into one 64-bit integer."""

DEFAULT_MAX_STATES = 120_000_000
"""The default budget of candidate states for one step (about 3 GB of memory
at the peak).  A step that would need more raises :class:`BoardError`: 5x5
needs at most 4.3 million, 6x6 reaches 110 million at 14 cells and passes the
budget at 15."""

_END_BITS = 6  # bits of the last cell in a packed state: cells < 64
_CHUNK_BITS = 12  # the cell mask is permuted 12 bits at a time through tables
_WORK_CHUNK = 1 << 22  # states extended at once by the NumPy version
_BUCKET_SIZE = 1 << 24  # candidate states sorted at once by the NumPy version
_HASH_MULTIPLIER = 0x9E3779B97F4A7C15  # spreads states over buckets (Fibonacci hashing)


def _check_size(rows: int, cols: int | None) -> tuple[int, int]:
    rows, cols = check_dimensions(rows, cols)
    if rows * cols > MAX_CELLS:
        raise BoardError(
            too_large(rows, cols, max_cells=MAX_CELLS, taker="path counting", noun="grid")
            + " (and in practice about 36)"
        )
    return rows, cols


def _check_length(length: int | None, cells: int, name: str) -> int:
    if length is None:
        return cells
    if not 1 <= whole_number(name, length, error=BoardError) <= cells:
        raise BoardError(
            f"{name} must be from 1 to {grouped(cells)} (the grid's cells), got {grouped(length)}"
        )
    return length


@dataclass(frozen=True)
class Layer:
    """One step of the programme: the paths of ``length`` cells."""

    length: int
    orbit_sums: list[int]
    """Per orbit of cells, the number of paths ending at any cell of the orbit."""
    states: int
    candidates: int
    seconds: float


def count_layers(
    rows: int,
    cols: int | None = None,
    max_length: int | None = None,
    *,
    method: Method = "auto",
    max_states: int = DEFAULT_MAX_STATES,
) -> tuple[list[list[Cell]], Iterator[Layer]]:
    """The grid's orbits of cells, and the layers of the programme for lengths
    1..``max_length`` (default: every cell), computed as they are read.

    ``method`` is ``"numpy"``, ``"python"`` or ``"auto"`` (NumPy if installed).
    A step that would generate more than ``max_states`` states (a whole number of at least
    1) raises :class:`BoardError`.
    """
    rows, cols = _check_size(rows, cols)
    whole_number("max_states", max_states, at_least=1, error=BoardError)
    cells = rows * cols
    max_length = _check_length(max_length, cells, "max_length")
    if method not in ("auto", "numpy", "python"):
        raise BoardError(f"method must be 'auto', 'numpy' or 'python', got {method!r}")
    if method == "auto":
        try:
            import numpy  # noqa: F401
        except ImportError:  # pragma: no cover - numpy is installed where tests run
            method = "python"
        else:
            method = "numpy"
    orbits = cell_orbits(rows, cols)
    orbit_of = [0] * cells
    for index, orbit in enumerate(orbits):
        for r, c in orbit:
            orbit_of[r * cols + c] = index
    grid = _Grid(
        rows, cols, neighbour_table(rows, cols), symmetries(rows, cols), orbit_of, len(orbits)
    )
    layers = _layers_numpy if method == "numpy" else _layers_python
    return orbits, (Layer(*layer) for layer in layers(grid, max_length, max_states))


def count_paths(rows: int, cols: int | None = None, max_length: int | None = None) -> list[int]:
    """Number of paths of ``k`` cells for ``k`` = 1..``max_length`` (default: all cells).

    >>> count_paths(2)
    [4, 12, 24, 24]
    >>> count_paths(3)[-1]  # Hamiltonian paths of the 3x3 grid
    784
    >>> count_paths(2, 3, max_length=2)
    [6, 22]
    """
    _, layers = count_layers(rows, cols, max_length)
    return [sum(layer.orbit_sums) for layer in layers]


@dataclass(frozen=True)
class _Grid:
    rows: int
    cols: int
    neighbours: Sequence[Sequence[int]]
    perms: list[tuple[int, ...]]
    orbit_of: list[int]
    n_orbits: int

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def mask_tables(self) -> list[list[list[int]]]:
        """``tables[g][j][v]``: symmetry ``g`` applied to the bits ``v << 12 j``."""
        chunks = -(-self.cells // _CHUNK_BITS)
        tables = []
        for perm in self.perms:
            per_chunk = []
            for j in range(chunks):
                base = j * _CHUNK_BITS
                width = min(_CHUNK_BITS, self.cells - base)
                images = [1 << perm[base + b] for b in range(width)]
                table = [0] * (1 << width)
                for v in range(1, 1 << width):
                    low = v & -v
                    table[v] = table[v ^ low] | images[low.bit_length() - 1]
                per_chunk.append(table)
            tables.append(per_chunk)
        return tables


# One step: (length, per-orbit sums of paths ending there, states, candidates, seconds).
_Layer = tuple[int, list[int], int, int, float]


def _overflow_check(previous_total: int, grid: _Grid, length: int) -> None:
    # Each path of k cells extends in at most 8 ways, so every count of the next
    # layer is at most 8 times this layer's total: check it fits in 64 bits.
    if previous_total * 8 >= 1 << 64:
        raise BoardError(
            f"paths of {length} cells on {a_size(grid.rows, grid.cols)} grid may pass 2**64; "
            f"choose a length of at most {length - 1}",
            setting="max_length",
        )


def _budget_check(candidates: int, max_states: int, grid: _Grid, length: int) -> None:
    if candidates > max_states:
        raise BoardError(
            f"counting paths of {length} cells on {a_size(grid.rows, grid.cols)} grid needs "
            f"{candidates:,} states, over the budget of {max_states:,}; choose a length of at "
            f"most {length - 1}",
            setting="max_length",
        )


def _layers_python(grid: _Grid, max_length: int, max_states: int) -> Iterator[_Layer]:
    """The programme in pure Python: a dict from canonical state to orbit sum."""
    start = time.perf_counter()
    tables = grid.mask_tables()
    low = (1 << _CHUNK_BITS) - 1
    end_mask = (1 << _END_BITS) - 1
    perms = grid.perms

    def canonical(mask: int, end: int) -> int:
        best = -1
        for perm, per_chunk in zip(perms, tables, strict=True):
            image = 0
            rest = mask
            for table in per_chunk:
                image |= table[rest & low]
                rest >>= _CHUNK_BITS
            key = image << _END_BITS | perm[end]
            if best < 0 or key < best:
                best = key
        return best

    layer: dict[int, int] = {}
    for cell in range(grid.cells):
        key = canonical(1 << cell, cell)
        layer[key] = layer.get(key, 0) + 1
    length = 1
    candidates = grid.cells
    while True:
        sums = [0] * grid.n_orbits
        for key, weight in layer.items():
            sums[grid.orbit_of[key & end_mask]] += weight
        yield length, sums, len(layer), candidates, time.perf_counter() - start
        if length == max_length:
            return
        start = time.perf_counter()
        length += 1
        _overflow_check(sum(sums), grid, length)
        following: dict[int, int] = {}
        candidates = 0
        for key, weight in layer.items():
            mask = key >> _END_BITS
            for cell in grid.neighbours[key & end_mask]:
                if not mask >> cell & 1:
                    candidates += 1
                    new = canonical(mask | 1 << cell, cell)
                    following[new] = following.get(new, 0) + weight
            if candidates > max_states:
                _budget_check(candidates, max_states, grid, length)
        layer = following


def _layers_numpy(grid: _Grid, max_length: int, max_states: int) -> Iterator[_Layer]:
    """The programme in NumPy: sorted arrays of canonical packed states and orbit sums."""
    import numpy as np

    start = time.perf_counter()
    # Packed state: mask << 6 | end, in 32 bits when it fits (up to 26 cells).
    key_type = np.uint32 if grid.cells + _END_BITS <= 32 else np.uint64
    tables = [
        [np.array(table, dtype=key_type) for table in per_chunk] for per_chunk in grid.mask_tables()
    ]
    perms = [np.array(perm, dtype=key_type) for perm in grid.perms]
    neighbours = np.array(padded_neighbours(grid.rows, grid.cols), dtype=np.int8)
    neighbour_masks: UIntArray = np.array(
        [sum(1 << cell for cell in cells) for cells in grid.neighbours], dtype=key_type
    )
    orbit_of = np.array(grid.orbit_of, dtype=np.int8)
    end_mask = key_type((1 << _END_BITS) - 1)
    chunk_mask = key_type((1 << _CHUNK_BITS) - 1)
    shift_end = key_type(_END_BITS)
    one = key_type(1)

    def canonical(masks: UIntArray, ends: UIntArray) -> UIntArray:
        best: UIntArray | None = None
        for per_chunk, perm in zip(tables, perms, strict=True):
            image = per_chunk[0][masks & chunk_mask]
            for j, table in enumerate(per_chunk[1:], start=1):
                image |= table[(masks >> key_type(j * _CHUNK_BITS)) & chunk_mask]
            image <<= shift_end
            image |= perm[ends]
            best = image if best is None else np.minimum(best, image, out=best)
        assert best is not None
        return best

    def merge(keys: UIntArray, weights: UIntArray) -> tuple[UIntArray, UIntArray]:
        order = np.argsort(keys)
        keys = keys[order]
        weights = weights[order]
        del order
        if keys.size == 0:
            return keys, weights
        starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
        return keys[starts], np.add.reduceat(weights, starts)

    def orbit_sums(layer: list[tuple[UIntArray, UIntArray]]) -> list[int]:
        sums = [0] * grid.n_orbits
        for keys, weights in layer:
            orbits = orbit_of[(keys & end_mask).astype(np.intp)]
            for o in range(grid.n_orbits):
                sums[o] += int(weights[orbits == o].sum(dtype=np.uint64))
        return sums

    def chunks(layer: list[tuple[UIntArray, UIntArray]]) -> Iterator[tuple[UIntArray, UIntArray]]:
        for keys, weights in layer:
            for first in range(0, keys.size, _WORK_CHUNK):
                yield keys[first : first + _WORK_CHUNK], weights[first : first + _WORK_CHUNK]

    def count_candidates(layer: list[tuple[UIntArray, UIntArray]]) -> int:
        total = 0
        for keys, _ in chunks(layer):
            free = neighbour_masks[(keys & end_mask).astype(np.intp)] & ~(keys >> shift_end)
            total += int(np.bitwise_count(free).sum(dtype=np.uint64))
        return total

    def extend(keys: UIntArray, weights: UIntArray) -> tuple[UIntArray, UIntArray]:
        masks = keys >> shift_end
        ends = (keys & end_mask).astype(np.intp)
        new_keys: list[UIntArray] = []
        new_weights: list[UIntArray] = []
        for slot in range(8):
            nexts = neighbours[ends, slot]
            ok = nexts >= 0
            nexts_k: UIntArray = np.where(ok, nexts, 0).astype(key_type)
            ok &= ((masks >> nexts_k) & one) == 0
            if ok.any():
                chosen = nexts_k[ok]
                new_keys.append(canonical(masks[ok] | (one << chosen), chosen))
                new_weights.append(weights[ok])
        if not new_keys:
            return np.empty(0, dtype=key_type), np.empty(0, dtype=np.uint64)
        return np.concatenate(new_keys), np.concatenate(new_weights)

    def step(
        layer: list[tuple[UIntArray, UIntArray]], candidates: int
    ) -> list[tuple[UIntArray, UIntArray]]:
        # Candidates are spread over 2**bits buckets by a hash of the state, so
        # equal states meet in one bucket and each bucket is sorted on its own.
        bits = max(0, math.ceil(math.log2(max(candidates, 1) / _BUCKET_SIZE)))
        buckets: list[list[tuple[UIntArray, UIntArray]]] = [[] for _ in range(1 << bits)]
        while layer:
            keys, weights = layer.pop()
            for part, part_weights in chunks([(keys, weights)]):
                new_keys, new_weights = extend(part, part_weights)
                if bits == 0:
                    buckets[0].append((new_keys, new_weights))
                    continue
                hashes = new_keys.astype(np.uint64) * np.uint64(_HASH_MULTIPLIER)
                hashes >>= np.uint64(64 - bits)
                order = np.argsort(hashes.astype(np.uint8 if bits <= 8 else np.uint16))
                bounds = np.cumsum(np.bincount(hashes.astype(np.intp), minlength=1 << bits))
                new_keys, new_weights = new_keys[order], new_weights[order]
                del order, hashes
                for bucket, piece, piece_weights in zip(
                    buckets,
                    np.split(new_keys, bounds[:-1]),
                    np.split(new_weights, bounds[:-1]),
                    strict=True,
                ):
                    # Copies, so that each bucket's memory is freed once it is merged.
                    bucket.append((piece.copy(), piece_weights.copy()))
            del keys, weights
        merged: list[tuple[UIntArray, UIntArray]] = []
        for index in range(len(buckets)):
            pieces, buckets[index] = buckets[index], []
            all_keys = np.concatenate([k for k, _ in pieces])
            all_weights = np.concatenate([w for _, w in pieces])
            del pieces
            merged.append(merge(all_keys, all_weights))
        return merged

    singles: UIntArray = np.arange(grid.cells, dtype=key_type)
    layer = [merge(canonical(one << singles, singles), np.ones(grid.cells, dtype=np.uint64))]
    length = 1
    candidates = grid.cells
    while True:
        sums = orbit_sums(layer)
        states = sum(int(keys.size) for keys, _ in layer)
        yield length, sums, states, candidates, time.perf_counter() - start
        if length == max_length:
            return
        start = time.perf_counter()
        length += 1
        _overflow_check(sum(sums), grid, length)
        candidates = count_candidates(layer)
        _budget_check(candidates, max_states, grid, length)
        layer = step(layer, candidates)
