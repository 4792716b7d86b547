"""Proving which boards score the most: branch and bound over classes of boards.

A class gives each cell a set of letters.  Its *max bound* (computed in C,
``boggle._native.core.ClassBound``) is never below the score of any board in
it: a depth-first search like solving, where each cell takes its best letter
on each path and the points of every path are added.  The proof uses the
tighter bound of an *orderly sum/choice tree* (``src/boggle/_native/tree.c``):
every path to a word on the class, its cells sorted in split order, merged
into one tree whose sum nodes add and whose choice nodes (one cell) take
their best face (built in C by a radix sort of the paths, ``tree_build.c``).
Branch and bound starts from the top-level classes
(:mod:`boggle.search.classes`); a class whose bound is at most ``above`` is
dropped, any other has its next cell (centre first; among cells with as many
neighbours, the one with fewest letters) forced to each of its letters: while
the bound is high by merging that letter's subtree into the root, then
(below ``WALK_BELOW x above``, or with ``WALK_CELLS`` cells left) by walking
the tree with the choice nodes still waiting; a class of a single board is
scored exactly, in C as it is found, so a class holds only the boards that
really pass (never the far more whose bound passes).  Boards
scoring above ``above`` are kept, one per symmetry class.  Where whole
classes are walked (3x3), their trees are built as a forest: the paths grouped
by the cells without every letter they go through, and the trees of groups
another class may share kept for it (one split order for every class).

:class:`Prover` does one top-level class (:func:`prove_class`);
:func:`boggle.search.prove.prove` does all of them.

>>> from boggle import Lexicon
>>> from boggle.model.rules import CLASSIC
>>> from boggle.search.classes import Layout, top_level_classes
>>> prover = Prover(Lexicon.from_words(["tea", "eat"]), CLASSIC)
>>> layout = Layout.of(["a", "e", "t"], 2, 2, 1)
>>> classes = top_level_classes(2, 2, layout, 1)
>>> sorted(board for task in classes for board in prover.run(task).boards)
[('aaet', 2), ('aeet', 2), ('aeta', 2), ('aete', 2), ('aett', 2), ('atte', 2)]
"""

from __future__ import annotations

import copy
import itertools
import time
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate

from boggle._native.core import FACE_MAX, NO_LETTER, ClassBound, bytes_per_record
from boggle.engines.native import ESCAPE, compiled
from boggle.model.checks import whole_number
from boggle.model.errors import BoggleError
from boggle.model.rules import Rules
from boggle.model.wording import grouped
from boggle.search.classes import MAX_ABOVE as MAX_ABOVE  # the checks live with the tasks
from boggle.search.classes import MAX_PROOF_CELLS as MAX_PROOF_CELLS
from boggle.search.classes import ClassTask, check_above
from boggle.search.classes import check_proof_shape as check_proof_shape
from boggle.search.faces import Faces, board_text, canonical, split_order
from boggle.search.job import letter_alphabet
from boggle.search.results import ClassResult
from boggle.search.scorer import Scorer
from boggle.wordlists.lexicon import Lexicon

WALK_BELOW = 2.5
"""Cells are forced by merging trees while a tree's bound is above ``WALK_BELOW x above``
(and more than ``WALK_CELLS`` cells are left), then by walking the tree with the choice
nodes still waiting (no new trees)."""

WALK_CELLS = 9
"""With this many cells or fewer left to force, walking costs less than merging whatever the
bound (``benchmarks/prove_side_by_side.py``: the 3x3 proof 6% faster; 10 sampled 4x4
classes 3% faster, 12 3x4 classes within 2%)."""


CLASS_MEMORY = 400_000_000
"""The memory (bytes) one class's work may take by default on a board of more than
:data:`SMALL_BOARD_CELLS` cells (4x4, 5x5: :func:`default_class_memory`): a class whose
tree would need more (its records, listed before its tree is built, times
``bytes_per_record(cells, WALK_CELLS)``: 56 bytes, or 34 where at most 3 cells are forced by
merging, as on 3x4) is split into parts by one cell's letters, proved one after the other,
with the same boards (``class_split.c``; a heavy 4x4 class took 956 MiB whole).  0: never
split."""

