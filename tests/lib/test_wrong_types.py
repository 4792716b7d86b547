"""A value of the wrong type given to the main library functions is one line naming what
was expected (a ``BoggleError``), never a Python error from deep inside (newcomer 29)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from boggle import Board, BoggleError, Lexicon, judge_round, solve

WORDS = Lexicon.from_words(["fame", "mile", "tea", "eat"])
BOARD = Board.parse("fxie amlo ewbx astu")


def _refused(call: Callable[[], object], says: str) -> BoggleError:
    with pytest.raises(BoggleError) as refused:
        call()
    message = str(refused.value)
    assert says in message and "\n" not in message, message
    return refused.value


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: Board.parse(3), "a board is text like 'fxie amlo ewbx astu', not int"),
        (lambda: Board.parse(None), "a board is text like 'fxie amlo ewbx astu', not NoneType"),
        (lambda: Board.parse(b"abcd"), "a board is text like 'fxie amlo ewbx astu', not bytes"),
        (lambda: solve(3, WORDS), "solve takes the board as a Board or its text"),
        (lambda: solve(None, WORDS), "solve takes the board as a Board or its text"),
        (lambda: judge_round(3, {"ann": ["fame"]}, WORDS), "judge_round takes the board as"),
        (lambda: Board("abcd", 2, 2), "a board's faces are a tuple of faces"),
    ],
)
def test_a_board_of_the_wrong_type(call: Callable[[], object], says: str) -> None:
    """``Board.parse(3)`` was "object of type 'int' has no len()", ``solve(None, ...)``
    "'NoneType' object has no attribute 'faces'"; ``Board("abcd", 2, 2)`` made a board whose
    faces were a text, unequal to the board ``Board.parse("ab cd")``."""
    _refused(call, says)


def test_a_boards_faces_given_as_a_list_are_its_tuple() -> None:
    """``Board(["a", "b", "c", "d"], 2, 2)`` kept the list: the board could not be hashed."""
    board: Any = Board(["a", "b", "c", "d"], 2, 2)  # type: ignore[arg-type]
    assert board == Board.parse("ab cd") and hash(board) == hash(Board.parse("ab cd"))
