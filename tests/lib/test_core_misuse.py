"""Bad input to the lexicon and the compiled core: an exception, never a crash (issue 13, 5-7)."""

from __future__ import annotations

from array import array
from collections.abc import Callable

import pytest

from boggle import Board, Lexicon, LexiconError, Rules, solve
from boggle._native import core
from boggle._native.core import ClassBound, Trie
from boggle.cli.main import main
from boggle.engines import engine_names
from boggle.engines.native import score_native
from boggle.scale.threads import score_many
from boggle.search.scorer import Scorer


def test_lexicon_sorts_and_deduplicates_its_words() -> None:
    lexicon = Lexicon(("dog", "cat", "ab", "dog", "cats"), "pets")
    assert lexicon.words == ("ab", "cat", "cats", "dog")
    assert (
        solve("doga tsxx xxxx xxxx", lexicon).score
        == solve("doga tsxx xxxx xxxx", Lexicon.from_words(["dog", "cat", "ab", "cats"])).score
    )


@pytest.mark.parametrize("word", ["", "Dog", "d0g", " dog", "a" * 65])
def test_lexicon_refuses_a_word_that_is_not_normalised(word: str) -> None:
    with pytest.raises(LexiconError, match="not a word a lexicon holds"):
        Lexicon(("ant", word), "bad")


def _trie_args(words: list[bytes]) -> tuple[object, ...]:
    """Constructor arguments of a core Trie over the letters a-z, words given as letter indices."""
    offsets = [0]
    for word in words:
        offsets.append(offsets[-1] + len(word))
    return (
        b"".join(words),
        array("I", offsets).tobytes(),
        26,
        tuple("x" * len(w) for w in words),
        bytes([255] * 256),
        (),
        b"",
        b"",
    )


@pytest.mark.parametrize(
    "words",
    [
        [b"\x01\x02", b"\x00\x03"],  # out of order
        [b"\x00", b""],  # an empty word
        [b"\x00\x1e"],  # a letter outside a 26-letter alphabet
        [b"\x00\x01\x02", b"\x00\x01"],  # a prefix after its word
    ],
)
def test_core_builder_checks_its_input(words: list[bytes]) -> None:
    with pytest.raises(ValueError, match="non-empty, sorted"):
        Trie(*_trie_args(words))


def test_core_builder_accepts_sorted_words_with_duplicates() -> None:
    trie = Trie(*_trie_args([b"\x00\x01", b"\x00\x01", b"\x00\x01\x02"]))
    assert trie.nodes == 4


def test_a_trie_never_built_cannot_solve() -> None:
    bare = Trie.__new__(Trie)
    with pytest.raises(ValueError, match="never built"):
        bare.solve(b"\x00\xff\xff\xff", 1, 1, 1, [0, 1], False)
    with pytest.raises(ValueError, match="never built"):
        bare.score_lines(["a"], 1, 1, 25, [0, 1], 10, 100)
    with pytest.raises(ValueError, match="never built"):
        bare.solution(b"\x00\xff\xff\xff", 1, 1, 1, [0, 1], tuple)


def test_solution_takes_a_tuple_type_and_faces_of_the_board_shape() -> None:
    trie = Trie(*_trie_args([b"\x00\x01"]))
    with pytest.raises(TypeError, match="tuple type"):
        trie.solution(b"\x00\xff\xff\xff", 1, 1, 1, [0, 1], list)
    with pytest.raises(ValueError, match="board shape"):
        trie.solution(b"\x00\xff\xff\xff", 2, 1, 1, [0, 1], tuple)


def test_a_trie_is_built_once() -> None:
    args = _trie_args([b"\x00\x01"])
    trie = Trie(*args)
    with pytest.raises(TypeError, match="built once"):
        trie.__init__(*args)  # type: ignore[misc]
    assert trie.nodes == 3


NEGATIVE = Rules("penalty", 3, ((3, -1), (5, 2)))


@pytest.mark.parametrize("engine", engine_names())
def test_negative_points_on_every_engine(engine: str) -> None:
    lexicon = Lexicon.from_words(["fame", "fax", "mix", "moxie", "amble"])
    board = Board.parse("fxie amlo ewbx astu")
    reference = solve(board, lexicon, NEGATIVE, engine="trie")
    assert reference.score < 0
    assert solve(board, lexicon, NEGATIVE, engine=engine).score == reference.score


def test_negative_points_in_the_scoring_paths() -> None:
    lexicon = Lexicon.from_words(["fame", "fax", "mix"])
    board = Board.parse("fxie amlo ewbx astu")
    expected = solve(board, lexicon, NEGATIVE, engine="trie").score
    assert expected == -3
    assert score_native(board, lexicon, NEGATIVE) == expected
    assert score_many([board, "fxie/amlo/ewbx/astu"], lexicon, NEGATIVE) == [expected, expected]


