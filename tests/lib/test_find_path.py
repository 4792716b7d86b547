"""find_path is bounded: hostile words are settled at once or refused, never a hang (issue 13)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boggle import Board, BoggleError, Lexicon
from boggle.game import PathSearchError, Status, check_word, find_path
from boggle.model.rules import CLASSIC

ALL_A_4 = Board.parse("aaaa aaaa aaaa aaaa")
ALL_A_20 = Board(("a",) * 400, 20, 20)


def test_a_letter_the_board_lacks_is_settled_in_a_few_steps() -> None:
    # Both once took seconds to hours of backtracking; a tiny budget proves no search is made.
    assert find_path(ALL_A_4, "a" * 15 + "b", budget=10) is None
    assert find_path(ALL_A_20, "a" * 63 + "b", budget=10) is None
    assert find_path(ALL_A_4, "a" * 17, budget=10) is None  # more a's than cubes


def test_cells_that_cannot_finish_the_word_are_never_tried() -> None:
    faces = ["a"] * 400
    faces[0], faces[399] = "b", "c"  # opposite corners, 19 steps apart
    board = Board(tuple(faces), 20, 20)
    assert find_path(board, "b" + "a" * 5 + "c", budget=50_000) is None
    word = "a" * 63 + "b"
    path = find_path(board, word)
    assert path is not None and board.is_path(path) and board.spell(path) == word


def test_over_the_budget_it_raises_and_a_check_still_gets_a_verdict() -> None:
    faces = ["a"] * 16
    faces[15] = "b"
    board = Board(tuple(faces), 4, 4)
    word = "a" * 15 + "b"
    with pytest.raises(PathSearchError, match="gave up"):
        find_path(board, word, budget=20)
    assert find_path(board, word) is not None


def test_check_word_on_a_hostile_word_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    lexicon = Lexicon.from_words(["aab"])
    assert check_word("a" * 63 + "b", ALL_A_20, lexicon, CLASSIC).status is Status.NOT_ON_BOARD
    monkeypatch.setattr("boggle.game.words.PATH_STEP_BUDGET", 5)
    faces = ["a"] * 16
    faces[15] = "b"
    board = Board(tuple(faces), 4, 4)
    check = check_word("a" * 15 + "b", board, lexicon, CLASSIC)
    assert check.status is Status.NOT_A_WORD and "gave up" in check.message


@given(
    budget=st.one_of(
        st.booleans(), st.just(2.0), st.floats(), st.text(max_size=2), st.integers(max_value=0)
    )
)
def test_the_budget_is_a_whole_number_of_at_least_one(budget: object) -> None:
    """True was a budget of 1 step and 2.0 one of 2.0 steps (gave up "after 2.0 steps"):
    a bad budget is a plain BoggleError naming it, not a search that gave up."""
    board = Board.parse("fxie amlo ewbx astu")
    with pytest.raises(BoggleError) as refused:
        find_path(board, "fame", budget=budget)  # type: ignore[arg-type]
    assert not isinstance(refused.value, PathSearchError)
    assert refused.value.setting == "budget" and str(refused.value).startswith("budget must be")
    shown = f"{budget:,}" if type(budget) is int else repr(budget)
    assert str(refused.value).endswith(f", got {shown}")


@given(budget=st.integers(1, 10**6))
def test_a_whole_budget_still_finds_paths(budget: int) -> None:
    board = Board.parse("fxie amlo ewbx astu")
    try:
        found = find_path(board, "fame", budget=budget)
    except PathSearchError:
        assert budget < 100  # a budget of a few steps may run out; "fame" takes fewer
    else:
        assert found == ((0, 0), (1, 0), (1, 1), (2, 0))
