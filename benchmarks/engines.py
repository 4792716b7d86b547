"""Time every engine on the 4x4 and 5x5 reference boards, side by side.

    python benchmarks/engines.py [--dict ../shared/data/enable.txt] [--repeat 3]

Boards: the 4x4 reference boards of mission.md (`fxie amlo ewbx astu`,
`perslatgsineters`) and two 5x5 boards: the 5x5 example of "Solving Boggle in Haskell"
(`yqlun faawx vuyco dafhd ytwvl`) and a Big Boggle board rolled with seed 7.
Classic rules (minimum 3 letters) on all, for comparability.  For each engine:
the time to build its structures for the word list (the first run minus the
best later run; 0 for trie, built for the reference run), then the best of
``--repeat`` runs per board.  The heap
engines also report how many words of the file they read.  It checks that
every engine gives the trie engine's words (up to its maximum length) and
exits with status 1 if one does not.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from boggle import CLASSIC, Board, Lexicon, solve
from boggle.dice.cubes import roll
from boggle.engines import engines
from boggle.engines.heap import solve_heap_file, sorted_word_file
from boggle.model.errors import EngineError
from boggle.model.wording import quoted

ENABLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "enable.txt"


def boards() -> list[tuple[str, Board]]:
    return [
        ("4x4 fxie", Board.parse("fxie amlo ewbx astu")),
        ("4x4 perslatg", Board.parse("perslatgsineters")),
        ("5x5 Haskell paper", Board.parse("yqlun faawx vuyco dafhd ytwvl")),
        ("5x5 big #7", roll("big", seed=7)),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default=str(ENABLE), help="word list (default: ENABLE2K)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per board; the best counts")
    args = parser.parse_args()
    lexicon = Lexicon.from_file(args.dict)
    cases = boards()
    print(f"word list: {quoted(lexicon.name)} ({len(lexicon):,} words); classic rules")
    for label, board in cases:
        print(f"  {label}: {board}")
    references = {label: [w.word for w in solve(b, lexicon, CLASSIC, "trie")] for label, b in cases}
    header = f"{'engine':<11} {'build':>9}" + "".join(f" {label:>13}" for label, _ in cases)
    print(header + "  agrees")
    failed = False
    for engine in engines():
        cells = []
        agrees = True
        build = None
        for label, board in cases:
            times = []
            try:
                for _ in range(args.repeat + (1 if build is None else 0)):
                    start = time.perf_counter()
                    solution = solve(board, lexicon, CLASSIC, engine.name)
                    times.append(time.perf_counter() - start)
            except EngineError:
                cells.append(f"{'refused':>13}")
                continue
            if build is None:
                build = max(0.0, times[0] - min(times[1:]))
                times = times[1:]
            limit = engine.max_length
            expected = [w for w in references[label] if limit is None or len(w) <= limit]
            agrees &= [w.word for w in solution] == expected
            cells.append(f" {min(times) * 1000:>10.1f} ms")
        failed |= not agrees
        build_text = f"{(build or 0) * 1000:>6.0f} ms"
        print(
            f"{engine.name:<11} {build_text:>9}" + "".join(cells) + f"  {'yes' if agrees else 'NO'}"
        )
    print("\nwords of the file read by the heap engines (plain scan / seek):")
    path = sorted_word_file(lexicon)
    if path is None:
        raise SystemExit("the heap engines' benchmark needs a usable cache dir ($BOGGLE_CACHE_DIR)")
    for label, board in cases:
        counts = []
        for seek in (False, True):
            stats: dict[str, int] = {}
            list(solve_heap_file(board, path, CLASSIC, seek=seek, stats=stats))
            counts.append(f"{stats['words_read']:,} words, {stats['seeks']:,} seeks")
        print(f"  {label}: {counts[0]} / {counts[1]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