SMALL_BOARD_CELLS = 12
"""Boards of up to this many cells (3x3, 3x4, 2x6) have the cap :data:`SMALL_CLASS_MEMORY`
by default."""

SMALL_CLASS_MEMORY = 800_000_000
"""The memory (bytes) one class's work may take by default on a board of up to
:data:`SMALL_BOARD_CELLS` cells: on 3x4, 400 MB split a few heavy classes (each 20-35%
dearer in parts) and made the kernel give pages back and fault them in again (about 160 of
the full proof's 174 system seconds); with 800 MB no 3x4 class is split (about 702 MiB at
most on one thread, docs/prover-notes.md)."""


def default_class_memory(rows: int, cols: int) -> int:
    """The memory cap (bytes) of one class of a ``rows`` x ``cols`` board when none is
    given: :data:`SMALL_CLASS_MEMORY` up to :data:`SMALL_BOARD_CELLS` cells, else
    :data:`CLASS_MEMORY`.

    >>> default_class_memory(3, 4), default_class_memory(4, 4)
    (800000000, 400000000)
    """
    return SMALL_CLASS_MEMORY if rows * cols <= SMALL_BOARD_CELLS else CLASS_MEMORY


MAX_MEMORY = 1 << 50
"""The largest memory cap a proof takes, in bytes (1 PiB: more is a mistake, and the C
holds a cap in a signed size)."""


def check_problem(rules: Rules, above: int) -> None:
    """:class:`BoggleError` in one line for a proof that cannot be made: a threshold out of
    range, or a scoring table with negative points (a class's bound adds the points of every
    path, which is never below a board's score only when no word costs points).

    >>> from boggle.model.rules import CLASSIC
    >>> check_problem(CLASSIC.with_overrides(scoring=((3, -1),)), 10)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: prove needs a scoring table without negative points (3:-1): ...
    """
    check_above(above)
    if any(points < 0 for _, points in rules.scoring):
        raise BoggleError(
            "prove needs a scoring table without negative points "
            f"({Rules.format_scoring(rules.scoring)}): its bounds add the points of every "
            "path; use search for such a table"
        )


MAX_BOARDS = 1_000_000
"""The most boards a proof keeps by default: a threshold so low that more boards pass it
is refused, in one line, before memory runs out (a few hundred MB at most)."""

SYMMETRIES = 8
"""The most copies of one board a class may hold (its rotations and reflections): the
core keeps a class's boards that score above the threshold, every copy, so past
``SYMMETRIES x max_boards`` of them more than ``max_boards`` distinct boards pass."""

MAX_BOARDS_LIMIT = 10**12
"""The largest ``max_boards`` a proof takes: the core counts a class's copies of the boards
it keeps (``SYMMETRIES x max_boards`` boards of up to :data:`MAX_PROOF_CELLS` cells) in a
signed 64-bit size, and no machine holds a trillion boards anyway."""


def check_prover_limits(
    max_boards: int, class_memory: int | None, memory_name: str = "class_memory"
) -> None:
    """:class:`BoggleError` in one line naming the value unless ``max_boards`` is a whole
    number from 1 to :data:`MAX_BOARDS_LIMIT` and ``class_memory`` (called ``memory_name``)
    one from 0 to :data:`MAX_MEMORY` bytes, or ``None`` (the default by board size,
    :func:`default_class_memory`).

    >>> check_prover_limits(10**30, CLASS_MEMORY)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: max_boards must be at most 1,000,000,000,000, got 1,000,000...
    """
    whole_number("max_boards", max_boards, at_least=1)
    whole_number("max_boards", max_boards, at_most=MAX_BOARDS_LIMIT)
    if class_memory is not None and not 0 <= whole_number(memory_name, class_memory) <= MAX_MEMORY:
        raise BoggleError(
            f"{memory_name} must be 0 to {MAX_MEMORY:,} bytes, got {class_memory:,}",
            setting=memory_name,
        )


def too_many_boards(limit: int, above: int) -> BoggleError:
    """The error of a proof that passes its ``limit`` of boards."""
    return BoggleError(
        f"more than {limit:,} boards may score above {above}, and a proof keeps at most "
        f"{limit:,}: prove a higher score"
    )


MAX_FACES = 32
"""The most faces a proof's classes may name: a class gives each cell a 32-bit mask of
them (``PV_MAX_FACES``)."""

