"""Scoring many boards fast: the compiled core, in threads, in input order.

>>> from boggle import Lexicon
>>> lexicon = Lexicon.from_words(["fame", "fax", "moxie", "east"])
>>> score_many(["fxie amlo ewbx astu", "east/"], lexicon)
[3, 1]
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from itertools import islice
from typing import NamedTuple, TypeVar

from boggle._native.core import StopFlag, Trie, thread_stop_flag, use_stop_flag
from boggle.engines.gpu import batch_engine, score_lines_on_gpu
from boggle.engines.native import compiled, points_table, score_native
from boggle.model.board import MAX_CELLS, MAX_SIDE, Board
from boggle.model.checks import whole_number
from boggle.model.errors import BoardError
from boggle.model.rules import (
    LARGE_BOARD_CELLS,
    Rules,
    RulesChoice,
    RulesLike,
    as_rules,
    choose_rules,
)
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import load_lexicon

Item = TypeVar("Item")
Result = TypeVar("Result")

CHUNK = 2048
"""Boards handed to a thread at a time, once the first few smaller chunks are out."""

FIRST_CHUNK = 128

TAIL_CHUNKS = 16
"""A list of boards is cut into at least this many chunks per thread (down to
:data:`FIRST_CHUNK` boards), so the threads finish close together."""


class BoardScore(NamedTuple):
    """One input line's outcome: its score, or why it could not be scored."""

    text: str
    score: int | None
    error: str | None = None


MAX_THREADS = 256
"""The most threads a pool of this module takes (``jobs``; the command line's ``--jobs``
allows as many)."""


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def threads_for(jobs: int | None) -> int:
    """The threads ``jobs`` asks for: every core (:func:`default_jobs`) for ``None``, else
    ``jobs``, a whole number from 1 to :data:`MAX_THREADS` (a
    :class:`~boggle.model.errors.BoggleError` naming ``jobs`` in one line otherwise).

    >>> threads_for(2)
    2
    >>> threads_for(2.5)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: jobs must be a whole number, got 2.5
    """
    if jobs is None:
        return max(1, default_jobs())
    return whole_number("jobs", jobs, at_least=1, at_most=MAX_THREADS)


class ScoringPool(ThreadPoolExecutor):
    """A thread pool with its own stop: the compiled core's score calls on its threads carry
    its :attr:`stop_flag` (``core.use_stop_flag``), so :func:`shut_down_interrupted` stops
    this pool's calls and no other's.  A pool opened on another pool's thread stops with
    that pool too (its flag's parent is that pool's).

    >>> with ScoringPool(2) as pool:
    ...     pool.submit(sum, [1, 2]).result(), pool.stop_flag.is_set()
    (3, False)
    """

    def __init__(self, workers: int, thread_name_prefix: str = "") -> None:
        self.stop_flag = StopFlag(thread_stop_flag())
        super().__init__(
            max_workers=workers,
            thread_name_prefix=thread_name_prefix,
            initializer=use_stop_flag,
            initargs=(self.stop_flag,),
        )


@contextmanager
def scoring_pool(workers: int) -> Iterator[ScoringPool]:
    """A thread pool shut down at the end of the block; on Ctrl-C (KeyboardInterrupt) the
    core's score calls running on its threads stop too (its :attr:`ScoringPool.stop_flag`),
    so the shutdown waits for no long call, and the interrupt goes on.  Another pool's calls
    (another caller's, on other threads) go on.

    >>> with scoring_pool(2) as pool:
    ...     pool.submit(sum, [1, 2]).result()
    3
    """
    pool = ScoringPool(workers)
    try:
        yield pool
    except KeyboardInterrupt:
        shut_down_interrupted(pool)
        raise
    finally:
        pool.shutdown(cancel_futures=True)


def shut_down_interrupted(pool: ScoringPool) -> None:
    """Shut ``pool`` down after Ctrl-C: its queued work cancelled and the core's score calls
    running on its threads stopped (its :attr:`~ScoringPool.stop_flag` set: KeyboardInterrupt
    in them within a few hundred boards) until every thread is idle.  The flag stays set:
    the pool is done."""
    pool.stop_flag.set()
    pool.shutdown(cancel_futures=True)


def _small_large(rules: Rules | RulesChoice) -> tuple[Rules, Rules]:
    return (rules, rules) if isinstance(rules, Rules) else (rules.small, rules.large)


CoreSettings = tuple[int, int, int, tuple[int, ...], int, int]
"""What the core's line scorers take after the lines: both minimum lengths, the cells
from which a board is large, the points per length, and the largest side and cell count."""


