"""The Boggle board: an immutable grid of cube faces.

A face is one or more lowercase letters: ``"a"``, ``"qu"``, or one of the
multi-letter cubes of newer editions (``"th"``, ``"in"``, ``"er"``, ``"he"``,
``"an"``) and of other languages (``"ij"``, ``"ch"``, ``"ll"``, ``"rr"``).

The compact text form, read by every command and printed back by them:

* rows separated by white space, ``/`` or ``,``: ``"fxie amlo ewbx astu"``;
* or one run of letters whose length is a square: ``"fxieamloewbxastu"``;
* a board of one row ends with ``/`` so it is not read as a square: ``"abcd/"``;
* case is ignored; ``q`` is the ``Qu`` cube;
* compatibility forms are read as in typed words: fullwidth letters, slashes and
  brackets (a phone's East Asian keyboard) are ``a``-``z``, ``/`` and ``[ ]``
  (:func:`~boggle.model.letters.board_letters`);
* a multi-letter face is written in brackets: ``"[th]ae [qu]xyz"`` (``[qu]``
  and ``q`` mean the same cube);
* a letter may be written as a Latin-1 or ASCII locale prints a board, escaped:
  ``"id\\xf1m"`` is ``"idñm"`` (``\\xNN``, ``\\uNNNN``, ``\\UNNNNNNNN``;
  :func:`~boggle.model.letters.unescaped`).

:meth:`Board.parse` is the one reader of this form (:func:`parse_faces` reads one
row of it) and :func:`compact_text` the one writer: ``str(board)`` separates the
rows by spaces; ``compact_text(..., one_word=True)`` writes a text with no space,
as the searches print their boards.

>>> board = Board.parse("fxie amlo ewbx astu")
>>> board.rows, board.cols
(4, 4)
>>> board.face(1, 2)
'l'
>>> str(Board.parse("QEST/ANSI/XWEO/YRSN"))
'qest ansi xweo yrsn'
"""

from __future__ import annotations

import itertools
import math
import operator
import re
from collections.abc import Iterable, Iterator, Sequence

from boggle.model import render, wording
from boggle.model.checks import whole_number
from boggle.model.errors import BoardError
from boggle.model.grid import MAX_SIDE as MAX_SIDE  # Cell and MAX_SIDE live in boggle.model.grid
from boggle.model.grid import Cell as Cell
from boggle.model.grid import neighbour_table
from boggle.model.letters import board_letters, not_text, unescaped
from boggle.model.wording import a_size, grouped, too_large

TYPE_CHECKING = False  # the checkers read the standard decorator; at run time it costs 12 ms
if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from boggle.model.records import dataclass

MULTI_LETTER_FACES: frozenset[str] = frozenset(
    {"qu", "th", "in", "er", "he", "an", "ij", "ch", "ll", "rr"}
)
"""The multi-letter faces a board may hold, besides single letters (Dutch ``ij``;
Spanish ``ch``, ``ll``, ``rr``; see :mod:`boggle.wordlists.spelling`)."""

MAX_CELLS = 250_000
"""The largest number of cells a board may have (500 x 500)."""

MAX_TEXT_CHARS = 5 * MAX_CELLS
"""The longest compact text :meth:`Board.parse` reads: every cell a bracketed face and a space."""

ESCAPED_TEXT_CHARS = 4 * MAX_TEXT_CHARS
"""The longest text whose escapes (``\\xf1``, ``\\u017c``) :meth:`Board.parse` reads back;
the letters read must then fit :data:`MAX_TEXT_CHARS`."""

SHOWN_ROWS = 12
"""The most rows whose lengths a refusal of unequal rows lists."""

_ROW_SEPARATORS = re.compile(r"[\s/,]+")
ROW_SEPARATORS_SAID = "spaces, new lines, '/' or ','"
"""The row separators :meth:`Board.parse` reads, as the help and refusals name them."""
_BRACKETED = re.compile(r"\[([^\[\]]*)\]|(.)", re.DOTALL)


