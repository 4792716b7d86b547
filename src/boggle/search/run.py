"""Running a search: options in, the best boards out, on one core or several.

:func:`search` checks its options, builds the space (letters or a dice set),
runs a method with a seeded generator and returns a :class:`SearchResult`.
With ``jobs > 1`` it runs the method in that many processes with seeds
``seed, seed + 1, ...`` and merges their best boards; when one of them
reaches ``target`` they all stop.  With ``jobs == 1`` and a seed the run is
reproducible.  ``clock="cpu"`` makes ``seconds`` each process's CPU seconds
(``time.process_time``) instead of wall-clock seconds, so a budget means the
same work on a busy machine as on an idle one.  ``where`` (a Dask client or scheduler
address, see :mod:`boggle.scale.cluster`) runs them on a cluster instead
(:mod:`boggle.search.distributed`), one per worker thread unless ``jobs`` says.

>>> from boggle import Lexicon
>>> from boggle.model.rules import CLASSIC
>>> lexicon = Lexicon.from_words(["tea", "eat", "ate", "tee"])
>>> result = search(2, 2, lexicon, CLASSIC, method="hillclimb", seed=1, pool=20)
>>> result.best[0].score
4
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from boggle.dice.cubes import DICE_SETS
from boggle.engines.gpu import batch_engine
from boggle.model.errors import BoggleError
from boggle.model.rules import Rules
from boggle.scale.threads import default_jobs
from boggle.search.faces import board_text
from boggle.search.local import MAX_POOL, METHODS
from boggle.search.scorer import make_scorer
from boggle.search.space import DiceSpace, LetterSpace, Space, text
from boggle.search.tracker import Progress, StopSignal, Tracker
from boggle.wordlists.lexicon import Lexicon

if TYPE_CHECKING:
    from distributed import Client


@dataclass(frozen=True)
class FoundBoard:
    """A board a search found: its text, score, and for dice, where each cube goes."""

    board: str
    score: int
    cubes: tuple[dict[str, object], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"board": self.board, "score": self.score}
        if self.cubes is not None:
            data["cubes"] = list(self.cubes)
        return data


@dataclass
class SearchResult:
    """The best boards of a search, best first, and what it cost."""

    best: list[FoundBoard]
    boards_scored: int
    seconds: float
    method: str
    seed: int
    interrupted: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    seconds_to_best: float = 0.0
    """When the best board was first found (the seconds of ``clock``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "best": [found.to_json() for found in self.best],
            "boards_scored": self.boards_scored,
            "seconds": round(self.seconds, 3),
            "method": self.method,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "seconds_to_best": round(self.seconds_to_best, 3),
            **self.extra,
        }


def letter_alphabet(lexicon: Lexicon, letters: str | None = None) -> tuple[str, ...]:
    """The faces a letter search may use: the list's letters (``q`` as Qu), or ``letters``.

    >>> letter_alphabet(Lexicon.from_words(["quit", "tab"]))
    ('a', 'b', 'i', 'qu', 't', 'u')
    """
    known = lexicon.alphabet
    if letters is None:
        chosen = sorted(known)
    else:
        chosen = sorted(set(letters.lower()))
        outside = [c for c in chosen if c not in known]
        if outside or not chosen:
            raise BoggleError(
                f"--letters has {''.join(outside) or 'no letters'}, not in the word list's "
                f"alphabet ({''.join(sorted(known))})"
            )
    faces = ["qu" if c == "q" else c for c in chosen]
    if "qu" in faces and "u" not in known:
        faces.remove("qu")
    return tuple(faces)


