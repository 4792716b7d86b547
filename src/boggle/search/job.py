"""A search run as one value (:class:`SearchJob`: the board's shape, the word list, the rules
and the :class:`~boggle.search.options.SearchOptions`), run in this process once
(:meth:`SearchJob.run`) or several times in other processes (forked, or spawned where the
platform or the program says: :func:`start_method`) with seeds ``seed, seed + 1, ...``
(:func:`run_parallel`), their best boards merged; when one of them reaches the target they all
stop.  :mod:`boggle.search.distributed` runs the same jobs on a cluster.

>>> from boggle import Lexicon
>>> letter_alphabet(Lexicon.from_words(["tea"]))
('a', 'e', 't')
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from boggle.dice.cubes import dice_set, seed_after
from boggle.dice.measured import check_chosen_dice
from boggle.model.errors import BoggleError
from boggle.model.letters import board_letters, not_text, unescaped
from boggle.model.rules import Rules
from boggle.model.wording import grouped, quoted
from boggle.scale.cluster import LexiconRef, resolve_lexicon
from boggle.scale.threads import default_jobs
from boggle.search.faces import board_text
from boggle.search.local import METHODS
from boggle.search.results import FoundBoard, SearchResult, merge
from boggle.search.scorer import make_scorer
from boggle.search.space import DiceSpace, LetterSpace, Space, text
from boggle.search.tracker import Progress, StopSignal, Tracker
from boggle.wordlists.lexicon import Lexicon

if TYPE_CHECKING:
    from boggle.search.options import SearchOptions


def letter_alphabet(lexicon: Lexicon, letters: str | None = None) -> tuple[str, ...]:
    """The faces a letter search may use: the list's letters (``q`` as Qu), or ``letters``.

    >>> letter_alphabet(Lexicon.from_words(["quit", "tab"]))
    ('a', 'b', 'i', 'qu', 't', 'u')
    """
    known = lexicon.alphabet
    if letters is None:
        chosen = sorted(known)
    elif problem := not_text(letters):
        raise BoggleError(f"letters are not valid text: they have {problem}", setting="letters")
    else:
        # read as a board's letters are: fullwidth A is A; Ⅻ or ﬁ one character, not "xii"
        chosen = sorted(set(board_letters(unescaped(letters)).lower()))
        outside = [c for c in chosen if c not in known]
        alphabet = "".join(sorted(known))
        if not chosen:
            raise BoggleError(
                f"letters is empty; give some of the word list's alphabet ({alphabet})",
                setting="letters",
            )
        if outside:
            raise BoggleError(
                # quoted: a tab or a line end typed among them is shown, not printed
                f"letters has {quoted(''.join(outside))}, not in the word list's "
                f"alphabet ({alphabet})",
                setting="letters",
            )
    faces = ["qu" if c == "q" else c for c in chosen]
    if "qu" in faces and "u" not in known:
        faces.remove("qu")
    return tuple(faces)


CLOCKS = {"wall": time.monotonic, "cpu": time.process_time}
"""What ``seconds`` counts: wall-clock seconds, or the process's CPU seconds."""