def parse_faces(text: str) -> list[str]:
    """The faces of one row of the compact form: letters, ``q`` for ``Qu``, brackets
    around a multi-letter face.

    >>> parse_faces("q[th]E[qu]")
    ['qu', 'th', 'e', 'qu']
    """
    if text.isascii() and text.isalpha():  # plain letters, the form of bulk boards: no brackets
        return ["qu" if face == "q" else face for face in text.lower()]
    faces: list[str] = []
    for match in _BRACKETED.finditer(text):
        bracketed, single = match.group(1), match.group(2)
        if bracketed is not None:
            face = bracketed.lower()
            if face == "q":
                face = "qu"
            if not face:
                raise BoardError("empty brackets '[]' in board; write a face inside them")
            if not face.isalpha():
                shown = wording.quoted(f"[{bracketed}]")  # a control character shown escaped
                raise BoardError(f"board face {shown} has a character that is not a letter")
            if len(face) > 1 and face not in MULTI_LETTER_FACES:
                known = ", ".join(sorted(MULTI_LETTER_FACES))
                shown = wording.quoted(f"[{bracketed}]")
                raise BoardError(f"unknown multi-letter face {shown}; known faces: {known}")
            faces.append(face)
        else:
            if single in "[]":
                raise BoardError("unbalanced '[' or ']' in board")
            if not single.isalpha():
                raise BoardError(
                    f"board has {single!r}, which is not a letter; "
                    f"use letters, with rows separated by {ROW_SEPARATORS_SAID}"
                )
            face = single.lower()
            faces.append("qu" if face == "q" else face)
    return faces


def check_size(rows: int, cols: int) -> None:
    """:class:`BoardError` unless a ``rows`` x ``cols`` board is within the limits.

    Checked before anything is generated or allocated for the board.

    >>> check_size(500, 500)
    >>> check_size(100_000, 100_000)
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoardError: a 100000x100000 board (10,000,000,000 cells) is too large: \
the limit is 1,000 rows and columns and 250,000 cells
    >>> check_size(4.0, 4)
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoardError: rows must be a whole number, got 4.0
    """
    whole_number("rows", rows, error=BoardError)
    whole_number("cols", cols, error=BoardError)
    if rows < 1 or cols < 1:
        raise BoardError(f"a board needs at least one row and one column, got {rows}x{cols}")
    if rows > MAX_SIDE or cols > MAX_SIDE or rows * cols > MAX_CELLS:
        raise BoardError(too_large(rows, cols, max_side=MAX_SIDE, max_cells=MAX_CELLS))


_PLAIN_FACES = frozenset("abcdefghijklmnoprstuvwxyz") | MULTI_LETTER_FACES
"""Faces :func:`check_faces` takes at once: each letter a-z but ``q``, and the multi-letter
faces."""


def check_faces(faces: Iterable[str]) -> None:
    """:class:`BoardError` unless every face is one a board may hold.

    >>> check_faces(["a", "qu", "th"])
    >>> check_faces(["q"])
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoardError: the Q cube is the face 'qu'
    """
    for face in faces:
        if type(face) is str and face in _PLAIN_FACES:  # the common case, at a set's speed
            continue
        if not isinstance(face, str) or not face.isalpha() or face != face.lower():
            raise BoardError(f"face {face!r} must be one or more lowercase letters")
        if len(face) > 1 and face not in MULTI_LETTER_FACES:
            raise BoardError(f"unknown multi-letter face {face!r}")
        if face == "q":
            raise BoardError("the Q cube is the face 'qu'")


