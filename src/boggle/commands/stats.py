"""``boggle stats --random N``: the score distribution of N random boards."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from boggle.commands import _options as options
from boggle.commands._cluster import add_cluster_options, where_from_args
from boggle.commands._progress import progress_bar
from boggle.commands.roll import size_from_args
from boggle.dice import GENERATORS
from boggle.errors import BoggleError
from boggle.random_boards import MAX_SEED, BoardSource
from boggle.stats import PERCENTILES, ScoreStats, score_stats

BAR_WIDTH = 40


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="score distribution of many random boards",
        description="Roll N boards and report their score distribution: count, mean, "
        "standard deviation, minimum, maximum, percentiles, a histogram and the best boards. "
        "Board i depends only on the seed and i, so a run gives the same answer in this "
        "process, on a Dask cluster, and for any chunk size.",
    )
    parser.add_argument(
        "--random", type=options.whole_number, required=True, metavar="N", help="how many boards"
    )
    parser.add_argument(
        "--dice",
        default=None,
        type=str.lower,
        choices=GENERATORS,
        help="cube set (default: new), or uniform letters (what --size gives)",
    )
    parser.add_argument(
        "--size", default=None, metavar="ROWSxCOLS", help="uniform letters on this size, e.g. 5x5"
    )
    parser.add_argument(
        "--seed",
        type=options.whole_number,
        default=None,
        metavar="S",
        help=f"seed of the run, 0 to {MAX_SEED} (default: a fresh one, printed)",
    )
    parser.add_argument(
        "--top", type=options.whole_number, default=10, metavar="K", help="best boards to show (10)"
    )
    options.add_json_option(parser)
    parser.add_argument(
        "--plot", default=None, metavar="FILE", help="write the histogram (.png/.svg)"
    )
    parser.add_argument("--force", action="store_true", help="overwrite the --plot file")
    parser.add_argument(
        "--jobs", type=options.whole_number, default=None, metavar="N", help="threads in-process"
    )
    parser.add_argument(
        "--chunk-size",
        type=options.whole_number,
        default=None,
        metavar="N",
        help="boards per task (default: about four tasks per thread, at most 50,000)",
    )
    options.add_solving_options(parser)
    options.add_batch_engine_option(parser)
    add_cluster_options(parser)
    parser.set_defaults(run=run)


def source_from_args(args: argparse.Namespace) -> BoardSource:
    rows, cols = size_from_args(args)
    if args.dice is None:
        return BoardSource.named("new" if rows is None else "uniform", rows, cols)
    return BoardSource.named(args.dice, rows, cols)


def run(args: argparse.Namespace) -> int:
    if args.jobs is not None and args.jobs < 1:
        raise BoggleError(f"--jobs must be at least 1, got {args.jobs}")
    source = source_from_args(args)
    plot = _plot_path(args.plot, args.force)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(MAX_SEED + 1)
    lexicon = options.lexicon_from_args(args)
    rules = options.rules_from_args(args, source.rows, source.cols)
    where = where_from_args(args)
    engine = options.batch_engine_from_args(args, in_process=where is None)
    progress = progress_bar(" boards", total=args.random)
    try:
        stats = score_stats(
            args.random,
            source,
            lexicon,
            rules,
            seed=seed,
            top=args.top,
            where=where,
            jobs=args.jobs,
            chunk_size=args.chunk_size,
            progress=progress.update if progress is not None else None,
            engine=engine,
        )
    finally:
        if progress is not None:
            progress.close()
    if plot is not None:
        write_plot(stats, plot)
    if args.json:
        print(json.dumps(stats.to_json(), indent=2))
    else:
        sys.stdout.write(report(stats))
    return 0


def _plot_path(name: str | None, force: bool) -> Path | None:
    if name is None:
        return None
    path = Path(name)
    if path.suffix.lower() not in (".png", ".svg"):
        raise BoggleError(f"--plot writes .png or .svg files, got {name!r}")
    if path.exists() and not force:
        raise BoggleError(f"{name!r} exists; give --force to overwrite it")
    if not path.parent.is_dir():
        raise BoggleError(f"cannot write {name!r}: no directory {str(path.parent)!r}")
    return path


def report(stats: ScoreStats) -> str:
    """The text report: figures, percentiles, a histogram of bars, the best boards."""
    source = stats.source
    lines = [
        f"boards       {stats.boards:,} ({source.name} {source.rows}x{source.cols}, "
        f"seed {stats.seed})",
        f"word list    {stats.dictionary}; rules {stats.rules.name}",
    ]
    if stats.boards:
        lines += [
            f"mean         {stats.mean:.3f}",
            f"std          {stats.std:.3f}",
            f"min / max    {stats.minimum} / {stats.maximum}",
            "percentiles  " + "  ".join(f"{p}%: {stats.percentile(p)}" for p in PERCENTILES),
            "histogram",
        ]
        bins = stats.histogram()
        most = max(count for _, _, count in bins)
        for low, high, count in bins:
            bar = "#" * round(BAR_WIDTH * count / most)
            lines.append(f"  {low:>6}-{high:<6} {count:>12,}  {bar}")
    if stats.best:
        lines.append("best boards")
        lines += [f"  {top.score:>6}  {top.board}  (board {top.index})" for top in stats.best]
    return "\n".join(lines) + "\n"


def write_plot(stats: ScoreStats, path: Path) -> None:
    """The histogram as a bar per score, written to ``path`` (PNG or SVG)."""
    from boggle.analysis.plotting import pyplot

    plt = pyplot()
    figure, axes = plt.subplots(figsize=(8, 4.5))
    scores = [score for score, _ in stats.counts]
    axes.bar(scores, [count for _, count in stats.counts], width=1.0)
    axes.set_xlabel("score")
    axes.set_ylabel("boards")
    axes.set_title(
        f"{stats.boards:,} boards ({stats.source.name} {stats.source.rows}x{stats.source.cols}), "
        f"{stats.dictionary}: mean {stats.mean:.1f}, std {stats.std:.1f}"
    )
    try:
        figure.savefig(path, dpi=120, bbox_inches="tight")
    except OSError as error:
        raise BoggleError(f"cannot write {str(path)!r}: {error.strerror}") from None
    finally:
        plt.close(figure)
