"""The population method: many climbers at once, every neighbour of every one scored together.

Each step takes the climbers (boards of letters, as indices into the alphabet), makes every
one-edit neighbour of every climber (each cell set to each letter, then each two cells
swapped), scores them all in one batch, and moves each climber to its best neighbour when
that scores more (steepest ascent).  A climber with no better neighbour is at a local
optimum: it is offered to the tracker and, while the search has a time or score goal,
starts again, from a random board or (every other time) from the best board so far with
``kick`` random letters changed.  Climbers that reach the same board up to symmetry are
merged (the later ones start again).  On the gpu engine one step is one launch of about
a million boards; on the native engine the same logic runs in smaller steps.

The step itself (:func:`climb_step`) is library code over NumPy arrays and a *score batch*
function, so it is tested with the native engine as the scorer.

>>> import numpy
>>> from boggle import Lexicon
>>> from boggle.model.rules import CLASSIC
>>> from boggle.search.scorer import Scorer
>>> scorer = Scorer(Lexicon.from_words(["tea", "eat", "ate"]), CLASSIC)
>>> batch = scorer.batch_scorer(("a", "e", "t", "x"), 2, 2)
>>> boards = numpy.array([[3, 3, 3, 3]], dtype=numpy.uint8)  # xxxx
>>> moved, scores, improved = climb_step(boards, batch(boards), batch, 4)
>>> int(scores[0]), bool(improved[0])
(0, False)
>>> boards = numpy.array([[2, 1, 3, 3]], dtype=numpy.uint8)  # te/xx
>>> moved, scores, improved = climb_step(boards, batch(boards), batch, 4)
>>> int(scores[0]) > 0, bool(improved[0])
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from boggle.model.errors import BoggleError
from boggle.search.faces import symmetries
from boggle.search.scorer import Scorer
from boggle.search.space import LetterSpace, Space
from boggle.search.tracker import Tracker

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Boards = npt.NDArray[np.uint8]
    Scores = npt.NDArray[np.int64]

ScoreBatch = Callable[[Any], Any]
"""Scores (int64) of boards given as a (boards, cells) uint8 array of alphabet indices."""


@lru_cache(maxsize=64)
def _swaps(cells: int) -> tuple[Any, Any]:
    import numpy

    first, second = numpy.triu_indices(cells, k=1)
    return first.astype(numpy.intp), second.astype(numpy.intp)


def neighbours_per_board(cells: int, letters: int) -> int:
    """Boards a step scores per climber: every cell set to every letter, every swap.

    >>> neighbours_per_board(25, 26)
    950
    """
    return cells * letters + cells * (cells - 1) // 2


def all_neighbours(boards: Boards, letters: int) -> Boards:
    """Every one-edit neighbour of every board, board by board: ``(climbers * K, cells)``.

    A board's block is each cell set to each letter (its own letter too: the board itself,
    which never scores more), then each pair of cells swapped.

    >>> import numpy
    >>> all_neighbours(numpy.array([[0, 1]], dtype=numpy.uint8), 2).tolist()
    [[0, 1], [1, 1], [0, 0], [0, 1], [1, 0]]
    """
    import numpy

    count, cells = boards.shape
    per_board = neighbours_per_board(cells, letters)
    out = numpy.repeat(boards, per_board, axis=0).reshape(count, per_board, cells)
    settings = out[:, : cells * letters, :].reshape(count, cells, letters, cells)
    cell_index = numpy.arange(cells)
    settings[:, cell_index, :, cell_index] = numpy.arange(letters, dtype=numpy.uint8)
    first, second = _swaps(cells)
    swapped = out[:, cells * letters :, :]
    pairs = numpy.arange(len(first))
    swapped[:, pairs, first] = boards[:, second]
    swapped[:, pairs, second] = boards[:, first]
    return out.reshape(count * per_board, cells)


def climb_step(
    boards: Boards, scores: Scores, score_batch: ScoreBatch, letters: int
) -> tuple[Boards, Scores, npt.NDArray[np.bool_]]:
    """One steepest-ascent step of every climber: its best neighbour when that scores more.

    Returns the boards, their scores and which climbers moved (the others are at a local
    optimum)."""
    import numpy

    count, cells = boards.shape
    per_board = neighbours_per_board(cells, letters)
    candidates = all_neighbours(boards, letters)
    found = numpy.asarray(score_batch(candidates), dtype=numpy.int64).reshape(count, per_board)
    best = found.argmax(axis=1)
    best_scores = found[numpy.arange(count), best]
    improved = best_scores > scores
    moved = boards.copy()
    moved[improved] = candidates.reshape(count, per_board, cells)[improved, best[improved]]
    return moved, numpy.where(improved, best_scores, scores), improved


def symmetry_keys(boards: Boards, rows: int, cols: int) -> npt.NDArray[np.uint64]:
    """A number per board, equal for boards equal up to symmetry (a hash of the smallest
    image; unequal boards share one only by a 64-bit collision, which merely restarts a
    climber)."""
    import numpy

    weights = numpy.random.default_rng(12345).integers(1, 2**63, boards.shape[1], numpy.uint64)
    weights |= numpy.uint64(1)
    images = [
        (boards[:, list(permutation)].astype(numpy.uint64) * weights).sum(
            axis=1, dtype=numpy.uint64
        )
        for permutation in symmetries(rows, cols)
    ]
    keys: npt.NDArray[np.uint64] = numpy.min(numpy.stack(images), axis=0)
    return keys


def default_climbers(scorer: Scorer, cells: int, letters: int) -> int:
    """Climbers whose neighbours fill one of the scorer's batches (a million on the GPU)."""
    return max(4, scorer.batch_width // neighbours_per_board(cells, letters))


def population(
    space: Space,
    scorer: Scorer,
    rng: random.Random,
    tracker: Tracker,
    pool: int | None = None,
    kick: int = 3,
) -> None:
    """Climb ``pool`` boards at once (default: as many as one batch holds) until the goal,
    or without one until every climber has reached a local optimum."""
    import numpy

    if not isinstance(space, LetterSpace):
        raise BoggleError("the population method searches letter boards, not --dice")
    alphabet = space.alphabet
    rows, cols, letters = space.rows, space.cols, len(alphabet)
    cells = rows * cols
    score_batch = scorer.batch_scorer(alphabet, rows, cols)
    draw = numpy.random.default_rng(rng.getrandbits(64))
    climbers = pool or default_climbers(scorer, cells, letters)
    boards = draw.integers(0, letters, (climbers, cells), dtype=numpy.uint8)
    scores = numpy.asarray(score_batch(boards), dtype=numpy.int64)
    tracker.count(climbers)
    _offer(tracker, alphabet, boards, scores, numpy.ones(climbers, dtype=bool))
    restarts = 0
    while not tracker.done():
        boards, scores, improved = climb_step(boards, scores, score_batch, letters)
        tracker.count(climbers * neighbours_per_board(cells, letters))
        _offer(tracker, alphabet, boards, scores, improved)
        keys = symmetry_keys(boards, rows, cols)
        _, first_seen = numpy.unique(keys, return_index=True)
        repeated = numpy.ones(climbers, dtype=bool)
        repeated[first_seen] = False
        stuck = ~improved | repeated
        if not tracker.restarts:
            if improved.any():
                continue
            return
        again = numpy.flatnonzero(stuck)
        if not len(again):
            continue
        fresh = draw.integers(0, letters, (len(again), cells), dtype=numpy.uint8)
        best = tracker.best()
        if best and kick > 0:
            top = numpy.array([alphabet.index(face) for face in best[0][2]], dtype=numpy.uint8)
            kicked = numpy.flatnonzero(numpy.arange(len(again)) % 2 == restarts % 2)
            fresh[kicked] = top
            for _ in range(kick):
                where = draw.integers(0, cells, len(kicked))
                fresh[kicked, where] = draw.integers(0, letters, len(kicked), dtype=numpy.uint8)
        restarts += 1
        boards[again] = fresh
        scores[again] = numpy.asarray(score_batch(fresh), dtype=numpy.int64)
        tracker.count(len(again))
        _offer(tracker, alphabet, fresh, scores[again], numpy.ones(len(again), dtype=bool))


def _offer(
    tracker: Tracker,
    alphabet: tuple[str, ...],
    boards: Boards,
    scores: Scores,
    chosen: npt.NDArray[np.bool_],
) -> None:
    """Offer the chosen boards that could enter the tracker's best (best first)."""
    import numpy

    kept = tracker.best()
    floor = kept[-1][0] if len(kept) >= tracker.top else None
    mask = chosen if floor is None else chosen & (scores > floor)
    picked = numpy.flatnonzero(mask)
    if len(picked) > 4 * tracker.top:
        picked = picked[numpy.argsort(-scores[picked], kind="stable")[: 4 * tracker.top]]
    for index in picked.tolist():
        faces = tuple(alphabet[code] for code in boards[index].tolist())
        tracker.offer(int(scores[index]), faces, faces)
