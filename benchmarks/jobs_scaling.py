"""How `--jobs 2` scales against `--jobs 1`: `score_many` on the same boards, in one run.

    python benchmarks/jobs_scaling.py [--dict ../shared/data/enable.txt] [--rounds 9]

For each shape (4x4 and 5x5 dice boards, classic rules) the two ways run in
turn, round after round (1, 2, 2, 1, 1, 2, ...), so that load from other
programs falls on both alike.  Reported per shape:

- the speed-up from the best time of each way (what an idle machine shows),
  and the lowest, median and highest speed-up of single rounds (the spread);
- the CPU time of `--jobs 2` over that of `--jobs 1`: work the split adds
  (threads, chunks, merging), which other programs' load hardly changes.

The totals of both ways are checked against each other; the exit status is 1
if they differ.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from boggle import CLASSIC, Lexicon
from boggle.dice.cubes import roll
from boggle.model.wording import quoted
from boggle.scale.threads import score_many

ENABLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "enable.txt"
SHAPES = {"4x4": ("new", 100_000), "5x5": ("big", 30_000)}


def timed(run: Callable[[], int]) -> tuple[int, float, float]:
    """What ``run`` returns, its wall time and its process CPU time (every thread)."""
    wall, cpu = time.perf_counter(), time.process_time()
    total = run()
    return total, time.perf_counter() - wall, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default=str(ENABLE), help="word list (default: ENABLE2K)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of both ways per shape")
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the boards")
    parser.add_argument("--shapes", default="4x4,5x5", help="shapes to measure")
    args = parser.parse_args()

    lexicon = Lexicon.from_file(args.dict)
    ok = True
    print(f"{quoted(Path(args.dict).name)}, classic rules, score_many, --jobs 2 against --jobs 1")
    for shape in args.shapes.split(","):
        dice, count = SHAPES[shape]
        boards = [str(roll(dice, seed=i)) for i in range(int(count * args.scale))]
        score_many(boards[:1000], lexicon, CLASSIC, jobs=2)  # compile, warm both ways
        runs: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
        totals = set()
        for number in range(args.rounds):
            for jobs in (1, 2) if number % 2 == 0 else (2, 1):
                total, wall, cpu = timed(
                    lambda b=boards, j=jobs: sum(score_many(b, lexicon, CLASSIC, jobs=j))
                )
                totals.add(total)
                runs[jobs].append((wall, cpu))
        ok &= len(totals) == 1
        one = [wall for wall, _ in runs[1]]
        two = [wall for wall, _ in runs[2]]
        per_round = sorted(a / b for a, b in zip(one, two, strict=True))
        cpu_ratio = min(cpu for _, cpu in runs[2]) / min(cpu for _, cpu in runs[1])
        print(
            f"  {shape}: {len(boards):,} boards, total {totals.pop():,}; "
            f"jobs 1 best {len(boards) / min(one):,.0f} boards/s, "
            f"jobs 2 best {len(boards) / min(two):,.0f} boards/s"
        )
        print(
            f"    speed-up {min(one) / min(two):.2f}x (best times); rounds: lowest "
            f"{per_round[0]:.2f}x, median {statistics.median(per_round):.2f}x, "
            f"highest {per_round[-1]:.2f}x; CPU time jobs 2 / jobs 1: {cpu_ratio:.3f}"
        )
    if not ok:
        print("WRONG: the totals of --jobs 1 and --jobs 2 differ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
