"""The gpu engine's kernel beside the native engine, on the same boards, totals checked equal.

On a machine with CuPy and an NVIDIA GPU the kernel runs on the GPU; elsewhere (or with
``--cpu-build``) its CPU build runs instead: the same ``kernel.cu`` compiled with g++,
a check of the kernel's logic and a floor for its speed, not a GPU figure.

Boards are the ``stats`` generator's (dice for 4x4 ``new``, 5x5 ``big``, 6x6 ``superbig``,
uniform letters otherwise), made by the kernel itself on the device (``bg_roll_boards``,
bit-for-bit NumPy's boards).  Three rates:

* ``native``: the C core's ``score_boards`` in ``--jobs`` threads on the first ``--check``
  boards (their faces copied to the host);
* ``kernel``: the scoring kernels on all ``--boards`` boards already on the device (the
  small word set, then the large one for the boards that fill it), the trie uploaded and
  the module compiled by a first small call; its scores of the first ``--check`` boards
  must equal native's;
* ``stats``: ``stats --random``'s device path over ``--boards`` boards (made, scored and
  summarised on the device), its counts checked against the kernel's scores.

``--tune`` times the kernel for each block size, first-pass word set, most blocks a
multiprocessor and ``__launch_bounds__`` minimum given (``--blocks``, ``--set-bits``,
``--per-sm``, ``--min-blocks``), each compiled on its own, scores checked equal, and prints
them fastest first with the fastest's settings; with ``--variants`` it tunes those variants
(``lanes-16,lanes-16-next``: there ``--set-bits`` is the set a board's lanes share,
``BOGGLE_GPU_SHARED_SET_BITS``), else the ``default`` kernel.

``--variants`` is the A/B of the kernel's compile-time variants (``BOGGLE_GPU_VARIANT``;
``auto``, the engine's choice by board size, among them; ``all`` for every one): each
compiled on its own and timed on the same boards, its scores checked board for board
against the first variant's, the stats path timed too, and one table at the end with each
rate beside the first's (on the CPU build without a GPU: a dry run of the same code,
not a GPU figure).

    python benchmarks/gpu.py --dict ../shared/data/enable.txt --boards 200000 --size 4x4
    python benchmarks/gpu.py --dict enable.txt --boards 20000000 --size 5x5 --jobs 16  # GPU
    python benchmarks/gpu.py --dict enable.txt --boards 20000000 --tune --blocks 64,128,256
    python benchmarks/gpu.py --dict enable.txt --boards 6000000 --tune --variants lanes-16 \
        --blocks 128,256,512 --set-bits 8,9,10 --per-sm 0,4
    python benchmarks/gpu.py --dict enable.txt --boards 10000000 --variants all
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy

from boggle.dice.bulk import BoardSource
from boggle.engines.gpu import OVERFLOW, KernelRunner, KernelScorer, gpu_missing
from boggle.engines.gpu.cpu_build import cpu_build
from boggle.engines.gpu.source import AUTO_VARIANT, KERNEL_VARIANTS, auto_variant, first_set_bits
from boggle.engines.native import points_table
from boggle.model.rules import Rules, rules_for_board
from boggle.model.wording import quoted
from boggle.study.device_stats import generator, random_stats
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import load_wordlist

DICE_BY_SHAPE = {(4, 4): "new", (5, 5): "big", (6, 6): "superbig"}


def made_faces(scorer: KernelScorer, source: BoardSource, seed: int, count: int) -> Any:
    """Boards 0 .. count - 1 of the run, made on the runner: (count, cells) 32-bit faces."""
    runner = scorer.runner
    made = generator(scorer, source)
    assert made is not None, "the faces do not fit the word list's codes"
    faces = runner.xp.empty((count, source.cells), dtype=runner.xp.uint32)
    runner.launch(
        "bg_roll_boards", count, made.cube_faces, made.face_counts, made.dice, made.width,
        source.cells, seed, 0, None, faces,
    )  # fmt: skip
    runner.synchronize()
    return faces


def native_scores(
    scorer: KernelScorer, data: bytes, source: BoardSource, jobs: int, rules: Rules
) -> numpy.ndarray:
    points = points_table(rules, scorer.core.longest)
    width = source.cells * 4
    count = len(data) // width
    step = max(1, -(-count // (jobs * 8)))

    def run(first: int) -> bytes:
        piece = data[first * width : (first + step) * width]
        return bytes(
            scorer.core.trie.score_boards(piece, source.rows, source.cols, rules.min_length, points)
        )

    with ThreadPoolExecutor(jobs) as pool:
        parts = list(pool.map(run, range(0, count, step)))
    return numpy.frombuffer(b"".join(parts), dtype=numpy.int64)


def best_time(run: Any, repeat: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def kernel_run(scorer: KernelScorer, faces: Any, source: BoardSource, rules: Rules) -> Any:
    found = scorer.score_on_runner(faces, source.rows, source.cols, rules)
    scorer.runner.synchronize()
    return found


def time_kernel(
    runner: KernelRunner, lexicon: Lexicon, source: BoardSource, rules: Rules, args: Any
) -> tuple[float, Any, KernelScorer, Any]:
    scorer = KernelScorer(lexicon, runner)
    faces = made_faces(scorer, source, args.seed, args.boards)
    kernel_run(scorer, faces[:64], source, rules)  # compile and warm up
    seconds, scores = best_time(lambda: kernel_run(scorer, faces, source, rules), args.repeat)
    return seconds, runner.to_host(scores), scorer, faces


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default=None, help="word list (default: the bundled one)")
    parser.add_argument("--language", default=None)
    parser.add_argument("--size", default="4x4", help="ROWSxCOLS (dice where a set fits)")
    parser.add_argument("--uniform", action="store_true", help="uniform letters, not dice")
    parser.add_argument("--boards", type=int, default=100_000)
    parser.add_argument("--check", type=int, default=200_000, help="boards native scores")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="threads for native and CPU build")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--cpu-build", action="store_true", help="the CPU build even on a GPU")
    parser.add_argument("--no-stats", action="store_true", help="leave out the stats rate")
    parser.add_argument("--tune", action="store_true", help="time each --blocks x --set-bits")
    parser.add_argument("--blocks", default="64,128,256", help="--tune: threads a block")
    parser.add_argument("--set-bits", default="8,9,10,12", help="--tune: first word sets")
    parser.add_argument(
        "--per-sm", default="0", help="--tune: most blocks a multiprocessor (0: all that fit)"
    )
    parser.add_argument(
        "--min-blocks", default="0", help="--tune: __launch_bounds__ minimum blocks (0: none)"
    )
    parser.add_argument(
        "--seconds", type=float, default=0, help="--tune: start no setting after this (0: all)"
    )
    parser.add_argument(
        "--top-registers", default="0", help="--tune: 0, 1 or 0,1 (the top frame in registers)"
    )
    parser.add_argument(
        "--one-loop", default="1", help="--tune: 1 (one loop for all boards), 0 (one a board)"
    )
    parser.add_argument(
        "--variants", default=None, help="A/B of kernel variants: names, comma-separated, or all"
    )
    args = parser.parse_args()
    rows, cols = (int(side) for side in args.size.lower().split("x"))
    lexicon = load_wordlist(args.dict, args.language)
    dice = None if args.uniform else DICE_BY_SHAPE.get((rows, cols))
    source = BoardSource.named(dice or "uniform", rows, cols)
    rules = rules_for_board(rows, cols)
    missing = gpu_missing()
    on_gpu = missing is None and not args.cpu_build
    print(f"word list   {quoted(lexicon.name)} ({lexicon.count:,} words); rules {rules.name}")
    print(f"boards      {args.boards:,} {source.name} {rows}x{cols}, seed {args.seed}")
    print(f"load        {os.getloadavg()[0]:.2f} (1-minute), {os.cpu_count()} cores here")
    if not on_gpu:
        print(f"no GPU      {missing or 'the CPU build was asked for'}")
    if args.tune:
        return tune(lexicon, source, rules, args, on_gpu)
    if args.variants:
        return compare_variants(lexicon, source, rules, args, on_gpu)

    runner: KernelRunner
    if on_gpu:
        from boggle.engines.gpu.device import device_runner

        runner = device_runner()
    else:
        runner = cpu_build(jobs=args.jobs)
    kernel_time, kernel, scorer, faces = time_kernel(runner, lexicon, source, rules, args)
    check = min(args.check, args.boards)
    data = runner.to_host(faces[:check]).tobytes()
    native_time, native = best_time(
        lambda: native_scores(scorer, data, source, args.jobs, rules), min(args.repeat, 2)
    )
    where = getattr(runner, "device_name", None) or f"CPU build ({runner.name})"
    if on_gpu:
        chosen = runner.variant_for(rows * cols)  # type: ignore[attr-defined]
        facts = {k: runner.kernel_facts(k, chosen) for k in ("bg_score_boards_small",)}  # type: ignore[attr-defined]
        options = runner.compiled(chosen).options  # type: ignore[attr-defined]
        print(f"device      {where}; variant {chosen}; options {' '.join(options)}; {facts}")
    leftover = int((kernel == OVERFLOW).sum())
    rows_out = [
        (f"native ({args.jobs} thread{'s' * (args.jobs > 1)})", native_time, check, native),
        (f"kernel: {where}", kernel_time, args.boards, kernel),
    ]
    for name, seconds, count, scores in rows_out:
        print(
            f"{name:<40} {seconds:8.3f} s  {count / seconds:14,.0f} boards/s  "
            f"total {int(scores[:check].sum()):,} (first {check:,})"
        )
    equal = bool((native == kernel[:check]).all())
    print(f"kernel boards left for the CPU (full word sets): {leftover}")
    print(f"totals equal: {equal}; board for board: {equal}")
    if not args.no_stats:
        start = time.perf_counter()
        summary = random_stats(scorer, source, args.seed, args.boards, rules, 10)
        seconds = time.perf_counter() - start
        assert summary is not None
        if summary.interrupted:  # a Ctrl-C: no rate of a part of the run
            raise KeyboardInterrupt
        expected = Counter(kernel.tolist())
        same = leftover == 0 and summary.counts == dict(expected)
        print(
            f"{'stats (made on the device)':<40} {seconds:8.3f} s  "
            f"{args.boards / seconds:14,.0f} boards/s  best {summary.best[:3]}  "
            f"counts equal the kernel's: {same}"
        )
        equal = equal and (same or leftover > 0)
    return 0 if equal else 1


Setting = tuple[str, int, int, int, int, int, int]
"""A tuning run's settings: variant, block, set bits, per SM, min blocks, top regs, one loop."""


