"""Time the compiled `native` engine against its readable twin `trie`, side by side.

    python benchmarks/native_vs_trie.py [--dict ../shared/data/enable.txt]

Runs, in one process and one run: (a) 10,000 4x4 boards rolled from the 1987+
dice, (b) 2,000 5x5 Big Boggle dice boards (classic rules, minimum 3 letters,
for comparability), (c) `perslatgsineters` solved with words and paths,
(d) a cold `boggle solve` in a fresh process, and the threads' speed-up.
It checks that both engines give the same totals while it times, and exits
with status 1 if they do not.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from boggle import CLASSIC, Board, Lexicon, solve
from boggle.dice.cubes import roll
from boggle.engines.native import compiled, solve_native
from boggle.engines.trie import solve_trie
from boggle.scale.threads import score_many

ENABLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "enable.txt"


def best_time(run: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in seconds (the least disturbed by other load)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def trie_total(boards: list[str], lexicon: Lexicon) -> tuple[int, float]:
    start = time.perf_counter()
    total = 0
    for text in boards:
        board = Board.parse(text)
        total += sum(CLASSIC.points(found.word) for found in solve_trie(board, lexicon, CLASSIC))
    return total, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default=str(ENABLE), help="word list (default: ENABLE2K)")
    parser.add_argument("--boards4", type=int, default=10_000)
    parser.add_argument("--boards5", type=int, default=2_000)
    parser.add_argument("--repeat", type=int, default=5, help="runs per native timing (best kept)")
    args = parser.parse_args()

    lexicon = Lexicon.from_file(args.dict)
    core = compiled(lexicon)
    assert core is not None
    boards4 = [str(roll("new", seed=i)) for i in range(args.boards4)]
    boards5 = [str(roll("big", seed=i)) for i in range(args.boards5)]
    agree = True
    rows: list[tuple[str, str, str, str]] = []

    for label, boards in (("4x4 dice", boards4), ("5x5 dice", boards5)):
        native_seconds = best_time(
            lambda b=boards: score_many(b, lexicon, CLASSIC, jobs=1), args.repeat
        )
        native_sum = sum(score_many(boards, lexicon, CLASSIC, jobs=1))
        two_seconds = best_time(
            lambda b=boards: score_many(b, lexicon, CLASSIC, jobs=2), args.repeat
        )
        trie_sum, trie_seconds = trie_total(boards, lexicon)
        agree &= native_sum == trie_sum
        n = len(boards)
        rows.append(
            (
                f"{label}: {n:,} boards, total {native_sum:,} (trie {trie_sum:,})",
                f"{n / native_seconds:,.0f} boards/s",
                f"{n / trie_seconds:,.0f} boards/s",
                f"{trie_seconds / native_seconds:,.0f}x",
            )
        )
        rows.append(
            (
                f"{label}: --jobs 2 vs --jobs 1",
                f"{n / two_seconds:,.0f} boards/s",
                "",
                f"{native_seconds / two_seconds:.2f}x",
            )
        )

    board = Board.parse("perslatgsineters")
    native_words = sorted(f.word for f in solve_native(board, lexicon, CLASSIC))
    trie_words = sorted(f.word for f in solve_trie(board, lexicon, CLASSIC))
    agree &= native_words == trie_words and len(native_words) == 1045
    native_us = best_time(lambda: list(solve_native(board, lexicon, CLASSIC)), 200) * 1e6
    trie_us = best_time(lambda: list(solve_trie(board, lexicon, CLASSIC)), 20) * 1e6
    rows.append(
        (
            "perslatgsineters: 1045 words with paths (engine)",
            f"{native_us:,.0f} us",
            f"{trie_us:,.0f} us",
            f"{trie_us / native_us:,.0f}x",
        )
    )
    native_solution_us = best_time(lambda: solve(board, lexicon, CLASSIC, "native"), 100) * 1e6
    trie_solution_us = best_time(lambda: solve(board, lexicon, CLASSIC, "trie"), 20) * 1e6
    rows.append(
        (
            "perslatgsineters: full Solution object",
            f"{native_solution_us:,.0f} us",
            f"{trie_solution_us:,.0f} us",
            f"{trie_solution_us / native_solution_us:,.0f}x",
        )
    )

    def cold(engine: str) -> float:
        command = [
            sys.executable,
            "-m",
            "boggle",
            "solve",
            "fxie amlo ewbx astu",
            "--json",
            "--engine",
            engine,
            "--dict",
            args.dict,
        ]
        return best_time(lambda: subprocess.run(command, check=True, capture_output=True), 5)

    cold_native, cold_trie = cold("native"), cold("trie")
    baseline = best_time(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), 5)
    rows.append(
        (
            f"cold `boggle solve` (python alone: {baseline * 1000:.0f} ms)",
            f"{cold_native * 1000:,.0f} ms",
            f"{cold_trie * 1000:,.0f} ms",
            f"{cold_trie / cold_native:.1f}x",
        )
    )

    labelled = [*rows, ("", "native", "trie", "ratio")]
    widths = [max(len(row[i]) for row in labelled) for i in range(4)]
    header = ("measure", "native", "trie", "trie/native")
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)))
    print(f"compiled trie: {core.trie.nodes:,} nodes, {core.trie.nbytes / 2**20:.2f} MiB")
    print("totals agree" if agree else "TOTALS DIFFER")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
