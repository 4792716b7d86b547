"""Wide searches: many boards climbed at once, every neighbour of each scored in one batch.

Two methods, both over NumPy arrays of boards (letters as indices into the alphabet) and
a *score batch* function (boards in, scores out), so both are library code tested with
the native engine as the scorer; on the gpu engine one step is one launch of up to about
a million boards.  Every one-edit neighbour is each cell set to each letter, then each
two cells swapped.

* :func:`population` (``--method population``, the gpu engine's default): thousands of
  steepest-ascent climbers; each step moves every climber to its best neighbour when that
  scores more (:func:`climb_step`).  A climber at a local optimum, or one that meets
  another up to symmetry, starts again while the search has a time or score goal: from a
  random board, or every other time from the best board so far with ``kick`` random
  letters changed.  Measured on an H200: ENABLE2K's best 5x5 board (10,406) in about 35 s.
* :func:`pools` (``--method pools``): the pool climber of
  :func:`boggle.search.local.hillclimb` made wide: ``groups`` pools of ``pool`` boards,
  each step scoring every neighbour of every board that entered a pool on the last step
  and keeping in each pool its ``pool`` best distinct boards (:func:`pool_step`); a pool
  that no longer changes starts again as a climber does.

>>> import numpy
>>> from boggle import Lexicon
>>> from boggle.model.rules import CLASSIC
>>> from boggle.search.scorer import Scorer
>>> scorer = Scorer(Lexicon.from_words(["tea", "eat", "ate"]), CLASSIC)
>>> batch = scorer.batch_scorer(("a", "e", "t", "x"), 2, 2)
>>> boards = numpy.array([[[2, 1, 3, 3], [3, 3, 3, 3]]], dtype=numpy.uint8)  # te/xx, xx/xx
>>> scores = batch(boards.reshape(2, 4)).reshape(1, 2)
>>> fresh = numpy.ones((1, 2), dtype=bool)
>>> boards, scores, fresh, scored = pool_step(boards, scores, fresh, batch, 4, 2, 2)
>>> scores.tolist(), scored
([[3, 3]], 44)
>>> moved, climbed, improved = climb_step(numpy.array([[2, 1, 3, 3]], dtype=numpy.uint8),
...                                       numpy.array([1]), batch, 4)
>>> climbed.tolist(), improved.tolist()
([3], [True])
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
        raise BoggleError("the population method searches letter boards, not boards of dice")
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


def default_groups(scorer: Scorer, pool: int, cells: int, letters: int) -> int:
    """Pools whose neighbours fill one of the scorer's batches (a million boards on the GPU)."""
    return max(1, scorer.batch_width // (pool * neighbours_per_board(cells, letters)))


def _make_distinct(draw: Any, boards: Boards, rows: int, cols: int, letters: int) -> None:
    """Redraw (at random) the boards of each pool that repeat an earlier one up to symmetry."""
    import numpy

    groups, pool, cells = boards.shape
    while True:
        keys = symmetry_keys(boards.reshape(-1, cells), rows, cols)
        group = numpy.repeat(numpy.arange(groups), pool)
        order = numpy.lexsort((numpy.arange(len(keys)), keys, group))
        repeated = numpy.zeros(len(keys), dtype=bool)
        same = (group[order][1:] == group[order][:-1]) & (keys[order][1:] == keys[order][:-1])
        repeated[order[1:][same]] = True
        if not repeated.any():
            return
        flat = boards.reshape(-1, cells)
        flat[repeated] = draw.integers(0, letters, (int(repeated.sum()), cells), dtype=numpy.uint8)


def pools(
    space: Space,
    scorer: Scorer,
    rng: random.Random,
    tracker: Tracker,
    pool: int = 20,
    groups: int | None = None,
    kick: int = 3,
) -> None:
    """Pool hill climbing in ``groups`` pools of ``pool`` boards at once (default: as many
    pools as one batch holds), every neighbour of every new member of every pool scored in
    one batch; each pool keeps its ``pool`` best distinct boards (up to symmetry).  A pool
    that no longer changes has converged: with a time or score goal it starts again (from
    random boards, or every other time from the best board so far with ``kick`` random
    letters changed); without one the search ends when every pool has converged."""
    import numpy

    if not isinstance(space, LetterSpace):
        raise BoggleError("the pools method searches letter boards, not boards of dice")
    alphabet = space.alphabet
    rows, cols, letters = space.rows, space.cols, len(alphabet)
    cells = rows * cols
    score_batch = scorer.batch_scorer(alphabet, rows, cols)
    draw = numpy.random.default_rng(rng.getrandbits(64))
    count = groups or default_groups(scorer, pool, cells, letters)
    boards = draw.integers(0, letters, (count, pool, cells), dtype=numpy.uint8)
    _make_distinct(draw, boards, rows, cols, letters)
    scores = _scored(score_batch, boards, tracker)
    fresh = numpy.ones((count, pool), dtype=bool)
    _offer(tracker, alphabet, boards.reshape(-1, cells), scores.reshape(-1), fresh.reshape(-1))
    restarts = 0
    while not tracker.done():
        step = pool_step(boards, scores, fresh, score_batch, letters, rows, cols)
        boards, scores, fresh, scored = step
        tracker.count(scored)
        flat_boards, flat_fresh = boards.reshape(-1, cells), fresh.reshape(-1)
        _offer(tracker, alphabet, flat_boards, scores.reshape(-1), flat_fresh)
        converged = ~fresh.any(axis=1)
        if not converged.any():
            continue
        if not tracker.restarts:
            if converged.all():
                return
            continue
        again = numpy.flatnonzero(converged)
        starts = draw.integers(0, letters, (len(again), pool, cells), dtype=numpy.uint8)
        best = tracker.best()
        if best and kick > 0 and restarts % 2:
            top = numpy.array([alphabet.index(face) for face in best[0][2]], dtype=numpy.uint8)
            starts[:] = top
            flat = starts.reshape(-1, cells)
            for _ in range(kick):
                where = draw.integers(0, cells, len(flat))
                flat[numpy.arange(len(flat)), where] = draw.integers(
                    0, letters, len(flat), dtype=numpy.uint8
                )
        restarts += 1
        _make_distinct(draw, starts, rows, cols, letters)
        boards[again] = starts
        scores[again] = _scored(score_batch, starts, tracker)
        fresh[again] = True
        _offer(tracker, alphabet, starts.reshape(-1, cells), scores[again].reshape(-1),
               numpy.ones(starts.shape[0] * pool, dtype=bool))  # fmt: skip


def _scored(score_batch: ScoreBatch, boards: Boards, tracker: Tracker) -> Scores:
    import numpy

    groups, pool, cells = boards.shape
    tracker.count(groups * pool)
    found = numpy.asarray(score_batch(boards.reshape(-1, cells)), dtype=numpy.int64)
    return found.reshape(groups, pool)


def pool_step(
    boards: Boards,
    scores: Scores,
    fresh: npt.NDArray[np.bool_],
    score_batch: ScoreBatch,
    letters: int,
    rows: int,
    cols: int,
) -> tuple[Boards, Scores, npt.NDArray[np.bool_], int]:
    """One step of every pool: the neighbours of its new (``fresh``) members scored in one
    batch, and its ``pool`` best distinct boards (up to symmetry) of members and
    neighbours kept, best first; ``fresh`` then marks the boards that came in.  A member
    expanded once is not expanded again: the pool's lowest score only rises, so its
    neighbours left out once stay out.  The last value is how many boards were scored."""
    import numpy

    groups, pool, cells = boards.shape
    flat = boards.reshape(-1, cells)
    expand = numpy.flatnonzero(fresh.reshape(-1))
    per_board = neighbours_per_board(cells, letters)
    candidates = all_neighbours(flat[expand], letters)
    found = numpy.asarray(score_batch(candidates), dtype=numpy.int64)
    owner = numpy.repeat(expand // pool, per_board)
    floor = scores.min(axis=1)
    keep = found > floor[owner]
    every = numpy.concatenate((flat, candidates[keep]))
    every_scores = numpy.concatenate((scores.reshape(-1), found[keep]))
    every_group = numpy.concatenate((numpy.repeat(numpy.arange(groups), pool), owner[keep]))
    member = numpy.zeros(len(every), dtype=bool)
    member[: groups * pool] = True
    keys = symmetry_keys(every, rows, cols)
    order = numpy.lexsort((~member, keys, every_group))
    first = numpy.ones(len(order), dtype=bool)
    same_group = every_group[order][1:] == every_group[order][:-1]
    first[1:] = ~(same_group & (keys[order][1:] == keys[order][:-1]))
    distinct = order[first]
    ranked = distinct[
        numpy.lexsort((keys[distinct], -every_scores[distinct], every_group[distinct]))
    ]
    group_of = every_group[ranked]
    starts = numpy.searchsorted(group_of, numpy.arange(groups))
    chosen = ranked[numpy.arange(len(ranked)) - starts[group_of] < pool]
    return (
        every[chosen].reshape(groups, pool, cells),
        every_scores[chosen].reshape(groups, pool),
        ~member[chosen].reshape(groups, pool),
        len(candidates),
    )


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