def tune_settings(args: Any, on_gpu: bool) -> list[Setting]:
    """Every combination of the ``--tune`` options for each variant (``--variants``, else
    ``default``), the variants innermost (a run cut short has timed them side by side),
    without the minimum blocks that cannot bind (more threads than a multiprocessor's 2,048,
    or more blocks than ``--per-sm`` lets run); the CPU build has no blocks, so there only
    the variants and word sets vary.

    >>> from argparse import Namespace
    >>> args = Namespace(variants="lanes-16", blocks="128,256", set_bits="9", per_sm="0",
    ...                  min_blocks="0", top_registers="0", one_loop="1")
    >>> tune_settings(args, True)
    [('lanes-16', 128, 9, 0, 0, 0, 1), ('lanes-16', 256, 9, 0, 0, 0, 1)]
    >>> args.variants = "lanes-16,lanes-32"
    >>> [setting[:2] for setting in tune_settings(args, True)][:2]
    [('lanes-16', 128), ('lanes-32', 128)]
    >>> tune_settings(args, False)
    [('lanes-16', 0, 9, 0, 0, 0, 1), ('lanes-32', 0, 9, 0, 0, 0, 1)]
    >>> args.variants, args.blocks, args.per_sm = "lanes-16", "256,512", "0,4"
    >>> args.min_blocks = "0,6"
    >>> [setting[1:5] for setting in tune_settings(args, True)]
    [(256, 9, 0, 0), (256, 9, 0, 6), (256, 9, 4, 0), (512, 9, 0, 0), (512, 9, 4, 0)]
    """
    names = (args.variants or "default").split(",")
    numbers = [
        [int(value) for value in text.split(",")]
        for text in (args.blocks, args.set_bits, args.per_sm, args.min_blocks,
                     args.top_registers, args.one_loop)
    ]  # fmt: skip
    if not on_gpu:
        numbers = [[0], numbers[1], [0], [0], [0], [1]]
    blocks, set_bits, per_sms, least_blocks, tops, loops = numbers
    settings: list[Setting] = [
        (name, block, bits, per_sm, least, top, loop)
        for block in blocks
        for bits in set_bits
        for per_sm in per_sms
        for least in least_blocks
        for top in tops
        for loop in loops
        for name in names
        if not least or (least * block <= 2048 and (not per_sm or least <= per_sm))
    ]
    return settings


