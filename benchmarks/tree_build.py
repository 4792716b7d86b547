"""CPU time to build the orderly trees of fixed top-level classes (no forcing).

    python benchmarks/tree_build.py [--dict ../shared/data/enable.txt] [--classes 11]

Every `--step`-th top-level class of 3x3 and of 3x4 (3 buckets on every cell but the
corners, which are whole, as `boggle prove --inner-buckets 3`), its tree built and its bound read
(`Prover.tree_bound`) `--repeats` times; the best CPU time of each class is summed per
size, with the sum of the bounds (the same for every version of the build).  Compare
two builds by running this with each (e.g. `PYTHONPATH=/path/to/other/src`), in turn.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from boggle.model.rules import CLASSIC
from boggle.search.branch_and_bound import Prover
from boggle.search.classes import Layout, top_level_classes
from boggle.wordlists.lexicon import Lexicon

SIZES = ((3, 3, 6), (3, 4, 150))  # rows, cols, step through the top-level classes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default="../shared/data/enable.txt")
    parser.add_argument("--classes", type=int, default=11, help="classes per size")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if not Path(args.dict).exists():
        raise SystemExit(f"word list not found: {args.dict}")
    prover = Prover(Lexicon.from_file(args.dict), CLASSIC)
    letters = ["q" if face == "qu" else face for face in prover.faces]
    for rows, cols, step in SIZES:
        layout = Layout.of(letters, rows, cols, 3, 1, 3)
        tasks = list(top_level_classes(rows, cols, layout, 0))
        chosen = tasks[::step][: args.classes]
        seconds, bounds = 0.0, 0
        for task in chosen:
            times = []
            for _ in range(args.repeats):
                started = time.process_time()
                bound = prover.tree_bound(rows, cols, task.cells)
                times.append(time.process_time() - started)
            seconds += min(times)
            bounds += bound
        print(f"{rows}x{cols}: {len(chosen)} classes, {seconds:.2f} CPU s, bounds sum {bounds}")


if __name__ == "__main__":
    main()
