"""Tables of paths, extended one cube at a time, array-at-a-time ("At Play With J: Boggle").

Eugene McDonnell's J solution, with Roger Hui's path tables: the paths of
``k`` cubes are a table with ``k`` columns, one row per path.  The table of
``k`` cubes is made from the table of ``k - 1`` cubes in one array operation:

* **extend** (J's ``extendb``): repeat each row 8 times and append, to each
  copy, one of the 8 entries of the neighbour table's row for the path's last
  cube (``-1`` where the cube has fewer neighbours);
* **test** (``testb``): keep the rows with no ``-1`` and no repeated cube;
* **prune** (the addition that makes it a solver rather than a path counter):
  keep the rows whose letters are a prefix of some word;
* **select** (``(w e. p { b) # w``): the rows whose letters are a word of the
  list are the words of ``k`` cubes.

The letters of a row are not kept as text: every prefix of every word gets a
number (0 for the empty prefix), and a prefix ``p + x`` is found from the
number of ``p`` and the letter ``x`` by binary search in a sorted array of
``number(p) * base + code(x)`` keys.  So each row carries one integer, and
the prefix test of a whole table is one ``searchsorted``.  A face of several
letters (``qu``, ``th``) takes one such step per letter.

It needs NumPy (``pip install 'boggle[numpy]'``); without it the engine
raises :class:`EngineError`.  The tables hold every live path of one length at
once, so it trades memory for few, large array operations; a table that would grow
past :data:`MAX_PATHS` rows (a board of hundreds of rows and columns) is refused with
:class:`EngineError` before it is made.

>>> from boggle import Board, Lexicon
>>> from boggle.model.rules import CLASSIC
>>> lexicon = Lexicon.from_words(["quote", "dote", "toe", "tine"])
>>> sorted(f.word for f in solve_pathtable(Board.parse("qod etn asi"), lexicon, CLASSIC))
['dote', 'quote', 'toe']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from boggle.model.board import Board
from boggle.model.errors import EngineError
from boggle.model.grid import padded_neighbours
from boggle.model.rules import Rules
from boggle.model.solution import Found
from boggle.model.wording import a_size
from boggle.wordlists.lexicon import Lexicon

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

MAX_PATHS = 2_000_000
"""The most rows a table may have as it is extended (each live path 8 times, once per
neighbour slot): about 4 seconds and a few hundred MB.  A 150x150 board of the default
list (1.8 million at most) is solved; 250x250 (over 4 million) and a board of one letter
under a list of long words of that letter are refused."""


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise EngineError(
            "the pathtable engine needs NumPy: pip install 'boggle[numpy]' (or numpy)"
        ) from None
    return numpy


class PrefixNumbers:
    """Every prefix of every word, numbered, with the step from a prefix to its extensions.

    ``child(number, letter)`` is the number of ``prefix + letter``: looked up
    in ``keys`` (sorted ``parent * base + letter code``), aligned with ``children``.
    """

    def __init__(self, lexicon: Lexicon) -> None:
        np = _numpy()
        alphabet = sorted(lexicon.alphabet)
        self.code = {letter: i for i, letter in enumerate(alphabet)}
        self.base = len(alphabet) + 1  # the last code is "a letter no word uses"
        number: dict[str, int] = {"": 0}
        keys: list[int] = []
        lengths = [0]
        word_numbers: list[int] = []
        for word in lexicon.words:
            for end in range(1, len(word) + 1):
                prefix = word[:end]
                if prefix not in number:
                    number[prefix] = len(number)
                    keys.append(number[word[: end - 1]] * self.base + self.code[word[end - 1]])
                    lengths.append(end)
            word_numbers.append(number[word])
        order = np.argsort(np.array(keys, dtype=np.int64), kind="stable")
        # A last key no prefix has keeps the array non-empty for an empty list.
        self.keys: IntArray = np.append(
            np.array(keys, dtype=np.int64)[order], np.iinfo(np.int64).max
        )
        self.children: IntArray = np.append(order + 1, 0).astype(np.int64)  # numbers start at 1
        self.lengths: IntArray = np.array(lengths, dtype=np.int64)
        self.is_word = np.zeros(len(number), dtype=bool)
        self.is_word[word_numbers] = True
        self.words = dict(zip(word_numbers, lexicon.words, strict=True))

    def face_codes(self, faces: tuple[str, ...]) -> IntArray:
        """Letter codes of each face, one row per cube, padded with -1."""
        np = _numpy()
        width = max(map(len, faces))
        codes: IntArray = np.full((len(faces), width), -1, dtype=np.int64)
        for cube, face in enumerate(faces):
            for position, letter in enumerate(face):
                codes[cube, position] = self.code.get(letter, self.base - 1)
        return codes

    def read_faces(
        self, numbers: IntArray, cubes: IntArray, codes: IntArray
    ) -> tuple[IntArray, Any]:
        """Numbers of the prefixes after reading each cube's face; and which exist."""
        np = _numpy()
        alive = np.ones(len(numbers), dtype=bool)
        for position in range(codes.shape[1]):
            letter = codes[cubes, position]
            reads = letter >= 0
            key = numbers * self.base + letter
            at = np.searchsorted(self.keys, key)
            at_clipped = np.minimum(at, len(self.keys) - 1)
            found = self.keys[at_clipped] == key
            numbers = np.where(reads & found, self.children[at_clipped], numbers)
            alive &= found | ~reads
        return numbers, alive


