"""Boards as search sees them: a tuple of faces on a ``rows`` x ``cols`` grid.

A search board is the tuple of its faces, row by row (``"qu"`` for the Qu
cube).  Two boards that are rotations or mirror images of each other score
the same, so search keeps one of them: the *canonical* form, the smallest
face tuple among the grid's symmetries (8 for a square, 4 for a rectangle).

>>> canonical(("b", "a", "d", "c"), 2, 2)
('a', 'b', 'c', 'd')
>>> len(symmetries(3, 4)), len(symmetries(4, 4))
(4, 8)
>>> board_text(("p", "qu", "a", "t"), 2, 2)
'pqat'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import cast

from boggle.model import grid

Faces = tuple[str, ...]
"""A board's faces, row by row."""

Edit = tuple[int, int, str]
"""A one-edit move: ``(cell, -1, face)`` puts ``face`` in ``cell``; ``(i, j, "")`` swaps cells."""


@lru_cache(maxsize=64)
def symmetries(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The grid's symmetries as permutations, sorted (:func:`boggle.model.grid.symmetries`)."""
    return tuple(sorted(set(grid.symmetries(rows, cols))))


@lru_cache(maxsize=64)
def _image_getters(rows: int, cols: int) -> tuple[Callable[[Sequence[str]], Faces], ...]:
    if rows * cols == 1:
        return (tuple,)
    return tuple(
        cast(Callable[[Sequence[str]], Faces], itemgetter(*p)) for p in symmetries(rows, cols)
    )


def canonical(faces: Sequence[str], rows: int, cols: int) -> Faces:
    """The smallest of the board's symmetric images: one name per symmetry class."""
    return min(image(faces) for image in _image_getters(rows, cols))


def board_text(faces: Sequence[str], rows: int, cols: int) -> str:
    """The compact text of a board: one run of letters, ``q`` for Qu, ``[th]`` for others.

    A one-row board ends with ``/`` and a non-square board has its rows
    separated by ``/``, so :meth:`boggle.Board.parse` reads it back.
    """
    shown = ["q" if f == "qu" else f if len(f) == 1 else f"[{f}]" for f in faces]
    if rows == cols:
        return "".join(shown)
    return "/".join("".join(shown[r * cols : (r + 1) * cols]) for r in range(rows)) + (
        "/" if rows == 1 else ""
    )


def neighbour_edits(faces: Sequence[str], alphabet: Sequence[str]) -> list[Edit]:
    """Every one-edit move, in the order the compiled scorer scores them.

    First each cell given each other face of ``alphabet``, then each swap of
    two cells whose faces differ.

    >>> neighbour_edits(("a", "b"), ("a", "b"))
    [(0, -1, 'b'), (1, -1, 'a'), (0, 1, '')]
    """
    edits: list[Edit] = [
        (cell, -1, face) for cell, own in enumerate(faces) for face in alphabet if face != own
    ]
    n = len(faces)
    edits += [(i, j, "") for i in range(n) for j in range(i + 1, n) if faces[i] != faces[j]]
    return edits


def apply_edit(faces: Faces, edit: Edit) -> Faces:
    """The board after one edit.

    >>> apply_edit(("a", "b", "c"), (0, 2, ""))
    ('c', 'b', 'a')
    """
    i, j, face = edit
    board = list(faces)
    if j < 0:
        board[i] = face
    else:
        board[i], board[j] = board[j], board[i]
    return tuple(board)


def split_order(
    rows: int, cols: int, letter_counts: Sequence[int] | None = None
) -> tuple[int, ...]:
    """Cells from most neighbours to fewest (centre, then edges, then corners).

    With ``letter_counts`` (how many letters each cell of a class may hold),
    cells with as many neighbours come fewest letters first: fewer branches
    where forcing a cell merges the largest trees.

    >>> split_order(3, 3)
    (4, 1, 3, 5, 7, 0, 2, 6, 8)
    >>> split_order(3, 3, [26, 12, 26, 6, 8, 8, 26, 6, 26])
    (4, 3, 7, 5, 1, 0, 2, 6, 8)
    """

    def degree(cell: int) -> int:
        r, c = divmod(cell, cols)
        return sum(
            1
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
        )

    counts = letter_counts or [0] * (rows * cols)
    return tuple(sorted(range(rows * cols), key=lambda cell: (-degree(cell), counts[cell], cell)))