def tune_knobs(setting: Setting) -> str:
    """The environment that runs ``setting`` (the lanes' word set is
    ``BOGGLE_GPU_SHARED_SET_BITS``, the default kernel's ``BOGGLE_GPU_SET_BITS``).

    >>> tune_knobs(("lanes-16", 256, 9, 0, 0, 0, 1)).split()
    ['BOGGLE_GPU_VARIANT=lanes-16', 'BOGGLE_GPU_BLOCK=256', 'BOGGLE_GPU_SHARED_SET_BITS=9', \
'BOGGLE_GPU_PER_SM=0']
    >>> tune_knobs(("default", 128, 10, 4, 6, 1, 0))  # doctest: +NORMALIZE_WHITESPACE
    'BOGGLE_GPU_VARIANT=default BOGGLE_GPU_BLOCK=128 BOGGLE_GPU_SET_BITS=10 BOGGLE_GPU_PER_SM=4
     BOGGLE_GPU_MIN_BLOCKS=6 BOGGLE_GPU_TOP_REGISTERS=1 BOGGLE_GPU_ONE_LOOP=0'
    """
    name, block, bits, per_sm, least, top, loop = setting
    shared = first_set_bits(KERNEL_VARIANTS[name]) is not None
    knobs = [
        f"BOGGLE_GPU_VARIANT={name}",
        f"BOGGLE_GPU_BLOCK={block}",
        f"BOGGLE_GPU_{'SHARED_' * shared}SET_BITS={bits}",
        f"BOGGLE_GPU_PER_SM={per_sm}",
    ]
    knobs += [f"BOGGLE_GPU_MIN_BLOCKS={least}"] * bool(least)
    knobs += [f"BOGGLE_GPU_TOP_REGISTERS={top}"] * bool(top)
    knobs += [f"BOGGLE_GPU_ONE_LOOP={loop}"] * (not loop)
    return " ".join(knobs)


