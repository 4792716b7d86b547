"""A board's compact text has one writer (compact_text, behind str(board) and the searches'
board names) and one reader (Board.parse, with parse_faces for a row): they round-trip."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import MULTI_LETTER_FACES, Board, BoggleError
from boggle.dice.bulk import BoardSource, board_lines
from boggle.dice.cubes import DICE_SETS
from boggle.model.board import compact_text, format_face, parse_faces
from boggle.search.faces import board_text
from tests.strategies import boards

SOURCE = Path(__file__).resolve().parents[2] / "src" / "boggle"
ALL_FACES = sorted(MULTI_LETTER_FACES | set("abcdefghijklmnoprstuvwxyzáñ"))
SEPARATORS = st.sampled_from([" ", "/", ",", "\n", " / ", "\t"])


@given(boards(max_side=7, alphabet="abcdeq"))
def test_str_and_one_word_text_read_back_as_the_board(board: Board) -> None:
    spaced = str(board)
    one_word = compact_text(board.faces, board.rows, board.cols, one_word=True)
    assert Board.parse(spaced) == board
    assert Board.parse(one_word) == board
    assert " " not in one_word
    assert board_text(board.faces, board.rows, board.cols) == one_word
    assert str(Board.parse(one_word)) == spaced


@given(boards(max_side=6), SEPARATORS, st.booleans())
def test_any_separator_and_case_read_the_same_board(
    board: Board, separator: str, upper: bool
) -> None:
    rows = str(board).removesuffix("/").split(" ")
    text = separator.join(rows) + ("/" if board.rows == 1 and board.cols > 1 else "")
    assert Board.parse(text.upper() if upper else text) == board


@given(st.lists(st.sampled_from(ALL_FACES), min_size=1, max_size=12))
def test_a_row_of_faces_reads_back(faces: list[str]) -> None:
    text = "".join(format_face(face) for face in faces)
    assert parse_faces(text) == faces
    assert parse_faces(text.upper()) == faces


def _fullwidth(text: str) -> str:
    """``text`` as an East Asian keyboard's fullwidth mode types it (U+FF01 to U+FF5E for
    the printable ASCII, U+3000 for a space)."""
    return "".join(
        "\u3000" if char == " " else chr(ord(char) + 0xFEE0) if "!" <= char <= "~" else char
        for char in text
    )


@given(boards(max_side=6), SEPARATORS, st.booleans())
def test_a_board_typed_in_fullwidth_letters_is_the_board(
    board: Board, separator: str, upper: bool
) -> None:
    """``\\uff26\\uff38\\uff29\\uff25`` (FXIE in fullwidth letters) was a board of those
    letters themselves, which no word list has (0 words; the web page's solver said so in a
    warning), while typed words were read in NFKC. Letters, brackets, slashes, commas and
    spaces are read as the ASCII they show; a search's ``letters`` too."""
    rows = str(board).removesuffix("/").split(" ")
    text = separator.join(rows) + ("/" if board.rows == 1 and board.cols > 1 else "")
    typed = _fullwidth(text.upper() if upper else text)
    assert Board.parse(typed) == board


def test_a_character_nfkc_reads_as_several_or_as_no_letter_stays_as_typed() -> None:
    with pytest.raises(BoggleError, match="board has '\xb2', which is not a letter"):
        Board.parse("a\xb2cd")
    assert Board.parse("\ufb01b/cd").faces == ("\ufb01", "b", "c", "d")
    assert Board.parse("\uff3b\uff54\uff48\uff3d\uff41\uff42\uff43").faces == ("th", "a", "b", "c")


def test_q_and_bracketed_qu_are_the_same_face() -> None:
    assert parse_faces("q[qu][Q]") == ["qu", "qu", "qu"]
    assert format_face("qu") == "q"


def test_the_dice_sets_are_read_by_the_board_reader() -> None:
    assert all(
        face in MULTI_LETTER_FACES or len(face) == 1
        for d in DICE_SETS.values()
        for cube in d.cubes
        for face in cube
    )
    assert ("a", "b", "j", "m", "o", "qu") in DICE_SETS["classic"].cubes


def _bracket_writers() -> list[str]:
    """Where the library writes a face in brackets: an f-string ``"[{face}]"``."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr) and len(node.values) == 3:
                before, middle, after = node.values
                if (
                    isinstance(before, ast.Constant)
                    and before.value == "["
                    and isinstance(middle, ast.FormattedValue)
                    and "face" in ast.unparse(middle.value)
                    and isinstance(after, ast.Constant)
                    and after.value == "]"
                ):
                    found.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    return found


def test_nothing_else_in_the_library_writes_a_face_in_brackets() -> None:
    writers = _bracket_writers()
    assert len(writers) == 1 and writers[0].startswith("model/board.py"), writers


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["new", "big", "superbig", "uniform"]),
    st.integers(0, 2**32 - 1),
    st.integers(0, 50),
)
def test_rolled_lines_are_the_writers_text(name: str, seed: int, first: int) -> None:
    # board_lines writes plain-letter boards with numpy, for speed: the same text.
    source = BoardSource.named(name)
    for line in board_lines(source, seed, first, 3):
        board = Board.parse(line)
        assert compact_text(board.faces, board.rows, board.cols, one_word=True) == line


def test_rolled_lines_of_other_shapes_are_the_writers_text() -> None:
    for rows, cols in [(1, 5), (5, 1), (3, 4), (6, 6)]:
        source = BoardSource.named("uniform", rows, cols)
        for line in board_lines(source, 7, 0, 20):
            board = Board.parse(line)
            assert (board.rows, board.cols) == (rows, cols)
            assert compact_text(board.faces, rows, cols, one_word=True) == line


def test_a_search_takes_fullwidth_letters_as_the_letters() -> None:
    from boggle import Lexicon
    from boggle.search.job import letter_alphabet

    lexicon = Lexicon.from_words(["tea", "eat", "sat"])
    assert letter_alphabet(lexicon, _fullwidth("TEA")) == ("a", "e", "t")