def _core_with_settings(
    lexicon: Lexicon, rules: Rules | RulesChoice
) -> tuple[Trie, CoreSettings] | None:
    """The compiled trie and its scorers' settings, or ``None`` when the core cannot score
    these boards (an alphabet it does not hold, or small and large boards scored differently)."""
    core = compiled(lexicon)
    small, large = _small_large(rules)
    if core is None or small.scoring != large.scoring:
        return None
    points = points_table(small, core.longest)
    settings = (small.min_length, large.min_length, LARGE_BOARD_CELLS, points, MAX_SIDE, MAX_CELLS)
    return core.trie, settings


def _core_scores(
    lines: Sequence[str], lexicon: Lexicon, rules: Rules | RulesChoice
) -> list[int | None] | None:
    """The core's score of each line (``None``: a line its parser does not read), or
    ``None`` when the core cannot score these boards (see :func:`_core_with_settings`)."""
    found = _core_with_settings(lexicon, rules)
    if found is None:
        return None
    trie, settings = found
    try:
        return trie.score_lines(lines, *settings)
    except TypeError:
        _check_lines(lines)
        raise  # not a line's type: the core's own error


def _check_lines(lines: object) -> None:
    """A :class:`BoardError` naming what is wrong when ``lines`` is not a chunk (a list)
    of lines of text: one text, another type, or a line that is not text (the core's
    "lines must be str or bytes", ``join``'s "expected str instance"); else nothing."""
    if isinstance(lines, str | bytes) or not isinstance(lines, Sequence):
        raise BoardError(
            "the boards to score come in chunks, each a list of lines, not "
            f"{'one text' if isinstance(lines, str | bytes) else type(lines).__name__}"
        )
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str | bytes):
            raise BoardError(
                f"a board to score is a line of text, not {type(line).__name__}; line "
                f"{number} of its chunk was {line!r}"[:200]
            )


def _score_chunk(
    lines: Sequence[str], lexicon: Lexicon, rules: Rules | RulesChoice
) -> list[BoardScore]:
    scores = _core_scores(lines, lexicon, rules) or [None] * len(lines)
    return [
        BoardScore(line, score) if score is not None else _score_line(line, lexicon, rules)
        for line, score in zip(lines, scores, strict=True)
    ]


def _score_line(line: str, lexicon: Lexicon, rules: Rules | RulesChoice) -> BoardScore:
    """One line the core's parser does not read (not plain ASCII, or not a board)."""
    _check_lines([line])
    try:
        board = Board.parse(line)
    except BoardError as error:
        return BoardScore(line, None, str(error))
    return BoardScore(line, score_native(board, lexicon, choose_rules(rules, board)))


class ScoredText(NamedTuple):
    """A chunk's outcome as text: ``LINE SCORE`` lines, and the lines that are not boards."""

    text: str
    errors: list[tuple[int, str]]
    """(index of the line in the chunk, why it is not a board), in order."""


def as_text(results: Sequence[BoardScore]) -> ScoredText:
    """A chunk's :class:`BoardScore` list as ``LINE SCORE`` text and its errors."""
    text = "".join([f"{r.text} {r.score}\n" for r in results if r.score is not None])
    return ScoredText(text, [(i, r.error or "") for i, r in enumerate(results) if r.score is None])


def _score_text_chunk(
    lines: Sequence[str], lexicon: Lexicon, rules: Rules | RulesChoice
) -> ScoredText:
    found = _core_with_settings(lexicon, rules)
    if found is None:
        return as_text(_score_chunk(lines, lexicon, rules))
    trie, settings = found
    try:
        output, holes = trie.score_text("\n".join(lines), *settings)
    except TypeError:
        _check_lines(lines)
        raise  # not a line's type: the core's own error
    if not holes:
        return ScoredText(output, [])
    pieces, errors, done = [], [], 0
    for index, offset in holes:
        pieces.append(output[done:offset])
        done = offset
        result = _score_line(lines[index], lexicon, rules)
        if result.score is None:
            errors.append((index, result.error or ""))
        else:
            pieces.append(f"{result.text} {result.score}\n")
    pieces.append(output[done:])
    return ScoredText("".join(pieces), errors)


def score_text_chunks(
    chunks: Iterable[Sequence[str]],
    lexicon: Lexicon | str | None = None,
    rules: RulesLike = None,
    jobs: int | None = None,
) -> Iterator[ScoredText]:
    """Like :func:`score_chunks`, but each chunk comes back as output text
    (``LINE SCORE`` per board, what ``boggle score`` prints) made by the core
    without a Python object per board, with the lines that are not boards apart.

    >>> from boggle import Lexicon
    >>> lexicon = Lexicon.from_words(["fame", "fax", "east"])
    >>> list(score_text_chunks([["fxie amlo ewbx astu", "e4st/", "east/"]], lexicon))[0].text
    'fxie amlo ewbx astu 3\\neast/ 1\\n'
    """
    yield from _in_order(_score_text_chunk, chunks, lexicon, rules, jobs)


