"""Proving which boards score the most: every top-level class of boards
(:mod:`boggle.search.classes`) bounded and split by the
:class:`~boggle.search.branch_and_bound.Prover`, on several threads of this process
sharing one compiled word list (the C works without the GIL) or on a Dask cluster
(``where``, see :mod:`boggle.search.distributed`),
with a checkpoint file (:mod:`boggle.search.checkpoint`) so an interrupted proof goes on
where it stopped.

>>> from boggle import Lexicon
>>> from boggle.model.rules import CLASSIC
>>> result = prove(2, 2, Lexicon.from_words(["tea", "eat", "ate", "tee"]), CLASSIC, above=3)
>>> [(b.board, b.score) for b in result.boards]
[('aeet', 4), ('aete', 4)]
"""

from __future__ import annotations

import itertools
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boggle.model.checks import callback, finite_number, need_options, whole_number
from boggle.model.errors import BoggleError
from boggle.model.rules import Rules, RulesLike, rules_for_size
from boggle.model.wording import grouped
from boggle.scale.threads import default_jobs
from boggle.search.branch_and_bound import (
    MAX_BOARDS,
    ProofFaces,
    Prover,
    check_problem,
    check_proof_shape,
    check_prover_limits,
    default_class_memory,
    too_many_boards,
)
from boggle.search.checkpoint import Checkpoint
from boggle.search.classes import ClassTask, Layout, check_class_count, top_level_classes
from boggle.search.distributed import prove_classes_on
from boggle.search.objective import with_objective
from boggle.search.options import ProofOptions
from boggle.search.results import ClassResult, FoundBoard, ProofResult
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import as_lexicon

if TYPE_CHECKING:
    from distributed import Client


ESTIMATE_SECONDS = 3.0
"""The most CPU seconds :func:`estimate_cost` spends on its sample classes."""

ESTIMATE_SAMPLES = 8
"""The most classes :func:`estimate_cost` proves (fewer when its budget runs out first)."""

ESTIMATE_DRAW_SEED = "boggle prove estimate"
"""The seed of the classes :func:`estimate_cost` draws, so that the same proof is estimated
from the same classes every time.  Drawn at random, not taken evenly spread from the list:
the classes at even steps of the 3x4 proof's 1,863 (0, 621, 1,242) are among its cheapest,
0.1-0.8 CPU s against 0.8 on average, and put the proof at 5 CPU-minutes instead of 25."""

ESTIMATE_WALL_FACTOR = 10
""":func:`estimate_cost` also stops after this many times its budget in wall-clock seconds:
on a busy machine its CPU seconds come slowly, and a proof should not wait long to start."""


@dataclass(frozen=True)
class CostEstimate:
    """What the classes left of a proof should cost, from a few of them proved first."""

    classes: int
    sampled: int
    seconds_per_class: float
    """CPU seconds (of the thread that proved the sample classes)."""
    at_least: bool
    """A sample class was still running when the time ran out: the cost is at least this."""
    processes: int = 1
    results: tuple[ClassResult, ...] = ()
    """The sample classes proved to the end: work the proof need not do again."""
    prover: Prover | None = field(default=None, compare=False, repr=False)
    """The prover that proved them: the proof goes on with it (its compiled word list, and
    the trees and buffers its classes left; a class stopped by the time box leaves them
    whole)."""

    @property
    def cpu_seconds(self) -> float:
        return self.seconds_per_class * self.classes

    @property
    def wall_seconds(self) -> float:
        """The CPU seconds shared by the threads: the wall-clock time on cores of its own."""
        return self.cpu_seconds / max(1, min(self.processes, self.classes))

    def text(self) -> str:
        """One line for people.

        >>> CostEstimate(8250, 1, 3.0, True, 2).text()
        'at least 6.9 CPU-hours (3.4 hours on 2 threads; 8,250 classes left, ... 3.0 CPU s each)'
        """
        bound = "at least " if self.at_least else "about "
        sampled = (
            f"{self.sampled:,} sampled, more than {self.seconds_per_class:,.1f} CPU s each"
            if self.at_least
            else f"{self.sampled:,} sampled, {self.seconds_per_class:,.2f} CPU s each"
        )
        return (
            f"{bound}{_duration(self.cpu_seconds, 'CPU-')} ({_duration(self.wall_seconds)} on "
            f"{self.processes:,} thread{'s' if self.processes > 1 else ''}; "
            f"{self.classes:,} classes left, {sampled})"
        )


