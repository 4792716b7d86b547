"""The ``gpu`` engine for batch work: one board per GPU thread, scores only.

The kernel (``kernel.cu`` beside this file) is plain CUDA C++ that also compiles
as ordinary C++: CuPy compiles it with NVRTC for an NVIDIA GPU
(:mod:`boggle.engines.gpu.device`), and :mod:`boggle.engines.gpu.cpu_build`
compiles it with the system C++ compiler, which is how the tests check it on
machines without a GPU.  Both run behind one :class:`KernelScorer`, which reads
the native engine's compiled trie (the same nodes, uploaded once per word list),
encodes boards with the native engine's letter codes (multi-letter faces and
alphabets beyond 31 letters included), scores boards of up to 64 cells, and
scores on the CPU the rare board whose words overflow a thread's word set.

Batch callers name an engine with :func:`batch_engine`: ``native`` (the
default), ``gpu`` (an error naming what is missing when CuPy or a GPU is not
there) or ``auto`` (the GPU when there is one, else ``native``).

>>> batch_engine(None), batch_engine("native")
('native', 'native')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol, cast

from boggle.engines.gpu.source import INSTALL_HINT
from boggle.engines.native import CompiledLexicon, compiled, points_table
from boggle.model.board import Board
from boggle.model.errors import BoardError, EngineError, MissingDependencyError
from boggle.model.rules import Rules, RulesLike, rules_for_size
from boggle.wordlists.lexicon import Lexicon

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MAX_CELLS = 64
"""The largest board the kernel scores (its cells in use are one 64-bit mask)."""

OVERFLOW = -(2**63)
"""A kernel score meaning: more words than the thread's word set holds (scored on the CPU)."""

BATCH_ENGINES = ("native", "gpu", "auto")
"""The engines of the batch commands (``score``, ``stats``, ``search``)."""


class KernelRunner(Protocol):
    """Where the kernel runs: the GPU through CuPy, or the CPU build.

    Arrays are the runner's own (CuPy on the GPU, NumPy for the CPU build); ``xp`` is
    their module, so the host logic around the kernels is written once for both."""

    name: str
    batch_boards: int
    """Boards a launch takes at most (the device's memory and the host's time between)."""

    @property
    def xp(self) -> Any:
        """The array module: ``cupy`` or ``numpy``."""

    def upload(self, array: Any) -> Any:
        """A host (NumPy) array where the kernel reads it."""

    def to_host(self, array: Any) -> Any:
        """A runner array back as a NumPy array."""

    def launch(self, kernel: str, items: int, *arguments: Any) -> None:
        """Run ``kernel`` over items ``0 .. items - 1`` (asynchronously on the GPU, on the
        current stream); ``arguments`` as :data:`KERNEL_SIGNATURES` says."""

    def stream(self, index: int) -> AbstractContextManager[Any]:
        """Work launched inside goes to stream ``index`` (0 or 1), so two can overlap."""

    def synchronize(self) -> None:
        """Wait until the launched work is done."""


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise MissingDependencyError(
            "the gpu engine needs NumPy and CuPy; " + INSTALL_HINT
        ) from None
    return numpy


TRIE_PADDING = 4096
"""Empty nodes after the trie's own: a kernel variant copies the trie's first nodes into
shared memory (``BG_SHARED_TOP``, at most this many) without knowing how many there are."""


def trie_nodes(core: CompiledLexicon) -> npt.NDArray[np.uint32]:
    """The native trie's nodes as the kernel reads them: (letters mask, first child) pairs,
    then :data:`TRIE_PADDING` empty ones."""
    numpy = _numpy()
    image = numpy.frombuffer(core.trie.image(), dtype=numpy.uint32)
    header, count = 6, int(image[3])
    nodes = numpy.zeros(2 * (count + TRIE_PADDING), dtype=numpy.uint32)
    nodes[: 2 * count] = image[header : header + 2 * count]
    return cast("npt.NDArray[np.uint32]", nodes)


@lru_cache(maxsize=64)
def neighbour_masks(rows: int, cols: int) -> npt.NDArray[np.uint64]:
    """Each cell's neighbours as a mask of cells (bit ``i``: cell ``i``).

    >>> [bin(mask) for mask in neighbour_masks(2, 2).tolist()]
    ['0b1110', '0b1101', '0b1011', '0b111']
    """
    numpy = _numpy()
    masks = numpy.zeros(rows * cols, dtype=numpy.uint64)
    for r in range(rows):
        for c in range(cols):
            bits = sum(
                1 << ((r + dr) * cols + c + dc)
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
            )
            masks[r * cols + c] = bits
    masks.flags.writeable = False
    return cast("npt.NDArray[np.uint64]", masks)


