"""``boggle paths --size N``: exact numbers of paths of each length on an empty grid.

A path is a sequence of distinct cells, each touching the next (8 neighbours);
see :mod:`boggle.study.paths`.  Text output is a table of length -> paths and a
total, its numbers grouped by thousands as every command's text shows them (``1,764``;
JSON has plain numbers); ``--per-cell`` adds the number of paths starting at each cell for the
requested length(s); ``--json`` prints the same as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._help import with_examples
from boggle.cli.commands._progress import progress_bar
from boggle.model.errors import BoardError
from boggle.model.grid import MAX_SIDE
from boggle.model.grid_paths import MAX_CELLS as MAX_PATH_CELLS
from boggle.model.wording import a_size, grouped, shown_number
from boggle.study.paths import LayerStats, PathTable, path_table, symmetries


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "paths",
        help="count the paths of each length on an empty grid",
        description="Count exactly the paths of k cells (distinct cells, each touching the "
        "next, 8 neighbours) on an empty grid, for k = 1 up to the longest length asked. "
        "With NumPy (pip install 'boggle[numpy]'), 5x5 takes seconds for every length "
        "(without it, over a minute); 6x6 takes about 2 minutes and 3 GB up to 14 cells, and a "
        "longer length is refused (after those 2 minutes) by the memory budget. A progress "
        "bar shows each step on a terminal.",
        **with_examples("paths"),
    )
    parser.add_argument(
        "--size",
        type=options.board_size,
        required=True,
        metavar="RxC",
        help=f"the grid, 1 to {MAX_PATH_CELLS} cells (about 36 in practice): {options.SIZE_SYNTAX}",
    )
    parser.add_argument(
        "--cols",
        type=options.whole_number,
        default=None,
        metavar="M",
        help=f"columns, 1 to {MAX_SIDE:,} (default: as --size says)",
    )
    parser.add_argument(
        "--length",
        type=_lengths,
        default=None,
        metavar="K[,K...]",
        help="longest path length to count, or several lengths for --per-cell, each 1 or "
        "more, up to the grid's cells (default: every cell)",
    )
    parser.add_argument(
        "--per-cell",
        action="store_true",
        help="also print the number of paths starting at each cell, for each length asked",
    )
    options.add_json_option(parser)
    parser.add_argument(
        "--stats",
        action="store_true",
        help="also report the states kept, seconds and peak memory of each step",
    )
    parser.set_defaults(run=run)


def _lengths(text: str) -> list[int]:
    return [options.whole_number(part.strip()) for part in text.split(",")]


SLOW_WITHOUT_NUMPY = 20
"""From this many cells, counting without NumPy takes long enough to say why."""


def _have_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _shown_on(bar: Any) -> Callable[[LayerStats], None]:
    """A ``progress`` callback moving ``bar`` one step, with the step's states."""

    def step(stat: LayerStats) -> None:
        bar.set_postfix_str(f"k={stat.length}: {stat.states:,} states", refresh=False)
        bar.update(1)

    return step


def is_symmetric(grid: list[list[int]]) -> bool:
    """Whether a per-cell table is unchanged by every symmetry of its grid.

    >>> is_symmetric([[1, 2, 1], [1, 2, 1]]), is_symmetric([[1, 2], [2, 2]])
    (True, False)
    """
    rows, cols = len(grid), len(grid[0])
    flat = [value for row in grid for value in row]
    return all(
        flat[perm[i]] == flat[i] for perm in symmetries(rows, cols) for i in range(len(flat))
    )


