"""``boggle trie --dot [--words K]``: the trie of the first K words as GraphViz DOT.

``--dot`` prints the DOT text; ``--out FILE`` (repeatable) writes it to a ``.dot``
file or renders it to ``.svg``, ``.png`` or ``.pdf`` with GraphViz's ``dot``
program.  Without either, a one-line summary of the trie is printed.  DOT printed to a
stream that is not UTF-8 has its letters beyond ASCII as character references (``&#241;``),
which GraphViz draws as the letter.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from boggle.cli.commands._encoding import escape_unwritable, writes_utf_8
from boggle.cli.commands._help import with_examples
from boggle.cli.commands._options import (
    add_dictionary_option,
    file_name,
    lexicon_from_args,
    whole_number,
)
from boggle.cli.commands._output import add_force_option, check_outputs
from boggle.engines.trie import build_trie
from boggle.files.cache import write_atomic
from boggle.model.errors import BoggleError
from boggle.model.wording import counted, grouped, quoted
from boggle.study.trie_dot import RENDER_FORMATS, ascii_dot, render_dot, trie_dot


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "trie",
        help="draw the trie of the first words of a word list (GraphViz)",
        description="Build the trie of the first K words of a word list (in sorted order): "
        "each node is labelled with its prefix and T when that prefix is a word, F when not "
        "(as in 'Solving Boggle in Haskell', figure 4). --dot prints it as GraphViz DOT; "
        "--out FILE.svg/.png/.pdf renders it when GraphViz is installed; with neither, a "
        "line says how many nodes it has.",
        **with_examples("trie"),
    )
    parser.add_argument(
        "--dot",
        action="store_true",
        help="print the trie as GraphViz DOT (default: one line with its size)",
    )
    parser.add_argument(
        "--words",
        type=whole_number,
        default=30,
        metavar="K",
        help="how many words, from the start of the list, 1 or more (default 30)",
    )
    parser.add_argument(
        "--out",
        type=file_name("a .dot, .svg, .png or .pdf file"),
        action="append",
        default=[],
        metavar="FILE",
        help="write FILE.dot, or render FILE." + ", FILE.".join(RENDER_FORMATS) + " (repeatable)",
    )
    add_force_option(parser)
    add_dictionary_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.words < 1:
        raise BoggleError(f"--words must be at least 1, got {grouped(args.words)}")
    for typed in args.out:  # each shown as typed: Path("./t.dot") would show 't.dot'
        suffix = Path(typed).suffix.lstrip(".").lower()
        if suffix != "dot" and suffix not in RENDER_FORMATS:
            raise BoggleError(
                f"--out {quoted(typed)}: give a .dot, .{', .'.join(RENDER_FORMATS)} file"
            )
    check_outputs(args.out, args.force, inputs=[args.dictionary])
    lexicon = lexicon_from_args(args)
    words = lexicon.words[: args.words]
    dot_text = trie_dot(words)
    # a letter beyond ASCII (Spanish "ñ") to a stream that is not UTF-8 (a Latin-1 or ASCII
    # locale) is escaped as GraphViz reads it, as other commands escape what they print:
    # an error stopped the graph, or Latin-1 bytes made a graph GraphViz reads as UTF-8
    escape_unwritable()
    if args.dot:
        sys.stdout.write((dot_text if writes_utf_8(sys.stdout) else ascii_dot(dot_text)) + "\n")
    for typed in args.out:
        if Path(typed).suffix.lower() == ".dot":
            write_atomic(typed, (dot_text + "\n").encode())
        else:
            render_dot(dot_text, typed)
        print(f"wrote {quoted(typed)}", file=sys.stderr)
    if not args.dot and not args.out:
        root = build_trie(words)
        print(
            f"trie of the first {counted(len(words), 'word')} of {quoted(lexicon.name)} "
            f"({words[0]} .. {words[-1]}): {root.count_nodes():,} nodes; "
            "--dot prints it as GraphViz DOT, --out FILE.svg renders it"
        )
    return 0
