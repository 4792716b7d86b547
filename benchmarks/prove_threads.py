"""How `boggle prove --jobs N` on threads scales against one thread, on the 3x4 proof.

    python benchmarks/prove_threads.py [--classes 24] [--seed 1] [--jobs 2] [--rounds 2]
        [--dict ../shared/data/enable.txt] [--above 1650] [--estimate-sample]
        [--memory MB] [--shared-cap]

The classes are a seeded sample of the top-level classes of `boggle prove --size 3x4
--above 1650` (ENABLE2K, classic rules; `--classes 0`: all of them, the whole proof;
`--estimate-sample`: the classes `boggle prove --estimate --samples N --seed SEED` draws).
Each round runs them on one thread, then on `--jobs` threads sharing one compiled word
list (`boggle.search.prove.on_threads`), alternating which goes first, so load from other
programs falls on both alike.  Each way's classes have the memory cap `boggle prove
--memory MB --jobs N` gives them (`boggle.search.prove.class_memory`); `--shared-cap`
gives the threads MB / N each instead, as `prove` did before (a class split into more
parts).  Reported: the wall seconds of each way (best of the rounds), the speed-up, the
CPU seconds of each (user and system of the process; "class CPU": the CPU time of the
thread that proved each class, added over the classes: the work a class takes, whatever
the load), the classes' parts are not seen here but their bounds are, the load average
before and after and the cores this process may use.  The boards of both ways must agree,
and so must the bound counts when the caps are the same (exit status 1 otherwise).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import threading
import time
from pathlib import Path

from boggle import Lexicon
from boggle.model.rules import CLASSIC
from boggle.scale.threads import default_jobs
from boggle.search.branch_and_bound import MAX_BOARDS, Prover, default_class_memory
from boggle.search.classes import ClassTask, Layout, top_level_classes
from boggle.search.estimate import random_classes
from boggle.search.job import letter_alphabet
from boggle.search.prove import class_memory, on_threads
from boggle.search.results import ClassResult

ENABLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "enable.txt"


Outcome = list[tuple[int, tuple[tuple[str, int], ...], int]]
"""Each class's index, boards and bound count."""


class TimedProver(Prover):
    """A prover that adds up the CPU time of the thread proving each class."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.class_cpu = 0.0
        self.lock = threading.Lock()

    def run(self, task: ClassTask) -> ClassResult:
        started = time.thread_time()
        try:
            return super().run(task)
        finally:
            spent = time.thread_time() - started
            with self.lock:
                self.class_cpu += spent


def run_way(
    prover: TimedProver, tasks: list[ClassTask], jobs: int
) -> tuple[Outcome, float, float, float]:
    """The results sorted by class, wall seconds, user and system CPU seconds (every
    thread); ``prover.class_cpu`` grows by the classes' thread CPU seconds."""
    wall, usage = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
    if jobs == 1:
        results: list[ClassResult] = [prover.run(task) for task in tasks]
    else:
        results = list(on_threads(prover, tasks, jobs))
    elapsed, after = time.perf_counter() - wall, resource.getrusage(resource.RUSAGE_SELF)
    outcome = sorted((r.index, r.boards, r.bounds) for r in results)
    return outcome, elapsed, after.ru_utime - usage.ru_utime, after.ru_stime - usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default=str(ENABLE), help="word list (default: ENABLE2K)")
    parser.add_argument("--above", type=int, default=1650)
    parser.add_argument("--classes", type=int, default=24, help="sampled classes (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--estimate-sample", action="store_true", help="the classes the estimate draws"
    )
    parser.add_argument(
        "--memory",
        type=int,
        default=default_class_memory(3, 4) // 1_000_000,
        help="prove's --memory MB (default: prove's on 3x4)",
    )
    parser.add_argument(
        "--shared-cap", action="store_true", help="threads share --memory (prove before)"
    )
    args = parser.parse_args()
    lexicon = Lexicon.from_file(args.dict)
    letters = ["q" if face == "qu" else face for face in letter_alphabet(lexicon)]
    layout = Layout.of(letters, 3, 4, 3)
    if args.estimate_sample:
        drawn = random_classes(3, 4, layout, args.above, args.classes, args.seed)
        tasks = [ClassTask(k, t.rows, t.cols, t.cells, t.above) for k, t in enumerate(drawn)]
    else:
        tasks = list(top_level_classes(3, 4, layout, args.above))
        if args.classes:
            tasks = random.Random(args.seed).sample(tasks, min(args.classes, len(tasks)))
    memory = args.memory * 1_000_000
    caps = {
        jobs: memory // jobs if args.shared_cap else class_memory(memory, jobs)
        for jobs in (1, args.jobs)
    }
    print(
        f"{len(tasks)} classes of the 3x4 proof above {args.above}; caps (bytes) by "
        f"threads {caps}; {default_jobs()} cores for this process; load {os.getloadavg()}",
        flush=True,
    )
    provers = {jobs: TimedProver(lexicon, CLASSIC, MAX_BOARDS, cap) for jobs, cap in caps.items()}
    best = {1: (float("inf"), 0.0, 0.0, 0.0), args.jobs: (float("inf"), 0.0, 0.0, 0.0)}
    answers: dict[int, list[Outcome]] = {1: [], args.jobs: []}
    for round_number in range(args.rounds):
        ways = [1, args.jobs] if round_number % 2 == 0 else [args.jobs, 1]
        for jobs in ways:
            prover = provers[jobs]
            prover.class_cpu = 0.0
            results, wall, user, system = run_way(prover, tasks, jobs)
            answers[jobs].append(results)
            bounds = sum(bounds for _, _, bounds in results)
            print(
                f"round {round_number + 1}, {jobs} thread(s): {wall:.1f} s wall, "
                f"{user:.1f} user + {system:.1f} sys CPU s, class CPU {prover.class_cpu:.1f} s, "
                f"{bounds:,} bounds; load {os.getloadavg()[0]:.2f}",
                flush=True,
            )
            if wall < best[jobs][0]:
                best[jobs] = (wall, user + system, system, prover.class_cpu)
    one, many = best[1], best[args.jobs]
    print(
        f"best: 1 thread {one[0]:.1f} s ({one[1]:.1f} CPU s, {one[2]:.1f} sys, class CPU "
        f"{one[3]:.1f}), {args.jobs} threads {many[0]:.1f} s ({many[1]:.1f} CPU s, "
        f"{many[2]:.1f} sys, class CPU {many[3]:.1f}): speed-up {one[0] / many[0]:.2f}x, "
        f"CPU {many[1] / one[1]:.2f}x, class CPU {many[3] / one[3]:.2f}x; "
        f"load {os.getloadavg()}"
    )
    everything = [outcome for seen in answers.values() for outcome in seen]
    boards = {repr([(index, found) for index, found, _ in outcome]) for outcome in everything}
    same_caps = caps[1] == caps[args.jobs]
    by_way = [{repr(outcome) for outcome in seen} for seen in answers.values()]
    if (
        len(boards) != 1
        or any(len(way) != 1 for way in by_way)
        or (same_caps and by_way[0] != by_way[-1])
    ):
        print("the ways disagree on the boards or bounds", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
