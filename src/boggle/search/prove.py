"""Proving which boards score the most: branch and bound over classes of boards.

A class gives each cell a set of letters.  Its *max bound* (computed in C,
``boggle._native.core.ClassBound``) is never below the score of any board in
it: a depth-first search like solving, where each cell takes its best letter
on each path and the points of every path are added.  The proof uses the
tighter bound of an *orderly sum/choice tree* (``src/boggle/_native/tree.c``):
every path to a word on the class, its cells sorted in split order, merged
into one tree whose sum nodes add and whose choice nodes (one cell) take
their best face (built in C by a radix sort of the paths, ``tree_build.c``).
Branch and bound starts from the top-level classes
(:mod:`boggle.search.classes`); a class whose bound is at most ``above`` is
dropped, any other has its next cell (centre first; among cells with as many
neighbours, the one with fewest letters) forced to each of its letters: while
the bound is high by merging that letter's subtree into the root, then
(below ``WALK_BELOW x above``, or with ``WALK_CELLS`` cells left) by walking
the tree with the choice nodes still waiting; a class of a single board is
scored exactly.  Boards
scoring above ``above`` are kept, one per symmetry class.  Where whole
classes are walked (3x3), their trees are built as a forest: the paths grouped
by the cells without every letter they go through, and the trees of groups
another class may share kept for it (one split order for every class).

:func:`prove_class` does one top-level class and :func:`prove` all of them,
in several processes or on a Dask cluster (``where``, see
:mod:`boggle.search.distributed`), with a checkpoint file so an interrupted
proof goes on where it stopped.

>>> from boggle import Lexicon
>>> from boggle.model.rules import CLASSIC
>>> result = prove(2, 2, Lexicon.from_words(["tea", "eat", "ate", "tee"]), CLASSIC, above=3)
>>> [(b.board, b.score) for b in result.boards]
[('aeet', 4), ('aete', 4)]
"""

from __future__ import annotations

import itertools
import multiprocessing
import time
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import TYPE_CHECKING

from boggle._native.core import MAX_LETTERS, ClassBound
from boggle.model.errors import BoggleError
from boggle.model.rules import Rules
from boggle.scale.threads import default_jobs
from boggle.search.checkpoint import Checkpoint
from boggle.search.classes import ClassTask, Layout, top_level_classes
from boggle.search.faces import board_text, canonical, split_order
from boggle.search.run import FoundBoard, letter_alphabet
from boggle.search.scorer import Scorer
from boggle.wordlists.lexicon import Lexicon

if TYPE_CHECKING:
    from distributed import Client


@dataclass(frozen=True)
class ClassResult:
    """What one top-level class gave: its boards above the threshold and its cost."""

    index: int
    boards: tuple[tuple[str, int], ...]
    bounds: int
    seconds: float


