"""Runtime against board size ("Solving Boggle in Haskell", figures 5 and 6).

For each size N, ``repeat`` random N x N boards (uniform letters,
:func:`boggle.dice.cubes.uniform_board`) are solved by each engine; every engine sees
the same boards.  The time of one solve is the processor time this process
spends drawing every word from the engine (``time.process_time``, as the paper
used Haskell's ``CPUTime``: other programs on a shared machine do not count;
the wall-clock time is kept too), the garbage collector paused, after a first
solve of a 1x1 board has built the engine's structures for the word list, so
building them is not counted.

The paper proves that for a fixed word list the time is at most ``C * N**2``: a
search from one cube never reads a cube farther than the longest word, so each
of the N**2 starting cubes costs at most a constant.  :func:`linear_fit` of the
mean time against N**2 shows it: the fit is a straight line.

>>> fit = linear_fit([1.0, 4.0, 9.0], [2.0, 8.0, 18.0])
>>> round(fit.slope, 6), round(fit.intercept, 6), round(fit.r_squared, 6)
(2.0, 0.0, 1.0)
"""

from __future__ import annotations

import csv
import gc
import math
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from boggle.dice.cubes import seed_in_range, uniform_board
from boggle.engines import Engine
from boggle.files.cache import atomic_text_file
from boggle.model.board import Board
from boggle.model.checks import callback, finite_number, whole_number
from boggle.model.errors import EngineError
from boggle.model.rules import Rules
from boggle.wordlists.lexicon import Lexicon

MAX_REPEAT = 10_000
"""The most boards of one size a measurement solves with each engine: every solve is kept
(about 270 bytes) for the raw CSV and the statistics, so ``repeat`` bounds the memory, as
:data:`~boggle.model.checks.MAX_TOP` bounds a run's best boards."""


@dataclass(frozen=True)
class RuntimeSample:
    """One board solved by one engine."""

    engine: str
    size: int
    run: int
    seed: int
    seconds: float
    words: int
    wall_seconds: float = 0.0


@dataclass(frozen=True)
class RuntimeSummary:
    """The runs of one engine at one board size: mean and sample standard deviation."""

    engine: str
    size: int
    runs: int
    mean_seconds: float
    stdev_seconds: float
    mean_words: float

    @property
    def cells(self) -> int:
        return self.size * self.size


@dataclass
class RuntimeResult:
    """Every sample, and for each engine dropped for being too slow, the first size skipped."""

    samples: list[RuntimeSample] = field(default_factory=list)
    skipped_from: dict[str, int] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)
    """Engines that refused to run at all (``pathtable`` without NumPy), with the reason."""
    refused_from: dict[str, tuple[int, str]] = field(default_factory=dict)
    """Engines that refused a board of some size (``letterhash`` past its path limit, from
    6x6): that size, from which on the engine is not run, and the reason."""
    interrupted: bool = False
    """Stopped by Ctrl-C: ``samples`` holds the solves finished before it."""


def board_seed(seed: int, size: int, run: int) -> int:
    """The seed of run ``run`` at ``size``: distinct boards, the same for every engine."""
    return seed + 1000 * size + run


def warm_up(engine: Engine, lexicon: Lexicon, rules: Rules) -> None:
    """Solve a 1x1 board, so the engine builds (and caches) its structures for ``lexicon``."""
    for _ in engine.function(Board(("a",), 1, 1), lexicon, rules):
        pass


