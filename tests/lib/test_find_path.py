"""find_path is bounded: hostile words are settled at once or refused, never a hang (issue 13)."""

from __future__ import annotations

import pytest

from boggle import Board, Lexicon
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
