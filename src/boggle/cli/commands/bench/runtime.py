"""``boggle bench runtime``: random N x N boards solved by each engine, timed."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._help import with_examples
from boggle.cli.commands._progress import progress_bar
from boggle.cli.commands.bench import _shared as shared
from boggle.dice.cubes import SEED_RANGE
from boggle.model.wording import counted
from boggle.study import runtime


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "runtime",
        help="time engines on random N x N boards of each size",
        description="Solve REPEAT random N x N boards (uniform letters) of each size with "
        "each engine (every engine sees the same boards) and print the mean and standard "
        "deviation of the processor time per board. With --out DIR, also write runtime_raw.csv, "
        "runtime_summary.csv and plots of time against N and against N^2 (PNG and SVG). "
        "Rules are classic (3-letter words and up) at every size unless --rules says.",
        **with_examples("bench runtime"),
    )
    shared.add_engines_option(parser, "every registered engine")
    parser.add_argument(
        "--sizes",
        type=lambda text: shared.parse_range(text, 1, shared.MAX_BOARD_SIDE, "--sizes"),
        default=shared.parse_range("3-30", 1, shared.MAX_BOARD_SIDE, "--sizes"),
        metavar="A-B[,C...]",
        help="board sizes N, each 1 to 500, e.g. 3-30 or 4,8,16 (default 3-30)",
    )
    parser.add_argument(
        "--repeat",
        type=options.whole_number,
        default=5,
        metavar="K",
        help=f"boards per size, 1 to {runtime.MAX_REPEAT:,} (default 5)",
    )
    parser.add_argument(
        "--seed",
        type=options.seed_number,
        default=0,
        metavar="SEED",
        help=f"first random seed, {SEED_RANGE} (default 0)",
    )
    parser.add_argument(
        "--time-limit",
        type=options.real_number,
        default=5.0,
        metavar="SECONDS",
        help="an engine that takes longer on one board is not run on larger sizes; any number "
        "above 0 (default 5)",
    )
    shared.add_out_option(parser, "the CSV files and plots", plots=True)
    options.add_solving_options(parser, rules="classic at every size")
    parser.set_defaults(run=run_runtime)


def run_runtime(args: argparse.Namespace) -> int:
    # before any work: --repeat 10**12 would keep every solve, --time-limit 0 skip them all
    runtime.check_settings(args.sizes, args.repeat, args.seed, args.time_limit)
    chosen = shared.chosen_engines(args.engines)
    out_dir = shared.output_dir(
        args, ["runtime_raw.csv", "runtime_summary.csv"], ["runtime_vs_n", "runtime_vs_n2"]
    )
    lexicon = options.lexicon_from_args(args)
    rules = options.rules_from_args(args, 4, 4)
    total = len(chosen) * len(args.sizes) * args.repeat
    bar = progress_bar(" solves", total=total, description="bench runtime")
    result = runtime.measure_runtime(
        chosen,
        args.sizes,
        args.repeat,
        lexicon,
        rules,
        seed=args.seed,
        time_limit=args.time_limit,
        on_step=None if bar is None else lambda: bar.update(1),
    )
    if bar is not None:
        bar.close()
    summaries = runtime.summarise(result.samples)
    print(
        f"Processor time per board, {counted(args.repeat, 'random board')} per size, "
        f"word list {shared.describe(lexicon)}"
    )
    print(f"rules: {rules.name}, words of {rules.min_length}+ letters")
    print(
        shared.format_table(
            ["engine", "N", "cells", "runs", "mean ms", "s.d. ms", "words"],
            [
                [
                    s.engine,
                    str(s.size),
                    f"{s.cells:,}",
                    f"{s.runs:,}",
                    f"{s.mean_seconds * 1000:,.3f}",
                    f"{s.stdev_seconds * 1000:,.3f}",
                    f"{s.mean_words:,.1f}",
                ]
                for s in summaries
            ],
        )
    )
    fits = runtime.fit_against_cells(summaries)
    for name, fit in fits.items():
        print(f"{name}: {fit_line(fit.slope, fit.intercept, fit.r_squared)}")
    for name, reason in result.refused.items():
        print(f"{name}: skipped: {reason}", file=sys.stderr)
    for name, (size, reason) in result.refused_from.items():
        print(f"{name}: sizes from {size} skipped: {reason}", file=sys.stderr)
    for name, size in result.skipped_from.items():
        print(
            f"{name}: a board took over {args.time_limit:g} s; sizes from {size} skipped",
            file=sys.stderr,
        )
    if result.interrupted:
        sizes = sorted({s.size for s in result.samples})
        kept = "N = " + ", ".join(map(str, sizes)) if sizes else "no board yet"
        print(
            f"bench runtime: interrupted after {counted(len(result.samples), 'solve')} "
            f"({kept}); the figures above are what was measured",
            file=sys.stderr,
        )
    if out_dir is not None:
        paths = [out_dir / "runtime_raw.csv", out_dir / "runtime_summary.csv"]
        runtime.write_samples_csv(paths[0], result.samples)
        runtime.write_summary_csv(paths[1], summaries)
        if not args.no_plots and summaries:
            paths += runtime.plot_runtime(summaries, out_dir)
        shared.report_files(args.out, paths)
    return 130 if result.interrupted else 0


def fit_line(slope: float, intercept: float, r_squared: float) -> str:
    """A straight-line fit of seconds against N^2, as people read it.

    >>> fit_line(5.266e-6, 4.347e-6, 0.95738)
    'time = 5.266 us x N^2 + 0.004347 ms, R^2 = 0.9574'
    >>> fit_line(1.162e-4, -5.242e-3, 0.9325)
    'time = 116.2 us x N^2 - 5.242 ms, R^2 = 0.9325'
    """
    sign = "-" if intercept < 0 else "+"
    return (
        f"time = {slope * 1e6:.4g} us x N^2 {sign} {abs(intercept) * 1000:.4g} ms, "
        f"R^2 = {r_squared:.4f}"
    )