def _duration(seconds: float, kind: str = "") -> str:
    """``42 s``, ``12.5 minutes`` or ``3.4 hours`` (``kind``: ``CPU-`` before the unit)."""
    if seconds < 120:
        return f"{seconds:.0f} {kind}s" if kind else f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.1f} {kind}minutes"
    return f"{seconds / 3600:,.1f} {kind}hours"


CPU_TIMER_GRAIN = 0.001
"""CPU seconds of the estimate's box left below which the process's CPU timer is not set
again: the box is spent."""


class _OutOfTime(Exception):
    """The estimate's time ran out in the middle of a sample class."""


def estimate_cost(
    tasks: Sequence[ClassTask],
    lexicon: Lexicon,
    rules: Rules,
    jobs: int = 1,
    memory: int | None = None,
    budget: float = ESTIMATE_SECONDS,
    samples: int = ESTIMATE_SAMPLES,
    enough_below: float = 60.0,
) -> CostEstimate:
    """The cost of proving ``tasks``, from up to ``samples`` of them (drawn at random with
    :data:`ESTIMATE_DRAW_SEED`) proved within ``budget`` CPU seconds of this process (and
    :data:`ESTIMATE_WALL_FACTOR` times that in wall-clock seconds); a class still running
    then counts what it took in the mean, and makes the estimate a lower bound
    (``at_least``).  Sampling stops early once the proof looks shorter than ``enough_below``
    seconds.  The classes proved are those of a proof on ``jobs`` threads
    with ``memory`` (``--memory``: each class's cap, :func:`class_memory`; ``None``: the
    default of the tasks' board size, :func:`~boggle.search.branch_and_bound.default_class_memory`),
    so the proof can take their results as its own.  The time box needs the main thread (timer
    signals); elsewhere the samples run to the end.  ``jobs`` and ``samples`` are whole
    numbers of at least 1, ``memory`` as :class:`~boggle.search.options.ProofOptions` takes
    it, ``budget`` and ``enough_below`` finite numbers of seconds, 0 or more (a budget of 0:
    no sample): else a :class:`BoggleError` in one line naming it.

    The box counts CPU seconds so that a busy machine, which gives the process a small share
    of a core, does not stop a sample class the proof would then prove again from the start
    (the 3x3 proof's class 0: 0.5 CPU s, more than 3 s of wall-clock time at a load average
    of 12 on 2 cores).  A class's cost is its CPU seconds too, those of this thread (the
    samples run here, one after the other): the estimate's CPU time is the proof's, not
    the time it waited for a core (the 3x3 proof at a load average of 5, niced: about 3.1
    CPU-minutes from wall-clock seconds, 11 CPU s in fact).  The box counts this thread's
    CPU seconds, as the classes' costs do, not the process's: the other threads of a
    process (a Dask client's, a server's, a test runner's) took their share of the box, and
    cut classes the estimate then counted as lower bounds.  The process's CPU timer (the only
    one there is) fires no later than this thread's seconds are spent: it is set again for
    what this thread has left, until that is none."""
    import signal
    import threading

    whole_number("jobs", jobs, at_least=1)
    check_prover_limits(MAX_BOARDS, memory, memory_name="memory")
    finite_number("budget", budget, at_least=0)
    whole_number("samples", samples, at_least=1)
    finite_number("enough_below", enough_below, at_least=0)
    if memory is None and tasks:
        memory = default_class_memory(tasks[0].rows, tasks[0].cols)
    cap = None if memory is None else class_memory(memory, processes(jobs))
    cells = max((task.rows * task.cols for task in tasks), default=None)
    prover = Prover(lexicon, rules, MAX_BOARDS, cap, cells)
    draw = random.Random(ESTIMATE_DRAW_SEED)
    chosen = [tasks[k] for k in draw.sample(range(len(tasks)), min(samples, len(tasks)))]
    timed = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    started, started_cpu = time.monotonic(), time.thread_time()
    costs: list[float] = []
    results: list[ClassResult] = []
    at_least = False

    armed = [False]  # a timer's signal landing after its class is over does nothing

    def out_of_time(signum: int, frame: object) -> None:
        if not armed[0]:
            return
        # the process's CPU timer: its other threads' seconds counted too, so this thread's
        # may be left; the handler runs on the main thread, the one the samples run on
        left = budget - (time.thread_time() - started_cpu)
        if signum == signal.SIGPROF and left > CPU_TIMER_GRAIN:
            signal.setitimer(signal.ITIMER_PROF, left)
            return
        armed[0] = False
        raise _OutOfTime

    boxes = (
        ((signal.ITIMER_PROF, signal.SIGPROF), (signal.ITIMER_REAL, signal.SIGALRM))
        if timed
        else ()
    )
    previous = [signal.signal(sig, out_of_time) for _, sig in boxes]
    try:
        for task in chosen:
            cpu_left = budget - (time.thread_time() - started_cpu)
            wall_left = budget * ESTIMATE_WALL_FACTOR - (time.monotonic() - started)
            if cpu_left <= 0 or wall_left <= 0:
                break
            began = time.thread_time()
            # The signal may land between any two steps from the arming on (a box of a few
            # microseconds left fires at once): every step until it is disarmed again is
            # inside the ``try`` that takes it as the class cut.
            try:
                try:
                    armed[0] = timed
                    for (timer, _), left in zip(boxes, (cpu_left, wall_left), strict=False):
                        signal.setitimer(timer, left)
                    results.append(prover.run(task))
                finally:
                    armed[0] = False
            except _OutOfTime:
                costs.append(time.thread_time() - began)
                at_least = True
                break
            except BoggleError:
                pass  # too many boards: the proof itself says so
            finally:
                for timer, _ in boxes:
                    signal.setitimer(timer, 0)
            costs.append(time.thread_time() - began)
            if sum(costs) / len(costs) * len(tasks) / processes(jobs) < enough_below:
                break
    finally:
        for (_, sig), handler in zip(boxes, previous, strict=True):
            signal.signal(sig, handler)
    per_class = sum(costs) / len(costs) if costs else 0.0  # a class cut counts what it took
    return CostEstimate(
        len(tasks),
        len(costs),
        per_class,
        at_least,
        processes(jobs),
        tuple(results),
        prover,
    )