def prefix_numbers(lexicon: Lexicon) -> PrefixNumbers:
    """The lexicon's numbered prefixes, built once and kept on the lexicon."""
    table: PrefixNumbers = lexicon.cached("pathtable", PrefixNumbers)
    return table


def neighbour_table(board: Board) -> IntArray:
    """J's ``nborsb``: 8 neighbours per cube, ``-1`` where the cube has fewer."""
    table: IntArray = _numpy().array(padded_neighbours(board.rows, board.cols), dtype="int64")
    return table


def solve_pathtable(
    board: Board, lexicon: Lexicon, rules: Rules, max_paths: int | None = None
) -> Iterator[Found]:
    """Yield every word of ``lexicon`` on ``board`` once, shortest paths first;
    :class:`EngineError` when a table would have more than ``max_paths`` rows (default
    :data:`MAX_PATHS`)."""
    limit = MAX_PATHS if max_paths is None else max_paths
    np = _numpy()
    prefixes = prefix_numbers(lexicon)
    codes = prefixes.face_codes(board.faces)
    neighbours = neighbour_table(board)
    reported: set[str] = set()

    # J's initb: the paths of one cube; then keep those whose face starts a word.
    paths = np.arange(board.size, dtype=np.int64)[:, None]
    numbers, alive = prefixes.read_faces(np.zeros(board.size, dtype=np.int64), paths[:, 0], codes)
    paths, numbers = paths[alive], numbers[alive]
    while len(paths):
        # select: the rows that spell a word long enough are this length's words.
        spelled = prefixes.is_word[numbers] & (prefixes.lengths[numbers] >= rules.min_length)
        for row in np.flatnonzero(spelled):
            word = prefixes.words[int(numbers[row])]
            if word not in reported:
                reported.add(word)
                yield Found(word, tuple(board.cell(int(cube)) for cube in paths[row]))
        if paths.shape[1] == board.size:
            break
        if len(paths) * 8 > limit:
            raise EngineError(
                f"the pathtable engine would hold {len(paths) * 8:,} paths of "
                f"{paths.shape[1] + 1} cubes at once on {a_size(board.rows, board.cols)} "
                f"board (limit {limit:,}); use a smaller board or another engine"
            )
        # extendb: each row 8 times, each copy with one neighbour of its last cube.
        extended = np.repeat(paths, 8, axis=0)
        added = neighbours[paths[:, -1]].ravel()
        # testb: no padding (-1) and no cube twice.
        legal = (added >= 0) & (extended != added[:, None]).all(axis=1)
        extended, added = extended[legal], added[legal]
        parents = np.repeat(numbers, 8)[legal]
        # prune: keep the rows whose letters are still a prefix of some word.
        numbers, alive = prefixes.read_faces(parents, added, codes)
        paths = np.column_stack((extended[alive], added[alive]))
        numbers = numbers[alive]
