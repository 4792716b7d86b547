"""A board's compact text has one writer (compact_text, behind str(board) and the searches'
board names) and one reader (Board.parse, with parse_faces for a row): they round-trip."""

from __future__ import annotations

import ast
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import MULTI_LETTER_FACES, Board, BoardError, BoggleError, load_lexicon
from boggle.dice.bulk import BoardSource, board_lines
from boggle.dice.cubes import DICE_SETS
from boggle.model.board import ROW_SEPARATORS_SAID, compact_text, format_face, parse_faces
from boggle.model.letters import board_letters
from boggle.search.faces import board_text
from boggle.wordlists.spelling import PROFILES
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


SEPARATOR_NAMES = {" ": "spaces", "\n": "new lines", "/": "'/'", ",": "','"}


@pytest.mark.parametrize("separator", list(SEPARATOR_NAMES))
def test_the_help_and_refusals_name_every_row_separator_the_reader_takes(separator: str) -> None:
    """`solve --help`, the API's description and a refused board name the separators as
    they are: a separator the reader takes is named, and each one named is read."""
    assert Board.parse(f"ab{separator}cd") == Board.parse("ab cd")
    assert SEPARATOR_NAMES[separator] in ROW_SEPARATORS_SAID
    with pytest.raises(BoardError) as refused:
        Board.parse("abcde")
    assert ROW_SEPARATORS_SAID in str(refused.value)


@given(st.lists(st.sampled_from(ALL_FACES), min_size=1, max_size=12))
def test_a_row_of_faces_reads_back(faces: list[str]) -> None:
    text = "".join(format_face(face) for face in faces)
    assert parse_faces(text) == faces
    assert parse_faces(text.upper()) == faces


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
    typed = fullwidth(text.upper() if upper else text)
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


# Compatibility forms: a board typed on a phone's East Asian keyboard (fullwidth letters)


def fullwidth(text: str) -> str:
    """``text`` as a fullwidth keyboard types it: ``a`` is U+FF41, a space U+3000."""
    return "".join(
        "\u3000" if c == " " else chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text
    )


@given(boards(max_side=6, alphabet="abcdeqz"), st.booleans(), st.data())
def test_fullwidth_letters_separators_and_brackets_read_as_ascii(
    board: Board, upper: bool, data: st.DataObject
) -> None:
    text = str(board).upper() if upper else str(board)
    widened = "".join(
        fullwidth(c) if data.draw(st.booleans(), label=f"widen {c!r}") else c for c in text
    )
    assert Board.parse(widened) == board
    assert Board.parse(fullwidth(text)) == board


def test_fullwidth_text_names_its_cubes() -> None:
    assert Board.parse(fullwidth("fxie amlo ewbx astu")) == Board.parse("fxie amlo ewbx astu")
    assert Board.parse(fullwidth("[th]Q,e[q]")).faces == ("th", "qu", "e", "qu")
    assert Board.parse(fullwidth("e\u0301te\u0301/")) == Board.parse("été/")  # e + accent


LIGATURES = "\ufb01\ufb02\ufb00\ufb03\ufb06\u0133\u0132\u01c6\u01c5\u01c9\u01cc\u01f3\u0149"
"""fi fl ff ffi st, the Dutch ij and IJ, dz with caron, lj nj dz, 'n: one character, several
letters in their compatibility form."""


@pytest.mark.parametrize("ligature", LIGATURES)
def test_a_ligature_is_still_one_cube(ligature: str) -> None:
    """A character that stands for several letters was one cube, and stays one: a board
    that was valid keeps its size and its faces (the Dutch ``ij`` folds to ``[ij]``)."""
    before = unicodedata.normalize("NFC", ligature).lower()
    assert len(unicodedata.normalize("NFKC", ligature)) > 1
    assert Board.parse(f"a{ligature}b/").faces == ("a", before, "b")
    assert Board.parse(f"a{ligature} bc").faces == ("a", before, "b", "c")
    assert Board.parse(f"[{ligature}]x/").faces == (before, "x")


@pytest.mark.parametrize(
    "text",
    [fullwidth("ab2c"), fullwidth("ab c"), fullwidth("[xy]a bc"), "\u216b" + fullwidth("abc")],
)
def test_bad_fullwidth_boards_are_one_board_error(text: str) -> None:
    with pytest.raises(BoardError) as error:
        Board.parse(text)
    assert "\n" not in str(error.value)


def test_the_letters_and_faces_of_every_language_read_as_themselves() -> None:
    """Nothing that was a letter of a bundled list or of a language's faces changes."""
    letters = set(ALL_FACES) | set("".join(MULTI_LETTER_FACES))
    for code in ("en-50", "en-70", "en-80", "es", "nl", "pt", "pl"):
        letters |= load_lexicon(code).alphabet
    for profile in PROFILES.values():
        letters |= set(profile.keep + "".join(a + b for a, b in profile.replace))
        letters |= set("".join(profile.faces))
    for letter in sorted(letters):
        assert board_letters(letter) == letter, letter
        assert board_letters(letter.upper()) == letter.upper(), letter
    for dice in DICE_SETS.values():
        for cube in dice.cubes:
            written = "".join(format_face(face) for face in cube)
            assert board_letters(written) == written


@given(st.text(max_size=40))
def test_text_without_compatibility_forms_reads_as_before(text: str) -> None:
    """Only characters with a one-character compatibility form change: any other text is
    read exactly as the NFC reader read it."""
    composed = unicodedata.normalize("NFC", text)
    compatible = (unicodedata.normalize("NFKC", c) for c in composed)
    if all(len(form) > 1 or form == c for c, form in zip(composed, compatible, strict=True)):
        assert board_letters(text) == composed
    assert board_letters(board_letters(text)) == board_letters(text)


def test_a_search_takes_fullwidth_letters_as_the_letters() -> None:
    from boggle import Lexicon
    from boggle.search.job import letter_alphabet

    lexicon = Lexicon.from_words(["tea", "eat", "sat"])
    assert letter_alphabet(lexicon, fullwidth("TEA")) == ("a", "e", "t")
