"""The public reference figures of mission.md, with ENABLE2K from ../shared/data.

Every engine must give them.  An engine with a maximum word length
(``letterhash``) must give exactly the reference words up to that length, and
must not find the longer ones: its documented limit is asserted, not skipped.
"""

from __future__ import annotations

import pytest

from boggle import CLASSIC, Board, Lexicon, engine_names, solve
from boggle.engines import get_engine


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
    limit = get_engine(engine).max_length
    if limit is None:
        assert solution.count == count
        if score is not None:
            assert solution.score == score
        return
    reference = solve(board, enable, CLASSIC, engine="trie")
    assert reference.count == count
    expected = [item for item in reference if len(item.word) <= limit]
    assert [item.word for item in solution] == [item.word for item in expected]
    assert solution.score == sum(item.points for item in expected)


@pytest.mark.parametrize("engine", engine_names())
def test_intercontinental_fills_the_board(enable: Lexicon, engine: str) -> None:
    board = Board.parse("tine nint ocna retl")
    solution = solve(board, enable, CLASSIC, engine=engine)
    limit = get_engine(engine).max_length
    if limit is not None and limit < len("intercontinental"):
        # Documented behaviour: words longer than the limit are not searched for.
        reference = solve(board, enable, CLASSIC, engine="trie")
        longer = {item.word for item in reference if len(item.word) > limit}
        assert {"intercontinental", "continental", "continent"} <= longer
        assert not longer & {item.word for item in solution}
        assert [item.word for item in solution] == [
            item.word for item in reference if len(item.word) <= limit
        ]
        return
    found = solution.by_word["intercontinental"]
    assert len(found.path) == 16 and board.is_path(found.path)
    assert board.spell(found.path) == "intercontinental"
    assert found.points == 11