@dataclass(frozen=True)
class Board:
    """A rectangular grid of faces, stored row by row.

    >>> Board(("c", "a", "t", "s"), 2, 2).neighbours(0)
    (1, 2, 3)
    """

    faces: tuple[str, ...]
    rows: int
    cols: int

    def __post_init__(self) -> None:
        if isinstance(self.faces, str) or not isinstance(self.faces, Sequence):
            raise BoardError(
                f"a board's faces are a tuple of faces like ('c', 'a', 't', 's'), not "
                f"{type(self.faces).__name__}; Board.parse reads a board's text"
            )
        object.__setattr__(self, "faces", tuple(self.faces))  # a list, hashable as a tuple
        check_size(self.rows, self.cols)
        if len(self.faces) != self.rows * self.cols:
            raise BoardError(
                f"{a_size(self.rows, self.cols)} board needs "
                f"{grouped(self.rows * self.cols)} faces, got {grouped(len(self.faces))}"
            )
        check_faces(self.faces)

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read a board from its compact text form (see the module docstring).

        >>> Board.parse("ab [th]Q")
        Board.parse('ab [th]q')
        >>> Board.parse("abc")
        Traceback (most recent call last):
        ...
        boggle.model.errors.BoardError: 3 faces do not make a square; separate the rows ...
        """
        if not isinstance(text, str):
            raise BoardError(
                f"a board is text like 'fxie amlo ewbx astu', not {type(text).__name__}"
            )
        if "\\" in text and len(text) <= ESCAPED_TEXT_CHARS:
            text = unescaped(text)  # as a Latin-1 or ASCII locale printed it: "id\xf1m"
        if len(text) > MAX_TEXT_CHARS:
            raise BoardError(
                f"the board text is {len(text):,} characters; the largest board "
                f"({MAX_CELLS:,} cells) is written in at most {MAX_TEXT_CHARS:,}"
            )
        if problem := not_text(text):
            raise BoardError(f"the board is not valid text: it has {problem}")
        # a decomposed "a" + accent is one letter, as in the word lists; fullwidth letters
        # (a phone's East Asian keyboard) are the letters, as in typed words
        text = board_letters(text)
        rows_text = [row for row in _ROW_SEPARATORS.split(text.strip()) if row]
        if not rows_text:
            raise BoardError("the board is empty; give rows of letters like 'fxie amlo ewbx astu'")
        rows = [parse_faces(row) for row in rows_text]
        explicit_rows = _ROW_SEPARATORS.search(text.strip()) is not None
        if len(rows) == 1 and not explicit_rows:
            faces = rows[0]
            side = math.isqrt(len(faces))
            if side * side != len(faces):
                raise BoardError(
                    f"{len(faces)} faces do not make a square; separate the rows with "
                    f"{ROW_SEPARATORS_SAID} to give a rectangle, e.g. 'abc def'"
                )
            if side > MAX_SIDE:
                return cls(tuple(faces), side, side)  # raises the size error
            rows = [faces[i * side : (i + 1) * side] for i in range(side)]
        widths = {len(row) for row in rows}
        if len(widths) != 1:
            lengths = ", ".join(str(len(row)) for row in rows[:SHOWN_ROWS])
            if len(rows) > SHOWN_ROWS:  # a board of 2,000 rows is refused in one short line
                lengths += f", ... {grouped(len(rows))} rows"
            raise BoardError(
                f"rows have unequal lengths ({lengths}); every row needs the same number of cubes"
            )
        return cls(tuple(face for row in rows for face in row), len(rows), len(rows[0]))

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[str]]) -> Board:
        """Build a board from rows of faces (``q`` is the ``Qu`` cube).

        >>> Board.from_rows([["t", "h"], ["e", "Q"]])
        Board.parse('th eq')
        """
        if isinstance(rows, str) or not isinstance(rows, Sequence):
            kind = (
                "one text (Board.parse reads it)" if isinstance(rows, str) else type(rows).__name__
            )
            raise BoardError(f"Board.from_rows takes a list of rows of faces, not {kind}")
        for row in rows:
            odd = (
                [face for face in row if not isinstance(face, str)]
                if isinstance(row, Iterable)
                else [row]
            )
            if odd:
                raise BoardError(f"a board's faces are text like 'a' or 'qu', not {odd[0]!r}")
        if not rows or not rows[0]:
            raise BoardError("the board is empty")
        if len({len(row) for row in rows}) != 1:
            raise BoardError("rows have unequal lengths; every row needs the same number of cubes")
        faces = tuple(("qu" if f.lower() == "q" else f.lower()) for row in rows for f in row)
        return cls(faces, len(rows), len(rows[0]))

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    def with_face(self, row: int, col: int, face: str) -> Board:
        """A new board, this one with ``face`` at ``(row, col)`` (the board itself does not
        change): one step to a neighbouring board of a search.  ``face`` is read as
        :meth:`from_rows` reads one (case ignored, ``q`` is the ``Qu`` cube).

        >>> board = Board.parse("fxie amlo ewbx astu")
        >>> board.with_face(0, 1, "Q")
        Board.parse('fqie amlo ewbx astu')
        >>> board.with_face(3, 3, "th").face(3, 3), board.face(3, 3)
        ('th', 'u')
        >>> board.with_face(0, 0, "ab")
        Traceback (most recent call last):
        ...
        boggle.model.errors.BoardError: unknown multi-letter face 'ab'
        """
        if not isinstance(face, str):
            raise BoardError(f"a face is text like 'a' or 'qu', not {type(face).__name__}")
        faces = list(self.faces)
        faces[self.index(row, col)] = "qu" if face.lower() == "q" else face.lower()
        return Board(tuple(faces), self.rows, self.cols)

    def face(self, row: int, col: int) -> str:
        """The face at ``(row, col)``.

        >>> Board.parse("ab cq").face(1, 1)
        'qu'
        >>> Board.parse("ab cq").face(0, 2)
        Traceback (most recent call last):
        ...
        boggle.model.errors.BoardError: cell (0, 2) is not on this 2x2 board: rows 0 to 1, ...
        """
        return self.faces[self.index(row, col)]

    def cell(self, index: int) -> Cell:
        """The ``(row, col)`` of a cell index (row-major).

        ``index`` is any integer (a NumPy integer too, through :func:`operator.index`), but
        not a bool (``True`` would be cell 1) nor a float; the cell is plain ``int`` s.

        >>> Board.parse("abc def").cell(4)
        (1, 1)
        """
        at = _whole(index)
        if at is None or not 0 <= at < len(self.faces):
            raise BoardError(
                f"cell index {index!r} is not on this {self.rows}x{self.cols} board: "
                f"0 to {len(self.faces) - 1}"
            )
        row, col = divmod(at, self.cols)
        return row, col

    def index(self, row: int, col: int) -> int:
        """The row-major index of ``(row, col)``.

        ``row`` and ``col`` are any integers :meth:`cell` takes (a NumPy integer too, through
        :func:`operator.index`), but not a bool (``True`` would be row 1).

        >>> Board.parse("abc def").index(1, 1)
        4
        """
        at = _whole(row), _whole(col)
        if (
            at[0] is None
            or at[1] is None
            or not (0 <= at[0] < self.rows and 0 <= at[1] < self.cols)
        ):
            raise BoardError(
                f"cell ({row!r}, {col!r}) is not on this {self.rows}x{self.cols} board: "
                f"rows 0 to {self.rows - 1}, columns 0 to {self.cols - 1}"
            )
        return at[0] * self.cols + at[1]

    @property
    def neighbour_table(self) -> tuple[tuple[int, ...], ...]:
        """For each cell index, the indices of its (up to 8) neighbours, ascending."""
        return neighbour_table(self.rows, self.cols)

    def neighbours(self, index: int) -> tuple[int, ...]:
        """Indices of the cells adjacent to cell ``index``.

        >>> Board.parse("abc def ghi").neighbours(0)
        (1, 3, 4)
        """
        row, col = self.cell(index)  # refuses a cell off the board, as -1 was the last
        return self.neighbour_table[row * self.cols + col]

    def is_path(self, path: Sequence[Cell]) -> bool:
        """True if ``path`` is on the board, has no repeated cell and each step is adjacent.

        >>> board = Board.parse("abc def")
        >>> board.is_path([(0, 0), (1, 1), (0, 2)]), board.is_path([(0, 0), (0, 2)])
        (True, False)
        """
        cells: list[tuple[int, int]] = []
        for cell in _steps(path):
            at = (
                tuple(_whole(n) for n in cell)
                if isinstance(cell, tuple) and len(cell) == 2
                else (None,)
            )
            if None in at:  # a NumPy integer is a row or column too; a bool is not
                raise BoardError(f"a path is a list of (row, col) cells; a cell was {cell!r}")
            cells.append((at[0], at[1]))  # type: ignore[arg-type]
        path = cells
        if not path or len(set(path)) != len(path):
            return False
        for r, c in path:
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                return False
        return all(
            max(abs(r1 - r2), abs(c1 - c2)) == 1 for (r1, c1), (r2, c2) in itertools.pairwise(path)
        )

    def spell(self, path: Iterable[Cell]) -> str:
        """The letters read along ``path``.

        >>> Board.parse("cat qxy").spell([(1, 0), (0, 1), (0, 2)])
        'quat'
        """
        faces = []
        for cell in _steps(path):
            if isinstance(cell, str | bytes) or not isinstance(cell, Sequence) or len(cell) != 2:
                raise BoardError(f"a path is a list of (row, col) cells; a cell was {cell!r:.60}")
            faces.append(self.face(cell[0], cell[1]))
        return "".join(faces)

    @property
    def longest_word_length(self) -> int:
        """The most letters a word on the board can have: every face's letters (``qu`` two),
        each cell used once.

        >>> Board.parse("fxie amlo ewbx astu").longest_word_length
        16
        >>> Board.parse("q[th] ab").longest_word_length
        6
        """
        return sum(len(face) for face in self.faces)

    def letters(self) -> frozenset[str]:
        """Every letter that appears on some face.

        >>> sorted(Board.parse("aq ba").letters())
        ['a', 'b', 'q', 'u']
        """
        return frozenset("".join(self.faces))

    def __str__(self) -> str:
        return compact_text(self.faces, self.rows, self.cols)

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"

    def grid_text(self) -> str:
        """The board as an aligned grid for people: ``Qu``, ``Th`` capitalised
        (drawn by :func:`boggle.model.render.board_text`).

        >>> print(Board.parse("[th]a qe").grid_text())
        Th A
        Qu E
        """
        return render.board_text(self)

    def __iter__(self) -> Iterator[str]:
        return iter(self.faces)

    def svg(self, path: Sequence[Cell] | None = None, cell_size: int = 48) -> str:
        """An SVG picture of the board, with ``path`` drawn over it when given
        (drawn by :func:`boggle.model.render.svg`, which takes more options).  ``cell_size``
        is a whole number of pixels from 1 to :data:`~boggle.model.render.MAX_CELL_SIZE`, and
        ``path`` cells on the board; else a :class:`BoardError` in one line.

        >>> Board.parse("ab cd").svg(cell_size=True)
        Traceback (most recent call last):
          ...
        boggle.model.errors.BoardError: cell_size must be a whole number, got True
        """
        render.check_picture(self, path, cell_size, "cell_size")
        return render.svg(self, path=path, size=cell_size)

    def _repr_svg_(self) -> str:
        return self.svg()


def _steps(path: object) -> Iterable[object]:
    """``path`` to walk cell by cell, or :class:`BoardError` in one line when it is no list of
    cells at all (``None``, a number); a text's letters are refused as cells."""
    if not isinstance(path, Iterable):
        raise BoardError(f"a path is a list of (row, col) cells, not {type(path).__name__}")
    return path


