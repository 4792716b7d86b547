"""The numbers a program hands the rest of the library are checked as the options are
(:mod:`boggle.model.checks`, #29): a proof's top-level classes and one class's task
(``top_level_classes``, ``ClassTask``, ``prove_class``, the prover's limits, the sampled
classes), a picture's cube size and path (``render.svg``, ``Board.svg``), the words nobody
found (``unfound_json``), the threads and chunks of bulk scoring (``score_many``, ``chunks``,
``map_ordered``).  A bool, a float (even ``2.0``), NaN or a text is refused by name in one
line, and so is a number out of range; a good value is kept.

Before, ``top_level_classes(3, 3, layout, True)`` proved above 1, ``above=2.5`` or ``NaN``
ended in a TypeError or ValueError from the compiled core's call, ``Board.svg(cell_size=10**9)``
drew a picture a billion pixels a side, ``chunks(lines, first=0)`` dropped every line and
``prove --max-boards`` past 2^60 ended in an OverflowError traceback."""

from __future__ import annotations

import dataclasses
import math
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import CLASSIC, Board, BoardError, BoggleError, Lexicon, solve
from boggle.game.word_setting import unfound_json
from boggle.model.render import MAX_CELL_SIZE, svg
from boggle.rooms.limits import RoomLimits
from boggle.scale.cluster import map_ordered
from boggle.scale.threads import MAX_THREADS, chunks, score_many
from boggle.search import ClassTask, Layout, ProofOptions, prove_class, top_level_classes
from boggle.search.branch_and_bound import MAX_BOARDS_LIMIT, MAX_MEMORY, Prover
from boggle.search.classes import MAX_ABOVE, MAX_SAMPLES, sample_classes
from boggle.search.estimate import random_classes
from boggle.search.prove import estimate_cost

LEXICON = Lexicon.from_words(["tea", "eat", "ate", "fame", "mile"])
LAYOUT = Layout.of(list("aet"), 2, 2, 2)
BOARD = Board.parse("fxie amlo ewbx astu")
SOLUTION = solve(BOARD, LEXICON)
TASK = ClassTask(0, 1, 3, ("t", "e", "a"), 0)


def _tampered(**fields: object) -> ClassTask:
    """A task whose fields were changed after it was built (as an unpickled one may be)."""
    task = dataclasses.replace(TASK)
    for name, value in fields.items():
        object.__setattr__(task, name, value)
    return task


def _estimate(**given: object) -> object:
    """The cost of proving one small class, with ``given`` settings."""
    return estimate_cost([TASK], LEXICON, CLASSIC, **given)  # type: ignore[arg-type]


def _cells(rows: object, cols: int = 1) -> tuple[str, ...]:
    """Cells for a shape of ``rows`` (when it is a good number of rows), so that only the
    number checked is wrong."""
    fits = isinstance(rows, int) and not isinstance(rows, bool) and 0 < rows * cols <= 64
    return ("a",) * (rows * cols if fits else cols)  # type: ignore[operator]