def required_above(name: str, above: int | None) -> int:
    """``above`` when given: the threshold has a default place after ``rules`` (which has
    one) but no default value; missing, a ``TypeError`` as Python gives for a missing
    argument.

    >>> required_above("prove", None)
    Traceback (most recent call last):
      ...
    TypeError: prove() missing required argument 'above' (boards scoring more than it)
    """
    if above is None:
        raise TypeError(f"{name}() missing required argument 'above' (boards scoring more than it)")
    return above


def prove(
    rows: int,
    cols: int,
    lexicon: Lexicon | str | None,
    rules: RulesLike = None,
    above: int | None = None,
    options: ProofOptions | None = None,
    *,
    on_class: Callable[[ClassResult, int], None] | None = None,
    where: Client | str | None = None,
    on_plan: Callable[[list[ClassTask], int, int], CostEstimate | Iterable[ClassResult] | None]
    | None = None,
    objective: str = "points",
    **changes: Any,
) -> ProofResult:
    """Every board scoring more than ``above``; see the module docstring.

    ``rules`` ``None`` (the default) are those of the board's size, as in
    :func:`~boggle.search.run.search` (classic up to 4x4, big from 5x5), so
    ``prove(3, 3, lexicon, above=540)`` is a classic-rules proof; ``above`` is required.
    ``options`` say how (:class:`~boggle.search.options.ProofOptions`); keyword arguments
    named after its fields change them (``bucket_count=2``).

    >>> from boggle import CLASSIC, Lexicon, ProofOptions
    >>> lexicon = Lexicon.from_words(["tab", "bat", "abet", "beat", "bate"])
    >>> [(found.board, found.score) for found in prove(2, 2, lexicon, CLASSIC, above=4).boards]
    [('abet', 5), ('abte', 5), ('aetb', 5)]
    >>> len(prove(2, 2, lexicon, "classic", 4, ProofOptions(bucket_count=2)).boards)
    3
    >>> len(prove(2, 2, lexicon, above=4).boards)  # the rules of 2x2: classic
    3

    The top-level classes have ``bucket_count`` letter buckets on the edges and, unless
    told, whole corners and the cells off the border as the edges (3x3's centre whole):
    :meth:`Layout.of`.  More than ``max_boards`` boards (in all, or from one class) is a
    :class:`BoggleError` (classes finished before are in the
    checkpoint); ``jobs`` threads run classes at once, at most one per core.  ``on_plan(todo,
    finished, total)`` is called before any work with the classes left, the classes already
    finished (from the checkpoint) and all of them; it may raise to stop there, or return
    classes it proved itself, which are not proved again, or the :class:`CostEstimate` it
    made of them (:func:`estimate_cost`), whose classes are not proved again and whose
    prover goes on with the proof (the same word list and rules).
    ``on_class(result, total)`` is called as each class is proved; ``where`` runs the
    classes on a cluster (each worker thread's class with the whole ``memory`` cap).
    ``memory`` ``None`` (the default) is the cap of the board's size
    (:func:`~boggle.search.branch_and_bound.default_class_memory`: 800 MB up to 12 cells,
    400 MB above).  ``objective`` is what a board scores: ``points`` (the rules' table) or
    ``words`` (every word 1), as :func:`~boggle.search.objective.with_objective` makes the
    rules."""
    above = required_above("prove", above)
    need_options("prove", options, ProofOptions)
    if options is None:
        options = ProofOptions()
    if changes:
        options = options.with_changes(**changes)
    callback("on_class", on_class)
    callback("on_plan", on_plan)
    check_proof_shape(rows, cols)
    lexicon = as_lexicon(lexicon)
    rules = with_objective(rules_for_size(rules, rows, cols), objective)
    check_problem(rules, above)
    jobs, checkpoint, max_boards = options.jobs, options.checkpoint, options.max_boards
    bucket_count, corner_buckets, inner_buckets = (
        options.bucket_count,
        options.corner_buckets,
        options.inner_buckets,
    )
    started = time.monotonic()
    layout = layout_for(lexicon, rows, cols, bucket_count, corner_buckets, inner_buckets)
    check_class_count(rows, cols, layout)  # before a listing of hours and all the memory
    tasks = list(top_level_classes(rows, cols, layout, above))
    store = Checkpoint.open(checkpoint, rows, cols, lexicon, rules, above, layout, len(tasks))
    done: dict[int, ClassResult] = dict(store.finished) if store else {}
    resumed = len(done)
    todo = [task for task in tasks if task.index not in done]
    interrupted = False
    kept = sum(len(result.boards) for result in done.values())
    try:
        planned = on_plan(todo, resumed, len(tasks)) if on_plan is not None else None
        given, timer = _planned(planned, lexicon, rules)
        proved = {result.index for result in given}
        left = [task for task in todo if task.index not in proved]
        # on a cluster each class has the whole cap: the workers' machines are not this one
        memory = default_class_memory(rows, cols) if options.memory is None else options.memory
        cap = memory if where is not None else class_memory(memory, processes(jobs))
        for result in itertools.chain(
            given, _results(left, lexicon, rules, jobs, where, max_boards, cap, timer)
        ):
            kept += len(result.boards)
            if kept > max_boards:
                raise too_many_boards(max_boards, above)
            done[result.index] = result
            if store:
                store.add(result)
            if on_class is not None:
                on_class(result, len(tasks))
    except KeyboardInterrupt:
        interrupted = True
    except BaseException:
        if store:
            store.close_refused()  # a file made for nothing is not left in the way
            store = None
        raise
    finally:
        if store:
            store.close()
    best: dict[str, int] = {}
    for result in done.values():
        best.update(result.boards)
    boards = sorted((FoundBoard(b, s) for b, s in best.items()), key=lambda f: (-f.score, f.board))
    return ProofResult(
        boards,
        sum(r.bounds for r in done.values()),
        len(tasks),
        time.monotonic() - started,
        interrupted,
        resumed,
        {"finished_classes": len(done), **layout.to_json()},
    )


