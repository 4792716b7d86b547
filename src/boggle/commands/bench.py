"""``boggle bench runtime|memory|hash|solve-random``: the measurements of seed 004.

* ``runtime`` — random N x N boards solved by each engine: CSV of every solve and of
  the mean and standard deviation per size, plots against N and N**2;
* ``memory`` — memory of each data structure and of each engine's cached structures;
* ``hash`` — the letter-set hash table's largest bucket and share of used buckets
  against the table size;
* ``solve-random`` — one random N x N board, solved and printed (seed 004's
  ``solve_random``).
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boggle.analysis import hashstats, memory, runtime
from boggle.commands._options import (
    add_dictionary_option,
    add_rules_options,
    lexicon_from_args,
    rules_from_args,
    whole_number,
)
from boggle.commands._progress import progress_bar
from boggle.dice import uniform_board
from boggle.engines import Engine, default_engine, engine_names, engines, get_engine, solve
from boggle.errors import BoggleError
from boggle.lexicon import Lexicon

MAX_BOARD_SIDE = 500
MAX_TABLE_BITS = 40


class OutputError(BoggleError):
    """An output directory cannot be created or written."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="measure engines and data structures (runtime, memory, hash table)",
        description="Measurements from seed 004: runtime against board size, memory of "
        "each data structure, the letter-set hash table's buckets, and one random board "
        "solved.",
    )
    parser.set_defaults(run=lambda _args: _usage(parser))
    commands = parser.add_subparsers(title="measurements", metavar="MEASUREMENT")
    _register_runtime(commands)
    _register_memory(commands)
    _register_hash(commands)
    _register_solve_random(commands)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _add_engines_option(parser: argparse.ArgumentParser, default_text: str) -> None:
    parser.add_argument(
        "--engine",
        dest="engines",
        action="append",
        default=None,
        metavar="NAME",
        help=f"an engine to measure, repeatable: {', '.join(engine_names())} "
        f"(default: {default_text})",
    )


def _add_out_option(parser: argparse.ArgumentParser, writes: str) -> None:
    parser.add_argument(
        "--out", type=Path, default=None, metavar="DIR", help=f"directory to write {writes} to"
    )


def _chosen_engines(names: Sequence[str] | None) -> list[Engine]:
    """The engines named (each once, in order), or every registered engine."""
    if not names:
        return engines()
    return [get_engine(name) for name in dict.fromkeys(names)]


def parse_range(text: str, low: int, high: int, what: str) -> list[int]:
    """Numbers written ``A-B`` and/or ``A,B,C`` (``3-6,8``), each within ``low..high``.

    >>> parse_range("3-5,8", 1, 10, "size")
    [3, 4, 5, 8]
    """
    numbers: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            start = int(first)
            stop = int(last) if dash else start
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} {text!r} is not a range like 3-30 or a list like 4,6,8"
            ) from None
        if stop < start:
            raise argparse.ArgumentTypeError(f"{what} range {part.strip()!r} runs backwards")
        if start < low or stop > high:
            raise argparse.ArgumentTypeError(f"{what} must be from {low} to {high}, got {text!r}")
        numbers.extend(range(start, stop + 1))
    return list(dict.fromkeys(numbers))


