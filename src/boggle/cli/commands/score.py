"""``boggle score [FILE ...]``: the score of every board, one per line, in input order."""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import stat
import sys
from collections import deque
from collections.abc import Iterator
from itertools import islice
from typing import Any, NamedTuple

from boggle.cli.commands import _options as options
from boggle.cli.commands._encoding import escape_unwritable
from boggle.cli.commands._help import with_examples
from boggle.cli.commands._progress import progress_bar
from boggle.cli.commands._where import add_cluster_options, where_from_args
from boggle.files.inputs import GZIP_MAGIC, iter_lines, open_regular
from boggle.model.board import MAX_TEXT_CHARS, Board
from boggle.model.errors import BoggleError
from boggle.model.wording import plain_unless_odd
from boggle.scale.scoring import CLUSTER_CHUNK, score_text_chunks_on
from boggle.scale.threads import CHUNK, chunks, default_jobs, score_text_chunks_on_gpu
from boggle.wordlists.frequencies import level_lexicon

GPU_CHUNK = 1 << 16
"""Boards per chunk for the gpu engine: one launch is worth its cost only for many boards."""

MAX_REPORTED_ERRORS = 10
"""Lines that are not boards are reported one by one up to this many, then only counted."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score",
        help="score many boards, one per line",
        description="Score boards read one per line (compact form) from the files, or from "
        "standard input when none is given. Prints 'BOARD SCORE' per line, in input order; "
        "blank lines are skipped. "
        "Files may be gzip-compressed, UTF-8 or Latin-1. "
        f"A line that is not a board is reported on stderr with its line number (the first "
        f"{MAX_REPORTED_ERRORS}, then a count); the run goes on and exits with status 1.",
        **with_examples("score"),
    )
    parser.add_argument(
        "files",
        nargs="*",
        type=options.file_name("a file of boards, or - for standard input"),
        metavar="FILE",
        help="files of boards ('-': stdin)",
    )
    parser.add_argument(
        "--jobs",
        type=options.jobs_number,
        default=None,
        metavar="N",
        help=f"threads solving at once, 1 to {options.MAX_JOBS} (default: all cores, "
        f"{default_jobs()} here)",
    )
    options.add_solving_options(parser)
    options.add_words_option(parser, "score (a board's score counts only them)")
    options.add_batch_engine_option(parser)
    add_cluster_options(parser)
    parser.set_defaults(run=run)


class _Chunk(NamedTuple):
    """A chunk of a file's lines: where it starts, all its lines, and the boards
    among them (blank lines skipped), with no object made per line."""

    name: str
    first_number: int
    lines: list[str]
    boards: list[str]

    def line_number(self, index: int) -> int:
        """The file's line number of ``boards[index]``."""
        numbered = enumerate(self.lines, self.first_number)
        kept = (number for number, line in numbered if line and not line.isspace())
        return next(islice(kept, index, None))


def _numbered_chunks(files: list[str], largest: int = CHUNK) -> Iterator[_Chunk]:
    """The files' lines in chunks, each with its boards and where it starts."""
    for name in files or ["-"]:
        # grep-style FILE:LINE: stays plain for the tools that read it; an odd name is quoted
        shown = "<stdin>" if name == "-" else plain_unless_odd(name)
        number = 1
        for lines in chunks(iter_lines(name, "board file", MAX_TEXT_CHARS), largest=largest):
            boards = [line for line in lines if line and not line.isspace()]
            if boards:
                yield _Chunk(shown, number, lines, boards)
            number += len(lines)


def _count_lines(files: list[str]) -> int | None:
    """Lines in the files, for the progress bar's total; ``None`` when stdin or gzip is read."""
    if not files or "-" in files:
        return None
    total = 0
    for name in files:
        with open_regular(name, "board file") as handle:
            block = handle.read(1 << 20)
            if block.startswith(GZIP_MAGIC):
                return None
            while block:
                total += block.count(b"\n")
                block = handle.read(1 << 20)
    return total


