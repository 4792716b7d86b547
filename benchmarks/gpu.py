"""The gpu engine's kernel beside the native engine, on the same boards, totals checked equal.

On a machine with CuPy and an NVIDIA GPU the kernel runs on the GPU; elsewhere (or with
``--cpu-build``) its CPU build runs instead: the same ``kernel.cu`` compiled with g++,
a check of the kernel's logic and a floor for its speed, not a GPU figure.

Boards are made beforehand (``stats``'s counter-based generator: dice for 4x4,
uniform letters otherwise) and encoded once; the times are of scoring alone:
``native`` is the C core's ``score_boards`` in ``--jobs`` threads, the kernel the
runner's ``score`` (for the GPU: copies to and from the device included, the trie
already uploaded and the module already compiled by a first small call).

    python benchmarks/gpu.py --dict ../shared/data/enable.txt --boards 200000 --size 4x4
    python benchmarks/gpu.py --dict yawl.txt --boards 100000000 --size 5x5   # on a GPU
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import numpy

from boggle.dice.bulk import BoardSource, board_lines
from boggle.engines.gpu import KernelScorer, gpu_missing
from boggle.engines.gpu.cpu_build import cpu_build
from boggle.engines.gpu.device import device_runner
from boggle.engines.native import points_table
from boggle.model.rules import rules_for_board
from boggle.wordlists.loading import load_wordlist


def encoded_boards(scorer: KernelScorer, source: BoardSource, count: int, seed: int) -> bytes:
    """``count`` boards of ``source`` as the core's face codes, 4 bytes a cell (in bulk:
    the lines are plain letters, rows joined by '/' when not square)."""
    table, _ = scorer._letters()
    rows, cols = source.rows, source.cols
    parts = []
    for first in range(0, count, 100_000):
        lines = board_lines(source, seed, first, min(100_000, count - first))
        text = numpy.frombuffer("".join(lines).encode("ascii"), dtype=numpy.uint8)
        grid = text.reshape(len(lines), -1)
        letters = grid[:, [i for i in range(grid.shape[1]) if grid[0, i] != ord("/")]]
        assert letters.shape[1] == rows * cols
        parts.append(table[letters].tobytes())
    return b"".join(parts)


def native_scores(
    scorer: KernelScorer, data: bytes, rows: int, cols: int, jobs: int, rules: object
) -> numpy.ndarray:
    from boggle.model.rules import Rules

    assert isinstance(rules, Rules)
    points = points_table(rules, scorer.core.longest)
    width = rows * cols * 4
    count = len(data) // width
    step = -(-count // (jobs * 8))

    def run(first: int) -> bytes:
        piece = data[first * width : (first + step) * width]
        return scorer.core.trie.score_boards(piece, rows, cols, rules.min_length, points)

    with ThreadPoolExecutor(jobs) as pool:
        parts = list(pool.map(run, range(0, count, step)))
    return numpy.frombuffer(b"".join(parts), dtype=numpy.int64)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dict", default=None, help="word list (default: the bundled one)")
    parser.add_argument("--language", default=None)
    parser.add_argument("--size", default="4x4", help="ROWSxCOLS (4x4: dice; else uniform)")
    parser.add_argument("--boards", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="threads for native and CPU build")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--cpu-build", action="store_true", help="the CPU build even on a GPU")
    args = parser.parse_args()
    rows, cols = (int(side) for side in args.size.lower().split("x"))
    lexicon = load_wordlist(args.dict, args.language)
    source = BoardSource.named("new" if (rows, cols) == (4, 4) else "uniform", rows, cols)
    rules = rules_for_board(rows, cols)
    missing = gpu_missing()
    on_gpu = missing is None and not args.cpu_build
    runner = device_runner() if on_gpu else cpu_build(jobs=args.jobs)
    scorer = KernelScorer(lexicon, runner)
    data = encoded_boards(scorer, source, args.boards, args.seed)
    faces = numpy.frombuffer(data, dtype=numpy.uint8).reshape(args.boards, rows * cols * 4)
    scorer.score_faces(faces[:64], rows, cols, rules)  # compile and warm up

    def best(run: object) -> tuple[float, numpy.ndarray]:
        times, result = [], numpy.empty(0)
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = run()  # type: ignore[operator]
            times.append(time.perf_counter() - start)
        return min(times), result

    native_time, native = best(lambda: native_scores(scorer, data, rows, cols, args.jobs, rules))
    kernel_time, kernel = best(lambda: scorer.score_faces(faces, rows, cols, rules))
    where = getattr(runner, "device_name", None) or f"CPU build ({runner.name})"
    print(f"word list   {lexicon.name} ({lexicon.count:,} words); rules {rules.name}")
    print(f"boards      {args.boards:,} {source.name} {rows}x{cols}, seed {args.seed}")
    print(f"load        {os.getloadavg()[0]:.2f} (1-minute), {os.cpu_count()} cores here")
    if not on_gpu:
        print(f"no GPU      {missing or 'the CPU build was asked for'}")
    for name, seconds, scores in (
        (f"native ({args.jobs} thread{'s' * (args.jobs > 1)})", native_time, native),
        (f"kernel: {where}", kernel_time, kernel),
    ):
        print(
            f"{name:<36} {seconds:8.3f} s  {args.boards / seconds:14,.0f} boards/s  "
            f"total {int(scores.sum()):,}"
        )
    equal = bool((native == kernel).all())
    print(f"totals equal: {equal}; kernel / native time: {kernel_time / native_time:.2f}")
    return 0 if equal else 1


if __name__ == "__main__":
    sys.exit(main())