def layout_for(
    lexicon: Lexicon,
    rows: int,
    cols: int,
    bucket_count: int = 3,
    corner_buckets: int | None = None,
    inner_buckets: int | None = None,
) -> Layout:
    """The buckets of a proof's top-level classes over the word list's letters
    (:meth:`Layout.of`); :class:`BoggleError` for a list of too many faces or a bucket
    count below 1."""
    for name, count in (
        ("bucket_count", bucket_count),
        ("corner_buckets", corner_buckets),
        ("inner_buckets", inner_buckets),
    ):
        if count is not None and count < 1:
            raise BoggleError(f"{name} must be at least 1, got {grouped(count)}", setting=name)
    faces = ProofFaces.of(lexicon).faces
    letters = ["q" if face == "qu" else face for face in faces]
    return Layout.of(letters, rows, cols, bucket_count, corner_buckets, inner_buckets)


def processes(jobs: int) -> int:
    """How many threads ``jobs`` asks for run at once in this process: one per core at
    most (more only slow the proof and cost memory)."""
    return max(1, min(jobs, default_jobs()))


MACHINE_SHARE = 2
"""The classes proved at once on threads take at most the machine's memory over this
(:func:`class_memory`): the rest is the word list's, the other programs' and the kernel's."""


MEMORY_LIMITS = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")
"""Where Linux says the memory limit of this process's control group (cgroup v2, v1): a
container's, which the machine's memory does not show."""


