"""The compiled engine (the default): depth-first search in C over a compact trie.

The word list is compiled once per lexicon into an array of 8-byte trie
nodes, laid out level by level: a mask of the letters that can follow the
node, and the index of its first child.  Children sit side by side in letter
order, so the child for a letter is found with one population count.  For
each board the core notes, for every cell and letter, which neighbours show
that letter, so the search only steps where the trie and the board agree.  A
word counts once per board by a board number kept per trie node.
The search releases the GIL, so threads solve boards in parallel.  Its
readable twin is the ``trie`` engine; tests hold the two equal.

Alphabets of more than 31 letters do not fit the masks: the 30 most used
letters get a code each and the others an escape code and digits (see
``ESCAPE``), so every list runs here.

>>> from boggle import Board, Lexicon
>>> from boggle.model.rules import CLASSIC
>>> lexicon = Lexicon.from_words(["fame", "fax", "moxie"])
>>> sorted(f.word for f in solve_native(Board.parse("fxie amlo ewbx astu"), lexicon, CLASSIC))
['fame', 'fax']
"""

from __future__ import annotations

import json
import os
from array import array
from collections.abc import Iterator
from functools import lru_cache
from itertools import accumulate

from boggle._native.core import (
    DEAD_LETTER,
    FACE_MAX,
    IMAGE_VERSION,
    MAX_LETTERS,
    NO_LETTER,
    Trie,
    checksum,
)
from boggle.engines.trie import solve_trie
from boggle.files.cache import cache_folder, load_view, store
from boggle.model.board import MULTI_LETTER_FACES, Board
from boggle.model.rules import Rules
from boggle.model.solution import Found, ScoredWord, Solution
from boggle.wordlists.lexicon import Lexicon

_SINGLE_FACES = "abcdefghijklmnopqrstuvwxyz"
_MULTI_FACES = tuple(sorted(MULTI_LETTER_FACES))


ESCAPE = MAX_LETTERS - 1
"""Lists of more than 31 letters: the 30 most used letters have a code each;
every other letter is ``ESCAPE`` followed by its number in base 30 (a fixed
number of digits), so the trie's masks stay 31 bits wide.  On a board the
digits are marked ``SILENT``: they continue the letter and do not add to its
length, and a cube showing such a letter is searched like a ``Qu`` cube."""

SILENT = 0x40


class CompiledLexicon:
    """A lexicon compiled for the C core: the trie and the letter numbering."""

    def __init__(self, lexicon: Lexicon) -> None:
        cached = _read_cache(lexicon)
        if cached is not None:
            self.letter_codes, word_bytes, image, self.longest = cached
            try:
                self.trie = self._trie(image, None, MAX_LETTERS, word_bytes)
            except ValueError:  # the core refuses the image: build afresh
                cached = None
                del image, word_bytes  # the entry's bytes, freed before the rebuild
        if cached is None:
            self.letter_codes = _letter_codes(lexicon)
            words = lexicon.words
            offsets = array("I", [0])
            if all(len(code) == 1 for code in self.letter_codes.values()):
                alphabet_size = len(self.letter_codes)
                letters = _encode("".join(words), self.letter_codes)
                offsets.extend(accumulate(map(len, words)))
            else:  # escaped letters change the order: sort by code
                alphabet_size = MAX_LETTERS
                encoded = _encode("\xff".join(words), self.letter_codes).split(b"\xff")
                pairs = sorted(zip(encoded, words, strict=True))
                letters = b"".join(code for code, _ in pairs)
                words = tuple(word for _, word in pairs)
                offsets.extend(accumulate(len(code) for code, _ in pairs))
            self.trie = self._trie(letters, offsets.tobytes(), alphabet_size, words)
            self.longest = lexicon.longest
            _write_cache(lexicon, self.letter_codes, words, self.trie)
        self.in_word_order = all(len(code) == 1 for code in self.letter_codes.values())
        """Word ids follow the words' own order (no escaped letters reorder them)."""

    def _trie(
        self,
        letters: bytes | memoryview,
        offsets: bytes | None,
        size: int,
        words: tuple[str, ...] | memoryview,
    ) -> Trie:
        """The core's trie over ``words``, with the board faces its parser reads."""
        faces = [*_SINGLE_FACES, *_MULTI_FACES]
        face_id = {face: i for i, face in enumerate(faces)}
        char_faces = bytearray([NO_LETTER] * 256)
        for letter in _SINGLE_FACES:
            target = face_id["qu" if letter == "q" else letter]
            char_faces[ord(letter)] = char_faces[ord(letter.upper())] = target
        multi_names = tuple(face for face in _MULTI_FACES if self.encode_face(face) is not None)
        face_letters = b"".join(self.encode_face(face) or bytes(FACE_MAX) for face in faces)
        multi_ids = bytes(face_id[face] for face in multi_names)
        return Trie(
            letters, offsets, size, words, bytes(char_faces), multi_names, multi_ids, face_letters
        )

    @lru_cache(maxsize=4096)  # noqa: B019 - one cache per compiled lexicon is the point
    def encode_face(self, face: str) -> bytes | None:
        """A face as FACE_MAX letter codes, padded; ``None`` when its codes do not fit."""
        codes = bytearray()
        for letter in face:
            code = self.letter_codes.get(letter)
            if code is None:
                codes.append(DEAD_LETTER)
            else:
                codes.append(code[0])
                codes.extend(digit | SILENT for digit in code[1:])
        if len(codes) > FACE_MAX:
            return None
        return bytes(codes) + bytes([NO_LETTER] * (FACE_MAX - len(codes)))

    def encode_board(self, board: Board) -> bytes | None:
        """Every face of ``board`` encoded, row by row (``None`` if a face does not fit)."""
        faces = list(map(self.encode_face, board.faces))
        return None if None in faces else b"".join(faces)  # type: ignore[arg-type]


