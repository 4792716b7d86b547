"""Time the compiled core on a list with a wide alphabet against an English list, side by side.

    python benchmarks/alphabets.py WIDE_LIST [--english ../shared/data/enable.txt]

WIDE_LIST is a bundled list's name (``pl``) or a word list file.

For each list, 2,000 4x4 boards are drawn with letters in proportion to their
use in the list's words (as Lexica rolls boards for a language), then scored
with `score_native` (best of 5). It prints the mean words per board (from the
first 300 boards), the microseconds per board and the ratio of the two lists'
times, and the compile time; the alphabet size and how many letters are
escaped (lists over 31 letters, see `boggle.engines.native.ESCAPE`).  It
checks native against `trie` on the first 100 boards of each list (exit 1 if
they differ).  Example: a Polish list has 44 letters.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from boggle import CLASSIC, Board, Lexicon, load_lexicon, solve
from boggle.engines.native import compiled, score_native

ENABLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "enable.txt"


def boards_for(lexicon: Lexicon, count: int, seed: int = 1) -> list[Board]:
    """4x4 boards with letters weighted by their use in the list's words."""
    text = "".join(lexicon.words)
    letters = sorted(lexicon.alphabet)
    weights = [text.count(letter) for letter in letters]
    rng = random.Random(seed)
    return [
        Board(tuple("qu" if c == "q" else c for c in rng.choices(letters, weights, k=16)), 4, 4)
        for _ in range(count)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "wide", help="a bundled list's name or a word list file with a wide alphabet (e.g. pl)"
    )
    parser.add_argument("--english", default=str(ENABLE), help="the English list (name or file)")
    args = parser.parse_args()
    ok = True
    per_board = []
    for path in (args.english, args.wide):
        lexicon = load_lexicon(path)
        start = time.perf_counter()
        core = compiled(lexicon)
        compile_seconds = time.perf_counter() - start
        assert core is not None
        escaped = sum(len(code) > 1 for code in core.letter_codes.values())
        boards = boards_for(lexicon, 2000)
        for board in boards[:100]:
            ok &= (
                score_native(board, lexicon, CLASSIC)
                == solve(board, lexicon, CLASSIC, "trie").score
            )
        words = sum(solve(b, lexicon, CLASSIC).count for b in boards[:300]) / 300
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for board in boards:
                score_native(board, lexicon, CLASSIC)
            best = min(best, time.perf_counter() - start)
        per_board.append(best / len(boards) * 1e6)
        print(
            f"{Path(path).name}: {len(lexicon):,} words, {len(lexicon.alphabet)} letters "
            f"({escaped} escaped), compiled in {compile_seconds:.2f} s; "
            f"{words:.0f} words/board, {per_board[-1]:.1f} us/board"
        )
    print(
        f"wide / English time per board: {per_board[1] / per_board[0]:.2f}x; "
        + ("native equals trie" if ok else "NATIVE DIFFERS FROM TRIE")
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
