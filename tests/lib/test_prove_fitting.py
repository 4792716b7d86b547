"""The prover compiles only the words that fit the proof's board (branch_and_bound.py's
``fitting_words``): a longer word is never found on it, so the bounds, bound counts and
boards are those of the whole list, and listing a class's paths takes fewer steps into
prefixes of words too long for the board."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Lexicon
from boggle.model.errors import BoggleError
from boggle.model.rules import CLASSIC
from boggle.search import branch_and_bound
from boggle.search.branch_and_bound import Prover, cells_needed, fitting_words
from boggle.search.classes import ClassTask
from boggle.search.prove import prove

WORDS = [
    "tea", "eat", "ate", "seat", "east", "teas", "quest", "queen", "quit", "quiet",
    "seated", "teasing", "quietest", "statesmen", "aesthetes", "tasteless", "equates",
]  # fmt: skip


def test_cells_needed_counts_qu_as_one_cell() -> None:
    assert [cells_needed(w) for w in ["tea", "quest", "ququ", "qat"]] == [3, 4, 2, 3]


def test_fitting_words_keeps_the_words_of_at_most_cells_cells() -> None:
    lexicon = Lexicon.from_words(WORDS)
    assert fitting_words(lexicon, None) == lexicon.words
    fit = fitting_words(lexicon, 4)
    assert set(fit) == {w for w in WORDS if cells_needed(w) <= 4}
    assert "quest" in fit and "seated" not in fit
    assert list(fit) == sorted(fit, key=lexicon.words.index)  # the list's order


def test_the_proofs_prover_compiles_only_the_words_that_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled: list[bytes] = []
    real = branch_and_bound.ClassBound

    def spy(letters: bytes, *args: Any) -> Any:
        compiled.append(letters)
        return real(letters, *args)

    monkeypatch.setattr(branch_and_bound, "ClassBound", spy)
    lexicon = Lexicon.from_words(WORDS)
    result = prove(2, 2, lexicon, CLASSIC, above=1)
    fit = sum(len(w) for w in WORDS if cells_needed(w) <= 4)
    assert compiled and {len(letters) for letters in compiled} == {fit}
    assert fit < sum(map(len, WORDS))
    assert result.boards  # the 2x2 boards of two 4-letter words (seat and east, say)


def test_a_prover_for_fewer_cells_refuses_a_larger_board() -> None:
    prover = Prover(Lexicon.from_words(WORDS), CLASSIC, cells=4)
    with pytest.raises(BoggleError, match="4 cells at most, not 2x3"):
        prover.run(ClassTask(0, 2, 3, ("aest",) * 6, 0))
    with pytest.raises(BoggleError, match="4 cells at most"):
        prover.tree_bound(2, 3, ["aest"] * 6)


CELLS = st.sampled_from(["a", "e", "s", "t", "q", "aest", "eq", "st", "aeiqstu", "iu"])


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from([(2, 2), (2, 3), (3, 2)]),
    cells=st.lists(CELLS, min_size=6, max_size=6),
    above=st.integers(0, 12),
)
def test_the_same_bounds_and_boards_as_the_whole_list(
    shape: tuple[int, int], cells: list[str], above: int
) -> None:
    rows, cols = shape
    lexicon = Lexicon.from_words(WORDS)
    whole = Prover(lexicon, CLASSIC)
    fitting = Prover(lexicon, CLASSIC, cells=rows * cols)
    task = ClassTask(0, rows, cols, tuple(cells[: rows * cols]), above)
    assert fitting.class_bound(rows, cols, task.cells) == whole.class_bound(rows, cols, task.cells)
    assert fitting.tree_bound(rows, cols, task.cells) == whole.tree_bound(rows, cols, task.cells)
    got, want = fitting.run(task), whole.run(task)
    assert (got.boards, got.bounds) == (want.boards, want.bounds)
