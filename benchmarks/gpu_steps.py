"""The gpu kernel's work a board, counted in its CPU build: search steps, trie reads, prefetches.

Each variant of ``kernel.cu`` is compiled for the CPU with ``BG_COUNT_STEPS`` (counters in
the search loop, at each trie node read and at each prefetch) and scores the same boards
as ``benchmarks/gpu.py`` makes (4x4 ``new`` dice, 5x5 ``big``; ``stats``' generator), one
thread; the table gives each variant's counts a board, beside the first variant's, with
the total score checked equal.  A count, not a speed: a step on a GPU is a step of a whole
warp, whose lanes wait for each other, and a read's cost depends on the caches; which
variant is faster only a GPU says (``benchmarks/gpu.py --variants``).

    python benchmarks/gpu_steps.py --dict ../shared/data/enable.txt --size 4x4 --boards 4000 \\
        --variants lanes-16,lanes-16-filter,lanes-16-prefetch,lanes-16-eager
"""

from __future__ import annotations

import argparse
import ctypes
import sys
import tempfile

from boggle.dice.bulk import BoardSource
from boggle.engines.gpu import OVERFLOW, KernelScorer
from boggle.engines.gpu.cpu_build import CpuBuildRunner, compile_kernel
from boggle.engines.gpu.source import KERNEL_VARIANTS, first_set_bits
from boggle.model.rules import rules_for_board
from boggle.study.device_stats import generator
from boggle.wordlists.loading import load_wordlist

DICE_BY_SHAPE = {(4, 4): "new", (5, 5): "big", (6, 6): "superbig"}
COUNTERS = ("steps", "reads", "prefetches")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", required=True, help="word list file")
    parser.add_argument("--language", default=None)
    parser.add_argument("--size", default="4x4")
    parser.add_argument("--boards", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="lanes-16,lanes-16-filter")
    args = parser.parse_args()
    names = args.variants.split(",")
    unknown = sorted(set(names) - set(KERNEL_VARIANTS))
    if unknown:
        print(f"gpu_steps: unknown variants: {', '.join(unknown)}", file=sys.stderr)
        return 2
    rows, cols = (int(side) for side in args.size.lower().split("x"))
    lexicon = load_wordlist(args.dict, args.language)
    source = BoardSource.named(DICE_BY_SHAPE.get((rows, cols), "uniform"), rows, cols)
    rules = rules_for_board(rows, cols)
    print(f"{args.boards:,} {source.name} {rows}x{cols} boards, seed {args.seed}; {rules.name}")
    header = ("total", 10), ("steps", 9), ("x first", 7), ("reads", 8), ("prefetches", 10)
    print(f"{'variant':<24}" + "".join(f" {title:>{width}}" for title, width in header))
    first: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="gpu-steps-") as folder:
        for name in names:
            defines = (*KERNEL_VARIANTS[name], "BG_COUNT_STEPS=1")
            small = first_set_bits(defines) or 9
            runner = CpuBuildRunner(compile_kernel(folder, small_set_bits=small, defines=defines))
            scorer = KernelScorer(lexicon, runner)
            made = generator(scorer, source)
            assert made is not None, "the faces do not fit the word list's codes"
            faces = runner.xp.empty((args.boards, source.cells), dtype=runner.xp.uint32)
            runner.launch(
                "bg_roll_boards", args.boards, made.cube_faces, made.face_counts, made.dice,
                made.width, source.cells, args.seed, 0, None, faces,
            )  # fmt: skip
            counters = {what: ctypes.c_uint64.in_dll(runner.library, f"bg_count_{what}")
                        for what in COUNTERS}  # fmt: skip
            for counter in counters.values():
                counter.value = 0
            scores = scorer.score_on_runner(faces, rows, cols, rules)
            if (scores == OVERFLOW).any():  # the CPU path's boards: no kernel counts for them
                print(f"gpu_steps: {name}: boards too full for the kernel's sets; fewer boards?")
                return 1
            total = int(scores.sum())
            counts = {what: counter.value / args.boards for what, counter in counters.items()}
            first = first or {"total": total, **counts}
            if total != first["total"]:
                print(f"gpu_steps: {name} scored {total:,}, not {first['total']:,}")
                return 1
            ratio = counts["steps"] / first["steps"]
            print(
                f"{name:<24} {total:>10,} {counts['steps']:>9,.1f} {ratio:>7.2f} "
                f"{counts['reads']:>8,.1f} {counts['prefetches']:>10,.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