def _output_dir(path: Path | None) -> Path | None:
    if path is None:
        return None
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(
            f"cannot create output directory {str(path)!r}: {error.strerror}"
        ) from None
    return path


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str = "") -> str:
    """Columns padded to their widest cell; ``align`` gives ``l`` or ``r`` per column
    (default: the first left, the others right).

    >>> print(format_table(["name", "n"], [["a", "10"], ["bb", "2"]]))
    name   n
    a     10
    bb     2
    """
    align = align or "l" + "r" * (len(header) - 1)
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [
            cell.ljust(width) if side == "l" else cell.rjust(width)
            for cell, width, side in zip(row, widths, align, strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _describe(lexicon: Lexicon) -> str:
    return f"{lexicon.name} ({len(lexicon):,} words, longest {lexicon.longest} letters)"


def _report_files(paths: Sequence[Path]) -> None:
    if paths:
        print("wrote " + ", ".join(str(path) for path in paths), file=sys.stderr)


# --- runtime -------------------------------------------------------------------------


def _register_runtime(commands: Any) -> None:
    parser = commands.add_parser(
        "runtime",
        help="time engines on random N x N boards of each size",
        description="Solve REPEAT random N x N boards (uniform letters) of each size with "
        "each engine (every engine sees the same boards) and print the mean and standard "
        "deviation of the processor time per board. With --out DIR, also write runtime_raw.csv, "
        "runtime_summary.csv and plots of time against N and against N^2 (PNG and SVG). "
        "Rules are classic (3-letter words and up) at every size unless --rules says.",
    )
    _add_engines_option(parser, "every registered engine")
    parser.add_argument(
        "--sizes",
        type=lambda text: parse_range(text, 1, MAX_BOARD_SIDE, "--sizes"),
        default=parse_range("3-30", 1, MAX_BOARD_SIDE, "--sizes"),
        metavar="A-B[,C...]",
        help="board sizes N, e.g. 3-30 or 4,8,16 (default 3-30)",
    )
    parser.add_argument(
        "--repeat", type=whole_number, default=5, metavar="K", help="boards per size (default 5)"
    )
    parser.add_argument(
        "--seed", type=whole_number, default=0, metavar="S", help="first random seed (default 0)"
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="an engine that takes longer on one board is not run on larger sizes (default 5)",
    )
    parser.add_argument("--no-plots", action="store_true", help="with --out: CSV files only")
    _add_out_option(parser, "the CSV files and plots")
    add_dictionary_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run_runtime)


def run_runtime(args: argparse.Namespace) -> int:
    if args.repeat < 1:
        raise BoggleError(f"--repeat must be at least 1, got {args.repeat}")
    if not args.time_limit > 0:
        raise BoggleError(f"--time-limit must be positive, got {args.time_limit}")
    chosen = _chosen_engines(args.engines)
    out_dir = _output_dir(args.out)
    lexicon = lexicon_from_args(args)
    rules = rules_from_args(args, 4, 4)
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
        f"Processor time per board, {args.repeat} random boards per size, "
        f"word list {_describe(lexicon)}"
    )
    print(f"rules: {rules.name}, words of {rules.min_length}+ letters")
    print(
        format_table(
            ["engine", "N", "cells", "runs", "mean ms", "s.d. ms", "words"],
            [
                [
                    s.engine,
                    str(s.size),
                    str(s.cells),
                    str(s.runs),
                    f"{s.mean_seconds * 1000:.3f}",
                    f"{s.stdev_seconds * 1000:.3f}",
                    f"{s.mean_words:.1f}",
                ]
                for s in summaries
            ],
        )
    )
    fits = runtime.fit_against_cells(summaries)
    for name, fit in fits.items():
        print(
            f"{name}: time = {fit.slope * 1e6:.4g} us x N^2 {fit.intercept * 1000:+.4g} ms, "
            f"R^2 = {fit.r_squared:.4f}"
        )
    for name, size in result.skipped_from.items():
        print(
            f"{name}: a board took over {args.time_limit:g} s; sizes from {size} skipped",
            file=sys.stderr,
        )
    if out_dir is not None:
        paths = [out_dir / "runtime_raw.csv", out_dir / "runtime_summary.csv"]
        runtime.write_samples_csv(paths[0], result.samples)
        runtime.write_summary_csv(paths[1], summaries)
        if not args.no_plots and summaries:
            paths += runtime.plot_runtime(summaries, out_dir)
        _report_files(paths)
    return 0


# --- memory --------------------------------------------------------------------------


def _register_memory(commands: Any) -> None:
    parser = commands.add_parser(
        "memory",
        help="memory used by each data structure and engine for a word list",
        description="Build each data structure the library has (Python trie, word and "
        "prefix sets, letter-set hash table, compiled trie) and what each engine caches "
        "for the word list, and report the Python heap it holds (tracemalloc), the growth "
        "of the resident set (RSS), and the size it reports itself. Each is built in a "
        "child process of its own. Takes about 15 s for a 170,000-word list.",
    )
    _add_engines_option(parser, "every registered engine")
    parser.add_argument(
        "--hash-bits",
        type=whole_number,
        default=20,
        metavar="K",
        help="letter-set hash table of 2^K buckets (default 20, as seed 004 chose)",
    )
    _add_out_option(parser, "memory.csv")
    add_dictionary_option(parser)
    parser.set_defaults(run=run_memory)


def run_memory(args: argparse.Namespace) -> int:
    if not 0 <= args.hash_bits <= 30:
        raise BoggleError(f"--hash-bits must be from 0 to 30, got {args.hash_bits}")
    chosen = _chosen_engines(args.engines)
    out_dir = _output_dir(args.out)
    lexicon = lexicon_from_args(args)
    bar = progress_bar(" steps", total=1 + len(chosen), description="bench memory")
    rows = memory.structure_rows(lexicon, args.hash_bits)
    step = None if bar is None else lambda: bar.update(1)
    if step is not None:
        step()
    rows += memory.engine_rows(chosen, lexicon, on_step=step)
    if bar is not None:
        bar.close()
    print(f"Memory for the word list {_describe(lexicon)}")
    print(
        format_table(
            ["structure", "Python heap", "RSS growth", "own size", "notes"],
            [
                [
                    row.name,
                    memory.format_bytes(row.python_bytes),
                    memory.format_bytes(row.rss_bytes),
                    memory.format_bytes(row.own_bytes),
                    row.note,
                ]
                for row in rows
            ],
            align="lrrrl",
        )
    )
    if out_dir is not None:
        path = out_dir / "memory.csv"
        with path.open("w", newline="", encoding="utf-8") as file:
            writer = csv.writer(file)
            writer.writerow(["structure", "python_bytes", "rss_bytes", "own_bytes", "note"])
            for row in rows:
                writer.writerow(
                    [row.name, row.python_bytes, row.rss_bytes, row.own_bytes, row.note]
                )
        _report_files([path])
    return 0


