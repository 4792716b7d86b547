"""``boggle bench solve-random``: one random N x N board, solved and printed."""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._help import with_examples
from boggle.cli.commands.bench import _shared as shared
from boggle.dice.cubes import SEED_RANGE, uniform_board
from boggle.engines import default_engine, get_engine, solve
from boggle.model.errors import BoggleError
from boggle.model.wording import grouped, too_large
from boggle.study import runtime


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "solve-random",
        help="solve one random N x N board and print every word with its path",
        description="Make a random N x N board (uniform letters, q being Qu), solve it "
        "and print the words grouped by points with their paths (the paper's solve_random).",
        **with_examples("bench solve-random"),
    )
    parser.add_argument(
        "--size",
        type=options.whole_number,
        default=4,
        metavar="N",
        help="rows and columns, 1 to 500 (default 4)",
    )
    options.add_engine_option(parser)
    parser.add_argument(
        "--seed",
        type=options.seed_number,
        default=None,
        metavar="SEED",
        help=f"random seed, {SEED_RANGE}: the same seed rolls the same board "
        "(default: a fresh one, printed)",
    )
    parser.add_argument("--no-paths", action="store_true", help="words only, without paths")
    options.add_solving_options(parser)
    parser.set_defaults(run=run_solve_random)


def run_solve_random(args: argparse.Namespace) -> int:
    if not 1 <= args.size <= shared.MAX_BOARD_SIDE:
        if args.size < 1:
            raise BoggleError(f"--size must be at least 1, got {grouped(args.size)}")
        side = shared.MAX_BOARD_SIDE
        raise BoggleError(
            too_large(args.size, args.size, max_side=side, taker="bench solve-random")
        )
    engine = get_engine(args.engine or default_engine())
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    lexicon = options.lexicon_from_args(args)
    board = uniform_board(args.size, args.size, seed=seed)
    rules = options.rules_from_args(args, board.rows, board.cols)
    start = time.perf_counter()
    runtime.warm_up(engine, lexicon, rules)
    built = time.perf_counter()
    solution = solve(board, lexicon, rules, engine=engine.name)
    solved = time.perf_counter()
    print(f"Dictionary: {shared.describe(lexicon)}")
    print(f"Engine: {engine.name}; seed {seed}; rules {rules.name} ({rules.min_length}+ letters)")
    print(
        f"Structures for the word list built in {(built - start) * 1000:.1f} ms; "
        f"board solved in {(solved - built) * 1000:.1f} ms"
    )
    print()
    print(solution.text(paths=not args.no_paths))
    return 0
