"""The public reference figures of mission.md, with ENABLE2K from ../shared/data."""

from __future__ import annotations

import pytest

from boggle import CLASSIC, Board, Lexicon, engine_names, solve


@pytest.mark.parametrize("engine", engine_names())
@pytest.mark.parametrize(
    ("board", "count", "score"),
    [
        ("fxie amlo ewbx astu", 77, 90),
        ("qest ansi xweo yrsn", 126, None),
        ("perslatgsineters", 1045, 3625),
    ],
)
def test_reference_boards(
    enable: Lexicon, engine: str, board: str, count: int, score: int | None
) -> None:
    solution = solve(board, enable, CLASSIC, engine=engine)
    assert solution.count == count
    if score is not None:
        assert solution.score == score


@pytest.mark.parametrize("engine", engine_names())
def test_intercontinental_fills_the_board(enable: Lexicon, engine: str) -> None:
    board = Board.parse("tine nint ocna retl")
    solution = solve(board, enable, CLASSIC, engine=engine)
    found = solution.by_word["intercontinental"]
    assert len(found.path) == 16 and board.is_path(found.path)
    assert board.spell(found.path) == "intercontinental"
    assert found.points == 11
