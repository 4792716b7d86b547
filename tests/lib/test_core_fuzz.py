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
from boggle.model.rules import STANDARD_SCORING

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


def _image_trie(image: bytes | bytearray | memoryview, words: bytes | memoryview) -> Trie:
    return Trie(image, None, 31, words, bytes([NO_LETTER] * 256), (), b"", b"")


SMALL_WORDS = (b"\x00\x01", b"\x00\x01\x02", b"\x01", b"\x02\x00\x01")
SMALL_TEXT = b"\n".join(w.hex().encode() for w in SMALL_WORDS)


def _small_image() -> bytes:
    offsets = array("I", [0])
    for word in SMALL_WORDS:
        offsets.append(offsets[-1] + len(word))
    letters = b"".join(SMALL_WORDS)
    trie = Trie(letters, offsets.tobytes(), 3, SMALL_TEXT, bytes([NO_LETTER] * 256), (), b"", b"")
    return trie.image()


def _solves_or_refused(image: bytes | bytearray | memoryview) -> None:
    """The core refuses the image, or the trie it reads in place solves boards."""
    try:
        trie = _image_trie(image, SMALL_TEXT)
    except ValueError:
        return
    for faces, rows, cols in ((bytes(range(9)) * 4, 3, 3), (b"\x00\xff\xff\xff" * 2, 1, 2)):
        assert isinstance(trie.solve(faces, rows, cols, 1, [0, 1, 2, 3], False), int)
        assert isinstance(trie.solve(faces, rows, cols, 1, [0, 1], True, tuple), list)


def test_every_word_of_an_image_set_to_a_bad_value_is_refused_or_safe() -> None:
    """Each 4-byte word of an image (header, node masks, child indices, word ids) set to
    values a crafted file would use: the core refuses it or reads only what is there."""
    image = _small_image()
    nodes = array("I", image[12:16])[0]
    for at in range(0, len(image), 4):
        for value in (0, 1, 2, nodes - 1, nodes, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF):
            damaged = bytearray(image)
            damaged[at : at + 4] = array("I", [value % 2**32]).tobytes()
            _solves_or_refused(bytes(damaged))


@FUZZ
@given(
    st.lists(st.tuples(st.integers(0, 200), st.integers(0, 255)), max_size=8),
    st.integers(-8, 8),
)
def test_core_trie_from_any_damaged_image(writes: list[tuple[int, int]], resize: int) -> None:
    image = bytearray(_small_image())
    for at, value in writes:
        image[at % len(image)] = value
    image = image[: len(image) + resize] if resize < 0 else image + bytes(resize)
    _solves_or_refused(bytes(image))
    _solves_or_refused(memoryview(b"x" + bytes(image))[1:])  # misaligned: copied, then checked
    _solves_or_refused(image)  # writable: copied, then checked


PAIRS = tuple(
    sorted(bytes(w) for w in [[a] for a in range(3)] + [[a, b] for a in range(3) for b in range(3)])
)


@FUZZ
@given(
    st.lists(
        st.text(
            st.characters(blacklist_categories=("Cs",), blacklist_characters="\n"), max_size=11
        ),
        min_size=len(PAIRS),
        max_size=len(PAIRS),
    )
)
def test_words_given_as_utf8_lines_split_as_the_tuple(labels: list[str]) -> None:
    """The core splits UTF-8 text at its newlines (eight bytes at a time) into the same
    words as a tuple gives, whatever bytes sit beside the newlines."""
    offsets = array("I", [0])
    for word in PAIRS:
        offsets.append(offsets[-1] + len(word))
    faces = b"".join(
        bytes([code, NO_LETTER, NO_LETTER, NO_LETTER]) for code in b"\0\1\2\1\2\0\2\0\1"
    )
    found = []
    for words in (tuple(labels), "\n".join(labels).encode()):
        trie = Trie(
            b"".join(PAIRS), offsets.tobytes(), 3, words, bytes([NO_LETTER] * 256), (), b"", b""
        )
        found.append(sorted(word for word, _ in trie.solve(faces, 3, 3, 1, [0, 1, 1], True, tuple)))
    assert found[0] == found[1] and len(found[0]) == len(PAIRS)
