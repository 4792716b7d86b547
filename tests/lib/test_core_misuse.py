"""Bad input to the lexicon and the compiled core: an exception, never a crash (issue 13, 5-7)."""

from __future__ import annotations

from array import array

import pytest

from boggle import Board, Lexicon, LexiconError, Rules, solve
from boggle._native.core import Trie
from boggle.batch import score_many
from boggle.engines import engine_names
from boggle.engines.native import score_native


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
