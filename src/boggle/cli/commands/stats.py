"""``boggle stats --random N``: the score distribution of N random boards."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._encoding import escape_unwritable
from boggle.cli.commands._help import with_examples
from boggle.cli.commands._output import check_outputs
from boggle.cli.commands._progress import progress_bar, spelled_duration, time_left
from boggle.cli.commands._where import add_cluster_options, where_from_args
from boggle.cli.commands.roll import DICE_HELP, add_size_option, size_from_args
from boggle.dice.bulk import BoardSource, source_for_language
from boggle.dice.cubes import GENERATORS, MAX_SEED, SEED_RANGE
from boggle.model.errors import BoggleError, MissingDependencyError
from boggle.model.rules import Rules
from boggle.model.word_levels import WORD_LEVELS
from boggle.model.wording import grouped, quoted
from boggle.scale.threads import default_jobs
from boggle.study.stats import (
    LEVEL_SAMPLE,
    PERCENTILES,
    ScoreStats,
    StatsOptions,
    plot_stats,
    score_stats,
    word_levels_of_boards,
)
from boggle.wordlists.frequencies import level_lexicon
from boggle.wordlists.lexicon import Lexicon

BAR_WIDTH = 40


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="score distribution of many random boards",
        description="Roll N boards and report their score distribution: count, mean, "
        "standard deviation, minimum, maximum, percentiles, a histogram and the best boards. "
        "English boards roll --dice; another language's (--language or --dict) draw each "
        "cell from the letters of its list's words, as 'boggle roll' does. "
        "Board i depends only on the seed and i, so a run gives the same answer in this "
        "process, on a Dask cluster, and for any chunk size. Ctrl-C stops and prints the "
        "summary of the boards scored so far, the run's first (exit status 130).",
        **with_examples("stats"),
    )
    parser.add_argument(
        "--random",
        type=options.whole_number,
        required=True,
        metavar="N",
        help="how many boards, 0 or more",
    )
    parser.add_argument(
        "--dice",
        default=None,
        type=str.lower,
        choices=GENERATORS,
        metavar="NAME",
        help=f"{DICE_HELP} (English only: another language's boards draw each cell from its "
        "list's letters)",
    )
    add_size_option(parser, "board size (default 4x4; other sizes: uniform letters in English)")
    parser.add_argument(
        "--seed",
        type=options.seed_number,
        default=None,
        metavar="SEED",
        help=f"random seed, {SEED_RANGE} (default: a fresh one, printed)",
    )
    parser.add_argument(
        "--top",
        type=options.whole_number,
        default=10,
        metavar="K",
        help="how many best boards to print, 0 to 10,000 (default 10; 0 prints none)",
    )
    options.add_json_option(parser)
    parser.add_argument(
        "--plot", default=None, metavar="FILE", help="write the histogram (.png/.svg)"
    )
    parser.add_argument("--force", action="store_true", help="overwrite the --plot file")
    parser.add_argument(
        "--jobs",
        type=options.jobs_number,
        default=None,
        metavar="N",
        help=f"threads in-process, 1 to {options.MAX_JOBS} (default: all cores, {default_jobs()} "
        "here)",
    )
    parser.add_argument(
        "--chunk-size",
        type=options.whole_number,
        default=None,
        metavar="N",
        help="boards per task, 1 to 1,000,000 (default: about four a thread, at most 50,000)",
    )
    options.add_solving_options(parser)
    options.add_words_option(parser, "score (a board's score counts only them)")
    options.add_batch_engine_option(parser)
    add_cluster_options(parser)
    parser.set_defaults(run=run)


def source_from_args(args: argparse.Namespace, lexicon: Lexicon) -> BoardSource:
    """The boards the options roll: for an English list the ``--dice`` (by default those of
    ``--size``), for another language its list's letters (``--dice`` refused beside it)."""
    rows, cols = size_from_args(args)
    return source_for_language(lexicon, args.dice, rows, cols)


def run(args: argparse.Namespace) -> int:
    if args.jobs is not None and args.jobs < 1:
        raise BoggleError(f"--jobs must be at least 1, got {grouped(args.jobs)}")
    plot = _plot_path(args.plot, args.force)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(MAX_SEED + 1)
    choice = options.rules_choice_from_args(args)  # a bad --scoring: refused before any loading
    whole = options.lexicon_from_args(args)
    source = source_from_args(args, whole)
    lexicon = level_lexicon(whole, args.words)
    rules = choice.for_size(source.rows, source.cols)
    where = where_from_args(args)
    engine = options.batch_engine_from_args(args, in_process=where is None)
    progress = progress_bar(" boards", total=args.random, lines_for="boggle stats")
    pace = _Pace(args.random, progress)
    try:
        stats = score_stats(
            args.random,
            source,
            lexicon,
            rules,
            options=StatsOptions(
                seed=seed, top=args.top, jobs=args.jobs, chunk_size=args.chunk_size, engine=engine
            ),
            where=where,
            progress=pace.update,
        )
    except KeyboardInterrupt:
        # a Ctrl-C the library could not summarise: before the run, or a second one
        _say_interrupted(pace.done, args.random, pace.seconds(), seed, sys.stderr.isatty())
        return 130
    finally:
        if progress is not None:
            progress.close()
    if stats.interrupted and stats.boards == 0:  # nothing to summarise, plot or write
        _say_interrupted(0, args.random, pace.seconds(), seed, False)
        return 130
    if plot is not None:
        write_plot(stats, plot)  # of the boards summarised, as the report below
    levels = _levels_if_installed(stats.boards, source, whole, rules, seed)
    escape_unwritable()  # a best board's "ñ" in an ASCII locale: escaped, not an error
    if args.json:
        result = stats.to_json()
        result["words"] = args.words
        if levels is not None:
            result["word_levels"] = levels
        print(json.dumps(result, indent=2))
    else:
        sys.stdout.write(report(stats) + levels_report(levels))
    if plot is not None:
        sys.stdout.flush()  # the report first, then the file written, as bench --out says it
        print(f"wrote {quoted(plot)}", file=sys.stderr)
    if stats.interrupted:
        _say_interrupted(stats.boards, args.random, pace.seconds(), seed, False)
        return 130
    return 0