@dataclass
class ProofResult:
    """Every board above the threshold (one per symmetry class), best first."""

    boards: list[FoundBoard]
    classes: int
    top_level: int
    seconds: float
    interrupted: bool = False
    resumed: int = 0
    extra: dict[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {
            "boards": [b.to_json() for b in self.boards],
            "classes": self.classes,
            "top_level_classes": self.top_level,
            "resumed_classes": self.resumed,
            "seconds": round(self.seconds, 3),
            "interrupted": self.interrupted,
            **self.extra,
        }


WALK_BELOW = 2.5
"""Cells are forced by merging trees while a tree's bound is above ``WALK_BELOW x above``
(and more than ``WALK_CELLS`` cells are left), then by walking the tree with the choice
nodes still waiting (no new trees)."""

WALK_CELLS = 9
"""With this many cells or fewer left to force, walking costs less than merging whatever the
bound (``benchmarks/prove_side_by_side.py``: the 3x3 proof 6% faster; 10 sampled 4x4
classes 3% faster, 12 3x4 classes within 2%)."""


MAX_ABOVE = 10**18
"""The largest threshold: beyond any board's score, and ``WALK_BELOW`` times it still fits
the core's 64-bit numbers."""


def check_problem(rules: Rules, above: int) -> None:
    """:class:`BoggleError` in one line for a proof that cannot be made: a threshold out of
    range, or a scoring table with negative points (a class's bound adds the points of every
    path, which is never below a board's score only when no word costs points).

    >>> from boggle.model.rules import CLASSIC
    >>> check_problem(CLASSIC.with_overrides(scoring=((3, -1),)), 10)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: prove needs a scoring table without negative points (3:-1): ...
    """
    if not 0 <= above <= MAX_ABOVE:
        raise BoggleError(f"--above must be between 0 and {MAX_ABOVE:,}, got {above:,}")
    if any(points < 0 for _, points in rules.scoring):
        raise BoggleError(
            "prove needs a scoring table without negative points "
            f"({Rules.format_scoring(rules.scoring)}): its bounds add the points of every "
            "path; use search for such a table"
        )


MAX_BOARDS = 1_000_000
"""The most boards a proof keeps by default: a threshold so low that more boards pass it
is refused, in one line, before memory runs out (a few hundred MB at most)."""

CANDIDATES_PER_BOARD = 16
"""One class's search stops past this many candidate boards per board kept (a board's
symmetric copies, up to 8, and boards whose bound passes but whose score does not) ..."""

MAX_CANDIDATES = 1_000_000
"""... or past this many in all: the candidates of one class are held at once."""


def too_many_boards(limit: int, above: int) -> BoggleError:
    """The error of a proof that passes its ``limit`` of boards."""
    return BoggleError(
        f"more than {limit:,} boards may score above {above}, and a proof keeps at most "
        f"{limit:,}: prove a higher score"
    )


class Prover:
    """A word list and rules compiled for class bounds and exact scores; a class giving more
    than ``max_boards`` boards is refused (:func:`too_many_boards`) as soon as it does."""

    def __init__(self, lexicon: Lexicon, rules: Rules, max_boards: int = MAX_BOARDS) -> None:
        self.max_boards = max_boards
        if len(lexicon.alphabet) > MAX_LETTERS:
            raise BoggleError(f"prove handles word lists of at most {MAX_LETTERS} letters")
        check_problem(rules, 0)
        self.scorer = Scorer(lexicon, rules)
        core = self.scorer.core
        self.faces = letter_alphabet(lexicon)
        self.face_id = {("q" if face == "qu" else face): k for k, face in enumerate(self.faces)}
        words = lexicon.words
        table = {ord(letter): code[0] for letter, code in core.letter_codes.items()}
        letters = "".join(words).translate(table).encode("latin-1")
        offsets = array("I", [0])
        offsets.extend(accumulate(map(len, words)))
        face_letters = b"".join(self.scorer.encode_face(face) for face in self.faces)
        self.bound = ClassBound(
            letters, offsets.tobytes(), rules.min_length, self.scorer.points, face_letters
        )

    def masks(self, cells: Iterable[str]) -> bytes:
        """Each cell's letters as a bit mask of face ids."""
        try:
            masks = [sum(1 << self.face_id[c] for c in set(cell)) for cell in cells]
        except KeyError as error:
            raise BoggleError(f"letter {error.args[0]!r} is not in the word list") from None
        return array("I", masks).tobytes()

    def class_bound(self, rows: int, cols: int, cells: Iterable[str]) -> int:
        """The max bound of a class (a depth-first search, no tree)."""
        return int(self.bound.bound(self.masks(cells), rows, cols))

    def tree_bound(self, rows: int, cols: int, cells: Iterable[str]) -> int:
        """The bound of the class's orderly sum/choice tree (usually far below the max bound)."""
        cells = tuple(cells)
        order = self.order(rows, cols, cells)
        return int(self.bound.tree_search(self.masks(cells), rows, cols, 2**62, order)[2])

    @staticmethod
    def order(rows: int, cols: int, cells: Sequence[str]) -> bytes:
        """The split order: by the cells' letter counts, except where the whole class is
        walked (``WALK_CELLS``): there one order for every class, so that the trees of path
        groups built for one class serve the next (``tree_build.c``).

        >>> list(Prover.order(3, 3, ["ab", "a", "a", "a", "a", "a", "a", "a", "a"]))
        [4, 1, 3, 5, 7, 0, 2, 6, 8]
        """
        if rows * cols <= WALK_CELLS:
            return bytes(split_order(rows, cols))
        return bytes(split_order(rows, cols, [len(set(cell)) for cell in cells]))

    def run(self, task: ClassTask) -> ClassResult:
        """Branch and bound over one class; the boards scoring more than ``task.above``."""
        started = time.monotonic()
        order = self.order(task.rows, task.cols, task.cells)
        candidates = min(CANDIDATES_PER_BOARD * self.max_boards, MAX_CANDIDATES)
        leaves, bounds, _ = self.bound.tree_search(
            self.masks(task.cells),
            task.rows,
            task.cols,
            task.above,
            order,
            int(task.above * WALK_BELOW),
            WALK_CELLS,
            (candidates + 1) * task.rows * task.cols,
        )
        n = task.rows * task.cols
        if len(leaves) > candidates * n:
            raise too_many_boards(self.max_boards, task.above)
        boards = [
            tuple(self.faces[leaves[k + i]] for i in range(n)) for k in range(0, len(leaves), n)
        ]
        scores = self.scorer.score_many(boards, task.rows, task.cols)
        kept = {
            board_text(canonical(b, task.rows, task.cols), task.rows, task.cols): s
            for b, s in zip(boards, scores, strict=True)
            if s > task.above
        }
        if len(kept) > self.max_boards:
            raise too_many_boards(self.max_boards, task.above)
        return ClassResult(
            task.index, tuple(sorted(kept.items())), int(bounds), time.monotonic() - started
        )


ESTIMATE_SECONDS = 3.0
"""The longest :func:`estimate_cost` spends on its sample classes (wall-clock seconds)."""


@dataclass(frozen=True)
class CostEstimate:
    """What the classes left of a proof should cost, from a few of them proved first."""

    classes: int
    sampled: int
    seconds_per_class: float
    at_least: bool
    """A sample class was still running when the time ran out: the cost is at least this."""
    processes: int = 1
    results: tuple[ClassResult, ...] = ()
    """The sample classes proved to the end: work the proof need not do again."""

    @property
    def cpu_seconds(self) -> float:
        return self.seconds_per_class * self.classes

    @property
    def wall_seconds(self) -> float:
        return self.cpu_seconds / max(1, min(self.processes, self.classes))

    def text(self) -> str:
        """One line for people.

        >>> CostEstimate(8250, 1, 3.0, True, 2).text()
        'at least 6.9 CPU-hours (3.4 hours on 2 processes; 8,250 classes left, ... 3.0 s each)'
        """
        bound = "at least " if self.at_least else "about "
        sampled = (
            f"{self.sampled} sampled, more than {self.seconds_per_class:.1f} s each"
            if self.at_least
            else f"{self.sampled} sampled, {self.seconds_per_class:.2f} s each"
        )
        return (
            f"{bound}{_duration(self.cpu_seconds, 'CPU-')} ({_duration(self.wall_seconds)} on "
            f"{self.processes} process{'es' if self.processes > 1 else ''}; "
            f"{self.classes:,} classes left, {sampled})"
        )


def _duration(seconds: float, kind: str = "") -> str:
    """``42 s``, ``12.5 minutes`` or ``3.4 hours`` (``kind``: ``CPU-`` before the unit)."""
    if seconds < 120:
        return f"{seconds:.0f} {kind}s" if kind else f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.1f} {kind}minutes"
    return f"{seconds / 3600:,.1f} {kind}hours"


