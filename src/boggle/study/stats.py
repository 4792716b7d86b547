"""The score distribution of many random boards, in this process or on a Dask cluster.

The run of ``boards`` boards is cut into chunks ``(seed, first index, count)``;
each chunk makes its boards (:mod:`boggle.dice.bulk`: board ``i`` depends
only on the seed and ``i``), scores them, and sends back only a summary: how
many boards made each score, and its best boards.  Summaries merge exactly
(integer counts; ties among the best broken by board number), so the result is
the same in-process, on any number of workers, and for any chunk size.

>>> from boggle import Lexicon
>>> from boggle.dice.bulk import BoardSource
>>> lexicon = Lexicon.from_words(["tea", "eat", "ate", "seat", "east", "rest"])
>>> one = score_stats(200, BoardSource.named("new"), lexicon, seed=5, chunk_size=200)
>>> many = score_stats(200, BoardSource.named("new"), lexicon, seed=5, chunk_size=7, jobs=2)
>>> one == many, one.boards, one.minimum
(True, 200, 0)
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, fields, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boggle.dice.bulk import BoardSource, board_lines, source_for_language
from boggle.dice.cubes import seed_in_range
from boggle.engines import solve
from boggle.engines.gpu import BATCH_ENGINES, batch_engine
from boggle.files.cache import atomic_file
from boggle.model.board import Board
from boggle.model.checks import (
    MAX_TOP,
    callback,
    finite_number,
    known_settings,
    need_options,
    whole_number,
)
from boggle.model.errors import BoggleError, DiceError, OutputError
from boggle.model.rules import Rules, RulesLike, rules_for_size
from boggle.model.word_levels import WORD_LEVELS
from boggle.model.wording import as_text, counted, quoted
from boggle.scale.cluster import (
    LexiconRef,
    map_ordered,
    open_client,
    resolve_lexicon,
    share_lexicon,
    worker_threads,
)
from boggle.scale.threads import score_many
from boggle.wordlists.frequencies import list_frequencies
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import load_lexicon
from boggle.wordlists.spelling import lexicon_profile

if TYPE_CHECKING:
    from distributed import Client

PERCENTILES = (1, 5, 10, 25, 50, 75, 90, 95, 99)
LARGEST_CHUNK = 50_000
SMALLEST_CHUNK = 1_000
MAX_CHUNK = 1_000_000
"""The largest ``chunk_size`` taken: a chunk's boards and scores are held at once (about
0.5 KB a board), by every thread."""


@dataclass(frozen=True)
class Chunk:
    """Boards ``first`` to ``first + count - 1`` of the run keyed by ``seed``."""

    seed: int
    first: int
    count: int


@dataclass(frozen=True)
class TopBoard:
    """One of the best boards: its score, its number in the run, its compact form.

    ``board`` is the text as ``boggle stats`` prints it; :meth:`to_board` gives the
    :class:`~boggle.model.board.Board` (the same as ``board_at`` of the run's seed and
    ``index``).
    """

    score: int
    index: int
    board: str

    def to_board(self) -> Board:
        """The board itself (:meth:`Board.parse <boggle.model.board.Board.parse>` of ``board``).

        >>> TopBoard(674, 2974, "esnrgrteeapotlmq").to_board()
        Board.parse('esnr grte eapo tlmq')
        """
        return Board.parse(self.board)


def _rank(top: TopBoard) -> tuple[int, int]:
    return (-top.score, top.index)


@dataclass(frozen=True)
class ChunkSummary:
    """What a chunk sends back: boards per score, and its ``top`` best boards."""

    counts: dict[int, int]
    best: list[TopBoard]


@dataclass(frozen=True)
class StatsTask:
    """What every chunk of one run shares (plain data: it travels to the workers)."""

    source: BoardSource
    lexicon: Lexicon | LexiconRef
    rules: Rules
    top: int
    engine: str = "native"


def summarise_chunk(task: StatsTask, chunk: Chunk) -> ChunkSummary:
    """Make, score and summarise one chunk's boards (runs on a worker)."""
    lines = board_lines(task.source, chunk.seed, chunk.first, chunk.count)
    scores = score_many(
        lines, resolve_lexicon(task.lexicon), task.rules, jobs=1, engine=task.engine
    )
    counts = Counter(scores)
    best = heapq.nsmallest(
        task.top,
        (
            TopBoard(score, chunk.first + i, line)
            for i, (score, line) in enumerate(zip(scores, lines, strict=True))
        ),
        key=_rank,
    )
    return ChunkSummary(dict(counts), best)