def score_chunks(
    chunks: Iterable[Sequence[str]],
    lexicon: Lexicon | str | None = None,
    rules: RulesLike = None,
    jobs: int | None = None,
) -> Iterator[list[BoardScore]]:
    """Score each chunk of lines (boards in compact form), ``jobs`` threads at once.

    Chunks come back in input order, as lists of :class:`BoardScore`; they are
    read lazily, so input of any length streams through.
    """
    yield from _in_order(_score_chunk, chunks, lexicon, rules, jobs)


def _lexicon_rules(
    lexicon: Lexicon | str | None, rules: RulesLike
) -> tuple[Lexicon, Rules | RulesChoice]:
    """The lexicon (loaded when named) and the rules (by board size when not given)."""
    return (
        lexicon if isinstance(lexicon, Lexicon) else load_lexicon(lexicon),
        as_rules(rules),
    )


def _in_order(
    score: Callable[[Sequence[str], Lexicon, Rules | RulesChoice], Result],
    chunks: Iterable[Sequence[str]],
    lexicon: Lexicon | str | None,
    rules: RulesLike,
    jobs: int | None,
) -> Iterator[Result]:
    """``score(chunk, lexicon, rules)`` for each chunk, ``jobs`` threads at once, in order."""
    workers = threads_for(jobs)
    if isinstance(chunks, str | bytes) or not isinstance(chunks, Iterable):
        _check_lines(chunks)  # names what it is
    lexicon, by_size = _lexicon_rules(lexicon, rules)
    compiled(lexicon)  # compile once, before the threads start
    if workers == 1:
        for chunk in chunks:
            yield score(_chunk(chunk), lexicon, by_size)
        return
    with scoring_pool(workers) as pool:
        pending: deque[Future[Result]] = deque()
        for chunk in chunks:
            pending.append(pool.submit(score, _chunk(chunk), lexicon, by_size))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def _chunk(chunk: Sequence[str]) -> Sequence[str]:
    """``chunk`` when it is a list of lines (not one text, whose letters would be scored)."""
    if isinstance(chunk, str | bytes) or not isinstance(chunk, Sequence):
        _check_lines(chunk)  # names what it is
    return chunk


def iter_scores(
    lines: Iterable[str | Board],
    lexicon: Lexicon | str | None = None,
    rules: RulesLike = None,
    jobs: int | None = None,
) -> Iterator[BoardScore]:
    """Score each line (a board in compact form), in input order; see :func:`score_chunks`.
    Unlike :func:`score_many`, a line that is not a board is no error: its
    :class:`BoardScore` has no score and says why.  A :class:`Board` is scored as its text.

    >>> from boggle import Lexicon
    >>> lines = ["fxie amlo ewbx astu", "ab1c", "abet"]
    >>> for line in iter_scores(lines, Lexicon.from_words(["fame", "mile", "bet"]), jobs=1):
    ...     print(line.text, line.score, line.error and line.error[:30])
    fxie amlo ewbx astu 2 None
    ab1c None board has '1', which is not a
    abet 1 None
    """
    if isinstance(lines, str | bytes) or not isinstance(lines, Iterable):
        one = "one text; put it in a list: [text]"
        raise BoardError(
            "iter_scores takes the boards as lines (a list, a file...), not "
            f"{one if isinstance(lines, str) else type(lines).__name__}"
        )
    for results in score_chunks(chunks(_texts(lines)), lexicon, rules, jobs):
        yield from results


def _texts(lines: Iterable[object]) -> Iterator[str]:
    """The lines given to :func:`iter_scores`, a :class:`Board` as its text, as they are
    read; a line of another type is a :class:`BoardError` naming it (not the core's "lines
    must be str or bytes")."""
    for number, line in enumerate(lines, 1):
        if isinstance(line, str | bytes):
            yield line  # type: ignore[misc]  # the core reads its lines as bytes too
        elif isinstance(line, Board):
            yield str(line)
        else:
            raise BoardError(
                "iter_scores takes each line as text (or a Board), not "
                f"{type(line).__name__}; line {number} was {line!r}"[:200]
            )


def _chunk_scores(
    lines: Sequence[str], lexicon: Lexicon, rules: Rules | RulesChoice
) -> list[int | None]:
    """The score of each line, ``None`` for a line that is not a board: the core's list
    as it comes, with no Python object per board unless a line needs Python's parser."""
    scores = _core_scores(lines, lexicon, rules)
    if scores is None:
        return [result.score for result in _score_chunk(lines, lexicon, rules)]
    if None in scores:
        return [
            score if score is not None else _score_line(line, lexicon, rules).score
            for line, score in zip(lines, scores, strict=True)
        ]
    return scores