def make_space(
    rows: int, cols: int, lexicon: Lexicon, letters: str | None = None, dice: str | None = None
) -> Space:
    """The boards a search may visit: a letter space, or the boards a dice set rolls."""
    if dice is None:
        return LetterSpace(rows, cols, letter_alphabet(lexicon, letters))
    if letters is not None:
        raise BoggleError("--letters and --dice do not go together: the dice set gives the letters")
    if dice not in DICE_SETS:
        raise BoggleError(f"unknown dice set {dice!r}; known: {', '.join(sorted(DICE_SETS))}")
    cubes = DICE_SETS[dice].cubes
    if len(cubes) != rows * cols:
        raise BoggleError(
            f"dice set {dice!r} has {len(cubes)} cubes, a {rows}x{cols} board has "
            f"{rows * cols} cells"
        )
    return DiceSpace(rows, cols, cubes)


CLOCKS = {"wall": time.monotonic, "cpu": time.process_time}
"""What ``seconds`` counts: wall-clock seconds, or the process's CPU seconds."""


def check_options(
    method: str, seconds: float | None, jobs: int, top: int, clock: str = "wall"
) -> None:
    if clock not in CLOCKS:
        raise BoggleError(f"unknown clock {clock!r}; known: {', '.join(CLOCKS)}")
    if method not in METHODS:
        raise BoggleError(f"unknown method {method!r}; known: {', '.join(METHODS)}")
    if seconds is not None and not seconds > 0:
        raise BoggleError(f"--seconds must be more than 0, got {seconds:g}")
    if jobs < 1:
        raise BoggleError(f"--jobs must be at least 1, got {jobs}")
    if top < 1:
        raise BoggleError(f"--top must be at least 1, got {top}")


def search(
    rows: int,
    cols: int,
    lexicon: Lexicon,
    rules: Rules,
    method: str = "hillclimb",
    seconds: float | None = None,
    target: int | None = None,
    seed: int | None = None,
    jobs: int | None = None,
    top: int = 10,
    letters: str | None = None,
    dice: str | None = None,
    on_progress: Progress | None = None,
    where: Client | str | None = None,
    clock: str = "wall",
    engine: str = "native",
    **parameters: Any,
) -> SearchResult:
    """Search for the best ``rows`` x ``cols`` boards; see the module docstring.

    >>> from boggle import CLASSIC, Lexicon
    >>> lexicon = Lexicon.from_words(["tab", "bat", "abet", "beat", "bate"])
    >>> result = search(2, 2, lexicon, CLASSIC, seed=1)
    >>> result.best[0].board, result.best[0].score, result.method
    ('abet', 5, 'hillclimb')

    ``engine``: ``gpu`` scores each batch (a pool, a board's neighbours) on the GPU, in one
    process (not with ``jobs`` > 1 or ``where``)."""
    check_options(method, seconds, 1 if jobs is None else jobs, top, clock)
    pool = parameters.get("pool")
    if pool is not None and not 1 <= pool <= MAX_POOL:
        raise BoggleError(f"the pool holds 1 to {MAX_POOL:,} boards, got {pool:,}")
    if batch_engine(engine) == "gpu" and (where is not None or (jobs or 1) > 1):
        raise BoggleError("the gpu engine searches in one process: leave out jobs and clusters")
    make_space(rows, cols, lexicon, letters, dice)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if where is not None:
        from boggle.search.distributed import SearchTask, search_on

        settings = (rows, cols, lexicon, rules, method, seconds, target, top, letters, dice)
        return search_on(where, SearchTask(*settings, parameters, seed), jobs, on_progress)
    jobs = jobs or 1
    job = _Job(
        rows,
        cols,
        lexicon,
        rules,
        method,
        seconds,
        target,
        top,
        letters,
        dice,
        parameters,
        clock,
        batch_engine(engine),
    )
    if jobs == 1:
        return job.run(seed, on_progress)
    return _run_parallel(job, seed, jobs)


