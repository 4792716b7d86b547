"""The population method (``boggle.search.population``): its neighbours are the search's
one-edit neighbours, its step moves each climber to its best one, and a search with it
keeps the CPU search's options (seed, target, seconds, canonical best boards)."""

from __future__ import annotations

import random
from collections import Counter

import numpy
import pytest

from boggle import Lexicon
from boggle.engines.native import score_native
from boggle.model.board import Board
from boggle.model.rules import CLASSIC
from boggle.search.faces import apply_edit, canonical, neighbour_edits
from boggle.search.population import (
    all_neighbours,
    climb_step,
    neighbours_per_board,
    pool_step,
    symmetry_keys,
)
from boggle.search.run import search
from boggle.search.scorer import Scorer

ALPHABET = ("a", "e", "qu", "r", "s", "t")
WORDS = ["tea", "eat", "ate", "seat", "east", "rest", "stare", "tears", "quest", "aster"]


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.from_words(WORDS)


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (3, 3), (2, 4)])
def test_the_neighbours_are_the_one_edit_neighbours(rows: int, cols: int) -> None:
    rng = numpy.random.default_rng(rows * 10 + cols)
    boards = rng.integers(0, len(ALPHABET), (5, rows * cols), dtype=numpy.uint8)
    made = all_neighbours(boards, len(ALPHABET))
    per_board = neighbours_per_board(rows * cols, len(ALPHABET))
    assert made.shape == (5 * per_board, rows * cols)
    for k, board in enumerate(boards):
        faces = tuple(ALPHABET[i] for i in board.tolist())
        block = made[k * per_board : (k + 1) * per_board]
        got = Counter(tuple(ALPHABET[i] for i in row) for row in block.tolist())
        expected = Counter(apply_edit(faces, e) for e in neighbour_edits(faces, ALPHABET))
        identical = Counter({faces: got[faces]})
        assert got - identical == expected - Counter({faces: expected[faces]})


def test_a_step_moves_each_climber_to_its_best_neighbour(lexicon: Lexicon) -> None:
    scorer = Scorer(lexicon, CLASSIC)
    batch = scorer.batch_scorer(ALPHABET, 3, 3)
    rng = numpy.random.default_rng(4)
    boards = rng.integers(0, len(ALPHABET), (30, 9), dtype=numpy.uint8)
    scores = batch(boards)
    native = [
        score_native(Board(tuple(ALPHABET[i] for i in row), 3, 3), lexicon, CLASSIC)
        for row in boards.tolist()
    ]
    assert scores.tolist() == native
    moved, new_scores, improved = climb_step(boards, scores, batch, len(ALPHABET))
    for k in range(30):
        faces = tuple(ALPHABET[i] for i in boards[k].tolist())
        best = max(scorer.score_neighbours(faces, 3, 3, ALPHABET))
        assert bool(improved[k]) == (best > scores[k])
        assert new_scores[k] == max(best, scores[k])
        board = Board(tuple(ALPHABET[i] for i in moved[k].tolist()), 3, 3)
        assert score_native(board, lexicon, CLASSIC) == new_scores[k]
    assert improved.any()