CACHE_FORMAT = 3
"""Bump when the letter coding, the entry's layout or the core's image changes: older cache
files are then ignored."""

_LENGTHS = 34
"""An entry starts with the lengths of its JSON header and of its words: ``%016x %016x\\n``.
Then come the header (letter codes, longest word), the words (UTF-8, one a line), zero
bytes up to a multiple of 8, and the trie's image, which the core reads in place."""


def _cache_file(lexicon: Lexicon) -> str | None:
    """Where the compiled form of ``lexicon`` is kept, or ``None`` with no usable cache."""
    folder = cache_folder("tries")
    if folder is None:
        return None
    return os.path.join(folder, f"{lexicon.digest}-{CACHE_FORMAT}-{IMAGE_VERSION}.trie")


def _image_start(words_end: int) -> int:
    return -(-words_end // 8) * 8


def _read_cache(
    lexicon: Lexicon,
) -> tuple[dict[str, bytes], memoryview, memoryview, int] | None:
    """Letter codes, the words in code order (UTF-8, one a line), trie image and longest word
        from a sound cache entry, the words and image as views of the entry's bytes (read into
    the process's own memory: a cache file truncated later cannot touch them, see
    :func:`boggle.files.cache.load_view`).
        The words come from the entry, so the lexicon's own words are not needed (a list read
        through its summary is then never read at all)."""
    path = _cache_file(lexicon)
    payload = None if path is None else load_view(path, checksum)
    if payload is None:
        return None
    try:
        lengths = payload[:_LENGTHS].tobytes()
        header_bytes, word_bytes = int(lengths[:16], 16), int(lengths[17:], 16)
        words_start = _LENGTHS + header_bytes
        header = json.loads(payload[_LENGTHS:words_start].tobytes())
        codes = {letter: bytes(code) for letter, code in header["codes"].items()}
        words_end = words_start + word_bytes
        image_start = _image_start(words_end)
        if header_bytes < 0 or word_bytes < 0 or image_start > len(payload):
            return None
        words = payload[words_start:words_end]
        return codes, words, payload[image_start:], int(header["longest"])
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def _write_cache(
    lexicon: Lexicon, codes: dict[str, bytes], words: tuple[str, ...], trie: Trie
) -> None:
    """Keep the compiled form of ``lexicon`` for the next run (nothing if there is no cache)."""
    path = _cache_file(lexicon)
    if path is None:
        return
    word_bytes = "\n".join(words).encode()
    letters = {letter: list(code) for letter, code in codes.items()}
    header = json.dumps({"codes": letters, "longest": lexicon.longest}).encode()
    words_end = _LENGTHS + len(header) + len(word_bytes)
    padding = bytes(_image_start(words_end) - words_end)
    lengths = b"%016x %016x\n" % (len(header), len(word_bytes))
    store(path, lengths + header + word_bytes + padding + trie.image(), checksum)


def _letter_codes(lexicon: Lexicon) -> dict[str, bytes]:
    """Each letter's code: one byte each when they fit in the masks, else escapes."""
    alphabet = sorted(lexicon.alphabet)
    if len(alphabet) <= MAX_LETTERS:
        return {letter: bytes([i]) for i, letter in enumerate(alphabet)}
    text = "".join(lexicon.words)
    by_use = sorted(alphabet, key=lambda letter: -text.count(letter))
    common, rare = sorted(by_use[:ESCAPE]), sorted(by_use[ESCAPE:])
    codes = {letter: bytes([i]) for i, letter in enumerate(common)}
    digits = 1
    while ESCAPE**digits < len(rare):
        digits += 1
    for number, letter in enumerate(rare):
        code = [ESCAPE]
        for place in reversed(range(digits)):
            code.append(number // ESCAPE**place % ESCAPE)
        codes[letter] = bytes(code)
    return codes


def _encode(text: str, codes: dict[str, bytes]) -> bytes:
    """Each letter of ``text`` replaced by its code (other characters kept as Latin-1)."""
    if text.isascii() and all(len(code) == 1 for code in codes.values()):
        table = bytearray(range(256))
        for letter, code in codes.items():
            table[ord(letter)] = code[0]
        return text.encode("ascii").translate(table)
    mapping = {ord(k): v.decode("latin-1") for k, v in codes.items()}
    return text.translate(mapping).encode("latin-1")


def compiled(lexicon: Lexicon) -> CompiledLexicon | None:
    """The lexicon compiled for the core, or ``None`` when its alphabet does not fit."""

    def build(lex: Lexicon) -> CompiledLexicon | bool:
        try:
            return CompiledLexicon(lex)
        except ValueError:
            return False

    result = lexicon.cached("native", build)
    return result if isinstance(result, CompiledLexicon) else None


@lru_cache(maxsize=256)
def points_table(rules: Rules, longest: int) -> tuple[int, ...]:
    """Points for each word length up to ``longest``."""
    return tuple(rules.points_table(max(longest, 1)))


def solve_native(board: Board, lexicon: Lexicon, rules: Rules) -> Iterator[Found]:
    """Yield every word of ``lexicon`` on ``board`` once, with a path."""
    core = compiled(lexicon)
    faces = None if core is None else core.encode_board(board)
    if core is None or faces is None:
        yield from solve_trie(board, lexicon, rules)
        return
    found = core.trie.solve(
        faces,
        board.rows,
        board.cols,
        rules.min_length,
        points_table(rules, core.longest),
        True,
        Found,
    )
    yield from found


def solution_native(board: Board, lexicon: Lexicon, rules: Rules) -> Solution:
    """The :class:`Solution` of ``board``, its words made, scored and sorted by the core."""
    core = compiled(lexicon)
    faces = None if core is None else core.encode_board(board)
    if core is None or faces is None:
        return Solution(board, rules, lexicon, solve_trie(board, lexicon, rules), "native")
    words, score = core.trie.solution(
        faces,
        board.rows,
        board.cols,
        rules.min_length,
        points_table(rules, core.longest),
        ScoredWord,
    )
    if not core.in_word_order:
        words = tuple(sorted(words))
    return Solution.from_scored(board, rules, lexicon, words, "native", score)


def score_native(board: Board, lexicon: Lexicon, rules: Rules) -> int:
    """The total score of ``board``, without building the word list."""
    core = compiled(lexicon)
    faces = None if core is None else core.encode_board(board)
    if core is None or faces is None:
        return sum(rules.points(found.word) for found in solve_trie(board, lexicon, rules))
    return core.trie.solve(
        faces,
        board.rows,
        board.cols,
        rules.min_length,
        points_table(rules, core.longest),
        False,
    )
