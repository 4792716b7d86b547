"""Fuzzing the compiled core's builder and solver through the public constructors.

Word lists unsorted, duplicated, with empty and non-word entries go through
``Lexicon(words, name)``: either a :class:`LexiconError` or a lexicon whose
native solutions equal the ``trie`` engine's.  Raw bytes go straight into the
core's ``Trie``: either a ``ValueError`` or a trie that solves.  CI runs this
file under AddressSanitizer and UndefinedBehaviorSanitizer (``.ci/sanitize``);
``BOGGLE_FUZZ_EXAMPLES`` sets how many cases each test tries.
"""

from __future__ import annotations

import os
from array import array

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import boards

from boggle import Board, Lexicon, LexiconError, Rules, solve
from boggle._native.core import FACE_MAX, NO_LETTER, Trie
from boggle.rules import STANDARD_SCORING

EXAMPLES = int(os.environ.get("BOGGLE_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

raw_words = st.lists(
    st.one_of(st.text("aeinrstqu", max_size=9), st.sampled_from(["", "A", "a b", "é", "ñe"])),
    max_size=50,
)


@FUZZ
@given(raw_words, boards(max_side=5), st.integers(1, 4))
def test_lexicon_from_any_word_list(words: list[str], board: Board, min_length: int) -> None:
    try:
        lexicon = Lexicon(words, "fuzz")
    except LexiconError as error:
        assert "not a word a lexicon holds" in str(error)
        return
    assert list(lexicon.words) == sorted(set(words))
    rules = Rules("fuzz", min_length, STANDARD_SCORING)
    native = solve(board, lexicon, rules, engine="native")
    reference = solve(board, lexicon, rules, engine="trie")
    assert [w.word for w in native] == [w.word for w in reference]
    assert native.score == reference.score


@FUZZ
@given(
    st.lists(st.binary(max_size=6), max_size=30),
    st.integers(0, 40),
    st.binary(min_size=FACE_MAX, max_size=9 * FACE_MAX),
)
def test_core_trie_from_any_bytes(words: list[bytes], alphabet: int, faces: bytes) -> None:
    offsets = array("I", [0])
    for word in words:
        offsets.append(offsets[-1] + len(word))
    text = tuple(w.hex() for w in words)
    try:
        trie = Trie(
            b"".join(words),
            offsets.tobytes(),
            alphabet,
            text,
            bytes([NO_LETTER] * 256),
            (),
            b"",
            b"",
        )
    except ValueError:
        return
    cells = len(faces) // FACE_MAX
    board = faces[: cells * FACE_MAX]
    assert isinstance(trie.solve(board, 1, cells, 1, [0, 1, 2, 3], False), int)
    assert isinstance(trie.solve(board, cells, 1, 2, [0], True, tuple), list)
