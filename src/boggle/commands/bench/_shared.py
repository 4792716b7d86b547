"""Helpers shared by the ``boggle bench`` measurements."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from boggle.engines import Engine, engine_names, engines, get_engine
from boggle.errors import BoggleError
from boggle.lexicon import Lexicon

MAX_BOARD_SIDE = 500
MAX_TABLE_BITS = 40


class OutputError(BoggleError):
    """An output directory cannot be created or written."""


def usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def add_engines_option(parser: argparse.ArgumentParser, default_text: str) -> None:
    parser.add_argument(
        "--engine",
        dest="engines",
        action="append",
        default=None,
        metavar="NAME",
        help=f"an engine to measure, repeatable: {', '.join(engine_names())} "
        f"(default: {default_text})",
    )


def add_out_option(parser: argparse.ArgumentParser, writes: str) -> None:
    parser.add_argument(
        "--out", type=Path, default=None, metavar="DIR", help=f"directory to write {writes} to"
    )


def chosen_engines(names: Sequence[str] | None) -> list[Engine]:
    """The engines named (each once, in order), or every registered engine."""
    if not names:
        return engines()
    return [get_engine(name) for name in dict.fromkeys(names)]


def parse_range(text: str, low: int, high: int, what: str) -> list[int]:
    """Numbers written ``A-B`` and/or ``A,B,C`` (``3-6,8``), each within ``low..high``.

    >>> parse_range("3-5,8", 1, 10, "size")
    [3, 4, 5, 8]
    """
    numbers: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            start = int(first)
            stop = int(last) if dash else start
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} {text!r} is not a range like 3-30 or a list like 4,6,8"
            ) from None
        if stop < start:
            raise argparse.ArgumentTypeError(f"{what} range {part.strip()!r} runs backwards")
        if start < low or stop > high:
            raise argparse.ArgumentTypeError(f"{what} must be from {low} to {high}, got {text!r}")
        numbers.extend(range(start, stop + 1))
    return list(dict.fromkeys(numbers))


def output_dir(path: Path | None) -> Path | None:
    if path is None:
        return None
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(
            f"cannot create output directory {str(path)!r}: {error.strerror}"
        ) from None
    return path


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
    return f"{lexicon.name} ({len(lexicon):,} words, longest {lexicon.longest} letters)"


def report_files(paths: Sequence[Path]) -> None:
    if paths:
        print("wrote " + ", ".join(str(path) for path in paths), file=sys.stderr)
