"""The ``boggle`` command line: a thin shell over the library.

Every subcommand lives in a module of :mod:`boggle.commands`.  Bad input never
shows a traceback: a :class:`boggle.errors.BoggleError` becomes one line on
stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from boggle import __version__
from boggle.errors import BoggleError

# Modules of boggle.commands, in the order their subcommands are listed in --help.
COMMAND_MODULES = (
    "solve",
    "score",
    "compare",
    "roll",
    "judge",
    "play",
    "paths",
    "bench",
    "trie",
    "dicts",
    "serve",
)

CLI_REMEDIES = {
    "uniform_dice": "; use --dice uniform for other sizes",
    "sorted_copy": "; write a sorted copy with 'boggle dicts export LIST FILE'",
    "skip_plots": " (or give --no-plots)",
}
"""What the command line adds to an error carrying a ``remedy`` (see ``boggle.errors``)."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand."""
    parser = OneLineParser(
        prog="boggle",
        description="Solve, roll, judge, play and study Boggle boards.",
    )
    parser.add_argument("--version", action="version", version=f"boggle {__version__}")
    subparsers = parser.add_subparsers(
        title="commands", metavar="COMMAND", parser_class=OneLineParser
    )
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"boggle.commands.{name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version and usage errors
        return exit_.code if isinstance(exit_.code, int) else 2
    if not hasattr(args, "run"):
        parser.print_help(sys.stderr)
        return 2
    try:
        status: int = args.run(args)
    except BoggleError as error:
        print(f"boggle: error: {error}{CLI_REMEDIES.get(error.remedy or '', '')}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("boggle: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `boggle solve ... | head`): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status


def entry_point() -> NoReturn:
    """Console-script entry: exit with :func:`main`'s status."""
    sys.exit(main())


if __name__ == "__main__":
    entry_point()