def _board_given_as_file(name: str, files: list[str]) -> str | None:
    """The board a user meant when a missing board file's name reads as one (``boggle score
    'fxie amlo ewbx astu'``, or its rows as four names); ``None`` when it does not."""
    missing = [file for file in files if file != "-" and not os.path.lexists(file)]
    candidates = [" ".join(files)] if missing == files and len(files) > 1 else []
    for text in [*candidates, name]:
        try:
            board = Board.parse(text)
        except (BoggleError, ValueError):
            continue
        if board.rows >= 2 and board.cols >= 2:
            return text
    return None


def _check_board_file(name: str, files: list[str]) -> None:
    """Refuse a board file that is not a regular file before any work; a pipe (``boggle
    score <(boggle roll)`` names one) is told that standard input reads it, and a missing
    file whose name reads as a board how to score that board."""
    try:
        open_regular(name, "board file").close()
    except BoggleError as error:
        board = None if os.path.lexists(name) else _board_given_as_file(name, files)
        if board is not None:
            shown = shlex.quote(board)
            raise BoggleError(
                f"{error}; score reads boards from files or '-' (standard input): "
                f"echo {shown} | boggle score -, or for one board: boggle solve {shown}"
            ) from None
        try:
            pipe = stat.S_ISFIFO(os.stat(name).st_mode)
        except (OSError, ValueError):  # missing, or a NUL in the name: the error says so
            pipe = False
        if not pipe:
            raise
        raise BoggleError(
            f"{error}; give the boards on standard input instead ('COMMAND | boggle score')"
        ) from None


def run(args: argparse.Namespace) -> int:
    rules = options.rules_choice_from_args(args)  # a bad --scoring: refused before any loading
    lexicon = level_lexicon(options.lexicon_from_args(args), args.words)
    runs_on = where_from_args(args)
    engine = options.batch_engine_from_args(args, in_process=runs_on is None)
    for name in args.files:
        if name != "-":
            _check_board_file(name, args.files)
    for name in args.files:
        if name != "-":  # binary data anywhere in a file: refused before any line is scored
            for _ in iter_lines(name, "board file", MAX_TEXT_CHARS):
                pass
    if not args.files or "-" in args.files:
        options.tell_reading_terminal("boards", per_line=True)
    where: deque[_Chunk] = deque()  # chunks read but not yet printed

    def texts() -> Iterator[list[str]]:
        largest = CHUNK if runs_on is None else CLUSTER_CHUNK
        largest = GPU_CHUNK if engine == "gpu" else largest
        for chunk in _numbered_chunks(args.files, largest):
            where.append(chunk)
            yield chunk.boards

    progress = progress_bar(
        " boards", total=_count_lines(args.files) if sys.stderr.isatty() else None
    )
    failed = 0
    out = sys.stdout
    escape_unwritable(out)  # a board's "ñ" in an ASCII locale: shown escaped, not an error
    if engine == "gpu":
        results = score_text_chunks_on_gpu(texts(), lexicon, rules)
    else:
        results = score_text_chunks_on(texts(), lexicon, rules, runs_on, args.jobs)
    for scored in results:
        chunk = where.popleft()
        with _outside(progress):
            out.write(scored.text)
            for index, reason in scored.errors:
                failed += 1
                if failed <= MAX_REPORTED_ERRORS:
                    out.flush()
                    number = chunk.line_number(index)
                    print(f"boggle score: {chunk.name}:{number}: {reason}", file=sys.stderr)
        if progress is not None:
            progress.update(len(chunk.boards))
    if progress is not None:
        progress.close()
    if failed > MAX_REPORTED_ERRORS:
        hidden = failed - MAX_REPORTED_ERRORS
        print(
            f"boggle score: {failed:,} lines were not boards; {hidden:,} more not shown",
            file=sys.stderr,
        )
    return 1 if failed else 0


def _outside(progress: Any) -> contextlib.AbstractContextManager[Any]:
    """While writing results: the bar cleared, so the two never share a terminal line."""
    if progress is None:
        return contextlib.nullcontext()
    writing: contextlib.AbstractContextManager[Any] = progress.external_write_mode()
    return writing
