"""A search's runs in this process: one run (:class:`SearchJob`), or several in forked
processes with seeds ``seed, seed + 1, ...`` (:func:`run_parallel`), their best boards merged;
when one of them reaches the target they all stop.  The options are checked here too
(:func:`check_options`, :func:`make_space`).

>>> from boggle import Lexicon
>>> letter_alphabet(Lexicon.from_words(["tea"]))
('a', 'e', 't')
"""

from __future__ import annotations

import multiprocessing
import random
import time
from dataclasses import dataclass
from typing import Any

from boggle.dice.cubes import DICE_SETS
from boggle.model.errors import BoggleError
from boggle.model.rules import Rules
from boggle.scale.threads import default_jobs
from boggle.search.faces import board_text
from boggle.search.local import METHODS
from boggle.search.results import FoundBoard, SearchResult, merge
from boggle.search.scorer import make_scorer
from boggle.search.space import DiceSpace, LetterSpace, Space, text
from boggle.search.tracker import Progress, StopSignal, Tracker
from boggle.wordlists.lexicon import Lexicon


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


@dataclass(frozen=True)
class SearchJob:
    """One search, as the runs in this process need it: options in, a run's result out."""

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


_forked_job: SearchJob | None = None  # the job of a parallel run, inherited by forked workers
_forked_stop: StopSignal | None = None  # set by the first worker to reach the target


def _worker(seed: int) -> SearchResult:
    assert _forked_job is not None
    return _forked_job.run(seed, stop=_forked_stop)


def processes(jobs: int) -> int:
    """How many of ``jobs`` runs go at once in this process: one per core at most (the
    others wait their turn; with a time limit, the time left when they start)."""
    return max(1, min(jobs, default_jobs()))


def run_parallel(job: SearchJob, seed: int, jobs: int) -> SearchResult:
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