def machine_memory(limits: Sequence[str] = MEMORY_LIMITS) -> int:
    """The bytes of memory of this machine, or the limit of the control group this process
    runs in (a container's) where lower (0 where neither is said).

    >>> machine_memory(limits=()) == machine_memory(limits=("/no/such/file",))
    True
    """
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not POSIX
        memory = 0
    for path in limits:
        try:
            said = Path(path).read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            continue
        if said.isdigit() and int(said) > 0 and (memory <= 0 or int(said) < memory):
            memory = int(said)  # "max" (v2) or a huge number (v1): no limit
    return memory


def class_memory(memory: int, threads: int, machine: int | None = None) -> int:
    """The memory cap of each of ``threads`` classes proved at once (``--memory``): the
    whole ``memory`` each, unless ``threads`` times it passes the ``machine``'s memory
    (default: this one's) over :data:`MACHINE_SHARE`; then that share of the machine
    split among the threads.  0 (never split) stays 0.

    A class split into parts costs more CPU than whole (the paths that miss the split cell
    are built into both parts' trees), so a thread's class is not given less than one
    thread's would without need.

    >>> class_memory(400_000_000, 2, machine=24_000_000_000)
    400000000
    >>> class_memory(400_000_000, 16, machine=4_000_000_000)
    125000000
    >>> class_memory(0, 16, machine=4_000_000_000)
    0
    """
    if machine is None:
        machine = machine_memory()
    if memory == 0 or machine <= 0:
        return memory
    room = machine // MACHINE_SHARE // max(1, threads)
    return max(1, min(memory, room))


