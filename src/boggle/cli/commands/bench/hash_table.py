"""``boggle bench hash``: the letter-set hash table's buckets against its size."""

from __future__ import annotations

import argparse
from typing import Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._help import with_examples
from boggle.cli.commands.bench import _shared as shared
from boggle.study import hashstats


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "hash",
        help="letter-set hash table: largest bucket and used buckets against table size",
        description="Hash every word to the set of its letters (a 26-bit mask, as in "
        "'Solving Boggle in Haskell') modulo a table of 2^K buckets and print, for each K, "
        "the largest bucket and the share of buckets that are not empty. With --out DIR, "
        "also write hash_buckets.csv and plots (PNG and SVG) of both against the table size.",
        **with_examples("bench hash"),
    )
    parser.add_argument(
        "--bits",
        type=lambda text: shared.parse_range(text, 0, shared.MAX_TABLE_BITS, "--bits"),
        default=shared.parse_range("10-26", 0, shared.MAX_TABLE_BITS, "--bits"),
        metavar="A-B[,C...]",
        help="table sizes as powers of two, each 0 to 40 (default 10-26)",
    )
    shared.add_out_option(parser, "hash_buckets.csv and the plots", plots=True)
    options.add_dictionary_option(parser)
    parser.set_defaults(run=run_hash)


def run_hash(args: argparse.Namespace) -> int:
    out_dir = shared.output_dir(args, ["hash_buckets.csv"], ["hash_max_bucket", "hash_nonempty"])
    lexicon = options.lexicon_from_args(args)
    stats = hashstats.bucket_stats_range(lexicon.words, args.bits)
    print(f"Letter-set hash buckets for the word list {shared.describe(lexicon)}")
    print(
        shared.format_table(
            ["log2(size)", "buckets", "max bucket", "non-empty", "% non-empty", "mean used"],
            [
                [
                    str(s.bits),
                    f"{s.size:,}",
                    f"{s.max_bucket:,}",
                    f"{s.nonempty:,}",
                    f"{100 * s.fraction_nonempty:.2f}",
                    f"{s.mean_nonempty_bucket:,.2f}",
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
        shared.report_files(args.out, paths)
    return 0
