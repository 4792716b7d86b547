"""``boggle compare BOARD``: every engine on one board, side by side.

For each engine: the words and score it finds, the time of a first run (which
includes building the engine's structure for the word list, e.g. a trie) and
of a second run, and whether its words are exactly those of the reference
``trie`` engine (for an engine with a maximum word length, the reference's
words up to that length).  An engine that refuses the board says why.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from boggle.commands._options import (
    add_dictionary_option,
    add_rules_options,
    lexicon_from_args,
    rules_from_args,
)
from boggle.commands.solve import add_board_arguments, board_from_args
from boggle.engines import engines, solve
from boggle.errors import EngineError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "compare",
        help="run every engine on one board and compare them with the trie engine",
        description="Run every engine on one board and print, for each, the words, the score, "
        "the time of a first run (building its structures for the word list) and of a second, "
        "and whether it agrees with the reference trie engine.",
    )
    add_board_arguments(parser, "compare on it")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    add_dictionary_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def compare_engines(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One row per engine: name, words, score, first and second time, agreement.

    The ``trie`` engine runs first; its words are the reference.
    """
    board = board_from_args(args)
    rules = rules_from_args(args, board.rows, board.cols)
    lexicon = lexicon_from_args(args)
    reference: list[str] = []
    rows: list[dict[str, Any]] = []
    for engine in sorted(engines(), key=lambda e: e.name != "trie"):
        row: dict[str, Any] = {"engine": engine.name}
        try:
            times = []
            for _ in range(2):
                start = time.perf_counter()
                solution = solve(board, lexicon, rules, engine=engine.name)
                times.append(time.perf_counter() - start)
        except EngineError as error:
            row.update(words=None, score=None, first=None, again=None, agrees=None)
            row["refused"] = str(error)
            rows.append(row)
            continue
        if engine.name == "trie":
            reference = [item.word for item in solution]
        limit = engine.max_length
        expected = [w for w in reference if limit is None or len(w) <= limit]
        row.update(
            words=solution.count,
            score=solution.score,
            first=times[0],
            again=times[1],
            agrees=[item.word for item in solution] == expected,
            max_length=limit,
        )
        rows.append(row)
    return rows


def run(args: argparse.Namespace) -> int:
    rows = compare_engines(args)
    if args.json:
        sys.stdout.write(json.dumps(rows) + "\n")
        return 0
    width = max(len(row["engine"]) for row in rows)
    print(
        f"{'ENGINE'.ljust(width)}  {'WORDS':>6}  {'SCORE':>6}  {'FIRST':>9}  {'AGAIN':>9}  AGREES"
    )
    for row in rows:
        name = row["engine"].ljust(width)
        if "refused" in row:
            print(f"{name}  refused: {row['refused']}")
            continue
        agrees = "yes" if row["agrees"] else "NO"
        if row["max_length"] is not None:
            agrees += f" (words up to {row['max_length']} letters)"
        print(
            f"{name}  {row['words']:>6}  {row['score']:>6}  {_ms(row['first'])}  "
            f"{_ms(row['again'])}  {agrees}"
        )
    return 0 if all(row["agrees"] is not False for row in rows) else 1


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:>6.1f} ms"
