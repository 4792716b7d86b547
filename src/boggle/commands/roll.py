"""``boggle roll``: roll boards with a dice set or uniform letters, one per line."""

from __future__ import annotations

import argparse
import sys

from boggle.commands._options import add_language_option, whole_number
from boggle.dice import GENERATORS, roll_board
from boggle.errors import DiceError
from boggle.language_dice import roll_for_language
from boggle.language_lists import load_wordlist

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from typing import Any


def add_dice_options(parser: argparse.ArgumentParser, default: str = "new") -> None:
    """``--dice NAME`` and ``--seed N``, shared by roll, solve --random and play."""
    parser.add_argument(
        "--dice",
        default=default,
        type=str.lower,
        choices=GENERATORS,
        help=f"cube set or generator (default: {default}): classic (1976), new (1987+), "
        "big (5x5), superbig (6x6), uniform (uniform random letters)",
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        default=None,
        metavar="N",
        help="random seed: the same seed rolls the same board (default: a fresh board)",
    )
    parser.add_argument(
        "--size",
        default=None,
        metavar="ROWSxCOLS",
        help="board size for --dice uniform, e.g. 5 or 5x7 (default 4x4)",
    )


def seed_from_args(args: argparse.Namespace) -> tuple[int, bool]:
    """``--seed``, or a fresh seed; and whether it is fresh (then :func:`tell_seed` it)."""
    if args.seed is not None:
        return args.seed, False
    import secrets  # only for a fresh seed: it loads OpenSSL

    return secrets.randbelow(10**9), True


def tell_seed(seed: int, fresh: bool, board: object = None) -> None:
    """On stderr: the board rolled, and a fresh seed, so the same can be rolled again."""
    parts = [] if board is None else [f"rolled the board {board}"]
    if fresh:
        parts.append(f"seed {seed} (give --seed {seed} to roll the same again)")
    if parts:
        print("boggle: " + "; ".join(parts), file=sys.stderr)


def size_from_args(args: argparse.Namespace) -> tuple[int | None, int | None]:
    """The ``--size`` option as ``(rows, cols)``, ``(None, None)`` when absent."""
    if args.size is None:
        return None, None
    rows_text, _, cols_text = args.size.lower().partition("x")
    try:
        rows = int(rows_text)
        cols = int(cols_text) if cols_text else rows
    except ValueError:
        raise DiceError(f"--size {args.size!r} is not ROWS or ROWSxCOLS, e.g. 5x5") from None
    return rows, cols


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "roll",
        help="roll random boards",
        description="Roll boards by shaking a set of cubes (or with uniform random letters) "
        "and print them one per line, in the compact form 'solve' and 'score' read. "
        "With --seed N and --count C, board i is the board of seed N+i.",
    )
    add_dice_options(parser)
    add_language_option(
        parser,
        "roll for this language: English uses --dice, every other language a letter "
        "distribution measured from its word list",
    )
    parser.add_argument(
        "--count", type=whole_number, default=1, metavar="N", help="how many boards (default 1)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.count < 0:
        raise DiceError(f"--count must be 0 or more, got {args.count}")
    rows, cols = size_from_args(args)
    first_seed, fresh = seed_from_args(args)
    lexicon = load_wordlist(None, args.language) if args.language not in (None, "en") else None
    lines = []
    for i in range(args.count):
        if lexicon is None:
            lines.append(str(roll_board(args.dice, first_seed + i, rows, cols)))
        else:
            lines.append(str(roll_for_language(lexicon, args.dice, first_seed + i, rows, cols)))
        if len(lines) >= 1000:
            print("\n".join(lines))
            lines.clear()
    if lines:
        print("\n".join(lines))
    sys.stdout.flush()  # the boards are out before the seed is told
    tell_seed(first_seed, fresh)
    return 0
