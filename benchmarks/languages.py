"""Mean words per rolled 4x4 board for each language, against English, in one run.

    python benchmarks/languages.py [--boards 1000] [--seed 0]

For every list available here (the bundled en-70, es, nl, pt, pl, and the
system lists de, fr, it, sv, da when their Debian packages are installed) it
rolls ``--boards`` 4x4 boards the way ``boggle roll --language CODE`` does
(English: the 1987+ cubes; every other language: the letter distribution
measured from its list), solves them with the classic rules (3 letters and
up) on the default engine, and prints the mean and median words and points
per board, the share of boards with no word, and the ratio to English. It
also rolls English boards from English's own measured distribution, so the
effect of the dice can be told from the effect of the list.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace
from pathlib import Path

from boggle import CLASSIC, Lexicon, load_lexicon, solve
from boggle.dice.cubes import roll
from boggle.dice.measured import measured_board
from boggle.wordlists.sources import SYSTEM_LISTS, language_names


def board_counts(lexicon: Lexicon, boards: int, seed: int, measured: bool) -> list[tuple[int, int]]:
    """(words, points) of each rolled board."""
    results = []
    for i in range(boards):
        board = measured_board(lexicon, 4, 4, seed + i) if measured else roll("new", seed + i)
        solution = solve(board, lexicon, CLASSIC)
        results.append((solution.count, solution.score))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=1000, help="boards per language")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first board")
    parser.add_argument(
        "--dict-dir",
        type=Path,
        default=None,
        help="read the system lists from this folder instead of /usr/share/dict "
        "(e.g. Debian packages unpacked with dpkg-deb -x)",
    )
    args = parser.parse_args()
    if args.dict_dir is not None:
        for code, entry in list(SYSTEM_LISTS.items()):
            path = args.dict_dir / Path(entry.path).name
            SYSTEM_LISTS[code] = replace(entry, path=str(path))

    rows = [("en (1987+ cubes)", load_lexicon("en-70"), False)]
    rows.append(("en (measured)", load_lexicon("en-70"), True))
    for code in language_names():
        if code != "en":
            rows.append((code, load_lexicon(code), True))

    print(f"{args.boards} rolled 4x4 boards per list, classic rules (3+ letters), seed {args.seed}")
    header = f"{'list':<18} {'words in list':>13} {'mean words':>10} {'median':>6} "
    print(header + f"{'mean pts':>8} {'no word':>7} {'vs en':>6} {'per board':>9}")
    english_mean = 0.0
    for label, lexicon, measured in rows:
        board_counts(lexicon, 1, args.seed, measured)  # compile the list, measure its letters
        start = time.perf_counter()
        counts = board_counts(lexicon, args.boards, args.seed, measured)
        seconds = (time.perf_counter() - start) / args.boards
        words = [w for w, _ in counts]
        mean = statistics.fmean(words)
        english_mean = english_mean or mean
        empty = sum(1 for w in words if w == 0) / len(words)
        points = statistics.fmean(p for _, p in counts)
        print(
            f"{label:<18} {len(lexicon):>13,} {mean:>10.1f} {statistics.median(words):>6.0f} "
            f"{points:>8.1f} {empty:>7.1%} {mean / english_mean:>6.2f} {seconds * 1000:>7.2f}ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
