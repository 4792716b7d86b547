"""``boggle prove``: every board above a score, by branch and bound over classes."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from boggle.cli.commands._help import with_examples
from boggle.cli.commands._options import (
    MAX_JOBS,
    file_name,
    jobs_number,
    seed_number,
    shown_value,
    whole_number,
)
from boggle.cli.commands._progress import progress_bar
from boggle.cli.commands._where import add_cluster_options, where_from_args
from boggle.cli.commands.search import add_closing_options, add_size_option, problem_from_args
from boggle.dice.cubes import SEED_RANGE
from boggle.model.errors import BoggleError
from boggle.model.wording import grouped, quoted
from boggle.search.branch_and_bound import (
    CLASS_MEMORY,
    MAX_ABOVE,
    MAX_BOARDS,
    MAX_BOARDS_LIMIT,
    MAX_MEMORY,
    SMALL_BOARD_CELLS,
    SMALL_CLASS_MEMORY,
)
from boggle.search.classes import MAX_LISTED_CLASSES, ClassTask
from boggle.search.estimate import (
    DEFAULT_SAMPLES,
    MAX_SAMPLES,
    SampledClass,
    count_classes,
    estimate_proof,
)
from boggle.search.options import ProofOptions
from boggle.search.prove import CostEstimate, estimate_cost, layout_for, processes, prove
from boggle.search.results import ClassResult


def memory_megabytes(text: str) -> int:
    """The ``type=`` of ``--memory``: megabytes, 0 (never split) to the library's largest cap.

    >>> memory_megabytes("400")
    400
    >>> memory_megabytes("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '-1' is not 0 to 1,125,899,906 MB
    """
    megabytes = whole_number(text)
    if not 0 <= megabytes <= MAX_MEMORY // 1_000_000:
        raise argparse.ArgumentTypeError(
            f"{shown_value(text)} is not 0 to {MAX_MEMORY // 1_000_000:,} MB"
        )
    return megabytes


def memory_bytes(megabytes: int | None) -> int | None:
    """``--memory`` in bytes; ``None`` (not given) stays ``None``: the library's default
    of the board's size.

    >>> memory_bytes(800), memory_bytes(None)
    (800000000, None)
    """
    return None if megabytes is None else megabytes * 1_000_000


def proof_options(
    args: argparse.Namespace, jobs: int = 1, checkpoint: str | None = None
) -> ProofOptions:
    """The :class:`ProofOptions` of ``args``' layout and limits (``--buckets``,
    ``--corner-buckets``, ``--inner-buckets``, ``--max-boards``, ``--memory``): a proof's,
    with its ``jobs`` and ``checkpoint``, and ``--estimate``'s, which runs its classes here
    one at a time.

    >>> args = argparse.Namespace(buckets=3, corner_buckets=None, inner_buckets=None,
    ...                           max_boards=100, memory=800)
    >>> options = proof_options(args, jobs=2)
    >>> options.jobs, options.bucket_count, options.memory
    (2, 3, 800000000)
    """
    return ProofOptions(
        jobs=jobs,
        checkpoint=checkpoint,
        bucket_count=args.buckets,
        corner_buckets=args.corner_buckets,
        inner_buckets=args.inner_buckets,
        max_boards=args.max_boards,
        memory=memory_bytes(args.memory),
    )


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "prove",
        help="prove which boards score above a threshold (branch and bound)",
        description="Branch and bound over classes of boards: prints every board scoring "
        "more than SCORE (one per symmetry class), best first, and proves there are no "
        "others. With --checkpoint FILE finished classes are written to FILE as they "
        "finish and an interrupted run started again with the same FILE goes on from there.",
        **with_examples("prove"),
    )
    add_size_option(parser)
    parser.add_argument(
        "--above",
        type=whole_number,
        required=True,
        metavar="SCORE",
        help=f"find the boards scoring more than this, 0 to {MAX_ABOVE:,}",
    )
    parser.add_argument(
        "--jobs",
        type=jobs_number,
        default=1,
        metavar="N",
        help=f"threads working on classes at once, in this process, 1 to {MAX_JOBS}; at most "
        "one per core runs (default 1)",
    )
    parser.add_argument(
        "--max-boards",
        type=whole_number,
        default=MAX_BOARDS,
        metavar="N",
        help="refuse, in one line, a proof with more boards than this, 1 to "
        f"{MAX_BOARDS_LIMIT:,} (default {MAX_BOARDS:,}): a threshold that low would fill the "
        "memory",
    )
    parser.add_argument(
        "--memory",
        type=memory_megabytes,
        default=None,
        metavar="MB",
        help="the memory one class's work may take, in MB, 0 to "
        f"{MAX_MEMORY // 1_000_000:,} (default "
        f"{SMALL_CLASS_MEMORY // 1_000_000} on boards of up to {SMALL_BOARD_CELLS} cells, "
        f"such as 3x3 and 3x4, {CLASS_MEMORY // 1_000_000} on larger ones such as 4x4; "
        "each of --jobs threads proves a class with this cap, "
        "less only where they would pass half the machine's memory): a class whose tree "
        "would need more is proved in parts, one after the other (0: never split)",
    )
    parser.add_argument(
        "--checkpoint",
        type=file_name("a file name"),
        default=None,
        metavar="FILE",
        help="record finished classes here and resume from it",
    )
    parser.add_argument(
        "--buckets",
        type=whole_number,
        default=3,
        metavar="N",
        help="letter buckets of the top-level classes' edge cells, 1 or more (default 3); "
        f"a proof of more than {MAX_LISTED_CLASSES:,} top-level classes (5x5 with 3) is refused",
    )
    parser.add_argument(
        "--corner-buckets",
        type=whole_number,
        default=None,
        metavar="N",
        help="letter buckets of the four corners, 1 or more (default 1: whole)",
    )
    parser.add_argument(
        "--inner-buckets",
        type=whole_number,
        default=None,
        metavar="N",
        help="letter buckets of the cells off the border, 1 or more (default: as --buckets; "
        "3x3: 1, whole)",
    )
    parser.add_argument(
        "--yes",
        action="store_true",
        help="run a proof estimated at over an hour (without it, such a proof is refused "
        "once a few classes have been timed)",
    )
    parser.add_argument(
        "--estimate",
        action="store_true",
        help="prove nothing: estimate the whole proof's CPU-hours on this machine from "
        "--samples distinct random top-level classes, each proved to the end, one at a time "
        "here (not with --jobs, --checkpoint or a cluster), with a bootstrap interval; every "
        "class once, the cost exact, when there are no more",
    )
    parser.add_argument(
        "--samples",
        type=whole_number,
        default=None,
        metavar="N",
        help=f"--estimate: how many distinct random top-level classes to prove, 1 to "
        f"{MAX_SAMPLES:,} (default {DEFAULT_SAMPLES}; every class when there are no more)",
    )
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        metavar="SEED",
        help=f"random seed, {SEED_RANGE}, of the classes --estimate samples (default 0)",
    )
    add_closing_options(parser)
    add_cluster_options(parser)
    parser.set_defaults(run=run)


LONG_PROOF = 3600.0
"""Seconds past which a proof in this process starts only with ``--yes``."""

SAY_ESTIMATE = 60.0
"""Seconds past which the estimate is printed before the proof starts."""


def run(args: argparse.Namespace) -> int:
    if args.buckets < 1:
        raise BoggleError(f"--buckets must be at least 1, got {grouped(args.buckets)}")
    if args.estimate:
        return run_estimate(args)
    for name, value in (("--samples", args.samples), ("--seed", args.seed)):
        if value is not None:
            raise BoggleError(f"{name} is an option of --estimate")
    rows, cols, rules, lexicon = problem_from_args(args)
    bars: list[Any] = []  # the progress bar, made once the classes finished before are known
    where = where_from_args(args)

    def on_plan(todo: list[ClassTask], finished: int, total: int) -> CostEstimate | None:
        estimate = None
        if where is None and todo and not args.yes:
            estimate = estimate_cost(todo, lexicon, rules, args.jobs, memory_bytes(args.memory))
            if estimate.wall_seconds > LONG_PROOF:
                raise BoggleError(f"this proof would take {estimate.text()}: give --yes to run it")
            if estimate.wall_seconds >= SAY_ESTIMATE:
                print(f"boggle prove: estimate: {estimate.text()}", file=sys.stderr)
        bars.append(
            progress_bar(" classes", total=total, initial=finished, lines_for="boggle prove")
        )
        return estimate  # its classes are not proved again, and its prover goes on

    def on_class(result: ClassResult, total: int) -> None:
        if bars and bars[0] is not None:
            bars[0].update(1)

    if where is None and processes(args.jobs) < args.jobs:
        print(
            f"boggle prove: --jobs {args.jobs}: one thread per core at most, "
            f"{processes(args.jobs)} here",
            file=sys.stderr,
        )
    try:
        options = proof_options(args, jobs=args.jobs, checkpoint=args.checkpoint)
        result = prove(
            rows,
            cols,
            lexicon,
            rules,
            args.above,
            options,
            on_class=on_class,
            where=where,
            on_plan=on_plan,
        )
    finally:
        if bars and bars[0] is not None:
            bars[0].close()
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        for found in result.boards:
            print(f"{found.board} {found.score}")
        state = "interrupted" if result.interrupted else "proof complete"
        resume = ""
        if result.interrupted:
            resume = (
                f"; the same command goes on from the checkpoint {quoted(args.checkpoint)}"
                if args.checkpoint
                else "; with --checkpoint FILE a proof started again goes on where it stopped"
            )
        print(
            f"{state}: {result.extra['finished_classes']:,} of {result.top_level:,} top-level "
            f"classes, {result.classes:,} classes bounded, {result.seconds:,.1f} s{resume}",
            file=sys.stderr,
        )
    return 130 if result.interrupted else 0


def run_estimate(args: argparse.Namespace) -> int:
    """``--estimate``: the library's estimate, its progress on stderr, the result on stdout."""
    for name, value in (
        ("--checkpoint", args.checkpoint),
        ("--cluster", args.cluster),
        ("--scheduler", args.scheduler),
    ):
        if value is not None:
            raise BoggleError(f"--estimate runs its classes here, one at a time: leave out {name}")
    if args.jobs != 1:  # the classes' CPU seconds are timed one after the other
        raise BoggleError("--estimate runs its classes here, one at a time: leave out --jobs")
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    seed = 0 if args.seed is None else args.seed
    rows, cols, rules, lexicon = problem_from_args(args)
    layout = proof_options(args)
    buckets = layout_for(
        lexicon, rows, cols, layout.bucket_count, layout.corner_buckets, layout.inner_buckets
    )
    drawn = min(samples, count_classes(rows, cols, buckets))  # each class once at most
    bar = progress_bar(" classes", total=drawn)
    done: list[float] = []

    def on_class(sampled: SampledClass) -> None:
        done.append(sampled.cpu_seconds)
        if bar is not None:
            bar.update(1)
            bar.set_postfix_str(f"mean {sum(done) / len(done):.2f} CPU s")
        else:
            print(
                f"boggle prove: class {len(done):,} of {drawn:,}: {sampled.label} "
                f"{sampled.cpu_seconds:.2f} CPU s",
                file=sys.stderr,
                flush=True,
            )

    try:
        estimate = estimate_proof(
            rows,
            cols,
            lexicon,
            rules,
            args.above,
            samples=samples,
            seed=seed,
            options=layout,
            on_class=on_class,
        )
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(estimate.to_json()))
    else:
        print(estimate.text())
    return 130 if estimate.interrupted else 0
