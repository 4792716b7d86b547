"""Definition coverage: the share of the distinct words found on random 4x4 boards that
``boggle define`` explains, and by which stage of the look-up.

    python benchmarks/definitions.py [--boards 10000] [--seed 28] [--dict en-70] [--missing N]
                                     [--no-system]

Rolls ``--boards`` boards with the 1987+ cubes (``boggle.dice.bulk``, numbered from
``--seed``), solves them with the classic rules, and looks up every distinct word found
as ``boggle define`` does (the bundled extract, then the system's WordNet, then boggle's
own glossary, then the derived-form rules).  It prints how many words each stage
explains, the total share (the target of issue 28 is 92%), the time per word, and
``--missing`` words left without a definition, drawn at random.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from boggle import Board, load_lexicon, solve
from boggle.definitions import EnglishDefinitions, look_up
from boggle.definitions.supplement import SUPPLEMENT
from boggle.dice.bulk import BoardSource, board_lines


def found_words(boards: int, seed: int, dictionary: str) -> set[str]:
    """The distinct words found on ``boards`` random 4x4 boards."""
    lexicon = load_lexicon(dictionary)
    words: set[str] = set()
    for line in board_lines(BoardSource.named("new"), seed=seed, first=0, count=boards):
        words.update(item.word for item in solve(Board.parse(line), lexicon))
    return words


def stage_of(word: str, definitions: EnglishDefinitions) -> str:
    """Which stage of the look-up defines ``word`` (``none`` when none does)."""
    stages = [
        ("WordNet: the word itself", definitions.extract, True, False),
        ("WordNet: the word itself", definitions.system, True, False),
        ("boggle's glossary", SUPPLEMENT, True, False),
        ("derived-form rules", definitions.extract, False, True),
        ("derived-form rules", definitions.system, False, True),
        ("derived-form rules", SUPPLEMENT, False, True),
    ]
    for name, glossary, own, derived in stages:
        if glossary is None:
            continue
        base, glosses = look_up(word, glossary, own, derived)
        if glosses:
            if name.startswith("WordNet") and base != word:
                return "WordNet: morphy's base form"
            return name
    return "none"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--dict", dest="dictionary", default="en-70")
    parser.add_argument("--missing", type=int, default=30, help="show this many undefined words")
    parser.add_argument("--no-system", action="store_true", help="the bundled extract alone")
    args = parser.parse_args()
    started = time.perf_counter()
    words = sorted(found_words(args.boards, args.seed, args.dictionary))
    solved = time.perf_counter() - started
    definitions = EnglishDefinitions(system=not args.no_system)
    started = time.perf_counter()
    stages = {word: stage_of(word, definitions) for word in words}
    looked_up = time.perf_counter() - started
    counts = Counter(stages.values())
    print(
        f"{len(words):,} distinct words on {args.boards:,} random 4x4 boards "
        f"({args.dictionary}, seed {args.seed}; solved in {solved:.1f} s)"
    )
    running = 0
    for name in (
        "WordNet: the word itself",
        "WordNet: morphy's base form",
        "boggle's glossary",
        "derived-form rules",
    ):
        running += counts[name]
        print(
            f"  {name:<28} {counts[name]:>7,}  {100 * counts[name] / len(words):5.1f}%"
            f"   (so far {100 * running / len(words):5.1f}%)"
        )
    print(
        f"  {'no definition':<28} {counts['none']:>7,}  {100 * counts['none'] / len(words):5.1f}%"
    )
    share = 100 * (len(words) - counts["none"]) / len(words)
    print(f"defined: {share:.1f}% of the distinct words (target 92%)")
    print(f"look-up: {1e6 * looked_up / len(words):.0f} us a word on average")
    missing = [word for word, stage in stages.items() if stage == "none"]
    if missing and args.missing:
        sample = random.Random(args.seed).sample(missing, min(args.missing, len(missing)))
        print("some words without one:", " ".join(sorted(sample)))


if __name__ == "__main__":
    main()