def test_negative_scores_from_the_search_scorers_are_scores_not_failures() -> None:
    """Issue 32, finding 6: ``score_boards`` took any score below zero for out-of-memory."""
    lexicon = Lexicon.from_words(["fame", "fax", "mix"])
    board = Board.parse("fxie amlo ewbx astu")
    expected = solve(board, lexicon, NEGATIVE, engine="trie").score
    scorer = Scorer(lexicon, NEGATIVE)
    faces = board.faces
    assert scorer.score_many([faces, faces], 4, 4) == [expected, expected]
    assert scorer.score(faces, 4, 4) == expected
    assert min(scorer.score_neighbours(faces, 4, 4, ["a", "x"])) <= expected < 0
    opened = scorer.core.trie.score_open(
        scorer.encode(faces), 4, 4, 0, scorer.encode("xf"), 3, list(scorer.points)
    )
    assert array("q", opened).tolist()[1] == expected


def test_search_with_a_negative_scoring_table_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "--size", "3x3", "--scoring", "3:-1", "--seconds", "0.2"]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--scoring", "3:-1"], "without negative points (3:-1)"),
        (["--scoring", "3:1,5:-2"], "without negative points (3:1,5:-2)"),
        (["--above", "99999999999999999999999"], "--above must be from 0 to"),
        (["--above", str(10**18 + 1)], "--above must be from 0 to"),
    ],
)
def test_prove_refuses_what_its_bounds_cannot_take_in_one_line(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32, finding 6: a negative points table was taken for out-of-memory (and bounds
    that add points along paths are no bound with negative points); a huge threshold was an
    OverflowError."""
    arguments = ["prove", "--size", "2x2", *argv]
    if "--above" not in argv:
        arguments += ["--above", "1"]
    assert main(arguments) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and says in err, err


def _class_bound_args() -> tuple[bytes, bytes, int, list[int], bytes]:
    letters = bytes([0, 1, 0, 2])  # "ab", "ac" over faces a, b, c
    offsets = array("I", [0, 2, 4]).tobytes()
    faces = bytes([0, 255, 255, 255, 1, 255, 255, 255, 2, 255, 255, 255])
    return letters, offsets, 2, [0, 0, 1], faces


def _class_bound() -> ClassBound:
    return ClassBound(*_class_bound_args())


@pytest.mark.parametrize(
    ("rows", "cols"),
    [
        (2**31 - 1, 2),
        (2, 2**31 - 1),
        (2**31 - 1, 2**31 - 1),
        (65536, 65536),
        (-2, -2),
        (-(2**31), -1),
        (0, 5),
        (1, 0),
        (9, 8),
    ],
)
def test_class_bounds_check_the_shape_before_any_arithmetic(rows: int, cols: int) -> None:
    """Issue 32, finding 12: ``rows * cols`` overflowed an int before the range check
    (UBSan, under .ci/sanitize); now the shape is checked first, for every entry point."""
    bound = _class_bound()
    masks = array("I", [0b111] * 4).tobytes()
    order = bytes(range(4))
    with pytest.raises(ValueError, match="board shape"):
        bound.bound(masks, rows, cols)
    with pytest.raises(ValueError, match="board shape"):
        bound.tree_bound(masks, rows, cols, order)
    with pytest.raises(ValueError, match="board shape"):
        bound.tree_search(masks, rows, cols, 0, order)
    assert bound.bound(masks, 2, 2) > 0  # the same bound works on a board it can take


@pytest.mark.parametrize(("rows", "cols"), [(2**31 - 1, 2), (2, 2**31 - 1), (65536, 65536)])
def test_trie_entry_points_check_the_shape_before_any_arithmetic(rows: int, cols: int) -> None:
    lexicon = Lexicon.from_words(["fame", "fax", "mix"])
    scorer = Scorer(lexicon, NEGATIVE)
    trie = scorer.core.trie
    faces = scorer.encode(Board.parse("fxie amlo ewbx astu").faces)
    points = list(scorer.points)
    for call in (
        lambda: trie.solve(faces, rows, cols, 3, points, False),
        lambda: trie.score_boards(faces, rows, cols, 3, points),
        lambda: trie.score_neighbours(faces, rows, cols, scorer.encode("ax"), 3, points),
        lambda: trie.score_open(faces, rows, cols, 0, scorer.encode("ax"), 3, points),
    ):
        with pytest.raises(ValueError, match="board shape"):
            call()


@pytest.mark.parametrize("cell", [-1, 16, 2**31 - 1])
def test_score_open_refuses_a_cell_off_the_board(cell: int) -> None:
    lexicon = Lexicon.from_words(["fame", "fax", "mix"])
    scorer = Scorer(lexicon, NEGATIVE)
    faces = scorer.encode(Board.parse("fxie amlo ewbx astu").faces)
    with pytest.raises(ValueError, match="the open cell is not on the board"):
        scorer.core.trie.score_open(faces, 4, 4, cell, scorer.encode("ax"), 3, list(scorer.points))
    with pytest.raises(ValueError, match="board shape"):  # the shape is checked first
        scorer.core.trie.score_open(faces[:-1], 4, 4, cell, scorer.encode("ax"), 3, [0, 1])


@pytest.mark.parametrize(
    ("first", "last", "pairs", "says"),
    [
        (-1, 5, b"\0\0", "not two cells of the board"),
        (0, 16, b"\0\0", "not two cells of the board"),
        (5, 5, b"\0\0", "not two cells of the board"),
        (0, 5, b"\2\0", "past its cell's faces"),
        (0, 5, b"\0\1", "past its cell's faces"),
        (0, 5, b"\0", "board shape"),
    ],
)
def test_score_pairs_refuses_cells_and_pairs_it_cannot_take(
    first: int, last: int, pairs: bytes, says: str
) -> None:
    lexicon = Lexicon.from_words(["fame", "fax", "mix"])
    scorer = Scorer(lexicon, NEGATIVE)
    trie, points = scorer.core.trie, list(scorer.points)
    faces = scorer.encode(Board.parse("fxie amlo ewbx astu").faces)
    two, one = scorer.encode("ax"), scorer.encode("m")
    with pytest.raises(ValueError, match=says):
        trie.score_pairs(faces, 4, 4, first, two, last, one, pairs, 3, points)
    with pytest.raises(ValueError, match="board shape"):  # the shape is checked first
        trie.score_pairs(faces[:-1], 4, 4, first, two, last, one, pairs, 3, points)
    ok = array("q", trie.score_pairs(faces, 4, 4, 0, two, 5, one, b"\1\0", 3, points))
    changed = Board.parse("xxie amlo ewbx astu").faces
    assert ok.tolist() == [trie.solve(scorer.encode(changed), 4, 4, 3, points, False)]


def test_scores_past_32_bits_do_not_wrap() -> None:
    """Scores come back as 64-bit numbers: two words of 2^31-1 points each are 2^32-2."""
    lexicon = Lexicon.from_words(["fame", "fax", "mix"])
    scorer = Scorer(lexicon, NEGATIVE)
    trie = scorer.core.trie
    faces = scorer.encode(Board.parse("fxie amlo ewbx astu").faces)
    points = [0, 0, 0, 2**31 - 1, 2**31 - 1]
    expected = trie.solve(faces, 4, 4, 3, points, False)
    assert expected == 3 * (2**31 - 1)
    assert array("q", trie.score_boards(faces * 2, 4, 4, 3, points)).tolist() == [expected] * 2
    neighbours = array("q", trie.score_neighbours(faces, 4, 4, scorer.encode("x"), 3, points))
    assert max(neighbours) == expected and min(neighbours) >= 0
    opened = array("q", trie.score_open(faces, 4, 4, 0, scorer.encode("axf"), 3, points))
    assert opened.tolist()[2] == expected and min(opened) >= 0


@pytest.mark.parametrize("points", [2**31, -(2**31) - 1, 2**40])
def test_points_past_32_bits_are_refused_not_cut(points: int) -> None:
    lexicon = Lexicon.from_words(["fame", "fax", "mix"])
    scorer = Scorer(lexicon, NEGATIVE)
    trie = scorer.core.trie
    faces = scorer.encode(Board.parse("fxie amlo ewbx astu").faces)
    table = [0, 0, 0, points]
    for call in (
        lambda: trie.solve(faces, 4, 4, 3, table, False),
        lambda: trie.score_boards(faces, 4, 4, 3, table),
        lambda: trie.score_neighbours(faces, 4, 4, scorer.encode("x"), 3, table),
        lambda: trie.score_open(faces, 4, 4, 0, scorer.encode("x"), 3, table),
    ):
        with pytest.raises(ValueError, match="points out of range"):
            call()
    letters, offsets, _, _, faces_table = _class_bound_args()
    with pytest.raises(ValueError, match="points out of range"):
        ClassBound(letters, offsets, 2, table, faces_table)


@pytest.mark.parametrize(
    ("raise_status", "status", "error", "words"),
    [
        (core._raise_search_status, core.SEARCH_NO_MEMORY, MemoryError, ""),
        (core._raise_search_status, core.SEARCH_BAD_INPUT, ValueError, "refused its input"),
        (core._raise_search_status, core.SEARCH_INTERRUPTED, KeyboardInterrupt, ""),
        (core._raise_search_status, -99, RuntimeError, "the core's search failed with status -99"),
        (core._raise_prove_status, core.PROVE_NO_MEMORY, MemoryError, ""),
        (core._raise_prove_status, core.PROVE_BAD_CLASS, ValueError, "face set is empty"),
        (core._raise_prove_status, core.PROVE_INTERRUPTED, KeyboardInterrupt, ""),
        (core._raise_prove_status, -99, RuntimeError, "the prover failed with status -99"),
    ],
)
def test_each_status_of_the_core_raises_its_own_exception(
    raise_status: Callable[[int], None], status: int, error: type[BaseException], words: str
) -> None:
    """Every status other than OK of the score_* calls was a MemoryError: out of memory is
    one, bad input a ValueError, an interruption a KeyboardInterrupt and anything else a
    RuntimeError naming the status (the prover's alike, where an unknown one was a
    ValueError)."""
    with pytest.raises(error) as raised:
        raise_status(status)
    assert type(raised.value) is error
    assert words in str(raised.value)
    assert raise_status(0) is None