def tune(lexicon: Lexicon, source: BoardSource, rules: Rules, args: Any, on_gpu: bool) -> int:
    """Each setting (:func:`tune_settings`) compiled and timed on the same boards, its scores
    checked against the first's; a table fastest first and the fastest's knobs."""
    unknown = sorted(set((args.variants or "default").split(",")) - set(KERNEL_VARIANTS))
    if unknown:
        print(f"unknown variants {unknown} (--tune takes names, not auto or all)")
        return 2
    results: list[tuple[float, Setting, str]] = []
    reference = None
    all_same = True
    settings = tune_settings(args, on_gpu)
    stop = time.perf_counter() + args.seconds
    for done, setting in enumerate(settings):
        if args.seconds and time.perf_counter() > stop:
            print(f"--seconds {args.seconds:g} spent: {len(settings) - done} settings not timed")
            break
        name, block, bits, per_sm, least, top, loop = setting
        label = (
            f"{name:<16} block {block:4} set bits {bits:2} per SM {per_sm or 'all':>3} "
            f"min blocks {least or '-':>2} top regs {top} one loop {loop}"
        )
        runner: KernelRunner
        try:
            if on_gpu:
                from boggle.engines.gpu.device import DeviceRunner

                runner = DeviceRunner(
                    block=block,
                    set_bits=bits,
                    min_blocks=least,  # 0: no launch bounds
                    per_processor=per_sm,
                    top_registers=bool(top),
                    one_loop=bool(loop),
                    variant=name,
                )
            else:
                defines = KERNEL_VARIANTS[name]
                runner = cpu_build(jobs=args.jobs, small_set_bits=bits, defines=defines)
            seconds, scores, _, _ = time_kernel(runner, lexicon, source, rules, args)
        except Exception as error:  # a setting that does not compile or launch is reported
            print(f"{label}: failed: {type(error).__name__}: {error}", flush=True)
            continue
        reference = scores if reference is None else reference
        same = bool((scores == reference).all())
        all_same = all_same and same
        facts = ""
        if on_gpu:
            fact = runner.kernel_facts("bg_score_boards_small")  # type: ignore[attr-defined]
            facts = f"{fact['num_regs']} regs, {fact['local_size_bytes']} B local"
        rate = args.boards / seconds
        results.append((rate, setting, facts))
        print(
            f"{label}: {seconds:8.3f} s {rate:14,.0f} boards/s "
            f"total {int(scores.sum()):,} same: {same} {facts}",
            flush=True,
        )
    results.sort(key=lambda result: -result[0])
    print(f"\ntune {source.rows}x{source.cols} {source.name}, {args.boards:,} boards, seed "
          f"{args.seed}, fastest first")  # fmt: skip
    print(f"{'variant':<16} {'block':>5} {'set bits':>8} {'per SM':>6} {'min blocks':>10} "
          f"{'boards/s':>14} {'x slowest':>9}  compiled")  # fmt: skip
    slowest = results[-1][0] if results else 1.0
    for rate, (name, block, bits, per_sm, least, _, _), facts in results:
        print(f"{name:<16} {block:5} {bits:8} {per_sm or 'all':>6} {least or '-':>10} "
              f"{rate:14,.0f} {rate / slowest:9.2f}  {facts}")  # fmt: skip
    if results:
        print(f"fastest: {tune_knobs(results[0][1])}: {results[0][0]:,.0f} boards/s")
    return 0 if all_same else 1