class _OutOfTime(Exception):
    """The estimate's time ran out in the middle of a sample class."""


def estimate_cost(
    tasks: Sequence[ClassTask],
    lexicon: Lexicon,
    rules: Rules,
    jobs: int = 1,
    budget: float = ESTIMATE_SECONDS,
    samples: int = 3,
    enough_below: float = 60.0,
) -> CostEstimate:
    """The cost of proving ``tasks``, from up to ``samples`` of them (evenly spread) proved
    within ``budget`` seconds; a class still running then makes the estimate a lower bound
    (``at_least``).  Sampling stops early once the proof looks shorter than
    ``enough_below`` seconds.  The time box needs the main thread (a timer signal);
    elsewhere the samples run to the end."""
    import signal
    import threading

    prover = Prover(lexicon, rules, max_boards=MAX_BOARDS)
    step = max(1, len(tasks) // max(1, samples))
    chosen = list(tasks[::step][:samples])
    timed = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    started = time.monotonic()
    costs: list[float] = []
    results: list[ClassResult] = []
    at_least = False

    def out_of_time(signum: int, frame: object) -> None:
        raise _OutOfTime

    previous = signal.signal(signal.SIGALRM, out_of_time) if timed else None
    try:
        for task in chosen:
            left = budget - (time.monotonic() - started)
            if left <= 0:
                break
            if timed:
                signal.setitimer(signal.ITIMER_REAL, left)
            began = time.monotonic()
            try:
                results.append(prover.run(task))
            except _OutOfTime:
                costs.append(time.monotonic() - began)
                at_least = True
                break
            except BoggleError:
                pass  # too many boards: the proof itself says so
            finally:
                if timed:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            costs.append(time.monotonic() - began)
            if sum(costs) / len(costs) * len(tasks) / processes(jobs) < enough_below:
                break
    finally:
        if timed:
            signal.signal(signal.SIGALRM, previous)
    per_class = (max(costs) if at_least else sum(costs) / len(costs)) if costs else 0.0
    return CostEstimate(
        len(tasks), len(costs), per_class, at_least, processes(jobs), tuple(results)
    )


_worker_prover: Prover | None = None


def _init_worker(lexicon: Lexicon, rules: Rules, max_boards: int = MAX_BOARDS) -> None:
    global _worker_prover
    _worker_prover = Prover(lexicon, rules, max_boards)


def _run_in_worker(task: ClassTask) -> ClassResult:
    assert _worker_prover is not None
    return _worker_prover.run(task)


def prove_class(task: ClassTask, lexicon: Lexicon, rules: Rules) -> ClassResult:
    """One top-level class on its own (the unit of work a cluster runs)."""
    return Prover(lexicon, rules).run(task)


def prove(
    rows: int,
    cols: int,
    lexicon: Lexicon,
    rules: Rules,
    above: int,
    jobs: int = 1,
    checkpoint: str | None = None,
    bucket_count: int = 3,
    on_class: Callable[[ClassResult, int], None] | None = None,
    where: Client | str | None = None,
    corner_buckets: int | None = None,
    inner_buckets: int | None = None,
    max_boards: int = MAX_BOARDS,
    on_plan: Callable[[list[ClassTask], int, int], Iterable[ClassResult] | None] | None = None,
) -> ProofResult:
    """Every board scoring more than ``above``; see the module docstring.

    >>> from boggle import CLASSIC, Lexicon
    >>> lexicon = Lexicon.from_words(["tab", "bat", "abet", "beat", "bate"])
    >>> [(found.board, found.score) for found in prove(2, 2, lexicon, CLASSIC, above=4).boards]
    [('abet', 5), ('abte', 5), ('aetb', 5)]

    The top-level classes have ``bucket_count`` letter buckets on the edges and, unless
    told, whole corners and the cells off the border as the edges (3x3's centre whole):
    :meth:`Layout.of`.  More than ``max_boards`` boards (in all, or from one class in
    this process) is a :class:`BoggleError` (classes finished before are in the
    checkpoint); ``jobs`` processes run at once, at most one per core.  ``on_plan(todo,
    finished, total)`` is called before any work with the classes left, the classes already
    finished (from the checkpoint) and all of them; it may raise to stop there, or return
    classes it proved itself (:attr:`CostEstimate.results`), which are not proved again."""
    if rows * cols > 64:
        raise BoggleError(f"prove handles boards of up to 64 cells, not {rows}x{cols}")
    check_problem(rules, above)
    if jobs < 1:
        raise BoggleError(f"--jobs must be at least 1, got {jobs}")
    if max_boards < 1:
        raise BoggleError(f"the most boards kept must be at least 1, got {max_boards}")
    for name, count in (("--corner-buckets", corner_buckets), ("--inner-buckets", inner_buckets)):
        if count is not None and count < 1:
            raise BoggleError(f"{name} must be at least 1, got {count}")
    started = time.monotonic()
    layout = layout_for(lexicon, rows, cols, bucket_count, corner_buckets, inner_buckets)
    tasks = list(top_level_classes(rows, cols, layout, above))
    store = Checkpoint.open(checkpoint, rows, cols, lexicon, rules, above, layout, len(tasks))
    done: dict[int, ClassResult] = dict(store.finished) if store else {}
    resumed = len(done)
    todo = [task for task in tasks if task.index not in done]
    interrupted = False
    kept = sum(len(result.boards) for result in done.values())
    try:
        given = list(on_plan(todo, resumed, len(tasks)) or ()) if on_plan is not None else []
        proved = {result.index for result in given}
        left = [task for task in todo if task.index not in proved]
        for result in itertools.chain(
            given, _results(left, lexicon, rules, jobs, where, max_boards)
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
    (:meth:`Layout.of`); :class:`BoggleError` for a list of too many letters or a bucket
    count below 1."""
    if len(lexicon.alphabet) > MAX_LETTERS:
        raise BoggleError(f"prove handles word lists of at most {MAX_LETTERS} letters")
    for name, count in (
        ("--buckets", bucket_count),
        ("--corner-buckets", corner_buckets),
        ("--inner-buckets", inner_buckets),
    ):
        if count is not None and count < 1:
            raise BoggleError(f"{name} must be at least 1, got {count}")
    letters = ["q" if face == "qu" else face for face in letter_alphabet(lexicon)]
    return Layout.of(letters, rows, cols, bucket_count, corner_buckets, inner_buckets)


def processes(jobs: int) -> int:
    """How many processes ``jobs`` asks for run at once in this process: one per core at
    most (more only slow the proof and cost memory)."""
    return max(1, min(jobs, default_jobs()))


def _results(
    tasks: list[ClassTask],
    lexicon: Lexicon,
    rules: Rules,
    jobs: int,
    where: Client | str | None,
    max_boards: int = MAX_BOARDS,
) -> Iterable[ClassResult]:
    if where is not None:
        from boggle.search.distributed import prove_classes_on

        yield from prove_classes_on(tasks, lexicon, rules, where)
        return
    jobs = min(processes(jobs), len(tasks))
    if jobs <= 1:
        prover = Prover(lexicon, rules, max_boards)
        for task in tasks:
            yield prover.run(task)
        return
    context = multiprocessing.get_context("fork")
    with context.Pool(jobs, _init_worker, (lexicon, rules, max_boards)) as pool:
        yield from pool.imap_unordered(_run_in_worker, tasks)