def _whole(value: object) -> int | None:
    """``value`` as a plain ``int`` when it is an integer (``operator.index`` takes it: an
    ``int`` or a NumPy integer) other than a bool; else ``None``."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def format_face(face: str) -> str:
    """One face in the compact form: ``q`` for ``Qu``, a multi-letter face in brackets.

    >>> format_face("qu"), format_face("th"), format_face("e")
    ('q', '[th]', 'e')
    """
    if face == "qu":
        return "q"
    if len(face) > 1:
        return f"[{face}]"
    return face


def compact_text(faces: Sequence[str], rows: int, cols: int, *, one_word: bool = False) -> str:
    """The compact text of a board of ``faces`` (row by row), which :meth:`Board.parse`
    reads back: rows separated by spaces; with ``one_word``, a text with no space (a
    square's rows run together, other shapes' rows separated by ``/``).  A board of one
    row ends with ``/``, so that it is not read as a square.

    >>> compact_text(("p", "qu", "a", "t"), 2, 2), compact_text("pqat", 2, 2, one_word=True)
    ('pq at', 'pqat')
    >>> compact_text("abcdef", 2, 3, one_word=True), compact_text("abc", 1, 3)
    ('abc/def', 'abc/')
    """
    shown = [format_face(face) for face in faces]
    lines = ["".join(shown[r * cols : (r + 1) * cols]) for r in range(rows)]
    if rows == 1 and cols > 1:
        return lines[0] + "/"  # one explicit row, not a square to infer
    if not one_word:
        return " ".join(lines)
    return "".join(lines) if rows == cols else "/".join(lines)