@dataclass(frozen=True)
class SearchJob:
    """One search: ``rows`` x ``cols`` boards of ``lexicon`` under ``rules``, looked for as
    ``options`` say (checked when they were made).  Every run of a search, in this process,
    forked or on a cluster, is this job with a seed: :meth:`run_seed` of ``k`` for run ``k``.

    ``lexicon`` is the word list, or on a cluster a :class:`~boggle.scale.cluster.LexiconRef`
    to the one each worker holds.

    >>> from boggle import CLASSIC, Lexicon, SearchOptions
    >>> job = SearchJob(2, 2, Lexicon.from_words(["tea", "eat"]), CLASSIC, SearchOptions(seed=1))
    >>> job.run(job.seed).best[0].score
    2
    """

    rows: int
    cols: int
    lexicon: Lexicon | LexiconRef
    rules: Rules
    options: SearchOptions

    @property
    def seed(self) -> int:
        """The first run's seed (``options.seed``; 0 when the options leave it to chance)."""
        return self.options.seed or 0

    def run_seed(self, k: int) -> int:
        """Run ``k``'s seed: ``seed + k``, from 0 again past the largest seed."""
        return seed_after(self.seed, k)

    def space(self) -> Space:
        """The boards the search may visit: a letter space, or the boards a dice set rolls.

        Raises :class:`~boggle.model.errors.BoggleError` when the letters are not the word
        list's, the dice set does not fit the board, or the list's language rolls no dice
        (:func:`~boggle.dice.measured.check_chosen_dice`, as rolling and the statistics refuse
        them).
        """
        lexicon = resolve_lexicon(self.lexicon)
        dice = self.options.dice
        if dice is None:
            return LetterSpace(self.rows, self.cols, letter_alphabet(lexicon, self.options.letters))
        check_chosen_dice(lexicon, dice)
        cubes = dice_set(dice).cubes
        if len(cubes) != self.rows * self.cols:
            raise BoggleError(
                f"dice set {dice!r} has {grouped(len(cubes))} cubes, a {self.rows}x{self.cols} "
                "board has "
                f"{grouped(self.rows * self.cols)} cells"
            )
        return DiceSpace(self.rows, self.cols, cubes)

    def run(
        self, seed: int, on_progress: Progress | None = None, stop: StopSignal | None = None
    ) -> SearchResult:
        """One run with ``seed``: its best boards, when it ends, is stopped or is interrupted."""
        options = self.options
        space = self.space()
        scorer = make_scorer(resolve_lexicon(self.lexicon), self.rules, options.engine)
        tracker = Tracker(
            self.rows,
            self.cols,
            options.top,
            options.seconds,
            options.target,
            on_progress,
            CLOCKS[options.clock],
            stop,
        )
        try:
            METHODS[options.method](
                space, scorer, random.Random(seed), tracker, **options.parameters
            )
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
            options.method,
            seed,
            tracker.interrupted,
            seconds_to_best=tracker.best_at,
        )


_forked_job: SearchJob | None = None  # the job of a parallel run, inherited by forked workers
_forked_stop: StopSignal | None = None  # set by the first worker to reach the target
_forked_progress: Any = None  # a SimpleQueue of (seed, best, scored), when progress is asked for


def start_method() -> str:
    """How :func:`run_parallel` starts its processes: the start method this program chose
    (``multiprocessing.set_start_method``), else ``fork`` where the platform has it and it is
    safe (Linux: the workers inherit the compiled word list), else ``spawn`` (macOS, Windows),
    whose workers are sent the job and compile the list once each.

    >>> start_method() in multiprocessing.get_all_start_methods()
    True
    """
    chosen = multiprocessing.get_start_method(allow_none=True)
    if chosen is not None:
        return chosen
    if "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin":
        return "fork"
    return "spawn"


@dataclass(frozen=True)
class _SentList:
    """A word list as a spawned worker is sent it (a compiled list does not pickle): its words
    and names, made a :class:`~boggle.wordlists.lexicon.Lexicon` again there."""

    words: tuple[str, ...]
    name: str
    source: str | None
    language: str | None

    @classmethod
    def of(cls, lexicon: Lexicon) -> _SentList:
        return cls(lexicon.words, lexicon.name, lexicon.source, lexicon.language)

    def lexicon(self) -> Lexicon:
        made = Lexicon._normalised(self.words, self.name, self.source)
        made.language = self.language
        return made


def _spawned_setup(
    job: SearchJob, words: _SentList | None, stop: StopSignal, progress: Any
) -> None:
    """A spawned (or forkserver) worker's start: the job, its word list and the shared stop and
    progress queue, which a forked worker inherits instead."""
    global _forked_job, _forked_stop, _forked_progress
    _forked_job = job if words is None else replace(job, lexicon=words.lexicon())
    _forked_stop = stop
    _forked_progress = progress


def _worker(seed: int) -> SearchResult:
    assert _forked_job is not None
    queue = _forked_progress

    def report(best: int, scored: int, seconds: float) -> None:
        queue.put((seed, best, scored))

    return _forked_job.run(seed, report if queue is not None else None, stop=_forked_stop)


