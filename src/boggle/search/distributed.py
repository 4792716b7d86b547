"""Searches and proofs on a Dask cluster (``where``: see :mod:`boggle.scale.cluster`).

* A proof's top-level classes (plain :class:`~boggle.search.classes.ClassTask`
  data) go to the workers in small batches and come back as each batch
  finishes (:func:`prove_classes_on`); :func:`~boggle.search.prove.prove`
  records them in its checkpoint as they arrive.  Each worker thread compiles
  the word list for class bounds once, not once per class: only the words that fit the
  proof's board (``cells``, as a proof in this process does:
  :func:`~boggle.search.branch_and_bound.fitting_words`).
* A search is ``runs`` independent runs (:func:`search_on`), run ``k`` seeded
  with ``seed + k`` like ``--jobs`` in-process, one per worker thread unless
  ``runs`` says otherwise; their best boards are merged.  Runs without a time
  or score goal converge on their own, so a seeded run gives the same boards
  as in-process ``jobs=runs`` whatever the cluster.  With ``seconds`` or
  ``target`` the client tells every run to stop (a Dask ``Event``) at the
  deadline or as soon as any run reaches the target; each then returns its
  best boards so far, and a run that does not within :data:`STOP_GRACE`
  seconds is cancelled.  Ctrl-C stops them the same way.

>>> from boggle import CLASSIC, Lexicon, SearchOptions
>>> job = SearchJob(2, 2, Lexicon.from_words(["tea", "eat"]), CLASSIC, SearchOptions(seed=1))
>>> search_on(None, job, 1).best[0].score
2
"""

from __future__ import annotations

import queue
import threading
import time
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from boggle.model.rules import Rules
from boggle.scale.cluster import (
    LexiconRef,
    cancel,
    future_result,
    map_ordered,
    next_done,
    open_client,
    resolve_lexicon,
    share_lexicon,
    worker_threads,
)
from boggle.search.branch_and_bound import MAX_BOARDS, Prover
from boggle.search.classes import ClassTask
from boggle.search.job import SearchJob
from boggle.search.results import ClassResult, SearchResult, merge
from boggle.search.tracker import Progress
from boggle.wordlists.lexicon import Lexicon

if TYPE_CHECKING:
    from distributed import Client

STOP_GRACE = 10.0
"""Seconds a run has, once told to stop, to send back its best boards."""

REPORT_SECONDS = 0.5

MAX_BATCH = 16
BATCHES_PER_THREAD = 8
"""A proof's classes go out in batches of up to ``MAX_BATCH``, at least this many per thread."""

_provers = threading.local()  # each worker thread's Provers, by (word list digest, rules, cells)

HELD_PROVERS = 2
"""The provers a worker thread keeps, the last used: each holds its compiled word list and
the trees and buffers its classes left (hundreds of MB past a 3x3 board of ENABLE2K), so a
worker that proved boards of many sizes, or many lists, does not keep them all."""


def prove_classes_task(
    lexicon: Lexicon | LexiconRef,
    rules: Rules,
    tasks: Sequence[ClassTask],
    max_boards: int = MAX_BOARDS,
    class_memory: int | None = None,
    cells: int | None = None,
) -> list[ClassResult]:
    """A few top-level classes on a worker, with the word list the worker holds, each
    refused past ``max_boards`` boards and proved in parts past ``class_memory`` bytes
    (:class:`~boggle.search.branch_and_bound.Prover`; ``None``: the default of the board's
    size), the words compiled those that fit a board of ``cells`` cells (``None``: all).
    The thread keeps its last :data:`HELD_PROVERS` provers for the next batches; other
    limits share one's compiled word list (:meth:`Prover.with_limits
    <boggle.search.branch_and_bound.Prover.with_limits>`)."""
    lexicon = resolve_lexicon(lexicon)
    held: dict[tuple[str, Rules, int | None], Prover] = _provers.__dict__.setdefault("held", {})
    key = (lexicon.digest, rules, cells)
    prover = held.pop(key, None)  # put back last: the dict's order is the order of use
    if prover is None:
        while len(held) >= HELD_PROVERS:
            del held[next(iter(held))]  # the least recently used
        prover = Prover(lexicon, rules, max_boards, class_memory, cells)
    held[key] = prover
    if (prover.max_boards, prover.class_memory) != (max_boards, class_memory):
        prover = prover.with_limits(max_boards, class_memory)
    return [prover.run(task) for task in tasks]


