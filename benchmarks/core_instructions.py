"""Instructions per board (callgrind) next to boards/s, for the compiled core and `boggle score`.

    python benchmarks/core_instructions.py [--dict ../shared/data/enable.txt]
        [--boards 100000] [--counted 2000] [--hybrid-dir DIR]

Boards are rolled from the 1987+ 4x4 dice and the Big Boggle 5x5 dice (seeds
0..N-1), scored with classic rules (minimum 3 letters, the scoring table of
every published solver) on one thread.  For each shape it reports:

- boards/s of `score_many` (the batch path; best of --repeat) and of the
  whole `boggle score FILE --jobs 1` process, and the `--jobs 2` speed-up;
- instructions per board under `valgrind --tool=callgrind` (the same count
  run to run, unlike time on a shared machine): inside the kernel's scoring
  function (KERNEL; in brackets its copy without BMI instructions, which
  processors before 2013 run), and for the whole `boggle score` process, as the
  difference between scoring --counted boards and one board, divided by
  --counted - 1 (so the start-up is not spread over the boards);
- with ``--hybrid-dir DIR``, a directory holding a built ``cpp_boggle`` module
  of danvk/hybrid-boggle (built outside this repository), the same boards on
  its ``Boggler44``/``Boggler55`` side by side: boards/s and callgrind
  instructions in ``Boggler::Score`` (board parsing and the search).

Totals are checked while timing: the batch path, `boggle score` and the C++
solver (when given) must give the same total, and the first 300 boards must
score the same with the readable `trie` engine; the benchmark exits 1 if not.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from boggle import CLASSIC, Board, Lexicon, solve
from boggle.dice.cubes import roll
from boggle.scale.threads import score_many

ENABLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "enable.txt"
KERNEL = "bn_solve"
SHAPES = {"4x4": ("new", "Boggler44"), "5x5": ("big", "Boggler55")}

HYBRID_SCRIPT = """
import sys, time
sys.path.insert(0, sys.argv[1])
import cpp_boggle
trie = cpp_boggle.Trie.create_from_file(sys.argv[2])
boggler = getattr(cpp_boggle, sys.argv[3])(trie)
boards = open(sys.argv[4]).read().split()
repeat = int(sys.argv[5])
best = None
for _ in range(repeat):
    start = time.perf_counter()
    total = sum(boggler.score(b) for b in boards)
    seconds = time.perf_counter() - start
    best = seconds if best is None else min(best, seconds)