# name: (the name the error gives, a call with the value, the lowest and highest good values)
CHECKED: dict[str, tuple[str, Callable[[Any], object], int, int | None]] = {
    "top_level_classes.above": (
        "above",
        lambda v: top_level_classes(2, 2, LAYOUT, v),
        0,
        MAX_ABOVE,
    ),
    "top_level_classes.rows": ("rows", lambda v: top_level_classes(v, 2, LAYOUT, 0), 1, 32),
    "top_level_classes.cols": ("cols", lambda v: top_level_classes(1, v, LAYOUT, 0), 1, 64),
    "ClassTask.index": ("index", lambda v: ClassTask(v, 1, 2, ("a", "b"), 0), -1, None),
    "ClassTask.rows": ("rows", lambda v: ClassTask(0, v, 1, _cells(v), 0), 1, 64),
    "ClassTask.cols": ("cols", lambda v: ClassTask(0, 1, v, _cells(v), 0), 1, 64),
    "ClassTask.above": ("above", lambda v: ClassTask(0, 1, 2, ("a", "b"), v), 0, MAX_ABOVE),
    "prove_class.above": (
        "above",
        lambda v: prove_class(_tampered(above=v), LEXICON, CLASSIC),
        0,
        MAX_ABOVE,
    ),
    "prove_class.rows": (
        "rows",
        lambda v: prove_class(_tampered(rows=v, cells=_cells(v, 3)), LEXICON, CLASSIC),
        1,
        21,
    ),
    "Prover.max_boards": (
        "max_boards",
        lambda v: Prover(LEXICON, CLASSIC, max_boards=v),
        1,
        MAX_BOARDS_LIMIT,
    ),
    "Prover.class_memory": (
        "class_memory",
        lambda v: Prover(LEXICON, CLASSIC, class_memory=v),
        0,
        MAX_MEMORY,
    ),
    "ProofOptions.max_boards": (
        "max_boards",
        lambda v: ProofOptions(max_boards=v),
        1,
        MAX_BOARDS_LIMIT,
    ),
    "estimate_cost.jobs": ("jobs", lambda v: _estimate(jobs=v), 1, None),
    "estimate_cost.samples": ("samples", lambda v: _estimate(samples=v), 1, None),
    "estimate_cost.memory": ("memory", lambda v: _estimate(memory=v), 0, MAX_MEMORY),
    "sample_classes.count": (
        "count",
        lambda v: sample_classes(2, 2, LAYOUT, 0, v, 1),
        1,
        MAX_SAMPLES,
    ),
    "sample_classes.seed": ("seed", lambda v: sample_classes(2, 2, LAYOUT, 0, 2, v), 0, None),
    "random_classes.count": (
        "count",
        lambda v: random_classes(2, 2, LAYOUT, 0, v, 1),
        1,
        MAX_SAMPLES,
    ),
    "random_classes.seed": ("seed", lambda v: random_classes(2, 2, LAYOUT, 0, 2, v), 0, None),
    "svg.size": ("size", lambda v: svg(BOARD, size=v), 1, MAX_CELL_SIZE),
    "Board.svg.cell_size": ("cell_size", lambda v: BOARD.svg(cell_size=v), 1, MAX_CELL_SIZE),
    "unfound_json.limit": ("limit", lambda v: unfound_json(SOLUTION, set(), v), 0, None),
    "score_many.jobs": (
        "jobs",
        lambda v: score_many([str(BOARD)], LEXICON, jobs=v),
        1,
        MAX_THREADS,
    ),
    "chunks.first": ("first", lambda v: list(chunks(range(5), first=v)), 1, None),
    "chunks.largest": ("largest", lambda v: list(chunks(range(5), largest=v)), 1, None),
    "map_ordered.jobs": (
        "jobs",
        lambda v: list(map_ordered(len, ["ab"], None, jobs=v)),
        1,
        MAX_THREADS,
    ),
    "map_ordered.in_flight": (
        "in_flight",
        lambda v: list(map_ordered(len, ["ab", "c"], None, jobs=2, in_flight=v)),
        1,
        None,
    ),
}
"""Each check; the highest good value is ``None`` where there is no upper limit (or the
good values tried stop at ``lowest + 50``: a count of work)."""

NOT_WHOLE = st.one_of(
    st.booleans(),
    st.sampled_from([2.0, math.nan, math.inf, -math.inf, 0.5]),
    st.floats(),
    st.text(max_size=3),
    st.decimals(allow_nan=False, allow_infinity=False),
)


@pytest.mark.parametrize("where", CHECKED)
@settings(max_examples=25, deadline=None)
@given(value=NOT_WHOLE)
def test_a_value_that_is_not_a_whole_number_is_refused_by_name(where: str, value: object) -> None:
    name, call, _, _ = CHECKED[where]
    with pytest.raises(BoggleError) as refused:
        call(value)
    assert refused.value.setting == name
    assert str(refused.value) == f"{name} must be a whole number, got {value!r}"


@pytest.mark.parametrize("where", CHECKED)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_whole_number_out_of_range_is_refused_in_one_line(
    where: str, data: st.DataObject
) -> None:
    name, call, lowest, highest = CHECKED[where]
    out = st.integers(max_value=lowest - 1)
    if highest is not None:
        out |= st.integers(min_value=highest + 1, max_value=highest + 10**30)
    value = data.draw(out)
    with pytest.raises(BoggleError) as refused:
        call(value)
    message = str(refused.value)
    assert "\n" not in message
    too_large = " is too large for prove: the limit is "
    assert too_large in message or message.startswith(
        (f"{name} must be ", "a seed is a whole number from 0 to ")
    )


@pytest.mark.parametrize("where", CHECKED)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_a_good_value_is_taken(where: str, data: st.DataObject) -> None:
    _, call, lowest, highest = CHECKED[where]
    top = lowest + 50 if highest is None else min(highest, lowest + 50)
    value = data.draw(st.integers(min_value=lowest, max_value=top) | st.sampled_from([lowest, top]))
    call(value)


@pytest.mark.parametrize("name", ["budget", "enough_below"])
@settings(max_examples=25, deadline=None)
@given(value=st.one_of(st.booleans(), st.sampled_from([math.nan, math.inf]), st.text(max_size=3)))
def test_an_estimate_s_seconds_are_finite_numbers(name: str, value: object) -> None:
    with pytest.raises(BoggleError) as refused:
        _estimate(**{name: value})
    assert str(refused.value) == f"{name} must be a finite number, got {value!r}"
    assert refused.value.setting == name


@settings(max_examples=30, deadline=None)
@given(above=st.integers(min_value=0, max_value=MAX_ABOVE), rows=st.integers(1, 3))
def test_the_tasks_keep_the_threshold_and_shape(above: int, rows: int) -> None:
    tasks = list(top_level_classes(rows, 2, Layout.of(list("aet"), rows, 2, 2), above))
    assert tasks and all((t.above, t.rows, t.cols) == (above, rows, 2) for t in tasks)
    assert [t.index for t in tasks] == list(range(len(tasks)))


