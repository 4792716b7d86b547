"""Two builds of the prover side by side on the 3x3 proof, class by class.

    git worktree add /tmp/old <commit> && (cd /tmp/old && python setup.py build_ext --inplace)
    python benchmarks/prove_side_by_side.py /tmp/old/src src [--repeats 2] [--part build]

Two worker processes, one importing `boggle` from each source tree (PYTHONPATH), take
the top-level classes of `boggle prove --size 3x3 --above 540` (ENABLE2K, classic rules;
listed by this checkout's `boggle` and sent to both, so older builds run the same
classes: 3 buckets on the edges, `--inner-buckets` on the centre, corners whole) in turn:
class 1 in A, then in B, `--repeats` times, then class 2...  Each class counts with its
least CPU time, so a burst of load on this shared machine hits both builds alike instead
of one run.  `--part run` times the whole proof of each class (build, forcing, exact
scores: `Prover.run`), `--part build` only building its tree (`Prover.tree_bound`).
Prints both sums and B/A; the boards and bound sums must agree.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from boggle.search.classes import Layout, top_level_classes

ENABLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "enable.txt"


def worker(part: str, word_list: str) -> None:
    """Read classes (cells, space-separated) on stdin; print the CPU seconds and the
    result of each."""
    from boggle import CLASSIC, Lexicon
    from boggle.search.classes import ClassTask

    try:
        from boggle.search.branch_and_bound import Prover
    except ImportError:  # older builds: the Prover lived in search/prove.py
        from boggle.search.prove import Prover  # type: ignore[attr-defined,no-redef]

    prover = Prover(Lexicon.from_file(word_list), CLASSIC)
    print("ready", flush=True)
    for line in sys.stdin:
        task = ClassTask(-1, 3, 3, tuple(line.split()), 540)
        started = time.process_time()
        if part == "run":
            result: object = prover.run(task).boards
        else:
            result = prover.tree_bound(3, 3, task.cells)
        print(time.process_time() - started, repr(result), sep="\t", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", help="source tree A (the directory holding the boggle package)")
    parser.add_argument("b", help="source tree B")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--part", choices=("run", "build"), default="run")
    parser.add_argument("--dict", default=str(ENABLE))
    parser.add_argument("--inner-buckets", type=int, default=1, help="the centre's (default 1)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.part, args.dict)
        return
    if not Path(args.dict).exists():
        raise SystemExit(f"word list not found: {args.dict}")
    command = [sys.executable, __file__, args.a, args.b, "--worker", "--part", args.part]
    workers = [
        subprocess.Popen(
            [*command, "--dict", args.dict],
            env=dict(os.environ, PYTHONPATH=str(Path(src).resolve())),
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        for src in (args.a, args.b)
    ]
    for w in workers:
        assert w.stdout and w.stdout.readline() == "ready\n", "a worker did not start"
    letters = "abcdefghijklmnopqrstuvwxyz"
    layout = Layout.of(letters, 3, 3, 3, 1, args.inner_buckets)
    tasks = list(top_level_classes(3, 3, layout, 540))
    best = [[float("inf")] * len(tasks) for _ in workers]
    for index, task in enumerate(tasks):
        results = set()
        for _ in range(args.repeats):
            for k, w in enumerate(workers):
                assert w.stdin and w.stdout
                w.stdin.write(" ".join(task.cells) + "\n")
                w.stdin.flush()
                seconds, result = w.stdout.readline().rstrip("\n").split("\t")
                best[k][index] = min(best[k][index], float(seconds))
                results.add(result)
        if len(results) != 1:
            raise SystemExit(f"class {index}: the builds disagree: {sorted(results)}")
    for w in workers:
        assert w.stdin
        w.stdin.close()
        w.wait()
    a, b = sum(best[0]), sum(best[1])
    least = f"least of {args.repeats} per class"
    print(
        f"{args.part}, {len(tasks)} classes, {least}, CPU s: A {a:.2f}  B {b:.2f}  B/A {b / a:.3f}"
    )


if __name__ == "__main__":
    main()