RARE = "*"
"""The face that stands for every rare letter of a list of more than 31 letters.  The solver
codes such a list's 30 most used letters directly and the others as an escape and digits
(:data:`boggle.engines.native.ESCAPE`); the prover codes every rare letter as the escape
alone, so one face, ``RARE``, covers a cell holding any of them.  Words that then read alike
(``aźb``, ``ażb``) are one word of the prover's trie worth the points of all of them, so a
class's bound stays above the score of every board it stands for; the boards whose bound
passes are solved with their real letters (each ``RARE`` cell given each rare letter the
class allows there)."""


@dataclass(frozen=True)
class ProofFaces:
    """The faces a proof's classes name: the list's faces (``qu`` for ``q``), except that
    its rare letters (``rare``, on a list of more than 31 letters) are one face, ``RARE``,
    the last; ``codes`` gives each letter's code in the prover's trie."""

    faces: tuple[str, ...]
    rare: tuple[str, ...]
    codes: dict[str, int]

    @classmethod
    def of(cls, lexicon: Lexicon) -> ProofFaces:
        """The proof faces of ``lexicon``; :class:`BoggleError` in one line past
        :data:`MAX_FACES`.

        >>> ProofFaces.of(Lexicon.from_words(["quit", "tab"])).faces
        ('a', 'b', 'i', 'qu', 't', 'u')
        >>> words = ["abcdefghijklm", "nopqrstuvwxyz", "mlkjihgfedcba", "zyxwvutsrqpon", "ąćęńóśźż"]
        >>> proof = ProofFaces.of(Lexicon.from_words(words))
        >>> len(proof.faces), proof.faces[-1], proof.rare
        (31, '*', ('ń', 'ś', 'ź', 'ż'))

        (The 30 most used letters, ``qu`` in place of ``q`` and :data:`RARE` make at most 32.)
        """
        core = compiled(lexicon)
        if core is None:  # the solver refuses the list: so does the proof
            raise BoggleError("prove cannot compile this word list")
        codes = {letter: code[0] for letter, code in core.letter_codes.items()}
        faces = letter_alphabet(lexicon)
        rare = tuple(f for f in faces if len(f) == 1 and len(core.letter_codes[f]) > 1)
        own = tuple(face for face in faces if face not in rare)
        proof = own + ((RARE,) if rare else ())
        if len(proof) > MAX_FACES:
            raise BoggleError(
                f"prove handles word lists of at most {MAX_FACES} faces (the {ESCAPE} most used "
                f"letters, the others as one face); this one has {len(proof)}"
            )
        return cls(proof, rare, codes)

    def face_letters(self) -> bytes:
        """Each face's letter codes in the prover's trie, :data:`FACE_MAX` a face."""
        out = bytearray()
        for face in self.faces:
            letters = [ESCAPE] if face == RARE else [self.codes[letter] for letter in face]
            out += bytes(letters) + bytes([NO_LETTER] * (FACE_MAX - len(letters)))
        return bytes(out)


def cells_needed(word: str) -> int:
    """The cells a board needs to spell ``word``: one a letter, ``qu`` one (the face of
    ``q``).

    >>> cells_needed("tea"), cells_needed("quaqua"), cells_needed("qat")
    (3, 4, 3)
    """
    return len(word) - word.count("qu")


def fitting_words(lexicon: Lexicon, cells: int | None) -> Sequence[str]:
    """The words of ``lexicon`` that fit a board of ``cells`` cells (all of them for
    ``None``), in the list's order.  A longer word is never found on such a board, and the
    trie of the others is what listing a class's paths walks: the 3x3 proof's (ENABLE2K:
    106,077 of its 173,528 words) lists its paths with fewer steps into prefixes of words
    too long for the board.

    >>> fitting_words(Lexicon.from_words(["tea", "teas", "quest"]), 4)
    ['quest', 'tea', 'teas']
    >>> fitting_words(Lexicon.from_words(["tea", "teas", "quest"]), 3)
    ['tea']
    """
    if cells is None:
        return lexicon.words
    return [word for word in lexicon.words if cells_needed(word) <= cells]


