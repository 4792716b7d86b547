"""Millions of random boards, numbered: board ``i`` depends only on ``(seed, i)``.

A counter-based generator (Philox4x64, Salmon et al. 2011, as NumPy ships it)
is keyed by the seed; board ``i`` reads the fixed run of counter values
``i * blocks, ..., i * blocks + blocks - 1``.  So any range of boards can be
made on its own, on any machine, in any order, and the boards are the same:
cutting a run into chunks never changes it.  Boards are made in bulk as NumPy
arrays and come out as compact text lines, ready for the batch scorer.

A dice set shuffles its cubes into the cells (sorting random keys) and turns a
random face of each up; ``uniform`` draws every cell from ``a``-``z``.  These
boards follow the same law as :func:`boggle.dice.cubes.roll`, from a different
random stream.

>>> source = BoardSource.named("new")
>>> lines = board_lines(source, seed=1, first=0, count=3)
>>> lines[1] == board_lines(source, seed=1, first=1, count=1)[0]
True
>>> str(board_at(source, 1, 2)) == str(Board.parse(lines[2]))
True
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any

from boggle.dice.cubes import DICE_SETS, dice_set, generator_name
from boggle.model.board import MAX_CELLS, MAX_SIDE, Board, compact_text
from boggle.model.checks import whole_number
from boggle.model.errors import DiceError

MAX_SEED = 2**64 - 1
"""Seeds are whole numbers from 0 to 2^64 - 1 (the low half of Philox's 128-bit key)."""

_WORDS_PER_BLOCK = 8  # 32-bit numbers per Philox4x64 counter value


@dataclass(frozen=True)
class BoardSource:
    """What to roll: a dice set's cubes (``dice``) or uniform letters on ``rows`` x ``cols``."""

    dice: str | None
    rows: int
    cols: int

    @classmethod
    def named(cls, name: str, rows: int | None = None, cols: int | None = None) -> BoardSource:
        """A dice set by name, or ``uniform`` (4x4 unless ``rows``/``cols`` say otherwise).

        >>> BoardSource.named("uniform", 3, 5)
        BoardSource(dice=None, rows=3, cols=5)
        """
        for side, value in (("rows", rows), ("cols", cols)):
            if value is not None:
                whole_number(side, value, error=DiceError)
        if generator_name(name) == "uniform":
            rows = 4 if rows is None else rows
            cols = rows if cols is None else cols
            if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE and rows * cols <= MAX_CELLS):
                raise DiceError(
                    f"a board is 1 to {MAX_SIDE} rows and columns and at most "
                    f"{MAX_CELLS:,} cells, got {rows}x{cols}"
                )
            return cls(None, rows, cols)
        cubes = dice_set(name)
        if (rows, cols) not in ((None, None), (cubes.rows, cubes.cols)):
            raise DiceError(
                f"the {cubes.name} dice fill a {cubes.rows}x{cubes.cols} tray only; "
                "uniform letters fit any size"
            )
        return cls(cubes.name, cubes.rows, cubes.cols)

    @property
    def name(self) -> str:
        return self.dice or "uniform"

    @property
    def cells(self) -> int:
        return self.rows * self.cols


@dataclass(frozen=True)
class _Tables:
    faces: tuple[str, ...]  # every face, by code
    cube_faces: Any  # (cubes, most faces) face codes
    face_counts: Any  # faces of each cube
    words: int  # 32-bit random numbers per board
    blocks: int  # Philox counter values per board