MAX_BINS = 1_000_000
"""The most ranges :meth:`ScoreStats.histogram` cuts the scores into."""


@dataclass(frozen=True)
class ScoreStats:
    """The score distribution of ``boards`` random boards: ``counts`` is (score, boards)
    ascending, ``best`` the best boards (highest score first, then lowest number).
    ``interrupted``: a Ctrl-C stopped the run, and these are its first ``boards`` (the
    summary of a run of that many; not compared).

    >>> from boggle import CLASSIC
    >>> counts = ((0, 1), (2, 2), (5, 1))  # one board of 0 points, two of 2, one of 5
    >>> stats = ScoreStats(4, 1, BoardSource.named("new"), CLASSIC, "mine", counts, ())
    >>> stats.mean, round(stats.std, 3), stats.minimum, stats.maximum
    (2.25, 1.785, 0, 5)
    """

    boards: int
    seed: int
    source: BoardSource
    rules: Rules
    dictionary: str
    counts: tuple[tuple[int, int], ...]
    best: tuple[TopBoard, ...]
    interrupted: bool = field(default=False, compare=False)
    total: int = field(init=False)
    total_squares: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(s * c for s, c in self.counts))
        object.__setattr__(self, "total_squares", sum(s * s * c for s, c in self.counts))

    def __repr__(self) -> str:
        """The run and its figures in one line (the fields hold every score's count).

        >>> from boggle import CLASSIC
        >>> counts = ((0, 1), (2, 2), (5, 1))
        >>> ScoreStats(4, 1, BoardSource.named("new"), CLASSIC, "mine", counts, ())
        <ScoreStats 4 boards (new 4x4, seed 1, mine, classic): mean 2.25, std 1.79, 0 to 5>
        """
        letters = self.source.letters_of
        dice = self.source.dice or (f"letters of {letters}" if letters else "uniform")
        run = f"{dice} {self.source.rows}x{self.source.cols}, seed {self.seed}"
        figures = (
            f"mean {self.mean:.2f}, std {self.std:.2f}, {self.minimum} to {self.maximum}"
            if self.boards
            else "no boards"
        )
        stopped = ", interrupted" if self.interrupted else ""
        return (
            f"<ScoreStats {counted(self.boards, 'board')} ({run}, {self.dictionary}, "
            f"{self.rules.name}{stopped}): {figures}>"
        )

    @property
    def mean(self) -> float:
        """The mean score (NaN for a run of no boards)."""
        return self.total / self.boards if self.boards else math.nan

    @property
    def std(self) -> float:
        """The population standard deviation, from exact integer sums."""
        if not self.boards:
            return math.nan
        return math.sqrt(self.boards * self.total_squares - self.total**2) / self.boards

    @property
    def minimum(self) -> int | None:
        return self.counts[0][0] if self.counts else None

    @property
    def maximum(self) -> int | None:
        return self.counts[-1][0] if self.counts else None

    def percentile(self, percent: float) -> int | None:
        """The lowest score that at least ``percent`` % of the boards do not beat (``None``
        for a run of no boards); ``percent`` is a finite number from 0 to 100, else a
        :class:`BoggleError` naming it.

        >>> from boggle import CLASSIC
        >>> counts = ((0, 1), (2, 2), (5, 1))
        >>> stats = ScoreStats(4, 1, BoardSource.named("new"), CLASSIC, "mine", counts, ())
        >>> stats.percentile(50), stats.percentile(99), stats.percentile(0)
        (2, 5, 0)
        """
        finite_number("percent", percent, at_least=0, at_most=100)
        needed = math.ceil(self.boards * percent / 100)
        seen = 0
        for score, count in self.counts:
            seen += count
            if seen >= max(needed, 1):
                return score
        return None

    def histogram(self, bins: int = 20) -> list[tuple[int, int, int]]:
        """``(low, high, boards)`` for up to ``bins`` equal ranges of whole scores; ``bins`` is
        a whole number from 1 to :data:`MAX_BINS`, else a :class:`BoggleError` naming it.

        >>> from boggle import CLASSIC
        >>> counts = ((0, 1), (2, 2), (5, 1))
        >>> stats = ScoreStats(4, 1, BoardSource.named("new"), CLASSIC, "mine", counts, ())
        >>> stats.histogram(2)
        [(0, 2, 3), (3, 5, 1)]
        >>> stats.histogram(0)
        Traceback (most recent call last):
          ...
        boggle.model.errors.BoggleError: bins must be from 1 to 1,000,000, got 0
        """
        whole_number("bins", bins, at_least=1, at_most=MAX_BINS)
        if not self.counts:
            return []
        low, high = self.counts[0][0], self.counts[-1][0]
        width = max(1, math.ceil((high - low + 1) / bins))
        sums: Counter[int] = Counter()
        for score, count in self.counts:
            sums[(score - low) // width] += count
        last = (high - low) // width
        return [(low + b * width, low + b * width + width - 1, sums[b]) for b in range(last + 1)]

    def to_json(self) -> dict[str, Any]:
        return {
            "boards": self.boards,
            "seed": self.seed,
            "dice": self.source.name,
            "rows": self.source.rows,
            "cols": self.source.cols,
            "dictionary": as_text(self.dictionary),
            "rules": self.rules.to_json(),
            "mean": self.mean if self.boards else None,  # NaN is no JSON
            "std": self.std if self.boards else None,
            "min": self.minimum,
            "max": self.maximum,
            "percentiles": {str(p): self.percentile(p) for p in PERCENTILES},
            "counts": [[score, count] for score, count in self.counts],
            "best": [asdict(top) for top in self.best],
            "interrupted": self.interrupted,
        }


LEVEL_SAMPLE = 1_000
""":func:`word_levels_of_boards` looks at the first this many boards of a run."""


def word_levels_of_boards(
    boards: int,
    source: BoardSource,
    lexicon: Lexicon,
    rules: RulesLike = None,
    seed: int = 0,
) -> dict[str, int]:
    """How many of the words found on boards ``0`` to ``boards - 1`` of a run are common,
    standard and obscure (a word counts once per board it is on), and ``boards``: how many
    boards were solved.  Needs ``wordfreq`` (:class:`~boggle.model.errors.MissingDependencyError`).

    >>> from boggle import Lexicon
    >>> lexicon = Lexicon.from_words(["tea", "eat", "ate", "seat", "east", "rest", "teas"])
    >>> counts = word_levels_of_boards(50, BoardSource.named("new"), lexicon, seed=5)
    >>> counts["boards"], counts["common"] + counts["standard"] + counts["obscure"] > 0
    (50, True)
    """
    frequencies = list_frequencies(lexicon)
    rules = rules_for_size(rules, source.rows, source.cols)
    counts = dict.fromkeys(WORD_LEVELS, 0)
    for line in board_lines(source, seed, 0, boards):
        for item in solve(line, lexicon, rules):
            counts[frequencies.get(item.word).level] += 1
    return {"boards": boards, **counts}


def chunks_of(boards: int, seed: int, size: int) -> Iterator[Chunk]:
    """The run cut into chunks of ``size`` boards (the last one shorter).

    >>> [chunk.count for chunk in chunks_of(5, 9, 2)]
    [2, 2, 1]
    """
    for first in range(0, boards, size):
        yield Chunk(seed, first, min(size, boards - first))


def default_chunk_size(boards: int, threads: int) -> int:
    """About four chunks per thread, within 1,000 to 50,000 boards."""
    return max(SMALLEST_CHUNK, min(LARGEST_CHUNK, -(-boards // (4 * threads))))


def _stats_on_device(
    boards: int,
    source: BoardSource,
    lexicon: Lexicon,
    rules: Rules,
    seed: int,
    top: int,
    progress: Callable[[int], None] | None,
) -> ScoreStats | None:
    """The run made, scored and summarised on the gpu engine's device (``None`` when its
    faces cannot be made there: then the boards are made on the host); a Ctrl-C gives the
    summary of the batches done, as on the host."""
    from boggle.engines.gpu import device_scorer
    from boggle.study.device_stats import random_stats

    summary = random_stats(device_scorer(lexicon), source, seed, boards, rules, top, progress)
    if summary is None:
        return None
    best = [
        TopBoard(score, index, board_lines(source, seed, index, 1)[0])
        for score, index in summary.best
    ]
    return ScoreStats(
        boards=summary.boards,
        seed=seed,
        source=source,
        rules=rules,
        dictionary=lexicon.name,
        counts=tuple(sorted(summary.counts.items())),
        best=tuple(best),
        interrupted=summary.interrupted,
    )


@dataclass(frozen=True)
class StatsOptions:
    """How :func:`score_stats` makes its run: the ``seed`` of the boards (0 to
    :data:`~boggle.dice.cubes.MAX_SEED`), the ``top`` best boards kept, the ``jobs`` threads
    in-process (default: one a core), the ``chunk_size`` (default: about four chunks a
    thread) and the batch ``engine`` (``native``, ``gpu`` or ``auto``; ``gpu`` runs in this
    process, one thread feeding the GPU).  The counts are ``int`` (a bool, or a float even
    ``2.0``, is refused by name).

    >>> StatsOptions(seed=5, top=3).chunk_size is None
    True
    >>> StatsOptions(chunk_size=0)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: chunk_size must be from 1 to 1,000,000, got 0
    >>> StatsOptions(top=True)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: top must be a whole number, got True
    """

    seed: int = 0
    top: int = 10
    jobs: int | None = None
    chunk_size: int | None = None
    engine: str = "native"

    def __post_init__(self) -> None:
        seed_in_range(self.seed)
        whole_number("top", self.top, at_least=0, at_most=MAX_TOP)
        if self.jobs is not None:
            whole_number("jobs", self.jobs, at_least=1)
        if self.chunk_size is not None:
            whole_number("chunk_size", self.chunk_size, at_least=1, at_most=MAX_CHUNK)
        if self.engine not in BATCH_ENGINES:
            raise BoggleError(
                f"engine must be one of: {', '.join(BATCH_ENGINES)}; got {self.engine!r}",
                setting="engine",
            )


def _source(source: BoardSource | str | None, lexicon: Lexicon) -> BoardSource:
    """The boards :func:`score_stats` rolls: ``source`` itself, a dice set by name (refused
    beside another language's list), or the boards of the list's language (``None``)."""
    if isinstance(source, BoardSource):
        return source
    if source is None:
        return source_for_language(lexicon)
    if lexicon_profile(lexicon).code != "en":
        raise DiceError(
            f"source {quoted(source)}: a {lexicon_profile(lexicon).name} board is not rolled "
            f"from dice; each cell is drawn from the letters of the words of "
            f"{quoted(lexicon.name)}: give source None, or "
            "source_for_language(lexicon, rows=R, cols=C) for another size",
            setting="source",
        )
    return BoardSource.named(source)


def score_stats(
    boards: int,
    source: BoardSource | str | None = None,
    lexicon: Lexicon | str | None = None,
    rules: RulesLike = None,
    options: StatsOptions | None = None,
    *,
    where: Client | str | None = None,
    progress: Callable[[int], None] | None = None,
    **changes: Any,
) -> ScoreStats:
    """Score ``boards`` random boards from ``source`` (a :class:`BoardSource`, or a dice
    set's name: ``"new"`` is ``BoardSource.named("new")``) and summarise them.  ``None``, the
    default, rolls the boards ``boggle stats`` rolls for the list's language
    (:func:`~boggle.dice.bulk.source_for_language`: the ``new`` dice for English, 4x4
    boards of the list's letters for another language; ``score_stats(100, lexicon=words)``);
    a dice set named beside another language's list is refused, as on the command line,
    rather than rolling English cubes.

    ``options`` say how (:class:`StatsOptions`); keyword arguments named after its fields
    change them (``score_stats(..., seed=5, top=3)``).  ``where`` is where the work runs
    (see :mod:`boggle.scale.cluster`); ``progress`` is called with each chunk's board count.
    A Ctrl-C (``KeyboardInterrupt``) stops the run: the summary of the boards done, the
    run's first, comes back with ``interrupted`` set (every engine; on the gpu engine's
    device, those of its batches of 16M boards summarised).

    >>> from boggle import Lexicon
    >>> from boggle.dice.bulk import BoardSource
    >>> lexicon = Lexicon.from_words(["tea", "eat", "ate", "seat", "east", "rest"])
    >>> stats = score_stats(100, BoardSource.named("new"), lexicon, "classic", StatsOptions(seed=5))
    >>> stats.boards, stats == score_stats(100, BoardSource.named("new"), lexicon, seed=5)
    (100, True)
    >>> spanish = Lexicon.from_words(["casa", "cosa", "saco", "caso", "ocaso"])
    >>> spanish.language = "es"
    >>> score_stats(100, None, spanish, seed=5).source.name
    'letters of custom'
    >>> score_stats(100, lexicon=lexicon, seed=5).source.name
    'new'
    >>> score_stats(100, "new", spanish, seed=5)
    Traceback (most recent call last):
      ...
    boggle.model.errors.DiceError: source 'new': a Spanish board is not rolled from dice; each \
cell is drawn from the letters of the words of 'custom': give source None, or \
source_for_language(lexicon, rows=R, cols=C) for another size
    """
    need_options("score_stats", options, StatsOptions)
    if options is None:
        options = StatsOptions()
    known_settings("score_stats", changes, [item.name for item in fields(options)])
    options = replace(options, **changes)
    whole_number("boards", boards, at_least=0)
    callback("progress", progress)
    if source is not None and not isinstance(source, str | BoardSource):
        raise BoggleError(
            "source must be a BoardSource or a dice set's name (e.g. 'new'), or None for the "
            f"boards of the list's language, not {source!r}"
        )
    seed, top, jobs, chunk_size = options.seed, options.top, options.jobs, options.chunk_size
    engine = options.engine
    if not isinstance(lexicon, Lexicon):
        lexicon = load_lexicon(lexicon)
    source = _source(source, lexicon)
    rules = rules_for_size(rules, source.rows, source.cols)
    board_lines(source, seed, 0, 0)  # bad seeds and missing NumPy are reported here, once
    if batch_engine(engine) == "gpu":
        if where is not None:
            raise BoggleError("the gpu engine runs in this process, not on a cluster")
        if chunk_size is None:  # the boards made, scored and summarised on the device
            on_device = _stats_on_device(boards, source, lexicon, rules, seed, top, progress)
            if on_device is not None:
                return on_device
        jobs, engine, chunk_size = 1, "gpu", chunk_size or LARGEST_CHUNK
    else:
        engine = "native"
    # (boards, counts, best) of the chunks summarised so far, replaced whole in one store so
    # that a Ctrl-C between two statements never leaves a chunk half counted
    done: tuple[int, Counter[int], list[TopBoard]] = (0, Counter(), [])
    interrupted = False
    try:
        with open_client(where) as client:
            size = chunk_size or default_chunk_size(boards, worker_threads(client, jobs))
            task = StatsTask(source, share_lexicon(lexicon, client), rules, top, engine)
            work = partial(summarise_chunk, task)
            for summary in map_ordered(work, chunks_of(boards, seed, size), client, jobs):
                scored = sum(summary.counts.values())
                done = (
                    done[0] + scored,
                    done[1] + Counter(summary.counts),
                    heapq.nsmallest(top, [*done[2], *summary.best], key=_rank),
                )
                if progress is not None:
                    progress(scored)
    except KeyboardInterrupt:
        # chunks come in order: the boards done are the run's first, a shorter run's whole
        interrupted = True
    scored, counts, best = done
    return ScoreStats(
        boards=scored,
        seed=seed,
        source=source,
        rules=rules,
        dictionary=lexicon.name,
        counts=tuple(sorted(counts.items())),
        best=tuple(best),
        interrupted=interrupted,
    )


def plot_stats(stats: ScoreStats, path: str | Path) -> Path:
    """The histogram of ``stats``, a bar per score, written to ``path`` (``.png`` or
    ``.svg``) whole or not at all, over a link at ``path`` rather than into what it names:
    the figure ``boggle stats --plot`` writes.  Needs matplotlib (``boggle[analysis]``);
    another suffix, or a file that cannot be written, is one :class:`BoggleError` line.

    >>> from boggle import Lexicon
    >>> stats = score_stats(50, "new", Lexicon.from_words(["tea", "eat", "seat"]), seed=1)
    >>> plot_stats(stats, "scores.pdf")
    Traceback (most recent call last):
      ...
    boggle.model.errors.OutputError: a plot is written as .png or .svg, got 'scores.pdf'
    """
    from boggle.study.plotting import FIGURE_FORMATS, pyplot

    if not isinstance(stats, ScoreStats):
        raise BoggleError(f"plot_stats takes score_stats' ScoreStats, not {type(stats).__name__}")
    chosen = Path(path).suffix.lower()[1:]
    if chosen not in FIGURE_FORMATS:
        raise OutputError(f"a plot is written as .png or .svg, got {quoted(str(path))}")
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(8, 4.5))
    axes.bar([score for score, _ in stats.counts], [count for _, count in stats.counts], width=1.0)
    axes.set_xlabel("score")
    axes.set_ylabel("boards")
    axes.set_title(
        f"{stats.boards:,} boards ({stats.source.name} {stats.source.rows}x{stats.source.cols}), "
        f"{quoted(stats.dictionary)}: mean {stats.mean:.1f}, std {stats.std:.1f}"
    )
    try:
        with atomic_file(path) as handle:
            figure.savefig(handle, format=chosen, dpi=120, bbox_inches="tight")
    except OSError as error:
        raise OutputError(f"cannot write {quoted(str(path))}: {error.strerror}") from None
    finally:
        plt.close(figure)
    return Path(path)