def merged_words(
    lexicon: Lexicon, rules: Rules, codes: dict[str, int], cells: int | None = None
) -> tuple[bytes, bytes, bytes]:
    """The words that score as ``ClassBound`` takes them when rare letters share one code:
    their codes one after the other, in code order; the native uint32 offsets of each
    word's codes; each word's points (native int32), the sum of the points of every word
    spelled with those codes; with ``cells``, only the words that fit a board of that many
    cells (:func:`fitting_words`).

    >>> from boggle.model.rules import CLASSIC
    >>> letters, _, points = merged_words(
    ...     Lexicon.from_words(["aźb", "ażb", "ab"]), CLASSIC, {"a": 0, "b": 1, "ź": 30, "ż": 30})
    >>> letters, list(array("i", points))
    (b'\\x00\\x1e\\x01', [2])
    """
    merged: dict[bytes, int] = {}
    for word in fitting_words(lexicon, cells):
        points = rules.points(word)
        if points > 0:
            key = bytes(codes[letter] for letter in word)
            merged[key] = merged.get(key, 0) + points
    spelled = sorted(merged)
    offsets = array("I", [0])
    offsets.extend(accumulate(map(len, spelled)))
    points_of = array("i", [merged[key] for key in spelled])
    return b"".join(spelled), offsets.tobytes(), points_of.tobytes()


MAX_TREE_BOUND = 2**31 - 1
"""The largest bound the prover's trees hold (32-bit, ``tree.h``): a class whose bound could
pass it would wrap round and be dropped with boards above the threshold in it."""

SAFE_POINTS = 11
"""The most points a word may score for a class's bound to be taken as within
:data:`MAX_TREE_BOUND` unchecked (the classic and big tables' 11: a 5x5 class's tree bound is
about 10^5); past it each class's max bound (64-bit) is checked first (:meth:`Prover.run`)."""