def run(args: argparse.Namespace) -> int:
    rows, cols = args.size
    cols = cols if args.cols is None else args.cols
    for option, value in (("--size", rows), ("--cols", cols)):
        if not 1 <= value <= MAX_SIDE:
            raise BoardError(f"{option} must be from 1 to {MAX_SIDE:,}, got {shown_number(value)}")
    lengths: list[int] | None = args.length
    if lengths is not None:
        for length in lengths:
            if length < 1:
                raise BoardError(f"--length must be at least 1, got {grouped(length)}")
            if length > rows * cols:
                raise BoardError(
                    f"--length {grouped(length)} is longer than the {grouped(rows * cols)} "
                    f"cells of {a_size(rows, cols)} grid: a path visits each cell once"
                )
        if len(set(lengths)) > 1 and not args.per_cell:  # the table goes up to the longest
            raise BoardError(
                f"--length {','.join(map(str, lengths))}: several lengths are for --per-cell; "
                "without it give one, the longest to count"
            )
    longest = max(lengths) if lengths else None
    if rows * cols >= SLOW_WITHOUT_NUMPY and not _have_numpy():
        print(
            "boggle paths: NumPy is not installed, so counting runs in pure Python, about 13 "
            "times slower (5x5: 80 s instead of 6 s); pip install 'boggle[numpy]' makes it fast",
            file=sys.stderr,
        )
    bar = progress_bar(" steps", total=longest or rows * cols, description="paths")
    try:
        table = path_table(rows, cols, longest, progress=None if bar is None else _shown_on(bar))
    finally:
        if bar is not None:
            bar.close()
    shown = sorted(set(lengths)) if lengths else [table.max_length]
    if args.json:
        sys.stdout.write(json.dumps(_as_json(table, shown, args), indent=2) + "\n")
    else:
        sys.stdout.write(_as_text(table, shown, args))
    return 0


def _as_json(table: PathTable, shown: list[int], args: argparse.Namespace) -> dict[str, Any]:
    totals = table.totals
    data: dict[str, Any] = {
        "rows": table.rows,
        "cols": table.cols,
        "max_length": table.max_length,
        "counts": [{"length": k, "paths": n} for k, n in enumerate(totals, start=1)],
        "total": sum(totals),
        "orbits": [
            {
                "representative": list(orbit[0]),
                "size": len(orbit),
                "cells": [list(c) for c in orbit],
            }
            for orbit in table.orbits
        ],
    }
    if args.per_cell:
        data["per_cell"] = []
        for length in shown:
            grid = table.per_cell(length)
            data["per_cell"].append(
                {"length": length, "grid": grid, "symmetric": is_symmetric(grid)}
            )
    if args.stats:
        data["stats"] = [
            {
                "length": s.length,
                "states": s.states,
                "candidates": s.candidates,
                "seconds": round(s.seconds, 3),
                "peak_rss_mb": round(s.peak_rss_mb, 1),
            }
            for s in table.stats
        ]
    return data


def _as_text(table: PathTable, shown: list[int], args: argparse.Namespace) -> str:
    totals = table.totals
    total = sum(totals)
    lines = [f"Paths on {a_size(table.rows, table.cols)} grid (distinct cells, 8 neighbours):"]
    header = ["k", "paths"]
    rows = [[str(k), f"{n:,}"] for k, n in enumerate(totals, start=1)]
    if args.stats:
        header += ["states", "seconds", "peak MB"]
        for row, s in zip(rows, table.stats, strict=True):
            row += [f"{s.states:,}", f"{s.seconds:,.3f}", f"{s.peak_rss_mb:,.0f}"]
    rows.append(["total", f"{total:,}"] + [""] * (len(header) - 2))
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        cells = (cell.rjust(width) for cell, width in zip(row, widths, strict=True))
        lines.append("  ".join(cells).rstrip())
    if args.per_cell:
        for length in shown:
            grid = table.per_cell(length)
            width = max(len(f"{value:,}") for row in grid for value in row)
            lines.append("")
            lines.append(f"Paths of {length} cells starting at each cell:")
            lines.extend(" ".join(f"{v:,}".rjust(width) for v in row) for row in grid)
            symmetric = "yes" if is_symmetric(grid) else "no"
            lines.append(
                f"symmetric: {symmetric} ({len(table.orbits)} distinct starting cells: "
                + ", ".join(
                    f"({r},{c}) x{len(orbit)}" for orbit in table.orbits for r, c in [orbit[0]]
                )
                + ")"
            )
    return "\n".join(lines) + "\n"