def test_a_step_keeps_each_pools_best_distinct_boards(lexicon: Lexicon) -> None:
    """Against a plain reading: a pool's new members are the best distinct boards (up to
    symmetry) of its members and its fresh members' neighbours."""
    scorer = Scorer(lexicon, CLASSIC)
    batch = scorer.batch_scorer(ALPHABET, 3, 3)
    rng = numpy.random.default_rng(4)
    groups, pool = 4, 6
    boards = rng.integers(0, len(ALPHABET), (groups, pool, 9), dtype=numpy.uint8)
    scores = batch(boards.reshape(-1, 9)).reshape(groups, pool)
    order = numpy.argsort(-scores, axis=1, kind="stable")
    boards = numpy.take_along_axis(boards, order[:, :, None], axis=1)
    scores = numpy.take_along_axis(scores, order, axis=1)
    fresh = rng.random((groups, pool)) < 0.6
    new_boards, new_scores, new_fresh, scored = pool_step(
        boards, scores, fresh, batch, len(ALPHABET), 3, 3
    )
    assert scored == int(fresh.sum()) * neighbours_per_board(9, len(ALPHABET))
    for g in range(groups):
        seen: dict[tuple[str, ...], int] = {}
        faces = [tuple(ALPHABET[i] for i in row) for row in boards[g].tolist()]
        for k, row in enumerate(faces):
            seen.setdefault(canonical(row, 3, 3), int(scores[g, k]))
        for k, row in enumerate(faces):
            if fresh[g, k]:
                for edit in neighbour_edits(row, ALPHABET):
                    other = apply_edit(row, edit)
                    name = canonical(other, 3, 3)
                    if name not in seen:
                        board = Board(other, 3, 3)
                        seen[name] = score_native(board, lexicon, CLASSIC)
        expected = sorted(seen.values(), reverse=True)[:pool]
        assert new_scores[g].tolist() == expected
        kept = {canonical(tuple(ALPHABET[i] for i in row), 3, 3) for row in new_boards[g].tolist()}
        assert len(kept) == pool
        for k, row in enumerate(new_boards[g].tolist()):
            board = Board(tuple(ALPHABET[i] for i in row), 3, 3)
            assert score_native(board, lexicon, CLASSIC) == new_scores[g, k]
            name = canonical(tuple(ALPHABET[i] for i in row), 3, 3)
            was_member = name in {canonical(f, 3, 3) for f in faces}
            assert bool(new_fresh[g, k]) == (not was_member)


def test_symmetric_boards_share_a_key() -> None:
    rng = random.Random(1)
    faces = tuple(rng.choice(ALPHABET) for _ in range(16))
    images = {canonical(faces, 4, 4)}
    boards = [faces, faces[::-1], tuple(faces[r * 4 + c] for c in range(4) for r in range(4))]
    codes = numpy.array([[ALPHABET.index(f) for f in b] for b in boards], dtype=numpy.uint8)
    keys = symmetry_keys(codes, 4, 4)
    assert len(set(keys.tolist())) == 1 and len(images) == 1
    others = numpy.random.default_rng(2).integers(0, 6, (500, 16), dtype=numpy.uint8)
    assert len(set(symmetry_keys(others, 4, 4).tolist())) == 500


@pytest.mark.parametrize("method", ["population", "pools"])
def test_a_search_with_a_seed_is_reproducible_and_its_boards_score_so(
    lexicon: Lexicon, method: str
) -> None:
    runs = [
        search(3, 3, lexicon, CLASSIC, method=method, seed=5, pool=8, letters="aeqrst")
        for _ in range(2)
    ]
    assert [b.to_json() for b in runs[0].best] == [b.to_json() for b in runs[1].best]
    assert runs[0].method == method and runs[0].boards_scored > 30
    for found in runs[0].best:
        assert score_native(Board.parse(found.board), lexicon, CLASSIC) == found.score
    boards = [found.board for found in runs[0].best]
    assert len(set(boards)) == len(boards)


@pytest.mark.parametrize("method", ["population", "pools"])
def test_a_target_stops_the_search(lexicon: Lexicon, method: str) -> None:
    result = search(3, 3, lexicon, CLASSIC, method=method, seed=2, target=5, seconds=30, pool=4)
    assert result.best[0].score >= 5 and result.seconds < 30


@pytest.mark.parametrize("method", ["population", "pools"])
def test_seconds_bound_a_search_that_restarts(lexicon: Lexicon, method: str) -> None:
    result = search(4, 4, lexicon, CLASSIC, method=method, seed=3, seconds=1.5, pool=3)
    assert 1.5 <= result.seconds < 60  # stopped by the time (restarting, it would go on)
    assert result.best[0].score > 0


@pytest.mark.parametrize("method", ["population", "pools"])
def test_dice_boards_are_refused(lexicon: Lexicon, method: str) -> None:
    from boggle.model.errors import BoggleError

    with pytest.raises(BoggleError, match="letter boards"):
        search(4, 4, lexicon, CLASSIC, method=method, seed=1, dice="new")