@pytest.mark.parametrize(
    "cells",
    [("a",), ("a", "b", "c"), ["a", "b"], ("a", ""), ("a", 1), "ab", None],
    ids=repr,
)
def test_a_task_s_cells_are_its_shape_s_texts(cells: object) -> None:
    with pytest.raises(BoggleError) as refused:
        ClassTask(0, 1, 2, cells, 0)  # type: ignore[arg-type]
    assert refused.value.setting == "cells"
    assert str(refused.value).startswith("cells must be a tuple of 2 non-empty texts (1 x 2)")


def test_prove_class_takes_a_task_and_proves_it() -> None:
    with pytest.raises(TypeError, match="prove_class takes a ClassTask"):
        prove_class({"index": 0}, LEXICON, CLASSIC)  # type: ignore[arg-type]
    with pytest.raises(BoggleError, match="cells must be"):
        prove_class(_tampered(cells=("t", "e")), LEXICON, CLASSIC)
    assert prove_class(TASK, LEXICON, CLASSIC).boards == (("aet/", 1),)


def test_top_level_classes_checks_when_called_and_takes_only_a_layout() -> None:
    with pytest.raises(BoggleError, match=r"above must be a whole number, got 2\.5"):
        top_level_classes(2, 2, LAYOUT, 2.5)  # before any class is asked for
    with pytest.raises(TypeError, match="takes a Layout"):
        top_level_classes(2, 2, ("ab", "cd"), 0)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(size=st.integers(1, MAX_CELL_SIZE))
def test_a_picture_keeps_its_cube_size(size: int) -> None:
    board = Board.parse("ab cd ef")
    drawn = board.svg(cell_size=size)
    assert drawn == svg(board, size=size)
    assert f'width="{2 * size}" height="{3 * size}"' in drawn


@pytest.mark.parametrize(
    "path, says",
    [
        ([(0, 0), (4, 0)], "path cell 2 (4, 0) is off the 4x4 board"),
        ([(-1, 0)], "path cell 1 (-1, 0) is off the 4x4 board"),
        ([(0, 4)], "path cell 1 (0, 4) is off the 4x4 board"),
        ([(0, 0), (1,)], "path cell 2 must be a (row, col) of whole numbers, got (1,)"),
        ([(0, 0.0)], "path cell 1 must be a (row, col) of whole numbers, got (0, 0.0)"),
        ([(True, 0)], "path cell 1 must be a (row, col) of whole numbers, got (True, 0)"),
        (["ab"], "path cell 1 must be a (row, col) of whole numbers, got 'ab'"),
        ("ab", "path must be a sequence of (row, col) cells, got 'ab'"),
    ],
)
def test_a_path_off_the_board_is_refused(path: Any, says: str) -> None:
    for draw in (lambda: svg(BOARD, path=path), lambda: BOARD.svg(path)):
        with pytest.raises(BoardError) as refused:
            draw()
        assert str(refused.value) == says


def test_a_path_on_the_board_is_drawn() -> None:
    drawn = BOARD.svg([(0, 0), (1, 1), (3, 3)], cell_size=10)
    assert drawn.count("<polyline") == 1 and 'points="5.0,5.0 15.0,15.0 35.0,35.0"' in drawn


@settings(max_examples=30, deadline=None)
@given(limit=st.integers(1, 10))
def test_unfound_words_stop_at_the_limit(limit: int) -> None:
    shown = unfound_json(SOLUTION, set(), limit)
    assert len(shown) == min(limit, len(SOLUTION.words))


def test_a_limit_of_0_lists_every_unfound_word_as_a_server_s_0_means_no_limit() -> None:
    assert len(SOLUTION.words) > 1
    assert len(unfound_json(SOLUTION, set(), 0)) == len(SOLUTION.words)
    assert RoomLimits(max_unfound_shown=0).max_unfound_shown == 0


@settings(max_examples=20, deadline=None)
@given(first=st.integers(1, 8), largest=st.integers(1, 8), count=st.integers(0, 40))
def test_chunks_keep_every_line_in_order(first: int, largest: int, count: int) -> None:
    pieces = list(chunks(range(count), first=first, largest=largest))
    assert [n for piece in pieces for n in piece] == list(range(count))
    assert all(piece for piece in pieces)


def test_jobs_past_the_limit_are_refused_and_good_ones_score() -> None:
    with pytest.raises(BoggleError, match=f"jobs must be from 1 to {MAX_THREADS}, got 100,000"):
        score_many([str(BOARD)], LEXICON, jobs=100_000)
    assert score_many([str(BOARD)] * 300, LEXICON, jobs=3) == [SOLUTION.score] * 300


def test_prove_max_boards_past_the_limit_is_one_line_on_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boggle", "prove", "--size", "2x2", "--above", "1",
         "--max-boards", str(10**24)],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert f"--max-boards must be at most {MAX_BOARDS_LIMIT:,}, got {10**24:,}" in done.stderr