def kernel_points(rules: Rules, longest: int) -> npt.NDArray[np.int32]:
    """Points by letters for words of up to ``longest`` letters, 0 below the shortest word."""
    numpy = _numpy()
    given = points_table(rules, longest)
    top = len(given) - 1
    table = [0 if k < rules.min_length else given[min(k, top)] for k in range(longest + 2)]
    return cast("npt.NDArray[np.int32]", numpy.array(table, dtype=numpy.int32))


def _rules_for(rules: RulesLike, rows: int, cols: int) -> Rules:
    return rules_for_size(rules, rows, cols)


class KernelScorer:
    """The kernel over one word list on one runner: scores of boards and of board lines.

    >>> from boggle.engines.gpu.cpu_build import cpu_build_or_none
    >>> from boggle.model.rules import CLASSIC
    >>> runner = cpu_build_or_none()
    >>> lexicon = Lexicon.from_words(["fame", "fax", "moxie"])
    >>> if runner is not None:
    ...     print(KernelScorer(lexicon, runner).score_lines(["fxie amlo ewbx astu", "x!"], CLASSIC))
    [2, None]
    """

    def __init__(self, lexicon: Lexicon, runner: KernelRunner) -> None:
        core = compiled(lexicon)
        if core is None:
            raise EngineError("this word list cannot be compiled for the gpu engine")
        self.core = core
        self.lexicon = lexicon
        self.runner = runner
        self.trie = runner.upload(trie_nodes(core))
        self._letter_table: npt.NDArray[np.uint8] | None = None
        self._letter_known: npt.NDArray[np.bool_] | None = None
        self._tables: dict[tuple[int, int, bytes], tuple[Any, Any]] = {}

    def score_faces(
        self, faces: npt.NDArray[np.uint8], rows: int, cols: int, rules: Rules
    ) -> npt.NDArray[np.int64]:
        """Scores of boards of one shape: ``faces`` holds one row of 4 codes a cell per board.

        Each batch is scored with the small word set first; the boards that fill it go
        again with the large one, and the few that fill even that to the CPU."""
        numpy = _numpy()
        cells = rows * cols
        faces = numpy.ascontiguousarray(faces, dtype=numpy.uint8).reshape(-1, cells * 4)
        if cells > MAX_CELLS:
            return self._score_on_cpu(faces, rows, cols, rules)
        runner = self.runner
        scores = numpy.empty(len(faces), dtype=numpy.int64)
        for first in range(0, len(faces), runner.batch_boards):
            batch = faces[first : first + runner.batch_boards]
            found = self.score_on_runner(runner.upload(batch), rows, cols, rules)
            scores[first : first + len(batch)] = runner.to_host(found)
        for index in numpy.flatnonzero(scores == OVERFLOW).tolist():
            scores[index] = self._score_on_cpu(faces[index : index + 1], rows, cols, rules)[0]
        return cast("npt.NDArray[np.int64]", scores)

    def score_indexed(
        self, boards: Any, table: npt.NDArray[np.uint8], rows: int, cols: int, rules: Rules
    ) -> npt.NDArray[np.int64]:
        """Scores of boards given as a (boards, cells) uint8 array of indices into
        ``table`` (each face's 4 codes): the faces are looked up on the runner."""
        numpy = _numpy()
        runner, xp = self.runner, self.runner.xp
        boards = numpy.ascontiguousarray(boards, dtype=numpy.uint8)
        on_runner = runner.upload(numpy.ascontiguousarray(table, dtype=numpy.uint8))
        scores = numpy.empty(len(boards), dtype=numpy.int64)
        for first in range(0, len(boards), runner.batch_boards):
            part = runner.upload(boards[first : first + runner.batch_boards])
            faces = xp.ascontiguousarray(on_runner[part.astype(xp.int32)])
            found = self.score_on_runner(faces, rows, cols, rules)
            scores[first : first + len(part)] = runner.to_host(found)
        for index in numpy.flatnonzero(scores == OVERFLOW).tolist():
            faces = table[boards[index]].reshape(1, -1)
            scores[index] = self._score_on_cpu(faces, rows, cols, rules)[0]
        return cast("npt.NDArray[np.int64]", scores)

    def score_on_runner(self, faces: Any, rows: int, cols: int, rules: Rules) -> Any:
        """Scores (a runner array) of boards already on the runner (``faces``: 4 codes a
        cell, one row or 32-bit words a board): the small word set first, the boards that
        fill it again with the large one; ``OVERFLOW`` where even that is full."""
        runner, xp = self.runner, self.runner.xp
        cells = rows * cols
        points = kernel_points(rules, self.core.longest)
        near, table = self._shape_tables(rows, cols, points)
        count = faces.size * faces.itemsize // (cells * 4)
        found = xp.empty(count, dtype=xp.int64)
        arguments = (cells, near, table, len(points))
        runner.launch("bg_score_boards_small", count, self.trie, faces, *arguments, found)
        again = xp.flatnonzero(found == xp.int64(OVERFLOW))
        if len(again):
            rescored = xp.empty(len(again), dtype=xp.int64)
            listed = xp.ascontiguousarray(faces.reshape(count, -1)[again])
            runner.launch(
                "bg_score_boards_large", len(again), self.trie, listed, *arguments, rescored
            )
            found[again] = rescored
        return found

    def _shape_tables(self, rows: int, cols: int, points: npt.NDArray[np.int32]) -> tuple[Any, Any]:
        """The neighbour masks of a shape and a points table, on the runner (kept)."""
        key = (rows, cols, points.tobytes())
        if key not in self._tables:
            runner = self.runner
            self._tables[key] = (runner.upload(neighbour_masks(rows, cols)), runner.upload(points))
        return self._tables[key]

    def _score_on_cpu(
        self, faces: npt.NDArray[np.uint8], rows: int, cols: int, rules: Rules
    ) -> npt.NDArray[np.int64]:
        numpy = _numpy()
        points = points_table(rules, self.core.longest)
        scores = [
            self.core.trie.solve(row.tobytes(), rows, cols, rules.min_length, points, False)
            for row in faces
        ]
        return cast("npt.NDArray[np.int64]", numpy.array(scores, dtype=numpy.int64))

    def score_boards(self, boards: Sequence[Board], rules: RulesLike) -> list[int]:
        """The score of each board (any shapes), in order."""
        scores: list[int] = [0] * len(boards)
        groups: dict[tuple[int, int], list[int]] = {}
        for index, board in enumerate(boards):
            groups.setdefault((board.rows, board.cols), []).append(index)
        numpy = _numpy()
        for (rows, cols), indices in groups.items():
            shape_rules = _rules_for(rules, rows, cols)
            encoded = [self.core.encode_board(boards[i]) for i in indices]
            kernel = [i for i, code in zip(indices, encoded, strict=True) if code is not None]
            data = b"".join(code for code in encoded if code is not None)
            if kernel:
                faces = numpy.frombuffer(data, dtype=numpy.uint8)
                found = self.score_faces(faces, rows, cols, shape_rules).tolist()
                for i, score in zip(kernel, found, strict=True):
                    scores[i] = score
            for i, code in zip(indices, encoded, strict=True):
                if code is None:  # a face whose letters do not fit the codes: the native path
                    from boggle.engines.native import score_native

                    scores[i] = score_native(boards[i], self.lexicon, shape_rules)
        return scores

    def score_lines(self, lines: Sequence[str], rules: RulesLike) -> list[int | None]:
        """The score of each line (a board in compact form; ``None``: not a board).

        Lines of plain letters (``fxieamloewbxastu``, ``fxie amlo ewbx astu``,
        ``abc/def``) are read in bulk with NumPy; any other line by :class:`Board`.
        """
        scores: list[int | None] = [None] * len(lines)
        by_length: dict[int, list[int]] = {}
        for index, line in enumerate(lines):
            by_length.setdefault(len(line), []).append(index)
        others: list[int] = []
        for length, indices in by_length.items():
            others += self._score_plain(lines, indices, length, rules, scores)
        boards: list[Board] = []
        placed: list[int] = []
        for index in others:
            try:
                boards.append(Board.parse(lines[index]))
            except BoardError:
                continue
            placed.append(index)
        for index, score in zip(placed, self.score_boards(boards, rules), strict=True):
            scores[index] = score
        return scores

    def _letters(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
        """Face codes by ASCII byte (``q`` reads ``qu``), and which bytes are such letters."""
        if self._letter_table is None or self._letter_known is None:
            numpy = _numpy()
            table = numpy.zeros((256, 4), dtype=numpy.uint8)
            known = numpy.zeros(256, dtype=bool)
            for letter in "abcdefghijklmnopqrstuvwxyz":
                code = self.core.encode_face("qu" if letter == "q" else letter)
                if code is not None:
                    for byte in (ord(letter), ord(letter.upper())):
                        table[byte] = numpy.frombuffer(code, dtype=numpy.uint8)
                        known[byte] = True
            self._letter_table, self._letter_known = table, known
        return self._letter_table, self._letter_known

    def _score_plain(
        self,
        lines: Sequence[str],
        indices: list[int],
        length: int,
        rules: RulesLike,
        scores: list[int | None],
    ) -> list[int]:
        """Score the lines of ``indices`` (all ``length`` characters) that are plain
        letters in one layout; returns the indices left for the full parser."""
        text = "".join(lines[i] for i in indices)
        if not text.isascii() or length == 0:
            return indices
        numpy = _numpy()
        grid = numpy.frombuffer(text.encode("ascii"), dtype=numpy.uint8).reshape(
            len(indices), length
        )
        table, known = self._letters()
        left = numpy.ones(len(indices), dtype=bool)
        for rows, cols, letter_columns in _layouts(length):
            if rows * cols > MAX_CELLS:
                continue
            letters = grid[:, letter_columns]
            fits = left & known[letters].all(axis=1)
            separators = numpy.delete(grid, letter_columns, axis=1)
            if separators.shape[1]:
                fits &= ((separators == ord(" ")) | (separators == ord("/"))).all(axis=1)
                fits &= (separators == separators[:, :1]).all(axis=1)
            chosen = numpy.flatnonzero(fits)
            if not len(chosen):
                continue
            faces = table[letters[chosen]].reshape(len(chosen), rows * cols * 4)
            found = self.score_faces(faces, rows, cols, _rules_for(rules, rows, cols)).tolist()
            for position, score in zip(chosen.tolist(), found, strict=True):
                scores[indices[position]] = score
            left[chosen] = False
        return [indices[position] for position in numpy.flatnonzero(left).tolist()]


@lru_cache(maxsize=256)
def _layouts(length: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """The plain layouts of a line of ``length`` characters: a square of letters, or
    rows of equal length with one separator between them (rows, cols, letter columns).

    >>> _layouts(7)
    ((4, 1, (0, 2, 4, 6)), (2, 3, (0, 1, 2, 4, 5, 6)))
    """
    layouts: list[tuple[int, int, tuple[int, ...]]] = []
    side = math.isqrt(length)
    if side * side == length:
        layouts.append((side, side, tuple(range(length))))
    for cols in range(1, length):
        if (length + 1) % (cols + 1) == 0 and (rows := (length + 1) // (cols + 1)) > 1:
            columns = tuple(i for i in range(length) if i % (cols + 1) != cols)
            layouts.append((rows, cols, columns))
    return tuple(layouts)


def gpu_missing() -> str | None:
    """Why the GPU cannot run here (one line, with how to fix it), or ``None`` when it can."""
    from boggle.engines.gpu.device import device_missing

    return device_missing()


def batch_engine(name: str | None) -> str:
    """The batch engine a name asks for: ``native`` or ``gpu`` (``auto``: the GPU when present).

    Raises :class:`MissingDependencyError` for ``gpu`` without CuPy or a GPU, and
    :class:`EngineError` for a name the batch commands do not run.
    """
    if name in (None, "native"):
        return "native"
    if name not in BATCH_ENGINES:
        raise EngineError(
            f"batch scoring runs the engines {', '.join(BATCH_ENGINES)}, not {name!r}"
        )
    missing = gpu_missing()
    if name == "auto":
        return "native" if missing else "gpu"
    if missing:
        raise MissingDependencyError(missing, remedy="native_engine")
    return "gpu"


def device_scorer(lexicon: Lexicon) -> KernelScorer:
    """The GPU scorer of ``lexicon``, its trie uploaded once and kept with the word list."""
    from boggle.engines.gpu.device import device_runner

    def build(lex: Lexicon) -> KernelScorer:
        return KernelScorer(lex, device_runner())

    compiled(lexicon)  # cached first: building the scorer inside cached() must not lock twice
    scorer: KernelScorer = lexicon.cached("gpu", build)
    return scorer


def score_lines_on_gpu(
    lines: Iterable[str], lexicon: Lexicon, rules: RulesLike
) -> list[int | None]:
    """:meth:`KernelScorer.score_lines` on the GPU."""
    return device_scorer(lexicon).score_lines(list(lines), rules)