print(total, best)
"""


def best_time(run: object, repeat: int) -> float:
    """The fastest of ``repeat`` runs of ``run()``, in seconds."""
    assert callable(run)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def callgrind(command: list[str], toggle: str | None = None, plain: bool = False) -> int:
    """Instructions executed by ``command`` (only inside ``toggle`` when given; with
    ``plain``, the core's search copy without BMI instructions)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        options = ["--tool=callgrind", f"--callgrind-out-file={out}"]
        if toggle:
            options.append(f"--toggle-collect={toggle}")
        # a fixed hash seed: Python's start-up then runs the same instructions every time
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        if plain:
            env["BOGGLE_PLAIN_SEARCH"] = "1"
        subprocess.run(["valgrind", *options, *command], check=True, capture_output=True, env=env)
        match = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        assert match, "no totals in callgrind's output"
        return int(match.group(1))


def boggle_score(path: Path, dictionary: str, jobs: int = 1) -> list[str]:
    """The `boggle score` command line over ``path``."""
    return [
        sys.executable,
        "-m",
        "boggle",
        "score",
        str(path),
        "--jobs",
        str(jobs),
        "--dict",
        dictionary,
        "--rules",
        "classic",
    ]


def score_total(command: list[str]) -> tuple[int, float]:
    """Total of the scores `boggle score` prints, and its wall time."""
    start = time.perf_counter()
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    return sum(int(line.rsplit(" ", 1)[1]) for line in output.splitlines()), seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default=str(ENABLE), help="word list (default: ENABLE2K)")
    parser.add_argument("--boards", type=int, default=100_000, help="boards timed per shape")
    parser.add_argument("--counted", type=int, default=2_000, help="boards run under callgrind")
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (best kept)")
    parser.add_argument("--hybrid-dir", type=Path, help="directory of a built cpp_boggle module")
    parser.add_argument("--shapes", default="4x4,5x5", help="shapes to measure")
    parser.add_argument("--no-callgrind", action="store_true", help="time only")
    args = parser.parse_args()

    lexicon = Lexicon.from_file(args.dict)
    ok = True
    rows: list[tuple[str, ...]] = []
    tmp = tempfile.TemporaryDirectory()
    for shape in args.shapes.split(","):
        dice, hybrid_class = SHAPES[shape]
        boards = [str(roll(dice, seed=i)).replace(" ", "") for i in range(args.boards)]
        all_file = Path(tmp.name) / f"{shape}.txt"
        all_file.write_text("\n".join(boards) + "\n")
        counted_file = Path(tmp.name) / f"{shape}-counted.txt"
        counted_file.write_text("\n".join(boards[: args.counted]) + "\n")
        one_file = Path(tmp.name) / f"{shape}-one.txt"
        one_file.write_text(boards[0] + "\n")

        reference = sum(solve(Board.parse(b), lexicon, CLASSIC, "trie").score for b in boards[:300])
        ok &= sum(score_many(boards[:300], lexicon, CLASSIC, jobs=1)) == reference

        total = sum(score_many(boards, lexicon, CLASSIC, jobs=1))
        one = best_time(lambda b=boards: score_many(b, lexicon, CLASSIC, jobs=1), args.repeat)
        two = best_time(lambda b=boards: score_many(b, lexicon, CLASSIC, jobs=2), args.repeat)
        process_total, process_seconds = min(
            (score_total(boggle_score(all_file, args.dict)) for _ in range(args.repeat)),
            key=lambda pair: pair[1],
        )
        ok &= process_total == total
        n = len(boards)
        row = [
            f"{shape}: {n:,} boards, total {total:,}",
            f"{n / one:,.0f}/s",
            f"{n / process_seconds:,.0f}/s",
            f"{one / two:.2f}x",
        ]
        if not args.no_callgrind:
            count_script = (
                "import sys; from boggle import CLASSIC, Lexicon; from boggle.scale.threads import "
                "score_many; lexicon = Lexicon.from_file(sys.argv[1]); "
                "print(sum(score_many(open(sys.argv[2]).read().split(), lexicon, CLASSIC, "
                "jobs=1)))"
            )
            count_command = [sys.executable, "-c", count_script, args.dict, str(counted_file)]
            kernel = callgrind(count_command, toggle=KERNEL)
            plain = callgrind(count_command, toggle=KERNEL, plain=True)
            whole = callgrind(boggle_score(counted_file, args.dict))
            start_up = callgrind(boggle_score(one_file, args.dict))
            row += [
                f"{kernel / args.counted:,.0f} ({plain / args.counted:,.0f} plain)",
                f"{(whole - start_up) / (args.counted - 1):,.0f}",
                f"{start_up / 1e6:,.0f} M",
            ]
        rows.append(tuple(row))
        if args.hybrid_dir:
            command = [
                sys.executable,
                "-c",
                HYBRID_SCRIPT,
                str(args.hybrid_dir),
                args.dict,
                hybrid_class,
            ]
            result = subprocess.run(
                [*command, str(all_file), str(args.repeat)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout.split()
            hybrid_total, hybrid_seconds = int(result[0]), float(result[1])
            ok &= hybrid_total == total
            row = [
                f"{shape}: C++ hybrid-boggle, total {hybrid_total:,}",
                f"{n / hybrid_seconds:,.0f}/s",
                "",
                "",
            ]
            if not args.no_callgrind:
                counted = callgrind([*command, str(counted_file), "1"], toggle="Boggler<*>::Score*")
                row += [f"{counted / args.counted:,.0f}", "", ""]
            rows.append(tuple(row))

    header = (
        "boards (classic rules, one thread)",
        "score_many",
        "boggle score",
        "jobs 2/1",
        "kernel instr/board",
        "process instr/board",
        "start-up instr",
    )
    table = [header, *rows]
    widths = [max(len(r[i]) for r in table if i < len(r)) for i in range(len(header))]
    for r in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=False)).rstrip())
    print(f"machine: {os.cpu_count()} cores; " + ("totals agree" if ok else "TOTALS DIFFER"))
    tmp.cleanup()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
