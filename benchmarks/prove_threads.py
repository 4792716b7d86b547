"""How `boggle prove --jobs N` on threads scales against one thread, on the 3x4 proof.

    python benchmarks/prove_threads.py [--classes 24] [--seed 1] [--jobs 2] [--rounds 2]
        [--dict ../shared/data/enable.txt] [--above 1650]

The classes are a seeded sample of the top-level classes of `boggle prove --size 3x4
--above 1650` (ENABLE2K, classic rules; `--classes 0`: all of them, the whole proof).
Each round runs them on one thread, then on `--jobs` threads sharing one compiled word
list (`boggle.search.prove.on_threads`), alternating which goes first, so load from other
programs falls on both alike.  Reported: the wall seconds of each way (best of the
rounds), the speed-up, the CPU seconds of each (work the threads add), the load average
before and after and the cores this process may use.  The boards and bound counts of
both ways must agree (exit status 1 otherwise).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

from boggle import Lexicon
from boggle.model.rules import CLASSIC
from boggle.scale.threads import default_jobs
from boggle.search.branch_and_bound import Prover
from boggle.search.classes import ClassTask, Layout, top_level_classes
from boggle.search.job import letter_alphabet
from boggle.search.prove import on_threads
from boggle.search.results import ClassResult

ENABLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "enable.txt"


Outcome = list[tuple[int, tuple[tuple[str, int], ...], int]]
"""Each class's index, boards and bound count."""


def run_way(prover: Prover, tasks: list[ClassTask], jobs: int) -> tuple[Outcome, float, float]:
    """The results sorted by class, wall seconds and CPU seconds (every thread)."""
    wall, cpu = time.perf_counter(), time.process_time()
    if jobs == 1:
        results: list[ClassResult] = [prover.run(task) for task in tasks]
    else:
        results = list(on_threads(prover, tasks, jobs))
    elapsed, used = time.perf_counter() - wall, time.process_time() - cpu
    return sorted((r.index, r.boards, r.bounds) for r in results), elapsed, used


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dict", default=str(ENABLE), help="word list (default: ENABLE2K)")
    parser.add_argument("--above", type=int, default=1650)
    parser.add_argument("--classes", type=int, default=24, help="sampled classes (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    lexicon = Lexicon.from_file(args.dict)
    letters = ["q" if face == "qu" else face for face in letter_alphabet(lexicon)]
    tasks = list(top_level_classes(3, 4, Layout.of(letters, 3, 4, 3), args.above))
    if args.classes:
        tasks = random.Random(args.seed).sample(tasks, min(args.classes, len(tasks)))
    print(
        f"{len(tasks)} classes of the 3x4 proof above {args.above}; "
        f"{default_jobs()} cores for this process; load {os.getloadavg()}",
        flush=True,
    )
    prover = Prover(lexicon, CLASSIC)
    best = {1: (float("inf"), 0.0), args.jobs: (float("inf"), 0.0)}
    answers = set()
    for round_number in range(args.rounds):
        ways = [1, args.jobs] if round_number % 2 == 0 else [args.jobs, 1]
        for jobs in ways:
            results, wall, cpu = run_way(prover, tasks, jobs)
            answers.add(repr(results))
            print(
                f"round {round_number + 1}, {jobs} thread(s): {wall:.1f} s wall, "
                f"{cpu:.1f} CPU s; load {os.getloadavg()[0]:.2f}",
                flush=True,
            )
            if wall < best[jobs][0]:
                best[jobs] = (wall, cpu)
    one, many = best[1], best[args.jobs]
    print(
        f"best: 1 thread {one[0]:.1f} s ({one[1]:.1f} CPU s), {args.jobs} threads "
        f"{many[0]:.1f} s ({many[1]:.1f} CPU s): speed-up {one[0] / many[0]:.2f}x, "
        f"CPU {many[1] / one[1]:.2f}x; load {os.getloadavg()}"
    )
    if len(answers) != 1:
        print("the ways disagree on the boards or bounds", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