@dataclass(frozen=True)
class _Job:
    rows: int
    cols: int
    lexicon: Lexicon
    rules: Rules
    method: str
    seconds: float | None
    target: int | None
    top: int
    letters: str | None
    dice: str | None
    parameters: dict[str, Any]
    clock: str = "wall"
    engine: str = "native"

    def run(
        self, seed: int, on_progress: Progress | None = None, stop: StopSignal | None = None
    ) -> SearchResult:
        space = make_space(self.rows, self.cols, self.lexicon, self.letters, self.dice)
        scorer = make_scorer(self.lexicon, self.rules, self.engine)
        tracker = Tracker(
            self.rows,
            self.cols,
            self.top,
            self.seconds,
            self.target,
            on_progress,
            CLOCKS[self.clock],
            stop,
        )
        try:
            METHODS[self.method](space, scorer, random.Random(seed), tracker, **self.parameters)
        except KeyboardInterrupt:
            tracker.interrupted = True
        best = [
            FoundBoard(text(space, state), score, tuple(space.describe(state)))
            if isinstance(space, DiceSpace)
            else FoundBoard(board_text(name, self.rows, self.cols), score)
            for score, name, state in tracker.best()
        ]
        return SearchResult(
            best,
            scorer.boards_scored,
            tracker.elapsed(),
            self.method,
            seed,
            tracker.interrupted,
            seconds_to_best=tracker.best_at,
        )


_forked_job: _Job | None = None  # the job of a parallel run, inherited by forked workers
_forked_stop: StopSignal | None = None  # set by the first worker to reach the target


def _worker(seed: int) -> SearchResult:
    assert _forked_job is not None
    return _forked_job.run(seed, stop=_forked_stop)


def processes(jobs: int) -> int:
    """How many of ``jobs`` runs go at once in this process: one per core at most (the
    others wait their turn; with a time limit, the time left when they start)."""
    return max(1, min(jobs, default_jobs()))


def _run_parallel(job: _Job, seed: int, jobs: int) -> SearchResult:
    """Independent runs, :func:`processes` at a time; Ctrl-C stops them all and keeps their
    best.  A wall-clock ``seconds`` is the whole search's: runs still waiting then stop."""
    global _forked_job, _forked_stop
    _forked_job = job  # a compiled word list does not pickle: workers inherit it by fork
    context = multiprocessing.get_context("fork")
    _forked_stop = context.Event()
    started = time.monotonic()
    with context.Pool(processes(jobs)) as pool:
        pending = [pool.apply_async(_worker, (seed + k,)) for k in range(jobs)]
        interrupted = False
        results: list[SearchResult] = []
        for item in pending:
            while True:
                try:
                    results.append(item.get(timeout=0.2))
                    break
                except multiprocessing.TimeoutError:
                    if (
                        job.seconds is not None
                        and job.clock == "wall"
                        and time.monotonic() - started >= job.seconds
                    ):
                        _forked_stop.set()
                    continue
                except KeyboardInterrupt:
                    interrupted = True  # the workers had it too: they return their best
    return merge(results, job.top, seed, interrupted)


def merge(results: Sequence[SearchResult], top: int, seed: int, interrupted: bool) -> SearchResult:
    """One result from several runs: the best distinct boards of all of them."""
    seen: dict[str, FoundBoard] = {}
    for result in results:
        for found in result.best:
            seen.setdefault(found.board, found)
    best = sorted(seen.values(), key=lambda f: (-f.score, f.board))[:top]
    return SearchResult(
        best,
        sum(r.boards_scored for r in results),
        max((r.seconds for r in results), default=0.0),
        results[0].method if results else "",
        seed,
        interrupted or any(r.interrupted for r in results),
        {"runs": [_run_summary(r) for r in results]},
        min(
            (r.seconds_to_best for r in results if r.best and best and r.best[0] == best[0]),
            default=0.0,
        ),
    )


def _run_summary(result: SearchResult) -> dict[str, Any]:
    """One run of a merged search: its seed, best board and score, and when it found it."""
    top = result.best[0] if result.best else None
    return {
        "seed": result.seed,
        "score": top.score if top else None,
        "board": top.board if top else None,
        "seconds_to_best": round(result.seconds_to_best, 3),
        "seconds": round(result.seconds, 3),
        "boards_scored": result.boards_scored,
    }
