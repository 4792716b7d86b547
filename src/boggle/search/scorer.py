"""Scoring search boards fast: one compiled word list, boards as face tuples.

:class:`Scorer` holds the compiled trie of a lexicon and the points of some
rules.  It scores one board, a batch of boards of one shape, or every
one-edit neighbour of a board in a single call into C.

>>> from boggle import Lexicon
>>> from boggle.model.rules import CLASSIC
>>> scorer = Scorer(Lexicon.from_words(["tea", "eat", "ate"]), CLASSIC)
>>> scorer.score(("t", "e", "a", "x"), 2, 2)
3
>>> scorer.score_many([("t", "e", "a", "x"), ("x", "x", "x", "x")], 2, 2)
[3, 0]
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

from boggle.engines.gpu import KernelScorer, device_scorer
from boggle.engines.native import CompiledLexicon, compiled, points_table
from boggle.model.errors import BoggleError
from boggle.model.rules import Rules
from boggle.search.faces import Faces, apply_edit, neighbour_edits
from boggle.wordlists.lexicon import Lexicon


class Scorer:
    """The score of boards of faces under one lexicon and rules."""

    batch_width = 1 << 14
    """Boards a batch of the population method holds (``search.population``)."""

    def __init__(self, lexicon: Lexicon, rules: Rules) -> None:
        core = compiled(lexicon)
        if core is None:
            raise BoggleError("this word list cannot be compiled for the core")
        self.core: CompiledLexicon = core
        self.lexicon = lexicon
        self.rules = rules
        self.points = points_table(rules, core.longest)
        self.boards_scored = 0

    def encode_face(self, face: str) -> bytes:
        """One face as the core's letter codes, 4 bytes."""
        code = self.core.encode_face(face)
        if code is None:
            raise BoggleError(f"face {face!r} is too long for this word list's letter codes")
        return code

    def encode(self, faces: Sequence[str]) -> bytes:
        """The faces as the core's letter codes, 4 bytes per cell."""
        return b"".join(map(self.encode_face, faces))

    def score(self, faces: Sequence[str], rows: int, cols: int) -> int:
        """The score of one board."""
        self.boards_scored += 1
        return self.core.trie.solve(
            self.encode(faces), rows, cols, self.rules.min_length, self.points, False
        )

    def score_many(self, boards: Sequence[Sequence[str]], rows: int, cols: int) -> list[int]:
        """The scores of boards of one shape, in one call."""
        if not boards:
            return []
        data = b"".join(self.encode(faces) for faces in boards)
        scores = self.core.trie.score_boards(data, rows, cols, self.rules.min_length, self.points)
        self.boards_scored += len(boards)
        return array("q", scores).tolist()  # 64-bit: no score wraps

    def score_neighbours(
        self, faces: Faces, rows: int, cols: int, alphabet: Sequence[str]
    ) -> array[int]:
        """Scores of every one-edit neighbour, in ``grid.neighbour_edits`` order."""
        alternatives = b"".join(map(self.encode_face, alphabet))
        scores = self.core.trie.score_neighbours(
            self.encode(faces), rows, cols, alternatives, self.rules.min_length, self.points
        )
        result = array("q", scores)
        self.boards_scored += len(result)
        return result

    def face_table(self, alphabet: Sequence[str]) -> Any:
        """The core's 4 codes of each face of ``alphabet``: a (faces, 4) uint8 array."""
        import numpy

        data = b"".join(map(self.encode_face, alphabet))
        return numpy.frombuffer(data, dtype=numpy.uint8).reshape(len(alphabet), 4)

    def batch_scorer(self, alphabet: Sequence[str], rows: int, cols: int) -> Callable[[Any], Any]:
        """Scores of boards given as a (boards, cells) uint8 array of indices into
        ``alphabet``, in one call into the core (an int64 array)."""
        import numpy

        table = self.face_table(alphabet)

        def score(boards: Any) -> Any:
            data = table[boards].tobytes()
            found = self.core.trie.score_boards(
                data, rows, cols, self.rules.min_length, self.points
            )
            self.boards_scored += len(boards)
            return numpy.frombuffer(found, dtype=numpy.int64)

        return score


class KernelSearchScorer(Scorer):
    """A :class:`Scorer` whose batches (pools, every neighbour of a board) go to the gpu
    engine's kernel in one launch; single boards stay on the native core."""

    batch_width = 1 << 20

    def __init__(self, lexicon: Lexicon, rules: Rules, kernel: KernelScorer) -> None:
        super().__init__(lexicon, rules)
        self.kernel = kernel

    def batch_scorer(self, alphabet: Sequence[str], rows: int, cols: int) -> Callable[[Any], Any]:
        table = self.face_table(alphabet)

        def score(boards: Any) -> Any:
            self.boards_scored += len(boards)
            return self.kernel.score_indexed(boards, table, rows, cols, self.rules)

        return score

    def _kernel_scores(self, data: bytes, rows: int, cols: int) -> list[int]:
        import numpy

        faces = numpy.frombuffer(data, dtype=numpy.uint8)
        scores: list[int] = self.kernel.score_faces(faces, rows, cols, self.rules).tolist()
        self.boards_scored += len(scores)
        return scores

    def score_many(self, boards: Sequence[Sequence[str]], rows: int, cols: int) -> list[int]:
        if not boards:
            return []
        return self._kernel_scores(b"".join(map(self.encode, boards)), rows, cols)

    def score_neighbours(
        self, faces: Faces, rows: int, cols: int, alphabet: Sequence[str]
    ) -> array[int]:
        boards = [apply_edit(faces, edit) for edit in neighbour_edits(faces, alphabet)]
        return array("i", self.score_many(boards, rows, cols))


def make_scorer(lexicon: Lexicon, rules: Rules, engine: str = "native") -> Scorer:
    """The scorer of an engine: ``native`` (the core) or ``gpu`` (the kernel on the GPU)."""
    if engine == "gpu":
        return KernelSearchScorer(lexicon, rules, device_scorer(lexicon))
    return Scorer(lexicon, rules)