def time_solve(engine: Engine, board: Board, lexicon: Lexicon, rules: Rules) -> RuntimeSample:
    """Solve ``board`` once and time it (the sample's size, run and seed are left at 0).

    The garbage collector is paused while timing, as :mod:`timeit` does: a full
    collection walks every object alive (another engine's Python trie holds
    millions), which would land in whichever solve happens to trigger it.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        words = sum(1 for _ in engine.function(board, lexicon, rules))
        seconds = time.process_time() - start_cpu
        wall_seconds = time.perf_counter() - start_wall
    finally:
        if collecting:
            gc.enable()
    return RuntimeSample(engine.name, board.rows, 0, 0, seconds, words, wall_seconds)


def check_settings(
    sizes: Sequence[int], repeat: int, seed: int = 0, time_limit: float | None = None
) -> None:
    """:class:`~boggle.model.errors.BoggleError` in one line unless each size is a whole
    number of at least 1, ``repeat`` one from 1 to :data:`MAX_REPEAT`, ``seed`` a seed
    (:func:`~boggle.dice.cubes.seed_in_range`) and ``time_limit`` a finite number above 0
    (``None``: no limit).

    >>> check_settings([3, 4], 10**12)
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoggleError: repeat must be from 1 to 10,000, got 1,000,000,000,000
    """
    for size in sizes:
        whole_number("size", size, at_least=1)
    whole_number("repeat", repeat, at_least=1, at_most=MAX_REPEAT)
    seed_in_range(seed)
    if time_limit is not None:
        finite_number("time_limit", time_limit, more_than=0)


def measure_runtime(
    engines: Sequence[Engine],
    sizes: Sequence[int],
    repeat: int,
    lexicon: Lexicon,
    rules: Rules,
    seed: int = 0,
    time_limit: float | None = None,
    on_step: Callable[[], None] | None = None,
) -> RuntimeResult:
    """Solve ``repeat`` boards of each size with each engine.

    An engine whose solve takes longer than ``time_limit`` seconds is not run on
    larger sizes (noted in ``skipped_from``); one that refuses a board of a size
    (:class:`EngineError`) is not run from that size on (noted in ``refused_from``), so the
    other engines' sizes are still measured.  ``on_step`` is called after each
    (engine, board) step, skipped or not: ``len(engines) * len(sizes) * repeat`` calls.
    The settings are checked first (:func:`check_settings`: ``repeat`` at most
    :data:`MAX_REPEAT`).  A Ctrl-C (:class:`KeyboardInterrupt`) while
    measuring ends it early: the result keeps the solves finished before, ``interrupted``
    set, so what was measured is not lost.
    """
    check_settings(sizes, repeat, seed, time_limit)
    callback("on_step", on_step)
    result = RuntimeResult()
    for engine in engines:
        try:
            warm_up(engine, lexicon, rules)
        except EngineError as error:
            result.refused[engine.name] = str(error)
    try:
        _measure_sizes(result, engines, sizes, repeat, lexicon, rules, seed, time_limit, on_step)
    except KeyboardInterrupt:
        result.interrupted = True
    return result


def _measure_sizes(
    result: RuntimeResult,
    engines: Sequence[Engine],
    sizes: Sequence[int],
    repeat: int,
    lexicon: Lexicon,
    rules: Rules,
    seed: int,
    time_limit: float | None,
    on_step: Callable[[], None] | None,
) -> None:
    """The loop of :func:`measure_runtime`: each sample appended to ``result`` as it is
    timed."""
    for size in sizes:
        for run in range(repeat):
            board_seed_value = board_seed(seed, size, run)
            board = uniform_board(size, size, seed=board_seed_value)
            for engine in engines:
                if not _dropped(result, engine.name):
                    try:
                        sample = time_solve(engine, board, lexicon, rules)
                    except EngineError as error:
                        result.refused_from[engine.name] = (size, str(error))
                        if on_step is not None:
                            on_step()
                        continue
                    result.samples.append(
                        RuntimeSample(
                            engine.name,
                            size,
                            run,
                            board_seed_value,
                            sample.seconds,
                            sample.words,
                            sample.wall_seconds,
                        )
                    )
                    if time_limit is not None and sample.seconds > time_limit:
                        result.skipped_from[engine.name] = size + 1
                if on_step is not None:
                    on_step()


def _dropped(result: RuntimeResult, engine: str) -> bool:
    """Whether ``engine`` is no longer run: refused, too slow, or refused a smaller board."""
    return any(
        engine in dropped for dropped in (result.skipped_from, result.refused, result.refused_from)
    )


def summarise(samples: Iterable[RuntimeSample]) -> list[RuntimeSummary]:
    """Mean and standard deviation of the time per (engine, size), in first-seen engine order."""
    groups: dict[tuple[str, int], list[RuntimeSample]] = {}
    for sample in samples:
        groups.setdefault((sample.engine, sample.size), []).append(sample)
    engine_order = list(dict.fromkeys(engine for engine, _ in groups))
    summaries = []
    for (engine, size), group in sorted(
        groups.items(), key=lambda item: (engine_order.index(item[0][0]), item[0][1])
    ):
        times = [s.seconds for s in group]
        summaries.append(
            RuntimeSummary(
                engine=engine,
                size=size,
                runs=len(group),
                mean_seconds=statistics.fmean(times),
                stdev_seconds=statistics.stdev(times) if len(times) > 1 else 0.0,
                mean_words=statistics.fmean(s.words for s in group),
            )
        )
    return summaries


@dataclass(frozen=True)
class LinearFit:
    """``y = slope * x + intercept`` by least squares, and the share of variance it explains."""

    slope: float
    intercept: float
    r_squared: float


def linear_fit(xs: Sequence[float], ys: Sequence[float]) -> LinearFit:
    """Least-squares straight line through the points (at least two distinct ``xs``)."""
    if len(xs) != len(ys) or len(set(xs)) < 2:
        raise ValueError("a straight line needs at least two points with distinct x")
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mean_x) ** 2 for x in xs)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True))
    slope = sxy / sxx
    intercept = mean_y - slope * mean_x
    total = sum((y - mean_y) ** 2 for y in ys)
    residual = sum((y - (slope * x + intercept)) ** 2 for x, y in zip(xs, ys, strict=True))
    r_squared = 1.0 - residual / total if total > 0 else 1.0
    return LinearFit(slope, intercept, r_squared)


def fit_against_cells(summaries: Sequence[RuntimeSummary]) -> dict[str, LinearFit]:
    """For each engine with at least two sizes, the straight line of mean time against N**2."""
    fits = {}
    for engine in dict.fromkeys(s.engine for s in summaries):
        rows = [s for s in summaries if s.engine == engine]
        if len({s.cells for s in rows}) >= 2:
            fits[engine] = linear_fit(
                [float(s.cells) for s in rows], [s.mean_seconds for s in rows]
            )
    return fits


def write_samples_csv(path: Path, samples: Iterable[RuntimeSample]) -> None:
    """The raw measurements, one row per solve."""
    with atomic_text_file(path, newline="") as file:
        writer = csv.writer(file)
        writer.writerow(
            ["engine", "size", "cells", "run", "seed", "cpu_seconds", "wall_seconds", "words"]
        )
        for s in samples:
            writer.writerow(
                [
                    s.engine,
                    s.size,
                    s.size * s.size,
                    s.run,
                    s.seed,
                    f"{s.seconds:.9f}",
                    f"{s.wall_seconds:.9f}",
                    s.words,
                ]
            )


def write_summary_csv(path: Path, summaries: Iterable[RuntimeSummary]) -> None:
    """Mean and standard deviation per engine and size."""
    with atomic_text_file(path, newline="") as file:
        writer = csv.writer(file)
        writer.writerow(
            ["engine", "size", "cells", "runs", "mean_seconds", "stdev_seconds", "mean_words"]
        )
        for s in summaries:
            writer.writerow(
                [
                    s.engine,
                    s.size,
                    s.cells,
                    s.runs,
                    f"{s.mean_seconds:.9f}",
                    f"{s.stdev_seconds:.9f}",
                    f"{s.mean_words:.1f}",
                ]
            )


def plot_runtime(
    summaries: Sequence[RuntimeSummary], out_dir: Path, formats: Sequence[str] = ("png", "svg")
) -> list[Path]:
    """Figures of mean time (error bars: standard deviation) against N and against N**2.

    One panel per engine, since engines differ by orders of magnitude; the N**2
    figure adds the least-squares line and its R**2.  Needs matplotlib.
    """
    from boggle.study.plotting import pyplot, save_figure

    plt = pyplot()
    engines = list(dict.fromkeys(s.engine for s in summaries))
    fits = fit_against_cells(summaries)
    paths = []
    for stem, label, against_cells in (
        ("runtime_vs_n", "board size N (N x N board)", False),
        ("runtime_vs_n2", "cells N\u00b2", True),
    ):
        columns = min(len(engines), 3)
        rows = math.ceil(len(engines) / columns)
        figure, axes = plt.subplots(
            rows, columns, figsize=(4.8 * columns, 3.8 * rows), squeeze=False
        )
        for index, engine in enumerate(engines):
            ax = axes[index // columns][index % columns]
            rows_of_engine = [s for s in summaries if s.engine == engine]
            xs = [s.cells if against_cells else s.size for s in rows_of_engine]
            ax.errorbar(
                xs,
                [s.mean_seconds * 1000 for s in rows_of_engine],
                yerr=[s.stdev_seconds * 1000 for s in rows_of_engine],
                fmt="o",
                markersize=4,
                capsize=3,
                label=f"mean of {max(s.runs for s in rows_of_engine)} boards \u00b1 s.d.",
            )
            fit = fits.get(engine)
            if against_cells and fit is not None:
                line_x = [0, max(xs)]
                ax.plot(
                    line_x,
                    [(fit.slope * x + fit.intercept) * 1000 for x in line_x],
                    "--",
                    label=f"least squares, R\u00b2 = {fit.r_squared:.4f}",
                )
            ax.set_title(f"engine: {engine}")
            ax.set_xlabel(label)
            ax.set_ylabel("processor time per board (ms)")
            ax.set_xlim(left=0)
            ax.set_ylim(bottom=0)
            ax.grid(alpha=0.3)
            ax.legend(fontsize="small", loc="upper left")
        for index in range(len(engines), rows * columns):
            axes[index // columns][index % columns].set_visible(False)
        what = "N\u00b2" if against_cells else "N"
        figure.suptitle(f"Solve time of a random N x N board against {what}")
        figure.tight_layout()
        paths += save_figure(figure, out_dir, stem, formats)
    return paths