def variant_runner(name: str, on_gpu: bool, jobs: int, cells: int) -> KernelRunner:
    """A kernel variant compiled for the GPU (NVRTC), or for the CPU without one (``auto``
    there: one build, the variant it picks for given boards of ``cells`` cells)."""
    if on_gpu:
        from boggle.engines.gpu.device import DeviceRunner

        return DeviceRunner(variant=name)
    defines = KERNEL_VARIANTS[auto_variant(cells) if name == AUTO_VARIANT else name]
    return cpu_build(jobs=jobs, small_set_bits=first_set_bits(defines) or 9, defines=defines)


def compare_variants(
    lexicon: Lexicon, source: BoardSource, rules: Rules, args: Any, on_gpu: bool
) -> int:
    """Each variant timed on the same boards (kernel and stats rates), scores checked board
    for board against the first variant's; one table at the end."""
    known = ["default", AUTO_VARIANT, *(name for name in KERNEL_VARIANTS if name != "default")]
    names = known if args.variants == "all" else args.variants.split(",")
    unknown = [name for name in names if name not in known]
    if unknown:
        print(f"unknown variants {unknown}; known: {', '.join(known)}")
        return 2
    cells = source.rows * source.cols
    reference: Any = None
    table: list[tuple[str, float, float, str, str]] = []
    for name in names:
        try:
            runner = variant_runner(name, on_gpu, args.jobs, cells)
            seconds, scores, scorer, _ = time_kernel(runner, lexicon, source, rules, args)
        except Exception as error:  # a variant that fails to compile or launch is reported
            print(f"{name}: failed: {type(error).__name__}: {error}", flush=True)
            table.append((name, 0.0, 0.0, "failed", ""))
            continue
        reference = scores if reference is None else reference
        same = bool((scores == reference).all())
        stats_rate = 0.0
        if not args.no_stats:
            start = time.perf_counter()
            summary = random_stats(scorer, source, args.seed, args.boards, rules, 10)
            if summary is not None and summary.interrupted:
                raise KeyboardInterrupt  # a Ctrl-C: no rate of a part of the run
            stats_rate = args.boards / (time.perf_counter() - start)
            left = int((scores == OVERFLOW).sum())
            same = (
                same
                and summary is not None
                and (left > 0 or summary.counts == dict(Counter(scores.tolist())))
            )
        chosen = auto_variant(cells) if name == AUTO_VARIANT else name
        stats_by = auto_variant(cells, stats=True)
        if on_gpu:
            chosen = runner.variant_for(cells)  # type: ignore[attr-defined]
            stats_by = runner.variant_for(cells, "bg_random_stats_small")  # type: ignore[attr-defined]
        parts = [f"{chosen}, stats {stats_by}"] if name == AUTO_VARIANT else []
        if on_gpu:
            fact = runner.kernel_facts("bg_score_boards_small", chosen)  # type: ignore[attr-defined]
            parts.append(f"{fact['num_regs']} regs, {fact['local_size_bytes']} B local")
        facts = ": ".join(parts)
        rate = args.boards / seconds
        table.append((name, rate, stats_rate, "yes" if same else "NO", facts))
        print(
            f"{name}: {seconds:.3f} s {rate:,.0f} boards/s, stats {stats_rate:,.0f} boards/s, "
            f"total {int(scores.sum()):,}, same as {names[0]}: {same}; {facts}",
            flush=True,
        )
    first = table[0][1] or 1.0
    print(f"\n{source.rows}x{source.cols} {source.name}, {args.boards:,} boards, seed {args.seed}")
    print(f"{'variant':<18} {'kernel boards/s':>16} {'x first':>8} {'stats boards/s':>15} "
          f"{'equal':>6}  compiled")  # fmt: skip
    for name, rate, stats_rate, same, facts in table:
        print(f"{name:<18} {rate:16,.0f} {rate / first:8.2f} {stats_rate:15,.0f} {same:>6}  "
              f"{facts}")  # fmt: skip
    fastest = max((row for row in table if row[3] == "yes"), key=lambda row: row[1], default=None)
    if fastest:
        print(f"fastest: BOGGLE_GPU_VARIANT={fastest[0]} {fastest[1]:,.0f} boards/s")
    return 0 if all(row[3] == "yes" for row in table) else 1


if __name__ == "__main__":
    sys.exit(main())
