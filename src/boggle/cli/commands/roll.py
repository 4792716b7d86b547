"""``boggle roll``: roll boards with a dice set or uniform letters, one per line."""

from __future__ import annotations

import argparse
import sys

from boggle.cli.commands._encoding import escape_unwritable
from boggle.cli.commands._help import with_examples
from boggle.cli.commands._options import (
    SIZE_RANGE,
    SIZE_SYNTAX,
    add_language_option,
    board_size,
    seed_number,
    whole_number,
)
from boggle.dice.cubes import GENERATORS, SEED_RANGE, roll_board, seed_after
from boggle.dice.measured import check_chosen_dice, roll_for_language
from boggle.model.errors import BoggleError, DiceError
from boggle.model.wording import grouped
from boggle.wordlists.loading import load_wordlist

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from typing import Any

    from boggle.model.board import Board


DICE_HELP = (
    "cube set or generator: classic (1976), new (1987+), big (5x5), superbig (6x6), "
    "uniform (uniform random letters); default: new on 4x4, uniform on any other --size"
)
"""The help of ``--dice NAME`` (roll, solve, compare, play, stats)."""


def add_dice_options(parser: argparse.ArgumentParser) -> None:
    """``--dice NAME``, ``--seed SEED`` and ``--size``, shared by roll, solve --random and play."""
    parser.add_argument(
        "--dice",
        default=None,
        type=str.lower,
        choices=GENERATORS,
        metavar="NAME",
        help=DICE_HELP,
    )
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        metavar="SEED",
        help=f"random seed, {SEED_RANGE}: the same seed rolls the same board "
        "(default: a fresh board)",
    )
    add_size_option(parser, "board size (default 4x4)")


def add_size_option(
    parser: argparse.ArgumentParser,
    help: str,
    required: bool = False,
    sizes: str | None = SIZE_RANGE,
) -> None:
    """``--size ROWSxCOLS`` (or ``N``: NxN), read the same way by every command; ``sizes``
    says which sizes it takes, where ``help`` does not."""
    parser.add_argument(
        "--size",
        type=board_size,
        default=None,
        required=required,
        metavar="RxC",
        help=f"{help}: {SIZE_SYNTAX}" + (f"; {sizes}" if sizes else ""),
    )


def dice_from_args(args: argparse.Namespace) -> str:
    """``--dice``, or without it the dice of ``--size``: the new cubes on 4x4, uniform
    letters on any other size (the same in roll, solve --random, play and stats)."""
    if args.dice is not None:
        return str(args.dice)
    return "new" if args.size in (None, (4, 4)) else "uniform"


def check_board_given(args: argparse.Namespace) -> None:
    """Refuse the options that roll a board beside a board given on the command line: they
    would be ignored."""
    ignored = [
        f"--{name}" for name in ("dice", "seed", "size") if getattr(args, name, None) is not None
    ]
    if ignored:
        raise BoggleError(
            f"{', '.join(ignored)} {'rolls' if len(ignored) == 1 else 'roll'} a board, and a "
            "board is given: drop the board or the options"
        )


def seed_from_args(args: argparse.Namespace) -> tuple[int, bool]:
    """``--seed``, or a fresh seed; and whether it is fresh (then :func:`tell_seed` it)."""
    if args.seed is not None:
        return args.seed, False
    import secrets  # only for a fresh seed: it loads OpenSSL

    return secrets.randbelow(10**9), True


TOLD_CELLS = 100
"""A rolled board of more cells is told by its size alone (its letters are in the output):
a 500x500 board's were a line of 250,000 letters on stderr."""


def tell_seed(seed: int, fresh: bool, board: Board | None = None) -> None:
    """On stderr: the board rolled, and a fresh seed, so the same can be rolled again."""
    parts = []
    if board is not None and board.rows * board.cols > TOLD_CELLS:
        parts.append(f"rolled a {board.rows}x{board.cols} board")
    elif board is not None:
        parts.append(f"rolled the board {board}")
    if fresh:
        parts.append(f"seed {seed} (give --seed {seed} to roll the same again)")
    if parts:
        print("boggle: " + "; ".join(parts), file=sys.stderr)


def size_from_args(args: argparse.Namespace) -> tuple[int | None, int | None]:
    """The ``--size`` option as ``(rows, cols)``, ``(None, None)`` when absent."""
    if args.size is None:
        return None, None
    rows, cols = args.size
    return rows, cols


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "roll",
        help="roll random boards",
        description="Roll boards by shaking a set of cubes (or with uniform random letters) "
        "and print them one per line, in the compact form 'solve' and 'score' read. "
        "With --seed SEED and --count C, board i is the board of seed SEED+i "
        "(after the largest seed, 0 again).",
        **with_examples("roll"),
    )
    add_dice_options(parser)
    add_language_option(
        parser,
        "roll for this language: English uses --dice, every other language a letter "
        "distribution measured from its word list; default: English",
    )
    parser.add_argument(
        "--count",
        type=whole_number,
        default=1,
        metavar="N",
        help="how many boards, 0 or more (default 1)",
    )
    parser.add_argument(
        "--grid",
        action="store_true",
        help="print each board as a grid of capital letters to print or project, under a "
        "line naming it ('board 1 (seed 7): ...', the form 'solve' reads for its words), "
        "a blank line between boards",
    )
    parser.set_defaults(run=run)


def shown(board: Board, number: int, seed: int, grid: bool) -> str:
    """A rolled board as ``roll`` prints it: its compact form, or with ``grid`` a line
    naming it above its grid of letters.

    >>> from boggle.model.board import Board
    >>> print(shown(Board.parse("qa bc"), 1, 7, grid=True))
    board 1 (seed 7): qa bc
    Qu A
    B  C
    """
    if not grid:
        return str(board)
    return f"board {number} (seed {seed}): {board}\n{board.grid_text()}"


def run(args: argparse.Namespace) -> int:
    if args.count < 0:
        raise DiceError(f"--count must be 0 or more, got {grouped(args.count)}")
    rows, cols = size_from_args(args)
    dice = dice_from_args(args)
    first_seed, fresh = seed_from_args(args)
    lexicon = load_wordlist(None, args.language) if args.language not in (None, "en") else None
    if lexicon is not None and args.dice is not None:
        check_chosen_dice(lexicon, args.dice)
    escape_unwritable()  # a board's "ñ" in an ASCII locale: shown escaped, not an error
    lines: list[str] = []
    separator = "\n\n" if args.grid else "\n"
    try:
        for i in range(args.count):
            seed = seed_after(first_seed, i)
            if lexicon is None:
                board = roll_board(dice, seed, rows, cols)
            else:
                board = roll_for_language(lexicon, dice, seed, rows, cols)
            lines.append(shown(board, i + 1, seed, args.grid))
            if len(lines) >= 1000:
                batch, lines = lines, []  # out of `lines` first: a Ctrl-C may come mid-print
                print(separator.join(batch), end=separator if i + 1 < args.count else "\n")
    except KeyboardInterrupt:  # `--count 10**30` stopped: the boards rolled, then the seed
        if lines:
            print(separator.join(lines))
        sys.stdout.flush()
        tell_seed(first_seed, fresh)
        raise
    if lines:
        print(separator.join(lines))
    sys.stdout.flush()  # the boards are out before the seed is told
    tell_seed(first_seed, fresh)
    return 0
