"""``boggle solve BOARD``: every word on a board, grouped by points, or as JSON."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from boggle.board import Board
from boggle.commands._options import (
    add_dictionary_option,
    add_engine_option,
    add_rules_options,
    lexicon_from_args,
    rules_from_args,
)
from boggle.commands.roll import add_dice_options, size_from_args
from boggle.dice import roll_board
from boggle.engines import solve
from boggle.errors import BoardError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="find every word on a board",
        description="Find every word on a board. The board is its rows of letters, separated "
        "by spaces or '/': 'fxie amlo ewbx astu' (q is the Qu cube; write other multi-letter "
        "faces in brackets: '[th]').",
    )
    parser.add_argument("board", nargs="*", help="the board, e.g. 'fxie amlo ewbx astu'")
    parser.add_argument(
        "--random",
        action="store_true",
        help="roll a board (see --dice, --seed, --size) and solve it",
    )
    add_dice_options(parser)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument(
        "--no-paths", action="store_true", help="text output: words only, without their paths"
    )
    add_dictionary_option(parser)
    add_rules_options(parser)
    add_engine_option(parser)
    parser.set_defaults(run=run)


def board_from_args(args: argparse.Namespace) -> Board:
    """The board given on the command line (its words joined by spaces), or rolled."""
    if getattr(args, "random", False):
        if args.board:
            raise BoardError("give either a board or --random, not both")
        rows, cols = size_from_args(args)
        return roll_board(args.dice, args.seed, rows, cols)
    if not args.board:
        raise BoardError("give a board, e.g. boggle solve 'fxie amlo ewbx astu'")
    return Board.parse(" ".join(args.board))


def run(args: argparse.Namespace) -> int:
    board = board_from_args(args)
    rules = rules_from_args(args, board.rows, board.cols)
    lexicon = lexicon_from_args(args)
    solution = solve(board, lexicon, rules, engine=args.engine)
    if args.json:
        sys.stdout.write(solution.json_text() + "\n")
    else:
        sys.stdout.write(solution.text(paths=not args.no_paths) + "\n")
    return 0
