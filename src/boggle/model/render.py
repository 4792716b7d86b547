"""Pictures of boards and paths, as text for a terminal and as SVG.

Every picture the library, the command line and the web page show is drawn
here, so a board or a path looks the same wherever it appears.

>>> from boggle import Board
>>> board = Board.parse("fxie amlo ewbx astu")
>>> print(board_text(board))
F X I E
A M L O
E W B X
A S T U
>>> path_text(((0, 0), (1, 0), (1, 1)))
'[(0,0),(1,0),(1,1)]'

SVG options are keywords, and the colours a mapping that any key of
:data:`COLORS` may override (python-chess's ``chess.svg`` works the same way):

>>> svg(board, path=[(0, 0), (1, 0)], size=32, colors={"path": "blue"}).count('stroke="blue"')
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from boggle.model.checks import whole_number
from boggle.model.errors import BoardError

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from typing import Any

    from boggle.model.board import Board, Cell

MAX_CELL_SIZE = 1024
"""The widest cube :func:`svg` draws, in pixels (``size``; at least 1): a picture of the
largest board (:data:`~boggle.model.board.MAX_SIDE` cubes a side) is then at most about a
million pixels a side, its numbers a few digits each, so its text grows with the board's
cells only."""

COLORS: Mapping[str, str] = {
    "background": "#1f3b73",
    "cube": "#f7f3e8",
    "cube on path": "#ffe08a",
    "letter": "#222",
    "path": "#d62828",
}
"""The colours of :func:`svg`, by what they paint."""


WHOLE_CAPITALS = frozenset({"ij", "ch", "ll", "rr"})
"""The faces printed in capitals whole, as their language's tiles print them: the Dutch
``IJ`` (a letter of its own, ``IJsland``) and the Spanish ``CH``, ``LL``, ``RR`` (tiles of
Spanish Scrabble). The English cubes' faces are printed as the cubes print them: ``Qu``,
``Th``, ``In``."""


def face_label(face: str) -> str:
    """A face as the printed game shows it: ``Qu``, ``Th``, ``A`` as English cubes print
    them; ``IJ``, ``CH``, ``LL``, ``RR`` whole (:data:`WHOLE_CAPITALS`); ``ß`` stays ``ß``
    (its capital is two letters).

    >>> face_label("qu"), face_label("ij"), face_label("ll"), face_label("ß"), face_label("ä")
    ('Qu', 'IJ', 'LL', 'ß', 'Ä')
    """
    if face in WHOLE_CAPITALS:
        return face.upper()
    first = face[0].upper()
    return (first if len(first) == 1 else face[0]) + face[1:]


def faces(board: Board) -> list[list[str]]:
    """The faces row by row (``[["f", "x"], ...]``), as the web page draws them."""
    return [list(board.faces[r * board.cols : (r + 1) * board.cols]) for r in range(board.rows)]


def board_json(board: Board) -> dict[str, Any]:
    """The board as the pages read it: its text, its shape and its faces row by row.

    >>> from boggle import Board
    >>> board_json(Board.parse("q[th] ei"))
    {'board': 'q[th] ei', 'rows': 2, 'cols': 2, 'faces': [['qu', 'th'], ['e', 'i']]}
    """
    return {"board": str(board), "rows": board.rows, "cols": board.cols, "faces": faces(board)}


def board_text(board: Board, *, frame: bool = False) -> str:
    """The board as an aligned grid of capitalised faces; ``frame`` boxes it in and
    gives every face at least two columns, for a terminal round.

    >>> from boggle import Board
    >>> print(board_text(Board.parse("q[th] ei"), frame=True))
    +-------+
    | Qu Th |
    | E  I  |
    +-------+
    """
    width = max(len(face) for face in board.faces)
    if frame:
        width = max(2, width)
    lines = []
    for row in faces(board):
        text = " ".join(face_label(face).ljust(width) for face in row)
        lines.append(f"| {text} |" if frame else text.rstrip())
    if frame:
        rule = "+" + "-" * (board.cols * (width + 1) + 1) + "+"
        lines = [rule, *lines, rule]
    return "\n".join(lines)


def path_text(path: Sequence[Cell]) -> str:
    """A path as ``[(r,c),(r,c)]``, the one way a path is written as text."""
    return "[" + ",".join(f"({r},{c})" for r, c in path) + "]"


def path_picture(board: Board, path: Sequence[Cell]) -> str:
    """The board with the cells of ``path`` numbered in order, other cells as dots.

    >>> from boggle import Board
    >>> print(path_picture(Board.parse("fxie amlo ewbx astu"), ((0, 0), (1, 0), (1, 1))))
     1  .  .  .
     2  3  .  .
     .  .  .  .
     .  .  .  .
    """
    step = {cell: i for i, cell in enumerate(path, start=1)}
    width = max(2, len(str(len(path))))
    rows = []
    for r in range(board.rows):
        cells = [str(step[(r, c)]) if (r, c) in step else "." for c in range(board.cols)]
        rows.append(" ".join(cell.rjust(width) for cell in cells))
    return "\n".join(rows)


def check_picture(
    board: Board, path: Sequence[Cell] | None, size: int, size_name: str = "size"
) -> None:
    """:class:`~boggle.model.errors.BoardError` in one line unless ``size`` (a cube's width in
    pixels, called ``size_name``: ``cell_size`` to :meth:`~boggle.model.board.Board.svg`) is a
    whole number from 1 to :data:`MAX_CELL_SIZE` and every cell of ``path`` (when given) a
    pair of whole numbers on ``board``.

    >>> from boggle import Board
    >>> check_picture(Board.parse("ab cd"), [(0, 0), (1, 1)], 48)
    >>> check_picture(Board.parse("ab cd"), None, 10**6, "cell_size")
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoardError: cell_size must be from 1 to 1,024, got 1,000,000
    """
    whole_number(size_name, size, at_least=1, at_most=MAX_CELL_SIZE, error=BoardError)
    if path is None:
        return
    if isinstance(path, str | bytes) or not isinstance(path, Sequence):
        raise BoardError(f"path must be a sequence of (row, col) cells, got {path!r:.60}")
    for step, cell in enumerate(path, start=1):
        if (
            not isinstance(cell, Sequence)
            or isinstance(cell, str | bytes)
            or len(cell) != 2
            or any(isinstance(n, bool) or not isinstance(n, int) for n in cell)
        ):
            raise BoardError(
                f"path cell {step} must be a (row, col) of whole numbers, got {cell!r:.60}",
                setting="path",
            )
        row, col = cell
        if not (0 <= row < board.rows and 0 <= col < board.cols):
            raise BoardError(
                f"path cell {step} {(row, col)} is off the {board.rows}x{board.cols} board",
                setting="path",
            )


def svg(
    board: Board,
    *,
    path: Sequence[Cell] | None = None,
    size: int = 48,
    colors: Mapping[str, str] | None = None,
) -> str:
    """An SVG picture of ``board``, cubes ``size`` pixels wide, with ``path`` drawn
    over it when given; ``colors`` overrides some of :data:`COLORS`.

    ``size`` is a whole number from 1 to :data:`MAX_CELL_SIZE` and every cell of ``path`` a
    ``(row, col)`` of whole numbers on the board; else a
    :class:`~boggle.model.errors.BoardError` in one line naming the value.

    >>> from boggle import Board
    >>> svg(Board.parse("ab cd"), size=48.5)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoardError: size must be a whole number, got 48.5
    >>> svg(Board.parse("ab cd"), path=[(0, 0), (2, 1)])
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoardError: path cell 2 (2, 1) is off the 2x2 board
    """
    import html  # only pictures need it: not loaded on every start

    check_picture(board, path, size)
    color = {**COLORS, **(colors or {})}
    width, height = board.cols * size, board.rows * size
    pad = size // 12
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="{color["background"]}"/>',
    ]
    used = set(path or ())
    cube = size - 2 * pad
    for index, face in enumerate(board.faces):
        r, c = divmod(index, board.cols)
        x, y = c * size + pad, r * size + pad
        fill = color["cube on path"] if (r, c) in used else color["cube"]
        font = size * (0.5 if len(face) == 1 else 0.38)
        parts.append(
            f'<rect x="{x}" y="{y}" width="{cube}" height="{cube}" rx="{pad}" fill="{fill}"/>'
            f'<text x="{x + cube / 2}" y="{y + cube / 2}" font-size="{font:.1f}" '
            f'text-anchor="middle" dominant-baseline="central" fill="{color["letter"]}">'
            f"{html.escape(face_label(face))}</text>"
        )
    if path:
        centres = [(c * size + size / 2, r * size + size / 2) for r, c in path]
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in centres)
        stroke = max(2, size // 10)
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{color["path"]}" '
            f'stroke-opacity="0.75" stroke-width="{stroke}" stroke-linecap="round" '
            f'stroke-linejoin="round"/>'
        )
        x0, y0 = centres[0]
        parts.append(
            f'<circle cx="{x0:.1f}" cy="{y0:.1f}" r="{stroke * 1.2:.1f}" fill="{color["path"]}"/>'
        )
    parts.append("</svg>")
    return "".join(parts)
