"""The compiled engine (the default): depth-first search in C over a compact trie.

The word list is compiled once per lexicon into an array of 8-byte trie
nodes, laid out level by level: a mask of the letters that can follow the
node, and the index of its first child.  Children sit side by side in letter
order, so the child for a letter is found with one population count.  For
each board the core notes, for every cell and letter, which neighbours show
that letter, so the search only steps where the trie and the board agree.  A
word counts once per board by a bit per trie node, cleared after the board.
The search releases the GIL, so threads solve boards in parallel.  Its
readable twin is the ``trie`` engine; tests hold the two equal.

Alphabets of more than 31 letters do not fit the masks: for those lists this
engine hands the board to the ``trie`` engine.

>>> from boggle import Board, Lexicon
>>> from boggle.rules import CLASSIC
>>> lexicon = Lexicon.from_words(["fame", "fax", "moxie"])
>>> sorted(f.word for f in solve_native(Board.parse("fxie amlo ewbx astu"), lexicon, CLASSIC))
['fame', 'fax']
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from functools import lru_cache
from itertools import accumulate

from boggle._native.core import DEAD_LETTER, FACE_MAX, MAX_LETTERS, NO_LETTER, Trie
from boggle.board import MULTI_LETTER_FACES, Board
from boggle.engines.trie import solve_trie
from boggle.lexicon import Lexicon
from boggle.rules import Rules
from boggle.solution import Found

_SINGLE_FACES = "abcdefghijklmnopqrstuvwxyz"
_MULTI_FACES = tuple(sorted(MULTI_LETTER_FACES))


class CompiledLexicon:
    """A lexicon compiled for the C core: the trie and the letter numbering."""

    def __init__(self, lexicon: Lexicon) -> None:
        alphabet = sorted(lexicon.alphabet)
        if len(alphabet) > MAX_LETTERS:
            raise ValueError("alphabet too large for the compiled core")
        self.letter_index = {letter: i for i, letter in enumerate(alphabet)}
        words = lexicon.words
        letters = _letter_indices("".join(words), self.letter_index)
        offsets = array("I", [0])
        offsets.extend(accumulate(map(len, words)))
        faces = [*_SINGLE_FACES, *_MULTI_FACES]
        face_id = {face: i for i, face in enumerate(faces)}
        char_faces = bytearray([255] * 256)
        for letter in _SINGLE_FACES:
            target = face_id["qu" if letter == "q" else letter]
            char_faces[ord(letter)] = char_faces[ord(letter.upper())] = target
        face_letters = b"".join(self.encode_face(face) for face in faces)
        multi_ids = bytes(face_id[face] for face in _MULTI_FACES)
        self.trie = Trie(
            letters,
            offsets.tobytes(),
            len(alphabet),
            words,
            bytes(char_faces),
            _MULTI_FACES,
            multi_ids,
            face_letters,
        )
        self.longest = lexicon.longest

    @lru_cache(maxsize=4096)  # noqa: B019 - one cache per compiled lexicon is the point
    def encode_face(self, face: str) -> bytes:
        """A face as FACE_MAX letter indices, padded."""
        codes = [self.letter_index.get(letter, DEAD_LETTER) for letter in face[:FACE_MAX]]
        return bytes(codes + [NO_LETTER] * (FACE_MAX - len(codes)))

    def encode_board(self, board: Board) -> bytes:
        """Every face of ``board`` encoded, row by row."""
        return b"".join(map(self.encode_face, board.faces))


def _letter_indices(text: str, letter_index: dict[str, int]) -> bytes:
    """Each letter of ``text`` replaced by its index, as bytes."""
    if text.isascii():
        table = bytearray(range(256))
        for letter, index in letter_index.items():
            table[ord(letter)] = index
        return text.encode("ascii").translate(table)
    return text.translate({ord(k): chr(v) for k, v in letter_index.items()}).encode("latin-1")


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
    if core is None:
        yield from solve_trie(board, lexicon, rules)
        return
    found = core.trie.solve(
        core.encode_board(board),
        board.rows,
        board.cols,
        rules.min_length,
        points_table(rules, core.longest),
        True,
        Found,
    )
    yield from found


def score_native(board: Board, lexicon: Lexicon, rules: Rules) -> int:
    """The total score of ``board``, without building the word list."""
    core = compiled(lexicon)
    if core is None:
        return sum(rules.points(found.word) for found in solve_trie(board, lexicon, rules))
    return core.trie.solve(
        core.encode_board(board),
        board.rows,
        board.cols,
        rules.min_length,
        points_table(rules, core.longest),
        False,
    )
