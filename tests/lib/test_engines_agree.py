"""Every engine gives the reference trie engine's answers (within its length limit)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import MULTI, board_and_lexicon, boards

from boggle import Board, Lexicon, Rules, engine_names, solve
from boggle.engines import get_engine
from boggle.model.rules import STANDARD_SCORING

OTHER_ENGINES = [name for name in engine_names() if name != "trie"]


@pytest.fixture(autouse=True, scope="module")
def _private_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The heap engine writes sorted copies of the random lists here, not in ~/.cache."""
    patch = pytest.MonkeyPatch()
    patch.setenv("BOGGLE_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    yield
    patch.undo()


def assert_agrees(engine: str, board: Board, lexicon: Lexicon, rules: Rules) -> None:
    reference = solve(board, lexicon, rules, engine="trie")
    solution = solve(board, lexicon, rules, engine=engine)
    limit = get_engine(engine).max_length
    expected = [w.word for w in reference if limit is None or len(w.word) <= limit]
    assert [w.word for w in solution] == expected
    for item in solution:
        assert board.is_path(item.path) and board.spell(item.path) == item.word


@pytest.mark.parametrize("engine", OTHER_ENGINES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=board_and_lexicon(max_side=4), min_length=st.integers(1, 4))
def test_engine_agrees_on_random_boards(
    engine: str, case: tuple[Board, Lexicon], min_length: int
) -> None:
    board, lexicon = case
    assert_agrees(engine, board, lexicon, Rules("t", min_length, STANDARD_SCORING))


@pytest.mark.parametrize("engine", OTHER_ENGINES)
@settings(max_examples=25, deadline=None)
@given(
    face=st.sampled_from(["a", "e", *MULTI]),
    rows=st.integers(1, 4),
    cols=st.integers(1, 4),
    repeats=st.lists(st.integers(1, 6), min_size=1, max_size=6),
)
def test_engine_agrees_on_boards_of_one_face(
    engine: str, face: str, rows: int, cols: int, repeats: list[int]
) -> None:
    """Every cube the same: the worst case for duplicates (heap) and for paths."""
    board = Board((face,) * (rows * cols), rows, cols)
    lexicon = Lexicon.from_words([face * n for n in repeats] + ["ab", face + "x"])
    assert_agrees(engine, board, lexicon, Rules("t", 1, STANDARD_SCORING))


@pytest.mark.parametrize("engine", OTHER_ENGINES)
@settings(max_examples=30, deadline=None)
@given(board=boards(max_side=4, alphabet="aeqt"), data=st.data())
def test_engine_agrees_with_many_duplicates_and_multi_letter_faces(
    engine: str, board: Board, data: st.DataObject
) -> None:
    """Few letters, so many duplicate cubes; words made of faces and of loose letters."""
    pieces = st.sampled_from(["a", "e", "t", "qu", "th", "he", "an", "er", "h", "n"])
    words = data.draw(st.lists(st.lists(pieces, min_size=1, max_size=5).map("".join), max_size=40))
    lexicon = Lexicon.from_words(words or ["tea"])
    assert_agrees(engine, board, lexicon, Rules("t", 2, STANDARD_SCORING))


def test_heap_streams_words_in_alphabetical_order() -> None:
    board = Board.parse("acb efg hba")
    lexicon = Lexicon.from_words(["ab", "abe", "ac", "ace", "af", "fa", "fab", "gab", "bag"])
    words = [f.word for f in get_engine("heap").function(board, lexicon, Rules("t", 2))]
    assert words == sorted(words)
    assert set(words) == {w.word for w in solve(board, lexicon, Rules("t", 2), engine="trie")}


def test_heap_reads_a_sorted_lexicon_file_in_place(tmp_path: Path) -> None:
    from boggle.engines.heap import sorted_word_file

    source = tmp_path / "list.txt"
    source.write_text("ale\nales\nalter\n")
    assert sorted_word_file(Lexicon.from_file(source)) == source
    unsorted = tmp_path / "unsorted.txt"
    unsorted.write_text("alter\nale\n")
    copy = sorted_word_file(Lexicon.from_file(unsorted))
    assert copy != unsorted and copy.read_text() == "ale\nalter\n"
