"""Dice sets and rolling: sizes, reproducibility, faces that come from their cubes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board, BoggleError, rules_for_board
from boggle.dice.cubes import (
    DICE_SETS,
    GENERATORS,
    DiceSet,
    dice_set,
    roll,
    roll_board,
    uniform_board,
)

# The published cube lists, written independently of the tables in dice.py.
PUBLISHED = {
    "classic": "AACIOT ABILTY ABJMOQ ACDEMP ACELRS ADENVZ AHMORS BIFORX "
    "DENOSW DKNOTU EEFHIY EGINTV EGKLUY EHINPS ELPSTU GILRUW",
    "new": "AAEEGN ABBJOO ACHOPS AFFKPS AOOTTW CIMOTU DEILRX DELRVY "
    "DISTTY EEGHNW EEINSU EHRTVW EIOSST ELRTTY HIMNQU HLNNRZ",
    "big": "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQXZ CCENST "
    "CEIILT CEILPT CEIPST DDHNOT DHHLOR DHLNOR DHLNOR EIIITT EMOTTT ENSSSU "
    "FIPRSY GORRVW IPRRRY NOOTUW OOOTTU",
}


def published_cubes(name: str) -> list[tuple[str, ...]]:
    """Each cube as its sorted faces; Q is the Qu face."""
    return sorted(
        tuple(sorted("qu" if ch == "q" else ch for ch in cube.lower()))
        for cube in PUBLISHED[name].split()
    )


@pytest.mark.parametrize(
    ("name", "rows", "cols"), [("classic", 4, 4), ("new", 4, 4), ("big", 5, 5), ("superbig", 6, 6)]
)
def test_each_set_has_one_six_faced_cube_per_cell(name: str, rows: int, cols: int) -> None:
    dice = DICE_SETS[name]
    assert (dice.rows, dice.cols) == (rows, cols)
    assert len(dice.cubes) == rows * cols
    assert all(len(cube) == 6 for cube in dice.cubes)
    assert dice.source  # every set cites where its letters come from


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_sets_match_the_published_letters(name: str) -> None:
    assert sorted(tuple(sorted(cube)) for cube in DICE_SETS[name].cubes) == published_cubes(name)


def test_superbig_has_the_multi_letter_cube_and_no_blank() -> None:
    dice = DICE_SETS["superbig"]
    assert ("an", "er", "he", "in", "qu", "th") in dice.cubes
    assert sum(cube.count("qu") for cube in dice.cubes) == 2
    assert all(face.isalpha() for face in dice.faces)
    letters = sorted(face for cube in dice.cubes for face in cube if len(face) == 1)
    assert letters.count("e") > letters.count("z")
    assert "blank" in dice.notes


def test_a_set_with_the_wrong_number_of_cubes_is_refused() -> None:
    with pytest.raises(BoggleError, match="cubes"):
        DiceSet("tiny", 2, 2, (("a",) * 6,) * 3, source="test")


def matches_cubes(board: Board, dice: DiceSet) -> bool:
    """True if each cell can be given its own cube that carries the cell's face."""
    owner: dict[int, int] = {}  # cube index -> cell index

    def assign(cell: int, seen: set[int]) -> bool:
        for cube_index, cube in enumerate(dice.cubes):
            if board.faces[cell] in cube and cube_index not in seen:
                seen.add(cube_index)
                if cube_index not in owner or assign(owner[cube_index], seen):
                    owner[cube_index] = cell
                    return True
        return False

    return all(assign(cell, set()) for cell in range(board.size))


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(DICE_SETS)), seed=st.integers(0, 2**32))
def test_every_rolled_face_comes_from_its_own_cube(name: str, seed: int) -> None:
    dice = DICE_SETS[name]
    board = roll(name, seed)
    assert (board.rows, board.cols) == (dice.rows, dice.cols)
    assert matches_cubes(board, dice)


def test_matching_rejects_a_board_the_cubes_cannot_make() -> None:
    # Sixteen Zs would need sixteen cubes with a Z; the classic set has one.
    assert not matches_cubes(Board(("z",) * 16, 4, 4), DICE_SETS["classic"])


@given(name=st.sampled_from(GENERATORS), seed=st.integers(0, 2**40))
@settings(max_examples=30, deadline=None)
def test_rolling_with_a_seed_is_reproducible(name: str, seed: int) -> None:
    assert roll_board(name, seed) == roll_board(name, seed)