def score_many(
    boards: Iterable[str | Board],
    lexicon: Lexicon | str | None = None,
    rules: RulesLike = None,
    jobs: int | None = None,
    engine: str | None = None,
) -> list[int]:
    """The score of each board, in order; raises :class:`BoardError` naming a bad board.

    The boards go to the threads in chunks of a size that leaves each thread many of
    them, so that none waits long for the last one at the end.  ``engine``: ``native``
    (the default), ``gpu`` or ``auto`` (see :func:`boggle.engines.gpu.batch_engine`).

    >>> from boggle import CLASSIC, Lexicon
    >>> lexicon = Lexicon.from_words(["fame", "mile", "bet"])
    >>> score_many(["fxie amlo ewbx astu", "abet"], lexicon, CLASSIC, jobs=2)
    [2, 1]
    """
    workers = threads_for(jobs)
    if isinstance(boards, str | bytes) or not isinstance(boards, Iterable):
        one = "one text; put it in a list: [text]"
        raise BoardError(
            "score_many takes the boards as a list of Boards or texts, not "
            f"{one if isinstance(boards, str) else type(boards).__name__}"
        )
    lines = [board if isinstance(board, str) else _line_of(board) for board in boards]
    loaded, by_size = _lexicon_rules(lexicon, rules)
    if batch_engine(engine) == "gpu":
        return _checked(score_lines_on_gpu(lines, loaded, by_size), lines, loaded, by_size)
    largest = min(CHUNK, max(FIRST_CHUNK, len(lines) // (workers * TAIL_CHUNKS)))
    scores: list[int] = []
    found = _in_order(_chunk_scores, chunks(lines, largest=largest), loaded, by_size, workers)
    for chunk in found:
        if None in chunk:
            index = len(scores) + chunk.index(None)
            error = _score_line(lines[index], loaded, by_size).error
            raise BoardError(f"board {index + 1} ({lines[index].strip()!r}): {error}")
        scores.extend(chunk)  # type: ignore[arg-type]  # no None left
    return scores


def _line_of(board: object) -> str:
    """A board given to :func:`score_many` that is not text: a :class:`Board`'s text, or
    :class:`BoardError` naming the type it has."""
    if isinstance(board, Board):
        return str(board)
    if isinstance(board, bytes):
        return board  # type: ignore[return-value]  # the core reads its lines as bytes too
    raise BoardError(
        f"score_many takes each board as a Board or its text, not {type(board).__name__}"
    )


def _checked(
    scores: list[int | None], lines: list[str], lexicon: Lexicon, rules: Rules | RulesChoice
) -> list[int]:
    """``scores`` when every line was a board, else :class:`BoardError` naming the first."""
    if None in scores:
        index = scores.index(None)
        error = _score_line(lines[index], lexicon, rules).error
        raise BoardError(f"board {index + 1} ({lines[index].strip()!r}): {error}")
    return scores  # type: ignore[return-value]  # no None left


def score_text_chunks_on_gpu(
    chunks: Iterable[Sequence[str]],
    lexicon: Lexicon | str | None = None,
    rules: RulesLike = None,
) -> Iterator[ScoredText]:
    """:func:`score_text_chunks` with the ``gpu`` engine (large chunks suit it best)."""
    loaded, by_size = _lexicon_rules(lexicon, rules)
    for chunk in chunks:
        scores = score_lines_on_gpu(chunk, loaded, by_size)
        results = [
            BoardScore(line, score) if score is not None else _score_line(line, loaded, by_size)
            for line, score in zip(chunk, scores, strict=True)
        ]
        yield as_text(results)


def chunks(
    lines: Iterable[Item], first: int = FIRST_CHUNK, largest: int = CHUNK
) -> Iterator[list[Item]]:
    """Lists of lines, doubling in size from ``first`` to ``largest``, so that short
    inputs still spread over every thread and long ones pay little per chunk.

    >>> [len(chunk) for chunk in chunks(range(10), first=2, largest=4)]
    [2, 4, 4]

    ``first`` and ``largest`` are whole numbers of at least 1 (else a
    :class:`~boggle.model.errors.BoggleError` naming it, before any line is read).
    """
    whole_number("first", first, at_least=1)
    whole_number("largest", largest, at_least=1)
    return _chunks(lines, first, largest)


def _chunks(lines: Iterable[Item], first: int, largest: int) -> Iterator[list[Item]]:
    remaining = iter(lines)
    size = first
    while chunk := list(islice(remaining, size)):
        yield chunk
        size = min(size * 2, largest)