@dataclass
class _Runs:
    """What the parent hears of its runs: each one's best and boards scored so far, summed into
    one ``on_progress(best, scored, seconds)`` as the one run of ``jobs == 1`` reports it."""

    on_progress: Progress
    started: float
    best: dict[int, int] = field(default_factory=dict)  # by seed
    scored: dict[int, int] = field(default_factory=dict)

    def heard(self, seed: int, best: int, scored: int) -> None:
        self.best[seed] = max(self.best.get(seed, -1), best)
        self.scored[seed] = max(self.scored.get(seed, 0), scored)

    def report(self) -> None:
        best = max(self.best.values(), default=-1)
        if best >= 0:
            seconds = time.monotonic() - self.started
            self.on_progress(best, sum(self.scored.values()), seconds)

    def finished(self, result: SearchResult) -> None:
        """A run is over: its best and its whole count, and a report."""
        self.heard(result.seed, max((found.score for found in result.best), default=-1), 0)
        self.scored[result.seed] = result.boards_scored
        self.report()

    def drain(self, queue: Any) -> None:
        """Take every message waiting and report once if there were any."""
        heard = False
        while not queue.empty():
            self.heard(*queue.get())
            heard = True
        if heard:
            self.report()


def processes(jobs: int) -> int:
    """How many of ``jobs`` runs go at once in this process: one per core at most (the
    others wait their turn; with a time limit, the time left when they start)."""
    return max(1, min(jobs, default_jobs()))


def run_parallel(
    job: SearchJob, jobs: int, on_progress: Progress | None = None, method: str | None = None
) -> SearchResult:
    """``jobs`` independent runs (seeds ``job.run_seed(k)``), :func:`processes` at a time; Ctrl-C
    stops them all and keeps their best.  A wall-clock ``seconds`` is the whole search's: runs
    still waiting then stop.  ``on_progress(best, scored, seconds)`` hears the runs together:
    the best score of any, the boards scored by all.  ``method`` is the processes' start
    method (``None``: :func:`start_method`); with ``spawn`` a script runs the search under
    ``if __name__ == "__main__":``, as every program that starts processes so must."""
    global _forked_job, _forked_stop, _forked_progress
    context = multiprocessing.get_context(method or start_method())
    stop = context.Event()
    queue = context.SimpleQueue() if on_progress is not None else None
    if context.get_start_method() == "fork":
        # a compiled word list does not pickle: forked workers inherit it, and these
        _forked_job, _forked_stop, _forked_progress = job, stop, queue
        setup: dict[str, Any] = {}
    else:
        sent = (
            (
                replace(job, lexicon=LexiconRef(job.lexicon.digest, job.lexicon.name)),
                _SentList.of(job.lexicon),
            )
            if isinstance(job.lexicon, Lexicon)
            else (job, None)
        )
        setup = {"initializer": _spawned_setup, "initargs": (*sent, stop, queue)}
    started = time.monotonic()
    runs = _Runs(on_progress, started) if on_progress is not None else None
    try:
        with context.Pool(processes(jobs), **setup) as pool:
            pending = [pool.apply_async(_worker, (job.run_seed(k),)) for k in range(jobs)]
            interrupted = False
            results: list[SearchResult] = []
            for item in pending:
                while True:
                    try:
                        results.append(item.get(timeout=0.2))
                        if runs is not None:
                            runs.finished(results[-1])
                        break
                    except multiprocessing.TimeoutError:
                        if runs is not None:
                            runs.drain(queue)
                        seconds = job.options.seconds
                        if (
                            seconds is not None
                            and job.options.clock == "wall"
                            and time.monotonic() - started >= seconds
                        ):
                            stop.set()
                        continue
                    except KeyboardInterrupt:
                        # A terminal's Ctrl-C reaches the workers too; a SIGINT sent to this
                        # process alone (kill -INT) does not: the stop tells them either way.
                        interrupted = True
                        stop.set()
    finally:
        _forked_job = _forked_stop = _forked_progress = None
        if queue is not None:
            queue.close()
    return merge(results, job.options.top, job.seed, interrupted)
