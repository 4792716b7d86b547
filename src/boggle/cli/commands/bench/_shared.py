"""Helpers shared by the ``boggle bench`` measurements."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from boggle.cli.commands._options import engine_name, file_name, shown_value, whole_number
from boggle.cli.commands._output import add_force_option, check_outputs
from boggle.cli.commands._output import output_dir as make_output_dir
from boggle.engines import Engine, engine_names, engines, get_engine
from boggle.model.wording import counted, grouped, quoted
from boggle.study.plotting import FIGURE_FORMATS, pyplot
from boggle.wordlists.lexicon import Lexicon

MAX_BOARD_SIDE = 500
MAX_TABLE_BITS = 40


def usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def add_engines_option(parser: argparse.ArgumentParser, default_text: str) -> None:
    parser.add_argument(
        "--engine",
        dest="engines",
        type=engine_name,
        action="append",
        default=None,
        metavar="NAME",
        help=f"an engine to measure, repeatable: {', '.join(engine_names())} "
        f"(default: {default_text})",
    )


def add_out_option(parser: argparse.ArgumentParser, writes: str, *, plots: bool = False) -> None:
    """``--out DIR`` and ``--force``; with ``plots``, ``--no-plots`` too."""
    parser.add_argument(
        "--out",
        type=file_name("a folder"),
        default=None,
        metavar="DIR",
        help=f"directory to write {writes} to",
    )
    add_force_option(parser)
    if plots:
        parser.add_argument("--no-plots", action="store_true", help="with --out: CSV only")


def chosen_engines(names: Sequence[str] | None) -> list[Engine]:
    """The engines named (each once, in order), or every registered engine."""
    if not names:
        return engines()
    return [get_engine(name) for name in dict.fromkeys(names)]


def parse_range(text: str, low: int, high: int, what: str) -> list[int]:
    """Numbers written ``A-B`` and/or ``A,B,C`` (``3-6,8``), each within ``low..high``,
    in the digits 0-9 as every number option's (:func:`whole_number`).

    >>> parse_range("3-5,8", 1, 10, "size")
    [3, 4, 5, 8]
    """
    numbers: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            start = whole_number(first)
            stop = whole_number(last) if dash else start
        except argparse.ArgumentTypeError:
            raise argparse.ArgumentTypeError(
                f"{what} {shown_value(text)} is not a range like 3-30 or a list like 4,6,8"
            ) from None
        if stop < start:
            raise argparse.ArgumentTypeError(
                f"{what} range {shown_value(part.strip())} runs backwards"
            )
        if start < low or stop > high:
            raise argparse.ArgumentTypeError(
                f"{what} must be from {grouped(low)} to {grouped(high)}, got {shown_value(text)}"
            )
        numbers.extend(range(start, stop + 1))
    return list(dict.fromkeys(numbers))


def output_dir(
    args: argparse.Namespace, files: Sequence[str], plots: Sequence[str] = ()
) -> Path | None:
    """``--out DIR``, created, once every file to be written there may be (before any work).

    ``plots`` are figure stems written as PNG and SVG unless ``--no-plots``; matplotlib
    is checked now rather than after measuring.
    """
    if args.out is None:
        return None
    names = list(files)
    if plots and not args.no_plots:
        pyplot()  # a one-line error now when matplotlib is missing
        names += [f"{stem}.{fmt}" for stem in plots for fmt in FIGURE_FORMATS]
    check_outputs([os.path.join(args.out, name) for name in names], args.force, folders_made=True)
    return make_output_dir(Path(args.out))


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str = "") -> str:
    """Columns padded to their widest cell; ``align`` gives ``l`` or ``r`` per column
    (default: the first left, the others right).

    >>> print(format_table(["name", "n"], [["a", "10"], ["bb", "2"]]))
    name   n
    a     10
    bb     2
    """
    align = align or "l" + "r" * (len(header) - 1)
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [
            cell.ljust(width) if side == "l" else cell.rjust(width)
            for cell, width, side in zip(row, widths, align, strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def describe(lexicon: Lexicon) -> str:
    return (
        f"{quoted(lexicon.name)} ({counted(len(lexicon), 'word')}, "
        f"longest {counted(lexicon.longest, 'letter')})"
    )


def report_files(folder: str, paths: Sequence[Path]) -> None:
    """``wrote`` and the files written in ``--out`` ``folder``, each named in the folder as typed
    (``./results/memory.csv``: ``Path`` would drop the ``./``)."""
    if paths:
        shown = (quoted(os.path.join(folder, path.name)) for path in paths)
        print("wrote " + ", ".join(shown), file=sys.stderr)
