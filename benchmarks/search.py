"""Measure `boggle search` and `boggle prove` against the published figures.

    python benchmarks/search.py neighbours          # one call for all neighbours vs one per board
    python benchmarks/search.py climb --runs 20 --seconds 60     # 4x4 reach 3625
    python benchmarks/search.py dice --seconds 60   # best rollable 4x4, 1987+ and 1976 dice
    python benchmarks/search.py prove --size 3x3 --above 540 --seconds 600
    python benchmarks/search.py estimate --size 4x4 --above 3625 --samples 20 --seconds 600
    python benchmarks/search.py big --runs 5 --seconds 600 --jobs 2   # 5x5, reach 10406
    python benchmarks/search.py curve --size 5x5 --runs 4 --pools 20,30 --marks 60,120

ENABLE2K from ../shared/data/enable.txt, classic rules on every size.  Each
part prints one line per run and a summary; nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from boggle import CLASSIC, load_lexicon
from boggle.model.wording import quoted
from boggle.search import search
from boggle.search.branch_and_bound import Prover
from boggle.search.classes import Layout, sample_classes, top_level_classes
from boggle.search.faces import apply_edit, neighbour_edits
from boggle.search.job import letter_alphabet
from boggle.search.scorer import Scorer
from boggle.wordlists.lexicon import Lexicon

ENABLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "enable.txt"


def neighbours(lexicon: Lexicon, _: argparse.Namespace) -> None:
    scorer = Scorer(lexicon, CLASSIC)
    alphabet = letter_alphabet(lexicon)
    for text in ("perslatgsineters", "fxieamloewbxastu"):
        board = tuple("qu" if c == "q" else c for c in text)
        edits = neighbour_edits(board, alphabet)
        boards = [apply_edit(board, e) for e in edits]
        batched = alone = float("inf")  # best of 5: the machine is shared
        for _ in range(5):
            start = time.perf_counter()
            one_call = scorer.score_neighbours(board, 4, 4, alphabet)
            batched = min(batched, time.perf_counter() - start)
            start = time.perf_counter()
            separate = [scorer.score(b, 4, 4) for b in boards]
            alone = min(alone, time.perf_counter() - start)
        assert list(one_call) == separate
        print(
            f"{text}: {len(edits)} neighbours, one call {batched * 1e3:.1f} ms, "
            f"one call per board {alone * 1e3:.1f} ms, gain x{alone / batched:.2f}"
        )


def climb(lexicon: Lexicon, args: argparse.Namespace) -> None:
    """4x4 runs until 3625 or --seconds of CPU time (``time.process_time``, so a shared
    machine does not change the result); a run counts as reaching 3625 when it did so
    within --cpu-limit CPU seconds."""
    reached: list[float] = []
    for seed in range(args.first_seed, args.first_seed + args.runs):
        result = search(
            4,
            4,
            lexicon,
            CLASSIC,
            method=args.method,
            seconds=args.seconds,
            clock="cpu",
            target=3625,
            seed=seed,
            top=1,
            **(_climber(args) if args.method == "hillclimb" else {}),
        )
        best = result.best[0]
        if best.score >= 3625 and result.seconds_to_best <= args.cpu_limit:
            reached.append(result.seconds_to_best)
        print(
            f"seed {seed}: {best.board} {best.score} at {result.seconds_to_best:.1f} of "
            f"{result.seconds:.1f} CPU s, {result.boards_scored:,} boards",
            flush=True,
        )
    median = statistics.median(reached) if reached else float("nan")
    print(
        f"{args.method} ({_describe(args)}): reached 3625 within {args.cpu_limit:g} CPU s in "
        f"{len(reached)} of {args.runs} runs, median {median:.1f} CPU s"
    )


def dice(lexicon: Lexicon, args: argparse.Namespace) -> None:
    """Best rollable 4x4 of each dice set, seed 1, --seconds of CPU time per set."""
    for name in ("new", "classic"):
        result = search(
            4,
            4,
            lexicon,
            CLASSIC,
            seconds=args.seconds,
            clock="cpu",
            seed=1,
            dice=name,
            top=1,
            jobs=args.jobs,
        )
        print(
            f"dice {name}: {result.best[0].board} {result.best[0].score} at "
            f"{result.seconds_to_best:.1f} of {result.seconds:.1f} CPU s "
            f"({result.boards_scored:,} boards)",
            flush=True,
        )


def _layout(letters: list[str], rows: int, cols: int, args: argparse.Namespace) -> Layout:
    return Layout.of(letters, rows, cols, args.buckets, args.corner_buckets, args.inner_buckets)


def _shape(text: str) -> tuple[int, int]:
    rows, cols = text.split("x")
    return int(rows), int(cols)


def prove_part(lexicon: Lexicon, args: argparse.Namespace) -> None:
    """Run top-level classes in order until --seconds; extrapolate to all of them."""
    rows, cols = _shape(args.size)
    prover = Prover(lexicon, CLASSIC)
    letters = ["q" if f == "qu" else f for f in prover.faces]
    tasks = list(top_level_classes(rows, cols, _layout(letters, rows, cols, args), args.above))
    start = time.perf_counter()
    done, found = 0, {}
    for task in tasks:
        found.update(prover.run(task).boards)
        done += 1
        if time.perf_counter() - start > args.seconds:
            break
    spent = time.perf_counter() - start
    print(
        f"{args.size} above {args.above}: {done} of {len(tasks)} top-level classes in "
        f"{spent:.0f} s; all at this rate: {spent / done * len(tasks) / 3600:.2f} CPU-hours; "
        f"found {sorted(found.items())}"
    )


def estimate(lexicon: Lexicon, args: argparse.Namespace) -> None:
    """Mean CPU cost of random top-level classes x (patterns / symmetries)."""
    rows, cols = _shape(args.size)
    prover = Prover(lexicon, CLASSIC)
    letters = ["q" if f == "qu" else f for f in prover.faces]
    layout = _layout(letters, rows, cols, args)
    total = math.prod(len(c) for c in layout.cell_buckets(rows, cols))
    total /= 8 if rows == cols else 4
    costs = []
    start = time.perf_counter()
    for task in sample_classes(rows, cols, layout, args.above, args.samples, 1):
        cpu = time.process_time()
        result = prover.run(task)
        costs.append(time.process_time() - cpu)
        print(
            f"{''.join(c[0] for c in task.cells)}: {result.bounds:,} classes, "
            f"{costs[-1]:.2f} CPU s ({result.seconds:.2f} s wall)",
            flush=True,
        )
        if time.perf_counter() - start > args.seconds:
            break
    mean = statistics.mean(costs)
    error = statistics.stdev(costs) / math.sqrt(len(costs)) if len(costs) > 1 else math.nan
    print(
        f"{len(costs)} classes, mean {mean:.2f} CPU s (standard error {error:.2f}); "
        f"x {total:,.0f} classes = {mean * total / 3600:,.1f} CPU-hours "
        f"(+- {error * total / 3600:,.1f})"
    )


def _climb_line(run: dict[str, Any]) -> str:
    return (
        f"seed {run['seed']}: {run['board']} {run['score']}, best at {run['seconds_to_best']:.1f} "
        f"of {run['seconds']:.1f} CPU s, {run['boards_scored']:,} boards"
    )


def _climber(args: argparse.Namespace) -> dict[str, Any]:
    """The hillclimb parameters given on the command line (the library's defaults otherwise)."""
    chosen = {"pool": args.pool, "kick": args.kick}
    return {name: value for name, value in chosen.items() if value is not None}


def _kick(args: argparse.Namespace) -> str:
    return "" if args.kick is None else f", kick {args.kick}"


def _describe(args: argparse.Namespace) -> str:
    return f"hillclimb pool {args.pool or 'default'}{_kick(args)}"


def big(lexicon: Lexicon, args: argparse.Namespace) -> None:
    """5x5 runs of --jobs climbs each, every climb stopping at --seconds of its own CPU time.

    "10 minutes on 2 cores" is --jobs 2 --seconds 600: two climbs of 600 CPU s
    each, as an idle 2-core machine gives in 10 minutes.  Run k has the seeds
    first + k * jobs, ... (no seed shared between runs); with a --target a run
    stops when one of its climbs reaches it.
    """
    finals = []
    for k in range(args.runs):
        seed = args.first_seed + k * args.jobs
        result = search(
            5,
            5,
            lexicon,
            CLASSIC,
            seconds=args.seconds,
            clock="cpu",
            target=args.target,
            seed=seed,
            jobs=args.jobs,
            top=1,
            **_climber(args),
        )
        runs = result.extra.get("runs") or [
            result.to_json() | {"board": result.best[0].board, "score": result.best[0].score}
        ]
        for run in runs:
            print(f"  run {k + 1}, " + _climb_line(run), flush=True)
        best = result.best[0]
        finals.append(best.score)
        print(
            f"run {k + 1} (seeds {seed}-{seed + args.jobs - 1}): {best.board} {best.score}, "
            f"first found at {result.seconds_to_best:.1f} CPU s of its climb; "
            f"{result.boards_scored:,} boards"
            + (" (interrupted: Ctrl-C)" if result.interrupted else ""),
            flush=True,
        )
        if result.interrupted:
            break
    reached = sum(score >= args.target for score in finals) if args.target else 0
    print(f"{_describe(args)}: per run {finals}; {reached} of {len(finals)} reached {args.target}")


def curve(lexicon: Lexicon, args: argparse.Namespace) -> None:
    """Best score reached by N CPU s, per seed, side by side for several pools."""
    rows, cols = _shape(args.size)
    marks = [float(m) for m in args.marks.split(",")]
    for pool in [int(p) for p in args.pools.split(",")]:
        rows_out = []
        for seed in range(args.first_seed, args.first_seed + args.runs):
            trace: list[tuple[float, int]] = []
            result = search(
                rows,
                cols,
                lexicon,
                CLASSIC,
                seconds=max(marks),
                clock="cpu",
                seed=seed,
                top=1,
                on_progress=lambda best, _, s, trace=trace: trace.append((s, best)),
                **(_climber(args) | {"pool": pool}),
            )
            trace.append((result.seconds, result.best[0].score))
            at = [max((b for s, b in trace if s <= m), default=0) for m in marks]
            rows_out.append(at)
            print(
                f"pool {pool}{_kick(args)} seed {seed}: "
                + " ".join(f"{m:g}s:{b}" for m, b in zip(marks, at, strict=True)),
                flush=True,
            )
        medians = [statistics.median(col) for col in zip(*rows_out, strict=True)]
        means = [statistics.mean(col) for col in zip(*rows_out, strict=True)]
        print(
            f"pool {pool}{_kick(args)} {args.size}: median "
            + " ".join(f"{m:g}s:{v:.0f}" for m, v in zip(marks, medians, strict=True))
            + " | mean "
            + " ".join(f"{v:.0f}" for v in means),
            flush=True,
        )


PARTS = {
    "neighbours": neighbours,
    "climb": climb,
    "dice": dice,
    "prove": prove_part,
    "estimate": estimate,
    "big": big,
    "curve": curve,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("part", choices=sorted(PARTS))
    parser.add_argument("--dict", default=str(ENABLE))
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--method", default="hillclimb")
    parser.add_argument("--cpu-limit", type=float, default=60)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--size", default="3x3")
    parser.add_argument("--above", type=int, default=540)
    parser.add_argument("--buckets", type=int, default=3)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--corner-buckets", type=int, default=None, help="default 1: whole")
    parser.add_argument(
        "--inner-buckets", type=int, default=None, help="default: as --buckets; 3x3: 1"
    )
    parser.add_argument(
        "--pool", type=int, default=None, help="hillclimb pool (default: the library's)"
    )
    parser.add_argument(
        "--kick", type=int, default=None, help="hillclimb kick (default: library's)"
    )
    parser.add_argument("--pools", default="20,30", help="curve: pools to compare")
    parser.add_argument("--marks", default="30,60,120", help="curve: CPU seconds to report at")
    parser.add_argument("--target", type=int, default=10406, help="big: stop a run at this score")
    args = parser.parse_args()
    if not Path(args.dict).exists():
        print(f"benchmarks/search.py: {quoted(args.dict)} not found (ENABLE2K)", file=sys.stderr)
        return 2
    PARTS[args.part](load_lexicon(args.dict), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