class Prover:
    """A word list and rules compiled for class bounds and exact scores; a class giving more
    than ``max_boards`` boards is refused (:func:`too_many_boards`) as soon as it does, and
    one whose work would take more than ``class_memory`` bytes is proved in parts
    (``None``: the default of each class's board size, :func:`default_class_memory`).
    With ``cells``, only the words that fit a board of that many cells are compiled
    (:func:`fitting_words`: the same bounds and boards, fewer steps listing a class's
    paths), and classes of larger boards are refused."""

    def __init__(
        self,
        lexicon: Lexicon,
        rules: Rules,
        max_boards: int = MAX_BOARDS,
        class_memory: int | None = None,
        cells: int | None = None,
    ) -> None:
        check_prover_limits(max_boards, class_memory)
        if cells is not None:
            whole_number("cells", cells, at_least=1)
        self.cells = cells
        self.max_boards = max_boards
        self.class_memory = class_memory
        self.lexicon = lexicon
        self.rules = rules
        proof = ProofFaces.of(lexicon)
        check_problem(rules, 0)
        self.scorer = Scorer(lexicon, rules)
        self.faces = proof.faces
        self.rare = proof.rare
        self.face_id = {("q" if face == "qu" else face): k for k, face in enumerate(self.faces)}
        self.face_id.update(dict.fromkeys(self.rare, len(self.faces) - 1))
        if self.rare:
            letters, offsets, word_points = merged_words(lexicon, rules, proof.codes, cells)
            face_letters = proof.face_letters()
            extra: tuple[bytes, ...] = (word_points,)
        else:
            table = {ord(letter): code for letter, code in proof.codes.items()}
            words = fitting_words(lexicon, cells)
            letters = "".join(words).translate(table).encode("latin-1")
            in_order = array("I", [0])
            in_order.extend(accumulate(map(len, words)))
            offsets = in_order.tobytes()
            face_letters = b"".join(self.scorer.encode_face(face) for face in self.faces)
            extra = ()
        self.bound = ClassBound(
            letters, offsets, rules.min_length, self.scorer.points, face_letters, *extra
        )

    def with_limits(self, max_boards: int, class_memory: int | None) -> Prover:
        """This prover with other limits, sharing its compiled word list and bound (the trees
        and buffers its classes left for the next ones).

        >>> from boggle.model.rules import CLASSIC
        >>> prover = Prover(Lexicon.from_words(["tea", "eat"]), CLASSIC)
        >>> other = prover.with_limits(10, 1_000_000)
        >>> (other.max_boards, other.bound is prover.bound, prover.max_boards == MAX_BOARDS)
        (10, True, True)
        """
        check_prover_limits(max_boards, class_memory)
        other = copy.copy(self)
        other.max_boards = max_boards
        other.class_memory = class_memory
        return other

    def memory_for(self, rows: int, cols: int) -> int:
        """The memory cap (bytes) of a class of a ``rows`` x ``cols`` board: ``class_memory``,
        or the default of the board's size where that is ``None``.

        >>> from boggle.model.rules import CLASSIC
        >>> prover = Prover(Lexicon.from_words(["tea"]), CLASSIC)
        >>> prover.memory_for(3, 4), prover.memory_for(4, 4)
        (800000000, 400000000)
        >>> prover.with_limits(MAX_BOARDS, 0).memory_for(3, 4)
        0
        """
        if self.class_memory is None:
            return default_class_memory(rows, cols)
        return self.class_memory

    def check_size(self, rows: int, cols: int) -> None:
        """:class:`BoggleError` when a ``rows`` x ``cols`` board has more cells than the
        words compiled fit (``cells``).

        >>> from boggle.model.rules import CLASSIC
        >>> prover = Prover(Lexicon.from_words(["tea"]), CLASSIC, cells=9)
        >>> prover.check_size(3, 3)
        >>> prover.check_size(3, 4)
        Traceback (most recent call last):
        ...
        boggle.model.errors.BoggleError: this prover holds the words of 9 cells at most, not 3x4
        """
        if self.cells is not None and rows * cols > self.cells:
            raise BoggleError(
                f"this prover holds the words of {self.cells} cells at most, not {rows}x{cols}"
            )

    def masks(self, cells: Iterable[str]) -> bytes:
        """Each cell's letters as a bit mask of face ids."""
        try:
            masks = [sum(1 << face for face in {self.face_id[c] for c in cell}) for cell in cells]
        except KeyError as error:
            raise BoggleError(f"letter {error.args[0]!r} is not in the word list") from None
        return array("I", masks).tobytes()

    def class_bound(self, rows: int, cols: int, cells: Iterable[str]) -> int:
        """The max bound of a class (a depth-first search, no tree)."""
        self.check_size(rows, cols)
        return int(self.bound.bound(self.masks(cells), rows, cols))

    def class_bytes(self, rows: int, cols: int, cells: Iterable[str]) -> int:
        """The memory the class's work is estimated to take whole (bytes): its tree's
        records, counted without building it, times ``bytes_per_record(rows * cols,
        WALK_CELLS)`` (the cap's estimate of a record's share: fewer bytes where few cells
        are forced by merging).

        >>> from boggle.model.rules import CLASSIC
        >>> prover = Prover(Lexicon.from_words(["tea", "eat"]), CLASSIC)
        >>> prover.class_bytes(1, 3, ["t", "e", "a"]) // bytes_per_record(3, WALK_CELLS)  # tea
        1
        """
        self.check_size(rows, cols)
        records = int(self.bound.class_records(self.masks(cells), rows, cols))
        return records * bytes_per_record(rows * cols, WALK_CELLS)

    def tree_bound(self, rows: int, cols: int, cells: Iterable[str]) -> int:
        """The bound of the class's orderly sum/choice tree (usually far below the max bound)."""
        self.check_size(rows, cols)
        cells = tuple(cells)
        order = self.order(rows, cols, cells)
        return int(self.bound.tree_bound(self.masks(cells), rows, cols, order))

    @staticmethod
    def order(rows: int, cols: int, cells: Sequence[str]) -> bytes:
        """The split order: by the cells' letter counts, except where the whole class is
        walked (``WALK_CELLS``): there one order for every class, so that the trees of path
        groups built for one class serve the next (``tree_build.c``).

        >>> list(Prover.order(3, 3, ["ab", "a", "a", "a", "a", "a", "a", "a", "a"]))
        [4, 1, 3, 5, 7, 0, 2, 6, 8]
        """
        if rows * cols <= WALK_CELLS:
            return bytes(split_order(rows, cols))
        return bytes(split_order(rows, cols, [len(set(cell)) for cell in cells]))

    def run(self, task: ClassTask) -> ClassResult:
        """Branch and bound over one class; the boards scoring more than ``task.above``."""
        started = time.monotonic()
        self.check_size(task.rows, task.cols)
        if max((points for _, points in self.rules.scoring), default=0) > SAFE_POINTS:
            bound = self.class_bound(task.rows, task.cols, task.cells)  # 64-bit, never below
            if bound > MAX_TREE_BOUND:  # the orderly tree's 32-bit bounds would wrap round
                raise BoggleError(
                    f"the scoring table's points ({Rules.format_scoring(self.rules.scoring)}) "
                    f"are too large for the prover: a class's bound, {grouped(bound)}, passes "
                    f"{grouped(MAX_TREE_BOUND)}; prove with smaller points"
                )
        cap = self.memory_for(task.rows, task.cols)
        order = self.order(task.rows, task.cols, task.cells)
        copies = SYMMETRIES * self.max_boards
        n = task.rows * task.cols
        leaves, bounds, _ = self.bound.tree_search(
            self.masks(task.cells),
            task.rows,
            task.cols,
            task.above,
            order,
            int(task.above * WALK_BELOW),
            WALK_CELLS,
            (copies + 1) * n,
            # the core solves each board whose bound passes and keeps those that score (not
            # with RARE faces: it would solve their merged words)
            not self.rare,
            cap,
            # of a board and its images under the class's own symmetries, the least only (they
            # score alike, and the boards are kept one per symmetry class below); not with RARE
            # faces, whose cells alike as masks may allow different rare letters
            not self.rare,
        )
        if len(leaves) > copies * n:
            raise too_many_boards(self.max_boards, task.above)
        boards = [
            tuple(self.faces[leaves[k + i]] for i in range(n)) for k in range(0, len(leaves), n)
        ]
        if self.rare:
            boards = [real for board in boards for real in self.real_boards(board, task.cells)]
        scores = self.scorer.score_many(boards, task.rows, task.cols)
        kept = {
            board_text(canonical(b, task.rows, task.cols), task.rows, task.cols): s
            for b, s in zip(boards, scores, strict=True)
            if s > task.above
        }
        if len(kept) > self.max_boards:
            raise too_many_boards(self.max_boards, task.above)
        return ClassResult(
            task.index, tuple(sorted(kept.items())), int(bounds), time.monotonic() - started
        )

    def real_boards(self, board: Sequence[str], cells: Sequence[str]) -> Iterator[Faces]:
        """The boards of class ``cells`` that ``board`` stands for: each :data:`RARE` face
        given each rare letter the class allows in its cell.

        >>> from boggle.model.rules import CLASSIC
        >>> words = ["abcdefghijklm", "nopqrstuvwxyz", "mlkjihgfedcba", "zyxwvutsrqpon", "ąćęńóśźż"]
        >>> prover = Prover(Lexicon.from_words(words), CLASSIC)
        >>> prover.rare
        ('ń', 'ś', 'ź', 'ż')
        >>> sorted(prover.real_boards(("a", RARE), ("a", "ąźbń")))
        [('a', 'ń'), ('a', 'ź')]
        """
        choices = [
            (face,)
            if face != RARE
            else self.rare
            if RARE in cell
            else tuple(letter for letter in self.rare if letter in cell)
            for face, cell in zip(board, cells, strict=True)
        ]
        return itertools.product(*choices)


def prove_class(task: ClassTask, lexicon: Lexicon, rules: Rules) -> ClassResult:
    """One top-level class on its own (the unit of work a cluster runs).  ``task`` is a
    :class:`ClassTask`, whose numbers were checked as it was built (its threshold as
    :func:`boggle.search.prove.prove` checks ``above``); they are checked again here, for a
    task that came another way (unpickled, say).

    >>> from boggle.model.rules import CLASSIC
    >>> task = ClassTask(0, 1, 3, ("t", "e", "a"), 0)
    >>> prove_class(task, Lexicon.from_words(["tea"]), CLASSIC).boards
    (('aet/', 1),)
    """
    if not isinstance(task, ClassTask):
        raise TypeError(f"prove_class takes a ClassTask, not {task!r}")
    task.__post_init__()
    return Prover(lexicon, rules, cells=task.rows * task.cols).run(task)
