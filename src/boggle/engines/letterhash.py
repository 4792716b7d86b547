"""Brute force over every path, words looked up by a letter-set hash ("Solving Boggle in Haskell").

The paper's hash table: a word's hash is the *set* of its letters as a bit mask
(:func:`boggle.model.letters.letter_set_mask`: ``a`` is 1, ``b`` 2, ``c`` 4, ...;
letters beyond a-z get the bits after ``z``, in sorted order), reduced modulo
the table size (2^20 by default, the paper's choice). Anagrams and words over
the same letters share a bucket: ``"stop"``, ``"pots"`` and ``"post"`` all hash
to the bits of ``o p s t``; each bucket is a list of words.

The search is the paper's ``getAllPlaysAt``: from every cube, walk *every*
path that does not revisit a cube, and look the letters read so far up in the
table at each step.  Nothing is pruned, so without a limit it would walk every
path of the board; like the paper it stops at a maximum word length (default
8 letters).  Its answers equal the other engines' for words up to that length
and it never finds longer ones.

The cost is the number of paths, which depends only on the board's shape and
the maximum length (``boggle paths`` counts them): 283,400 paths of up to 8
cubes on 4x4, 1.5 million on 5x5, 4.1 million on 6x6.  The engine estimates
it first and refuses with :class:`EngineError` above :data:`MAX_PATHS`.

>>> from boggle.model.letters import letter_set_mask
>>> bin(letter_set_mask("stop"))  # bits of o (14), p (15), s (18), t (19)
'0b11001100000000000000'
>>> letter_set_mask("pots") == letter_set_mask("stop")
True
>>> from boggle import Board, Lexicon
>>> from boggle.model.rules import CLASSIC
>>> lexicon = Lexicon.from_words(["quote", "dote", "toe"])
>>> board = Board.parse("qod etn asi")
>>> sorted(f.word for f in solve_letterhash(board, lexicon, CLASSIC))
['dote', 'quote', 'toe']
>>> sorted(f.word for f in solve_letterhash(board, lexicon, CLASSIC, max_length=4))
['dote', 'toe']
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from boggle.model.board import Board
from boggle.model.errors import BoardError, EngineError
from boggle.model.grid_paths import MAX_CELLS, count_paths
from boggle.model.letters import letter_indices
from boggle.model.rules import Rules
from boggle.model.solution import Found
from boggle.model.wording import a_size
from boggle.wordlists.lexicon import Lexicon

DEFAULT_MAX_LENGTH = 8
"""The longest word searched for, in letters (the paper's ``MAX_WORD_LENGTH``)."""

DEFAULT_TABLE_BITS = 20
"""The table has 2^20 buckets: the paper's compromise between size and bucket length."""

MAX_PATHS = 2_000_000
"""The most paths the engine agrees to walk: about 4 seconds in CPython (it
walks about half a million paths a second).  A 5x5 board at 8 letters (1.5
million paths) and 4x4 at 10 letters (1.6 million) are accepted; 6x6 at 8
letters (4.1 million) and 4x4 at 11 letters are refused."""

Bucket = list[str]


class LetterHashTable:
    """The words of a lexicon in buckets by letter set, modulo ``size``."""

    def __init__(self, lexicon: Lexicon, table_bits: int = DEFAULT_TABLE_BITS) -> None:
        self.alphabet = sorted(lexicon.alphabet)
        self.indices = letter_indices(self.alphabet, latin_first=False)
        self.size = 1 << table_bits
        self.buckets: list[Bucket | None] = [None] * self.size
        for word in lexicon.words:
            index = self.hash(word) % self.size
            bucket = self.buckets[index]
            if bucket is None:
                self.buckets[index] = [word]
            else:
                bucket.append(word)

    def hash(self, letters: str) -> int:
        """The letter set of ``letters``; a letter no word uses gets a bit of its own."""
        unknown = len(self.indices)
        mask = 0
        for letter in letters:
            mask |= 1 << self.indices.get(letter, unknown)
        return mask

    def contains(self, letters: str, letter_set: int) -> bool:
        """Is ``letters`` (whose letter set is ``letter_set``) a word?"""
        bucket = self.buckets[letter_set % self.size]
        return bucket is not None and letters in bucket

    def largest_bucket(self) -> int:
        """Length of the longest bucket (the paper's measure of the table's quality)."""
        return max((len(b) for b in self.buckets if b is not None), default=0)


def hash_table(lexicon: Lexicon, table_bits: int = DEFAULT_TABLE_BITS) -> LetterHashTable:
    """The lexicon's table, built once per table size and kept on the lexicon."""
    table: LetterHashTable = lexicon.cached(
        f"letterhash-{table_bits}", lambda lex: LetterHashTable(lex, table_bits)
    )
    return table


@lru_cache(maxsize=256)
def estimated_paths(rows: int, cols: int, max_cubes: int) -> int:
    """Number of paths of 1 to ``max_cubes`` cubes on a ``rows`` x ``cols`` board.

    Exact (:mod:`boggle.model.grid_paths`) up to the largest grid that module counts; larger
    boards are estimated from their largest countable sub-board, scaled by the
    number of cells (paths grow about linearly with the cells).

    >>> estimated_paths(4, 4, 8)
    283400
    """
    sub_rows = min(rows, 7)
    sub_cols = min(cols, max(1, MAX_CELLS // sub_rows))
    cubes = min(max_cubes, sub_rows * sub_cols)
    try:
        counted = sum(count_paths(sub_rows, sub_cols, cubes))
    except BoardError:  # the exact count itself is too large to compute
        return MAX_PATHS + 1
    return counted * (rows * cols) // (sub_rows * sub_cols)


def check_cost(board: Board, max_length: int, max_paths: int = MAX_PATHS) -> int:
    """The estimated number of paths; :class:`EngineError` when it is over ``max_paths``."""
    estimate = estimated_paths(board.rows, board.cols, max_length)
    if estimate > max_paths:
        raise EngineError(
            f"the letterhash engine would walk about {estimate:,} paths on "
            f"{a_size(board.rows, board.cols)} board with words up to {max_length} letters "
            f"(limit {max_paths:,}); use a smaller board or another engine"
        )
    return estimate


def solve_letterhash(
    board: Board,
    lexicon: Lexicon,
    rules: Rules,
    max_length: int = DEFAULT_MAX_LENGTH,
    table_bits: int = DEFAULT_TABLE_BITS,
    max_paths: int = MAX_PATHS,
) -> Iterator[Found]:
    """Yield every word of ``lexicon`` up to ``max_length`` letters on ``board``, once."""
    check_cost(board, max_length, max_paths)
    table = hash_table(lexicon, table_bits)
    faces = board.faces
    face_sets = [table.hash(face) for face in faces]
    reported: set[str] = set()
    path: list[int] = []
    neighbours = board.neighbour_table  # the cells' numbers are the search's own

    def get_all_plays_at(index: int, letters: str, letter_set: int) -> Iterator[Found]:
        path.append(index)
        if (
            len(letters) >= rules.min_length
            and letters not in reported
            and table.contains(letters, letter_set)
        ):
            reported.add(letters)
            yield Found(letters, tuple(board.cell(i) for i in path))
        for neighbour in neighbours[index]:
            face = faces[neighbour]
            if neighbour not in path and len(letters) + len(face) <= max_length:
                yield from get_all_plays_at(
                    neighbour, letters + face, letter_set | face_sets[neighbour]
                )
        path.pop()

    for start, face in enumerate(faces):
        if len(face) <= max_length:
            yield from get_all_plays_at(start, face, face_sets[start])
