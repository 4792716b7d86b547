"""``boggle compare BOARD``: every engine on one board, side by side.

The comparison is the library's :func:`boggle.study.compare.compare_engines`; this
command prints it as a table or JSON.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._encoding import escape_unwritable, write_json
from boggle.cli.commands._help import with_examples
from boggle.cli.commands._progress import progress_bar
from boggle.cli.commands.solve import add_board_arguments, board_from_args
from boggle.engines import engines
from boggle.study.compare import compare_engines as compare

if TYPE_CHECKING:
    from boggle.model.board import Board
    from boggle.model.rules import Rules
    from boggle.wordlists.lexicon import Lexicon


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "compare",
        help="run every engine on one board and compare them with the trie engine",
        description="Run every engine on one board and print, for each, the words, the score, "
        "the time of a first run (building its structures for the word list) and of a second, "
        "and whether it agrees with the reference trie engine. Exit status 1 when one does "
        "not.",
        **with_examples("compare"),
    )
    add_board_arguments(parser, "compare on it")
    options.add_json_option(parser, "a table")
    options.add_solving_options(parser)
    parser.set_defaults(run=run)


def compare_engines(args: argparse.Namespace) -> dict[str, Any]:
    """What ``compare --json`` prints: the board, word list and rules as ``solve --json``
    gives them, and one row per engine (see :func:`boggle.study.compare.compare_engines`)."""
    choice = options.rules_choice_from_args(args)  # refused before a board is rolled
    board = board_from_args(args)
    # a board given is held to --min-length; a rolled one (its line printed) by its size
    rules = choice.for_size(board.rows, board.cols) if args.random else choice.for_board(board)
    lexicon = options.lexicon_from_args(args)
    return {
        "board": str(board),
        "rows": board.rows,
        "cols": board.cols,
        "rules": rules.to_json(),
        "dictionary": lexicon.to_json(),
        "engines": _rows(board, lexicon, rules),
    }


def _rows(board: Board, lexicon: Lexicon, rules: Rules) -> list[dict[str, Any]]:
    bar = progress_bar(" engines", total=len(engines()), description="compare")
    if bar is None:
        return [row.to_json() for row in compare(board, lexicon, rules)]

    started: list[str] = []

    def starting(name: str) -> None:  # one step per engine finished; the running one is named
        if started:
            bar.update(1)
        started.append(name)
        bar.set_description(f"compare: {name}")

    try:
        rows = [row.to_json() for row in compare(board, lexicon, rules, on_engine=starting)]
        bar.update(1)
        return rows
    finally:
        bar.close()


def run(args: argparse.Namespace) -> int:
    report = compare_engines(args)
    rows = report["engines"]
    escape_unwritable()  # a board's "ñ" in an ASCII locale: shown escaped, not an error
    if args.json:
        write_json(json.dumps(report, ensure_ascii=False))
        return 0 if all(row["agrees"] is not False for row in rows) else 1
    width = max(len(row["engine"]) for row in rows)
    print(
        f"{'ENGINE'.ljust(width)}  {'WORDS':>6}  {'SCORE':>6}  {'FIRST':>10}  {'AGAIN':>10}  AGREES"
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
            f"{name}  {row['words']:>6,}  {row['score']:>6,}  {row['first_ms']:>7,.1f} ms  "
            f"{row['again_ms']:>7,.1f} ms  {agrees}"
        )
    return 0 if all(row["agrees"] is not False for row in rows) else 1