def _tables(source: BoardSource) -> _Tables:
    import numpy as np

    if source.dice is None:
        faces = tuple("qu" if c == "q" else c for c in string.ascii_lowercase)
        cube_faces = np.arange(len(faces), dtype=np.uint8)[None, :]
        counts = np.array([len(faces)], dtype=np.uint64)
        words = source.cells
    else:
        cubes = DICE_SETS[source.dice].cubes
        faces = tuple(sorted({face for cube in cubes for face in cube}))
        code = {face: i for i, face in enumerate(faces)}
        widest = max(map(len, cubes))
        cube_faces = np.zeros((len(cubes), widest), dtype=np.uint8)
        for i, cube in enumerate(cubes):
            cube_faces[i, : len(cube)] = [code[face] for face in cube]
        counts = np.array([len(cube) for cube in cubes], dtype=np.uint64)
        words = 2 * source.cells  # a sort key and a face pick per cell
    blocks = -(-words // _WORDS_PER_BLOCK)
    return _Tables(faces, cube_faces, counts, words, blocks)


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        from boggle.model.errors import MissingDependencyError

        raise MissingDependencyError(
            "random boards in bulk need NumPy: pip install 'boggle[numpy]'"
        ) from None
    return numpy


def face_codes(
    source: BoardSource, seed: int, first: int, count: int
) -> tuple[Any, tuple[str, ...]]:
    """Boards ``first`` to ``first + count - 1`` as a ``(count, cells)`` array of face
    codes, row by row, and the face of each code."""
    np = _numpy()
    for name, value in (("seed", seed), ("first", first), ("count", count)):
        whole_number(name, value, error=DiceError)
    if not 0 <= seed <= MAX_SEED:
        raise DiceError(f"the seed must be a whole number from 0 to {MAX_SEED}, got {seed}")
    if first < 0 or count < 0:
        raise DiceError(f"board numbers start at 0, got first={first}, count={count}")
    tables = _tables(source)
    generator = np.random.Philox(key=seed, counter=first * tables.blocks)
    raw = generator.random_raw(count * tables.blocks * 4)
    words = raw.view(np.uint32).reshape(count, tables.blocks * _WORDS_PER_BLOCK)
    cells = source.cells
    if source.dice is None:
        cubes = np.zeros((count, cells), dtype=np.intp)
        picks = words[:, :cells]
    else:
        cubes = np.argsort(words[:, :cells], axis=1, kind="stable")
        picks = words[:, cells : 2 * cells]
    face_index = (picks.astype(np.uint64) * tables.face_counts[cubes]) >> np.uint64(32)
    return tables.cube_faces[cubes, face_index.astype(np.intp)], tables.faces


def board_lines(source: BoardSource, seed: int, first: int, count: int) -> list[str]:
    """Boards ``first`` to ``first + count - 1`` in compact form, one string each."""
    np = _numpy()
    codes, faces = face_codes(source, seed, first, count)
    rows, cols = source.rows, source.cols
    if any(len(face) > 1 and face != "qu" for face in faces):  # bracketed faces: varying width
        return [
            compact_text([faces[c] for c in board], rows, cols, one_word=True)
            for board in codes.tolist()
        ]
    letters = np.frombuffer("".join(face[0] for face in faces).encode("ascii"), dtype=np.uint8)
    if rows == cols:
        width = rows * cols
        text = np.empty((count, width + 1), dtype=np.uint8)
        text[:, :width] = letters[codes]
    else:  # rows joined by '/', and a trailing '/' on a single row
        width = rows * (cols + 1) - (0 if rows == 1 else 1)
        text = np.full((count, width + 1), ord("/"), dtype=np.uint8)
        grid = text[:, : rows * (cols + 1)].reshape(count, rows, cols + 1) if rows > 1 else None
        if grid is not None:
            grid[:, :, :cols] = letters[codes].reshape(count, rows, cols)
        else:
            text[:, :cols] = letters[codes]
    text[:, -1] = ord("\n")
    lines: list[str] = text.tobytes().decode("ascii").split("\n")[:-1]
    return lines


def board_at(source: BoardSource, seed: int, index: int) -> Board:
    """Board number ``index`` of the run keyed by ``seed``."""
    whole_number("index", index, error=DiceError)
    codes, faces = face_codes(source, seed, index, 1)
    return Board(tuple(faces[c] for c in codes[0].tolist()), source.rows, source.cols)
