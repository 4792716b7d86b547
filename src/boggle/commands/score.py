"""``boggle score [FILE ...]``: the score of every board, one per line, in input order."""

from __future__ import annotations

import argparse
import sys
from collections import deque
from collections.abc import Iterator
from typing import Any, TextIO

from boggle.batch import chunks, default_jobs, score_text_chunks
from boggle.commands._options import (
    add_dictionary_option,
    add_rules_options,
    lexicon_from_args,
    rules_choice_from_args,
)
from boggle.commands._progress import progress_bar
from boggle.errors import BoggleError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score",
        help="score many boards, one per line",
        description="Score boards read one per line (compact form) from the files, or from "
        "standard input when none is given. Prints 'BOARD SCORE' per line, in input order; "
        "blank lines are skipped. "
        "A line that is not a board is reported on stderr with its line number; the run "
        "goes on and exits with status 1.",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="files of boards ('-': stdin)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help=f"threads solving at once (default: all cores, {default_jobs()} here)",
    )
    add_dictionary_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def _numbered_chunks(files: list[str]) -> Iterator[tuple[str, list[int], list[str]]]:
    """(file name, line numbers, lines) in chunks, skipping blank lines."""
    for name in files or ["-"]:
        stream: TextIO
        if name == "-":
            stream = sys.stdin
        else:
            try:
                stream = open(name, encoding="utf-8", errors="replace")  # noqa: SIM115
            except OSError as error:
                raise BoggleError(f"cannot read {name!r}: {error.strerror}") from None
        shown = "<stdin>" if name == "-" else name
        try:
            numbered = (
                (number, line.rstrip("\r\n"))
                for number, line in enumerate(stream, start=1)
                if not line.isspace() and line
            )
            for chunk in chunks(numbered):
                yield shown, [number for number, _ in chunk], [text for _, text in chunk]
        finally:
            if stream is not sys.stdin:
                stream.close()


def run(args: argparse.Namespace) -> int:
    if args.jobs is not None and args.jobs < 1:
        raise BoggleError(f"--jobs must be at least 1, got {args.jobs}")
    lexicon = lexicon_from_args(args)
    rules = rules_choice_from_args(args)
    for name in args.files:
        if name != "-":
            try:
                open(name, "rb").close()
            except OSError as error:
                raise BoggleError(f"cannot read {name!r}: {error.strerror}") from None
    where: deque[tuple[str, list[int]]] = deque()  # chunks read but not yet printed

    def texts() -> Iterator[list[str]]:
        for name, numbers, lines in _numbered_chunks(args.files):
            where.append((name, numbers))
            yield lines

    progress = _progress()
    failed = 0
    out = sys.stdout
    for scored in score_text_chunks(texts(), lexicon, rules, args.jobs):
        name, numbers = where.popleft()
        out.write(scored.text)
        for index, reason in scored.errors:
            failed += 1
            out.flush()
            print(f"boggle score: {name}:{numbers[index]}: {reason}", file=sys.stderr)
        if progress is not None:
            progress.update(len(numbers))
    if progress is not None:
        progress.close()
    return 1 if failed else 0


def _progress() -> Any:
    """A progress bar on stderr when it is a terminal, else ``None``."""
    return progress_bar(" boards")