def _say_interrupted(done: int, total: int, seconds: float, seed: int, on_bar: bool) -> None:
    """The line on stderr after a Ctrl-C (``on_bar``: below the progress bar, still open):
    the boards done are the run's first, and ``--random DONE --seed SEED`` summarises them."""
    start = "\n" if on_bar else ""
    if done == 0:
        print(
            f"{start}boggle stats: interrupted after {spelled_duration(seconds)}, before a "
            f"board of the {total:,} was scored",
            file=sys.stderr,
        )
        return
    print(
        f"{start}boggle stats: interrupted after {done:,} of {total:,} boards in "
        f"{spelled_duration(seconds)}; --random {done} --seed {seed} summarises those",
        file=sys.stderr,
    )


class _Pace:
    """The boards scored so far and how long they took: the progress bar's count and an
    estimate of the time left (``stats --random 10**20`` showed 0% and no end)."""

    def __init__(self, total: int, progress: Any) -> None:
        self.total, self.progress = total, progress
        self.done = 0
        self.started = time.monotonic()

    def seconds(self) -> float:
        return time.monotonic() - self.started

    def update(self, count: int) -> None:
        self.done += count
        if self.progress is not None:
            self.progress.set_postfix_str(time_left(self.done, self.total, self.seconds()))
            self.progress.update(count)


def _levels_if_installed(
    boards: int, source: BoardSource, lexicon: Lexicon, rules: Rules, seed: int
) -> dict[str, int] | None:
    """The words by level on the run's first boards; ``None``, with one line on stderr
    saying what to install, without ``wordfreq``."""
    try:
        return word_levels_of_boards(min(boards, LEVEL_SAMPLE), source, lexicon, rules, seed)
    except MissingDependencyError as error:
        print(f"boggle: warning: {error} (no words by level)", file=sys.stderr)
        return None


def levels_report(levels: dict[str, int] | None) -> str:
    """The line of words by level (nothing without them).

    >>> levels_report({"boards": 2, "common": 30, "standard": 9, "obscure": 1})
    'words by level (first 2 boards): common 30 (75.0%), standard 9 (22.5%), obscure 1 (2.5%)\\n'
    """
    if levels is None or not levels["boards"]:
        return ""
    total = sum(levels[level] for level in WORD_LEVELS) or 1
    parts = [
        f"{level} {levels[level]:,} ({100 * levels[level] / total:.1f}%)" for level in WORD_LEVELS
    ]
    return f"words by level (first {levels['boards']:,} boards): {', '.join(parts)}\n"


def _plot_path(name: str | None, force: bool) -> str | None:
    """The --plot file, checked before any work: refused if it exists (a link too, even one to
    nothing) without ``force``; written whole by :func:`write_plot`, never through a link."""
    if name is None:
        return None
    if Path(name).suffix.lower() not in (".png", ".svg"):
        raise BoggleError(f"--plot writes .png or .svg files, got {quoted(name)}")
    check_outputs([name], force)  # its folder too, tried: a run never ends unable to write
    return name


def report(stats: ScoreStats) -> str:
    """The text report: figures, percentiles, a histogram of bars, the best boards."""
    source = stats.source
    lines = [
        f"boards       {stats.boards:,} ({source.name} {source.rows}x{source.cols}, "
        f"seed {stats.seed})",
        f"word list    {quoted(stats.dictionary)}; rules {stats.rules.name}",
    ]
    if stats.boards:
        lines += [
            f"mean         {stats.mean:,.3f}",
            f"std          {stats.std:,.3f}",
            f"min / max    {stats.minimum:,} / {stats.maximum:,}",
            "percentiles  " + "  ".join(f"{p}%: {stats.percentile(p):,}" for p in PERCENTILES),
            "histogram",
        ]
        bins = stats.histogram()
        most = max(count for _, _, count in bins)
        for low, high, count in bins:
            bar = "#" * round(BAR_WIDTH * count / most)
            lines.append(f"  {low:>6,}-{high:<6,} {count:>12,}  {bar}")
    if stats.best:
        lines.append("best boards")
        lines += [f"  {top.score:>6,}  {top.board}  (board {top.index})" for top in stats.best]
    return "\n".join(lines) + "\n"


def write_plot(stats: ScoreStats, path: str) -> None:
    """The histogram as a bar per score, written to ``path`` (PNG or SVG)."""
    plot_stats(stats, path)
