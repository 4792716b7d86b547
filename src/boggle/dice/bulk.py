"""Millions of random boards, numbered: board ``i`` depends only on ``(seed, i)``.

A counter-based generator (Philox4x64, Salmon et al. 2011, as NumPy ships it)
is keyed by the seed; board ``i`` reads the fixed run of counter values
``i * blocks, ..., i * blocks + blocks - 1``.  So any range of boards can be
made on its own, on any machine, in any order, and the boards are the same:
cutting a run into chunks never changes it.  Boards are made in bulk as NumPy
arrays and come out as compact text lines, ready for the batch scorer.

A dice set shuffles its cubes into the cells (sorting random keys) and turns a
random face of each up; ``uniform`` draws every cell from ``a``-``z``; a language
other than English draws every cell from the faces of its list's words, each as
often as it occurs there (:func:`source_for_language`).  These boards follow the
same law as :func:`boggle.dice.cubes.roll` and
:func:`boggle.dice.measured.measured_board`, from a different random stream.

>>> source = BoardSource.named("new")
>>> lines = board_lines(source, seed=1, first=0, count=3)
>>> lines[1] == board_lines(source, seed=1, first=1, count=1)[0]
True
>>> str(board_at(source, 1, 2)) == str(Board.parse(lines[2]))
True
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any

from boggle.dice.cubes import DICE_SETS, dice_set, generator_name, seed_in_range
from boggle.dice.cubes import MAX_SEED as MAX_SEED  # where it was, for old imports
from boggle.dice.measured import check_chosen_dice, face_weights
from boggle.model.board import MAX_CELLS, MAX_SIDE, Board, compact_text
from boggle.model.checks import whole_number
from boggle.model.errors import DiceError
from boggle.model.wording import quoted, too_large
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.spelling import lexicon_profile

_WORDS_PER_BLOCK = 8  # 32-bit numbers per Philox4x64 counter value


@dataclass(frozen=True)
class BoardSource:
    """What to roll on ``rows`` x ``cols``: a dice set's cubes (``dice``), uniform letters
    (``dice`` is ``None``), or the ``faces`` of a word list (``letters_of`` names it), each
    drawn as often as its ``weights`` say (:meth:`measured`)."""

    dice: str | None
    rows: int
    cols: int
    faces: tuple[str, ...] = field(default=(), repr=False)
    weights: tuple[int, ...] = field(default=(), repr=False)
    letters_of: str | None = field(default=None, repr=False)

    @classmethod
    def named(cls, name: str, rows: int | None = None, cols: int | None = None) -> BoardSource:
        """A dice set by name, or ``uniform`` (4x4 unless ``rows``/``cols`` say otherwise).

        >>> BoardSource.named("uniform", 3, 5)
        BoardSource(dice=None, rows=3, cols=5)
        """
        if generator_name(name) == "uniform":
            rows, cols = _any_size(rows, cols)
            return cls(None, rows, cols)
        _any_size(rows, cols)  # a bool or a float is refused by name, as for uniform letters
        cubes = dice_set(name)
        if (rows, cols) not in ((None, None), (cubes.rows, cubes.cols)):
            raise DiceError(
                f"the {cubes.name} dice fill a {cubes.rows}x{cubes.cols} tray only; "
                "uniform letters fit any size"
            )
        return cls(cubes.name, cubes.rows, cubes.cols)

    @classmethod
    def measured(
        cls,
        weights: dict[str, int],
        rows: int | None = None,
        cols: int | None = None,
        letters_of: str = "custom",
    ) -> BoardSource:
        """Each cell one of the faces of ``weights``, drawn as often as its weight says
        (4x4 unless ``rows``/``cols`` say otherwise); ``letters_of`` names the word list
        they were counted in.

        >>> source = BoardSource.measured({"a": 3, "ch": 1}, 2, 3, letters_of="es")
        >>> source.name, source.cells
        ('letters of es', 6)
        """
        rows, cols = _any_size(rows, cols)
        if not weights or any(
            isinstance(w, bool) or not isinstance(w, int) or w < 1 for w in weights.values()
        ):
            raise DiceError(
                f"the letters of {quoted(letters_of)} need at least one face, each weighed by a "
                "whole number of at least 1"
            )
        total = sum(weights.values())
        scale = -(-total // _MAX_TOTAL)  # a total under 2^32: a cell is one 32-bit draw
        faces = tuple(sorted(weights))
        return cls(
            None,
            rows,
            cols,
            faces,
            tuple(max(1, weights[face] // scale) for face in faces),
            letters_of,
        )

    @property
    def name(self) -> str:
        if self.letters_of is not None:
            return f"letters of {self.letters_of}"
        return self.dice or "uniform"

    @property
    def cells(self) -> int:
        return self.rows * self.cols


_MAX_TOTAL = 2**31
"""The most the weights of a measured source add up to (larger ones are scaled down)."""


def _any_size(rows: int | None, cols: int | None) -> tuple[int, int]:
    """``rows`` x ``cols`` (4x4 by default, ``cols`` as ``rows``), checked against the
    largest board."""
    for side, value in (("rows", rows), ("cols", cols)):
        if value is not None:
            whole_number(side, value, error=DiceError)
    rows = 4 if rows is None else rows
    cols = rows if cols is None else cols
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE and rows * cols <= MAX_CELLS):
        if rows >= 1 and cols >= 1:
            raise DiceError(too_large(rows, cols, max_side=MAX_SIDE, max_cells=MAX_CELLS))
        raise DiceError(f"a board needs at least one row and one column, got {rows}x{cols}")
    return rows, cols


def source_for_language(
    lexicon: Lexicon, dice: str | None = None, rows: int | None = None, cols: int | None = None
) -> BoardSource:
    """The boards :func:`boggle.dice.measured.roll_for_language` rolls, in bulk: for an
    English list the ``dice`` set (by default ``new`` on 4x4, uniform letters on any other
    size), for any other language its list's letters (4x4 by default).  ``dice`` named
    beside another language's list is refused, as :func:`~boggle.dice.measured.check_chosen_dice`
    refuses it, rather than ignored.

    >>> spanish = Lexicon.from_words(["chico", "año"])
    >>> spanish.language = "es"
    >>> source = source_for_language(spanish, rows=5)
    >>> source.name, source.rows, source.cols, source.faces
    ('letters of custom', 5, 5, ('a', 'c', 'ch', 'i', 'o', 'ñ'))
    >>> source_for_language(Lexicon.from_words(["cat"])).name
    'new'
    """
    if lexicon_profile(lexicon).code == "en":
        if dice is None:
            dice = "new" if (rows, cols) in ((None, None), (4, 4), (4, None)) else "uniform"
        return BoardSource.named(dice, rows, cols)
    if dice is not None:
        check_chosen_dice(lexicon, dice)
    weights = face_weights(lexicon)
    if not weights:
        raise DiceError(f"word list {quoted(lexicon.name)} has no words to measure letters from")
    return BoardSource.measured(weights, rows, cols, lexicon.name)


@dataclass(frozen=True)
class _Tables:
    faces: tuple[str, ...]  # every face, by code
    cube_faces: Any  # (cubes, most faces) face codes
    face_counts: Any  # faces of each cube
    words: int  # 32-bit random numbers per board
    blocks: int  # Philox counter values per board
    cumulative: Any = None  # a measured source's weights added up, face by face


def _tables(source: BoardSource) -> _Tables:
    import numpy as np

    if source.faces:  # one draw a cell, by weight: no cubes
        cumulative = np.cumsum(np.array(source.weights, dtype=np.uint64))
        blocks = -(-source.cells // _WORDS_PER_BLOCK)
        return _Tables(source.faces, None, None, source.cells, blocks, cumulative)
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
    seed_in_range(seed)  # Philox's 128-bit key holds it in its low half
    whole_number("first", first, at_least=0, error=DiceError)  # board numbers start at 0
    whole_number("count", count, at_least=0, error=DiceError)
    tables = _tables(source)
    generator = np.random.Philox(key=seed, counter=first * tables.blocks)
    raw = generator.random_raw(count * tables.blocks * 4)
    words = raw.view(np.uint32).reshape(count, tables.blocks * _WORDS_PER_BLOCK)
    cells = source.cells
    if tables.cumulative is not None:  # a point of the weights' total, and the face it falls in
        total = tables.cumulative[-1]
        points = (words[:, :cells].astype(np.uint64) * total) >> np.uint64(32)
        return np.searchsorted(tables.cumulative, points, side="right"), tables.faces
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
    if any((len(face) > 1 and face != "qu") or not face.isascii() for face in faces):
        # bracketed faces, or letters of more than a byte: varying width
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
    """Board number ``index`` of the run keyed by ``seed`` (numbered from 0): the board
    ``board_lines(source, seed, index, 1)`` writes, and ``boggle stats`` names by its number.

    >>> source = BoardSource.named("new")
    >>> board_at(source, 1, 5) == Board.parse(board_lines(source, 1, 0, 6)[5])
    True
    >>> board_at(source, 1, -1)
    Traceback (most recent call last):
    ...
    boggle.model.errors.DiceError: index must be at least 0, got -1
    """
    whole_number("index", index, at_least=0, error=DiceError)
    codes, faces = face_codes(source, seed, index, 1)
    return Board(tuple(faces[c] for c in codes[0].tolist()), source.rows, source.cols)
