from __future__ import annotations

from boggle import Board, load_lexicon, solve
from boggle.model.render import COLORS, board_text, faces, path_picture, path_text, svg


def test_one_text_picture_of_a_board_everywhere() -> None:
    board = Board.parse("q[th]e aix")
    assert board.grid_text() == board_text(board) == "Qu Th E\nA  I  X"
    framed = board_text(board, frame=True).splitlines()
    assert framed[0] == framed[-1] == "+----------+" and framed[1] == "| Qu Th E  |"
    assert faces(board) == [["qu", "th", "e"], ["a", "i", "x"]]


def test_paths_are_written_one_way() -> None:
    solution = solve("fxie amlo ewbx astu", load_lexicon(None))
    fame = solution.by_word["fame"].path
    assert f"FAME: {path_text(fame)}" in solution.text()
    assert path_text(fame) == "[(0,0),(1,0),(1,1),(2,0)]"
    assert path_picture(Board.parse("ab cd"), [(1, 1), (0, 0)]).split() == ["2", ".", ".", "1"]


def test_svg_colours_are_overridable_and_the_board_delegates() -> None:
    board = Board.parse("ab cd")
    assert board.svg() == board._repr_svg_() == svg(board)
    assert COLORS["background"] in svg(board)
    custom = svg(board, path=[(0, 0), (1, 1)], colors={"background": "#000", "path": "green"})
    assert 'fill="#000"' in custom and 'stroke="green"' in custom
    assert COLORS["background"] not in custom
    assert 'width="60"' in svg(board, size=30)