def _planned(
    planned: CostEstimate | Iterable[ClassResult] | None, lexicon: Lexicon, rules: Rules
) -> tuple[list[ClassResult], Prover | None]:
    """What ``on_plan`` gave: the classes proved already, and the prover that proved them
    when the proof can go on with it (an estimate's, on the same word list and rules).

    >>> from boggle.model.rules import CLASSIC
    >>> lexicon = Lexicon.from_words(["tea", "eat"])
    >>> estimate = CostEstimate(3, 0, 0.0, False, prover=Prover(lexicon, CLASSIC))
    >>> _planned(estimate, lexicon, CLASSIC)[1] is estimate.prover
    True
    >>> _planned(estimate, Lexicon.from_words(["tea"]), CLASSIC)
    ([], None)
    """
    if not isinstance(planned, CostEstimate):
        return list(planned or ()), None
    prover = planned.prover
    if prover is not None and (prover.lexicon is not lexicon or prover.rules != rules):
        prover = None
    return list(planned.results), prover


def _results(
    tasks: list[ClassTask],
    lexicon: Lexicon,
    rules: Rules,
    jobs: int,
    where: Client | str | None,
    max_boards: int = MAX_BOARDS,
    class_memory: int | None = None,
    timer: Prover | None = None,
) -> Iterable[ClassResult]:
    """The results of ``tasks``, on ``where`` or here: with ``timer`` (the prover that timed
    the estimate, its word list compiled and its trees kept) when given, else a new one."""
    if where is not None:
        yield from prove_classes_on(tasks, lexicon, rules, where, max_boards, class_memory)
        return
    jobs = min(processes(jobs), len(tasks))
    cells = max((task.rows * task.cols for task in tasks), default=None)
    if timer is not None and (timer.cells is None or cells is None or cells <= timer.cells):
        prover = timer.with_limits(max_boards, class_memory)
    else:
        prover = Prover(lexicon, rules, max_boards, class_memory, cells)
    if jobs <= 1:
        for task in tasks:
            yield prover.run(task)
        return
    yield from on_threads(prover, tasks, jobs)


def on_threads(prover: Prover, tasks: Iterable[ClassTask], jobs: int) -> Iterator[ClassResult]:
    """The results of ``tasks`` as they finish, ``jobs`` classes at once on threads sharing
    ``prover`` (its word list is read-only; each call works with a tree arena of its own).
    Ctrl-C, or any error, stops the classes running (``ClassBound.stop``) before it goes
    on up: the classes finished before were yielded, so a checkpoint has them.

    >>> from boggle.model.rules import CLASSIC
    >>> from boggle.search.classes import ClassTask
    >>> prover = Prover(Lexicon.from_words(["tea", "eat", "ate"]), CLASSIC)
    >>> tasks = [ClassTask(k, 2, 2, ("aet", "aet", "aet", cell), 2) for k, cell in
    ...          enumerate(("a", "e", "t"))]
    >>> sorted(result.index for result in on_threads(prover, tasks, 2))
    [0, 1, 2]
    """
    waiting = iter(tasks)
    running: set[Future[ClassResult]] = set()
    pool = ThreadPoolExecutor(jobs, thread_name_prefix="boggle-prove")
    try:
        for task in itertools.islice(waiting, jobs):
            running.add(pool.submit(prover.run, task))
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
                for task in itertools.islice(waiting, 1):
                    running.add(pool.submit(prover.run, task))
    finally:
        if running:
            prover.bound.stop()
        pool.shutdown(wait=True, cancel_futures=True)
        prover.bound.stop(False)
