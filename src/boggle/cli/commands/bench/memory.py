"""``boggle bench memory``: memory of each data structure and of each engine's structures."""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Callable
from typing import Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._help import with_examples
from boggle.cli.commands._progress import progress_bar
from boggle.cli.commands.bench import _shared as shared
from boggle.files.cache import atomic_text_file
from boggle.model.errors import BoggleError
from boggle.model.wording import counted, grouped, shown_number
from boggle.study import memory
from boggle.study.hashstats import MAX_BUILT_BITS


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "memory",
        help="memory used by each data structure and engine for a word list",
        description="Build each data structure the library has (Python trie, word and "
        "prefix sets, letter-set hash table, compiled trie) and what each engine caches "
        "for the word list, and report the Python heap it holds (tracemalloc), the growth "
        "of the resident set (RSS), and the size it reports itself. Each is built in a "
        "child process of its own. Takes about 30 s for a 170,000-word list on an idle core.",
        **with_examples("bench memory"),
    )
    shared.add_engines_option(parser, "every registered engine")
    parser.add_argument(
        "--hash-bits",
        type=options.whole_number,
        default=20,
        metavar="K",
        help=f"letter-set hash table of 2^K buckets, K from 0 to {MAX_BUILT_BITS} (default 20, "
        "as the Haskell paper chose)",
    )
    shared.add_out_option(parser, "memory.csv")
    options.add_dictionary_option(parser)
    parser.set_defaults(run=run_memory)


def _progress_lines(engine_count: int) -> Callable[[memory.MemoryRow], None]:
    """Where stderr is not a terminal (no bar): a line now and one as each row is measured,
    so a run of a minute is seen working."""
    print(
        "boggle bench memory: measuring each data structure and "
        f"{counted(engine_count, 'engine')}, each in child processes of its own",
        file=sys.stderr,
        flush=True,
    )
    measured = 0

    def said(row: memory.MemoryRow) -> None:
        nonlocal measured
        measured += 1
        print(f"boggle bench memory: {measured}: {row.name}", file=sys.stderr, flush=True)

    return said


def run_memory(args: argparse.Namespace) -> int:
    if not 0 <= args.hash_bits <= MAX_BUILT_BITS:  # before the word list is read
        raise BoggleError(
            f"--hash-bits must be from 0 to {grouped(MAX_BUILT_BITS)}, "
            f"got {shown_number(args.hash_bits)}"
        )
    chosen = shared.chosen_engines(args.engines)
    out_dir = shared.output_dir(args, ["memory.csv"])
    lexicon = options.lexicon_from_args(args)
    bar = progress_bar(" steps", total=1 + len(chosen), description="bench memory")
    said = None if bar is not None else _progress_lines(len(chosen))
    rows = memory.structure_rows(lexicon, args.hash_bits, on_row=said)
    step = None if bar is None else lambda: bar.update(1)
    if step is not None:
        step()
    rows += memory.engine_rows(chosen, lexicon, on_step=step, on_row=said)
    if bar is not None:
        bar.close()
    print(f"Memory for the word list {shared.describe(lexicon)}")
    print(
        shared.format_table(
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
        with atomic_text_file(path, newline="") as file:
            writer = csv.writer(file)
            writer.writerow(["structure", "python_bytes", "rss_bytes", "own_bytes", "note"])
            for row in rows:
                writer.writerow(
                    [row.name, row.python_bytes, row.rss_bytes, row.own_bytes, row.note]
                )
        shared.report_files(args.out, [path])
    return 0
