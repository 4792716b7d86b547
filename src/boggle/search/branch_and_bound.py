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

import time
from array import array
from collections.abc import Iterable, Sequence
from itertools import accumulate

from boggle._native.core import MAX_LETTERS, ClassBound
from boggle.model.errors import BoggleError
from boggle.model.rules import Rules
from boggle.search.classes import ClassTask
from boggle.search.faces import board_text, canonical, split_order
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


MAX_ABOVE = 10**18
"""The largest threshold: beyond any board's score, and ``WALK_BELOW`` times it still fits
the core's 64-bit numbers."""


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
    if not 0 <= above <= MAX_ABOVE:
        raise BoggleError(
            f"above must be between 0 and {MAX_ABOVE:,}, got {above:,}", setting="above"
        )
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


def too_many_boards(limit: int, above: int) -> BoggleError:
    """The error of a proof that passes its ``limit`` of boards."""
    return BoggleError(
        f"more than {limit:,} boards may score above {above}, and a proof keeps at most "
        f"{limit:,}: prove a higher score"
    )


class Prover:
    """A word list and rules compiled for class bounds and exact scores; a class giving more
    than ``max_boards`` boards is refused (:func:`too_many_boards`) as soon as it does."""

    def __init__(self, lexicon: Lexicon, rules: Rules, max_boards: int = MAX_BOARDS) -> None:
        self.max_boards = max_boards
        if len(lexicon.alphabet) > MAX_LETTERS:
            raise BoggleError(f"prove handles word lists of at most {MAX_LETTERS} letters")
        check_problem(rules, 0)
        self.scorer = Scorer(lexicon, rules)
        core = self.scorer.core
        self.faces = letter_alphabet(lexicon)
        self.face_id = {("q" if face == "qu" else face): k for k, face in enumerate(self.faces)}
        words = lexicon.words
        table = {ord(letter): code[0] for letter, code in core.letter_codes.items()}
        letters = "".join(words).translate(table).encode("latin-1")
        offsets = array("I", [0])
        offsets.extend(accumulate(map(len, words)))
        face_letters = b"".join(self.scorer.encode_face(face) for face in self.faces)
        self.bound = ClassBound(
            letters, offsets.tobytes(), rules.min_length, self.scorer.points, face_letters
        )

    def masks(self, cells: Iterable[str]) -> bytes:
        """Each cell's letters as a bit mask of face ids."""
        try:
            masks = [sum(1 << self.face_id[c] for c in set(cell)) for cell in cells]
        except KeyError as error:
            raise BoggleError(f"letter {error.args[0]!r} is not in the word list") from None
        return array("I", masks).tobytes()

    def class_bound(self, rows: int, cols: int, cells: Iterable[str]) -> int:
        """The max bound of a class (a depth-first search, no tree)."""
        return int(self.bound.bound(self.masks(cells), rows, cols))

    def tree_bound(self, rows: int, cols: int, cells: Iterable[str]) -> int:
        """The bound of the class's orderly sum/choice tree (usually far below the max bound)."""
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
            True,  # the core solves each board whose bound passes and keeps those that score
        )
        if len(leaves) > copies * n:
            raise too_many_boards(self.max_boards, task.above)
        boards = [
            tuple(self.faces[leaves[k + i]] for i in range(n)) for k in range(0, len(leaves), n)
        ]
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


def prove_class(task: ClassTask, lexicon: Lexicon, rules: Rules) -> ClassResult:
    """One top-level class on its own (the unit of work a cluster runs)."""
    return Prover(lexicon, rules).run(task)