def test_different_seeds_give_different_boards() -> None:
    boards = {str(roll("new", seed)) for seed in range(50)}
    assert len(boards) > 45


def test_roll_shuffles_cube_positions() -> None:
    # The Qu face of the new set sits on one cube; over many rolls it shows in many cells.
    cells = set()
    for seed in range(3000):
        board = roll("new", seed)
        cells.update(i for i, face in enumerate(board.faces) if face == "qu")
    assert len(cells) == 16


def test_uniform_board_uses_every_letter_and_the_qu_cube() -> None:
    faces = [face for seed in range(60) for face in uniform_board(5, 5, seed).faces]
    assert set(faces) == set("abcdefghijklmnoprstuvwxyz") | {"qu"}


def test_roll_board_dispatches_and_checks_sizes() -> None:
    assert roll_board("big", 1) == roll("big", 1)
    assert roll_board("BIG", 1) == roll(DICE_SETS["big"], 1)
    uniform = roll_board("uniform", 9, rows=3, cols=7)
    assert (uniform.rows, uniform.cols) == (3, 7) and uniform == uniform_board(3, 7, 9)
    assert (roll_board("uniform", 9).rows, roll_board("uniform", 9, rows=6).cols) == (4, 6)
    with pytest.raises(BoggleError, match="5x5 tray"):
        roll_board("big", 1, rows=4)
    with pytest.raises(BoggleError, match="unknown dice set 'huge'"):
        dice_set("huge")
    with pytest.raises(BoggleError, match="at least one row"):
        uniform_board(0, 3)


NOT_WHOLE = st.one_of(
    st.booleans(),
    st.just(2.0),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=2),
)
"""What no size or seed takes: bools, floats (2.0 too), NaN, infinities, text."""

SIZES_AND_SEEDS = [
    ("seed", lambda value: roll("new", seed=value)),
    ("seed", lambda value: roll("uniform", seed=value)),
    ("seed", lambda value: roll_board("big", value)),
    ("seed", lambda value: uniform_board(2, 3, seed=value)),
    ("rows", lambda value: uniform_board(value, 3)),
    ("cols", lambda value: uniform_board(3, value)),
    ("rows", lambda value: roll_board("uniform", 1, rows=value)),
    ("cols", lambda value: roll_board("uniform", 1, rows=2, cols=value)),
    ("rows", lambda value: Board(("a",) * 4, value, 2)),
    ("cols", lambda value: Board(("a",) * 4, 2, value)),
    ("rows", lambda value: rules_for_board(value, 4)),
    ("cols", lambda value: rules_for_board(4, value)),
    ("rows", lambda value: DiceSet("pair", value, 2, (("a",), ("b",)), source="a test")),
    ("cols", lambda value: DiceSet("pair", 1, value, (("a",), ("b",)), source="a test")),
]


@pytest.mark.parametrize(
    "name, make", SIZES_AND_SEEDS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(SIZES_AND_SEEDS)]
)
@given(value=NOT_WHOLE)
def test_sizes_and_seeds_are_whole_numbers(name: str, make: Any, value: object) -> None:
    """True was a board of one row (``rows=True`` kept as it was) and 2.0 a seed of its
    own or a TypeError from inside ``range``; each is refused by name, in one line."""
    with pytest.raises(BoggleError) as refused:
        make(value)
    assert refused.value.setting == name
    assert str(refused.value) == f"{name} must be a whole number, got {value!r}"


@pytest.mark.parametrize(
    "make", [lambda seed: roll("new", seed), lambda seed: roll("uniform", seed)]
)
@given(seed=st.integers(max_value=-1))
def test_a_negative_seed_is_refused(make: Any, seed: int) -> None:
    """``random.Random`` takes -5 as 5: a second name for a seed, which the command line and
    the web API refuse too."""
    with pytest.raises(BoggleError, match=f"^seed must be at least 0, got {seed:,}$") as refused:
        make(seed)
    assert refused.value.setting == "seed"


@given(rows=st.integers(1, 6), cols=st.integers(1, 6), seed=st.integers(0, 2**70))
@settings(max_examples=30, deadline=None)
def test_whole_sizes_and_seeds_still_roll(rows: int, cols: int, seed: int) -> None:
    board = uniform_board(rows, cols, seed=seed)
    assert (board.rows, board.cols) == (rows, cols) and board == uniform_board(rows, cols, seed)
    assert roll("new", seed) == roll("new", seed)
    assert rules_for_board(rows, cols).name == ("big" if rows * cols >= 25 else "classic")
