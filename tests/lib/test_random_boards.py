"""Random boards in bulk: board i depends only on (seed, i); dice boards use every cube once."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board
from boggle.dice.bulk import MAX_SEED, BoardSource, board_at, board_lines
from boggle.dice.cubes import DICE_SETS
from boggle.model.errors import DiceError

pytest.importorskip("numpy", reason="bulk random boards need NumPy: pip install '.[numpy]'")

SOURCES = [
    *(BoardSource.named(name) for name in sorted(DICE_SETS)),
    BoardSource.named("uniform", 4, 4),
    BoardSource.named("uniform", 3, 5),
    BoardSource.named("uniform", 1, 6),
    BoardSource.named("uniform", 6, 1),
    BoardSource.named("uniform", 1, 1),
]


@settings(max_examples=60, deadline=None)
@given(
    source=st.sampled_from(SOURCES),
    seed=st.integers(0, MAX_SEED),
    first=st.integers(0, 2**40),
    count=st.integers(1, 40),
    cut=st.integers(0, 40),
)
def test_any_cut_gives_the_same_boards(
    source: BoardSource, seed: int, first: int, count: int, cut: int
) -> None:
    cut = min(cut, count)
    whole = board_lines(source, seed, first, count)
    parts = board_lines(source, seed, first, cut) + board_lines(
        source, seed, first + cut, count - cut
    )
    assert parts == whole and len(whole) == count
    index = first + count - 1
    assert Board.parse(whole[-1]) == board_at(source, seed, index)


def _uses_every_cube_once(board: Board, cubes: tuple[tuple[str, ...], ...]) -> bool:
    """A perfect matching of cells to cubes that show the cell's face (augmenting paths)."""
    cube_of_cell: dict[int, int] = {}

    def place(cell: int, seen: set[int]) -> bool:
        for cube, faces in enumerate(cubes):
            if board.faces[cell] in faces and cube not in seen:
                seen.add(cube)
                owner = next((c for c, k in cube_of_cell.items() if k == cube), None)
                if owner is None or place(owner, seen):
                    cube_of_cell[cell] = cube
                    return True
        return False

    return all(place(cell, set()) for cell in range(len(board.faces)))


@pytest.mark.parametrize("name", sorted(DICE_SETS))
def test_dice_boards_show_one_face_of_each_cube(name: str) -> None:
    source = BoardSource.named(name)
    cubes = DICE_SETS[name].cubes
    for line in board_lines(source, 5, 1000, 30):
        board = Board.parse(line)
        assert (board.rows, board.cols) == (source.rows, source.cols)
        assert _uses_every_cube_once(board, cubes), line


def test_every_cube_lands_in_every_cell_and_shows_every_face() -> None:
    source = BoardSource.named("new")
    boards = [Board.parse(line) for line in board_lines(source, 2, 0, 4000)]
    corner_letters = {board.faces[0] for board in boards}
    assert corner_letters == DICE_SETS["new"].faces
    uniform = board_lines(BoardSource.named("uniform", 2, 3), 2, 0, 2000)
    assert set("".join(uniform)) == set("abcdefghijklmnopqrstuvwxyz/")


def test_seeds_give_different_runs() -> None:
    source = BoardSource.named("new")
    assert board_lines(source, 1, 0, 50) != board_lines(source, 2, 0, 50)
    assert len(set(board_lines(source, 1, 0, 1000))) == 1000


def test_bad_requests_are_one_clear_error() -> None:
    with pytest.raises(DiceError, match="a seed is a whole number from 0 to"):
        board_lines(BoardSource.named("new"), -1, 0, 1)
    with pytest.raises(DiceError, match="a seed is a whole number from 0 to"):
        board_lines(BoardSource.named("new"), MAX_SEED + 1, 0, 1)
    with pytest.raises(DiceError, match="4x4 tray only"):
        BoardSource.named("new", 5, 5)
    with pytest.raises(DiceError, match="needs at least one row and one column, got 0x3"):
        BoardSource.named("uniform", 0, 3)


BULK_COUNTS = [
    ("rows", lambda value: BoardSource.named("uniform", value, 3)),
    ("cols", lambda value: BoardSource.named("uniform", 3, value)),
    ("rows", lambda value: BoardSource.named("new", value, 4)),
    ("seed", lambda value: board_at(BoardSource.named("new"), value, 0)),
    ("index", lambda value: board_at(BoardSource.named("new"), 1, value)),
    ("seed", lambda value: board_lines(BoardSource.named("new"), value, 0, 2)),
    ("first", lambda value: board_lines(BoardSource.named("new"), 1, value, 2)),
    ("count", lambda value: board_lines(BoardSource.named("new"), 1, 0, value)),
]


@pytest.mark.parametrize(
    "name, make", BULK_COUNTS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(BULK_COUNTS)]
)
@given(value=st.one_of(st.booleans(), st.just(4.0), st.floats(), st.text(max_size=2)))
def test_bulk_sizes_seeds_and_numbers_are_whole_numbers(
    name: str, make: Any, value: object
) -> None:
    """``named("new", 4.0, 4)`` was taken as 4x4, a float seed or index reached NumPy (a
    TypeError, or a board of seed 1.0); each is refused by name, in one line."""
    with pytest.raises(DiceError) as refused:
        make(value)
    assert refused.value.setting == name
    assert str(refused.value) == f"{name} must be a whole number, got {value!r}"
