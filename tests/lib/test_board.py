from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boggle import MAX_SIDE, Board, BoardError

FACES = st.sampled_from([*list("abcdefghijklmnoprstuvwxyz"), "qu", "th", "in", "er", "he", "an"])


@st.composite
def boards(draw: st.DrawFn, max_side: int = 6) -> Board:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    faces = draw(st.lists(FACES, min_size=rows * cols, max_size=rows * cols))
    return Board(tuple(faces), rows, cols)


def test_parse_forms_agree() -> None:
    spaced = Board.parse("fxie amlo ewbx astu")
    assert Board.parse("fxieamloewbxastu") == spaced
    assert Board.parse("FXIE/AMLO/EWBX/ASTU") == spaced
    assert Board.parse("  fxie\namlo\r\newbx, astu ") == spaced
    assert (spaced.rows, spaced.cols) == (4, 4)
    assert spaced.faces[:4] == ("f", "x", "i", "e")


def test_q_is_qu_and_brackets() -> None:
    board = Board.parse("q[Qu] [th][IN]")
    assert board.faces == ("qu", "qu", "th", "in")
    assert str(board) == "qq [th][in]"
    assert board.grid_text().splitlines()[0] == "Qu Qu"


def test_rectangle_and_single_cell() -> None:
    board = Board.parse("abc def")
    assert (board.rows, board.cols) == (2, 3)
    assert board.neighbours(0) == (1, 3, 4)
    assert board.neighbours(4) == (0, 1, 2, 3, 5)
    one = Board.parse("a")
    assert (one.rows, one.cols, one.neighbours(0)) == (1, 1, ())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("abc de", "unequal"),
        ("ab1c", "not a letter"),
        ("ab-c", "not a letter"),
        ("[xyz]bcd", "unknown multi-letter face"),
        ("[]bcd", "empty brackets"),
        ("[ab", "unbalanced"),
        ("abcde", "square"),
    ],
)
def test_bad_boards(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        Board.parse(text)


def test_size_limit() -> None:
    Board.parse(" ".join(["a" * 100] * 100))  # 100x100 is fine
    with pytest.raises(BoardError, match="too large"):
        Board.parse(" ".join(["a" * (MAX_SIDE + 1)] * 2))
    with pytest.raises(BoardError, match="too large"):
        Board.parse("a" * (600 * 600))


def test_is_path_and_spell() -> None:
    board = Board.parse("fxie amlo ewbx astu")
    assert board.is_path([(0, 0), (1, 0), (1, 1), (2, 0)])
    assert board.spell([(0, 0), (1, 0), (1, 1), (2, 0)]) == "fame"
    assert not board.is_path([(0, 0), (0, 2)])  # not adjacent
    assert not board.is_path([(0, 0), (0, 1), (0, 0)])  # reused
    assert not board.is_path([(3, 3), (4, 4)])  # off the board
    assert not board.is_path([])


def test_svg_draws_path() -> None:
    board = Board.parse("qat eno dis")
    plain = board._repr_svg_()
    assert plain.startswith("<svg") and plain.count("<text") == 9 and "polyline" not in plain
    drawn = board.svg(path=[(0, 0), (1, 1), (0, 1)])
    assert "polyline" in drawn and ">Qu<" in drawn


@given(boards())
def test_compact_form_round_trips(board: Board) -> None:
    assert Board.parse(str(board)) == board


@given(boards())
def test_neighbours_are_king_moves(board: Board) -> None:
    for index in range(board.size):
        r, c = board.cell(index)
        expected = {
            board.index(r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0) and 0 <= r + dr < board.rows and 0 <= c + dc < board.cols
        }
        assert set(board.neighbours(index)) == expected


def test_with_face_makes_a_neighbouring_board_and_leaves_the_board_alone() -> None:
    """Research 33: a board one face away (a search's neighbour) took rebuilding the faces
    tuple by hand, where ``q`` was refused ("the Q cube is the face 'qu'")."""
    board = Board.parse("ab cd")
    assert board.with_face(1, 0, "Q") == Board.parse("ab qd")
    assert board.with_face(0, 1, "TH").faces == ("a", "th", "c", "d")
    assert board == Board.parse("ab cd")
    neighbours = {board.with_face(r, c, x) for r in range(2) for c in range(2) for x in "abcd"}
    assert len(neighbours) == 1 + 4 * 3  # the board itself, and three others a cell
    with pytest.raises(BoardError, match=r"cell \(2, 0\) is not on this 2x2 board"):
        board.with_face(2, 0, "a")
    with pytest.raises(BoardError, match="a face is text like 'a' or 'qu', not int"):
        board.with_face(0, 0, 5)  # type: ignore[arg-type]


class _NoBracketReader:
    def finditer(self, text: str) -> object:
        raise AssertionError(f"the bracket reader read {text!r}")


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzQXZ", min_size=1, max_size=30))
def test_plain_letters_are_read_without_the_bracket_reader(text: str) -> None:
    """Research 33: ``Board.parse`` of a bulk board's line (``board_lines``, a study's
    ``solve`` in a loop) took 34 us, half of it reading each letter through the regular
    expression for brackets; plain ASCII letters now skip it (7 us), with the same faces."""
    import boggle.model.board as board_module

    expected = ["qu" if letter.lower() == "q" else letter.lower() for letter in text]
    reader = board_module._BRACKETED
    board_module._BRACKETED = _NoBracketReader()  # type: ignore[assignment]
    try:
        assert board_module.parse_faces(text) == expected
    finally:
        board_module._BRACKETED = reader
    assert board_module.parse_faces(f"[th]{text}") == ["th", *expected]