# --- hash ----------------------------------------------------------------------------


def _register_hash(commands: Any) -> None:
    parser = commands.add_parser(
        "hash",
        help="letter-set hash table: largest bucket and used buckets against table size",
        description="Hash every word to the set of its letters (a 26-bit mask, seed 004) "
        "modulo a table of 2^K buckets and print, for each K, the largest bucket and the "
        "share of buckets that are not empty. With --out DIR, also write hash_buckets.csv "
        "and plots (PNG and SVG) of both against the table size.",
    )
    parser.add_argument(
        "--bits",
        type=lambda text: parse_range(text, 0, MAX_TABLE_BITS, "--bits"),
        default=parse_range("10-26", 0, MAX_TABLE_BITS, "--bits"),
        metavar="A-B[,C...]",
        help="table sizes as powers of two (default 10-26)",
    )
    parser.add_argument("--no-plots", action="store_true", help="with --out: CSV file only")
    _add_out_option(parser, "hash_buckets.csv and the plots")
    add_dictionary_option(parser)
    parser.set_defaults(run=run_hash)


def run_hash(args: argparse.Namespace) -> int:
    out_dir = _output_dir(args.out)
    lexicon = lexicon_from_args(args)
    stats = hashstats.bucket_stats_range(lexicon.words, args.bits)
    print(f"Letter-set hash buckets for the word list {_describe(lexicon)}")
    print(
        format_table(
            ["log2(size)", "buckets", "max bucket", "non-empty", "% non-empty", "mean used"],
            [
                [
                    str(s.bits),
                    str(s.size),
                    str(s.max_bucket),
                    str(s.nonempty),
                    f"{100 * s.fraction_nonempty:.2f}",
                    f"{s.mean_nonempty_bucket:.2f}",
                ]
                for s in stats
            ],
        )
    )
    if out_dir is not None:
        paths = [out_dir / "hash_buckets.csv"]
        hashstats.write_csv(paths[0], stats)
        if not args.no_plots:
            paths += hashstats.plot_bucket_stats(stats, out_dir, lexicon.name)
        _report_files(paths)
    return 0


# --- solve-random ----------------------------------------------------------------------


def _register_solve_random(commands: Any) -> None:
    parser = commands.add_parser(
        "solve-random",
        help="solve one random N x N board and print every word with its path",
        description="Make a random N x N board (uniform letters, q being Qu), solve it "
        "and print the words grouped by points with their paths (seed 004's solve_random).",
    )
    parser.add_argument(
        "--size", type=whole_number, default=4, metavar="N", help="rows and columns (default 4)"
    )
    parser.add_argument(
        "--engine",
        default=None,
        metavar="NAME",
        help=f"solving algorithm: {', '.join(engine_names())} (default: {default_engine()})",
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        default=None,
        metavar="S",
        help="random seed; the same seed gives the same board (default: a fresh one, printed)",
    )
    parser.add_argument("--no-paths", action="store_true", help="words only, without paths")
    add_dictionary_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run_solve_random)


def run_solve_random(args: argparse.Namespace) -> int:
    if not 1 <= args.size <= MAX_BOARD_SIDE:
        raise BoggleError(f"--size must be from 1 to {MAX_BOARD_SIDE}, got {args.size}")
    engine = get_engine(args.engine or default_engine())
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    lexicon = lexicon_from_args(args)
    board = uniform_board(args.size, args.size, seed=seed)
    rules = rules_from_args(args, board.rows, board.cols)
    start = time.perf_counter()
    runtime.warm_up(engine, lexicon, rules)
    built = time.perf_counter()
    solution = solve(board, lexicon, rules, engine=engine.name)
    solved = time.perf_counter()
    print(f"Dictionary: {_describe(lexicon)}")
    print(f"Engine: {engine.name}; seed {seed}; rules {rules.name} ({rules.min_length}+ letters)")
    print(
        f"Structures for the word list built in {(built - start) * 1000:.1f} ms; "
        f"board solved in {(solved - built) * 1000:.1f} ms"
    )
    print()
    print(solution.text(paths=not args.no_paths))
    return 0
