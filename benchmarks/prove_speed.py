"""The prover's speed (issue 29's targets): the 3x3 proof and fixed samples of 3x4 and 4x4
top-level classes, in CPU seconds and, optionally, instructions.

    python benchmarks/prove_speed.py [--dict enable.txt] [--samples-3x4 12]
        [--samples-4x4 0] [--sample-seed prove-speed] [--callgrind [--callgrind-classes 15-17]]

- The 3x3 proof above 540 (ENABLE2K, classic rules), in this process, one thread: its CPU
  seconds (``time.process_time``) and its two best boards (they must be ``streaedlp`` 545
  and ``leprasset`` 542 up to symmetry; the benchmark fails otherwise).
- A sample of the 3x4 proof's top-level classes above 1650 (and of the 4x4 ones above 3625
  with ``--samples-4x4``), drawn by ``random.Random(--sample-seed)`` from the classes in
  their fixed order, so two builds run the same classes: CPU seconds and bounds computed per
  class and in all.  The whole proof's cost is about the sample's mean times the classes.
- ``--callgrind``: builds ``prove_main`` (``scripts/build-prove-main``) and counts its
  instructions under ``valgrind --tool=callgrind`` on some of the 3x3 proof's classes
  (``--callgrind-classes``, numbered from 0, or ``all``; callgrind runs some 50 times
  slower) and on the first two classes of the 3x4 sample: counts that a loaded machine
  does not change.
- ``--compare OLD``: another checkout (its root, with its C extension built in place, e.g.
  ``git worktree add /tmp/old <commit>``) side by side with this one: the 3x3 proof in a
  fresh process of each, alternated ``--repeats`` times (the least CPU s of each counts),
  and with ``--callgrind`` the instructions of both ``prove_main`` builds on the same
  classes.  ``OLD`` needs ``scripts/build-prove-main`` for the instructions.

    python benchmarks/prove_speed.py --samples-3x4 0 --compare /tmp/old --callgrind \
        --callgrind-classes all

The load average is printed before and after: CPU seconds grow on a busy machine (shared
caches), instruction counts do not.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENABLE = ROOT.parent / "shared" / "data" / "enable.txt"
PROBLEMS = {"3x3": (3, 3, 540), "3x4": (3, 4, 1650), "4x4": (4, 4, 3625)}
EXPECTED_3X3 = {"streaedlp": 545, "leprasset": 542}


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def class_lines(word_list: str, size: str) -> list[tuple[str, ...]]:
    """The top-level classes of a proof of `size`, in their fixed order."""
    from boggle import Lexicon
    from boggle.search.classes import Layout, top_level_classes
    from boggle.search.job import letter_alphabet

    rows, cols, above = PROBLEMS[size]
    lexicon = Lexicon.from_file(word_list)
    letters = ["q" if face == "qu" else face for face in letter_alphabet(lexicon)]
    layout = Layout.of(letters, rows, cols, 3)
    return [task.cells for task in top_level_classes(rows, cols, layout, above)]


def sample(word_list: str, size: str, count: int, seed: str) -> list[tuple[int, tuple[str, ...]]]:
    classes = class_lines(word_list, size)
    chosen = sorted(random.Random(f"{seed} {size}").sample(range(len(classes)), count))
    return [(index, classes[index]) for index in chosen]


def proof_3x3(word_list: str) -> None:
    from boggle import CLASSIC, Lexicon
    from boggle.search.faces import board_text, canonical
    from boggle.search.prove import prove

    lexicon = Lexicon.from_file(word_list)
    started = time.process_time()
    result = prove(3, 3, lexicon, CLASSIC, above=540)
    seconds = time.process_time() - started
    found = {found.board: found.score for found in result.boards}
    expected = {
        board_text(canonical(tuple(board), 3, 3), 3, 3): s for board, s in EXPECTED_3X3.items()
    }
    print(f"3x3 above 540: {seconds:.2f} CPU s, {result.classes:,} bounds, boards {found}")
    if found != expected:
        sys.exit(f"3x3 proof gave {found}, not {expected}")


def compare_3x3(word_list: str, old_root: Path, repeats: int) -> None:
    """The 3x3 proof in a fresh process of each checkout (old first), alternated; each
    process prints its CPU seconds (``--proof-worker``)."""
    roots = {"old": old_root.resolve(), "new": ROOT}
    best = {name: float("inf") for name in roots}
    for _ in range(repeats):
        for name, root in roots.items():
            done = subprocess.run(
                [sys.executable, __file__, "--proof-worker", "--dict", word_list],
                env=dict(os.environ, PYTHONPATH=str(root / "src")),
                capture_output=True, text=True, check=True,
            )  # fmt: skip
            seconds = float(done.stdout.split()[0])
            best[name] = min(best[name], seconds)
            print(f"  3x3 proof, {name} ({root}): {seconds:.2f} CPU s, load {load()}", flush=True)
    print(
        f"3x3 above 540, least of {repeats}: old {best['old']:.2f} CPU s, new "
        f"{best['new']:.2f} CPU s, new/old {best['new'] / best['old']:.3f}"
    )


def proof_worker(word_list: str) -> None:
    """The 3x3 proof with the `boggle` on PYTHONPATH: its CPU seconds, then its boards
    (this checkout's proof_3x3 may not import an older build's names)."""
    from boggle import CLASSIC, Lexicon
    from boggle.search.prove import prove

    lexicon = Lexicon.from_file(word_list)
    started = time.process_time()
    result = prove(3, 3, lexicon, CLASSIC, above=540)
    seconds = time.process_time() - started
    print(seconds, sorted((found.board, found.score) for found in result.boards))


def run_sample(word_list: str, size: str, classes: list[tuple[int, tuple[str, ...]]]) -> None:
    from boggle import CLASSIC, Lexicon
    from boggle.search.branch_and_bound import Prover
    from boggle.search.classes import ClassTask

    rows, cols, above = PROBLEMS[size]
    prover = Prover(Lexicon.from_file(word_list), CLASSIC)
    total = 0.0
    bounds = 0
    for index, cells in classes:
        started = time.process_time()
        result = prover.run(ClassTask(index, rows, cols, cells, above))
        seconds = time.process_time() - started
        total += seconds
        bounds += result.bounds
        print(f"  {size} class {index}: {seconds:.2f} CPU s, {result.bounds:,} bounds", flush=True)
    print(
        f"{size} above {above}, {len(classes)} sampled classes: {total:.2f} CPU s "
        f"(mean {total / max(1, len(classes)):.3f}), {bounds:,} bounds"
    )


def callgrind(
    word_list: str, size: str, classes: list[tuple[str, ...]], root: Path = ROOT, name: str = ""
) -> None:
    """Instructions of prove_main (built from checkout `root`) on `classes` (one process,
    the classes on stdin)."""
    if shutil.which("valgrind") is None:
        print("callgrind: valgrind is not installed (apt-get install valgrind)")
        return
    rows, cols, above = PROBLEMS[size]
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder) / "prove_main"
        subprocess.run(
            [str(root / "scripts" / "build-prove-main"), str(program)],
            check=True,
            capture_output=True,
        )
        out = Path(folder) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(program),
             word_list, f"{rows}x{cols}", str(above)],
            input="".join(" ".join(cells) + "\n" for cells in classes),
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        match = re.search(r"refs:\s+([\d,]+)", done.stderr)
        count = match.group(1) if match else "?"
        label = f" {name}" if name else ""
        print(f"callgrind{label} {size}, {len(classes)} classes: {count} instructions", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default=str(ENABLE))
    parser.add_argument("--samples-3x4", type=int, default=12)
    parser.add_argument("--samples-4x4", type=int, default=0)
    parser.add_argument("--sample-seed", default="prove-speed")
    parser.add_argument("--skip-3x3", action="store_true", help="no 3x3 proof")
    parser.add_argument("--callgrind", action="store_true", help="count instructions too")
    parser.add_argument(
        "--callgrind-classes",
        default="15-17",
        help="3x3 classes for callgrind, FIRST-LAST or all (default 15-17)",
    )
    parser.add_argument("--compare", type=Path, help="another checkout's root, side by side")
    parser.add_argument("--repeats", type=int, default=3, help="--compare's proofs of each")
    parser.add_argument("--proof-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.proof_worker:
        proof_worker(args.dict)
        return
    if not Path(args.dict).exists():
        sys.exit(f"no word list at {args.dict} (--dict)")
    print(f"load average before: {load()}")
    if args.compare and not (args.compare / "src" / "boggle").is_dir():
        sys.exit(f"no checkout at {args.compare} (--compare: its root)")
    if not args.skip_3x3:
        proof_3x3(args.dict)
        if args.compare:
            compare_3x3(args.dict, args.compare, args.repeats)
    samples = {"3x4": args.samples_3x4, "4x4": args.samples_4x4}
    chosen = {size: sample(args.dict, size, n, args.sample_seed)
              for size, n in samples.items() if n > 0}  # fmt: skip
    for size, sampled in chosen.items():
        run_sample(args.dict, size, sampled)
    if args.callgrind:
        lines_3x3 = class_lines(args.dict, "3x3")
        if args.callgrind_classes != "all":
            first, _, last = args.callgrind_classes.partition("-")
            lines_3x3 = lines_3x3[int(first) : int(last or first) + 1]
        if args.compare:
            callgrind(args.dict, "3x3", lines_3x3, args.compare.resolve(), "old")
            callgrind(args.dict, "3x3", lines_3x3, ROOT, "new")
        else:
            callgrind(args.dict, "3x3", lines_3x3)
        if "3x4" in chosen:
            callgrind(args.dict, "3x4", [cells for _, cells in chosen["3x4"][:2]])
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