def prove_classes_on(
    tasks: Iterable[ClassTask],
    lexicon: Lexicon,
    rules: Rules,
    where: Client | str | None,
    max_boards: int = MAX_BOARDS,
    class_memory: int | None = None,
) -> Iterator[ClassResult]:
    """Each class's result, as its batch finishes, proved where ``where`` says, each
    class with the cap ``class_memory`` (``prove --memory``; ``None``: the default of the
    board's size, :func:`~boggle.search.branch_and_bound.default_class_memory`) and
    ``max_boards``.

    Classes go out in batches of up to :data:`MAX_BATCH` (fewer when there are
    few classes per worker thread), so that the cluster's few milliseconds per
    task are not most of the work when classes are small.  The workers compile only the
    words that fit the largest board of ``tasks``, as a proof in this process does.
    """
    tasks = list(tasks)
    cells = max((task.rows * task.cols for task in tasks), default=None)
    with open_client(where) as client:
        threads = worker_threads(client)
        size = max(1, min(MAX_BATCH, len(tasks) // (BATCHES_PER_THREAD * threads)))
        batches = [tasks[k : k + size] for k in range(0, len(tasks), size)]
        shared = share_lexicon(lexicon, client)
        work = partial(prove_classes_task, shared, rules, max_boards=max_boards,
                       class_memory=class_memory, cells=cells)  # fmt: skip
        for results in map_ordered(work, batches, client, in_flight=4 * threads, as_finished=True):
            yield from results


class _StopRun(KeyboardInterrupt):
    """The client asked the run to stop: it returns its best boards, as on Ctrl-C."""


def run_search_task(job: SearchJob, seed: int, signals: str = "") -> SearchResult:
    """One run on a worker: stops when told to, reporting progress now and then (``signals``:
    the names of the search's stop Event and progress Queue; ``""``: none)."""
    on_progress: Progress | None = None
    stopped: list[bool] = []
    if signals:
        stop, progress = _signals(signals)

        def on_progress(best: int, scored: int, seconds: float) -> None:
            progress.put((seed, best, scored))
            if stop.is_set():
                stopped.append(True)
                raise _StopRun

    result = job.run(seed, on_progress)
    if stopped:
        result.interrupted = False
    return result


def _signals(name: str, client: Client | None = None) -> tuple[Any, Any]:
    """The stop ``Event`` and progress ``Queue`` of the runs of one search, by name."""
    import distributed

    dask: Any = distributed
    return dask.Event(f"{name}-stop", client=client), dask.Queue(f"{name}-progress", client=client)


def search_on(
    where: Client | str | None,
    job: SearchJob,
    runs: int | None = None,
    on_progress: Progress | None = None,
) -> SearchResult:
    """``runs`` runs of ``job`` (seeds ``job.run_seed(k)``) where ``where`` says, merged."""
    with open_client(where) as client:
        if client is None:
            started = time.monotonic()
            results = [run_search_task(job, job.run_seed(k)) for k in range(runs or 1)]
            return _merged(results, job, False, started)
        return _search_cluster(client, job, runs, on_progress)


def _search_cluster(
    client: Client, job: SearchJob, runs: int | None, on_progress: Progress | None
) -> SearchResult:
    signals = f"boggle-search-{uuid.uuid4().hex}"
    stop, progress = _signals(signals, client)
    shared = replace(job, lexicon=share_lexicon(resolve_lexicon(job.lexicon), client))
    started = time.monotonic()  # the clock of --seconds: the workers hold the word list now
    finished: queue.Queue[Any] = queue.Queue()
    running: dict[str, tuple[int, Any]] = {}
    for k in range(runs or worker_threads(client)):
        future: Any = client.submit(run_search_task, shared, job.run_seed(k), signals, pure=False)
        future.add_done_callback(finished.put)
        running[future.key] = k, future
    results: dict[int, SearchResult] = {}
    watch = _Watch(job, on_progress, started)
    try:
        while running and not watch.given_up():
            try:
                done = next_done(finished, client, REPORT_SECONDS)
            except KeyboardInterrupt:
                watch.interrupted, done = True, None
            if done is not None:
                k, _ = running.pop(done.key)
                results[k] = future_result(done, client)
                watch.finished(results[k])
            watch.heard(progress.get(batch=True))
            if watch.should_stop():
                stop.set()
    finally:
        cancel([future for _, future in running.values()], client)
        with suppress(Exception):  # names left on the scheduler: best effort
            progress.close()
            stop.clear()
    return _merged([results[k] for k in sorted(results)], job, watch.interrupted, started)


@dataclass
class _Watch:
    """The client's view of the runs: best score, boards scored, when to stop them."""

    job: SearchJob
    on_progress: Progress | None
    started: float
    interrupted: bool = False
    best: int = -1
    scored: dict[int, int] = field(default_factory=dict)  # by seed
    stop_sent: float | None = None

    def heard(self, messages: list[tuple[int, int, int]]) -> None:
        for seed, best, scored in messages:
            self.best = max(self.best, best)
            self.scored[seed] = max(self.scored.get(seed, 0), scored)
        if self.on_progress is not None:
            self.on_progress(self.best, sum(self.scored.values()), self.elapsed())

    def finished(self, result: SearchResult) -> None:
        self.heard([(result.seed, result.best[0].score if result.best else -1, 0)])
        self.scored[result.seed] = result.boards_scored

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def should_stop(self) -> bool:
        """Whether to tell the runs to stop now (once): Ctrl-C, deadline or target (a CPU-time
        deadline is each run's own)."""
        if self.stop_sent is not None:
            return False
        options = self.job.options
        seconds, target = options.seconds, options.target
        if (
            self.interrupted
            or (seconds is not None and options.clock == "wall" and self.elapsed() >= seconds)
            or (target is not None and self.best >= target)
        ):
            self.stop_sent = time.monotonic()
            return True
        return False

    def given_up(self) -> bool:
        """Told to stop :data:`STOP_GRACE` seconds ago: the runs still out are cancelled."""
        return self.stop_sent is not None and time.monotonic() - self.stop_sent > STOP_GRACE


def _merged(
    results: list[SearchResult], job: SearchJob, interrupted: bool, started: float
) -> SearchResult:
    result = merge(results, job.options.top, job.seed, interrupted)
    result.method = job.options.method
    result.seconds = time.monotonic() - started
    return result
